"""Combinations of cells' CV means (:func:`simultaneous`, :func:`minimum_of`), their minima,
and the rule for folds where an index is undefined.

**Simultaneous intervals.** :func:`simultaneous` is the Bonferroni box of any monotone
combination of several estimates: every component at level ``1 - (1 - level)/K``. The
percentile bootstrap is inconsistent for extremes, so a minimum is never bootstrapped.

**Minima.** Let cells ``k = 1..K`` have true means ``θ_k`` and ``1 − α`` intervals
``[L_k, U_k]``, and ``m = min θ_k``, reached at a cell ``k*`` that the data do not choose.

- *Low end* ``min_k L_k(1 − α)``: it lies above ``m`` only if ``L_{k*} > θ_{k*}``, one
  cell's one-sided miss (``α/2``). No multiplicity: whichever cell the data make look
  smallest, the fixed ``k*`` alone decides.
- *High end* ``min_k U_k(1 − α/K)``: it lies below ``m`` only if some ``U_k < m ≤ θ_k``,
  a union over the cells, so each takes the one-sided ``α/(2K)`` (Bonferroni). The upper
  end of the *observed* argmin cell alone would not do: that cell is chosen for looking
  small, and with ``K`` tied cells it misses about ``K α/2`` of the time.

So ``[min L_k(1 − α), min U_k(1 − α/K)]`` covers ``m`` with probability at least
``1 − α``, where a Bonferroni box on both ends would put the low
end far lower than needed. :func:`minimum_interval` makes this interval;
:func:`gap_interval` does the same for Fig. 5's margin, a minimum over terms of one minimum
minus another (its derivation is in its docstring). ``benchmarks/crossed_concepts.py``
checks the coverage by simulation.

**Constant cells.** A cell whose fold values are all equal (every fold's GMean 0) has a
zero standard error and a point interval: certainty that 5 or 6 folds cannot give. A
minimum that such a cell could be (its value not above the other cells' simultaneous
upper bound) is undecidable, the reason stated (:func:`constant_cells`).

**Undefined folds** (:data:`UNDEFINED_FOLDS_RULE`). An index undefined on a fold (precision
with no positive prediction) is not averaged over: the mean of the defined folds estimates
another target (the index where the classifier happens to predict the class), which moves
with the learner (an SVM's precision 0.62 over all folds' confusion counts, 0.70 over its
defined folds). A CV mean with an undefined fold is undecidable, "undefined on k of n folds"
(:func:`defined_cv_estimate`), and so is a number over problems built from such means
(leaving those problems out would move the target the same way: to the problems where the
classifiers happen to predict every class).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Callable, Sequence

import numpy as np

from imbeval.inference._constants import LEVEL, METHODS, Method, Reason
from imbeval.inference._estimate import Estimate, cv_delta_estimate, cv_estimate

__all__ = ["simultaneous", "minimum_of", "BoundedEstimate", "UNDEFINED_FOLDS_RULE",
           "MINIMUM_METHOD", "GAP_METHOD", "minimum_interval", "gap_interval", "constant_cells", "undefined_folds",
           "defined_cv_estimate", "pooled_cv_estimate", "POOLED_CELL_METHOD"]

#: the one rule for folds where an index is undefined (README, docs/claims.md)
UNDEFINED_FOLDS_RULE = (
    "a CV mean over folds where its index is undefined on some fold is undecidable "
    "(\"undefined on k of n folds\"): the mean of the defined folds is another target; so "
    "is a number over problems built from such means (it names the index, the problems "
    "and the folds)")

#: how a minimum's interval is made
MINIMUM_METHOD = ("minimum of corrected CV t intervals: low end the smallest cell's low end "
                  "at 95% (the true minimum's cell alone decides it), high end the smallest "
                  "Bonferroni one-sided high end")
#: how Fig. 5's gap interval is made
GAP_METHOD = ("minimum of differences of minima of corrected CV t intervals: each end from "
              "only the cells that can fail it (the true minimum's cell for a minimum's "
              "low end, Bonferroni over cells for its high end)")


@dataclass(frozen=True)
class BoundedEstimate(Estimate):
    """An :class:`imbeval.inference.Estimate` whose interval at each level comes from a
    function of the level: ``bounds(level) -> (low, high)`` (then moved by ``shifts``)."""

    bounds: Callable | None = field(default=None, repr=False)

    def interval_at(self, level: float) -> tuple[float, float]:
        ends = self.bounds(level)
        if not (math.isfinite(ends[0]) and math.isfinite(ends[1])):
            return math.nan, math.nan
        ends = (float(ends[0]), float(ends[1]))
        for shift in self.shifts:
            ends = (ends[0] + shift, ends[1] + shift)
        return ends


def _plain(c) -> bool:
    return (type(c) is Estimate and not c.components and not c.symmetric and not c.shifts
            and c.center is None)


def _ends(components, level) -> tuple[np.ndarray, np.ndarray]:
    """The components' ``level`` intervals as two arrays. Plain t estimates (a cell's CV
    mean) in one vectorised call: the numbers of :meth:`Estimate.interval_at` (the same
    ``ppf(q) · se + value`` as ``scipy.stats.t.interval``), without a call per cell at each
    level that a p-value's bisection tries."""
    from scipy import stats

    if all(_plain(c) for c in components):
        value = np.array([c.value for c in components], dtype=float)
        se = np.array([c.se for c in components], dtype=float)
        df = np.array([c.df for c in components], dtype=float)
        ok = np.isfinite(value) & np.isfinite(se) & (df >= 1)
        lows, highs = np.full(value.shape, np.nan), np.full(value.shape, np.nan)
        zero = ok & (se == 0)
        lows[zero] = highs[zero] = value[zero]
        t = ok & (se != 0)
        if t.any():
            q1, q2 = (1.0 - level) / 2, (1.0 + level) / 2
            lows[t] = stats.t.ppf(q1, df[t]) * se[t] + value[t]
            highs[t] = stats.t.ppf(q2, df[t]) * se[t] + value[t]
        return lows, highs
    each = [c.interval_at(level) for c in components]
    return np.array([e[0] for e in each]), np.array([e[1] for e in each])


