"""Influence functions of ortigosa2016: how a score sees the Bayes rule under imbalance.

J. Ortigosa-Hernández, I. Inza, J. A. Lozano, *Towards competitive classifiers for
unbalanced classification problems: a study on the performance scores* (2016), eqs. 7-10.

Generative model: K univariate Gaussian classes with unit variance and means
0, δ, 2δ, ... ; class priors η. The Bayes decision rule (BDR) assigns x to the class with
the largest η_i φ(x − μ_i). Its *true confusion matrix* (eq. 6) is::

    a_ij = η_i ∫_{Ω_j} φ(x − μ_i) dx        (rows true, columns predicted)

and the influence function of a score S is::

    binary  (eq. 9):   I_2^S(η) = ∫_{0.01}^{10} [S_B(1/2, δ) − S_B(η, δ)] dδ,
    K-class (eq. 10):  I_K^S(ε) = ∫_{0.01}^{10} [S_B(0, δ) − S_B(ε, δ)] dδ,
                       η_1 = 1/K + ε, the others 1/K − ε/(K − 1).

Positive values: the score rates the BDR higher on the balanced problem than under the
imbalance η (the behaviour an adequate score should show, Section 3.2). Scores where lower
is better have the sign reversed (the paper's footnote 4): pass ``greater_is_better=False``
(the auditor does, from the index's registered orientation), which gives the influence of
−S.

Decision regions are computed exactly: with equal variances the log-discriminants are
lines in x, so class j owns the interval between its largest cut with a class of smaller
mean and its smallest cut with a class of larger mean -- empty when these cross (a middle
class can vanish). The δ-integral uses composite Gauss-Legendre quadrature, vectorised over
η and δ: every score is evaluated once on one stack of true confusion matrices.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from scipy.special import ndtr

__all__ = [
    "bayes_cuts",
    "interval_confusion",
    "bayes_confusion",
    "delta_quadrature",
    "influence_binary",
    "influence_multiclass",
    "ternary_priors",
    "summarise_influence",
    "call_index",
]

# Panel edges for the δ quadrature: the integrand changes fastest at small δ (the Bayes
# threshold ln(η/(1−η))/δ sweeps the whole line there), so the panels are finer there.
_DELTA_EDGES = (0.01, 0.02, 0.05, 0.1, 0.2, 0.35, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0, 10.0)


def call_index(fn, stack, zero_division):
    """Call an index with ``zero_division`` if it accepts the keyword, else without."""
    try:
        return np.asarray(fn(stack, zero_division=zero_division), dtype=np.float64)
    except TypeError:
        return np.asarray(fn(stack), dtype=np.float64)


def _orientation_sign(greater_is_better):
    if not isinstance(greater_is_better, (bool, np.bool_)):
        raise ValueError(f"greater_is_better must be True or False, got {greater_is_better!r}")
    return 1.0 if greater_is_better else -1.0


def delta_quadrature(lower=0.01, upper=10.0, nodes_per_panel=24):
    """Nodes and weights of composite Gauss-Legendre quadrature on [lower, upper]."""
    edges = np.array([e for e in _DELTA_EDGES if lower < e < upper])
    edges = np.concatenate([[lower], edges, [upper]])
    x, w = np.polynomial.legendre.leggauss(nodes_per_panel)
    a, b = edges[:-1, None], edges[1:, None]
    nodes = (0.5 * (b - a) * x + 0.5 * (a + b)).ravel()
    weights = (0.5 * (b - a) * w).ravel()
    return nodes, weights


def bayes_cuts(priors, means, sd=1.0):
    """Lower and upper ends of each class's Bayes decision region in 1-D.

    Parameters
    ----------
    priors : array (..., K), positive.
    means : array broadcastable to (..., K), strictly increasing along the last axis.
    sd : common standard deviation.

    Returns
    -------
    lower, upper : arrays (..., K); class j is predicted on (lower_j, upper_j), empty when
    lower_j ≥ upper_j.
    """
    eta = np.asarray(priors, dtype=np.float64)
    mu = np.broadcast_to(np.asarray(means, dtype=np.float64), eta.shape)
    k = eta.shape[-1]
    with np.errstate(divide="ignore"):
        log_eta = np.log(eta)
    # cut[i, j] (i < j): x where η_i φ(x − μ_i) = η_j φ(x − μ_j).
    mu_i, mu_j = mu[..., :, None], mu[..., None, :]
    with np.errstate(divide="ignore", invalid="ignore"):
        cut = 0.5 * (mu_i + mu_j) + sd**2 * (log_eta[..., :, None] - log_eta[..., None, :]) / (
            mu_j - mu_i
        )
    idx = np.arange(k)
    below = idx[:, None] < idx[None, :]  # i < j
    # lower_j = max over i < j of cut[i, j]; upper_i = min over j > i of cut[i, j].
    lower = np.max(np.where(below, cut, -np.inf), axis=-2)
    upper = np.min(np.where(below, cut, np.inf), axis=-1)
    return lower, upper


def interval_confusion(lower, upper, priors, means, sd=1.0, weighted=True):
    """True confusion matrix of a rule predicting class j on the interval (lower_j, upper_j).

    ``a_ij = η_i [Φ((u_j − μ_i)/sd) − Φ((l_j − μ_i)/sd)]`` (eq. 6), 0 for an empty region.
    With ``weighted=False`` the factor η_i is dropped (the class-conditional reading).
    """
    eta = np.asarray(priors, dtype=np.float64)
    mu = np.broadcast_to(np.asarray(means, dtype=np.float64), eta.shape)
    lo, up = np.asarray(lower), np.asarray(upper)
    empty = lo >= up
    lo = np.where(empty, 0.0, lo)
    up = np.where(empty, 0.0, up)
    z_up = (up[..., None, :] - mu[..., :, None]) / sd
    z_lo = (lo[..., None, :] - mu[..., :, None]) / sd
    mass = np.clip(ndtr(z_up) - ndtr(z_lo), 0.0, 1.0)
    mass = np.where(empty[..., None, :], 0.0, mass)
    return eta[..., :, None] * mass if weighted else mass


def bayes_confusion(priors, means, sd=1.0, weighted=True):
    """True confusion matrix (eq. 6) of the Bayes rule for 1-D Gaussian classes."""
    lower, upper = bayes_cuts(priors, means, sd)
    return interval_confusion(lower, upper, priors, means, sd, weighted)


@lru_cache(maxsize=16)
def _bayes_stacks(priors_key, shape, balanced, delta_range, nodes_per_panel, weighted):
    """The quadrature weights and the Bayes rule's true confusion matrices at the priors and
    at ``balanced``, over the δ nodes -- the same for every index, so an audit of many
    indices computes them once (they were 2/3 of the auditor's time). Read-only: every index
    gets the same arrays."""
    priors = np.frombuffer(priors_key, dtype=np.float64).reshape(shape)
    nodes, weights = delta_quadrature(*delta_range, nodes_per_panel=nodes_per_panel)
    k = priors.shape[-1]
    means = nodes[:, None] * np.arange(k)  # (D, K)
    eta = np.broadcast_to(priors[:, None, :], (priors.shape[0], nodes.size, k))
    eta0 = np.broadcast_to(np.asarray(balanced, dtype=np.float64), (nodes.size, k))
    stacks = (weights, bayes_confusion(eta, means, weighted=weighted),
              bayes_confusion(eta0, means, weighted=weighted))
    for a in stacks:
        a.flags.writeable = False
    return stacks


def _influence(fn, priors, balanced, *, delta_range, nodes_per_panel, zero_division, weighted):
    """∫ [S_B(balanced, δ) − S_B(priors, δ)] dδ for priors of shape (G, K)."""
    priors = np.ascontiguousarray(priors, dtype=np.float64)
    weights, stack, balanced_stack = _bayes_stacks(
        priors.tobytes(), priors.shape, tuple(np.asarray(balanced, dtype=np.float64).ravel()),
        tuple(delta_range), nodes_per_panel, bool(weighted))
    scores = call_index(fn, stack, zero_division)
    base = call_index(fn, balanced_stack, zero_division)
    return (base[None, :] - scores) @ weights


def influence_binary(
    fn,
    etas,
    *,
    delta_range=(0.01, 10.0),
    nodes_per_panel=24,
    zero_division=1.0,
    weighted=True,
    greater_is_better=True,
):
    """I_2^S(η) of eq. 9 for the index ``fn`` (a function of (..., 2, 2) stacks).

    η is the prior of the first class (mean 0), the positive class of two-class indices.
    ``zero_division=1`` is the paper's 0/0 = 1 convention (Table 1).
    ``greater_is_better=False`` reverses the sign (footnote 4: a lower-is-better score).

    Examples
    --------
    >>> import numpy as np
    >>> def error(cm):  # 1 − accuracy, lower is better
    ...     return 1 - np.trace(cm, axis1=-2, axis2=-1) / cm.sum(axis=(-2, -1))
    >>> i = influence_binary(error, [0.1], greater_is_better=False)
    >>> bool(np.allclose(i, -influence_binary(error, [0.1])))
    True
    """
    eta = np.atleast_1d(np.asarray(etas, dtype=np.float64))
    if np.any((eta <= 0) | (eta >= 1)):
        raise ValueError("binary priors η must lie strictly between 0 and 1")
    sign = _orientation_sign(greater_is_better)
    priors = np.stack([eta, 1.0 - eta], axis=-1)
    return sign * _influence(
        fn,
        priors,
        [0.5, 0.5],
        delta_range=delta_range,
        nodes_per_panel=nodes_per_panel,
        zero_division=zero_division,
        weighted=weighted,
    )


def ternary_priors(eps, n_classes=3):
    """η_1 = 1/K + ε and η_i = 1/K − ε/(K − 1) otherwise (Section 3.2.1), shape (G, K)."""
    eps = np.atleast_1d(np.asarray(eps, dtype=np.float64))
    k = int(n_classes)
    rest = np.repeat((1.0 / k - eps / (k - 1))[:, None], k - 1, axis=1)
    return np.concatenate([(1.0 / k + eps)[:, None], rest], axis=1)


def influence_multiclass(
    fn,
    eps,
    n_classes=3,
    *,
    delta_range=(0.01, 10.0),
    nodes_per_panel=24,
    zero_division=1.0,
    weighted=True,
    greater_is_better=True,
):
    """I_K^S(ε) of eq. 10 (K = 3 by default: Fig. 4), ε strictly inside (−1/K, (K−1)/K).

    ``greater_is_better=False`` reverses the sign (footnote 4: a lower-is-better score).
    """
    k = int(n_classes)
    eps = np.atleast_1d(np.asarray(eps, dtype=np.float64))
    if np.any((eps <= -1.0 / k) | (eps >= (k - 1.0) / k)):
        raise ValueError(f"ε must lie strictly inside (−1/{k}, {k - 1}/{k})")
    sign = _orientation_sign(greater_is_better)
    return sign * _influence(
        fn,
        ternary_priors(eps, k),
        np.full(k, 1.0 / k),
        delta_range=delta_range,
        nodes_per_panel=nodes_per_panel,
        zero_division=zero_division,
        weighted=weighted,
    )


def summarise_influence(grid, values, centre, tol=1e-9):
    """Sign and growth of an influence function (the two properties of Section 3.2).

    (a) *positive*: the fraction of grid points away from the balanced point ``centre``
    where the influence is > 0; (b) *grows*: whether it is non-decreasing as the grid moves
    away from ``centre`` on each side (up to ``tol``). Also the largest violation of the
    growth, and the values at the two ends.
    """
    grid = np.asarray(grid, dtype=np.float64)
    values = np.asarray(values, dtype=np.float64)
    away = np.abs(grid - centre) > 1e-12
    finite = np.isfinite(values)
    pos = values[away & finite]
    positive_fraction = float(np.mean(pos > tol)) if pos.size else float("nan")
    negative_fraction = float(np.mean(pos < -tol)) if pos.size else float("nan")
    worst_drop = 0.0
    for side in (grid >= centre, grid <= centre):
        v = values[side & finite]
        g = grid[side & finite]
        order = np.argsort(np.abs(g - centre))
        steps = np.diff(v[order])
        if steps.size:
            worst_drop = max(worst_drop, float(-np.min(steps)))
    return {
        "positive_fraction": positive_fraction,
        "negative_fraction": negative_fraction,
        "grows": bool(worst_drop <= tol * max(1.0, float(np.nanmax(np.abs(values))))),
        "largest_drop": worst_drop,
        "min": float(np.nanmin(values)),
        "max": float(np.nanmax(values)),
        "at_low_end": float(values[finite][0]) if finite.any() else float("nan"),
        "at_high_end": float(values[finite][-1]) if finite.any() else float("nan"),
    }
