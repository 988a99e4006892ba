"""The constraints of the arguments the indices of scores share (scikit-learn's keywords);
what the arrays hold is checked by :mod:`._inputs`."""

from __future__ import annotations

from numbers import Real

from imbeval.utils._param_validation import LEVEL, Interval, StrOptions

__all__ = ["SCORES", "PROBABILITIES", "LABELS", "AVERAGE", "PI0", "BETA"]

_OPTIONAL = ["array-like", None]
#: ``f(y_true, y_score, *, sample_weight)``
SCORES = {"y_true": ["array-like"], "y_score": ["array-like"], "sample_weight": _OPTIONAL}
#: ``f(y_true, y_proba, *, sample_weight)``
PROBABILITIES = {"y_true": ["array-like"], "y_proba": ["array-like"],
                 "sample_weight": _OPTIONAL}
#: the columns' classes, of the indices with one column per class
LABELS = {"labels": _OPTIONAL}
AVERAGE = [StrOptions({"macro", "weighted"})]
PI0 = [LEVEL]
BETA = [Interval(Real, 0, None, closed="neither")]