def _suspect(c) -> bool:
    """A cell whose own interval says nothing: zero fold variance, or refused by the tie
    rule (half or more fold values equal, :data:`imbeval.inference.MAX_TIED_SHARE`). Either
    matters to a minimum only if it could be the minimum (:func:`constant_cells`)."""
    return c.se == 0 or c.reason is Reason.TIED_FOLDS


def _suspect_reason(flat, total) -> tuple[str | None, Reason | None]:
    """``(words, kind)`` of why suspect cells that could be the minimum make it undecidable
    (``(None, None)``: none could)."""
    tied = [c for c in flat if c.reason is Reason.TIED_FOLDS]
    if tied:
        return tied[0].undecidable, tied[0].reason
    why = _constant_reason(flat, total)
    return why, (None if why is None else Reason.ZERO_VARIANCE)


def _undecided(components, flat, total) -> tuple[str | None, Reason | None]:
    """``(words, kind)`` of why a combination of ``components`` is undecidable: the first
    component that is (other than a suspect cell), else a suspect cell of ``flat`` that could
    be its minimum (:func:`_suspect_reason`)."""
    first = next((c for c in components if c.undecidable and not _suspect(c)), None)
    if first is not None:
        return first.undecidable, first.reason or Reason.OTHER
    return _suspect_reason(flat, total)


def constant_cells(components: Sequence[Estimate], level: float = LEVEL,
                   high: float = math.inf) -> list[Estimate]:
    """The components with a zero standard error (or tied fold values, :func:`_suspect`) that
    could be their minimum: value below
    the smallest Bonferroni high end of the others, clipped to ``high`` (the most the index
    can be: a cell at an index's maximum of 1 on every fold is the minimum only if every
    cell is; all of them when none varies).

    Examples
    --------
    >>> zero = cv_estimate([0.0] * 5)
    >>> high = cv_estimate([0.9, 0.8, 0.85, 0.9, 0.8])
    >>> len(constant_cells([zero, high])), len(constant_cells([cv_estimate([1.0] * 5), high], high=1.0))
    (1, 0)
    """
    components = list(components)
    flat = [c for c in components if _suspect(c)]
    varying = [c for c in components if not _suspect(c)]
    if not flat:
        return []
    if not varying:
        return flat
    highs = _ends(varying, 1 - (1 - level) / len(components))[1]
    bound = min(float(np.nanmin(highs)) if np.isfinite(highs).any() else math.inf, high)
    return [c for c in flat if c.value < bound]


def _constant_reason(flat, total) -> str | None:
    if not flat:
        return None
    values = sorted({round(float(c.value), 6) for c in flat})
    return (f"{len(flat)} of {total} cells have zero fold variance (every fold "
            f"{', '.join(f'{v:g}' for v in values)}): a point interval claims a certainty "
            "the folds cannot give")


