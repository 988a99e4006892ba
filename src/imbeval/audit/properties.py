"""The properties of Gösgens et al. (NeurIPS 2021) decided for any index.

Gösgens, Zhiyanov, Tikhonov, Prokhorenkova, *Good Classification Measures and How to Find
Them*, NeurIPS 2021, define properties a good classification measure M(A, B) of a true
labeling A and a predicted labeling B should have, and tabulate them for ten measures.
:func:`check_properties` decides each of them for any index of confusion-matrix stacks
(rows true, columns predicted), by computation: exhaustively over every two-class matrix
with n <= ``max_n`` points (and every triple of two-class labelings with n <= ``distance_n``),
by exact hypergeometric expectations for the baselines, and by a seeded search (plus exact
enumeration for the constant baseline) for C > 2 classes.

Orientation: an index is judged as g = f when higher is better, g = −f when lower is better
(the same rule as the Conditions, :func:`imbeval.audit.audit_index`): "best" is its maximum
or minimum, "improves" means up or down accordingly. Counterexamples are reported on f's own
scale.

Undefined values (NaN) are never taken as a verdict: a comparison with an undefined side is
skipped and counted (``n_undefined``). A property with nothing defined to compare is
``None`` (undecided).

The operational definitions (docs/properties.md states them with the paper's wording, and
where they may differ from it):

- ``maximal_agreement``: the best value is attained exactly at the matrices without errors
  (FP = FN = 0; for C classes, all mass on the diagonal), all of which have the same value;
- ``minimal_agreement``: the worst value is attained exactly where TP = TN = 0 (for C classes
  where the trace is 0), all of which share it;
- ``symmetry``: M(C) = M(Cᵀ) (exchanging the roles of the two labelings);
- ``class_symmetry``: M(P C Pᵀ) = M(C) for every relabelling P of the classes;
- ``distance``: d = best − g is a metric on labelings of n items: d(A, B) = 0 exactly when
  A = B, d(A, B) = d(B, A), d(A, C) <= d(A, B) + d(B, C) (Gösgens et al.: "can be linearly
  transformed into a metric");
- ``monotonicity``: with n fixed, correcting one wrongly predicted item strictly improves g;
- ``strong_monotonicity``: one more TP or TN (a diagonal cell) strictly improves g, one more
  FP or FN (an off-diagonal cell) strictly worsens it;
- ``constant_baseline``: the expected value of g when the predictions are randomly permuted
  (true and predicted class sizes fixed) is the same for all class sizes with every class
  present in both labelings;
- ``approximate_constant_baseline``: that expectation tends to one limit, whatever the class
  proportions, as n grows with the proportions fixed.

One check per property and number of classes (:data:`TWO_CLASS_CHECKS`,
:data:`MULTI_CLASS_CHECKS`), each a function of the index's values on a frozen setup of
matrices (:mod:`imbeval.audit._property_setups`); the rules that turn comparisons into a
:class:`PropertyVerdict` are :mod:`imbeval.audit._property_verdicts`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from numbers import Integral

from imbeval.utils._param_validation import Interval, validate_params
from imbeval.audit._property_setups import (APPROXIMATE_DRAWS, APPROXIMATE_SIZES,
                                            BASELINE_PROPORTIONS, BASELINE_SIZES,
                                            MultiClassSetup, TwoClassSetup, _distance_pairs,
                                            _proportion_draws, _size_draws, _sizes,
                                            multi_class_setup, two_class_setup)
from imbeval.audit._property_verdicts import (PropertyVerdict, _agreement, _approximate,
                                              _combine, _constant, _Index, _num, _pairs,
                                              _triples)
from imbeval.audit.core import INDEX, ORIENTATION, SEED, oriented_index
from imbeval.audit.matrices import expectations, two_class_stack

__all__ = ["PROPERTIES", "PropertyVerdict", "check_properties", "DEFAULT_MAX_N",
           "DEFAULT_DISTANCE_N", "BASELINE_SIZES", "BASELINE_PROPORTIONS", "TWO_CLASS_CHECKS",
           "MULTI_CLASS_CHECKS"]

#: The properties, in the order of Gösgens et al.'s table.
PROPERTIES = ("maximal_agreement", "minimal_agreement", "symmetry", "class_symmetry",
              "distance", "monotonicity", "strong_monotonicity", "constant_baseline",
              "approximate_constant_baseline")
#: Every two-class matrix with 1 <= n <= DEFAULT_MAX_N points is evaluated (20,475 at 24).
DEFAULT_MAX_N = 24
#: Every triple of two-class labelings of n <= DEFAULT_DISTANCE_N items (43,758 at 10).
DEFAULT_DISTANCE_N = 10


# ------------------------------------------------------------------------ two classes


@dataclass(frozen=True)
class _TwoClass:
    """An index's values on every matrix of a :class:`TwoClassSetup`, and a lookup by
    counts (every two-class check reads these)."""

    ix: _Index
    setup: TwoClassSetup
    values: np.ndarray
    table: np.ndarray

    @classmethod
    def of(cls, ix, setup):
        table = np.full((setup.max_n + 1,) * 4, np.nan)
        values = ix.g(two_class_stack(*setup.cells.T))
        table[tuple(setup.cells.T)] = values
        return cls(ix, setup, values, table)

    def look(self, a, b, c, d):
        return self.table[a, b, c, d]


def _two_maximal_agreement(r: _TwoClass) -> PropertyVerdict:
    s = r.setup
    v = _agreement(r.ix, r.values, s.matrices, (s.fp == 0) & (s.fn == 0), "max")
    v.summary += f" ({s.what})"
    return v


def _two_minimal_agreement(r: _TwoClass) -> PropertyVerdict:
    s = r.setup
    v = _agreement(r.ix, r.values, s.matrices, (s.tp == 0) & (s.tn == 0), "min")
    v.summary += f" ({s.what})"
    return v


def _two_symmetry(r: _TwoClass) -> PropertyVerdict:
    s = r.setup
    return _pairs(r.ix, "symmetry", r.values, r.look(s.tp, s.fp, s.fn, s.tn), s.matrices,
                  two_class_stack(s.tp, s.fp, s.fn, s.tn), "equal", f"C and Cᵀ, {s.what}")


def _two_class_symmetry(r: _TwoClass) -> PropertyVerdict:
    s = r.setup
    return _pairs(r.ix, "class_symmetry", r.values, r.look(s.tn, s.fp, s.fn, s.tp),
                  s.matrices, two_class_stack(s.tn, s.fp, s.fn, s.tp), "equal",
                  f"the classes swapped, {s.what}")


def _two_monotonicity(r: _TwoClass) -> PropertyVerdict:
    s = r.setup
    tp, fn, fp, tn = s.tp, s.fn, s.fp, s.tn
    a, b = fn >= 1, fp >= 1
    before = np.concatenate([r.values[a], r.values[b]])
    after = np.concatenate([r.look(tp[a] + 1, fn[a] - 1, fp[a], tn[a]),
                            r.look(tp[b], fn[b], fp[b] - 1, tn[b] + 1)])
    mb = np.concatenate([s.matrices[a], s.matrices[b]])
    ma = np.concatenate([two_class_stack(tp[a] + 1, fn[a] - 1, fp[a], tn[a]),
                         two_class_stack(tp[b], fn[b], fp[b] - 1, tn[b] + 1)])
    return _pairs(r.ix, "monotonicity", before, after, mb, ma, "up",
                  f"one FN or FP predicted correctly instead, {s.what}")


def _two_strong_monotonicity(r: _TwoClass) -> PropertyVerdict:
    s = r.setup
    small = s.cells.sum(axis=1) < s.max_n
    verdicts = []
    for axis, relation, label in ((0, "up", "TP"), (3, "up", "TN"), (1, "down", "FN"),
                                  (2, "down", "FP")):
        # a matrix without errors stays without errors with one more TP or TN (and one
        # without a correct prediction stays so with one more FN or FP): not compared
        extreme = ((s.fp == 0) & (s.fn == 0) if relation == "up"
                   else (s.tp == 0) & (s.tn == 0))
        keep = small & ~extreme
        t = s.cells[keep].copy()
        t[:, axis] += 1
        verdicts.append(_pairs(r.ix, "strong_monotonicity", r.values[keep], r.look(*t.T),
                               s.matrices[keep], two_class_stack(*t.T), relation,
                               f"one more {label}"))
    return _combine(
        "strong_monotonicity", verdicts,
        f"one more TP or TN to a matrix with an error, one more FN or FP to a matrix with "
        f"a correct prediction, n < {s.max_n}")


def _two_distance(r: _TwoClass) -> PropertyVerdict:
    dn = min(r.setup.distance_n, r.setup.max_n)
    ab, ba, bc, ac = _distance_pairs(dn)
    best = np.nanmax(r.values) if np.any(~np.isnan(r.values)) else np.nan
    d = {key: best - r.look(*cnt) for key, cnt in (("ab", ab), ("ba", ba), ("bc", bc),
                                                   ("ac", ac))}
    same = (ab[1] == 0) & (ab[2] == 0)
    mats = [two_class_stack(*ab), two_class_stack(*bc), two_class_stack(*ac)]
    return _triples(r.ix, d["ab"], d["ba"], d["bc"], d["ac"], same, mats,
                    f"every triple of two-class labelings of n <= {dn} items, "
                    f"d = best − value, best "
                    f"{_num(r.ix.f(best)) if best == best else 'nan'}")


def _two_constant_baseline(r: _TwoClass) -> PropertyVerdict:
    combos, group, a, b, c, d_, prob = _size_draws(r.setup.max_n)
    e, _ = expectations(r.look(a, b, c, d_), group, prob, len(combos))
    sizes = [{"n": int(m), "positives": int(p), "predicted_positives": int(k)}
             for m, p, k in combos]
    return _constant(r.ix, "constant_baseline", e, sizes,
                     f"exact expectations, every n <= {r.setup.max_n} with 1 <= positives, "
                     "predicted positives <= n − 1")


def _two_approximate_constant_baseline(r: _TwoClass) -> PropertyVerdict:
    grid, draws = _proportion_draws()
    by_n = {m: expectations(r.ix.g(stack), group, prob, len(grid))[0]
            for m, (group, stack, prob) in draws.items()}

    def sizes_of(m, i):
        p, q = grid[i]
        return {"n": m, "positives": int(round(p * m)),
                "predicted_positives": int(round(q * m))}

    return _approximate(
        r.ix, "approximate_constant_baseline", by_n, sizes_of,
        f"exact expectations, positive and predicted-positive proportions in "
        f"{BASELINE_PROPORTIONS}, n = {', '.join(map(str, BASELINE_SIZES))}")


#: property -> its two-class check (exhaustive over every matrix with n <= max_n)
TWO_CLASS_CHECKS = {
    "maximal_agreement": _two_maximal_agreement,
    "minimal_agreement": _two_minimal_agreement,
    "symmetry": _two_symmetry,
    "class_symmetry": _two_class_symmetry,
    "monotonicity": _two_monotonicity,
    "strong_monotonicity": _two_strong_monotonicity,
    "distance": _two_distance,
    "constant_baseline": _two_constant_baseline,
    "approximate_constant_baseline": _two_approximate_constant_baseline,
}


# ------------------------------------------------------------------------ several classes


@dataclass(frozen=True)
class _MultiClass:
    """An index's values on the searched matrices of a :class:`MultiClassSetup`."""

    ix: _Index
    setup: MultiClassSetup
    values: np.ndarray

    @classmethod
    def of(cls, ix, setup):
        return cls(ix, setup, ix.g(setup.stack))


