"""Labels to a confusion matrix: validation like ``sklearn.metrics`` and weighted counts."""

from __future__ import annotations

import numbers
import warnings

import numpy as np

from imbeval.utils._param_validation import Interval, StrOptions, validate_params

_OPTIONAL = ["array-like", None]

__all__ = ["confusion_matrix", "class_labels", "label_matrix", "check_labels", "check_target",
           "DataConversionWarning"]

_REMEDY = ("pass class labels, one per sample: the estimator's predict(X), not predict_proba(X) "
           "or decision_function(X)")


class _CounterpartWarning(UserWarning):
    """Base of the warnings with a scikit-learn counterpart: a class defined in Python has
    the object layout of scikit-learn's warnings (``UserWarning`` itself does not), so that
    ``imbeval.metrics._score`` can add the counterpart as a base once scikit-learn is
    imported."""


class DataConversionWarning(_CounterpartWarning):
    """A column vector of labels, shape (n, 1), was read as a 1-D array of shape (n,).

    The warning scikit-learn's estimators give for such a ``y``
    (``sklearn.exceptions.DataConversionWarning``); defined here so that
    :mod:`imbeval.metrics` does not import scikit-learn, and a subclass of scikit-learn's
    once scikit-learn is imported. Silence it with
    ``warnings.filterwarnings("ignore", category=DataConversionWarning)`` or pass
    ``y.ravel()``.
    """


def _kind(values, name):
    """'string' or 'number': the kind of label ``values`` (an ndarray) holds."""
    if values.dtype.kind in "US":
        return "string"
    if values.dtype.kind in "iub":
        return "number"
    if values.dtype.kind == "f":
        if not np.all(np.isfinite(values)):
            raise ValueError(f"{name} contains NaN or infinity, which is not a label")
        _refuse_continuous(values, name)
        return "number"
    if values.dtype.kind == "O":
        kinds = set()
        for t in set(map(type, values.tolist())):  # one check per type, not per label
            if issubclass(t, str):
                kinds.add("string")
            elif issubclass(t, numbers.Number) and not issubclass(t, complex):
                kinds.add("number")
                if issubclass(t, (float, np.floating)):
                    floats = np.array([v for v in values.tolist() if type(v) is t], dtype=float)
                    if not np.all(np.isfinite(floats)):
                        raise ValueError(f"{name} contains NaN or infinity, which is not a label")
                    _refuse_continuous(floats, name)
            else:
                example = next(v for v in values.tolist() if type(v) is t)
                raise ValueError(f"{name} holds {example!r} of type {t.__name__}; labels "
                                 "must be strings or numbers")
        if len(kinds) > 1:
            raise ValueError(f"{name} mixes string and number labels")
        return kinds.pop() if kinds else "number"
    raise ValueError(f"{name} must hold strings or numbers, got dtype {values.dtype}")


def _refuse_continuous(values, name):
    """Raise for float labels that are not whole numbers (scikit-learn's "continuous")."""
    # one vectorised pass; beyond int64 (1e20) a float is no class label either: scikit-learn's
    # type_of_target casts to int, which overflows, and calls such values continuous
    fractional = np.flatnonzero(np.floor(values) != values)
    if not fractional.size and values.size and (values.max() >= 2.0 ** 63
                                                or values.min() < -2.0 ** 63):
        fractional = np.flatnonzero((values >= 2.0 ** 63) | (values < -2.0 ** 63))
    if fractional.size:
        k = int(fractional[0])
        raise ValueError(
            f"{name} holds continuous values ({float(values.flat[k])!r} at index {k}, "
            f"{fractional.size} of {values.size} not whole numbers), not class labels; "
            f"{_REMEDY} (for probabilities of the positive class, threshold them: "
            "(proba >= 0.5).astype(int))")


def _refuse_two_dimensional(arr, name):
    """Raise for a 2-D ``y`` of several columns: multilabel or multi-output targets."""
    if arr.dtype.kind == "f" and np.all(np.isfinite(arr)) and np.any(np.floor(arr) != arr):
        # fractions first: one pass, no sort of a million probabilities (np.unique)
        raise ValueError(
            f"{name} has shape {arr.shape} and continuous values, like the output of "
            f"predict_proba, not class labels; {_REMEDY}")
    if arr.dtype.kind in "biu" or (arr.dtype.kind == "f" and np.all(np.isfinite(arr))):
        values = np.unique(arr) if arr.size <= 10_000_000 else np.unique(arr[:1000])
        if values.size <= 2 and np.all(np.isin(values, (0, 1))):
            raise ValueError(
                f"{name} is a multilabel indicator matrix (shape {arr.shape}, 0/1 entries), "
                "but imbeval.metrics scores one class label per sample: pass a 1-D array of "
                f"labels (for one-hot rows, np.argmax({name}, axis=1))")
    raise ValueError(f"{name} has shape {arr.shape}: a multi-output target, but "
                     "imbeval.metrics scores one class label per sample (shape (n_samples,) "
                     "or a column vector (n_samples, 1))")


