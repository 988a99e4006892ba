"""The two lexicographic linear programs of LexiBoost (Datta, Nag & Das, IEEE TKDE 2020).

Notation: ``U[i, t] = +1`` if learner t classifies training point i correctly and ``-1``
otherwise (for two classes this is ``y_i h_t(x_i)`` with labels and outputs in {-1, +1});
``codes[i]`` is the class of point i; ``n_j`` the class sizes.

Stage 1, per class j:  L_j* = min sum_{i in j} xi_i
                       s.t. sum_t a_t U[i, t] + xi_i >= 1 (i in j), sum_t a_t = 1, a, xi >= 0.
Stage 2:               min z over (a, xi, z)
                       s.t. sum_t a_t U[i, t] + xi_i >= 1 (all i),
                            sum_{i in j} xi_i - n_j z <= L_j* (each class j),
                            sum_t a_t = 1, a, xi >= 0, z free.

Both are solved with SciPy's HiGHS on sparse constraint matrices. Stage 1 only needs the
rows of class j: the other rows' constraints are met at zero cost by their own slack.

Row aggregation (exact). Points of the same class with the same row of U have identical
constraints, and their optimal slacks are equal, so every LP here is solved over the
distinct (class, U-row) groups with the group size m_g as weight: ``m_g xi_g`` in the
objectives and class sums, and for the dual weights a group total ``D_g <= m_g v'_c/n_c``
shared equally by its members. With T <= 10 learners there are at most 2^T groups per class
and in practice a few dozen, instead of n = 6,500 rows (the LPs went from seconds to
milliseconds; see docs/performance.md). Splitting a group's dual weight equally picks the
symmetric one among the optimal duals of the full LP, which are not unique anyway.

Dual-LexiBoost's next sample weights come from the authors' "dfin" LP over class variables
v'_j >= 0, point weights d_i >= 0 and a free edge bound g (see :func:`dual_weights`):

    min  sum_j (L_j*/n_j) v'_j - sum_i d_i + g
    s.t. sum_i U[i, s] d_i <= g (each learner s so far),  d_i <= v'_{c(i)}/n_{c(i)},
         sum_i d_i = 1.

Derivation note: the exact LP dual of Stage 2 is the same LP with the normalisation
sum_j v'_j = 1 (it comes from the free variable z) in place of sum_i d_i = 1. That dual is
often degenerate at the optimum (d = 0 is optimal as soon as one class is classified
without loss, e.g. after the first round), which leaves no weights to train on; the code's
normalisation on d avoids this, and we follow the code. :func:`stage2` still returns the
exact duals for inspection.
"""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp
from scipy.optimize import linprog


def _check_status(res, what: str):
    if res.status != 0:
        raise RuntimeError(f"LexiBoost {what} LP failed (HiGHS status {res.status}): "
                           f"{res.message}")


def _groups(U: np.ndarray, codes: np.ndarray):
    """Distinct (class, U-row) groups: (U_g, class_g, size_g, inverse) with
    ``U[i] == U_g[inverse[i]]`` and ``codes[i] == class_g[inverse[i]]``."""
    key = np.column_stack([codes.astype(np.float64), U])
    uniq, inverse, sizes = np.unique(key, axis=0, return_inverse=True, return_counts=True)
    return uniq[:, 1:], uniq[:, 0].astype(np.intp), sizes.astype(np.float64), inverse.ravel()


def stage1(U: np.ndarray, codes: np.ndarray, n_classes: int) -> np.ndarray:
    """L_j* for every class j (array of length n_classes)."""
    U = np.asarray(U, dtype=np.float64)
    Ug, cg, mg, _ = _groups(U, codes)
    T = U.shape[1]
    losses = np.zeros(n_classes)
    for j in range(n_classes):
        Uj, mj = Ug[cg == j], mg[cg == j]
        m = Uj.shape[0]
        if m == 0:
            continue
        # variables [a (T), xi (m groups)];  -Uj a - xi <= -1;  min sum m_g xi_g
        A_ub = sp.hstack([sp.csr_matrix(-Uj), -sp.identity(m, format="csr")], format="csr")
        b_ub = -np.ones(m)
        A_eq = sp.csr_matrix(np.concatenate([np.ones(T), np.zeros(m)])[None, :])
        c = np.concatenate([np.zeros(T), mj])
        res = linprog(c, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=[1.0],
                      bounds=(0, None), method="highs")
        _check_status(res, f"stage-1 (class {j})")
        losses[j] = max(res.fun, 0.0)
    return losses


