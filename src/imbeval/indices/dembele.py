"""Indices of Dembélé: the eigenvalue entropy (EVE) and the measures it is compared with.

D. Dembélé, *The Eigenvalues Entropy as a Classifier Evaluation Measure*.

Layout
------
The paper prints confusion matrices with rows = predicted class and columns = true class.
This library, like every other module of :mod:`imbeval.indices`, uses the transpose:
``X = Mᵀ``, rows = true class, columns = predicted class. Below, ``x_ij`` is the number of
points of true class i predicted as j, ``n_i = Σ_j x_ij`` the size of class i (the paper's
column sum m_.i), ``k_j = Σ_i x_ij`` the number predicted as j (the paper's row sum m_j.),
``m`` the total and ``C`` the number of classes (the paper's n).

In this layout the paper's objects are:

- ``P = M D⁻¹`` (column-stochastic, p_ij = m_ij / m_.j) is ``Rᵀ`` with ``R = D⁻¹ X`` the
  row-normalised matrix (r_ij = x_ij / n_i, the recall matrix);
- ``B = (P + Pᵀ)/2 = (R + Rᵀ)/2`` is symmetric and the same in both layouts;
- ``M~ = D^{1/2} M D^{-1/2}`` (eq. 22) becomes ``X~ = M~ᵀ = D^{-1/2} X D^{1/2}``, i.e.
  ``x~_ij = x_ij · sqrt(n_j / n_i)`` (see :func:`m_tilde`).

Empty classes
-------------
B and M~ need every class to have at least one true point (D invertible). Following the
paper (section 2, after eq. 22), a matrix with an empty class (a zero row here) has 1/C
added to *every* entry before B or M~ is formed. Only the matrices of a stack that have an
empty class are changed. (The alternative of the R package eve 1.1 -- taking 1/n_i = 0 for
an empty class -- is not used.)

Registered indices: ``eve``, ``cen``, ``mcen``, ``nmi``, ``kappa``, ``mcc``. Helpers that
are not indices (other output shapes): :func:`m_tilde`, :func:`b_matrix`,
:func:`eigenvalues`, :func:`binary_eigenvalues`, :func:`eigenvalue_bounds`,
:func:`pair_counting_2x2`, :func:`one_vs_rest_2x2`.
"""

from __future__ import annotations

import numpy as np

from imbeval.indices._common import diagonal, predicted_counts, totals, true_counts
from imbeval.indices._registry import MULTI_CLASS, register_index
from imbeval.indices._validation import check_confusion_stack, safe_divide

__all__ = [
    "eve",
    "cen",
    "mcen",
    "nmi",
    "kappa",
    "mcc",
    "m_tilde",
    "b_matrix",
    "eigenvalues",
    "binary_eigenvalues",
    "eigenvalue_bounds",
    "pair_counting_2x2",
    "one_vs_rest_2x2",
]

PAPER = "dembele"

# Eigenvalues of B lie in [-C, C]; ones below this are rounding noise around 0 and are
# not "positive-valued" in the sense of eq. 24.
_POSITIVE_EIGENVALUE_TOL = 1e-12

# Largest two-class CEN: CEN_j = −2 t log2 t with t = x_12/S_j is largest at t = 1/e.
_CEN_BINARY_SUP = 2.0 / (np.e * np.log(2.0))


# ---------------------------------------------------------------------------------------
# Helpers (not indices)
# ---------------------------------------------------------------------------------------


def _fill_empty_classes(x):
    """Add 1/C to every entry of the matrices of ``x`` that have an empty true class."""
    n_classes = x.shape[-1]
    has_empty = np.any(true_counts(x) == 0, axis=-1)
    if not np.any(has_empty):
        return x
    return np.where(has_empty[..., None, None], x + 1.0 / n_classes, x)


