"""Proper scores of probabilities -- Brier score and log-loss -- and their CORP decomposition.

Dimitriadis, Gneiting and Jordan (*Stable reliability diagrams for probabilistic classifiers*,
PNAS 2021) recalibrate the forecasts by isotonic regression of the outcomes on them (the
pool-adjacent-violators algorithm, equal forecasts pooled first, so that they stay equal); with
S a proper score, S̄(x) the mean score of forecasts x, r the recalibrated forecasts and c the
climatology (every forecast equal to the sample's positive share):

    MCB = S̄(forecast) − S̄(r),   DSC = S̄(c) − S̄(r),   UNC = S̄(c),
    S̄(forecast) = MCB − DSC + UNC   (exactly).

Miscalibration is lower-is-better, discrimination higher-is-better, uncertainty a property of
the sample alone: all three move with the class prior (UNC is π(1 − π) for Brier).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from imbeval.scores._params import LABELS, PROBABILITIES
from imbeval.utils._param_validation import StrOptions, validate_params
from scipy.special import xlogy

from imbeval.scores import _inputs
from imbeval.utils._deprecation import deprecated_alias

__all__ = ["CorpDecomposition", "brier_score_loss", "corp_decomposition", "log_loss"]


def _clip(p: np.ndarray) -> np.ndarray:
    # scikit-learn's log_loss clips at the float's eps, so a probability of 0 costs ~36, not inf
    eps = np.finfo(np.float64).eps
    return np.clip(p, eps, 1.0 - eps)


def _binary(y_true, y_proba, sample_weight, pos_label):
    y = _inputs.labels_1d(y_true)
    p = _inputs.probabilities(_inputs.scores_1d(y_proba, y.shape[0], "y_proba"))
    w = _inputs.weights(sample_weight, y.shape[0])
    return _inputs.positive_mask(y, pos_label).astype(float), p, w


def _multi(y_true, y_proba, sample_weight, labels):
    y = _inputs.labels_1d(y_true)
    codes, p, classes = _inputs.class_columns(y, y_proba, labels, "y_proba")
    _inputs.probabilities(p)
    if not np.allclose(p.sum(axis=1), 1.0, rtol=0, atol=np.sqrt(np.finfo(float).eps)):
        raise ValueError("y_proba's rows must sum to 1 (predict_proba output)")
    w = _inputs.weights(sample_weight, y.shape[0])
    return np.eye(classes.size)[codes], p, w


@validate_params({**PROBABILITIES, **LABELS})
def brier_score_loss(y_true, y_proba, *, sample_weight=None, pos_label=None, labels=None) -> float:
    """Mean squared difference of probabilities and outcomes (scikit-learn's brier_score_loss).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True labels.
    y_proba : array-like of shape (n,) or (n, C)
        The positive class's probability, or one column per class of ``labels`` (then the
        squared differences are summed over the classes, as scikit-learn does).
    sample_weight : array-like of shape (n,), optional
    pos_label : label, optional
        The positive class of two classes (default 1 for labels {0, 1} or {-1, 1}).
    labels : array-like, optional
        The classes of ``y_proba``'s columns.

    Returns
    -------
    float
        In [0, 1] (two classes) or [0, 2]; lower is better.

    Examples
    --------
    >>> round(brier_score_loss([0, 1, 1], [0.2, 0.6, 0.9]), 6)
    0.07
    """
    if np.asarray(y_proba).ndim == 2 and np.asarray(y_proba).shape[1] > 1:
        onehot, p, w = _multi(y_true, y_proba, sample_weight, labels)
        return float(np.average(((p - onehot) ** 2).sum(axis=1), weights=w))
    y, p, w = _binary(y_true, y_proba, sample_weight, pos_label)
    return float(np.average((p - y) ** 2, weights=w))


@validate_params({**PROBABILITIES, **LABELS})
def log_loss(y_true, y_proba, *, sample_weight=None, pos_label=None, labels=None) -> float:
    """Mean negative log-probability of the true class (natural log; scikit-learn's log_loss).

    Probabilities are clipped to [eps, 1 − eps] (float64 eps), as scikit-learn does.

    Parameters
    ----------
    y_true, y_proba, sample_weight, pos_label, labels
        As :func:`brier_score_loss`.

    Returns
    -------
    float
        At least 0, lower is better; log 2 for the forecast 0.5 of two classes.

    Examples
    --------
    >>> round(log_loss([0, 1], [0.5, 0.5]), 6)
    0.693147
    """
    if np.asarray(y_proba).ndim == 2 and np.asarray(y_proba).shape[1] > 1:
        onehot, p, w = _multi(y_true, y_proba, sample_weight, labels)
        return float(np.average(-np.log(_clip((p * onehot).sum(axis=1))), weights=w))
    y, p, w = _binary(y_true, y_proba, sample_weight, pos_label)
    return float(np.average(-np.log(_clip(np.where(y == 1, p, 1 - p))), weights=w))


@dataclass(frozen=True)
class CorpDecomposition:
    """A mean score split as ``score = miscalibration − discrimination + uncertainty``.

    Attributes
    ----------
    score : the forecasts' mean score.
    miscalibration : score − the recalibrated forecasts' score (≥ 0).
    discrimination : the climatology's score − the recalibrated forecasts' score (≥ 0).
    uncertainty : the climatology's score.
    recalibrated : the isotonic recalibration of each forecast (in the input's order).
    """

    score: float
    miscalibration: float
    discrimination: float
    uncertainty: float
    recalibrated: np.ndarray


def _mean_score(kind, y, p, w, clip):
    if kind == "brier":
        return float(np.average((p - y) ** 2, weights=w))
    if clip:
        return float(np.average(-np.log(_clip(np.where(y == 1, p, 1 - p))), weights=w))
    # recalibrated forecasts may be exactly 0 or 1 where every outcome agrees: 0·log 0 = 0
    return float(np.average(-(xlogy(y, p) + xlogy(1 - y, 1 - p)), weights=w))


@validate_params({**PROBABILITIES, "score": [StrOptions({"brier", "log_loss"})]})
def corp_decomposition(y_true, y_proba, *, score="brier", sample_weight=None,
                       pos_label=None) -> CorpDecomposition:
    """The CORP decomposition of the Brier score or the log-loss (Dimitriadis et al. 2021).

    Parameters
    ----------
    y_true, y_proba, sample_weight, pos_label
        As :func:`brier_score_loss` (two classes; ``y_proba`` the positive class's probability).
    score : {"brier", "log_loss"}
        The proper score decomposed.

    Returns
    -------
    CorpDecomposition
        ``score == miscalibration − discrimination + uncertainty`` up to rounding.

    Examples
    --------
    >>> d = corp_decomposition([0, 0, 1, 1], [0.1, 0.6, 0.4, 0.9])
    >>> round(d.miscalibration, 4), round(d.discrimination, 4), d.uncertainty
    (0.06, 0.125, 0.25)
    """
    if score not in ("brier", "log_loss"):
        raise ValueError(f"score must be 'brier' or 'log_loss', got {score!r}")
    y, p, w = _binary(y_true, y_proba, sample_weight, pos_label)
    # pool equal forecasts first (CORP: equal forecasts get one recalibrated value), then PAV
    values, inverse = np.unique(p, return_inverse=True)
    group_w = np.bincount(inverse, weights=w, minlength=values.size)
    group_y = np.bincount(inverse, weights=w * y, minlength=values.size)
    has = group_w > 0
    fitted = np.zeros(values.size)
    from imbeval.utils._optional import import_optional

    isotonic_regression = import_optional("sklearn.isotonic").isotonic_regression
    fitted[has] = isotonic_regression(group_y[has] / group_w[has], sample_weight=group_w[has],
                                      increasing=True)
    # a zero-weight forecast carries no information; give it its neighbour's value
    if not has.all():
        fitted = np.interp(values, values[has], fitted[has])
    recal = np.clip(fitted[inverse], 0.0, 1.0)
    share = float(np.average(y, weights=w))
    total = _mean_score(score, y, p, w, clip=True)
    recal_score = _mean_score(score, y, recal, w, clip=False)
    unc = _mean_score(score, y, np.full_like(p, share), w, clip=False)
    return CorpDecomposition(score=total, miscalibration=total - recal_score,
                             discrimination=unc - recal_score, uncertainty=unc,
                             recalibrated=recal)


#: the old name (a ``*_score`` is greater-is-better in scikit-learn's convention), for one version
brier_score = deprecated_alias(brier_score_loss, "brier_score")
