"""Intervals of indices from one confusion matrix: the five methods, on counts.

An index of a test set's matrix estimates the index of the population matrix ``n · P`` (``P``
the cell probabilities of the classifier on the population, ``n`` the test set's size). Each
method here turns the observed counts into an interval for that target:

- ``"wilson"``, ``"jeffreys"`` -- single rates only (accuracy, sensitivity, specificity,
  precision, the Hamming loss): ``k`` successes of ``m`` trials, the Wilson score interval and
  the equal-tailed Jeffreys interval (Brown, Cai, DasGupta 2001);
- ``"dirichlet"`` -- any index: draws of ``P`` from the Dirichlet posterior of the
  multinomial matrix (counts + ``prior`` in every cell), every index computed on the one
  stack of draws ``n · P`` by :func:`imbeval.indices.compute`, equal-tailed quantiles;
- ``"delta"`` -- any smooth index: ``value ± z · se`` with ``se² = g' (diag p − p p') g / n``,
  ``g`` the gradient with respect to the cell proportions. Closed-form gradients for F1
  (Takahashi et al. 2022) and MCC (Itaya et al. 2024) of two-class matrices; central
  differences through the index engine for every other index (one stack of ``2 C²``
  perturbed matrices);
- ``"bootstrap"`` -- the percentile bootstrap of the test set: multinomial resamples of the
  counts (resampling the test points), every index on the one stack;
- ``"logit"`` -- for small counts: the index and its delta-method standard error on the
  counts plus the posterior's pseudo-counts (no cell empty, no estimate at an end of the
  range), the interval built on the logit scale of the index's range (the log scale of a
  range open above) and mapped back (:func:`transformed_interval`), so that it is
  asymmetric near an end and never leaves the range.

The same functions take paired counts: a stack of joint cells ``(C, C, C)`` -- true class,
prediction of A, prediction of B -- whose draws are pushed through the margins, and give
the interval of ``index(A) − index(B)``.

References: Brown, Cai, DasGupta, Interval estimation for a binomial proportion, Statist.
Sci. 16 (2001) 101-133; Takahashi, Yamamoto, Kuchiba, Koyama, Confidence interval for
micro-averaged F1 and macro-averaged F1 scores, Applied Intelligence 52 (2022) 4961-4972;
Itaya, Tamura, Tamura, Yamamoto, Asymptotic properties of Matthews correlation coefficient,
arXiv:2405.12622 (2024).
"""

from __future__ import annotations

import math

import numpy as np

from imbeval.inference._interval_methods import (equal_tailed, holding, jeffreys,
                                                normal_quantile, wilson)

__all__ = ["RATES", "rate_counts", "wilson", "jeffreys", "dirichlet_draws", "bootstrap_draws",
           "delta_se", "closed_form_gradient", "equal_tailed", "holding", "pseudo_count",
           "transformed_interval", "held_ends", "normal_quantile",
           "DEFAULT_DRAWS", "DEFAULT_PRIOR"]

#: draws of the Dirichlet posterior and of the bootstrap when none are given
DEFAULT_DRAWS = 4000
#: the Dirichlet prior's count in every cell: None is 1/C (one pseudo-count per true class,
#: spread over its row). Jeffreys' 1/2 per cell put C²/2 pseudo-counts on a matrix and pulled
#: a 10-class matrix with 20 points in its smallest class to a 13 % coverage of ACSA; 1/C
#: gave 84-99 % on average over the indices, 1/C² less for the entropies
#: (benchmarks/single_test_intervals.py; docs/metrics.md)
DEFAULT_PRIOR = None


def _accuracy(cm, pos):
    k = np.trace(cm, axis1=-2, axis2=-1)
    return k, cm.sum(axis=(-2, -1))


def _hamming(cm, pos):
    k, m = _accuracy(cm, pos)
    return m - k, m


def _sensitivity(cm, pos):
    return cm[..., pos, pos], cm[..., pos, :].sum(axis=-1)


def _specificity(cm, pos):
    neg = 1 - pos
    return cm[..., neg, neg], cm[..., neg, :].sum(axis=-1)


