"""Numerical checks of mullick2020's Conditions 1-3 for any index.

An index is a function ``f(stack) -> values`` of confusion-matrix stacks ``(..., C, C)``
(rows true, columns predicted). Nothing here knows which index it is given: every verdict
is a comparison of numbers computed on generated matrices with a stated tolerance, and the
numbers are kept as evidence.

Condition 1 (invariance to the test set's imbalance, Assumption 1): f(M) = f(B M) for every
diagonal B > 0. Checked on random matrices times random row scalings (factors 10^U(−3, 3));
the evidence is the largest |f(BM) − f(M)| / (1 + |f(M)|).

Condition 2 (bounds independent of C): the infimum and supremum of f over all C-class
matrices with n_i > 0 are the same for C = 2 ... 10. Each bound is searched with
(i) constructed extremal matrices -- perfect, every all-wrong cyclic permutation, all
points in one column, the Lemma 3 matrix (all to the largest class, the largest to the
second largest), two classes swapping, uniform and uniform-off-diagonal classifiers, one
class entirely wrong -- each under several class-size vectors, from equal to two classes
holding all but 10^-9 of the points; (ii) random matrices: Dirichlet rows of several
concentrations, random crisp (one-hot) rows and every crisp matrix for C ≤ 4, with class
sizes spread over up to nine decades; (iii) a local search from the best of those, moving
mass between the cells of a row and rescaling rows. Verdict: both bounds vary by at most
``tol`` across C.

Condition 3 (no collapse when one class fails): the limit, as ε → 0+, of the smallest value
of f over matrices where one class has recall ε and every other class recall ≥ 1 − ε must
exceed the lower bound of f. For each ε of a geometric sequence down to 1e-64 the smallest
value is searched like a bound (constructed arrangements of the misclassified mass --
into one column, into the failing class's column, spread evenly -- under class-size vectors
including the failing class 10^9 times larger or smaller than the rest; random arrangements;
a local search that keeps the recall constraints), the search's best arrangements carried to
the next ε. The limit is the value at the smallest ε (the whole sequence is kept); the lower
bound is the smaller of Condition 2's bound and anything seen here. Verdict: the limit
exceeds the lower bound by more than ``tol`` for every C ≥ 3 (the condition is about
multi-class problems; the C = 2 limit is kept as evidence).

Class sizes never differ by more than a factor 1e10 anywhere in the search: beyond that,
differences such as n − n_i lose all their digits and an index's value is rounding noise.

Undefined values (NaN) are skipped and counted; a bound found only among NaNs is NaN and the
verdict is None.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import numpy as np

__all__ = [
    "AuditSizes",
    "check_condition1",
    "search_bounds",
    "search_condition3",
    "constructed_matrices",
]

# Class-size spreads (decades) used for random matrices: equal-ish up to nine decades.
_SPREADS = (0.0, 1.0, 3.0, 9.0)
_TINY = 1e-9
# Largest ratio between two class sizes anywhere in the search (see _propose).
_MAX_SIZE_RATIO = 1e10


@dataclass(frozen=True)
class AuditSizes:
    """How hard the auditor searches (defaults: the full audit; smaller ones for tests)."""

    n_condition1: int = 400  # random matrices per C for Condition 1
    n_scalings: int = 4  # row scalings per matrix
    n_random: int = 1500  # random matrices per C for each bound
    n_starts: int = 4  # local-search starting points per bound
    n_proposals: int = 48  # proposals per start and iteration
    n_iterations: int = 20  # local-search iterations per bound
    n_random3: int = 200  # random arrangements per (C, ε) for Condition 3
    n_iterations3: int = 4  # local-search iterations per (C, ε)
    epsilons: tuple = (1e-1, 1e-2, 1e-3, 1e-4, 1e-6, 1e-8, 1e-12, 1e-16, 1e-32, 1e-64)

    @classmethod
    def quick(cls):
        """Small sizes for unit tests: same constructions, fewer random draws."""
        return cls(
            n_condition1=100,
            n_scalings=2,
            n_random=300,
            n_starts=3,
            n_proposals=24,
            n_iterations=8,
            n_random3=60,
            n_iterations3=2,
            epsilons=(1e-1, 1e-3, 1e-8, 1e-32, 1e-64),
        )


def _evaluate(fn, stack):
    """f on a stack, as float64 of shape stack.shape[:-2] (NaN kept)."""
    values = np.asarray(fn(stack), dtype=np.float64)
    if values.shape != stack.shape[:-2]:
        raise ValueError(
            f"the index returned shape {values.shape} for a stack of shape {stack.shape}; "
            "it must return one value per matrix"
        )
    return values


def _random_sizes(rng, n, c):
    spread = rng.choice(_SPREADS, size=(n, 1))
    return 10.0 ** (-spread * rng.random((n, c)))


def random_matrices(rng, n, c):
    """n random C x C matrices: Dirichlet rows (concentration 0.1, 1 or 10) times sizes."""
    alpha = rng.choice([0.1, 1.0, 10.0], size=(n, 1, 1))
    g = rng.gamma(np.broadcast_to(alpha, (n, c, c)))
    g = np.where(g.sum(axis=-1, keepdims=True) > 0, g, 1.0)
    rows = g / g.sum(axis=-1, keepdims=True)
    return rows * _random_sizes(rng, n, c)[..., None]


def crisp_matrices(rng, n, c):
    """n random crisp matrices: every row's points all predicted as one class."""
    cols = rng.integers(0, c, size=(n, c))
    rows = np.zeros((n, c, c))
    np.put_along_axis(rows, cols[..., None], 1.0, axis=-1)
    return rows * _random_sizes(rng, n, c)[..., None]


