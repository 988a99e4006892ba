"""The matrices the property checks evaluate, for every index alike: index-independent,
built once per size and seed (cached) and held in frozen setup types
(:class:`TwoClassSetup`, :class:`MultiClassSetup`)."""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass

import numpy as np

from imbeval.audit.matrices import hypergeometric_draws, two_class_stack

#: The n of the approximate constant baseline (exact expectations at each).
BASELINE_SIZES = (50, 200, 800, 3200)


#: Class proportions (of the positive class, in truth and in prediction) of that check.
BASELINE_PROPORTIONS = (0.2, 0.5, 0.8)


#: Several classes: n of the approximate constant baseline, and random permutations per size.
APPROXIMATE_SIZES = (100, 400, 1600)


APPROXIMATE_DRAWS = 200


def _frozen(*arrays):
    for a in arrays:
        a.flags.writeable = False
    return arrays


@functools.lru_cache(maxsize=4)
def _two_class_table(max_n):
    """Every (TP, FN, FP, TN) with 1 <= n <= max_n, as an (K, 4) int array (cached: the
    enumerations below are the same for every index)."""
    g = np.indices((max_n + 1,) * 4).reshape(4, -1).T
    total = g.sum(axis=1)
    return _frozen(g[(total >= 1) & (total <= max_n)])[0]


@functools.lru_cache(maxsize=4)
def _size_draws(max_n):
    """(combos, draws) of the constant baseline: sizes (n, P, k), 1 <= P, k <= n − 1."""
    combos = np.array([(m, p, k) for m in range(2, max_n + 1) for p in range(1, m)
                       for k in range(1, m)])
    return _frozen(combos, *hypergeometric_draws(combos[:, 1], combos[:, 0] - combos[:, 1],
                                                 combos[:, 2]))


@functools.lru_cache(maxsize=1)
def _proportion_draws():
    """{n: draws} of the approximate constant baseline, and the proportion grid."""
    grid = [(p, q) for p in BASELINE_PROPORTIONS for q in BASELINE_PROPORTIONS]
    draws = {}
    for m in BASELINE_SIZES:
        pos = np.array([int(round(p * m)) for p, _ in grid])
        k = np.array([int(round(q * m)) for _, q in grid])
        group, a, b, c, d, prob = hypergeometric_draws(pos, m - pos, k)
        draws[m] = _frozen(group, two_class_stack(a, b, c, d), prob)
    return grid, draws


@functools.lru_cache(maxsize=4)
def _distance_pairs(max_n):
    """Confusion counts (TP, FN, FP, TN) of the pairs (A,B), (B,A), (B,C), (A,C) of every
    triple of labelings of n <= max_n items."""
    counts = _labeling_triples(max_n)
    pattern = np.arange(8)
    bits = [(pattern >> 2) & 1, (pattern >> 1) & 1, pattern & 1]

    def pair(x, y):
        u, v = bits[x], bits[y]
        return np.stack([counts[:, (u == 1) & (v == 1)].sum(1), counts[:, (u == 1) & (v == 0)].sum(1),
                         counts[:, (u == 0) & (v == 1)].sum(1), counts[:, (u == 0) & (v == 0)].sum(1)])

    return _frozen(pair(0, 1), pair(1, 0), pair(1, 2), pair(0, 2))


def _labeling_triples(max_n):
    """Counts of the 8 patterns (a, b, c) ∈ {0, 1}³ of every triple of labelings of
    1 <= n <= max_n items (stars and bars), shape (K, 8); pattern index 4a + 2b + c."""
    bars = np.array(list(itertools.combinations(range(max_n + 8), 8)))
    edges = np.concatenate([np.full((len(bars), 1), -1), bars,
                            np.full((len(bars), 1), max_n + 8)], axis=1)
    parts = np.diff(edges, axis=1) - 1  # 9 parts, the last a slack
    counts = parts[:, :8]
    return counts[counts.sum(axis=1) >= 1]


def _compositions(total, parts):
    """Every vector of ``parts`` non-negative integers summing to ``total``."""
    bars = np.array(list(itertools.combinations(range(total + parts - 1), parts - 1)))
    if bars.size == 0:
        return np.full((1, parts), total)
    edges = np.concatenate([np.full((len(bars), 1), -1), bars,
                            np.full((len(bars), 1), total + parts - 1)], axis=1)
    return np.diff(edges, axis=1) - 1


