"""Ranking classifiers over independent units under one index: :func:`rank_classifiers`.

Methods (the units are the blocks, the classifiers the treatments):

- mean ranks (rank 1 = best, ties share their mean rank) and Friedman's test, the
  chi-square of ``scipy.stats.friedmanchisquare`` (with its tie correction), and Iman and
  Davenport's ``F = (N - 1) chi2 / (N (k - 1) - chi2)`` on ``(k - 1, (k - 1)(N - 1))``
  degrees of freedom (Demšar, JMLR 7, 2006, Section 3.2.2). The chi2 put into F is the
  tie-corrected one (:data:`ID_FORMULA`): without ties it is Demšar's
  ``12 N / (k (k + 1)) [sum R_j^2 - k (k + 1)^2 / 4]`` exactly; with tied ranks it is
  larger (Demšar's formula assumes none), so F is too;
- Nemenyi's pairwise p-values, the comparison of every classifier with a control
  (:mod:`imbeval.compare._nemenyi`), beside the Wilcoxon-Holm tests;
- Nemenyi's critical difference ``CD = q_alpha sqrt(k (k + 1) / (6 N))``, ``q_alpha`` the
  studentized range quantile for ``k`` groups and infinite degrees of freedom over
  ``sqrt 2`` (``scipy.stats.studentized_range``; Demšar 2006);
- every pair by the Wilcoxon signed-rank test (``scipy.stats.wilcoxon``'s defaults,
  :func:`wilcoxon_test`), the family of
  pairs adjusted by Holm (:func:`imbeval.inference.holm`, statsmodels): Benavoli, Corani
  and Mangili, *Should we really use post-hoc tests based on mean-ranks?*, JMLR 17 (2016)
  recommend pairwise tests over mean-rank post-hoc tests, whose outcome depends on the
  other classifiers compared;
- every pair by the Bayesian signed-rank test with a region of practical equivalence
  (:mod:`imbeval.compare._bayes`; Benavoli et al., JMLR 18, 2017).

With two classifiers Friedman's and Iman-Davenport's numbers are NaN (scipy's Friedman
test needs three; the Wilcoxon test of the pair is the test). With fewer than
:data:`MIN_RANKING_UNITS` units no test is made (every p-value NaN) and
``undecidable`` says why; the mean ranks are still given, as a description.
"""

from __future__ import annotations

from imbeval.compare._params import COMMON, MIN_UNITS
from imbeval.utils._param_validation import validate_params

import math
import warnings
from dataclasses import dataclass, field
from itertools import combinations

import numpy as np
import pandas as pd

from imbeval import inference
from imbeval.utils.seeds import derive_rng
from imbeval.compare import _bayes, _nemenyi
from imbeval.compare._nemenyi import decision_text, nemenyi_cd
from imbeval.compare._table import (MISSING_RULE, NAN_RULE, MissingValuesWarning,
                                    check_table, gaps_message, orientation, table_index_name,
                                    unit_matrix, value_gaps)

__all__ = ["MIN_RANKING_UNITS", "ROPE_SHARE", "BAYES_THRESHOLD", "ID_FORMULA", "RankResult",
           "rank_classifiers", "iman_davenport", "wilcoxon_test"]

#: independent units below which no test is made (Demšar 2006 advises against Friedman's
#: chi-square approximation for very few data sets; a Wilcoxon test on 4 units cannot
#: reach p < 0.125). A ranking's floor, not a decision's
#: (:data:`imbeval.inference.MIN_DECISIVE_UNITS`, 10).
MIN_RANKING_UNITS = 5
#: default rope: this share of the index's range (0.01 for an index on [0, 1], 0.02 on
#: [-1, 1]); Benavoli et al. (2017) use 1% for accuracy
ROPE_SHARE = 0.01
#: default posterior probability at which the Bayesian signed-rank test decides (a pair is
#: "a better", "b better" or "equivalent" when that region's probability reaches it; else
#: "undecided"); Benavoli et al. (2017) decide at 0.95
from imbeval.compare._defaults import BAYES_THRESHOLD
#: Iman-Davenport's formula as computed, stated in every summary
ID_FORMULA = ("Iman-Davenport F = (N - 1) chi2 / (N (k - 1) - chi2) on (k - 1, (k - 1)(N - 1)) "
              "df, with Friedman's tie-corrected chi2 (scipy.stats.friedmanchisquare; equal "
              "to Demšar's 2006 chi2 when no unit has tied ranks)")


