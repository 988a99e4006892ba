"""Dembélé's matrices and eigenvalues, and the 2x2 conversions his paper compares.

Helpers of :mod:`imbeval.indices.dembele` that are not indices (other output shapes); that
module re-exports them and its docstring explains the layout (rows = true class, the
transpose of the paper's) and the treatment of empty classes (1/C added to every entry).

D. Dembélé, *The Eigenvalues Entropy as a Classifier Evaluation Measure*.
"""

from __future__ import annotations

import numpy as np

from imbeval.indices._common import diagonal, predicted_counts, totals, true_counts
from imbeval.indices._validation import validate_params

__all__ = [
    "m_tilde",
    "b_matrix",
    "eigenvalues",
    "binary_eigenvalues",
    "eigenvalue_bounds",
    "pair_counting_2x2",
    "one_vs_rest_2x2",
]

def _fill_empty_classes(x):
    """Add 1/C to every entry of the matrices of ``x`` that have an empty true class."""
    n_classes = x.shape[-1]
    has_empty = np.any(true_counts(x) == 0, axis=-1)
    if not np.any(has_empty):
        return x
    return np.where(has_empty[..., None, None], x + 1.0 / n_classes, x)


@validate_params(stack="cm")
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

    Examples
    --------
    >>> from imbeval.indices.dembele import m_tilde
    >>> m_tilde([[5, 1, 0], [1, 3, 1], [0, 2, 4]]).round(3)  # class sizes 6, 5, 6
    array([[5.   , 0.913, 0.   ],
           [1.095, 3.   , 1.095],
           [0.   , 1.826, 4.   ]])
    """
    x = _fill_empty_classes(cm)
    sizes = np.sqrt(true_counts(x))
    return x * sizes[..., None, :] / sizes[..., :, None]


@validate_params(stack="cm")
def b_matrix(cm):
    """The symmetric matrix ``B = (P + Pᵀ)/2`` of eq. 23, shape (..., C, C).

    ``b_ij = (x_ij / n_i + x_ji / n_j) / 2`` in our layout (the paper's
    ``(m_ij / m_.j + m_ji / m_.i) / 2``). Empty classes: 1/C added to every entry first.

    Parameters
    ----------
    cm : array_like (..., C, C), rows true, columns predicted.

    Returns
    -------
    ndarray (..., C, C), symmetric.

    Examples
    --------
    >>> from imbeval.indices.dembele import b_matrix
    >>> b_matrix([[5, 1, 0], [1, 3, 1], [0, 2, 4]]).round(4)
    array([[0.8333, 0.1833, 0.    ],
           [0.1833, 0.6   , 0.2667],
           [0.    , 0.2667, 0.6667]])
    """
    x = _fill_empty_classes(cm)
    r = x / true_counts(x)[..., :, None]
    return 0.5 * (r + np.swapaxes(r, -1, -2))


def _a_matrix(b):
    """``A = Q^{-1/2} B Q^{-1/2}`` with Q = diag(B) (eq. 29); ok=False where some b_ii = 0.

    Where ok is False the returned A is not meaningful; callers substitute their
    ``zero_division`` there.
    """
    q = np.diagonal(b, axis1=-2, axis2=-1)
    ok = np.all(q > 0, axis=-1)
    root = np.sqrt(np.where(q > 0, q, 1.0))
    a = b / root[..., :, None] / root[..., None, :]
    return a, ok


def _check_matrix(matrix, name):
    if not isinstance(matrix, str) or matrix not in ("A", "B"):
        raise ValueError(f"{name} must be 'A' or 'B', got {matrix!r}")
    return matrix


@validate_params(stack="cm", matrix=_check_matrix)
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

    Examples
    --------
    >>> from imbeval.indices.dembele import eigenvalues
    >>> eigenvalues([[5, 1, 0], [1, 3, 1], [0, 2, 4]]).round(4)
    array([1.0054, 0.7692, 0.3254])
    >>> eigenvalues([[5, 1, 0], [1, 3, 1], [0, 2, 4]], matrix="A").round(4)
    array([1.495, 1.   , 0.505])
    >>> eigenvalues([[5, 1, 0], [1, 3, 1], [0, 2, 4]], matrix="C")
    Traceback (most recent call last):
    ...
    ValueError: matrix must be 'A' or 'B', got 'C'
    """
    b = b_matrix(cm)
    if matrix == "B":
        return np.linalg.eigvalsh(b)[..., ::-1]
    if matrix == "A":
        a, ok = _a_matrix(b)
        eye = np.broadcast_to(np.eye(b.shape[-1]), b.shape)
        lam = np.linalg.eigvalsh(np.where(ok[..., None, None], a, eye))[..., ::-1]
        return np.where(ok[..., None], lam, float(zero_division))
    raise AssertionError(matrix)  # unreachable: _check_matrix


