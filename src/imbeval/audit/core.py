"""audit_index: the verdicts of Conditions 1-3 and the ortigosa2016 criteria for one index."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace

import numpy as np

from numbers import Integral, Real

from imbeval.audit import conditions, influence
from imbeval.audit.conditions import AuditSizes
from imbeval.utils._param_validation import Check, Interval, StrOptions, validate_params


def _index_or_function(index, name):
    if isinstance(index, str) or callable(index):
        return index
    raise ValueError(f"{name} must be a registered name or a function of confusion-matrix "
                     f"stacks, got {type(index).__name__}")


#: an index by registered name or as a function of stacks (the name is checked in the body)
INDEX = Check(_index_or_function, "a registered name or a function", invalid=5,
              valid="accuracy")
ORIENTATION = ["boolean", None]
SEED = [Interval(Integral, None, None, closed="neither")]

__all__ = ["AuditResult", "audit_index", "audit_registry", "cite_theorems", "oriented_index",
           "verdict_text", "DEFAULT_CLASSES", "MULLICK2020_THEOREMS"]

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
    greater_is_better: bool = True
    classes: tuple = ()  # the numbers of classes searched
    #: condition (1, 2, 3) -> number of matrices the search evaluated for it
    n_searched: dict = field(default_factory=dict)
    #: condition (1, 2, 3) -> the counterexample that decided a failure (JSON-ready dict)
    counterexamples: dict = field(default_factory=dict)
    #: condition (1, 2, 3) -> the number of mullick2020's theorem proving the verdict, e.g.
    #: 5 (set only where the theorem's statement equals the verdict); the verdict's words
    #: cite it (:func:`verdict_text`), the row carries it as ``condition<k>_theorem``
    theorems: dict = field(default_factory=dict)

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
            "orientation": "higher is better" if self.greater_is_better else "lower is better",
            **{f"condition{k}_verdict": verdict_text(self, k) for k in (1, 2, 3)},
            **{f"condition{k}_counterexample": (
                json.dumps(_jsonable(self.counterexamples[k])) if k in self.counterexamples else "")
               for k in (1, 2, 3)},
            # the theorem each verdict cites, as data (fig. 6 labels its cells with it)
            **{f"condition{k}_theorem": self.theorems.get(k, "") for k in (1, 2, 3)},
        }


def _jsonable(value):
    """NaN -> None, recursively (the evidence columns hold strict JSON)."""
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, float) and value != value:
        return None
    return value


def _class_range(classes):
    lo, hi = min(classes), max(classes)
    return f"C = {lo}" if lo == hi else f"C = {lo}–{hi}"


#: a condition's verdict in words (the one table of them: :func:`verdict_text`'s words
#: begin with these)
VERDICT_WORDS = {True: "holds", False: "fails"}


def verdict_text(result: AuditResult, condition: int) -> str:
    """How a verdict reads: what it rests on, never a bare yes or no.

    A verdict a paper proves cites the theorem ("holds (mullick2020, Theorem 5)"); a verdict
    found by search says how far the search went ("holds (no counterexample in N matrices,
    C = 2–10)") or names its counterexample ("fails (counterexample: ...)", the matrix kept in
    ``result.counterexamples``); "" where the condition does not apply (Conditions 2 and 3
    of a two-class index), "undecided (...)" where every value was undefined.

    Parameters
    ----------
    result : AuditResult
    condition : {1, 2, 3}

    Returns
    -------
    str

    Examples
    --------
    >>> r = AuditResult(name="f", scope="two-class", condition1=True, condition2=None,
    ...                 condition3=None, classes=(2,), n_searched={1: 500})
    >>> verdict_text(r, 1)
    'holds (no counterexample in 500 matrices, C = 2)'
    >>> verdict_text(r, 2)
    ''
    """
    if condition not in (1, 2, 3):
        raise ValueError(f"condition must be 1, 2 or 3, got {condition!r}")
    verdict = getattr(result, f"condition{condition}")
    if verdict is None:
        if condition > 1 and result.scope == "two-class":
            return ""
        return "undecided (an undefined value or bound; see notes)"
    word = VERDICT_WORDS[verdict]
    if condition in result.theorems:
        return f"{word} (mullick2020, Theorem {result.theorems[condition]})"
    if verdict:
        classes = result.classes or (2,)
        if condition == 1 and result.scope == "two-class":
            classes = (2,)
        elif condition == 3:
            classes = [c for c in classes if c >= 3] or classes
        n = result.n_searched.get(condition, 0)
        return f"{word} (no counterexample in {n} matrices, {_class_range(classes)})"
    ce = result.counterexamples.get(condition)
    if not ce:
        return word
    return (f"{word} (counterexample: {ce['summary']}; matrix in "
            f"condition{condition}_counterexample)")


#: mullick2020's theorems about its own indices: index -> {condition: (verdict, theorem)}.
#: Theorem 1: γ2 and ρ satisfy Condition 1, ζ and κ do not; Theorem 2: ζ^ and κ^ satisfy it;
#: Theorem 3: γC and α satisfy Conditions 1 and 2, ρo satisfies 1 but not 2, ρa neither,
#: κa 2 but not 1; Theorem 4: κa^ satisfies 1 and 2; Theorem 5: γC violates Condition 3,
#: α and κa^ satisfy it. (nAUROC-OVA is proposed, not proved: its verdicts rest on search.)
MULLICK2020_THEOREMS = {
    "gmean2": {1: (True, 1)}, "auroc2": {1: (True, 1)},
    "precision": {1: (False, 1)}, "aurpc": {1: (False, 1)},
    "mprecision": {1: (True, 2)}, "maurpc": {1: (True, 2)},
    "gmean": {1: (True, 3), 2: (True, 3), 3: (False, 5)},
    "acsa": {1: (True, 3), 2: (True, 3), 3: (True, 5)},
    "auroc_ovo": {1: (True, 3), 2: (False, 3)},
    "auroc_ova": {1: (False, 3), 2: (False, 3)},
    "aurpc_ova": {1: (False, 3), 2: (True, 3)},
    "maurpc_ova": {1: (True, 4), 2: (True, 4), 3: (True, 5)},
}


def cite_theorems(result: AuditResult) -> AuditResult:
    """Set ``result.theorems`` where mullick2020 proves the verdict the search reached.

    Only for mullick2020's own indices (call it for the registered index, not for any
    function that happens to share its name) and only where the theorem's statement and
    the audit's verdict agree; a disagreement keeps the search's wording (and a note).
    """
    for k, (holds, number) in MULLICK2020_THEOREMS.get(result.name, {}).items():
        verdict = getattr(result, f"condition{k}")
        if verdict is holds:
            result.theorems[k] = number
        elif verdict is not None:
            result.notes.append(f"Condition {k}: the search disagrees with mullick2020, "
                                f"Theorem {number}")
    return result


def _orientation_of(fn, name):
    """The function's declared orientation, else its registered one, else higher is better."""
    from imbeval.indices import registry
    from imbeval.indices.user import declared_orientation

    if hasattr(fn, "greater_is_better"):
        return declared_orientation(fn, name)
    for info in registry(catalogue=True).values():
        if info.function is fn:
            return info.greater_is_better
    return True


