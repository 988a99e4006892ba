"""The Bayesian signed-rank test with a region of practical equivalence.

Benavoli, Corani, Demšar, Zaffalon, *Time for a change: a tutorial for comparing multiple
classifiers through Bayesian analysis*, JMLR 18 (2017) 1-36, Section 5 (after Benavoli et
al., ICML 2014). The differences ``z_1..z_n`` of two classifiers over the independent
units, with a pseudo-observation ``z_0 = 0`` of weight ``s`` (the prior strength), have a
Dirichlet-process posterior: weights ``w ~ Dirichlet(s, 1, ..., 1)``, and

    theta_left  = sum_{i,j} w_i w_j [z_i + z_j < -2 rope]
    theta_rope  = sum_{i,j} w_i w_j [|z_i + z_j| <= 2 rope]
    theta_right = sum_{i,j} w_i w_j [z_i + z_j >  2 rope]

(``i = j`` included; a Walsh sum exactly on a boundary, ``z_i + z_j = ±2 rope``, counts half
to each side of it: the Heaviside convention ``H(0) = 1/2``, which matters for discrete
scores, e.g. percentages with integer differences). The probabilities reported are those of each of the three
being the largest, over Monte Carlo draws of ``w`` from a generator the caller seeds.
"""

from __future__ import annotations

from numbers import Real

from imbeval.compare import _params
from imbeval.utils._param_validation import Interval, validate_params

_NON_NEGATIVE = Interval(Real, 0, None, closed="left")

import numpy as np

__all__ = ["signed_rank_posterior", "signed_rank_probabilities", "PRIOR", "N_SAMPLES"]

#: the prior strength ``s`` of the pseudo-observation at 0 (Benavoli et al. 2017's choice)
PRIOR = 0.5
#: Monte Carlo draws of the Dirichlet weights: the one default of the library, of
#: ``imbeval compare`` and of the pipeline (config ``compare.n_samples``; the schema's
#: default is this number, tests/test_compare_cli.py checks). Standard error of a
#: probability <= 0.5 / sqrt(10,000) = 0.005
from imbeval.compare._defaults import N_SAMPLES


def _walsh_counts(points, rope):
    """For sorted ``points``: per i, how many j have ``points[i] + points[j]`` below
    ``-2 rope``, equal to it, equal to ``+2 rope``, above it (prefixes and suffixes of j,
    since the sums grow with j)."""
    sums = points[:, None] + points[None, :]
    bound = 2.0 * rope
    return ((sums < -bound).sum(axis=1), (sums == -bound).sum(axis=1),
            (sums == bound).sum(axis=1), (sums > bound).sum(axis=1))


def _masses(w, counts):
    """``theta_left`` and ``theta_right`` of weight draws ``w`` (draws x points, points
    sorted): ``sum_i w_i (sum of w_j over the region's j)``, the inner sums read off the
    cumulative sums of the sorted weights (the same numbers as ``w^T M w`` with the
    region's 0/1/half matrix ``M``, in O(points) per draw)."""
    below, at_low, at_high, above = counts
    m = w.shape[1]
    cum = np.zeros((w.shape[0], m + 1))
    np.cumsum(w, axis=1, out=cum[:, 1:])
    total = cum[:, -1:]
    left = cum[:, below] + 0.5 * (cum[:, below + at_low] - cum[:, below])
    first_above = m - above
    right = (total - cum[:, first_above]) + 0.5 * (cum[:, first_above]
                                                   - cum[:, first_above - at_high])
    return (w * left).sum(axis=1), (w * right).sum(axis=1)


@validate_params({"z": ["array-like"], "rope": _params.ROPE[:1], "prior": [_NON_NEGATIVE],
                  "n_samples": _params.DRAWS[:1], "rng": [np.random.Generator, None]})
