"""Intervals for every index from one test set: ``interval``, ``intervals``,
``paired_interval`` and the ``"auto"`` choice of a method by measured coverage.

The methods are in :mod:`imbeval.metrics._ci_methods`; this module reads labels, groups the
indices by method so that each stack of draws is computed once for all of them, and wraps
each result as an :class:`IndexInterval` (an :class:`imbeval.inference.Estimate` whose
interval at any level comes from the method: ``interval(0.9)`` works as well).

``"auto"`` works from two independent simulation runs per regime (classes, smallest class,
imbalance ratio; ``benchmarks/single_test_intervals.py`` writes the table,
``ci_coverage.csv.gz`` beside this module; docs/metrics.md shows it), in the regime nearest
the test set:

1. *selection* -- the (method, level) pairs whose coverage on the selection run has a
   one-sided 95 % Clopper-Pearson lower bound at or above :data:`MIN_COVERAGE`
   (:func:`selects`); of these the narrowest. A 95 % request is *calibrated* (Loh 1987):
   the table holds each method's coverage at the nominal levels :data:`CALIBRATION_LEVELS`
   (95 % to 99.9 %), and a method whose 95 % interval covers too little in a regime may be
   chosen at the higher level that covers 95 % there; at another level the method chosen
   at 95 % alone is computed at that level, uncalibrated;
2. *validation* -- that pair is offered only where the validation run (other test sets,
   other population classifiers) measured it, at the level chosen, at or above
   :data:`MIN_COVERAGE` on at least :data:`MIN_VALIDATION_DEFINED` test sets with an
   interval (:func:`validates`). The selection's margin is for its Monte Carlo error and
   for picking among methods and levels; the validation, independent of the choice, then
   checks the one pair chosen (a pair it fails is not replaced by another: that would
   choose on the validation's numbers).

Where no pair passes both, the interval is still made (the selected pair, or the one with
the highest selection coverage). Whatever chose the method (``"auto"`` or the caller),
the interval carries that method's validation coverage in the nearest regime, its Monte
Carlo standard error and one flag (:func:`coverage_flag`), at the level the interval was
computed at (:attr:`IndexInterval.calibrated_level`): ``"low"`` when the validation
run shows the coverage below the nominal level, ``"ok"`` when it does not, ``"not measured"`` when
the table has no such number. The validation run did not choose the method, so its number
is not biased by the choice.

Reference: Loh, Calibrating confidence coefficients, J. Amer. Statist. Assoc. 82 (1987)
155-162; Hall and Martin, On bootstrap resampling and iteration, Biometrika 75 (1988)
661-671.
"""

from __future__ import annotations

import functools
import math

import numpy as np

from imbeval._ci_names import CI_METHODS
from imbeval.inference import LEVEL
from imbeval.inference._coverage import (CALIBRATION_LEVELS, COVERAGE_CONFIDENCE,
                                        COVERAGE_FLAGS, MEASURED_LEVEL, MIN_COVERAGE,
                                        MIN_SELECTION_DEFINED, MIN_VALIDATION_DEFINED,
                                        Coverage, IndexInterval, _coverage_fields,
                                        _used_level, choose_cell, choose_method,
                                        coverage_bounds, coverage_flag, packaged_table,
                                        read_coverage_table,
                                        selects, validates)
from imbeval.utils._param_validation import check_level
from imbeval.metrics import _ci_methods as m
from imbeval.metrics._labels import label_matrix
from imbeval.metrics._resolve import (_index_info, _positive_row, indices_of_matrix,
                                      resolve_index)
from imbeval.metrics._undefined import (_undefined_rule, check_metrics_zero_division,
                                    undefined_why)

__all__ = ["IndexInterval", "CI_METHODS", "MIN_COVERAGE", "COVERAGE_CONFIDENCE",
           "MIN_VALIDATION_DEFINED", "MIN_SELECTION_DEFINED", "MEASURED_LEVEL",
           "CALIBRATION_LEVELS", "COVERAGE_FLAGS", "coverage_flag",
           "Coverage", "coverage_bounds", "selects", "validates",
           "choose_method", "choose_cell", "read_coverage_table",
           "interval", "intervals", "paired_interval", "matrix_intervals", "paired_counts",
           "coverage_table", "regime_of"]

