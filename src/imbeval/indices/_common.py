"""Per-class quantities of confusion-matrix stacks, shared by the index families.

All functions take a validated float64 stack ``(..., C, C)``, rows = true class,
columns = predicted class, and return arrays of shape ``(..., C)`` or ``(...)``.
"""

from __future__ import annotations

import numpy as np

from imbeval.indices._validation import safe_divide


def diagonal(cm):
    """m_ii, shape (..., C)."""
    return np.diagonal(cm, axis1=-2, axis2=-1)


def true_counts(cm):
    """n_i = Σ_j m_ij (row sums), shape (..., C)."""
    return cm.sum(axis=-1)


def predicted_counts(cm):
    """k_i = Σ_j m_ji (column sums), shape (..., C)."""
    return cm.sum(axis=-2)


def totals(cm):
    """n = Σ_ij m_ij, shape (...)."""
    return cm.sum(axis=(-2, -1))


def recalls(cm, zero_division=np.nan):
    """Per-class recall m_ii / n_i (undefined when class i has no true points)."""
    return safe_divide(diagonal(cm), true_counts(cm), zero_division)


def precisions(cm, zero_division=np.nan):
    """Per-class precision m_ii / k_i (undefined when class i is never predicted)."""
    return safe_divide(diagonal(cm), predicted_counts(cm), zero_division)


def f_beta_scores(cm, beta=1.0, zero_division=np.nan):
    """Per-class F-beta = (1+β²) m_ii / ((1+β²) m_ii + β² (n_i − m_ii) + (k_i − m_ii)).

    Written with counts rather than from precision and recall, so it is defined whenever
    class i occurs or is predicted (a present class that is never predicted scores 0); it is
    undefined only for a class that neither occurs nor is predicted.
    """
    tp = diagonal(cm)
    b2 = beta * beta
    num = (1.0 + b2) * tp
    den = num + b2 * (true_counts(cm) - tp) + (predicted_counts(cm) - tp)
    return safe_divide(num, den, zero_division)


def row_normalised(cm, zero_division=np.nan):
    """m_ij / n_i: each row divided by its sum (the equivalence class of Assumption 1)."""
    return safe_divide(cm, true_counts(cm)[..., :, None], zero_division)