def _precision(cm, pos):
    return cm[..., pos, pos], cm[..., :, pos].sum(axis=-1)


#: the single rates ``k / m`` of the registry: name -> f(cm, positive row) -> (k, m)
#: (tests/test_metrics_intervals.py checks ``k / m`` against the index for each)
RATES = {
    "accuracy": _accuracy, "overall_acc": _accuracy, "hamming_loss": _hamming,
    "sensitivity": _sensitivity, "specificity": _specificity, "precision": _precision,
    "precision_binary": _precision,
}


def rate_counts(name, cm, positive=0):
    """``(k, m)``: the successes and trials of the single rate ``name`` of ``cm``.

    Parameters
    ----------
    name : str
        A key of :data:`RATES`.
    cm : ndarray of shape (..., C, C)
    positive : int
        The positive row of two-class rates.

    Returns
    -------
    (ndarray, ndarray)

    Examples
    --------
    >>> import numpy as np
    >>> [float(x) for x in rate_counts("precision", np.array([[3.0, 1.0], [2.0, 4.0]]))]
    [3.0, 5.0]
    """
    return RATES[name](np.asarray(cm, dtype=float), positive)


def dirichlet_draws(counts, draws, prior, rng):
    """``draws`` matrices ``n · P``, ``P`` from the Dirichlet posterior of the counts.

    Parameters
    ----------
    counts : ndarray of shape (C, C) or (C, C, C)
        The observed cells (joint cells for a paired comparison).
    draws : int
    prior : float or None
        The prior's count in every cell (> 0); None: one per true class, spread over its
        cells (1/C per cell of a matrix, 1/C² of paired joint counts).
    rng : numpy.random.Generator

    Returns
    -------
    ndarray of shape (draws, *counts.shape)

    Examples
    --------
    >>> import numpy as np
    >>> d = dirichlet_draws(np.array([[8.0, 2.0], [1.0, 9.0]]), 5, 0.5,
    ...                     np.random.default_rng(0))
    >>> d.shape, bool(np.allclose(d.sum(axis=(1, 2)), 20))
    ((5, 2, 2), True)
    """
    counts = np.asarray(counts, dtype=float)
    n = counts.sum()
    prior = pseudo_count(counts, prior)
    # gamma variates normalised: the Dirichlet, without numpy's per-row Python loop
    gamma = rng.standard_gamma(counts.ravel() + prior, size=(draws, counts.size))
    p = gamma / gamma.sum(axis=1, keepdims=True)
    return (n * p).reshape((draws, *counts.shape))


def pseudo_count(counts, prior):
    """The prior's count per cell: ``prior``, or with None one per true class spread over
    its cells (1/C per cell of a matrix, 1/C² of paired joint counts).

    Examples
    --------
    >>> import numpy as np
    >>> pseudo_count(np.zeros((4, 4)), None), pseudo_count(np.zeros((2, 2)), 0.5)
    (0.25, 0.5)
    """
    counts = np.asarray(counts)
    return counts.shape[0] / counts.size if prior is None else float(prior)


def bootstrap_draws(counts, draws, rng):
    """``draws`` resampled matrices: the test points drawn with replacement, as counts.

    Parameters
    ----------
    counts : ndarray of shape (C, C) or (C, C, C)
        Observed cells; a non-integer total (weights) is rounded for the resample size.
    draws : int
    rng : numpy.random.Generator

    Returns
    -------
    ndarray of shape (draws, *counts.shape)

    Examples
    --------
    >>> import numpy as np
    >>> b = bootstrap_draws(np.array([[8.0, 2.0], [1.0, 9.0]]), 3, np.random.default_rng(0))
    >>> b.shape, b.sum(axis=(1, 2)).tolist()
    ((3, 2, 2), [20.0, 20.0, 20.0])
    """
    counts = np.asarray(counts, dtype=float)
    n = counts.sum()
    size = max(int(round(n)), 1)
    out = rng.multinomial(size, counts.ravel() / n, size=draws).astype(float)
    return out.reshape((draws, *counts.shape))


