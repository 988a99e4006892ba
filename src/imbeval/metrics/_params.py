"""The constraints of the arguments the functions of labels share (scikit-learn's
keywords); what the labels hold is checked by :func:`imbeval.metrics.check_target`."""

from __future__ import annotations

from imbeval.metrics._score import check_metrics_zero_division
from imbeval.utils._param_validation import Check

__all__ = ["LABEL_ARGUMENTS", "ZERO_DIVISION"]


def _zero_division(value, name):
    check_metrics_zero_division(value)
    return value  # passed on as given: the function reads it itself


ZERO_DIVISION = Check(_zero_division, '"warn", NaN or a number in [0, 1]', invalid="never", valid="warn")

_OPTIONAL = ["array-like", None]
#: what every function of true and predicted labels takes (each declares those it has)
LABEL_ARGUMENTS = {"y_true": ["array-like"], "y_pred": ["array-like"], "y1": ["array-like"],
                   "y2": ["array-like"], "labels": _OPTIONAL, "sample_weight": _OPTIONAL,
                   "zero_division": [ZERO_DIVISION]}