#: the regimes the coverage benchmark simulates: classes, smallest class, imbalance ratio
CLASSES_GRID = (2, 3, 5, 10)
MIN_CLASS_GRID = (5, 10, 20, 50, 100, 500)
IMBALANCE_GRID = (1, 10, 100)
_TABLE = "ci_coverage.csv.gz"


def _check_method(ci_method):
    if ci_method not in CI_METHODS:
        raise ValueError(f"ci_method must be one of {', '.join(CI_METHODS)}, got "
                         f"{ci_method!r}")
    return ci_method


def _check_count(value, name):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 100:
        raise ValueError(f"{name} must be an integer >= 100, got {value!r}")
    return int(value)


def _nearest(value, grid):
    if not value > 0:
        return grid[0]
    return min(grid, key=lambda g: abs(math.log(value) - math.log(g)))


def regime_of(counts):
    """The simulated regime nearest a matrix (or joint counts): ``(C, min_class, IR)``, each
    the grid value nearest on a log scale (true-class sizes are the row sums).

    Examples
    --------
    >>> import numpy as np
    >>> regime_of(np.diag([30.0, 300.0, 7.0]))
    (3, 5, 100)
    """
    counts = np.asarray(counts, dtype=float)
    rows = counts.reshape(counts.shape[0], -1).sum(axis=1)
    smallest, largest = float(rows.min()), float(rows.max())
    ratio = largest / smallest if smallest > 0 else math.inf
    return (_nearest(counts.shape[0], CLASSES_GRID), _nearest(smallest, MIN_CLASS_GRID),
            IMBALANCE_GRID[-1] if math.isinf(ratio) else _nearest(ratio, IMBALANCE_GRID))


@functools.lru_cache(maxsize=1)
def coverage_table():
    """The measured coverage, ``{(kind, index, C, min_class, IR): {method: Coverage}}``
    (kind ``"single"`` or ``"paired"``), from ``ci_coverage.csv.gz``; empty when the
    benchmark has not written it.

    Examples
    --------
    >>> table = coverage_table()
    >>> all(0 <= c.validation <= 1 for row in table.values() for c in row.values()
    ...     if c.validation_defined)
    True
    """
    text = packaged_table("imbeval.metrics", _TABLE)
    return {} if text is None else read_coverage_table(text)


def _auto(name, kind, regime, offered, level):
    """``(method, cell)``: what ``"auto"`` uses for an index in a regime at nominal
    ``level`` (:func:`choose_cell`, calibrated at :data:`MEASURED_LEVEL` only), ``cell`` the
    table's cell at the level to compute (None: ``level`` itself, not measured); an index
    not in the table (a user's) gets the posterior."""
    row = coverage_table().get((kind, name, *regime), {})
    row = {k: v for k, v in row.items() if k in offered}
    if not row:
        return "dirichlet", None
    calibrate = math.isclose(level, MEASURED_LEVEL)
    method, cell, _ = choose_cell(row, calibrate)
    return method, cell if calibrate else row[method]


def _evaluator(classes, names, pos_label, paired, zero_division=np.nan):
    def evaluate(stack):
        if not paired:
            return indices_of_matrix(stack, classes, names, pos_label, zero_division)
        a = indices_of_matrix(stack.sum(axis=-1), classes, names, pos_label, zero_division)
        b = indices_of_matrix(stack.sum(axis=-2), classes, names, pos_label, zero_division)
        return {k: np.asarray(a[k], dtype=float) - np.asarray(b[k], dtype=float) for k in a}
    return evaluate


def _range(info, paired):
    low, high = info.bounds
    return (low - high, high - low) if paired else (low, high)


