"""imbeval.check: the mean of fold scores over folds of more than two classes."""

import itertools

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from imbeval.check import _mcfolds, check_reported
from imbeval.check._multiclass import enumerate_matrices
from imbeval.indices import compute

NAMES = ["accuracy", "acsa", "macro_precision", "macro_f1", "cba", "kappa"]


def _random_matrix(rng, counts, skill):
    c = len(counts)
    return np.stack([rng.multinomial(n, np.where(np.arange(c) == i, skill, 1.0)
                                     / (skill + c - 1)) for i, n in enumerate(counts)]
                    ).astype(float)


def _mean_scores(mats, names, decimals, zero_division=np.nan):
    values = compute(mats, names=names, zero_division=zero_division)
    return {k: round(float(np.mean(v)), decimals) for k, v in values.items()
            if np.all(np.isfinite(v))}


def _holds(result, scores, eps, zero_division=np.nan):
    """The witness: fold matrices with the folds' row sums whose mean rounds to every
    reported value."""
    mats = result.feasible[0]
    got = compute(mats, names=list(scores), zero_division=zero_division)
    return all(abs(float(np.mean(got[k])) - v) <= eps + 1e-9 for k, v in scores.items())


def test_stratified_splits_are_every_split_of_the_extras():
    counts, k = (7, 5, 6, 4), 3
    base, extra = np.array(counts) // k, np.array(counts) % k
    expected = set()
    for picks in itertools.product(*[itertools.combinations(range(k), int(e))
                                     for e in extra]):
        folds = np.tile(base, (k, 1))
        for cls, chosen in enumerate(picks):
            folds[list(chosen), cls] += 1
        expected.add(tuple(sorted(map(tuple, folds.tolist()))))
    splits, complete = _mcfolds.stratified_class_folds(counts, k)
    got = {tuple(sorted(map(tuple, s.tolist()))) for s in splits}
    assert complete and got == expected and len(splits) == len(expected)
    first = _mcfolds.sklearn_allocation(counts, k)
    assert np.array_equal(splits[0], first)
    assert np.array_equal(first.sum(axis=0), counts)
    assert np.all(first.max(axis=0) - first.min(axis=0) <= 1)


def test_the_first_split_is_scikit_learns():
    from sklearn.model_selection import StratifiedKFold

    counts = [70, 76, 17, 13, 9, 29]
    y = np.repeat(np.arange(6), counts)
    folds = StratifiedKFold(5, shuffle=True, random_state=3).split(y, y)
    got = sorted(np.bincount(y[test], minlength=6).tolist() for _, test in folds)
    assert got == sorted(_mcfolds.sklearn_allocation(counts, 5).tolist())


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([2, 3]),
       st.lists(st.sampled_from(NAMES), min_size=2, max_size=4, unique=True))
def test_true_fold_matrices_are_never_inconsistent(seed, k, names):
    rng = np.random.default_rng(seed)
    counts = rng.integers(4, 12, 3)
    folds = np.tile(counts, (k, 1)) + rng.integers(0, 2, (k, 3))
    mats = np.stack([_random_matrix(rng, f, 4.0) for f in folds])
    scores = _mean_scores(mats, names, 2)
    if not scores:
        return
    result = check_reported(scores, folds=folds.tolist(), decimals=2, budget=30)
    assert result.consistent is not False, result.note
    if result.consistent:
        assert _holds(result, scores, 0.005)
        assert np.array_equal(result.feasible[0].sum(axis=2), folds)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10_000))
def test_true_tiny_folds_are_found_consistent_exactly(seed):
    rng = np.random.default_rng(seed)
    folds = rng.integers(1, 3, (2, 3))
    mats = np.stack([_random_matrix(rng, f, 2.0) for f in folds])
    scores = _mean_scores(mats, ["accuracy", "acsa", "macro_f1"], 3)
    result = check_reported(scores, folds=folds.tolist(), decimals=3)
    assert result.consistent and result.method == "exact"
    assert _holds(result, scores, 0.0005)


def test_stratified_unknown_folds_of_a_true_table():
    rng = np.random.default_rng(5)
    counts = (40, 30, 20, 12)
    folds = _mcfolds.sklearn_allocation(counts, 4)
    mats = np.stack([_random_matrix(rng, f, 5.0) for f in folds])
    scores = _mean_scores(mats, ["accuracy", "acsa", "macro_f1", "cba"], 3, 0.0)
    result = check_reported(scores, counts=counts, folds=4, decimals=3, zero_division=0.0,
                            budget=50)
    assert result.consistent is not False and result.protocol == "k-fold mean"
    assert "stratified split" in result.note