@validate_params({"index": [INDEX], "greater_is_better": ORIENTATION, "name": [str, None]})
def oriented_index(index, *, greater_is_better=None, name=None):
    """An index given by registered name or as a function: (function, name, scope, orientation).

    Parameters
    ----------
    index : str or callable
        A name of :func:`imbeval.indices.registry` (the catalogue's included), or a function
        of confusion-matrix stacks ``(..., C, C) -> (...)``.
    greater_is_better : bool, optional
        The orientation; default the registry's, else the function's ``greater_is_better``
        attribute, else True (as :func:`audit_index` decides it).
    name : str, optional
        The label of a function (default its ``__name__``).

    Returns
    -------
    (callable, str, str, bool)
        The function, its name, its scope (``"two-class"`` or ``"multi-class"``) and its
        orientation.

    Raises
    ------
    ValueError
        For an unknown name (the message lists the known ones), an object that is neither a
        name nor callable, or an orientation that is not a bool.

    Examples
    --------
    >>> fn, name, scope, gib = oriented_index("cen")
    >>> name, scope, gib
    ('cen', 'multi-class', False)
    >>> oriented_index("no_such_index")
    Traceback (most recent call last):
    ...
    ValueError: unknown index 'no_such_index'; known indices: gmean2, auroc2, ...
    """
    from imbeval.indices import registry

    if greater_is_better is not None and not isinstance(greater_is_better, (bool, np.bool_)):
        raise ValueError(f"greater_is_better must be True, False or None, got {greater_is_better!r}")
    if isinstance(index, str):
        reg = registry(catalogue=True)
        if index not in reg:
            known = ", ".join(reg)
            raise ValueError(f"unknown index {index!r}; known indices: "
                             + (known if len(known) < 2000 else known[:2000] + ", ..."))
        info = reg[index]
        gib = info.greater_is_better if greater_is_better is None else bool(greater_is_better)
        return info.function, index, info.scope, gib
    if not callable(index):
        raise ValueError("index must be a registered name or a function of confusion-matrix "
                         f"stacks, got {type(index).__name__}")
    label = name or getattr(index, "__name__", "index")
    gib = _orientation_of(index, label) if greater_is_better is None else bool(greater_is_better)
    return index, label, _detect_scope(index), gib