def matrix_intervals(counts, names, *, classes=None, pos_label=None, ci=LEVEL, ci_method="auto",
                     draws=m.DEFAULT_DRAWS, prior=m.DEFAULT_PRIOR, seed=0, paired=False,
                     zero_division="warn"):
    """Intervals of several indices of one matrix of counts (or of paired joint counts).

    Parameters
    ----------
    counts : array_like of shape (C, C), or (C, C, C) with ``paired=True``
        Rows true classes, columns predictions; paired: (true, prediction of A,
        prediction of B).
    names : list of str
        Registered indices.
    classes : ndarray of shape (C,), optional
        The labels of the rows (default ``0 .. C-1``); ``pos_label`` is one of them.
    pos_label : label, optional
        The positive class of two-class indices: a label of ``classes`` (default 1, as
        scikit-learn's), or with ``classes=None`` a row number (default 0, imbeval's
        convention for matrices).
    ci : float, default 0.95
        Nominal coverage.
    ci_method : str, default "auto"
        One of :data:`CI_METHODS`, for every index.
    draws : int, default 4000
        Posterior or bootstrap draws (at least 100).
    prior : float, optional
        The Dirichlet prior's count per cell (and ``"logit"``'s pseudo-counts); default
        1/C (one pseudo-count per row).
    seed : int, default 0
        Seed of the draws.
    paired : bool, default False
        Intervals of ``index(A) − index(B)`` from joint counts.
    zero_division : "warn", NaN or float in [0, 1], default "warn"
        The value of an index undefined on the test set, as :func:`imbeval.metrics.score`
        gives it (``"warn"``: the undefined ratios counted 0, with an
        :class:`~imbeval.metrics.UndefinedMetricWarning`); such an index has no interval
        (``low``, ``high`` NaN, ``undecidable`` says why).

    Returns
    -------
    dict mapping name -> :class:`IndexInterval`

    Examples
    --------
    >>> import numpy as np
    >>> out = matrix_intervals(np.array([[40.0, 10.0], [5.0, 45.0]]), ["acsa", "kappa"],
    ...                        ci_method="dirichlet")
    >>> [round(out["acsa"].value, 3), out["acsa"].low < 0.85 < out["acsa"].high]
    [0.85, True]
    """
    level = check_level(ci, "ci")
    _check_method(ci_method)
    zero_division = check_metrics_zero_division(zero_division)
    draws = _check_count(draws, "draws")
    if prior is not None and (isinstance(prior, bool) or not isinstance(prior, (int, float))
                              or not prior > 0 or math.isinf(prior)):
        raise ValueError(f"prior must be None (1/C) or a finite number > 0, got {prior!r}")
    counts = np.asarray(counts, dtype=float)
    c = counts.shape[0]
    if counts.ndim != (3 if paired else 2) or any(s != c for s in counts.shape):
        raise ValueError(f"counts must have shape (C, C{', C' if paired else ''}), got "
                         f"{counts.shape}")
    if not counts.sum() > 0:
        raise ValueError("counts must hold at least one test point")
    if classes is None:  # rows by number; imbeval's convention: row 0 is positive
        classes, pos_label = np.arange(c), 0 if pos_label is None else pos_label
    classes = np.asarray(classes)
    pos_label = 1 if pos_label is None else pos_label
    infos = {name: _index_info(name) for name in names}
    evaluate = _evaluator(classes, [i.name for i in infos.values()], pos_label, paired)
    values = {k: float(np.asarray(v).ravel()[0])
              for k, v in zip(names, evaluate(counts[None]).values())}
    shown = _undefined_values(values, infos, counts, classes, pos_label, paired, zero_division)
    regime = regime_of(counts)
    kind = "paired" if paired else "single"
    # the positive row of two-class rates and closed forms (the engine reorders by itself)
    positive = _positive_row(pos_label, classes) if c == 2 and any(
        i.scope == "two-class" for i in infos.values()) else 0
    chosen = {}
    for name, info in infos.items():
        rate = info.name in m.RATES and not paired
        offered = ("dirichlet", "delta", "bootstrap") + (() if paired else ("logit",)) + (
            ("wilson", "jeffreys") if rate else ())
        row = coverage_table().get((kind, info.name, *regime), {})
        if ci_method == "auto":
            method, cell = _auto(info.name, kind, regime, offered, level)
        elif ci_method not in offered:
            raise ValueError(f"ci_method={ci_method!r} is for single rates "
                             f"({', '.join(m.RATES)}) of one classifier; {info.name!r} "
                             f"{'paired ' if paired else ''}takes dirichlet, delta"
                             f"{'' if paired else ', logit'} or bootstrap")
        else:  # a method named is computed at the level asked for
            method, cell = ci_method, row.get(ci_method)
        # one rule, however the method was chosen: its own validation cell at the level used
        chosen[name] = (method, _used_level(cell, level), _coverage_fields(cell, level))
    rng = np.random.default_rng(seed)
    stacks = {}
    for method in ("dirichlet", "bootstrap"):
        group = [n for n in names if chosen[n][0] == method]
        if group:
            stack = (m.dirichlet_draws(counts, draws, prior, rng) if method == "dirichlet"
                     else m.bootstrap_draws(counts, draws, rng))
            ev = _evaluator(classes, [infos[n].name for n in group], pos_label, paired)
            stacks.update({(method, n): np.asarray(v, dtype=float)
                           for n, v in zip(group, ev(stack).values())})
    delta = [n for n in names if chosen[n][0] == "delta"]
    ses = _delta_ses(delta, infos, counts, classes, pos_label, positive, paired)
    ses.update(_logit_parts([n for n in names if chosen[n][0] == "logit"], infos, counts,
                            classes, pos_label, prior))
    made = {name: _bounds(chosen[name][0], name, info, values[name], counts, positive,
                          stacks, ses, paired) for name, info in infos.items()}
    # the percentile bootstrap and the delta method give a point where the cells that would
    # move the index are empty (F1 = 0 with no true positive: every resample has none, the
    # gradient is 0): there the posterior, whose prior reaches those cells, is used
    flat = [n for n in names if chosen[n][0] in ("bootstrap", "delta", "logit")
            and math.isfinite(values[n]) and _zero_width(made[n][0](chosen[n][1]))]
    if flat:
        stack = m.dirichlet_draws(counts, draws, prior, rng)
        ev = _evaluator(classes, [infos[n].name for n in flat], pos_label, paired)
        for n, v in zip(flat, ev(stack).values()):
            stacks[("dirichlet", n)] = np.asarray(v, dtype=float)
            base = coverage_table().get((kind, infos[n].name, *regime), {}).get("dirichlet")
            used = chosen[n][1]
            cell = None if base is None else base.at(used)
            chosen[n] = ("dirichlet", used, _coverage_fields(cell, level))
            made[n] = _bounds("dirichlet", n, infos[n], values[n], counts, positive, stacks,
                              ses, paired)
    units = int(round(counts.sum()))
    out = {}
    for name, info in infos.items():
        method, used, coverage = chosen[name]
        value = values[name]
        bounds, share = made[name]
        if not math.isclose(used, level):  # calibrated: the nominal level is computed at used
            bounds = _calibrated(bounds, level, used)
        why = None
        if not math.isfinite(value):
            why = "the index is undefined on this test set" + (
                "" if math.isnan(shown[name]) else f" ({shown[name]:g} is zero_division's)")
        low, high = bounds(level) if math.isfinite(value) else (math.nan, math.nan)
        if not (math.isfinite(low) and math.isfinite(high)) and why is None:
            why = "no interval: the index is undefined on the draws"
        if why is not None:  # no interval, so no coverage to speak of
            coverage = _coverage_fields(None, level)
        out[name] = IndexInterval(shown[name], method, units, why, bounds=bounds, level=level,
                                  calibrated_level=used, low=low, high=high, index=info.name, **coverage,
                                  regime="C={} min={} IR={}".format(*regime),
                                  undefined_share=share)
    return out


