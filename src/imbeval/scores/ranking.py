"""Indices of the ranking a scorer makes: ROC AUC, average precision, and their calibrated
forms at a reference positive share (Siblini et al. 2020).

ROC AUC depends on the true and false positive rates only, each a ratio within one class, so a
change of the class shares (a reweighting of the classes) leaves it unchanged. Precision mixes
the classes: its value at a threshold moves with the positive share π. Siblini, Fréry,
He-Guelton, Oblé and Wang (*Master your metrics with calibration*, IDA 2020) replace it by the
precision the same rates would have at a reference share π₀,

    prec₀ = π₀·TPR / (π₀·TPR + (1 − π₀)·FPR),

and build calibrated F and calibrated average precision from it: they depend on the rates only.
At π₀ = 0.5, prec₀ = TPR / (TPR + FPR), mullick2020's mPrecision; at π₀ = π it is precision.
"""

from __future__ import annotations

import itertools

import numpy as np

from imbeval.scores._params import AVERAGE, BETA, LABELS, PI0, SCORES
from imbeval.utils._param_validation import StrOptions, validate_params

from imbeval.scores import _curves, _inputs

__all__ = ["average_precision_score", "calibrated_average_precision_score",
           "calibrated_f_score", "calibrated_precision_score", "roc_auc_score"]


def _binary(y_true, y_score, sample_weight, pos_label):
    y = _inputs.labels_1d(y_true)
    s = _inputs.scores_1d(y_score, y.shape[0])
    w = _inputs.weights(sample_weight, y.shape[0])
    return _inputs.positive_mask(y, pos_label), s, w


def _binary_auc(positive, score, weight) -> float:
    fpr, tpr, *_ = _curves.rates(positive, score, weight)
    return _curves.trapezoid(fpr, tpr)


@validate_params({**SCORES, **LABELS, "average": AVERAGE,
                  "multi_class": [StrOptions({"raise", "ovr", "ovo"})]})
def roc_auc_score(y_true, y_score, *, sample_weight=None, pos_label=None, average="macro",
                  multi_class="raise", labels=None) -> float:
    """Area under the ROC curve (ties between classes count one half).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True class labels.
    y_score : array-like of shape (n,) or (n, C)
        Two classes: the positive class's score (higher = more positive). Several classes:
        one column per class of ``labels`` (default the sorted classes of ``y_true``).
    sample_weight : array-like of shape (n,), optional
        Weights of the samples (a class prior shift is a reweighting of the classes).
    pos_label : label, optional
        The positive class of two classes (default 1 for labels {0, 1} or {-1, 1}).
    average : {"macro", "weighted"}
        Several classes: the plain mean of the one-vs-rest (or one-vs-one) areas, or the mean
        weighted by the classes' (pairs') weighted prevalence.
    multi_class : {"raise", "ovr", "ovo"}
        Several classes: one-vs-rest areas, or Hand and Till's one-vs-one areas (each pair
        scored in both directions on the pair's samples only).
    labels : array-like, optional
        The classes of ``y_score``'s columns.

    Returns
    -------
    float
        In [0, 1], higher is better; 0.5 for a scorer that ignores its input.

    Examples
    --------
    >>> roc_auc_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    0.75
    """
    y = _inputs.labels_1d(y_true)
    w = _inputs.weights(sample_weight, y.shape[0])
    if np.asarray(y_score).ndim == 1 and multi_class == "raise":
        return _binary_auc(*_binary(y_true, y_score, w, pos_label))
    if multi_class not in ("ovr", "ovo"):
        raise ValueError(f"multi_class must be 'ovr' or 'ovo' for scores of several classes, "
                         f"got {multi_class!r}")
    if average not in ("macro", "weighted"):
        raise ValueError(f"average must be 'macro' or 'weighted', got {average!r}")
    codes, s, classes = _inputs.class_columns(y, y_score, labels)
    C = classes.size
    if multi_class == "ovr":
        areas = np.array([_binary_auc(codes == c, s[:, c], w) for c in range(C)])
        share = np.array([w[codes == c].sum() for c in range(C)])
    else:
        areas, share = [], []
        for a, b in itertools.combinations(range(C), 2):
            pair = (codes == a) | (codes == b)
            ab = _binary_auc(codes[pair] == a, s[pair, a], w[pair])
            ba = _binary_auc(codes[pair] == b, s[pair, b], w[pair])
            areas.append((ab + ba) / 2.0)
            share.append(w[pair].sum())
        areas, share = np.array(areas), np.array(share)
    if average == "macro":
        return float(areas.mean())
    return float(np.sum(areas * share) / share.sum())


