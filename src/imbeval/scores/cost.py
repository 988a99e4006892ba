"""Expected cost (Ferrer, arXiv:2209.05355) and Drummond-Holte cost curves.

**Expected cost.** With c_ij the cost of deciding class j for a sample of class i, π_i the class
priors and R_ij the (weighted) share of class-i samples decided j,

    EC = Σ_i Σ_j c_ij · π_i · R_ij.

The decisions are the Bayes decisions of probabilities: argmin_j Σ_i c_ij · p_i(x). With the
priors taken from the sample (``priors=None``) EC moves with the class prior; with priors
stated by the user R_ij are rates within one class, and EC stays put under a reweighting of the
classes. The normalised EC divides by the cost of the best decision that ignores the input,
min_j Σ_i c_ij π_i (``expected-cost``'s ``adjusted=True``).

**Cost curves** (Drummond & Holte, *Cost curves*, Machine Learning 65, 2006). With p₊ the
positive share and c₊ (c₋) the cost of a false negative (false positive), the operating
condition is the probability cost PC = p₊c₊ / (p₊c₊ + p₋c₋); one threshold's classifier is the
line NE(PC) = (1 − TPR)·PC + FPR·(1 − PC) of normalised expected cost. The lower envelope of
the lines over every threshold (and the two trivial classifiers) is the scorer's cost curve, and
its area over PC ∈ [0, 1] the cost of the scorer used at its best threshold, averaged over every
operating condition. It depends on the rates alone.
"""

from __future__ import annotations

import numpy as np

from imbeval.scores._params import LABELS, PROBABILITIES, SCORES
from imbeval.utils._param_validation import StrOptions, validate_params

from imbeval.scores import _curves, _inputs

__all__ = ["bayes_decisions", "cost_curve", "cost_curve_area", "expected_cost"]


def _cost_matrix(costs, C: int) -> np.ndarray:
    if costs is None:
        return 1.0 - np.eye(C)
    c = np.asarray(costs, dtype=float)
    if c.shape != (C, C):
        raise ValueError(f"costs must have shape ({C}, {C}) (rows true, columns decided), "
                         f"got {c.shape}")
    if not np.all(np.isfinite(c)) or np.any(c < 0):
        raise ValueError("costs must be finite and non-negative")
    return c


def _priors(priors, C: int) -> np.ndarray | None:
    if priors is None:
        return None
    if isinstance(priors, str):
        if priors != "uniform":
            raise ValueError(f"priors must be None, 'uniform' or {C} numbers, got {priors!r}")
        return np.full(C, 1.0 / C)
    q = np.asarray(priors, dtype=float)
    if q.shape != (C,) or not np.all(np.isfinite(q)) or np.any(q < 0) or not q.sum() > 0:
        raise ValueError(f"priors must be {C} non-negative numbers, got {priors!r}")
    return q / q.sum()


def _as_columns(y_true, y_proba, labels):
    """``(codes, proba)``: a 1-D probability of the positive class becomes two columns."""
    y = _inputs.labels_1d(y_true)
    p = np.asarray(y_proba, dtype=float)
    if p.ndim == 1:
        p = _inputs.scores_1d(p, y.shape[0], "y_proba")
        positive = _inputs.positive_mask(y, labels[1] if labels is not None else None)
        return positive.astype(int), np.column_stack([1.0 - p, p])
    codes, p, _ = _inputs.class_columns(y, p, labels, "y_proba")
    return codes, p


@validate_params({"y_proba": ["array-like"], "costs": ["array-like", None]})
def bayes_decisions(y_proba, costs=None) -> np.ndarray:
    """The decision of least expected cost for each row of probabilities.

    Parameters
    ----------
    y_proba : array-like of shape (n, C)
        Posterior probabilities, columns in class order.
    costs : array-like of shape (C, C), optional
        ``costs[i, j]``: cost of deciding j for a sample of class i (default 0-1 costs).

    Returns
    -------
    ndarray of shape (n,)
        Column numbers (ties go to the lowest column).

    Examples
    --------
    >>> bayes_decisions([[0.7, 0.3], [0.2, 0.8]], costs=[[0, 1], [4, 0]]).tolist()
    [1, 1]
    """
    p = _inputs.probabilities(np.asarray(y_proba, dtype=float), "y_proba")
    if p.ndim != 2:
        raise ValueError(f"y_proba must have shape (n, C), got {p.shape}")
    return np.argmin(p @ _cost_matrix(costs, p.shape[1]), axis=1)


@validate_params({**PROBABILITIES, **LABELS, "costs": ["array-like", None],
                  "priors": [StrOptions({"uniform"}), "array-like", None],
                  "normalize": ["boolean"], "score_priors": ["array-like", None]})
