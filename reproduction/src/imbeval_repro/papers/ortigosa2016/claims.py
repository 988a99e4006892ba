"""ortigosa2016's statements about its Figs. 2, 3, 4, 6 and 7, checked on the theory
stage's CSVs.

Every number here is exact arithmetic or a deterministic computation on the paper's stated
distributions (quadrature, a deterministic search): the claims are decided on the number
alone, by :func:`imbeval_repro.verdicts.claim_rules.decide` with the thresholds of
:data:`imbeval_repro.verdicts.claim_rules.THRESHOLDS`. The sign claims ("negative", "positive")
apply their numerical tolerance of ±0.001 in the strict direction
(:func:`imbeval_repro.verdicts.claim_rules.decide_sign`): a sign holds only beyond it, and a margin
within ±0.001 of 0 is inconclusive ("not decided"), never counted as the sign; each row
says so.
"""

from __future__ import annotations

import pandas as pd

from imbeval_repro import verdicts as cmp
from imbeval_repro.verdicts.errata import Erratum
from imbeval_repro.verdicts.claim_rules import SIGN_TOL, THRESHOLDS, decide, decide_sign

__all__ = ["ortigosa_figure_rows"]



#: what a sign row says of its rule (the strict direction of the tolerance)
_STRICT = (f"holds only beyond ±{SIGN_TOL:g} on the claimed side; within ±{SIGN_TOL:g} of 0 "
           "(integration noise) not decided")


def _sign_detail(verdict):
    return ("; within the tolerance: not decided" if verdict is None else "") + f" ({_STRICT})"


def _both(a, b):
    """Two verdicts that must both hold: False if either fails, None if either is
    undecided, else True."""
    if a is False or b is False:
        return False
    return None if a is None or b is None else True


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
        verdict = decide_sign("negative", worst)
        yield cmp.claim(paper, "Fig. 2a", f"I(P¹) negative for all η ≠ 0.5 ({reading} reading)",
                        worst, verdict,
                        detail=f"max of I(P¹) over |η − 0.5| > 0.02 is {worst:+.3f} "
                               f"(at η = {p1.loc[p1['influence'].idxmax(), 'eta']:.3f}); "
                               f"must be < −{SIGN_TOL:g}" + _sign_detail(verdict))
    r1 = _series(f2, "R1")
    minority, majority = r1[r1["eta"] < 0.48], r1[r1["eta"] > 0.52]
    ok = _both(decide_sign("positive", minority["influence"].min()),
               decide_sign("negative", majority["influence"].max()))
    yield cmp.claim(paper, "Fig. 2b", "I(R¹) positive when c₁ is the minority, negative otherwise",
                    minority["influence"].min(), ok,
                    detail=f"min over η < 0.48: {minority['influence'].min():+.3f}; max over "
                           f"η > 0.52: {majority['influence'].max():+.3f}" + _sign_detail(ok))

    f3 = pd.read_csv(fig3_csv)
    for score, sign in (("Acc", -1), ("max", -1), ("A", 1), ("G", 1), ("H", 1), ("min", 1)):
        s = off(_series(f3, score))
        extreme = s["influence"].max() if sign < 0 else s["influence"].min()
        holds = decide_sign("negative" if sign < 0 else "positive", extreme)
        word = "negative" if sign < 0 else "positive"
        yield cmp.claim(paper, "Fig. 3", f"I({score}) {word} for all η ≠ 0.5", extreme, holds,
                        detail=f"{'max' if sign < 0 else 'min'} over |η − 0.5| > 0.02: "
                               f"{extreme:+.4f}" + _sign_detail(holds))
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
    verdict = decide_sign("negative", worst)
    yield cmp.claim(paper, "Fig. 4a", "I(Acc) ≤ 0 for every ε (conclusions of the binary case "
                    "generalise)", worst, verdict,
                    detail=f"max I(Acc) = {worst:+.4f} at ε = "
                           f"{acc.loc[acc['influence'].idxmax(), 'epsilon']:+.3f} "
                           f"(a bump just left of balance); must be < −{SIGN_TOL:g}"
                           + _sign_detail(verdict))
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
    verdict = decide_sign("positive", s["influence"].min())
    yield cmp.claim(paper, "Fig. 4c", "I(A) positive for every ε ≠ 0", s["influence"].min(),
                    verdict, detail=f"min I(A) = {s['influence'].min():+.4f}; must be > "
                                    f"+{SIGN_TOL:g}" + _sign_detail(verdict))
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
                      erratum=Erratum(
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
