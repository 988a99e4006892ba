"""Indices of Mortaz (2020): the five common metrics and the imbalance accuracy metric.

E. Mortaz, *Imbalance accuracy metric for model selection in multi-class imbalance
classification problems*, Knowledge-Based Systems 210 (2020) 106490.

Notation: k classes, c_ij the confusion matrix (rows true, columns predicted),
``c_i. = Σ_j c_ij`` (row sum), ``c_.i = Σ_j c_ji`` (column sum).

Theorems of the paper, tested in ``tests/unit/test_indices_mortaz2020.py``: −1 ≤ IAM ≤ 1 and
IAM ≤ CBA, MAP, MAR, F. Theorem 4, IAM ≤ ACC, holds for two classes (the paper's proof) but
is false from five classes on: three perfectly classified classes of one point each and two
swapped classes of 100 and 1 points give IAM = 0.2 > ACC = 3/104. (The intermediate claim
min(MAR, MAP) ≤ F is false too and is not relied upon; CBA is not always ≤ ACC.)
"""

from __future__ import annotations

import numpy as np

from imbeval.indices._common import (
    diagonal,
    f_beta_scores,
    precisions,
    predicted_counts,
    totals,
    true_counts,
)
from imbeval.indices._registry import MULTI_CLASS, register_alias, register_index
from imbeval.indices._validation import safe_divide

__all__ = ["accuracy", "macro_precision", "macro_recall", "macro_f1", "cba", "iam"]

PAPER = "mortaz2020"


@register_index(
    name="accuracy",
    paper=PAPER,
    symbol="ACC",
    formula="Σ_i c_ii / Σ_ij c_ij",
    scope=MULTI_CLASS,
    bounds=(0, 1),
    description="overall accuracy (also ortigosa2016's Acc = M_1 of recalls with priors)",
)
def accuracy(cm, zero_division=np.nan):
    """Overall accuracy ACC = Σ_i c_ii / Σ_ij c_ij (mortaz2020 eq. 3).

    Undefined for an empty matrix.

    Examples
    --------
    >>> from imbeval.indices.mortaz2020 import accuracy
    >>> round(float(accuracy([[5, 1, 0], [1, 3, 1], [0, 2, 4]])), 4)  # 12 / 17
    0.7059
    >>> float(accuracy([[0, 0], [0, 0]])), float(accuracy([[0, 0], [0, 0]], zero_division=0))
    (nan, 0.0)
    """
    m = cm
    return safe_divide(diagonal(m).sum(axis=-1), totals(m), zero_division)


@register_index(
    name="macro_precision",
    paper=PAPER,
    symbol="MAP",
    formula="(1/k) Σ_i c_ii / c_.i",
    scope=MULTI_CLASS,
    bounds=(0, 1),
    description="macro-averaged precision",
)
def macro_precision(cm, zero_division=np.nan):
    """Macro-average precision MAP = ``(1/k) Σ_i c_ii / c_.i`` (mortaz2020 eq. 4).

    Undefined when a class is never predicted.

    Examples
    --------
    >>> from imbeval.indices.mortaz2020 import macro_precision
    >>> round(float(macro_precision([[5, 1, 0], [1, 3, 1], [0, 2, 4]])), 4)  # (5/6 + 3/6 + 4/5) / 3
    0.7111
    >>> float(macro_precision([[5, 1, 0], [1, 3, 0], [0, 2, 0]]))  # class 3 never predicted
    nan
    """
    m = cm
    return np.mean(precisions(m, zero_division), axis=-1)


# MAR is mullick2020's ACSA, the mean recall: one function under both names.
macro_recall = register_alias(
    name="macro_recall",
    alias_of="acsa",
    paper=PAPER,
    symbol="MAR",
    formula="(1/k) Σ_i c_ii / c_i.",
    description="macro-averaged recall (equals ACSA)",
)


@register_index(
    name="macro_f1",
    paper=PAPER,
    symbol="F",
    formula="(1/k) Σ_i 2 c_ii / (c_i. + c_.i)",
    scope=MULTI_CLASS,
    bounds=(0, 1),
    description="mean of the per-class F1 scores",
)
def macro_f1(cm, zero_division=np.nan):
    """F-score F = (1/k) Σ_i 2 P_i R_i / (P_i + R_i) (mortaz2020 eq. 6).

    The mean of per-class F1 (not the harmonic mean of MAP and MAR), computed as
    ``2 c_ii / (c_i. + c_.i)``, which equals 2PR/(P+R) wherever that is defined and gives 0 to
    a class that occurs but is never correctly predicted. Undefined only when a class
    neither occurs nor is predicted.

    Examples
    --------
    >>> from imbeval.indices.mortaz2020 import macro_f1
    >>> round(float(macro_f1([[5, 1, 0], [1, 3, 1], [0, 2, 4]])), 4)
    0.702
    """
    m = cm
    return np.mean(f_beta_scores(m, 1.0, zero_division), axis=-1)


