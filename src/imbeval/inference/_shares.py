"""How often an index is exactly at a value: shares of CV units, with exact binomial intervals.

A claim such as mullick2020 Fig. 5's "GMean drops to 0" is about an event -- a class never
recognised, which makes GMean exactly 0 -- not about a mean near a floor. Counted over the
fold values of a (classifier, test set) cell it is a binomial share, and its interval is
Clopper & Pearson's (1934) exact one (its beta-quantile form, statsmodels'
``proportion_confint(method="beta")``; scipy.stats.binomtest's "exact" interval); no variance is estimated, so
the tie rule of the corrected CV interval (a learner stuck at a floor, :func:`cv_estimate`)
does not apply: exact zeros are the very thing counted.

:func:`largest_share` is the largest of several cells' shares (does *some* cell collapse?).
Its high end needs no multiplicity (only the true largest cell's interval can make it miss,
as the low end of :func:`imbeval.inference.minimum_of`); its low end takes every cell at
Bonferroni's level, since the cell with the largest low end is chosen from the data.

The folds of one CV run share training data, so their events are not independent draws;
the decisive level (:data:`imbeval.inference.DECISIVE_ALPHA`, 0.005) and the one-sided
construction above are what the rows rely on, and the count of runs and folds is stated.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from imbeval.inference._constants import MIN_FOLD_VALUES, Method, Reason
from imbeval.inference._estimate import Estimate

__all__ = ["SHARE_METHOD", "LargestShare", "clopper_pearson", "largest_share"]

#: how a share's interval is made, as rows and docs name it
SHARE_METHOD = ("exact binomial (Clopper-Pearson) interval of the share of fold values at "
                "the value; the largest of the cells: high end from each cell's interval, "
                "low end Bonferroni over the cells")


def clopper_pearson(count: int, n: int, level: float) -> tuple[float, float]:
    """Clopper and Pearson's two-sided ``level`` interval of a binomial share ``count/n``.

    Examples
    --------
    >>> [round(v, 4) for v in clopper_pearson(0, 25, 0.95)]
    [0.0, 0.1372]
    >>> clopper_pearson(3, 0, 0.95)
    Traceback (most recent call last):
    ...
    ValueError: n must be a positive count with 0 <= count <= n, got count 3 of n 0
    """
    if not (isinstance(n, (int, np.integer)) and n > 0 and 0 <= count <= n):
        raise ValueError(f"n must be a positive count with 0 <= count <= n, got count {count} "
                         f"of n {n}")
    return _clopper_pearson(int(count), int(n), float(level))


@lru_cache(maxsize=65536)
def _clopper_pearson(count: int, n: int, level: float) -> tuple[float, float]:
    # The beta-quantile form of the interval (statsmodels' proportion_confint, "beta"): the
    # same interval as scipy.stats.binomtest(...).proportion_ci(method="exact"), which finds
    # each end by root-finding on the binomial cdf -- 2 ms a call, and a p-value's bisection
    # asks for thousands (tests/unit/test_claims.py agree the two to 1e-9). Cached: a
    # bisection over levels revisits the same cells.
    from statsmodels.stats.proportion import proportion_confint

    low, high = proportion_confint(count, n, alpha=1 - level, method="beta")
    return float(low), float(high)


@dataclass(frozen=True)
class LargestShare(Estimate):
    """The largest of several cells' binomial shares (:func:`largest_share`); ``counts``
    holds ``(count, n)`` per cell."""

    counts: tuple = ()

    def interval_at(self, level: float) -> tuple[float, float]:
        k = len(self.counts)
        # the high end: the true largest cell's own interval (no multiplicity); the low
        # end: every cell at two-sided 1 - (1 - level)/K (Bonferroni)
        highs = [clopper_pearson(c, n, level)[1] for c, n in self.counts]
        lows = [clopper_pearson(c, n, 1 - (1 - level) / k)[0] for c, n in self.counts]
        ends = (max(lows), max(highs))
        for shift in self.shifts:
            ends = (ends[0] + shift, ends[1] + shift)
        return ends


def largest_share(counts, *, method: str | None = None) -> LargestShare:
    """The largest share ``count / n`` over cells, with its exact asymmetric interval.

    Parameters
    ----------
    counts : sequence of ``(count, n)``: per cell, the fold values at the value (e.g. GMean
        exactly 0) and the cell's fold values.
    method : the method text to record (default :data:`SHARE_METHOD`).

    Returns
    -------
    :class:`LargestShare`: ``value`` the largest share, ``units`` the fewest fold values of
    a cell; ``interval(level)`` as the module docstring says.

    Examples
    --------
    >>> e = largest_share([(0, 25), (25, 25)])
    >>> e.value, [round(v, 4) for v in e.interval()]
    (1.0, [0.8392, 1.0])
    >>> [round(v, 4) for v in largest_share([(0, 25), (0, 25)]).interval()]
    [0.0, 0.1372]
    """
    cells = tuple((int(c), int(n)) for c, n in counts)
    if not cells:
        raise ValueError("largest_share needs at least one cell")
    for c, n in cells:
        clopper_pearson(c, n, 0.5)  # checks the counts before any interval is asked for
    value = max(c / n for c, n in cells)
    fewest = min(n for _, n in cells)
    # as for a CV mean (MIN_FOLD_VALUES): a cell of fewer fold values says too little for a
    # verdict -- its exact interval is wide, and no decision should rest on it
    why = (f"{fewest} fold values, at least {MIN_FOLD_VALUES} needed"
           if fewest < MIN_FOLD_VALUES else None)
    return LargestShare(float(value), method or SHARE_METHOD, fewest, why, counts=cells,
                        method_kind=Method.LARGEST_SHARE,
                        reason=None if why is None else Reason.TOO_FEW_FOLDS)
