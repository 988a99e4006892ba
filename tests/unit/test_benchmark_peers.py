"""The coverage benchmark's peer adapters (benchmarks/single_test_intervals.py): on the same
test set each peer's point estimate is imbeval's value of the index it is tallied under,
so the peers' intervals are judged against the same target. Skipped where a peer is not
installed (it lives in a virtualenv of its own, never in the project's requirements)."""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path

import numpy as np
import pytest

from imbeval.indices import compute

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "single_test_intervals.py"

#: test sets of 2, 3 and 5 classes, row 0 the positive class of the two-class indices
MATRICES = (
    np.array([[7.0, 3.0], [12.0, 88.0]]),
    np.array([[2.0, 8.0], [1.0, 99.0]]),    # a weak positive class: precision != recall
    np.array([[16.0, 2.0, 2.0], [5.0, 40.0, 5.0], [10.0, 10.0, 80.0]]),
    np.array([[3.0, 1.0, 0.0, 1.0, 0.0], [2.0, 9.0, 1.0, 0.0, 3.0],
              [0.0, 2.0, 20.0, 4.0, 1.0], [1.0, 0.0, 3.0, 30.0, 6.0],
              [0.0, 4.0, 2.0, 5.0, 70.0]]),
)


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_single_test_intervals_peers",
                                                  BENCHMARK)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _check(out, counts, two_class):
    c = counts.shape[0]
    assert (c == 2) == two_class or not (set(out) & {"f1", "precision", "sensitivity"})
    ours = {k: float(v) for k, v in compute(counts, names=list(out)).items()}
    for name, est in out.items():
        assert est is not None, name
        value, (low, high) = est
        # confidenceinterval adds 1e-7 to some denominators
        assert value == pytest.approx(ours[name], rel=1e-6, abs=1e-6), name
        assert low <= value <= high, name


@pytest.mark.parametrize("counts", MATRICES, ids=lambda m: f"C={m.shape[0]}")
def test_confidenceinterval_values_are_imbevals(bench, counts):
    pytest.importorskip("confidenceinterval")
    out = bench.confidenceinterval_peer()(counts, counts.shape[0])
    expect = {"accuracy", "macro_f1", "acsa", "macro_precision"} | (
        {"f1", "precision", "sensitivity"} if counts.shape[0] == 2 else set())
    assert set(out) == expect
    _check(out, counts, counts.shape[0] == 2)


def test_confidenceinterval_positive_class_is_row_0(bench):
    pytest.importorskip("confidenceinterval")
    counts = MATRICES[1]  # sensitivity 0.2, precision 2/3; the other class 0.99, 0.925
    out = bench.confidenceinterval_peer()(counts, 2)
    assert out["sensitivity"][0] == pytest.approx(0.2, rel=1e-6)
    assert out["precision"][0] == pytest.approx(2 / 3, rel=1e-6)
    # the Wilson interval of 2 of 10
    assert out["sensitivity"][1] == pytest.approx((0.0567, 0.5098), abs=1e-4)


@pytest.mark.parametrize("prior", [0.5, 0.0])
@pytest.mark.parametrize("counts", MATRICES, ids=lambda m: f"C={m.shape[0]}")
def test_prob_conf_mat_values_are_imbevals(bench, counts, prior):
    pytest.importorskip("prob_conf_mat")
    out = bench.prob_conf_mat_peer(2000, prior)(counts, counts.shape[0], [0, 1])
    expect = set(bench.PCM_METRICS) | (set(bench.PCM_BINARY) if counts.shape[0] == 2
                                       else set())
    assert set(out) == expect
    _check(out, counts, counts.shape[0] == 2)


def test_prob_conf_mat_seed_decides_its_draws(bench):
    pytest.importorskip("prob_conf_mat")
    run = bench.prob_conf_mat_peer(2000)
    a, b, c = (run(MATRICES[2], 3, s)["mcc"][1] for s in ([0, 1], [0, 1], [0, 2]))
    assert a == b and a != c


def test_prob_conf_mat_refuses_a_missing_class(bench):
    pytest.importorskip("prob_conf_mat")
    out = bench.prob_conf_mat_peer(1000)(np.array([[0.0, 0.0], [3.0, 50.0]]), 2, [0])
    assert out and all(v is None for v in out.values())


def test_a_class_never_predicted_leaves_macro_precision_undefined_on_both_sides(bench):
    # imbeval's macro precision is undefined (0/0 for class 1); confidenceinterval's value
    # and interval are NaN there, which the benchmark counts as no interval
    counts = np.array([[10.0, 0.0, 2.0], [5.0, 0.0, 5.0], [1.0, 0.0, 30.0]])
    ours = compute(counts, names=["macro_precision", "accuracy"])
    assert math.isnan(float(ours["macro_precision"]))
    pytest.importorskip("confidenceinterval")
    out = bench.confidenceinterval_peer()(counts, 3)
    assert math.isnan(out["macro_precision"][0])
    assert not any(math.isfinite(x) for x in out["macro_precision"][1])
    assert out["accuracy"][0] == pytest.approx(float(ours["accuracy"]))
