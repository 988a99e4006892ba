"""The Dutch Draw baseline of a two-class index, exact (see :mod:`imbeval.baselines`)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from numbers import Integral

from imbeval.utils._param_validation import Interval, validate_params, validate_value
from imbeval.audit.core import INDEX, ORIENTATION, oriented_index
from imbeval.audit.matrices import evaluate, expectations, hypergeometric_draws, two_class_stack

__all__ = ["DutchDraw", "dutch_draw", "dutch_draw_table", "MAX_OUTCOMES"]

#: Largest number of (k, TP) outcomes evaluated at once, (P + 1)(N + 1) (160 MB of matrices).
MAX_OUTCOMES = 5_000_000


@dataclass(frozen=True)
class DutchDraw:
    """The Dutch Draw baseline of one index at P positives and N negatives.

    Attributes
    ----------
    index : the index's name.
    positives, negatives : P and N (M = P + N samples).
    greater_is_better : the orientation the optimum follows.
    baseline : the best expected value over θ (max, or min for lower-is-better); NaN when the
        index is undefined at every k.
    k : the smallest optimal number of predicted positives; ``theta = k / M``.
    optimal_k : every optimal k (ties within 1e-12).
    expected : the expected value at each k = 0 ... M (NaN where a draw is undefined).
    """

    index: str
    positives: int
    negatives: int
    greater_is_better: bool
    baseline: float
    k: int
    optimal_k: tuple
    expected: np.ndarray

    @property
    def theta(self) -> float:
        """The optimal θ = k / M (the smallest, if several)."""
        return self.k / (self.positives + self.negatives) if self.k >= 0 else float("nan")

    @property
    def thetas(self) -> tuple:
        """Every optimal θ = k / M."""
        m = self.positives + self.negatives
        return tuple(k / m for k in self.optimal_k)

    @property
    def n_undefined(self) -> int:
        """How many k = 0 ... M have no expectation (an undefined draw)."""
        return int(np.isnan(self.expected).sum())


_SIZE = Interval(Integral, 1, None, closed="left", meaning=" (a number of samples)")


def _check_sizes(positives, negatives):
    positives = validate_value(positives, "positives", [_SIZE])
    negatives = validate_value(negatives, "negatives", [_SIZE])
    if (positives + 1) * (negatives + 1) > MAX_OUTCOMES:
        raise ValueError(f"positives = {positives} and negatives = {negatives} give "
                         f"{(positives + 1) * (negatives + 1)} outcomes, more than "
                         f"{MAX_OUTCOMES}; the baseline depends on the ratio, so scale both down")
    return int(positives), int(negatives)


def _draws(positives, negatives):
    """Every outcome of every k = 0 ... M: (group = k, stack, probability)."""
    m = positives + negatives
    k = np.arange(m + 1)
    group, tp, fn, fp, tn, prob = hypergeometric_draws(positives, negatives, k)
    return group, two_class_stack(tp, fn, fp, tn), prob


def _best(name, positives, negatives, greater_is_better, values, group, prob):
    m = positives + negatives
    expected, _ = expectations(values, group, prob, m + 1)
    defined = ~np.isnan(expected)
    if not defined.any():
        return DutchDraw(name, positives, negatives, greater_is_better, float("nan"), -1, (),
                         expected)
    score = expected if greater_is_better else -expected
    top = np.max(score[defined])
    if np.isinf(top):
        ties = np.flatnonzero(defined & (score == top))
    else:
        ties = np.flatnonzero(defined & (np.abs(score - top) <= 1e-12 * (1.0 + abs(top))))
    best = float(expected[ties[0]])
    return DutchDraw(name, positives, negatives, bool(greater_is_better), best, int(ties[0]),
                     tuple(int(t) for t in ties), expected)


@validate_params({"index": [INDEX], "positives": [_SIZE], "negatives": [_SIZE],
                  "greater_is_better": ORIENTATION, "name": [str, None]})
def dutch_draw(index, *, positives, negatives, greater_is_better=None, name=None) -> DutchDraw:
    """The Dutch Draw baseline: the best expected value of a random labelling of k samples.

    Among the classifiers that predict a uniformly random subset of k = round(θ M) of the
    M = P + N samples positive, the optimal θ and its expected value, computed exactly
    (TP is hypergeometric given k). A k where the index is undefined for some draw is left
    out (see :mod:`imbeval.baselines`).

    Parameters
    ----------
    index : str or callable
        A registered index (the catalogue's included) or a function of two-class stacks
        ``(..., 2, 2) -> (...)``, rows true (positive first), columns predicted.
    positives, negatives : int
        P and N, each >= 1.
    greater_is_better : bool, optional
        The orientation (default the registry's, else the function's attribute, else True):
        the baseline is the maximum, or the minimum for a lower-is-better index.
    name : str, optional
        A label for a function.

    Returns
    -------
    DutchDraw
        ``baseline``, ``theta`` (= k / M, the smallest optimum), ``thetas`` (every optimum),
        ``expected`` (per k).

    Raises
    ------
    ValueError
        For an unknown index, sizes that are not positive integers, or too many outcomes.

    Examples
    --------
    >>> dd = dutch_draw("accuracy", positives=10, negatives=90)
    >>> round(dd.baseline, 12), dd.theta            # max(P, N)/M: always predict negative
    (0.9, 0.0)
    >>> round(dutch_draw("f1", positives=10, negatives=90).baseline, 12)  # 2P/(P + M)
    0.181818181818
    >>> round(dutch_draw("hamming_loss", positives=10, negatives=90).baseline, 12)  # a minimum
    0.1
    """
    fn, label, _, gib = oriented_index(index, greater_is_better=greater_is_better, name=name)
    positives, negatives = _check_sizes(positives, negatives)
    group, stack, prob = _draws(positives, negatives)
    with np.errstate(all="ignore"):
        values = evaluate(fn, stack)
    return _best(label, positives, negatives, gib, values, group, prob)


@validate_params({"names": [str, "array-like"], "problems": ["array-like"]})
def dutch_draw_table(names, problems):
    """The Dutch Draw baselines of registered indices at several class sizes, as rows.

    Each problem's outcomes are evaluated once for all the names (through
    :func:`imbeval.indices.compute`, so quantities shared by indices are computed once; an
    alias of another name is its function's values).

    Parameters
    ----------
    names : list of str
        Registered index names (the catalogue's included) that apply to two classes.
    problems : list of (str, int, int)
        (problem name, positives, negatives).

    Returns
    -------
    list of dict
        One row per (index, problem): ``index, problem, positives, negatives, orientation,
        baseline, theta, k, optimal_thetas, n_undefined_k``.

    Examples
    --------
    >>> rows = dutch_draw_table(["mcc", "acsa"], [("p", 5, 45)])
    >>> [(r["index"], round(r["baseline"], 12) + 0.0) for r in rows]   # + 0.0: no "-0.0"
    [('mcc', 0.0), ('acsa', 0.5)]
    """
    from imbeval.indices import compute, registry

    reg = registry(catalogue=True)
    names = list(names)
    for n in names:
        if n not in reg:
            raise ValueError(f"unknown index {n!r}; known indices: {', '.join(reg)}")
        if not reg[n].applies_to(2):
            raise ValueError(f"index {n!r} does not apply to two classes")
    problems = [(str(p), *_check_sizes(pos, neg)) for p, pos, neg in problems]
    # one evaluation per distinct function
    first = {}
    for n in names:
        first.setdefault(id(reg[n].function), n)
    distinct = list(dict.fromkeys(first.values()))
    rows = []
    for problem, pos, neg in problems:
        group, stack, prob = _draws(pos, neg)
        with np.errstate(all="ignore"):
            values = compute(stack, names=distinct)
        for n in names:
            info = reg[n]
            dd = _best(n, pos, neg, info.greater_is_better, values[first[id(info.function)]],
                       group, prob)
            rows.append({
                "index": n, "problem": problem, "positives": pos, "negatives": neg,
                "orientation": "higher is better" if info.greater_is_better else "lower is better",
                "baseline": dd.baseline, "theta": dd.theta, "k": dd.k,
                "optimal_thetas": ";".join(f"{t:.6g}" for t in dd.thetas[:10])
                + (f";... ({len(dd.thetas)} in all)" if len(dd.thetas) > 10 else ""),
                "n_undefined_k": dd.n_undefined,
            })
    return rows
