"""Coverage of the CV-mean interval on a dependent-fold model where it is exact.

Nadeau and Bengio (2003) model the ``n = r k`` fold values of a repeated k-fold CV as
exchangeable with variance ``sigma^2`` and correlation ``rho = n_test/n = 1/k`` between any
two: ``y = mu + a + e`` with a data-set effect ``a ~ N(0, rho sigma^2)`` shared by all folds
and fold noise ``e ~ N(0, (1 - rho) sigma^2)``. Then ``Var(mean) = (1/n + rho/(1 - rho))
E[s^2]`` and, ``a`` cancelling from ``s^2``, ``(mean - mu)/se`` is exactly t with
``n - 1`` degrees of freedom: :func:`imbeval.inference.cv_interval` must cover ``mu`` at its
nominal level, while the percentile bootstrap over folds taken as independent
(benchmarks/percentile_bootstrap.py) must not. The realistic classifier simulation is
``benchmarks/coverage.py``.
"""

from __future__ import annotations

import numpy as np
import pytest

from imbeval.inference import cv_interval

from benchmark_helpers import load_benchmark

_baseline = load_benchmark("percentile_bootstrap")
draw_counts, percentile_interval = _baseline.draw_counts, _baseline.percentile_interval

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


# ---------------------------------------------------------------------------------------
# a learner the correction does not assume: the pipeline's SVM at IR 9
# ---------------------------------------------------------------------------------------

def _gaussian(rng, n1, n0, dims=5, separation=1.5):
    x = rng.standard_normal((n1 + n0, dims))
    x[:n1] += separation / np.sqrt(dims)
    return x, np.r_[np.ones(n1, dtype=int), np.zeros(n0, dtype=int)]


def _balanced_accuracy(y, pred):
    return (np.mean(pred[y == 1] == 1) + np.mean(pred[y == 0] == 0)) / 2


def svm_coverage(datasets=200, draws=100, minority_per_fold=10, ir=9, folds=5, seed=31):
    """Coverage of the old and the decision interval for the CV balanced accuracy of the
    mortaz2020 grid's SVM (standardise, then scikit-learn's SVC) on 1 x 5 stratified CV.

    Target: the SVM's expected population balanced accuracy over training sets of the
    CV's size (``minority_per_fold (folds - 1)`` minority, ``ir`` times as many majority
    points), by a Monte Carlo of ``draws`` training sets each scored on 2 x 4000 fresh
    points (Monte Carlo error about 0.004, small against the intervals' half-widths of
    0.05-0.1)."""
    from sklearn.model_selection import StratifiedKFold

    from imbeval_repro.experiment.classifiers import make_classifier
    from imbeval.inference import cv_estimate

    rng = np.random.default_rng(seed)
    n1 = minority_per_fold * (folds - 1)
    truth = []
    for _ in range(draws):
        x, y = _gaussian(rng, n1, ir * n1)
        xt, yt = _gaussian(rng, 4000, 4000)
        truth.append(_balanced_accuracy(yt, make_classifier("SVM", {}, 0).fit(x, y).predict(xt)))
    target = float(np.mean(truth))
    old, new = [], []
    for _ in range(datasets):
        x, y = _gaussian(rng, minority_per_fold * folds, ir * minority_per_fold * folds)
        split = StratifiedKFold(folds, shuffle=True, random_state=int(rng.integers(2**31)))
        v = [_balanced_accuracy(y[te], make_classifier("SVM", {}, 0).fit(x[tr], y[tr])
                                .predict(x[te])) for tr, te in split.split(x, y)]
        old.append(cv_interval([v]))
        e = cv_estimate([v])
        # an undecidable estimate (tied fold values) makes no claim: it cannot miss
        new.append((-np.inf, np.inf) if e.undecidable else e.interval())
    inside = lambda ci: float(np.mean([lo <= target <= hi for lo, hi in ci]))  # noqa: E731
    decisive = float(np.mean([np.isfinite(lo) for lo, _ in new]))
    return inside(old), inside(new), decisive


def test_decision_interval_covers_an_imbalanced_svm_where_nadeau_bengio_does_not():
    # 10 minority points per fold at IR 9: the SVM's folds are far more correlated than
    # Nadeau and Bengio's n_test/n, and Nadeau-Bengio's 1/(k - 1) covers about 74 % (issue
    # 31; benchmarks/coverage.py learners). The decision interval must reach the goal of
    # 93 % within 2.5 Monte Carlo errors of 200 data sets (0.885), a bound the old
    # interval misses by several errors: the test can fail (measured with this seed: old
    # 0.74, new 1.0, decisive 0.39; about 11 s of CPU).
    datasets = 200
    old, new, decisive = svm_coverage(datasets=datasets)
    bound = 0.93 - 2.5 * np.sqrt(0.93 * 0.07 / datasets)
    assert new >= bound, (new, bound)
    assert old < bound, (old, bound)
    # and not by deciding nothing: the rule still makes a claim on a good share of them
    assert decisive >= 0.25, decisive


def test_the_decision_rule_is_the_conservative_ratio_and_refuses_tied_folds():
    from imbeval.inference import DECISION_TEST_TO_TRAIN, cv_estimate

    v = np.array([[0.61, 0.55, 0.58, 0.66, 0.52], [0.57, 0.63, 0.59, 0.54, 0.60]])
    e = cv_estimate(v)
    assert DECISION_TEST_TO_TRAIN == 2.0
    assert e.se == pytest.approx(np.sqrt((1 / 10 + 2.0) * v.var(ddof=1)))
    lo, hi = e.interval()
    nb_lo, nb_hi = cv_interval(v)            # Nadeau and Bengio's 1/(k - 1) = 0.25
    assert lo < nb_lo and nb_hi < hi
    # half the folds or more at one value (an SVM predicting only the majority class)
    tied = cv_estimate([[0.5, 0.5, 0.5, 0.55, 0.6], [0.5, 0.62, 0.5, 0.57, 0.58]])
    assert tied.undecidable.startswith("tied fold values: 5 of 10 are 0.5")
    assert cv_estimate([[0.5, 0.5, 0.55, 0.6, 0.65, 0.7]]).undecidable is None   # 2 of 6
