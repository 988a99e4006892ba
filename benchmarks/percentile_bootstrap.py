"""A seeded percentile bootstrap over a run's (run, fold) pairs: the baseline the shipped
intervals are measured against.

It treats a run's (run, fold) pairs as independent, and on repeated cross-validation its
95% intervals cover the expected CV mean about 50-85% of the time (docs/performance.md);
``benchmarks/coverage.py`` and ``tests/unit/test_coverage.py`` measure the shipped
intervals against it.

A run's number (a figure's value, a claim's margin) is a statistic of the run's
*resampling units*: the (run, outer fold) pairs of a problem, the problems of a figure.
Its 95% interval is the percentile interval of the statistic over :data:`REPLICATES`
bootstrap replicates, each recomputing it on units drawn with replacement (Efron and
Tibshirani 1993, ch. 13). Draws come from :func:`imbeval.utils.seeds.derive_rng` with the
config's seed and keys naming the units, so two runs of the same config give identical
intervals.

A replicate is represented by the *counts* of each unit (how often it was drawn): a
statistic that is a weighted mean of the units takes them as weights, which keeps the
computation vectorised over replicates.
"""

from __future__ import annotations

import numpy as np

from imbeval.utils.seeds import derive_rng

__all__ = ["LEVEL", "REPLICATES", "METHOD", "draw_counts", "percentile_interval"]

#: coverage of every interval
LEVEL = 0.95
#: replicates per interval (the 2.5% percentile of 2000 draws moves by about 0.06 standard
#: errors from one seed to another, simulated)
REPLICATES = 2000
#: how the intervals are made, as a report states it
METHOD = (f"{LEVEL:.0%} percentile interval of a seeded bootstrap ({REPLICATES} replicates) "
          "over the run's resampling units")


def draw_counts(n_units: int, seed: int, *keys, replicates: int = REPLICATES) -> np.ndarray:
    """How often each of ``n_units`` units is drawn in each bootstrap replicate.

    Parameters
    ----------
    n_units : number of units (at least 1).
    seed : the config's seed; ``keys`` name the units (see :func:`imbeval.utils.seeds.derive_seed`).
    replicates : number of replicates (at least 1).

    Returns
    -------
    numpy.ndarray of int, shape ``(replicates, n_units)``: each row sums to ``n_units``.

    Examples
    --------
    >>> c = draw_counts(5, 7, "example", replicates=3)
    >>> c.shape, c.sum(axis=1).tolist()
    ((3, 5), [5, 5, 5])
    >>> bool((c == draw_counts(5, 7, "example", replicates=3)).all())
    True
    """
    if isinstance(n_units, bool) or not isinstance(n_units, (int, np.integer)) or n_units < 1:
        raise ValueError(f"n_units must be a positive integer, got {n_units!r}")
    if isinstance(replicates, bool) or not isinstance(replicates, (int, np.integer)) \
            or replicates < 1:
        raise ValueError(f"replicates must be a positive integer, got {replicates!r}")
    rng = derive_rng(seed, "bootstrap", *keys)
    return rng.multinomial(int(n_units), np.full(int(n_units), 1.0 / n_units),
                           size=int(replicates))


def percentile_interval(values, level: float = LEVEL) -> tuple[float, float]:
    """The percentile interval of bootstrap replicates (NaN replicates left out).

    Parameters
    ----------
    values : the statistic on each replicate (array-like of floats).
    level : coverage, in (0, 1).

    Returns
    -------
    ``(low, high)``: the ``(1 - level)/2`` and ``(1 + level)/2`` quantiles; ``(nan, nan)``
    when no replicate is a number.

    Examples
    --------
    >>> [round(v, 9) for v in percentile_interval(range(201), level=0.9)]
    [10.0, 190.0]
    """
    if not 0 < level < 1:
        raise ValueError(f"level must lie in (0, 1), got {level!r}")
    v = np.asarray(values, dtype=float).ravel()
    v = v[~np.isnan(v)]
    if v.size == 0:
        return float("nan"), float("nan")
    low, high = np.quantile(v, [(1 - level) / 2, (1 + level) / 2])
    return float(low), float(high)