def test_a_hand_derived_bound_proves_inconsistency():
    # every fold has equal classes: each fold's accuracy is its mean recall, so the means
    # are equal too, and 0.9 against 0.5 is impossible
    folds = [[20, 20, 20], [20, 20, 20], [21, 21, 21]]
    result = check_reported({"accuracy": 0.9, "acsa": 0.5, "macro_f1": 0.6}, folds=folds,
                            decimals=3, budget=200)
    assert result.consistent is False and result.method == "interval"
    assert result.conflict == ("accuracy", "acsa")
    # IAM = 2 CBA - 1 in every fold, hence in the mean
    iam = check_reported({"cba": 0.45, "iam": -0.2}, counts=[30, 20, 10], folds=2,
                         decimals=3)
    assert iam.consistent is False and iam.conflict == ("cba", "iam")


def test_stratified_folds_need_every_class_in_every_fold():
    with pytest.raises(ValueError, match="every class"):
        check_reported({"accuracy": 0.5}, counts=[10, 8, 3], folds=5)


def _brute(scores, eps, folds):
    names = list(scores)
    values = []
    for f in folds:
        stack = np.concatenate(list(enumerate_matrices(tuple(f))))
        got = compute(stack, names=names)
        values.append(np.stack([got[k] for k in names]))  # (items, matrices)
    k = len(folds)
    total = sum(v.reshape(v.shape[:1] + (1,) * u + v.shape[1:] + (1,) * (k - u - 1))
                for u, v in enumerate(values)) / k
    ok = np.ones(total.shape[1:], dtype=bool)
    for i, name in enumerate(names):
        with np.errstate(invalid="ignore"):
            ok &= np.abs(total[i] - scores[name]) <= eps + 1e-10
    return bool(ok.any())


@pytest.mark.parametrize("seed", range(6))
def test_tiny_folds_agree_with_brute_force(seed, monkeypatch):
    rng = np.random.default_rng(seed)
    k = 2 + seed % 2
    folds = rng.integers(1, 3, (k, 3)).tolist()
    names = ["accuracy", "acsa", "macro_precision"] if seed % 3 else ["accuracy", "macro_f1"]
    mats = np.stack([_random_matrix(rng, f, 2.0) for f in folds])
    values = compute(mats, names=names)
    scores = {n: round(float(np.mean(values[n])) + rng.choice([0.0, 0.03, -0.05]), 2)
              for n in names}
    scores = {n: min(1.0, max(0.0, v)) for n, v in scores.items()}
    expected = _brute(scores, 0.005, folds)
    exact = check_reported(scores, folds=folds, eps=0.005)
    assert exact.consistent is expected and exact.method == "exact"
    # the witness search and the branch and bound alone: never a wrong verdict
    monkeypatch.setattr(_mcfolds, "_ENUMERATE_FOLD", 0)
    bnb = check_reported(scores, folds=folds, eps=0.005, budget=3000)
    assert bnb.consistent in (expected, None)
    if bnb.consistent:
        assert _holds(bnb, scores, 0.005)


def test_the_bounds_hold_true_fold_matrices():
    """The root box's bounds (and its linear program) hold the truth of random folds."""
    from imbeval.check._reported import parse_reported

    rng = np.random.default_rng(11)
    folds = np.array([[9, 6, 4], [8, 7, 4], [9, 6, 5]])
    for _ in range(20):
        mats = np.stack([_random_matrix(rng, f, 3.0) for f in folds])
        scores = _mean_scores(mats, NAMES, 3)
        items = parse_reported(scores, decimals=3, n_classes=3)
        search = _mcfolds._Folds(items, folds, np.full(3, 1 / 3), np.nan)
        d = np.stack([np.diag(m) for m in mats])
        col = mats.sum(axis=1)
        x = np.concatenate([np.concatenate([d[f], col[f]]) for f in range(3)]).astype(int)
        lo, hi = x - rng.integers(0, 3, x.size), x + rng.integers(0, 3, x.size)
        lo = np.maximum(lo, 0)
        bounded = list(range(len(items)))
        got = search.bounds(lo, hi, bounded)
        assert got is not None
        for j, item in enumerate(items):
            assert got[0][j] - 1e-9 <= item.value + item.eps and \
                got[1][j] + 1e-9 >= item.value - item.eps, item.name