def _max_margins(m):
    return np.maximum(true_counts(m), predicted_counts(m))


@register_index(
    name="cba",
    paper=PAPER,
    symbol="CBA",
    formula="(1/k) Σ_i c_ii / max(c_i., c_.i)",
    scope=MULTI_CLASS,
    bounds=(0, 1),
    description="class balance accuracy",
)
def cba(cm, zero_division=np.nan):
    """Class balance accuracy CBA = ``(1/k) Σ_i c_ii / max(c_i., c_.i)`` (mortaz2020 eq. 7).

    Undefined only when a class neither occurs nor is predicted.

    Examples
    --------
    >>> from imbeval.indices.mortaz2020 import cba
    >>> round(float(cba([[5, 1, 0], [1, 3, 1], [0, 2, 4]])), 4)  # (5/6 + 3/6 + 4/6) / 3
    0.6667
    """
    m = cm
    return np.mean(safe_divide(diagonal(m), _max_margins(m), zero_division), axis=-1)


@register_index(
    name="iam",
    paper=PAPER,
    symbol="IAM",
    formula="(1/k) Σ_i (c_ii − max(c_i. − c_ii, c_.i − c_ii)) / max(c_i., c_.i)",
    scope=MULTI_CLASS,
    bounds=(-1, 1),
    description="imbalance accuracy metric",
)
def iam(cm, zero_division=np.nan):
    """Imbalance accuracy metric (mortaz2020 eq. 8)::

        IAM = (1/k) Σ_i (c_ii − max(Σ_{j≠i} c_ij, Σ_{j≠i} c_ji)) / max(c_i., c_.i)

    **IAM = 2·CBA − 1 exactly, so IAM ranks any set of models exactly as CBA does.**

    Proof. Fix a class i and write ``m_i = max(c_i., c_.i)``. Since ``c_i. − c_ii`` and
    ``c_.i − c_ii`` are ``c_i.`` and ``c_.i`` shifted by the same c_ii, the larger of the two is the
    shift of the larger margin::

        max(c_i. − c_ii, c_.i − c_ii) = max(c_i., c_.i) − c_ii = m_i − c_ii.

    Hence, whenever m_i > 0, the class's term is::

        (c_ii − max(c_i. − c_ii, c_.i − c_ii)) / m_i = (c_ii − (m_i − c_ii)) / m_i
                                                     = (2 c_ii − m_i) / m_i
                                                     = 2 · c_ii / m_i − 1,

    and c_ii / m_i is CBA's term for class i. Averaging over the k classes,
    IAM = (1/k) Σ_i (2 c_ii/m_i − 1) = 2 · (1/k) Σ_i c_ii/m_i − 1 = 2·CBA − 1. The map
    x ↦ 2x − 1 is strictly increasing, so IAM(A) < IAM(B) exactly when CBA(A) < CBA(B):
    IAM selects the same model as CBA on every grid, and IAM adds no information to CBA.
    m_i = 0 (class i neither occurs nor is predicted) makes both terms 0/0, so both
    indices are NaN with the default ``zero_division`` and the identity holds between
    NaNs; a substituted ``zero_division=z`` keeps it only where z_IAM = 2·z_CBA − 1. A class
    that occurs but is never predicted (or the reverse) has m_i > 0 and obeys the identity
    (its terms are 0 and −1). ∎

    In [−1, 1], and never above CBA, MAP, MAR or F (Theorems 1–3); never above ACC for two
    classes, but it can be from five classes on (Theorem 4 is wrong there; see the module
    docstring). Undefined only when a class neither occurs nor is predicted.

    Examples
    --------
    >>> from imbeval.indices.mortaz2020 import cba, iam
    >>> m = [[5, 1, 0], [1, 3, 1], [0, 2, 4]]
    >>> round(float(iam(m)), 4)  # 2 CBA − 1
    0.3333
    >>> abs(float(iam(m)) - (2 * float(cba(m)) - 1)) < 1e-15
    True
    >>> empty_row = [[4, 0, 1], [0, 0, 2], [1, 0, 3]]  # class 2 never occurs and is predicted
    >>> abs(float(iam(empty_row)) - (2 * float(cba(empty_row)) - 1)) < 1e-15
    True
    >>> unused = [[4, 0, 1], [0, 0, 0], [1, 0, 3]]  # class 2 neither occurs nor is predicted
    >>> bool(np.isnan(iam(unused))), bool(np.isnan(cba(unused)))
    (True, True)
    """
    m = cm
    d = diagonal(m)
    errors = np.maximum(true_counts(m) - d, predicted_counts(m) - d)
    return np.mean(safe_divide(d - errors, _max_margins(m), zero_division), axis=-1)
