"""scikit-learn's per-class rates and their averages (recall, precision, F-beta, Jaccard,
specificity, G-mean) of a label matrix, with scikit-learn's rules for undefined classes.

The names ``recall``, ``precision``, ``f1``, ``fbeta``, ``jaccard``, ``sensitivity``,
``specificity`` and ``geometric_mean`` with an ``average=`` are scikit-learn's and
imbalanced-learn's functions, so :func:`imbeval.metrics.score` computes them here as those
libraries do: per class one-vs-rest, then averaged ("micro": the counts summed; "macro":
the mean; "weighted": weighted by the classes' true counts, so a class without samples adds
nothing; ``zero_division=NaN`` leaves undefined classes out of the average). imbeval's own
averaged indices (``acsa``, ``weighted_recall``, ``gmean_sens_spec_weighted``, ...) are the
registry's, where an undefined class makes the index undefined.
"""

from __future__ import annotations

import numpy as np

__all__ = ["RATE_NAMES", "AVERAGES", "averaged_rate", "class_rates"]

#: The names whose average= this module computes (geometric_mean's "multiclass" is the
#: registered gmean instead).
RATE_NAMES = ("recall", "precision", "f1", "fbeta", "jaccard", "sensitivity", "specificity",
              "geometric_mean")
AVERAGES = ("binary", "micro", "macro", "weighted")


def class_rates(base, cm, beta=1.0):
    """Per-class (numerator, denominator) of a rate, one class against the others.

    Parameters
    ----------
    base : str
        One of :data:`RATE_NAMES` but geometric_mean.
    cm : ndarray of shape (C, C)
        Rows true, columns predicted.
    beta : float, default 1
        F-beta's beta (``fbeta`` only).

    Returns
    -------
    (ndarray of shape (C,), ndarray of shape (C,))

    Examples
    --------
    >>> import numpy as np
    >>> from imbeval.metrics._rates import class_rates
    >>> class_rates("precision", np.array([[3.0, 1.0], [0.0, 2.0]]))
    (array([3., 2.]), array([3., 3.]))
    """
    tp = np.diagonal(cm).astype(float)
    true, pred, total = cm.sum(axis=1), cm.sum(axis=0), cm.sum()
    if base in ("recall", "sensitivity"):
        return tp, true
    if base == "precision":
        return tp, pred
    if base in ("f1", "fbeta"):
        b2 = 1.0 if base == "f1" else float(beta) ** 2
        return (1 + b2) * tp, b2 * true + pred
    if base == "jaccard":
        return tp, true + pred - tp
    if base == "specificity":
        return total - true - pred + tp, total - true
    raise ValueError(f"no per-class rate {base!r}")


def _divide(numerator, denominator, z):
    safe = np.where(denominator > 0, denominator, 1.0)
    return np.where(denominator > 0, numerator / safe, z)


def _average(values, weights, average, z):
    """scikit-learn's average of per-class values: NaN classes (zero_division=NaN) left out;
    a weighted average whose remaining classes all have zero support is their plain mean
    (scikit-learn's ``_nanaverage`` drops all-zero weights: with ``y_true = [0]``,
    ``y_pred = [1]`` and NaN for 0/0, class 0's precision is NaN and class 1's, 0, has
    support 0, so the weighted precision is 0.0)."""
    if np.isnan(z):
        keep = ~np.isnan(values)
        values, weights = values[keep], weights[keep]
        if values.size == 0:
            return np.nan
    if average == "macro":
        return float(np.mean(values))
    total = weights.sum()
    return float(np.sum(values * weights) / total) if total > 0 else float(np.mean(values))


