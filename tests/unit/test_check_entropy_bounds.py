"""The multi-class branch and bound's entropy bounds (NMI, CEN, MCEN, EVE) hold for every
matrix in their box, and its proofs agree with an enumeration of every matrix."""

import numpy as np
from hypothesis import given, settings, strategies as st

from imbeval.check._multiclass import _bounds_of
from imbeval.indices.dembele import nmi


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.integers(2, 4), st.integers(0, 2**31 - 1))
def test_nmi_within_box_bounds(c, seed):
    rng = np.random.default_rng(seed)
    m = rng.integers(0, 8, size=(c, c)).astype(float)
    if m.sum() == 0 or np.any(m.sum(axis=1) == 0):
        m[np.arange(c), np.arange(c)] += 1
    n, col, d = m.sum(axis=1), m.sum(axis=0), np.diag(m).copy()
    total = float(m.sum())
    # a box around the matrix's (diagonal, column sums)
    dl = np.maximum(0, d - rng.integers(0, 3, c))
    dh = np.minimum(n, d + rng.integers(0, 3, c))
    cl = np.maximum(0, col - rng.integers(0, 4, c))
    ch = col + rng.integers(0, 4, c)
    lo, hi = _bounds_of("nmi", dl, dh, cl, ch, n, total)
    v = float(nmi(m))
    if np.isnan(v):
        return
    assert lo - 1e-9 <= v <= hi + 1e-9


def test_nmi_bound_is_tight_enough_to_exclude():
    # a point box of a perfect diagonal: NMI = 1 exactly, so the bound must exclude 0.5
    n = np.array([5.0, 5.0, 5.0])
    lo, hi = _bounds_of("nmi", n, n, n, n, n, 15.0)
    assert lo > 0.5 and hi >= 1.0 - 1e-9


def test_nmi_conflict_proven_by_the_branch_and_bound():
    # near-perfect accuracy forces a high NMI; without the NMI bound this stays undecided
    from imbeval.check import check_reported

    r = check_reported({"accuracy": "0.950", "nmi": "0.100"}, counts=[20, 20, 20], budget=200)
    assert r.consistent is False and r.method == "interval"
    assert r.conflict == ("accuracy", "nmi")


def _random_box(c, seed):
    """A small random matrix and a random box of (diagonal, column sums) around it."""
    rng = np.random.default_rng(seed)
    m = rng.integers(0, 8, size=(c, c)).astype(float)
    if rng.random() < 0.3:  # a strong diagonal, as in the papers' matrices
        m[np.arange(c), np.arange(c)] += rng.integers(0, 20, c)
    if np.any(m.sum(axis=1) == 0):
        m[np.arange(c), np.arange(c)] += 1
    n, col, d = m.sum(axis=1), m.sum(axis=0), np.diag(m).copy()
    w = int(rng.integers(0, 3))  # 0: the point box of the matrix itself
    dl = np.maximum(0, d - w * rng.integers(0, 3, c))
    dh = np.minimum(n, d + w * rng.integers(0, 3, c))
    cl = np.maximum(0, col - w * rng.integers(0, 4, c))
    ch = col + w * rng.integers(0, 4, c)
    return m, (dl, dh, cl, ch, n, float(m.sum()))


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.integers(2, 5), st.integers(0, 2**31 - 1))
def test_cen_and_mcen_within_box_bounds(c, seed):
    from imbeval.indices.dembele import cen, mcen

    m, box = _random_box(c, seed)
    for name, index in (("cen", cen), ("mcen", mcen)):
        lo, hi = _bounds_of(name, *box)
        v = float(index(m))
        assert lo - 1e-9 <= v <= hi + 1e-9, (name, lo, v, hi)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.integers(2, 5), st.integers(0, 2**31 - 1))
def test_cen_mcen_gap_holds_zero_for_the_true_values(c, seed):
    # with tolerance 0 at the matrix's own CEN and MCEN, the gap's interval holds 0
    from types import SimpleNamespace

    from imbeval.check._multiclass import _confusion_gap
    from imbeval.indices.dembele import cen, mcen

    m, box = _random_box(c, seed)
    items = [SimpleNamespace(low=float(f(m)), high=float(f(m))) for f in (cen, mcen)]
    lo, hi = _confusion_gap(*box, *items)
    assert lo <= 0.0 <= hi


def test_cen_bound_of_a_perfect_diagonal_is_zero():
    n = np.array([5.0, 7.0, 9.0])
    for name in ("cen", "mcen"):
        lo, hi = _bounds_of(name, n, n, n, n, n, 21.0)
        assert lo == 0.0 and hi < 1e-6


def test_cen_conflict_proven_by_the_branch_and_bound():
    # an accuracy of 0.95 leaves too few confusions for a CEN of 0.5; CEN unbounded, the
    # search finds no witness and stays undecided
    from imbeval.check import check_reported

    r = check_reported({"accuracy": "0.950", "cen": "0.500"}, counts=[20, 20, 20], budget=200)
    assert r.consistent is False and r.method == "interval"
    assert r.conflict == ("accuracy", "cen")