def _calibrated(bounds, nominal, used):
    """``bounds`` with the ``nominal`` level computed at ``used`` (other levels as asked)."""
    def at(level):
        return bounds(used if math.isclose(level, nominal) else level)
    return at


def _undefined_values(values, infos, counts, classes, pos_label, paired, zero_division):
    """The values shown: ``values`` (NaN where undefined) with the undefined ones as
    :func:`imbeval.metrics.score` gives them under ``zero_division`` (one warning)."""
    undefined = [k for k, v in values.items() if not math.isfinite(v)]
    if not undefined or (zero_division != "warn" and math.isnan(zero_division)):
        return dict(values)

    def at(z):
        ev = _evaluator(classes, [infos[k].name for k in undefined], pos_label, paired, z)
        return {k: float(np.asarray(v).ravel()[0])
                for k, v in zip(undefined, ev(counts[None]).values())}

    def why():
        cm = counts.sum(axis=-1) if paired else counts
        return (f"{', '.join(undefined[:5])} undefined here: "
                f"{undefined_why(cm, np.asarray(classes), False)}")
    return {**values, **_undefined_rule(at, zero_division, why)}


#: a width this small is rounding, not width (a perfect matrix's MCC standard error is
#: 6e-17 by cancellation)
_FLAT = 1e-9


