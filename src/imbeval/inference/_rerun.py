"""Printed versus a re-run (:mod:`imbeval.inference`): whether a re-run of the pipeline
(another CV partition) could give a printed number -- the prediction interval ``ours ± t ·
SD · sqrt(1 + 1/R)`` widened by half the print unit -- and agreement within a declared
tolerance by two one-sided tests (Schuirmann 1987), on the mean's own standard error."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from imbeval.inference import (METHODS, Estimate, _fold_matrix, cv_estimate,
                               decision_p_value, tost)

__all__ = ["RerunEstimate", "rerun_estimate", "RerunComparison", "compare_to_rerun"]


@dataclass(frozen=True)
class RerunEstimate(Estimate):
    """A CV mean as a re-run of the pipeline (another partition) would give it: its
    interval is the prediction interval of a re-run, ``value ± t(sd_df) · sd ·
    sqrt(1 + 1/repeats) ± half_unit`` clipped to ``bounds``; ``se`` and ``df`` stay those of
    the mean (the corrected CV variance), which :meth:`tost` tests agreement with.

    Attributes (beside :class:`Estimate`'s)
    ---------------------------------------
    sd, sd_df : the replication spread and its degrees of freedom.
    source : ``"repeats"`` (the repetitions' spread) or ``"corrected variance"``.
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

    def interval_at(self, level: float) -> tuple[float, float]:
        from scipy import stats

        half = (float(stats.t.ppf((1 + level) / 2, self.sd_df)) * self.sd
                * math.sqrt(1 + 1 / self.repeats) + self.half_unit)
        return max(self.value - half, self.bounds[0]), min(self.value + half, self.bounds[1])

    def tost(self, target: float, tolerance: float) -> float:
        """The TOST p-value (:func:`tost`) that the mean lies within ``tolerance`` of
        ``target``."""
        return tost(self.value - float(target), self.se, self.df, tolerance)


def rerun_estimate(values, *, half_unit: float = 0.0, low: float = -math.inf,
                   high: float = math.inf, min_repeats: int = 10,
                   test_to_train=None) -> RerunEstimate:
    """Where a re-run of the pipeline (another CV partition) would put a CV mean.

    Parameters
    ----------
    values : array ``(repeats, folds)``: ``R`` reshuffled CV repetitions of one number.
    half_unit : half the printed number's last unit: the interval is widened by it, since
        a printed value can be any number that rounds to it.
    low, high : the range of the number (the interval is clipped to it).
    min_repeats : with at least this many repetitions the replication spread ``SD`` is the
        standard deviation of the repetitions' means (``t`` with ``R - 1`` degrees of
        freedom); with fewer it is the corrected variance of one repetition's mean,
        ``(1/k + test_to_train) s^2`` (``t`` with ``R k - 1``), which is larger than a
        re-partition's spread (it also counts other training sets), hence conservative.
    test_to_train : as :func:`cv_estimate`.

    Returns
    -------
    :class:`RerunEstimate`.

    Examples
    --------
    >>> e = rerun_estimate([[0.70, 0.74, 0.72, 0.71, 0.73]])
    >>> e.source, round(e.interval()[1] - e.interval()[0], 3), e.df
    ('corrected variance', 0.083, 4)
    """
    v = _fold_matrix(values)
    r, k = v.shape
    if not np.isfinite(v).all():
        raise ValueError("rerun_estimate needs finite fold values")
    if not low <= high:
        raise ValueError(f"low must not exceed high, got low={low}, high={high}")
    if r >= min_repeats:
        sd, sd_df, source = float(v.mean(axis=1).std(ddof=1)), r - 1, "repeats"
    else:
        ratio = 1.0 / (k - 1) if test_to_train is None else float(test_to_train)
        sd = float(math.sqrt((1.0 / k + ratio) * v.var(ddof=1)))
        sd_df, source = r * k - 1, "corrected variance"
    # the mean's Nadeau-Bengio standard error (TOST's), not the decision rule's
    mean = cv_estimate(v, test_to_train=1.0 / (k - 1) if test_to_train is None
                       else test_to_train)
    return RerunEstimate(float(v.mean()), METHODS["rerun"], v.size, se=mean.se, df=mean.df,
                         sd=sd, sd_df=sd_df, source=source, repeats=r,
                         half_unit=float(half_unit), bounds=(low, high))


@dataclass(frozen=True)
class RerunComparison:
    """A printed number against a re-run of our pipeline: the re-run's estimate, its 95%
    prediction interval, the p-value of "differs from a re-run" (the smallest alpha whose
    interval leaves the printed value out) and the TOST p-value of agreement."""

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


def compare_to_rerun(values, target: float, *, half_unit: float = 0.0, tolerance: float,
                     low: float = -math.inf, high: float = math.inf) -> RerunComparison:
    """``target`` (a printed number) against a re-run of the pipeline whose fold values are
    ``values`` (:func:`rerun_estimate`); agreement within ``tolerance + half_unit`` by TOST.

    Examples
    --------
    >>> c = compare_to_rerun([0.60, 0.62, 0.61, 0.63, 0.59], 0.61, half_unit=0.005,
    ...                      tolerance=0.02)
    >>> c.inside, c.p_value, c.estimate.source
    (True, 1.0, 'corrected variance')
    """
    e = rerun_estimate(values, half_unit=half_unit, low=low, high=high)
    target = float(target)
    p = decision_p_value(e, lambda ci: True if not ci[0] <= target <= ci[1] else None)
    return RerunComparison(e, target, e.interval(), p, float(tolerance),
                           e.tost(target, tolerance + half_unit))