def _multi_maximal_agreement(r: _MultiClass) -> PropertyVerdict:
    s = r.setup
    v = _agreement(r.ix, r.values, s.stack, s.offsum == 0, "max")
    v.summary += f" ({len(s.stack)} matrices, {s.what})"
    return v


def _multi_minimal_agreement(r: _MultiClass) -> PropertyVerdict:
    s = r.setup
    v = _agreement(r.ix, r.values, s.stack, s.trace == 0, "min")
    v.summary += f" ({len(s.stack)} matrices, {s.what})"
    return v


def _multi_symmetry(r: _MultiClass) -> PropertyVerdict:
    s = r.setup
    t = np.swapaxes(s.stack, 1, 2)
    return _pairs(r.ix, "symmetry", r.values, r.ix.g(t), s.stack, t, "equal",
                  f"C and Cᵀ, {s.what}")


def _multi_class_symmetry(r: _MultiClass) -> PropertyVerdict:
    s = r.setup
    p = s.relabelled
    return _pairs(r.ix, "class_symmetry", r.values, r.ix.g(p), s.stack, p, "equal",
                  f"classes relabelled at random, {s.what}")


def _multi_monotonicity(r: _MultiClass) -> PropertyVerdict:
    s = r.setup
    idx, after = s.mono
    return _pairs(r.ix, "monotonicity", r.values[idx], r.ix.g(after), s.stack[idx], after,
                  "up", f"one wrong prediction corrected, {s.what}")