def test_mcen_conflict_proven_by_the_branch_and_bound():
    from imbeval.check import check_reported

    r = check_reported({"accuracy": "0.900", "mcen": "0.900"}, counts=[30, 20, 10], budget=200)
    assert r.consistent is False and r.method == "interval"
    assert r.conflict == ("accuracy", "mcen")


def test_accuracy_without_an_integer_count_is_inconsistent():
    # 0.577 +- 0.0005 of 232 points is 133.75 to 133.98 correct: no integer
    from imbeval.check import check_reported

    r = check_reported({"accuracy": "0.577"}, counts=[67, 79, 86], budget=300)
    assert r.consistent is False and r.method == "interval"
    assert check_reported({"accuracy": "0.578"}, counts=[67, 79, 86], budget=300).consistent


def test_cen_mcen_pair_conflict_proven_only_by_their_gap():
    # each value alone is possible; together they are not
    from imbeval.check import check_reported

    r = check_reported({"cen": "0.200", "mcen": "0.500"}, counts=[30, 30, 30], budget=200)
    assert r.consistent is False and r.method == "interval"
    assert r.conflict == ("cen", "mcen")
    for alone in ({"cen": "0.200"}, {"mcen": "0.500"}):
        assert check_reported(alone, counts=[30, 30, 30], budget=200).consistent is not False


_SMALL = None


def _small_matrices():
    """Every matrix with row sums (3, 4, 2) and its CEN, MCEN and accuracy."""
    global _SMALL
    if _SMALL is None:
        from imbeval.check._multiclass import enumerate_matrices
        from imbeval.indices.dembele import cen, mcen

        stack = np.concatenate(list(enumerate_matrices([3, 4, 2])))
        acc = np.trace(stack, axis1=1, axis2=2) / 9.0
        _SMALL = stack, cen(stack), mcen(stack), acc
    return _SMALL


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.floats(0.0, 1.0), st.floats(0.0, 1.0), st.floats(0.0, 1.0),
       st.sampled_from([0.005, 0.02, 0.05]))
def test_branch_and_bound_proofs_agree_with_every_matrix(cen_v, mcen_v, acc_v, eps):
    # the branch and bound run directly on a test set small enough to enumerate: every
    # proof of inconsistency must leave no matrix within the tolerances
    from imbeval.check._multiclass import bnb_search
    from imbeval.check._reported import parse_reported

    stack, cen_all, mcen_all, acc_all = _small_matrices()
    items = parse_reported({"cen": cen_v, "mcen": mcen_v, "accuracy": acc_v}, eps=eps,
                           n_classes=3)
    ok = np.ones(len(stack), bool)
    for item, values in zip(items, (cen_all, mcen_all, acc_all)):
        ok &= item.holds(values)

    def verify(m):
        from imbeval.indices.dembele import cen, mcen

        return all(item.holds(v) for item, v in zip(items, (cen(m), mcen(m), np.trace(m) / 9)))

    verdict, _, _ = bnb_search(items, [3, 4, 2], verify, budget=5000)
    if verdict is False:
        assert not ok.any()
    if verdict is True:
        assert ok.any()


def test_witness_found_for_indices_of_the_arrangement():
    # NMI, CEN, MCEN and EVE depend on where the confusions fall, which the integer
    # programs do not choose: the walk over one-point moves within rows finds a matrix
    from imbeval.check import check_reported
    from imbeval.indices import compute

    x = np.array([[24, 4, 2], [3, 25, 2], [1, 5, 24]], float)
    got = compute(x, names=["accuracy", "nmi", "cen", "mcen", "eve"])
    scores = {k: f"{float(v):.3f}" for k, v in got.items()}
    r = check_reported(scores, counts=[30, 30, 30], budget=200)
    assert r.consistent is True and r.method == "witness"
    m = r.feasible[0]
    assert np.array_equal(m.sum(axis=1), [30, 30, 30])
    again = compute(m, names=list(scores))
    assert all(abs(float(again[k]) - float(v)) <= 0.0005 + 1e-9 for k, v in scores.items())


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.integers(2, 5), st.integers(0, 2**31 - 1))
def test_eve_within_box_bounds(c, seed):
    from imbeval.indices.dembele import eve

    m, box = _random_box(c, seed)
    lo, hi = _bounds_of("eve", *box)
    assert lo - 1e-9 <= float(eve(m)) <= hi + 1e-9


def test_eve_bound_near_the_diagonal_is_tight():
    # a point box of a perfect diagonal: B = I, EVE = 1
    n = np.array([50.0, 50.0, 50.0])
    lo, hi = _bounds_of("eve", n, n, n, n, n, 150.0)
    assert lo > 0.99 and hi == 1.0


def test_eve_conflict_proven_by_the_branch_and_bound():
    # recalls of 0.95 on average keep B near the identity, so EVE near 1
    from imbeval.check import check_reported

    r = check_reported({"acsa": "0.950", "eve": "0.700"}, counts=[50, 50, 50], budget=200)
    assert r.consistent is False and r.method == "interval"
    assert r.conflict == ("acsa", "eve")
