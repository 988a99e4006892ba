"""The unit values of mullick2020's experiment claims, and each claim's margin made from them.

Every experiment claim (:mod:`imbeval.tables.claims_mullick2020`) is decided on an
:class:`imbeval.inference.Estimate` built from a short list of *units*: the numbers its
interval is computed from. They are made here, in one form for every claim, and the claim's
estimate is computed from them and nothing else -- so the units shipped with a run (the
reference results' ``units.csv``) are enough to recompute every claim's interval and p-value
(:func:`estimate_from_units`; ``tests/unit/test_reference.py`` does it on the shipped files).

Kinds of unit (column ``kind``):

``contrast``
    one problem's difference of two indices' plotted stds (Figs. 3 and 4a, Section 5.3):
    ``part`` = ``"a - b"``, ``value``, ``family`` (the problem's independent unit: its
    concepts joined by ``+``, a KEEL family), ``undefined`` (which of the two indices is
    undefined on some value of the problem, or empty). The margin: the smallest over the
    contrasts of the mean over problems (:func:`imbeval.inference.problems_estimate`,
    :func:`imbeval.inference.minimum_of`).
``linearised``
    Fig. 4b: one problem's linearised ratio (the delta method); the margin is their mean's
    interval moved to the ratio (``shift``).
``cell``
    Fig. 5's "well above": one fold value of an index on a (classifier, test set) ``cell``
    of a problem (``run``, ``fold``), the cell's pooled value as ``shift``; each cell is
    :func:`imbeval.inference.pooled_cv_estimate` of its fold values and the margin
    :func:`fig5_gap`'s.
``share``
    Fig. 5's "GMean drops to 0": a cell's ``count`` of exact zeros among ``n`` fold values;
    the margin is :func:`imbeval.inference._shares.largest_share`'s.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pandas as pd

from imbeval import inference
from imbeval.inference._shares import SHARE_METHOD, largest_share

__all__ = ["UNIT_COLUMNS", "ordering_units", "ordering_estimate", "linearised_units",
           "linearised_estimate", "cell_units", "cell_estimate", "share_units",
           "share_estimate", "estimate_from_units", "fig5_gap", "family_of", "units_frame",
           "recompute_claims", "UNDEFINED_RULE_OVER_PROBLEMS"]

#: the columns of a units table (``units.csv``; ``claim`` = the row's item and statement)
UNIT_COLUMNS = ["item", "claim", "rule", "kind", "part", "problem", "family", "cell", "run",
                "fold", "value", "count", "n", "undefined", "shift", "low", "high"]

_ORDERING_METHOD = ("; the smallest of {k} contrasts (low end: each contrast's interval; "
                    "high end: Bonferroni)")
_RATIO_METHOD = "; the ratio linearised (delta method), the normalising minima held fixed"


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
    :func:`imbeval.tables.claims_mullick2020.undefined_folds_of`'s mapping; ``highest``
    maps an index to the largest value its statistic can take (a std of a [0, 1] index: 0.5),
    so that a contrast lies in ``[-highest[b], highest[a]]`` (``low``, ``high``; unbounded
    when unknown)."""
    undefined = undefined or {}
    highest = highest or {}
    out = []
    for a, b in pairs:
        low, high = -float(highest.get(b, np.inf)), float(highest.get(a, np.inf))
        for p, row in per_problem.iterrows():
            why = [f"{name} on {k} of {n} values of {p}" for name in dict.fromkeys((a, b))
                   for q, (k, n) in undefined.get(name, {}).items() if q == p]
            out.append({"kind": "contrast", "part": f"{a} - {b}", "problem": str(p),
                        "family": family_of(concepts[p]), "value": float(row[a] - row[b]),
                        "undefined": "; ".join(why), "low": low, "high": high})
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


def linearised_units(lin: dict, concepts: dict, undefined_text: dict, margin: float) -> list:
    """Fig. 4b's units: per problem its linearised ratio, the margin as ``shift``."""
    return [{"kind": "linearised", "part": "nauroc_ova / acsa - 1", "problem": str(p),
             "family": family_of(concepts[p]), "value": float(v),
             "undefined": undefined_text.get(p, ""), "shift": float(margin)}
            for p, v in lin.items()]


def linearised_estimate(units: pd.DataFrame) -> inference.Estimate:
    """Fig. 4b's margin from its ``linearised`` units."""
    kept, left_out = _defined(units)
    values = dict(zip(kept["problem"].astype(str), kept["value"].astype(float)))
    base = inference.problems_estimate(values, _concepts(kept))
    return base.shifted(float(units["shift"].iloc[0]),
                        base.method + _RATIO_METHOD + _left_out_text(left_out))


def cell_units(x: np.ndarray, pooled: np.ndarray, cells, problem: str, names) -> list:
    """Fig. 5's ``cell`` units of one problem: ``x`` (fold values) and ``pooled`` as
    :func:`imbeval.tables.mullick2020_experiment.cell_fold_values` returns them (NaN kept:
    an undefined fold value is a unit too), for the first ``len(names)`` indices."""
    out = []
    runs, folds = x.shape[:2]
    for j, name in enumerate(names):
        for k, (classifier, scheme) in enumerate(cells):
            for r in range(runs):
                for f in range(folds):
                    out.append({"kind": "cell", "part": name, "problem": str(problem),
                                "cell": f"{classifier}|{scheme}", "run": r, "fold": f,
                                "value": float(x[r, f, k, j]),
                                "shift": float(pooled[k, j])})
    return out


