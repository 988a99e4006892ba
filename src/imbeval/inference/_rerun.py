"""Printed versus a re-run (:mod:`imbeval.inference`): whether a re-run of the pipeline
(another CV partition, other model randomness) could give a printed number -- the
prediction interval ``ours ± t(df) · SD · sqrt(1 + 1/R)`` widened by half the print unit --
and agreement within a declared tolerance by two one-sided tests (Schuirmann 1987) on the
same re-run spread ``SD · sqrt(1 + 1/R)``.

Where ``SD`` (the spread of one re-run's mean) comes from, in order:

- ``R >= 2`` repetitions: the standard deviation of the ``R`` repetitions' means, ``t``
  with ``R - 1`` degrees of freedom (the prediction interval of a new observation from a
  normal sample of ``R``; e.g. Hahn & Meeker 1991, Statistical Intervals, sec. 4.5);
- a pooled spread (:func:`pooled_rerun_spread`): the repetitions' variances of several
  cells pooled, ``sum (R_c - 1) s_c^2 / sum (R_c - 1)``, ``t`` with ``sum (R_c - 1)``
  degrees of freedom -- valid when the cells share one spread, which the caller checks
  (:func:`spread_homogeneity`, Bartlett 1937) and states;
- ``R = 1``: the corrected variance of the CV mean, ``(1/k + test_to_train) s^2``
  (Nadeau & Bengio 2003), ``t`` with ``k - 1``: it also counts other training sets, so it
  is wider than a re-partition's spread (conservative: on glass its half-width is 2.59
  times what a pair of runs needs; docs/performance.md).
"""

from __future__ import annotations

from numbers import Integral, Real

from imbeval.utils._param_validation import POSITIVE as _POSITIVE, Interval, validate_params

_NON_NEGATIVE = Interval(Real, 0, None, closed="left")

import math
from dataclasses import dataclass

import numpy as np

from imbeval.inference._constants import LEVEL, METHODS, Method
from imbeval.inference._decision import decision_p_value, tost
from imbeval.inference._estimate import Estimate, _fold_matrix, cv_estimate

__all__ = ["RerunEstimate", "rerun_estimate", "RerunComparison", "compare_to_rerun",
           "pooled_rerun_spread", "spread_homogeneity", "agreement_margin"]

#: where SD came from, as :attr:`RerunEstimate.source` names it
SOURCES = ("repeats", "pooled repeats", "corrected variance")


@dataclass(frozen=True)
class RerunEstimate(Estimate):
    """A CV mean as a re-run of the pipeline (another partition) would give it: its
    interval is the prediction interval of a re-run, ``value ± t(sd_df) · sd ·
    sqrt(1 + 1/repeats) ± half_unit`` clipped to ``bounds``; ``se`` and ``df`` stay those of
    the mean (the corrected CV variance); :meth:`tost` tests agreement on the re-run
    spread ``sd · sqrt(1 + 1/repeats)`` with ``sd_df`` degrees of freedom. Its attributes
    beside :class:`Estimate`'s:

    Attributes
    ----------
    sd, sd_df : the replication spread and its degrees of freedom.
    source : one of :data:`SOURCES`: ``"repeats"`` (the repetitions' spread),
        ``"pooled repeats"`` (pooled over cells) or ``"corrected variance"``.
    repeats : the number of CV repetitions ``R``.
    half_unit : half the printed number's last unit.
    bounds : the range the number can take.
    """

    sd: float = math.nan
    sd_df: float = math.nan
    source: str = ""
    repeats: int = 1
    half_unit: float = 0.0
    bounds: tuple[float, float] = (-math.inf, math.inf)

    @property
    def rerun_sd(self) -> float:
        """The standard deviation of (a re-run's mean - ours): ``sd · sqrt(1 + 1/R)``."""
        return self.sd * math.sqrt(1 + 1 / self.repeats)

    def half_width(self, level: float = LEVEL) -> float:
        """The prediction interval's half-width before clipping: ``t · sd · sqrt(1 + 1/R)
        + half_unit`` (NaN without a spread)."""
        from scipy import stats

        if not (math.isfinite(self.sd) and self.sd_df >= 1):
            return math.nan
        return float(stats.t.ppf((1 + level) / 2, self.sd_df)) * self.rerun_sd + self.half_unit

    def interval_at(self, level: float) -> tuple[float, float]:
        half = self.half_width(level)
        if math.isnan(half):
            return math.nan, math.nan
        return max(self.value - half, self.bounds[0]), min(self.value + half, self.bounds[1])

    def spread_text(self) -> str:
        """How ``sd`` was made, for a row's detail: e.g. ``"SD of R = 10 repetitions'
        means, t with 9 df"``."""
        df = f"t with {self.sd_df:g} df"
        if self.source == "repeats":
            return f"SD of R = {self.repeats} repetitions' means, {df}"
        if self.source == "pooled repeats":
            return f"pooled SD of repetitions' means (R = {self.repeats} here), {df}"
        return (f"one CV (R = {self.repeats}): SD from its corrected variance, {df} "
                "(conservative)")

    def tost(self, target: float, tolerance: float) -> float:
        """The TOST p-value (:func:`tost`) that ``|our mean - target| < tolerance``, on the
        re-run spread ``sd · sqrt(1 + 1/R)`` with ``sd_df`` degrees of freedom: the same
        spread as the prediction interval, since the printed number is one re-run's
        mean (the paper's), not the expected CV mean."""
        return tost(self.value - float(target), self.rerun_sd, self.sd_df, tolerance)


