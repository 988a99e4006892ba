"""Precision-Recall-Gain curves and the area under them (Flach & Kull, NeurIPS 2015).

With π the (weighted) positive share of the sample, precision gain and recall gain are

    precG = (prec − π) / ((1 − π)·prec) = 1 − (π / (1 − π))·FP / TP,
    recG  = (rec − π)  / ((1 − π)·rec)  = 1 − (π / (1 − π))·FN / TP.

Between two neighbouring thresholds the counts move on a straight ROC segment; both gains
are then affine in 1/TP, so the segment's image in PR-gain space is a straight line and linear
interpolation between the thresholds' points is exact (Flach & Kull's reason for the gains).
The curve starts where recall gain is 0 (recall = π, TP = π·P): that crossing is found on its
ROC segment by the counts themselves (the reference code's handling of this intercept has an
open bug, meeliskull/prg#10), and ends at (1, 0), everything predicted positive. AUPRG is the
area under the curve over recall gain in [0, 1], a precision gain below 0 counting negative
(the reference code's area does so too).

π enters both gains, so the curve and AUPRG move with the class prior of the test sample.
"""

from __future__ import annotations

import numpy as np

from imbeval.scores._params import SCORES
from imbeval.utils._param_validation import validate_params

from imbeval.scores import _curves, _inputs

__all__ = ["auprg_score", "prg_curve"]


@validate_params(SCORES)
def prg_curve(y_true, y_score, *, sample_weight=None, pos_label=None):
    """The PR-gain curve from recall gain 0 to 1.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True labels of two classes.
    y_score : array-like of shape (n,)
        The positive class's score.
    sample_weight : array-like of shape (n,), optional
    pos_label : label, optional
        As :func:`imbeval.scores.roc_auc_score`.

    Returns
    -------
    precision_gain, recall_gain : ndarray
        The curve's vertices, recall gain non-decreasing from 0 to 1; the first vertex is the
        crossing of recall gain 0 unless a threshold lies exactly there.
    thresholds : ndarray
        The score of each vertex; NaN for the interpolated crossing.

    Examples
    --------
    >>> pg, rg, _ = prg_curve([1, 0, 1, 0], [4, 3, 2, 1])
    >>> rg.tolist(), pg.tolist()
    ([0.0, 0.0, 1.0, 1.0], [1.0, 0.0, 0.5, 0.0])
    """
    y = _inputs.labels_1d(y_true)
    s = _inputs.scores_1d(y_score, y.shape[0])
    w = _inputs.weights(sample_weight, y.shape[0])
    positive = _inputs.positive_mask(y, pos_label)
    tp, fp, thr = _curves.counts(positive, s, w)
    P, N = tp[-1], fp[-1]
    if not P > 0 or not N > 0:
        raise ValueError("y_true needs samples of both classes (with weight > 0) for PR gain")
    ratio = P / N  # π / (1 − π)
    tp0, fp0 = np.r_[0.0, tp], np.r_[0.0, fp]
    with np.errstate(divide="ignore", invalid="ignore"):
        rg = 1.0 - ratio * (P - tp0) / tp0
        pg = 1.0 - ratio * fp0 / tp0
    thr0 = np.r_[np.inf, thr]
    first = int(np.argmax(tp0 * (P + N) >= P * P))  # first threshold with recall >= π
    if np.isclose(tp0[first] * (P + N), P * P, rtol=1e-13, atol=0.0):
        return pg[first:], np.maximum(rg[first:], 0.0), thr0[first:]
    # the crossing of recall gain 0 lies on the ROC segment (first − 1, first); there TP rises
    alpha = (P * P / (P + N) - tp0[first - 1]) / (tp0[first] - tp0[first - 1])
    fp_cross = fp0[first - 1] + alpha * (fp0[first] - fp0[first - 1])
    pg_cross = 1.0 - ratio * fp_cross / (P * P / (P + N))
    return (np.r_[pg_cross, pg[first:]], np.r_[0.0, rg[first:]], np.r_[np.nan, thr0[first:]])


@validate_params(SCORES)
def auprg_score(y_true, y_score, *, sample_weight=None, pos_label=None) -> float:
    """Area under the PR-gain curve over recall gain in [0, 1] (Flach & Kull 2015).

    Parameters
    ----------
    y_true, y_score, sample_weight, pos_label
        As :func:`prg_curve`.

    Returns
    -------
    float
        At most 1, higher is better; it may be negative (precision below the positive share
        counts negative). It moves with the class prior of the sample.

    Examples
    --------
    >>> auprg_score([1, 0, 1, 0], [4, 3, 2, 1])
    0.25
    """
    pg, rg, _ = prg_curve(y_true, y_score, sample_weight=sample_weight, pos_label=pos_label)
    return _curves.trapezoid(rg, pg)
