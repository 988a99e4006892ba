"""The weighted counts of a two-class scorer at each of its distinct thresholds.

Every threshold-free index of scores (ROC AUC, average precision, PR-gain, cost curves) is a
function of these counts only: sorting the scores once and cumulating the weights of the
positives and negatives down the ranking. Tied scores form one threshold, so a tie between a
positive and a negative is one diagonal step of the ROC curve (scikit-learn's convention).
"""

from __future__ import annotations

import numpy as np

__all__ = []


def counts(positive: np.ndarray, score: np.ndarray, weight: np.ndarray):
    """``(tp, fp, thresholds)``: the weighted positives and negatives scored at least each
    distinct score, distinct scores in decreasing order (``tp[-1]`` is the positives' total)."""
    order = np.argsort(-score, kind="stable")
    s = score[order]
    w = weight[order]
    pos = positive[order]
    # the last index of each run of equal scores closes one threshold
    ends = np.r_[np.nonzero(np.diff(s))[0], s.size - 1]
    tp = np.cumsum(w * pos)[ends]
    fp = np.cumsum(w * ~pos)[ends]
    return tp, fp, s[ends]


def rates(positive: np.ndarray, score: np.ndarray, weight: np.ndarray):
    """``(fpr, tpr, tp, fp, P, N)`` with the origin (no sample predicted positive) prepended.

    Raises ValueError when a class has no weight: its rate would be 0/0.
    """
    tp, fp, _ = counts(positive, score, weight)
    P, N = tp[-1], fp[-1]
    if not P > 0 or not N > 0:
        missing = "positive" if not P > 0 else "negative"
        raise ValueError(f"y_true has no {missing} sample (with weight > 0): the index is "
                         "undefined; it needs both classes")
    tp = np.r_[0.0, tp]
    fp = np.r_[0.0, fp]
    return fp / N, tp / P, tp, fp, P, N


def trapezoid(x: np.ndarray, y: np.ndarray) -> float:
    """Area under the piecewise linear curve through ``(x, y)``, ``x`` non-decreasing."""
    return float(np.sum(np.diff(x) * (y[1:] + y[:-1]) / 2.0))


def upper_hull(x: np.ndarray, y: np.ndarray):
    """The upper convex hull of ROC points sorted by ``x`` (then ``y``): its vertices."""
    hx, hy = [], []
    for px, py in zip(x, y):
        # drop the last vertex while it lies on or below the chord to the new point
        while len(hx) >= 2 and ((hx[-1] - hx[-2]) * (py - hy[-2])
                                - (hy[-1] - hy[-2]) * (px - hx[-2])) >= 0:
            hx.pop()
            hy.pop()
        hx.append(px)
        hy.append(py)
    return np.asarray(hx), np.asarray(hy)
