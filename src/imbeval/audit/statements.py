"""The papers' theorems, lemmas, results and conjectures checked by computation.

Each check returns :class:`Statement` records: the paper's statement, whether it holds on the
domain searched, the number that decides it (the largest violation, or a deviation from an
identity), the counterexample where one fails, and the basis:

- ``exact arithmetic``: every matrix of a finite domain evaluated (all C x C count matrices
  with at most ``n`` points, every class present); the identities and inequalities are
  decided with a stated floating-point tolerance (:data:`TOL`), and integer quantities
  (principal minors, ranks) exactly;
- ``computed``: a seeded search (:func:`imbeval.audit.matrices.random_matrices`) or
  quadrature on the paper's stated distributions, with the tolerance named in ``method``.

The ortigosa2016 Study 2 checks live in :mod:`imbeval.audit.study2`; the rows of the
comparison are made from the CSV these write (:mod:`imbeval.tables.theory_rows`).
"""

from __future__ import annotations

import itertools
import json
import math
from dataclasses import asdict, dataclass

import numpy as np
import pandas as pd

from imbeval.audit.matrices import random_matrices
from imbeval.indices import dembele as dm
from imbeval.indices import mortaz2020 as mz
from imbeval.indices import mullick2020 as ml

__all__ = ["Statement", "TOL", "EXACT", "COMPUTED", "count_matrices", "mortaz_theorems",
           "mullick_lemmas", "dembele_results", "statements_frame", "COLUMNS"]

#: floating-point tolerance of an identity or inequality decided on exact-count matrices
TOL = 1e-9
EXACT = "exact arithmetic"
COMPUTED = "computed"
COLUMNS = ["paper", "item", "statement", "holds", "measured", "detail", "basis", "method",
           "tolerance", "n_checked", "counterexample"]


@dataclass(frozen=True)
class Statement:
    """One statement of a paper and its check (see the module docstring)."""

    paper: str
    item: str
    statement: str
    holds: bool | None  # None: a finding (a fact the paper does not state)
    measured: float
    detail: str
    basis: str
    method: str
    tolerance: float = TOL
    n_checked: int = 0
    counterexample: str = ""


def _json(matrix) -> str:
    return json.dumps(np.asarray(matrix).tolist())


def count_matrices(c: int, n_max: int, *, min_row: int = 1, min_col: int = 0) -> np.ndarray:
    """Every C x C matrix of non-negative counts with at most ``n_max`` points whose row sums
    are at least ``min_row`` and column sums at least ``min_col``; shape (K, C, C), int64.

    >>> count_matrices(2, 2).shape  # both rows non-empty: 4 with two points, none with fewer
    (4, 2, 2)
    """
    cells = c * c
    out = []
    for n in range(n_max + 1):
        for combo in itertools.combinations_with_replacement(range(cells), n):
            out.append(np.bincount(np.asarray(combo, dtype=np.int64), minlength=cells))
    stack = np.asarray(out, dtype=np.int64).reshape(-1, c, c)
    keep = (stack.sum(axis=-1).min(axis=-1) >= min_row) & (stack.sum(axis=-2).min(axis=-1)
                                                             >= min_col)
    return stack[keep]


def _domain_text(sizes) -> str:
    return ", ".join(f"C = {c}: n ≤ {n}" for c, n in sizes)


# -------------------------------------------------------------------------------------------
# mortaz2020, Theorems 1-4
# -------------------------------------------------------------------------------------------

#: Theorem 4's counterexample (docs/errata.md, tests/unit/test_indices_mortaz2020.py): three
#: perfect one-point classes and two swapped classes of 100 and 1 points
THEOREM4_COUNTEREXAMPLE = np.array([[1, 0, 0, 0, 0], [0, 1, 0, 0, 0], [0, 0, 1, 0, 0],
                                    [0, 0, 0, 0, 100], [0, 0, 0, 1, 0]])
MORTAZ_SIZES = ((2, 24), (3, 8), (4, 7))


