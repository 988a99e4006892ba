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
"""

from __future__ import annotations

import functools
import itertools
import json
from dataclasses import dataclass

import numpy as np

from imbeval.audit.core import resolve_index
from imbeval.audit.matrices import evaluate, expectations, hypergeometric_draws, two_class_stack

__all__ = ["PROPERTIES", "PropertyVerdict", "check_properties", "DEFAULT_MAX_N",
           "DEFAULT_DISTANCE_N", "BASELINE_SIZES", "BASELINE_PROPORTIONS"]

#: The properties, in the order of Gösgens et al.'s table.
PROPERTIES = ("maximal_agreement", "minimal_agreement", "symmetry", "class_symmetry",
              "distance", "monotonicity", "strong_monotonicity", "constant_baseline",
              "approximate_constant_baseline")
#: Every two-class matrix with 1 <= n <= DEFAULT_MAX_N points is evaluated (20,475 at 24).
DEFAULT_MAX_N = 24
#: Every triple of two-class labelings of n <= DEFAULT_DISTANCE_N items (43,758 at 10).
DEFAULT_DISTANCE_N = 10
#: The n of the approximate constant baseline (exact expectations at each).
BASELINE_SIZES = (50, 200, 800, 3200)
#: Class proportions (of the positive class, in truth and in prediction) of that check.
BASELINE_PROPORTIONS = (0.2, 0.5, 0.8)
#: The spread of the expectations across proportions at the largest n must be at most this
#: (times 1 + |median expectation|) and have shrunk to a quarter of the spread at the smallest
#: n, unless it is zero up to rounding from the start.
APPROXIMATE_TOLERANCE = 0.01


@dataclass
class PropertyVerdict:
    """One property's verdict and what it rests on.

    Attributes
    ----------
    property : one of :data:`PROPERTIES`.
    holds : True, False, or None (undecided: nothing defined to compare).
    summary : the verdict in words with its evidence ("holds (no counterexample among ...)",
        "fails (...)").
    counterexample : for a failure, a JSON-ready dict with the matrices (rows true, columns
        predicted) or class sizes that show it and the index's values there.
    n_checked : comparisons made (pairs, triples, matrices or size combinations).
    n_undefined : comparisons skipped because a side was undefined.
    """

    property: str
    holds: bool | None
    summary: str
    counterexample: dict | None = None
    n_checked: int = 0
    n_undefined: int = 0

    @property
    def verdict(self) -> str:
        """``"holds"``, ``"fails"`` or ``"undecided"``."""
        return {True: "holds", False: "fails", None: "undecided"}[self.holds]

    def row(self) -> dict:
        """A flat row: verdict, evidence, counterexample as JSON."""
        return {"property": self.property, "verdict": self.verdict, "evidence": self.summary,
                "counterexample": json.dumps(_jsonable(self.counterexample))
                if self.counterexample else "",
                "n_checked": self.n_checked, "n_undefined": self.n_undefined}


def _jsonable(value):
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, (np.floating, float)):
        value = float(value)
        return None if value != value else (str(value) if abs(value) == float("inf") else value)
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.ndarray):
        return _jsonable(value.tolist())
    return value


def _m(matrix):
    """A matrix for the evidence: integer counts as ints."""
    a = np.asarray(matrix, dtype=np.float64)
    return [[int(v) if float(v).is_integer() else float(v) for v in row] for row in a]


def _num(v):
    return f"{float(v):.6g}"


# ------------------------------------------------------------------------------- the checks


class _Index:
    """g = sign · f on stacks, f's own values for the evidence."""

    def __init__(self, fn, name, greater_is_better, degenerate=True):
        self.fn, self.name = fn, name
        self.sign = 1.0 if greater_is_better else -1.0
        self.degenerate = degenerate

    def g(self, stack):
        stack = np.asarray(stack, dtype=np.float64)
        if stack.shape[0] == 0:
            return np.zeros(0)
        with np.errstate(all="ignore"):
            values = self.sign * evaluate(self.fn, stack)
        if not self.degenerate:  # a labeling without some class: left out, as undefined
            lacking = np.any(stack.sum(axis=-1) == 0, axis=-1) | np.any(stack.sum(axis=-2) == 0, axis=-1)
            values = np.where(lacking, np.nan, values)
        return values

    def f(self, g_value):
        return self.sign * float(g_value)


def _tol(a):
    return 1e-9 * (1.0 + np.where(np.isfinite(a), np.abs(a), 0.0))


def _equal(a, b):
    """Elementwise equality up to rounding (inf equal to inf of the same sign)."""
    with np.errstate(invalid="ignore"):
        return (a == b) | (np.abs(a - b) <= _tol(a))