def _multi_strong_monotonicity(r: _MultiClass) -> PropertyVerdict:
    s = r.setup
    verdicts = []
    for keep, label in ((True, "a diagonal cell of a matrix with an error"),
                        (False, "an off-diagonal cell of a matrix with a correct prediction")):
        idx, plus = s.strong[keep]
        verdicts.append(_pairs(r.ix, "strong_monotonicity", r.values[idx], r.ix.g(plus),
                               s.stack[idx], plus, "up" if keep else "down",
                               f"one more count in {label}"))
    return _combine("strong_monotonicity", verdicts, f"one more count in a cell, {s.what}")


def _multi_distance(r: _MultiClass) -> PropertyVerdict:
    s = r.setup
    perfect = r.values[(s.offsum == 0) & ~np.isnan(r.values)]
    best = perfect.max() if perfect.size else np.nan
    ab, ba, bc, ac = s.triples
    dist = [best - r.ix.g(m) for m in (ab, ba, bc, ac)]
    return _triples(r.ix, *dist, s.same, [ab, bc, ac],
                    f"{s.n_triples} random triples of labelings of 2-12 items, {s.what}")


def _multi_constant_baseline(r: _MultiClass) -> PropertyVerdict:
    c = r.setup.c
    mats, group, prob, keys, n_top = r.setup.constant
    e, _ = expectations(r.ix.g(mats), group, prob, len(keys))
    sizes = [{"true_sizes": [int(v) for v in key[:c]],
              "predicted_sizes": [int(v) for v in key[c:]]} for key in keys]
    return _constant(r.ix, "constant_baseline", e, sizes,
                     f"exact expectations over every {c} x {c} matrix, n = {c}-{n_top}, "
                     "every class present in both labelings")