def _zero_width(ends):
    """Whether an interval ``(low, high)`` is a point (a missing one is not)."""
    low, high = ends
    return math.isfinite(low) and math.isfinite(high) and high - low <= _FLAT


def _delta_ses(names, infos, counts, classes, pos_label, positive, paired):
    """{name: the delta method's standard error on ``counts``}: closed-form gradients where
    there are, central differences through the engine (one stack) for the others."""
    gradients = {}
    if not names:
        return gradients
    numeric = [n for n in names if paired or m.closed_form_gradient(infos[n].name, counts,
                                                                    positive) is None]
    if numeric:
        ev = _evaluator(classes, [infos[n].name for n in numeric], pos_label, paired)
        gradients.update(zip(numeric, m.numerical_gradients(ev, counts).values()))
    for n in names:
        if n not in gradients:
            gradients[n] = m.closed_form_gradient(infos[n].name, counts, positive)
    return {n: m.delta_se(g, counts) for n, g in gradients.items()}


def _logit_parts(names, infos, counts, classes, pos_label, prior):
    """{("logit", name): (value, se)} on the counts plus the prior's pseudo-counts: the
    index there and its delta-method standard error at the test set's size."""
    if not names:
        return {}
    smooth = counts + m.pseudo_count(counts, prior)
    ev = _evaluator(classes, [infos[n].name for n in names], pos_label, False)
    values = ev(smooth[None])
    gradients = m.numerical_gradients(ev, smooth)
    # the variance of proportions at the smoothed cells, over the test set's own n
    scale = math.sqrt(smooth.sum() / counts.sum())
    return {("logit", n): (float(np.asarray(v).ravel()[0]), m.delta_se(g, smooth) * scale)
            for n, v, g in zip(names, values.values(), gradients.values())}


def _bounds(method, name, info, value, counts, positive, stacks, ses, paired):
    """(bounds(level) -> (low, high), share of undefined draws) of one index: the method's
    two-sided interval, one-sided at an end of the index's range and widened to hold the
    estimate elsewhere (:func:`imbeval.metrics._ci_methods.holding`)."""
    low_end, high_end = _range(info, paired)
    share = 0.0
    if method in ("wilson", "jeffreys"):
        k, n = m.rate_counts(info.name, counts, positive)
        rule = m.wilson if method == "wilson" else m.jeffreys

        def two_sided(level):
            return rule(float(k), float(n), level)
    elif method in ("dirichlet", "bootstrap"):
        draws = stacks[(method, name)]
        share = float(1 - np.isfinite(draws).mean())

        def two_sided(level):
            return m.equal_tailed(draws, level)[:2]
    elif method == "logit":
        centre, se = ses[("logit", name)]

        def two_sided(level):
            if not (math.isfinite(se) and math.isfinite(centre)):
                return math.nan, math.nan
            low, high = m.transformed_interval(centre, se, low_end, high_end, level)
            return float(low), float(high)
    else:
        se = ses[name]

        def two_sided(level):
            if not (math.isfinite(se) and math.isfinite(value)):
                return math.nan, math.nan
            z = m.normal_quantile(level)
            return max(value - z * se, low_end), min(value + z * se, high_end)
    if not math.isfinite(value):
        return two_sided, share
    return m.holding(two_sided, value, low_end, high_end), share