@validate_params({"values": ["array-like"], "name": [str]})
def check_target(values, name="y"):
    """One label per sample, checked as ``sklearn.utils.multiclass.type_of_target`` would.

    Accepted: a 1-D array of strings or numbers (binary or multiclass targets), booleans,
    floats that are whole numbers (``1.0``), and a column vector of shape (n, 1), which is
    read as shape (n,) with a :class:`DataConversionWarning`. Refused, before any matrix is
    built: continuous values (non-integer floats: probabilities or scores passed as
    predictions), multilabel indicator matrices and multi-output targets (2-D, several
    columns), NaN or infinity, mixed strings and numbers. The checks are vectorised: a
    continuous array of a million values is refused in milliseconds.

    Parameters
    ----------
    values : array_like of shape (n_samples,) or (n_samples, 1)
        The labels.
    name : str, default "y"
        The parameter's name, for the messages.

    Returns
    -------
    (ndarray of shape (n_samples,), str)
        The labels and their kind, ``"string"`` or ``"number"``.

    Raises
    ------
    ValueError
        Naming the parameter, what it holds and what to pass instead.

    Examples
    --------
    >>> from imbeval.metrics import check_target
    >>> check_target([0, 1, 1.0], "y_pred")
    (array([0., 1., 1.]), 'number')
    >>> check_target([0.2, 0.7, 0.1], "y_pred")
    Traceback (most recent call last):
    ...
    ValueError: y_pred holds continuous values (0.2 at index 0, 3 of 3 not whole numbers), not class labels; pass class labels, one per sample: the estimator's predict(X), not predict_proba(X) or decision_function(X) (for probabilities of the positive class, threshold them: (proba >= 0.5).astype(int))
    >>> check_target([[0, 1], [1, 0]], "y_true")
    Traceback (most recent call last):
    ...
    ValueError: y_true is a multilabel indicator matrix (shape (2, 2), 0/1 entries), but imbeval.metrics scores one class label per sample: pass a 1-D array of labels (for one-hot rows, np.argmax(y_true, axis=1))
    """
    return _as_label_array(values, name)


def _as_label_array(values, name):
    try:
        arr = np.asarray(values)
    except Exception as exc:  # ragged input
        raise ValueError(f"{name} could not be read as an array of labels: {exc}") from None
    if arr.ndim == 2 and arr.shape[1] == 1:
        warnings.warn(
            f"A column-vector {name} (shape {arr.shape}) was passed when a 1d array was "
            f"expected; it is read as shape ({arr.shape[0]},). Please change its shape to "
            "(n_samples,), for example using ravel().", DataConversionWarning, stacklevel=4)
        arr = arr.ravel()
        if not isinstance(values, np.ndarray):  # lists, DataFrames: their own elements
            _kind(np.asarray(values, dtype=object).ravel(), name)
            values = arr
    elif arr.ndim == 2:
        _refuse_two_dimensional(arr, name)
    if arr.ndim != 1:
        raise ValueError(f"{name} must be one-dimensional (one label per sample), got shape "
                         f"{arr.shape}")
    if arr.dtype.kind in "US" and not isinstance(values, np.ndarray):
        # numpy turns [0, "a"] into strings silently: look at the elements themselves
        _kind(np.asarray(values, dtype=object), name)
    kind = _kind(arr, name)
    if kind == "string" and arr.dtype.kind == "O":
        arr = arr.astype(str)  # pandas' object strings: numpy sorts and searches "U" far faster
    return arr, kind


def check_labels(labels, kind=None):
    """Validate a ``labels`` argument: one-dimensional, distinct, at least two classes.

    Parameters
    ----------
    labels : array_like of shape (C,)
        Class labels, strings or numbers (not both).
    kind : {"string", "number"}, optional
        The kind the data's labels have; ``labels`` must be of the same kind.

    Returns
    -------
    (ndarray, str)
        The labels as an array and their kind.

    Examples
    --------
    >>> from imbeval.metrics._labels import check_labels
    >>> check_labels(["b", "a"])
    (array(['b', 'a'], dtype='<U1'), 'string')
    >>> check_labels([0, 1, 1])
    Traceback (most recent call last):
    ...
    ValueError: labels must be distinct, got 1 more than once
    """
    arr, own = _as_label_array(labels, "labels")
    if kind is not None and own != kind and arr.size:
        raise ValueError(f"labels are {own}s but y_true and y_pred hold {kind}s")
    seen = set()
    for v in arr.tolist():
        if v in seen:
            raise ValueError(f"labels must be distinct, got {v!r} more than once")
        seen.add(v)
    if arr.size < 2:
        raise ValueError(f"labels must name at least two classes, got {arr.tolist()}")
    return arr, own


