"""Indices analysed by Mullick, Datta, Dhekane & Das (2020).

S. S. Mullick, S. Datta, S. G. Dhekane, S. Das, *Appropriateness of performance indices
for imbalanced data classification: An analysis*, Pattern Recognition 102 (2020) 107197.

Notation: a C x C confusion matrix M = [m_ij], rows = true class i, columns = predicted
class j; n_i = Σ_j m_ij (true count), k_i = Σ_j m_ji (predicted count), n = Σ n_i.
Two-class matrices are read as M2 = [[TP, FN], [FP, TN]]: the positive (minority) class is
the first row.

Conditions (Section 3 of the paper): 1 -- invariance to the test set's imbalance (scaling
each row by b_i > 0); 2 -- bounds that do not depend on C; 3 -- a classifier that fails one
class entirely scores at the lower bound. Which index meets which is computed, not asserted
here: see :mod:`imbeval.audit`.
"""

from __future__ import annotations

import numpy as np

from imbeval.indices._common import (
    diagonal,
    predicted_counts,
    recalls,
    row_normalised,
    totals,
    true_counts,
)
# The two-class indices are registered first: the registry's order lists them first.
from imbeval.indices._mullick2020_two_class import (  # noqa: F401  (re-exported)
    aurpc,
    auroc2,
    gmean2,
    maurpc,
    mprecision,
    precision,
)
from imbeval.indices._registry import MULTI_CLASS, register_index
from imbeval.indices._validation import safe_divide

__all__ = [
    "gmean2",
    "auroc2",
    "precision",
    "aurpc",
    "mprecision",
    "maurpc",
    "gmean",
    "acsa",
    "auroc_ovo",
    "auroc_ova",
    "nauroc_ova",
    "aurpc_ova",
    "maurpc_ova",
]

PAPER = "mullick2020"


# -------------------------------------------------------------------------- multi-class


@register_index(
    name="gmean",
    paper=PAPER,
    symbol="γC (GMean)",
    formula="(Π_i m_ii/n_i)^(1/C)",
    scope=MULTI_CLASS,
    bounds=(0, 1),
    description="geometric mean of the per-class recalls",
)
def gmean(cm, zero_division=np.nan):
    """Multi-class geometric mean γC = (Π_i m_ii/n_i)^(1/C) (mullick2020 eq. 10).

    A zero recall gives 0; a class with no true points makes it undefined.

    Examples
    --------
    >>> from imbeval.indices.mullick2020 import gmean
    >>> round(float(gmean([[5, 1, 0], [1, 3, 1], [0, 2, 4]])), 4)  # recalls 5/6, 3/5, 4/6
    0.6934
    """
    m = cm
    r = recalls(m, zero_division)
    # exp-mean-log rather than a product: no underflow for many small recalls.
    with np.errstate(divide="ignore"):
        return np.exp(np.mean(np.log(r), axis=-1))


@register_index(
    name="acsa",
    paper=PAPER,
    symbol="α (ACSA)",
    formula="(1/C) Σ_i m_ii/n_i",
    scope=MULTI_CLASS,
    bounds=(0, 1),
    description="average class-specific accuracy (mean recall)",
)
def acsa(cm, zero_division=np.nan):
    """Average class-specific accuracy α = (1/C) Σ_i m_ii/n_i (mullick2020 eq. 11).

    The mean recall, also registered as ``macro_recall`` (mortaz2020's MAR, eq. 5): one
    function under both names (:attr:`IndexInfo.aliases`). ortigosa2016's ``a_mean`` is
    the same quantity computed as a Hölder mean; it can differ in the last bit and for a
    negative or infinite ``zero_division``, so it stays a separate index.

    Undefined when a class has no true points.

    Examples
    --------
    >>> from imbeval.indices.mullick2020 import acsa
    >>> round(float(acsa([[5, 1, 0], [1, 3, 1], [0, 2, 4]])), 4)  # (5/6 + 3/5 + 4/6) / 3
    0.7
    >>> acsa([[[1, 0], [0, 1]], [[0, 1], [1, 0]]])  # a stack of two matrices
    array([1., 0.])
    >>> float(acsa([[5, 1, 0], [0, 0, 0], [0, 2, 4]]))  # class 2 never occurs
    nan
    >>> acsa([[3, 1], [0, 0]], zero_division="warn")
    Traceback (most recent call last):
    ...
    ValueError: zero_division must be a number or NaN, got 'warn'
    """
    m = cm
    return np.mean(recalls(m, zero_division), axis=-1)


@register_index(
    name="auroc_ovo",
    paper=PAPER,
    symbol="ρo (AUROC-OVO)",
    formula="(1/2C) Σ_i (1 + m_ii/n_i − Σ_{j≠i} m_ji/((C−1) n_j))",
    scope=MULTI_CLASS,
    bounds=(0, 1),
    description="one-vs-one AUROC of a crisp classifier",
)
def auroc_ovo(cm, zero_division=np.nan):
    """One-vs-one AUROC ρo = (1/2C) Σ_i (1 + m_ii/n_i − Σ_{j≠i} m_ji/((C−1) n_j)) (eq. 12).

    Equals C/(2(C−1))·α + (C−2)/(2(C−1)) (Lemma 2), so its lower bound (C−2)/(2(C−1))
    grows with C. Undefined when a class has no true points.

    Examples
    --------
    >>> from imbeval.indices.mullick2020 import auroc_ovo
    >>> round(float(auroc_ovo([[5, 1, 0], [1, 3, 1], [0, 2, 4]])), 4)
    0.775
    """
    m = cm
    c = m.shape[-1]
    norm = row_normalised(m, zero_division)
    r = np.diagonal(norm, axis1=-2, axis2=-1)
    off_column = norm.sum(axis=-2) - r  # Σ_{j≠i} m_ji / n_j
    return np.sum(1.0 + r - off_column / (c - 1), axis=-1) / (2 * c)