def interval(index, y_true, y_pred, *, ci=LEVEL, ci_method="auto", labels=None, pos_label=1,
             sample_weight=None, average=None, adjusted=None, weights=None,
             draws=m.DEFAULT_DRAWS, prior=m.DEFAULT_PRIOR, seed=0, zero_division="warn"):
    """An index of one test set with its interval, for any registered index.

    Parameters
    ----------
    index : str
        A registered index or a library's name (as :func:`imbeval.metrics.score`).
    y_true, y_pred : array_like of shape (n_samples,)
    ci : float, default 0.95
        Nominal coverage.
    ci_method : {"auto", "wilson", "jeffreys", "dirichlet", "delta", "logit", "bootstrap"}
        ``"auto"``: the narrowest method selected at >= 94 % coverage in the nearest
        regime and validated on an independent run, at 95 % calibrated: computed at the
        level of :data:`CALIBRATION_LEVELS` that covered 95 % there
        (:attr:`IndexInterval.calibrated_level`; module docstring, docs/metrics.md);
        Wilson and Jeffreys for single rates only; ``"logit"``: pseudo-counts and the
        delta method on the logit scale of the index's range (not for paired
        differences).
    labels, pos_label, sample_weight, average, adjusted, weights :
        As :func:`imbeval.metrics.score` (weights count as repetitions).
    draws : int, default 4000
        Posterior or bootstrap draws.
    prior : float, optional
        The Dirichlet prior's count per cell (and ``"logit"``'s pseudo-counts); default
        1/C (one pseudo-count per row).
    seed : int, default 0
        Seed of the draws: the same call gives the same interval.
    zero_division : "warn", NaN or float in [0, 1], default "warn"
        The value of an index undefined on the test set, as :func:`imbeval.metrics.score`
        gives it; it has no interval (``low``, ``high`` NaN; ``undecidable`` says so).

    Returns
    -------
    IndexInterval

    Raises
    ------
    ValueError
        As :func:`imbeval.metrics.score`; for an unknown ``ci_method``, a level ``ci``
        outside (0, 1), Wilson or Jeffreys asked of an index that is not a single rate.

    Examples
    --------
    >>> y_true = [0] * 30 + [1] * 10
    >>> y_pred = [0] * 27 + [1] * 3 + [1] * 7 + [0] * 3
    >>> e = interval("mcc", y_true, y_pred, ci_method="delta")
    >>> round(e.value, 3), e.low < e.value < e.high
    (0.6, True)
    """
    info = resolve_index(index, average=average, adjusted=adjusted, weights=weights)
    cm, classes = label_matrix(y_true, y_pred, labels=labels, sample_weight=sample_weight)
    return matrix_intervals(cm, [info.name], classes=classes, pos_label=pos_label, ci=ci,
                            ci_method=ci_method, draws=draws, prior=prior, seed=seed,
                            zero_division=zero_division)[info.name]