def _check_sample_weight(sample_weight, n):
    try:
        w = np.asarray(sample_weight, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValueError("sample_weight must be numeric, one weight per sample") from None
    if w.ndim != 1 or w.shape[0] != n:
        raise ValueError(f"sample_weight must have one weight per sample ({n}), got shape "
                         f"{w.shape}")
    if not np.all(np.isfinite(w)):
        raise ValueError("sample_weight contains NaN or infinity")
    if np.any(w < 0):
        raise ValueError("sample_weight contains negative weights")
    if n and not np.any(w):  # scikit-learn refuses it too: every ratio would be 0/0
        raise ValueError("sample_weight must contain at least one non-zero weight (all are 0)")
    return w


@validate_params({"y_true": ["array-like"], "y_pred": ["array-like"], "labels": _OPTIONAL,
                  "sample_weight": _OPTIONAL,
                  "min_classes": [Interval(numbers.Integral, 1, None, closed="left")]})
def label_matrix(y_true, y_pred, *, labels=None, sample_weight=None, min_classes=2):
    """The float64 confusion matrix of labels and the labels of its rows: ``(cm, classes)``.

    What every index of :mod:`imbeval.metrics` is computed from; :func:`confusion_matrix`
    is its scikit-learn-shaped face. Weights act as repetitions (a sample of weight 2 counts
    as two); a label of ``y_true`` or ``y_pred`` outside ``labels`` is an error
    (scikit-learn drops those samples).

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,) or (n_samples, 1)
        True and predicted labels, strings or numbers (the same kind in both).
    labels : array_like of shape (C,), optional
        The classes, in the order of the rows; may name classes absent from the data.
        Default: the sorted distinct labels of ``y_true`` and ``y_pred``.
    sample_weight : array_like of shape (n_samples,), optional
        Non-negative finite weights, not all zero.
    min_classes : {1, 2}, default 2
        Without ``labels``, the fewest distinct labels accepted: an index needs two.

    Returns
    -------
    (ndarray of shape (C, C), ndarray of shape (C,))

    Raises
    ------
    ValueError
        As :func:`confusion_matrix`, and for one class only when ``min_classes`` is 2.

    Examples
    --------
    >>> from imbeval.metrics import label_matrix
    >>> label_matrix(["cat", "dog", "dog", "cat"], ["cat", "dog", "cat", "cat"])
    (array([[2., 0.],
           [1., 1.]]), array(['cat', 'dog'], dtype='<U3'))
    """
    t, t_kind = _as_label_array(y_true, "y_true")
    p, p_kind = _as_label_array(y_pred, "y_pred")
    if t.shape[0] != p.shape[0]:
        raise ValueError(f"y_true and y_pred have different lengths ({t.shape[0]} and "
                         f"{p.shape[0]})")
    if t.shape[0] == 0:
        raise ValueError("y_true and y_pred are empty")
    if t_kind != p_kind:
        raise ValueError(f"y_true holds {t_kind}s but y_pred holds {p_kind}s")
    if labels is None:
        classes = np.unique(np.concatenate([t, p]))
        if classes.size < min_classes:
            raise ValueError(f"y_true and y_pred hold one class only ({classes.tolist()}); this "
                             "index needs at least two: pass labels= to name the others")
    else:
        classes, _ = check_labels(labels, t_kind)
    order = np.argsort(classes, kind="stable")
    ordered = classes[order]
    codes = []
    for values, name in ((t, "y_true"), (p, "y_pred")):
        position = np.clip(np.searchsorted(ordered, values), 0, ordered.size - 1)
        bad = ordered[position] != values
        if np.any(bad):
            unknown = np.unique(values[bad]).tolist()
            raise ValueError(f"{name} has label(s) {unknown[:10]} not among the labels "
                             f"{classes.tolist()}")
        codes.append(order[position])
    C = classes.size
    weights = None if sample_weight is None else _check_sample_weight(sample_weight, t.shape[0])
    counts = np.bincount(codes[0] * C + codes[1], weights=weights, minlength=C * C)
    return counts.astype(np.float64).reshape(C, C), classes


@validate_params({"y_true": ["array-like"], "y_pred": ["array-like"], "labels": _OPTIONAL})
def class_labels(y_true, y_pred, *, labels=None):
    """The labels of :func:`confusion_matrix`'s rows and columns, in their order.

    ``labels`` checked and returned as an array if given, else the sorted distinct labels of
    ``y_true`` and ``y_pred`` (scikit-learn's ``unique_labels``), after the same checks.

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,)
    labels : array_like of shape (C,), optional

    Returns
    -------
    ndarray of shape (C,)

    Examples
    --------
    >>> from imbeval.metrics import class_labels
    >>> class_labels(["dog", "cat", "dog"], ["cat", "cat", "fox"])
    array(['cat', 'dog', 'fox'], dtype='<U3')
    """
    return label_matrix(y_true, y_pred, labels=labels, min_classes=1)[1]


@validate_params({"y_true": ["array-like"], "y_pred": ["array-like"], "labels": _OPTIONAL,
                  "sample_weight": _OPTIONAL,
                  "normalize": [StrOptions({"true", "pred", "all"}), None]})
def confusion_matrix(y_true, y_pred, *, labels=None, sample_weight=None, normalize=None):
    """The confusion matrix of labels, as ``sklearn.metrics.confusion_matrix``.

    Rows true, columns predicted, in ``labels`` order (default: the sorted distinct labels,
    :func:`class_labels` gives them): ``ConfusionMatrixDisplay(confusion_matrix(y, p))``
    works. Integer counts without weights, float64 with ``sample_weight`` or ``normalize``,
    as scikit-learn. Two differences: a label of ``y_true`` or ``y_pred`` outside
    ``labels`` is an error (scikit-learn drops those samples), and input is checked as
    :func:`check_target`. No class is moved: which class is positive is the business of
    :func:`imbeval.metrics.score`'s ``pos_label``. One class only gives a 1 x 1 matrix and a
    ``UserWarning`` (pass ``labels=``), as in scikit-learn.

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,) or (n_samples, 1)
        True and predicted labels, strings or numbers (the same kind in both).
    labels : array_like of shape (C,), optional
        The classes, in the order of the rows; may name classes absent from the data (a
        fold missing a class).
    sample_weight : array_like of shape (n_samples,), optional
        Non-negative finite weights, not all zero.
    normalize : {"true", "pred", "all"}, optional
        Divide by the row sums (each true class sums to 1), the column sums or the total;
        a row or column with no sample stays 0, as in scikit-learn.

    Returns
    -------
    ndarray of shape (C, C)

    Raises
    ------
    ValueError
        For lengths that differ, empty input, continuous values (probabilities passed as
        predictions), multilabel or multi-output targets (:func:`check_target`), mixed or
        non-label values, a label outside ``labels``, repeated ``labels``, a bad
        ``sample_weight`` or ``normalize``; the message names the parameter.

    Warns
    -----
    DataConversionWarning
        For a column vector (shape (n, 1)), read as shape (n,) as scikit-learn does.
    UserWarning
        For a single label in ``y_true`` and ``y_pred`` without ``labels``.

    Examples
    --------
    >>> from imbeval.metrics import class_labels, confusion_matrix
    >>> y_true, y_pred = ["cat", "dog", "dog", "cat"], ["cat", "dog", "cat", "cat"]
    >>> confusion_matrix(y_true, y_pred)
    array([[2, 0],
           [1, 1]])
    >>> class_labels(y_true, y_pred)
    array(['cat', 'dog'], dtype='<U3')
    >>> confusion_matrix(y_true, y_pred, normalize="true")
    array([[1. , 0. ],
           [0.5, 0.5]])
    >>> confusion_matrix([0, 1, 1], [0, 1, 0], sample_weight=[1, 2, 0.5])
    array([[1. , 0. ],
           [0.5, 2. ]])
    >>> confusion_matrix([0, 1, 2], [0, 1, 1], labels=[0, 1])
    Traceback (most recent call last):
    ...
    ValueError: y_true has label(s) [2] not among the labels [0, 1]
    """
    if normalize not in (None, "true", "pred", "all"):
        raise ValueError(f"normalize must be one of 'true', 'pred', 'all' or None, got "
                         f"{normalize!r}")
    cm, classes = label_matrix(y_true, y_pred, labels=labels, sample_weight=sample_weight,
                               min_classes=1)
    if classes.size == 1 and labels is None:
        warnings.warn(f"y_true and y_pred hold a single label ({classes.tolist()}): the matrix "
                      "is 1 x 1; pass labels= naming every class for the full matrix",
                      UserWarning, stacklevel=2)
    if normalize is None:
        return cm.astype(np.int64) if sample_weight is None else cm
    total = {"true": cm.sum(axis=1, keepdims=True), "pred": cm.sum(axis=0, keepdims=True),
             "all": cm.sum()}[normalize]
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.nan_to_num(cm / total)  # an empty row or column stays 0, as scikit-learn
