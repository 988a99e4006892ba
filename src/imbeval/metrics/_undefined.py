"""The rule for an undefined index in :mod:`imbeval.metrics` (``zero_division``) and its
warnings, shared by ``score``, the report and the one-test-set intervals."""

from __future__ import annotations

import importlib.abc
import math
import numbers
import sys
import warnings

import numpy as np

from imbeval.indices import check_zero_division
from imbeval.metrics._labels import DataConversionWarning, _CounterpartWarning

__all__ = ["UndefinedMetricWarning", "UndefinedScoreWarning", "check_metrics_zero_division",
           "undefined_why"]


class UndefinedMetricWarning(_CounterpartWarning):
    """An index was undefined (a ratio with a zero denominator: the recall of a class with
    no true sample, the precision of a class never predicted) and ``zero_division="warn"``
    (the default, as scikit-learn's) counted the undefined ratios as 0.

    imbeval's counterpart of ``sklearn.exceptions.UndefinedMetricWarning``, defined here so
    that :mod:`imbeval.metrics` does not import scikit-learn, and a subclass of it once
    scikit-learn is imported: ``warnings.filterwarnings("error",
    category=sklearn.exceptions.UndefinedMetricWarning)`` catches imbeval's too. The
    message names the classes concerned. Pass ``zero_division=0`` to silence it, ``np.nan`` to get NaN.
    """


class UndefinedScoreWarning(UndefinedMetricWarning):
    """A scorer met a fold on which its index is undefined and scored it with
    ``zero_division=0`` (the scorer's default ``zero_division="warn"``); the message names
    the fold's missing classes and the remedy (stratified folds)."""


#: imbeval's warning classes and their scikit-learn counterparts (in sklearn.exceptions)
SKLEARN_COUNTERPARTS = {UndefinedMetricWarning: "UndefinedMetricWarning",
                        DataConversionWarning: "DataConversionWarning"}


def _add_sklearn_bases(module):
    """Make each class of :data:`SKLEARN_COUNTERPARTS` a subclass of its counterpart in
    ``module`` (``sklearn.exceptions``): a filter or ``except`` written for scikit-learn's
    class then treats imbeval's alike."""
    for ours, name in SKLEARN_COUNTERPARTS.items():
        theirs = getattr(module, name, None)
        if isinstance(theirs, type) and not issubclass(ours, theirs):
            ours.__bases__ = (theirs,) + tuple(b for b in ours.__bases__
                                               if not issubclass(theirs, b))


class _SklearnExceptionsHook(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Adds the scikit-learn bases once ``sklearn.exceptions`` is imported.

    Importing scikit-learn costs seconds and it is an optional extra, so imbeval does not
    import it; this finder lets the import happen as usual and then calls
    :func:`_add_sklearn_bases` on the module, before any code can use its classes.
    """

    def find_spec(self, fullname, path=None, target=None):
        if fullname != "sklearn.exceptions":
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(fullname, path, target)
            if spec is not None:
                self._loader, spec.loader = spec.loader, self
                return spec
        return None

    def create_module(self, spec):
        return self._loader.create_module(spec)

    def exec_module(self, module):
        self._loader.exec_module(module)
        _add_sklearn_bases(module)


if "sklearn.exceptions" in sys.modules:
    _add_sklearn_bases(sys.modules["sklearn.exceptions"])
elif not any(isinstance(f, _SklearnExceptionsHook) for f in sys.meta_path):
    sys.meta_path.insert(0, _SklearnExceptionsHook())


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
