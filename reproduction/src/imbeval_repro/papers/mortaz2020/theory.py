"""mortaz2020's Theorems 1-4, checked by computation (records of
:mod:`imbeval_repro.verdicts.statements`)."""

from __future__ import annotations

import numpy as np

from imbeval.audit.matrices import random_matrices
from imbeval.indices import mortaz2020 as mz
from imbeval_repro.verdicts.statements import (
    COMPUTED, EXACT, TOL, Statement, count_matrices, domain_text, matrix_json)

__all__ = ["mortaz_theorems"]


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
    domain = domain_text(sizes)
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
                          f"false: the 5-class matrix {matrix_json(ce)} (rows true) has IAM = "
                          f"{i5:.3f} > ACC = {a5:.3f} (three perfect one-point classes, two "
                          "swapped classes of 100 and 1 points); from C = 5 on", EXACT,
                          "the counterexample evaluated exactly (IAM = 1/5, ACC = 3/104)",
                          n_checked=1, counterexample=matrix_json(ce)))
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
            detail = (f"false read over instances: {matrix_json(m)} (rows true) has IAM = {i:+.3f} "
                      f"and ACC = {a:.3f}; IAM's sign is that of CBA − 1/2, a mean over "
                      "classes (IAM = 2·CBA − 1)")
            rows.append(Statement(paper, "Section 2.4.1", text, False, i, detail, EXACT, method,
                                  n_checked=total, counterexample=matrix_json(m)))
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