@validate_params(stack="cm", stack_classes=2)
def binary_eigenvalues(cm):
    """Closed form of the two eigenvalues of B for a two-class matrix (eqs. 32-33).

    With the paper's rates p11 = x_11/n_1 (sensitivity), p22 = x_22/n_2 (specificity),
    p12 = x_21/n_2 (false positive rate) and p21 = x_12/n_1 (false negative rate)::

        λ_1,2 = (p11 + p22 ± sqrt((p11 − p22)² + (p12 + p21)²)) / 2

    so that λ_1 + λ_2 = p11 + p22 = 2·AUC (eq. 36). Empty class: 1/2 added to every entry.

    Returns
    -------
    ndarray (..., 2), λ_1 ≥ λ_2.

    Examples
    --------
    >>> from imbeval.indices.dembele import binary_eigenvalues
    >>> binary_eigenvalues([[3, 1], [2, 4]]).round(4)  # sum 3/4 + 4/6
    array([1.003 , 0.4137])
    """
    x = _fill_empty_classes(cm)
    n = true_counts(x)
    p11 = x[..., 0, 0] / n[..., 0]
    p22 = x[..., 1, 1] / n[..., 1]
    p12 = x[..., 1, 0] / n[..., 1]
    p21 = x[..., 0, 1] / n[..., 0]
    root = np.sqrt((p11 - p22) ** 2 + (p12 + p21) ** 2)
    return np.stack([0.5 * (p11 + p22 + root), 0.5 * (p11 + p22 - root)], axis=-1)


@validate_params(stack="cm")
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

    Examples
    --------
    >>> from imbeval.indices.dembele import eigenvalue_bounds
    >>> low, high = eigenvalue_bounds([[5, 1, 0], [1, 3, 1], [0, 2, 4]])
    >>> round(float(low), 4), round(float(high), 4)
    (0.3191, 1.6809)
    """
    b = b_matrix(cm)
    a, ok = _a_matrix(b)
    off = ~np.eye(b.shape[-1], dtype=bool)
    r = np.max(np.sum(np.where(off, a, 0.0), axis=-1), axis=-1)
    zd = float(zero_division)
    return np.where(ok, 1.0 - r, zd), np.where(ok, 1.0 + r, zd)


@validate_params(stack="cm")
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

    Examples
    --------
    >>> from imbeval.indices.dembele import pair_counting_2x2
    >>> pair_counting_2x2([[5, 1, 0], [1, 3, 1], [0, 2, 4]])
    array([[20., 20.],
           [20., 76.]])
    """
    x = cm
    m = totals(x)
    a = 0.5 * (np.sum(x * x, axis=(-2, -1)) - m)
    q_true = np.sum(true_counts(x) ** 2, axis=-1) - m
    p_pred = np.sum(predicted_counts(x) ** 2, axis=-1) - m
    fn = 0.5 * q_true - a
    fp = 0.5 * p_pred - a
    tn = 0.5 * m * (m - 1.0) - 0.5 * (p_pred + q_true) + a
    return np.stack([np.stack([a, fn], axis=-1), np.stack([fp, tn], axis=-1)], axis=-2)


@validate_params(stack="cm")
def one_vs_rest_2x2(cm):
    """Class k against the others, for every k: shape (..., C, 2, 2).

    Entry ``[..., k, :, :]`` is ``[[x_kk, n_k − x_kk], [k_k − x_kk, m − n_k − k_k + x_kk]]``
    = ``[[TP, FN], [FP, TN]]`` with class k positive (rows true, like every matrix here).
    The per-class 2x2 tables behind Dembélé's one-vs-rest comparisons.

    Parameters
    ----------
    cm : array_like (..., C, C), rows true, columns predicted.

    Returns
    -------
    ndarray (..., C, 2, 2).

    Examples
    --------
    >>> from imbeval.indices.dembele import one_vs_rest_2x2
    >>> one_vs_rest_2x2([[5, 1, 0], [1, 3, 1], [0, 2, 4]])[0]  # class 1 positive
    array([[ 5.,  1.],
           [ 1., 10.]])
    """
    x = cm
    tp = diagonal(x)
    fn = true_counts(x) - tp
    fp = predicted_counts(x) - tp
    # TN_k is summed over the cells outside row k and column k, not taken as
    # m − n_k − k_k + x_kk: on real-valued (weighted) counts that difference leaves
    # rounding residue (±1e-17 where TN is 0), which a geometric mean turns into 1e-8
    c = x.shape[-1]
    outside = 1.0 - np.maximum(np.eye(c)[:, :, None], np.eye(c)[:, None, :])  # (k, i, j)
    tn = np.einsum("...ij,kij->...k", x, outside)
    return np.stack([np.stack([tp, fn], axis=-1), np.stack([fp, tn], axis=-1)], axis=-2)
