"""Comparison rows for what the papers *state* about their figures, checked on our results.

:mod:`imbeval.tables.comparison` compares printed numbers; a figure mostly carries claims
("Precision varies most", "the G-DR cuts lie between the EDR and the min-DR"). Each claim
becomes one row of ``results/paper_comparison.csv`` with the number that decides it (the
claim's *margin*), the threshold it is checked against and, for a run's number, the 95%
interval of the margin (:func:`imbeval.tables.comparison.claim`), so the verdict is
visible beside the evidence.

The rows are built from result files, not from the figure code's output:

- mullick2020 Fig. 2 (``fig2_numbers.csv`` of the theory stage), Figs. 3, 4a, 4b, 5 (the
  experiment's ``indices.csv`` and ``problems.csv``, through the figures' statistics of
  :mod:`imbeval.figures.mullick2020` and their bootstrap replicates) and Fig. 6 (the
  audit's ``fig6.csv`` against Theorems 1-5);
- ortigosa2016 Figs. 2, 3, 4, 7 and eq. 22 behind Fig. 6 (the theory stage's CSVs).

What each claim's words require -- "well above", "drops to 0", "slightly higher", a sign
"for all η" -- is defined once, in :data:`THRESHOLDS`, with the reason for each number;
``docs/claims.md`` is that table written out. :func:`decide` applies it: a run's claim is
*inconclusive* when the interval of its margin contains the threshold.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from imbeval import _bootstrap
from imbeval.audit.core import MULLICK2020_THEOREMS
from imbeval.tables import comparison as cmp
from imbeval.tables import printed as pr

__all__ = ["Threshold", "THRESHOLDS", "decide", "thresholds_markdown", "mullick_fig2_rows",
           "mullick_experiment_rows", "mullick_fig6_rows", "ortigosa_figure_rows",
           "stage_rows"]


# ---------------------------------------------------------------------------------------
# thresholds: the one table of what a claim's words mean (written out as docs/claims.md)
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Threshold:
    """What a claim's words require of its margin.

    ``op`` is ``">"``, ``"<"``, ``"<="`` (the margin against ``value``) or ``"in"`` (the
    margin strictly between the two ends of ``value``); ``reason`` says why this number.
    """

    wording: str
    claims: str
    margin: str
    op: str
    value: float | tuple[float, float]
    reason: str

    @property
    def rule_text(self) -> str:
        """``"> 0"``, ``"in (0, 0.5)"``..."""
        if self.op == "in":
            return f"in ({self.value[0]:g}, {self.value[1]:g})"
        return f"{self.op} {self.value:g}"


#: key -> :class:`Threshold`; every claim row of this module decides through :func:`decide`
THRESHOLDS = {
    "ordering": Threshold(
        "varies most / vary least / vary less than", "mullick2020 Figs. 3, 4a",
        "mean over datasets of the named index's plotted std, minus that of the nearest "
        "competitor (signed so that the claim means a positive margin)", ">", 0.0,
        "An ordering claim: the paper states no minimum gap, so any positive gap orders the "
        "indices. Whether the gap is more than the run's spread is what the interval "
        "decides: a 95% interval containing 0 makes the claim inconclusive."),
    "slightly higher": Threshold(
        "slightly higher", "mullick2020 Fig. 4b",
        "nAUROC-OVA's mean normalised std divided by ACSA's, minus 1 (its relative excess)",
        "in", (0.0, 0.5),
        "\"Slightly\" above: higher (excess > 0), and by less than half of ACSA's own "
        "value; at 50% or more the difference would be a large one, not a slight one."),
    "well above": Threshold(
        "well above", "mullick2020 Fig. 5",
        "the smallest, over the C = max datasets, of min(AUROC-OVA, AUROC-OVO) minus "
        "max(ACSA, nAUROC-OVA) (the indices' minima over classifiers x test sets)",
        ">", 0.05,
        "Five points of a [0, 1] index on every dataset: a gap that stands out at the "
        "scale of Fig. 5's axis (0 to 1), where a difference of one or two points would "
        "look like bars of equal height; \"well\" asks for more than any positive gap."),
    "drops to 0": Threshold(
        "drops to 0", "mullick2020 Fig. 5",
        "the smallest GMean minimum over the C = max datasets", "<=", 0.01,
        "GMean is 0 exactly when one class is never recognised; a mean over runs x folds "
        "is 0 only if that happens on every one, so anything within 0.01 (one class almost "
        "always missed) counts as the collapse the paper shows."),
    "negative": Threshold(
        "negative for all η ≠ 0.5", "ortigosa2016 Figs. 2a, 3, 4a",
        "the largest value of the influence function over |η − 0.5| > 0.02", "<", 1e-3,
        "The paper's influence functions come from numerical integration (NIntegrate); "
        "values within 0.001 of 0 are integration noise, not a sign. Exact: computed by "
        "deterministic quadrature on the paper's stated distributions, no search repeats."),
    "positive": Threshold(
        "positive for all η ≠ 0.5", "ortigosa2016 Figs. 2b, 3, 4c",
        "the smallest value of the influence function over |η − 0.5| > 0.02 (ε ≠ 0)",
        ">", -1e-3, "As for \"negative\", the other side."),
    "at equiprobability": Threshold(
        "lowest at equiprobability", "ortigosa2016 Fig. 3",
        "|η at the minimum − 0.5|", "<=", 0.01,
        "Two steps of the η grid (1/200): the minimum is located to the grid's resolution."),
    "below 0": Threshold(
        "below 0 for ε → 0⁻", "ortigosa2016 Fig. 4",
        "the smallest influence over ε in (−0.1, 0)", "<", 0.0,
        "A strict sign near balance, where the curves are far from 0 (no tolerance needed)."),
    "higher": Threshold(
        "higher for positive ε", "ortigosa2016 Fig. 4",
        "the smallest, over A, G, H, min, of the curve's maximum over ε > 0 minus its "
        "maximum over ε < 0", ">", 0.0, "An ordering claim: any positive gap."),
    "bounded by": Threshold(
        "bounded by the EDR and the min-DR", "ortigosa2016 Fig. 7",
        "the distance of the G-DR and H-DR cuts outside [EDR, min-DR]", "<=", 1e-6,
        "The cuts are optima found by a deterministic search (a 0.01 grid, then "
        "Nelder-Mead to xatol 1e-7, the same from every start: tests/test_claims.py "
        "restarts it), so they are exact to about 1e-7 and need no interval; 1e-6 is "
        "their numerical tolerance."),
    "theorems": Threshold(
        "Theorems 1-5", "mullick2020 Fig. 6",
        "the number of the audit's verdicts that disagree with the theorems", "<=", 0,
        "A theorem admits no exception."),
}

#: sign claims tolerate this much numerical noise in an influence function
SIGN_TOL = THRESHOLDS["negative"].value


def _side(key, value) -> bool:
    t = THRESHOLDS[key]
    if t.op == ">":
        return value > t.value
    if t.op == "<":
        return value < t.value
    if t.op == "<=":
        return value <= t.value
    return t.value[0] < value < t.value[1]


def decide(key: str, value: float, ci=None) -> bool | None:
    """Does a claim hold, by the threshold ``THRESHOLDS[key]``?

    Parameters
    ----------
    key : a key of :data:`THRESHOLDS`.
    value : the claim's margin (the point estimate).
    ci : its 95% interval ``(low, high)`` for a run's number, or None (exact arithmetic).

    Returns
    -------
    True (holds), False (does not hold), or None (*inconclusive*: the interval of the
    margin contains a threshold, so the run cannot tell). The interval taken is the hull
    of ``ci`` and ``value``: a percentile interval need not contain its point estimate,
    and the verdict must not contradict it.

    Examples
    --------
    >>> decide("ordering", 0.02, (0.01, 0.03)), decide("ordering", 0.02, (-0.01, 0.05))
    (True, None)
    >>> decide("ordering", -0.02), decide("slightly higher", 0.2, (0.1, 0.6))
    (False, None)
    """
    if key not in THRESHOLDS:
        raise ValueError(f"key must be one of {sorted(THRESHOLDS)}, got {key!r}")
    if value is None or math.isnan(float(value)):
        raise ValueError(f"value must be a number, got {value!r}")
    low, high = (float(value), float(value)) if ci is None else (
        min(float(ci[0]), float(value)), max(float(ci[1]), float(value)))
    if math.isnan(low) or math.isnan(high):
        low, high = float(value), float(value)
    t = THRESHOLDS[key]
    if t.op == "in":
        # an open band (a, b): holds if the interval lies inside it, does not hold if the
        # two are disjoint, else some numbers of the interval hold and some do not
        a, b = t.value
        if a < low and high < b:
            return True
        if high <= a or low >= b:
            return False
        return None
    ends = {_side(key, low), _side(key, high)}
    return ends.pop() if len(ends) == 1 else None


def thresholds_markdown() -> str:
    """:data:`THRESHOLDS` as the Markdown of ``docs/claims.md`` (tests keep it in sync)."""
    lines = [
        "# Claim thresholds\n\n",
        "<!-- Written from imbeval.tables.claims.THRESHOLDS (tests/test_claims.py checks "
        "that this file is in sync): edit the table in the code, then run\n"
        "     python -c \"from imbeval.tables.claims import thresholds_markdown as t; "
        "open('docs/claims.md', 'w', encoding='utf-8').write(t())\" -->\n\n",
        "What a paper's words require of the number that checks them. A claim about a run's "
        "numbers is decided on the 95% interval of its margin ",
        f"({_bootstrap.METHOD}; for mullick2020's Figs. 3, 4a and 4b the datasets are drawn "
        "too, since those claims are about means over datasets): it **holds** when the whole "
        "interval (with the point estimate) satisfies the rule, **does not hold** when none "
        "of it does, and is **inconclusive** when the interval contains the threshold. A "
        "claim about exact arithmetic (the paper's printed numbers, a deterministic "
        "computation on its stated distributions) is decided on the number alone.\n\n",
        "| words | claims | margin | holds when the margin is | why this threshold |\n",
        "|---|---|---|---|---|\n"]
    for t in THRESHOLDS.values():
        cells = [t.wording, t.claims, t.margin, t.rule_text, t.reason]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |\n")
    return "".join(lines)


FIG3_LABELS = {"gmean2": "GMean", "auroc2": "AUROC", "precision": "Precision",
               "aurpc": "AURPC", "mprecision": "mPrecision", "maurpc": "mAURPC"}
FIG4_LABELS = {"gmean": "GMean", "acsa": "ACSA", "nauroc_ova": "nAUROC-OVA",
               "aurpc_ova": "AURPC-OVA", "maurpc_ova": "mAURPC-OVA",
               "auroc_ova": "AUROC-OVA", "auroc_ovo": "AUROC-OVO"}


# ---------------------------------------------------------------------------------------
# mullick2020
# ---------------------------------------------------------------------------------------

#: Fig. 2 numbers: our quantity (fig2_numbers.csv) -> the key of printed.MULLICK_FIG2
_FIG2_KEYS = {
    "Precision at x = 4, RRT 1": ("Fig. 2c", "Precision at boundary x = 4", "RRT 1"),
    "Precision at x = 4, RRT 10": ("Fig. 2c", "Precision at boundary x = 4", "RRT 10"),
    "AUROC-OVA at 60% mean class accuracy, C = 3":
        ("Fig. 2f", "AUROC-OVA at 60 % per-class accuracy", "C = 3"),
    "AUROC-OVA at 60% mean class accuracy, C = 6":
        ("Fig. 2f", "AUROC-OVA at 60 % per-class accuracy", "C = 6"),
}
_FIG2_SETTING = ("our synthetic sample (two Gaussians, the config's points per class and "
                 "seed) and sweep; the paper's sample and classifier positions are in its "
                 "unavailable supplement")
#: what Fig. 2c's numbers rest on: a sample we draw, not the paper's (no interval: a
#: single seeded sample of 5,000 points per class, compared as "different setting")
_FIG2_SAMPLE = "a seeded synthetic two-Gaussian sample (the theory stage's)"
_FIG2_ERRATA = {
    ("Fig. 2f", "AUROC-OVA at 60 % per-class accuracy", "C = 6"): pr.Erratum(
        "with equal class sizes AUROC-OVA = (1 + a - (1 - a)/(C - 1))/2 exactly: 0.760 at "
        "a = 0.6, C = 6, printed 0.77", 0.76),
}


def mullick_fig2_rows(numbers_csv):
    """Fig. 2c/2f's stated numbers against the theory stage's ``fig2_numbers.csv``."""
    numbers = pd.read_csv(numbers_csv)
    unknown = set(numbers["quantity"]) - set(_FIG2_KEYS)
    if unknown:
        raise ValueError(f"{numbers_csv}: unknown quantities {sorted(unknown)}")
    values = dict(zip(numbers["quantity"], numbers["regenerated"]))
    for quantity, key in _FIG2_KEYS.items():
        printed = pr.MULLICK_FIG2[key]
        if quantity not in values:
            raise ValueError(f"{numbers_csv}: no row for {quantity!r}")
        sampled = key[0] == "Fig. 2c"
        yield cmp.row("mullick2020", *key, printed, values[quantity],
                      erratum=_FIG2_ERRATA.get(key), setting=_FIG2_SETTING if sampled else None,
                      basis=cmp.run_basis(_FIG2_SAMPLE) if sampled else cmp.PRINTED_BASIS)


def _names(indices, labels):
    return ", ".join(labels.get(i, i) for i in indices)


def _span(ci, fmt="+.4f") -> str:
    return f"[{ci[0]:{fmt}}, {ci[1]:{fmt}}]"


def _as_plotted(frame, column):
    """``frame`` with ``column`` as the figure's CSV stores it (``%.10g``, see
    :func:`imbeval._io.write_csv`): the claim's numbers are those a reader recomputes
    from ``fig3.csv`` ... ``fig5.csv``."""
    frame = frame.copy()
    frame[column] = frame[column].map(lambda v: float(f"{v:.10g}"))
    return frame


def _mean_over_problems(reps, seed, kind, normalise=False):
    """Second stage of the bootstrap: the problems drawn with replacement (keyed by
    ``kind``), each with its own first-stage replicate; the mean over the drawn problems
    of each index (``normalise``: divided by the smallest of the drawn, as Fig. 4b)."""
    n_rep, n_prob, _ = reps.shape
    picks = _bootstrap.draw_counts(n_prob, seed, "mullick2020", "problems", kind,
                                   replicates=n_rep).astype(float)
    valid = ~np.isnan(reps)
    total = np.einsum("bp,bpi->bi", picks, np.where(valid, reps, 0.0))
    weight = np.einsum("bp,bpi->bi", picks, valid.astype(float))
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = np.where(weight > 0, total / weight, np.nan)
        if normalise:
            drawn = np.where(picks[:, :, None] > 0, reps, np.nan)
            import warnings

            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)
                mean = mean / np.nanmin(drawn, axis=1)
    return mean


def _experiment_claim(item, text, key, margin, reps, basis, detail):
    """A claim row decided on the interval of its margin (:func:`decide`)."""
    if margin is None or math.isnan(float(margin)):
        # e.g. Fig. 4b's normalisation when an index's std is 0 on a dataset: no number
        return cmp.claim("mullick2020", item, text, math.nan, None, basis=basis,
                         detail=f"{detail} is undefined on this run (0/0), so the claim "
                                "cannot be checked")
    ci = _bootstrap.percentile_interval(reps)
    holds = decide(key, margin, ci)
    detail = (f"{detail} = {margin:+.4f}, 95% interval {_span(ci)}; "
              f"must be {THRESHOLDS[key].rule_text} ({THRESHOLDS[key].wording}, docs/claims.md)")
    return cmp.claim("mullick2020", item, text, margin, holds, detail=detail, basis=basis,
                     ci=ci)


def mullick_experiment_rows(indices, problems, *, seed, basis):
    """The claims of Figs. 3, 4a, 4b and 5 on our experiment, each with the 95% interval of
    its margin.

    Parameters
    ----------
    indices, problems : the experiment's ``indices.csv`` and ``problems.csv`` (paths or
        DataFrames).
    seed : the config's seed (the bootstrap's draws).
    basis : the rows' basis, ``comparison.run_basis(<the run's dataset>)``.

    Returns
    -------
    iterator of claim rows (:func:`imbeval.tables.comparison.claim`).

    The margin of a claim over the means across datasets (Figs. 3, 4a, 4b) is bootstrapped
    in two stages -- the problems drawn with replacement, and within each its (run, fold)
    pairs (:func:`imbeval.figures.mullick2020.replicate_stats`) -- so the interval covers
    both the run-to-run spread and the choice of datasets. Fig. 5's claims are about each
    of our C = max datasets: only the (run, fold) pairs are drawn.
    """
    from imbeval.figures import mullick2020 as fm

    if basis == cmp.PRINTED_BASIS:
        raise ValueError("basis must name the run's dataset (comparison.run_basis)")
    indices = indices if isinstance(indices, pd.DataFrame) else pd.read_csv(indices)
    problems = problems if isinstance(problems, pd.DataFrame) else pd.read_csv(problems)
    setting = "mean over our datasets of the plotted std"
    f3 = _as_plotted(fm.fig3_data(indices, problems), "std_pooled")
    f3 = f3[f3["index"].isin(list(FIG3_LABELS))]
    if not f3.empty:
        m = f3.groupby("index")["std_pooled"].mean()
        order = list(dict.fromkeys(f3["problem"]))
        names = list(FIG3_LABELS)
        reps = _mean_over_problems(
            fm.replicate_stats(indices, order, names, seed, "std_pooled"), seed, "two-class")
        r = {n: reps[:, k] for k, n in enumerate(names)}
        others = m.drop("precision")
        rest_names = [n for n in names if n != "precision"]
        yield _experiment_claim(
            "Fig. 3", "Precision varies most", "ordering", m["precision"] - others.max(),
            r["precision"] - np.nanmax(np.stack([r[n] for n in rest_names]), axis=0), basis,
            f"{setting} ({len(order)} two-class datasets): Precision {m['precision']:.4f} "
            f"minus the largest other ({FIG3_LABELS[others.idxmax()]} {others.max():.4f})")
        low = list(m.sort_values().index)
        rest = m.drop(["gmean2", "auroc2"])
        pair = np.maximum(r["gmean2"], r["auroc2"])
        rest_reps = np.nanmin(np.stack([r[n] for n in rest.index]), axis=0)
        yield _experiment_claim(
            "Fig. 3", "GMean and AUROC vary least", "ordering",
            rest.min() - m[["gmean2", "auroc2"]].max(), rest_reps - pair, basis,
            f"{setting}: the two lowest are {_names(low[:2], FIG3_LABELS)}; smallest other "
            f"({FIG3_LABELS[rest.idxmin()]} {rest.min():.4f}) minus max(GMean, AUROC) "
            f"({m[['gmean2', 'auroc2']].max():.4f})")
        gap = m[["precision", "aurpc"]].min() - m[["mprecision", "maurpc"]].max()
        yield _experiment_claim(
            "Fig. 3", "mPrecision and mAURPC vary less than Precision and AURPC", "ordering",
            gap, np.minimum(r["precision"], r["aurpc"]) - np.maximum(r["mprecision"],
                                                                     r["maurpc"]),
            basis, f"{setting}: min(Precision, AURPC) minus max(mPrecision, mAURPC)")
    f4 = _as_plotted(fm.fig4a_data(indices, problems), "std_pooled")
    f4 = f4[f4["index"].isin(list(FIG4_LABELS))]
    if not f4.empty:
        m = f4.groupby("index")["std_pooled"].mean()
        order = list(dict.fromkeys(f4["problem"]))
        names = [n for n in fm.FIG4A_INDICES if n in m.index]
        reps = _mean_over_problems(
            fm.replicate_stats(indices, order, names, seed, "std_pooled"), seed,
            "multi-class")
        others = m.drop("maurpc_ova")
        other_reps = np.nanmin(np.stack([reps[:, k] for k, n in enumerate(names)
                                         if n != "maurpc_ova"]), axis=0)
        yield _experiment_claim(
            "Fig. 4a", "mAURPC-OVA varies least", "ordering", others.min() - m["maurpc_ova"],
            other_reps - reps[:, names.index("maurpc_ova")], basis,
            f"{setting} ({len(order)} multi-class datasets): smallest other "
            f"({FIG4_LABELS[others.idxmin()]} {others.min():.4f}) minus mAURPC-OVA "
            f"({m['maurpc_ova']:.4f})")
    f4b = _as_plotted(fm.fig4b_data(indices, problems), "normalised_std")
    if not f4b.empty:
        m = f4b.groupby("index")["normalised_std"].mean()
        order = list(dict.fromkeys(f4b["problem"]))
        names = list(fm.FIG4B_INDICES)
        reps = _mean_over_problems(
            fm.replicate_stats(indices, order, names, seed, "std_pooled"), seed,
            "multi-class", normalise=True)
        a, n = reps[:, names.index("acsa")], reps[:, names.index("nauroc_ova")]
        yield _experiment_claim(
            "Fig. 4b", "normalised std of nAUROC-OVA slightly above ACSA's", "slightly higher",
            m["nauroc_ova"] / m["acsa"] - 1, n / a - 1, basis,
            f"mean normalised std: nAUROC-OVA {m['nauroc_ova']:.3f}, ACSA {m['acsa']:.3f}; "
            "nAUROC-OVA's relative excess over ACSA")
    f5 = _as_plotted(fm.fig5_data(indices, problems), "minimum")
    f5 = f5[f5["index"].isin(list(fm.FIG5_INDICES))]
    if not f5.empty:
        c = int(f5["n_classes"].max())
        top = f5[f5["n_classes"] == c].pivot(index="problem", columns="index", values="minimum")
        names = list(fm.FIG5_INDICES)
        reps = fm.replicate_stats(indices, list(top.index), names, seed, "minimum")
        r = {n: reps[:, :, k] for k, n in enumerate(names)}
        gap = top[["auroc_ova", "auroc_ovo"]].min(axis=1) - top[["acsa", "nauroc_ova"]].max(axis=1)
        gap_reps = (np.minimum(r["auroc_ova"], r["auroc_ovo"])
                    - np.maximum(r["acsa"], r["nauroc_ova"])).min(axis=1)
        yield _experiment_claim(
            "Fig. 5", f"on C = {c}, AUROC-OVA/OVO minima well above ACSA and nAUROC-OVA",
            "well above", gap.min(), gap_reps, basis,
            f"min(AUROC-OVA, AUROC-OVO) - max(ACSA, nAUROC-OVA) per C = {c} dataset: "
            + ", ".join(f"{p} {g:+.3f}" for p, g in gap.items()) + "; the smallest")
        g = top["gmean"]
        ci = _bootstrap.percentile_interval(r["gmean"].min(axis=1))
        yield cmp.claim("mullick2020", "Fig. 5", f"GMean drops to 0 on some C = {c} dataset",
                        g.min(), decide("drops to 0", g.min(), ci), printed="0", basis=basis,
                        ci=ci,
                        detail=f"GMean minima on C = {c}: {g.min():.3f} to {g.max():.3f} "
                               f"({', '.join(f'{p} {v:.3f}' for p, v in g.items())}); the "
                               f"lowest {g.min():.3f}, 95% interval {_span(ci, '.3f')}, must "
                               f"be {THRESHOLDS['drops to 0'].rule_text} (docs/claims.md)")


#: Theorems 1-5 as summarised by Fig. 6: index -> (Condition 1, Condition 2, Condition 3);
#: None where the paper states nothing (binary indices have no Conditions 2, 3). Read from
#: the auditor's one table of the theorems (:data:`imbeval.audit.core.MULLICK2020_THEOREMS`).
PAPER_FIG6 = {name: tuple(proved.get(k, (None,))[0] for k in (1, 2, 3))
              for name, proved in MULLICK2020_THEOREMS.items()}
#: What the Fig. 6 rows rest on: the audit's seeded search, not a printed number.
AUDIT_BASIS = cmp.run_basis("the index audit's seeded matrices (theory stage, C = 2-10)")


def mullick_fig6_rows(fig6_csv):
    """Fig. 6a/6b: the audit's verdicts on the mullick2020 indices against Theorems 1-5."""
    audit = pd.read_csv(fig6_csv).set_index("index")
    for panel, conditions in (("Fig. 6a", (0, 1)), ("Fig. 6b", (2,))):
        disagree, checked = [], 0
        for name, expected in PAPER_FIG6.items():
            for k in conditions:
                if expected[k] is None or name not in audit.index:
                    continue
                value = audit.loc[name, f"condition{k + 1}"]
                checked += 1
                if pd.isna(value) or bool(value) != expected[k]:
                    disagree.append(f"{FIG3_LABELS.get(name, FIG4_LABELS.get(name, name))} "
                                    f"Condition {k + 1}")
        claim = ("Theorems 1-4: which indices satisfy Conditions 1 and 2" if panel == "Fig. 6a"
                 else "Theorem 5: GMean violates Condition 3, ACSA and mAURPC-OVA satisfy it")
        yield cmp.claim("mullick2020", panel, claim, len(disagree),
                        decide("theorems", len(disagree)), basis=AUDIT_BASIS,
                        detail=f"the index audit disagrees with the theorems on {len(disagree)} "
                               f"of {checked} verdicts"
                               + (f" ({', '.join(disagree)})" if disagree else ""))