def minimum_interval(components: Sequence[Estimate], *, low: float = -math.inf,
                     high: float = math.inf, method: str | None = None) -> BoundedEstimate:
    """The smallest of several estimates, with the asymmetric interval of the module
    docstring: ``[min_k L_k(level), min_k U_k(1 − (1 − level)/K)]``, clipped to
    ``[low, high]``. Undecidable if a component is, or if a constant cell could be the
    minimum (:func:`constant_cells`).

    Examples
    --------
    >>> a, b = cv_estimate([0.5, 0.6, 0.55, 0.5, 0.6]), cv_estimate([0.9, 0.8, 0.85, 0.9, 0.8])
    >>> m = minimum_interval([a, b])
    >>> m.interval()[0] == a.interval()[0], m.interval()[1] > a.interval()[1]
    (True, True)
    """
    components = tuple(components)
    if not components:
        raise ValueError("a minimum needs at least one component")
    k = len(components)

    def bounds(level):
        lows = _ends(components, level)[0]
        highs = _ends(components, 1 - (1 - level) / k)[1]
        if not (np.isfinite(lows).all() and np.isfinite(highs).all()):
            return math.nan, math.nan
        return max(float(lows.min()), low), min(float(highs.min()), high)

    why, reason = _undecided(components, constant_cells(components, high=high), k)
    return BoundedEstimate(min(float(c.value) for c in components),
                           method or f"{MINIMUM_METHOD} ({k} cells)",
                           min(c.units for c in components), why, components=components,
                           bounds=bounds, method_kind=Method.MINIMUM, reason=reason)


def gap_interval(ups: dict, downs: dict, terms: Sequence[tuple], value: float, *,
                 low: float = -math.inf, high: float = math.inf, cell_high: float = math.inf,
                 method: str | None = None) -> BoundedEstimate:
    """``M = min over (u, d) in terms of (min ups[u] − min downs[d])``, each ``ups[u]`` and
    ``downs[d]`` a list of cells' estimates (Fig. 5's "well above" margin: ``u`` a
    (dataset, AUROC) pair, ``d`` a (dataset, ACSA or nAUROC) pair).

    Interval at ``1 − α``, each end missing with probability at most ``α/2``:

    - low end ``min_t (min L_u − min U_d)``: above ``M`` only if, at the true argmin term
      (fixed), ``min ups`` is below its low end (its true minimum's cell alone: one-sided
      ``α/4``) or ``min downs`` above its high end (a union over that term's down cells:
      ``α/(4 K_d)`` each, ``K_d`` the most cells of a down);
    - high end ``min_t (min U_u − min L_d)``: below ``M`` only if some term misses: some up
      cell above its high end (a union over all ``N_u`` up cells) or some down's true
      minimum cell below its low end (one per down, ``N_d``): ``α/(2 (N_u + N_d))`` each.

    Undecidable if a cell is, or a constant cell could be its group's minimum
    (:func:`constant_cells`, ``cell_high`` the most a cell's index can be).

    Examples
    --------
    >>> up = [cv_estimate([0.9, 0.8, 0.85, 0.9, 0.8])]
    >>> down = [cv_estimate([0.5, 0.6, 0.55, 0.5, 0.6]), cv_estimate([0.7, 0.6, 0.65, 0.7, 0.6])]
    >>> g = gap_interval({"u": up}, {"d": down}, [("u", "d")], 0.85 - 0.55)
    >>> lo, hi = g.interval()
    >>> lo < 0.3 < hi
    True
    """
    terms = list(terms)
    if not terms:
        raise ValueError("a gap needs at least one term")
    k_down = max(len(v) for v in downs.values())
    n_up = sum(len(ups[u]) for u in {u for u, _ in terms})
    n_down = len({d for _, d in terms})

    def least(groups, level, end):
        out = {}
        for key, cells in groups.items():
            e = _ends(cells, level)[end]
            out[key] = float(e.min()) if np.isfinite(e).all() and e.size else math.nan
        return out

    def bounds(level):
        alpha = 1 - level
        # two-sided levels whose one-sided tail is the share each end's argument needs
        lo_up, lo_down = least(ups, 1 - alpha / 2, 0), least(downs, 1 - alpha / (2 * k_down), 1)
        each = 1 - alpha / (n_up + n_down)
        hi_up, hi_down = least(ups, each, 1), least(downs, each, 0)
        los = [lo_up[u] - lo_down[d] for u, d in terms]
        his = [hi_up[u] - hi_down[d] for u, d in terms]
        if not all(math.isfinite(v) for v in (*los, *his)):
            return math.nan, math.nan
        return max(min(los), low), min(min(his), high)

    cells = [c for g in (*ups.values(), *downs.values()) for c in g]
    flat = [c for g in (*ups.values(), *downs.values())
            for c in constant_cells(g, high=cell_high)]
    why, reason = _undecided(cells, flat, len(cells))
    return BoundedEstimate(float(value), method or f"{GAP_METHOD} ({len(cells)} cells)",
                           min(c.units for c in cells), why, components=tuple(cells),
                           bounds=bounds, method_kind=Method.GAP, reason=reason)


