"""check_reported(): are reported scores possible, and what do they imply?"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from numbers import Integral

import numpy as np

from imbeval.check import _binary, _folds, _mcfolds, _multiclass
from imbeval.check._reported import parse_reported
from imbeval.indices import compute, registry
from imbeval.utils._param_validation import Interval, StrOptions, validate_params

__all__ = ["CheckResult", "check_reported", "EXACT_LIMIT"]

#: the largest number of multi-class matrices enumerated; beyond it, branch and bound
EXACT_LIMIT = 2_000_000
_CHUNK = 500_000
# boxes of branch and bound tried before the direct witness search
_FIRST_BOXES = 20
# fold splits (of the stratified ones) given the direct witness search before their boxes
_DIRECT_SPLITS = 1


@dataclass
class CheckResult:
    """The verdict on a set of reported scores.

    Attributes
    ----------
    consistent : bool or None
        True: some matrix (one per fold) holds every reported value; False: none does (a
        proof); None: the search could not decide within its budget.
    method : str
        How it was decided: ``"exact"`` (every matrix examined), ``"interval"`` (branch
        and bound with interval bounds), ``"pooled"`` variants, ...
    ranges : dict
        Registry name -> (low, high) of every index over the feasible matrices (exact
        methods), or over the witness found (``ranges_exact`` False). Empty when
        inconsistent.
    ranges_exact : bool
        Whether ``ranges`` span every feasible matrix.
    conflict : tuple of str
        The smallest subset of the reported names no matrix holds together (empty when
        consistent or undecided).
    feasible : ndarray of shape (m, C, C) or (m, K, 2, 2), or None
        The feasible matrices (exact methods) or the witness.
    n_feasible : int
        Their number (for the exact methods; 1 for a witness; 0 if inconsistent).
    reported : list
        The reported values with their resolved index and tolerance.
    counts : tuple
        The class counts of the (pooled) test set, positive class first.
    protocol : str
        ``"single"``, ``"k-fold mean"``, ``"k-fold pooled"``.
    note : str
        Why, in words.
    """

    consistent: bool | None
    method: str
    ranges: dict
    ranges_exact: bool
    conflict: tuple
    feasible: np.ndarray | None
    n_feasible: int
    reported: list
    counts: tuple
    protocol: str = "single"
    note: str = ""
    boxes: int = 0
    _stack: np.ndarray | None = field(default=None, repr=False)

    @property
    def verdict(self) -> str:
        """``"consistent"``, ``"inconsistent"`` or ``"undecided"``."""
        return {True: "consistent", False: "inconsistent", None: "undecided"}[self.consistent]

    def to_frame(self):
        """One row per index: reported value and tolerance (if reported), range, width."""
        import pandas as pd

        reported = {item.info.name: item for item in self.reported}
        rows = []
        for name, (low, high) in self.ranges.items():
            item = reported.get(name)
            rows.append({"index": name, "kind": "reported" if item else "implied",
                         "reported": item.value if item else math.nan,
                         "eps": item.eps if item else math.nan, "low": low, "high": high,
                         "width": high - low})
        if not rows:
            rows = [{"index": item.info.name, "kind": "reported", "reported": item.value,
                     "eps": item.eps, "low": math.nan, "high": math.nan, "width": math.nan}
                    for item in self.reported]
        return pd.DataFrame(rows)

    def summary(self) -> str:
        """A few lines: verdict, method, conflict, and the implied ranges."""
        given = ", ".join(f"{item.name}={item.value:g}±{item.eps:g}" for item in self.reported)
        lines = [f"{self.verdict.upper()} ({self.method}; {self.protocol}; counts "
                 f"{list(self.counts)}): {given}"]
        if self.note:
            lines.append(self.note)
        if self.conflict:
            lines.append("smallest inconsistent subset: " + ", ".join(self.conflict))
        if self.consistent:
            lines.append(f"feasible matrices: {self.n_feasible}"
                         + ("" if self.ranges_exact else " (a witness; ranges not exhaustive)"))
            for name, (low, high) in self.ranges.items():
                if math.isfinite(low):
                    lines.append(f"  {name:<28} [{low:.4f}, {high:.4f}]")
        return "\n".join(lines)

    def intervals(self, ci=0.95, ci_method="auto", *, max_matrices=40, draws=1000, seed=0):
        """Each reported index's interval from one test set, united over the feasible
        matrices: those at each reported index's smallest and largest value, and a seeded
        sample of the others up to ``max_matrices``. Name -> (low, high).

        Only for a single test set (``protocol == "single"``) found consistent.
        """
        from imbeval.metrics._ci import matrix_intervals

        if not self.consistent or self.protocol != "single" or self.feasible is None:
            raise ValueError("intervals need a consistent single test set")
        stack = self.feasible
        names = [item.info.name for item in self.reported]
        values = _values(stack, names)
        chosen = set()
        for name in names:
            v = values[name]
            if np.isfinite(v).any():
                chosen.update((int(np.nanargmin(v)), int(np.nanargmax(v))))
        rng = np.random.default_rng(seed)
        rest = np.setdiff1d(np.arange(stack.shape[0]), list(chosen))
        extra = max(0, max_matrices - len(chosen))
        if rest.size and extra:
            chosen.update(rng.choice(rest, size=min(extra, rest.size), replace=False).tolist())
        out = {name: (math.inf, -math.inf) for name in names}
        for k in sorted(chosen):
            got = matrix_intervals(stack[k], names, ci=ci, ci_method=ci_method, draws=draws,
                                   seed=seed)
            for name in names:
                low, high = got[name].low, got[name].high
                if math.isfinite(low) and math.isfinite(high):
                    out[name] = (min(out[name][0], low), max(out[name][1], high))
        return {k: (v if math.isfinite(v[0]) else (math.nan, math.nan)) for k, v in out.items()}


def _counts(value, name):
    try:
        arr = np.asarray(value, dtype=float).ravel()
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be integer class counts, got {value!r}") from None
    if arr.size < 2 or np.any(~np.isfinite(arr)) or np.any(arr != np.round(arr)):
        raise ValueError(f"{name} must be at least two integer class counts, got {value!r}")
    if np.any(arr < 1):
        raise ValueError(f"{name} must be positive (every class at least one test point), "
                         f"got {arr.astype(int).tolist()}")
    return tuple(int(x) for x in arr)


def _range_names(n_classes, items):
    names = [name for name, info in registry().items()
             if info.applies_to(n_classes) and info.alias_of is None]
    for item in items:
        if item.info.name not in names:
            names.append(item.info.name)
    return names


def _values(stack, names):
    out = {name: np.empty(stack.shape[0]) for name in names}
    for start in range(0, stack.shape[0], _CHUNK):
        part = stack[start:start + _CHUNK]
        got = compute(part, names=names, chunk_size=None)
        for name in names:
            out[name][start:start + part.shape[0]] = got[name]
    return out


def _ranges(stack, names):
    if stack is None or not stack.shape[0]:
        return {}
    values = _values(stack, names)
    out = {}
    for name, v in values.items():
        finite = v[np.isfinite(v)]
        out[name] = ((float(finite.min()), float(finite.max())) if finite.size
                     else (math.nan, math.nan))
    return out


def _holds_all(items, stack, zero_division):
    names = list({item.info.name: None for item in items})
    keep = np.ones(stack.shape[0], dtype=bool)
    masks = {item.name: np.empty(stack.shape[0], dtype=bool) for item in items}
    for start in range(0, stack.shape[0], _CHUNK):
        part = stack[start:start + _CHUNK]
        got = compute(part, names=names, zero_division=zero_division, chunk_size=None)
        for item in items:
            masks[item.name][start:start + part.shape[0]] = item.holds(got[item.info.name])
    for item in items:
        keep &= masks[item.name]
    return keep, masks


def _smallest(items, decide):
    """The smallest subset of items that ``decide(subset)`` finds inconsistent."""
    for size in range(1, len(items) + 1):
        for combo in itertools.combinations(items, size):
            if decide(list(combo)) is False:
                return tuple(item.name for item in combo)
    return ()


def _single(items, counts, zero_division, budget):
    c = len(counts)
    names = _range_names(c, items)
    if c == 2:
        stack = _binary.search(items, *counts, zero_division=zero_division)
        if stack.shape[0]:
            return dict(consistent=True, method="exact", feasible=stack,
                        n_feasible=stack.shape[0], ranges=_ranges(stack, names),
                        ranges_exact=True, conflict=())
        return dict(consistent=False, method="exact", feasible=stack, n_feasible=0,
                    ranges={}, ranges_exact=True,
                    conflict=_binary.conflict(items, *counts, zero_division=zero_division))
    if _multiclass.count_matrices(counts) <= EXACT_LIMIT:
        stack = np.concatenate(list(_multiclass.enumerate_matrices(counts)))
        keep, masks = _holds_all(items, stack, zero_division)
        feasible = stack[keep]
        conflict = ()
        if not keep.any():
            def decide(sub):
                mask = np.logical_and.reduce([masks[item.name] for item in sub])
                return bool(mask.any())
            conflict = _smallest(items, decide)
        return dict(consistent=bool(keep.any()), method="exact", feasible=feasible,
                    n_feasible=int(keep.sum()), ranges=_ranges(feasible, names),
                    ranges_exact=True, conflict=conflict)
    if not np.isnan(zero_division):
        return dict(consistent=None, method="undecided", feasible=None, n_feasible=0,
                    ranges={}, ranges_exact=False, conflict=(),
                    note="the branch and bound bounds undefined values as NaN only")

    def verify(m, sub=items):
        keep, _ = _holds_all(sub, m[None], zero_division)
        return bool(keep[0])

    witnesses = []  # every matrix found: it holds each subset of what it was found for
    decided = {}
    direct = set()  # the subsets whose witness the direct search found

    def run(sub):
        key = frozenset(item.name for item in sub)
        if key in decided:
            return decided[key]
        for m in witnesses:
            if verify(m, sub):
                decided[key] = (True, m, 0)
                return decided[key]
        bounded = any(_multiclass._base(item.info) in _multiclass.SUPPORTED for item in sub)
        # a few boxes first: most inconsistencies are proven near the root
        out = (None, None, 0)
        if bounded:
            out = _multiclass.bnb_search(sub, counts, lambda m: verify(m, sub),
                                         budget=min(budget, _FIRST_BOXES))
        if out[0] is None:
            m = _multiclass.witness_search(sub, counts, lambda m: verify(m, sub))
            if m is not None:
                out = (True, m, out[2])
                direct.add(key)
            elif bounded and budget > _FIRST_BOXES:  # unbounded: no box can be dropped
                out = _multiclass.bnb_search(sub, counts, lambda m: verify(m, sub),
                                             budget=budget)
        if out[0]:
            witnesses.append(out[1])
        decided[key] = out
        return out

    verdict, matrix, boxes = run(items)
    unbounded = [item.name for item in items
                 if (item.info.alias_of or item.info.name) not in _multiclass.SUPPORTED]
    note = f"branch and bound over (diagonal, column sums): {boxes} boxes"
    if frozenset(item.name for item in items) in direct:
        note += ", then a witness found directly (least squares, then an integer program)"
    if unbounded:
        note += "; not bounded, checked on witnesses only: " + ", ".join(unbounded)
    if verdict is None:
        note += "; budget spent: could not decide"
    conflict = ()
    if verdict is False:
        conflict = _smallest(items, lambda sub: run(sub)[0])
    stack = None if matrix is None else matrix[None]
    return dict(consistent=verdict, method="interval" if verdict is False else
                ("witness" if verdict else "undecided"), feasible=stack,
                n_feasible=int(verdict is True), ranges=_ranges(stack, names),
                ranges_exact=False, conflict=conflict, note=note, boxes=boxes)


def _mean(items, configs, weights, zero_division, budget):
    verdicts, witness, boxes = [], None, 0
    for units in configs:
        verdict, point, used = _folds.mean_search(items, units, weights,
                                                  zero_division=zero_division, budget=budget)
        boxes += used
        verdicts.append(verdict)
        if verdict:
            witness = point
            break
    if witness is not None:
        consistent = True
    elif all(v is False for v in verdicts):
        consistent = False
    else:
        consistent = None
    return consistent, witness, boxes


def _mean_multiclass(items, counts, folds, nested, zero_division, budget, base):
    """The mean of fold scores over folds of C > 2 classes: the folds' counts given, or
    every stratified split of the totals (:func:`_mcfolds.stratified_class_folds`)."""
    if nested is None:
        configs, complete = _mcfolds.stratified_class_folds(counts, int(folds))
        weights = None
        origin = (f"every stratified split of {list(counts)} into {int(folds)} folds "
                  f"({len(configs)}{'' if complete else ', truncated'}; scikit-learn's "
                  "StratifiedKFold allocation first)")
    else:
        configs, complete = [np.array([f for data in nested for f in data])], True
        weights = np.concatenate([np.full(len(data), 1.0 / (len(data) * len(nested)))
                                  for data in nested])
        origin = "the folds' counts as given"
    if any(np.any(np.asarray(f) < 1) for f in configs):
        raise ValueError("every fold needs at least one point of every class (a class with "
                         "fewer points than folds leaves some fold without it)")
    cache, witnesses = {}, []

    def run(sub):
        key = frozenset(item.name for item in sub)
        if key in cache:
            return cache[key][0]
        for found in witnesses:  # a witness holds every subset of what it was found for
            if _mcfolds._holds(sub, found[1], found[2], zero_division):
                cache[key] = (True, found, 0, ["witness"], 0)
                return True
        if _multiclass.identities_break(sub):  # the same for every split
            cache[key] = (False, None, 0, ["identity"], len(configs))
            return False
        hows, boxes, verdicts, witness = [], 0, [], None
        for split, config in enumerate(configs):
            # the direct witness search on the first splits only: it is the costly part
            # of a split the bounds refute
            verdict, mats, used, how = _mcfolds.fold_mean_search(
                sub, config, weights, zero_division=zero_division, budget=budget,
                direct=split < _DIRECT_SPLITS)
            boxes += used
            verdicts.append(verdict)
            hows.append(how)
            if verdict:
                w = np.full(len(config), 1.0 / len(config)) if weights is None else weights
                witness = (split, mats, w)
                witnesses.append(witness)
                break
            if verdict is None:  # no proof over every split now: the rest are not searched
                break
        if witness is not None:
            out = True
        elif complete and len(verdicts) == len(configs) and all(v is False for v in verdicts):
            out = False
        else:
            out = None
        cache[key] = (out, witness, boxes, hows, len(verdicts))
        return out

    consistent = run(items)
    _, witness, boxes, hows, searched = cache[frozenset(item.name for item in items)]
    conflict = ()
    if consistent is False:
        # witnesses of the sets with one item left out first: each answers many subsets
        if len(items) > 2:
            for k in range(len(items)):
                rest = items[:k] + items[k + 1:]
                if not _multiclass.identities_break(rest):
                    w = (np.full(len(configs[0]), 1.0 / len(configs[0])) if weights is None
                         else weights)
                    search = _mcfolds._Folds(rest, configs[0], w, zero_division)
                    mats = search.witness_search()
                    if mats is not None:
                        witnesses.append((0, mats, w))
        conflict = _smallest(items, run)
    ranges, stack = {}, None
    if witness is not None:
        _, stack, w = witness
        names = _range_names(len(counts), items)
        values = compute(stack, names=names, zero_division=zero_division)
        ranges = {name: (float(w @ v), float(w @ v)) for name, v in values.items()}
    kinds = {h.split(":")[0] for h in hows}
    if consistent is None:
        method = "undecided"
    elif consistent:
        method = "exact" if hows[-1] == "exact" else "witness"
    else:
        method = "exact" if kinds == {"exact"} else "interval"
    note = f"mean of {len(configs[0])} folds of {len(counts)} classes, {origin}"
    if kinds == {"identity"}:
        note += ("; two reported values of one quantity (accuracy and weighted recall, or "
                 "IAM and 2 CBA - 1) have disjoint tolerances")
    elif consistent is False and kinds == {"exact"}:
        note += "; every matrix of every fold searched"
    if consistent and hows[-1] == "witness" and not boxes:
        note += "; a witness found directly (a shared shape, then an integer program)"
    if boxes:
        note += f"; branch and bound over the folds' (diagonal, column sums): {boxes} boxes"
    if consistent is None:
        why = sorted({h.split(": ", 1)[1] for h in hows if ": " in h})
        if not complete:
            why.append("more fold splits than listed")
        if searched < len(configs):
            why.append(f"{searched} of {len(configs)} fold splits searched")
        note += "; could not decide: " + (", ".join(why) or "budget spent")
    unbounded = [item.name for item in items
                 if _multiclass._base(item.info) not in _multiclass.SUPPORTED]
    if unbounded:
        note += "; not bounded, checked on witnesses only: " + ", ".join(unbounded)
    return CheckResult(consistent=consistent, method=method, ranges=ranges,
                       ranges_exact=False, conflict=conflict,
                       feasible=None if stack is None else stack[None],
                       n_feasible=int(stack is not None), **base, protocol="k-fold mean",
                       note=note, boxes=boxes)


@validate_params({"scores": ["mapping"], "p": [Interval(Integral, 1, None, closed="left"), None],
                  "n": [Interval(Integral, 1, None, closed="left"), None],
                  "counts": ["array-like", None],
                  "folds": [Interval(Integral, 2, None, closed="left"), "array-like", None],
                  "aggregation": [StrOptions({"mean", "pooled"})],
                  "eps": ["real", "mapping", None], "decimals": [Integral, "mapping", None],
                  "average": [StrOptions({"macro", "micro", "weighted", "binary"}), None],
                  "zero_division": ["real"],
                  "budget": [Interval(Integral, 1, None, closed="left")]})
def check_reported(scores, *, p=None, n=None, counts=None, folds=None, aggregation="mean",
                   eps=None, decimals=None, average=None, zero_division=np.nan,
                   budget=100_000):
    """Are reported scores possible on a test set, and what do they imply?

    Parameters
    ----------
    scores : mapping
        Index name (any name :func:`imbeval.metrics.score` accepts) -> reported value (a
        number, or its printed text, whose decimals then set the tolerance).
    p, n : int, optional
        Positives and negatives of a two-class test set (the positive class is imbeval's
        first row).
    counts : array_like of int, optional
        The class counts (positive first for two classes), instead of ``p``, ``n``.
    folds : int or list, optional
        k-fold: the number of folds of a stratified split of the counts (every split
        consistent with them is tried: each class's fold counts differ by at most one), or
        the folds' class counts ``[(p_1, n_1), ...]`` (one count per class: a (k, C) array
        for C classes); a list of such lists for several data sets (their mean of means).
    aggregation : {"mean", "pooled"}, default "mean"
        With ``folds``: the mean of the fold scores, or the scores of the summed matrix.
    eps : float or mapping, optional
        The tolerance: a reported value v stands for [v - eps, v + eps].
    decimals : int or mapping, optional
        Without ``eps``: the tolerance is half a unit of the last decimal (default: the
        decimals each value was printed with).
    average : {"macro", "micro", "weighted", "binary"}, optional
        scikit-learn's ``average=`` for names that take it (``f1``, ``precision``, ...).
    zero_division : float, default NaN
        The value of an undefined index (NaN: an undefined index never matches).
    budget : int, default 100000
        Boxes a branch and bound may examine before answering "undecided".

    Returns
    -------
    CheckResult

    Examples
    --------
    >>> from imbeval.check import check_reported
    >>> r = check_reported({"accuracy": 0.94, "sensitivity": 0.6, "precision": 0.75},
    ...                    p=10, n=90)
    >>> r.consistent, r.n_feasible, [round(x, 3) for x in r.ranges["mcc"]]
    (True, 1, [0.639, 0.639])
    >>> bad = check_reported({"precision": 0.0003, "sensitivity": 0.0, "f1": 0.0},
    ...                      p=6, n=548, eps=1e-4)
    >>> bad.consistent, bad.conflict  # no precision of 554 points lies near 0.0003
    (False, ('precision',))
    """
    if counts is not None and (p is not None or n is not None):
        raise ValueError("give the test set as p and n, or as counts, not both")
    if counts is None and (p is None) != (n is None):
        raise ValueError("give both p and n")
    nested = None
    if isinstance(folds, (list, tuple)) and folds and isinstance(folds[0], (list, tuple)) \
            and folds[0] and isinstance(folds[0][0], (list, tuple)):
        nested = [[_counts(f, "folds") for f in data] for data in folds]
    elif isinstance(folds, (list, tuple, np.ndarray)):
        nested = [[_counts(f, "folds") for f in folds]]
    if counts is None and p is None:
        if nested is None:
            raise ValueError("give the test set: p and n, counts, or the folds' counts")
        counts = tuple(np.sum([f for data in nested for f in data], axis=0).tolist())
    counts = _counts(counts if counts is not None else (p, n), "counts")
    if nested is not None:
        total = tuple(np.sum([f for data in nested for f in data], axis=0).tolist())
        if total != counts and (p is not None or len(nested) == 1):
            raise ValueError(f"the folds' counts sum to {list(total)}, not the test set's "
                             f"{list(counts)}")
        if any(len(f) != len(counts) for data in nested for f in data):
            raise ValueError("every fold needs one count per class")
    items = parse_reported(scores, eps=eps, decimals=decimals, average=average,
                           n_classes=len(counts))
    base = dict(reported=items, counts=counts)
    if folds is None or aggregation == "pooled":
        protocol = "single" if folds is None else "k-fold pooled"
        out = _single(items, counts, zero_division, budget)
        return CheckResult(**out, **base, protocol=protocol)
    if len(counts) != 2:
        return _mean_multiclass(items, counts, folds, nested, zero_division, budget, base)
    if nested is None:
        configs = _folds.stratified_folds(*counts, int(folds))
        weights = None
    else:
        configs = [[f for data in nested for f in data]]
        weights = np.concatenate([np.full(len(data), 1.0 / (len(data) * len(nested)))
                                  for data in nested])
    consistent, witness, boxes = _mean(items, configs, weights, zero_division, budget)
    conflict = ()
    if consistent is False:
        conflict = _smallest(items, lambda sub: _mean(sub, configs, weights, zero_division,
                                                      budget)[0])
    ranges = {}
    if witness is not None:
        names = _range_names(2, items)
        w = np.full(witness.shape[0], 1.0 / witness.shape[0]) if weights is None else weights
        values = compute(witness, names=names)
        ranges = {name: (float(w @ v), float(w @ v)) for name, v in values.items()}
    if boxes:
        note = (f"branch and bound over the folds' (TP, TN): {boxes} boxes, "
                f"{len(configs)} fold split(s)")
        refuted = "interval"
    else:
        note = f"every (TP, TN) of every fold searched, {len(configs)} fold split(s)"
        refuted = "exact"
    if consistent is None:
        note += "; budget spent: could not decide"
    return CheckResult(consistent=consistent,
                       method={True: "witness", False: refuted, None: "undecided"}[consistent],
                       ranges=ranges, ranges_exact=False, conflict=conflict,
                       feasible=None if witness is None else witness[None],
                       n_feasible=int(witness is not None), **base, protocol="k-fold mean",
                       note=note, boxes=boxes)
