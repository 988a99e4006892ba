"""What a paper's words require of the number that checks them, and the decision rule.

:data:`THRESHOLDS` is the one table of what a claim's words mean ("well above", "slightly
higher", a sign "for all η"), with the reason for each number; ``docs/claims.md`` is that
table written out (:func:`thresholds_markdown`, kept in sync by the tests), with the Methods
section that says how each run's interval is made (:mod:`imbeval.inference`).

:func:`decide` applies a threshold to a margin and its interval: *holds* when the whole
interval (with the point estimate) satisfies the rule, *does not hold* when none of it does,
*inconclusive* otherwise -- and inconclusive when there is no interval to judge with.
:func:`judge` does the same on an :class:`imbeval.inference.Estimate`, and adds the
decision's p-value, which :func:`imbeval_repro.verdicts.adjust` adjusts by Holm within
the family of the figure's or table's decisions. The claim rows of each paper live in
:mod:`imbeval_repro.papers.mullick2020.claims`, :mod:`imbeval_repro.papers.ortigosa2016.claims` and
:mod:`imbeval_repro.papers.mortaz2020.claims` (and the grid's selection claims in
:mod:`imbeval_repro.papers.mortaz2020.tables`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from imbeval import inference

__all__ = ["Threshold", "THRESHOLDS", "CLOSELY_FOLLOW", "FIG5_TEST_TO_TRAIN", "SIGN_TOL", "AGREEMENT_TOLERANCE", "decide", "decide_sign",
           "Judgement", "judge",
           "thresholds_markdown", "methods_markdown"]


# ---------------------------------------------------------------------------------------
# thresholds: the one table of what a claim's words mean (written out as docs/claims.md)
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Threshold:
    """What a claim's words require of its margin.

    ``op`` is ``">"``, ``"<"``, ``"<="`` (the margin against ``value``) or ``"in"`` (the
    margin strictly between the two ends of ``value``); ``reason`` says why this number;
    ``test_to_train`` the ratio of the corrected CV intervals the margin is decided with,
    where its setting measured one (its evidence: :data:`FIG5_TEST_TO_TRAIN`).
    """

    wording: str
    claims: str
    margin: str
    op: str
    value: float | tuple[float, float]
    reason: str
    #: the n_test/n_train of the cells' corrected intervals where the setting calibrated its
    #: own (None: :data:`imbeval.inference.DECISION_TEST_TO_TRAIN`)
    test_to_train: float | None = None

    @property
    def rule_text(self) -> str:
        """``"> 0"``, ``"in (0, 0.5)"``..."""
        if self.op == "in":
            return f"in ({self.value[0]:g}, {self.value[1]:g})"
        return f"{self.op} {self.value:g}"


#: how far apart two indices' mean stds may be to "closely follow" each other (mullick2020
#: Fig. 3; the evidence is in THRESHOLDS["closely follow"].reason)
CLOSELY_FOLLOW = 0.01

#: n_test/n_train of mullick2020 Fig. 5's cell intervals. A coverage simulation matched to
#: movement_libras and led7digit with the pipeline's four tuned learners on 5 x 5 CV
#: (``benchmarks/fig5_ratio_coverage.py``, benchmarks/results/fig5_ratio/) covered the
#: expected CV value 98-100 % at 1 in every (setting, learner); the smallest ratio above
#: every unbiased ratio's bootstrap upper end (the largest, Dual-LexiBoost on led7, 0.50
#: [0.31, 0.73]). Nadeau-Bengio's 0.25 covered 87 % there, 0.5 93 %; 2, the decision rule's
#: from two-class data and untuned learners, is 1.4 times as wide as 1 and covered 100 %.
FIG5_TEST_TO_TRAIN = 1.0

#: key -> :class:`Threshold`; every claim row of this module decides through :func:`decide`
THRESHOLDS = {
    "ordering": Threshold(
        "varies most / vary least / vary less than", "mullick2020 Figs. 3, 4a",
        "mean over datasets of the named index's plotted std, minus that of the nearest "
        "competitor (signed so that the claim means a positive margin), every mean over the "
        "same datasets; decided on the RRT reading (the std over the five test sets within "
        "each classifier, averaged over the classifiers), the literal reading (the std over "
        "the 20 classifier x test set cells) shown beside it", ">", 0.0,
        "An ordering claim: the paper states no minimum gap, so any positive gap orders the "
        "indices. Whether the gap is more than the run's uncertainty is what the interval "
        "decides: an interval containing 0 makes the claim inconclusive. The paper's "
        "argument is about the test sets (\"the highest variability over the test sets for "
        "a given training set\"): the literal reading adds the spread between classifiers, "
        "97-98 % of GMean's and AUROC's pooled variance on the KEEL reference, so it cannot "
        "speak for RRT."),
    "closely follow": Threshold(
        "closely follow", "mullick2020 Fig. 3",
        f"{CLOSELY_FOLLOW:g} minus the largest |mean over datasets of the std of mPrecision "
        "or mAURPC minus that of GMean or AUROC| (two one-sided tests per pair, an "
        "intersection-union test over the pairs)", ">", 0.0,
        f"A near-equality, not an ordering: within {CLOSELY_FOLLOW:g} of each other. An "
        "index that satisfies Condition 1 varies over the RRT test sets only by the test "
        "sets' resampling noise, 0.0065-0.0098 (mean over the KEEL reference's two-class "
        "data sets of the RRT-reading std of GMean, AUROC, mPrecision and mAURPC), while "
        "Precision and AURPC exceed them by 0.08-0.16: one point of a [0, 1] index, the size "
        "of that noise floor, is a difference no reader of Fig. 3 could see."),
    "slightly higher": Threshold(
        "slightly higher", "mullick2020 Fig. 4b",
        "the geometric mean over datasets of nAUROC-OVA's std divided by ACSA's, minus 1 "
        "(its relative excess; each dataset's log ratio is the unit), on both readings",
        "in", (0.0, 0.5),
        "\"Slightly\" above: higher (excess > 0), and by less than half of ACSA's own "
        "value; at 50% or more the difference would be a large one, not a slight one. The "
        "paper's normalisation (each index's std divided by its smallest value over the "
        "datasets) makes the target a ratio of two sample minima, both of one dataset on the "
        "KEEL reference (dermatology; without it the normalised excess moves from +0.007 to "
        "-0.224): a per-dataset log ratio is free of the scale without it."),
    "well above": Threshold(
        "well above", "mullick2020 Fig. 5",
        "the smallest, over the datasets with C >= 10 classes (the paper's \"ten-class\" "
        "sets), of min(AUROC-OVA, AUROC-OVO) minus max(ACSA, nAUROC-OVA) (the indices' minima "
        "over classifiers x test sets), its interval from the exact identities AUROC-OVO = "
        "C/(2(C-1)) ACSA + (C-2)/(2(C-1)) (Lemma 2) and nAUROC-OVA = (AUROC-OVA - "
        "(C-2)/(2C))/(1 - (C-2)/(2C)) with the cells' intervals of ACSA and of AUROC-OVA - "
        "AUROC-OVO", ">", 0.05,
        "Five points of a [0, 1] index on every dataset: a gap that stands out at the "
        "scale of Fig. 5's axis (0 to 1), where a difference of one or two points would "
        "look like bars of equal height; \"well\" asks for more than any positive gap. "
        "By the identities the gap is (C-2)C/(2(C-1)(C+2)) (1 - the smallest cell's ACSA) "
        "up to the AUROC-OVA/OVO difference, so at C = 15 it exceeds 0.05 exactly when the "
        "worst cell's ACSA is below about 0.88.", test_to_train=FIG5_TEST_TO_TRAIN),
    "drops to 0": Threshold(
        "drops to 0", "mullick2020 Fig. 5",
        "GMean's lowest cell value (the pooled value of a classifier x test set cell, as "
        "Fig. 5 plots it) over the datasets with C >= 10 classes", "<", 0.05,
        "The paper's bar is GMean's lowest cell mean, drawn at 0: within five points of 0 "
        "(the scale at which Fig. 5's bars look alike, as for \"well above\") it reads as "
        "0. Decided on the interval of the minimum of the cells' corrected CV intervals, "
        "which carries the folds' dependence.", test_to_train=FIG5_TEST_TO_TRAIN),
    "stays above 0": Threshold(
        "stays above 0", "mullick2020 Fig. 5, a user's index",
        "the smallest minimum of the user's index over the datasets with C >= 10 classes",
        ">", 0.05,
        "The other side of \"drops to 0\": a lowest cell value more than five points above "
        "0 on every dataset is an index that never shows the collapse the paper draws for "
        "GMean.", test_to_train=FIG5_TEST_TO_TRAIN),
    "negative": Threshold(
        "negative for all η ≠ 0.5", "ortigosa2016 Figs. 2a, 3, 4a",
        "the largest value of the influence function over |η − 0.5| > 0.02", "<", -1e-3,
        "The paper's influence functions come from numerical integration (NIntegrate); "
        "values within 0.001 of 0 are integration noise, not a sign. The tolerance is "
        "applied in the strict direction: the claim holds only below −0.001, does not hold "
        "above +0.001, and a margin within ±0.001 of 0 is not decided (inconclusive). "
        "Exact: computed by deterministic quadrature on the paper's stated distributions, "
        "no search repeats."),
    "positive": Threshold(
        "positive for all η ≠ 0.5", "ortigosa2016 Figs. 2b, 3, 4c",
        "the smallest value of the influence function over |η − 0.5| > 0.02 (ε ≠ 0)",
        ">", 1e-3, "As for \"negative\", the other side: holds only above +0.001, does not "
        "hold below −0.001, not decided within ±0.001."),
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
        "Nelder-Mead to xatol 1e-7, the same from every start: tests/unit/test_claims.py "
        "restarts it), so they are exact to about 1e-7 and need no interval; 1e-6 is "
        "their numerical tolerance."),
    "at most 0.5": Threshold(
        "ACC bottoms out at about 0.5", "mortaz2020 Fig. 1",
        "ACC at the first sweep point where it is at most 0.5", "<=", 0.5,
        "Our sweep runs on to no skill (ACC 1/3 on three balanced classes), past the "
        "paper's low point of about 0.5, so the statement is checked where ACC first "
        "reaches 0.5: the paper's \"about 0.5\" taken at its value."),
    "below zero": Threshold(
        "IAM is below zero (where ACC is about 0.5)", "mortaz2020 Fig. 1",
        "IAM at that sweep point", "<", 0.0,
        "A sign: IAM lies in [-1, 1] and the paper says it is negative there."),
    "at most (exact)": Threshold(
        "IAM ≤ 2 ACC − 1 / IAM ≤ ACC at every point", "mortaz2020 Fig. 1",
        "the largest of IAM − (2 ACC − 1), or of IAM − ACC, over the sweep", "<=", 1e-12,
        "Inequalities that hold for every matrix (IAM = 2 CBA − 1 and CBA ≤ MAR = ACC on "
        "balanced classes): checked on exact arithmetic, 1e-12 is floating-point rounding."),
    "consistent (Spearman)": Threshold(
        "widens from good to bad / consistent with", "mortaz2020 Figs. 1, 3, 4",
        "Spearman's ρ of the two curves over the sweep (or of the gap against the step)",
        ">", 0.9,
        "\"Consistent\" and \"widens\" say that the curves move together (monotone), not "
        "that they are equal: a rank correlation above 0.9 over the 21 points is a curve "
        "that rises (or falls) with the other at nearly every step; decided, as every "
        "Figs. 1-4 statement, on the t interval of the margin over 21 independently seeded "
        "sweeps (Methods, *Synthetic sweeps*)."),
    "nearly flat": Threshold(
        "ACC nearly flat", "mortaz2020 Fig. 2", "ACC's span over the sweep", "<", 0.01,
        "One point of a [0, 1] index over the whole sweep: a flat line at the scale of the "
        "figure's axis (-1 to 1)."),
    "varies where the other does not": Threshold(
        "IAM varies where ACC does not", "mortaz2020 Fig. 2",
        "IAM's span over the sweep divided by ACC's", ">", 10.0,
        "An order of magnitude: ACC's span is under 0.01 (\"nearly flat\"), so IAM moving "
        "ten times as far is a visible change where ACC shows none."),
    "about (printed)": Threshold(
        "about <a printed number>", "mortaz2020 Figs. 2, 3",
        "the distance of our number from the printed one (IAM's span, minimum, maximum)",
        "<=", 0.05,
        "The paper reads these numbers off its curves (\"about 0.32\", \"about −0.75 to "
        "0.75\"); five points of a [-1, 1] index is what reading a plot can promise. Our "
        "sweep runs on to no skill, so these are expected to fail here and the verdict table "
        "files the numbers as a different setting."),
    "wider span": Threshold(
        "IAM's span exceeds ACC's", "mortaz2020 Fig. 3",
        "IAM's span over the sweep divided by ACC's", ">", 1.0,
        "An ordering of two spans: any ratio above 1."),
    "different scale": Threshold(
        "a different scale (IAM against AUC)", "mortaz2020 Fig. 4",
        "IAM's span over the sweep divided by AUC's", ">", 1.5,
        "IAM = 2 CBA − 1 stretches a [0, 1] index to [-1, 1]: a span ratio of 2 on the "
        "same classifier; above 1.5 the scales differ beyond what the sweep's noise moves."),
    "theorems": Threshold(
        "Theorems 1-5", "mullick2020 Fig. 6",
        "the number of the audit's verdicts that disagree with the theorems", "<=", 0,
        "A theorem admits no exception."),
    "almost equivalently": Threshold(
        "performs almost equivalently", "mullick2020 Section 5.5",
        "per dataset with fewer classes than the run's largest C, min(AUROC-OVA, AUROC-OVO) "
        "minimum minus max(ACSA, nAUROC-OVA) minimum (Fig. 5's bars)", "in", (-0.05, 0.05),
        "The paper does not quantify \"almost\": the complement of Fig. 5's \"well above\" "
        "(five points of a [0, 1] index, the scale at which Fig. 5's bars look different), "
        "so within five points either way the bars look alike."),
    "statement": Threshold(
        "a theorem, lemma, result, corollary or conjecture", "mortaz2020 Theorems 1-4, "
        "mullick2020 Lemmas 1-3 and Theorem 5, dembele Results 1-4, Conjecture 1 and "
        "eqs. 34-38, ortigosa2016 Section 4",
        "the number of exceptions found on the stated domain (a counterexample, or a "
        "deviation beyond the row's stated tolerance)", "<=", 0,
        "A mathematical statement admits no exception. The domain (every count matrix up to a "
        "size, a seeded search, or quadrature on the paper's distributions) and the tolerance "
        "of floating-point arithmetic are named in each row's method; an exception is shown "
        "as its counterexample."),
}

#: sign claims tolerate this much numerical noise in an influence function (applied in the
#: strict direction: a sign within it of 0 is not decided, :func:`decide_sign`)
SIGN_TOL = abs(THRESHOLDS["negative"].value)


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
    margin contains a threshold, so the run cannot tell; or ``ci`` has a NaN end: a run's
    number without an interval is never decided on its point estimate; or an end of the
    interval lies exactly on a threshold). The interval taken is the hull of ``ci`` and
    ``value``: an interval need not contain its point estimate, and the verdict must not
    contradict it. Exact arithmetic (``ci`` None) on a threshold is decided by the rule
    (``<= 0`` holds at 0).

    Examples
    --------
    >>> decide("ordering", 0.02, (0.01, 0.03)), decide("ordering", 0.02, (-0.01, 0.05))
    (True, None)
    >>> decide("ordering", -0.02), decide("slightly higher", 0.2, (0.1, 0.6))
    (False, None)
    >>> decide("ordering", 0.02, (float("nan"), float("nan"))) is None
    True
    >>> decide("slightly higher", -0.03, (-0.0577, 0.0)) is None    # ends on the band's edge
    True
    """
    if key not in THRESHOLDS:
        raise ValueError(f"key must be one of {sorted(THRESHOLDS)}, got {key!r}")
    if value is None or math.isnan(float(value)):
        raise ValueError(f"value must be a number, got {value!r}")
    if ci is not None and (ci[0] is None or ci[1] is None
                           or math.isnan(float(ci[0])) or math.isnan(float(ci[1]))):
        # a run's number without an interval cannot be judged: its point estimate is not
        # exact, so treating it as one would decide on noise
        return None
    low, high = (float(value), float(value)) if ci is None else (
        min(float(ci[0]), float(value)), max(float(ci[1]), float(value)))
    t = THRESHOLDS[key]
    if ci is not None and any(e in (t.value if t.op == "in" else (t.value,))
                              for e in (low, high)):
        # an interval that ends exactly on a threshold is a boundary case (an interval
        # clipped to a range, a degenerate estimate): it does not tell which side it is on
        return None
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