def simultaneous(components: Sequence[Estimate], combine: Callable, value: float, *,
                 method=None) -> Estimate:
    """A monotone function of several estimates, from their simultaneous intervals.

    Parameters
    ----------
    components : the estimates (e.g. the CV means of every (classifier, test set) cell).
    combine : ``combine(lows, highs) -> (low, high)``: the range of the function over the
        box of the components' intervals (for a minimum: ``(min(lows), min(highs))``).
    value : the function at the components' values.
    method : the method text (default ``METHODS["simultaneous"]``).

    Returns
    -------
    :class:`Estimate` whose ``level`` interval takes each component at level
    ``1 - (1 - level)/K`` (Bonferroni over the ``K`` components): with probability at least
    ``level`` every component lies in its interval, hence the function in the range.
    Undecidable if any component is.

    Examples
    --------
    >>> a, b = cv_estimate([0.5, 0.6, 0.55, 0.5, 0.6]), cv_estimate([0.9, 0.8, 0.85, 0.9, 0.8])
    >>> m = simultaneous([a, b], lambda lo, hi: (min(lo), min(hi)), min(a.value, b.value))
    >>> lo, hi = m.interval()
    >>> lo < a.value < hi < b.value
    True
    """
    components = tuple(components)
    if not components:
        raise ValueError("simultaneous needs at least one component")
    first = next((c for c in components if c.undecidable), None)
    why, reason = ((None, None) if first is None
                   else (first.undecidable, first.reason or Reason.OTHER))
    return Estimate(float(value),
                    method or f"{METHODS[Method.SIMULTANEOUS]} ({len(components)} cells)",
                    min(c.units for c in components), why, components=components,
                    combine=combine, method_kind=Method.SIMULTANEOUS, reason=reason)


def minimum_of(components: Sequence[Estimate], *, low: float = -math.inf,
               high: float = math.inf, method=None) -> Estimate:
    """The smallest of several estimates, with an asymmetric interval
    (:func:`imbeval.inference._cells.minimum_interval`).

    Low end: the smallest of the components' low ends at ``level`` (only the true
    minimum's component can make it miss: no multiplicity); high end: the smallest of their
    Bonferroni one-sided high ends (a union over the components). The ends are clipped to
    ``[low, high]`` (what the statistic can be, e.g. ``[0, 1]`` for an index's minimum).
    Undecidable if a component is, or if a component with zero variance (a point interval)
    could be the minimum.

    Examples
    --------
    >>> a, b = cv_estimate([0.5, 0.6, 0.55, 0.5, 0.6]), cv_estimate([0.9, 0.8, 0.85, 0.9, 0.8])
    >>> m = minimum_of([a, b], low=0.0, high=1.0)
    >>> m.value == a.value and 0.0 <= m.interval()[0] < a.value < m.interval()[1] <= 1.0
    True
    """
    components = list(components)
    if not components:
        raise ValueError("minimum_of needs at least one component")
    return minimum_interval(components, low=low, high=high, method=method)


def undefined_folds(values) -> tuple[int, int]:
    """``(k, n)``: the folds of ``values`` (``(runs, folds)``) where the index is undefined
    (NaN), and all folds.

    >>> undefined_folds([[0.5, float("nan"), 0.7], [0.6, 0.6, 0.6]])
    (1, 6)
    """
    v = np.asarray(values, dtype=float)
    return int((~np.isfinite(v)).sum()), int(v.size)


def defined_cv_estimate(values, **kwargs) -> Estimate:
    """:func:`imbeval.inference.cv_estimate` under :data:`UNDEFINED_FOLDS_RULE`: a mean
    with an undefined fold is undecidable, "undefined on k of n folds" (its value and
    interval, over the defined folds, are kept for the figures).

    Examples
    --------
    >>> defined_cv_estimate([[0.5, float("nan"), 0.7, 0.6, 0.6, 0.5]]).undecidable
    'undefined on 1 of 6 folds (a mean of the defined folds is another target)'
    """
    return _undecidable_if_undefined(cv_estimate(values, **kwargs), values,
                                     "a mean of the defined folds is another target")


