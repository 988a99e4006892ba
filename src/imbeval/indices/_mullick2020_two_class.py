"""Mullick et al. (2020): the two-class indices GMean, AUROC, Precision, AURPC, mPrecision, mAURPC.

Part of :mod:`imbeval.indices.mullick2020` (which re-exports these functions and whose
docstring gives the paper and the notation). Two-class matrices are read as
M2 = [[TP, FN], [FP, TN]]: the positive (minority) class is the first row.
"""

from __future__ import annotations

import numpy as np

from imbeval.indices._common import recalls, row_normalised
from imbeval.indices._registry import TWO_CLASS, register_index
from imbeval.indices._validation import safe_divide

__all__ = ["gmean2", "auroc2", "precision", "aurpc", "mprecision", "maurpc"]

PAPER = "mullick2020"


def _two_class_parts(cm, zero_division):
    """Return (M2, positive recall β, negative recall) of a validated two-class stack."""
    m = cm
    r = recalls(m, zero_division)
    return m, r[..., 0], r[..., 1]


@register_index(
    name="gmean2",
    paper=PAPER,
    symbol="γ2 (GMean)",
    formula="sqrt(TP/(TP+FN) * TN/(FP+TN))",
    scope=TWO_CLASS,
    bounds=(0, 1),
    description="geometric mean of the two recalls",
)
def gmean2(cm, zero_division=np.nan):
    """Two-class geometric mean γ2 = sqrt(TP/(TP+FN) · TN/(FP+TN)) (mullick2020 eq. 2).

    Undefined when a class has no true points (its recall is 0/0).

    Examples
    --------
    >>> from imbeval.indices.mullick2020 import gmean2
    >>> round(float(gmean2([[3, 1], [2, 4]])), 4)  # TPR = 3/4, TNR = 4/6, sqrt(1/2)
    0.7071
    >>> float(gmean2([[3, 1], [0, 0]]))  # no negative point: TNR is 0/0
    nan
    >>> float(gmean2([[3, 1], [0, 0]], zero_division=0))
    0.0
    """
    _, tpr, tnr = _two_class_parts(cm, zero_division)
    return np.sqrt(tpr * tnr)


@register_index(
    name="auroc2",
    paper=PAPER,
    symbol="ρ (AUROC)",
    formula="(TP/(TP+FN) + TN/(FP+TN)) / 2",
    scope=TWO_CLASS,
    bounds=(0, 1),
    description="area under the one-point ROC curve (mean of the two recalls)",
)
def auroc2(cm, zero_division=np.nan):
    """Two-class AUROC of a crisp classifier ρ = (TPR + TNR)/2 (mullick2020 eq. 3).

    Undefined when a class has no true points.

    Examples
    --------
    >>> from imbeval.indices.mullick2020 import auroc2
    >>> round(float(auroc2([[3, 1], [2, 4]])), 4)
    0.7083
    """
    _, tpr, tnr = _two_class_parts(cm, zero_division)
    return 0.5 * (tpr + tnr)


@register_index(
    name="precision",
    paper=PAPER,
    symbol="ζ (Precision)",
    formula="TP/(TP+FP)",
    scope=TWO_CLASS,
    bounds=(0, 1),
    description="precision of the positive (first-row) class",
)
def precision(cm, zero_division=np.nan):
    """Two-class precision ζ = TP/(TP+FP) of the positive class (mullick2020 eq. 4).

    Undefined when the positive class is never predicted.

    Examples
    --------
    >>> from imbeval.indices.mullick2020 import precision
    >>> round(float(precision([[3, 1], [2, 4]])), 4)  # 3 / (3 + 2)
    0.6
    """
    m = cm
    return safe_divide(m[..., 0, 0], m[..., 0, 0] + m[..., 1, 0], zero_division)


@register_index(
    name="aurpc",
    paper=PAPER,
    symbol="κ (AURPC)",
    formula="(TP/(TP+FN) + TP/(TP+FP)) / 2",
    scope=TWO_CLASS,
    bounds=(0, 1),
    description="area under the one-point recall-precision curve",
)
def aurpc(cm, zero_division=np.nan):
    """Two-class AURPC κ = (β + ζ)/2 with recall β = TP/(TP+FN) (mullick2020 eq. 5).

    Examples
    --------
    >>> from imbeval.indices.mullick2020 import aurpc
    >>> round(float(aurpc([[3, 1], [2, 4]])), 4)  # (3/4 + 3/5) / 2
    0.675
    """
    _, tpr, _ = _two_class_parts(cm, zero_division)
    return 0.5 * (tpr + precision(cm, zero_division))


@register_index(
    name="mprecision",
    paper=PAPER,
    symbol="ζ^ (mPrecision)",
    formula="(TP/n1) / (TP/n1 + FP/n2), n1 = TP+FN, n2 = FP+TN",
    scope=TWO_CLASS,
    bounds=(0, 1),
    description="precision on the row-normalised matrix (imbalance-invariant)",
)
def mprecision(cm, zero_division=np.nan):
    """Modified precision ζ^ = (TP/n1)/(TP/n1 + FP/n2) (mullick2020 eq. 8).

    Precision computed on the row-normalised matrix, i.e. as if both classes had the same
    number of test points. Undefined when a class has no true points or when TP = FP = 0.

    Examples
    --------
    >>> from imbeval.indices.mullick2020 import mprecision
    >>> round(float(mprecision([[3, 1], [2, 4]])), 4)  # (3/4) / (3/4 + 2/6)
    0.6923
    """
    m = cm
    norm = row_normalised(m, zero_division)
    return safe_divide(norm[..., 0, 0], norm[..., 0, 0] + norm[..., 1, 0], zero_division)


@register_index(
    name="maurpc",
    paper=PAPER,
    symbol="κ^ (mAURPC)",
    formula="(TP/(TP+FN) + ζ^) / 2",
    scope=TWO_CLASS,
    bounds=(0, 1),
    description="AURPC with mPrecision in place of precision",
)
def maurpc(cm, zero_division=np.nan):
    """Modified AURPC κ^ = (β + ζ^)/2 (mullick2020 eq. 9).

    Examples
    --------
    >>> from imbeval.indices.mullick2020 import maurpc
    >>> round(float(maurpc([[3, 1], [2, 4]])), 4)
    0.7212
    """
    _, tpr, _ = _two_class_parts(cm, zero_division)
    return 0.5 * (tpr + mprecision(cm, zero_division))