def _plain(base, cm, average, positive, z, beta):
    """The rate with every undefined ratio ``z`` (scikit-learn's rule) and whether any ratio
    that enters it is undefined."""
    if base == "geometric_mean":
        sens, sens_undefined = _plain("sensitivity", cm, average, positive, z, beta)
        spec, spec_undefined = _plain("specificity", cm, average, positive, z, beta)
        value = np.sqrt(sens * spec)
        return (value if average is None else float(value)), sens_undefined | spec_undefined
    numerator, denominator = class_rates(base, cm, beta)
    if average == "micro":
        num, den = numerator.sum(), denominator.sum()
        return (float(num / den) if den > 0 else float(z)), bool(den == 0)
    values = _divide(numerator, denominator, z)
    if average is None:
        return values, bool(np.any(denominator == 0))
    if average == "binary":
        return float(values[positive]), bool(denominator[positive] == 0)
    return _average(values, cm.sum(axis=1), average, z), bool(np.any(denominator == 0))


def averaged_rate(base, cm, average, zero_division, positive=None, beta=1.0, *,
                  best_allowed=False):
    """A rate of :data:`RATE_NAMES` with scikit-learn's ``average`` and ``zero_division``.

    Parameters
    ----------
    base : str
    cm : ndarray of shape (C, C)
    average : {"binary", "micro", "macro", "weighted"} or None
    zero_division : float
        The value of an undefined ratio (0 for scikit-learn's "warn"; NaN leaves undefined
        classes out of the averages). A number never gives an undefined rate its best value
        1.0: where the rate is undefined with NaN and would be 1.0, it is NaN (imbeval's rule).
    positive : int, optional
        The row of ``pos_label`` (``average="binary"``).
    beta : float, default 1
    best_allowed : bool, default False
        True: a number ``zero_division`` is the value of every undefined ratio, 1.0
        included, as in scikit-learn (the drop-in functions follow it to the letter).

    Returns
    -------
    (float or ndarray of shape (C,), bool)
        The rate (per class for ``average=None``) and whether an undefined ratio entered it
        (scikit-learn warns then).

    Examples
    --------
    >>> import numpy as np
    >>> from imbeval.metrics._rates import averaged_rate
    >>> cm = np.array([[1.0, 0.0, 0.0], [0.0, 2.0, 1.0], [0.0, 0.0, 0.0]])  # class 2 never true
    >>> value, undefined = averaged_rate("recall", cm, "macro", 0.0)
    >>> round(value, 4), undefined  # (1 + 2/3 + 0) / 3
    (0.5556, True)
    >>> round(averaged_rate("recall", cm, "macro", np.nan)[0], 4)  # class 2 left out
    0.8333
    >>> averaged_rate("recall", cm, None, 1.0)[0]  # 1.0 would be a perfect undefined recall
    array([1.        , 0.66666667,        nan])
    >>> averaged_rate("recall", cm, None, 1.0, best_allowed=True)[0]  # scikit-learn's
    array([1.        , 0.66666667, 1.        ])
    """
    value, undefined = _plain(base, cm, average, positive, zero_division, beta)
    if undefined and not np.isnan(zero_division) and not best_allowed:
        strict = _strict(base, cm, average, positive, beta)
        value = np.where(np.isnan(strict) & (np.asarray(value) >= 1.0 - 1e-12), np.nan, value)
        value = value if average is None else float(value)
    return value, undefined


def _strict(base, cm, average, positive, beta):
    """The rate with undefined ratios NaN and no class left out: where it is NaN, the rate is
    undefined (the rule behind :func:`averaged_rate`'s NaN)."""
    if base == "geometric_mean":
        return np.sqrt(_strict("sensitivity", cm, average, positive, beta)
                       * _strict("specificity", cm, average, positive, beta))
    numerator, denominator = class_rates(base, cm, beta)
    if average == "micro":
        return numerator.sum() / denominator.sum() if denominator.sum() > 0 else np.nan
    values = _divide(numerator, denominator, np.nan)
    if average is None:
        return values
    if average == "binary":
        return values[positive]
    if average == "macro":
        return np.mean(values)
    weights = cm.sum(axis=1)
    return np.sum(np.where(weights > 0, values, 0.0) * weights) / weights.sum()