def m_tilde(cm):
    """Dembélé's imbalance-corrected estimate of the confusion matrix, in our layout.

    The paper defines ``M~ = D^{1/2} M D^{-1/2}`` (eq. 22) with M rows = predicted and
    ``D = diag(m_.j)`` the true class sizes, i.e. ``m~_ij = m_ij · sqrt(m_.i / m_.j)``.
    With rows = true class (``X = Mᵀ``, n_i = row sums) this is ``X~ = D^{-1/2} X D^{1/2}``::

        x~_ij = x_ij · sqrt(n_j / n_i)

    so a point of true class i predicted as j is weighted by sqrt(size of j / size of i):
    errors out of a small class into a large one are inflated, those out of a large class
    into a small one shrunk; the diagonal is unchanged. X~ has the same eigenvalues as X
    (Result 1) but its total generally differs from m. "Measures on M~" in the paper are
    the same index functions applied to ``m_tilde(cm)``.

    Empty classes: 1/C is added to every entry of a matrix with an empty true class first
    (see the module docstring), so the result is always defined.

    Parameters
    ----------
    cm : array_like (..., C, C), rows true, columns predicted.

    Returns
    -------
    ndarray (..., C, C), real-valued, same layout.
    """
    x = _fill_empty_classes(check_confusion_stack(cm))
    sizes = np.sqrt(true_counts(x))
    return x * sizes[..., None, :] / sizes[..., :, None]


def b_matrix(cm):
    """The symmetric matrix ``B = (P + Pᵀ)/2`` of eq. 23, shape (..., C, C).

    ``b_ij = (x_ij / n_i + x_ji / n_j) / 2`` in our layout (the paper's
    ``(m_ij / m_.j + m_ji / m_.i) / 2``). Empty classes: 1/C added to every entry first.
    """
    x = _fill_empty_classes(check_confusion_stack(cm))
    r = x / true_counts(x)[..., :, None]
    return 0.5 * (r + np.swapaxes(r, -1, -2))


def _a_matrix(b, zero_division):
    """``A = Q^{-1/2} B Q^{-1/2}`` with Q = diag(B) (eq. 29); ok=False where some b_ii = 0."""
    q = np.diagonal(b, axis1=-2, axis2=-1)
    ok = np.all(q > 0, axis=-1)
    root = np.sqrt(np.where(q > 0, q, 1.0))
    a = b / root[..., :, None] / root[..., None, :]
    return a, ok


def eigenvalues(cm, *, matrix="B", zero_division=np.nan):
    """Eigenvalues of Dembélé's matrix B (default) or A, in decreasing order.

    ``matrix="B"``: σ(B), the λ_i of eq. 24 (B as in :func:`b_matrix`). Always defined
    (empty classes get 1/C added to every entry, as in the paper).

    ``matrix="A"``: σ(A) with ``A = Q^{-1/2} B Q^{-1/2}``, Q = diag(B) (eq. 29), the μ_i of
    Tables 1 and 3. Undefined (``zero_division`` in every position) when a diagonal entry
    of B is 0, i.e. when some class has no correctly predicted point.

    Returns
    -------
    ndarray (..., C), λ_1 ≥ λ_2 ≥ ... ≥ λ_C.
    """
    b = b_matrix(cm)
    if matrix == "B":
        return np.linalg.eigvalsh(b)[..., ::-1]
    if matrix == "A":
        a, ok = _a_matrix(b, zero_division)
        eye = np.broadcast_to(np.eye(b.shape[-1]), b.shape)
        lam = np.linalg.eigvalsh(np.where(ok[..., None, None], a, eye))[..., ::-1]
        return np.where(ok[..., None], lam, float(zero_division))
    raise ValueError(f"matrix must be 'A' or 'B', got {matrix!r}")


def binary_eigenvalues(cm):
    """Closed form of the two eigenvalues of B for a two-class matrix (eqs. 32-33).

    With the paper's rates p11 = x_11/n_1 (sensitivity), p22 = x_22/n_2 (specificity),
    p12 = x_21/n_2 (false positive rate) and p21 = x_12/n_1 (false negative rate)::

        λ_1,2 = (p11 + p22 ± sqrt((p11 − p22)² + (p12 + p21)²)) / 2

    so that λ_1 + λ_2 = p11 + p22 = 2·AUC (eq. 36). Empty class: 1/2 added to every entry.

    Returns
    -------
    ndarray (..., 2), λ_1 ≥ λ_2.
    """
    x = _fill_empty_classes(check_confusion_stack(cm, n_classes=2))
    n = true_counts(x)
    p11 = x[..., 0, 0] / n[..., 0]
    p22 = x[..., 1, 1] / n[..., 1]
    p12 = x[..., 1, 0] / n[..., 1]
    p21 = x[..., 0, 1] / n[..., 0]
    root = np.sqrt((p11 - p22) ** 2 + (p12 + p21) ** 2)
    return np.stack([0.5 * (p11 + p22 + root), 0.5 * (p11 + p22 - root)], axis=-1)