def _size_vectors(c):
    """Class-size vectors: equal, geometric, one or two classes dominant, one tiny."""
    sizes = [np.ones(c), np.logspace(0, 3, c), np.logspace(3, 0, c)]
    for big in ((0,), (c - 1,), (0, 1), (c - 2, c - 1)):
        s = np.full(c, _TINY)
        s[list(big)] = 1.0
        sizes.append(s)
    tiny_first = np.ones(c)
    tiny_first[0] = _TINY
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
    sizes = _size_vectors(c)
    if rng is not None and n_permutations:
        perms = np.array([rng.permutation(c) for _ in range(n_permutations)])
        sizes = np.concatenate([sizes] + [sizes[:, p] for p in perms])
    return (patterns[:, None, :, :] * sizes[None, :, :, None]).reshape(-1, c, c)


def _all_crisp(c, sizes):
    """Every crisp matrix (C^C row patterns) for each size vector."""
    cols = np.array(list(itertools.product(range(c), repeat=c)))
    rows = np.zeros((len(cols), c, c))
    np.put_along_axis(rows, cols[..., None], 1.0, axis=-1)
    return (rows[:, None] * sizes[None, :, :, None]).reshape(-1, c, c)


# ------------------------------------------------------------------------------ Condition 1


@dataclass
class Condition1Evidence:
    holds: bool | None
    max_deviation: float
    n_pairs: int
    n_undefined: int
    n_undefined_mismatch: int
    worst_matrix: list | None = None
    worst_scaling: list | None = None