def _agreement(ix, values, matrices, special, kind):
    """Maximal (kind='max', special = no error) or minimal agreement (special = trace 0)."""
    prop = "maximal_agreement" if kind == "max" else "minimal_agreement"
    where = "without errors" if kind == "max" else "without a correct prediction (trace 0)"
    defined = ~np.isnan(values)
    n_undef = int((~defined).sum())
    sv, ov = values[special & defined], values[~special & defined]
    if sv.size == 0 or ov.size == 0:
        return PropertyVerdict(prop, None, f"undecided: the index is undefined on every matrix "
                               f"{where}" if sv.size == 0 else "undecided: nothing to compare",
                               n_checked=int(defined.sum()), n_undefined=n_undef)
    si, oi = np.flatnonzero(special & defined), np.flatnonzero(~special & defined)
    if kind == "max":
        ref_pos, other_pos = int(np.argmin(sv)), int(np.argmax(ov))
        spread_bad = not _equal(sv.min(), sv.max())
        cross_bad = not bool(ov.max() < sv.min() and not _equal(ov.max(), sv.min()))
        best_word = "best"
    else:
        ref_pos, other_pos = int(np.argmax(sv)), int(np.argmin(ov))
        spread_bad = not _equal(sv.min(), sv.max())
        cross_bad = not bool(ov.min() > sv.max() and not _equal(ov.min(), sv.max()))
        best_word = "worst"
    n = int(defined.sum())
    if not spread_bad and not cross_bad:
        return PropertyVerdict(prop, True, f"holds: the {best_word} value {_num(ix.f(sv[0]))} on "
                               f"all {sv.size} matrices {where}, never on the other {ov.size}",
                               n_checked=n, n_undefined=n_undef)
    if spread_bad:
        lo, hi = si[int(np.argmin(sv))], si[int(np.argmax(sv))]
        ce = {"matrices": [_m(matrices[lo]), _m(matrices[hi])],
              "values": [ix.f(values[lo]), ix.f(values[hi])]}
        text = (f"fails: two matrices {where} differ, {_num(ix.f(values[lo]))} at "
                f"{_m(matrices[lo])} and {_num(ix.f(values[hi]))} at {_m(matrices[hi])}")
    else:
        a, b = oi[other_pos], si[ref_pos]
        ce = {"matrices": [_m(matrices[a]), _m(matrices[b])],
              "values": [ix.f(values[a]), ix.f(values[b])]}
        text = (f"fails: {_m(matrices[a])} is not {where} but scores {_num(ix.f(values[a]))}, "
                f"as {'well' if kind == 'max' else 'badly'} as or "
                f"{'better' if kind == 'max' else 'worse'} than {_m(matrices[b])} "
                f"({_num(ix.f(values[b]))})")
    return PropertyVerdict(prop, False, text, ce, n, n_undef)


def _pairs(ix, prop, before, after, m_before, m_after, relation, what):
    """A property comparing g at pairs of matrices: relation 'equal', 'up' (after > before)
    or 'down' (after < before)."""
    a, b = np.asarray(before), np.asarray(after)
    if relation == "equal":
        # a value on one side only is a difference too (the index is defined differently)
        undef = np.isnan(a) & np.isnan(b)
        one_side = np.isnan(a) ^ np.isnan(b)
        with np.errstate(invalid="ignore"):
            bad = one_side | (~undef & ~one_side & ~_equal(a, b))
    else:
        undef = np.isnan(a) | np.isnan(b)
        with np.errstate(invalid="ignore"):
            if relation == "up":
                bad = ~undef & ~((b > a) & ~_equal(a, b))
            else:
                bad = ~undef & ~((b < a) & ~_equal(a, b))
    n = int((~undef).sum())
    n_undef = int(undef.sum())
    if n == 0:
        return PropertyVerdict(prop, None, f"undecided: undefined on every pair ({what})",
                               n_checked=0, n_undefined=n_undef)
    if not bad.any():
        return PropertyVerdict(prop, True, f"holds: no counterexample among {n} pairs ({what})",
                               n_checked=n, n_undefined=n_undef)
    # the smallest counterexample (fewest points) reads best; two values that differ read
    # better than a value against an undefined one
    idx = np.flatnonzero(bad)
    numeric = idx[~np.isnan(a[idx]) & ~np.isnan(b[idx])]
    if numeric.size:
        idx = numeric
    k = idx[int(np.argmin(np.asarray(m_before)[idx].sum(axis=(-2, -1))))]
    fa, fb = ix.f(a[k]) if not np.isnan(a[k]) else float("nan"), \
        ix.f(b[k]) if not np.isnan(b[k]) else float("nan")
    ce = {"matrices": [_m(m_before[k]), _m(m_after[k])], "values": [fa, fb]}
    word = {"equal": "differs from", "up": "does not improve on", "down": "does not worsen"}[relation]
    text = (f"fails ({int(bad.sum())} of {n} pairs): {_m(m_after[k])} scores {_num(fb)}, which "
            f"{word} {_num(fa)} at {_m(m_before[k])}")
    return PropertyVerdict(prop, False, text, ce, n, n_undef)