def eigenvalue_bounds(cm, zero_division=np.nan):
    """The eigenvalue bounds ``(thr_min, thr_max)`` of section 3.2 (Tables 1, 3, 10).

    ``A = Q^{-1/2} B Q^{-1/2}`` (Q = diag(B)) has unit diagonal; with
    ``r_i = Σ_{j≠i} a_ij = Σ_{j≠i} b_ij / sqrt(b_ii b_jj)`` and ``r = max_i r_i``::

        thr_min = 1 − r,   thr_max = 1 + r

    These are the Gershgorin bounds of σ(A). The paper calls them bounds of σ(B), but for B
    only ``min(thr_min, 0) ≤ λ ≤ thr_max`` holds (B = Q^{1/2} A Q^{1/2} with 0 < b_ii ≤ 1,
    so by Ostrowski's theorem λ_k = θ_k μ_k, θ_k ∈ (0, 1]); a positive λ can fall below
    thr_min, as in the paper's own Table 3 (M4: thr_min 0.716, λ_3 0.545). Undefined
    (``zero_division``)
    when a diagonal entry of B is 0, i.e. a class has no correct prediction (the paper then
    uses M + J/C, which callers can pass explicitly).

    Returns
    -------
    tuple of two ndarrays of shape (...).
    """
    b = b_matrix(cm)
    a, ok = _a_matrix(b, zero_division)
    off = ~np.eye(b.shape[-1], dtype=bool)
    r = np.max(np.sum(np.where(off, a, 0.0), axis=-1), axis=-1)
    zd = float(zero_division)
    return np.where(ok, 1.0 - r, zd), np.where(ok, 1.0 + r, zd)


def pair_counting_2x2(cm):
    """Multi-class matrix -> one 2x2 matrix by counting pairs of points (eqs. 13-14).

    Each of the m(m−1)/2 unordered pairs of points is "positive" for the truth when both
    points share a true class and for the prediction when both share a predicted class.
    With ``Q_t = Σ_i n_i² − m`` and ``P_p = Σ_j k_j² − m`` (twice the number of pairs in the
    same true / predicted class)::

        TP = a = (Σ_ij x_ij² − m) / 2        same true class, same predicted class
        FN = Q_t/2 − a                        same true class, different predicted class
        FP = P_p/2 − a                        different true class, same predicted class
        TN = m(m−1)/2 − (P_p + Q_t)/2 + a     different in both

    returned in our layout ``[[TP, FN], [FP, TN]]`` (rows true). This is the transpose of
    the paper's ``[[a, b], [c, d]]`` (rows predicted), with the "− m" in P and Q that the
    paper's text omits but its Table 5 uses. Paper's M4 gives ``[[2849, 826], [890, 6610]]``
    here (``[[2849, 890], [826, 6610]]`` printed his way). Real-valued input is accepted and
    the same polynomial is evaluated.

    Returns
    -------
    ndarray (..., 2, 2).
    """
    x = check_confusion_stack(cm)
    m = totals(x)
    a = 0.5 * (np.sum(x * x, axis=(-2, -1)) - m)
    q_true = np.sum(true_counts(x) ** 2, axis=-1) - m
    p_pred = np.sum(predicted_counts(x) ** 2, axis=-1) - m
    fn = 0.5 * q_true - a
    fp = 0.5 * p_pred - a
    tn = 0.5 * m * (m - 1.0) - 0.5 * (p_pred + q_true) + a
    return np.stack([np.stack([a, fn], axis=-1), np.stack([fp, tn], axis=-1)], axis=-2)


