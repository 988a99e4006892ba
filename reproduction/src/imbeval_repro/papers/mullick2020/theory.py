"""mullick2020's Lemmas 1-3 and the bounds of eqs. 15-28, checked by computation (records of
:mod:`imbeval_repro.verdicts.statements`)."""

from __future__ import annotations

import itertools

import numpy as np

from imbeval.indices import mullick2020 as ml
from imbeval_repro.verdicts.statements import (
    COMPUTED, EXACT, TOL, Statement, count_matrices, domain_text)

__all__ = ["mullick_lemmas"]


MULLICK_SIZES = ((2, 20), (3, 7), (4, 5))


def _rows_with_sizes(sizes):
    """Every count matrix whose row i sums to ``sizes[i]`` (shape (K, C, C))."""
    c = len(sizes)
    per_row = []
    for n in sizes:
        combos = itertools.combinations_with_replacement(range(c), int(n))
        per_row.append(np.asarray([np.bincount(np.asarray(x, dtype=np.int64), minlength=c)
                                   for x in combos]))
    grids = np.meshgrid(*[np.arange(len(r)) for r in per_row], indexing="ij")
    return np.stack([per_row[i][g.ravel()] for i, g in enumerate(grids)], axis=1)


def _lemma3_bound(sizes):
    n = np.sort(np.asarray(sizes, dtype=float))
    c = n.size
    return (c - 1 - n[-1] / (n.sum() - n[-2])) / (2 * c)


def mullick_lemmas(sizes=MULLICK_SIZES, *, seed=0, n_random=4000):
    """Lemmas 1-3 and eqs. 15-28 of mullick2020 (see the module docstring)."""
    paper, rows = "mullick2020", []
    stacks = {c: count_matrices(c, n, min_row=1) for c, n in sizes}
    total = sum(len(s) for s in stacks.values())
    method = (f"every count matrix with every class present ({domain_text(sizes)}); {total} "
              f"matrices; tolerance {TOL:g}")
    alpha = {c: ml.acsa(s) for c, s in stacks.items()}
    lo = min(v.min() for v in alpha.values())
    hi = max(v.max() for v in alpha.values())
    rows.append(Statement(paper, "Lemma 1", "0 ≤ α ≤ 1 (ACSA), both ends reached",
                          abs(lo) <= TOL and abs(hi - 1) <= TOL, max(-lo, hi - 1, 0.0),
                          f"α ranges over [{lo:.3g}, {hi:.3g}] on every C", EXACT, method,
                          n_checked=total))
    dev = 0.0
    for c, s in stacks.items():
        pred = c / (2 * (c - 1)) * alpha[c] + (c - 2) / (2 * (c - 1))
        dev = max(dev, float(np.abs(ml.auroc_ovo(s) - pred).max()))
    rows.append(Statement(paper, "Lemma 2", "ρo = C/(2(C−1))·α + (C−2)/(2(C−1)) (eqs. 15-16)",
                          dev <= TOL, dev, f"largest |difference| over the domain: {dev:.2g}",
                          EXACT, method, n_checked=total))
    for c, s in stacks.items():
        r = ml.auroc_ovo(s)
        want = (c - 2) / (2 * (c - 1))
        gap = max(abs(r.min() - want), abs(r.max() - 1.0))
        eq = "eqs. 17-18" if c < 4 else "eqs. 22-23 (C + 1 = 4)"
        rows.append(Statement(paper, "Lemma 2", f"bounds of ρo at C = {c}: [(C−2)/(2(C−1)), 1] "
                              f"= [{want:.4f}, 1] ({eq})", gap <= TOL, gap,
                              f"ρo over the domain spans [{r.min():.4f}, {r.max():.4f}]", EXACT,
                              f"every count matrix, C = {c}, n ≤ {dict(sizes)[c]}; tolerance "
                              f"{TOL:g}", n_checked=len(s)))
    # Lemma 3 (eqs. 19, 21, 24): the smallest ρa over all matrices with given class sizes
    worst, checked, vectors = 0.0, 0, []
    for c, top in ((3, 3), (4, 2)):
        for sizes_c in itertools.combinations_with_replacement(range(1, top + 1), c):
            s = _rows_with_sizes(sizes_c)
            got, want = float(ml.auroc_ova(s).min()), _lemma3_bound(sizes_c)
            worst = max(worst, abs(got - want))
            checked += len(s)
            vectors.append(sizes_c)
    rows.append(Statement(paper, "Lemma 3", "smallest ρa = (1/2C)(C − 1 − n_C/(n − n_{C−1})), "
                          "sizes ascending (eqs. 19, 21; eq. 24 at C + 1 = 4)", worst <= TOL,
                          worst, f"largest |min ρa − formula| over {len(vectors)} class-size "
                          f"vectors: {worst:.2g}", EXACT,
                          f"every count matrix with the given class sizes (C = 3, sizes 1-3; "
                          f"C = 4, sizes 1-2); {checked} matrices; tolerance {TOL:g}",
                          n_checked=checked))
    rows += _condition3_limits(paper, seed, n_random)
    rows += _gmean_bias(paper, stacks[2] if 2 in stacks else count_matrices(2, 20))
    return rows


