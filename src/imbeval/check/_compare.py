"""compare_reported(): could the ranking of methods on one test set be noise?"""

from __future__ import annotations

import itertools
import math
from numbers import Real

import numpy as np

from imbeval.check._api import check_reported
from imbeval.check._noise import RankingNoise, exact_p, pairing_range, size_needed
from imbeval.utils._param_validation import Interval, validate_params

__all__ = ["compare_reported"]

_MAX_PAIRS = 20_000


def _correct(stack):
    return np.einsum("...ii->...i", stack)


@validate_params({"methods": ["mapping"], "alpha": [Interval(Real, 0, 1, closed="neither")]},
                 skip_nested=True)
def compare_reported(methods, *, alpha=0.05, seed=0, **test_set):
    """For every pair of methods reported on one test set: is their difference decisive?

    Each method's scores go through :func:`check_reported` (``test_set`` holds its keyword
    arguments: ``p``, ``n`` or ``counts``, ``eps``/``decimals``, ...). Over every pair of
    their feasible matrices (a seeded sample of at most 20,000 pairs, with the pairs of
    extreme accuracy, when there are more), McNemar's exact test on the discordant points is
    taken under the most and the least favourable pairing the matrices allow.

    Parameters
    ----------
    methods : mapping
        Method name -> scores (as for :func:`check_reported`).
    alpha : float, default 0.05
        Level of the test.
    seed : int, default 0
        Seed of the sample of pairs.
    **test_set
        Keyword arguments of :func:`check_reported` (a single test set).

    Returns
    -------
    list of RankingNoise
        One per pair, in the order given.

    Examples
    --------
    >>> from imbeval.check import compare_reported
    >>> out = compare_reported({"A": {"accuracy": "0.90"}, "B": {"accuracy": "0.86"}},
    ...                        p=50, n=150)
    >>> out[0].verdict
    'decisive only if paired favourably'
    """
    if test_set.get("folds") is not None:
        raise ValueError("compare_reported pairs methods on one test set: no folds")
    results = {name: check_reported(scores, **test_set) for name, scores in methods.items()}
    for name, result in results.items():
        if not result.consistent or result.feasible is None:
            raise ValueError(f"the scores of {name!r} are {result.verdict}: no matrix to "
                             "pair (see check_reported)")
    rng = np.random.default_rng(seed)
    out = []
    for first, second in itertools.combinations(results, 2):
        sa, sb = results[first].feasible, results[second].feasible
        ca, cb = _correct(sa), _correct(sb)
        sizes = sa[0].sum(axis=1)
        total = float(sizes.sum())
        ta, tb = ca.sum(axis=1), cb.sum(axis=1)
        if sa.shape[0] * sb.shape[0] <= _MAX_PAIRS:
            ia, ib = np.meshgrid(np.arange(sa.shape[0]), np.arange(sb.shape[0]), indexing="ij")
            ia, ib = ia.ravel(), ib.ravel()
        else:
            ia = rng.integers(0, sa.shape[0], _MAX_PAIRS)
            ib = rng.integers(0, sb.shape[0], _MAX_PAIRS)
            extremes = [(np.argmax(ta), np.argmin(tb)), (np.argmin(ta), np.argmax(tb)),
                        (np.argmax(ta), np.argmax(tb)), (np.argmin(ta), np.argmin(tb))]
            ia = np.concatenate([ia, [e[0] for e in extremes]])
            ib = np.concatenate([ib, [e[1] for e in extremes]])
        a_name, b_name = first, second
        if np.mean(ta[ia]) < np.mean(tb[ib]):
            a_name, b_name = second, first
            ca, cb, ia, ib = cb, ca, ib, ia
        (fav_b, fav_c), (unfav_b, unfav_c) = pairing_range(ca[ia], cb[ib], sizes)
        p_fav = float(exact_p(fav_b, fav_c).min())
        p_unfav = float(exact_p(unfav_b, unfav_c).max())
        diffs = (fav_b - fav_c) / total
        top = int(np.argmax(diffs))
        best = (0.0, 0.0, 0.0)  # difference, discordance favourable, unfavourable
        if diffs[top] > 0:
            best = (float(diffs[top]), float(fav_b[top] + fav_c[top]) / total,
                    float(unfav_b[top] + unfav_c[top]) / total)
        if p_unfav < alpha:
            verdict = "decisive"
        elif p_fav < alpha:
            verdict = "decisive only if paired favourably"
        else:
            verdict = "could be noise"
        out.append(RankingNoise(a_name, b_name, p_fav, p_unfav, alpha, verdict, best[0],
                                size_needed(best[0], best[1], alpha) if best[0] else math.inf,
                                size_needed(best[0], best[2], alpha) if best[0] else math.inf,
                                int(len(ia))))
    return out