def _f1_gradient(p, pos):
    neg = 1 - pos
    a, b, c = p[pos, pos], p[pos, neg], p[neg, pos]  # TP, FN, FP proportions
    d2 = (2 * a + b + c) ** 2
    g = np.zeros_like(p)
    g[pos, pos] = 2 * (b + c) / d2
    g[pos, neg] = g[neg, pos] = -2 * a / d2
    return g


def _mcc_gradient(p, pos):
    neg = 1 - pos
    tp, fn, fp, tn = p[pos, pos], p[pos, neg], p[neg, pos], p[neg, neg]
    r1, r0, c1, c0 = tp + fn, fp + tn, tp + fp, fn + tn  # true and predicted margins
    num, prod = tp * tn - fp * fn, r1 * r0 * c1 * c0
    root = math.sqrt(prod)
    # d(num / root) = d num / root - num / (2 root) * d log(prod)
    half = num / (2 * root)
    g = np.zeros_like(p)
    g[pos, pos] = tn / root - half * (1 / r1 + 1 / c1)
    g[neg, neg] = tp / root - half * (1 / r0 + 1 / c0)
    g[pos, neg] = -fp / root - half * (1 / r1 + 1 / c0)
    g[neg, pos] = -fn / root - half * (1 / r0 + 1 / c1)
    return g


#: closed-form gradients of two-class indices with respect to the cell proportions
_CLOSED_FORMS = {"f1": _f1_gradient, "mcc": _mcc_gradient}


def closed_form_gradient(name, cm, positive=0):
    """The closed-form gradient of a two-class index with respect to the cell proportions,
    or None where there is none here (F1: Takahashi et al. 2022; MCC: Itaya et al. 2024).

    Parameters
    ----------
    name : str
        ``"f1"`` or ``"mcc"`` (others give None).
    cm : ndarray of shape (2, 2)
    positive : int

    Returns
    -------
    ndarray of shape (2, 2) or None

    Examples
    --------
    >>> import numpy as np
    >>> closed_form_gradient("f1", np.array([[5.0, 0.0], [0.0, 5.0]])).tolist()  # no FN, FP
    [[0.0, -1.0], [-1.0, 0.0]]
    """
    cm = np.asarray(cm, dtype=float)
    if name not in _CLOSED_FORMS or cm.shape != (2, 2):
        return None
    p = cm / cm.sum()
    with np.errstate(divide="ignore", invalid="ignore"):
        g = _CLOSED_FORMS[name](p, positive)
    return g if np.isfinite(g).all() else None


def numerical_gradients(evaluate, counts, step=1e-4):
    """Central-difference gradients of every index with respect to the cell proportions.

    ``evaluate(stack) -> {name: values}`` computes the indices of a stack of matrices with
    the shape of ``counts``; each non-empty cell is moved by ``± step`` times its own share
    (an empty cell adds nothing to the variance, where an index's slope may be infinite).

    Returns
    -------
    dict mapping name -> ndarray of the shape of ``counts`` (zeros at empty cells)
    """
    counts = np.asarray(counts, dtype=float)
    n = counts.sum()
    p = counts.ravel() / n
    cells = np.flatnonzero(p > 0)
    h = step * p[cells]
    stack = np.repeat(p[None, :], 2 * cells.size, axis=0)
    stack[np.arange(cells.size), cells] += h
    stack[cells.size + np.arange(cells.size), cells] -= h
    values = evaluate((n * stack).reshape((2 * cells.size, *counts.shape)))
    out = {}
    for name, v in values.items():
        v = np.asarray(v, dtype=float)
        g = np.zeros(p.size)
        g[cells] = (v[:cells.size] - v[cells.size:]) / (2 * h)
        out[name] = g.reshape(counts.shape)
    return out