def _negated(fn):
    """−fn, keeping ``zero_division=`` for the influence functions."""
    def negated(stack, **kwargs):
        return -np.asarray(fn(stack, **kwargs), dtype=np.float64)

    negated.__name__ = f"minus_{getattr(fn, '__name__', 'index')}"
    return negated


def _matrix(m):
    """A matrix for the evidence columns: 6 significant digits are enough to re-check it."""
    return [[float(f"{v:.6g}") for v in row] for row in np.asarray(m, dtype=np.float64)]


def _detect_scope(fn):
    """'multi-class' if fn evaluates a 3-class stack, else 'two-class'."""
    probe = np.array([[[5.0, 1.0, 1.0], [1.0, 5.0, 1.0], [1.0, 1.0, 5.0]]])
    try:
        out = np.asarray(fn(probe), dtype=np.float64)
    except (ValueError, IndexError):
        return "two-class"
    return "multi-class" if out.shape == (1,) else "two-class"


@validate_params({"fn": [INDEX], "name": [str, None],
                  "scope": [StrOptions({"two-class", "multi-class"}), None],
                  "classes": ["array-like"], "sizes": [AuditSizes, None], "seed": SEED,
                  "tol1": [Interval(Real, 0, None, closed="left")],
                  "tol2": [Interval(Real, 0, None, closed="left")],
                  "tol3": [Interval(Real, 0, None, closed="left")],
                  "influence_functions": ["boolean"], "zero_division_influence": ["real"],
                  "greater_is_better": ORIENTATION})
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
    greater_is_better=None,
):
    """Decide numerically whether an index meets mullick2020's Conditions 1-3.

    Condition 3 and the influence analysis look at the index's *worst* side: for a
    lower-is-better index (a loss, CEN, MCEN) the audit is that of −f, so Condition 3 asks
    whether the supremum of f with one class failing stays below f's upper bound, and the
    influence functions have their sign reversed (ortigosa2016's footnote 4). The verdicts
    of f declared lower-is-better are therefore those of −f (or of 1 − f) declared
    higher-is-better. Bounds, limits and Condition 3's sequence are reported on f's own
    scale (for a lower-is-better index the sequence holds suprema); the margin is the
    distance of the limit from the worst bound, whichever the orientation.

    Parameters
    ----------
    fn : callable
        ``fn(stack) -> values``: a stack (..., C, C) of confusion matrices (rows true,
        columns predicted) to one value per matrix.
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
    greater_is_better : bool, optional
        The index's orientation. Default: the function's ``greater_is_better`` attribute
        (:func:`imbeval.indices.user.declared_orientation`); without one, the registry's
        ``IndexInfo.greater_is_better`` when ``fn`` is a registered index's function (so
        ``audit_index(registry()["cen"].function)`` audits CEN's supremum); else True.

    Returns
    -------
    AuditResult

    Examples
    --------
    >>> import numpy as np
    >>> def loss(cm):  # 1 − ACSA, a loss
    ...     cm = np.asarray(cm, dtype=float)
    ...     return 1 - (np.diagonal(cm, axis1=-2, axis2=-1) / cm.sum(-1)).mean(-1)
    >>> loss.greater_is_better = False
    >>> r = audit_index(loss, sizes=AuditSizes.quick(), classes=(2, 3), influence_functions=False)
    >>> r.greater_is_better, r.condition1, r.condition2, r.condition3
    (False, True, True, True)
    """
    sizes = sizes or AuditSizes()
    name = name or getattr(fn, "__name__", "index")
    if greater_is_better is None:
        greater_is_better = _orientation_of(fn, name)
    elif not isinstance(greater_is_better, (bool, np.bool_)):
        raise ValueError(f"greater_is_better must be True, False or None, got {greater_is_better!r}")
    greater_is_better = bool(greater_is_better)
    original = fn
    if not greater_is_better:
        fn = _negated(fn)  # audit −f: its infimum is f's worst value
    scope = scope or _detect_scope(original)
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
        greater_is_better=greater_is_better,
        classes=classes,
    )
    sign = 1.0 if greater_is_better else -1.0
    result.n_searched[1] = ev1.n_pairs
    if ev1.counterexample:
        ce = dict(ev1.counterexample)
        ce["value"], ce["scaled_value"] = sign * ce["value"], sign * ce["scaled_value"]
        ce["matrix"] = _matrix(ce["matrix"])
        ce["row_scaling"] = [float(f"{b:.6g}") for b in ce["row_scaling"]]
        ce["summary"] = (f"scaling the rows of a {ce['C']}-class matrix changes the value "
                         f"from {ce['value']:.6g} to {ce['scaled_value']:.6g}")
        result.counterexamples[1] = ce
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
        result.n_searched[2] = int(sum(b.n_evaluated for b in bounds_ev)
                                   + sum(e.n_evaluated for e in limits_ev))
        result.n_searched[3] = int(sum(b.n_evaluated + e.n_evaluated
                                       for b, e in zip(bounds_ev, limits_ev)
                                       if b.n_classes in c3_classes))
        if result.condition2 is False:
            result.counterexamples[2] = _condition2_counterexample(
                fn, bounds, bounds_ev, limits_ev, greater_is_better)
        if result.condition3 is False:
            result.counterexamples[3] = _condition3_counterexample(
                c3_classes, margins, bounds, bounds_ev, limits_ev, greater_is_better)
        if not greater_is_better:  # report f's own scale: bounds swap, the sequence negates
            result.bounds = {c: (-hi, -lo) for c, (lo, hi) in bounds.items()}
            result.limits = {c: -v for c, v in result.limits.items()}
            result.bounds_evidence = [
                replace(b, lower=-b.upper, upper=-b.lower, argmin=b.argmax, argmax=b.argmin)
                for b in bounds_ev]
            result.limits_evidence = [
                replace(e, infima=[-v for v in e.infima], limit=-e.limit) for e in limits_ev]

    if influence_functions:
        _attach_influence(result, fn, scope, zero_division_influence, notes)
    result.n_undefined = n_undefined
    result.notes = notes
    return result