def _triples(ix, dist_ab, dist_ba, dist_bc, dist_ac, same_ab, mats, what):
    """The metric axioms of d over labeling triples (A, B, C)."""
    prop = "distance"
    undef = np.isnan(dist_ab) | np.isnan(dist_ba) | np.isnan(dist_bc) | np.isnan(dist_ac)
    ok = ~undef
    n, n_undef = int(ok.sum()), int(undef.sum())
    if n == 0:
        return PropertyVerdict(prop, None, f"undecided: undefined on every triple ({what})",
                               n_undefined=n_undef)
    tol = _tol(dist_ac)
    zero = np.abs(dist_ab) <= _tol(dist_ab)
    identity = ok & (zero != same_ab)
    symmetric = ok & ~_equal(dist_ab, dist_ba)
    with np.errstate(invalid="ignore"):
        triangle = ok & (dist_ac > dist_ab + dist_bc + tol)
    for bad, axiom in ((identity, "identity (d = 0 exactly when A = B)"),
                       (symmetric, "symmetry"), (triangle, "triangle inequality")):
        if bad.any():
            k = np.flatnonzero(bad)[0]
            ce = {"axiom": axiom, "matrices": {"A,B": _m(mats[0][k]), "B,C": _m(mats[1][k]),
                                               "A,C": _m(mats[2][k])},
                  "d": {"A,B": float(dist_ab[k]), "B,C": float(dist_bc[k]),
                        "A,C": float(dist_ac[k]), "B,A": float(dist_ba[k])}}
            text = (f"fails the {axiom} ({int(bad.sum())} of {n} triples): M(A,B) = "
                    f"{_m(mats[0][k])}, M(B,C) = {_m(mats[1][k])}, M(A,C) = {_m(mats[2][k])} "
                    f"give d(A,B) = {_num(dist_ab[k])}, d(B,C) = {_num(dist_bc[k])}, "
                    f"d(A,C) = {_num(dist_ac[k])}")
            return PropertyVerdict(prop, False, text, ce, n, n_undef)
    return PropertyVerdict(prop, True, f"holds: best − value is a metric on all {n} defined "
                           f"triples ({what})", n_checked=n, n_undefined=n_undef)


def _constant(ix, prop, expected, sizes, what):
    """Expectations all equal (constant_baseline)."""
    defined = ~np.isnan(expected)
    n, n_undef = int(defined.sum()), int((~defined).sum())
    if n == 0:
        return PropertyVerdict(prop, None, f"undecided: the expectation is undefined for "
                               f"every size ({what})", n_undefined=n_undef)
    e = expected[defined]
    s = [sizes[i] for i in np.flatnonzero(defined)]
    lo, hi = int(np.argmin(e)), int(np.argmax(e))
    if _equal(e[lo], e[hi]):
        return PropertyVerdict(prop, True, f"holds: the expected value is {_num(ix.f(e[0]))} "
                               f"for all {n} size combinations ({what})", n_checked=n,
                               n_undefined=n_undef)
    a, b = (lo, hi) if ix.sign > 0 else (hi, lo)
    ce = {"sizes": [s[a], s[b]], "expected": [ix.f(e[a]), ix.f(e[b])]}
    text = (f"fails: the expected value is {_num(ix.f(e[a]))} at {s[a]} but "
            f"{_num(ix.f(e[b]))} at {s[b]} ({what})")
    return PropertyVerdict(prop, False, text, ce, n, n_undef)


