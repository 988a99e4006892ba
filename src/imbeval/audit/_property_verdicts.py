"""The verdict of one property of Gösgens et al. and the rules that make it from pairs,
triples or expectations of an index's values (:mod:`imbeval.audit.properties` runs them).
Undefined values (NaN) are never taken as a verdict: a comparison with an undefined side is
skipped and counted."""

from __future__ import annotations

import json
from dataclasses import dataclass

import numpy as np

from imbeval.audit.matrices import evaluate

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

