"""The small-count interval ``ci_method="logit"`` (pseudo-counts and the delta method on
the logit scale of the index's range), and the coverage benchmark's vectorised intervals
against the library's one-at-a-time ones."""

from __future__ import annotations

import importlib.util
import math
import warnings
from pathlib import Path

import numpy as np
import pytest
from scipy import stats

from imbeval.metrics import _ci
from imbeval.metrics import _ci_methods as m

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "single_test_intervals.py"
Z = float(stats.norm.ppf(0.975))


def test_on_the_whole_line_the_transform_is_the_plain_delta_interval():
    low, high = m.transformed_interval(np.r_[0.3, -2.0], np.r_[0.1, 0.5], -math.inf,
                                       math.inf, 0.95)
    assert low == pytest.approx([0.3 - Z * 0.1, -2.0 - Z * 0.5])
    assert high == pytest.approx([0.3 + Z * 0.1, -2.0 + Z * 0.5])


def test_a_bounded_range_is_the_logit_interval_in_closed_form():
    # on [-1, 1]: u = (v + 1) / 2, logit(u) ± z se / (2 u (1 - u)), mapped back
    v, se = 0.6, 0.08
    u = (v + 1) / 2
    eta = math.log(u / (1 - u))
    s = se / (2 * u * (1 - u))
    expect = [-1 + 2 / (1 + math.exp(-(eta + sign * Z * s))) for sign in (-1, 1)]
    assert m.transformed_interval(v, se, -1.0, 1.0, 0.95) == pytest.approx(expect)
    # [0, inf): the log scale
    low, high = m.transformed_interval(4.0, 1.0, 0.0, math.inf, 0.95)
    assert (low, high) == pytest.approx((4 * math.exp(-Z / 4), 4 * math.exp(Z / 4)))


def test_accuracy_of_a_large_test_set_is_near_wilson_and_exact_smoothing():
    # with many points the pseudo-counts and the transform vanish: Wald = Wilson = logit
    cm = np.array([[4000.0, 1000.0], [1000.0, 4000.0]])
    e = _ci.matrix_intervals(cm, ["accuracy"], ci_method="logit")["accuracy"]
    wilson = m.wilson(8000.0, 10000.0, 0.95)
    assert (e.low, e.high) == pytest.approx(wilson, abs=2e-4)
    # the centre: accuracy of the counts plus 1/2 a cell (C = 2), on the logit scale
    k, n = 8000 + 1.0, 10000 + 2.0
    centre = math.log(k / (n - k))
    mid = math.log(e.low / (1 - e.low)) / 2 + math.log(e.high / (1 - e.high)) / 2
    assert mid == pytest.approx(centre, abs=1e-6)


@pytest.mark.parametrize("cm", [
    [[5.0, 0.0], [0.0, 50.0]],       # perfect: every index at its end
    [[0.0, 5.0], [3.0, 47.0]],       # no true positive: F1 = 0
    [[3.0, 2.0], [10.0, 40.0]],
    [[1.0, 0.0, 0.0], [0.0, 4.0, 1.0], [2.0, 0.0, 9.0]],
])
def test_the_estimate_is_inside_and_the_interval_in_the_range(cm):
    cm = np.array(cm)
    names = ["accuracy", "f1", "mcc", "gmean", "acsa", "kappa", "macro_f1"] if len(cm) == 2 \
        else ["accuracy", "mcc", "acsa", "kappa", "macro_f1", "min_recall"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = _ci.matrix_intervals(cm, names, ci_method="logit", zero_division=np.nan)
    for name, e in out.items():
        if not math.isfinite(e.value):
            continue
        lo, hi = _ci._index_info(name).bounds
        assert lo <= e.low <= e.value <= e.high <= hi, (name, e)
        assert e.high - e.low > 0, (name, e)
        assert e.method in ("logit", "dirichlet")


def test_logit_has_no_draws_so_the_seed_changes_nothing():
    cm = np.array([[7.0, 3.0], [12.0, 88.0]])
    a = _ci.matrix_intervals(cm, ["gmean", "mcc"], ci_method="logit", seed=0)
    b = _ci.matrix_intervals(cm, ["gmean", "mcc"], ci_method="logit", seed=123)
    assert all((a[k].low, a[k].high) == (b[k].low, b[k].high) for k in a)


def test_logit_is_refused_for_a_paired_difference():
    joint = np.ones((2, 2, 2)) * 5
    with pytest.raises(ValueError, match="paired takes dirichlet, delta or bootstrap"):
        _ci.matrix_intervals(joint, ["acsa"], ci_method="logit", paired=True)


def test_regime_of_uses_the_grid():
    assert _ci.CLASSES_GRID == (2, 3, 5, 10)
    assert _ci.MIN_CLASS_GRID == (5, 10, 20, 50, 100, 500)
    assert _ci.regime_of(np.diag([30.0, 300.0, 7.0])) == (3, 5, 100)
    assert _ci.regime_of(np.diag([12.0] * 4 + [130.0])) == (5, 10, 10)
    assert _ci.regime_of(np.diag([60.0] * 7)) == (5, 50, 1)  # 7 classes: nearer 5 than 10


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_single_test_intervals", BENCHMARK)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("c, level", [(2, 0.95), (3, 0.95), (2, 0.99), (3, 0.995)])
def test_the_benchmarks_vectorised_intervals_are_the_librarys(bench, c, level):
    # the deterministic methods to rounding; a point interval replaced by the posterior's
    # (random) is left out
    rng = np.random.default_rng(c)
    names = bench.names_for(c)
    pops = [bench.population(c, 10, 10, rng) for _ in range(4)]
    n = pops[0][1]
    counts = np.stack([rng.multinomial(n, p.ravel()) for p, _ in pops]).reshape(
        4, c, c).astype(float)
    ev = _ci._evaluator(np.arange(c), names, 0, False)
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        values = {k: np.asarray(v, float) for k, v in ev(counts).items()}
        out = bench._chunk_intervals(counts, values, names, c, 200,
                                     np.random.default_rng(0), 0, bench.LEVELS)[level]
        compared = 0
        for method in ("delta", "logit", "wilson", "jeffreys"):
            for i in range(4):
                use = list(out[method])
                lib = _ci.matrix_intervals(counts[i], use, ci=level, ci_method=method,
                                           draws=200)
                for k in use:
                    e = lib[k]
                    lo, hi = out[method][k][0][i], out[method][k][1][i]
                    if e.method != method:
                        continue  # the posterior's stand-in: random
                    assert math.isnan(lo) == math.isnan(e.low), (method, k, i)
                    if math.isfinite(e.low):
                        assert (lo, hi) == pytest.approx((e.low, e.high), rel=1e-6,
                                                         abs=1e-6), (method, k, i)
                        compared += 1
    assert compared > 100