def _approximate(ix, prop, by_n, sizes_of, what, noise=None):
    """by_n: {n: expectations over the proportion grid}; a common limit as n grows.

    ``noise`` ({n: largest standard error}) marks Monte-Carlo means: a spread within four
    standard errors at the largest n is no detectable difference, so it need not shrink."""
    ns = sorted(by_n)
    spreads = {}
    for n in ns:
        e = by_n[n][~np.isnan(by_n[n])]
        spreads[n] = float(np.ptp(e)) if e.size >= 2 else float("nan")
    last, first = spreads[ns[-1]], spreads[ns[0]]
    if np.isnan(last):
        return PropertyVerdict(prop, None, f"undecided: the expectation is undefined at "
                               f"n = {ns[-1]} ({what})", n_checked=0,
                               n_undefined=int(np.isnan(by_n[ns[-1]]).sum()))
    e_last = by_n[ns[-1]]
    scale = 1.0 + abs(float(np.nanmedian(e_last))) if np.all(np.isfinite(e_last[~np.isnan(e_last)])) else np.inf
    exact = last <= 1e-9 * scale and (np.isnan(first) or first <= 1e-9 * scale)
    within_noise = noise is not None and last <= 4 * noise[ns[-1]]
    shrinking = last <= APPROXIMATE_TOLERANCE * scale and (
        np.isnan(first) or last <= first / 4 or within_noise)
    trail = "; ".join(f"n = {n}: {spreads[n]:.3g}" for n in ns)
    n_checked = int(sum((~np.isnan(v)).sum() for v in by_n.values()))
    n_undef = int(sum(np.isnan(v).sum() for v in by_n.values()))
    if exact or shrinking:
        return PropertyVerdict(prop, True, f"holds: the spread of the expected value across "
                               f"class proportions shrinks to {last:.3g} ({trail}; {what})",
                               n_checked=n_checked, n_undefined=n_undef)
    e = e_last
    valid = np.flatnonzero(~np.isnan(e))
    lo, hi = valid[int(np.argmin(e[valid]))], valid[int(np.argmax(e[valid]))]
    ce = {"n": ns[-1], "sizes": [sizes_of(ns[-1], lo), sizes_of(ns[-1], hi)],
          "expected": [ix.f(e[lo]), ix.f(e[hi])], "spread_by_n": spreads}
    text = (f"fails: at n = {ns[-1]} the expected value is {_num(ix.f(e[lo]))} at "
            f"{sizes_of(ns[-1], lo)} but {_num(ix.f(e[hi]))} at {sizes_of(ns[-1], hi)} "
            f"(spread {trail}; {what})")
    return PropertyVerdict(prop, False, text, ce, n_checked, n_undef)


# ------------------------------------------------------------------------ two classes


def _frozen(*arrays):
    for a in arrays:
        a.flags.writeable = False
    return arrays


@functools.lru_cache(maxsize=4)
def _two_class_table(max_n):
    """Every (TP, FN, FP, TN) with 1 <= n <= max_n, as an (K, 4) int array (cached: the
    enumerations below are the same for every index)."""
    g = np.indices((max_n + 1,) * 4).reshape(4, -1).T
    total = g.sum(axis=1)
    return _frozen(g[(total >= 1) & (total <= max_n)])[0]


@functools.lru_cache(maxsize=4)
def _size_draws(max_n):
    """(combos, draws) of the constant baseline: sizes (n, P, k), 1 <= P, k <= n − 1."""
    combos = np.array([(m, p, k) for m in range(2, max_n + 1) for p in range(1, m)
                       for k in range(1, m)])
    return _frozen(combos, *hypergeometric_draws(combos[:, 1], combos[:, 0] - combos[:, 1],
                                                 combos[:, 2]))


@functools.lru_cache(maxsize=1)
def _proportion_draws():
    """{n: draws} of the approximate constant baseline, and the proportion grid."""
    grid = [(p, q) for p in BASELINE_PROPORTIONS for q in BASELINE_PROPORTIONS]
    draws = {}
    for m in BASELINE_SIZES:
        pos = np.array([int(round(p * m)) for p, _ in grid])
        k = np.array([int(round(q * m)) for _, q in grid])
        group, a, b, c, d, prob = hypergeometric_draws(pos, m - pos, k)
        draws[m] = _frozen(group, two_class_stack(a, b, c, d), prob)
    return grid, draws


@functools.lru_cache(maxsize=4)
def _distance_pairs(max_n):
    """Confusion counts (TP, FN, FP, TN) of the pairs (A,B), (B,A), (B,C), (A,C) of every
    triple of labelings of n <= max_n items."""
    counts = _labeling_triples(max_n)
    pattern = np.arange(8)
    bits = [(pattern >> 2) & 1, (pattern >> 1) & 1, pattern & 1]

    def pair(x, y):
        u, v = bits[x], bits[y]
        return np.stack([counts[:, (u == 1) & (v == 1)].sum(1), counts[:, (u == 1) & (v == 0)].sum(1),
                         counts[:, (u == 0) & (v == 1)].sum(1), counts[:, (u == 0) & (v == 0)].sum(1)])

    return _frozen(pair(0, 1), pair(1, 0), pair(1, 2), pair(0, 2))


def _labeling_triples(max_n):
    """Counts of the 8 patterns (a, b, c) ∈ {0, 1}³ of every triple of labelings of
    1 <= n <= max_n items (stars and bars), shape (K, 8); pattern index 4a + 2b + c."""
    bars = np.array(list(itertools.combinations(range(max_n + 8), 8)))
    edges = np.concatenate([np.full((len(bars), 1), -1), bars,
                            np.full((len(bars), 1), max_n + 8)], axis=1)
    parts = np.diff(edges, axis=1) - 1  # 9 parts, the last a slack
    counts = parts[:, :8]
    return counts[counts.sum(axis=1) >= 1]


