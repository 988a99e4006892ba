"""imbeval.check: consistency of reported scores, their implications, ranking noise."""

import json
import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from imbeval.check import (check_reported, compare_reported, decimals_of, mcnemar_p,
                           size_needed, stratified_folds)
from imbeval.check._binary import KERNELS, matrices
from imbeval.check._noise import exact_p
from imbeval.cli import main
from imbeval.indices import compute, registry

MLSC = Path(__file__).parent / "data" / "mlscorecheck_cases.json"
REPORTED = ["accuracy", "sensitivity", "specificity", "precision", "f1", "mcc", "acsa"]


def _rounded(cm, names, decimals=4):
    values = compute(cm, names=names)
    return {k: round(float(v), decimals) for k, v in values.items()}


def test_kernels_agree_with_the_registry():
    rng = np.random.default_rng(0)
    p, n = 37, 113
    tp, tn = rng.integers(0, p + 1, 2000).astype(float), rng.integers(0, n + 1, 2000).astype(float)
    stack = matrices(tp, tn, p, n)
    for name, kernel in KERNELS.items():
        with np.errstate(all="ignore"):
            fast = kernel(tp, tn, float(p), float(n))
        exact = compute(stack, names=[name])[name]
        both = np.isfinite(exact) & np.isfinite(fast)
        assert np.all(np.abs(fast[both] - exact[both]) < 1e-12), name


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 60), st.integers(1, 200), st.data())
def test_true_matrices_are_consistent_and_ranges_hold_the_truth(p, n, data):
    tp = data.draw(st.integers(0, p))
    tn = data.draw(st.integers(0, n))
    names = data.draw(st.lists(st.sampled_from(REPORTED), min_size=1, max_size=4, unique=True))
    cm = matrices(tp, tn, p, n)
    scores = {k: v for k, v in _rounded(cm, names, 3).items() if math.isfinite(v)}
    if not scores:
        return
    result = check_reported(scores, p=p, n=n, decimals=3)
    assert result.consistent and not result.conflict
    truth = compute(cm, names=list(result.ranges))
    for name, (low, high) in result.ranges.items():
        value = float(truth[name])
        if math.isfinite(value):
            assert low - 1e-12 <= value <= high + 1e-12, name
    assert any(np.array_equal(m, cm) for m in result.feasible)


@settings(max_examples=25, deadline=None)
@given(st.integers(5, 60), st.integers(5, 200), st.data())
def test_perturbed_values_are_caught_as_the_exact_search_says(p, n, data):
    tp, tn = data.draw(st.integers(0, p)), data.draw(st.integers(0, n))
    cm = matrices(tp, tn, p, n)
    scores = {k: v for k, v in _rounded(cm, ["accuracy", "f1", "precision"], 4).items()
              if math.isfinite(v)}
    name = data.draw(st.sampled_from(sorted(scores)))
    scores[name] = round(min(1.0, max(0.0, scores[name] + data.draw(
        st.sampled_from([-0.05, -0.013, 0.013, 0.05])))), 4)
    result = check_reported(scores, p=p, n=n, decimals=4)
    # brute force over every matrix
    tps, tns = np.meshgrid(np.arange(p + 1), np.arange(n + 1), indexing="ij")
    values = compute(matrices(tps.ravel(), tns.ravel(), p, n), names=list(scores))
    ok = np.ones(tps.size, bool)
    for k, v in scores.items():
        ok &= np.abs(values[k] - v) <= 0.5e-4 + 1e-10
    assert result.consistent == bool(ok.any())
    assert result.n_feasible == int(ok.sum())
    if not result.consistent:
        assert set(result.conflict) <= set(scores) and result.conflict


def test_the_case_interval_reasoning_misses():
    result = check_reported({"precision": 0.0003, "sensitivity": 0.0, "f1": 0.0}, p=6, n=548,
                            eps=1e-4)
    assert result.consistent is False
    assert result.conflict == ("precision",)  # no precision of 554 points is near 0.0003