def iman_davenport(chi2: float, k: int, n: int) -> tuple[float, float]:
    """Iman and Davenport's ``(F, p)`` from Friedman's chi-square (Demšar 2006).

    ``F = (n - 1) chi2 / (n (k - 1) - chi2)`` on ``(k - 1, (k - 1)(n - 1))`` degrees of
    freedom; :func:`rank_classifiers` passes the tie-corrected chi2 (:data:`ID_FORMULA`).

    Examples
    --------
    >>> f, p = iman_davenport(9.28, 4, 14)       # Demšar (2006), Section 3.2.4
    >>> round(f, 2)
    3.69
    """
    from scipy import stats

    denominator = n * (k - 1) - chi2
    if denominator <= 0:          # every unit ranks the classifiers alike
        return math.inf, 0.0
    f = (n - 1) * chi2 / denominator
    return float(f), float(stats.f.sf(f, k - 1, (k - 1) * (n - 1)))


@dataclass(frozen=True)
class RankResult:
    """The comparison of classifiers under one (index, scheme), statsmodels-style: every
    number kept (:meth:`summary` prints them).

    Attributes: ``index``, ``scheme``, ``alpha``, ``greater_is_better`` (and
    ``orientation``, its basis), ``values`` (units x classifiers), ``ranks`` (same shape,
    1 = best), ``mean_ranks`` (Series, best first), ``n_units``, ``n_problems``,
    ``friedman_statistic``, ``friedman_p``, ``iman_davenport_f``, ``iman_davenport_p``,
    ``critical_difference`` (Nemenyi), ``pairwise`` (a, b, mean_difference, statistic, p,
    p_holm, decision: Wilcoxon-Holm), ``nemenyi`` (a, b, rank_difference, p, decision),
    ``control`` (control, classifier, rank_difference, z, p, p_holm, decision: every
    classifier against ``control_name``), ``bayesian`` (a, b, p_a, p_rope, p_b, decision
    at ``bayes_threshold``), ``rope``,
    ``dropped`` (problem, reason), ``problems`` (unit -> its problems), ``nan_rule``, ``missing_rule``, ``undecidable`` (None or
    why no test was made), ``seed``.
    """

    index: str
    scheme: str | None
    alpha: float
    greater_is_better: bool
    orientation: str
    values: pd.DataFrame = field(repr=False)
    ranks: pd.DataFrame = field(repr=False)
    mean_ranks: pd.Series = field(repr=False)
    n_units: int
    n_problems: int
    friedman_statistic: float
    friedman_p: float
    iman_davenport_f: float
    iman_davenport_p: float
    critical_difference: float
    pairwise: pd.DataFrame = field(repr=False)
    bayesian: pd.DataFrame = field(repr=False)
    rope: float
    dropped: pd.DataFrame = field(repr=False)
    problems: dict = field(repr=False)
    undecidable: str | None
    seed: int
    nan_rule: str = NAN_RULE
    missing_rule: str = MISSING_RULE
    nemenyi: pd.DataFrame = field(default_factory=pd.DataFrame, repr=False)
    control: pd.DataFrame = field(default_factory=pd.DataFrame, repr=False)
    control_name: str | None = None
    bayes_threshold: float = BAYES_THRESHOLD
    n_samples: int = _bayes.N_SAMPLES

    @property
    def classifiers(self) -> list[str]:
        """The classifiers, best mean rank first."""
        return list(self.mean_ranks.index)

    @property
    def winner(self) -> str:
        """The classifier of the best mean rank ("a = b" when several share it)."""
        best = self.mean_ranks[self.mean_ranks == self.mean_ranks.min()]
        return " = ".join(best.index)

    def _pair(self, a, b) -> pd.Series:
        row = self.pairwise[((self.pairwise["a"] == a) & (self.pairwise["b"] == b))
                            | ((self.pairwise["a"] == b) & (self.pairwise["b"] == a))]
        if row.empty:
            raise ValueError(f"no pair ({a!r}, {b!r}); classifiers: {self.classifiers}")
        return row.iloc[0]

    def decision(self, a, b) -> str:
        """The Wilcoxon-Holm decision between ``a`` and ``b`` in words: ``"a better"``-style
        text with their names, or ``"no difference shown"`` / ``"no test"``."""
        return str(self._pair(a, b)["decision"])

    def better(self, a, b) -> str:
        """The classifier the Wilcoxon-Holm test shows better of ``a`` and ``b`` (the
        ``better`` column), ``""`` when it shows neither: what a program reads."""
        return str(self._pair(a, b)["better"])

    def tests_row(self) -> dict:
        """One row of the omnibus numbers (``tests.csv``)."""
        return {"index": self.index, "scheme": self.scheme or "", "classifiers":
                len(self.mean_ranks), "units": self.n_units, "problems": self.n_problems,
                "alpha": self.alpha, "friedman_statistic": self.friedman_statistic,
                "friedman_p": self.friedman_p, "iman_davenport_f": self.iman_davenport_f,
                "iman_davenport_p": self.iman_davenport_p,
                "critical_difference": self.critical_difference, "winner": self.winner,
                "rope": self.rope, "orientation": self.orientation,
                "control": self.control_name or "", "bayes_threshold": self.bayes_threshold,
                "n_samples": self.n_samples,
                "dropped_problems": len(self.dropped), "undecidable": self.undecidable or "",
                "nan_rule": self.nan_rule}

    def summary(self) -> str:
        """An autorank-style paragraph (which test, why, what is significant, effect
        sizes), then every number (:func:`imbeval.compare.summary_text`)."""
        from imbeval.compare._summary import summary_text

        return summary_text(self)