def decide_sign(key: str, value: float) -> bool | None:
    """A sign claim (``"negative"`` or ``"positive"``) on exact arithmetic with its
    numerical tolerance :data:`SIGN_TOL` applied in the strict direction: holds only beyond
    the tolerance on the claimed side, does not hold beyond it on the other, and is not
    decided (None) within ``±SIGN_TOL`` of 0 -- noise is never counted as the sign.

    Examples
    --------
    >>> decide_sign("positive", 0.0024), decide_sign("positive", 0.0001)
    (True, None)
    >>> decide_sign("negative", 0.0073), decide_sign("negative", -0.0005)
    (False, None)
    """
    if key not in ("negative", "positive"):
        raise ValueError(f"key must be 'negative' or 'positive', got {key!r}")
    holds = decide(key, value)
    if holds:
        return True
    return None if abs(float(value)) <= SIGN_TOL else False


def thresholds_markdown() -> str:
    """:data:`THRESHOLDS` and the Methods as the Markdown of ``docs/claims.md`` (tests keep
    it in sync)."""
    lines = [
        "# Claim thresholds\n\n",
        "<!-- Written from imbeval_repro.verdicts.claim_rules (THRESHOLDS, METHODS_TEXT; "
        "tests/unit/test_claims.py checks that this file is in sync): edit the code, then run\n"
        "     python -c \"from imbeval_repro.verdicts.claim_rules import thresholds_markdown as t; "
        "open('docs/claims.md', 'w', encoding='utf-8').write(t())\" -->\n\n",
        "What a paper's words require of the number that checks them. A claim about a run's "
        "numbers is decided on the interval of its margin (see *Methods* below for how each "
        "interval is made): it **holds** when the whole interval (with the point estimate) "
        "satisfies the rule, **does not hold** when none of it does, and is **inconclusive** "
        "when the interval contains the threshold, when there is no interval, when the "
        "number rests on too few independent units, or when its p-value after Holm's "
        f"adjustment within its figure's or table's family exceeds {DECISIVE_LEVEL} (the level of a "
        "decisive verdict, *Methods*). A claim about exact "
        "arithmetic (the paper's printed numbers, a deterministic computation on its stated "
        "distributions) is decided on the number alone.\n\n",
        "| words | claims | margin | holds when the margin is | why this threshold |\n",
        "|---|---|---|---|---|\n"]
    for t in THRESHOLDS.values():
        cells = [t.wording, t.claims, t.margin, t.rule_text, t.reason]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |\n")
    lines.append("\n" + methods_markdown())
    return "".join(lines)


