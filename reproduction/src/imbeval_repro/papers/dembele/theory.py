"""Dembélé's Results 1-4, Conjecture 1 and eqs. 34-38, checked by computation (records of
:mod:`imbeval_repro.verdicts.statements`)."""

from __future__ import annotations

import itertools
import json
import math

import numpy as np

from imbeval.audit.matrices import random_matrices
from imbeval.indices import dembele as dm
from imbeval_repro.verdicts.statements import (
    COMPUTED, EXACT, TOL, Statement, count_matrices, domain_text, matrix_json)

__all__ = ["dembele_results"]


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
    method = (f"every count matrix with every class present ({domain_text(sizes)}); {total} "
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
                          f"3-class counts {matrix_json(RESULT3_COUNTEREXAMPLE)} (rows true, all "
                          f"recalls 0.51) meet eq. 25 and give B an eigenvalue {lam_ce:.4f}: "
                          "x'Px > 0 does not follow from column dominance", EXACT,
                          method + "; and the counterexample", n_checked=n3 + 1,
                          counterexample=matrix_json(RESULT3_COUNTEREXAMPLE)))
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
                          (f"{differ} of {n4} matrices differ, e.g. {matrix_json(ce4)} (rows true): "
                           "the count of non-zero eigenvalues is not the rank for a defective "
                           "matrix" if differ else f"no difference over {n4} matrices"), EXACT,
                          "the characteristic polynomials' coefficients as exact integers "
                          f"(principal minors), every count matrix of C = 2 and 3 "
                          f"({domain_text(sizes)})", 0.0, n4,
                          matrix_json(ce4) if ce4 is not None else ""))
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