def _two_class(ix, props, max_n, distance_n):
    cells = _two_class_table(max_n)
    table = np.full((max_n + 1,) * 4, np.nan)
    values = ix.g(two_class_stack(*cells.T))
    table[tuple(cells.T)] = values
    tp, fn, fp, tn = cells.T
    matrices = two_class_stack(tp, fn, fp, tn)
    what = f"every two-class matrix with n <= {max_n}"
    out = {}

    def look(a, b, c, d):
        return table[a, b, c, d]

    if "maximal_agreement" in props:
        out["maximal_agreement"] = _agreement(ix, values, matrices, (fp == 0) & (fn == 0), "max")
        out["maximal_agreement"].summary += f" ({what})"
    if "minimal_agreement" in props:
        out["minimal_agreement"] = _agreement(ix, values, matrices, (tp == 0) & (tn == 0), "min")
        out["minimal_agreement"].summary += f" ({what})"
    if "symmetry" in props:
        out["symmetry"] = _pairs(ix, "symmetry", values, look(tp, fp, fn, tn), matrices,
                                 two_class_stack(tp, fp, fn, tn), "equal", f"C and Cᵀ, {what}")
    if "class_symmetry" in props:
        out["class_symmetry"] = _pairs(ix, "class_symmetry", values, look(tn, fp, fn, tp),
                                       matrices, two_class_stack(tn, fp, fn, tp), "equal",
                                       f"the classes swapped, {what}")
    if "monotonicity" in props:
        a, b = fn >= 1, fp >= 1
        before = np.concatenate([values[a], values[b]])
        after = np.concatenate([look(tp[a] + 1, fn[a] - 1, fp[a], tn[a]),
                                look(tp[b], fn[b], fp[b] - 1, tn[b] + 1)])
        mb = np.concatenate([matrices[a], matrices[b]])
        ma = np.concatenate([two_class_stack(tp[a] + 1, fn[a] - 1, fp[a], tn[a]),
                             two_class_stack(tp[b], fn[b], fp[b] - 1, tn[b] + 1)])
        out["monotonicity"] = _pairs(ix, "monotonicity", before, after, mb, ma, "up",
                                     f"one FN or FP predicted correctly instead, {what}")
    if "strong_monotonicity" in props:
        small = cells.sum(axis=1) < max_n
        verdicts = []
        for axis, relation, label in ((0, "up", "TP"), (3, "up", "TN"), (1, "down", "FN"),
                                      (2, "down", "FP")):
            # a matrix without errors stays without errors with one more TP or TN (and one
            # without a correct prediction stays so with one more FN or FP): not compared
            extreme = (fp == 0) & (fn == 0) if relation == "up" else (tp == 0) & (tn == 0)
            keep = small & ~extreme
            t = cells[keep].copy()
            t[:, axis] += 1
            verdicts.append(_pairs(ix, "strong_monotonicity", values[keep], look(*t.T),
                                   matrices[keep], two_class_stack(*t.T), relation,
                                   f"one more {label}"))
        out["strong_monotonicity"] = _combine(
            "strong_monotonicity", verdicts,
            f"one more TP or TN to a matrix with an error, one more FN or FP to a matrix with "
            f"a correct prediction, n < {max_n}")
    if "distance" in props:
        dn = min(distance_n, max_n)
        ab, ba, bc, ac = _distance_pairs(dn)
        best = np.nanmax(values) if np.any(~np.isnan(values)) else np.nan
        d = {key: best - look(*cnt) for key, cnt in (("ab", ab), ("ba", ba), ("bc", bc), ("ac", ac))}
        same = (ab[1] == 0) & (ab[2] == 0)
        mats = [two_class_stack(*ab), two_class_stack(*bc), two_class_stack(*ac)]
        out["distance"] = _triples(ix, d["ab"], d["ba"], d["bc"], d["ac"], same, mats,
                                   f"every triple of two-class labelings of n <= {dn} items, "
                                   f"d = best − value, best {_num(ix.f(best)) if best == best else 'nan'}")
    if "constant_baseline" in props:
        combos, group, a, b, c, d_, prob = _size_draws(max_n)
        e, _ = expectations(look(a, b, c, d_), group, prob, len(combos))
        sizes = [{"n": int(m), "positives": int(p), "predicted_positives": int(k)}
                 for m, p, k in combos]
        out["constant_baseline"] = _constant(
            ix, "constant_baseline", e, sizes,
            f"exact expectations, every n <= {max_n} with 1 <= positives, predicted "
            "positives <= n − 1")
    if "approximate_constant_baseline" in props:
        grid, draws = _proportion_draws()
        by_n = {m: expectations(ix.g(stack), group, prob, len(grid))[0]
                for m, (group, stack, prob) in draws.items()}

        def sizes_of(m, i):
            p, q = grid[i]
            return {"n": m, "positives": int(round(p * m)), "predicted_positives": int(round(q * m))}

        out["approximate_constant_baseline"] = _approximate(
            ix, "approximate_constant_baseline", by_n, sizes_of,
            f"exact expectations, positive and predicted-positive proportions in "
            f"{BASELINE_PROPORTIONS}, n = {', '.join(map(str, BASELINE_SIZES))}")
    return out


