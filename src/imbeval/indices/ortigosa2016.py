"""Hölder means of the recalls and the competitiveness bounds of Ortigosa-Hernández et al.

J. Ortigosa-Hernández, I. Inza, J. A. Lozano, *Towards competitive classifiers for
unbalanced classification problems: a study on the performance scores*, arXiv:1608.08984
(2016).

Local scores of a K-class confusion matrix A = [a_ij] (rows true, columns predicted):
recall R^i = a_ii / Σ_j a_ij and precision P^i = a_ii / Σ_j a_ji. Global scores are Hölder
(power) means of the recalls (Definition 1)::

    M_p(a, ζ) = (Σ_i ζ_i a_i^p)^(1/p),       Σ_i ζ_i = 1, ζ_i ≥ 0,

with the limits M_0 = Π_i a_i^ζ_i, M_{+∞} = max_i a_i and M_{−∞} = min_i a_i (over the
classes with ζ_i > 0; the paper prints ζ_i·a_i inside max/min, which is not the limit).
Acc = M_1(R, η) with η the class priors; the unweighted means (ζ_i = 1/K) are
A = M_1, G = M_0, H = M_{−1}, max = M_{+∞}, min = M_{−∞}.

The paper's tables take 0/0 = 1 for the recall of a class whose decision region is empty;
pass ``zero_division=1`` for that reading.
"""

from __future__ import annotations

import numpy as np

from imbeval.indices._common import class_priors, precisions, recalls
from imbeval.indices._ortigosa2016_bounds import competitiveness, s_inf, s_sup  # noqa: F401
from imbeval.indices._registry import MULTI_CLASS, register_index
from imbeval.indices._validation import check_real, validate_params

__all__ = [
    "class_recalls",
    "class_precisions",
    "holder_mean",
    "holder_mean_of_recalls",
    "weighted_accuracy",
    "a_mean",
    "g_mean",
    "h_mean",
    "min_recall",
    "max_recall",
    "s_sup",
    "s_inf",
    "competitiveness",
]

PAPER = "ortigosa2016"


def _check_p(p, name):
    # any real order, ±inf included (the max and min limits)
    return check_real(p, name)


def _check_weights(weights, name):
    if isinstance(weights, str) and weights != "priors":
        raise ValueError(f"{name} must be None, an array or 'priors', got {weights!r}")
    return weights


@validate_params(stack="cm")
def class_recalls(cm, zero_division=np.nan):
    """Per-class recalls R^i = a_ii / Σ_j a_ij (ortigosa2016, section 2).

    Parameters
    ----------
    cm : array_like of shape (..., K, K)
        Confusion matrices, rows = true class, columns = predicted class.
    zero_division : float, default NaN
        Value of a ratio whose denominator is 0 (the paper's tables read 0/0 as 1).

    Returns
    -------
    ndarray of shape (..., K)

    Examples
    --------
    >>> from imbeval.indices.ortigosa2016 import class_recalls
    >>> class_recalls([[5, 1, 0], [1, 3, 1], [0, 2, 4]]).round(4)
    array([0.8333, 0.6   , 0.6667])
    """
    return recalls(cm, zero_division)


@validate_params(stack="cm")
def class_precisions(cm, zero_division=np.nan):
    """Per-class precisions P^i = a_ii / Σ_j a_ji (ortigosa2016, section 2).

    Parameters
    ----------
    cm : array_like of shape (..., K, K)
        Confusion matrices, rows = true class, columns = predicted class.
    zero_division : float, default NaN
        Value of a ratio whose denominator is 0 (the paper's tables read 0/0 as 1).

    Returns
    -------
    ndarray of shape (..., K)

    Examples
    --------
    >>> from imbeval.indices.ortigosa2016 import class_precisions
    >>> class_precisions([[5, 1, 0], [1, 3, 1], [0, 2, 4]]).round(4)
    array([0.8333, 0.5   , 0.8   ])
    """
    return precisions(cm, zero_division)


