"""Ortigosa-Hernández et al. (2016): the competitiveness bounds S_inf^p and S_sup^p.

Part of :mod:`imbeval.indices.ortigosa2016`, which re-exports these functions and whose
docstring gives the paper and the Hölder means M_p the bounds apply to.
"""

from __future__ import annotations

import numpy as np

from imbeval.indices._validation import validate_params

__all__ = ["s_inf", "s_sup", "competitiveness"]


def _check_real_array(value, name):
    """Check that ``value`` converts to a float array; pass it on unchanged."""
    try:
        np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a real number or an array of them, got {value!r}") from None
    return value


def _check_k(n_classes, name="n_classes"):
    try:
        ok = int(n_classes) == n_classes and n_classes >= 2
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise ValueError(f"the number of classes K ({name}) must be an integer >= 2, got {n_classes!r}")
    return n_classes


@validate_params(p=_check_real_array, n_classes=_check_k)
def s_inf(p, n_classes):
    """S_inf^p = 1/K (ortigosa2016 eq. 23): below it, some recall is worse than random guessing.

    Parameters
    ----------
    p : float or array_like
        Order(s) of the Hölder mean.
    n_classes : int
        K ≥ 2.

    Returns
    -------
    ndarray of the shape of ``p``, every entry 1/K.

    Examples
    --------
    >>> from imbeval.indices.ortigosa2016 import s_inf
    >>> float(s_inf(1.0, 4))
    0.25
    """
    return np.full(np.shape(p), 1.0 / n_classes)


@validate_params(p=_check_real_array, n_classes=_check_k)
def s_sup(p, n_classes):
    """S_sup^p, the lowest unweighted M_p that guarantees every recall ≥ 1/K (ortigosa2016 eq. 22).

    The paper's extreme case -- one recall 1/K, the other K − 1 equal to 1 -- substituted
    into M_p::

        S_sup^p = (K^−(p+1) + (K−1)/K)^(1/p),

    with limits K^(−1/K) at p = 0, 1/K at p = −∞ and 1 at p = +∞. Eq. (22) as printed,
    (K^p + K^(p−1) + 1)^(1/p), is not this value (it gives 4 for K = 2, p = 1, above any mean of recalls): an erratum.
    Evaluated in log space so any ``|p|`` is safe.

    Parameters
    ----------
    p : float or array_like
        Order(s) of the Hölder mean, ±inf included.
    n_classes : int
        K ≥ 2.

    Returns
    -------
    float or ndarray of the shape of ``p``.

    Examples
    --------
    >>> from imbeval.indices.ortigosa2016 import s_sup
    >>> round(float(s_sup(1.0, 3)), 4)  # (1/9 + 2/3): the mean of 1/3, 1, 1
    0.7778
    >>> s_sup([0.0, -np.inf, np.inf], 3).round(4)
    array([0.6934, 0.3333, 1.    ])
    """
    p = np.asarray(p, dtype=np.float64)
    k = float(n_classes)
    log_inner = np.logaddexp(-(p + 1.0) * np.log(k), np.log((k - 1.0) / k))
    with np.errstate(divide="ignore", invalid="ignore"):
        out = np.exp(log_inner / p)
    out = np.where(p == 0, k ** (-1.0 / k), out)
    out = np.where(p == np.inf, 1.0, out)
    out = np.where(p == -np.inf, 1.0 / k, out)
    return out[()] if out.ndim == 0 else out


@validate_params(score=_check_real_array, p=_check_real_array, n_classes=_check_k)
def competitiveness(score, p, n_classes):
    """Classify an unweighted M_p score as 'superior', 'inferior' or 'indeterminate'.

    Superior: score ≥ S_sup^p (every recall beats random guessing); inferior:
    score < S_inf^p = 1/K (some recall is worse); indeterminate otherwise. Vectorised over
    ``score``; returns an array of strings (ortigosa2016, section 5).

    Parameters
    ----------
    score : float or array_like
        Unweighted M_p scores (NaN is 'undefined').
    p : float
        The order of the mean the scores are.
    n_classes : int
        K ≥ 2.

    Returns
    -------
    ndarray of str, the shape of ``score``.

    Examples
    --------
    >>> from imbeval.indices.ortigosa2016 import competitiveness
    >>> competitiveness([0.2, 0.5, 0.9, np.nan], 1.0, 3)
    array(['inferior', 'indeterminate', 'superior', 'undefined'], dtype='<U13')
    """
    score = np.asarray(score, dtype=np.float64)
    upper = s_sup(p, n_classes)
    lower = s_inf(p, n_classes)
    out = np.where(score >= upper, "superior", "indeterminate")
    out = np.where(score < lower, "inferior", out)
    return np.where(np.isnan(score), "undefined", out)
