"""Families of decisions: Holm's family-wise adjustment (:func:`holm`) of a figure's or a
table's decisions; and for a table's many printed numbers against a re-run, a global test of
the table first, then the numbers that differ located at a controlled false discovery rate.

Holm (1979) keeps the chance of even one false decision in a family at most ``alpha``
(``statsmodels.stats.multitest.multipletests``).

A table of printed numbers (mortaz2020's Table 16: 108 of them) asks two questions a
family-wise adjustment of its cells does not: *is the table as a whole what a re-run could
print?*, and, if not, *which numbers are not?* The first is a global test of the family's
p-values, the second a step-up procedure whose rejections are the numbers located:

- :func:`simes` -- Simes' (1986) global test, ``min_i m·p_(i)/i``. It is valid (its size is
  at most ``alpha``) for independent p-values and under positive regression dependence
  (Sarkar 1998). The cells of one table are not independent -- every model is fitted on the
  same CV partitions and every measure is read off the same confusion matrices -- and their
  dependence is positive (a partition that is easy for one model is easy for the next), so
  Fisher's and Stouffer's combinations, which assume independence and are anti-conservative
  under positive dependence, are not used.
- :func:`benjamini_hochberg` -- Benjamini and Hochberg's (1995) step-up q-values
  (``scipy.stats.false_discovery_control``), which control the false discovery rate under
  the same positive dependence (Benjamini and Yekutieli 2001). The smallest q-value of a
  family *is* its Simes p-value, so the two steps never disagree: a table that passes its
  global test has no number located, and one that fails it has at least one.

References: Simes, R. J. (1986) An improved Bonferroni procedure for multiple tests of
significance. Biometrika 73, 751-754. Sarkar, S. K. (1998) Some probability inequalities for
ordered MTP2 random variables: a proof of the Simes conjecture. Annals of Statistics 26,
494-504. Benjamini, Y., Hochberg, Y. (1995) Controlling the false discovery rate. JRSS B 57,
289-300. Benjamini, Y., Yekutieli, D. (2001) The control of the false discovery rate in
multiple testing under dependency. Annals of Statistics 29, 1165-1188.
"""

from __future__ import annotations

from imbeval.utils._param_validation import LEVEL as _LEVEL, validate_params

import gc
from contextlib import contextmanager

import numpy as np

from imbeval.inference._constants import INTERVAL_ALPHA

__all__ = ["holm", "simes", "benjamini_hochberg", "frozen_gc"]


@validate_params({"p_values": ["array-like"], "alpha": [_LEVEL]})
def holm(p_values, alpha: float = INTERVAL_ALPHA) -> tuple[np.ndarray, np.ndarray]:
    """Holm's step-down adjustment of a family of p-values (NaNs kept out).

    ``alpha`` decides ``reject`` only (the adjusted p-values do not depend on it); its
    default is 0.05, the intervals' level: a verdict is decisive at
    :data:`~imbeval.inference.DECISIVE_ALPHA`, which callers that decide pass.

    Returns ``(reject, adjusted)``, arrays of the family's length (``False`` / NaN where
    ``p`` is NaN), from ``statsmodels.stats.multitest.multipletests(method="holm")``.

    Examples
    --------
    >>> reject, adjusted = holm([0.01, 0.04, 0.03, float("nan")])
    >>> reject.tolist(), [round(float(a), 2) for a in adjusted[:3]]
    ([True, False, False, False], [0.03, 0.06, 0.06])
    """
    from statsmodels.stats.multitest import multipletests

    p = np.asarray(p_values, dtype=float)
    reject = np.zeros(p.shape, dtype=bool)
    adjusted = np.full(p.shape, np.nan)
    ok = np.isfinite(p)
    if ok.any():
        # multipletests runs gc.collect() on every call (0.16 s with the test suite's heap,
        # most of a small ranking's time): collecting nothing but the objects it makes
        with frozen_gc():
            r, a, _, _ = multipletests(p[ok], alpha=alpha, method="holm")
        reject[ok], adjusted[ok] = r, a
    return reject, adjusted


@contextmanager
def frozen_gc():
    """The live objects frozen (``gc.freeze``) while a block runs: statsmodels'
    ``multipletests`` (behind :func:`imbeval.inference.holm`) calls ``gc.collect()`` on every
    call, 0.17-0.24 s each with pandas and a table in memory, which froze objects make
    instant. Nothing is computed differently."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def _finite(p_values) -> tuple[np.ndarray, np.ndarray]:
    p = np.asarray(p_values, dtype=float)
    if p.ndim != 1:
        raise ValueError(f"p-values must be one-dimensional, got shape {p.shape}")
    ok = np.isfinite(p)
    if ((p[ok] < 0) | (p[ok] > 1)).any():
        raise ValueError("p-values must lie in [0, 1]")
    return p, ok


@validate_params({"p_values": ["array-like"]})
def simes(p_values) -> float:
    """Simes' global p-value of a family: ``min_i m·p_(i)/i`` over its ``m`` finite
    p-values (NaNs kept out), capped at 1; NaN for a family with none.

    Examples
    --------
    >>> simes([0.01, 0.04, 0.03, float("nan")])  # 3 x 0.01 / 1
    0.03
    >>> simes([0.5, 0.9])
    0.9
    """
    p, ok = _finite(p_values)
    finite = np.sort(p[ok])
    if not finite.size:
        return float("nan")
    ranks = np.arange(1, finite.size + 1)
    return float(min(1.0, np.min(finite.size * finite / ranks)))


@validate_params({"p_values": ["array-like"], "alpha": [_LEVEL]})
def benjamini_hochberg(p_values, alpha: float) -> tuple[np.ndarray, np.ndarray]:
    """Benjamini-Hochberg's step-up procedure over a family (NaNs kept out).

    Returns ``(reject, q)``: arrays of the family's length, ``q`` the BH-adjusted p-values
    (``scipy.stats.false_discovery_control(method="bh")``) and ``reject = q <= alpha``
    (``False`` / NaN where ``p`` is NaN).

    Examples
    --------
    >>> reject, q = benjamini_hochberg([0.01, 0.04, 0.03, float("nan")], 0.05)
    >>> reject.tolist(), [round(float(v), 3) for v in q[:3]]
    ([True, True, True, False], [0.03, 0.04, 0.04])
    """
    from scipy.stats import false_discovery_control

    p, ok = _finite(p_values)
    reject = np.zeros(p.shape, dtype=bool)
    q = np.full(p.shape, np.nan)
    if ok.any():
        q[ok] = false_discovery_control(p[ok], method="bh")
        reject[ok] = q[ok] <= alpha
    return reject, q