def delta_se(gradient, counts):
    """The delta method's standard error ``sqrt(g' (diag p − p p') g / n)`` of a statistic
    of multinomial cell proportions ``p = counts / n``.

    Examples
    --------
    >>> import numpy as np
    >>> g = np.array([[1.0, 0.0], [0.0, 1.0]])  # accuracy's gradient
    >>> round(delta_se(g, np.array([[40.0, 10.0], [10.0, 40.0]])), 6)  # sqrt(.8 · .2 / 100)
    0.04
    """
    counts = np.asarray(counts, dtype=float)
    n = counts.sum()
    p = counts.ravel() / n
    g = np.asarray(gradient, dtype=float).ravel()
    if not np.isfinite(g[p > 0]).all():
        return math.nan
    g = np.where(p > 0, g, 0.0)
    mean = float(g @ p)
    var = float((g * g) @ p - mean * mean)
    return math.sqrt(max(var, 0.0) / n)


def transformed_interval(value, se, low_end, high_end, level):
    """The delta method's interval ``value ± z · se`` built on a scale that maps the index's
    range onto the real line, mapped back: the logit of ``(v − low) / (high − low)`` for a
    bounded range, ``log(v − low)`` for ``[low, ∞)``, ``log(high − v)`` for ``(−∞, high]``,
    ``v`` itself for the whole line. Where the transformed standard error is not finite
    (the value at an end) the interval on the index's own scale, clipped to the range.

    Vectorised: ``value`` and ``se`` arrays of one shape; the ends are the index's.

    Parameters
    ----------
    value, se : float or ndarray
        The estimate and its delta-method standard error (on the index's scale).
    low_end, high_end : float
        The index's range (either may be infinite).
    level : float
        Coverage in (0, 1).

    Returns
    -------
    (ndarray, ndarray)

    Examples
    --------
    >>> import numpy as np
    >>> low, high = transformed_interval(0.9, 0.05, 0.0, 1.0, 0.95)
    >>> bool(0.9 - low > high - 0.9), bool(high < 1)  # longer towards the middle
    (True, True)
    """
    v, se = np.asarray(value, dtype=float), np.asarray(se, dtype=float)
    z = normal_quantile(level)
    lo_ok, hi_ok = math.isfinite(low_end), math.isfinite(high_end)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        if lo_ok and hi_ok:
            width = high_end - low_end
            u = (v - low_end) / width
            eta, s = np.log(u / (1 - u)), se / (width * u * (1 - u))
            def back(x): return low_end + width / (1 + np.exp(-x))  # noqa: E704
        elif lo_ok:
            eta, s = np.log(v - low_end), se / (v - low_end)
            def back(x): return low_end + np.exp(x)  # noqa: E704
        elif hi_ok:
            eta, s = -np.log(high_end - v), se / (high_end - v)
            def back(x): return high_end - np.exp(-x)  # noqa: E704
        else:
            eta, s = v, se
            def back(x): return x  # noqa: E704
        ok = np.isfinite(eta) & np.isfinite(s)
        low = np.where(ok, back(eta - z * s), np.maximum(v - z * se, low_end))
        high = np.where(ok, back(eta + z * s), np.minimum(v + z * se, high_end))
    return low, high


def held_ends(two_sided, one_sided, value, low_end, high_end):
    """:func:`holding` on arrays: ``two_sided`` the ends ``(low, high)`` at the level,
    ``one_sided`` those at ``2 level − 1`` (whose single tail is ``1 − level``), for many
    test sets at once; NaN where an end is missing.

    Examples
    --------
    >>> import numpy as np
    >>> low, high = held_ends((np.r_[0.1, 0.5], np.r_[0.4, 0.9]), (np.r_[0.15, 0.55],
    ...                       np.r_[0.35, 0.85]), np.r_[0.0, 0.95], 0.0, 1.0)
    >>> low.tolist(), high.tolist()  # at 0: one-sided; 0.95 outside: widened to it
    ([0.0, 0.5], [0.35, 0.95])
    """
    value = np.asarray(value, dtype=float)
    at_low = value <= low_end
    at_high = (value >= high_end) & ~at_low
    low = np.where(at_low, low_end, np.where(at_high, one_sided[0], two_sided[0]))
    high = np.where(at_low, one_sided[1], np.where(at_high, high_end, two_sided[1]))
    bad = ~(np.isfinite(low) & np.isfinite(high)) | ~np.isfinite(value)
    low, high = np.minimum(low, value), np.maximum(high, value)
    return np.where(bad, np.nan, low), np.where(bad, np.nan, high)
