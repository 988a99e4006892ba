"""The estimate of a run's number and its CV intervals: :class:`Estimate`, the corrected
repeated k-fold t interval of a CV mean (:func:`cv_estimate`, :func:`cv_interval`) and of a
smooth function of CV means (:func:`cv_delta_estimate`).

The folds of a k-fold CV share training data and repeated CV runs share the data set, so
the fold values are not independent: the variance of their mean is about
``(1/(r k) + n_test/n_train) s^2`` (Nadeau and Bengio 2003; Bouckaert and Frank 2004),
with ``n_test/n_train`` = :data:`~imbeval.inference.DECISION_TEST_TO_TRAIN` for decisions
(the package docstring, :mod:`imbeval.inference`, gives the whole argument).
"""

from __future__ import annotations

from imbeval.utils._param_validation import LEVEL as _LEVEL, validate_params

import math
from dataclasses import dataclass, field, replace
from typing import Callable

import numpy as np

from imbeval.utils._param_validation import check_level
from imbeval.inference._constants import (DECISION_TEST_TO_TRAIN, LEVEL, MAX_TIED_SHARE,
                                          METHODS, MIN_FOLD_VALUES, Method, Reason)

__all__ = ["Estimate", "cv_estimate", "cv_interval", "cv_delta_estimate"]


def _level(level) -> float:
    return check_level(level, "level")


@dataclass(frozen=True)
class Estimate:
    """A run's number with the numbers its intervals are made of, as statsmodels' result
    objects keep theirs: the intervals of every level, and shifts, are computed from them.

    Attributes
    ----------
    value : float
        The number.
    method : str
        How its interval is made, in words (one of :data:`METHODS`' texts, possibly with
        detail); :attr:`method_kind` says it as data.
    units : int
        The independent units it rests on (fold values, clusters, the fewest of a
        combination's components).
    undecidable : str or None
        None, or the reason no verdict may rest on this number (too few units), in words;
        :attr:`reason` says it as data.
    se, df : float
        Standard error and degrees of freedom of its t interval (NaN for a combination of
        several estimates, which has neither: its interval comes from its components').
    center : float
        The mean its t interval is built around (``value`` unless the interval is another
        statistic's moved to it: a linearised statistic's, the mean of cluster means').
    shifts : tuple of float
        The moves applied, in order, to the interval's ends after it is built
        (:meth:`shifted` adds one).
    symmetric : bool
        The t interval as ``center ± t(1 - alpha/2, df) · se`` (statsmodels'
        ``tconfint_mean``) rather than ``center + se · t(q, df)`` at both tails
        (``scipy.stats.t.interval``): the same interval, two roundings, each kept where
        it was made so that no written number changes.
    components, combine :
        For a monotone function of several estimates (:func:`simultaneous`): the
        estimates and ``combine(lows, highs) -> (low, high)``.
    method_kind : Method or None
        How its interval is made, as data (None: a method of the caller's own).
    reason : Reason or None
        Why no verdict may rest on it, as data: None when ``undecidable`` is, and for an
        estimate made outside :mod:`imbeval.inference` that says why only in words
        (read as ``Reason.OTHER``).

    Examples
    --------
    >>> e = cv_estimate([[0.70, 0.74, 0.72], [0.71, 0.73, 0.69]])
    >>> round(e.value, 4), round(e.se, 4), e.df, e.units
    (0.715, 0.0275, 5, 6)
    >>> s = e.shifted(0.0, "the same spread around 0")
    >>> [round(v, 4) for v in s.interval()], s.method
    ([-0.0708, 0.0708], 'the same spread around 0')
    """

    value: float
    method: str
    units: int
    undecidable: str | None = None
    se: float = math.nan
    df: float = math.nan
    center: float | None = None
    shifts: tuple[float, ...] = ()
    symmetric: bool = False
    components: tuple = field(default=(), repr=False)
    combine: Callable | None = field(default=None, repr=False)
    method_kind: Method | None = None
    reason: Reason | None = None

    def interval(self, level: float = LEVEL) -> tuple[float, float]:
        """The ``level`` interval ``(low, high)`` (NaNs when there is none)."""
        return self.interval_at(_level(level))

    def interval_at(self, level: float) -> tuple[float, float]:
        """:meth:`interval` without the check of ``level`` (bisection calls it often)."""
        if self.components:
            k = len(self.components)
            # Bonferroni over the K components: every one in its 1 - (1 - level)/K interval
            each = [c.interval_at(1 - (1 - level) / k) for c in self.components]
            lows, highs = np.array([e[0] for e in each]), np.array([e[1] for e in each])
            if not (np.isfinite(lows).all() and np.isfinite(highs).all()):
                return math.nan, math.nan
            low, high = self.combine(lows, highs)
            ends = (float(low), float(high))
        else:
            center = self.value if self.center is None else self.center
            ends = (_symmetric_t_interval(center, self.se, self.df, level) if self.symmetric
                    else _t_interval(center, self.se, self.df, level))
        for shift in self.shifts:
            ends = (ends[0] + shift, ends[1] + shift)
        return ends

    def shifted(self, value: float, method: str | None = None) -> "Estimate":
        """The same uncertainty around another value (the interval moved with it): a
        margin that is this estimate plus a known constant."""
        return replace(self, value=float(value), method=method or self.method,
                       shifts=self.shifts + (float(value) - self.value,),
                       center=self.value if self.center is None else self.center)


