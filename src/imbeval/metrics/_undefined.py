"""The rule for an undefined index in :mod:`imbeval.metrics` (``zero_division``) and its
warnings, shared by ``score``, the report and the one-test-set intervals."""

from __future__ import annotations

import math
import numbers
import warnings

import numpy as np

from imbeval.indices import check_zero_division

__all__ = ["UndefinedMetricWarning", "UndefinedScoreWarning", "check_metrics_zero_division",
           "undefined_why"]


class UndefinedMetricWarning(UserWarning):
    """An index was undefined (a ratio with a zero denominator: the recall of a class with
    no true sample, the precision of a class never predicted) and ``zero_division="warn"``
    (the default, as scikit-learn's) counted the undefined ratios as 0.

    imbeval's counterpart of ``sklearn.exceptions.UndefinedMetricWarning`` (defined here so
    that :mod:`imbeval.metrics` does not import scikit-learn); the message names the
    classes concerned. Pass ``zero_division=0`` to silence it, ``np.nan`` to get NaN.
    """


class UndefinedScoreWarning(UndefinedMetricWarning):
    """A scorer met a fold on which its index is undefined and scored it with
    ``zero_division=0`` (the scorer's default ``zero_division="warn"``); the message names
    the fold's missing classes and the remedy (stratified folds)."""


def check_metrics_zero_division(zero_division):
    """``zero_division`` of :mod:`imbeval.metrics`: ``"warn"``, NaN, or a number in [0, 1].

    scikit-learn takes ``"warn"``, 0, 1 and NaN; imbeval also any rate between (the value
    of an undefined per-class rate). Returns ``"warn"`` or a float.

    >>> from imbeval.metrics import check_metrics_zero_division
    >>> check_metrics_zero_division("warn"), check_metrics_zero_division(1)
    ('warn', 1.0)
    >>> check_metrics_zero_division(2)
    Traceback (most recent call last):
    ...
    ValueError: zero_division must be "warn", NaN or a number in [0, 1] (the value of an undefined rate), got 2
    """
    if isinstance(zero_division, str) and zero_division == "warn":
        return "warn"
    if (isinstance(zero_division, numbers.Real) and not isinstance(zero_division, bool)
            and (math.isnan(zero_division) or 0 <= zero_division <= 1)):
        return check_zero_division(zero_division)
    raise ValueError('zero_division must be "warn", NaN or a number in [0, 1] (the value of '
                     f"an undefined rate), got {zero_division!r}")


def undefined_why(cm, classes, labels_given, where="y_true"):
    """Which classes of ``cm`` have no true or no predicted sample, for the messages.

    >>> import numpy as np
    >>> from imbeval.metrics._score import undefined_why
    >>> undefined_why(np.array([[2., 0, 0], [0, 1, 1], [0, 0, 0]]), np.array([0, 1, 2]), True)
    'class(es) [2] of labels have no sample in y_true (their recall is undefined)'
    >>> undefined_why(np.array([[2., 0], [1, 0]]), np.array([0, 4]), False)
    'class(es) [4] are never predicted (their precision is undefined)'
    >>> undefined_why(np.array([[2., 1], [0, 0]]), np.array([0, 4]), False)
    'class(es) [4] are predicted but have no sample in y_true (their recall is undefined)'
    """
    no_true = classes[cm.sum(axis=1) == 0].tolist()
    no_pred = classes[cm.sum(axis=0) == 0].tolist()
    # a class missing from y_true is the usual cause (and the one stratified folds cure);
    # classes never predicted are named only when no class is missing. Without labels=,
    # every class was seen in y_true or y_pred: one missing from y_true was predicted.
    if no_true:
        kind = "of labels have" if labels_given else "are predicted but have"
        return f"class(es) {no_true[:10]} {kind} no sample in {where} (their recall is undefined)"
    if no_pred:
        return f"class(es) {no_pred[:10]} are never predicted (their precision is undefined)"
    return "a ratio it is built from has a zero denominator"


def _has_nan(value):
    if isinstance(value, dict):
        return any(_has_nan(v) for v in value.values())
    return bool(np.any(np.isnan(value)))


def _undefined_rule(value_at, zero_division, why):
    """``value_at(zero_division)`` under the rule of ``"warn"``: NaN first; if undefined, 0
    and an :class:`UndefinedMetricWarning` (NaN, warned, where 0 cannot define it).
    ``value_at`` returns a float, an array or a dict of them."""
    if zero_division != "warn":
        return value_at(zero_division)
    value = value_at(np.nan)
    if not _has_nan(value):
        return value
    value = value_at(0.0)
    still = " (0 leaves it undefined: NaN)" if _has_nan(value) else ""
    warnings.warn(f"{why()}; the undefined ratios are set to 0 (zero_division='warn'){still}. "
                  "Pass zero_division=0 to silence this, or np.nan to get NaN",
                  UndefinedMetricWarning, stacklevel=3)
    return value