def _cell_estimates(units: pd.DataFrame) -> dict:
    """``{(problem, index): [Estimate per cell]}`` from ``cell`` units, as the claims make
    them: a cell's fold values (runs x folds) with its pooled value
    (:func:`imbeval.inference.pooled_cv_estimate`)."""
    out: dict = {}
    for (p, name), part in units.groupby(["problem", "part"], sort=False):
        cells = []
        for _, cell in part.groupby("cell", sort=False):
            x = (cell.pivot(index="run", columns="fold", values="value")
                 .sort_index().sort_index(axis=1).to_numpy(dtype=float))
            if not np.isfinite(x).any():
                continue
            cells.append(inference.pooled_cv_estimate(x, float(cell["shift"].iloc[0])))
        out[(str(p), str(name))] = cells
    return out


def fig5_gap(cells: dict, problems, value: float) -> inference.Estimate:
    """Fig. 5's "well above" margin, min over problems of min(AUROC minima) - max(ACSA,
    nAUROC minima), with :func:`imbeval.inference.gap_interval`: the margin is a minimum
    over (problem, AUROC, normalised index) terms of one minimum of cells minus another,
    and each end of its interval takes only the cells that can make it miss."""
    ups = {(p, n): cells[(p, n)] for p in problems for n in ("auroc_ova", "auroc_ovo")}
    downs = {(p, n): cells[(p, n)] for p in problems for n in ("acsa", "nauroc_ova")}
    terms = [((p, a), (p, b)) for p in problems for a in ("auroc_ova", "auroc_ovo")
             for b in ("acsa", "nauroc_ova")]
    # a difference of two [0, 1] indices lies in [-1, 1]; a cell at 1 on every fold is
    # its group's minimum only if every cell is
    return inference.gap_interval(ups, downs, terms, value, low=-1.0, high=1.0, cell_high=1.0)


def cell_estimate(units: pd.DataFrame, value: float) -> inference.Estimate:
    """Fig. 5's "well above" margin from its ``cell`` units; ``value`` the margin."""
    problems = list(dict.fromkeys(units["problem"].astype(str)))
    return fig5_gap(_cell_estimates(units), problems, value)


def share_units(counts: dict) -> list:
    """Fig. 5's ``share`` units: ``counts[(problem, cell)] = (zeros, defined, undefined)``
    (fold values of the cell exactly 0, defined, undefined)."""
    out = []
    for (p, c), (z, n, u) in counts.items():
        why = (f"undefined on {int(u)} of {int(n) + int(u)} folds of {c} on {p}" if u else "")
        out.append({"kind": "share", "part": "gmean", "problem": str(p), "cell": str(c),
                    "count": int(z), "n": int(n), "value": z / n if n else math.nan,
                    "undefined": why})
    return out


def share_estimate(units: pd.DataFrame) -> inference.Estimate:
    """Fig. 5's "GMean drops to 0" margin from its ``share`` units; undecidable when a cell
    has an undefined fold value (a share of the defined folds is another target, as a mean
    is: :data:`imbeval.inference.UNDEFINED_FOLDS_RULE`)."""
    defined = units[units["n"].astype(int) > 0]
    if defined.empty:
        return inference.Estimate(math.nan, SHARE_METHOD, 0, "no defined fold value",
                                  method_kind=inference.Method.LARGEST_SHARE,
                                  reason=inference.Reason.UNDEFINED_FOLDS)
    estimate = largest_share(list(zip(defined["count"].astype(int), defined["n"].astype(int))))
    texts = [t for t in units.get("undefined", pd.Series(dtype=object))
             if isinstance(t, str) and t]
    if texts:
        estimate = replace(estimate, undecidable="; ".join(texts) + " (a share of the "
                           "defined folds is another target)",
                           reason=inference.Reason.UNDEFINED_FOLDS)
    return estimate


def estimate_from_units(units: pd.DataFrame, value: float | None = None) -> inference.Estimate:
    """One claim's margin recomputed from its units (one ``kind`` per claim); ``value`` is
    the margin of a ``cell`` claim (the others carry theirs in their units).

    Examples
    --------
    >>> u = pd.DataFrame(share_units({("p", "c|1"): (0, 25, 0), ("p", "c|2"): (25, 25, 0)}))
    >>> e = estimate_from_units(u)
    >>> e.value, [round(v, 4) for v in e.interval()]
    (1.0, [0.8392, 1.0])
    """
    kinds = set(units["kind"])
    if len(kinds) != 1:
        raise ValueError(f"a claim's units have one kind, got {sorted(kinds)}")
    kind = kinds.pop()
    if kind == "contrast":
        return ordering_estimate(units)
    if kind == "linearised":
        return linearised_estimate(units)
    if kind == "share":
        return share_estimate(units)
    if kind == "cell":
        if value is None or math.isnan(float(value)):
            raise ValueError("a 'cell' claim needs its margin (value)")
        return cell_estimate(units, float(value))
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
    from imbeval.tables.claim_rules import judge

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
    # Holm within the item's family, over the rows that have a p-value (as the comparison)
    adjusted = pd.Series(np.nan, index=table.index)
    for _, family in table.groupby("item", sort=False):
        decided = family["p_value"].notna()
        if decided.any():
            _, adj = inference.holm(family.loc[decided, "p_value"].to_numpy())
            adjusted.loc[family.index[decided]] = adj
    return table.assign(adjusted_p=adjusted)