def _random_counts(rng, k, c):
    """k random C x C count matrices: sparse, moderate and crisp, sizes 1-30 per cell."""
    scale = rng.choice([1.0, 3.0, 10.0], size=(k, 1, 1))
    keep = rng.random((k, c, c)) < rng.choice([0.3, 0.6, 1.0], size=(k, 1, 1))
    m = np.floor(rng.exponential(scale, size=(k, c, c)) * keep)
    empty = m.sum(axis=(1, 2)) == 0
    m[empty, 0, 0] = 1
    return m


@dataclass(frozen=True)
class TwoClassSetup:
    """Every two-class matrix with 1 <= n <= ``max_n`` points, as counts and stacks.

    ``cells``: (K, 4) counts (TP, FN, FP, TN); ``tp, fn, fp, tn`` its columns;
    ``matrices``: the (K, 2, 2) stack; ``distance_n``: the n of the labeling triples."""

    max_n: int
    distance_n: int
    cells: np.ndarray
    tp: np.ndarray
    fn: np.ndarray
    fp: np.ndarray
    tn: np.ndarray
    matrices: np.ndarray

    @property
    def what(self) -> str:
        return f"every two-class matrix with n <= {self.max_n}"


def two_class_setup(max_n: int, distance_n: int) -> TwoClassSetup:
    """The two-class matrices of the checks (:class:`TwoClassSetup`)."""
    cells = _two_class_table(max_n)
    tp, fn, fp, tn = cells.T
    return TwoClassSetup(max_n, distance_n, cells, tp, fn, fp, tn,
                         two_class_stack(tp, fn, fp, tn))


@dataclass(frozen=True)
class MultiClassSetup:
    """Every matrix the several-class checks evaluate (index-independent).

    Attributes
    ----------
    c : the number of classes.
    stack, trace, offsum : the searched matrices, their traces and off-diagonal sums.
    relabelled : each matrix with its classes relabelled at random.
    mono : ``(index, after)``: one wrong prediction corrected.
    strong : ``{True: (index, after), False: (index, after)}``: one more count in a
        diagonal cell of a matrix with an error / an off-diagonal one of a matrix with a
        correct prediction.
    triples, same, n_triples : the confusion matrices (A,B), (B,A), (B,C), (A,C) of random
        labeling triples, whether A = B, and their number.
    constant : the exact enumeration of the constant baseline (:func:`_enumeration`).
    grid, approx : the class-share grid and ``{n: stacks}`` of random permutations.
    """

    c: int
    stack: np.ndarray
    trace: np.ndarray
    offsum: np.ndarray
    relabelled: np.ndarray
    mono: tuple
    strong: dict
    triples: tuple
    same: np.ndarray
    n_triples: int
    constant: tuple
    grid: list
    approx: dict

    @property
    def what(self) -> str:
        return f"C = {self.c}, seeded search"


