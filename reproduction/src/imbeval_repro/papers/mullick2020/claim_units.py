"""The unit values of mullick2020's experiment claims, and each claim's margin made from them.

Every experiment claim (:mod:`imbeval_repro.papers.mullick2020.claims`) is decided on an
:class:`imbeval.inference.Estimate` built from a short list of *units*: the numbers its
interval is computed from. They are made here, in one form for every claim, and the claim's
estimate is computed from them and nothing else -- so the units shipped with a run (the
reference results' ``units.csv``) are enough to recompute every claim's interval and p-value
(:func:`estimate_from_units`; ``tests/unit/test_reference.py`` does it on the shipped files).

Types of unit (column ``unit_type``):

``contrast``
    one problem's difference of two indices' plotted stds (Figs. 3 and 4a, Section 5.3):
    ``part`` = ``"a - b"``, ``value``, ``family`` (the problem's independent unit: its
    concepts joined by ``+``, a KEEL family), ``undefined`` (which of the two indices is
    undefined on some value of the problem, or empty). The margin: the smallest over the
    contrasts of the mean over problems (:func:`imbeval.inference.problems_estimate`,
    :func:`imbeval.inference.minimum_of`).
``log_ratio``
    Fig. 4b: one problem's log ratio of two indices' plotted stds (``part`` =
    ``"log(a / b)"``); the margin is the exponential of their mean, minus 1 (the geometric
    mean ratio's relative excess), its interval the mean's moved through the same map.
``cell``
    Fig. 5's "well above": one fold value of an index on a (classifier, test set) ``cell``
    of a problem with ``classes`` classes (``run``, ``fold``), the cell's pooled value as
    ``shift``; the margin's interval comes from the identities between the indices
    (:func:`identity_gap_estimate`).
``cell_minimum``
    Fig. 5's "GMean drops to 0" and a user's "stays above 0": one fold value of the index on
    a cell, the cell's pooled value as ``shift``; the margin is the smallest pooled value,
    with the interval of a minimum (:func:`cell_minimum_estimate`).

Every ``cell`` and ``cell_minimum`` interval takes the ``n_test/n_train`` of its rule
(:data:`imbeval_repro.verdicts.claim_rules.THRESHOLDS`' ``test_to_train``).
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from imbeval import inference

__all__ = ["UNIT_COLUMNS", "ordering_units", "ordering_estimate", "log_ratio_units", "log_ratio_estimate",
           "identity_coefficients", "identity_slope", "identity_gap_bounds", "identity_gap_estimate",
           "IDENTITY_GAP_METHOD", "cell_minimum_estimate", "rule_test_to_train",
           "equivalence_units", "cell_units", "estimate_from_units", "family_of", "units_frame",
           "recompute_claims", "UNDEFINED_RULE_OVER_PROBLEMS"]

#: the columns of a units table (``units.csv``; ``claim`` = the row's item and statement)
UNIT_COLUMNS = ["item", "claim", "rule", "unit_type", "part", "problem", "family", "classes",
                "cell", "run", "fold", "value", "undefined", "shift", "low", "high"]

_ORDERING_METHOD = ("; the smallest of {k} contrasts (low end: each contrast's interval; "
                    "high end: Bonferroni)")


def family_of(concepts) -> str:
    """A problem's concepts as one text (``a+b``), as units store them.

    >>> family_of({"b", "a"})
    'a+b'
    """
    return "+".join(sorted(map(str, concepts)))


def _concepts(units: pd.DataFrame) -> dict:
    return {str(p): set(str(f).split("+")) for p, f in zip(units["problem"], units["family"])}


def ordering_units(per_problem: pd.DataFrame, concepts: dict, pairs, undefined=None,
                   highest=None) -> list:
    """The ``contrast`` units of an ordering: per ``(a, b)`` of ``pairs`` and problem (row
    of ``per_problem``, columns the indices), ``a - b``; ``undefined`` is
    :func:`imbeval_repro.papers.mullick2020.claims.undefined_folds_of`'s mapping; ``highest``
    maps an index to the largest value its statistic can take (a std of a [0, 1] index: 0.5),
    so that a contrast lies in ``[-highest[b], highest[a]]`` (``low``, ``high``; unbounded
    when unknown)."""
    undefined = undefined or {}
    highest = highest or {}
    # a problem is left out of every contrast of the row when any index of the row is
    # undefined on it: every number of the row is then over the same problems
    names = list(dict.fromkeys(n for pair in pairs for n in pair))
    out = []
    for a, b in pairs:
        low, high = -float(highest.get(b, np.inf)), float(highest.get(a, np.inf))
        for p, row in per_problem.iterrows():
            why = [f"{name} on {k} of {n} values of {p}" for name in names
                   for q, (k, n) in undefined.get(name, {}).items() if q == p]
            out.append({"unit_type": "contrast", "part": f"{a} - {b}", "problem": str(p),
                        "family": family_of(concepts[p]), "value": float(row[a] - row[b]),
                        "undefined": "; ".join(why), "low": low, "high": high})
    return out


def equivalence_units(per_problem: pd.DataFrame, concepts: dict, pairs, delta: float,
                      undefined=None, highest=None) -> list:
    """The ``contrast`` units of a near-equality within ``delta``: per ``(a, b)`` of
    ``pairs``, the two one-sided contrasts ``delta - (a - b)`` and ``delta + (a - b)`` per
    problem (parts ``"<delta> - (a - b)"``, ``"<delta> + (a - b)"``), ends bounded as
    :func:`ordering_units` bounds ``a - b``; their smallest mean is the margin."""
    out = []
    for u in ordering_units(per_problem, concepts, pairs, undefined, highest):
        a_b = u["part"]
        for sign, name in ((-1, "-"), (1, "+")):
            ends = sorted((delta + sign * u["low"], delta + sign * u["high"]))
            out.append({**u, "part": f"{delta:g} {name} ({a_b})",
                        "value": delta + sign * u["value"], "low": ends[0], "high": ends[1]})
    return out


def _defined(units: pd.DataFrame) -> tuple[pd.DataFrame, list]:
    """The units whose indices are defined on every run value of their problem, and the
    problems left out (UNDEFINED_RULE_OVER_PROBLEMS)."""
    bad = units["undefined"].map(lambda t: isinstance(t, str) and bool(t))
    return units[~bad], sorted(set(units.loc[bad, "problem"].astype(str)))


#: a number over problems leaves out the problems on which an index it uses is undefined on
#: some run value -- a whole CV run in which a classifier never predicts a class (Precision
#: 0/0 on the run's summed matrix), so no estimator of the run defines it -- and names them:
#: its target is the mean over the problems where every index is defined. (A mean of the
#: defined values of such a problem would be yet another target; leaving the whole claim
#: undecided would leave it undecided on every large collection.)
UNDEFINED_RULE_OVER_PROBLEMS = ("left out: the problems on which an index of the contrast is "
                                "undefined on some run value")


def _left_out_text(left_out) -> str:
    if not left_out:
        return ""
    shown = ", ".join(left_out[:8]) + (f", ... ({len(left_out)} in all)" if len(left_out) > 8
                                       else "")
    return f"; {UNDEFINED_RULE_OVER_PROBLEMS} ({shown})"


def ordering_estimate(units: pd.DataFrame) -> inference.Estimate:
    """The margin of an ordering from its ``contrast`` units (see the module docstring);
    a unit whose indices are undefined on some run value of its problem is left out, and the
    method names the problems (:data:`UNDEFINED_RULE_OVER_PROBLEMS`)."""
    contrasts, left_out = [], set()
    for _, part in units.groupby("part", sort=False):
        kept, dropped = _defined(part)
        left_out.update(dropped)
        values = dict(zip(kept["problem"].astype(str), kept["value"].astype(float)))
        contrasts.append(inference.problems_estimate(values, _concepts(kept)))
    method = contrasts[0].method + _left_out_text(sorted(left_out))
    if len(contrasts) > 1:
        # an intersection of claims (every contrast positive): their smallest; its low end
        # needs no multiplicity (intersection-union), its high end is Bonferroni
        method += _ORDERING_METHOD.format(k=len(contrasts))
    # the smallest contrast lies between the smallest of the contrasts' lowest and highest
    # possible values: its interval is clipped to that range (a difference of two stds of
    # [0, 1] indices to [-0.5, 0.5]), and the method says so
    lows = pd.to_numeric(units.get("low", pd.Series(dtype=float)), errors="coerce")
    highs = pd.to_numeric(units.get("high", pd.Series(dtype=float)), errors="coerce")
    low = float(lows.groupby(units["part"]).min().min()) if lows.notna().any() else -np.inf
    high = float(highs.groupby(units["part"]).min().min()) if highs.notna().any() else np.inf
    if math.isfinite(low) or math.isfinite(high):
        method += f"; ends clipped to [{low:g}, {high:g}], what the margin can be"
    return inference.minimum_of(contrasts, method=method, low=low, high=high)


def log_ratio_units(per_problem: pd.DataFrame, concepts: dict, a: str, b: str,
                    undefined_text: dict) -> list:
    """Fig. 4b's units: per problem (row of ``per_problem``) ``log(a / b)`` of the two
    indices' plotted stds, undefined (named) where either index is undefined on some run
    value of the problem (``undefined_text``) or a std is 0 (no log)."""
    out = []
    for p, row in per_problem.iterrows():
        why = undefined_text.get(p, "")
        va, vb = float(row[a]), float(row[b])
        if not why and not (va > 0 and vb > 0):
            why = f"a std of 0 on {p} ({a} {va:g}, {b} {vb:g}): no log ratio"
        value = math.log(va / vb) if va > 0 and vb > 0 else math.nan
        out.append({"unit_type": "log_ratio", "part": f"log({a} / {b})", "problem": str(p),
                    "family": family_of(concepts[p]), "value": value, "undefined": why})
    return out


_LOG_RATIO_METHOD = ("; the geometric mean ratio minus 1: each dataset's log ratio the unit, "
                     "the mean's interval mapped through exp(.) - 1")


def log_ratio_estimate(units: pd.DataFrame) -> inference.Estimate:
    """Fig. 4b's margin from its ``log_ratio`` units: ``exp(mean log ratio) - 1`` with the
    mean's interval over problems (:func:`imbeval.inference.problems_estimate`) mapped
    through the same increasing function.

    Examples
    --------
    >>> u = pd.DataFrame({"unit_type": "log_ratio", "part": "log(a / b)", "undefined": "",
    ...                   "problem": list("pqrs"), "family": list("pqrs"),
    ...                   "value": np.log([1.1, 1.2, 1.3, 1.2])})
    >>> e = log_ratio_estimate(u)
    >>> round(e.value, 4), e.undecidable      # (1.1 * 1.2 * 1.3 * 1.2) ** (1/4) - 1; 4 units
    (0.1979, '4 independent units (problems that share classes are one), at least 10 needed')
    """
    from imbeval.inference._cells import BoundedEstimate

    kept, left_out = _defined(units)
    values = dict(zip(kept["problem"].astype(str), kept["value"].astype(float)))
    base = inference.problems_estimate(values, _concepts(kept))

    def bounds(level):
        low, high = base.interval_at(level)
        return math.expm1(low), math.expm1(high)

    return BoundedEstimate(math.expm1(base.value),
                           base.method + _LOG_RATIO_METHOD + _left_out_text(left_out),
                           base.units, base.undecidable, bounds=bounds,
                           method_kind=base.method_kind, reason=base.reason)


def cell_units(x: np.ndarray, pooled: np.ndarray, cells, problem: str, names, *,
               classes: int | None = None, unit_type: str = "cell") -> list:
    """Fig. 5's ``cell`` (or ``cell_minimum``) units of one problem with ``classes``
    classes: ``x`` (fold values) and ``pooled`` as
    :func:`imbeval_repro.papers.mullick2020.experiment.cell_fold_values` returns them (NaN kept:
    an undefined fold value is a unit too), for the first ``len(names)`` indices."""
    out = []
    runs, folds = x.shape[:2]
    for j, name in enumerate(names):
        for k, (classifier, scheme) in enumerate(cells):
            for r in range(runs):
                for f in range(folds):
                    out.append({"unit_type": unit_type, "part": name, "problem": str(problem),
                                "classes": classes,
                                "cell": f"{classifier}|{scheme}", "run": r, "fold": f,
                                "value": float(x[r, f, k, j]),
                                "shift": float(pooled[k, j])})
    return out


def _cell_folds(cell: pd.DataFrame) -> np.ndarray:
    """One cell's fold values (runs x folds) from its units."""
    return (cell.pivot(index="run", columns="fold", values="value")
            .sort_index().sort_index(axis=1).to_numpy(dtype=float))