def _combine(prop, verdicts, what):
    """One verdict from several checks of the same property (the first failure decides)."""
    n = sum(v.n_checked for v in verdicts)
    n_undef = sum(v.n_undefined for v in verdicts)
    for v in verdicts:
        if v.holds is False:
            return PropertyVerdict(prop, False, v.summary, v.counterexample, n, n_undef)
    if all(v.holds is None for v in verdicts):
        return PropertyVerdict(prop, None, f"undecided: undefined on every pair ({what})",
                               n_checked=n, n_undefined=n_undef)
    return PropertyVerdict(prop, True, f"holds: no counterexample among {n} pairs ({what})",
                           n_checked=n, n_undefined=n_undef)


# ------------------------------------------------------------------------ several classes


def _compositions(total, parts):
    """Every vector of ``parts`` non-negative integers summing to ``total``."""
    bars = np.array(list(itertools.combinations(range(total + parts - 1), parts - 1)))
    if bars.size == 0:
        return np.full((1, parts), total)
    edges = np.concatenate([np.full((len(bars), 1), -1), bars,
                            np.full((len(bars), 1), total + parts - 1)], axis=1)
    return np.diff(edges, axis=1) - 1


def _random_counts(rng, k, c):
    """k random C x C count matrices: sparse, moderate and crisp, sizes 1-30 per cell."""
    scale = rng.choice([1.0, 3.0, 10.0], size=(k, 1, 1))
    keep = rng.random((k, c, c)) < rng.choice([0.3, 0.6, 1.0], size=(k, 1, 1))
    m = np.floor(rng.exponential(scale, size=(k, c, c)) * keep)
    empty = m.sum(axis=(1, 2)) == 0
    m[empty, 0, 0] = 1
    return m


@functools.lru_cache(maxsize=8)
def _multi_setup(c, seed, n_search, max_n):
    """Every matrix the several-class checks evaluate (index-independent, cached)."""
    rng = np.random.default_rng(seed)
    eye = np.eye(c, dtype=bool)
    base = _random_counts(rng, n_search, c)
    diag = base * eye
    diag[diag.sum(axis=(1, 2)) == 0, 0, 0] = 1
    off = base * ~eye
    off[off.sum(axis=(1, 2)) == 0, 0, 1] = 1
    stack = np.concatenate([base, diag, off])
    trace = np.trace(stack, axis1=1, axis2=2)
    offsum = stack.sum(axis=(1, 2)) - trace
    perms = np.array([rng.permutation(c) for _ in range(len(stack))])
    rows = np.take_along_axis(stack, perms[:, :, None], axis=1)
    relabelled = np.take_along_axis(rows, perms[:, None, :], axis=2)
    # monotonicity: every off-diagonal count > 0 moved to its row's diagonal cell
    mono_idx, mono_after = [], []
    for i in range(c):
        for j in range(c):
            if i != j:
                has = np.flatnonzero(stack[:, i, j] >= 1)
                moved = stack[has].copy()
                moved[:, i, j] -= 1
                moved[:, i, i] += 1
                mono_idx.append(has)
                mono_after.append(moved)
    # strong monotonicity: one more count in a diagonal cell (matrices with an error) or an
    # off-diagonal one (matrices with a correct prediction)
    strong = {}
    for keep in (True, False):
        sel = np.flatnonzero(offsum > 0 if keep else trace > 0)
        idx, after = [], []
        for i in range(c):
            for j in range(c):
                if (i == j) == keep:
                    plus = stack[sel].copy()
                    plus[:, i, j] += 1
                    idx.append(sel)
                    after.append(plus)
        strong[keep] = (np.concatenate(idx), np.concatenate(after))
    # distance: random triples of labelings of 2-12 items
    k = n_search * 4
    n_items = rng.integers(2, 13, size=k)
    size = int(n_items.max())
    mask = np.arange(size)[None, :] < n_items[:, None]
    probs = rng.dirichlet(np.ones(c), size=(k, 3))
    labels = np.stack([np.minimum((rng.random((k, size, 1)) > np.cumsum(probs[:, j], axis=1)[:, None, :]
                                   ).sum(axis=2), c - 1) for j in range(3)])
    item_of = np.repeat(np.arange(k), size)[mask.ravel()]

    def confusion(x, y):
        code = (labels[x] * c + labels[y]).ravel()[mask.ravel()]
        return np.bincount(item_of * c * c + code, minlength=k * c * c).reshape(k, c, c).astype(float)

    triples = (confusion(0, 1), confusion(1, 0), confusion(1, 2), confusion(0, 2))
    same = np.all((labels[0] == labels[1]) | ~mask, axis=1)
    # approximate constant baseline: random permutations of the predictions
    shares = [np.full(c, 1.0 / c), np.linspace(1.0, 3.0, c) / np.linspace(1.0, 3.0, c).sum(),
              np.linspace(3.0, 1.0, c) / np.linspace(3.0, 1.0, c).sum()]
    grid = [(p, q) for p in shares for q in shares]
    approx = {}
    for n in APPROXIMATE_SIZES:
        stacks = []
        for p, q in grid:
            y = np.repeat(np.arange(c), _sizes(p, n))
            z = np.repeat(np.arange(c), _sizes(q, n))
            perm = rng.permuted(np.broadcast_to(z, (APPROXIMATE_DRAWS, n)), axis=1)
            code = (y[None, :] * c + perm) + (np.arange(APPROXIMATE_DRAWS) * c * c)[:, None]
            stacks.append(np.bincount(code.ravel(), minlength=APPROXIMATE_DRAWS * c * c)
                          .reshape(APPROXIMATE_DRAWS, c, c).astype(float))
        approx[n] = np.stack(stacks)
    return {"stack": stack, "trace": trace, "offsum": offsum, "relabelled": relabelled,
            "mono": (np.concatenate(mono_idx), np.concatenate(mono_after)), "strong": strong,
            "triples": triples, "same": same, "n_triples": k, "constant": _enumeration(c, max_n),
            "grid": grid, "approx": approx}


