"""Matrices for the audit's searches: random, crisp and constructed extremal confusion
matrices, the local-search moves that push an index towards a bound, and the draws of a
classifier that predicts at random (every outcome of a hypergeometric draw, with its
probability, and exact expectations over them).

Used by :mod:`imbeval.audit.conditions` (see its docstring for the method), by
:mod:`imbeval.audit.properties` (the constant baselines) and by :mod:`imbeval.baselines` (the
Dutch Draw); kept apart so that each module holds one part of the method.
"""

from __future__ import annotations

import itertools

import numpy as np

__all__ = ["TINY", "all_crisp", "constructed_matrices", "crisp_matrices", "evaluate",
           "expectations", "hypergeometric_draws", "two_class_stack",
           "local_search", "normalised", "random_matrices", "random_sizes", "size_vectors"]

# Class-size spreads (decades) used for random matrices: equal-ish up to nine decades.
_SPREADS = (0.0, 1.0, 3.0, 9.0)
#: The share of the points a nearly empty class gets in constructed size vectors.
#: Share of the points a nearly empty class gets in the constructed size vectors.
TINY = 1e-9
# Largest ratio between two class sizes anywhere in the search (see _propose).
_MAX_SIZE_RATIO = 1e10


def evaluate(fn, stack):
    """f on a stack, as float64 of shape stack.shape[:-2] (NaN kept)."""
    values = np.asarray(fn(stack), dtype=np.float64)
    if values.shape != stack.shape[:-2]:
        raise ValueError(
            f"the index returned shape {values.shape} for a stack of shape {stack.shape}; "
            "it must return one value per matrix"
        )
    return values


def random_sizes(rng, n, c):
    """n random class-size vectors of C classes, spread over 0, 1, 3 or 9 decades."""
    spread = rng.choice(_SPREADS, size=(n, 1))
    return 10.0 ** (-spread * rng.random((n, c)))


def random_matrices(rng, n, c):
    """n random C x C matrices: Dirichlet rows (concentration 0.1, 1 or 10) times sizes."""
    alpha = rng.choice([0.1, 1.0, 10.0], size=(n, 1, 1))
    g = rng.gamma(np.broadcast_to(alpha, (n, c, c)))
    g = np.where(g.sum(axis=-1, keepdims=True) > 0, g, 1.0)
    rows = g / g.sum(axis=-1, keepdims=True)
    return rows * random_sizes(rng, n, c)[..., None]


def crisp_matrices(rng, n, c):
    """n random crisp matrices: every row's points all predicted as one class."""
    cols = rng.integers(0, c, size=(n, c))
    rows = np.zeros((n, c, c))
    np.put_along_axis(rows, cols[..., None], 1.0, axis=-1)
    return rows * random_sizes(rng, n, c)[..., None]


def size_vectors(c):
    """Class-size vectors: equal, geometric, one or two classes dominant, one tiny."""
    sizes = [np.ones(c), np.logspace(0, 3, c), np.logspace(3, 0, c)]
    for big in ((0,), (c - 1,), (0, 1), (c - 2, c - 1)):
        s = np.full(c, TINY)
        s[list(big)] = 1.0
        sizes.append(s)
    tiny_first = np.ones(c)
    tiny_first[0] = TINY
    sizes.append(tiny_first)
    return np.array(sizes)


def _row_patterns(c):
    """Row-stochastic patterns (R, C, C) of the extremal classifiers."""
    eye = np.eye(c)
    patterns = [eye, np.full((c, c), 1.0 / c), (1.0 - eye) / (c - 1)]
    patterns += [np.roll(eye, s, axis=1) for s in range(1, c)]  # all-wrong cyclic shifts
    for j in sorted({0, c - 1} | ({1} if c > 2 else set())):
        one_col = np.zeros((c, c))
        one_col[:, j] = 1.0
        patterns.append(one_col)
    lemma3 = np.zeros((c, c))  # all to the last class, the last to the one before
    lemma3[:, c - 1] = 1.0
    lemma3[c - 1] = 0.0
    lemma3[c - 1, c - 2] = 1.0
    patterns.append(lemma3)
    swap = np.zeros((c, c))  # classes 0 and 1 swap, the rest go to class 0
    swap[:, 0] = 1.0
    swap[0] = 0.0
    swap[0, 1] = 1.0
    patterns.append(swap)
    patterns.append(eye[::-1].copy() if c % 2 == 0 else np.roll(eye, 1, axis=1)[::-1])
    for i in sorted({0, c - 1}):  # one class entirely wrong, the others perfect
        one_wrong = eye.copy()
        one_wrong[i] = np.roll(eye[i], 1)
        patterns.append(one_wrong)
    return np.array(patterns)


def constructed_matrices(c, rng=None, n_permutations=2):
    """Extremal matrices: every row pattern times every size vector (and permuted sizes)."""
    patterns = _row_patterns(c)
    sizes = size_vectors(c)
    if rng is not None and n_permutations:
        perms = np.array([rng.permutation(c) for _ in range(n_permutations)])
        sizes = np.concatenate([sizes] + [sizes[:, p] for p in perms])
    return (patterns[:, None, :, :] * sizes[None, :, :, None]).reshape(-1, c, c)


def all_crisp(c, sizes):
    """Every crisp matrix (C^C row patterns) for each size vector."""
    cols = np.array(list(itertools.product(range(c), repeat=c)))
    rows = np.zeros((len(cols), c, c))
    np.put_along_axis(rows, cols[..., None], 1.0, axis=-1)
    return (rows[:, None] * sizes[None, :, :, None]).reshape(-1, c, c)


# ----------------------------------------------------------------------- local search moves


