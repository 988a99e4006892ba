"""Intervals of indices of scores: DeLong against the O(n²) definition, the bootstrap's
vectorised indices against imbeval.scores, the estimate inside every interval, the coverage
flag's rule, and the errors."""

import math

import numpy as np
import pytest

from imbeval.metrics._ci import IndexInterval, coverage_flag
from imbeval.scores import interval, paired_interval, score
from imbeval.scores import _intervals as si


def _psi(x, y):
    return 1.0 if x > y else 0.5 if x == y else 0.0


def naive_components(positive, s, w):
    """DeLong's structural components and their weighted variances by double loops."""
    pos = [(s[i], w[i]) for i in range(len(s)) if positive[i]]
    neg = [(s[j], w[j]) for j in range(len(s)) if not positive[j]]
    m_, n_ = sum(wi for _, wi in pos), sum(wj for _, wj in neg)
    v10 = [sum(wj * _psi(x, y) for y, wj in neg) / n_ for x, _ in pos]
    v01 = [sum(wi * _psi(x, y) for x, wi in pos) / m_ for y, _ in neg]
    auc = sum(wi * v for (_, wi), v in zip(pos, v10)) / m_
    return auc, v10, v01, [wi for _, wi in pos], [wj for _, wj in neg], m_, n_


def naive_var(v, w, total, mean):
    return sum(wi * (vi - mean) ** 2 for vi, wi in zip(v, w)) / (total - 1)


def naive_delong(positive, s, w):
    auc, v10, v01, pw, nw, m_, n_ = naive_components(positive, s, w)
    return auc, naive_var(v10, pw, m_, auc) / m_ + naive_var(v01, nw, n_, auc) / n_


def random_data(seed, n=40, ties=True, weights=False):
    rng = np.random.default_rng(seed)
    positive = rng.random(n) < 0.35
    positive[:2] = [True, False]
    s = rng.normal(size=n) + positive
    if ties:
        s = np.round(s, 1)
    w = rng.integers(1, 4, size=n).astype(float) if weights else np.ones(n)
    return positive, s, w


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("weights", [False, True])
def test_delong_variance_is_the_o_n2_definition(seed, weights):
    positive, s, w = random_data(seed, weights=weights)
    auc, var = si.delong(positive, s, w)
    ref_auc, ref_var = naive_delong(positive, s, w)
    assert auc == pytest.approx(ref_auc, abs=1e-12)
    assert var == pytest.approx(ref_var, rel=1e-10)
    assert auc == pytest.approx(score("roc_auc", positive.astype(int), s, sample_weight=w))


def test_integer_weights_are_repetitions():
    positive, s, w = random_data(5, weights=True)
    reps = w.astype(int)
    assert si.delong(positive, s, w) == pytest.approx(
        si.delong(np.repeat(positive, reps), np.repeat(s, reps)), rel=1e-12)


@pytest.mark.parametrize("seed", range(3))
def test_paired_delong_is_the_o_n2_definition(seed):
    positive, a, w = random_data(seed, weights=seed == 2)
    b = np.round(a + np.random.default_rng(seed + 10).normal(size=a.size), 1)
    auc_a, va10, va01, pw, nw, m_, n_ = naive_components(positive, a, w)
    auc_b, vb10, vb01, _, _, _, _ = naive_components(positive, b, w)

    def cov(x, y, ww, total, mx, my):
        return sum(wi * (xi - mx) * (yi - my) for xi, yi, wi in zip(x, y, ww)) / (total - 1)
    var = ((cov(va10, va10, pw, m_, auc_a, auc_a) + cov(vb10, vb10, pw, m_, auc_b, auc_b)
            - 2 * cov(va10, vb10, pw, m_, auc_a, auc_b)) / m_
           + (cov(va01, va01, nw, n_, auc_a, auc_a) + cov(vb01, vb01, nw, n_, auc_b, auc_b)
              - 2 * cov(va01, vb01, nw, n_, auc_a, auc_b)) / n_)
    d, v = si.delong_paired(positive, a, b, w)
    assert d == pytest.approx(auc_a - auc_b, abs=1e-12)
    assert v == pytest.approx(var, rel=1e-10)


def test_paired_delong_against_unpaired():
    positive, a, _ = random_data(7, n=60)
    # a constant B has AUC 1/2 and constant components: the paired variance is A's own
    assert si.delong_paired(positive, a, np.zeros(a.size)) == pytest.approx(
        (si.delong(positive, a)[0] - 0.5, si.delong(positive, a)[1]), rel=1e-12)
    # an independent B: the covariance is near 0, the variance near the sum of the two
    rng = np.random.default_rng(3)
    positive = rng.random(4000) < 0.3
    a, b = rng.normal(size=4000) + positive, rng.normal(size=4000) + positive
    total = si.delong(positive, a)[1] + si.delong(positive, b)[1]
    assert si.delong_paired(positive, a, b)[1] == pytest.approx(total, rel=0.1)
    p = paired_interval("roc_auc", positive.astype(int), a, b, ci_method="delong")
    z = p.value / math.sqrt(si.delong_paired(positive, a, b)[1])
    assert p.pvalue == pytest.approx(math.erfc(abs(z) / math.sqrt(2)), rel=1e-9)