def one_vs_rest_2x2(cm):
    """Class k against the others, for every k: shape (..., C, 2, 2).

    Entry ``[..., k, :, :]`` is ``[[x_kk, n_k − x_kk], [k_k − x_kk, m − n_k − k_k + x_kk]]``
    = ``[[TP, FN], [FP, TN]]`` with class k positive (rows true, like every matrix here).
    """
    x = check_confusion_stack(cm)
    tp = diagonal(x)
    fn = true_counts(x) - tp
    fp = predicted_counts(x) - tp
    tn = totals(x)[..., None] - tp - fn - fp
    return np.stack([np.stack([tp, fn], axis=-1), np.stack([fp, tn], axis=-1)], axis=-2)


# ---------------------------------------------------------------------------------------
# Registered indices
# ---------------------------------------------------------------------------------------


@register_index(
    name="eve",
    paper=PAPER,
    symbol="EVE",
    formula="−Σ_{λ_i>0} η_i ln η_i / ln C, η_i = λ_i / Σ_{λ>0} λ, λ = σ((R + Rᵀ)/2), "
    "R = row-normalised CM",
    scope=MULTI_CLASS,
    bounds=(0, 1),
    description="eigenvalue entropy of the symmetrised recall matrix (1 = perfect); "
    "an empty class adds 1/C to every entry",
)
def eve(cm, zero_division=np.nan):
    """Eigenvalue entropy EVE (Dembélé, eq. 24).

    ``R = D⁻¹ X`` is the row-normalised matrix (r_ij = x_ij / n_i; the paper's Pᵀ),
    ``B = (R + Rᵀ)/2`` and λ_i its eigenvalues. Keeping only the positive ones::

        η_i = λ_i / Σ_{λ_j > 0} λ_j,     EVE = −Σ_{λ_i > 0} η_i ln η_i / ln C

    EVE = 1 for a perfect classifier (B = I), 0 when B has a single positive eigenvalue
    (e.g. B = J/C, every class spread evenly). The sum of B's entries is C, so at least one
    eigenvalue is positive and EVE is always in [0, 1].

    Empty class (no true point): 1/C is added to every entry of that matrix first, as the
    paper prescribes. Undefined (``zero_division``) only for an all-zero matrix.
    """
    x = check_confusion_stack(cm)
    n_classes = x.shape[-1]
    lam = eigenvalues(x)
    positive = lam > _POSITIVE_EIGENVALUE_TOL
    lam = np.where(positive, lam, 0.0)
    eta = lam / lam.sum(axis=-1, keepdims=True)
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(positive, eta * np.log(np.where(positive, eta, 1.0)), 0.0)
    value = np.clip(-terms.sum(axis=-1) / np.log(n_classes), 0.0, 1.0)  # clip: rounding
    return np.where(totals(x) > 0, value, float(zero_division))


def _confusion_entropy(x, modified, zero_division):
    """Shared body of CEN and MCEN; ``x`` validated."""
    n_classes = x.shape[-1]
    m = totals(x)
    diag = diagonal(x)
    s = true_counts(x) + predicted_counts(x)  # S_j = row_j + column_j
    if modified:
        s = s - diag
    # A class with S_j = 0 never occurs nor is predicted: its weight P_j is 0, and so is its
    # contribution, whatever CEN_j would be; 0 is substituted for its ratios. S_j = 0 means
    # row j and column j are all zero (S_j >= every entry of both, also for S'_j), so
    # dividing by 1 there gives exactly those zeros without a masked division per entry.
    s_safe = np.where(s == 0, 1.0, s)
    u = x / s_safe[..., :, None]  # x_jk / S_j (row j)
    v = x / s_safe[..., None, :]  # x_kj / S_j (column j)
    diag_index = np.arange(n_classes)

    def plogp(p):
        # p log p for p > 0, 0 for p = 0 (log 1 = 0, so no 0 * (-inf) and no second
        # masking pass) and on the diagonal (k = j is not a confusion).
        out = np.log(np.where(p > 0, p, 1.0))
        out *= p
        out[..., diag_index, diag_index] = 0.0
        return out

    base = np.log(2.0 * (n_classes - 1))
    cen_j = -(plogp(u).sum(axis=-1) + plogp(v).sum(axis=-2)) / base
    if not modified:
        weight_total = 2.0 * m
    elif n_classes == 2:
        weight_total = 2.0 * m - 0.5 * diag.sum(axis=-1)
    else:
        weight_total = 2.0 * m - diag.sum(axis=-1)
    return safe_divide(np.sum(s * cen_j, axis=-1), weight_total, zero_division)