def pooled_rerun_spread(matrices) -> tuple[float, int]:
    """The pooled spread of repetitions' means over several cells.

    Parameters
    ----------
    matrices : iterable of arrays ``(R_c, folds)`` (one per cell; cells with ``R_c < 2``
        add nothing).

    Returns
    -------
    ``(sd, df)``: ``sqrt(sum (R_c - 1) s_c^2 / sum (R_c - 1))`` of the repetitions' means
    and ``df = sum (R_c - 1)`` (NaN, 0 when no cell has two repetitions). Valid as one
    cell's spread when every cell has the same one: check with :func:`spread_homogeneity`.

    Examples
    --------
    >>> a = [[0.50, 0.52], [0.54, 0.56]]                 # means 0.51, 0.55: s^2 = 0.0008
    >>> b = [[0.70, 0.70], [0.72, 0.72], [0.74, 0.74]]   # means 0.70, 0.72, 0.74: 0.0004
    >>> sd, df = pooled_rerun_spread([a, b])
    >>> round(sd ** 2, 6), df                              # (1 * 0.0008 + 2 * 0.0004) / 3
    (0.000533, 3)
    """
    ss, df = 0.0, 0
    for m in matrices:
        means = _fold_matrix(m).mean(axis=1)
        if means.size >= 2:
            ss += float(means.var(ddof=1)) * (means.size - 1)
            df += means.size - 1
    return (math.sqrt(ss / df), df) if df else (math.nan, 0)


def spread_homogeneity(matrices) -> float:
    """Bartlett's test (``scipy.stats.bartlett``; Bartlett 1937) that the cells'
    repetitions' means share one variance: its p-value (NaN with fewer than two cells of
    at least two repetitions, or when a cell's means do not vary: nothing to pool then).

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> same = [rng.normal(0.5, 0.01, (4, 5)) for _ in range(3)]
    >>> spread_homogeneity(same) > 0.05
    True
    """
    from scipy import stats

    groups = [_fold_matrix(m).mean(axis=1) for m in matrices]
    groups = [g for g in groups if g.size >= 2]
    if len(groups) < 2 or any(float(g.var(ddof=1)) == 0 for g in groups):
        return math.nan
    return float(stats.bartlett(*groups).pvalue)


@validate_params({"values": ["array-like"], "half_unit": [_NON_NEGATIVE], "low": ["real"],
                  "high": ["real"], "min_repeats": [Interval(Integral, 1, None, closed="left")],
                  "test_to_train": ["real", None], "spread": ["array-like", None]})