def _t_interval(value, se, df, level):
    from scipy import stats

    if not (math.isfinite(value) and math.isfinite(se) and df >= 1):
        return math.nan, math.nan
    if se == 0:
        return float(value), float(value)
    low, high = stats.t.interval(level, df, loc=value, scale=se)
    return float(low), float(high)


def _symmetric_t_interval(value, se, df, level):
    from scipy import stats

    if not (math.isfinite(value) and math.isfinite(se) and df >= 1):
        return math.nan, math.nan
    alpha = 1 - level
    t = stats.t.ppf(1 - alpha / 2.0, df)
    return float(value - t * se), float(value + t * se)


def _fold_matrix(values) -> np.ndarray:
    v = np.asarray(values, dtype=float)
    if v.ndim == 1:
        v = v[None, :]
    if v.ndim != 2 or v.shape[1] < 2:
        raise ValueError(f"values must have shape (runs, folds) with at least 2 folds, got "
                         f"shape {v.shape}")
    return v


@validate_params({"values": ["array-like"], "test_to_train": ["real", None]})
def cv_estimate(values, *, test_to_train=None, method=None,
                method_kind=Method.CV) -> Estimate:
    """The mean of CV fold values with the intervals that decide on it.

    Parameters
    ----------
    values : array-like, shape ``(runs, folds)`` (or ``(folds,)`` for one run): one number
        per fold (a fold's index value, or a per-fold paired difference). NaN values (an
        index undefined on a fold) are left out.
    test_to_train : ``n_test / n_train`` of the corrected variance; default
        :data:`DECISION_TEST_TO_TRAIN` (2: the decision rule, conservative for unstable
        learners); ``1 / (folds - 1)`` is Nadeau and Bengio's (:func:`cv_interval`).
    method : the method text to record (default ``METHODS["cv"]``).
    method_kind : the method as data (default :attr:`Method.CV`).

    Returns
    -------
    :class:`Estimate`: the mean, with ``se^2 = (1/n + test_to_train) s^2`` and ``n - 1``
    degrees of freedom (``n`` finite fold values, ``s`` their standard deviation);
    undecidable with fewer than :data:`MIN_FOLD_VALUES` values, or when more than
    :data:`MAX_TIED_SHARE` of them (or more) are one value (tied at a floor or ceiling).

    Examples
    --------
    >>> e = cv_estimate([[0.70, 0.74, 0.72], [0.71, 0.73, 0.69]])
    >>> round(e.value, 4), [round(x, 4) for x in e.interval()]
    (0.715, [0.6442, 0.7858])
    >>> cv_estimate([[0.5, 0.5, 0.5], [0.5, 0.55, 0.5]]).undecidable
    'tied fold values: 5 of 6 are 0.5 (a learner at a floor or ceiling)'
    """
    v = _fold_matrix(values)
    ratio = DECISION_TEST_TO_TRAIN if test_to_train is None else float(test_to_train)
    if not ratio >= 0:
        raise ValueError(f"test_to_train must be >= 0, got {test_to_train!r}")
    x = v[np.isfinite(v)]
    n = int(x.size)
    value = float(x.mean()) if n else math.nan
    se = float(math.sqrt((1.0 / n + ratio) * x.var(ddof=1))) if n >= 2 else math.nan
    why = reason = None
    if n < MIN_FOLD_VALUES:
        why, reason = f"{n} fold values, at least {MIN_FOLD_VALUES} needed", Reason.TOO_FEW_FOLDS
    else:
        tied, counts = np.unique(x, return_counts=True)
        if counts.max() >= MAX_TIED_SHARE * n:
            why = (f"tied fold values: {int(counts.max())} of {n} are "
                   f"{float(tied[counts.argmax()]):g} (a learner at a floor or ceiling)")
            reason = Reason.TIED_FOLDS
    return Estimate(value, method or METHODS[Method.CV], n, why, se=se, df=n - 1,
                    method_kind=method_kind, reason=reason)