def _rope(name, rope):
    if rope is not None:
        if not rope >= 0:
            raise ValueError(f"rope must be >= 0, got {rope!r}")
        return float(rope)
    from imbeval.compare._table import registered

    found = registered(name)
    low, high = found[2] if found is not None else (0.0, 1.0)
    if not (math.isfinite(low) and math.isfinite(high)):
        low, high = 0.0, 1.0
    return ROPE_SHARE * (high - low)


def _signed_rank_sum(d, axis=-1):
    """Wilcoxon's ``R+``: the ranks of ``|d|`` among the non-zero differences (zeros rank
    below every other, so their count is subtracted), summed over the positive ones."""
    from scipy import stats

    zeros = (d == 0).sum(axis=axis, keepdims=True)
    ranks = stats.rankdata(np.abs(d), axis=axis) - zeros
    return (ranks * (d > 0)).sum(axis=axis)


def wilcoxon_test(x, y) -> tuple[float, float]:
    """``(statistic, p)`` of ``scipy.stats.wilcoxon(x, y)`` with its defaults.

    scipy's default, for up to 13 pairs with ties or zeros, is the exact sign-flip
    permutation distribution of ``R+`` (all ``2^n`` flips), evaluated one flip at a time;
    here the same ``scipy.stats.permutation_test`` runs on a vectorised ``R+`` (the same
    p-value, thousands of times faster). Otherwise scipy's call itself.
    """
    from scipy import stats

    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    d = x - y
    ties = np.unique(np.abs(d[d != 0])).size < np.count_nonzero(d)
    if d.size <= 13 and (ties or np.any(d == 0)):
        r_plus = float(_signed_rank_sum(d))
        r_minus = float(_signed_rank_sum(-d))
        res = stats.permutation_test((d,), _signed_rank_sum, vectorized=True,
                                     permutation_type="samples", alternative="two-sided")
        return min(r_plus, r_minus), float(res.pvalue)
    res = stats.wilcoxon(x, y)
    return float(res.statistic), float(res.pvalue)


def _pairwise(oriented: pd.DataFrame, alpha: float, testable: bool) -> pd.DataFrame:
    from scipy import stats

    rows = []
    for a, b in combinations(oriented.columns, 2):
        d = (oriented[a] - oriented[b]).to_numpy()
        statistic = p = math.nan
        if testable and np.any(d != 0):
            statistic, p = wilcoxon_test(oriented[a].to_numpy(), oriented[b].to_numpy())
        elif testable:
            p = 1.0
        rows.append({"a": a, "b": b, "mean_difference": float(d.mean()),
                     "statistic": statistic, "p": p})
    frame = pd.DataFrame(rows, columns=["a", "b", "mean_difference", "statistic", "p"])
    reject, adjusted = inference.holm(frame["p"].to_numpy(), alpha=alpha)
    frame["p_holm"] = adjusted
    decisions, winners = [], []
    for (_, r), rej in zip(frame.iterrows(), reject):
        better = ""
        if testable and rej:
            d = (oriented[r["a"]] - oriented[r["b"]]).to_numpy()
            d = d[d != 0]
            ranks = stats.rankdata(np.abs(d))
            better = r["a"] if ranks[d > 0].sum() > ranks[d < 0].sum() else r["b"]
        winners.append(better)
        decisions.append(decision_text(better, "no difference shown" if testable
                                       else "no test"))
    frame["decision"] = decisions
    frame["better"] = winners
    return frame


