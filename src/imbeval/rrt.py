"""RRT test sets: turning one test fold into the five test sets of mullick2020 (Sec. 5.2).

RRT is the ratio of class sizes in a test set. For a fold with class counts ``n_c`` a scheme
gives *target weights* ``t_c`` (the wanted counts up to a common factor):

Two-class (class 0 = minority = the positive class, class 1 = majority; IR is the problem's
imbalance ratio n_maj / n_min), RRT = n_maj / n_min of the test set:

========  =========  =======================================
scheme    RRT        weights (minority, majority)
========  =========  =======================================
``1``     1          (1, 1)     balanced
``0.5``   0.5        (1, 0.5)   more minority than majority points
``IR/2``  IR / 2     (1, IR/2)
``IR``    IR         (1, IR)    the fold as it is
``2IR``   2 IR       (1, 2 IR)
========  =========  =======================================

Multi-class (classes ranked by their count in the fold; ``min`` the smallest):

======================  ===============================================================
scheme                  weights
======================  ===============================================================
``balanced``            t_c = 1
``reversed``            t_c = the count of the class of opposite rank (IRs reversed)
``minority_ir_halved``  t_c = n_c, t_min = 2 n_min (IR of minority vs every class halved)
``original``            t_c = n_c (the fold as it is)
``others_doubled``      t_c = 2 n_c, t_min = n_min (every class but the minority doubled)
======================  ===============================================================

**Sampling rule**, recorded per test set in ``rule``:

- ``subsample`` -- the largest test set with the target proportions that fits in the fold:
  scale ``s = min_c n_c / t_c``, counts ``floor(s t_c)``, drawn *without replacement*. Used
  whenever every class then keeps at least ``min_count`` points.
- ``bootstrap`` -- otherwise (e.g. reversing an IR of 25 in a fold whose minority has 8
  points would leave a fraction of a point for the majority): counts
  ``round(min_count * t_c / min_c t_c)`` so the smallest target class gets ``min_count``
  points; classes whose count fits are drawn without replacement, the others *with*
  replacement (they are listed in ``replaced``).
- ``clip`` (alternative to ``bootstrap``, chosen by ``infeasible="clip"``) -- counts
  ``max(floor(s t_c), min_count)`` capped at n_c, all without replacement; the realised
  ratio then differs from the target and is what ``rrt`` reports.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from numbers import Integral

import numpy as np

from imbeval.utils._param_validation import Interval, StrOptions, validate_params


__all__ = [
    "TWO_CLASS_SCHEMES", "MULTI_CLASS_SCHEMES", "INFEASIBLE_RULES", "TestSetPlan",
    "MIN_COUNT", "INFEASIBLE", "target_weights", "plan_test_set", "draw_test_set",
    "schemes_for", "rrt_test_sets", "confusion",
]

TWO_CLASS_SCHEMES = ("1", "0.5", "IR/2", "IR", "2IR")
MULTI_CLASS_SCHEMES = ("balanced", "reversed", "minority_ir_halved", "original", "others_doubled")
INFEASIBLE_RULES = ("bootstrap", "clip")
#: Fewest points a class keeps in a test set before the ``infeasible`` rule applies.
MIN_COUNT = 3
#: The rule for a test set the fold's counts cannot give without replacement.
INFEASIBLE = "bootstrap"


_COUNT = [Interval(Integral, 1, None, closed="left")]


@validate_params({"n_classes": [Interval(Integral, 2, None, closed="left")]})
def schemes_for(n_classes: int) -> tuple[str, ...]:
    """The RRT test-set schemes of a problem with ``n_classes`` classes (two-class or
    multi-class list)."""
    return TWO_CLASS_SCHEMES if n_classes == 2 else MULTI_CLASS_SCHEMES


@validate_params({"counts": ["array-like"], "scheme": [str], "ir": ["real", None]})
def target_weights(counts, scheme: str, ir: float | None = None) -> np.ndarray:
    """Target proportions (up to a factor) of ``scheme`` for a fold with class ``counts``.

    Two-class: ``counts = (n_minority, n_majority)`` and ``ir`` the problem's IR (the RRT
    schemes ``IR/2``, ``IR``, ``2IR`` are multiples of it). Multi-class: any order.
    """
    n = np.asarray(counts, dtype=float)
    if n.ndim != 1 or n.size < 2 or np.any(n < 1):
        raise ValueError(f"counts must list >= 2 classes with >= 1 point each, got {counts!r}")
    if n.size == 2:
        if scheme not in TWO_CLASS_SCHEMES:
            raise ValueError(f"two-class scheme must be one of {TWO_CLASS_SCHEMES}, got {scheme!r}")
        if ir is None or not ir > 0:
            raise ValueError("two-class schemes need the problem's IR (> 0)")
        rrt = {"1": 1.0, "0.5": 0.5, "IR/2": ir / 2, "IR": ir, "2IR": 2 * ir}[scheme]
        return np.array([1.0, rrt])
    if scheme not in MULTI_CLASS_SCHEMES:
        raise ValueError(f"multi-class scheme must be one of {MULTI_CLASS_SCHEMES}, got {scheme!r}")
    smallest = int(np.argmin(n))
    if scheme == "balanced":
        return np.ones_like(n)
    if scheme == "reversed":
        order = np.argsort(-n, kind="stable")          # largest first
        t = np.empty_like(n)
        t[order] = n[order[::-1]]
        return t
    if scheme == "minority_ir_halved":
        t = n.copy()
        t[smallest] = 2 * n[smallest]
        return t
    if scheme == "original":
        return n.copy()
    t = 2 * n                                          # others_doubled
    t[smallest] = n[smallest]
    return t


@dataclass(frozen=True)
class TestSetPlan:
    """How many points to draw from each class, and how."""

    counts: tuple[int, ...]
    rule: str                       # "subsample", "bootstrap" or "clip"
    replaced: tuple[int, ...] = field(default=())   # classes drawn with replacement

    @property
    def rrt(self) -> float:
        """Realised ratio: two-class n_maj / n_min (class 1 / class 0); else max / min."""
        c = np.asarray(self.counts, dtype=float)
        return float(c[1] / c[0]) if c.size == 2 else float(c.max() / c.min())


@validate_params({"counts": ["array-like"], "weights": ["array-like"], "min_count": _COUNT,
                  "infeasible": [StrOptions(INFEASIBLE_RULES)]})
def plan_test_set(counts, weights, min_count: int = MIN_COUNT,
                  infeasible: str = INFEASIBLE) -> TestSetPlan:
    """Counts per class for target ``weights`` given a fold with class ``counts``."""
    n = np.asarray(counts, dtype=np.int64)
    t = np.asarray(weights, dtype=float)
    if n.shape != t.shape or np.any(t <= 0):
        raise ValueError("weights must be positive, one per class")
    if not isinstance(min_count, (int, np.integer)) or min_count < 1:
        raise ValueError(f"min_count must be a positive integer, got {min_count!r}")
    if infeasible not in INFEASIBLE_RULES:
        raise ValueError(f"infeasible must be one of {INFEASIBLE_RULES}, got {infeasible!r}")
    scale = float(np.min(n / t))
    # The small tolerance keeps exact ratios (s t_c integral up to rounding error) exact.
    draw = np.floor(scale * t + 1e-9).astype(np.int64)
    if draw.min() >= min(min_count, int(n.min())):
        return TestSetPlan(tuple(int(v) for v in draw), "subsample")
    if infeasible == "clip":
        draw = np.minimum(np.maximum(draw, min_count), n)
        return TestSetPlan(tuple(int(v) for v in draw), "clip")
    draw = np.maximum(np.rint(min_count * t / t.min()), 1).astype(np.int64)
    replaced = tuple(int(c) for c in np.flatnonzero(draw > n))
    return TestSetPlan(tuple(int(v) for v in draw), "bootstrap", replaced)


@validate_params({"y": ["array-like"], "plan": [TestSetPlan], "rng": [np.random.Generator]})
def draw_test_set(y, plan: TestSetPlan, rng: np.random.Generator) -> np.ndarray:
    """Indices into ``y`` (class codes 0..C-1 of a test fold) following ``plan``.

    Returned sorted by class, then by draw order; duplicates only for classes in
    ``plan.replaced``.
    """
    y = np.asarray(y)
    out = []
    for c, k in enumerate(plan.counts):
        members = np.flatnonzero(y == c)
        if members.size == 0:
            raise ValueError(f"class {c} has no point in the test fold")
        replace = c in plan.replaced
        if not replace and k > members.size:
            raise ValueError(f"class {c}: cannot draw {k} of {members.size} points without replacement")
        out.append(rng.choice(members, size=k, replace=replace))
    return np.concatenate(out)


@validate_params({"y_test": ["array-like"], "ir": ["real", None], "rng": [np.random.Generator],
                  "schemes": ["array-like", None], "min_count": _COUNT,
                  "infeasible": [StrOptions(INFEASIBLE_RULES)]})
def rrt_test_sets(y_test, ir: float, rng, schemes=None, min_count: int = MIN_COUNT,
                  infeasible: str = INFEASIBLE) -> list[dict]:
    """The test sets of one fold: ``{scheme, target_rrt, plan, index}`` per scheme.

    ``y_test`` holds class codes 0..C-1; two-class code 0 is the minority.
    """
    y_test = np.asarray(y_test)
    C = int(y_test.max()) + 1
    counts = np.bincount(y_test, minlength=C)
    out = []
    for scheme in schemes or schemes_for(C):
        w = target_weights(counts, scheme, ir=ir)
        plan = plan_test_set(counts, w, min_count=min_count, infeasible=infeasible)
        target = float(w[1] / w[0]) if C == 2 else float(w.max() / w.min())
        out.append({"scheme": scheme, "target_rrt": target, "plan": plan,
                    "index": draw_test_set(y_test, plan, rng)})
    return out


@validate_params({"y_true": ["array-like"], "y_pred": ["array-like"], "n_classes": _COUNT})
def confusion(y_true, y_pred, n_classes: int) -> np.ndarray:
    """C x C counts, rows true, columns predicted."""
    m = np.zeros((n_classes, n_classes), dtype=np.int64)
    np.add.at(m, (np.asarray(y_true), np.asarray(y_pred)), 1)
    return m