#: the level of a decisive verdict (:data:`imbeval.inference.DECISIVE_ALPHA`) as the Methods
#: write it: "0.005" and "0.5%"
DECISIVE_LEVEL = f"{inference.DECISIVE_ALPHA:g}"
DECISIVE_PERCENT = f"{inference.DECISIVE_ALPHA * 100:g}%"

#: the tolerance of an agreement claim (a printed number against a re-run of ours): two
#: points of a [0, 1] index -- what a reader of a table printed to three decimals would
#: still call "the same result" across library versions and partitions
AGREEMENT_TOLERANCE = 0.02


@dataclass(frozen=True)
class Judgement:
    """A verdict on a run's number: ``verdict`` (True / False / None), the ``ci`` it was
    judged with (at :data:`imbeval.inference.LEVEL`), the decision's ``p_value`` (the
    smallest alpha at which the interval makes the verdict; NaN when no decision can be
    made), the interval's ``method`` and, when it cannot be decisive, ``why``; the method
    and the reason as data too (``method_kind``, :class:`imbeval.inference.Method`;
    ``reason``, :class:`imbeval.inference.Reason`)."""

    verdict: bool | None
    ci: tuple[float, float]
    p_value: float
    method: str
    why: str | None = None
    method_kind: inference.Method | None = None
    reason: inference.Reason | None = None