def _multi_approximate_constant_baseline(r: _MultiClass) -> PropertyVerdict:
    c, grid = r.setup.c, r.setup.grid
    by_n, noise = {}, {}
    for n, stacks in r.setup.approx.items():
        v = r.ix.g(stacks.reshape(-1, c, c)).reshape(len(grid), -1)
        bad = np.isnan(v).any(axis=1)
        filled = np.where(np.isnan(v), 0, v)
        with np.errstate(invalid="ignore"):
            by_n[n] = np.where(bad, np.nan, filled.mean(axis=1))
            # the Monte-Carlo standard error of each mean: the noise a spread is read against
            se = np.where(bad, np.nan, filled.std(axis=1)) / np.sqrt(v.shape[1])
        noise[n] = float(np.nanmax(se)) if np.any(~np.isnan(se)) else 0.0

    def sizes_of(n, i):
        p, q = grid[i]
        return {"true_sizes": _sizes(p, n).tolist(), "predicted_sizes": _sizes(q, n).tolist()}

    return _approximate(
        r.ix, "approximate_constant_baseline", by_n, sizes_of,
        f"C = {c}, means of {APPROXIMATE_DRAWS} seeded random permutations per size, "
        f"n = {', '.join(map(str, APPROXIMATE_SIZES))}; a spread within 4 standard errors "
        "is no detectable difference", noise=noise)


#: property -> its several-class check (a seeded search; exact enumeration for the
#: constant baseline)
MULTI_CLASS_CHECKS = {
    "maximal_agreement": _multi_maximal_agreement,
    "minimal_agreement": _multi_minimal_agreement,
    "symmetry": _multi_symmetry,
    "class_symmetry": _multi_class_symmetry,
    "monotonicity": _multi_monotonicity,
    "strong_monotonicity": _multi_strong_monotonicity,
    "distance": _multi_distance,
    "constant_baseline": _multi_constant_baseline,
    "approximate_constant_baseline": _multi_approximate_constant_baseline,
}