def _bayesian(oriented, rope, seed, key, testable, n_samples, threshold):
    rows = []
    for a, b in combinations(oriented.columns, 2):
        if not testable:
            rows.append({"a": a, "b": b, "p_a": math.nan, "p_rope": math.nan,
                         "p_b": math.nan, "decision": "no test", "better": ""})
            continue
        rng = derive_rng(seed, "compare", *key, a, b)
        p_a, p_rope, p_b = _bayes.signed_rank_probabilities(
            oriented[a].to_numpy(), oriented[b].to_numpy(), rope=rope, rng=rng,
            n_samples=n_samples)
        decided = max(p_a, p_rope, p_b) >= threshold
        better = (a if p_a >= threshold else b if p_b >= threshold else "") if decided else ""
        rows.append({"a": a, "b": b, "p_a": p_a, "p_rope": p_rope, "p_b": p_b,
                     "decision": decision_text(better, "equivalent" if decided
                                               else "undecided"),
                     "better": better})
    return pd.DataFrame(rows, columns=["a", "b", "p_a", "p_rope", "p_b", "decision",
                                       "better"])


@validate_params({"index": [str], "scheme": [str, None], "min_units": MIN_UNITS, **COMMON})
def rank_classifiers(table, *, index, scheme=None, alpha=0.05, rope=None, seed=0,
                     greater_is_better=None, n_samples=_bayes.N_SAMPLES,
                     min_units=MIN_RANKING_UNITS, bayes_threshold=BAYES_THRESHOLD,
                     control=None) -> RankResult:
    """Compare classifiers over independent units under one index (and RRT scheme).

    Parameters
    ----------
    table : DataFrame, long format: ``problem, classifier, index, value`` and optionally
        ``run, fold, scheme, unit`` (the independent unit, e.g. a dataset family; default
        the problem). See :mod:`imbeval.compare._table` for how folds, NaNs, missing rows
        and units are handled (the rules are named in the result).
    index : the index's name in the table (a library name of the same registered index,
        e.g. ``balanced_accuracy`` for ``acsa``, is found too).
    scheme : the RRT scheme, required when the table has several.
    alpha : level of the tests, the Holm family (every pair) and Nemenyi's CD.
    rope : half-width of the Bayesian test's region of practical equivalence; default
        :data:`ROPE_SHARE` x the registered index's range (0.01 on [0, 1]).
    seed : seeds the Bayesian test's Monte Carlo draws (each pair its own stream,
        ``derive_rng(seed, "compare", index, scheme, a, b)``): equal calls, equal numbers.
    greater_is_better : orientation; default the registry's. An index the registry does not
        know must be given one (``ValueError`` otherwise, naming this parameter and the
        command line's ``--higher-is-better`` / ``--lower-is-better``).
    n_samples : Monte Carlo draws of the Bayesian test (default
        :data:`imbeval.compare._bayes.N_SAMPLES`, the one default of the library, the
        command line and the pipeline).
    min_units : fewer units than this: no test, ``undecidable`` says why.
    bayes_threshold : the posterior probability at which the Bayesian test decides
        (default :data:`BAYES_THRESHOLD`, 0.95).
    control : the control classifier of the comparison with a control (Nemenyi's ranks,
        Holm); default the best mean rank.

    Returns
    -------
    :class:`RankResult`

    Examples
    --------
    >>> rows = [{"problem": f"p{u}", "classifier": c, "index": "acsa", "value": v + 0.01 * u}
    ...         for u in range(8) for c, v in (("lr", 0.70), ("svm", 0.80), ("knn", 0.60))]
    >>> r = rank_classifiers(pd.DataFrame(rows), index="acsa")
    >>> r.winner, r.mean_ranks.tolist(), round(r.friedman_statistic, 2)
    ('svm', [1.0, 2.0, 3.0], 16.0)
    >>> r.pairwise[["a", "b", "decision"]].values.tolist()[0]
    ['knn', 'lr', 'lr better']
    """
    frame = check_table(table)
    result = rank_checked(frame, index=index, scheme=scheme, alpha=alpha,
                          rope=rope, seed=seed, greater_is_better=greater_is_better,
                          n_samples=n_samples, min_units=min_units,
                          bayes_threshold=bayes_threshold, control=control)
    rows = frame if scheme is None else frame[frame["scheme"] == str(scheme)]
    gaps = value_gaps(rows, result.index)
    if len(gaps):
        warnings.warn(gaps_message(gaps, result.dropped["problem"].tolist()),
                      MissingValuesWarning, stacklevel=3)
    return result


