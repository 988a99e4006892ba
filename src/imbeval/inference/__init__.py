"""Every interval, test and multiplicity adjustment behind a run-based verdict.

A verdict on a run's number ("precision varies most", "the paper's model is selected
again", "a re-run could give the printed 0.681") is only as good as the uncertainty it is
judged with. This module holds that uncertainty, in one place, on scipy.stats and
statsmodels:

- **CV means** (:func:`cv_interval`, :func:`cv_estimate`). The folds of a k-fold CV share
  training data and repeated CV runs share the data set, so the fold values are not
  independent: the variance of their mean is about ``(1/(r k) + n_test/n_train) s^2``
  (Nadeau and Bengio 2003, the *corrected resampled t*; Bouckaert and Frank 2004 for
  repeated k-fold CV, ``n_test/n_train = 1/(k - 1)``), not ``s^2/(r k)``. The interval of
  every mean over CV folds, and of every paired difference (model against model, index
  against index: the per-fold differences), is the t interval with that variance and
  ``r k - 1`` degrees of freedom -- for decisions with ``n_test/n_train = 2``
  (:data:`DECISION_TEST_TO_TRAIN`) and never on tied fold values (:data:`MAX_TIED_SHARE`):
  Nadeau and Bengio's ``1/(k - 1)`` assumes more stable learners than the pipeline's own
  (in simulation, at 10 minority points per fold, it covered down to 54 % for an SVM at
  IR 9 and 35-67 % for kNN and LDA at IR 40: ``benchmarks/coverage.py learners``). A
  smooth function of several CV means (a standard deviation over classifiers x test sets)
  goes through the same interval after linearisation (:func:`cv_delta_estimate`, the delta
  method).
- **Numbers over problems** (:func:`problem_clusters`, :func:`cluster_estimate`). Problems
  that share classes share images: they form one cluster, and a mean over problems is a
  t interval over the cluster means (the datasets as units: Demšar 2006), never decisive
  with fewer than :data:`MIN_UNITS` clusters. Problems crossed with shared concepts (the
  stand-in's: every problem made of several of ten concepts) take the delete-one-concept
  jackknife instead (:func:`concept_jackknife`, :func:`problems_estimate`; module
  ``imbeval.inference._clustered``).
- **Extremes** (:func:`minimum_of`, :func:`simultaneous`; module
  ``imbeval.inference._cells``). The percentile bootstrap is inconsistent for extremes. A
  minimum over cells takes the smallest low end of the cells' intervals (only the true
  minimum's cell can make it miss) and the smallest Bonferroni high end (a union over the
  cells); :func:`simultaneous` is the Bonferroni box of any monotone combination. A cell
  with zero fold variance that could be the minimum makes it undecidable; so does an index
  undefined on some fold (:data:`UNDEFINED_FOLDS_RULE`).
- **Printed versus a re-run** (:func:`rerun_estimate`, :func:`compare_to_rerun`,
  :func:`tost`; module ``imbeval.inference._rerun``). Whether a re-run of
  the pipeline (another partition) could give a printed number: a prediction interval
  ``ours ± t · SD · sqrt(1 + 1/R)`` widened by half the print unit; agreement within a
  declared tolerance by two one-sided tests (Schuirmann 1987).
  SD is the spread of R >= 2 repetitions' means (t with R - 1 df), or a spread pooled
  over cells (:func:`pooled_rerun_spread`, checked by :func:`spread_homogeneity`), or with
  one CV the corrected variance (conservative); TOST uses the same SD · sqrt(1 + 1/R) and
  a margin of the tolerance minus half the print unit (:func:`agreement_margin`).
- **Decisions and multiplicity** (:func:`decision_p_value`, :func:`holm`). The p-value of a
  decision is the smallest ``alpha`` at which the ``1 - alpha`` interval makes it; a family of
  decisions (a figure's, a table's) is adjusted by Holm (1979) with
  ``statsmodels.stats.multitest.multipletests``, and a verdict is decisive only when its
  adjusted p-value is at most :data:`DECISIVE_ALPHA` (0.005: the level at which a verdict is
  expected to be made again by a re-run at another seed; Goodman 1992, Benjamin et al.
  2018).

References: Nadeau, Bengio, Inference for the generalization error, Machine Learning 52
(2003) 239-281; Bouckaert, Frank, Evaluating the replicability of significance tests for
comparing learning algorithms, PAKDD 2004; Dietterich, Approximate statistical tests for
comparing supervised classification learning algorithms, Neural Computation 10 (1998);
Demšar, Statistical comparisons of classifiers over multiple data sets, JMLR 7 (2006) 1-30;
Holm, A simple sequentially rejective multiple test procedure, Scand. J. Statist. 6 (1979).
``benchmarks/coverage.py`` measures the coverage of these intervals by simulation.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Callable, Sequence

import numpy as np

from imbeval._params import check_level, check_positive

__all__ = ["LEVEL", "ALPHA", "DECISIVE_ALPHA", "REPLICATION_POWER", "MIN_UNITS",
           "MIN_FOLD_VALUES", "MIN_RERUN_DF", "DECISION_TEST_TO_TRAIN",
           "MAX_TIED_SHARE", "Estimate", "RerunEstimate",
           "RerunComparison", "cv_interval", "cv_estimate", "cv_delta_estimate",
           "problem_clusters", "cluster_estimate", "simultaneous", "minimum_of",
           "rerun_estimate", "compare_to_rerun", "pooled_rerun_spread",
           "spread_homogeneity", "agreement_margin", "tost", "decision_p_value",
           "holm", "METHODS", "MIN_CONCEPTS", "concept_jackknife", "problems_estimate",
           "BoundedEstimate", "minimum_interval", "gap_interval", "undefined_folds",
           "defined_cv_estimate", "UNDEFINED_FOLDS_RULE"]

#: coverage of every interval of a single decision
LEVEL = 0.95
#: the complement of :data:`LEVEL`: the level of the intervals (a verdict is decisive only
#: at :data:`DECISIVE_ALPHA`)
ALPHA = round(1 - LEVEL, 10)
#: the level a decision's p-value (after its family's adjustment) must reach for the verdict
#: to be *decisive* (intervals stay 95%): a verdict at p just under its level is made again by
#: a re-run only half the time (Goodman 1992, Stat. Med. 11, 875-879); at p <= 0.005
#: (z >= 2.81; Benjamin et al. 2018, Nat. Hum. Behav. 2, 6-10) a re-run reaches p <= 0.05
#: with probability Phi(2.81 - 1.96) = 0.80 (:data:`REPLICATION_POWER`)
DECISIVE_ALPHA = 0.005
#: that chance, Phi(z(DECISIVE_ALPHA / 2) - z(ALPHA / 2)) (tests/unit/test_inference.py)
REPLICATION_POWER = 0.80
#: independent units (clusters of problems) a number over problems needs to be decisive.
#: The interval it guards is the t interval over cluster means; its measured coverage
#: (benchmarks/crossed_concepts.py, 20,000 replicates, docs/performance.md) at 5 / 10 / 20
#: units: 95.0 / 95.2 / 95.1 % for normal units, 92.9 / 93.7 / 94.1 % for skewness 1
#: (Gamma(4); the KEEL slice's per-family contrasts have sample skewness -1.4 to 0.6),
#: 88.3 / 89.6 / 91.8 % for skewness 2 (exponential). Ten is where skewness-1 units reach
#: 93.5 %; strongly skewed units stay below it at any size the slices afford.
MIN_UNITS = 10
#: fold values a CV number needs to be decisive: with fewer, the fold variance (df <= 3)
#: is too poorly known, and a zero variance (two equal folds) would make a point interval
MIN_FOLD_VALUES = 5

#: degrees of freedom a re-run's spread needs before a printed number can be decisively
#: "differs from a re-run" (R >= 10 repetitions; one CV's corrected variance has k - 1): a
#: spread from 3-4 df varies so much between seeds that the verdict is not made again (seeds
#: 31337 and 4242: same numbers, half-widths up to 4x apart, 0 of 10 decisions kept; under
#: normal spreads 37-85% made again with 3-4 df, 93-94% with 9:
#: benchmarks/rerun_replication.py, docs/performance.md)
MIN_RERUN_DF = 9

#: the n_test/n_train of the interval that decides on CV means and per-fold differences
#: (:func:`cv_estimate`): 2, not Nadeau and Bengio's 1/(k - 1). Their correction assumes
#: fold values correlated by n_test/n; the pipeline's own learners (SVM, kNN, LDA at 10-50
#: minority points per fold, IR 4-40) are more unstable than that: the ratio that would make
#: the corrected variance unbiased for the CV mean's error reached 1.41 (an SVM at IR 9),
#: 1/(k - 1) covered down to 54 %, and 2 covers >= 93 % in every setting simulated
#: (``python benchmarks/coverage.py learners``; docs/performance.md, "Coverage for the
#: pipeline's own learners")
DECISION_TEST_TO_TRAIN = 2.0
#: a CV number is undecidable when at least this share of its fold values are one value: a
#: learner stuck at a floor or ceiling (an SVM predicting only the majority class: balanced
#: accuracy 0.5 on most folds) gives tied fold values whose spread says nothing of how its
#: mean varies between data sets (in simulation such estimates missed their target about
#: half the time, at any width)
MAX_TIED_SHARE = 0.5

#: how each kind of interval is made, as rows and docs name it
METHODS = {
    "cv": "corrected repeated k-fold t interval with n_test/n_train = 2, decisive only with "
          "untied fold values (Nadeau & Bengio 2003's variance, made conservative for "
          "unstable learners: benchmarks/coverage.py learners)",
    "cv_delta": "corrected repeated k-fold t interval of the linearised statistic, "
                "n_test/n_train = 2 (delta method; Nadeau & Bengio 2003, made conservative: "
                "benchmarks/coverage.py learners)",
    "clusters": "t interval over independent clusters of problems (problems sharing "
                "classes are one cluster; Demšar 2006)",
    "simultaneous": "Bonferroni-simultaneous corrected CV t intervals of the cells, "
                    "combined monotonely (the minimum of the cells lies between the minima "
                    "of their ends)",
    "rerun": "prediction interval for a re-run of the pipeline (another CV partition)",
}


def _level(level) -> float:
    return check_level(level, "level")


@dataclass(frozen=True)
class Estimate:
    """A run's number with the numbers its intervals are made of, as statsmodels' result
    objects keep theirs: the intervals of every level, and shifts, are computed from them.

    Attributes
    ----------
    value : float
        The number.
    method : str
        How its interval is made (one of :data:`METHODS`' texts, possibly with detail).
    units : int
        The independent units it rests on (fold values, clusters, the fewest of a
        combination's components).
    undecidable : str or None
        None, or the reason no verdict may rest on this number (too few units).
    se, df : float
        Standard error and degrees of freedom of its t interval (NaN for a combination of
        several estimates, which has neither: its interval comes from its components').
    center : float
        The mean its t interval is built around (``value`` unless the interval is another
        statistic's moved to it: a linearised statistic's, the mean of cluster means').
    shifts : tuple of float
        The moves applied, in order, to the interval's ends after it is built
        (:meth:`shifted` adds one).
    symmetric : bool
        The t interval as ``center ± t(1 - alpha/2, df) · se`` (statsmodels'
        ``tconfint_mean``) rather than ``center + se · t(q, df)`` at both tails
        (``scipy.stats.t.interval``): the same interval, two roundings, each kept where
        it was made so that no written number changes.
    components, combine :
        For a monotone function of several estimates (:func:`simultaneous`): the
        estimates and ``combine(lows, highs) -> (low, high)``.

    Examples
    --------
    >>> e = cv_estimate([[0.70, 0.74, 0.72], [0.71, 0.73, 0.69]])
    >>> round(e.value, 4), round(e.se, 4), e.df, e.units
    (0.715, 0.0275, 5, 6)
    >>> s = e.shifted(0.0, "the same spread around 0")
    >>> [round(v, 4) for v in s.interval()], s.method
    ([-0.0708, 0.0708], 'the same spread around 0')
    """

    value: float
    method: str
    units: int
    undecidable: str | None = None
    se: float = math.nan
    df: float = math.nan
    center: float | None = None
    shifts: tuple[float, ...] = ()
    symmetric: bool = False
    components: tuple = field(default=(), repr=False)
    combine: Callable | None = field(default=None, repr=False)

    def interval(self, level: float = LEVEL) -> tuple[float, float]:
        """The ``level`` interval ``(low, high)`` (NaNs when there is none)."""
        return self.interval_at(_level(level))

    def interval_at(self, level: float) -> tuple[float, float]:
        """:meth:`interval` without the check of ``level`` (bisection calls it often)."""
        if self.components:
            k = len(self.components)
            # Bonferroni over the K components: every one in its 1 - (1 - level)/K interval
            each = [c.interval_at(1 - (1 - level) / k) for c in self.components]
            lows, highs = np.array([e[0] for e in each]), np.array([e[1] for e in each])
            if not (np.isfinite(lows).all() and np.isfinite(highs).all()):
                return math.nan, math.nan
            low, high = self.combine(lows, highs)
            ends = (float(low), float(high))
        else:
            center = self.value if self.center is None else self.center
            ends = (_symmetric_t_interval(center, self.se, self.df, level) if self.symmetric
                    else _t_interval(center, self.se, self.df, level))
        for shift in self.shifts:
            ends = (ends[0] + shift, ends[1] + shift)
        return ends

    def shifted(self, value: float, method: str | None = None) -> "Estimate":
        """The same uncertainty around another value (the interval moved with it): a
        margin that is this estimate plus a known constant."""
        return replace(self, value=float(value), method=method or self.method,
                       shifts=self.shifts + (float(value) - self.value,),
                       center=self.value if self.center is None else self.center)


def _t_interval(value, se, df, level):
    from scipy import stats

    if not (math.isfinite(value) and math.isfinite(se) and df >= 1):
        return math.nan, math.nan
    if se == 0:
        return float(value), float(value)
    low, high = stats.t.interval(level, df, loc=value, scale=se)
    return float(low), float(high)


def _symmetric_t_interval(value, se, df, level):
    from scipy import stats

    if not (math.isfinite(value) and math.isfinite(se) and df >= 1):
        return math.nan, math.nan
    alpha = 1 - level
    t = stats.t.ppf(1 - alpha / 2.0, df)
    return float(value - t * se), float(value + t * se)


def _fold_matrix(values) -> np.ndarray:
    v = np.asarray(values, dtype=float)
    if v.ndim == 1:
        v = v[None, :]
    if v.ndim != 2 or v.shape[1] < 2:
        raise ValueError(f"values must have shape (runs, folds) with at least 2 folds, got "
                         f"shape {v.shape}")
    return v


def cv_estimate(values, *, test_to_train=None, method=None) -> Estimate:
    """The mean of CV fold values with the intervals that decide on it.

    Parameters
    ----------
    values : array-like, shape ``(runs, folds)`` (or ``(folds,)`` for one run): one number
        per fold (a fold's index value, or a per-fold paired difference). NaN values (an
        index undefined on a fold) are left out.
    test_to_train : ``n_test / n_train`` of the corrected variance; default
        :data:`DECISION_TEST_TO_TRAIN` (2: the decision rule, conservative for unstable
        learners); ``1 / (folds - 1)`` is Nadeau and Bengio's (:func:`cv_interval`).
    method : the method text to record (default ``METHODS["cv"]``).

    Returns
    -------
    :class:`Estimate`: the mean, with ``se^2 = (1/n + test_to_train) s^2`` and ``n - 1``
    degrees of freedom (``n`` finite fold values, ``s`` their standard deviation);
    undecidable with fewer than :data:`MIN_FOLD_VALUES` values, or when more than
    :data:`MAX_TIED_SHARE` of them (or more) are one value (tied at a floor or ceiling).

    Examples
    --------
    >>> e = cv_estimate([[0.70, 0.74, 0.72], [0.71, 0.73, 0.69]])
    >>> round(e.value, 4), [round(x, 4) for x in e.interval()]
    (0.715, [0.6442, 0.7858])
    >>> cv_estimate([[0.5, 0.5, 0.5], [0.5, 0.55, 0.5]]).undecidable
    'tied fold values: 5 of 6 are 0.5 (a learner at a floor or ceiling)'
    """
    v = _fold_matrix(values)
    ratio = DECISION_TEST_TO_TRAIN if test_to_train is None else float(test_to_train)
    if not ratio >= 0:
        raise ValueError(f"test_to_train must be >= 0, got {test_to_train!r}")
    x = v[np.isfinite(v)]
    n = int(x.size)
    value = float(x.mean()) if n else math.nan
    se = float(math.sqrt((1.0 / n + ratio) * x.var(ddof=1))) if n >= 2 else math.nan
    why = None
    if n < MIN_FOLD_VALUES:
        why = f"{n} fold values, at least {MIN_FOLD_VALUES} needed"
    else:
        tied, counts = np.unique(x, return_counts=True)
        if counts.max() >= MAX_TIED_SHARE * n:
            why = (f"tied fold values: {int(counts.max())} of {n} are "
                   f"{float(tied[counts.argmax()]):g} (a learner at a floor or ceiling)")
    return Estimate(value, method or METHODS["cv"], n, why, se=se, df=n - 1)


def cv_interval(values, *, level: float = LEVEL, test_to_train=None) -> tuple[float, float]:
    """Nadeau and Bengio's corrected repeated k-fold t interval of the expected CV mean.

    Decisions use :func:`cv_estimate` (``n_test/n_train`` = :data:`DECISION_TEST_TO_TRAIN`,
    tied fold values undecidable); this is the textbook interval, for display and for
    comparison with the literature.

    Parameters
    ----------
    values : array-like, shape ``(runs, folds)``: one number per fold.
    level : coverage, in (0, 1).
    test_to_train : ``n_test / n_train``; default ``1 / (folds - 1)``.

    Returns
    -------
    ``(low, high)``: ``mean ± t(n - 1) · sqrt((1/n + test_to_train) s^2)`` (Nadeau and
    Bengio 2003; Bouckaert and Frank 2004), ``n = runs x folds``.

    Examples
    --------
    >>> [round(x, 4) for x in cv_interval([[0.5, 0.7, 0.6, 0.6, 0.6]])]
    [0.4683, 0.7317]
    """
    folds = _fold_matrix(values).shape[1]
    ratio = 1.0 / (folds - 1) if test_to_train is None else test_to_train
    return cv_estimate(values, test_to_train=ratio).interval(_level(level))


def cv_delta_estimate(value, gradient, fold_values, *, test_to_train=None) -> Estimate:
    """A smooth function ``g`` of several CV means, by the delta method.

    ``g(m) ~ g(m0) + grad · (m - m0)`` with ``m`` the mean over folds of the fold vectors
    ``x_f``: so ``g`` varies as the mean of the linearised fold values ``z_f = grad · x_f``,
    whose corrected interval (:func:`cv_estimate`) is shifted to ``value``.

    Parameters
    ----------
    value : ``g`` at the means.
    gradient : array ``(cells,)``, ``g``'s gradient at the means.
    fold_values : array ``(runs, folds, cells)``; a NaN cell of a fold counts as the cell's
        mean (no deviation).
    test_to_train : as :func:`cv_estimate` (default the decision rule's).

    Examples
    --------
    >>> x = np.array([[[0.1, 0.3], [0.2, 0.4], [0.15, 0.35]]])   # 1 run, 3 folds, 2 cells
    >>> e = cv_delta_estimate(0.2, np.array([-0.5, 0.5]), x)    # half the gap of the cells
    >>> e.value, [round(v, 9) for v in e.interval()]             # the gap never varies
    (0.2, [0.2, 0.2])
    """
    x = np.asarray(fold_values, dtype=float)
    if x.ndim != 3:
        raise ValueError(f"fold_values must have shape (runs, folds, cells), got {x.shape}")
    g = np.asarray(gradient, dtype=float)
    if g.shape != x.shape[2:]:
        raise ValueError(f"gradient must have shape {x.shape[2:]}, got {g.shape}")
    means = np.nanmean(x, axis=(0, 1)) if np.isfinite(x).any() else np.zeros(x.shape[2])
    filled = np.where(np.isfinite(x), x, means)
    z = filled @ np.where(np.isfinite(g), g, 0.0)
    # the linearised fold values' mean and its interval, moved to the statistic's value
    return cv_estimate(z, test_to_train=test_to_train,
                       method=METHODS["cv_delta"]).shifted(float(value))


def problem_clusters(classes: dict) -> dict:
    """Problems that share a class (directly or through others) form one cluster.

    Parameters
    ----------
    classes : ``{problem: iterable of its class (concept) names}``.

    Returns
    -------
    ``{problem: cluster number}``, clusters numbered from 0 in order of first appearance.

    Examples
    --------
    >>> problem_clusters({"a": ["x", "y"], "b": ["y", "z"], "c": ["u", "v"], "d": ["z"]})
    {'a': 0, 'b': 0, 'c': 1, 'd': 0}
    """
    parent = {p: p for p in classes}

    def root(p):
        while parent[p] != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    owner = {}
    for p, members in classes.items():
        for c in members:
            if c in owner:
                parent[root(p)] = root(owner[c])
            else:
                owner[c] = p
    numbers, out = {}, {}
    for p in classes:
        out[p] = numbers.setdefault(root(p), len(numbers))
    return out


def cluster_estimate(values: dict, clusters: dict, *, min_units: int = MIN_UNITS) -> Estimate:
    """The mean of per-problem numbers, with a t interval over independent clusters.

    Parameters
    ----------
    values : ``{problem: number}`` (NaN left out).
    clusters : ``{problem: cluster}`` (:func:`problem_clusters`).
    min_units : clusters needed for a decisive verdict.

    Returns
    -------
    :class:`Estimate`: the mean over problems; its interval is the t interval of the mean of
    the cluster means (``statsmodels`` ``DescrStatsW.tconfint_mean``), shifted to the mean
    over problems; undecidable (interval NaN with one cluster) below ``min_units``.

    Examples
    --------
    >>> e = cluster_estimate({"a": 1.0, "b": 3.0}, {"a": 0, "b": 0})
    >>> e.value, e.units, e.undecidable
    (2.0, 1, '1 independent unit (problems that share classes are one), at least 10 needed')
    """
    from statsmodels.stats.weightstats import DescrStatsW

    missing = sorted(set(values) - set(clusters))
    if missing:
        raise ValueError(f"problems {missing} have no cluster")
    finite = {p: float(v) for p, v in values.items() if math.isfinite(float(v))}
    value = float(np.mean(list(finite.values()))) if finite else math.nan
    by_cluster = {}
    for p, v in finite.items():
        by_cluster.setdefault(clusters[p], []).append(v)
    means = np.array([np.mean(v) for v in by_cluster.values()])
    g = int(means.size)
    why = None
    if g < min_units:
        why = (f"{g} independent unit{'s' if g != 1 else ''} (problems that share classes are "
               f"one), at least {min_units} needed")

    method = METHODS["clusters"] + f", {g} clusters"
    if g < 2:
        return Estimate(value, method, g, why)
    stats = DescrStatsW(means)
    # statsmodels' t interval of the mean of cluster means (tconfint_mean's numbers),
    # moved to the mean over problems
    return Estimate(value, method, g, why, se=float(stats.std_mean), df=g - 1,
                    center=float(stats.mean), shifts=(value - float(means.mean()),),
                    symmetric=True)


def simultaneous(components: Sequence[Estimate], combine: Callable, value: float, *,
                 method=None) -> Estimate:
    """A monotone function of several estimates, from their simultaneous intervals.

    Parameters
    ----------
    components : the estimates (e.g. the CV means of every (classifier, test set) cell).
    combine : ``combine(lows, highs) -> (low, high)``: the range of the function over the
        box of the components' intervals (for a minimum: ``(min(lows), min(highs))``).
    value : the function at the components' values.
    method : the method text (default ``METHODS["simultaneous"]``).

    Returns
    -------
    :class:`Estimate` whose ``level`` interval takes each component at level
    ``1 - (1 - level)/K`` (Bonferroni over the ``K`` components): with probability at least
    ``level`` every component lies in its interval, hence the function in the range.
    Undecidable if any component is.

    Examples
    --------
    >>> a, b = cv_estimate([0.5, 0.6, 0.55, 0.5, 0.6]), cv_estimate([0.9, 0.8, 0.85, 0.9, 0.8])
    >>> m = simultaneous([a, b], lambda lo, hi: (min(lo), min(hi)), min(a.value, b.value))
    >>> lo, hi = m.interval()
    >>> lo < a.value < hi < b.value
    True
    """
    components = tuple(components)
    if not components:
        raise ValueError("simultaneous needs at least one component")
    why = next((c.undecidable for c in components if c.undecidable), None)
    return Estimate(float(value),
                    method or f"{METHODS['simultaneous']} ({len(components)} cells)",
                    min(c.units for c in components), why, components=components,
                    combine=combine)


def minimum_of(components: Sequence[Estimate], *, low: float = -math.inf,
               high: float = math.inf, method=None) -> Estimate:
    """The smallest of several estimates, with an asymmetric interval
    (:func:`imbeval.inference._cells.minimum_interval`).

    Low end: the smallest of the components' low ends at ``level`` (only the true
    minimum's component can make it miss: no multiplicity); high end: the smallest of their
    Bonferroni one-sided high ends (a union over the components). The ends are clipped to
    ``[low, high]`` (what the statistic can be, e.g. ``[0, 1]`` for an index's minimum).
    Undecidable if a component is, or if a component with zero variance (a point interval)
    could be the minimum.

    Examples
    --------
    >>> a, b = cv_estimate([0.5, 0.6, 0.55, 0.5, 0.6]), cv_estimate([0.9, 0.8, 0.85, 0.9, 0.8])
    >>> m = minimum_of([a, b], low=0.0, high=1.0)
    >>> m.value == a.value and 0.0 <= m.interval()[0] < a.value < m.interval()[1] <= 1.0
    True
    """
    components = list(components)
    if not components:
        raise ValueError("minimum_of needs at least one component")
    return minimum_interval(components, low=low, high=high, method=method)


def tost(difference: float, se: float, df: float, tolerance: float) -> float:
    """The p-value of two one-sided t tests that ``|true difference| < tolerance``.

    Schuirmann (1987): equivalence is shown at level ``alpha`` when both one-sided tests
    reject, i.e. when ``max(p_lower, p_upper) <= alpha``; that maximum is returned.

    Examples
    --------
    >>> round(tost(0.0, 0.01, 10, 0.03), 4) < 0.05, round(tost(0.025, 0.01, 10, 0.03), 2)
    (True, 0.31)
    """
    from scipy import stats

    check_positive(tolerance, "tolerance")
    if not (math.isfinite(difference) and math.isfinite(se) and df >= 1) or se < 0:
        return math.nan
    if se == 0:
        return 0.0 if abs(difference) < tolerance else 1.0
    p_low = float(stats.t.sf((difference + tolerance) / se, df))
    p_high = float(stats.t.cdf((difference - tolerance) / se, df))
    return max(p_low, p_high)


def decision_p_value(estimate: Estimate, decide: Callable) -> float:
    """The smallest ``alpha`` at which ``decide`` makes a verdict on the ``1 - alpha`` interval.

    Parameters
    ----------
    estimate : the number and its intervals.
    decide : ``decide((low, high)) -> True | False | None`` (None: inconclusive); it must
        turn decisive no later as the interval widens (every rule of
        :mod:`imbeval.tables.claim_rules` does).

    Returns
    -------
    float in (0, 1]: 1 when no level makes the verdict; NaN when the estimate has no
    interval. Found by bisection on ``log(alpha)`` to a relative 1e-4.

    Examples
    --------
    >>> e = cv_estimate([0.02, 0.03, 0.025, 0.022, 0.028])
    >>> p = decision_p_value(e, lambda ci: True if ci[0] > 0 else None)
    >>> 0 < p < 0.05
    True
    """
    def verdict(alpha):
        low, high = estimate.interval_at(1 - alpha)
        if not (math.isfinite(low) and math.isfinite(high)):
            return math.nan
        return decide((low, high))

    def decisive(alpha):
        v = verdict(alpha)
        return not (v is None or (isinstance(v, float) and math.isnan(v)))

    top = verdict(1 - 1e-9)
    if isinstance(top, float) and math.isnan(top):
        return math.nan
    if top is None:
        return 1.0
    lo, hi = math.log(1e-15), math.log(1 - 1e-9)
    if decisive(math.exp(lo)):
        return 0.0
    for _ in range(200):
        mid = (lo + hi) / 2
        if not decisive(math.exp(mid)):
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-4:
            break
    return float(math.exp(hi))


def holm(p_values, alpha: float = ALPHA) -> tuple[np.ndarray, np.ndarray]:
    """Holm's step-down adjustment of a family of p-values (NaNs kept out).

    Returns ``(reject, adjusted)``, arrays of the family's length (``False`` / NaN where
    ``p`` is NaN), from ``statsmodels.stats.multitest.multipletests(method="holm")``.

    Examples
    --------
    >>> reject, adjusted = holm([0.01, 0.04, 0.03, float("nan")])
    >>> reject.tolist(), [round(float(a), 2) for a in adjusted[:3]]
    ([True, False, False, False], [0.03, 0.06, 0.06])
    """
    from statsmodels.stats.multitest import multipletests

    p = np.asarray(p_values, dtype=float)
    reject = np.zeros(p.shape, dtype=bool)
    adjusted = np.full(p.shape, np.nan)
    ok = np.isfinite(p)
    if ok.any():
        r, a, _, _ = multipletests(p[ok], alpha=alpha, method="holm")
        reject[ok], adjusted[ok] = r, a
    return reject, adjusted


# the re-run of the pipeline: its own module (it builds on the estimates above)
from imbeval.inference._rerun import (RerunComparison, RerunEstimate,  # noqa: E402
                                      agreement_margin, compare_to_rerun,
                                      pooled_rerun_spread, rerun_estimate,
                                      spread_homogeneity)
# means over problems that share concepts (the delete-one-concept jackknife), minima of
# cells and the undefined-fold rule: their own modules (they build on the estimates above)
from imbeval.inference._cells import (UNDEFINED_FOLDS_RULE, BoundedEstimate,  # noqa: E402
                                      defined_cv_estimate, gap_interval, minimum_interval,
                                      undefined_folds)
from imbeval.inference._clustered import (MIN_CONCEPTS, concept_jackknife,  # noqa: E402
                                          problems_estimate)

# a table of printed numbers as a whole (Simes), then the numbers located at a controlled
# false discovery rate (Benjamini-Hochberg): its own module (issue 31)
from imbeval.inference._multiplicity import benjamini_hochberg, simes  # noqa: E402

__all__ += ["simes", "benjamini_hochberg"]