def judge(key: str, estimate: inference.Estimate) -> Judgement:
    """Decide the claim ``THRESHOLDS[key]`` on an estimate of its margin.

    Parameters
    ----------
    key : a key of :data:`THRESHOLDS`.
    estimate : the margin with its intervals (:mod:`imbeval.inference`).

    Returns
    -------
    :class:`Judgement`: :func:`decide` on the 95% interval, unless the estimate is
    undecidable (too few units, a descriptive number) or has no interval -- then
    inconclusive, with the reason. ``p_value`` is
    :func:`imbeval.inference.decision_p_value` of :func:`decide`.

    Examples
    --------
    >>> from imbeval.inference import cv_estimate
    >>> j = judge("ordering", cv_estimate([[0.03, 0.021, 0.025], [0.022, 0.031, 0.027]]))
    >>> j.verdict, j.p_value < 0.05
    (True, True)
    >>> judge("ordering", cv_estimate([[0.03, 0.02]])).why
    '2 fold values, at least 5 needed'
    """
    if key not in THRESHOLDS:
        raise ValueError(f"key must be one of {sorted(THRESHOLDS)}, got {key!r}")
    value = float(estimate.value)
    ci = estimate.interval()
    kind = estimate.method_kind
    Reason = inference.Reason
    if math.isnan(value):
        return Judgement(None, ci, math.nan, estimate.method, "the number is undefined", kind,
                         Reason.UNDEFINED_NUMBER)
    if estimate.undecidable:
        return Judgement(None, ci, math.nan, estimate.method, estimate.undecidable, kind,
                         estimate.reason or Reason.OTHER)
    if math.isnan(ci[0]) or math.isnan(ci[1]):
        return Judgement(None, ci, math.nan, estimate.method, "no interval", kind,
                         Reason.NO_INTERVAL)
    p = inference.decision_p_value(estimate, lambda c: decide(key, value, c))
    return Judgement(decide(key, value, ci), ci, p, estimate.method, method_kind=kind)