@register_index(
    name="cen",
    paper=PAPER,
    symbol="CEN",
    formula="Σ_j (S_j / 2m) CEN_j, S_j = n_j + k_j, CEN_j = −Σ_{k≠j} [(x_jk/S_j) "
    "log_{2(C−1)}(x_jk/S_j) + (x_kj/S_j) log_{2(C−1)}(x_kj/S_j)]",
    scope=MULTI_CLASS,
    bounds=(0, _CEN_BINARY_SUP),
    description="confusion entropy of Wei et al. (LOWER is better; 0 = perfect; ≤ 1 for "
    "C ≥ 3, up to 2/(e ln 2) ≈ 1.061 for C = 2); Dembélé's tables print cen.s = 1 − CEN",
)
def cen(cm, zero_division=np.nan):
    """Confusion entropy CEN of Wei et al. (2010), as used by Dembélé. Lower is better.

    With ``S_j = n_j + k_j`` (row plus column sum of class j, its diagonal counted twice)::

        CEN_j = −Σ_{k≠j} [ (x_jk/S_j) log_{2(C−1)} (x_jk/S_j)
                         + (x_kj/S_j) log_{2(C−1)} (x_kj/S_j) ]
        CEN   = Σ_j  S_j / (2m) · CEN_j            (0 log 0 = 0)

    CEN is the same in both layouts (it is symmetric in rows and columns). It is 0 for a
    perfect classifier and ≤ 1 for C ≥ 3, but exceeds 1 for some two-class matrices (the
    paper's M_c gives 1.04; the supremum for C = 2 is 2/(e ln 2) ≈ 1.0615, reached by
    x_11 = x_22 = (1/2 − 1/e)m, x_12 = x_21 = m/e). Dembélé's tables print
    ``cen.s = 1 − CEN``.

    Undefined (``zero_division``) only for an all-zero matrix; a class that neither occurs
    nor is predicted has weight 0 and contributes nothing.
    """
    return _confusion_entropy(check_confusion_stack(cm), False, zero_division)


@register_index(
    name="mcen",
    paper=PAPER,
    symbol="MCEN",
    formula="CEN with S'_j = n_j + k_j − x_jj, weights S'_j/(2m − tr X) for C > 2, "
    "S'_j/(2m − tr X / 2) for C = 2",
    scope=MULTI_CLASS,
    bounds=(0, 1),
    description="modified confusion entropy of Delgado & Núñez-González (LOWER is "
    "better); Dembélé's tables print mcen.s = 1 − MCEN",
)
def mcen(cm, zero_division=np.nan):
    """Modified confusion entropy MCEN (Delgado & Núñez-González 2019). Lower is better.

    As :func:`cen` with ``S'_j = n_j + k_j − x_jj`` (the diagonal counted once) in the
    probabilities ``x_jk / S'_j``, ``x_kj / S'_j`` and the weights::

        MCEN = Σ_j S'_j · MCEN_j / (2m − tr X)          for C > 2
        MCEN = Σ_j S'_j · MCEN_j / (2m − tr X / 2)      for C = 2

    The C = 2 weighting is the one that reproduces Dembélé's tables (PyCM weights the
    binary case differently). Dembélé's tables print ``mcen.s = 1 − MCEN``. Undefined
    (``zero_division``) only for an all-zero matrix.
    """
    return _confusion_entropy(check_confusion_stack(cm), True, zero_division)