def _cell_estimates(units: pd.DataFrame, test_to_train=None) -> dict:
    """``{(problem, index): [Estimate per cell]}`` from ``cell`` units, as the claims make
    them: a cell's fold values (runs x folds) with its pooled value
    (:func:`imbeval.inference.pooled_cv_estimate` at ``test_to_train``)."""
    out: dict = {}
    for (p, name), part in units.groupby(["problem", "part"], sort=False):
        cells = []
        for _, cell in part.groupby("cell", sort=False):
            x = _cell_folds(cell)
            if not np.isfinite(x).any():
                continue
            cells.append(inference.pooled_cv_estimate(x, float(cell["shift"].iloc[0]),
                                                      test_to_train=test_to_train))
        out[(str(p), str(name))] = cells
    return out


def rule_test_to_train(rule):
    """The ``n_test/n_train`` a claim rule's cells take (None: the decision rule's,
    :data:`imbeval.inference.DECISION_TEST_TO_TRAIN`)."""
    from imbeval_repro.verdicts.claim_rules import THRESHOLDS

    return THRESHOLDS[rule].test_to_train if rule in THRESHOLDS else None


def _units_ratio(units: pd.DataFrame):
    rule = str(units["rule"].iloc[0]) if "rule" in units.columns and len(units) else None
    return rule_test_to_train(rule)