#: measured coverages the Methods quote (benchmarks/crossed_concepts.py, docs/performance.md)
MIN_UNITS_COVERAGE = ("95.2% for normal units, 93.7% for units of skewness 1 and 89.6% "
                      "for skewness 2")
JACKKNIFE_COVERAGE = "97.2-99.7%"
NAIVE_COVERAGE = "74.7-93.5%"

#: the Methods section of docs/claims.md: what each interval is, why, and the citations
METHODS_TEXT = (
    ("Where the intervals come from",
     "Every interval, test and adjustment of a run's verdict is made in one module, "
     "`imbeval.inference`, on scipy.stats and statsmodels; `benchmarks/coverage.py` "
     "measures by simulation that the intervals cover what they claim (the numbers are in "
     "docs/performance.md)."),
    ("Means over CV folds",
     "The folds of a k-fold cross-validation share training data and repeated runs share "
     "the data set, so fold values are positively correlated and the naive variance "
     "s²/(r·k) of their mean is too small: by about seven times at 5 × 5. Every number that "
     "is a mean over CV folds, and every paired difference (index against index, model "
     "against model: the per-fold differences), gets the corrected repeated k-fold t "
     "interval, mean ± t(r·k − 1)·sqrt((1/(r·k) + n_test/n_train)·s²) (Nadeau & Bengio "
     "2003, the corrected resampled t; Bouckaert & Frank 2004 for repeated k-fold CV; "
     "Dietterich 1998 on why the plain paired t over folds rejects too often), with "
     "n_test/n_train = 2 rather than their 1/(k − 1): their correction assumes folds "
     "correlated by n_test/n, and the pipeline's own learners at 10-50 minority points per "
     "fold are less stable than that (in simulation 1/(k − 1) covered down to 54 % for an "
     "SVM at IR 9 and 35-67 % for kNN and LDA at IR 40; the ratio that would make the variance unbiased "
     "reached 1.41; with 2 every setting covered at least 93 %: `benchmarks/coverage.py "
     "learners`, docs/performance.md). A CV number whose fold values are half or more one "
     "value (a learner stuck at a floor or ceiling, such as an SVM that predicts only the "
     "majority class) is never decisive: the spread of tied values says "
     "nothing of how the mean varies. A statistic of several CV means (Figs. 3 and 4a: a standard deviation over "
     "classifiers × test sets of cell means) is linearised at the means (the delta method) "
     "and its per-fold linear values take the same interval. A CV number from fewer than "
     "5 fold values is never decisive: its variance is too poorly known."),
    ("Numbers over problems",
     "A claim about a mean over datasets (Figs. 3, 4a, 4b) treats the datasets as the units "
     "(Demšar 2006). Problems that share a class share its images, so they are not "
     "independent: problems connected by shared classes form one cluster (a KEEL family: "
     "the sets cut from one source, australian and crx, one credit-approval data set, "
     "among them). Where the problems fall into independent clusters, the number is the "
     "mean of the cluster means -- every independent unit weighted equally, so a source cut "
     "into 18 sets counts as one -- with the t interval over the cluster means, never "
     "decisive with fewer than 10 clusters: in simulation (benchmarks/crossed_concepts.py) "
     f"this t interval covers {MIN_UNITS_COVERAGE} at 10 units. Every number a row prints "
     "(each index's mean, the difference, the count of datasets) is over the same datasets "
     "and made the same way as its margin. The stand-in's problems are crossed with ten "
     "shared Fashion-MNIST concepts (one cluster): their number is the mean over problems "
     "with the delete-one-concept jackknife interval (the mean recomputed without every "
     "problem that contains a concept, for each concept; variance (C − 1)/C · Σ(θ₍c₎ − θ̄)², "
     "C − 1 degrees of freedom; Efron & Stein 1981, Kott 2001's delete-a-group jackknife), "
     "decisive from 5 concept groups (concepts in exactly the same problems are one group); "
     f"in a crossed concept-effects simulation on the default designs it covers "
     f"{JACKKNIFE_COVERAGE}, where a t over problems covers {NAIVE_COVERAGE}."),
    ("Two readings of \"the standard deviation over the test sets\"",
     "mullick2020 Sec. 5.3 plots \"the standard deviation of the values ... over the five "
     "test sets and four classifiers\", and argues about the test sets: \"the highest "
     "variability over the test sets for a given training set\", \"the classifiers retain "
     "an almost similar performance over the various test sets\". Read literally, the std "
     "over the 20 classifier x test set cells adds the spread between classifiers, which "
     "on the KEEL reference is 97-98 % of GMean's and AUROC's pooled variance (median "
     "share per data set): a number about the classifiers, not about RRT. Every Fig. 3, 4a "
     "and 4b claim is therefore decided on the RRT reading -- per classifier the std over "
     "its five test sets, averaged over the classifiers (`std_within` of the figures' "
     "CSVs) -- and shown again on the literal reading (`std_pooled`), in a row of its own "
     "whose column says \"literal reading\": both are decisions in the figure's Holm "
     "family, and only the RRT reading speaks for the paper's claim (the report's findings "
     "never rest on the literal one). \"mPrecision and mAURPC closely follow\" is a "
     "near-equality, tested as an equivalence (two one-sided tests per pair within the "
     f"margin {CLOSELY_FOLLOW:g}; Schuirmann 1987), and Section 5.3's \"AURPC varies less "
     "than Precision\" is the contrast with AURPC of \"Precision varies most\", one "
     "row."),
    ("Extremes",
     "Fig. 5's margins are minima over (classifier, test set) cells of CV means, for which "
     "the percentile bootstrap is inconsistent. The interval of a minimum is asymmetric: "
     "its low end is the smallest of the cells' own 95% low ends (it misses only if the "
     "cell that truly is the minimum misses: no multiplicity), its high end the smallest "
     "of the cells' one-sided Bonferroni high ends at 0.025/K (a union over the K cells: "
     "the high end of the cell that looks smallest would miss about K times too often). "
     "Fig. 5's \"well above\" uses the exact identities between its indices, which hold "
     "on every confusion matrix and so on every fold: AUROC-OVO = C/(2(C−1))·ACSA + "
     "(C−2)/(2(C−1)) (mullick2020 Lemma 2) and nAUROC-OVA = (AUROC-OVA − λ)/(1 − λ), "
     "λ = (C−2)/(2C). With them the gap is (C−2)C/(2(C−1)(C+2))·(1 − the smallest cell "
     "ACSA) up to the largest cell difference of AUROC-OVA and AUROC-OVO (1e-4 on the KEEL "
     "reference), so its interval takes one minimum and one nuisance, not four independent "
     "minima: the low end at the smallest ACSA's Bonferroni high end and the difference's "
     "largest end, each at α/4; the high end Bonferroni over the datasets. A cell whose "
     "fold values are all equal (GMean 0 on every fold) has a point interval, a certainty "
     "its folds cannot give: a minimum that such a cell could be is undecidable. Fig. 5's "
     "cells take n_test/n_train = "
     f"{FIG5_TEST_TO_TRAIN:g}, calibrated for their setting: in a coverage simulation "
     "matched to movement_libras and led7digit with the pipeline's four tuned learners on "
     "5 × 5 CV (`benchmarks/fig5_ratio_coverage.py`, benchmarks/results/fig5_ratio/) it "
     "covered the expected CV value 98-100 % for every learner, and it lies above every "
     "measured unbiased ratio's bootstrap upper end; Nadeau & Bengio's 1/(k − 1) covered "
     "down to 87 % and 0.5 down to 93 %, while the decision rule's 2 (from two-class data "
     "and untuned learners) covered 100 % with intervals 1.4 times as wide. Fig. 4b's margin is "
     "a geometric mean over datasets of a per-dataset ratio (each dataset's log ratio a "
     "unit): the paper's normalisation by the smallest std over the datasets makes the "
     "target a ratio of two sample minima, for which no interval over datasets is valid."),
    ("Synthetic sweeps",
     "mortaz2020 Figs. 1-4 are drawn from a seeded synthetic sweep: each point one confusion "
     "matrix drawn (binomial, then multinomial) from the printed class sizes. Their rows are "
     "sampled numbers, and their basis says so (the seed and the draws). Each statement is "
     "decided on its margin over the figure's sweep and 20 more sweeps of seeds derived from "
     "the config's: the t interval of the mean margin over the 21 independent sweeps, with "
     "its p-value Holm-adjusted within the figure."),
    ("Estimates from every fold",
     "mullick2020's experiment claims rest on one value per CV run: the index of the run's "
     "confusion matrices summed over its folds (Forman & Scholz 2010), not the mean of "
     "fold values. Every test point counts once, and an index is undefined only if the "
     "whole run makes it 0/0: on the KEEL slice 0 of 2,000 two-class run values against 16 "
     "of 1,200 fold values. A claim over problems takes each problem's statistic "
     "of the runs' values, its units the independent families. A claim within one problem "
     "(Fig. 5's cells, Section 5.5) takes each (classifier, test set) cell's pooled value, "
     "the mean of its runs' values, with the corrected interval of the cell's runs x folds "
     "fold values (n_test/n_train = 2, r·k - 1 df) moved to it: the delta method, the fold "
     "values standing for the linearised fold rates (exactly so for indices linear in the "
     "class-wise rates, ACSA and AUROC-OVA of labels). `run_indices.csv` keeps the mean of "
     "the fold values beside each run's value, `fold_indices.csv` the fold values. Only the "
     "collect step depends on this choice, no classifier job."),
    ("How well the run values' interval covers, and what replaces it",
     "Measured by simulation (`python benchmarks/coverage.py learners-pooled`: Gaussian data "
     "sets, the pipeline's learners with their defaults, untuned; the coverage and its CPU "
     "are in docs/performance.md). The target of a pooled precision is the precision of the "
     "learner's average operating point, π·E[TPR]/(π·E[TPR] + (1 − π)·E[FPR]) (a smooth "
     "function of two CV means), not the mean of precisions; a pooled balanced accuracy with "
     "stratified folds is the run's fold mean. The interval over run values decides only "
     "with 5 runs or more, so on 1 × 5 and the default 2 × 3 it never decides. On 5 × 5 it "
     "falls short of its 95 %: among the data sets where it decides it covered 95.0-99.3 % "
     "for RUSBoost, 89.6-95.3 % for NBSVM, 81.4-90.5 % for Dual-LexiBoost, 74.2-85.2 % "
     "(balanced accuracy) for kNN and 55.8-85.2 % for LDA, missing on both sides: five runs "
     "of one data set vary only with the partition, and n_test/n_train = 2 does not make up "
     "for the data set's own variation (the ratio that would have reached 18 for LDA and "
     "3.3-5.2 for Dual-LexiBoost). Undecidable estimates, counted as covering, hide part of "
     "it (kNN's balanced accuracy at 5 minority points per fold, IR 40: 92.0 % "
     "unconditionally, 74.2 % given a decision). The fold mean's interval on the same data "
     "sets covers 97-100 % given a decision wherever more than 20 data sets decide, but "
     "precision's fold mean is undecidable on 66-100 % of them at 5 minority points per fold "
     "(undefined folds). So within a problem the pipeline does not use the run values' "
     "interval: the pooled value with the corrected interval of its linearised per-fold "
     "rates (delta method, n_test/n_train = 2 over the r·k folds) covered 90.9-100 % given a "
     "decision in every 5 × 5 row and decides precision where the fold mean cannot, and "
     "Fig. 5's cells and Section 5.5 use it (`imbeval.inference.pooled_cv_estimate`; for "
     "their recall-based indices the fold values are defined on every fold). Claims over "
     "problems, whose units are families, were not affected."),
    ("GMean drops to 0",
     "The paper's bar is GMean's lowest (classifier, test set) cell mean on its ten-class "
     "data sets; the claim is decided on that number -- the lowest pooled cell value over "
     "the C >= 10 sets -- with the interval of a minimum of the cells' corrected CV "
     "intervals (the folds' dependence carried by the corrected variance), against five "
     "points of 0. The lowest mean of fold values and the most exact zeros of a cell are "
     "shown beside it."),
    ("Undefined folds",
     "An index undefined on a fold (precision with no positive prediction) is not "
     "averaged over: the mean of the defined folds is another target, the index where the "
     "classifier happens to predict the class. A CV mean with an undefined fold is "
     "undecidable (\"undefined on k of n folds\"). A number over problems rests on run "
     "values (each run's summed matrix), undefined only where a whole run never predicts a "
     "class; it leaves out the problems on which an index it uses is undefined on some run "
     "value and names them: its target is the mean over the problems where every index "
     "is defined (on the KEEL collection 9 of 106 two-class problems for Precision and "
     "AURPC, NBSVM and RUSBoost at IR 29-68)."),
    ("Printed versus a re-run",
     "A printed grid number (mortaz2020 Tables 16, 18) is compared with what a re-run of "
     "this pipeline -- another CV partition -- could give: the prediction interval ours ± "
     "t·SD·sqrt(1 + 1/R), widened by half the printed unit, SD the spread of one re-run's "
     "mean: with R ≥ 2 reshuffled CV repetitions (`papers.grid_repeats`, one number or one "
     "per dataset) the standard deviation of their means, t with R − 1 degrees of freedom "
     "(the prediction interval of one more observation of a normal sample), each cell its "
     "own (pooling the variances of a model family's three cells of one index, even where "
     "Bartlett's test (Bartlett 1937) did not reject equal spreads, left more re-runs "
     "outside on glass: docs/performance.md); with one CV the corrected variance of its "
     "mean, which is larger and so conservative. "
     "Each row states its interval as \"prediction interval ±w\" (the half-width) with how "
     "SD was made, and whether the printed value lies outside it. Statuses: *not "
     "distinguishable from a re-run* (inside: a re-run could print it, which is not "
     "evidence that it agrees), *differs from a re-run* (outside, and located after the "
     "table's adjustment, below) or *outside our 95% interval, not decisive* (outside, but "
     f"not after the adjustment, or from a spread of fewer than {inference.MIN_RERUN_DF} degrees of freedom: with "
     "R = 4 repetitions or one CV (satimage's in the default config) the spread itself "
     "varies so much between seeds that such a verdict is not made again "
     "(benchmarks/rerun_replication.py); `papers.grid_repeats: "
     f"{inference.MIN_RERUN_DF + 1}` (glass's in the default config) can decide; the row "
     "says why). Agreement is tested by two one-sided t tests (TOST, Schuirmann 1987) on the "
     "same re-run spread SD·sqrt(1 + 1/R), with the margin "
     f"{AGREEMENT_TOLERANCE:g} minus half the printed unit (the strict direction: every "
     "number the printed one may stand for must lie within the tolerance), Holm-adjusted "
     "over the table's agreement tests: \"shown\" only after that adjustment."),
    ("Model selection",
     "A claim that the paper's selected model is the best by an index compares it with each "
     "of the 17 others on the corrected CV test of the per-fold differences: it holds when "
     "the model is ahead of every other by the intersection-union test (Berger 1982: every "
     "one of the 17 raw p-values small, the largest is the claim's p-value; no "
     "multiplicity adjustment is needed within an intersection), does not hold when some "
     "other is ahead of it after Holm over the 17 (a union), and is inconclusive otherwise; "
     "either verdict is decisive only at the level below, after Holm over the selection "
     "claims. Its interval is the "
     "Bonferroni-simultaneous one of the smallest difference. Since IAM = 2·CBA − 1 on every "
     "matrix, a selection by IAM is the selection by CBA: the two are one claim, reported "
     "once."),
    ("Many decisions at once",
     "Each decision has a p-value: the smallest α at which its 1 − α interval makes it. "
     "The decisions of one figure or table (same paper and item) are one family, and what "
     "a family controls depends on what it decides. *Claims* (a family with a claim): the "
     "p-values are adjusted by Holm's step-down method (Holm 1979; "
     "statsmodels.stats.multitest.multipletests), and a decision is kept only if its "
     f"adjusted p-value is at most {DECISIVE_LEVEL} (the level, below): the family-wise error rate "
     f"(FWER) of each family is at most {DECISIVE_PERCENT}, and over the report's K claim families the "
     f"chance of any false decisive claim is at most K × {DECISIVE_PERCENT} (the union bound; the overview gives K, and how many decisive "
     "claims would survive Holm over all claim decisions at once). *A table of printed "
     "numbers against a re-run* (mortaz2020 Tables 16, 18: no claim among its rows): the "
     "table is first tested as a whole, by Simes' (1986) global test of its p-values "
     "(`global_p`: is the table what a re-run could print?); a number is then *differs "
     "from a re-run* only if its Benjamini-Hochberg (1995) q-value (`bh_q`) is at most "
     f"{DECISIVE_LEVEL}, which controls the false discovery rate (FDR) among the numbers so located at "
     f"{DECISIVE_PERCENT} and needs the table's global test to fail (the smallest q-value of a family is its "
     "Simes p-value). The numbers of one table share their CV partitions, so their tests "
     "are positively dependent: Simes' test and Benjamini-Hochberg keep their level under "
     "that dependence (Sarkar 1998; Benjamini and Yekutieli 2001), where Fisher's or "
     "Stouffer's combination, which assume independent p-values, would not. Verdicts on "
     "exact arithmetic carry no sampling error and belong to no family. "
     "`verdicts.csv` names the adjustment (e.g. \"Holm over mortaz2020 Tables 16, "
     "18: model selection, 12 decisions\", \"Simes, then Benjamini-Hochberg over mortaz2020 "
     "Table 18, 108 numbers\") with the number the decision rests on, the family's "
     "`error_rate` and the interval's `method` on every run-based row; the report's "
     "overview states which error rate is controlled for what and shows, per family, the "
     f"decisive count beside the count expected by chance ({DECISIVE_PERCENT} of the decisions)."),
    ("The level of a decisive verdict",
     "A decisive verdict must be made again when the pipeline is re-run with another seed "
     "A verdict whose p-value is just under its level is made again only about "
     "half the time: taking the observed effect as the truth, a re-run's test statistic is "
     "centred on ours and clears the same critical value with probability 0.5 (Goodman "
     "1992). So every interval is a 95% interval, but a verdict is decisive only when its "
     f"p-value after its family's adjustment is at most {DECISIVE_LEVEL} (`imbeval.inference."
     f"DECISIVE_ALPHA`; Benjamin et al. 2018 propose it for new findings): at p = {DECISIVE_LEVEL} "
     "(z = 2.81) the same model gives a re-run p ≤ 0.05 with probability Φ(2.81 − 1.96) = "
     "0.80. A verdict between the two levels keeps its interval, its p-values and its "
     "direction in the row and says that it is not decisive. `imbeval replicate` measures "
     "how many decisive verdicts another seed makes again (docs/performance.md)."),
    ("References",
     "Forman, G., Scholz, M. (2010) Apples-to-apples in cross-validation studies: pitfalls "
     "in classifier performance measurement. SIGKDD Explorations 12(1), 49-57. Clopper, C. "
     "J., Pearson, E. S. (1934) The use of confidence or fiducial limits illustrated in the "
     "case of the binomial. Biometrika 26, 404-413. "
     "Nadeau, C., Bengio, Y. (2003) Inference for the generalization error. Machine Learning "
     "52, 239-281. Bouckaert, R. R., Frank, E. (2004) Evaluating the replicability of "
     "significance tests for comparing learning algorithms. PAKDD 2004, LNCS 3056, 3-12. "
     "Dietterich, T. G. (1998) Approximate statistical tests for comparing supervised "
     "classification learning algorithms. Neural Computation 10, 1895-1923. Demšar, J. (2006) "
     "Statistical comparisons of classifiers over multiple data sets. JMLR 7, 1-30. Holm, S. "
     "(1979) A simple sequentially rejective multiple test procedure. Scandinavian Journal "
     "of Statistics 6, 65-70. Berger, R. L. (1982) Multiparameter hypothesis testing and "
     "acceptance sampling. Technometrics 24, 295-300. Bartlett, M. S. (1937) Properties of "
     "sufficiency and statistical tests. Proc. R. Soc. Lond. A 160, 268-282. "
     "Efron, B., Stein, C. (1981) The jackknife estimate of "
     "variance. Annals of Statistics 9, 586-596. Kott, P. S. (2001) The delete-a-group "
     "jackknife. Journal of Official Statistics 17, 521-526. "
     "Goodman, S. N. (1992) A comment on replication, p-values and evidence. Statistics in "
     "Medicine 11, 875-879. Benjamin, D. J. et al. (2018) Redefine statistical "
     "significance. Nature Human Behaviour 2, 6-10. "
     "Simes, R. J. (1986) An improved Bonferroni procedure for "
     "multiple tests of significance. Biometrika 73, 751-754. Benjamini, Y., Hochberg, Y. "
     "(1995) Controlling the false discovery rate: a practical and powerful approach to "
     "multiple testing. JRSS B 57, 289-300. Sarkar, S. K. (1998) Some probability "
     "inequalities for ordered MTP2 random variables: a proof of the Simes conjecture. "
     "Annals of Statistics 26, 494-504. Benjamini, Y., Yekutieli, D. (2001) The control of "
     "the false discovery rate in multiple testing under dependency. Annals of Statistics "
     "29, 1165-1188. Schuirmann, D. J. (1987) A comparison of the two one-sided "
     "tests procedure and the power approach for assessing the equivalence of average "
     "bioavailability. J. Pharmacokinet. Biopharm. 15, 657-680."),
)


def methods_markdown() -> str:
    """The Methods section of ``docs/claims.md`` (:data:`METHODS_TEXT`)."""
    parts = ["## Methods\n\n"]
    for title, text in METHODS_TEXT:
        parts.append(f"**{title}.** {text}\n\n")
    return "".join(parts)
