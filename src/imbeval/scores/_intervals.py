"""Intervals for indices of scores from one test set: ``interval``, ``paired_interval``.

The result is the labels' :class:`imbeval.metrics.IndexInterval`, with the same coverage
fields and flag (:func:`imbeval.metrics._ci.coverage_flag`). The methods:

- ``roc_auc``: ``"delong"`` (DeLong, DeLong & Clarke-Pearson 1988: the variance of the
  Mann-Whitney statistic from its structural components, Wald interval), ``"delong-logit"``
  (the same variance on the logit scale, back-transformed), ``"newcombe"`` (Newcombe 2006,
  Statistics in Medicine 25:559, Method 5: the score-type interval that solves
  ``(A - θ)² = z² V(θ)`` with Hanley & McNeil's variance at θ, ``m - 1`` and ``n - 1``
  replaced by ``(m + n)/2 - 1``), ``"bootstrap"``;
- ``average_precision``: ``"logit"`` (Boyd, Eng & Page 2013: ``expit(logit(AP) ± z /
  sqrt(n₊ AP (1 - AP)))``, n₊ the positives; at AP = 1, where the logit is infinite, the
  Wilson bound of a share on n₊ points), ``"bootstrap"``;
- ``calibrated_average_precision``, ``auprg``: ``"bootstrap"``;
- ``brier_score``, ``log_loss``: ``"t"`` (the t interval of the mean per-sample loss),
  ``"bootstrap"``;
- any other two-class index of the registry: ``"bootstrap"``.

``"bootstrap"`` is the percentile interval of a stratified bootstrap (each class resampled
to its own size, so every resample has both classes). Bounds hold the estimate and lie in
the index's range; at an end of the range the interval is one-sided at the level
(:func:`imbeval.metrics._ci_methods.holding`). A ROC AUC interval that is a point (DeLong's
variance is 0 at AUC 0 or 1, every resample of a perfect ranking is perfect) is replaced by
Newcombe's, an AP interval that is a point by Boyd's logit; ``method`` names the one used.

``"auto"`` reads ``score_ci_coverage.csv.gz`` beside this module (written by
``benchmarks/score_intervals.py``) with the labels' rule
(:func:`imbeval.metrics._ci.choose_method`): in the regime nearest the test set (smallest
class, imbalance ratio, ROC AUC), the narrowest method whose selection-run coverage is
surely >= 94 %, offered where an independent validation run measured it >= 94 %.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import numpy as np

from imbeval.inference import LEVEL
from imbeval.inference import _interval_methods as m
from imbeval.inference._coverage import (IndexInterval, choose_method,
                                         coverage_rows, packaged_table)
from imbeval.inference._coverage import _coverage_fields as cell_coverage_fields
from imbeval.scores import _inputs
from imbeval.scores._registry import get_info
from imbeval.utils._param_validation import check_level, validate_params

__all__ = ["SCORE_CI_METHODS", "METHODS_OF", "PAIRED_METHODS_OF", "PairedScoreInterval",
           "interval", "paired_interval", "delong", "delong_paired", "newcombe",
           "boyd_logit", "score_coverage_table", "score_regime"]

#: the methods ``ci_method=`` takes
SCORE_CI_METHODS = ("auto", "delong", "delong-logit", "newcombe", "logit", "t", "bootstrap")
#: the methods of each index (the first is the default where nothing is measured)
METHODS_OF = {"roc_auc": ("delong", "delong-logit", "newcombe", "bootstrap"),
              "average_precision": ("logit", "bootstrap"),
              "calibrated_average_precision": ("bootstrap",),
              "auprg": ("bootstrap",),
              "brier_score": ("t", "bootstrap"),
              "log_loss": ("t", "bootstrap")}
PAIRED_METHODS_OF = {"roc_auc": ("delong", "bootstrap")}
#: the regimes the coverage benchmark simulates: smallest class, imbalance ratio, ROC AUC
MIN_CLASS_GRID = (5, 10, 20, 50, 100, 500)
IMBALANCE_GRID = (1, 4, 9, 19)
AUC_GRID = (0.6, 0.75, 0.9, 0.97)
DEFAULT_RESAMPLES = 2000
_TABLE = "score_ci_coverage.csv.gz"
_LOSSES = ("brier_score", "log_loss")
_RANKS = ("roc_auc", "average_precision", "calibrated_average_precision", "auprg")


@dataclass(frozen=True)
class PairedScoreInterval(IndexInterval):
    """An :class:`imbeval.metrics.IndexInterval` of a difference A − B with the two-sided
    p-value of "no difference" (DeLong's z-test for ROC AUC; NaN for a bootstrap)."""

    pvalue: float = math.nan


# ---------------------------------------------------------------------------- inputs

def _two_class(y_true, y_score, sample_weight, pos_label, name="y_score"):
    y = _inputs.labels_1d(y_true)
    s = _inputs.scores_1d(y_score, y.shape[0], name)
    w = _inputs.weights(sample_weight, y.shape[0])
    positive = _inputs.positive_mask(y, pos_label)
    if not (w[positive].sum() > 0 and w[~positive].sum() > 0):
        raise ValueError("y_true holds one class only (with weight > 0); an interval of an "
                         "index of scores needs positives and negatives")
    return y, positive, s, w


def _check_method(ci_method, name, offered):
    if ci_method not in SCORE_CI_METHODS:
        raise ValueError(f"ci_method must be one of {', '.join(SCORE_CI_METHODS)}, got "
                         f"{ci_method!r}")
    if ci_method != "auto" and ci_method not in offered:
        raise ValueError(f"{name!r} takes ci_method= 'auto' or {', '.join(offered)}, got "
                         f"{ci_method!r}")
    return ci_method


def _check_resamples(value):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 100:
        raise ValueError(f"n_resamples must be an integer >= 100, got {value!r}")
    return int(value)


def _z(level):
    from scipy import stats

    return float(stats.norm.ppf(0.5 + level / 2))


# ---------------------------------------------------------------------------- ROC AUC

def _placements(positive, s, w):
    """DeLong's structural components: for each positive the weighted share of negatives
    scored below it, for each negative the share of positives above it (ties count ½)."""
    ps, pw, ns, nw = s[positive], w[positive], s[~positive], w[~positive]
    o = np.argsort(ns, kind="stable")
    cn = np.r_[0.0, np.cumsum(nw[o])]
    lo, hi = np.searchsorted(ns[o], ps, "left"), np.searchsorted(ns[o], ps, "right")
    v10 = (cn[lo] + 0.5 * (cn[hi] - cn[lo])) / cn[-1]
    o = np.argsort(ps, kind="stable")
    cp = np.r_[0.0, np.cumsum(pw[o])]
    lo, hi = np.searchsorted(ps[o], ns, "left"), np.searchsorted(ps[o], ns, "right")
    v01 = (cp[-1] - cp[hi] + 0.5 * (cp[hi] - cp[lo])) / cp[-1]
    return v10, pw, v01, nw


def _cov(a, b, w):
    """The weighted covariance, weights counted as repetitions (divisor ``sum(w) - 1``)."""
    total = w.sum()
    if not total > 1:
        return math.nan
    return float(np.sum(w * (a - np.sum(w * a) / total) * (b - np.sum(w * b) / total))
                 / (total - 1))


def delong(positive, score, weight=None):
    """``(auc, variance)``: the Mann-Whitney AUC and DeLong's variance,
    ``S10 / m + S01 / n`` (structural components' variances over the class sizes; weights
    count as repetitions), in O(n log n).

    Examples
    --------
    >>> import numpy as np
    >>> auc, var = delong(np.array([1, 1, 0, 0, 0], bool), np.array([0.9, 0.4, 0.5, 0.2, 0.1]))
    >>> round(auc, 4), round(var, 4)
    (0.8333, 0.0556)
    """
    positive = np.asarray(positive, bool)
    score = np.asarray(score, float)
    weight = np.ones(score.shape) if weight is None else np.asarray(weight, float)
    v10, pw, v01, nw = _placements(positive, score, weight)
    auc = float(np.sum(pw * v10) / pw.sum())
    return auc, float(_cov(v10, v10, pw) / pw.sum() + _cov(v01, v01, nw) / nw.sum())


def delong_paired(positive, score_a, score_b, weight=None):
    """``(auc_a - auc_b, variance)``: DeLong's paired variance of the difference of two
    AUCs on one test set, ``var_a + var_b - 2 cov_ab`` from the structural components.

    Examples
    --------
    >>> import numpy as np
    >>> y = np.array([1, 1, 0, 0, 0], bool)
    >>> d, var = delong_paired(y, [0.9, 0.4, 0.5, 0.2, 0.1], [0.9, 0.4, 0.5, 0.2, 0.1])
    >>> d, var
    (0.0, 0.0)
    """
    positive = np.asarray(positive, bool)
    a, b = np.asarray(score_a, float), np.asarray(score_b, float)
    weight = np.ones(a.shape) if weight is None else np.asarray(weight, float)
    a10, pw, a01, nw = _placements(positive, a, weight)
    b10, _, b01, _ = _placements(positive, b, weight)
    m_, n_ = pw.sum(), nw.sum()
    d = float(np.sum(pw * (a10 - b10)) / m_)
    diff10, diff01 = a10 - b10, a01 - b01
    return d, float(max(_cov(diff10, diff10, pw) / m_ + _cov(diff01, diff01, nw) / n_, 0.0))


def _hanley_mcneil(theta, m_, n_):
    """Hanley & McNeil's variance of the AUC at ``theta`` with ``m - 1`` and ``n - 1``
    replaced by ``(m + n)/2 - 1`` (Newcombe's Method 5)."""
    k = (m_ + n_) / 2 - 1
    return theta * (1 - theta) / (m_ * n_) * (1 + k * (1 - theta) / (2 - theta)
                                              + k * theta / (1 + theta))


def newcombe(auc, m_, n_, level=LEVEL):
    """Newcombe's (2006) score-type interval of an AUC from ``m`` positives and ``n``
    negatives: the θ with ``(auc - θ)² <= z² V(θ)``, ``V`` Hanley & McNeil's variance with
    ``(m + n)/2`` for each class size (his Method 5). Two-sided; positive width at 0 and 1.

    Examples
    --------
    >>> [round(x, 4) for x in newcombe(0.8, 6, 54)]
    [0.5564, 0.9211]
    """
    from scipy.optimize import brentq

    z = _z(level)

    def f(t):
        return (auc - t) ** 2 - z * z * _hanley_mcneil(t, m_, n_)
    # f is negative near the estimate and positive at 0 and 1 (away from the estimate)
    inside = auc if 0 < auc < 1 else (1 - 1e-10 if auc >= 1 else 1e-10)
    low = 0.0 if auc <= 0 or f(0.0) <= 0 else brentq(f, 0.0, inside, xtol=1e-12)
    high = 1.0 if auc >= 1 or f(1.0) <= 0 else brentq(f, inside, 1.0, xtol=1e-12)
    return float(low), float(high)


def _wald(value, se, level, low_end, high_end):
    if not (math.isfinite(se) and se > 0):
        return math.nan, math.nan
    z = _z(level)
    return max(value - z * se, low_end), min(value + z * se, high_end)


def _logit_wald(value, se, level):
    """``expit(logit(value) ± z se / (value (1 - value)))``; NaN at 0 and 1."""
    if not (0 < value < 1 and math.isfinite(se) and se > 0):
        return math.nan, math.nan
    eta, tau = math.log(value / (1 - value)), _z(level) * se / (value * (1 - value))
    return 1 / (1 + math.exp(-(eta - tau))), 1 / (1 + math.exp(-(eta + tau)))


# ---------------------------------------------------------------------------- AP

def boyd_logit(ap, n_pos, level=LEVEL):
    """Boyd, Eng & Page's (2013) logit interval of an average precision from ``n_pos``
    positives, ``expit(logit(AP) ± z / sqrt(n_pos AP (1 - AP)))``; at AP 0 or 1 (logit
    infinite) the Wilson interval of a share ``AP`` of ``n_pos``.

    Examples
    --------
    >>> [round(x, 4) for x in boyd_logit(0.5, 20)]
    [0.2939, 0.7061]
    """
    if 0 < ap < 1:
        return _logit_wald(ap, math.sqrt(ap * (1 - ap) / n_pos), level)
    return m.wilson(ap * n_pos, float(n_pos), level)


# ---------------------------------------------------------------------------- losses

def _losses(name, positive, y_score):
    p = _inputs.probabilities(np.asarray(y_score, float))
    if name == "brier_score":
        return (p - positive) ** 2
    eps = np.finfo(np.float64).eps  # as imbeval.scores.log_loss (scikit-learn's clip)
    return -np.log(np.clip(np.where(positive, p, 1 - p), eps, 1 - eps))


def _t_bounds(losses, w, low_end, high_end):
    from scipy import stats

    total = w.sum()
    mean = float(np.sum(w * losses) / total)
    var = _cov(losses, losses, w)
    if not (math.isfinite(var) and var > 0):
        return lambda lv: (math.nan, math.nan)
    se = math.sqrt(var / total)

    def two_sided(lv):
        t = float(stats.t.ppf(0.5 + lv / 2, total - 1))
        return max(mean - t * se, low_end), min(mean + t * se, high_end)
    return two_sided


# ---------------------------------------------------------------------------- bootstrap

def _resample_weights(positive, w, n_resamples, rng):
    """(B, n) weights of a stratified bootstrap: each class's points drawn as many times as
    it has points, with probability proportional to their weights, each draw carrying the
    class's mean weight (so each class keeps its total weight)."""
    out = np.zeros((n_resamples, w.size))
    for cls in (positive, ~positive):
        idx = np.flatnonzero(cls)
        wc = w[idx]
        k = idx.size
        picks = (rng.integers(0, k, size=(n_resamples, k)) if np.all(wc == wc[0]) else
                 rng.choice(k, size=(n_resamples, k), p=wc / wc.sum()))
        # the draws of each row counted in one bincount over (row, point) pairs
        flat = (picks + k * np.arange(n_resamples)[:, None]).ravel()
        draws = np.bincount(flat, minlength=n_resamples * k).reshape(n_resamples, k)
        out[:, idx] = draws * (wc.sum() / k)
    return out


def _curve_counts(positive, s, weights):
    """(tp, fp) of shape (B, T + 1) for weight rows ``weights`` (B, n): the weighted
    positives and negatives scored at least each distinct score, the origin first."""
    order = np.argsort(-s, kind="stable")
    ss = s[order]
    starts = np.r_[0, np.nonzero(np.diff(ss))[0] + 1]
    wo, po = weights[:, order], positive[order]
    tp = np.cumsum(np.add.reduceat(wo * po, starts, axis=1), axis=1)
    fp = np.cumsum(np.add.reduceat(wo * ~po, starts, axis=1), axis=1)
    zero = np.zeros((weights.shape[0], 1))
    return np.hstack([zero, tp]), np.hstack([zero, fp])


def _rank_indices(name, tp, fp, pi0=0.5):
    """The index of every row of curve counts (as imbeval.scores computes it)."""
    P, N = tp[:, -1:], fp[:, -1:]
    tpr, fpr = tp / P, fp / N
    if name == "roc_auc":
        return np.sum(np.diff(fpr, axis=1) * (tpr[:, 1:] + tpr[:, :-1]) / 2, axis=1)
    step = np.diff(tpr, axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        if name == "average_precision":
            prec = tp[:, 1:] / (tp[:, 1:] + fp[:, 1:])
        elif name == "calibrated_average_precision":
            prec = pi0 * tpr[:, 1:] / (pi0 * tpr[:, 1:] + (1 - pi0) * fpr[:, 1:])
        else:
            return _auprg_rows(tp, fp)
    return np.sum(np.where(step > 0, step * np.nan_to_num(prec), 0.0), axis=1)


def _auprg_rows(tp, fp):
    """AUPRG of each row of curve counts: imbeval.scores.prg_curve's curve, from recall
    gain 0 (interpolated on its ROC segment) to 1, trapezoids over recall gain."""
    P, N = tp[:, -1:], fp[:, -1:]
    ratio, cross = P / N, P * P / (P + N)
    with np.errstate(divide="ignore", invalid="ignore"):
        rg = 1.0 - ratio * (P - tp) / tp
        pg = 1.0 - ratio * fp / tp
    rows = np.arange(tp.shape[0])
    first = np.argmax(tp * (P + N) >= P * P, axis=1)
    exact = np.isclose(tp[rows, first] * (P + N)[:, 0], (P * P)[:, 0], rtol=1e-13, atol=0.0)
    cols = np.arange(tp.shape[1])[None, :]
    after = cols > first[:, None]
    rg_safe, pg_safe = np.where(after | (cols == first[:, None]), rg, 0.0), \
        np.where(after | (cols == first[:, None]), pg, 0.0)
    rg_safe = np.where(cols == first[:, None], np.maximum(rg_safe, 0.0), rg_safe)
    seg = np.diff(rg_safe, axis=1) * (pg_safe[:, 1:] + pg_safe[:, :-1]) / 2
    body = np.sum(np.where(after[:, 1:], seg, 0.0), axis=1)
    prev = np.maximum(first - 1, 0)
    alpha = (cross[:, 0] - tp[rows, prev]) / (tp[rows, first] - tp[rows, prev])
    fp_cross = fp[rows, prev] + alpha * (fp[rows, first] - fp[rows, prev])
    pg_cross = 1.0 - ratio[:, 0] * fp_cross / cross[:, 0]
    start = rg_safe[rows, first] * (pg_safe[rows, first] + pg_cross) / 2
    return body + np.where(exact, 0.0, start)


def _bootstrap_draws(name, info, options, positive, scores, w, n_resamples, rng):
    """The index on each stratified resample; ``scores`` a list of one score array, or two
    (paired: the difference A − B on the same resamples)."""
    weights = _resample_weights(positive, w, n_resamples, rng)
    out = []
    for s in scores:
        if name in _RANKS:
            tp, fp = _curve_counts(positive, s, weights)
            out.append(_rank_indices(name, tp, fp, options.get("pi0", 0.5)))
        elif name in _LOSSES:
            out.append(weights @ _losses(name, positive, s) / w.sum())
        else:  # any other two-class index: one call a resample
            # a point a resample leaves out is dropped, not weighted 0: a loss of inf
            # (a recalibrated probability of 0 or 1) times 0 would make the index NaN
            y = np.where(positive, 1, 0)
            out.append(np.array([info.function(y[row > 0], s[row > 0],
                                               sample_weight=row[row > 0], pos_label=1,
                                               **options) for row in weights], float))
    return out[0] if len(out) == 1 else out[0] - out[1]


# ---------------------------------------------------------------------------- table

def _nearest_log(value, grid):
    if not value > 0:
        return grid[0]
    return min(grid, key=lambda g: abs(math.log(value) - math.log(g)))


def score_regime(positive, weight, auc):
    """The simulated regime nearest a test set: ``(min_class, IR, AUC)``, the smallest
    class and the imbalance ratio nearest on a log scale, the ROC AUC (folded to >= 0.5)
    nearest on the logit scale.

    Examples
    --------
    >>> import numpy as np
    >>> score_regime(np.r_[np.ones(6), np.zeros(54)].astype(bool), np.ones(60), 0.8)
    (5, 9, 0.75)
    """
    p, n = float(weight[positive].sum()), float(weight[~positive].sum())
    small = min(p, n)
    auc = max(auc, 1 - auc) if math.isfinite(auc) else 0.5
    auc = min(auc, 1 - 1e-6)
    logit = math.log(auc / (1 - auc))
    near = min(AUC_GRID, key=lambda g: abs(logit - math.log(g / (1 - g))))
    return (_nearest_log(small, MIN_CLASS_GRID), _nearest_log(max(p, n) / small,
                                                              IMBALANCE_GRID), near)


def read_score_coverage(text):
    """``{(kind, index, min_class, IR, AUC): {method: Coverage}}`` from the CSV text
    ``benchmarks/score_intervals.py table`` writes."""
    return coverage_rows(text, lambda row: (row["kind"], row["index"], int(row["min_class"]),
                                            int(row["imbalance"]), float(row["auc"])))


@functools.lru_cache(maxsize=1)
def score_coverage_table():
    """The measured coverage of the intervals of indices of scores (empty when the
    benchmark has not written it).

    Examples
    --------
    >>> t = score_coverage_table()
    >>> all(0 <= c.validation <= 1 for row in t.values() for c in row.values()
    ...     if c.validation_defined)
    True
    """
    text = packaged_table("imbeval.scores", _TABLE)
    return {} if text is None else read_score_coverage(text)


def _coverage_fields(kind, name, regime, method, level):
    cell = score_coverage_table().get((kind, name, *regime), {}).get(method)
    return cell_coverage_fields(cell, level)


def _auto(kind, name, regime, offered):
    row = {k: v for k, v in score_coverage_table().get((kind, name, *regime), {}).items()
           if k in offered}
    return choose_method(row)[0] if row else offered[0]


# ---------------------------------------------------------------------------- intervals

def _flat(ends):
    low, high = ends
    return math.isfinite(low) and math.isfinite(high) and high - low <= 1e-12


def _bounds(method, name, info, value, positive, s, w, options, n_resamples, rng):
    """(two-sided bounds(level), se) of one method on one test set."""
    low_end, high_end = info.bounds
    if method in ("delong", "delong-logit"):
        _, var = delong(positive, s, w)
        se = math.sqrt(var) if var >= 0 else math.nan
        if method == "delong":
            return (lambda lv: _wald(value, se, lv, low_end, high_end)), se
        return (lambda lv: _logit_wald(value, se, lv)), se
    if method == "newcombe":
        m_, n_ = w[positive].sum(), w[~positive].sum()
        return (lambda lv: newcombe(value, m_, n_, lv)), math.nan
    if method == "logit":
        return (lambda lv: boyd_logit(value, w[positive].sum(), lv)), math.nan
    if method == "t":
        return _t_bounds(_losses(name, positive, s), w, low_end, high_end), math.nan
    draws = _bootstrap_draws(name, info, options, positive, [s], w, n_resamples, rng)
    return (lambda lv: m.equal_tailed(draws, lv)[:2]), float(np.nanstd(draws, ddof=1))


def _make(kind, name, info, value, method, bounds, se, level, units, regime, low_end,
          high_end, cls=IndexInterval, **extra):
    held = m.holding(bounds, value, low_end, high_end)
    low, high = held(level)
    why = None
    if not (math.isfinite(low) and math.isfinite(high)):
        why = "no interval: the method has none on this test set"
    elif _flat((low, high)):  # a point claims a certainty the test set does not give
        why = ("no interval: every resample gives the same value (a perfect ranking or "
               "equal losses)")
        low = high = math.nan
    coverage = (_coverage_fields(kind, name, regime, method, level) if why is None else
                _coverage_fields("", "", regime, method, level))
    return cls(value, method, units, why, se=se, bounds=held, level=level, low=low,
               high=high, index=name, **coverage,
               regime="min={} IR={} AUC={}".format(*regime), **extra)


def _resolve(name, paired):
    info = get_info(name)
    if info.scope != "two-class" and name != "log_loss":
        raise ValueError(f"{name!r} is an index of several classes' scores; intervals are "
                         "for two-class indices (one score per sample)")
    return info, (PAIRED_METHODS_OF if paired else METHODS_OF).get(name, ("bootstrap",))


@validate_params({"name": [str], "y_true": ["array-like"], "y_score": ["array-like"],
                  "sample_weight": ["array-like", None], "ci_method": [str]})
def interval(name, y_true, y_score, *, ci=LEVEL, ci_method="auto", sample_weight=None,
             pos_label=1, random_state=0, n_resamples=DEFAULT_RESAMPLES, **options):
    """An index of scores of one test set with its interval.

    Parameters
    ----------
    name : str
        A two-class key of :func:`imbeval.scores.registry` (``log_loss`` with one score
        per sample too).
    y_true : array-like of shape (n,)
    y_score : array-like of shape (n,)
        The positive class's score (probabilities for ``brier_score`` and ``log_loss``).
    ci : float, default 0.95
        Nominal coverage.
    ci_method : str, default "auto"
        One of :data:`SCORE_CI_METHODS` that :data:`METHODS_OF` gives the index
        (``"bootstrap"`` for the other two-class indices); ``"auto"`` the narrowest method
        the coverage table selects and validates at >= 94 % in the nearest regime.
    sample_weight : array-like of shape (n,), optional
        Weights, counted as repetitions.
    pos_label : label, default 1
        The positive class.
    random_state : int, default 0
        Seed of the bootstrap.
    n_resamples : int, default 2000
        Bootstrap resamples.
    **options
        Passed to the index's function (``pi0`` of ``calibrated_average_precision``).

    Returns
    -------
    IndexInterval
        As :func:`imbeval.metrics.interval`'s: ``value``, ``low``, ``high``, ``method``,
        ``coverage``, ``coverage_flag``, ``regime``; ``se`` for DeLong's.

    Raises
    ------
    ValueError
        For an unknown index or method, a method the index does not take, one class only,
        NaN or infinite scores, probabilities outside [0, 1] for a loss.

    Examples
    --------
    >>> y = [0] * 8 + [1] * 4
    >>> s = [0.1, 0.2, 0.3, 0.35, 0.4, 0.5, 0.6, 0.7, 0.45, 0.65, 0.8, 0.9]
    >>> e = interval("roc_auc", y, s, ci_method="delong")
    >>> round(e.value, 4), [round(x, 4) for x in (e.low, e.high)], e.method
    (0.875, [0.6578, 1.0], 'delong')
    >>> e = interval("roc_auc", [0, 0, 1, 1], [0.1, 0.2, 0.8, 0.9], ci_method="delong")
    >>> e.value, e.high, e.method, e.low < 1.0  # DeLong's variance is 0: Newcombe's, one-sided
    (1.0, 1.0, 'newcombe', True)
    """
    level = check_level(ci, "ci")
    info, offered = _resolve(name, paired=False)
    _check_method(ci_method, name, offered)
    n_resamples = _check_resamples(n_resamples)
    y, positive, s, w = _two_class(y_true, y_score, sample_weight, pos_label)
    value = float(info.function(y, s, sample_weight=sample_weight, pos_label=pos_label,
                                **options))
    auc, _ = delong(positive, s, w)
    regime = score_regime(positive, w, auc)
    method = _auto("single", name, regime, offered) if ci_method == "auto" else ci_method
    rng = np.random.default_rng(random_state)
    low_end, high_end = info.bounds
    bounds, se = _bounds(method, name, info, value, positive, s, w, options, n_resamples, rng)
    held = m.holding(bounds, value, low_end, high_end)
    if not _usable(held(level)) and name in ("roc_auc", "average_precision"):
        method = "newcombe" if name == "roc_auc" else "logit"
        bounds, se = _bounds(method, name, info, value, positive, s, w, options,
                             n_resamples, rng)
    units = int(round(w.sum()))
    return _make("single", name, info, value, method, bounds, se, level, units, regime,
                 low_end, high_end)


def _usable(ends):
    return math.isfinite(ends[0]) and math.isfinite(ends[1]) and not _flat(ends)


@validate_params({"name": [str], "y_true": ["array-like"], "y_score_a": ["array-like"],
                  "y_score_b": ["array-like"], "sample_weight": ["array-like", None],
                  "ci_method": [str]})
def paired_interval(name, y_true, y_score_a, y_score_b, *, ci=LEVEL, ci_method="auto",
                    sample_weight=None, pos_label=1, random_state=0,
                    n_resamples=DEFAULT_RESAMPLES, **options):
    """The difference ``index(A) − index(B)`` of two scorers on one test set, with its
    interval and the p-value of no difference: for ROC AUC DeLong's paired variance (the
    structural components' covariance keeps the correlation of the two rankings) and its
    z-test; for every index the paired bootstrap (A and B on the same resamples).

    Parameters
    ----------
    y_score_a, y_score_b : array-like of shape (n,)
        The two scorers' scores of the same test points.
    ci_method : {"auto", "delong", "bootstrap"}
        ``"delong"`` for ``roc_auc`` only; ``"auto"`` reads the coverage table's paired rows
        (DeLong for ROC AUC where nothing is measured).
    Others :
        As :func:`interval`.

    Returns
    -------
    PairedScoreInterval
        An :class:`imbeval.metrics.IndexInterval` with ``pvalue`` (DeLong's z-test; NaN for
        a bootstrap).

    Examples
    --------
    >>> y = [0] * 6 + [1] * 6
    >>> a = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.55, 0.7, 0.8, 0.85, 0.9, 0.95]
    >>> b = [0.1, 0.5, 0.3, 0.7, 0.5, 0.6, 0.2, 0.4, 0.8, 0.35, 0.9, 0.45]
    >>> d = paired_interval("roc_auc", y, a, b, ci_method="delong")
    >>> round(d.value, 4), d.low < d.value < d.high, round(d.pvalue, 4)
    (0.4444, True, 0.0159)
    """
    from scipy import stats

    level = check_level(ci, "ci")
    info, offered = _resolve(name, paired=True)
    _check_method(ci_method, name, offered)
    n_resamples = _check_resamples(n_resamples)
    y, positive, a, w = _two_class(y_true, y_score_a, sample_weight, pos_label, "y_score_a")
    b = _inputs.scores_1d(y_score_b, y.shape[0], "y_score_b")

    def value_of(s):
        return float(info.function(y, s, sample_weight=sample_weight, pos_label=pos_label,
                                   **options))
    value = value_of(a) - value_of(b)
    auc = (delong(positive, a, w)[0] + delong(positive, b, w)[0]) / 2
    regime = score_regime(positive, w, auc)
    method = _auto("paired", name, regime, offered) if ci_method == "auto" else ci_method
    low_end, high_end = info.bounds
    low_end, high_end = low_end - high_end, high_end - low_end
    pvalue = math.nan
    if method == "delong":
        _, var = delong_paired(positive, a, b, w)
        se = math.sqrt(var)
        if se > 0:
            pvalue = float(2 * stats.norm.sf(abs(value) / se))

        def bounds(lv):
            return _wald(value, se, lv, low_end, high_end)
    else:
        rng = np.random.default_rng(random_state)
        if name in ("brier_score", "log_loss"):
            _inputs.probabilities(b, "y_score_b")
        draws = _bootstrap_draws(name, info, options, positive, [a, b], w, n_resamples, rng)
        se = float(np.nanstd(draws, ddof=1))

        def bounds(lv):
            return m.equal_tailed(draws, lv)[:2]
    return _make("paired", name, info, value, method, bounds, se, level,
                 int(round(w.sum())), regime, low_end, high_end, cls=PairedScoreInterval,
                 pvalue=pvalue)