@pytest.mark.parametrize("name", ["roc_auc", "average_precision",
                                  "calibrated_average_precision", "auprg"])
def test_vectorised_bootstrap_indices_are_the_library_s(name):
    positive, s, _ = random_data(11, n=50)
    rows = si._resample_weights(positive, np.ones(s.size), 5, np.random.default_rng(0))
    tp, fp = si._curve_counts(positive, s, rows)
    got = si._rank_indices(name, tp, fp, 0.5)
    want = [score(name, positive.astype(int), s, sample_weight=r) for r in rows]
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)


def test_resamples_keep_each_class_total():
    positive, _, w = random_data(2, weights=True)
    rows = si._resample_weights(positive, w, 20, np.random.default_rng(1))
    np.testing.assert_allclose(rows[:, positive].sum(axis=1), w[positive].sum())
    np.testing.assert_allclose(rows[:, ~positive].sum(axis=1), w[~positive].sum())


def test_newcombe_solves_its_score_equation():
    z = 1.959963984540054
    for auc, m_, n_ in [(0.8, 6, 54), (0.55, 20, 20), (1.0, 5, 45), (0.0, 10, 10)]:
        low, high = si.newcombe(auc, m_, n_)
        for t in (low, high):
            if 0 < t < 1:
                assert (auc - t) ** 2 == pytest.approx(z * z * si._hanley_mcneil(t, m_, n_),
                                                       abs=1e-9)
        assert low <= auc <= high and high > low


def test_newcombe_is_singlecasees_nap_interval():
    # R's SingleCaseES, NAP() of baseline A = (20, 20, 26, 25, 22, 23) and treatment
    # B = (28, 25, 24, 27, 30, 30, 29), "higher": 11/12 with Newcombe's Method 5 intervals
    # 90 % [0.6591091902344411, 0.9822247870934007], 95 % [0.5973193600384168,
    # 0.9859976893703788] (the values a peer's test records from it)
    a, b = [20, 20, 26, 25, 22, 23], [28, 25, 24, 27, 30, 30, 29]
    y = np.r_[np.zeros(6, int), np.ones(7, int)]
    e = interval("roc_auc", y, a + b, ci_method="newcombe", ci=0.9)
    assert e.value == pytest.approx(11 / 12)
    assert (e.low, e.high) == pytest.approx((0.6591091902344411, 0.9822247870934007),
                                            abs=1e-9)
    assert si.newcombe(11 / 12, 7, 6) == pytest.approx(
        (0.5973193600384168, 0.9859976893703788), abs=1e-9)


def test_boyd_logit_is_its_formula():
    ap, n = 0.7, 30
    tau = 1.959963984540054 / math.sqrt(n * ap * (1 - ap))
    eta = math.log(ap / (1 - ap))
    assert si.boyd_logit(ap, n) == pytest.approx(
        (1 / (1 + math.exp(tau - eta)), 1 / (1 + math.exp(-eta - tau))))


def _data(kind, seed=0, n_pos=8, n_neg=30):
    rng = np.random.default_rng(seed)
    y = np.r_[np.ones(n_pos, int), np.zeros(n_neg, int)]
    x = rng.normal(size=y.size) + y
    if kind == "perfect":
        x = y * 3.0 + rng.random(y.size)
    elif kind == "reversed":
        x = -y * 3.0 + rng.random(y.size)
    return y, x, 1 / (1 + np.exp(-(x - 1)))


@pytest.mark.parametrize("kind", ["usual", "perfect", "reversed"])
@pytest.mark.parametrize("name", list(si.METHODS_OF))
def test_the_estimate_lies_inside_every_interval(kind, name):
    y, x, p = _data(kind)
    s = p if name in ("brier_score", "log_loss") else x
    low_end, high_end = si.get_info(name).bounds
    for method in si.METHODS_OF[name]:
        e = interval(name, y, s, ci_method=method, n_resamples=200)
        assert isinstance(e, IndexInterval)
        if e.undecidable is not None:  # a perfect (or reversed) ranking's bootstrap: no
            # interval, and it says so
            assert kind != "usual" and method == "bootstrap" and math.isnan(e.low)
            continue
        assert low_end <= e.low <= e.value <= e.high <= high_end
        assert e.high > e.low
        if name == "roc_auc" and kind != "usual":  # AUC 1 or 0: one-sided at its end
            assert e.value in (0.0, 1.0) and e.method == "newcombe"
            assert (e.high == 1.0) if e.value == 1.0 else (e.low == 0.0)