def _multi_class(ix, props, c, seed, n_search, max_n):
    what = f"C = {c}, seeded search"
    s = _multi_setup(c, seed, n_search, max_n)
    stack, trace, offsum = s["stack"], s["trace"], s["offsum"]
    values = ix.g(stack)
    out = {}
    if "maximal_agreement" in props:
        out["maximal_agreement"] = _agreement(ix, values, stack, offsum == 0, "max")
        out["maximal_agreement"].summary += f" ({len(stack)} matrices, {what})"
    if "minimal_agreement" in props:
        out["minimal_agreement"] = _agreement(ix, values, stack, trace == 0, "min")
        out["minimal_agreement"].summary += f" ({len(stack)} matrices, {what})"
    if "symmetry" in props:
        t = np.swapaxes(stack, 1, 2)
        out["symmetry"] = _pairs(ix, "symmetry", values, ix.g(t), stack, t, "equal",
                                 f"C and Cᵀ, {what}")
    if "class_symmetry" in props:
        p = s["relabelled"]
        out["class_symmetry"] = _pairs(ix, "class_symmetry", values, ix.g(p), stack, p, "equal",
                                       f"classes relabelled at random, {what}")
    if "monotonicity" in props:
        idx, after = s["mono"]
        out["monotonicity"] = _pairs(ix, "monotonicity", values[idx], ix.g(after), stack[idx],
                                     after, "up", f"one wrong prediction corrected, {what}")
    if "strong_monotonicity" in props:
        verdicts = []
        for keep, label in ((True, "a diagonal cell of a matrix with an error"),
                            (False, "an off-diagonal cell of a matrix with a correct prediction")):
            idx, plus = s["strong"][keep]
            verdicts.append(_pairs(ix, "strong_monotonicity", values[idx], ix.g(plus), stack[idx],
                                   plus, "up" if keep else "down", f"one more count in {label}"))
        out["strong_monotonicity"] = _combine("strong_monotonicity", verdicts,
                                              f"one more count in a cell, {what}")
    if "distance" in props:
        perfect = values[(offsum == 0) & ~np.isnan(values)]
        best = perfect.max() if perfect.size else np.nan
        ab, ba, bc, ac = s["triples"]
        dist = [best - ix.g(m) for m in (ab, ba, bc, ac)]
        out["distance"] = _triples(ix, *dist, s["same"], [ab, bc, ac],
                                   f"{s['n_triples']} random triples of labelings of 2-12 items, "
                                   f"{what}")
    if "constant_baseline" in props:
        mats, group, prob, keys, n_top = s["constant"]
        e, _ = expectations(ix.g(mats), group, prob, len(keys))
        sizes = [{"true_sizes": [int(v) for v in key[:c]],
                  "predicted_sizes": [int(v) for v in key[c:]]} for key in keys]
        out["constant_baseline"] = _constant(
            ix, "constant_baseline", e, sizes,
            f"exact expectations over every {c} x {c} matrix, n = {c}-{n_top}, every class "
            "present in both labelings")
    if "approximate_constant_baseline" in props:
        grid = s["grid"]
        by_n, noise = {}, {}
        for n, stacks in s["approx"].items():
            v = ix.g(stacks.reshape(-1, c, c)).reshape(len(grid), -1)
            bad = np.isnan(v).any(axis=1)
            with np.errstate(invalid="ignore"):
                by_n[n] = np.where(bad, np.nan, np.where(np.isnan(v), 0, v).mean(axis=1))
                se = np.where(bad, np.nan, np.where(np.isnan(v), 0, v).std(axis=1)) / np.sqrt(v.shape[1])
            noise[n] = float(np.nanmax(se)) if np.any(~np.isnan(se)) else 0.0

        def sizes_of(n, i):
            p, q = grid[i]
            return {"true_sizes": _sizes(p, n).tolist(), "predicted_sizes": _sizes(q, n).tolist()}

        out["approximate_constant_baseline"] = _approximate(
            ix, "approximate_constant_baseline", by_n, sizes_of,
            f"C = {c}, means of {APPROXIMATE_DRAWS} seeded random permutations per size, "
            f"n = {', '.join(map(str, APPROXIMATE_SIZES))}; a spread within 4 standard errors "
            "is no detectable difference", noise=noise)
    return out


