"""ortigosa2016: Hölder means of recalls, their special cases, and the S_sup/S_inf bounds."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from scipy.stats import norm

from imbeval.indices import mortaz2020, ortigosa2016 as og

from conftest import confusion_matrices

recall_vectors = hnp.arrays(
    np.float64, st.integers(2, 8), elements=st.floats(0.0, 1.0, allow_nan=False)
)


def population_matrix(eta, r1, r2):
    """Expected two-class confusion matrix (as proportions) for priors (η, 1−η)."""
    return np.array([[eta * r1, eta * (1 - r1)], [(1 - eta) * (1 - r2), (1 - eta) * r2]])


def test_bayes_rule_example_of_the_notes():
    """δ = 2, η = 0.1, classes N(0,1) and N(δ,1): the Bayes rule's recalls and scores."""
    delta, eta = 2.0, 0.1
    t = delta / 2 + np.log(eta / (1 - eta)) / delta
    r1, r2 = norm.cdf(t), 1 - norm.cdf(t - delta)
    m = population_matrix(eta, r1, r2)
    np.testing.assert_allclose(og.class_recalls(m), [0.4607, 0.9821], atol=5e-5)
    assert og.weighted_accuracy(m) == pytest.approx(0.9299, abs=5e-5)
    assert mortaz2020.accuracy(m) == pytest.approx(0.9299, abs=5e-5)
    assert og.a_mean(m) == pytest.approx(0.7214, abs=5e-5)
    assert og.g_mean(m) == pytest.approx(0.6727, abs=5e-5)
    assert og.h_mean(m) == pytest.approx(0.6272, abs=5e-5)
    assert og.min_recall(m) == pytest.approx(0.4607, abs=5e-5)
    assert og.max_recall(m) == pytest.approx(0.9821, abs=5e-5)


def test_precision_and_recall_are_column_and_row_ratios():
    m = np.array([[6, 2, 2], [1, 8, 1], [0, 3, 7]])
    np.testing.assert_allclose(og.class_recalls(m), [0.6, 0.8, 0.7])
    np.testing.assert_allclose(og.class_precisions(m), [6 / 7, 8 / 13, 7 / 10])


@given(recall_vectors, st.floats(-60, 60), st.floats(-60, 60))
def test_holder_mean_inequality(a, p, q):
    lo, hi = sorted((p, q))
    assert og.holder_mean(a, hi) >= og.holder_mean(a, lo) - 1e-9
    assert a.min() - 1e-12 <= og.holder_mean(a, lo) <= a.max() + 1e-12


@given(recall_vectors)
def test_holder_mean_special_cases(a):
    k = a.size
    assert og.holder_mean(a, 1) == pytest.approx(a.mean())
    assert og.holder_mean(a, 0) == pytest.approx(np.prod(a) ** (1 / k), abs=1e-12)
    if np.all(a > 1e-300):
        assert og.holder_mean(a, -1) == pytest.approx(k / np.sum(1 / a))
    elif np.all(a > 0):
        assert og.holder_mean(a, -1) <= k * a.min()
    else:
        assert og.holder_mean(a, -1) == 0.0
    assert og.holder_mean(a, np.inf) == a.max()
    assert og.holder_mean(a, -np.inf) == a.min()
    # the limits are continuous: large |p| approaches max and min
    assert og.holder_mean(a, 400) == pytest.approx(a.max(), abs=0.02 * max(a.max(), 1e-9) + 1e-9)


def test_holder_mean_extreme_exponents_stay_finite():
    a = np.array([0.01, 0.5, 1.0])
    for p in (-1000, -300, 300, 1000):
        value = og.holder_mean(a, p)
        assert np.isfinite(value) and a.min() <= value <= a.max()


def test_holder_mean_weights_and_errors():
    a = np.array([0.2, 0.8])
    assert og.holder_mean(a, 1, weights=[0.25, 0.75]) == pytest.approx(0.65)
    assert og.holder_mean(a, np.inf, weights=[1.0, 0.0]) == pytest.approx(0.2)
    with pytest.raises(ValueError, match="sum to 1"):
        og.holder_mean(a, 1, weights=[0.5, 0.6])
    with pytest.raises(ValueError, match="non-negative"):
        og.holder_mean(-a, 1)
    assert np.isnan(og.holder_mean(np.array([np.nan, 0.5]), 2))


@given(confusion_matrices(max_classes=6))
def test_weighted_accuracy_is_accuracy(m):
    assert og.weighted_accuracy(m) == pytest.approx(mortaz2020.accuracy(m), abs=1e-12)


@pytest.mark.parametrize("k", [2, 3, 5, 10])
def test_random_classifier_scores_one_over_k(k):
    rand = np.full((k, k), 7.0)
    for f in (og.a_mean, og.g_mean, og.h_mean, og.min_recall, og.max_recall):
        assert f(rand) == pytest.approx(1 / k)
    for p in (-50, -1, 0, 0.5, 1, 50):
        assert og.holder_mean_of_recalls(rand, p) == pytest.approx(1 / k)


@pytest.mark.parametrize(
    "k, p, expected",
    [(2, -1, 0.6667), (2, 1, 0.7500), (3, -1, 0.6000), (3, 1, 0.7778)],
)
def test_s_sup_table(k, p, expected):
    assert og.s_sup(p, k) == pytest.approx(expected, abs=5e-5)


@pytest.mark.parametrize("k", [2, 3, 4, 7])
def test_s_sup_is_the_extreme_case_and_has_the_stated_limits(k):
    extreme = np.ones(k)
    extreme[0] = 1 / k
    for p in np.linspace(-50, 50, 41):
        assert og.s_sup(p, k) == pytest.approx(og.holder_mean(extreme, p), rel=1e-9)
    assert og.s_sup(0, k) == pytest.approx(k ** (-1 / k))
    assert og.s_sup(-np.inf, k) == pytest.approx(1 / k)
    assert og.s_sup(np.inf, k) == 1.0
    assert og.s_sup(-1e6, k) == pytest.approx(1 / k, rel=1e-4)
    assert og.s_sup(1e6, k) == pytest.approx(1.0, rel=1e-4)
    p = np.linspace(-50, 50, 101)
    assert np.all(np.diff(og.s_sup(p, k)) > 0)  # the gap to S_inf widens with p
    np.testing.assert_array_equal(og.s_inf(p, k), np.full(p.shape, 1 / k))


def test_eq22_as_printed_is_an_erratum():
    """The paper prints S_sup^p = (K^p + K^(p−1) + 1)^(1/p); that is no mean of recalls."""
    k, p = 2, 1
    printed = (k**p + k ** (p - 1) + 1) ** (1 / p)
    assert printed == pytest.approx(4.0)
    assert printed > 1  # a mean of recalls cannot exceed 1
    assert og.s_sup(p, k) == pytest.approx(0.75)


def test_competitiveness_regions():
    k, p = 3, -1
    sup = og.s_sup(p, k)
    labels = og.competitiveness([0.2, 0.5, sup, 0.95, np.nan], p, k)
    assert list(labels) == ["inferior", "indeterminate", "superior", "superior", "undefined"]
    with pytest.raises(ValueError, match="integer >= 2"):
        og.s_sup(1, 1)
