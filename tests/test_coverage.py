"""Coverage of the CV-mean interval on a dependent-fold model where it is exact.

Nadeau and Bengio (2003) model the ``n = r k`` fold values of a repeated k-fold CV as
exchangeable with variance ``sigma^2`` and correlation ``rho = n_test/n = 1/k`` between any
two: ``y = mu + a + e`` with a data-set effect ``a ~ N(0, rho sigma^2)`` shared by all folds
and fold noise ``e ~ N(0, (1 - rho) sigma^2)``. Then ``Var(mean) = (1/n + rho/(1 - rho))
E[s^2]`` and, ``a`` cancelling from ``s^2``, ``(mean - mu)/se`` is exactly t with
``n - 1`` degrees of freedom: :func:`imbeval.inference.cv_interval` must cover ``mu`` at its
nominal level, while the percentile bootstrap over folds taken as independent
(:mod:`imbeval._bootstrap`) must not. The realistic classifier simulation is
``benchmarks/coverage.py``.
"""

from __future__ import annotations

import numpy as np
import pytest

from imbeval._bootstrap import draw_counts, percentile_interval
from imbeval.inference import cv_interval

MU, SIGMA = 0.7, 0.04


def fold_values(datasets, runs, folds, seed):
    rng = np.random.default_rng(seed)
    rho = 1 / folds
    shared = rng.normal(0, SIGMA * np.sqrt(rho), size=(datasets, 1, 1))
    noise = rng.normal(0, SIGMA * np.sqrt(1 - rho), size=(datasets, runs, folds))
    return MU + shared + noise


def coverage(intervals):
    ci = np.asarray(intervals)
    return float(np.mean((ci[:, 0] <= MU) & (MU <= ci[:, 1])))


def band(level, datasets, z=4.0):
    """Nominal level ± z Monte Carlo standard errors (a wrong interval lands outside)."""
    se = np.sqrt(level * (1 - level) / datasets)
    return level - z * se, level + z * se


@pytest.mark.parametrize("runs, folds, level", [(5, 5, 0.95), (2, 3, 0.95), (1, 5, 0.9)])
def test_corrected_interval_covers_at_its_level(runs, folds, level):
    datasets = 1500
    values = fold_values(datasets, runs, folds, seed=[runs, folds])
    low, high = band(level, datasets)
    got = coverage([cv_interval(v, level=level) for v in values])
    assert low <= got <= high, (got, (low, high))


def test_the_band_rejects_the_uncorrected_t():
    # the same check, with the correlation ignored (test_to_train = 0: the t interval of
    # independent folds), fails: the band has the power to see a wrong variance
    datasets = 1500
    values = fold_values(datasets, 5, 5, seed=1)
    got = coverage([cv_interval(v, test_to_train=0.0) for v in values])
    assert got < band(0.95, datasets)[0] - 0.2


def test_fold_bootstrap_undercovers():
    # the old percentile bootstrap over (run, fold) pairs as independent units
    datasets, runs, folds = 400, 5, 5
    values = fold_values(datasets, runs, folds, seed=2)
    boot = []
    for i, v in enumerate(values):
        counts = draw_counts(runs * folds, 0, "test_coverage", i, replicates=400)
        boot.append(percentile_interval(counts @ v.ravel() / (runs * folds)))
    naive = coverage(boot)
    corrected = coverage([cv_interval(v) for v in values])
    # about 50% expected: far below the nominal 95%, and far below the corrected interval
    assert naive < 0.75
    assert corrected - naive > 0.3
