"""Scores that are means over two-class test sets (the folds of a k-fold, several data
sets): is there one matrix per test set whose weighted mean of each index is the reported
value?

Each test set's grid of values is computed exactly by the registry; a box of (TP, TN) per
test set is bounded by the minimum and maximum of those values over its sub-grid, so a box
dropped by :func:`~imbeval.check._bnb.branch_and_bound` holds no solution (a proof), and a
point it reaches is a witness.
"""

from __future__ import annotations

import numpy as np

from imbeval.check._binary import matrices
from imbeval.check._bnb import branch_and_bound
from imbeval.indices import compute

__all__ = ["stratified_folds", "mean_search"]


def stratified_folds(p, n, k):
    """Every multiset of per-fold counts a stratified k-fold split of (p, n) can give: fold
    class counts differ by at most one, so ``p % k`` folds hold ``ceil(p / k)`` positives
    and ``n % k`` folds ``ceil(n / k)`` negatives; the splits differ in how many folds hold
    both. A list of lists of (p_k, n_k).

    >>> stratified_folds(5, 7, 2)
    [[(3, 3), (2, 4)], [(3, 4), (2, 3)]]
    """
    a, b = p % k, n % k
    small_p, small_n = p // k, n // k
    out = []
    for both in range(max(0, a + b - k), min(a, b) + 1):
        folds = ([(small_p + 1, small_n + 1)] * both + [(small_p + 1, small_n)] * (a - both)
                 + [(small_p, small_n + 1)] * (b - both)
                 + [(small_p, small_n)] * (k - a - b + both))
        out.append(folds)
    return out


def _grids(units, items, zero_division):
    names = list({item.info.name: None for item in items})
    grids = []
    for p, n in units:
        tp, tn = np.meshgrid(np.arange(p + 1.0), np.arange(n + 1.0), indexing="ij")
        values = compute(matrices(tp, tn, p, n), names=names, zero_division=zero_division)
        stack = np.stack([values[item.info.name] for item in items])  # (items, p+1, n+1)
        stack[:, ~np.all(np.isfinite(stack), axis=0)] = np.nan  # undefined: no solution
        grids.append(stack)
    return grids


def mean_search(items, units, weights=None, *, zero_division=np.nan, budget=200_000):
    """Branch and bound for the weighted mean over ``units`` [(p, n), ...].

    Returns ``(verdict, matrices or None, boxes)``; the matrices are one per unit.
    """
    units = [(int(p), int(n)) for p, n in units]
    w = np.full(len(units), 1.0 / len(units)) if weights is None else np.asarray(weights, float)
    grids = _grids(units, items, zero_division)
    k = len(units)

    def bounds(lo, hi):
        b_lo = np.zeros(len(items))
        b_hi = np.zeros(len(items))
        for u in range(k):
            block = grids[u][:, lo[u]:hi[u] + 1, lo[k + u]:hi[k + u] + 1]
            flat = block.reshape(len(items), -1)
            if np.all(np.isnan(flat[0])):
                return None
            b_lo += w[u] * np.nanmin(flat, axis=1)
            b_hi += w[u] * np.nanmax(flat, axis=1)
        return b_lo, b_hi

    def witness(x):
        values = np.array([sum(w[u] * grids[u][i, x[u], x[k + u]] for u in range(k))
                           for i in range(len(items))])
        if all(item.holds(v) for item, v in zip(items, values)):
            return np.stack([matrices(x[u], x[k + u], *units[u]) for u in range(k)])
        return None

    lo = np.zeros(2 * k, dtype=np.int64)
    hi = np.array([p for p, _ in units] + [n for _, n in units], dtype=np.int64)
    verdict, point, boxes = branch_and_bound(lo, hi, items, bounds, witness, budget=budget)
    return verdict, point, boxes
