"""Indices of Dembélé: the eigenvalue entropy (EVE) and the measures it is compared with.

D. Dembélé, *The Eigenvalues Entropy as a Classifier Evaluation Measure*.

Layout
------
The paper prints confusion matrices with rows = predicted class and columns = true class.
This library, like every other module of :mod:`imbeval.indices`, uses the transpose:
``X = Mᵀ``, rows = true class, columns = predicted class. Below, ``x_ij`` is the number of
points of true class i predicted as j, ``n_i = Σ_j x_ij`` the size of class i (the paper's
column sum ``m_.i``), ``k_j = Σ_i x_ij`` the number predicted as j (the paper's row sum m_j.),
``m`` the total and ``C`` the number of classes (the paper's n).

In this layout the paper's objects are:

- ``P = M D⁻¹`` (column-stochastic, ``p_ij = m_ij / m_.j``) is ``Rᵀ`` with ``R = D⁻¹ X`` the
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
:func:`pair_counting_2x2`, :func:`one_vs_rest_2x2` (defined in
:mod:`imbeval.indices._dembele_matrices`, importable from here).
"""

from __future__ import annotations

import numpy as np

from imbeval.indices._common import diagonal, predicted_counts, totals, true_counts
from imbeval.indices._dembele_matrices import (
    b_matrix,
    binary_eigenvalues,
    eigenvalue_bounds,
    eigenvalues,
    m_tilde,
    one_vs_rest_2x2,
    pair_counting_2x2,
)
from imbeval.indices._registry import MULTI_CLASS, register_index
from imbeval.indices._validation import safe_divide

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

    Examples
    --------
    >>> from imbeval.indices.dembele import eve
    >>> round(float(eve([[5, 1, 0], [1, 3, 1], [0, 2, 4]])), 4)
    0.9188
    >>> round(float(eve([[4, 0, 0], [0, 2, 0], [0, 0, 1]])), 12)  # B = I
    1.0
    """
    x = cm
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
    off_diagonal = ~np.eye(n_classes, dtype=bool)

    def plogp(p):
        # p log p for p > 0, 0 for p = 0 and on the diagonal (k = j is not a confusion):
        # the logarithm is taken only where it is used, into zeros, so no 0 * (-inf), no
        # masking pass and no logarithms of diagonal entries (same values as log where
        # p > 0, then zeroing).
        use = p > 0
        use &= off_diagonal
        out = np.zeros_like(p)
        np.log(p, out=out, where=use)
        out *= p
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
    greater_is_better=False,
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

    Examples
    --------
    >>> from imbeval.indices.dembele import cen
    >>> round(float(cen([[5, 1, 0], [1, 3, 1], [0, 2, 4]])), 4)
    0.4536
    >>> float(cen([[4, 0], [0, 2]]))
    0.0
    """
    return _confusion_entropy(cm, False, zero_division)


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
    greater_is_better=False,
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

    Examples
    --------
    >>> from imbeval.indices.dembele import mcen
    >>> round(float(mcen([[5, 1, 0], [1, 3, 1], [0, 2, 4]])), 4)
    0.569
    """
    return _confusion_entropy(cm, True, zero_division)


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

    Examples
    --------
    >>> from imbeval.indices.dembele import nmi
    >>> round(float(nmi([[5, 1, 0], [1, 3, 1], [0, 2, 4]])), 4)
    0.2457
    >>> float(nmi([[3, 0], [0, 0]]))  # all points in one cell: H = 0
    nan
    """
    x = cm
    m = totals(x)

    def entropy(p, axes):
        # p log p with log 1 = 0 substituted where p = 0, so 0 · log 1 = 0 needs no second
        # masking pass
        return -np.sum(p * np.log(np.where(p > 0, p, 1.0)), axis=axes)

    p = safe_divide(x, m[..., None, None], 0.0)
    h_joint = entropy(p, (-2, -1))
    h_true = entropy(p.sum(axis=-1), -1)
    h_pred = entropy(p.sum(axis=-2), -1)
    mutual = h_true + h_pred - h_joint
    return np.clip(safe_divide(mutual, h_joint, zero_division), 0.0, 1.0)


def _agreement(x):
    """(m tr X − Σ n_i k_i, m, Σ n_i k_i, n, k) shared by kappa and MCC.

    n and k are the per-class true and predicted counts, shape (..., C); the others have
    shape (...).
    """
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

    Examples
    --------
    >>> from imbeval.indices.dembele import kappa
    >>> round(float(kappa([[5, 1, 0], [1, 3, 1], [0, 2, 4]])), 4)
    0.5596
    """
    x = cm
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

    Examples
    --------
    >>> from imbeval.indices.dembele import mcc
    >>> round(float(mcc([[5, 1, 0], [1, 3, 1], [0, 2, 4]])), 4)
    0.5625
    >>> float(mcc([[3, 1], [0, 0]]))  # one true class only
    nan
    """
    x = cm
    num, m, _, n, k = _agreement(x)
    spread_true = np.maximum(m * m - np.sum(n * n, axis=-1), 0.0)  # ≥ 0 up to rounding
    spread_pred = np.maximum(m * m - np.sum(k * k, axis=-1), 0.0)
    den = np.sqrt(spread_true * spread_pred)
    return np.clip(safe_divide(num, den, zero_division), -1.0, 1.0)
