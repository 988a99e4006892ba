"""Interval constructions that do not depend on what is estimated, shared by the intervals
of indices of labels (:mod:`imbeval.metrics._ci_methods`) and of indices of scores
(:mod:`imbeval.scores`): Wilson's and Jeffreys' intervals of a proportion (Brown, Cai,
DasGupta, Statist. Sci. 16 (2001) 101-133), the equal-tailed interval of a stack of draws,
and the rule that makes an interval hold its estimate (one-sided at an end of the range).
"""

from __future__ import annotations

import functools
import math

import numpy as np

__all__ = ["normal_quantile", "wilson", "jeffreys", "equal_tailed", "holding"]


@functools.lru_cache(maxsize=256)
def normal_quantile(level):
    """``z`` of a two-sided normal interval at ``level``: the ``(1 + level) / 2`` quantile
    (cached: a calibrated interval asks for a few levels many times, and scipy's quantile
    costs a quarter of a millisecond a call)."""
    from scipy import stats

    return float(stats.norm.ppf(0.5 + level / 2))


def wilson(k, m, level):
    """Wilson's score interval of ``k`` successes in ``m`` trials.

    Parameters
    ----------
    k, m : float
        Successes and trials (``m > 0``).
    level : float
        Coverage in (0, 1).

    Returns
    -------
    (float, float)

    Examples
    --------
    >>> [round(x, 4) for x in wilson(3, 10, 0.95)]
    [0.1078, 0.6032]
    """
    if not m > 0:
        return math.nan, math.nan
    z = normal_quantile(level)
    p = k / m
    centre = (p + z * z / (2 * m)) / (1 + z * z / m)
    half = z / (1 + z * z / m) * math.sqrt(p * (1 - p) / m + z * z / (4 * m * m))
    return max(0.0, centre - half), min(1.0, centre + half)


def jeffreys(k, m, level):
    """The equal-tailed Jeffreys interval: quantiles of Beta(k + ½, m − k + ½), with the
    low end 0 at ``k = 0`` and the high end 1 at ``k = m`` (Brown, Cai, DasGupta 2001).

    Parameters
    ----------
    k, m : float
        Successes and trials (``m > 0``).
    level : float
        Coverage in (0, 1).

    Returns
    -------
    (float, float)

    Examples
    --------
    >>> [round(x, 4) for x in jeffreys(3, 10, 0.95)]
    [0.0927, 0.6058]
    """
    from scipy import stats

    if not m > 0:
        return math.nan, math.nan
    alpha = 1 - level
    low = 0.0 if k <= 0 else float(stats.beta.ppf(alpha / 2, k + 0.5, m - k + 0.5))
    high = 1.0 if k >= m else float(stats.beta.ppf(1 - alpha / 2, k + 0.5, m - k + 0.5))
    return low, high


def equal_tailed(values, level):
    """``(low, high)``: the equal-tailed ``level`` quantiles of the defined draws, and the
    share of draws where the index is undefined (NaN).

    Examples
    --------
    >>> import numpy as np
    >>> low, high, undefined = equal_tailed(np.r_[np.arange(101.0), np.nan], 0.9)
    >>> round(low, 6), round(high, 6), round(undefined, 4)
    (5.0, 95.0, 0.0098)
    """
    values = np.asarray(values, dtype=float)
    ok = np.isfinite(values)
    undefined = 1.0 - ok.mean() if values.size else 1.0
    if not ok.any():
        return math.nan, math.nan, undefined
    low, high = np.quantile(values[ok], [(1 - level) / 2, (1 + level) / 2])
    return float(low), float(high), float(undefined)


def holding(bounds, value, low_end, high_end):
    """``bounds(level) -> (low, high)`` made to hold ``value``: at an end of the index's
    range ``[low_end, high_end]`` the one-sided interval at the level (that end, and the
    other end of the two-sided interval at ``2 level - 1``, whose tail is ``1 - level``);
    elsewhere the two-sided one, widened to ``value`` where it misses it.

    Parameters
    ----------
    bounds : callable
        ``bounds(level) -> (low, high)``, a method's two-sided interval.
    value : float
        The estimate.
    low_end, high_end : float
        The index's range (an end that is not finite is never reached).

    Returns
    -------
    callable

    Examples
    --------
    >>> held = holding(lambda level: wilson(0.0, 20.0, level), 0.0, 0.0, 1.0)
    >>> [round(x, 4) for x in held(0.95)]  # one-sided 95 %: Wilson's z = 1.645
    [0.0, 0.1192]
    """
    at_low = math.isfinite(low_end) and value <= low_end
    at_high = math.isfinite(high_end) and value >= high_end and not at_low

    def held(level):
        if at_low or at_high:
            low, high = bounds(2 * level - 1)
            low, high = (low_end, high) if at_low else (low, high_end)
        else:
            low, high = bounds(level)
        if not (math.isfinite(low) and math.isfinite(high)):
            return math.nan, math.nan
        return min(float(low), value), max(float(high), value)
    return held