def intervals(y_true, y_pred, indices=None, *, ci=LEVEL, ci_method="auto", labels=None,
              pos_label=1, sample_weight=None, draws=m.DEFAULT_DRAWS, prior=m.DEFAULT_PRIOR,
              seed=0, zero_division="warn"):
    """Intervals of many indices of one test set, one stack of draws for all of them.

    Parameters
    ----------
    indices : list of str, optional
        Default: every registered index that applies to C classes, the catalogue's too.
    Others :
        As :func:`interval`.

    Returns
    -------
    dict mapping name -> IndexInterval

    Examples
    --------
    >>> out = intervals([0, 0, 1, 1, 2, 2] * 5, [0, 1, 1, 1, 2, 0] * 5, ci_method="dirichlet")
    >>> len(out) > 100, all(e.low <= e.high for e in out.values() if e.undecidable is None)
    (True, True)
    """
    from imbeval.indices import registry

    cm, classes = label_matrix(y_true, y_pred, labels=labels, sample_weight=sample_weight)
    if indices is None:
        indices = [n for n, i in registry(catalogue=True).items()
                   if i.scope != "two-class" or classes.size == 2]
        if classes.dtype.kind not in "biuf":
            indices = [n for n in indices if n != "macro_averaged_mae"]
    return matrix_intervals(cm, list(indices), classes=classes, pos_label=pos_label, ci=ci,
                            ci_method=ci_method, draws=draws, prior=prior, seed=seed,
                            zero_division=zero_division)


def paired_counts(y_true, y_pred_a, y_pred_b, *, labels=None, sample_weight=None):
    """The joint counts of (true class, prediction of A, prediction of B) and the classes.

    Examples
    --------
    >>> joint, classes = paired_counts([0, 0, 1], [0, 1, 1], [0, 0, 1])
    >>> joint.shape, float(joint[0, 1, 0]), classes.tolist()
    ((2, 2, 2), 1.0, [0, 1])
    """
    t, a, b = (np.asarray(v) for v in (y_true, y_pred_a, y_pred_b))
    if not (t.shape == a.shape == b.shape):
        raise ValueError(f"y_true, y_pred_a and y_pred_b must have one length, got "
                         f"{t.shape}, {a.shape}, {b.shape}")
    _, classes = label_matrix(np.concatenate([t, t]), np.concatenate([a, b]), labels=labels)
    _, _ = label_matrix(t, a, labels=classes, sample_weight=sample_weight)  # checks weights
    where = {c: k for k, c in enumerate(classes.tolist())}
    idx = [np.array([where[x] for x in v.tolist()]) for v in (t, a, b)]
    joint = np.zeros((classes.size,) * 3)
    w = np.ones(t.shape[0]) if sample_weight is None else np.asarray(sample_weight, float)
    np.add.at(joint, tuple(idx), w)
    return joint, classes


def paired_interval(index, y_true, y_pred_a, y_pred_b, *, ci=LEVEL, ci_method="auto",
                    labels=None, pos_label=1, sample_weight=None, draws=m.DEFAULT_DRAWS,
                    prior=m.DEFAULT_PRIOR, seed=0, zero_division="warn"):
    """The difference ``index(A) − index(B)`` of two classifiers on one test set, with its
    interval: the methods run on the joint counts of (true, A's prediction, B's), so the
    correlation of the two classifiers' errors is kept (as McNemar's test keeps it).

    Parameters
    ----------
    y_pred_a, y_pred_b : array_like of shape (n_samples,)
        The two classifiers' predictions of the same test points.
    ci_method : {"auto", "dirichlet", "delta", "bootstrap"}
    Others :
        As :func:`interval`.

    Returns
    -------
    IndexInterval
        ``value`` is the difference; an interval that excludes 0 says which is better at
        the level (on this test set's population).

    Examples
    --------
    >>> y = [0] * 40 + [1] * 20
    >>> a = [0] * 36 + [1] * 4 + [1] * 16 + [0] * 4
    >>> b = [0] * 30 + [1] * 10 + [1] * 10 + [0] * 10
    >>> d = paired_interval("acsa", y, a, b, ci_method="dirichlet")
    >>> round(d.value, 3), d.low > 0  # (36/40 + 16/20)/2 - (30/40 + 10/20)/2
    (0.225, True)
    """
    info = resolve_index(index)
    joint, classes = paired_counts(y_true, y_pred_a, y_pred_b, labels=labels,
                                   sample_weight=sample_weight)
    return matrix_intervals(joint, [info.name], classes=classes, pos_label=pos_label, ci=ci,
                            ci_method=ci_method, draws=draws, prior=prior, seed=seed,
                            paired=True, zero_division=zero_division)[info.name]