def _undecidable_if_undefined(estimate: Estimate, values, why: str) -> Estimate:
    """``estimate`` made undecidable ("undefined on k of n folds (why)") when ``values``
    has an undefined fold and nothing else already makes it so."""
    k, n = undefined_folds(values)
    if k and not estimate.undecidable:
        estimate = replace(estimate, undecidable=f"undefined on {k} of {n} folds ({why})",
                           reason=Reason.UNDEFINED_FOLDS)
    return estimate


#: how a cell's pooled value gets its interval (:func:`pooled_cv_estimate`)
POOLED_CELL_METHOD = (METHODS[Method.CV_DELTA] + "; the cell's fold values as its linearised "
                      "values, the interval moved to its pooled value (the runs' summed "
                      "matrices; benchmarks/coverage.py learners-pooled)")


def pooled_cv_estimate(fold_values, value, *, test_to_train=None) -> Estimate:
    """The pooled value of one cell of a repeated CV (each run's index of its confusion
    matrix summed over its folds, averaged over the runs) with the corrected interval of
    the cell's ``R x k`` fold values, moved to ``value``.

    Why the fold values: a pooled index is a smooth function ``g`` of the summed matrix's
    class-wise rates, which with stratified folds of fixed class counts are the means of
    the folds' rates ``r_f``; by the delta method ``g`` varies as the mean of the
    linearised ``grad g . r_f``, and a fold's own index ``g(r_f)`` is that value plus a
    constant, to first order (exactly, for the indices linear in the class-wise rates:
    balanced accuracy, ACSA, AUROC-OVA of labels). So the fold values' corrected interval
    (:func:`imbeval.inference.cv_estimate`: ``R k - 1`` df, ``n_test/n_train`` = 2, the
    tie rule), shifted by ``value - mean``, is :func:`imbeval.inference.cv_delta_estimate`'s
    interval of the pooled value. The runs' values alone (``R`` units) miss the variance
    between training sets: on 5 x 5 CV such an interval covered only 56-99 % of the
    learners' targets given a decision, this one 91-100 % (``benchmarks/coverage.py
    learners-pooled``, docs/performance.md). An undefined fold value leaves the cell undecidable
    (:data:`UNDEFINED_FOLDS_RULE`: its linearisation needs every fold).

    Parameters
    ----------
    fold_values : array ``(runs, folds)`` of the cell's index on each fold's test set
        (NaN where undefined).
    value : the cell's pooled value.
    test_to_train : the ``n_test/n_train`` of the corrected variance (None:
        :data:`DECISION_TEST_TO_TRAIN`); a setting that measured its own coverage passes
        its calibrated ratio.

    Returns
    -------
    :class:`imbeval.inference.Estimate` with ``method_kind`` ``cv_delta``.

    Examples
    --------
    >>> x = [[0.60, 0.70, 0.65], [0.62, 0.68, 0.66]]          # 2 runs x 3 folds
    >>> e = pooled_cv_estimate(x, 0.66)
    >>> e.value, e.units, round(e.interval()[1] - e.interval()[0], 4)  # 2 t(5) sqrt((1/6 + 2) s^2)
    (0.66, 6, 0.2808)
    >>> pooled_cv_estimate([[0.6, float("nan"), 0.7], [0.6, 0.7, 0.65]], 0.65).reason
    <Reason.UNDEFINED_FOLDS: 'undefined_folds'>
    """
    x = np.asarray(fold_values, dtype=float)
    if x.ndim != 2:
        raise ValueError(f"fold_values must have shape (runs, folds), got {x.shape}")
    if not np.isfinite(x).any():
        return Estimate(float(value), POOLED_CELL_METHOD, 0, "no defined fold value",
                        method_kind=Method.CV_DELTA, reason=Reason.UNDEFINED_NUMBER)
    method = POOLED_CELL_METHOD
    if test_to_train is not None:
        method += f" (n_test/n_train = {float(test_to_train):g} for this setting)"
    estimate = replace(cv_delta_estimate(value, np.ones(1), x[:, :, None],
                                         test_to_train=test_to_train), method=method)
    return _undecidable_if_undefined(estimate, x,
                                     "the pooled value's linearisation needs every fold")