def test_decimals_and_names():
    assert decimals_of("0.870") == 3 and decimals_of(0.5) == 1
    result = check_reported({"balanced_accuracy": "0.75", "matthews_corrcoef": "0.5"},
                            p=4, n=4)
    assert {item.info.name for item in result.reported} == {"acsa", "mcc"}


@pytest.mark.parametrize("kwargs, message", [
    (dict(scores={"f9": 0.5}, p=5, n=5), "unknown index"),
    (dict(scores={"f1": 1.5}, p=5, n=5), "outside the range"),
    (dict(scores={"f1": 0.5}, p=-1, n=5), "p"),
    (dict(scores={"f1": 0.5}, counts=[3, 0]), "positive"),
    (dict(scores={"f1": 0.5}, counts=[3, 4, 5]), "two-class"),
    (dict(scores={"f1": 0.5}), "test set"),
])
def test_bad_input_is_a_clear_error(kwargs, message):
    with pytest.raises(ValueError, match=message):
        check_reported(**kwargs)


def test_multiclass_exact_and_interval_proof():
    cm = np.array([[5.0, 1, 0], [1, 3, 1], [0, 2, 4]])
    scores = _rounded(cm, ["accuracy", "acsa", "macro_f1"], 3)
    result = check_reported(scores, counts=cm.sum(axis=1))
    assert result.consistent and result.method == "exact"
    assert any(np.array_equal(m, cm) for m in result.feasible)
    # equal classes: accuracy is the mean recall, so 0.9 and 0.5 cannot hold together
    big = check_reported({"accuracy": 0.9, "acsa": 0.5, "macro_f1": 0.6},
                         counts=[200] * 10, budget=2000)
    assert big.consistent is False and big.method == "interval"
    assert big.conflict == ("accuracy", "acsa")


def test_kfold_mean_and_pooled():
    folds = stratified_folds(10, 30, 5)
    assert all(sum(f[0] for f in split) == 10 and sum(f[1] for f in split) == 30
               for split in folds)
    stack = np.stack([matrices(1, 5, 2, 6), matrices(2, 6, 2, 6), matrices(0, 6, 2, 6),
                      matrices(2, 4, 2, 6), matrices(1, 6, 2, 6)])
    per_fold = compute(stack, names=["accuracy", "sensitivity"])
    scores = {k: round(float(np.mean(v)), 4) for k, v in per_fold.items()}
    assert check_reported(scores, p=10, n=30, folds=5, decimals=4).consistent
    assert check_reported(scores, folds=[(2, 6)] * 5, decimals=4).consistent
    assert check_reported({"accuracy": 0.9, "sensitivity": 0.1}, p=10, n=30, folds=5,
                          decimals=4).consistent is False
    pooled = check_reported(_rounded(stack.sum(axis=0), ["accuracy", "f1"]), p=10, n=30,
                            folds=5, aggregation="pooled")
    assert pooled.consistent and pooled.protocol == "k-fold pooled"


def test_intervals_unite_the_feasible_matrices():
    result = check_reported({"accuracy": "0.86"}, p=20, n=80)
    out = result.intervals(ci_method="wilson", max_matrices=5)
    low, high = out["accuracy"]
    assert low < 0.86 < high


def test_ranking_noise():
    assert mcnemar_p(10, 0) < 0.01 and mcnemar_p(5, 5) == 1.0
    assert size_needed(0.05, 0.05) < size_needed(0.05, 0.3)
    out = compare_reported({"A": {"accuracy": "0.90"}, "B": {"accuracy": "0.86"}},
                           p=50, n=150)
    assert out[0].a == "A" and out[0].p_favourable < 0.05 <= out[0].p_unfavourable
    same = compare_reported({"A": {"accuracy": "0.90"}, "B": {"accuracy": "0.89"}},
                            p=50, n=150)
    assert same[0].verdict == "could be noise"


