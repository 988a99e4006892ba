"""Labels to a confusion matrix: validation like ``sklearn.metrics`` and weighted counts."""

from __future__ import annotations

import numbers

import numpy as np

__all__ = ["confusion_matrix", "check_labels"]


def _kind(values, name):
    """'string' or 'number': the kind of label ``values`` (an ndarray) holds."""
    if values.dtype.kind in "US":
        return "string"
    if values.dtype.kind in "iub":
        return "number"
    if values.dtype.kind == "f":
        if not np.all(np.isfinite(values)):
            raise ValueError(f"{name} contains NaN or infinity, which is not a label")
        return "number"
    if values.dtype.kind == "O":
        kinds = set()
        for t in set(map(type, values.tolist())):  # one check per type, not per label
            if issubclass(t, str):
                kinds.add("string")
            elif issubclass(t, numbers.Number) and not issubclass(t, complex):
                kinds.add("number")
                if issubclass(t, float) and not all(
                        np.isfinite(v) for v in values.tolist() if type(v) is t):
                    raise ValueError(f"{name} contains NaN or infinity, which is not a label")
            else:
                example = next(v for v in values.tolist() if type(v) is t)
                raise ValueError(f"{name} holds {example!r} of type {t.__name__}; labels "
                                 "must be strings or numbers")
        if len(kinds) > 1:
            raise ValueError(f"{name} mixes string and number labels")
        return kinds.pop() if kinds else "number"
    raise ValueError(f"{name} must hold strings or numbers, got dtype {values.dtype}")


def _as_label_array(values, name):
    try:
        arr = np.asarray(values)
    except Exception as exc:  # ragged input
        raise ValueError(f"{name} could not be read as an array of labels: {exc}") from None
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
    return w


def confusion_matrix(y_true, y_pred, *, labels=None, sample_weight=None):
    """The confusion matrix of labels: rows true, columns predicted, in ``labels`` order.

    The matrix of ``sklearn.metrics.confusion_matrix(y_true, y_pred, labels=labels,
    sample_weight=sample_weight)``, with scikit-learn-style checks and two differences: a
    label of ``y_true`` or ``y_pred`` outside ``labels`` is an error (scikit-learn drops
    those samples), and the counts are float64 (weights act as repetitions: a sample of
    weight 2 counts as two). No class is moved: which class is positive is the business
    of :func:`imbeval.metrics.score`'s ``pos_label``.

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,)
        True and predicted labels, strings or numbers (the same kind in both).
    labels : array_like of shape (C,), optional
        The classes, in the order of the rows; may name classes absent from the data (a
        fold missing a class). Default: the sorted distinct labels of ``y_true`` and
        ``y_pred``.
    sample_weight : array_like of shape (n_samples,), optional
        Non-negative finite weights.

    Returns
    -------
    (ndarray of shape (C, C), ndarray of shape (C,))
        The matrix and the labels of its rows.

    Raises
    ------
    ValueError
        For lengths that differ, empty or non-1-D input, mixed or non-label values, a label
        outside ``labels``, repeated ``labels``, fewer than two classes, or a bad
        ``sample_weight``; the message names the parameter.

    Examples
    --------
    >>> from imbeval.metrics import confusion_matrix
    >>> cm, classes = confusion_matrix(["cat", "dog", "dog", "cat"], ["cat", "dog", "cat", "cat"])
    >>> cm, classes
    (array([[2., 0.],
           [1., 1.]]), array(['cat', 'dog'], dtype='<U3'))
    >>> confusion_matrix([0, 1, 1], [0, 1, 0], sample_weight=[1, 2, 0.5])[0]
    array([[1. , 0. ],
           [0.5, 2. ]])
    >>> confusion_matrix([0, 1, 2], [0, 1, 1], labels=[0, 1])
    Traceback (most recent call last):
    ...
    ValueError: y_true has label(s) [2] not among the labels [0, 1]
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
        if classes.size < 2:
            raise ValueError(f"y_true and y_pred hold one class only ({classes.tolist()}); an "
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
