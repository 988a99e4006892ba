"""Comparison rows for what the papers *state* about their figures, checked on our results.

:mod:`imbeval.tables.comparison` compares printed numbers; a figure mostly carries claims
("Precision varies most", "the G-DR cuts lie between the EDR and the min-DR"). Each claim
becomes one row of ``results/paper_comparison.csv`` with the number that decides it and
the threshold it is checked against (:func:`imbeval.tables.comparison.claim`), so the
verdict is visible beside the evidence.

The rows are built from the CSV files behind the figures (the data() of each figure), not
from the figure code, so this module needs nothing but the result files:

- mullick2020 Fig. 2 (``fig2_numbers.csv`` of the theory stage), Figs. 3, 4a, 4b, 5 (the
  experiment's ``fig3.csv`` ... ``fig5.csv``; the statistic plotted is ``std_pooled``) and
  Fig. 6 (the audit's ``fig6.csv`` against Theorems 1-5);
- ortigosa2016 Figs. 2, 3, 4, 7 and eq. 22 behind Fig. 6 (the theory stage's CSVs).

Thresholds are what a reader of the paper would accept: a sign claim ("negative for all
η ≠ 0.5") is checked at the resolution of the grid with a tolerance of 1e-3 (the paper's
NIntegrate is not more precise than that), an ordering claim on the means over datasets.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from imbeval.tables import comparison as cmp
from imbeval.tables import printed as pr

__all__ = ["mullick_fig2_rows", "mullick_experiment_rows", "mullick_fig6_rows",
           "ortigosa_figure_rows", "stage_rows"]

#: sign claims tolerate this much numerical noise in an influence function
SIGN_TOL = 1e-3

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
        yield cmp.row("mullick2020", *key, printed, values[quantity],
                      erratum=_FIG2_ERRATA.get(key),
                      setting=_FIG2_SETTING if key[0] == "Fig. 2c" else None)


def _mean_by_index(data, stat="std_pooled"):
    return data.groupby("index")[stat].mean()


def _names(indices, labels):
    return ", ".join(labels.get(i, i) for i in indices)


def mullick_experiment_rows(fig3_csv, fig4a_csv, fig4b_csv, fig5_csv):
    """The claims of Figs. 3, 4a, 4b and 5 on our experiment (the plotted statistic)."""
    paper, setting = "mullick2020", "means over our datasets of the plotted std"
    f3 = pd.read_csv(fig3_csv)
    if not f3.empty:
        m = _mean_by_index(f3)
        others = m.drop("precision")
        yield cmp.claim(paper, "Fig. 3", "Precision varies most", m["precision"] - others.max(),
                        m["precision"] > others.max(),
                        detail=f"{setting}: Precision {m['precision']:.4f} minus the largest "
                               f"other ({FIG3_LABELS[others.idxmax()]} {others.max():.4f}) "
                               "must be > 0")
        low = list(m.sort_values().index)
        rest = m.drop(["gmean2", "auroc2"])
        gap = rest.min() - m[["gmean2", "auroc2"]].max()
        yield cmp.claim(paper, "Fig. 3", "GMean and AUROC vary least", gap, gap > 0,
                        detail=f"{setting}: the two lowest are {_names(low[:2], FIG3_LABELS)}; "
                               f"smallest other ({FIG3_LABELS[rest.idxmin()]} {rest.min():.4f}) "
                               f"minus max(GMean, AUROC) ({m[['gmean2', 'auroc2']].max():.4f}) "
                               "must be > 0")
        gap = m[["precision", "aurpc"]].min() - m[["mprecision", "maurpc"]].max()
        yield cmp.claim(paper, "Fig. 3",
                        "mPrecision and mAURPC vary less than Precision and AURPC", gap, gap > 0,
                        detail=f"{setting}: min(Precision, AURPC) minus max(mPrecision, mAURPC) "
                               f"= {gap:+.4f}, must be > 0")
    f4 = pd.read_csv(fig4a_csv)
    if not f4.empty:
        m = _mean_by_index(f4)
        others = m.drop("maurpc_ova")
        gap = others.min() - m["maurpc_ova"]
        yield cmp.claim(paper, "Fig. 4a", "mAURPC-OVA varies least", gap, gap > 0,
                        detail=f"{setting}: smallest other ({FIG4_LABELS[others.idxmin()]} "
                               f"{others.min():.4f}) minus mAURPC-OVA ({m['maurpc_ova']:.4f}) "
                               "must be > 0")
    f4b = pd.read_csv(fig4b_csv)
    if not f4b.empty:
        m = _mean_by_index(f4b, "normalised_std")
        gap = m["nauroc_ova"] - m["acsa"]
        # "slightly higher": above ACSA's, by less than half of ACSA's own value
        holds = 0 < gap < 0.5 * m["acsa"]
        yield cmp.claim(paper, "Fig. 4b", "normalised std of nAUROC-OVA slightly above ACSA's",
                        gap, holds,
                        detail=f"mean normalised std: nAUROC-OVA {m['nauroc_ova']:.3f}, ACSA "
                               f"{m['acsa']:.3f}; the difference must lie in (0, ACSA/2)")
    f5 = pd.read_csv(fig5_csv)
    if not f5.empty:
        c = int(f5["n_classes"].max())
        top = f5[f5["n_classes"] == c].pivot(index="problem", columns="index", values="minimum")
        gap = top[["auroc_ova", "auroc_ovo"]].min(axis=1) - top[["acsa", "nauroc_ova"]].max(axis=1)
        yield cmp.claim(paper, "Fig. 5",
                        f"on C = {c}, AUROC-OVA/OVO minima well above ACSA and nAUROC-OVA",
                        gap.min(), bool((gap > 0.05).all()),
                        detail=f"min(AUROC-OVA, AUROC-OVO) - max(ACSA, nAUROC-OVA) per C = {c} "
                               "dataset: " + ", ".join(f"{p} {g:+.3f}" for p, g in gap.items())
                               + "; each must exceed 0.05")
        g = top["gmean"]
        yield cmp.claim(paper, "Fig. 5", f"GMean drops to 0 on some C = {c} dataset",
                        g.min(), bool(g.min() <= 0.01), printed="0",
                        detail=f"GMean minima on C = {c}: {g.min():.3f} to {g.max():.3f} "
                               f"({', '.join(f'{p} {v:.3f}' for p, v in g.items())}); "
                               "the lowest must be ≤ 0.01")


#: Theorems 1-5 as summarised by Fig. 6: index -> (Condition 1, Condition 2, Condition 3);
#: None where the paper states nothing (binary indices have no Conditions 2, 3).
PAPER_FIG6 = {
    "gmean2": (True, None, None), "auroc2": (True, None, None),
    "precision": (False, None, None), "aurpc": (False, None, None),
    "mprecision": (True, None, None), "maurpc": (True, None, None),
    # Theorems 3-4: of the multi-class indices only GMean, ACSA and mAURPC-OVA satisfy
    # both Conditions 1 and 2; Theorem 5: GMean violates Condition 3, ACSA and mAURPC-OVA
    # satisfy it.
    "gmean": (True, True, False), "acsa": (True, True, True),
    "maurpc_ova": (True, True, True),
}


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
        yield cmp.claim("mullick2020", panel, claim, len(disagree), not disagree,
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
                        worst, worst < SIGN_TOL,
                        detail=f"max of I(P¹) over |η − 0.5| > 0.02 is {worst:+.3f} "
                               f"(at η = {p1.loc[p1['influence'].idxmax(), 'eta']:.3f}); "
                               "must be < 0.001")
    r1 = _series(f2, "R1")
    minority, majority = r1[r1["eta"] < 0.48], r1[r1["eta"] > 0.52]
    ok = minority["influence"].min() > -SIGN_TOL and majority["influence"].max() < SIGN_TOL
    yield cmp.claim(paper, "Fig. 2b", "I(R¹) positive when c₁ is the minority, negative otherwise",
                    minority["influence"].min(), ok,
                    detail=f"min over η < 0.48: {minority['influence'].min():+.3f}; max over "
                           f"η > 0.52: {majority['influence'].max():+.3f}")

    f3 = pd.read_csv(fig3_csv)
    for score, sign in (("Acc", -1), ("max", -1), ("A", 1), ("G", 1), ("H", 1), ("min", 1)):
        s = off(_series(f3, score))
        extreme = s["influence"].max() if sign < 0 else s["influence"].min()
        holds = extreme < SIGN_TOL if sign < 0 else extreme > -SIGN_TOL
        word = "negative" if sign < 0 else "positive"
        yield cmp.claim(paper, "Fig. 3", f"I({score}) {word} for all η ≠ 0.5", extreme, holds,
                        detail=f"{'max' if sign < 0 else 'min'} over |η − 0.5| > 0.02: "
                               f"{extreme:+.4f}")
    for score in ("A", "G", "H"):
        s = _series(f3, score)
        at = float(s.loc[s["influence"].idxmin(), "eta"])
        yield cmp.claim(paper, "Fig. 3", f"I({score}) lowest at equiprobability", at,
                        abs(at - 0.5) <= 0.01, detail=f"minimum at η = {at:.3f}")

    f4 = pd.read_csv(fig4_csv)
    acc = _series(f4, "Acc")
    acc = acc[acc["epsilon"].abs() > 1e-9]
    worst = acc["influence"].max()
    yield cmp.claim(paper, "Fig. 4a", "I(Acc) ≤ 0 for every ε (conclusions of the binary case "
                    "generalise)", worst, worst < SIGN_TOL,
                    detail=f"max I(Acc) = {worst:+.4f} at ε = "
                           f"{acc.loc[acc['influence'].idxmax(), 'epsilon']:+.3f} "
                           "(a bump just left of balance); must be < 0.001")
    for score in ("G", "H", "min"):
        s = _series(f4, score)
        near = s[(s["epsilon"] < 0) & (s["epsilon"] > -0.1)]
        low = near["influence"].min()
        yield cmp.claim(paper, "Fig. 4", f"I({score}) below 0 for ε → 0⁻", low, low < 0,
                        detail=f"min over ε in (−0.1, 0): {low:+.4f} at ε = "
                               f"{near.loc[near['influence'].idxmin(), 'epsilon']:+.3f}")
    s = _series(f4, "A")
    s = s[s["epsilon"].abs() > 1e-9]
    yield cmp.claim(paper, "Fig. 4c", "I(A) positive for every ε ≠ 0", s["influence"].min(),
                    s["influence"].min() > -SIGN_TOL,
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
                    "ε (A, G, H, min)", worst, worst > 0,
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
    for cut in ("cut_1_2", "cut_2_3"):
        lo, hi = sorted((f7.loc["EDR", cut], f7.loc["min-DR", cut]))
        outside = {r: f7.loc[r, cut] for r in ("G-DR", "H-DR")
                   if not lo - 1e-6 <= f7.loc[r, cut] <= hi + 1e-6}
        distance = max([max(lo - v, v - hi) for v in outside.values()], default=0.0)
        boundary = "Ω₁|Ω₂" if cut == "cut_1_2" else "Ω₂|Ω₃"
        yield cmp.claim(paper, "Fig. 7",
                        f"G-DR and H-DR limits bounded by the EDR and the min-DR ({boundary})",
                        distance, not outside,
                        detail=f"[EDR, min-DR] = [{lo:.4f}, {hi:.4f}]; G-DR "
                               f"{f7.loc['G-DR', cut]:.4f}, H-DR {f7.loc['H-DR', cut]:.4f}"
                               + (f"; outside by up to {distance:.4f}" if outside else ""))


def stage_rows(*, fig2_numbers=None, experiment_dir=None, audit_fig6=None,
               ortigosa_dir=None):
    """Every row above whose inputs are given (directories hold the figure CSVs)."""
    rows = []
    if fig2_numbers is not None:
        rows += mullick_fig2_rows(fig2_numbers)
    if experiment_dir is not None:
        d = Path(experiment_dir)
        rows += mullick_experiment_rows(d / "fig3.csv", d / "fig4a.csv", d / "fig4b.csv",
                                        d / "fig5.csv")
    if audit_fig6 is not None:
        rows += mullick_fig6_rows(audit_fig6)
    if ortigosa_dir is not None:
        d = Path(ortigosa_dir)
        rows += ortigosa_figure_rows(d / "fig2.csv", d / "fig3.csv", d / "fig4.csv",
                                     d / "ssup_table.csv", d / "fig7.csv")
    return rows
