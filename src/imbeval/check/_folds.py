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


# the largest set of partial sums the enumeration keeps (points x items floats)
_ENUMERATION_LIMIT = 2_000_000
# the most points of the smaller half: each is one query (a Python loop) into the other half
_QUERY_LIMIT = 50_000


def _partial_sums(values, w, order, low, high, ranges, rest_lo, rest_hi):
    """Every weighted sum over the units in ``order`` of one point per unit whose sum can
    still reach [low, high], given ``ranges`` (each unit's weighted (min, max) per item) and
    the other units' summed range ``rest_lo``/``rest_hi``; None when the set outgrows the
    limit. Returns (sums (points, items), choices (points, units))."""
    sums = np.zeros((1, len(low)))
    choice = np.zeros((1, 0), dtype=np.int64)
    for step, u in enumerate(order):
        v = w[u] * values[u]  # (points of unit u, items)
        if sums.shape[0] * v.shape[0] > _ENUMERATION_LIMIT:
            return None
        sums = (sums[:, None, :] + v[None, :, :]).reshape(-1, len(low))
        choice = np.concatenate([np.repeat(choice, v.shape[0], axis=0),
                                 np.tile(np.arange(v.shape[0]), choice.shape[0])[:, None]],
                                axis=1)
        lo, hi = _span(ranges, order[step + 1:], len(low))
        keep = np.all((sums + rest_hi + hi >= low - 1e-9)
                      & (sums + rest_lo + lo <= high + 1e-9), axis=1)
        sums, choice = sums[keep], choice[keep]
    return sums, choice


def _span(ranges, units, size):
    """The summed (min, max) per item of ``units``."""
    lo, hi = np.zeros(size), np.zeros(size)
    for u in units:
        lo, hi = lo + ranges[u][0], hi + ranges[u][1]
    return lo, hi


def _enumerate(items, grids, w, witness):
    """An exhaustive search of the folds' (TP, TN), meeting in the middle: the partial sums
    of one half of the units against those of the other, each pruned by what the other
    half can add. Returns (verdict, matrices) -- a proof either way -- or None when the
    sets are too large to hold."""
    k = len(grids)
    low = np.array([item.low for item in items])
    high = np.array([item.high for item in items])
    values, points = [], []
    for g in grids:
        flat = g.reshape(g.shape[0], -1).T  # (points, items)
        ok = np.all(np.isfinite(flat), axis=1)
        if not ok.any():
            return False, None
        values.append(flat[ok])
        points.append(np.flatnonzero(ok))
    ranges = [(w[u] * values[u].min(axis=0), w[u] * values[u].max(axis=0)) for u in range(k)]
    order = sorted(range(k), key=lambda u: values[u].shape[0])
    first, second = order[0::2], order[1::2]
    a = _partial_sums(values, w, first, low, high, ranges, *_span(ranges, second, len(items)))
    b = None if a is None else _partial_sums(values, w, second, low, high, ranges,
                                             *_span(ranges, first, len(items)))
    if b is None:
        return None
    (sa, ca), (sb, cb) = a, b
    if sa.shape[0] > sb.shape[0]:
        (sa, ca, first), (sb, cb, second) = (sb, cb, second), (sa, ca, first)
    if sa.shape[0] > _QUERY_LIMIT:
        return None
    sort = np.argsort(sb[:, 0], kind="stable")
    sb, cb = sb[sort], cb[sort]
    for i in range(sa.shape[0]):
        need_lo, need_hi = low - sa[i] - 1e-9, high - sa[i] + 1e-9
        start = np.searchsorted(sb[:, 0], need_lo[0], side="left")
        stop = np.searchsorted(sb[:, 0], need_hi[0], side="right")
        block = sb[start:stop]
        hits = np.flatnonzero(np.all((block >= need_lo) & (block <= need_hi), axis=1))
        for j in hits:  # the float slack above is settled by the exact check of a witness
            x = np.zeros(2 * k, dtype=np.int64)
            for units, picks in ((first, ca[i]), (second, cb[start + j])):
                for u, pick in zip(units, picks):
                    tp, tn = np.unravel_index(points[u][pick], grids[u].shape[1:])
                    x[u], x[k + u] = tp, tn
            found = witness(x)
            if found is not None:
                return True, found
    return False, None


def mean_search(items, units, weights=None, *, zero_division=np.nan, budget=200_000):
    """The weighted mean over ``units`` [(p, n), ...]: an exhaustive search where its sets
    fit in memory, else a branch and bound.

    Returns ``(verdict, matrices or None, boxes)``; the matrices are one per unit, and
    ``boxes`` is 0 when the exhaustive search decided.
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

    exhaustive = _enumerate(items, grids, w, witness)
    if exhaustive is not None:
        return exhaustive[0], exhaustive[1], 0
    lo = np.zeros(2 * k, dtype=np.int64)
    hi = np.array([p for p, _ in units] + [n for _, n in units], dtype=np.int64)
    verdict, point, boxes = branch_and_bound(lo, hi, items, bounds, witness, budget=budget)
    return verdict, point, boxes