def _calibrated(tpr, fpr, pi0):
    """prec₀ at each threshold; NaN where no sample is predicted positive."""
    with np.errstate(invalid="ignore", divide="ignore"):
        return pi0 * tpr / (pi0 * tpr + (1.0 - pi0) * fpr)


def _step_area(positive, score, weight, pi0):
    """Σ (R_k − R_{k−1})·P_k over the distinct thresholds (scikit-learn's step-wise AP);
    P_k the precision at share ``pi0`` (the sample's own precision when ``pi0`` is None)."""
    fpr, tpr, tp, fp, P, N = _curves.rates(positive, score, weight)
    step = np.diff(tpr)
    if pi0 is None:
        prec = tp[1:] / (tp[1:] + fp[1:])
    else:
        prec = _calibrated(tpr[1:], fpr[1:], pi0)
    # a threshold with no new positive adds nothing (its precision may be 0/0)
    return float(np.sum(np.where(step > 0, step * np.nan_to_num(prec), 0.0)))


@validate_params({**SCORES, **LABELS, "average": AVERAGE})
def average_precision_score(y_true, y_score, *, sample_weight=None, pos_label=None,
                            average="macro", labels=None) -> float:
    """Average precision, Σ (R_k − R_{k−1})·P_k over the thresholds (scikit-learn's, step-wise).

    Parameters
    ----------
    y_true, y_score, sample_weight, pos_label, labels
        As :func:`roc_auc_score`; a 2-D ``y_score`` gives the one-vs-rest values.
    average : {"macro", "weighted"}
        Several classes: their mean, plain or weighted by the classes' weighted prevalence.

    Returns
    -------
    float
        In [0, 1], higher is better; the positive share for a scorer that ignores its input.

    Examples
    --------
    >>> round(average_precision_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]), 6)
    0.833333
    """
    return _one_vs_rest(_step_area, y_true, y_score, sample_weight, pos_label, average,
                        labels, None)


def _one_vs_rest(fn, y_true, y_score, sample_weight, pos_label, average, labels, *args):
    if np.asarray(y_score).ndim == 1:
        return fn(*_binary(y_true, y_score, sample_weight, pos_label), *args)
    if average not in ("macro", "weighted"):
        raise ValueError(f"average must be 'macro' or 'weighted', got {average!r}")
    y = _inputs.labels_1d(y_true)
    w = _inputs.weights(sample_weight, y.shape[0])
    codes, s, classes = _inputs.class_columns(y, y_score, labels)
    values = np.array([fn(codes == c, s[:, c], w, *args) for c in range(classes.size)])
    if average == "macro":
        return float(values.mean())
    share = np.array([w[codes == c].sum() for c in range(classes.size)])
    return float(np.sum(values * share) / share.sum())