def identity_coefficients(classes: int) -> tuple[float, float, float]:
    """``(a, b, lam)`` of mullick2020's identities at C = ``classes``: AUROC-OVO = a ACSA + b
    on every confusion matrix (Lemma 2: a = C/(2(C - 1)), b = (C - 2)/(2(C - 1))) and
    nAUROC-OVA = (AUROC-OVA - lam)/(1 - lam), lam = (C - 2)/(2C).

    >>> np.allclose(identity_coefficients(15), (15 / 28, 13 / 28, 13 / 30))
    True
    """
    c = int(classes)
    if c < 3:
        raise ValueError(f"the identities are those of C >= 3 classes, got {classes!r}")
    return c / (2 * (c - 1)), (c - 2) / (2 * (c - 1)), (c - 2) / (2 * c)


def identity_slope(classes: int) -> float:
    """Fig. 5's gap per unit of (1 - the smallest cell ACSA) when AUROC-OVA equals AUROC-OVO:
    k a = (C - 2)C/(2(C - 1)(C + 2)) (:func:`identity_gap_bounds`).

    >>> round(identity_slope(15), 4)                  # (13/17)(15/28)
    0.4097
    """
    a, _, lam = identity_coefficients(classes)
    return lam / (1 - lam) * a


def identity_gap_bounds(classes: int, acsa_min: float, delta: float) -> tuple[float, float]:
    """The range of Fig. 5's gap, min(min AUROC-OVA, min AUROC-OVO) - max(min ACSA,
    min nAUROC-OVA) over a problem's cells, when the smallest cell ACSA is ``acsa_min`` and
    no cell's AUROC-OVA and AUROC-OVO differ by more than ``delta``.

    With the identities (:func:`identity_coefficients`) and k = lam/(1 - lam): min AUROC-OVO
    = a acsa_min + b exactly and min AUROC-OVA is within ``delta`` of it, so with
    u = 1 - acsa_min the four differences are b u (exact), at least b u - delta, at least
    k (a u - delta) and at least k a u - delta/(1 - lam); at most b u and at most
    k a u + delta/(1 - lam). The gap lies in [min(b u - delta, k a u - delta/(1 - lam)),
    min(b u, k a u + delta/(1 - lam))].

    >>> lo, hi = identity_gap_bounds(15, 0.7278, 0.0)
    >>> round(lo, 4), round(hi, 4)                 # (13/17)(15/28)(1 - 0.7278)
    (0.1115, 0.1115)
    """
    _, b, lam = identity_coefficients(classes)
    slope = identity_slope(classes)
    u = 1.0 - float(acsa_min)
    d = abs(float(delta))
    return min(b * u - d, slope * u - d / (1 - lam)), min(b * u, slope * u + d / (1 - lam))