@validate_params(p=_check_p)
def holder_mean(values, p, weights=None):
    """Weighted Hölder mean M_p(a, ζ) = (Σ_i ζ_i a_i^p)^(1/p) over the last axis.

    Definition 1 of ortigosa2016, with the limits M_0 = Π a_i^ζ_i, M_{+∞} = max and
    M_{−∞} = min over the weighted entries.

    Parameters
    ----------
    values : array_like of shape (..., K), non-negative (NaN propagates).
    p : float, any real number or ±inf. p = 0 is the weighted geometric mean.
    weights : array_like broadcastable to (..., K), optional
        Non-negative, summing to 1 along the last axis; uniform 1/K by default.

    Notes
    -----
    Computed as s·(Σ ζ_i (a_i/s)^p)^(1/p) with s the largest value (p > 0) or the smallest
    (p < 0) among the weighted entries, so ``|p|`` in the hundreds neither overflows nor
    underflows; for ``|p| < 1e-3`` through log1p/expm1, so M_p tends smoothly to M_0. For
    p ≤ 0 a weighted zero gives 0.

    Returns
    -------
    ndarray of shape (...)

    Raises
    ------
    ValueError
        If ``p`` is not a real number, ``values`` are negative or have an empty last axis,
        or ``weights`` are negative, non-finite or do not sum to 1.

    Examples
    --------
    >>> from imbeval.indices.ortigosa2016 import holder_mean
    >>> float(holder_mean([0.5, 1.0], 2))  # sqrt((0.25 + 1) / 2)
    0.7905694150420949
    >>> round(float(holder_mean([0.5, 1.0], 0, weights=[0.25, 0.75])), 4)  # 0.5^0.25
    0.8409
    >>> holder_mean([[0.5, 1.0], [0.2, 0.4]], -np.inf)
    array([0.5, 0.2])
    """
    a = np.asarray(values, dtype=np.float64)
    if a.ndim < 1 or a.shape[-1] < 1:
        raise ValueError("holder_mean needs values with a non-empty last axis")
    if np.any(a < 0):
        raise ValueError("holder_mean is defined for non-negative values only")
    k = a.shape[-1]
    if weights is None:
        w = np.full(a.shape, 1.0 / k)
    else:
        w = np.broadcast_to(np.asarray(weights, dtype=np.float64), a.shape)
        if np.any(w < 0) or not np.all(np.isfinite(w)):
            raise ValueError("holder_mean weights must be finite and non-negative")
        if not np.allclose(w.sum(axis=-1), 1.0):
            raise ValueError("holder_mean weights must sum to 1 along the last axis")
    p = float(p)
    used = w > 0
    nan = np.any(np.isnan(a) & used, axis=-1)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        if p == np.inf:
            out = np.max(np.where(used, a, -np.inf), axis=-1)
        elif p == -np.inf:
            out = np.min(np.where(used, a, np.inf), axis=-1)
        elif p == 0:
            logs = np.where(used, np.log(a), 0.0)
            out = np.exp(np.sum(w * logs, axis=-1))
        elif abs(p) < 1e-3:
            # Near the geometric mean: log Σ ζ a^p = log1p(Σ ζ expm1(p ln a)) keeps the
            # relative accuracy that 1/p would otherwise amplify.
            logs = np.where(used, np.log(a), 0.0)
            inner = np.log1p(np.sum(np.where(used, w * np.expm1(p * logs), 0.0), axis=-1))
            out = np.exp(inner / p)
        else:
            if p > 0:
                scale = np.max(np.where(used, a, -np.inf), axis=-1)
            else:
                scale = np.min(np.where(used, a, np.inf), axis=-1)
            safe_scale = np.where(scale > 0, scale, 1.0)
            ratio = a / safe_scale[..., None]
            terms = np.where(used, w * ratio**p, 0.0)
            out = safe_scale * np.sum(terms, axis=-1) ** (1.0 / p)
            # all weighted values 0 (p > 0), or one weighted zero (p < 0): the mean is 0
            out = np.where(scale > 0, out, 0.0)
    return np.where(nan, np.nan, out)


@validate_params(stack="cm", p=_check_p, weights=_check_weights)
def holder_mean_of_recalls(cm, p, weights=None, zero_division=np.nan):
    """M_p(R, ζ): the Hölder mean of the per-class recalls (ortigosa2016, Definition 1).

    Parameters
    ----------
    cm : array_like of shape (..., K, K)
        Confusion matrices, rows = true class, columns = predicted class.
    p : float
        Order of the mean, any real number or ±inf (see :func:`holder_mean`).
    weights : None, array_like of shape (..., K) or "priors"
        None for uniform weights 1/K; "priors" for the true-class priors η_i = n_i / n.
    zero_division : float, default NaN
        Value of a ratio whose denominator is 0.

    Returns
    -------
    ndarray of shape (...)

    Examples
    --------
    >>> from imbeval.indices.ortigosa2016 import holder_mean_of_recalls
    >>> cm = [[5, 1, 0], [1, 3, 1], [0, 2, 4]]
    >>> round(float(holder_mean_of_recalls(cm, -1)), 4)  # harmonic mean of 5/6, 3/5, 4/6
    0.687
    >>> round(float(holder_mean_of_recalls(cm, 1, weights="priors")), 4)  # accuracy 12/17
    0.7059
    """
    m = cm
    r = recalls(m, zero_division)
    if isinstance(weights, str):
        weights = class_priors(m, zero_division)
    return holder_mean(r, p, weights)