@validate_params({**SCORES, **LABELS, "pi0": PI0, "average": AVERAGE})
def calibrated_average_precision_score(y_true, y_score, *, pi0=0.5, sample_weight=None,
                                       pos_label=None, average="macro", labels=None) -> float:
    """Average precision with precision calibrated to the positive share ``pi0`` (Siblini et al.).

    Σ (R_k − R_{k−1})·prec₀(k), prec₀ = π₀·TPR / (π₀·TPR + (1 − π₀)·FPR): a function of the
    class-wise rates only, hence the same at every class prior of the test sample.

    Parameters
    ----------
    y_true, y_score, sample_weight, pos_label, average, labels
        As :func:`average_precision_score`.
    pi0 : float in (0, 1)
        The reference positive share (0.5: the classes weighed alike). At ``pi0`` equal to the
        sample's (weighted) positive share it is :func:`average_precision_score`.

    Returns
    -------
    float
        In [0, 1], higher is better; ``pi0`` for a scorer that ignores its input.

    Examples
    --------
    >>> y, s = [0, 0, 0, 1, 1], [0.1, 0.4, 0.2, 0.35, 0.8]
    >>> round(calibrated_average_precision_score(y, s, pi0=0.4), 6) == round(
    ...     average_precision_score(y, s), 6)
    True
    """
    pi0 = _inputs.prior(pi0, "pi0")
    return _one_vs_rest(_step_area, y_true, y_score, sample_weight, pos_label, average,
                        labels, pi0)


def _at_threshold(y_true, y_score, sample_weight, pos_label, threshold, pi0):
    positive, s, w = _binary(y_true, y_score, sample_weight, pos_label)
    P, N = w[positive].sum(), w[~positive].sum()
    if not P > 0 or not N > 0:
        raise ValueError("y_true needs samples of both classes (with weight > 0)")
    predicted = s >= threshold
    tpr = w[positive & predicted].sum() / P
    fpr = w[~positive & predicted].sum() / N
    return tpr, fpr, _inputs.prior(pi0, "pi0")


@validate_params({**SCORES, "threshold": ["real"], "pi0": PI0})
def calibrated_precision_score(y_true, y_score, *, threshold=0.5, pi0=0.5, sample_weight=None,
                               pos_label=None) -> float:
    """Precision at the reference positive share ``pi0`` of the classifier ``y_score >= threshold``.

    Parameters
    ----------
    y_true, y_score, sample_weight, pos_label
        As :func:`roc_auc_score` (two classes).
    threshold : float
        Samples scored at least ``threshold`` are predicted positive.
    pi0 : float in (0, 1)
        The reference positive share; 0.5 gives TPR / (TPR + FPR), mullick2020's mPrecision.

    Returns
    -------
    float
        In [0, 1], higher is better; NaN when nothing is predicted positive (0/0).

    Examples
    --------
    >>> calibrated_precision_score([0, 0, 0, 1], [0.6, 0.2, 0.1, 0.9])
    0.75
    """
    tpr, fpr, pi0 = _at_threshold(y_true, y_score, sample_weight, pos_label, threshold, pi0)
    return float(_calibrated(np.float64(tpr), np.float64(fpr), pi0))


@validate_params({**SCORES, "threshold": ["real"], "pi0": PI0, "beta": BETA})
def calibrated_f_score(y_true, y_score, *, threshold=0.5, pi0=0.5, beta=1.0,
                       sample_weight=None, pos_label=None) -> float:
    """F-β with precision calibrated to ``pi0`` (Siblini et al.) at one threshold.

    (1 + β²)·prec₀·TPR / (β²·prec₀ + TPR).

    Parameters
    ----------
    y_true, y_score, sample_weight, pos_label, threshold, pi0
        As :func:`calibrated_precision_score`.
    beta : float > 0
        Weight of recall against precision.

    Returns
    -------
    float
        In [0, 1], higher is better; NaN where precision is 0/0.

    Examples
    --------
    >>> round(calibrated_f_score([0, 0, 0, 1], [0.6, 0.2, 0.1, 0.9]), 6)
    0.857143
    """
    if not float(beta) > 0:
        raise ValueError(f"beta must be positive, got {beta!r}")
    tpr, fpr, pi0 = _at_threshold(y_true, y_score, sample_weight, pos_label, threshold, pi0)
    prec = _calibrated(np.float64(tpr), np.float64(fpr), pi0)
    b2 = float(beta) ** 2
    if tpr == 0:
        return 0.0 if np.isfinite(prec) else float("nan")
    return float((1 + b2) * prec * tpr / (b2 * prec + tpr))
