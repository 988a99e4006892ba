"""Checks of the arguments every index of scores takes (scikit-learn's conventions).

``y_true`` are class labels, ``y_score`` one score per sample (the positive class's
probability or any decision value, higher meaning more positive) or, for several classes,
one column per class in the sorted order of ``labels``. Every check names the argument it
refuses, so a user of ``GridSearchCV`` sees which one is wrong.
"""

from __future__ import annotations

import numpy as np

__all__ = []


def labels_1d(y_true, name: str = "y_true") -> np.ndarray:
    """``y_true`` as a 1-D array (a column vector is flattened); no NaN, at least 1 sample."""
    y = np.asarray(y_true)
    if y.ndim == 2 and y.shape[1] == 1:
        y = y[:, 0]
    if y.ndim != 1:
        raise ValueError(f"{name} must be 1-D class labels, got shape {y.shape}")
    if y.size == 0:
        raise ValueError(f"{name} is empty")
    if y.dtype.kind == "f" and not np.all(np.isfinite(y)):
        raise ValueError(f"{name} holds NaN or infinity")
    return y


def scores_1d(y_score, n: int, name: str = "y_score") -> np.ndarray:
    """One finite float score per sample."""
    s = np.asarray(y_score, dtype=float)
    if s.ndim == 2 and s.shape[1] == 1:
        s = s[:, 0]
    if s.ndim != 1:
        raise ValueError(f"{name} must hold one score per sample for two classes, got shape "
                         f"{s.shape}; for several classes pass multi_class='ovr' or 'ovo'")
    if s.shape[0] != n:
        raise ValueError(f"{name} has {s.shape[0]} samples, y_true has {n}")
    if not np.all(np.isfinite(s)):
        raise ValueError(f"{name} holds NaN or infinity")
    return s


def weights(sample_weight, n: int) -> np.ndarray:
    """Non-negative finite weights, not all zero (ones when None)."""
    if sample_weight is None:
        return np.ones(n)
    w = np.asarray(sample_weight, dtype=float)
    if w.ndim != 1 or w.shape[0] != n:
        raise ValueError(f"sample_weight must have shape ({n},), got {w.shape}")
    if not np.all(np.isfinite(w)) or np.any(w < 0):
        raise ValueError("sample_weight must be finite and non-negative")
    if not w.sum() > 0:
        raise ValueError("sample_weight sums to zero")
    return w


def positive_mask(y: np.ndarray, pos_label) -> np.ndarray:
    """Boolean mask of the positive class of a two-class ``y`` (scikit-learn's default rule:
    ``pos_label=None`` means 1 for labels {0, 1} or {-1, 1}, else it must be given)."""
    classes = np.unique(y)
    if classes.size > 2:
        raise ValueError(f"y_true has {classes.size} classes {classes.tolist()}; this index is "
                         "two-class (pass multi_class= where the index has one)")
    if pos_label is None:
        known = {0, 1, -1}
        if y.dtype.kind in "iub" or (y.dtype.kind == "f" and set(classes.tolist()) <= known):
            if not set(classes.tolist()) <= known:
                raise ValueError(f"pos_label=None needs labels in {{0, 1}} or {{-1, 1}}, y_true "
                                 f"has {classes.tolist()}; pass pos_label=")
            pos_label = 1
        else:
            raise ValueError(f"y_true's labels {classes.tolist()} are not 0/1; pass pos_label=")
    elif pos_label not in classes.tolist() and classes.size == 2:
        raise ValueError(f"pos_label={pos_label!r} is not a label of y_true {classes.tolist()}")
    return y == pos_label


def class_columns(y: np.ndarray, y_score, labels, name: str = "y_score"):
    """``(codes, scores, classes)``: ``y`` as column numbers of a 2-D ``y_score`` whose columns
    are ``labels`` (default: the sorted classes of ``y_true``)."""
    s = np.asarray(y_score, dtype=float)
    classes = np.unique(y) if labels is None else np.asarray(labels)
    if labels is not None and np.unique(classes).size != classes.size:
        raise ValueError("labels holds a label twice")
    if s.ndim != 2 or s.shape[1] != classes.size:
        raise ValueError(f"{name} must have shape ({y.shape[0]}, {classes.size}), one column per "
                         f"class of {'labels' if labels is not None else 'y_true'}, got {s.shape}")
    if s.shape[0] != y.shape[0]:
        raise ValueError(f"{name} has {s.shape[0]} samples, y_true has {y.shape[0]}")
    if not np.all(np.isfinite(s)):
        raise ValueError(f"{name} holds NaN or infinity")
    order = np.argsort(classes, kind="stable")
    pos = np.searchsorted(classes[order], y)
    pos = np.clip(pos, 0, classes.size - 1)
    codes = order[pos]
    if not np.all(classes[codes] == y):
        unknown = sorted(set(np.unique(y).tolist()) - set(classes.tolist()))
        raise ValueError(f"y_true holds labels {unknown} that are not in labels")
    return codes, s, classes


def probabilities(p: np.ndarray, name: str = "y_proba") -> np.ndarray:
    """Refuse values outside [0, 1] (a decision function passed where probabilities belong)."""
    if np.any(p < 0) or np.any(p > 1):
        raise ValueError(f"{name} must be probabilities in [0, 1] (predict_proba), got values in "
                         f"[{p.min():.3g}, {p.max():.3g}]")
    return p


def prior(value, name: str) -> float:
    """A class share strictly between 0 and 1."""
    v = float(value)
    if not 0.0 < v < 1.0:
        raise ValueError(f"{name} must lie strictly between 0 and 1, got {value!r}")
    return v