def _identity_parts(units: pd.DataFrame, ratio) -> dict:
    """``{problem: (classes, ACSA cells, AUROC-OVA - AUROC-OVO cells)}`` of ``cell`` units."""
    parts = {}
    for p, sub in units.groupby(units["problem"].astype(str), sort=False):
        classes = int(pd.to_numeric(sub["classes"]).iloc[0])
        acsa, diff = [], []
        for _, cell in sub.groupby("cell", sort=False):
            by = {str(n): part for n, part in cell.groupby("part")}
            shift = {n: float(part["shift"].iloc[0]) for n, part in by.items()}
            acsa.append(inference.pooled_cv_estimate(_cell_folds(by["acsa"]), shift["acsa"],
                                                     test_to_train=ratio))
            xd = _cell_folds(by["auroc_ova"]) - _cell_folds(by["auroc_ovo"])
            diff.append(inference.pooled_cv_estimate(
                xd, shift["auroc_ova"] - shift["auroc_ovo"], test_to_train=ratio))
        parts[p] = (classes, acsa, diff)
    return parts


def identity_gap_estimate(units: pd.DataFrame, value: float) -> inference.Estimate:
    """Fig. 5's "well above" margin -- the smallest over the problems of the gap of
    :func:`identity_gap_bounds` -- from its ``cell`` units (ACSA, AUROC-OVA and AUROC-OVO
    fold values and each problem's ``classes``); ``value`` is the margin computed from the
    cells' pooled values.

    The interval at ``1 - alpha``, each end missing with probability at most ``alpha/2``,
    from the cells' corrected intervals (:func:`imbeval.inference.pooled_cv_estimate` at the
    rule's ``n_test/n_train``) of ACSA and of the difference AUROC-OVA - AUROC-OVO:

    - low end: the smallest over problems of the gap's lower bound at an upper bound of the
      smallest cell ACSA (the smallest of the cells' one-sided high ends at ``alpha/(4K)``,
      Bonferroni over the ``K`` cells) and at an upper bound of the largest |difference|
      (the largest of the cells' two-sided ends at ``alpha/4``: only the largest cell can
      make it miss). It misses only if one of the two misses at the problem whose gap is
      the margin.
    - high end: the smallest over problems of the gap's upper bound at a lower bound of the
      smallest ACSA (the smallest cell low end: only the true minimum's cell can miss) and
      the same bound of the difference, each at ``alpha/(4S)`` (Bonferroni over the ``S``
      problems, whose minimum is taken).

    Undecidable where an ACSA cell is (tied or undefined folds, too few folds, a constant
    cell that could be the minimum). The difference is a nuisance of size 1e-4 bounded by
    its interval: it is exactly 0 on a class-balanced test set, so tied zeros are the
    identity there, not a learner at a floor, and only its undefined folds count.
    """
    from imbeval.inference._cells import BoundedEstimate, _undecided, constant_cells

    parts = _identity_parts(units, _units_ratio(units))
    n_sets = len(parts)

    def largest_abs(cells, level):
        e = np.array([c.interval_at(level) for c in cells], dtype=float)
        return float(np.abs(e).max()) if np.isfinite(e).all() else math.nan

    def smallest_end(cells, level, end):
        e = np.array([c.interval_at(level)[end] for c in cells], dtype=float)
        return float(e.min()) if np.isfinite(e).all() else math.nan

    def bounds(level):
        alpha = 1 - level
        lows, highs = [], []
        for classes, acsa, diff in parts.values():
            k = len(acsa)
            lows.append(identity_gap_bounds(classes, smallest_end(acsa, 1 - alpha / (2 * k), 1),
                                            largest_abs(diff, 1 - alpha / 4))[0])
            highs.append(identity_gap_bounds(
                classes, smallest_end(acsa, 1 - alpha / (2 * n_sets), 0),
                largest_abs(diff, 1 - alpha / (4 * n_sets)))[1])
        if not all(math.isfinite(v) for v in (*lows, *highs)):
            return math.nan, math.nan
        return max(min(lows), -1.0), min(min(highs), 1.0)

    acsa_cells = [c for _, acsa, _ in parts.values() for c in acsa]
    flat = [c for _, acsa, _ in parts.values() for c in constant_cells(acsa, high=1.0)]
    why, reason = _undecided(acsa_cells, flat, len(acsa_cells))
    undefined = [c for _, _, diff in parts.values() for c in diff
                 if c.reason is inference.Reason.UNDEFINED_FOLDS]
    if why is None and undefined:
        why, reason = undefined[0].undecidable, undefined[0].reason
    first = acsa_cells[0].method if acsa_cells else ""
    method = (f"{IDENTITY_GAP_METHOD} ({len(acsa_cells)} cells of {n_sets} dataset"
              f"{'s' if n_sets != 1 else ''}); each cell: {first}")
    return BoundedEstimate(float(value), method, min((c.units for c in acsa_cells), default=0),
                           why, components=tuple(acsa_cells), bounds=bounds,
                           method_kind=inference.Method.GAP, reason=reason)


