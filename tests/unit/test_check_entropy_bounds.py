"""The multi-class branch and bound's NMI bound holds for every matrix in its box."""

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