@validate_params({"values": ["array-like"], "level": [_LEVEL],
                  "test_to_train": ["real", None]})
def cv_interval(values, *, level: float = LEVEL, test_to_train=None) -> tuple[float, float]:
    """Nadeau and Bengio's corrected repeated k-fold t interval of the expected CV mean.

    Decisions use :func:`cv_estimate` (``n_test/n_train`` = :data:`DECISION_TEST_TO_TRAIN`,
    tied fold values undecidable); this is the textbook interval, for display and for
    comparison with the literature.

    Parameters
    ----------
    values : array-like, shape ``(runs, folds)``: one number per fold.
    level : coverage, in (0, 1).
    test_to_train : ``n_test / n_train``; default ``1 / (folds - 1)``.

    Returns
    -------
    ``(low, high)``: ``mean ± t(n - 1) · sqrt((1/n + test_to_train) s^2)`` (Nadeau and
    Bengio 2003; Bouckaert and Frank 2004), ``n = runs x folds``.

    Examples
    --------
    >>> [round(x, 4) for x in cv_interval([[0.5, 0.7, 0.6, 0.6, 0.6]])]
    [0.4683, 0.7317]
    """
    folds = _fold_matrix(values).shape[1]
    ratio = 1.0 / (folds - 1) if test_to_train is None else test_to_train
    return cv_estimate(values, test_to_train=ratio).interval(_level(level))


@validate_params({"gradient": ["array-like"], "fold_values": ["array-like"],
                  "test_to_train": ["real", None]})
def cv_delta_estimate(value, gradient, fold_values, *, test_to_train=None) -> Estimate:
    """A smooth function ``g`` of several CV means, by the delta method.

    ``g(m) ~ g(m0) + grad · (m - m0)`` with ``m`` the mean over folds of the fold vectors
    ``x_f``: so ``g`` varies as the mean of the linearised fold values ``z_f = grad · x_f``,
    whose corrected interval (:func:`cv_estimate`) is shifted to ``value``.

    Parameters
    ----------
    value : ``g`` at the means.
    gradient : array ``(cells,)``, ``g``'s gradient at the means.
    fold_values : array ``(runs, folds, cells)``; a NaN cell of a fold counts as the cell's
        mean (no deviation).
    test_to_train : as :func:`cv_estimate` (default the decision rule's).

    Examples
    --------
    >>> x = np.array([[[0.1, 0.3], [0.2, 0.4], [0.15, 0.35]]])   # 1 run, 3 folds, 2 cells
    >>> e = cv_delta_estimate(0.2, np.array([-0.5, 0.5]), x)    # half the gap of the cells
    >>> e.value, [round(v, 9) for v in e.interval()]             # the gap never varies
    (0.2, [0.2, 0.2])
    """
    x = np.asarray(fold_values, dtype=float)
    if x.ndim != 3:
        raise ValueError(f"fold_values must have shape (runs, folds, cells), got {x.shape}")
    g = np.asarray(gradient, dtype=float)
    if g.shape != x.shape[2:]:
        raise ValueError(f"gradient must have shape {x.shape[2:]}, got {g.shape}")
    means = np.nanmean(x, axis=(0, 1)) if np.isfinite(x).any() else np.zeros(x.shape[2])
    filled = np.where(np.isfinite(x), x, means)
    z = filled @ np.where(np.isfinite(g), g, 0.0)
    # the linearised fold values' mean and its interval, moved to the statistic's value
    return cv_estimate(z, test_to_train=test_to_train, method=METHODS[Method.CV_DELTA],
                       method_kind=Method.CV_DELTA).shifted(float(value))