@register_index(
    name="nmi",
    paper=PAPER,
    symbol="NMI",
    formula="I(true, pred) / H(true, pred), H the joint entropy of x_ij/m",
    scope=MULTI_CLASS,
    bounds=(0, 1),
    description="mutual information normalised by the joint entropy (not scikit-learn's "
    "normalisation)",
)
def nmi(cm, zero_division=np.nan):
    """Normalised mutual information NMI = I / H (Dembélé eqs. 11-12).

    With ``p_ij = x_ij / m`` and marginals ``p_i. = n_i/m``, ``p_.j = k_j/m``::

        H = −Σ_ij p_ij ln p_ij,   I = Σ_ij p_ij ln (p_ij / (p_i. p_.j)),   NMI = I / H

    H is the *joint* entropy (not the arithmetic or geometric mean of the marginal
    entropies used by scikit-learn), so NMI ∈ [0, 1] (result clipped against rounding).
    Undefined (``zero_division``) when H = 0: all points in one cell, or no points.
    """
    x = check_confusion_stack(cm)
    m = totals(x)

    def entropy(p, axes):
        with np.errstate(divide="ignore", invalid="ignore"):
            return -np.sum(np.where(p > 0, p * np.log(np.where(p > 0, p, 1.0)), 0.0), axis=axes)

    p = safe_divide(x, m[..., None, None], 0.0)
    h_joint = entropy(p, (-2, -1))
    h_true = entropy(p.sum(axis=-1), -1)
    h_pred = entropy(p.sum(axis=-2), -1)
    mutual = h_true + h_pred - h_joint
    return np.clip(safe_divide(mutual, h_joint, zero_division), 0.0, 1.0)


def _agreement(x):
    """(m tr X − Σ n_i k_i, m, Σ n_i k_i) shared by kappa and MCC."""
    m = totals(x)
    n = true_counts(x)
    k = predicted_counts(x)
    chance = np.sum(n * k, axis=-1)
    return m * diagonal(x).sum(axis=-1) - chance, m, chance, n, k


@register_index(
    name="kappa",
    paper=PAPER,
    symbol="κ",
    formula="(m Σ_i x_ii − Σ_i n_i k_i) / (m² − Σ_i n_i k_i)",
    scope=MULTI_CLASS,
    bounds=(-1, 1),
    description="Cohen's kappa",
)
def kappa(cm, zero_division=np.nan):
    """Cohen's kappa (Dembélé eq. 9)::

        κ = (m Σ_i x_ii − Σ_i n_i k_i) / (m² − Σ_i n_i k_i)

    κ ≤ 1 (1 = perfect agreement); its lower end depends on the marginals (≥ −1).
    Undefined (``zero_division``) when m² = Σ n_i k_i, i.e. truth and prediction both put
    every point in the same single class (or the matrix is empty).
    """
    x = check_confusion_stack(cm)
    num, m, chance, _, _ = _agreement(x)
    return safe_divide(num, m * m - chance, zero_division)


@register_index(
    name="mcc",
    paper=PAPER,
    symbol="MCC",
    formula="(m Σ_i x_ii − Σ_i n_i k_i) / sqrt((m² − Σ_i n_i²)(m² − Σ_i k_i²))",
    scope=MULTI_CLASS,
    bounds=(-1, 1),
    description="multi-class Matthews correlation coefficient (Gorodkin's R_K); "
    "Dembélé's tables print mcc.s = (MCC + 1)/2",
)
def mcc(cm, zero_division=np.nan):
    """Multi-class Matthews correlation coefficient (Dembélé eq. 10, Gorodkin's R_K)::

        MCC = (m Σ_i x_ii − Σ_i n_i k_i) / sqrt((m² − Σ_i n_i²)(m² − Σ_i k_i²))

    in [−1, 1] (clipped against rounding). Dembélé's tables print ``(MCC + 1)/2``.
    Undefined (``zero_division``) when all true points are in one class or all predictions
    are (a zero factor in the denominator); scikit-learn returns 0 there instead.
    """
    x = check_confusion_stack(cm)
    num, m, _, n, k = _agreement(x)
    spread_true = np.maximum(m * m - np.sum(n * n, axis=-1), 0.0)  # ≥ 0 up to rounding
    spread_pred = np.maximum(m * m - np.sum(k * k, axis=-1), 0.0)
    den = np.sqrt(spread_true * spread_pred)
    return np.clip(safe_divide(num, den, zero_division), -1.0, 1.0)