@functools.lru_cache(maxsize=8)
def multi_class_setup(c, seed, n_search, max_n) -> MultiClassSetup:
    """Every matrix the several-class checks evaluate (index-independent, cached)."""
    rng = np.random.default_rng(seed)
    eye = np.eye(c, dtype=bool)
    base = _random_counts(rng, n_search, c)
    diag = base * eye
    diag[diag.sum(axis=(1, 2)) == 0, 0, 0] = 1
    off = base * ~eye
    off[off.sum(axis=(1, 2)) == 0, 0, 1] = 1
    stack = np.concatenate([base, diag, off])
    trace = np.trace(stack, axis1=1, axis2=2)
    offsum = stack.sum(axis=(1, 2)) - trace
    perms = np.array([rng.permutation(c) for _ in range(len(stack))])
    rows = np.take_along_axis(stack, perms[:, :, None], axis=1)
    relabelled = np.take_along_axis(rows, perms[:, None, :], axis=2)
    # monotonicity: every off-diagonal count > 0 moved to its row's diagonal cell
    mono_idx, mono_after = [], []
    for i in range(c):
        for j in range(c):
            if i != j:
                has = np.flatnonzero(stack[:, i, j] >= 1)
                moved = stack[has].copy()
                moved[:, i, j] -= 1
                moved[:, i, i] += 1
                mono_idx.append(has)
                mono_after.append(moved)
    # strong monotonicity: one more count in a diagonal cell (matrices with an error) or an
    # off-diagonal one (matrices with a correct prediction)
    strong = {}
    for keep in (True, False):
        sel = np.flatnonzero(offsum > 0 if keep else trace > 0)
        idx, after = [], []
        for i in range(c):
            for j in range(c):
                if (i == j) == keep:
                    plus = stack[sel].copy()
                    plus[:, i, j] += 1
                    idx.append(sel)
                    after.append(plus)
        strong[keep] = (np.concatenate(idx), np.concatenate(after))
    # distance: random triples of labelings of 2-12 items
    k = n_search * 4
    n_items = rng.integers(2, 13, size=k)
    size = int(n_items.max())
    mask = np.arange(size)[None, :] < n_items[:, None]
    probs = rng.dirichlet(np.ones(c), size=(k, 3))
    labels = np.stack([np.minimum((rng.random((k, size, 1)) > np.cumsum(probs[:, j], axis=1)[:, None, :]
                                   ).sum(axis=2), c - 1) for j in range(3)])
    item_of = np.repeat(np.arange(k), size)[mask.ravel()]

    def confusion(x, y):
        code = (labels[x] * c + labels[y]).ravel()[mask.ravel()]
        return np.bincount(item_of * c * c + code, minlength=k * c * c).reshape(k, c, c).astype(float)

    triples = (confusion(0, 1), confusion(1, 0), confusion(1, 2), confusion(0, 2))
    same = np.all((labels[0] == labels[1]) | ~mask, axis=1)
    # approximate constant baseline: random permutations of the predictions
    shares = [np.full(c, 1.0 / c), np.linspace(1.0, 3.0, c) / np.linspace(1.0, 3.0, c).sum(),
              np.linspace(3.0, 1.0, c) / np.linspace(3.0, 1.0, c).sum()]
    grid = [(p, q) for p in shares for q in shares]
    approx = {}
    for n in APPROXIMATE_SIZES:
        stacks = []
        for p, q in grid:
            y = np.repeat(np.arange(c), _sizes(p, n))
            z = np.repeat(np.arange(c), _sizes(q, n))
            perm = rng.permuted(np.broadcast_to(z, (APPROXIMATE_DRAWS, n)), axis=1)
            code = (y[None, :] * c + perm) + (np.arange(APPROXIMATE_DRAWS) * c * c)[:, None]
            stacks.append(np.bincount(code.ravel(), minlength=APPROXIMATE_DRAWS * c * c)
                          .reshape(APPROXIMATE_DRAWS, c, c).astype(float))
        approx[n] = np.stack(stacks)
    return MultiClassSetup(
        c=c, stack=stack, trace=trace, offsum=offsum, relabelled=relabelled,
        mono=(np.concatenate(mono_idx), np.concatenate(mono_after)), strong=strong,
        triples=triples, same=same, n_triples=k, constant=_enumeration(c, max_n), grid=grid,
        approx=approx)


def _enumeration(c, max_n):
    """Every C x C matrix with n = C ... n_top points (n_top the largest n <= max_n with at
    most ~60,000 matrices of n points) and every class present in both labelings, with its
    probability given its margins under a random permutation (multivariate hypergeometric:
    Π n_i! Π k_j! / (n! Π m_ij!)), grouped by margins."""
    from math import comb

    from scipy.special import gammaln

    n_top = c
    while n_top < max_n and comb(n_top + 1 + c * c - 1, c * c - 1) <= 60_000:
        n_top += 1
    mats = np.concatenate([_compositions(n, c * c) for n in range(c, n_top + 1)]).reshape(-1, c, c)
    rows, cols = mats.sum(axis=2), mats.sum(axis=1)
    full = np.all(rows > 0, axis=1) & np.all(cols > 0, axis=1)
    mats, rows, cols = mats[full], rows[full], cols[full]
    n = rows.sum(axis=1)
    logp = (gammaln(rows + 1).sum(1) + gammaln(cols + 1).sum(1) - gammaln(n + 1)
            - gammaln(mats + 1).sum(axis=(1, 2)))
    keys, group = np.unique(np.concatenate([rows, cols], axis=1), axis=0, return_inverse=True)
    return mats.astype(float), group.ravel(), np.exp(logp), keys, n_top


def _sizes(p, n):
    s = np.floor(p * n).astype(int)
    s[0] += n - s.sum()
    return s