def _condition2_counterexample(fn, bounds, bounds_ev, limits_ev, greater_is_better):
    """The two numbers of classes whose bounds differ most, with the matrices attaining them
    (on f's own scale: for a lower-is-better index the audited lower bound of −f is f's
    upper bound)."""
    classes = sorted(bounds)
    by_c = {b.n_classes: b for b in bounds_ev}
    lim = {e.n_classes: e for e in limits_ev}
    lowers = np.array([bounds[c][0] for c in classes])
    uppers = np.array([bounds[c][1] for c in classes])
    side, values = (0, lowers) if np.ptp(lowers) >= np.ptp(uppers) else (1, uppers)
    sign = 1.0 if greater_is_better else -1.0
    names = ("lower", "upper") if greater_is_better else ("upper", "lower")
    picks = []
    for c in (classes[int(np.argmin(values))], classes[int(np.argmax(values))]):
        b = by_c[c]
        if side == 0:
            found = b.lower if not np.isnan(b.lower) else np.inf
            m = b.argmin if found <= bounds[c][0] or lim[c].worst is None else lim[c].worst
        else:
            m = b.argmax
        pick = {"C": c, "bound": sign * float(bounds[c][side]), "matrix": None}
        if m is not None:
            pick["matrix"] = _matrix(m)
            value = np.asarray(fn(np.asarray(pick["matrix"])[None]), dtype=np.float64)[0]
            pick["value_of_matrix"] = sign * float(value)
        picks.append(pick)
    which = names[side]
    return {
        "bound": which, "matrices": picks,
        "summary": f"the {which} bound found is {picks[0]['bound']:.6g} at C = {picks[0]['C']} "
                   f"but {picks[1]['bound']:.6g} at C = {picks[1]['C']}",
    }