def test_one_sided_at_auc_one_is_the_level_s_one_sided_bound():
    y, x, _ = _data("perfect")
    e = interval("roc_auc", y, x, ci_method="newcombe")
    assert e.low == pytest.approx(si.newcombe(1.0, 8, 30, level=0.90)[0])


def test_paired_intervals_hold_the_difference():
    y, x, p = _data("usual", seed=3, n_pos=15, n_neg=40)
    x2 = x + np.random.default_rng(9).normal(size=x.size)
    for name in ("roc_auc", "average_precision", "auprg"):
        for method in si.PAIRED_METHODS_OF.get(name, ("bootstrap",)):
            d = paired_interval(name, y, x, x2, ci_method=method, n_resamples=300)
            assert d.low <= d.value <= d.high and d.high > d.low
            assert d.value == pytest.approx(score(name, y, x) - score(name, y, x2))


def test_score_with_ci_is_the_interval():
    y, x, _ = _data("usual")
    a = score("roc_auc", y, x, ci=0.9, ci_method="delong")
    b = interval("roc_auc", y, x, ci=0.9, ci_method="delong")
    assert (a.value, a.low, a.high, a.method, a.level) == (b.value, b.low, b.high, b.method,
                                                           0.9)
    assert isinstance(score("roc_auc", y, x), float)


def test_the_coverage_flag_follows_the_labels_rule():
    table = si.score_coverage_table()
    assert table, "the shipped table score_ci_coverage.csv.gz is not readable"
    y, x, _ = _data("usual", n_pos=20, n_neg=80)
    for method in ("delong", "delong-logit", "newcombe"):
        e = interval("roc_auc", y, x, ci_method=method)
        auc = score("roc_auc", y, x)
        regime = si.score_regime(y == 1, np.ones(y.size), auc)
        cell = table[("single", "roc_auc", *regime)][method]
        assert e.coverage_flag == coverage_flag(cell.validation_covered,
                                                cell.validation_defined)
        assert e.coverage == pytest.approx(cell.validation)
        assert e.regime == "min={} IR={} AUC={}".format(*regime)
    assert interval("roc_auc", y, x, ci=0.9).coverage_flag == "not measured"
    auto = interval("roc_auc", y, x)
    assert auto.method == si.choose_method(
        table[("single", "roc_auc", *regime)])[0]


@pytest.mark.parametrize("call, message", [
    (lambda: interval("roc_auc", [1, 1, 1], [0.1, 0.2, 0.3]), "one class only"),
    (lambda: interval("roc_auc", [0, 1, 1], [0.1, np.nan, 0.3]), "NaN"),
    (lambda: interval("roc_auc", [0, 1, 1], [0.1, 0.2, 0.3], ci_method="wald"),
     "ci_method must be one of"),
    (lambda: interval("auprg", [0, 1, 1], [0.1, 0.2, 0.3], ci_method="delong"),
     "takes ci_method="),
    (lambda: interval("brier_score", [0, 1, 1], [0.1, 2.0, 0.3]), "probabilities"),
    (lambda: interval("roc_aux", [0, 1, 1], [0.1, 0.2, 0.3]), "did you mean"),
    (lambda: interval("roc_auc_ovr", [0, 1, 2], np.eye(3)), "two-class"),
    (lambda: interval("roc_auc", [0, 1, 1], [0.1, 0.2, 0.3], ci=1.5), "ci"),
    (lambda: paired_interval("roc_auc", [0, 1, 1], [0.1, 0.2, 0.3], [0.1, 0.2]), "samples"),
])
def test_bad_input_is_a_clear_error(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_the_bootstrap_of_a_recalibrated_loss_leaves_out_what_a_resample_leaves_out():
    # the CORP components recalibrate to probabilities of 0 and 1, whose log-loss is
    # infinite: a resample's left-out point must not enter as inf * 0
    import warnings

    from imbeval.scores import registry

    rng = np.random.default_rng(0)
    y = np.r_[np.ones(10), np.zeros(100)]
    p = 1 / (1 + np.exp(-(rng.normal(size=110) + 1.19 * y)))
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        e = interval("log_loss_miscalibration", y, p, n_resamples=200, random_state=3)
    assert e.low < e.value < e.high and e.undefined_share == 0
    # each draw is the index of the resample's own points
    fn = registry()["log_loss_miscalibration"].function
    weights = si._resample_weights(y == 1, np.ones(y.size), 5, np.random.default_rng(1))
    draws = si._bootstrap_draws("log_loss_miscalibration", registry()["log_loss_miscalibration"],
                                {}, y == 1, [p], np.ones(y.size), 5, np.random.default_rng(1))
    for row, draw in zip(weights, draws):
        keep = row > 0
        assert draw == pytest.approx(fn(y[keep], p[keep], sample_weight=row[keep]))
