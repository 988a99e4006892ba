"""Could a ranking be noise? Two methods reported on one test set, paired by McNemar's
exact test on the discordant test points (McNemar 1947; the exact form is the binomial test
of b out of b + c at 1/2, as ``statsmodels.stats.contingency_tables.mcnemar(exact=True)``).

The reported scores fix each method's matrix only up to the feasible set, and say nothing
of which test points the two got right together. Per class, A's and B's correct counts
``a`` and ``b`` of ``n`` points overlap by anything from ``max(0, a + b - n)`` to
``min(a, b)``: the largest overlap gives the fewest discordant points (the most favourable
pairing: the smallest p-value), the smallest overlap the most (the least favourable).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

__all__ = ["RankingNoise", "exact_p", "mcnemar_p", "pairing_range", "size_needed"]


def mcnemar_p(b, c):
    """McNemar's exact two-sided p-value for discordant counts b and c."""
    return float(exact_p(b, c))


def exact_p(b, c):
    """:func:`mcnemar_p` elementwise over arrays of discordant counts.

    At 1/2 the binomial is symmetric, so the two-sided p-value (the outcomes no likelier
    than the one seen) is twice the lower tail at ``min(b, c)``, capped at 1: the value of
    ``scipy.stats.binomtest(b, b + c, 0.5)``, without its per-call cost.
    """
    from scipy.stats import binom

    b = np.rint(np.asarray(b, float))
    c = np.rint(np.asarray(c, float))
    return np.minimum(1.0, 2.0 * binom.cdf(np.minimum(b, c), b + c, 0.5))


def pairing_range(correct_a, correct_b, sizes):
    """(discordant b, c) of the most and the least favourable pairings of per-class correct
    counts: ``((b_min, c_min), (b_max, c_max))``, summed over the last axis (the classes),
    so stacks of pairs give arrays."""
    a = np.asarray(correct_a, float)
    b = np.asarray(correct_b, float)
    n = np.asarray(sizes, float)
    most = np.minimum(a, b)
    least = np.maximum(0.0, a + b - n)
    fav = ((a - most).sum(axis=-1), (b - most).sum(axis=-1))
    unfav = ((a - least).sum(axis=-1), (b - least).sum(axis=-1))
    return fav, unfav


def size_needed(difference, discordance, alpha=0.05, limit=10**9):
    """The smallest test set on which a difference of accuracy ``difference`` with a share
    ``discordance`` of discordant points gives McNemar's exact p < ``alpha`` (inf if none
    up to ``limit``)."""
    if difference <= 0 or discordance <= 0:
        return math.inf

    def decisive(size):
        b = size * (discordance + difference) / 2
        c = size * (discordance - difference) / 2
        return mcnemar_p(math.ceil(b - 1e-9), max(0, math.floor(c + 1e-9))) < alpha

    hi = 1
    while not decisive(hi):
        hi *= 2
        if hi > limit:
            return math.inf
    lo = hi // 2
    while lo + 1 < hi:
        mid = (lo + hi) // 2
        if decisive(mid):
            hi = mid
        else:
            lo = mid
    return hi


@dataclass(frozen=True)
class RankingNoise:
    """Whether method ``a`` beats ``b`` on one test set beyond noise.

    Attributes
    ----------
    a, b : str
        The methods (``a`` the one with more correct points).
    p_favourable, p_unfavourable : float
        McNemar's exact p under the most and the least favourable pairing over every pair of
        feasible matrices.
    verdict : str
        ``"decisive"`` (p < alpha under every pairing), ``"decisive only if paired
        favourably"``, or ``"could be noise"`` (p >= alpha under every pairing).
    difference : float
        The accuracy difference of the pair of feasible matrices with the largest one.
    size_favourable, size_unfavourable : float
        The test-set size at which that difference (at the same shares of discordant
        points) would be decisive under each pairing.
    """

    a: str
    b: str
    p_favourable: float
    p_unfavourable: float
    alpha: float
    verdict: str
    difference: float
    size_favourable: float
    size_unfavourable: float
    pairs: int

    def __str__(self):
        return (f"{self.a} vs {self.b}: {self.verdict} (McNemar exact p from "
                f"{self.p_favourable:.3g} to {self.p_unfavourable:.3g}; a decisive difference "
                f"of {self.difference:.4f} needs n >= {self.size_favourable:g} paired "
                f"favourably, {self.size_unfavourable:g} unfavourably)")
