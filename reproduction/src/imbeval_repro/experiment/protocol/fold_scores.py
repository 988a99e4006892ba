"""The scores a classifier gave one outer test fold, kept compactly beside its confusion
matrices, and the indices of scores computed from them per RRT test set.

A fold result (:func:`imbeval_repro.experiment.protocol.cv.run_folds`) records per RRT test set only a
confusion matrix, which no index of scores can be computed from. :func:`score_record` keeps
what they need: the fold's class codes, the classifier's scores (``predict_proba``, else
``decision_function``) and the positions in the fold of each RRT test set's points. Arrays are
stored as base64 of little-endian binary (float32 scores, uint16 classes, uint32 positions):
a 400-point fold with its five test sets takes about 12 kB instead of the ~40 kB of indented
JSON numbers. float32 keeps 7 significant digits, more than a score's ranking or a
probability's loss needs; ties in float64 stay ties.

:func:`score_index_rows` turns one fold result back into rows ``(scheme, index, value)``, at
the test fold's own class prior or reweighted to a stated deployment prior
(:func:`imbeval.audit.prior_shift.shift_weights`' rule, written out here: protocol sits below
audit).
"""

from __future__ import annotations

import base64
import warnings

import numpy as np

from imbeval.audit.prior_shift import shift_weights
from imbeval.scores import registry as score_registry

__all__ = ["decode_array", "encode_array", "score_index_rows", "score_record"]

_DTYPES = {"float32": "<f4", "uint16": "<u2", "uint32": "<u4"}


def encode_array(values, dtype: str) -> dict:
    """``{"dtype", "shape", "data"}``: ``values`` as base64 of little-endian ``dtype``.

    Examples
    --------
    >>> decode_array(encode_array([[1, 2], [3, 4]], "uint16")).tolist()
    [[1, 2], [3, 4]]
    """
    a = np.ascontiguousarray(np.asarray(values), dtype=_DTYPES[dtype])
    return {"dtype": dtype, "shape": list(a.shape),
            "data": base64.b64encode(a.tobytes()).decode("ascii")}


def decode_array(record: dict) -> np.ndarray:
    """The array of :func:`encode_array`'s record."""
    raw = base64.b64decode(record["data"])
    return np.frombuffer(raw, dtype=_DTYPES[record["dtype"]]).reshape(record["shape"])


def score_record(fitted, X_test, y_test, test_sets) -> dict | None:
    """The compact record of one test fold's scores, or None for a model without scores.

    Parameters
    ----------
    fitted : estimator
        The fitted classifier (``predict_proba`` is preferred, else ``decision_function``).
    X_test : array-like
        The test fold's features.
    y_test : array-like of int
        Its class codes 0..C-1.
    test_sets : list of array-like of int
        Positions in the fold of each RRT test set's points (repeats allowed).

    Returns
    -------
    dict or None
        ``response`` ("proba" or "decision"), ``y``, ``scores`` (n x C for probabilities,
        n or n x C for decision values) and ``test_sets``, arrays as :func:`encode_array`.

    Examples
    --------
    >>> from sklearn.linear_model import LogisticRegression
    >>> X, y = np.arange(8.0)[:, None], np.array([0, 0, 0, 1, 0, 1, 1, 1])
    >>> rec = score_record(LogisticRegression().fit(X, y), X, y, [[0, 3, 3]])
    >>> rec["response"], decode_array(rec["scores"]).shape
    ('proba', (8, 2))
    """
    for method, response in (("predict_proba", "proba"), ("decision_function", "decision")):
        fn = getattr(fitted, method, None)
        if fn is None:
            continue
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                values = np.asarray(fn(X_test), dtype=float)
        except (AttributeError, NotImplementedError, ValueError):
            continue  # e.g. an SVC without probability=True: try the next response
        if not np.all(np.isfinite(values)):
            continue
        return {"response": response, "y": encode_array(y_test, "uint16"),
                "scores": encode_array(values, "float32"),
                "test_sets": [encode_array(ix, "uint32") for ix in test_sets]}
    return None


