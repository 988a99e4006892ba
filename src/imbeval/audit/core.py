"""audit_index: the verdicts of Conditions 1-3 and the ortigosa2016 criteria for one index."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from imbeval.audit import conditions, influence
from imbeval.audit.conditions import AuditSizes

__all__ = ["AuditResult", "audit_index", "audit_registry", "DEFAULT_CLASSES"]

DEFAULT_CLASSES = tuple(range(2, 11))

# Grids of the influence functions (interior points: at η ∈ {0, 1} a class has no prior).
BINARY_ETAS = np.round(np.arange(1, 200) / 200.0, 10)  # 0.005 ... 0.995, includes 0.1, 0.5
TERNARY_EPS = np.arange(-99, 199) / 300.0  # −0.33 ... 0.66, step 1/300, includes 0


@dataclass
class AuditResult:
    """Verdicts (True / False / None = not applicable or undecidable) and their evidence."""

    name: str
    scope: str
    condition1: bool | None
    condition2: bool | None
    condition3: bool | None
    condition1_max_deviation: float = float("nan")
    condition1_evidence: object = None
    bounds: dict = field(default_factory=dict)  # C -> (lower, upper)
    bounds_evidence: list = field(default_factory=list)
    lower_spread: float = float("nan")
    upper_spread: float = float("nan")
    limits: dict = field(default_factory=dict)  # C -> limit of the worst case, ε → 0+
    limits_evidence: list = field(default_factory=list)
    condition3_margin: float = float("nan")  # min over C of limit − lower bound
    influence_binary: dict | None = None  # summary of I_2^S(η)
    influence_ternary: dict | None = None  # summary of I_3^S(ε)
    influence_binary_at_0_1: float = float("nan")
    ortigosa_adequate: bool | None = None
    n_undefined: int = 0
    notes: list = field(default_factory=list)

    def row(self) -> dict:
        """One flat row for the audit table (verdicts, then evidence)."""
        def b(v):
            return "" if v is None else ("true" if v else "false")

        def bnd(which):
            return ";".join(
                f"{c}:{self.bounds[c][which]:.6g}" for c in sorted(self.bounds)
            )

        ib, it = self.influence_binary or {}, self.influence_ternary or {}
        return {
            "index": self.name,
            "condition1": b(self.condition1),
            "condition2": b(self.condition2),
            "condition3": b(self.condition3),
            "scope": self.scope,
            "c1_max_deviation": self.condition1_max_deviation,
            "c2_lower_by_C": bnd(0),
            "c2_upper_by_C": bnd(1),
            "c2_lower_spread": self.lower_spread,
            "c2_upper_spread": self.upper_spread,
            "c3_limit_by_C": ";".join(f"{c}:{self.limits[c]:.6g}" for c in sorted(self.limits)),
            "c3_margin": self.condition3_margin,
            "influence2_at_eta_0.1": self.influence_binary_at_0_1,
            "influence2_positive_fraction": ib.get("positive_fraction", float("nan")),
            "influence2_grows": b(ib.get("grows")) if ib else "",
            "influence3_positive_fraction": it.get("positive_fraction", float("nan")),
            "influence3_grows": b(it.get("grows")) if it else "",
            "ortigosa_adequate": b(self.ortigosa_adequate),
            "n_undefined": self.n_undefined,
            "notes": " | ".join(self.notes),
        }


def _detect_scope(fn):
    """'multi-class' if fn evaluates a 3-class stack, else 'two-class'."""
    probe = np.array([[[5.0, 1.0, 1.0], [1.0, 5.0, 1.0], [1.0, 1.0, 5.0]]])
    try:
        out = np.asarray(fn(probe), dtype=np.float64)
    except (ValueError, IndexError):
        return "two-class"
    return "multi-class" if out.shape == (1,) else "two-class"


def audit_index(
    fn,
    *,
    name=None,
    scope=None,
    classes=DEFAULT_CLASSES,
    sizes: AuditSizes | None = None,
    seed=0,
    tol1=1e-8,
    tol2=1e-3,
    tol3=1e-3,
    influence_functions=True,
    zero_division_influence=1.0,
):
    """Decide numerically whether an index meets mullick2020's Conditions 1-3.

    Parameters
    ----------
    fn : callable
        ``fn(stack) -> values``: a stack (..., C, C) of confusion matrices (rows true,
        columns predicted) to one value per matrix. Higher must mean better for the
        influence-function criteria (ortigosa2016's footnote 4).
    name : str, optional
        Label for the result (default: ``fn.__name__``).
    scope : {"two-class", "multi-class"}, optional
        Detected by evaluating a 3-class matrix when not given. Conditions 2 and 3 concern
        the number of classes and are None for two-class indices.
    classes : iterable of int
        The numbers of classes searched (C = 2 ... 10 by default).
    sizes : AuditSizes, optional
        Search sizes; ``AuditSizes()`` is the full audit, ``AuditSizes.quick()`` a small one.
    seed : int
        Seed of every random draw.
    tol1, tol2, tol3 : float
        Tolerances: largest relative change under row scaling (Condition 1); largest change
        of a bound across C (Condition 2); smallest margin of the ε → 0+ limit over the
        lower bound (Condition 3).
    influence_functions : bool
        Also compute ortigosa2016's influence functions (binary for every index, ternary
        for multi-class ones).
    zero_division_influence : float
        0/0 convention for the influence functions (the paper's tables use 1); passed as
        ``zero_division=`` when ``fn`` accepts it.

    Returns
    -------
    AuditResult
    """
    sizes = sizes or AuditSizes()
    name = name or getattr(fn, "__name__", "index")
    scope = scope or _detect_scope(fn)
    if scope not in ("two-class", "multi-class"):
        raise ValueError(f"scope must be 'two-class' or 'multi-class', got {scope!r}")
    classes = tuple(int(c) for c in classes)
    if not classes or min(classes) < 2:
        raise ValueError(f"classes must be integers >= 2, got {classes}")
    rng = np.random.default_rng(seed)
    notes = []

    c1_classes = (2,) if scope == "two-class" else classes
    ev1 = conditions.check_condition1(fn, c1_classes, rng, sizes, tol1)
    result = AuditResult(
        name=name,
        scope=scope,
        condition1=ev1.holds,
        condition2=None,
        condition3=None,
        condition1_max_deviation=ev1.max_deviation,
        condition1_evidence=ev1,
    )
    n_undefined = ev1.n_undefined
    if ev1.n_undefined_mismatch:
        notes.append(f"row scaling changed definedness {ev1.n_undefined_mismatch} times")

    if scope == "multi-class":
        if len(classes) < 2:
            notes.append("Condition 2 needs at least two values of C")
        bounds_ev = [conditions.search_bounds(fn, c, rng, sizes) for c in classes]
        limits_ev = [conditions.search_condition3(fn, c, rng, sizes) for c in classes]
        n_undefined += sum(b.n_undefined for b in bounds_ev) + sum(e.n_undefined for e in limits_ev)
        bounds = {}
        for b, e in zip(bounds_ev, limits_ev):
            # matrices of the Condition 3 search are C-class matrices too
            seen = [v for v in e.infima if not np.isnan(v)]
            lower = np.nanmin([b.lower] + seen) if seen or not np.isnan(b.lower) else np.nan
            bounds[b.n_classes] = (float(lower), b.upper)
        result.bounds, result.bounds_evidence = bounds, bounds_ev
        result.limits = {e.n_classes: e.limit for e in limits_ev}
        result.limits_evidence = limits_ev
        lowers = np.array([bounds[c][0] for c in classes])
        uppers = np.array([bounds[c][1] for c in classes])
        if np.any(np.isnan(lowers)) or np.any(np.isnan(uppers)) or len(classes) < 2:
            notes.append("a bound is undefined (NaN) for some C: Condition 2 undecided")
        else:
            result.lower_spread = float(lowers.max() - lowers.min())
            result.upper_spread = float(uppers.max() - uppers.min())
            result.condition2 = bool(result.lower_spread <= tol2 and result.upper_spread <= tol2)
        # Condition 3 is about multi-class problems (C >= 3); C = 2 stays in the evidence.
        c3_classes = [c for c in classes if c >= 3] or list(classes)
        margins = np.array([result.limits[c] - bounds[c][0] for c in c3_classes])
        if np.any(np.isnan(margins)):
            notes.append("the ε → 0+ limit or the lower bound is undefined for some C")
        else:
            result.condition3_margin = float(margins.min())
            result.condition3 = bool(result.condition3_margin > tol3)

    if influence_functions:
        _attach_influence(result, fn, scope, zero_division_influence, notes)
    result.n_undefined = n_undefined
    result.notes = notes
    return result


def _attach_influence(result, fn, scope, zero_division, notes):
    try:
        i2 = influence.influence_binary(fn, BINARY_ETAS, zero_division=zero_division)
    except (ValueError, IndexError) as exc:
        notes.append(f"binary influence function not computed: {exc}")
        return
    result.influence_binary = influence.summarise_influence(BINARY_ETAS, i2, 0.5, tol=1e-6)
    result.influence_binary_at_0_1 = float(i2[np.argmin(np.abs(BINARY_ETAS - 0.1))])
    adequate = (
        result.influence_binary["positive_fraction"] >= 0.95 and result.influence_binary["grows"]
    )
    if scope == "multi-class":
        i3 = influence.influence_multiclass(fn, TERNARY_EPS, 3, zero_division=zero_division)
        result.influence_ternary = influence.summarise_influence(TERNARY_EPS, i3, 0.0, tol=1e-6)
        # ortigosa2016 call a score adequate when its influence is positive for "almost any"
        # imbalance: G, H and min dip below 0 just left of balance in the ternary case.
        adequate = adequate and result.influence_ternary["positive_fraction"] >= 0.75
    result.ortigosa_adequate = bool(adequate)


def audit_registry(names=None, *, classes=DEFAULT_CLASSES, sizes=None, seed=0, progress=None, **kwargs):
    """audit_index on registered indices (all by default), in registration order."""
    from imbeval.indices import registry

    reg = registry()
    names = list(reg) if names is None else list(names)
    unknown = [n for n in names if n not in reg]
    if unknown:
        raise ValueError(f"unknown index {unknown[0]!r}; known indices: {', '.join(reg)}")
    results = []
    for k, n in enumerate(names):
        info = reg[n]
        if progress:
            progress(n)
        results.append(
            audit_index(
                info.function, name=n, scope=info.scope, classes=classes, sizes=sizes,
                seed=seed + k, **kwargs,
            )
        )
    return results