# ---------------------------------------------------------------------------------------
# ortigosa2016
# ---------------------------------------------------------------------------------------


def _series(frame, score, **where):
    part = frame[frame["score"] == score]
    for column, value in where.items():
        part = part[part[column] == value]
    return part


def ortigosa_figure_rows(fig2_csv, fig3_csv, fig4_csv, ssup_csv, fig7_csv):
    """The statements of Section 3.3 and the appendix about Figs. 2, 3, 4, 6 and 7."""
    paper = "ortigosa2016"
    f2 = pd.read_csv(fig2_csv)
    off = lambda d, col="eta": d[(d[col] - 0.5).abs() > 0.02]  # noqa: E731
    for reading in sorted(set(f2.loc[f2["score"] == "P1", "reading"])):
        p1 = off(_series(f2, "P1", reading=reading))
        worst = p1["influence"].max()
        yield cmp.claim(paper, "Fig. 2a", f"I(P¹) negative for all η ≠ 0.5 ({reading} reading)",
                        worst, decide("negative", worst),
                        detail=f"max of I(P¹) over |η − 0.5| > 0.02 is {worst:+.3f} "
                               f"(at η = {p1.loc[p1['influence'].idxmax(), 'eta']:.3f}); "
                               "must be < 0.001")
    r1 = _series(f2, "R1")
    minority, majority = r1[r1["eta"] < 0.48], r1[r1["eta"] > 0.52]
    ok = (decide("positive", minority["influence"].min())
          and decide("negative", majority["influence"].max()))
    yield cmp.claim(paper, "Fig. 2b", "I(R¹) positive when c₁ is the minority, negative otherwise",
                    minority["influence"].min(), ok,
                    detail=f"min over η < 0.48: {minority['influence'].min():+.3f}; max over "
                           f"η > 0.52: {majority['influence'].max():+.3f}")

    f3 = pd.read_csv(fig3_csv)
    for score, sign in (("Acc", -1), ("max", -1), ("A", 1), ("G", 1), ("H", 1), ("min", 1)):
        s = off(_series(f3, score))
        extreme = s["influence"].max() if sign < 0 else s["influence"].min()
        holds = decide("negative" if sign < 0 else "positive", extreme)
        word = "negative" if sign < 0 else "positive"
        yield cmp.claim(paper, "Fig. 3", f"I({score}) {word} for all η ≠ 0.5", extreme, holds,
                        detail=f"{'max' if sign < 0 else 'min'} over |η − 0.5| > 0.02: "
                               f"{extreme:+.4f}")
    for score in ("A", "G", "H"):
        s = _series(f3, score)
        at = float(s.loc[s["influence"].idxmin(), "eta"])
        yield cmp.claim(paper, "Fig. 3", f"I({score}) lowest at equiprobability", at,
                        decide("at equiprobability", abs(at - 0.5)),
                        detail=f"minimum at η = {at:.3f}")

    f4 = pd.read_csv(fig4_csv)
    acc = _series(f4, "Acc")
    acc = acc[acc["epsilon"].abs() > 1e-9]
    worst = acc["influence"].max()
    yield cmp.claim(paper, "Fig. 4a", "I(Acc) ≤ 0 for every ε (conclusions of the binary case "
                    "generalise)", worst, decide("negative", worst),
                    detail=f"max I(Acc) = {worst:+.4f} at ε = "
                           f"{acc.loc[acc['influence'].idxmax(), 'epsilon']:+.3f} "
                           "(a bump just left of balance); must be < 0.001")
    for score in ("G", "H", "min"):
        s = _series(f4, score)
        near = s[(s["epsilon"] < 0) & (s["epsilon"] > -0.1)]
        low = near["influence"].min()
        yield cmp.claim(paper, "Fig. 4", f"I({score}) below 0 for ε → 0⁻", low,
                        decide("below 0", low),
                        detail=f"min over ε in (−0.1, 0): {low:+.4f} at ε = "
                               f"{near.loc[near['influence'].idxmin(), 'epsilon']:+.3f}")
    s = _series(f4, "A")
    s = s[s["epsilon"].abs() > 1e-9]
    yield cmp.claim(paper, "Fig. 4c", "I(A) positive for every ε ≠ 0", s["influence"].min(),
                    decide("positive", s["influence"].min()),
                    detail=f"min I(A) = {s['influence'].min():+.4f}")
    # "achieving a high value ... for multi-minority problems is far more difficult than
    # for multi-majority; I is always higher for positive values of ε": read as the
    # positive side of each curve reaching higher than its negative side
    gaps = {}
    for score in ("A", "G", "H", "min"):
        s = _series(f4, score)
        gaps[score] = (s.loc[s["epsilon"] > 0, "influence"].max()
                       - s.loc[s["epsilon"] < 0, "influence"].max())
    worst = min(gaps.values())
    yield cmp.claim(paper, "Fig. 4", "I higher for positive ε (multi-minority) than for negative "
                    "ε (A, G, H, min)", worst, decide("higher", worst),
                    detail="max over ε > 0 minus max over ε < 0: "
                           + ", ".join(f"{n} {v:+.3f}" for n, v in gaps.items()))

    ssup = pd.read_csv(ssup_csv)
    for k in sorted(set(ssup["K"])):
        at1 = ssup[(ssup["K"] == k) & (ssup["p"] == 1)]
        if at1.empty:
            continue
        printed_value = float(at1["S_sup_eq22_as_printed"].iloc[0])
        ours = float(at1["S_sup"].iloc[0])
        yield cmp.row(paper, "eq. 22 (Fig. 6)", "S_sup^p at p = 1 by eq. 22 as printed",
                      f"K = {k}", f"{printed_value:g}", ours,
                      erratum=pr.Erratum(
                          f"eq. 22 as printed, (K^p + K^(p-1) + 1)^(1/p), gives {printed_value:g} "
                          f"at K = {k}, p = 1 -- above 1, impossible for a mean of recalls; the "
                          f"stated extreme case gives (K^-(p+1) + (K-1)/K)^(1/p) = {ours:.4f}, "
                          "which is what Fig. 6 plots", ours))

    f7 = pd.read_csv(fig7_csv).set_index("rule")
    tol = THRESHOLDS["bounded by"].value
    for cut in ("cut_1_2", "cut_2_3"):
        lo, hi = sorted((f7.loc["EDR", cut], f7.loc["min-DR", cut]))
        outside = {r: f7.loc[r, cut] for r in ("G-DR", "H-DR")
                   if not lo - tol <= f7.loc[r, cut] <= hi + tol}
        distance = max([max(lo - v, v - hi) for v in outside.values()], default=0.0)
        boundary = "Ω₁|Ω₂" if cut == "cut_1_2" else "Ω₂|Ω₃"
        yield cmp.claim(paper, "Fig. 7",
                        f"G-DR and H-DR limits bounded by the EDR and the min-DR ({boundary})",
                        distance, decide("bounded by", distance),
                        detail=f"[EDR, min-DR] = [{lo:.4f}, {hi:.4f}]; G-DR "
                               f"{f7.loc['G-DR', cut]:.4f}, H-DR {f7.loc['H-DR', cut]:.4f}"
                               + (f"; outside by up to {distance:.4f}" if outside else ""))