def rank_checked(frame, *, index, scheme, alpha, rope, seed, greater_is_better, n_samples,
                 min_units, bayes_threshold=BAYES_THRESHOLD, control=None) -> RankResult:
    """:func:`rank_classifiers` on a table :func:`check_table` has returned (a comparison
    of many indices checks its table once)."""
    from scipy import stats

    if not 0 < alpha < 1:
        raise ValueError(f"alpha must lie in (0, 1), got {alpha!r}")
    if not 0.5 < bayes_threshold < 1:
        raise ValueError(f"bayes_threshold (--bayes-threshold) must lie in (0.5, 1), got "
                         f"{bayes_threshold!r}")
    name = table_index_name(frame, index)
    matrix = unit_matrix(frame, name, scheme)
    values = matrix.values
    k, n = values.shape[1], values.shape[0]
    if k < 2:
        raise ValueError(f"index {name!r}" + (f", scheme {scheme!r}" if scheme else "")
                         + f": {k} classifier{'s' if k != 1 else ''} "
                         f"({', '.join(values.columns)}); a comparison needs at least 2")
    if n == 0:
        raise ValueError(f"index {name!r}: no unit is left where every classifier has a value "
                         f"({len(matrix.dropped)} problems dropped: "
                         f"{matrix.dropped['reason'].iloc[0] if len(matrix.dropped) else ''})")
    better, basis = orientation(name, greater_is_better)
    oriented = values if better else -values
    ranks = oriented.rank(axis=1, ascending=False, method="average")
    mean_ranks = ranks.mean(axis=0).sort_values(kind="stable")
    mean_ranks.name = "mean_rank"
    why = None
    if n < min_units:
        why = (f"{n} independent unit{'s' if n != 1 else ''}, at least {min_units} needed for "
               "a test")
    testable = why is None
    chi2 = p = f = p_f = cd = math.nan
    if testable and k >= 3:
        if (ranks.nunique(axis=1) == 1).all():
            # every unit ties every classifier: scipy's statistic is 0/0; nothing differs
            chi2, p = 0.0, 1.0
        else:
            res = stats.friedmanchisquare(*[oriented[c].to_numpy() for c in oriented.columns])
            chi2, p = float(res.statistic), float(res.pvalue)
        f, p_f = iman_davenport(chi2, k, n)
    if testable:
        cd = nemenyi_cd(k, n, alpha)
    if control is not None and str(control) not in values.columns:
        raise ValueError(f"control {control!r} (--control) is not a classifier of index "
                         f"{name!r} (classifiers: {', '.join(values.columns)})")
    control_name = str(control) if control is not None else str(mean_ranks.index[0])
    if testable:
        nemenyi = _nemenyi.nemenyi_pairwise(mean_ranks, n, alpha, cd)
        versus = _nemenyi.control_comparison(mean_ranks, n, control_name, alpha)
    else:
        nemenyi = pd.DataFrame(columns=["a", "b", "rank_difference", "p", "decision"])
        versus = pd.DataFrame(columns=["control", "classifier", "rank_difference", "z", "p",
                                       "p_holm", "decision"])
    rope_value = _rope(name, rope)
    key = (name, "" if scheme is None else str(scheme))
    return RankResult(
        index=name, scheme=None if scheme is None else str(scheme), alpha=alpha,
        greater_is_better=better, orientation=basis, values=values, ranks=ranks,
        mean_ranks=mean_ranks, n_units=n, n_problems=matrix.n_problems,
        friedman_statistic=chi2, friedman_p=p, iman_davenport_f=f, iman_davenport_p=p_f,
        critical_difference=cd, pairwise=_pairwise(oriented, alpha, testable),
        bayesian=_bayesian(oriented, rope_value, seed, key, testable, n_samples,
                           bayes_threshold),
        rope=rope_value, dropped=matrix.dropped, problems=matrix.problems, undecidable=why,
        seed=seed, nemenyi=nemenyi, control=versus, control_name=control_name,
        bayes_threshold=bayes_threshold, n_samples=int(n_samples))