def mortaz_theorems(sizes=MORTAZ_SIZES, *, seed=0, n_random=20000):
    """Theorems 1-4 of mortaz2020 on every count matrix of ``sizes`` (every class present in
    rows and columns), and Theorem 4 also by a seeded search at C = 3..6 and on the
    counterexample at C = 5."""
    paper, rows = "mortaz2020", []
    stacks = {c: count_matrices(c, n, min_row=1, min_col=1) for c, n in sizes}
    domain = _domain_text(sizes)
    total = sum(len(s) for s in stacks.values())
    method = (f"every count matrix with every class present in rows and columns ({domain}); "
              f"{total} matrices; tolerance {TOL:g}")
    others = {"CBA": mz.cba, "MAP": mz.macro_precision, "MAR": mz.macro_recall,
              "F": mz.macro_f1, "ACC": mz.accuracy}
    iam = {c: mz.iam(s) for c, s in stacks.items()}
    span = max(max(np.abs(v).max() for v in iam.values()) - 1.0, 0.0)
    rows.append(Statement(paper, "Theorem 1", "−1 ≤ IAM ≤ 1", span <= TOL, span,
                          f"largest |IAM| − 1 over the domain: {span:+.3g}; IAM reaches "
                          f"{min(v.min() for v in iam.values()):+.3f} and "
                          f"{max(v.max() for v in iam.values()):+.3f}", EXACT, method,
                          n_checked=total))
    for item, names in (("Theorem 2", ("CBA",)), ("Theorem 3", ("MAP", "MAR", "F"))):
        for name in names:
            gap = max((iam[c] - others[name](s)).max() for c, s in stacks.items())
            rows.append(Statement(paper, item, f"IAM ≤ {name}", gap <= TOL, gap,
                                  f"largest IAM − {name} over the domain: {gap:+.3g}",
                                  EXACT, method, n_checked=total))
    # Theorem 4: exhaustive at small sizes, then the seeded search and the counterexample
    for c, s in stacks.items():
        gap = float((iam[c] - mz.accuracy(s)).max())
        rows.append(Statement(paper, "Theorem 4", f"IAM ≤ ACC (C = {c})", gap <= TOL, gap,
                              f"largest IAM − ACC over {len(s)} matrices: {gap:+.3g}", EXACT,
                              f"every count matrix with every class present, C = {c}, n ≤ "
                              f"{dict(sizes)[c]}; tolerance {TOL:g}", n_checked=len(s)))
    rng = np.random.default_rng(seed)
    for c in (3, 4):
        m = random_matrices(rng, n_random, c)
        gap = float(np.nanmax(mz.iam(m) - mz.accuracy(m)))
        rows.append(Statement(paper, "Theorem 4", f"IAM ≤ ACC (C = {c}, search)", gap <= TOL,
                              gap, f"largest IAM − ACC over {n_random} random matrices "
                              f"(class sizes over up to nine decades): {gap:+.3g}", COMPUTED,
                              f"seeded search (seed {seed}, imbeval.audit.matrices."
                              f"random_matrices); tolerance {TOL:g}", n_checked=n_random))
    ce = THEOREM4_COUNTEREXAMPLE
    i5, a5 = float(mz.iam(ce)), float(mz.accuracy(ce))
    rows.append(Statement(paper, "Theorem 4", "IAM ≤ ACC (C = 5)", False, i5 - a5,
                          f"false: the 5-class matrix {_json(ce)} (rows true) has IAM = "
                          f"{i5:.3f} > ACC = {a5:.3f} (three perfect one-point classes, two "
                          "swapped classes of 100 and 1 points); from C = 5 on", EXACT,
                          "the counterexample evaluated exactly (IAM = 1/5, ACC = 3/104)",
                          n_checked=1, counterexample=_json(ce)))
    rows += _iam_sign(stacks, method, total)
    return rows


def _iam_sign(stacks, method, total):
    """Section 2.4.1: IAM < 0 means more instances predicted incorrectly than correctly "on
    average"; IAM > 0 the reverse. Read over instances (ACC against 1/2) it fails; read per
    class it is the sign of 2·CBA − 1 (IAM = 2·CBA − 1 exactly, docs/errata.md)."""
    paper, rows = "mortaz2020", []
    found = {}
    for c, s in stacks.items():
        iam, acc = mz.iam(s), mz.accuracy(s)
        for key, bad in (("neg", (iam < -TOL) & (acc > 0.5 + TOL)),
                         ("pos", (iam > TOL) & (acc < 0.5 - TOL))):
            if bad.any() and key not in found:
                k = int(np.argmax(bad))
                found[key] = (s[k], float(iam[k]), float(acc[k]))
    for key, text in (("neg", "IAM < 0 ⇒ more instances predicted incorrectly than correctly "
                       "(ACC < 1/2)"),
                      ("pos", "IAM > 0 ⇒ more instances predicted correctly than incorrectly "
                       "(ACC > 1/2)")):
        if key in found:
            m, i, a = found[key]
            detail = (f"false read over instances: {_json(m)} (rows true) has IAM = {i:+.3f} "
                      f"and ACC = {a:.3f}; IAM's sign is that of CBA − 1/2, a mean over "
                      "classes (IAM = 2·CBA − 1)")
            rows.append(Statement(paper, "Section 2.4.1", text, False, i, detail, EXACT, method,
                                  n_checked=total, counterexample=_json(m)))
        else:
            rows.append(Statement(paper, "Section 2.4.1", text, True, 0.0,
                                  "no exception on the domain", EXACT, method, n_checked=total))
    dev = max(float(np.abs(mz.iam(s) - (2 * mz.cba(s) - 1)).max()) for s in stacks.values())
    rows.append(Statement(paper, "Section 2.4.1", "IAM's sign read per class: IAM < 0 ⟺ CBA < "
                          "1/2 (IAM = 2·CBA − 1)", None, dev,
                          f"largest |IAM − (2·CBA − 1)| over the domain: {dev:.2g}; each class's "
                          "term (c_ii − e_i)/(c_ii + e_i), e_i = max(FN_i, FP_i), is positive "
                          "when its correct predictions outnumber its larger error count",
                          EXACT, method, n_checked=total))
    return rows