def test_the_mlscorecheck_cases_are_there():
    assert len(json.loads(MLSC.read_text())["cases"]) == 133


# one test a case, so that the workers share them
@pytest.mark.parametrize("case", json.loads(MLSC.read_text())["cases"])
def test_against_mlscorecheck_verdicts(case):
    kwargs = dict(eps=case["eps"])
    if "folds" in case:
        kwargs.update(folds=[tuple(f) for f in case["folds"]],
                      aggregation=case["aggregation"])
    else:
        kwargs.update(p=case["p"], n=case["n"])
    result = check_reported(case["scores"], budget=20000, **kwargs)
    if case["mlscorecheck_inconsistent"]:
        # what mlscorecheck proves impossible, the exact search finds impossible too
        assert result.consistent is False, case
    elif case.get("generated_from_matrix"):
        # true matrices are never refuted (a k-fold search may run out of budget)
        assert result.consistent is not False, case
        if "folds" not in case:
            assert result.consistent is True, case


def test_cli(tmp_path, capsys):
    csv = tmp_path / "reported.csv"
    csv.write_text("method,index,value\nA,accuracy,0.862\nA,f1,0.853\nB,accuracy,0.84\n"
                   "C,accuracy,0.9\nC,sensitivity,0.0\n")
    out = tmp_path / "verdicts.csv"
    assert main(["check", str(csv), "--p", "500", "--n", "500", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "C: inconsistent" in text and "A vs B" in text
    import pandas as pd

    table = pd.read_csv(out)
    assert set(table["verdict"]) == {"consistent", "inconsistent"}
    csv.write_text("method,index,value\nA,accuracy,0.862\n")
    assert main(["check", str(csv), "--p", "500", "--n", "-3"]) == 2
    assert "n must be at least 1" in capsys.readouterr().err
    csv.write_text("method,index,value\nA,acuracy,0.862\n")
    assert main(["check", str(csv), "--p", "5", "--n", "5"]) == 2
    assert "unknown index" in capsys.readouterr().err


def test_every_binary_registry_index_gets_a_range():
    result = check_reported({"accuracy": "0.9"}, p=10, n=40)
    assert {n for n, i in registry().items() if i.alias_of is None} <= set(result.ranges)


def _ten_class(seed):
    rng = np.random.default_rng(seed)
    n = rng.integers(50, 300, 10)
    cm = np.stack([rng.multinomial(n[i], np.where(np.arange(10) == i, 8.0, 1.0) / 17)
                   for i in range(10)]).astype(float)
    return cm


@pytest.mark.parametrize("names", [["accuracy", "acsa", "macro_precision"],
                                   ["accuracy", "macro_f1", "kappa", "mcc"]])
def test_a_consistent_ten_class_macro_table_is_decided_by_a_witness(names):
    cm = _ten_class(1)
    scores = _rounded(cm, names, 4)
    result = check_reported(scores, counts=cm.sum(axis=1), budget=50)
    assert result.consistent is True and result.method == "witness"
    witness = result.feasible[0]
    assert np.array_equal(witness.sum(axis=1), cm.sum(axis=1)) and np.all(witness >= 0)
    got = compute(witness, names=list(scores))
    for name, value in scores.items():  # the witness rounds to every reported value
        assert abs(float(got[name]) - value) <= 0.5e-4 + 1e-10, name


def test_iam_is_two_cba_minus_one_in_the_check():
    counts = [2200, 2150, 1080, 650, 505]
    bad = check_reported({"accuracy": "0.35", "cba": "0.30", "iam": "-0.50"}, counts=counts,
                         budget=200)
    assert bad.consistent is False and bad.conflict == ("cba", "iam")
    good = check_reported({"accuracy": "0.35", "cba": "0.30", "iam": "-0.40"}, counts=counts,
                          budget=200)
    assert good.consistent is True
    m = good.feasible[0]
    assert abs(float(compute(m, names=["cba"])["cba"]) - 0.30) <= 0.005 + 1e-10


def test_multiclass_bounds_hold_every_matrix_of_their_box():
    from imbeval.check._multiclass import SUPPORTED, _bounds_of

    rng = np.random.default_rng(3)
    names = sorted(name for name in SUPPORTED if name in registry())
    for _ in range(200):
        c = int(rng.integers(3, 6))
        cm = rng.integers(0, 20, (c, c)).astype(float) + np.eye(c)
        n, d, col = cm.sum(axis=1), np.diag(cm), cm.sum(axis=0)
        dl = np.maximum(0, d - rng.integers(0, 3, c))
        dh = d + rng.integers(0, 3, c)
        cl = np.maximum(dl, col - rng.integers(0, 3, c))
        ch = col + rng.integers(0, 3, c)
        truth = compute(cm, names=names)
        for name in names:
            low, high = _bounds_of(name, dl, dh, cl, ch, n, float(n.sum()))
            value = float(truth[name])
            if math.isfinite(value):
                assert low - 1e-12 <= value <= high + 1e-12, (name, cm)


def test_multiclass_ranges_hold_the_truth():
    rng = np.random.default_rng(5)
    for _ in range(5):
        cm = rng.integers(0, 4, (3, 3)).astype(float) + np.eye(3)
        result = check_reported(_rounded(cm, ["accuracy", "macro_f1"], 2),
                                counts=cm.sum(axis=1), decimals=2)
        assert result.consistent and result.method == "exact"
        truth = compute(cm, names=list(result.ranges))
        for name, (low, high) in result.ranges.items():
            value = float(truth[name])
            if math.isfinite(value):
                assert low - 1e-12 <= value <= high + 1e-12, name


def test_the_exact_mcnemar_p_is_scipys_binomial_test():
    from scipy.stats import binomtest

    b, c = np.meshgrid(np.arange(41), np.arange(41), indexing="ij")
    b, c = np.append(b.ravel(), [900, 1]), np.append(c.ravel(), [1000, 30])
    expected = [binomtest(int(x), int(x + y), 0.5).pvalue if x + y else 1.0
                for x, y in zip(b, c)]
    np.testing.assert_allclose(exact_p(b, c), expected, rtol=1e-9, atol=1e-300)
    assert mcnemar_p(0, 0) == 1.0


@pytest.mark.parametrize("seed", range(4))
def test_the_k_fold_exhaustive_search_agrees_with_brute_force_and_the_branch_and_bound(
        seed, monkeypatch):
    import itertools

    from imbeval.check import _folds

    rng = np.random.default_rng(seed)
    folds = [(3, 4), (2, 5), (3, 3)]
    names = ["accuracy", "sensitivity", "f1"]
    grids = [[(tp, tn) for tp in range(p + 1) for tn in range(n + 1)] for p, n in folds]
    values = [{(tp, tn): compute(matrices(float(tp), float(tn), p, n), names=names)
               for tp, tn in grid} for grid, (p, n) in zip(grids, folds)]
    truth = [grid[rng.integers(len(grid))] for grid in grids]
    scores = {k: round(float(np.mean([values[u][truth[u]][k] for u in range(3)]))
                       + rng.choice([0.0, 0.02]), 3) for k in names}

    def brute():
        for combo in itertools.product(*grids):
            means = [np.mean([values[u][combo[u]][k] for u in range(3)]) for k in names]
            if all(np.isfinite(means)) and all(abs(m - scores[k]) <= 5e-4 + 1e-10
                                               for m, k in zip(means, names)):
                return True
        return False

    expected = brute()
    result = check_reported(scores, folds=folds, aggregation="mean", eps=5e-4)
    assert result.consistent is expected and result.boxes == 0
    monkeypatch.setattr(_folds, "_ENUMERATION_LIMIT", 1)  # the branch and bound alone
    bnb = check_reported(scores, folds=folds, aggregation="mean", eps=5e-4, budget=50_000)
    assert bnb.boxes > 0 and bnb.consistent in (expected, None)