#: how Fig. 5's "well above" interval is made (:func:`identity_gap_estimate`)
IDENTITY_GAP_METHOD = (
    "the gap from the exact identities AUROC-OVO = a ACSA + b (mullick2020 Lemma 2) and "
    "nAUROC-OVA = (AUROC-OVA - lam)/(1 - lam): bounded by the smallest cell ACSA and the "
    "largest cell AUROC-OVA - AUROC-OVO, each end Bonferroni over what can make it miss")


def cell_minimum_estimate(units: pd.DataFrame) -> inference.Estimate:
    """The smallest pooled cell value over the problems of ``cell_minimum`` units, with the
    interval of a minimum (:func:`imbeval.inference.minimum_of`; each cell
    :func:`imbeval.inference.pooled_cv_estimate` at the rule's ``n_test/n_train``), clipped
    to [0, 1]."""
    flat = [c for cells in _cell_estimates(units, _units_ratio(units)).values() for c in cells]
    if not flat:
        return inference.Estimate(math.nan, inference.METHODS[inference.Method.SIMULTANEOUS],
                                  0, "no defined fold value", method_kind=inference.Method.MINIMUM,
                                  reason=inference.Reason.UNDEFINED_NUMBER)
    return inference.minimum_of(flat, low=0.0, high=1.0)