#: Several classes: n of the approximate constant baseline, and random permutations per size.
APPROXIMATE_SIZES = (100, 400, 1600)
APPROXIMATE_DRAWS = 200


def _enumeration(c, max_n):
    """Every C x C matrix with n = C ... n_top points (n_top the largest n <= max_n with at
    most ~60,000 matrices of n points) and every class present in both labelings, with its
    probability given its margins under a random permutation (multivariate hypergeometric:
    Π n_i! Π k_j! / (n! Π m_ij!)), grouped by margins."""
    from math import comb

    from scipy.special import gammaln

    n_top = c
    while n_top < max_n and comb(n_top + 1 + c * c - 1, c * c - 1) <= 60_000:
        n_top += 1
    mats = np.concatenate([_compositions(n, c * c) for n in range(c, n_top + 1)]).reshape(-1, c, c)
    rows, cols = mats.sum(axis=2), mats.sum(axis=1)
    full = np.all(rows > 0, axis=1) & np.all(cols > 0, axis=1)
    mats, rows, cols = mats[full], rows[full], cols[full]
    n = rows.sum(axis=1)
    logp = (gammaln(rows + 1).sum(1) + gammaln(cols + 1).sum(1) - gammaln(n + 1)
            - gammaln(mats + 1).sum(axis=(1, 2)))
    keys, group = np.unique(np.concatenate([rows, cols], axis=1), axis=0, return_inverse=True)
    return mats.astype(float), group.ravel(), np.exp(logp), keys, n_top


def _sizes(p, n):
    s = np.floor(p * n).astype(int)
    s[0] += n - s.sum()
    return s


# ------------------------------------------------------------------------------ entry point


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
    fn, label, scope, gib = resolve_index(index, greater_is_better=greater_is_better, name=name)
    if properties is None:
        props = list(PROPERTIES)
    else:
        if isinstance(properties, str):
            properties = [properties]
        props = list(properties)
        unknown = [p for p in props if p not in PROPERTIES]
        if unknown:
            raise ValueError(f"unknown property {unknown[0]!r}; known: {', '.join(PROPERTIES)}")
    for value, what, lo, hi in ((classes, "classes", 2, 10), (max_n, "max_n", 4, 60),
                                (distance_n, "distance_n", 1, 14),
                                (n_search, "n_search", 100, 100_000)):
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)) \
                or not lo <= value <= hi:
            raise ValueError(f"{what} must be an integer from {lo} to {hi}, got {value!r}")
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    if classes > 2 and scope == "two-class":
        raise ValueError(f"index {label!r} is a two-class index: classes must be 2, got {classes}")
    if not isinstance(degenerate, (bool, np.bool_)):
        raise ValueError(f"degenerate must be True or False, got {degenerate!r}")
    ix = _Index(fn, label, gib, bool(degenerate))
    if classes == 2:
        found = _two_class(ix, props, int(max_n), int(distance_n))
    else:
        found = _multi_class(ix, props, int(classes), int(seed), int(n_search), int(max_n))
    if not degenerate:
        for verdict in found.values():
            verdict.summary += "; labelings lacking a class left out"
    return {p: found[p] for p in props}
