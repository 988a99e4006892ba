"""The numbers mullick2020's experiment figures (Figs. 3, 4a, 4b, 5) plot, with their intervals.

The figures draw them (:mod:`imbeval_repro.papers.mullick2020.figures`); the claims are decided on them
(:mod:`imbeval_repro.papers.mullick2020.claims`). Both import this module, neither the other.

Plotted from the result files only: ``run_indices.csv`` (see :mod:`imbeval_repro.experiment.protocol.collect`:
each CV run's index computed once from its confusion matrices summed over the folds, so an
index is undefined only where a whole run makes it 0/0; ``fold_indices.csv``'s fold values are
accepted too) and ``problems.csv`` (kind and number of classes of each problem).

Statistic of Figs. 3 and 4a (Sec. 5.3): per problem, average each index over the runs (or
runs x folds, for fold values) for every (classifier, test set); the plotted value is the standard deviation of those
5 test sets x 4 classifiers means (``std_pooled``, population std, ddof = 0). The CSV also
gives ``std_within``: the std over the 5 test sets for each classifier, averaged over the
classifiers -- the RRT effect alone, without the spread between classifiers.
Fig. 4b divides each dataset's ``std_pooled`` of ACSA and nAUROC-OVA by that index's
smallest value over the multi-class datasets. Fig. 5 is, per multi-class dataset, the
minimum over (classifier, test set) of the run x fold mean of AUROC-OVA, AUROC-OVO,
nAUROC-OVA, ACSA and GMean.

Intervals (``ci_low``, ``ci_high`` of each figure's CSV, the error bars of the figures),
from the fold values of each (classifier, test set) cell (``fold_indices.csv`` beside a run
table: :func:`cell_fold_values`; the corrected interval's ``n_test/n_train`` of 2 applied to
their spread, five run values alone missing the variance between training sets) and
:mod:`imbeval.inference`, which accounts for the dependence of CV folds: Figs. 3, 4a and 4b,
the corrected repeated k-fold t interval of the std linearised at the cell means (the
delta method, :func:`std_estimate`; Fig. 4b divides it by the normalising minimum, held
fixed; the statistic linearised at the cells' pooled values); Fig. 5, the interval of the
minimum of the cells' intervals -- each cell's pooled value with the corrected interval
of its runs x folds fold values at Fig. 5's calibrated ``n_test/n_train``
(:data:`imbeval_repro.verdicts.claim_rules.FIG5_TEST_TO_TRAIN`; ``fold_indices.csv``:
:func:`cell_fold_values`, :func:`imbeval.inference.pooled_cv_estimate`; five run values
alone miss the variance between training sets) -- the smallest low end, the smallest
Bonferroni high end (:func:`minimum_estimate`,
:func:`imbeval.inference.minimum_of`; the percentile bootstrap is inconsistent for a
minimum). They are deterministic: no random draw.

A user's own indices (names in ``fold_indices.csv`` that are not built-in registered indices, see
:mod:`imbeval.indices.user`) join the figures of their problems' kind: Fig. 3 for those
computed on two-class problems, Figs. 4a and 5 for multi-class ones; the claim rows add a
row per user index and figure comparing it with the paper's indices
(:func:`imbeval_repro.papers.mullick2020.claims.mullick_user_rows`).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from imbeval import inference

__all__ = ["FIG3_INDICES", "FIG4A_INDICES", "FIG4B_INDICES", "FIG5_INDICES", "cell_means",
           "variability", "fold_values", "cell_fold_values", "cell_estimates", "read_fold_table",
           "multi_class_problems", "is_run_table", "zero_counts", "std_estimate", "minimum_estimate", "estimates",
           "user_indices", "fig3_data", "fig4a_data", "fig4b_data", "fig5_data"]

FIG3_INDICES = {"gmean2": "GMean", "auroc2": "AUROC", "precision": "Precision",
                "aurpc": "AURPC", "mprecision": "mPrecision", "maurpc": "mAURPC"}
FIG4A_INDICES = {"gmean": "GMean", "acsa": "ACSA", "nauroc_ova": "nAUROC-OVA",
                 "aurpc_ova": "AURPC-OVA", "maurpc_ova": "mAURPC-OVA"}
FIG4B_INDICES = {"acsa": "ACSA", "nauroc_ova": "nAUROC-OVA"}
FIG5_INDICES = {"auroc_ova": "AUROC-OVA", "auroc_ovo": "AUROC-OVO", "nauroc_ova": "nAUROC-OVA",
                "acsa": "ACSA", "gmean": "GMean"}



def cell_means(indices: pd.DataFrame, names) -> pd.DataFrame:
    """Mean over runs x folds per (problem, classifier, scheme, index), for ``names``."""
    sub = indices[indices["index"].isin(list(names))]
    return (sub.groupby(["problem", "classifier", "scheme", "index"], sort=True)["value"]
            .mean().reset_index())


def variability(indices: pd.DataFrame, names) -> pd.DataFrame:
    """Per (problem, index): ``std_pooled`` and ``std_within`` (see the module docstring)."""
    cells = cell_means(indices, names)
    pooled = cells.groupby(["problem", "index"])["value"].std(ddof=0).rename("std_pooled")
    within = (cells.groupby(["problem", "index", "classifier"])["value"].std(ddof=0)
              .groupby(["problem", "index"]).mean().rename("std_within"))
    return pd.concat([pooled, within], axis=1).reset_index()


def is_run_table(indices: pd.DataFrame) -> bool:
    """Is ``indices`` a table of run values (``run_indices.csv``: no ``fold`` column) rather
    than of fold values (``fold_indices.csv``)?"""
    return "fold" not in indices.columns


def fold_values(indices: pd.DataFrame, problem: str, names):
    """One problem's index values per CV unit and cell, the input of every interval.

    Parameters
    ----------
    indices : ``run_indices.csv`` (one value per run: the run's confusion matrices summed
        over its folds, :data:`imbeval_repro.experiment.protocol.collect.RUN_ESTIMATOR`; the pipeline's) or
        ``fold_indices.csv`` (one value per fold).
    problem : the problem.
    names : the indices (order kept; one missing on the problem gives NaN).

    Returns
    -------
    ``(cells, x)``: the (classifier, scheme) cells in sorted order and an array of shape
    ``(runs, folds, len(cells), len(names))`` for fold values, ``(1, runs, len(cells),
    len(names))`` for run values -- each run is then one value of the corrected interval
    (:func:`imbeval.inference.cv_estimate`), as a fold is of fold values (NaN where a value
    is undefined or missing).

    Examples
    --------
    >>> frame = pd.DataFrame({"problem": "p", "classifier": "c", "scheme": "s",
    ...                       "run": 0, "fold": [0, 1], "index": "acsa", "value": [0.5, 0.7]})
    >>> cells, x = fold_values(frame, "p", ["acsa"])
    >>> cells, x.shape, x.ravel().tolist()
    ([('c', 's')], (1, 2, 1, 1), [0.5, 0.7])
    >>> runs = frame.drop(columns="fold").assign(run=[0, 1])
    >>> fold_values(runs, "p", ["acsa"])[1].shape
    (1, 2, 1, 1)
    """
    names = list(names)
    sub = indices[(indices["problem"] == problem) & indices["index"].isin(names)]
    if sub.empty:
        raise ValueError(f"indices has no value of {names} on problem {problem!r}")
    if is_run_table(sub):
        # a run's value is one unit: the runs play the part of one CV's folds
        sub = sub.assign(fold=sub["run"], run=0)
    values = sub.set_index(["run", "fold", "classifier", "scheme", "index"])["value"]
    if values.index.duplicated().any():
        raise ValueError(f"indices has repeated (run, fold, classifier, scheme, index) rows "
                         f"on problem {problem!r}")
    wide = values.unstack(["classifier", "scheme", "index"])
    runs, folds = sorted(set(sub["run"])), sorted(set(sub["fold"]))
    wide = wide.reindex(pd.MultiIndex.from_product([runs, folds], names=["run", "fold"]))
    cells = sorted(set(zip(sub["classifier"], sub["scheme"])))
    columns = pd.MultiIndex.from_tuples([(c, s, n) for c, s in cells for n in names])
    x = wide.reindex(columns=columns).to_numpy(dtype=float)
    x = x.reshape(len(runs), len(folds), len(cells), len(names))
    if x.shape[1] == 1:
        # one run's value (a run table of one run): a missing second value, so that the
        # interval functions see one defined value -- no spread, hence no interval and no
        # decision (too few values), rather than an array they refuse as malformed
        x = np.concatenate([x, np.full_like(x, np.nan)], axis=1)
    return cells, x


def zero_counts(indices: pd.DataFrame, problem: str, name: str) -> list[tuple[int, int, int]]:
    """Per (classifier, scheme) cell of ``problem`` (sorted), ``(fold values of ``name``
    exactly 0, defined fold values, undefined fold values)``: from ``run_indices.csv``'s
    ``zero_folds``, ``folds`` and ``undefined_folds`` summed over the runs, or counted in
    ``fold_indices.csv``'s fold values.

    Examples
    --------
    >>> frame = pd.DataFrame({"problem": "p", "classifier": "c", "scheme": "s", "run": 0,
    ...                       "fold": [0, 1, 2, 3], "index": "gmean",
    ...                       "value": [0.0, 0.4, 0.0, float("nan")]})
    >>> zero_counts(frame, "p", "gmean")
    [(2, 3, 1)]
    """
    sub = indices[(indices["problem"] == problem) & (indices["index"] == name)]
    if sub.empty:
        raise ValueError(f"indices has no value of {name!r} on problem {problem!r}")
    if is_run_table(sub):
        sums = sub.groupby(["classifier", "scheme"], sort=True)[
            ["zero_folds", "folds", "undefined_folds"]].sum()
        return [(int(z), int(n) - int(u), int(u)) for z, n, u in sums.itertuples(index=False)]
    counted = (sub.assign(zero=sub["value"] == 0, undefined=sub["value"].isna())
               .groupby(["classifier", "scheme"], sort=True)
               .agg(zero=("zero", "sum"), defined=("value", "count"),
                    undefined=("undefined", "sum")))
    return [(int(z), int(n), int(u)) for z, n, u in counted.itertuples(index=False)]


def std_estimate(x: np.ndarray, pooled: np.ndarray | None = None) -> inference.Estimate:
    """Figs. 3/4a's statistic of one problem and index with its interval.

    ``x``: ``(runs, folds, cells)`` fold values; ``pooled``: ``(cells,)`` the cells' pooled
    values (None: the fold values' means). The statistic is the population std over the
    cells of their pooled values (undefined values left out); its interval is the corrected
    CV interval of the statistic linearised at them, over the fold values
    (:func:`imbeval.inference.cv_delta_estimate`, as
    :func:`imbeval.inference.pooled_cv_estimate` for one cell).

    Examples
    --------
    >>> x = np.array([[[0.5, 0.7], [0.5, 0.7], [0.6, 0.8]]])   # 1 run, 3 folds, 2 cells
    >>> round(std_estimate(x).value, 6)
    0.1
    >>> round(std_estimate(x, np.array([0.5, 0.8])).value, 6)    # pooled values apart by 0.3
    0.15
    """
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # an index undefined everywhere
        means = np.nanmean(x, axis=(0, 1)) if pooled is None else np.asarray(pooled, float)
        value = float(np.nanstd(means))
    valid = np.isfinite(means)
    n = int(valid.sum())
    grad = np.zeros(means.shape)
    if n and value > 0:
        grad[valid] = (means[valid] - means[valid].mean()) / (n * value)
    return inference.cv_delta_estimate(value, grad, x)


def multi_class_problems(problems: pd.DataFrame) -> set:
    """The multi-class problems of ``problems.csv`` (Fig. 5's, the only ones whose fold
    values a run table's figures and claims need)."""
    return set(problems.loc[problems["kind"] == "multi-class", "problem"])


def read_fold_table(path, problems=None, names=None) -> pd.DataFrame | None:
    """``fold_indices.csv`` (fold values), only the rows of ``problems`` and of the indices
    ``names`` when given: read in chunks, since a whole KEEL collection's file is 110 MB,
    mostly of indices no figure draws.

    Parameters
    ----------
    path : the run's ``fold_indices.csv`` (a DataFrame or None is passed through).
    problems : the problems to keep (None: all).
    names : the indices to keep (None: all).
    """
    if path is None or isinstance(path, pd.DataFrame):
        return path
    parts = []
    for part in pd.read_csv(path, chunksize=500_000):
        if problems is not None:
            part = part[part["problem"].isin(set(problems))]
        if names is not None:
            part = part[part["index"].isin(set(names))]
        parts.append(part)
    return pd.concat(parts, ignore_index=True)


def cell_fold_values(indices: pd.DataFrame, folds: pd.DataFrame | None, problem: str, names):
    """One problem's cells as Fig. 5's intervals take them: their pooled values and fold values.

    Parameters
    ----------
    indices : ``run_indices.csv`` (the pooled values: each cell's mean over its runs) or
        ``fold_indices.csv`` (fold values: the cell's mean over runs x folds is its value).
    folds : ``fold_indices.csv`` when ``indices`` is a run table (None otherwise).
    problem, names : as :func:`fold_values`.

    Returns
    -------
    ``(cells, pooled, x)``: the sorted (classifier, scheme) cells, ``pooled`` of shape
    ``(len(cells), len(names))`` and the fold values ``x`` of shape ``(runs, folds,
    len(cells), len(names))``.

    Examples
    --------
    >>> runs = pd.DataFrame({"problem": "p", "classifier": "c", "scheme": "s", "run": [0, 1],
    ...                      "index": "acsa", "value": [0.6, 0.7]})
    >>> folds = pd.DataFrame({"problem": "p", "classifier": "c", "scheme": "s",
    ...                       "run": [0, 0, 1, 1], "fold": [0, 1, 0, 1], "index": "acsa",
    ...                       "value": [0.55, 0.65, 0.7, 0.7]})
    >>> cells, pooled, x = cell_fold_values(runs, folds, "p", ["acsa"])
    >>> cells, pooled.round(4).ravel().tolist(), x.shape
    ([('c', 's')], [0.65], (2, 2, 1, 1))
    """
    import warnings

    cells, values = fold_values(indices, problem, names)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # an index undefined on every run
        pooled = np.nanmean(values, axis=(0, 1))
    if not is_run_table(indices):
        return cells, pooled, values
    if folds is None:
        raise ValueError(f"the cells of {problem!r} need their fold values: pass fold_indices.csv "
                         "(folds) beside run_indices.csv -- a run's value alone misses the "
                         "variance between training sets (imbeval.inference.pooled_cv_estimate)")
    fold_cells, x = fold_values(folds, problem, names)
    if fold_cells != cells:
        raise ValueError(f"fold_indices.csv and run_indices.csv hold different cells on {problem!r}")
    return cells, pooled, x


def cell_estimates(x: np.ndarray, pooled: np.ndarray | None = None, *,
                   test_to_train=None) -> list:
    """Each cell's pooled value with its interval
    (:func:`imbeval.inference.pooled_cv_estimate` at ``test_to_train``; None: the decision
    rule's), for the cells with a defined fold value.

    ``x``: ``(runs, folds, cells)`` fold values; ``pooled``: ``(cells,)`` the cells' pooled
    values (None: the fold values' means).

    Examples
    --------
    >>> x = np.array([[[0.5, np.nan], [0.6, np.nan], [0.55, np.nan]]])  # cell 2 undefined
    >>> [round(e.value, 3) for e in cell_estimates(x)]
    [0.55]
    """
    import warnings

    if pooled is None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # a cell undefined everywhere
            pooled = np.nanmean(x, axis=(0, 1))
    return [inference.pooled_cv_estimate(x[:, :, c], float(pooled[c]),
                                         test_to_train=test_to_train)
            for c in range(x.shape[2]) if np.isfinite(x[:, :, c]).any()]


def minimum_estimate(x: np.ndarray, pooled: np.ndarray | None = None) -> inference.Estimate:
    """Fig. 5's statistic of one problem and index: the smallest cell value, with the
    interval of a minimum (:func:`imbeval.inference.minimum_of`) of the cells' pooled
    values (:func:`imbeval.inference.pooled_cv_estimate` at Fig. 5's ``n_test/n_train``,
    :data:`imbeval_repro.verdicts.claim_rules.FIG5_TEST_TO_TRAIN`).

    ``x``: ``(runs, folds, cells)`` fold values; ``pooled``: ``(cells,)`` the cells' pooled
    values (None: the fold values' means).

    Examples
    --------
    >>> x = np.array([[[0.5, 0.7], [0.55, 0.7], [0.6, 0.8], [0.5, 0.75], [0.55, 0.7]]])
    >>> e = minimum_estimate(x)
    >>> round(e.value, 3), e.interval()[0] < 0.54 < e.interval()[1]
    (0.54, True)
    """
    from imbeval_repro.verdicts.claim_rules import FIG5_TEST_TO_TRAIN

    cells = cell_estimates(x, pooled, test_to_train=FIG5_TEST_TO_TRAIN)
    if not cells:
        return inference.Estimate(float("nan"), inference.METHODS["simultaneous"], 0,
                                  "no value", method_kind=inference.Method.SIMULTANEOUS,
                                  reason=inference.Reason.UNDEFINED_NUMBER)
    return inference.minimum_of(cells)


ESTIMATORS = {"std_pooled": std_estimate, "minimum": minimum_estimate}


def estimates(indices: pd.DataFrame, problems, names, stat: str, folds=None) -> dict:
    """``{(problem, index): Estimate}`` of a figure's statistic (``"std_pooled"`` or
    ``"minimum"``) for every problem and index, from the cells' pooled values and fold
    values (:func:`cell_fold_values`: ``folds`` is ``fold_indices.csv`` when ``indices`` is a
    run table)."""
    if stat not in ESTIMATORS:
        raise ValueError(f"stat must be one of {sorted(ESTIMATORS)}, got {stat!r}")
    out = {}
    for problem in problems:
        _, pooled, x = cell_fold_values(indices, folds, problem, names)
        for j, name in enumerate(names):
            out[(problem, name)] = ESTIMATORS[stat](x[:, :, :, j], pooled[:, j])
    return out


def _ranges(names, stat):
    """Per row, the lowest and highest value the statistic ``stat`` of the index can take
    (unknown bounds: unbounded)."""
    from imbeval.indices import registry

    reg = registry()
    lows, highs = [], []
    for name in names:
        info = reg.get(name)
        lo, hi = getattr(info, "bounds", (None, None)) if info is not None else (None, None)
        lo = -np.inf if lo is None or not np.isfinite(lo) else float(lo)
        hi = np.inf if hi is None or not np.isfinite(hi) else float(hi)
        if stat == "std_pooled":
            lo, hi = 0.0, (hi - lo) / 2 if np.isfinite(hi - lo) else np.inf
        lows.append(lo)
        highs.append(hi)
    return np.array(lows), np.array(highs)


def _add_intervals(data: pd.DataFrame, indices, stat, divide=None, folds=None) -> pd.DataFrame:
    """``ci_low``, ``ci_high`` of each (problem, index) row (divided by ``divide``, a
    per-row Series, for Fig. 4b's normalisation)."""
    data = data.copy()
    if data.empty:
        data["ci_low"] = data["ci_high"] = []
        return data
    problems, names = list(dict.fromkeys(data["problem"])), list(dict.fromkeys(data["index"]))
    est = estimates(indices, problems, names, stat, folds)
    bounds = np.array([est[(p, n)].interval() for p, n in zip(data["problem"], data["index"])])
    # the ends clipped to what the statistic can be: a std is >= 0 and at most 1/2 of a
    # [0, 1] index's range; a minimum lies in the index's bounds (registered indices)
    lows, highs = _ranges(data["index"], stat)
    bounds = np.column_stack([np.maximum(bounds[:, 0], lows), np.minimum(bounds[:, 1], highs)])
    if divide is not None:
        bounds = bounds / divide.to_numpy()[:, None]
    data["ci_low"], data["ci_high"] = bounds[:, 0], bounds[:, 1]
    return data


def _problems_of(problems: pd.DataFrame, kind: str) -> pd.DataFrame:
    sel = problems[problems["kind"] == kind]
    return sel.sort_values(["n_classes", "ir", "problem"]) if kind == "multi-class" else sel.sort_values(["ir", "problem"])


def _std_table(indices, problems, kind, labels):
    order = _problems_of(problems, kind)
    v = variability(indices[indices["problem"].isin(order["problem"])], labels)
    v = v.merge(order[["problem", "n_classes", "ir"]], on="problem")
    v["label"] = v["index"].map(labels)
    pos = {p: i for i, p in enumerate(order["problem"])}
    return v.sort_values(["problem", "index"], key=lambda s: s.map(pos) if s.name == "problem" else s).reset_index(drop=True)


def user_indices(indices: pd.DataFrame, problems: pd.DataFrame, kind: str) -> dict[str, str]:
    """``{name: name}`` of the user's indices (not built-in) in ``indices`` that were
    computed on problems of ``kind``, in order of appearance."""
    from imbeval.indices import registry

    builtin = {n for n, info in registry().items() if info.paper != "user"}
    of_kind = set(problems.loc[problems["kind"] == kind, "problem"])
    names = indices.loc[indices["problem"].isin(of_kind), "index"]
    return {n: n for n in dict.fromkeys(names) if n not in builtin}


def _with_std_intervals(data, indices, intervals, folds=None):
    return _add_intervals(data, indices, "std_pooled", folds=folds) if intervals else data


def fig3_data(indices, problems, intervals=False, folds=None):
    """Fig. 3's data: per two-class problem and index of :data:`FIG3_INDICES` (and the
    user's two-class indices, :func:`user_indices`), the spread over RRT test sets x
    classifiers (:func:`variability`); with ``intervals``, the 95% interval of
    ``std_pooled`` (``ci_low``, ``ci_high``, see the module docstring; ``folds``, the fold
    values, when ``indices`` is a run table)."""
    labels = {**FIG3_INDICES, **user_indices(indices, problems, "two-class")}
    return _with_std_intervals(_std_table(indices, problems, "two-class", labels), indices,
                               intervals, folds)


def fig4a_data(indices, problems, intervals=False, folds=None):
    """Fig. 4a's data: as :func:`fig3_data` for the multi-class problems and
    :data:`FIG4A_INDICES` (and the user's indices)."""
    labels = {**FIG4A_INDICES, **user_indices(indices, problems, "multi-class")}
    return _with_std_intervals(_std_table(indices, problems, "multi-class", labels), indices,
                               intervals, folds)


def fig4b_data(indices, problems, intervals=False, folds=None):
    """Fig. 4b's data: ``std_pooled`` of ACSA and nAUROC-OVA per multi-class problem, and
    ``normalised_std`` = that divided by the index's smallest value over the problems;
    with ``intervals``, the 95% interval of ``std_pooled`` divided by the same smallest
    value (the normaliser held fixed: the bar's own CV uncertainty)."""
    v = _std_table(indices, problems, "multi-class", FIG4B_INDICES)
    smallest = v.groupby("index")["std_pooled"].transform("min")
    v["normalised_std"] = v["std_pooled"] / smallest
    if not intervals or v.empty:
        return v
    return _add_intervals(v, indices, "std_pooled", divide=smallest, folds=folds)


def fig5_data(indices, problems, intervals=False, folds=None):
    """Fig. 5's data: per multi-class problem and index of :data:`FIG5_INDICES` (and the
    user's indices), the minimum over (classifier, test set) of the cell's pooled value
    (column ``minimum``); with ``intervals``, its 95% interval (:func:`minimum_estimate`
    of the cells' fold values: ``folds``, ``fold_indices.csv``, when ``indices`` is a run
    table)."""
    order = _problems_of(problems, "multi-class")
    labels = {**FIG5_INDICES, **user_indices(indices, problems, "multi-class")}
    cells = cell_means(indices[indices["problem"].isin(order["problem"])], labels)
    mins = cells.groupby(["problem", "index"])["value"].min().rename("minimum").reset_index()
    mins = mins.merge(order[["problem", "n_classes", "ir"]], on="problem")
    mins["label"] = mins["index"].map(labels)
    pos = {p: i for i, p in enumerate(order["problem"])}
    mins = mins.sort_values(["problem", "index"], key=lambda s: s.map(pos) if s.name == "problem" else s).reset_index(drop=True)
    if not intervals or mins.empty:
        return mins
    return _add_intervals(mins, indices, "minimum", folds=folds)