def _condition3_counterexample(c3_classes, margins, bounds, bounds_ev, limits_ev,
                               greater_is_better):
    """The C of the smallest margin: its worst matrix at the smallest ε and the bound."""
    k = int(np.argmin(margins))
    c = c3_classes[k]
    e = {x.n_classes: x for x in limits_ev}[c]
    b = {x.n_classes: x for x in bounds_ev}[c]
    sign = 1.0 if greater_is_better else -1.0
    limit, bound = sign * e.limit, sign * bounds[c][0]
    which = "lower" if greater_is_better else "upper"
    return {
        "C": c, "epsilon": e.epsilons[-1], "limit": limit, f"{which}_bound": bound,
        "matrix": _matrix(e.worst) if e.worst is not None else None,
        "bound_matrix": _matrix(b.argmin) if b.argmin is not None else None,
        "summary": f"at C = {c} with one class at recall {e.epsilons[-1]:.0e} the value "
                   f"reaches {limit:.6g}, the {which} bound being {bound:.6g}",
    }


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


@validate_params({"names": [str, "array-like", None], "classes": ["array-like"],
                  "sizes": [AuditSizes, None], "seed": SEED, "progress": ["callable", None]})
def audit_registry(names=None, *, classes=DEFAULT_CLASSES, sizes=None, seed=0, progress=None, **kwargs):
    """audit_index on registered indices (all by default), in registration order.

    By default the papers' and the user's indices (:func:`~imbeval.indices.registry`); the
    catalogue's indices are audited when named, as :func:`~imbeval.indices.compute`
    computes them.
    """
    from imbeval.indices import registry

    reg = registry(catalogue=names is not None)
    names = list(reg) if names is None else list(names)
    unknown = [n for n in names if n not in reg]
    if unknown:
        from imbeval.indices._names import unknown_name_message

        raise ValueError(unknown_name_message(unknown[0], reg))  # the closest names, not all
    results = []
    for k, n in enumerate(names):
        info = reg[n]
        if progress:
            progress(n)
        result = audit_index(
            info.function, name=n, scope=info.scope, classes=classes, sizes=sizes,
            seed=seed + k, greater_is_better=info.greater_is_better, **kwargs,
        )
        if info.paper == "mullick2020":
            cite_theorems(result)
        results.append(result)
    return results
