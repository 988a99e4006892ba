"""A comparison in words: :func:`summary_text` (``RankResult.summary()``, ``imbeval compare``).

The paragraph autorank (Herbold, JOSS 2020) writes for a ranking, on this package's tests:
which test was used and why, what is significant, the effect sizes; then every number.
Effect size of a pair: the median of its per-unit differences and the matched-pairs
rank-biserial correlation ``r = (R+ - R-) / (R+ + R-)`` of the Wilcoxon test (Kerby 2014:
the share of favourable minus unfavourable rank mass, from -1 to 1).
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

__all__ = ["summary_text", "paragraph", "effect_sizes"]


def effect_sizes(result) -> pd.DataFrame:
    """Per pair of ``result.pairwise``: ``a, b, median_difference`` (a - b, oriented:
    positive means ``a`` better) and ``rank_biserial``.

    Examples
    --------
    >>> from imbeval.compare import rank_classifiers
    >>> rows = [{"problem": f"p{u}", "classifier": c, "index": "acsa", "value": v + 0.01 * u}
    ...         for u in range(6) for c, v in (("x", 0.7), ("y", 0.8))]
    >>> effect_sizes(rank_classifiers(pd.DataFrame(rows), index="acsa",
    ...                               n_samples=1000)).round(3).values.tolist()
    [['x', 'y', -0.1, -1.0]]
    """
    from scipy import stats

    oriented = result.values if result.greater_is_better else -result.values
    rows = []
    for _, pair in result.pairwise.iterrows():
        d = (oriented[pair["a"]] - oriented[pair["b"]]).to_numpy()
        nonzero = d[d != 0]
        r = math.nan
        if nonzero.size:
            ranks = stats.rankdata(np.abs(nonzero))
            r = float((ranks[nonzero > 0].sum() - ranks[nonzero < 0].sum()) / ranks.sum())
        rows.append({"a": pair["a"], "b": pair["b"], "median_difference": float(np.median(d)),
                     "rank_biserial": r})
    return pd.DataFrame(rows, columns=["a", "b", "median_difference", "rank_biserial"])


def _groups(result) -> list[str]:
    from imbeval.compare._nemenyi import nemenyi_cliques

    names = result.classifiers
    return ["{" + ", ".join(names[i:j + 1]) + "}"
            for i, j in nemenyi_cliques(result.mean_ranks, result.critical_difference)]


def _pairs(frame) -> list:
    """The pairs of ``frame`` where one classifier is shown better (its ``better``)."""
    return [r for _, r in frame.iterrows() if str(r["better"])]


def paragraph(result) -> str:
    """The autorank-style paragraph of one :class:`~imbeval.compare.RankResult`."""
    k, n = len(result.mean_ranks), result.n_units
    where = f"index {result.index}" + (f", scheme {result.scheme}" if result.scheme else "")
    way = "higher" if result.greater_is_better else "lower"
    text = [f"The analysis compared {k} classifiers under {where} ({way} is better; "
            f"{result.orientation}) over {n} independent unit{'s' if n != 1 else ''} "
            f"({result.n_problems} problems); the level of every test is alpha = "
            f"{result.alpha:g}. Mean ranks (1 = best): "
            + ", ".join(f"{c} {r:.3f}" for c, r in result.mean_ranks.items()) + "."]
    if result.undecidable:
        text.append(f"No test was made: {result.undecidable}; the mean ranks are a "
                    "description, and no difference is called significant.")
        return " ".join(text)
    if k >= 3:
        verdict = ("rejected" if result.friedman_p <= result.alpha else "not rejected")
        text.append(
            "The classifiers were ranked within each unit, so no distribution of the index "
            "values is assumed, and the omnibus test is Friedman's: chi2 = "
            f"{result.friedman_statistic:.4g}, p = {result.friedman_p:.4g}, so the "
            f"hypothesis that all classifiers rank alike is {verdict}; "
            "Iman-Davenport's F = (N - 1) chi2 / (N (k - 1) - chi2), from this "
            f"tie-corrected chi2, = {result.iman_davenport_f:.4g}, p = "
            f"{result.iman_davenport_p:.4g}.")
        groups = _groups(result)
        text.append(
            f"Post hoc, Nemenyi's test (critical difference CD = "
            f"{result.critical_difference:.4g} of mean ranks) "
            + (f"does not separate the classifiers within {', '.join(groups)}"
               if groups else "separates every pair")
            + (f"; it separates {len(_pairs(result.nemenyi))} of {len(result.nemenyi)} pairs."
               if groups else "."))
        control = result.control_name
        versus = [(f"{control} better than {r['classifier']}"
                   if r["better"] == control
                   else f"{r['classifier']} better than {control}")
                  + f" (p_holm = {r['p_holm']:.3g})" for r in _pairs(result.control)]
        text.append(f"Against the control {control} (Holm over z-tests of mean ranks): "
                    + ("; ".join(versus) if versus else "no classifier differs from it")
                    + ".")
    else:
        text.append("With two classifiers the Wilcoxon signed-rank test of the pair is the "
                    "test (Friedman's needs three).")
    effects = effect_sizes(result).set_index(["a", "b"])
    wilcoxon = _pairs(result.pairwise)
    described = []
    for r in wilcoxon:
        e = effects.loc[(r["a"], r["b"])]
        better = str(r["better"])
        worse = r["b"] if better == r["a"] else r["a"]
        sign = 1 if better == r["a"] else -1
        described.append(f"{better} better than {worse} (p_holm = {r['p_holm']:.3g}, median "
                         f"difference {sign * e['median_difference']:+.3g}, rank-biserial "
                         f"r = {sign * e['rank_biserial']:.2f})")
    text.append("Every pair by the Wilcoxon signed-rank test with Holm's adjustment (it "
                "depends on the two classifiers only, which mean-rank tests do not; Benavoli "
                "et al. 2016): " + ("; ".join(described) if described
                                    else "no pair differs") + ".")
    bayes = result.bayesian
    decided = bayes[bayes["decision"] != "undecided"]
    text.append(f"The Bayesian signed-rank test (rope {result.rope:.3g}, decisions at "
                f"P >= {result.bayes_threshold:g}, {result.n_samples} draws) decides "
                f"{len(decided)} of {len(bayes)} pairs"
                + (": " + "; ".join(
                    f"{r['a']} vs {r['b']}: {r['decision']}" for _, r in decided.iterrows())
                   if len(decided) else "") + ".")
    return " ".join(text)


def summary_text(result) -> str:
    """:func:`paragraph`, then every number of the result as tables."""
    lines = [paragraph(result), ""]
    if not result.undecidable and len(result.mean_ranks) >= 3:
        lines.append(f"Friedman chi2 = {result.friedman_statistic:.4g}, p = "
                     f"{result.friedman_p:.4g}; Iman-Davenport F = "
                     f"{result.iman_davenport_f:.4g}, p = {result.iman_davenport_p:.4g}; "
                     f"Nemenyi CD (alpha {result.alpha}) = {result.critical_difference:.4g}")
    lines.append("Wilcoxon signed-rank, Holm:")
    lines.append(result.pairwise.to_string(index=False))
    if len(result.nemenyi):
        lines.append("Nemenyi:")
        lines.append(result.nemenyi.to_string(index=False))
        lines.append(f"against the control {result.control_name}:")
        lines.append(result.control.to_string(index=False))
    lines.append(f"Bayesian signed-rank (rope {result.rope:.4g}, threshold "
                 f"{result.bayes_threshold:g}):")
    lines.append(result.bayesian.to_string(index=False))
    if len(result.dropped):
        lines.append(f"dropped ({result.nan_rule}):")
        lines.append(result.dropped.to_string(index=False))
    return "\n".join(lines)