def expected_cost(y_true, y_proba, *, costs=None, priors=None, sample_weight=None,
                  normalize=False, labels=None, score_priors=None) -> float:
    """Expected cost of the Bayes decisions of probabilities (Ferrer's EC).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True labels.
    y_proba : array-like of shape (n,) or (n, C)
        Two classes: the probability of the second class of ``labels`` (default: of class 1 of
        labels {0, 1}); else one column per class of ``labels``.
    costs : array-like of shape (C, C), optional
        ``costs[i, j]`` the cost of deciding j for class i; default 0-1 costs (EC is then the
        prior-weighted error rate).
    priors : array-like of shape (C,) or "uniform", optional
        The class priors of deployment; default the sample's own (weighted) class shares.
    sample_weight : array-like of shape (n,), optional
    normalize : bool
        Divide by the cost of the best input-ignoring decision, min_j Σ_i c_ij π_i.
    labels : array-like, optional
        The classes, in column order.
    score_priors : array-like of shape (C,), optional
        The class priors the probabilities were made at (a model's training shares). With
        ``priors`` given, the Bayes decisions are then those of the deployment: each row
        p(c|x) becomes p(c|x)·π_c / score_priors_c, normalised (Bayes' rule with the new
        prior), before the decision. None: the probabilities are taken as they are.

    Returns
    -------
    float
        At least 0, lower is better; normalised, 1 is no better than ignoring the input.

    Examples
    --------
    >>> expected_cost([0, 0, 1, 1], [0.2, 0.6, 0.7, 0.4])
    0.5
    >>> expected_cost([0, 0, 1, 1], [0.2, 0.6, 0.7, 0.4], priors=[0.9, 0.1], normalize=True)
    5.0
    """
    codes, p = _as_columns(y_true, y_proba, labels)
    C = p.shape[1]
    c = _cost_matrix(costs, C)
    w = _inputs.weights(sample_weight, codes.shape[0])
    if score_priors is not None:
        if priors is None:
            raise ValueError("score_priors needs priors: the deployment priors to move the "
                             "probabilities to")
        given = _priors(score_priors, C)
        if np.any(given == 0):
            raise ValueError("score_priors must be positive")
        moved = p * (_priors(priors, C) / given)
        p = moved / moved.sum(axis=1, keepdims=True)
    decided = bayes_decisions(p, c)
    mass = np.zeros((C, C))
    np.add.at(mass, (codes, decided), w)
    per_class = mass.sum(axis=1)
    q = _priors(priors, C)
    if q is None:
        q = per_class / per_class.sum()
    if np.any((per_class == 0) & (q > 0)):
        raise ValueError("a class with a positive prior has no sample in y_true: its rates "
                         "are undefined")
    with np.errstate(invalid="ignore", divide="ignore"):
        R = np.where(per_class[:, None] > 0, mass / per_class[:, None], 0.0)
    ec = float(np.sum(q[:, None] * c * R))
    if normalize:
        return ec / float(np.min(q @ c))
    return ec


@validate_params(SCORES)
def cost_curve(y_true, y_score, *, sample_weight=None, pos_label=None):
    """The lower envelope of a scorer's cost lines (Drummond & Holte 2006).

    Parameters
    ----------
    y_true : array-like of shape (n,)
    y_score : array-like of shape (n,)
    sample_weight : array-like of shape (n,), optional
    pos_label : label, optional
        As :func:`imbeval.scores.roc_auc_score`.

    Returns
    -------
    pc, ne : ndarray
        The envelope's vertices: probability cost from 0 to 1 and normalised expected cost
        (the envelope is linear between them; it starts and ends at 0).

    Examples
    --------
    >>> pc, ne = cost_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> pc.tolist(), ne.tolist()
    ([0.0, 0.5, 1.0], [0.0, 0.25, 0.0])
    """
    y = _inputs.labels_1d(y_true)
    s = _inputs.scores_1d(y_score, y.shape[0])
    w = _inputs.weights(sample_weight, y.shape[0])
    fpr, tpr, *_ = _curves.rates(_inputs.positive_mask(y, pos_label), s, w)
    # a line below the envelope is a vertex of the ROC convex hull; the envelope's corners
    # are where the lines of neighbouring hull vertices cross: PC = ΔFPR / (ΔFPR + ΔTPR)
    hx, hy = _curves.upper_hull(fpr, tpr)
    dx, dy = np.diff(hx), np.diff(hy)
    with np.errstate(invalid="ignore", divide="ignore"):
        pc = dx / (dx + dy)
    # corners at PC = 0 or 1 are the envelope's ends, which are 0 anyway
    keep = (pc > 0) & (pc < 1)
    ne = hx[:-1][keep] * (1.0 - pc[keep]) + (1.0 - hy[:-1][keep]) * pc[keep]
    return np.r_[0.0, pc[keep], 1.0], np.r_[0.0, ne, 0.0]


@validate_params(SCORES)
def cost_curve_area(y_true, y_score, *, sample_weight=None, pos_label=None) -> float:
    """Area under the cost curve's lower envelope, over probability cost in [0, 1].

    Parameters
    ----------
    y_true, y_score, sample_weight, pos_label
        As :func:`cost_curve`.

    Returns
    -------
    float
        In [0, 0.25], lower is better; 0.25 for a scorer that ignores its input, 0 for one
        that separates the classes.

    Examples
    --------
    >>> cost_curve_area([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    0.125
    """
    pc, ne = cost_curve(y_true, y_score, sample_weight=sample_weight, pos_label=pos_label)
    return _curves.trapezoid(pc, ne)