def signed_rank_posterior(z, *, rope=0.0, prior=PRIOR, n_samples=N_SAMPLES, rng=None):
    """Draws of ``(theta_left, theta_rope, theta_right)``, shape ``(n_samples, 3)``.

    Parameters
    ----------
    z : array ``(n,)``: differences ``x - y`` over independent units (finite).
    rope : half-width of the region of practical equivalence (>= 0).
    prior : strength ``s`` of the pseudo-observation at 0 (>= 0).
    n_samples : number of draws.
    rng : a :class:`numpy.random.Generator` (the caller's seed); required.

    Examples
    --------
    >>> s = signed_rank_posterior([0.1, 0.2, 0.3, 0.1, 0.2], rope=0.01, n_samples=1000,
    ...                           rng=np.random.default_rng(0))
    >>> s.shape, bool(np.allclose(s.sum(axis=1), 1))
    ((1000, 3), True)
    """
    z = np.asarray(z, dtype=float)
    if z.ndim != 1 or z.size == 0 or not np.isfinite(z).all():
        raise ValueError("z must be a non-empty 1-d array of finite differences")
    if not rope >= 0:
        raise ValueError(f"rope must be >= 0, got {rope!r}")
    if not prior >= 0:
        raise ValueError(f"prior must be >= 0, got {prior!r}")
    if int(n_samples) != n_samples or n_samples < 1:
        raise ValueError(f"n_samples must be a positive integer, got {n_samples!r}")
    if not isinstance(rng, np.random.Generator):
        raise ValueError("rng must be a numpy Generator seeded by the caller")
    points = np.concatenate([[0.0], z])
    alpha = np.concatenate([[prior], np.ones(z.size)])
    if prior == 0:  # a Dirichlet needs positive weights: the pseudo-observation is absent
        points, alpha = points[1:], alpha[1:]
    # weights drawn in the given order (so swapping x and y mirrors the draws exactly),
    # then read in the order of the points
    order = np.argsort(points, kind="stable")
    counts = _walsh_counts(points[order], rope)
    out = np.empty((int(n_samples), 3))
    step = max(256, 65_536 // alpha.size)   # chunks that stay in the CPU cache
    for start in range(0, int(n_samples), step):
        w = rng.dirichlet(alpha, min(step, int(n_samples) - start))
        stop = start + w.shape[0]
        out[start:stop, 0], out[start:stop, 2] = _masses(w[:, order], counts)
    out[:, 1] = 1.0 - out[:, 0] - out[:, 2]
    return out


@validate_params({"x": ["array-like"], "y": ["array-like"], "rope": _params.ROPE[:1],
                  "prior": [_NON_NEGATIVE], "n_samples": _params.DRAWS[:1],
                  "rng": [np.random.Generator, None]})
def signed_rank_probabilities(x, y, *, rope=0.0, prior=PRIOR, n_samples=N_SAMPLES,
                              rng=None) -> tuple[float, float, float]:
    """``(P(x better), P(equivalent), P(y better))`` by the Bayesian signed-rank test.

    Higher is better: pass negated values for an index where lower is better. Each
    probability is the share of posterior draws in which that region has the largest mass
    (Benavoli et al. 2017; a tie for the largest is shared); without a rope,
    ``P(equivalent)`` is 0.

    Examples
    --------
    >>> x = [0.81, 0.79, 0.90, 0.75, 0.88, 0.70, 0.93, 0.84]
    >>> y = [0.71, 0.72, 0.80, 0.70, 0.85, 0.69, 0.80, 0.74]
    >>> p = signed_rank_probabilities(x, y, rope=0.01, n_samples=2000,
    ...                               rng=np.random.default_rng(1))
    >>> p[0] > 0.95, round(sum(p), 12)
    (True, 1.0)
    """
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    if x.shape != y.shape:
        raise ValueError(f"x and y must have the same shape, got {x.shape} and {y.shape}")
    sample = signed_rank_posterior(x - y, rope=rope, prior=prior, n_samples=n_samples, rng=rng)
    # a draw where two regions tie for the largest mass (e.g. every difference 0 and no
    # rope: left = right = 1/2) counts half to each, not to the first one
    top = np.isclose(sample, sample.max(axis=1, keepdims=True), rtol=0, atol=1e-12)
    counts = (top / top.sum(axis=1, keepdims=True)).mean(axis=0)
    # z = x - y: the right region (z > rope) is x's
    return float(counts[2]), float(counts[1]), float(counts[0])
