"""``benchmarks/fig5_ratio_coverage.py``: the interval at each ratio and its coverage on a
hand-worked case, the target Monte Carlo against closed forms, and the simulation's core
(CV of a data set, target draws, summary) end to end on a tiny setting.

Hand-worked interval: fold values 0.60, 0.65, 0.70, 0.75, 0.80 (one run of 5 folds) have
``s^2 = 0.00625`` and ``t(0.975, 4) = 2.776445``; around a pooled value 0.70 the half-width
is ``2.776445 sqrt((1/5 + ratio) 0.00625)``: 0.147243 at ratio 0.25, 0.325567 at 2. A target
of 0.87 is outside the first and inside the second.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from benchmark_helpers import load_benchmark

ROOT = Path(__file__).resolve().parents[2]
FOLD = [[0.60, 0.65, 0.70, 0.75, 0.80]]


@pytest.fixture(scope="module")
def f5():
    return load_benchmark("fig5_ratio_coverage")


def test_cell_interval_at_each_ratio_is_the_corrected_interval(f5):
    from imbeval.inference import pooled_cv_estimate

    for ratio, half in ((0.25, 0.147243), (2.0, 0.325567)):
        low, high, decided = f5.cell_interval(FOLD, 0.70, ratio)
        assert decided
        assert (low, high) == pytest.approx((0.70 - half, 0.70 + half), abs=1e-6)
    # at the decision ratio it is the pipeline's own cell interval, moved to the pooled value
    assert f5.cell_interval(FOLD, 0.71, 2.0)[:2] == pytest.approx(
        pooled_cv_estimate(FOLD, 0.71).interval())
    # the tie rule (3 of 5 fold values one value) and an undefined fold leave it undecided
    assert not f5.cell_interval([[0.7, 0.7, 0.7, 0.6, 0.8]], 0.7, 2.0)[2]
    assert not f5.cell_interval([[0.7, math.nan, 0.7, 0.6, 0.8]], 0.7, 2.0)[2]


def test_coverage_counts_misses_and_wilson_interval(f5):
    cells = [f5.cell_interval(FOLD, 0.70, r) for r in (0.25, 2.0)]
    narrow = f5.coverage([cells[0]] * 4 + [f5.cell_interval(FOLD, 0.80, 0.25)], 0.87)
    assert (narrow["covered"], narrow["n"]) == (1, 5)        # only the one around 0.80
    wide = f5.coverage([cells[1]] * 5, 0.87)
    assert wide["coverage"] == 1.0 and wide["width"] == pytest.approx(2 * 0.325567, abs=1e-6)
    # Wilson 95% of 1 in 5: [0.0362, 0.6245]
    assert (narrow["low"], narrow["high"]) == pytest.approx((0.0362, 0.6245), abs=1e-4)
    rows = [{f"{k}_{r:g}": v for r in f5.RATIOS for k, v in
             (("coverage", 1.0 if r >= 1 else 0.9), ("high", 1.0 if r >= 0.5 else 0.93))}]
    assert f5.supported_ratio(rows) == 0.5 and f5.supported_ratio(rows, strict=True) == 1.0


def test_unbiased_ratio_recovers_the_ratio_of_the_errors(f5):
    # 40 data sets whose pooled values err by exactly +-sqrt((1/5 + 0.8) s^2): ratio 0.8
    s2 = float(np.var(FOLD, ddof=1))
    err = math.sqrt((0.2 + 0.8) * s2)
    values = 0.7 + err * np.tile([1.0, -1.0], 20)
    point, low, high = f5.unbiased_ratio(values, np.tile(FOLD, (40, 1, 1)), 0.7, boot=200)
    assert point == pytest.approx(0.8) and low == pytest.approx(0.8) == high
    # the target's own Monte Carlo variance is taken out of the squared errors
    assert f5.unbiased_ratio(values, np.tile(FOLD, (40, 1, 1)), 0.7, math.sqrt(s2),
                             boot=0)[0] == pytest.approx(-0.2)


def test_led7_population_is_exact_and_its_bayes_acsa_is_074(f5):
    gen = f5.make_generator("led7")
    x, w = gen.test_set(None, 0)
    assert x.shape == (128, 7) and w.sum(axis=1) == pytest.approx(np.ones(10))
    bayes = w.argmax(axis=0)                         # equal priors: the likeliest digit
    acsa = np.mean([w[c][bayes == c].sum() for c in range(10)])
    assert acsa == pytest.approx(0.7400, abs=1e-4)   # Breiman et al. (1984): 26% error
    xs, ys = gen.sample(np.random.default_rng(0))
    # coded as the KEEL problem: by decreasing count (digits 3 and 7 first, 1 last)
    assert np.bincount(ys).tolist() == sorted(f5.LED_COUNTS, reverse=True)
    assert gen.patterns[0].tolist() == f5.LED_PATTERNS[3].tolist()
    assert gen.patterns[-1].tolist() == f5.LED_PATTERNS[1].tolist()
    assert np.mean(xs != gen.patterns[ys]) == pytest.approx(0.1, abs=0.02)
    assert (np.diff(ys) != 0).mean() > 0.5           # rows shuffled, not in class order


TINY = {"lda": {"estimator": "sklearn.discriminant_analysis:LinearDiscriminantAnalysis"},
        "uniform": {"estimator": "sklearn.dummy:DummyClassifier",
                    "params": {"strategy": "uniform"}}}


def _tiny(f5):
    means = np.array([[0.0, 0.0], [2.0, 0.0], [0.0, 2.0]])
    return f5.GaussianGenerator(means, np.eye(2), (10, 10, 10))


def test_target_of_a_uniform_guess_is_one_over_c_within_its_mc_error(f5):
    gen = _tiny(f5)
    test_size, draws = 300, 30
    values = [float(f5.target_item("tiny", j, ["uniform"], 3, test_size, TINY, gen)[0]
                    ["target"]) for j in range(draws)]
    # a draw's ACSA is the mean of 3 independent Binomial(300, 1/3)/300 recalls
    sd = math.sqrt((1 / 3) * (2 / 3) / test_size / 3)
    mc_se = np.std(values, ddof=1) / math.sqrt(draws)
    assert abs(np.mean(values) - 1 / 3) < 4 * sd / math.sqrt(draws)
    assert mc_se == pytest.approx(sd / math.sqrt(draws), rel=0.4)


def test_core_end_to_end_on_a_tiny_setting(f5, tmp_path):
    gen = _tiny(f5)
    (row,) = f5.cv_item("tiny", 0, ["lda"], 5, TINY, gen, runs=2, folds=5)
    folds = f5._floats(row["fold_original"]).reshape(2, 5)
    runs = f5._floats(row["run_original"])
    # 2 points of each class in every test fold: a run's pooled ACSA is its folds' mean
    assert runs == pytest.approx(folds.mean(axis=1), abs=1e-5)
    assert ((folds >= 0) & (folds <= 1)).all()
    assert np.isfinite(f5._floats(row["fold_reversed"])).all()
    # the resumable run and its summary: 3 data sets of 5 x 5, 3 target draws
    path = f5.run("tiny", ["lda"], 3, 3, 5, test_size=100, results=tmp_path, specs=TINY,
                  generator=gen)
    f5.run("tiny", ["lda"], 3, 3, 5, test_size=100, results=tmp_path, specs=TINY,
           generator=gen)                          # resumed: nothing left to do
    assert len(path.read_text().splitlines()) == 1 + 6
    (s,) = f5.summarise(path)
    assert s["datasets"] == 3 and s["target_draws"] == 3 and 0.5 < s["target"] < 1
    assert all(s[f"width_{r:g}"] < s[f"width_{q:g}"] for r, q in zip(f5.RATIOS, f5.RATIOS[1:]))
    assert "| tiny | lda |" in f5.markdown([s])