# -------------------------------------------------------------------------------------------
# mullick2020, Lemmas 1-3 and the bounds of eqs. 15-28
# -------------------------------------------------------------------------------------------

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
    method = (f"every count matrix with every class present ({_domain_text(sizes)}); {total} "
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


# -------------------------------------------------------------------------------------------
# Dembélé, Results 1-4, Conjecture 1, eqs. 34-38
# -------------------------------------------------------------------------------------------

DEMBELE_SIZES = ((2, 24), (3, 7))
#: A count matrix (rows true) whose recalls all exceed 1/2 (eq. 25) but whose B has a negative
#: eigenvalue: Result 3 fails (found while checking; the search finds others)
RESULT3_COUNTEREXAMPLE = np.array([[51, 49, 0], [49, 51, 0], [49, 0, 51]])


def _p_matrix(cm):
    """Dembélé's column-stochastic P (his layout) of our row-true counts: P = (X / n_i)ᵀ."""
    cm = np.asarray(cm, dtype=float)
    return np.swapaxes(cm / cm.sum(axis=-1, keepdims=True), -1, -2)


def _principal_minor_sums(cm):
    """e_k, the sum of the k x k principal minors of an integer stack, k = 1..C (exact)."""
    cm = np.asarray(cm, dtype=object)
    c = cm.shape[-1]
    out = []
    for k in range(1, c + 1):
        total = 0
        for subset in itertools.combinations(range(c), k):
            total = total + _det_exact(cm[..., list(subset)][..., list(subset), :])
        out.append(total)
    return out


def _det_exact(block):
    """Determinant of an object-dtype (exact integer) stack of k x k blocks, k ≤ 3."""
    k = block.shape[-1]
    if k == 1:
        return block[..., 0, 0]
    if k == 2:
        return block[..., 0, 0] * block[..., 1, 1] - block[..., 0, 1] * block[..., 1, 0]
    a = block
    return (a[..., 0, 0] * (a[..., 1, 1] * a[..., 2, 2] - a[..., 1, 2] * a[..., 2, 1])
            - a[..., 0, 1] * (a[..., 1, 0] * a[..., 2, 2] - a[..., 1, 2] * a[..., 2, 0])
            + a[..., 0, 2] * (a[..., 1, 0] * a[..., 2, 1] - a[..., 1, 1] * a[..., 2, 0]))


def _nonzero_eigen_count(minor_sums):
    """The number of non-zero eigenvalues: the largest k with e_k ≠ 0 (0 if none)."""
    count = np.zeros(np.shape(minor_sums[0]), dtype=int)
    for k, e in enumerate(minor_sums, start=1):
        count = np.where(np.asarray(e != 0, dtype=bool), k, count)
    return count


def dembele_results(sizes=DEMBELE_SIZES, *, seed=0, n_random=20000):
    """Results 1-4, Conjecture 1 and eqs. 34-38 of Dembélé (see the module docstring)."""
    paper, rows = "dembele", []
    stacks = {c: count_matrices(c, n, min_row=1) for c, n in sizes}
    total = sum(len(s) for s in stacks.values())
    method = (f"every count matrix with every class present ({_domain_text(sizes)}); {total} "
              f"matrices; tolerance {TOL:g}")
    # Result 1: M and M~ are similar (M~ = D^{1/2} M D^{-1/2})
    dev = 0.0
    for c, s in stacks.items():
        # similar matrices have the same characteristic polynomial, hence the same power
        # traces tr(M^k), k = 1..C (Newton's identities), compared relative to n^k
        m, mt = s.astype(float), dm.m_tilde(s)
        n = s.sum(axis=(-2, -1)).astype(float)
        for k in range(1, c + 1):
            t1 = np.trace(np.linalg.matrix_power(m, k), axis1=-2, axis2=-1)
            t2 = np.trace(np.linalg.matrix_power(mt, k), axis1=-2, axis2=-1)
            dev = max(dev, float(np.max(np.abs(t1 - t2) / n**k)))
    rows.append(Statement(paper, "Result 1", "M and M~ have the same eigenvalues", dev <= TOL,
                          dev, f"largest |tr(M^k) − tr(M~^k)| / n^k, k = 1..C (equal power "
                          f"traces: equal characteristic polynomials): {dev:.2g}", EXACT,
                          method, n_checked=total))
    # Result 2: trace P = trace B
    dev = max(float(np.abs(np.trace(_p_matrix(s), axis1=-2, axis2=-1)
                           - np.trace(dm.b_matrix(s), axis1=-2, axis2=-1)).max())
              for s in stacks.values())
    rows.append(Statement(paper, "Result 2", "P and B have the same trace", dev <= TOL, dev,
                          f"largest |trace P − trace B|: {dev:.2g}", EXACT, method,
                          n_checked=total))
    # Result 3: eq. (25) (every column of P diagonally dominant) ⇒ positive eigenvalues
    worst_b, worst_p, ce, n3 = math.inf, math.inf, None, 0
    for s in stacks.values():
        p = _p_matrix(s)
        diag = np.diagonal(p, axis1=-2, axis2=-1)
        dominant = np.all(diag > p.sum(axis=-2) - diag, axis=-1)
        if not dominant.any():
            continue
        n3 += int(dominant.sum())
        lam = np.linalg.eigvalsh(dm.b_matrix(s[dominant]))[..., 0]
        mu = np.linalg.eigvals(p[dominant]).real.min(axis=-1)
        if lam.min() < worst_b:
            worst_b, ce = float(lam.min()), s[dominant][int(np.argmin(lam))]
        worst_p = min(worst_p, float(mu.min()))
    lam_ce = float(np.linalg.eigvalsh(dm.b_matrix(RESULT3_COUNTEREXAMPLE))[0])
    holds_b = worst_b > -TOL and lam_ce > -TOL
    rows.append(Statement(paper, "Result 3", "eq. 25 ⇒ P has only positive(-real-part) "
                          "eigenvalues", worst_p > 0, worst_p,
                          f"smallest real part of an eigenvalue of P over the {n3} matrices "
                          f"meeting eq. 25: {worst_p:.3g} (Gershgorin's column discs)", EXACT,
                          method, n_checked=n3))
    rows.append(Statement(paper, "Result 3", "eq. 25 ⇒ B has only positive eigenvalues",
                          holds_b, min(worst_b, lam_ce),
                          f"smallest eigenvalue of B on the domain: {worst_b:.3g}; but the "
                          f"3-class counts {_json(RESULT3_COUNTEREXAMPLE)} (rows true, all "
                          f"recalls 0.51) meet eq. 25 and give B an eigenvalue {lam_ce:.4f}: "
                          "x'Px > 0 does not follow from column dominance", EXACT,
                          method + "; and the counterexample", n_checked=n3 + 1,
                          counterexample=_json(RESULT3_COUNTEREXAMPLE)))
    # Result 4: M and P have the same number of non-zero eigenvalues (exact integer minors)
    differ, n4, ce4 = 0, 0, None
    for c, s in stacks.items():
        if c > 3:
            continue
        e_m = _principal_minor_sums(s)
        sizes_ = s.sum(axis=-1).astype(object)
        # e_k(P)·Π n_i = Σ_S minor_S(X)·Π_{i∉S} n_i: an integer, zero exactly when e_k(P) is
        e_p = []
        for k in range(1, c + 1):
            acc = 0
            for subset in itertools.combinations(range(c), k):
                rest = [i for i in range(c) if i not in subset]
                block = s.astype(object)[..., list(subset)][..., list(subset), :]
                term = _det_exact(block)
                for i in rest:
                    term = term * sizes_[..., i]
                acc = acc + term
            e_p.append(acc)
        bad = _nonzero_eigen_count(e_m) != _nonzero_eigen_count(e_p)
        n4 += len(s)
        if bad.any():
            differ += int(bad.sum())
            ce4 = ce4 if ce4 is not None else s[bad][0]
    rows.append(Statement(paper, "Result 4", "M and P have the same number of non-zero "
                          "eigenvalues", differ == 0, float(differ),
                          (f"{differ} of {n4} matrices differ, e.g. {_json(ce4)} (rows true): "
                           "the count of non-zero eigenvalues is not the rank for a defective "
                           "matrix" if differ else f"no difference over {n4} matrices"), EXACT,
                          "the characteristic polynomials' coefficients as exact integers "
                          f"(principal minors), every count matrix of C = 2 and 3 "
                          f"({_domain_text(sizes)})", 0.0, n4,
                          _json(ce4) if ce4 is not None else ""))
    rows += _conjecture1(paper, stacks, method, seed, n_random)
    rows += _eqs_34_38(paper, stacks[2])
    return rows


def _conjecture1(paper, stacks, method, seed, n_random):
    ce_b, ce_a = np.eye(2), np.ones((2, 2))
    lb, la = np.linalg.eigvalsh(ce_b)[::-1], np.linalg.eigvalsh(ce_a)[::-1]
    general = float(np.max(np.abs(lb) - np.abs(la)))
    rows = [Statement(paper, "Conjecture 1", "B ≤ A (nonnegative, symmetric) ⇒ |λ_i| ≤ |μ_i|",
                      False, general,
                      f"false as stated: B = I₂ ≤ A = J₂ (all ones) gives λ = (1, 1), μ = "
                      f"(2, 0): |λ₂| − |μ₂| = {general:.0f}", EXACT,
                      "the counterexample's eigenvalues", 0.0, 1,
                      json.dumps({"B": ce_b.tolist(), "A": ce_a.tolist()}))]
    # in the paper's setting: A = Q^{-1/2} B Q^{-1/2}, Q = diag(B) (so B ≤ A)
    worst, checked = -math.inf, 0
    rng = np.random.default_rng(seed)
    for s in list(stacks.values()) + [random_matrices(rng, n_random, 3)]:
        b = dm.b_matrix(s)
        q = np.sqrt(np.diagonal(b, axis1=-2, axis2=-1))
        ok = np.all(q > 0, axis=-1)
        b, q = b[ok], q[ok]
        a = b / q[..., :, None] / q[..., None, :]
        lam = np.linalg.eigvalsh(b)[..., ::-1]
        mu = np.linalg.eigvalsh(a)[..., ::-1]
        worst = max(worst, float(np.max(np.abs(lam) - np.abs(mu))))
        checked += len(b)
    rows.append(Statement(paper, "Conjecture 1", "|λ_i(B)| ≤ |μ_i(A)| for A = Q^−1/2 B Q^−1/2 "
                          "(the paper's A)", worst <= TOL, worst,
                          f"largest |λ_i| − |μ_i| (both sorted descending): {worst:+.3g}",
                          COMPUTED, method + f"; and {n_random} random 3-class matrices "
                          f"(seed {seed})", TOL, checked))
    return rows


def _eqs_34_38(paper, stack):
    lam = dm.binary_eigenvalues(stack)
    lam = np.sort(np.asarray(lam, dtype=float), axis=-1)[..., ::-1]
    r = stack / stack.sum(axis=-1, keepdims=True)
    sen, spe = r[:, 0, 0], r[:, 1, 1]
    auc = (sen + spe) / 2
    root = 0.5 * np.sqrt(2 * (sen - 1) ** 2 + 2 * (spe - 1) ** 2)
    gid = 2 * auc - 1
    checks = [("eq. 34", "λ₁ = auc + ½√(2(sen − 1)² + 2(spe − 1)²)", lam[:, 0] - (auc + root)),
              ("eq. 35", "λ₂ = auc − ½√(2(sen − 1)² + 2(spe − 1)²)", lam[:, 1] - (auc - root)),
              ("eq. 36", "λ₁ + λ₂ = 2·auc = gid + 1", lam.sum(axis=-1) - (gid + 1)),
              ("eqs. 37-38", "λ₁λ₂ = 2·auc − 1 − ¼(sen − spe)² = gid − ¼(sen − spe)²",
               lam.prod(axis=-1) - (gid - 0.25 * (sen - spe) ** 2))]
    rows = []
    for item, text, diff in checks:
        dev = float(np.abs(diff).max())
        rows.append(Statement(paper, item, text, dev <= TOL, dev,
                              f"largest |difference| over {len(stack)} two-class matrices: "
                              f"{dev:.2g}", EXACT, f"every 2 x 2 count matrix with both classes "
                              f"present, n ≤ {int(stack.sum(axis=(-2, -1)).max())}; tolerance "
                              f"{TOL:g}", n_checked=len(stack)))
    return rows


def statements_frame(rows) -> pd.DataFrame:
    """The records as a table with :data:`COLUMNS`."""
    return pd.DataFrame([asdict(r) for r in rows], columns=COLUMNS)