def _inputs(record, C):
    """(y codes, two-class positive indicator, the score of the positive, 2-D scores)."""
    y = decode_array(record["y"]).astype(np.int64)
    s = decode_array(record["scores"]).astype(np.float64)
    if record["response"] == "proba":
        # float32 rows sum to 1 only within ~1e-7: renormalise, as predict_proba's were
        s = s / s.sum(axis=1, keepdims=True)
    if C == 2:
        # class 0 is the positive (minority) class: its probability, or minus the decision
        # value of class 1 (scikit-learn's decision_function scores the second class)
        pos = s[:, 0] if s.ndim == 2 else -s
        return y, (y == 0).astype(int), pos, s if s.ndim == 2 else None
    return y, None, None, s


def score_index_rows(fold: dict, n_classes: int, *, names=None, deploy_prior=None) -> list[dict]:
    """The indices of scores of every RRT test set of one fold result.

    Parameters
    ----------
    fold : dict
        One element of a fold result's ``folds`` (with its ``scores`` record).
    n_classes : int
        The problem's number of classes.
    names : iterable of str, optional
        Indices of :func:`imbeval.scores.registry` (default all); of these, those that
        fit the problem (two classes: the two-class ones and the probability indices of
        several classes; more classes: the multi-class ones) and the response (indices of
        probabilities need ``predict_proba``).
    deploy_prior : float, optional
        Reweight each test set's classes so that the positive (minority, code 0) class has
        this share (two classes), or the minority class (code 0) this share and the others
        their own proportions (several classes); None: the test set as it is.

    Returns
    -------
    list of dict
        ``{"scheme", "index", "value"}`` per test set and index (NaN where undefined).

    Examples
    --------
    >>> from sklearn.linear_model import LogisticRegression
    >>> X, y = np.arange(8.0)[:, None], np.array([0, 0, 0, 1, 0, 1, 1, 1])
    >>> rec = score_record(LogisticRegression().fit(X, y), X, y, [np.arange(8)])
    >>> rows = score_index_rows({"scores": rec, "test_sets": [{"scheme": "1"}]}, 2,
    ...                         names=["roc_auc"])
    >>> rows[0]["scheme"], rows[0]["index"], round(rows[0]["value"], 4)
    ('1', 'roc_auc', 0.9375)
    """
    record = fold.get("scores")
    if record is None:
        return []
    registry = score_registry()
    y, positive, pos_score, s2 = _inputs(record, n_classes)
    fitting = [n for n, info in registry.items()
               if (info.response == "score" or record["response"] == "proba")
               and (info.scope == "multi-class" or n_classes == 2)
               and not (n_classes == 2 and info.scope == "multi-class"
                        and info.name.startswith("roc_auc_"))]
    names = fitting if names is None else [n for n in names if n in fitting]
    rows = []
    for ts, enc in zip(fold["test_sets"], record["test_sets"]):
        ix = decode_array(enc).astype(np.int64)
        yy = y[ix]
        if deploy_prior is None:
            weights = None
        else:
            C = n_classes
            own = np.bincount(yy, minlength=C) / yy.size
            rest = np.delete(own, 0)
            shares = np.insert(rest / rest.sum() * (1 - deploy_prior), 0, deploy_prior)
            try:
                weights = shift_weights(yy, shares)
            except ValueError:
                # a test set lacking a class has no share of it to move to the deployment
                # prior: its indices at that prior are undefined
                rows += [{"scheme": ts["scheme"], "index": name, "value": float("nan")}
                         for name in names]
                continue
        for name in names:
            info = registry[name]
            if info.scope == "two-class":
                args = (positive[ix], pos_score[ix])
                options = {}
            else:
                args = (yy, s2[ix])
                options = {"labels": np.arange(n_classes)}  # the columns, whatever is drawn
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    value = float(info.function(*args, sample_weight=weights, **options))
            except ValueError:
                value = float("nan")  # e.g. a test set lacking a class of the fold
            rows.append({"scheme": ts["scheme"], "index": name, "value": value})
    return rows
