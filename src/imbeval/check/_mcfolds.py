"""Means over folds of more than two classes (the folds of a k-fold): is there one matrix
per fold with the fold's class counts whose weighted mean of each index is the reported
value?

Each fold's averaged indices are functions of its diagonal ``d_f`` and column sums
``col_f`` (:mod:`imbeval.check._multiclass`), so the search works on the folds' (d, col)
stacked:

- tiny folds are enumerated: every matrix of every fold, met in the middle by
  :func:`imbeval.check._folds._enumerate` (a proof either way);
- two reported values of one quantity (accuracy and weighted recall, IAM and 2 CBA - 1)
  whose tolerances do not meet are a proof: the identities hold per fold, so in the mean;
- a witness is searched directly: one real "shape" (per-class recalls and column shares)
  shared by every fold, each fold's column sums rounded from it, then one integer program
  over every fold's diagonal at once (with the column sums fixed, the averaged indices,
  kappa and MCC are linear in the diagonals, and so is their mean), then neighbouring column
  sums;
- a branch and bound over boxes of every fold's (d, col): a box is bounded by the weighted
  sum of each fold's interval bounds (``_multiclass._bounds_of``) and by a linear program
  over every fold's diagonal, in which each per-class term lies between two linear
  functions of its diagonal entry (``d / col_hi <= precision <= d / col_lo``, ...); an
  infeasible program drops the box (a proof). Its nodes try the integer program too.

A witness is verified on every reported item by the registry (the weighted mean of the
fold matrices' exact values).
"""

from __future__ import annotations

import math

import numpy as np

from imbeval.check import _multiclass as mc
from imbeval.check._bnb import branch_and_bound
from imbeval.indices import compute

__all__ = ["stratified_class_folds", "sklearn_allocation", "fold_mean_search"]

#: the most fold splits :func:`stratified_class_folds` lists
SPLIT_LIMIT = 5_000
# matrices per fold below which every fold is enumerated
_ENUMERATE_FOLD = 20_000
# integer programs per start of the direct witness search
_TRIES = 15
# an integer program that proves nothing by failing may stop early (an infeasible one with
# k * C variables can take minutes)
_MILP_SECONDS = 0.2
# steps of the local search over column sums
_STEPS = 10