def stage_rows(*, fig2_numbers=None, experiment_dir=None, audit_fig6=None,
               ortigosa_dir=None, seed=None, dataset=None):
    """Every row above whose inputs are given (directories hold the figure CSVs).

    ``experiment_dir`` is the experiment's result folder (``indices.csv``,
    ``problems.csv``); its claims need the config's ``seed`` (the bootstrap) and
    ``dataset``, the run's dataset as :func:`imbeval.data.labels.run_dataset` names it.
    """
    rows = []
    if fig2_numbers is not None:
        rows += mullick_fig2_rows(fig2_numbers)
    if experiment_dir is not None:
        if seed is None or not dataset:
            raise ValueError("the experiment's claims need the config's seed and the run's "
                             "dataset")
        d = Path(experiment_dir)
        rows += mullick_experiment_rows(d / "indices.csv", d / "problems.csv", seed=seed,
                                        basis=cmp.run_basis(dataset))
    if audit_fig6 is not None:
        rows += mullick_fig6_rows(audit_fig6)
    if ortigosa_dir is not None:
        d = Path(ortigosa_dir)
        rows += ortigosa_figure_rows(d / "fig2.csv", d / "fig3.csv", d / "fig4.csv",
                                     d / "ssup_table.csv", d / "fig7.csv")
    return rows