def estimate_from_units(units: pd.DataFrame, value: float | None = None) -> inference.Estimate:
    """One claim's margin recomputed from its units (one ``unit_type`` per claim); ``value`` is
    the margin of a ``cell`` claim (the others carry theirs in their units).

    Examples
    --------
    >>> u = pd.DataFrame({"unit_type": "contrast", "part": "a - b", "undefined": "",
    ...                   "problem": [f"p{k}" for k in range(10)],
    ...                   "family": [f"f{k}" for k in range(10)],
    ...                   "value": [0.01 * k for k in range(10)]})
    >>> e = estimate_from_units(u)
    >>> round(e.value, 4), [round(v, 4) for v in e.interval()]
    (0.045, [0.0233, 0.0667])
    """
    kinds = set(units["unit_type"])
    if len(kinds) != 1:
        raise ValueError(f"a claim's units have one kind, got {sorted(kinds)}")
    kind = kinds.pop()
    if kind == "contrast":
        return ordering_estimate(units)
    if kind == "log_ratio":
        return log_ratio_estimate(units)
    if kind == "cell_minimum":
        return cell_minimum_estimate(units)
    if kind == "cell":
        if value is None or math.isnan(float(value)):
            raise ValueError("a 'cell' claim needs its margin (value)")
        classes = pd.to_numeric(units.get("classes", pd.Series(dtype=float)), errors="coerce")
        if not (len(classes) and classes.notna().all()):
            raise ValueError("'cell' units need their dataset's number of classes (column "
                             "'classes'), which the identities of Fig. 5's interval take")
        return identity_gap_estimate(units, float(value))
    raise ValueError(f"unknown unit kind {kind!r}")