def stage2(U: np.ndarray, codes: np.ndarray, losses: np.ndarray):
    """Solve Stage 2. Returns (alpha, z, d, v): learner weights, objective, and the optimal
    dual variables of the margin constraints (d, per point) and class constraints (v)."""
    U = np.asarray(U, dtype=np.float64)
    Ug, cg, mg, inverse = _groups(U, codes)
    G, T = Ug.shape
    n_classes = losses.size
    counts = np.bincount(codes, minlength=n_classes).astype(float)
    # variables [a (T), xi (G groups), z]
    margin_rows = sp.hstack([sp.csr_matrix(-Ug), -sp.identity(G, format="csr"),
                             sp.csr_matrix((G, 1))], format="csr")
    member = sp.csr_matrix((mg, (cg, np.arange(G))), shape=(n_classes, G))
    class_rows = sp.hstack([sp.csr_matrix((n_classes, T)), member,
                            sp.csr_matrix(-counts[:, None])], format="csr")
    A_ub = sp.vstack([margin_rows, class_rows], format="csr")
    b_ub = np.concatenate([-np.ones(G), losses])
    A_eq = sp.csr_matrix(np.concatenate([np.ones(T), np.zeros(G + 1)])[None, :])
    c = np.zeros(T + G + 1)
    c[-1] = 1.0
    bounds = [(0, None)] * (T + G) + [(None, None)]
    res = linprog(c, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=[1.0], bounds=bounds,
                  method="highs")
    _check_status(res, "stage-2")
    alpha = np.clip(res.x[:T], 0.0, None)
    alpha /= alpha.sum()
    duals = -res.ineqlin.marginals
    d_group = np.clip(duals[:G], 0.0, None)
    v = np.clip(duals[G:], 0.0, None)
    return alpha, float(res.fun), (d_group / mg)[inverse], v


def stage2_closed_form_value(U: np.ndarray, codes: np.ndarray, alpha: np.ndarray) -> float:
    """Stage-2 objective at ``alpha`` by the derived closed form (exact for +-1 outputs):
    ``max_j [max_s e_js - sum_t alpha_t e_jt]`` with ``e_jt`` the mean of U over class j
    (``2 * accuracy_jt - 1``). Used to test the LP solution."""
    n_classes = int(codes.max()) + 1
    e = np.vstack([U[codes == j].mean(axis=0) for j in range(n_classes)])
    return float(np.max(e.max(axis=1) - e @ alpha))


def dual_weights(U: np.ndarray, codes: np.ndarray, losses: np.ndarray) -> np.ndarray:
    """Next Dual-LexiBoost sample weights: the d of the code's "dfin" LP (sums to 1)."""
    U = np.asarray(U, dtype=np.float64)
    Ug, cg, mg, inverse = _groups(U, codes)
    G, T = Ug.shape
    K = losses.size
    counts = np.bincount(codes, minlength=K).astype(float)
    # variables [v' (K), D (G group totals), g]
    edge_rows = sp.hstack([sp.csr_matrix((T, K)), sp.csr_matrix(Ug.T),
                           sp.csr_matrix(-np.ones((T, 1)))], format="csr")
    cap = sp.csr_matrix((-mg / counts[cg], (np.arange(G), cg)), shape=(G, K))
    cap_rows = sp.hstack([cap, sp.identity(G, format="csr"), sp.csr_matrix((G, 1))],
                         format="csr")
    A_ub = sp.vstack([edge_rows, cap_rows], format="csr")
    b_ub = np.zeros(T + G)
    A_eq = sp.csr_matrix(np.concatenate([np.zeros(K), np.ones(G), [0.0]])[None, :])
    c = np.concatenate([losses / counts, -np.ones(G), [1.0]])
    bounds = [(0, None)] * (K + G) + [(None, None)]
    res = linprog(c, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=[1.0], bounds=bounds,
                  method="highs")
    _check_status(res, "dual (dfin)")
    D = np.clip(res.x[K:K + G], 0.0, None)
    d = (D / mg)[inverse]
    return d / d.sum()