# ------------------------------------------------------------------------------ entry point


@validate_params({"index": [INDEX], "classes": [Interval(Integral, 2, 10, closed="both")],
                  "properties": [str, "array-like", None],
                  "max_n": [Interval(Integral, 4, 60, closed="both")],
                  "distance_n": [Interval(Integral, 1, 14, closed="both")],
                  "n_search": [Interval(Integral, 100, 100_000, closed="both")],
                  "seed": SEED, "greater_is_better": ORIENTATION, "name": [str, None],
                  "degenerate": ["boolean"]})
def check_properties(index, *, classes=2, properties=None, max_n=DEFAULT_MAX_N,
                     distance_n=DEFAULT_DISTANCE_N, n_search=1500, seed=0,
                     greater_is_better=None, name=None,
                     degenerate=True) -> dict[str, PropertyVerdict]:
    """Decide Gösgens et al.'s properties for one index.

    Parameters
    ----------
    index : str or callable
        A registered index name (the catalogue's included) or a function of confusion-matrix
        stacks ``(..., C, C) -> (...)`` (rows true, columns predicted; two-class matrices
        ``[[TP, FN], [FP, TN]]``).
    classes : int
        2 (exhaustive and exact) or more (seeded search; exact enumeration for the constant
        baseline). A two-class index only takes 2.
    properties : iterable of str, optional
        A subset of :data:`PROPERTIES` (default all).
    max_n : int
        Two classes: every matrix with 1 <= n <= max_n points (4 to 60); several classes:
        the largest n of the exact constant-baseline enumeration.
    distance_n : int
        Two classes: every triple of labelings of n <= distance_n items (1 to 14).
    n_search : int
        Several classes: random matrices of the search (100 to 100,000).
    seed : int
        Seed of the search (several classes).
    greater_is_better : bool, optional
        The orientation (default the registry's, else the function's attribute, else True).
    name : str, optional
        A label for a function.
    degenerate : bool
        True (default): every matrix where the index is defined is compared, also those of
        a labeling that lacks a class (all points true positive, nothing predicted
        negative, ...). False: such matrices are left out like undefined values, the
        restriction to non-degenerate labelings the paper may intend (docs/properties.md).

    Returns
    -------
    dict
        property -> :class:`PropertyVerdict` (``holds`` True / False / None, the evidence in
        words, the counterexample matrices of a failure).

    Raises
    ------
    ValueError
        For an unknown index name or property, a two-class index with ``classes > 2``, or
        a size out of range.

    Examples
    --------
    >>> v = check_properties("accuracy", properties=["distance", "constant_baseline"], max_n=12)
    >>> v["distance"].holds, v["constant_baseline"].holds
    (True, False)
    >>> check_properties("mcc", properties=["constant_baseline"], max_n=12)["constant_baseline"].verdict
    'holds'
    """
    fn, label, scope, gib = oriented_index(index, greater_is_better=greater_is_better, name=name)
    if properties is None:
        props = list(PROPERTIES)
    else:
        if isinstance(properties, str):
            properties = [properties]
        props = list(properties)
        unknown = [p for p in props if p not in PROPERTIES]
        if unknown:
            raise ValueError(f"unknown property {unknown[0]!r}; known: {', '.join(PROPERTIES)}")
    if classes > 2 and scope == "two-class":
        raise ValueError(f"index {label!r} is a two-class index: classes must be 2, got {classes}")
    ix = _Index(fn, label, gib, degenerate)
    if classes == 2:
        run = _TwoClass.of(ix, two_class_setup(int(max_n), int(distance_n)))
        checks = TWO_CLASS_CHECKS
    else:
        run = _MultiClass.of(ix, multi_class_setup(int(classes), int(seed), int(n_search),
                                                   int(max_n)))
        checks = MULTI_CLASS_CHECKS
    found = {p: checks[p](run) for p in props}
    if not degenerate:
        for verdict in found.values():
            verdict.summary += "; labelings lacking a class left out"
    return {p: found[p] for p in props}