def _propose(rng, x, n_proposals, fixed_diagonal=False):
    """Random moves of matrices x (K, C, C): (K, P, C, C).

    Move mass between two cells of a row (a fraction 1, 1/2, 1/10 or 1/100 of the source
    cell), or rescale a row by 10^±1 or 10^±3. With ``fixed_diagonal`` the diagonal is
    neither source nor target, so every recall stays as it is.
    """
    k, c, _ = x.shape
    p = np.broadcast_to(x[:, None], (k, n_proposals, c, c)).copy()
    row = rng.integers(0, c, size=(k, n_proposals))
    src = rng.integers(0, c, size=(k, n_proposals))
    dst = (src + rng.integers(1, c, size=(k, n_proposals))) % c
    if fixed_diagonal:
        # pick src, dst among the off-diagonal columns of the row
        if c == 2:
            src = dst = 1 - row
        else:
            src = (row + rng.integers(1, c, size=(k, n_proposals))) % c
            dst = (row + rng.integers(1, c, size=(k, n_proposals))) % c
    frac = rng.choice([1.0, 0.5, 0.1, 0.01], size=(k, n_proposals))
    ki, pi = np.indices((k, n_proposals))
    amount = frac * p[ki, pi, row, src]
    p[ki, pi, row, src] -= amount
    p[ki, pi, row, dst] += amount
    resize = rng.random((k, n_proposals)) < 0.25
    factor = np.where(resize, 10.0 ** rng.choice([-3.0, -1.0, 1.0, 3.0], size=(k, n_proposals)), 1.0)
    p[ki, pi, row, :] *= factor[..., None]
    # Class sizes stay within _MAX_SIZE_RATIO of each other: beyond that, n − n_i and
    # similar differences lose all their digits and an index's value is rounding noise.
    total = p.sum(axis=-1)
    ratio = total.max(axis=-1) / np.maximum(total.min(axis=-1), 1e-300)
    too_wide = ratio > _MAX_SIZE_RATIO
    p[too_wide] = np.broadcast_to(x[:, None], p.shape)[too_wide]
    return p


def local_search(fn, start, sign, rng, n_proposals, n_iterations, fixed_diagonal=False):
    """Greedy search minimising sign·f from the matrices ``start`` (K, C, C)."""
    x = start.copy()
    fx = sign * evaluate(fn, x)
    fx = np.where(np.isnan(fx), np.inf, fx)
    for _ in range(n_iterations):
        props = _propose(rng, x, n_proposals, fixed_diagonal)
        fp = sign * evaluate(fn, props)
        fp = np.where(np.isnan(fp), np.inf, fp)
        best = np.argmin(fp, axis=1)
        fb = fp[np.arange(x.shape[0]), best]
        better = fb < fx
        x[better] = props[np.arange(x.shape[0]), best][better]
        fx = np.where(better, fb, fx)
    return x, sign * fx


def normalised(m):
    """A matrix scaled so that its largest entry is 1 (for readable evidence)."""
    top = m.max()
    return (m / top if top > 0 else m).tolist()


# ------------------------------------------------------------------- random draws (baselines)


def two_class_stack(tp, fn, fp, tn):
    """Two-class matrices [[TP, FN], [FP, TN]] (positive class first) from count arrays."""
    tp, fn, fp, tn = np.broadcast_arrays(*(np.asarray(v, dtype=np.float64) for v in (tp, fn, fp, tn)))
    return np.stack([np.stack([tp, fn], axis=-1), np.stack([fp, tn], axis=-1)], axis=-2)


def hypergeometric_draws(positives, negatives, predicted):
    """Every outcome of predicting ``predicted`` of the samples positive at random.

    For each size triple (P, N, k) (arrays broadcast together) the k predicted positives
    are a uniformly random subset of the M = P + N samples, so TP is hypergeometric
    (``scipy.stats.hypergeom(M, P, k)``) on max(0, k − N) ... min(P, k); the matrix of an
    outcome is [[TP, P − TP], [k − TP, N − k + TP]].

    Returns
    -------
    (group, tp, fn, fp, tn, probability) : one entry per outcome, ``group`` the flat
    position of its size triple.
    """
    from scipy.stats import hypergeom

    p, n, k = (np.asarray(v, dtype=np.int64).ravel() for v in np.broadcast_arrays(
        positives, negatives, predicted))
    if np.any(p < 0) or np.any(n < 0) or np.any(k < 0) or np.any(k > p + n):
        raise ValueError("class sizes must be >= 0 and 0 <= predicted <= positives + negatives")
    low = np.maximum(0, k - n)
    count = np.minimum(p, k) - low + 1
    group = np.repeat(np.arange(p.size), count)
    start = np.cumsum(count) - count
    tp = low[group] + (np.arange(group.size) - start[group])
    fn, fp = p[group] - tp, k[group] - tp
    tn = n[group] - fp
    prob = hypergeom.pmf(tp, p[group] + n[group], p[group], k[group])
    return group, tp, fn, fp, tn, prob


def expectations(values, group, probability, n_groups):
    """Exact expected value of each group (``values`` weighted by ``probability``).

    An expectation over outcomes where the index is undefined (NaN) at an outcome of
    positive probability is undefined (NaN): the index has no value for that draw.

    Returns
    -------
    (expected, undefined) : arrays of length ``n_groups``; ``undefined`` is True where
    some outcome of the group is undefined.
    """
    values = np.asarray(values, dtype=np.float64)
    bad = np.isnan(values)
    undefined = np.bincount(group, weights=bad.astype(float), minlength=n_groups) > 0
    with np.errstate(invalid="ignore"):
        terms = np.where(bad, 0.0, values) * probability
    expected = np.bincount(group, weights=terms, minlength=n_groups)
    # bincount adds +inf and −inf into NaN, as the expectation is
    expected[undefined] = np.nan
    return expected, undefined