def rerun_estimate(values, *, half_unit: float = 0.0, low: float = -math.inf,
                   high: float = math.inf, min_repeats: int = 2, test_to_train=None,
                   spread: tuple[float, float] | None = None) -> RerunEstimate:
    """Where a re-run of the pipeline (another CV partition) would put a CV mean.

    Parameters
    ----------
    values : array ``(repeats, folds)``: ``R`` reshuffled CV repetitions of one number.
    half_unit : half the printed number's last unit: the interval is widened by it, since
        a printed value can be any number that rounds to it.
    low, high : the range of the number (the interval is clipped to it).
    min_repeats : with at least this many repetitions (default 2) the replication spread
        ``SD`` is the standard deviation of the repetitions' means (``t`` with ``R - 1``
        degrees of freedom); with fewer it is the corrected variance of one repetition's
        mean, ``(1/k + test_to_train) s^2`` (``t`` with ``R k - 1``), which is larger than a
        re-partition's spread (it also counts other training sets), hence conservative.
    test_to_train : as :func:`cv_estimate`.
    spread : ``(sd, df)`` of a pooled spread (:func:`pooled_rerun_spread`) to use instead
        of this cell's own (source ``"pooled repeats"``).

    Returns
    -------
    :class:`RerunEstimate`.

    Examples
    --------
    >>> e = rerun_estimate([[0.70, 0.74, 0.72, 0.71, 0.73]])
    >>> e.source, round(e.interval()[1] - e.interval()[0], 3), e.df
    ('corrected variance', 0.083, 4)
    >>> e3 = rerun_estimate([[0.70, 0.74], [0.72, 0.72], [0.74, 0.76]])   # means .72 .72 .75
    >>> e3.source, e3.sd_df, round(e3.half_width(), 4)    # 4.303 * 0.01732 * sqrt(4/3)
    ('repeats', 2, 0.0861)
    """
    v = _fold_matrix(values)
    r, k = v.shape
    if not np.isfinite(v).all():
        raise ValueError("rerun_estimate needs finite fold values")
    if not low <= high:
        raise ValueError(f"low must not exceed high, got low={low}, high={high}")
    if spread is not None:
        sd, sd_df = (float(x) for x in spread)
        if not (math.isfinite(sd) and sd >= 0 and sd_df >= 1):
            raise ValueError(f"spread must be (sd >= 0, df >= 1), got {spread!r}")
        source = "pooled repeats"
    elif r >= max(int(min_repeats), 2):
        sd, sd_df, source = float(v.mean(axis=1).std(ddof=1)), r - 1, "repeats"
    else:
        ratio = 1.0 / (k - 1) if test_to_train is None else float(test_to_train)
        sd = float(math.sqrt((1.0 / k + ratio) * v.var(ddof=1)))
        sd_df, source = r * k - 1, "corrected variance"
    # the mean's Nadeau-Bengio standard error (TOST's), not the decision rule's
    mean = cv_estimate(v, test_to_train=1.0 / (k - 1) if test_to_train is None
                       else test_to_train)
    return RerunEstimate(float(v.mean()), METHODS[Method.RERUN], v.size, se=mean.se,
                         df=mean.df, method_kind=Method.RERUN,
                         sd=sd, sd_df=sd_df, source=source, repeats=r,
                         half_unit=float(half_unit), bounds=(low, high))


@validate_params({"tolerance": [_POSITIVE], "half_unit": [_NON_NEGATIVE]})
def agreement_margin(tolerance: float, half_unit: float = 0.0) -> float:
    """The margin an agreement test uses: ``tolerance - half_unit`` (the strict direction:
    a printed value stands for any number within half a unit of it, so ours must lie
    within ``tolerance`` of every one of them).

    >>> agreement_margin(0.02, 0.0005)
    0.0195
    """
    margin = float(tolerance) - float(half_unit)
    if not margin > 0:
        raise ValueError(f"tolerance {tolerance} must exceed half the print unit {half_unit}")
    return round(margin, 12)


@dataclass(frozen=True)
class RerunComparison:
    """A printed number against a re-run of our pipeline: the re-run's estimate, its 95%
    prediction interval, the p-value of "differs from a re-run" (the smallest alpha whose
    interval leaves the printed value out), the agreement ``margin`` and the TOST p-value of
    agreement within it (unadjusted: the caller adjusts it within its family)."""

    estimate: RerunEstimate
    target: float
    interval: tuple[float, float]
    p_value: float
    tolerance: float
    tost_p: float

    @property
    def inside(self) -> bool:
        """Does the printed value lie in the 95% prediction interval?"""
        return self.interval[0] <= self.target <= self.interval[1]


@validate_params({"values": ["array-like"], "target": ["real"], "half_unit": [_NON_NEGATIVE],
                  "tolerance": [_POSITIVE], "low": ["real"], "high": ["real"],
                  "spread": ["array-like", None]})
def compare_to_rerun(values, target: float, *, half_unit: float = 0.0, tolerance: float,
                     low: float = -math.inf, high: float = math.inf,
                     spread: tuple[float, float] | None = None) -> RerunComparison:
    """``target`` (a printed number) against a re-run of the pipeline whose fold values are
    ``values`` (:func:`rerun_estimate`); agreement within ``tolerance - half_unit``
    (:func:`agreement_margin`) by TOST on the re-run spread.

    Examples
    --------
    >>> c = compare_to_rerun([0.60, 0.62, 0.61, 0.63, 0.59], 0.61, half_unit=0.005,
    ...                      tolerance=0.02)
    >>> c.inside, c.p_value, c.estimate.source, c.tolerance
    (True, 1.0, 'corrected variance', 0.015)
    """
    e = rerun_estimate(values, half_unit=half_unit, low=low, high=high, spread=spread)
    target = float(target)
    margin = agreement_margin(tolerance, half_unit)
    p = decision_p_value(e, lambda ci: True if not ci[0] <= target <= ci[1] else None)
    return RerunComparison(e, target, e.interval(), p, margin, e.tost(target, margin))