@register_index(
    name="auroc_ova",
    paper=PAPER,
    symbol="ρa (AUROC-OVA)",
    formula="(1/2C) Σ_i (1 + m_ii/n_i − (k_i − m_ii)/(n − n_i))",
    scope=MULTI_CLASS,
    bounds=(0, 1),
    description="one-vs-all AUROC of a crisp classifier (PyCM's AUNU)",
)
def auroc_ova(cm, zero_division=np.nan):
    """One-vs-all AUROC ρa = (1/2C) Σ_i (1 + m_ii/n_i − (k_i − m_ii)/(n − n_i)) (eq. 13).

    Its lower bound (1/2C)(C − 1 − n_C/(n − n_{C−1})), class sizes sorted ascending,
    depends on C and on the two largest classes (Lemma 3). Undefined when a class has no
    true points, or all points belong to one class.

    Examples
    --------
    >>> from imbeval.indices.mullick2020 import auroc_ova
    >>> round(float(auroc_ova([[5, 1, 0], [1, 3, 1], [0, 2, 4]])), 4)
    0.778
    """
    m = cm
    c = m.shape[-1]
    d = diagonal(m)
    n_i = true_counts(m)
    tnr_complement = safe_divide(
        predicted_counts(m) - d, totals(m)[..., None] - n_i, zero_division
    )
    return np.sum(1.0 + recalls(m, zero_division) - tnr_complement, axis=-1) / (2 * c)


@register_index(
    name="nauroc_ova",
    paper=PAPER,
    symbol="nAUROC-OVA",
    formula="(ρa − λC)/(1 − λC), λC = (C−2)/(2C)",
    scope=MULTI_CLASS,
    bounds=(0, 1),
    description="AUROC-OVA rescaled by its lower bound for two equal majority classes",
)
def nauroc_ova(cm, zero_division=np.nan):
    """Normalised AUROC-OVA (ρa − λC)/(1 − λC), λC = (C−2)/(2C) (mullick2020, the discussion of Lemma 3).

    λC is Lemma 3's lower bound when the two largest classes hold n/2 points each; for
    other class sizes the normalised value can fall below 0. Undefined when ρa is.

    Examples
    --------
    >>> from imbeval.indices.mullick2020 import nauroc_ova
    >>> round(float(nauroc_ova([[5, 1, 0], [1, 3, 1], [0, 2, 4]])), 4)
    0.7336
    """
    m = cm
    c = m.shape[-1]
    lam = (c - 2) / (2 * c)
    return (auroc_ova(m, zero_division) - lam) / (1 - lam)


@register_index(
    name="aurpc_ova",
    paper=PAPER,
    symbol="κa (AURPC-OVA)",
    formula="(1/2C) Σ_i (m_ii/k_i + m_ii/n_i)",
    scope=MULTI_CLASS,
    bounds=(0, 1),
    description="one-vs-all AURPC: mean of per-class precision and recall",
)
def aurpc_ova(cm, zero_division=np.nan):
    """One-vs-all AURPC κa = (1/2C) Σ_i (m_ii/k_i + m_ii/n_i) (mullick2020 eq. 14).

    Undefined when a class has no true points or is never predicted.

    Examples
    --------
    >>> from imbeval.indices.mullick2020 import aurpc_ova
    >>> round(float(aurpc_ova([[5, 1, 0], [1, 3, 1], [0, 2, 4]])), 4)
    0.7056
    """
    m = cm
    d = diagonal(m)
    prec = safe_divide(d, predicted_counts(m), zero_division)
    return np.mean(prec + recalls(m, zero_division), axis=-1) / 2


@register_index(
    name="maurpc_ova",
    paper=PAPER,
    symbol="κa^ (mAURPC-OVA)",
    formula="(1/2C) Σ_i ((m_ii/n_i)/(Σ_j m_ji/n_j) + m_ii/n_i)",
    scope=MULTI_CLASS,
    bounds=(0, 1),
    description="AURPC-OVA on the row-normalised matrix (imbalance-invariant)",
)
def maurpc_ova(cm, zero_division=np.nan):
    """Modified AURPC-OVA κa^ = (1/2C) Σ_i ((m_ii/n_i)/(Σ_j m_ji/n_j) + m_ii/n_i) (mullick2020 eq. 25).

    Precision is taken on the row-normalised matrix. Undefined when a class has no true
    points or is never predicted.

    Examples
    --------
    >>> from imbeval.indices.mullick2020 import maurpc_ova
    >>> round(float(maurpc_ova([[5, 1, 0], [1, 3, 1], [0, 2, 4]])), 4)
    0.7035
    """
    m = cm
    norm = row_normalised(m, zero_division)
    r = np.diagonal(norm, axis1=-2, axis2=-1)
    mprec = safe_divide(r, norm.sum(axis=-2), zero_division)
    return np.mean(mprec + r, axis=-1) / 2