def units_frame(rows) -> pd.DataFrame:
    """The units of claim rows (each row's ``units``, the ``rule`` its THRESHOLDS key) as
    one table with :data:`UNIT_COLUMNS`, in the rows' order."""
    return pd.DataFrame([u for r in rows for u in r.get("units", ())], columns=UNIT_COLUMNS)


def recompute_claims(claims: pd.DataFrame, units: pd.DataFrame) -> pd.DataFrame:
    """Every claim of ``claims`` (a ``claims.csv``) that has units, decided again from
    ``units`` (its ``claim_units.csv``) alone: its margin, 95% interval, p-value, verdict,
    and the Holm-adjusted p-value within its item's family.

    Returns
    -------
    DataFrame ``item, claim, rule`` with the recomputed ``regenerated, ci_low, ci_high,
    p_value, holds, adjusted_p`` -- to set beside the shipped row (``tests/unit/test_reference.py``).
    """
    from imbeval_repro.verdicts.claim_rules import judge

    out = []
    for (item, claim), part in units.groupby(["item", "claim"], sort=False):
        shipped = claims[(claims["item"] == item) & (claims["row"] == claim)]
        if len(shipped) != 1:
            raise ValueError(f"units of {item}: {claim!r} match {len(shipped)} claim rows")
        rule = str(part["rule"].iloc[0])
        estimate = estimate_from_units(part, float(shipped["regenerated"].iloc[0]))
        j = judge(rule, estimate)
        out.append({"item": item, "claim": claim, "rule": rule,
                    "regenerated": float(estimate.value), "ci_low": j.ci[0],
                    "ci_high": j.ci[1], "p_value": j.p_value, "holds": j.verdict})
    table = pd.DataFrame(out)
    if table.empty:
        return table.assign(adjusted_p=[])
    # Holm within the item's family, over the rows that have a p-value (as the verdict table)
    adjusted = pd.Series(np.nan, index=table.index)
    for _, family in table.groupby("item", sort=False):
        decided = family["p_value"].notna()
        if decided.any():
            _, adj = inference.holm(family.loc[decided, "p_value"].to_numpy())
            adjusted.loc[family.index[decided]] = adj
    return table.assign(adjusted_p=adjusted)
