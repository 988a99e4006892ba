"""Numerical checks of mullick2020's Conditions 1-3 for any index.

An index is a function ``f(stack) -> values`` of confusion-matrix stacks ``(..., C, C)``
(rows true, columns predicted). Nothing here knows which index it is given: every verdict
is a comparison of numbers computed on generated matrices with a stated tolerance, and the
numbers are kept as evidence.

Condition 1 (invariance to the test set's imbalance, Assumption 1): f(M) = f(B M) for every
diagonal B > 0. Checked on random matrices times random row scalings (factors 10^U(−3, 3));
the evidence is the largest ``|f(BM) − f(M)| / (1 + |f(M)|)``.

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

Every search here minimises: it looks at the index's infimum, its worst side when higher is
better. For a lower-is-better index :func:`imbeval.audit.core.audit_index` passes −f, so the
same code finds f's supremum (and reports it on f's scale).

Class sizes never differ by more than a factor 1e10 anywhere in the search: beyond that,
differences such as n − n_i lose all their digits and an index's value is rounding noise.

Undefined values (NaN) are skipped and counted; a bound found only among NaNs is NaN and the
verdict is None.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from imbeval.audit.matrices import (
    TINY, all_crisp, constructed_matrices, crisp_matrices, evaluate, local_search, normalised,
    random_matrices, random_sizes, size_vectors,
)

__all__ = [
    "AuditSizes",
    "check_condition1",
    "search_bounds",
    "search_condition3",
    "constructed_matrices",
]

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


# ------------------------------------------------------------------------------ Condition 1


@dataclass
class Condition1Evidence:
    """What decided Condition 1 (invariance to row scaling): the largest change of the index
    over ``n_pairs`` (matrix, scaled matrix) pairs, how many values were undefined (and
    undefined on one side only), and the matrix of the worst change."""
    holds: bool | None
    max_deviation: float
    n_pairs: int
    n_undefined: int
    n_undefined_mismatch: int
    worst_matrix: list | None = None
    worst_scaling: list | None = None
    #: a readable counterexample: of the smallest C whose largest change is at least a tenth
    #: of the overall largest (so not a rounding artefact of an extreme matrix), or one whose
    #: definedness changes: {"C", "matrix", "row_scaling", "value", "scaled_value"}
    counterexample: dict | None = None


def check_condition1(fn, classes, rng, sizes: AuditSizes, tol):
    """Largest change of f under positive row scalings, over random matrices of each C."""
    worst, worst_m, worst_b = 0.0, None, None
    n_pairs = n_nan = n_mismatch = 0
    per_c = []  # (C, largest change, example) of each C
    for c in classes:
        base = np.concatenate(
            [random_matrices(rng, sizes.n_condition1, c), crisp_matrices(rng, sizes.n_condition1 // 4, c)]
        )
        base = np.repeat(base, sizes.n_scalings, axis=0)
        scale = 10.0 ** rng.uniform(-3, 3, size=(base.shape[0], c, 1))
        f0 = evaluate(fn, base)
        f1 = evaluate(fn, base * scale)
        nan0, nan1 = np.isnan(f0), np.isnan(f1)
        n_nan += int(np.sum(nan0 | nan1))
        n_mismatch += int(np.sum(nan0 != nan1))
        ok = ~(nan0 | nan1)
        n_pairs += int(ok.sum())
        dev = np.where(ok, np.abs(f1 - f0) / (1.0 + np.abs(f0)), 0.0)
        if dev.size and dev.max() > worst:
            k = int(np.argmax(dev))
            worst, worst_m, worst_b = float(dev[k]), base[k].tolist(), scale[k, :, 0].tolist()
        if dev.size:
            k = int(np.argmax(np.where(nan0 != nan1, np.inf, dev)))
            change = np.inf if nan0[k] != nan1[k] else float(dev[k])
            per_c.append((c, change, {"C": c, "matrix": base[k].tolist(),
                                      "row_scaling": scale[k, :, 0].tolist(),
                                      "value": float(f0[k]), "scaled_value": float(f1[k])}))
    if n_pairs == 0:
        holds = None
    else:
        holds = bool(worst <= tol and n_mismatch == 0)
    example = None
    if holds is False:
        enough = max(tol, 0.1 * worst)
        example = next((e for c, change, e in per_c if change > tol and change >= enough), None)
    return Condition1Evidence(holds, worst, n_pairs, n_nan, n_mismatch, worst_m, worst_b, example)


# ------------------------------------------------------------------------------ Condition 2


@dataclass
class BoundEvidence:
    """What decided Condition 2 for one number of classes: the lower and upper values found
    over ``n_evaluated`` matrices (``n_undefined`` of them undefined)."""
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
        parts.append(all_crisp(c, size_vectors(c)[[0, 1, 5]]))
    stack = np.concatenate(parts)
    values = evaluate(fn, stack)
    finite = ~np.isnan(values)
    n_eval, n_nan = values.size, int(np.sum(~finite))
    lower = upper = np.nan
    argmin = argmax = None
    if finite.any():
        order = np.argsort(np.where(finite, values, np.inf))
        lo_start = stack[order[: sizes.n_starts]]
        order_hi = np.argsort(np.where(finite, -values, np.inf))
        hi_start = stack[order_hi[: sizes.n_starts]]
        x_lo, f_lo = local_search(fn, lo_start, +1, rng, sizes.n_proposals, sizes.n_iterations)
        x_hi, f_hi = local_search(fn, hi_start, -1, rng, sizes.n_proposals, sizes.n_iterations)
        n_eval += 2 * sizes.n_starts * sizes.n_proposals * sizes.n_iterations
        k_lo, k_hi = int(np.argmin(f_lo)), int(np.argmax(f_hi))
        lower, upper = float(f_lo[k_lo]), float(f_hi[k_hi])
        argmin, argmax = normalised(x_lo[k_lo]), normalised(x_hi[k_hi])
    return BoundEvidence(c, lower, upper, n_eval, n_nan, argmin, argmax)


# ------------------------------------------------------------------------------ Condition 3


@dataclass
class Condition3Evidence:
    """What decided Condition 3 for one number of classes: the smallest value of the index
    found at each ε (the sequence whose last term is the ε → 0+ limit)."""
    n_classes: int
    epsilons: list
    infima: list  # smallest value of f found at each ε
    limit: float  # the value at the smallest ε
    n_undefined: int
    worst: list | None = field(default=None)
    n_evaluated: int = 0  # matrices evaluated over every ε


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
    big = np.full(c, TINY)
    big[fail] = 1.0
    small = np.ones(c)
    small[fail] = TINY
    s += [big, small]
    two = np.full(c, TINY)
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
    r_sizes = random_sizes(rng, n_r, c)
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
    n_eval = 0
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
        values = evaluate(fn, stack)
        n_eval += values.size
        n_nan += int(np.isnan(values).sum())
        if np.all(np.isnan(values)):
            infima.append(float("nan"))
            continue
        order = np.argsort(np.where(np.isnan(values), np.inf, values))[: sizes.n_starts]
        x, fx = local_search(
            fn, stack[order], +1, rng, sizes.n_proposals, sizes.n_iterations3, fixed_diagonal=True
        )
        n_eval += sizes.n_starts * sizes.n_proposals * sizes.n_iterations3
        k = int(np.argmin(fx))
        infima.append(float(min(fx[k], np.nanmin(values))))
        worst = normalised(x[k])
        # carry the parameters of the best arrangements (re-derived from the searched matrices)
        n_i = x.sum(axis=-1)
        off_mass = x * (1.0 - np.eye(c))
        off_tot = off_mass.sum(axis=-1, keepdims=True)
        co = np.where(off_tot > 0, off_mass / np.where(off_tot > 0, off_tot, 1.0), (1.0 - np.eye(c)) / (c - 1))
        carry = (all_f[order], n_i, co, all_m[order])
    finite = [v for v in infima if not np.isnan(v)]
    limit = infima[-1] if infima and not np.isnan(infima[-1]) else (finite[-1] if finite else float("nan"))
    return Condition3Evidence(c, list(sizes.epsilons), infima, float(limit), n_nan, worst, n_eval)