def _gmean_bias(paper, stack):
    """Section 6: "GMean is biased towards the accuracy of that class which is poorly
    classified": GMean ≤ AUROC (their arithmetic mean) with equality iff the recalls are
    equal, so GMean lies nearer the poorer recall."""
    r = stack / stack.sum(axis=-1, keepdims=True)
    low, high = np.minimum(r[:, 0, 0], r[:, 1, 1]), np.maximum(r[:, 0, 0], r[:, 1, 1])
    g, a = ml.gmean2(stack), ml.auroc2(stack)
    # nearer the poorer recall than the arithmetic mean is: g − low ≤ a − low
    worst = float(np.max(g - a))
    unequal = high - low > TOL
    strict = float(np.max((g - a)[unequal]))
    return [Statement(paper, "Section 6", "GMean is pulled towards the poorer class's recall: "
                      "GMean ≤ AUROC, equal only when the two recalls are", worst <= TOL
                      and strict < -TOL, strict,
                      f"largest GMean − AUROC: {worst:+.2g} overall, {strict:+.2g} where the "
                      "recalls differ (AM-GM)", EXACT,
                      f"every 2 x 2 count matrix with both classes present, n ≤ "
                      f"{int(stack.sum(axis=(-2, -1)).max())}; tolerance {TOL:g}", TOL,
                      len(stack))]


def _condition3_limits(paper, seed, n_random, eps=1e-9):
    """Eqs. 26-28: with one class at recall ε → 0⁺ and the others at 1 − ε."""
    rng = np.random.default_rng(seed)
    rows, checks = [], []
    for c in (3, 4, 5, 6):
        sizes = 10.0 ** (-3.0 * rng.random((n_random, c)))
        off = rng.dirichlet(np.ones(c - 1), size=(n_random, c))  # where each row's errors go
        m = np.zeros((n_random, c, c))
        for i in range(c):
            recall = np.full(n_random, 1 - eps)
            if i == 0:
                recall[:] = eps
            cols = [j for j in range(c) if j != i]
            m[:, i, i] = recall
            m[:, i, cols] = (1 - recall)[:, None] * off[:, i]
        m *= sizes[..., None]
        checks.append((c, ml.gmean(m), ml.acsa(m), ml.maurpc_ova(m)))
    g = max(float(np.max(x[1] / eps ** (1 / x[0]))) for x in checks)
    a = max(float(np.max(np.abs(x[2] - (x[0] - 1) / x[0]))) for x in checks)
    k = min(float(np.min(x[3] - 3 * (x[0] - 1) / (4 * x[0]))) for x in checks)
    method = (f"seeded search (seed {seed}): {n_random} matrices per C = 3..6, class sizes over "
              f"three decades, errors spread by a Dirichlet draw, ε = {eps:g}; tolerance 1e-6")
    n = 4 * n_random
    rows.append(Statement(paper, "Theorem 5", "eq. 26: GMean's limit is 0 (its lower bound)",
                          g <= 1 + 1e-6, g, f"largest GMean / ε^(1/C) at ε = {eps:g}: {g:.6f} "
                          "(GMean ≤ ε^(1/C) → 0)", COMPUTED, method, 1e-6, n))
    rows.append(Statement(paper, "Theorem 5", "eq. 27: ACSA's limit is (C − 1)/C", a <= 1e-6, a,
                          f"largest |ACSA − (C − 1)/C|: {a:.2g}", COMPUTED, method, 1e-6, n))
    rows.append(Statement(paper, "Theorem 5", "eq. 28: mAURPC-OVA's limit > 3(C − 1)/(4C)",
                          k > -1e-6, k, f"smallest mAURPC-OVA − 3(C − 1)/(4C): {k:+.4f}",
                          COMPUTED, method, 1e-6, n))
    return rows