def check_condition1(fn, classes, rng, sizes: AuditSizes, tol):
    """Largest change of f under positive row scalings, over random matrices of each C."""
    worst, worst_m, worst_b = 0.0, None, None
    n_pairs = n_nan = n_mismatch = 0
    for c in classes:
        base = np.concatenate(
            [random_matrices(rng, sizes.n_condition1, c), crisp_matrices(rng, sizes.n_condition1 // 4, c)]
        )
        base = np.repeat(base, sizes.n_scalings, axis=0)
        scale = 10.0 ** rng.uniform(-3, 3, size=(base.shape[0], c, 1))
        f0 = _evaluate(fn, base)
        f1 = _evaluate(fn, base * scale)
        nan0, nan1 = np.isnan(f0), np.isnan(f1)
        n_nan += int(np.sum(nan0 | nan1))
        n_mismatch += int(np.sum(nan0 != nan1))
        ok = ~(nan0 | nan1)
        n_pairs += int(ok.sum())
        dev = np.where(ok, np.abs(f1 - f0) / (1.0 + np.abs(f0)), 0.0)
        if dev.size and dev.max() > worst:
            k = int(np.argmax(dev))
            worst, worst_m, worst_b = float(dev[k]), base[k].tolist(), scale[k, :, 0].tolist()
    if n_pairs == 0:
        holds = None
    else:
        holds = bool(worst <= tol and n_mismatch == 0)
    return Condition1Evidence(holds, worst, n_pairs, n_nan, n_mismatch, worst_m, worst_b)


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


def _local_search(fn, start, sign, rng, n_proposals, n_iterations, fixed_diagonal=False):
    """Greedy search minimising sign·f from the matrices ``start`` (K, C, C)."""
    x = start.copy()
    fx = sign * _evaluate(fn, x)
    fx = np.where(np.isnan(fx), np.inf, fx)
    for _ in range(n_iterations):
        props = _propose(rng, x, n_proposals, fixed_diagonal)
        fp = sign * _evaluate(fn, props)
        fp = np.where(np.isnan(fp), np.inf, fp)
        best = np.argmin(fp, axis=1)
        fb = fp[np.arange(x.shape[0]), best]
        better = fb < fx
        x[better] = props[np.arange(x.shape[0]), best][better]
        fx = np.where(better, fb, fx)
    return x, sign * fx


# ------------------------------------------------------------------------------ Condition 2


@dataclass
class BoundEvidence:
    n_classes: int
    lower: float
    upper: float
    n_evaluated: int
    n_undefined: int
    argmin: list | None = None
    argmax: list | None = None


def search_bounds(fn, c, rng, sizes: AuditSizes):
    """Smallest and largest value of f found over C-class matrices (n_i > 0)."""
    parts = [
        constructed_matrices(c, rng),
        random_matrices(rng, sizes.n_random, c),
        crisp_matrices(rng, sizes.n_random // 2, c),
    ]
    if c <= 4:
        parts.append(_all_crisp(c, _size_vectors(c)[[0, 1, 5]]))
    stack = np.concatenate(parts)
    values = _evaluate(fn, stack)
    finite = ~np.isnan(values)
    n_eval, n_nan = values.size, int(np.sum(~finite))
    lower = upper = np.nan
    argmin = argmax = None
    if finite.any():
        order = np.argsort(np.where(finite, values, np.inf))
        lo_start = stack[order[: sizes.n_starts]]
        order_hi = np.argsort(np.where(finite, -values, np.inf))
        hi_start = stack[order_hi[: sizes.n_starts]]
        x_lo, f_lo = _local_search(fn, lo_start, +1, rng, sizes.n_proposals, sizes.n_iterations)
        x_hi, f_hi = _local_search(fn, hi_start, -1, rng, sizes.n_proposals, sizes.n_iterations)
        n_eval += 2 * sizes.n_starts * sizes.n_proposals * sizes.n_iterations
        k_lo, k_hi = int(np.argmin(f_lo)), int(np.argmax(f_hi))
        lower, upper = float(f_lo[k_lo]), float(f_hi[k_hi])
        argmin, argmax = _normalised(x_lo[k_lo]), _normalised(x_hi[k_hi])
    return BoundEvidence(c, lower, upper, n_eval, n_nan, argmin, argmax)


def _normalised(m):
    """A matrix scaled so that its largest entry is 1 (for readable evidence)."""
    top = m.max()
    return (m / top if top > 0 else m).tolist()


# ------------------------------------------------------------------------------ Condition 3


@dataclass
class Condition3Evidence:
    n_classes: int
    epsilons: list
    infima: list  # smallest value of f found at each ε
    limit: float  # the value at the smallest ε
    n_undefined: int
    worst: list | None = field(default=None)


def _failing_class_matrices(eps, fail, sizes, off, diag_others):
    """Matrices where class ``fail`` has recall ε and class j ≠ fail recall ``diag_others``.

    sizes (N, C), off (N, C, C) row-stochastic with zero diagonal (where the misclassified
    mass goes), fail (N,), diag_others (N, C) in [1 − ε, 1].
    """
    n, c = sizes.shape
    r = diag_others.copy()
    r[np.arange(n), fail] = eps
    rows = off * (1.0 - r)[..., None]
    rows[:, np.arange(c), np.arange(c)] = r
    return rows * sizes[..., None]


def _off_patterns(c, fail):
    """Off-diagonal arrangements (R, C, C) for a failing class ``fail``."""
    eye = np.eye(c)
    pats = []
    uniform = (1.0 - eye) / (c - 1)
    pats.append(uniform)
    for target in range(c):  # every row's errors into one column (its own row: next one)
        p = np.zeros((c, c))
        p[:, target] = 1.0
        p[target] = 0.0
        p[target, (target + 1) % c] = 1.0
        pats.append(p)
    pats.append(np.roll(eye, 1, axis=1))
    pats.append(np.roll(eye, -1, axis=1))
    # the failing row's errors spread, the others' into the failing column
    p = np.zeros((c, c))
    p[:, fail] = 1.0
    p[fail] = uniform[fail]
    pats.append(p)
    return np.array(pats)


def _condition3_sizes(c, fail):
    s = [np.ones(c), np.logspace(0, 3, c), np.logspace(3, 0, c)]
    big = np.full(c, _TINY)
    big[fail] = 1.0
    small = np.ones(c)
    small[fail] = _TINY
    s += [big, small]
    two = np.full(c, _TINY)
    two[[j for j in range(c) if j != fail][:2]] = 1.0
    two[fail] = 1.0 if c == 2 else two[fail]
    s.append(two)
    return np.array(s)


def search_condition3(fn, c, rng, sizes: AuditSizes):
    """Smallest f found with one class at recall ε and the others ≥ 1 − ε, for ε → 0+."""
    # Parameterisation: (fail, sizes, off, diag_mode); diag_mode 0 -> others at 1 − ε,
    # 1 -> others at 1, 2 -> random in between (a fixed fraction u of the way).
    cands = []
    for fail in sorted({0, c - 1}):
        pats = _off_patterns(c, fail)
        sv = _condition3_sizes(c, fail)
        for mode in (0.0, 1.0):
            for s in sv:
                for p in pats:
                    cands.append((fail, s, p, mode))
    fails = np.array([x[0] for x in cands])
    svs = np.array([x[1] for x in cands])
    offs = np.array([x[2] for x in cands])
    modes = np.array([x[3] for x in cands])

    n_r = sizes.n_random3
    r_fail = rng.integers(0, c, size=n_r)
    r_sizes = _random_sizes(rng, n_r, c)
    g = rng.gamma(np.broadcast_to(rng.choice([0.1, 1.0, 10.0], size=(n_r, 1, 1)), (n_r, c, c)))
    g = g * (1.0 - np.eye(c)) + 1e-300
    r_off = g / g.sum(axis=-1, keepdims=True)
    r_off = r_off * (1.0 - np.eye(c))
    r_off /= r_off.sum(axis=-1, keepdims=True)
    r_modes = rng.random(n_r)

    fails = np.concatenate([fails, r_fail])
    svs = np.concatenate([svs, r_sizes])
    offs = np.concatenate([offs, r_off])
    modes = np.concatenate([modes, r_modes])

    infima, n_nan, worst = [], 0, None
    carry = None
    for eps in sizes.epsilons:
        diag = 1.0 - eps * (1.0 - modes)[:, None] * np.ones((1, c))
        stack = _failing_class_matrices(eps, fails, svs, offs, diag)
        if carry is not None:
            # the best arrangements of the previous ε, re-built at this ε
            cf, cs, co, cm = carry
            cdiag = 1.0 - eps * (1.0 - cm)[:, None] * np.ones((1, c))
            stack = np.concatenate([stack, _failing_class_matrices(eps, cf, cs, co, cdiag)])
            all_f = np.concatenate([fails, cf])
            all_m = np.concatenate([modes, cm])
        else:
            all_f, all_m = fails, modes
        values = _evaluate(fn, stack)
        n_nan += int(np.isnan(values).sum())
        if np.all(np.isnan(values)):
            infima.append(float("nan"))
            continue
        order = np.argsort(np.where(np.isnan(values), np.inf, values))[: sizes.n_starts]
        x, fx = _local_search(
            fn, stack[order], +1, rng, sizes.n_proposals, sizes.n_iterations3, fixed_diagonal=True
        )
        k = int(np.argmin(fx))
        infima.append(float(min(fx[k], np.nanmin(values))))
        worst = _normalised(x[k])
        # carry the parameters of the best arrangements (re-derived from the searched matrices)
        n_i = x.sum(axis=-1)
        off_mass = x * (1.0 - np.eye(c))
        off_tot = off_mass.sum(axis=-1, keepdims=True)
        co = np.where(off_tot > 0, off_mass / np.where(off_tot > 0, off_tot, 1.0), (1.0 - np.eye(c)) / (c - 1))
        carry = (all_f[order], n_i, co, all_m[order])
    finite = [v for v in infima if not np.isnan(v)]
    limit = infima[-1] if infima and not np.isnan(infima[-1]) else (finite[-1] if finite else float("nan"))
    return Condition3Evidence(c, list(sizes.epsilons), infima, float(limit), n_nan, worst)
