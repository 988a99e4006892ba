"""Support-weighted averages from Kluska's *Classifiers assessment methods* (lecture).

Per-class precision P_i = m_ii / k_i, recall R_i = m_ii / n_i and
F_β,i = (1+β²) P_i R_i / (β² P_i + R_i) are averaged with the class supports n_i / n as
weights -- scikit-learn's ``average="weighted"``. The slides print the F-β weight as (1+β);
the standard (1+β²) is used (the two agree at β = 1).

Worked example of the slides: y_true = [0,1,2,2,0], y_pred = [0,0,2,1,0], i.e.
M = [[2,0,0],[1,0,0],[0,1,1]]: accuracy 3/5, weighted precision 2/3, weighted recall 3/5,
weighted F1 44/75.
"""

from __future__ import annotations

import numpy as np

from imbeval.indices._common import class_priors, f_beta_scores, precisions, recalls
from imbeval.indices._registry import MULTI_CLASS, register_index
from imbeval.indices._validation import check_real, validate_params

__all__ = ["weighted_precision", "weighted_recall", "weighted_f1", "weighted_fbeta"]

PAPER = "kluska"


def _support_weighted(per_class, m, zero_division):
    weights = class_priors(m, zero_division)
    # A class with no support has weight 0; its (possibly undefined) score must not turn
    # the average into NaN, as in scikit-learn.
    terms = np.where(weights > 0, weights * per_class, 0.0)
    terms = np.where(np.isnan(weights), np.nan, terms)
    return np.sum(terms, axis=-1)


@register_index(
    name="weighted_precision",
    paper=PAPER,
    symbol="P_w",
    formula="Σ_i (n_i/n) m_ii/k_i",
    scope=MULTI_CLASS,
    bounds=(0, 1),
    description="support-weighted precision",
)
def weighted_precision(cm, zero_division=np.nan):
    """Support-weighted precision Σ_i (n_i/n) · m_ii/k_i (kluska).

    Undefined when a class that occurs is never predicted, or for an empty matrix.

    Examples
    --------
    >>> from imbeval.indices.kluska import weighted_precision
    >>> round(float(weighted_precision([[5, 1, 0], [1, 3, 1], [0, 2, 4]])), 4)
    0.7235
    >>> round(float(weighted_precision([[2, 0, 0], [1, 0, 0], [0, 1, 1]])), 4)  # the slides' example, 2/3
    0.6667
    """
    m = cm
    return _support_weighted(precisions(m, zero_division), m, zero_division)


@register_index(
    name="weighted_recall",
    paper=PAPER,
    symbol="R_w",
    formula="Σ_i (n_i/n) m_ii/n_i",
    scope=MULTI_CLASS,
    bounds=(0, 1),
    description="support-weighted recall (equals accuracy)",
)
def weighted_recall(cm, zero_division=np.nan):
    """Support-weighted recall Σ_i (n_i/n) · m_ii/n_i (kluska); it equals accuracy.

    Not an alias of ``accuracy``: computed as a weighted sum it can differ in the last bit,
    and for an empty matrix with ``zero_division`` z > 0 it gives C·z² (every weight and
    recall is z) where ``accuracy`` gives z.

    Undefined for an empty matrix.

    Examples
    --------
    >>> from imbeval.indices.kluska import weighted_recall
    >>> round(float(weighted_recall([[5, 1, 0], [1, 3, 1], [0, 2, 4]])), 4)  # equals accuracy, 12 / 17
    0.7059
    """
    m = cm
    return _support_weighted(recalls(m, zero_division), m, zero_division)


def _check_beta(beta, name):
    beta = check_real(beta, name)
    if not np.isfinite(beta) or beta < 0:
        raise ValueError(f"{name} must be a finite non-negative number, got {beta}")
    return beta


@validate_params(stack="cm", beta=_check_beta)
def weighted_fbeta(cm, beta=1.0, zero_division=np.nan):
    """Support-weighted F-β Σ_i (n_i/n) · (1+β²) P_i R_i / (β² P_i + R_i) (kluska).

    Per-class F-β is computed from counts, (1+β²) m_ii / ((1+β²) m_ii + β² FN_i + FP_i), so
    a class that occurs but is never predicted scores 0. Undefined for an empty matrix.

    Parameters
    ----------
    cm : array_like of shape (..., C, C)
        Confusion matrices, rows = true class, columns = predicted class.
    beta : float, default 1.0
        Finite and non-negative; β > 1 weighs recall more, β < 1 precision.
    zero_division : float, default NaN
        Value of a ratio whose denominator is 0.

    Returns
    -------
    ndarray of shape (...)

    Raises
    ------
    ValueError
        For an invalid stack, ``beta`` or ``zero_division`` (the message names it).

    Examples
    --------
    >>> from imbeval.indices.kluska import weighted_fbeta
    >>> cm = [[5, 1, 0], [1, 3, 1], [0, 2, 4]]
    >>> round(float(weighted_fbeta(cm, beta=2.0)), 4), round(float(weighted_fbeta(cm, 0.5)), 4)
    (0.7072, 0.7177)
    >>> weighted_fbeta(cm, beta=-1)
    Traceback (most recent call last):
    ...
    ValueError: beta must be a finite non-negative number, got -1.0
    """
    m = cm
    return _support_weighted(f_beta_scores(m, beta, zero_division), m, zero_division)


@register_index(
    name="weighted_f1",
    paper=PAPER,
    symbol="F1_w",
    formula="Σ_i (n_i/n) 2 m_ii/(n_i + k_i)",
    scope=MULTI_CLASS,
    bounds=(0, 1),
    description="support-weighted F1",
)
def weighted_f1(cm, zero_division=np.nan):
    """Support-weighted F1: :func:`weighted_fbeta` with β = 1 (kluska).

    Examples
    --------
    >>> from imbeval.indices.kluska import weighted_f1
    >>> round(float(weighted_f1([[5, 1, 0], [1, 3, 1], [0, 2, 4]])), 4)
    0.7112
    """
    return weighted_fbeta(cm, 1.0, zero_division)  # nested: cm is validated already