def sklearn_allocation(counts, k):
    """The fold class counts scikit-learn's ``StratifiedKFold`` gives (>= 0.22): the
    labels sorted by class and dealt round robin, fold i taking positions i, i + k, ...
    A (k, C) array.

    >>> sklearn_allocation([5, 3], 2).tolist()
    [[3, 1], [2, 2]]
    """
    counts = np.asarray(counts, dtype=np.int64)
    start = np.concatenate([[0], np.cumsum(counts)[:-1]])
    out = np.empty((k, counts.size), dtype=np.int64)
    for i in range(k):
        # positions j in [start, start + n) with j % k == i
        first = start + (i - start) % k
        out[i] = np.maximum(0, (start + counts - first + k - 1) // k)
    return out


def stratified_class_folds(counts, k, limit=SPLIT_LIMIT):
    """Every multiset of per-fold class counts a stratified k-fold split of ``counts`` can
    give: each class's fold counts differ by at most one, so class c puts
    ``counts[c] // k`` points in every fold and one more in ``counts[c] % k`` of them; the
    splits differ in which folds take the extra points together. scikit-learn's split
    (:func:`sklearn_allocation`) comes first. Returns (list of (k, C) arrays, complete):
    ``complete`` is False when there are more than ``limit`` splits (only the first
    ``limit`` are listed, so no inconsistency can be proven over all of them).

    >>> splits, complete = stratified_class_folds([5, 3, 4], 2)
    >>> [s.tolist() for s in splits], complete
    ([[[3, 1, 2], [2, 2, 2]], [[2, 1, 2], [3, 2, 2]]], True)
    """
    counts = np.asarray(counts, dtype=np.int64)
    c = counts.size
    base, extra = counts // k, counts % k
    codes = range(1 << c)
    bits = np.array([[(code >> j) & 1 for j in range(c)] for code in codes], dtype=np.int64)
    found = []

    def walk(prefix, left, smallest):
        if len(found) > limit:
            return
        rest = k - len(prefix)
        if rest == 0:
            if not left.any():
                found.append(tuple(prefix))
            return
        if np.any(left > rest):
            return
        for code in range(smallest, 1 << c):
            after = left - bits[code]
            if np.any(after < 0):
                continue
            walk(prefix + [code], after, code)

    walk([], extra.copy(), 0)
    complete = len(found) <= limit
    found = found[:limit]
    first = sklearn_allocation(counts, k)
    key = tuple(sorted(int(sum(int(b) << j for j, b in enumerate(row - base)))
                       for row in first))
    splits = [first]
    for multiset in found:
        if multiset != key:
            splits.append(base[None, :] + bits[list(multiset)])
    if not complete:
        splits = splits[:limit]
    return splits, complete


def _mean_values(mats, w, names, zero_division):
    got = compute(np.asarray(mats, dtype=float), names=names, zero_division=zero_division)
    return {name: float(w @ np.asarray(got[name], dtype=float)) for name in names}


def _holds(items, mats, w, zero_division):
    names = list({item.info.name: None for item in items})
    values = _mean_values(mats, w, names, zero_division)
    return all(bool(item.holds(values[item.info.name])) for item in items)


def _enumerated(items, folds, w, zero_division):
    """Every matrix of every fold, met in the middle; (verdict, matrices) or None."""
    from imbeval.check import _folds

    if any(mc.count_matrices(f) > _ENUMERATE_FOLD for f in folds):
        return None
    names = list({item.info.name: None for item in items})
    stacks, grids = [], []
    for f in folds:
        stack = np.concatenate(list(mc.enumerate_matrices(tuple(int(x) for x in f))))
        got = compute(stack, names=names, zero_division=zero_division)
        values = np.stack([np.asarray(got[item.info.name], float) for item in items])
        values[:, ~np.all(np.isfinite(values), axis=0)] = np.nan
        stacks.append(stack)
        grids.append(values[:, :, None])  # the point index, and a unit second axis
    k = len(folds)

    def witness(x):
        mats = np.stack([stacks[u][x[u]] for u in range(k)])
        return mats if _holds(items, mats, w, zero_division) else None

    return _folds._enumerate(items, grids, w, witness)


def _term_of(name):
    """(term, average, scale, shift) of an index bounded by per-class terms, or None."""
    scale, shift = 1.0, 0.0
    if name in mc._AFFINE:
        name, scale, shift = mc._AFFINE[name]
    if name not in mc._AVERAGES:
        return None
    term, average = mc._AVERAGES[name]
    return term, average, scale, shift


def _fold_linear(name, col, n, total, zero_division):
    """(a, b): the fold's index = a @ d + b at column sums ``col``, or None. A precision
    of a class never predicted is ``zero_division`` (a constant) when it is 0."""
    if name in ("macro_precision", "weighted_precision") and np.any(col < 1):
        if zero_division != 0:
            return None
        c = n.size
        w = np.full(c, 1.0 / c) if name == "macro_precision" else n / total
        return np.where(col >= 1, w / np.maximum(col, 1), 0.0), 0.0
    return mc._linear(name, col, n, total)


class _Folds:
    """The folds' counts, weights and the reported items, with the searches over them."""

    def __init__(self, items, folds, w, zero_division):
        self.items = items
        self.n = [np.asarray(f, dtype=float) for f in folds]
        self.k = len(folds)
        self.c = self.n[0].size
        self.total = [float(f.sum()) for f in self.n]
        self.w = w
        self.zd = zero_division
        self.names = [mc._base(item.info) for item in items]

    # -- witnesses ---------------------------------------------------------------------
    def verify(self, mats):
        return _holds(self.items, mats, self.w, self.zd)

    def _program(self, cols, d_lo=None, d_hi=None):
        """The rows of the program over every fold's diagonal at column sums ``cols``:
        (item rows, their lows, highs, tolerances; Hall rows, their highs; bounds), or
        None when no diagonal can hold them."""
        k, c = self.k, self.c
        rows, lows, highs, eps = [], [], [], []
        for item, name in zip(self.items, self.names):
            a, b = np.zeros(k * c), 0.0
            for f in range(k):
                lin = _fold_linear(name, cols[f], self.n[f], self.total[f], self.zd)
                if lin is None:
                    if name in ("macro_precision", "weighted_precision"):
                        return None
                    break
                a[f * c:(f + 1) * c] = self.w[f] * lin[0]
                b += self.w[f] * lin[1]
            else:
                rows.append(a)
                lows.append(item.low - b)
                highs.append(item.high - b)
                eps.append(max(item.eps, 1e-7))
        hall_rows, hall_highs = [], []
        hall = np.ones((c, c)) - 2 * np.eye(c)
        for f in range(k):  # a matrix exists: n_i + col_i - 2 d_i <= N - sum(d)
            block = np.zeros((c, k * c))
            block[:, f * c:(f + 1) * c] = hall
            hall_rows.extend(block)
            hall_highs.extend(self.total[f] - self.n[f] - cols[f])
        lo = np.zeros(k * c) if d_lo is None else np.asarray(d_lo, float)
        hi = np.concatenate(self.n) if d_hi is None else np.asarray(d_hi, float)
        hi = np.minimum(hi, np.concatenate(cols))
        if np.any(hi < lo):
            return None
        return (np.array(rows).reshape(-1, k * c), np.array(lows), np.array(highs),
                np.array(eps), np.array(hall_rows), np.array(hall_highs), lo, hi)

    def diagonals(self, cols, d_lo=None, d_hi=None):
        """Integer diagonals of every fold at column sums ``cols`` holding every reported
        index linear in them (one integer program), or None."""
        from scipy.optimize import Bounds, LinearConstraint, milp

        prog = self._program(cols, d_lo, d_hi)
        if prog is None:
            return None
        rows, lows, highs, _, hall_rows, hall_highs, lo, hi = prog
        a = np.vstack([rows, hall_rows])
        res = milp(np.zeros(lo.size),
                   constraints=LinearConstraint(a, np.concatenate([lows, np.full(
                       hall_highs.size, -np.inf)]), np.concatenate([highs, hall_highs])),
                   integrality=np.ones(lo.size), bounds=Bounds(lo, hi),
                   options={"time_limit": _MILP_SECONDS})
        if res.x is None:
            return None
        return np.round(res.x).astype(np.int64).reshape(self.k, self.c)

    def miss(self, cols):
        """The least total miss, in tolerances, of the linear indices over real diagonals
        at column sums ``cols`` (a linear program with slacks); inf when none fits."""
        from scipy.optimize import linprog

        prog = self._program(cols)
        if prog is None:
            return math.inf
        rows, lows, highs, eps, hall_rows, hall_highs, lo, hi = prog
        m, nd = rows.shape[0], lo.size
        # variables: d, then one slack per item row (scaled by its tolerance)
        top = np.hstack([rows, -np.diag(eps)])
        bottom = np.hstack([-rows, -np.diag(eps)])
        hall = np.hstack([hall_rows, np.zeros((hall_rows.shape[0], m))])
        cost = np.concatenate([np.zeros(nd), np.ones(m)])
        res = linprog(cost, A_ub=np.vstack([top, bottom, hall]),
                      b_ub=np.concatenate([highs, -lows, hall_highs]),
                      bounds=list(zip(lo, hi)) + [(0, None)] * m, method="highs")
        return float(res.fun) if res.status == 0 else math.inf

    def descend(self, cols, steps=_STEPS):
        """Local search over the folds' column sums: each step moves one unit between two
        classes of one fold, to the neighbour whose linear program misses least; an
        integer program is tried wherever the linear program fits."""
        k, c = self.k, self.c
        current = self.miss(cols)
        tried = set()
        for _ in range(steps):
            if current <= 1e-9 and cols.tobytes() not in tried:
                tried.add(cols.tobytes())
                mats = self.matrices(cols)
                if mats is not None:
                    return mats
            best, best_cols = math.inf, None
            for f in range(k):
                for i in range(c):
                    if cols[f, i] < 1:
                        continue
                    for j in range(c):
                        if i == j:
                            continue
                        nxt = cols.copy()
                        nxt[f, i] -= 1
                        nxt[f, j] += 1
                        if nxt.tobytes() in tried:
                            continue
                        got = self.miss(nxt)
                        if got < best:
                            best, best_cols = got, nxt
            if best_cols is None or (best >= current and current > 1e-9):
                return None
            cols, current = best_cols, best
        return None

    def matrices(self, cols, d_lo=None, d_hi=None):
        d = self.diagonals(cols, d_lo, d_hi)
        if d is None:
            return None
        mats = []
        for f in range(self.k):
            m = mc.matrix_of(d[f], cols[f], self.n[f])
            if m is None:
                return None
            mats.append(m)
        mats = np.stack(mats)
        return mats if self.verify(mats) else None

    def shape_loss(self, x, cols=None):
        """Squared misses (beyond 0.7 of each tolerance) of the mean of the folds' indices
        at per-class recalls x[:c] and column shares x[c:] shared by every fold (or the
        folds' own column sums ``cols``)."""
        c = self.c
        recall, share = np.clip(x[:c], 0, 1), np.clip(x[c:], 0, None)
        share = share / share.sum() if share.sum() > 0 else np.full(c, 1.0 / c)
        miss = 0.0
        for item, name in zip(self.items, self.names):
            if name not in mc.SUPPORTED:
                continue
            v = 0.0
            for f in range(self.k):
                col = share * self.total[f] if cols is None else cols[f]
                got = mc._value(name, recall * self.n[f], col, self.n[f], self.total[f])
                if got is None:
                    v = None
                    break
                v += self.w[f] * got
            if v is None:
                continue
            gap = abs(v - item.value) / max(item.eps, 1e-7)
            miss += max(0.0, gap - 0.7) ** 2
        return miss

    def witness_search(self, seed=0, tries=_TRIES):
        """A witness found directly (None proves nothing)."""
        from scipy.optimize import minimize

        c, k = self.c, self.k
        rng = np.random.default_rng(seed)
        pooled = np.sum(self.n, axis=0)
        recall = next((item.value for item, name in zip(self.items, self.names)
                       if name in ("acsa", "a_mean", "accuracy")), 0.5)
        starts = [np.concatenate([np.full(c, recall), pooled / pooled.sum()]),
                  np.concatenate([np.full(c, recall), np.full(c, 1.0 / c)])]
        for _ in range(2):  # seeded restarts: the least-squares problem is not convex
            starts.append(np.concatenate([rng.uniform(0, 1, c), rng.dirichlet(np.ones(c))]))
        # a matrix of the pooled counts holding the reported values, scaled to each fold:
        # the indices are ratios, so a fold of the same shape nearly holds them
        one = mc.witness_search(self.items, tuple(int(x) for x in pooled),
                                lambda m: _holds(self.items, m[None], np.ones(1), self.zd))
        if one is not None:
            share = one.sum(axis=0) / pooled.sum()
            cols = np.stack([mc._largest_remainder(share * self.total[f], int(self.total[f]))
                             for f in range(k)])
            mats = self.descend(cols)
            if mats is not None:
                return mats
        seen = set()
        for x0 in starts:
            with np.errstate(all="ignore"):
                res = minimize(self.shape_loss, x0, method="SLSQP",
                               bounds=[(0, 1)] * c + [(1e-6, 1)] * c,
                               constraints=[{"type": "eq", "fun": lambda x: x[c:].sum() - 1},
                                            {"type": "ineq",
                                             "fun": lambda x: x[c:] * pooled.sum()
                                             - x[:c] * pooled}],
                               options={"maxiter": 200, "ftol": 1e-12})
            recall = np.clip(res.x[:c], 0, 1)
            share = np.clip(res.x[c:], 0, None)
            cols = np.stack([mc._largest_remainder(share * self.total[f], int(self.total[f]))
                             for f in range(k)])
            if x0 is starts[0]:  # the local search is costly: from the first start only
                mats = self.descend(cols)
                if mats is not None:
                    return mats
            frontier, used = [cols], 0
            while frontier and used < tries:
                cols = frontier.pop(0)
                key = cols.tobytes()
                if key in seen:
                    continue
                seen.add(key)
                used += 1
                mats = self.matrices(cols)
                if mats is not None:
                    return mats
                if len(frontier) < tries:
                    scored = []
                    for f in range(k):
                        for i in range(c):
                            for j in range(c):
                                if i == j or cols[f, i] < 1:
                                    continue
                                nxt = cols.copy()
                                nxt[f, i] -= 1
                                nxt[f, j] += 1
                                x = np.concatenate([recall, share])
                                scored.append((self.shape_loss(x, nxt), rng.random(), nxt))
                    scored.sort(key=lambda t: (t[0], t[1]))
                    frontier.extend(nxt for _, _, nxt in scored[:tries])
        return None

    # -- bounds ------------------------------------------------------------------------
    def _split(self, lo, hi):
        c = self.c
        for f in range(self.k):
            s = f * 2 * c
            yield (f, lo[s:s + c].astype(float), hi[s:s + c].astype(float),
                   lo[s + c:s + 2 * c].astype(float), hi[s + c:s + 2 * c].astype(float))

    def propagate(self, lo, hi):
        lo, hi = lo.copy(), hi.copy()
        c = self.c
        for f in range(self.k):
            s = f * 2 * c
            big_n = int(self.total[f])
            d_lo, d_hi = lo[s:s + c], hi[s:s + c]
            c_lo, c_hi = lo[s + c:s + 2 * c], hi[s + c:s + 2 * c]
            for _ in range(3):
                np.minimum(d_hi, c_hi, out=d_hi)
                np.maximum(c_lo, d_lo, out=c_lo)
                if c_lo.sum() > big_n or c_hi.sum() < big_n:
                    return None
                np.maximum(c_lo, big_n - (c_hi.sum() - c_hi), out=c_lo)
                np.minimum(c_hi, big_n - (c_lo.sum() - c_lo), out=c_hi)
            if np.any(d_lo > d_hi) or np.any(c_lo > c_hi):
                return None
        return lo, hi

    def bounds(self, lo, hi, bounded):
        precision = any(self.names[j] in ("macro_precision", "weighted_precision")
                        for j in bounded)
        b_lo, b_hi = np.zeros(len(bounded)), np.zeros(len(bounded))
        for f, dl, dh, cl, ch in self._split(lo, hi):
            if precision and np.isnan(self.zd) and np.any(ch < 1):
                return None  # a precision of a class never predicted is undefined
            # a column sum of 0 widened to 1: every bound is monotone in the column sums,
            # so the wider box's bounds still hold (at col 0 the diagonal is 0)
            ch = np.maximum(ch, 1.0)
            for r, j in enumerate(bounded):
                low, high = mc._bounds_of(self.names[j], dl, dh, cl, ch, self.n[f],
                                          self.total[f])
                b_lo[r] += self.w[f] * low
                b_hi[r] += self.w[f] * high
        if not self.relaxation_holds(lo, hi):
            return None
        return b_lo, b_hi

    def relaxation_holds(self, lo, hi):
        """Whether real diagonals in the box hold every averaged index, each per-class term
        between linear functions of its diagonal entry (a linear program)."""
        from scipy.optimize import linprog

        k, c = self.k, self.c
        terms = [(item, _term_of(name)) for item, name in zip(self.items, self.names)]
        terms = [(item, t) for item, t in terms if t is not None]
        if not terms:
            return True
        nd = k * c
        n_aux = sum(nd for _, t in terms if t[0] != "recall")
        size = nd + n_aux
        a_ub, b_ub = [], []
        bounds = []
        for f, dl, dh, cl, ch in self._split(lo, hi):
            bounds.extend(zip(dl, dh))
        bounds.extend([(0.0, 1.0)] * n_aux)
        aux = nd
        for item, (term, average, scale, shift) in terms:
            ends = sorted(((item.low - shift) / scale, (item.high - shift) / scale))
            lower_row, upper_row = np.zeros(size), np.zeros(size)
            const_lo, const_hi = 0.0, 0.0  # constants of the lower and upper sums
            for f, dl, dh, cl, ch in self._split(lo, hi):
                n, total = self.n[f], self.total[f]
                wc = self.w[f] * (np.full(c, 1.0 / c) if average == "macro" else n / total)
                ch = np.maximum(ch, 1.0)
                if term == "recall":
                    s_lo = s_hi = 1.0 / n
                elif term == "precision":
                    s_lo, s_hi = 1.0 / ch, np.where(cl >= 1, 1.0 / np.maximum(cl, 1), np.inf)
                elif term == "f1":
                    s_lo, s_hi = 2.0 / (n + ch), 2.0 / (n + cl)
                elif term == "cba":
                    s_lo, s_hi = 1.0 / np.maximum(n, ch), 1.0 / np.maximum(n, cl)
                else:  # specificity: (rest - col + d) / rest
                    rest = total - n
                    s_lo = s_hi = 1.0 / rest
                    const_lo += float(wc @ ((rest - ch) / rest))
                    const_hi += float(wc @ ((rest - cl) / rest))
                idx = slice(f * c, (f + 1) * c)
                lower_row[idx] = wc * s_lo
                if term == "recall":
                    upper_row[idx] = wc * s_hi
                    continue
                # upper sum through auxiliaries u <= slope * d (and u <= 1 by its bounds)
                for i in range(c):
                    upper_row[aux] = wc[i]
                    if np.isfinite(s_hi[i]):
                        row = np.zeros(size)
                        row[aux] = 1.0
                        row[f * c + i] = -s_hi[i]
                        a_ub.append(row)
                        b_ub.append(0.0)
                    aux += 1
            a_ub.append(lower_row)  # the least the terms can sum to is at most the top
            b_ub.append(ends[1] - const_lo)
            a_ub.append(-upper_row)  # the most they can sum to is at least the bottom
            b_ub.append(-(ends[0] - const_hi))
        # a matrix exists: n_i + col_i - 2 d_i <= N - sum(d), with col_i >= its low end
        hall = np.ones((c, c)) - 2 * np.eye(c)
        for f, dl, dh, cl, ch in self._split(lo, hi):
            for i in range(c):
                row = np.zeros(size)
                row[f * c:(f + 1) * c] = hall[i]
                a_ub.append(row)
                b_ub.append(self.total[f] - self.n[f][i] - cl[i])
        with np.errstate(all="ignore"):
            res = linprog(np.zeros(size), A_ub=np.array(a_ub), b_ub=np.array(b_ub),
                          bounds=bounds, method="highs")
        return res.status != 2  # 2: infeasible

    def bnb(self, budget, programs=20):
        items, c = self.items, self.c
        bounded = [j for j, name in enumerate(self.names) if name in mc.SUPPORTED]
        sub = [items[j] for j in bounded]
        tried = [0]

        def cols_of(lo, hi):
            out = []
            for f, dl, dh, cl, ch in self._split(lo, hi):
                col = mc._columns_in(cl.astype(np.int64), ch.astype(np.int64),
                                     int(self.total[f]))
                if col is None:
                    return None
                out.append(col)
            return np.stack(out)

        def d_range(lo, hi):
            d_lo = np.concatenate([dl for _, dl, _, _, _ in self._split(lo, hi)])
            d_hi = np.concatenate([dh for _, _, dh, _, _ in self._split(lo, hi)])
            return d_lo, d_hi

        def attempt(lo, hi):
            if tried[0] >= programs:
                return None
            tried[0] += 1
            cols = cols_of(lo, hi)
            return None if cols is None else self.matrices(cols, *d_range(lo, hi))

        def witness(x):
            cols = cols_of(x, x)
            if cols is None:
                return None
            return self.matrices(cols, *d_range(x, x))

        lo = np.zeros(2 * c * self.k, dtype=np.int64)
        hi = np.concatenate([np.concatenate([f, np.full(c, t)])
                             for f, t in zip(self.n, self.total)]).astype(np.int64)
        return branch_and_bound(lo, hi, sub, lambda a, b: self.bounds(a, b, bounded),
                                witness, budget=budget, propagate=self.propagate,
                                attempt=attempt)


def fold_mean_search(items, folds, weights=None, *, zero_division=np.nan, budget=100_000,
                     direct=True, seed=0):
    """The weighted mean over folds of C > 2 classes (``folds``: a (k, C) array of their
    class counts).

    Returns ``(verdict, matrices (k, C, C) or None, boxes, how)``: ``how`` is
    ``"exact"`` (every matrix of every fold), ``"identity"``, ``"witness"`` (found
    directly), ``"interval"`` (the branch and bound) or ``"undecided"`` (with why).
    """
    folds = np.asarray(folds, dtype=np.int64)
    k = folds.shape[0]
    w = np.full(k, 1.0 / k) if weights is None else np.asarray(weights, float)
    if mc.identities_break(items):
        return False, None, 0, "identity"
    exhaustive = _enumerated(items, folds, w, zero_division)
    if exhaustive is not None:
        return exhaustive[0], exhaustive[1], 0, "exact"
    search = _Folds(items, folds, w, zero_division)
    if direct:
        mats = search.witness_search(seed=seed)
        if mats is not None:
            return True, mats, 0, "witness"
    if not any(name in mc.SUPPORTED for name in search.names):
        return None, None, 0, "undecided: no reported index is bounded"
    if not (np.isnan(zero_division) or zero_division == 0):
        return None, None, 0, "undecided: the bounds take undefined values as NaN or 0 only"
    verdict, mats, boxes = search.bnb(budget)
    how = {True: "witness", False: "interval", None: "undecided: budget spent"}[verdict]
    return verdict, mats, boxes, how
