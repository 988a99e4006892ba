"""Condition 1 for indices of scores, decided exactly: does an index move with the class prior?

mullick2020's Condition 1 asks that an index not change when the classes' sizes do (rows of
the confusion matrix scaled). For an index of scores the same question is exact on any scored
sample: moving the sample's class shares from π to π' is weighting every sample of class c by
π'_c / π_c, and every index of :mod:`imbeval.scores` takes ``sample_weight``. So an index is
**invariant** iff its value does not move under any reweighting of the classes.

:func:`prior_shift_audit` checks every registered index of scores on seeded scored samples
(two classes: rare, balanced, miscalibrated, tied scores; three classes), each reweighted

- over the grid :data:`PRIOR_GRID` of positive shares 0.5 ... 0.001 (three classes: each
  class in turn at that share, the others in their own proportions), and
- by a search: seeded random class shares (log-uniform, 0.001 ... 0.999) and, for two
  classes, a bounded optimiser that looks for the share moving the value most.

An index is ``invariant`` when no check moved it by more than rounding (1e-9 relative), else
``moves``; the table gives its values over the grid on the main sample and the largest shift
found. As for the conditions, "invariant" is a search's finding -- but here it is also proved
for the indices of class-wise rates (a reweighting of a class scales its TPR's or FPR's
numerator and denominator alike), and the search finds no exception to that proof.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy.optimize import minimize_scalar
from scipy.special import expit, logit, softmax

from imbeval.utils.seeds import derive_rng
from imbeval.scores import registry as score_registry

__all__ = ["PRIOR_GRID", "ScoredSample", "prior_shift_audit", "scored_samples", "shift_weights"]

#: The positive (or minority-class) shares of the grid, from balanced to 1 in 1,000.
PRIOR_GRID = (0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001)

#: A value moved by more than this (times 1 + |value|) is a shift, not rounding.
RTOL = 1e-9


@dataclass(frozen=True)
class ScoredSample:
    """A seeded scored test sample: class codes, the scores an index reads, its story.

    Attributes
    ----------
    name : short name.
    y : class codes 0..C-1 (two classes: 1 is positive).
    score : two classes, the positive class's probability (n,); else probabilities (n, C).
    description : how it was drawn.
    """

    name: str
    y: np.ndarray
    score: np.ndarray
    description: str


def _two_class(rng, name, n, share, separation, train_share, decimals=None):
    y = (rng.random(n) < share).astype(int)
    y[:2] = [0, 1]  # both classes present whatever the draw
    x = rng.normal(size=n) + separation * y
    # the posterior of a Gaussian scorer at the training share (calibrated iff it is the
    # test share)
    p = expit(separation * x - separation ** 2 / 2 + logit(train_share))
    p = np.clip(p, 1e-4, 1 - 1e-4)
    if decimals is not None:
        p = np.clip(np.round(p, decimals), 10.0 ** -decimals, 1 - 10.0 ** -decimals)
    text = (f"n = {n}, positive share {share}, Gaussian scores {separation} apart, "
            f"probabilities calibrated at share {train_share}"
            + (f", rounded to {decimals} decimals (ties)" if decimals is not None else ""))
    return ScoredSample(name, y, p, text)


def _three_class(rng, name, n, shares, decimals=None):
    y = rng.choice(len(shares), size=n, p=shares)
    y[: len(shares)] = np.arange(len(shares))
    means = np.array([[0.0, 0.0], [1.5, 0.0], [0.0, 1.5]])
    x = rng.normal(size=(n, 2)) + means[y]
    logits = x @ means.T - 0.5 * (means ** 2).sum(axis=1) + np.log(shares)
    p = softmax(logits, axis=1)
    if decimals is not None:
        p = np.round(p, decimals)
        p = np.clip(p, 10.0 ** -decimals, None)
        p = p / p.sum(axis=1, keepdims=True)
    text = (f"n = {n}, class shares {tuple(shares)}, Gaussian classes, calibrated softmax "
            "probabilities" + (f" rounded to {decimals} decimals" if decimals else ""))
    return ScoredSample(name, y, p, text)


def scored_samples(seed: int = 0) -> list[ScoredSample]:
    """The seeded samples the audit reweights (the first two-class one is the table's).

    Parameters
    ----------
    seed : int
        Seeds every draw (with the sample's name).

    Returns
    -------
    list of ScoredSample
        Four two-class samples, then two three-class ones.

    Examples
    --------
    >>> [s.name for s in scored_samples()][:2]
    ['main', 'balanced']
    """
    def rng(name):
        return derive_rng(seed, "prior_shift", name)

    return [
        _two_class(rng("main"), "main", 2000, 0.1, 1.5, 0.1),
        _two_class(rng("balanced"), "balanced", 600, 0.5, 1.0, 0.5),
        _two_class(rng("miscalibrated"), "miscalibrated", 3000, 0.02, 2.0, 0.3),
        _two_class(rng("ties"), "ties", 400, 0.3, 1.0, 0.3, decimals=1),
        _three_class(rng("three"), "three", 1500, (0.7, 0.2, 0.1)),
        _three_class(rng("three_ties"), "three_ties", 600, (0.5, 0.3, 0.2), decimals=1),
    ]


def shift_weights(y, shares) -> np.ndarray:
    """Weights that move the class shares of ``y`` to ``shares``: class c weighted π'_c / π_c.

    Parameters
    ----------
    y : array-like of int
        Class codes 0..C-1, every class present.
    shares : array-like of shape (C,)
        The target shares (normalised to sum 1).

    Returns
    -------
    ndarray
        One weight per sample; the weighted class shares are ``shares``.

    Examples
    --------
    >>> w = shift_weights([0, 0, 0, 1], [0.5, 0.5])
    >>> float(w[3] / w.sum())
    0.5
    """
    y = np.asarray(y)
    target = np.asarray(shares, dtype=float)
    target = target / target.sum()
    own = np.bincount(y, minlength=target.size) / y.size
    if np.any(own == 0):
        raise ValueError("y must hold every class of shares")
    return (target / own)[y]


def _grid_shares(C: int, pi: float, focus: int, own: np.ndarray) -> np.ndarray:
    """Class ``focus`` at share ``pi``, the others in their own proportions."""
    rest = np.delete(own, focus)
    shares = np.insert(rest / rest.sum() * (1.0 - pi), focus, pi)
    return shares


def _evaluate(fn, sample, y_score, weights):
    try:
        return float(fn(sample.y, y_score, sample_weight=weights))
    except ValueError:
        return float("nan")


def _audit_one(info, sample: ScoredSample, rng, n_random: int):
    """(value at the sample's prior, grid values, search min/max, largest |shift|, checks)."""
    C = int(sample.y.max()) + 1
    y_score = sample.score
    if info.scope == "multi-class" and sample.score.ndim == 1:
        y_score = np.column_stack([1.0 - sample.score, sample.score])
    base = _evaluate(info.function, sample, y_score, None)
    own = np.bincount(sample.y, minlength=C) / sample.y.size
    focus = C - 1 if C > 2 else 1  # the positive class, or the rarest of the three
    grid = np.array([_evaluate(info.function, sample, y_score,
                               shift_weights(sample.y, _grid_shares(C, pi, focus, own)))
                     for pi in PRIOR_GRID])
    found = [*grid]
    for focus_c in range(C) if C > 2 else ():
        for pi in PRIOR_GRID:
            found.append(_evaluate(info.function, sample, y_score,
                                   shift_weights(sample.y, _grid_shares(C, pi, focus_c, own))))
    for _ in range(n_random):
        shares = np.exp(rng.uniform(np.log(1e-3), np.log(0.999), size=C))
        found.append(_evaluate(info.function, sample, y_score, shift_weights(sample.y, shares)))
    if C == 2:
        def moved(t, sign):
            pi = float(expit(t))
            v = _evaluate(info.function, sample, y_score, shift_weights(sample.y, [1 - pi, pi]))
            found.append(v)
            return sign * v if np.isfinite(v) else 0.0

        for sign in (1.0, -1.0):  # the smallest and the largest value
            minimize_scalar(moved, args=(sign,), bounds=(logit(1e-3), logit(0.999)),
                            method="bounded", options={"xatol": 1e-4, "maxiter": 40})
    found = np.array(found)
    finite = found[np.isfinite(found)]
    shift = float(np.max(np.abs(finite - base))) if finite.size and np.isfinite(base) else np.nan
    return base, grid, finite.min(), finite.max(), shift, found.size


def prior_shift_audit(seed: int = 0, names=None, n_random: int = 30) -> pd.DataFrame:
    """The prior-shift verdict of every index of scores (or of ``names``).

    Parameters
    ----------
    seed : int
        Seeds the samples and the search.
    names : iterable of str, optional
        Indices of :func:`imbeval.scores.registry` (default all).
    n_random : int
        Random class-share vectors per sample in the search.

    Returns
    -------
    pandas.DataFrame
        One row per index: ``index, scope, greater_is_better, verdict`` (``invariant`` or
        ``moves``), ``value`` (on the main sample at its own prior), ``pi=<p>`` (the main
        sample reweighted to each share of :data:`PRIOR_GRID`), ``grid_min, grid_max``,
        ``search_min, search_max`` (main sample, grid and search), ``max_shift`` (the largest
        change over every sample and check), ``n_checks``, ``sample`` (the main sample's name).

    Examples
    --------
    >>> table = prior_shift_audit(names=["roc_auc", "average_precision"], n_random=3)
    >>> table.set_index("index")["verdict"].to_dict()
    {'roc_auc': 'invariant', 'average_precision': 'moves'}
    """
    registry = score_registry()
    chosen = list(registry) if names is None else list(names)
    samples = scored_samples(seed)
    rows = []
    for name in chosen:
        info = registry[name]
        usable = [s for s in samples if info.scope == "multi-class" or s.score.ndim == 1]
        main = usable[0] if info.scope == "two-class" else next(s for s in usable
                                                                  if s.score.ndim == 2)
        results = {s.name: _audit_one(info, s, derive_rng(seed, "prior_shift", name, s.name),
                                      n_random) for s in usable}
        shifts = [r[4] for r in results.values() if np.isfinite(r[4])]
        scale = max(abs(r[0]) for r in results.values() if np.isfinite(r[0]))
        moved = max(shifts) if shifts else np.nan
        base, grid, lo, hi, _, _ = results[main.name]
        row = {"index": name, "scope": info.scope, "greater_is_better": info.greater_is_better,
               "verdict": "invariant" if moved <= RTOL * (1 + scale) else "moves",
               "value": base, "sample": main.name}
        row.update({f"pi={pi:g}": v for pi, v in zip(PRIOR_GRID, grid)})
        row.update({"grid_min": float(np.nanmin(grid)), "grid_max": float(np.nanmax(grid)),
                    "search_min": float(lo), "search_max": float(hi), "max_shift": moved,
                    "n_checks": int(sum(r[5] for r in results.values()))})
        rows.append(row)
    return pd.DataFrame(rows)