@validate_params(stack="cm")
def weighted_accuracy(cm, zero_division=np.nan):
    """Acc = M_1(R, η): recalls weighted by the class priors η_i = n_i / n (ortigosa2016, Table 1).

    The same quantity as overall accuracy (registered as ``accuracy``), computed as a mean
    of recalls: it can differ from ``accuracy`` in the last bit, and an empty matrix with a
    numeric ``zero_division`` raises here (its priors are not weights). Undefined for an
    empty matrix.

    Parameters
    ----------
    cm : array_like of shape (..., K, K)
        Confusion matrices, rows = true class, columns = predicted class.
    zero_division : float, default NaN
        Value of a ratio whose denominator is 0.

    Returns
    -------
    ndarray of shape (...)

    Examples
    --------
    >>> from imbeval.indices.ortigosa2016 import weighted_accuracy
    >>> round(float(weighted_accuracy([[5, 1, 0], [1, 3, 1], [0, 2, 4]])), 4)  # 12 / 17
    0.7059
    """
    return holder_mean_of_recalls(cm, 1.0, weights="priors", zero_division=zero_division)


# Same quantities as indices of other papers, computed as Hölder means: equal up to the last
# bit, but not bit for bit, and a Hölder mean rejects negative recalls (a negative
# zero_division), so they are separate indices, not aliases.
_MEAN_NOTES = {
    "a_mean": "\n    The same quantity as ``acsa`` / ``macro_recall`` (mean recall), computed as a"
    "\n    Hölder mean: equal up to rounding, but not an alias (a negative ``zero_division``"
    "\n    raises here).",
    "g_mean": "\n    The same quantity as mullick2020's ``gmean``, computed as a Hölder mean: equal"
    "\n    up to rounding, but not an alias (a negative ``zero_division`` raises here).",
}

_MEAN_EXAMPLES = {
    "a_mean": "0.7",
    "g_mean": "0.6934",
    "h_mean": "0.687",
    "max_recall": "0.8333",
    "min_recall": "0.6",
}


def _register_mean(name, p, symbol, description):
    formula = {
        1.0: "(1/K) Σ_i R^i",
        0.0: "(Π_i R^i)^(1/K)",
        -1.0: "K / Σ_i (1/R^i)",
        np.inf: "max_i R^i",
        -np.inf: "min_i R^i",
    }[p]

    def index(cm, zero_division=np.nan):
        return holder_mean_of_recalls(cm, p, zero_division=zero_division)

    index.__name__ = name
    index.__qualname__ = name
    index.__doc__ = (
        f"{description[0].upper()}{description[1:]}: the unweighted Hölder mean ``M_{p}`` of "
        f"the recalls, {symbol} = {formula} (ortigosa2016, Table 1).\n\n"
        "    Undefined when a class has no true points (unless ``zero_division`` is given)."
        + _MEAN_NOTES.get(name, "")
        + "\n\n    Examples\n    --------\n"
        f"    >>> from imbeval.indices.ortigosa2016 import {name}\n"
        "    >>> cm = [[5, 1, 0], [1, 3, 1], [0, 2, 4]]  # recalls 5/6, 3/5, 4/6\n"
        f"    >>> round(float({name}(cm)), 4)\n    {_MEAN_EXAMPLES[name]}\n"
    )
    return register_index(
        name=name,
        paper=PAPER,
        symbol=symbol,
        formula=formula,
        scope=MULTI_CLASS,
        bounds=(0, 1),
        description=description,
    )(index)


a_mean = _register_mean("a_mean", 1.0, "A", "arithmetic mean of the recalls")
g_mean = _register_mean("g_mean", 0.0, "G", "geometric mean of the recalls")
h_mean = _register_mean("h_mean", -1.0, "H", "harmonic mean of the recalls")
max_recall = _register_mean("max_recall", np.inf, "max", "largest recall")
min_recall = _register_mean("min_recall", -np.inf, "min", "smallest recall")
