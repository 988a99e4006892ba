"""Decisions on an estimate: the p-value of a decision (:func:`decision_p_value`) and
equivalence within a tolerance by two one-sided tests (:func:`tost`).

The p-value of a decision is the smallest ``alpha`` at which the ``1 - alpha`` interval makes
it; a family of decisions (a figure's, a table's) is then adjusted
(:mod:`imbeval.inference._multiplicity`), and a verdict is decisive only when its adjusted
p-value is at most :data:`~imbeval.inference.DECISIVE_ALPHA`.
"""

from __future__ import annotations

from imbeval.utils._param_validation import POSITIVE as _POSITIVE, validate_params

import math
from typing import Callable

from imbeval.inference._estimate import Estimate

__all__ = ["tost", "decision_p_value"]


@validate_params({"tolerance": [_POSITIVE]})
def tost(difference: float, se: float, df: float, tolerance: float) -> float:
    """The p-value of two one-sided t tests that ``|true difference| < tolerance``.

    Schuirmann (1987): equivalence is shown at level ``alpha`` when both one-sided tests
    reject, i.e. when ``max(p_lower, p_upper) <= alpha``; that maximum is returned.

    Examples
    --------
    >>> round(tost(0.0, 0.01, 10, 0.03), 4) < 0.05, round(tost(0.025, 0.01, 10, 0.03), 2)
    (True, 0.31)
    """
    from scipy import stats

    if not (math.isfinite(difference) and math.isfinite(se) and df >= 1) or se < 0:
        return math.nan
    if se == 0:
        return 0.0 if abs(difference) < tolerance else 1.0
    p_low = float(stats.t.sf((difference + tolerance) / se, df))
    p_high = float(stats.t.cdf((difference - tolerance) / se, df))
    return max(p_low, p_high)


def decision_p_value(estimate: Estimate, decide: Callable) -> float:
    """The smallest ``alpha`` at which ``decide`` makes a verdict on the ``1 - alpha`` interval.

    Parameters
    ----------
    estimate : the number and its intervals.
    decide : ``decide((low, high)) -> True | False | None`` (None: inconclusive); it must
        turn decisive no later as the interval widens.

    Returns
    -------
    float in (0, 1]: 1 when no level makes the verdict; NaN when the estimate has no
    interval. Found by bisection on ``log(alpha)`` to a relative 1e-4.

    Examples
    --------
    >>> from imbeval.inference import cv_estimate
    >>> e = cv_estimate([0.02, 0.03, 0.025, 0.022, 0.028])
    >>> p = decision_p_value(e, lambda ci: True if ci[0] > 0 else None)
    >>> 0 < p < 0.05
    True
    """
    def verdict(alpha):
        low, high = estimate.interval_at(1 - alpha)
        if not (math.isfinite(low) and math.isfinite(high)):
            return math.nan
        return decide((low, high))

    def decisive(alpha):
        v = verdict(alpha)
        return not (v is None or (isinstance(v, float) and math.isnan(v)))

    top = verdict(1 - 1e-9)
    if isinstance(top, float) and math.isnan(top):
        return math.nan
    if top is None:
        return 1.0
    lo, hi = math.log(1e-15), math.log(1 - 1e-9)
    if decisive(math.exp(lo)):
        return 0.0
    for _ in range(200):
        mid = (lo + hi) / 2
        if not decisive(math.exp(mid)):
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-4:
            break
    return float(math.exp(hi))
