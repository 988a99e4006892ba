"""imbeval.inference: the intervals, tests and adjustments behind run-based verdicts,
checked against their formulas (scipy.stats, statsmodels) and their invariances."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from imbeval import inference

folds = st.lists(st.floats(0.0, 1.0, allow_nan=False), min_size=2, max_size=12)


@settings(max_examples=150, deadline=None)
@given(values=folds, shift=st.floats(-1, 1), scale=st.floats(0.1, 3))
def test_cv_interval_contains_the_mean_and_is_affine_equivariant(values, shift, scale):
    lo, hi = inference.cv_interval([values])
    mean = float(np.mean(values))
    assert lo <= mean + 1e-12 and mean - 1e-12 <= hi
    moved = inference.cv_interval([[scale * v + shift for v in values]])
    assert moved[0] == pytest.approx(scale * lo + shift, abs=1e-9)
    assert moved[1] == pytest.approx(scale * hi + shift, abs=1e-9)


def test_cv_interval_is_the_corrected_repeated_kfold_t():
    rng = np.random.default_rng(1)
    v = rng.normal(0.7, 0.03, size=(5, 5))
    n = v.size
    se = math.sqrt((1 / n + 1 / 4) * v.var(ddof=1))
    expected = stats.t.interval(0.95, n - 1, loc=v.mean(), scale=se)
    assert inference.cv_interval(v) == pytest.approx(expected)
    # the naive interval (test_to_train = 0) is narrower by sqrt(1 + n/(k - 1)) = sqrt(7.25)
    naive = inference.cv_interval(v, test_to_train=0.0)
    ratio = (expected[1] - expected[0]) / (naive[1] - naive[0])
    assert ratio == pytest.approx(math.sqrt(1 + n / 4))
    assert inference.cv_interval(v, level=0.99)[1] > expected[1]


def test_cv_estimate_needs_five_fold_values_to_decide_and_two_folds_to_exist():
    assert inference.cv_estimate([[0.5, 0.6]]).undecidable == "2 fold values, at least 5 needed"
    assert inference.cv_estimate([[0.5, 0.6, 0.7], [0.5, 0.6, 0.7]]).undecidable is None
    # NaN fold values are left out, and counted out
    e = inference.cv_estimate([[0.5, np.nan, 0.7, 0.6, 0.6, 0.5]])
    assert e.units == 5 and e.value == pytest.approx(0.58)
    with pytest.raises(ValueError, match="at least 2 folds"):
        inference.cv_estimate([[0.5]])
    with pytest.raises(ValueError, match="level"):
        inference.cv_interval([[0.5, 0.6]], level=1.0)


def test_problem_clusters_join_problems_that_share_a_class_transitively():
    clusters = inference.problem_clusters(
        {"a": ["x", "y"], "b": ["z"], "c": ["y", "w"], "d": ["w"], "e": ["v"], "f": ["z"]})
    assert clusters["a"] == clusters["c"] == clusters["d"]
    assert clusters["b"] == clusters["f"] != clusters["a"]
    assert len(set(clusters.values())) == 3


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sets(st.integers(0, 15), min_size=1, max_size=4), min_size=1, max_size=12))
def test_problems_in_different_clusters_share_no_class(class_sets):
    classes = {f"p{i}": s for i, s in enumerate(class_sets)}
    clusters = inference.problem_clusters(classes)
    for p, a in classes.items():
        for q, b in classes.items():
            if a & b:
                assert clusters[p] == clusters[q]
    members = {}
    for p, c in clusters.items():
        members.setdefault(c, set()).update(classes[p])
    seen = list(members.values())
    assert all(not (x & y) for i, x in enumerate(seen) for y in seen[i + 1:])


def test_cluster_estimate_is_a_t_interval_over_cluster_means():
    values = {f"p{i}": 0.1 * i for i in range(12)}
    clusters = {f"p{i}": i // 2 for i in range(12)}  # six clusters of two
    e = inference.cluster_estimate(values, clusters)
    means = np.array([0.1 * (2 * c + 0.5) for c in range(6)])
    expected = stats.t.interval(0.95, 5, loc=means.mean(), scale=stats.sem(means))
    assert e.interval() == pytest.approx(expected)
    assert e.units == 6 and "at least 10 needed" in e.undecidable
    alone = inference.cluster_estimate(values, {p: i for i, p in enumerate(values)})
    assert alone.undecidable is None and alone.units == 12
    with pytest.raises(ValueError, match="no cluster"):
        inference.cluster_estimate({"x": 1.0}, {})


def test_simultaneous_takes_each_component_at_the_bonferroni_level():
    comps = [inference.cv_estimate([[0.5, 0.55, 0.6, 0.52, 0.58]]),
             inference.cv_estimate([[0.7, 0.72, 0.69, 0.71, 0.73]])]
    m = inference.simultaneous(comps, lambda lo, hi: (lo.min(), hi.min()), 0.55)
    lo, hi = m.interval(0.9)
    each = [c.interval(0.95) for c in comps]  # 1 - 0.1/2
    assert (lo, hi) == pytest.approx((min(e[0] for e in each), min(e[1] for e in each)))
    assert m.units == 5
    few = inference.simultaneous([inference.cv_estimate([[0.5, 0.6]])],
                                 lambda lo, hi: (lo.min(), hi.min()), 0.55)
    assert few.undecidable == "2 fold values, at least 5 needed"


def test_rerun_estimate_uses_repeats_when_there_are_enough():
    rng = np.random.default_rng(2)
    v = rng.normal(0.7, 0.02, size=(12, 5))
    e = inference.rerun_estimate(v)
    (lo, hi), sd, source = e.interval(), e.sd, e.source
    run_means = v.mean(axis=1)
    assert source == "repeats" and sd == pytest.approx(run_means.std(ddof=1))
    half = stats.t.ppf(0.975, 11) * sd * math.sqrt(1 + 1 / 12)
    assert (lo, hi) == pytest.approx((v.mean() - half, v.mean() + half))
    # R = 2-9 repetitions are used, not discarded (t with R - 1 df)
    e2 = inference.rerun_estimate(v[:3], half_unit=0.0005)
    (lo2, hi2), source2 = e2.interval(), e2.source
    assert source2 == "repeats" and e2.sd_df == 2
    sd2 = v[:3].mean(axis=1).std(ddof=1)
    half2 = stats.t.ppf(0.975, 2) * sd2 * math.sqrt(1 + 1 / 3) + 0.0005
    assert (lo2, hi2) == pytest.approx((v[:3].mean() - half2, v[:3].mean() + half2))
    # one CV: the corrected variance of its mean (t with k - 1 df)
    e1 = inference.rerun_estimate(v[:1], half_unit=0.0005)
    assert e1.source == "corrected variance" and e1.sd_df == 4
    sd1 = math.sqrt((1 / 5 + 1 / 4) * v[:1].var(ddof=1))
    half1 = stats.t.ppf(0.975, 4) * sd1 * math.sqrt(2) + 0.0005
    assert e1.interval() == pytest.approx((v[:1].mean() - half1, v[:1].mean() + half1))


@settings(max_examples=100, deadline=None)
@given(diff=st.floats(-0.1, 0.1), se=st.floats(0.001, 0.05), df=st.integers(1, 30),
       tol=st.floats(0.005, 0.1))
def test_tost_is_the_larger_of_two_one_sided_p_values(diff, se, df, tol):
    p = inference.tost(diff, se, df, tol)
    assert p == pytest.approx(max(stats.t.sf((diff + tol) / se, df),
                                  stats.t.cdf((diff - tol) / se, df)))
    # equivalence is never shown for a difference outside the margin
    if abs(diff) >= tol:
        assert p >= 0.5 - 1e-12


@settings(max_examples=60, deadline=None)
@given(values=st.lists(st.floats(-0.2, 0.2), min_size=5, max_size=10))
def test_decision_p_value_of_a_two_sided_rule_is_the_t_tests(values):
    e = inference.cv_estimate([values])
    lo, hi = e.interval()
    if not np.isfinite(lo) or hi - lo == 0:
        return
    p = inference.decision_p_value(e, lambda ci: True if ci[0] > 0 or ci[1] < 0 else None)
    n = len(values)
    se = math.sqrt((1 / n + inference.DECISION_TEST_TO_TRAIN) * np.var(values, ddof=1))
    expected = 2 * stats.t.sf(abs(np.mean(values)) / se, n - 1)
    assert p == pytest.approx(expected, rel=2e-3, abs=1e-12)
    # the 95% decision and the p-value agree
    decided = lo > 0 or hi < 0
    if abs(expected - 0.05) > 1e-3:
        assert decided == (p <= 0.05)


def test_holm_matches_statsmodels_and_keeps_nans_out():
    from statsmodels.stats.multitest import multipletests

    p = [0.001, 0.02, 0.03, 0.2, float("nan")]
    reject, adjusted = inference.holm(p)
    ref_reject, ref_adjusted, _, _ = multipletests(p[:4], method="holm")
    assert reject[:4].tolist() == ref_reject.tolist() and not reject[4]
    assert adjusted[:4] == pytest.approx(ref_adjusted) and math.isnan(adjusted[4])


def test_decisive_level_gives_the_stated_replication_power():
    # DECISIVE_ALPHA's rationale (Goodman 1992): with the observed effect as the truth, a
    # re-run's two-sided z is centred on ours; at p = DECISIVE_ALPHA it reaches
    # p <= INTERVAL_ALPHA with probability REPLICATION_POWER, and at p = INTERVAL_ALPHA only
    # half the time
    from scipy import stats

    from imbeval import inference

    def power(p_observed):
        return stats.norm.cdf(stats.norm.isf(p_observed / 2)
                              - stats.norm.isf(inference.INTERVAL_ALPHA / 2))

    assert inference.DECISIVE_ALPHA < inference.INTERVAL_ALPHA
    assert abs(power(inference.DECISIVE_ALPHA) - inference.REPLICATION_POWER) < 0.005
    assert abs(power(inference.INTERVAL_ALPHA) - 0.5) < 1e-12
