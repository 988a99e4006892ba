"""mortaz2020 Tables 16/18: the 18-model grid under stratified k-fold CV (model fitting).

``StratifiedKFold(n_splits=folds, shuffle=True, random_state=seed)``, repeated ``repeats``
times as re-runs would (repetition ``r > 0`` shuffles the folds and seeds the models with
``derive_seed(seed, "mortaz2020-grid", "repeat", r)``; repetition 0 is the single CV of
``repeats = 1``): the replication spread of a re-run; each model is the
pipeline of :func:`imbeval_repro.experiment.classifiers.mortaz_grid` (StandardScaler inside the pipeline, so
scaling and resampling see the training folds only); each index is computed on each fold's
confusion matrix. A class never predicted in a fold has an undefined precision: it counts
as 0 (``zero_division=0``). :mod:`imbeval_repro.papers.mortaz2020.tables` averages and lays out the
result.
"""

from __future__ import annotations

import time

import numpy as np
import pandas as pd

from imbeval_repro.experiment.classifiers.names import GRID_FIT_COST
from imbeval.indices import mortaz2020 as mz

__all__ = ["INDEX_FUNCTIONS", "SCORE_COLUMNS", "grid_fold_scores", "load_grid_dataset",
           "merge_grid_parts", "split_timings"]

#: Column -> index function, in the order of the paper's tables.
INDEX_FUNCTIONS = {
    "ACC": mz.accuracy, "MAP": mz.macro_precision, "MAR": mz.macro_recall,
    "F": mz.macro_f1, "CBA": mz.cba, "IAM": mz.iam,
}

def load_grid_dataset(dataset):
    """``(X, y)`` of ``"glass"`` or ``"satimage"`` (all of it: training and test files)."""
    from imbeval_repro.experiment.data import load_glass, load_satimage

    loaders = {"glass": load_glass, "satimage": lambda: load_satimage("all")}
    if dataset not in loaders:
        raise ValueError(f"dataset must be one of {sorted(loaders)}, got {dataset!r}")
    return loaders[dataset]()


def _fit_fold(name, model, X, y, train, test, labels):
    import warnings

    from sklearn.base import clone
    from sklearn.exceptions import ConvergenceWarning
    from sklearn.metrics import confusion_matrix

    start = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        fitted = clone(model).fit(X[train], y[train])
    predicted = fitted.predict(X[test])
    return name, confusion_matrix(y[test], predicted, labels=labels), time.perf_counter() - start


#: Columns of the fold scores written as results (``seconds`` goes to a timing file).
SCORE_COLUMNS = ["model", "repeat", "fold", *INDEX_FUNCTIONS, "confusion"]


def _repeat_seed(seed, r):
    """The seed of CV repetition ``r > 0``: its folds and its models' randomness."""
    from imbeval.utils.seeds import derive_seed

    return derive_seed(seed, "mortaz2020-grid", "repeat", r)


def grid_splits(y, *, folds, seed, repeats=1):
    """``[(repeat, fold, train, test)]``: ``repeats`` shuffled stratified k-fold CVs.

    Repetition 0 is ``StratifiedKFold(folds, shuffle=True, random_state=seed)``; repetition
    ``r`` shuffles with ``derive_seed(seed, "mortaz2020-grid", "repeat", r)``.
    """
    from sklearn.model_selection import StratifiedKFold

    if isinstance(repeats, bool) or not isinstance(repeats, (int, np.integer)) or repeats < 1:
        raise ValueError(f"repeats must be a positive integer, got {repeats!r}")
    out = []
    for r in range(int(repeats)):
        state = seed if r == 0 else _repeat_seed(seed, r)
        cv = StratifiedKFold(n_splits=folds, shuffle=True, random_state=state)
        out += [(r, k, train, test) for k, (train, test) in enumerate(cv.split(np.zeros(len(y)), y))]
    return out


def grid_fold_scores(dataset, *, folds=5, seed=0, models=None, n_jobs=1,
                     repeats=1) -> pd.DataFrame:
    """Per (model, repeat, fold): the confusion matrix's six indices and the fit+predict
    seconds.

    ``models`` restricts the grid to some names (default: all 18). Work is spread over
    ``n_jobs`` processes (joblib), one task per (model, repeat, fold); ``repeats`` CV
    repetitions (:func:`grid_splits`). Every model's fits are
    seeded by ``seed`` alone, so models computed in separate jobs give the same scores as
    one job computing all of them (:func:`merge_grid_parts`).
    """
    from joblib import Parallel, delayed

    from imbeval_repro.experiment.classifiers import mortaz_grid

    X, y = load_grid_dataset(dataset)
    labels = np.unique(y)
    grid = mortaz_grid(seed)
    if models is not None:
        unknown = sorted(set(models) - set(grid))
        if unknown:
            raise ValueError(f"unknown models {unknown}; the grid has {list(grid)}")
        grid = {name: grid[name] for name in grid if name in set(models)}
    splits = grid_splits(y, folds=folds, seed=seed, repeats=repeats)
    # a repetition is a re-run: other folds and other model randomness (repetition 0 is
    # the single CV's models, seeded by ``seed``)
    grids = {r: grid if r == 0 else {
        name: m for name, m in mortaz_grid(_repeat_seed(seed, r)).items() if name in grid}
        for r in range(int(repeats))}
    tasks = [(name, (r, k), train, test) for name in grid for r, k, train, test in splits]
    # longest tasks first, so that n_jobs workers finish together
    tasks.sort(key=lambda task: GRID_FIT_COST.get(task[0].partition("-")[0], 0), reverse=True)
    results = Parallel(n_jobs=n_jobs)(
        delayed(_fit_fold)(name, grids[rk[0]][name], X, y, train, test, labels)
        for name, rk, train, test in tasks)
    records = []
    for (name, (r, k), _, _), (_, cm, seconds) in sorted(
            zip(tasks, results), key=lambda pair: (list(grid).index(pair[0][0]), pair[0][1])):
        record = {"model": name, "repeat": r, "fold": k, "seconds": seconds}
        record.update({col: float(f(cm, zero_division=0.0)) for col, f in INDEX_FUNCTIONS.items()})
        record["confusion"] = ";".join(",".join(str(int(v)) for v in r) for r in cm)
        records.append(record)
    return pd.DataFrame(records)


def split_timings(scores: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
    """``(results, timings)``: the scores without ``seconds`` (:data:`SCORE_COLUMNS`), and
    ``model, repeat, fold, seconds``. Results must not change from one run to the next;
    timings do."""
    return scores[SCORE_COLUMNS].copy(), scores[["model", "repeat", "fold", "seconds"]].copy()


def merge_grid_parts(parts, seed=0) -> pd.DataFrame:
    """The fold scores of the whole grid from parts computed separately (any split by
    model, any order): rows in grid order, then fold order -- as :func:`grid_fold_scores`
    orders them. A model given twice, or with missing or repeated folds, is an error."""
    from imbeval_repro.experiment.classifiers import mortaz_grid

    frames = [p[SCORE_COLUMNS] for p in parts]
    scores = pd.concat(frames, ignore_index=True)
    order = list(mortaz_grid(seed))
    unknown = sorted(set(scores["model"]) - set(order))
    if unknown:
        raise ValueError(f"unknown models {unknown} in the grid parts; the grid has {order}")
    seen = [m for f in frames for m in dict.fromkeys(f["model"])]
    repeated = sorted({m for m in seen if seen.count(m) > 1})
    if repeated:
        raise ValueError(f"models {repeated} are in more than one grid part")
    pairs = scores.groupby("model").apply(
        lambda f: sorted(zip(f["repeat"], f["fold"])), include_groups=False)
    n, r = int(scores["fold"].max()) + 1, int(scores["repeat"].max()) + 1
    full = [(i, k) for i in range(r) for k in range(n)]
    bad = sorted(m for m, v in pairs.items() if v != full)
    if bad:
        raise ValueError(f"models {bad}: (repeat, fold) pairs are not repeats 0..{r - 1} x "
                         f"folds 0..{n - 1}")
    rank = scores["model"].map(order.index)
    return (scores.assign(_rank=rank).sort_values(["_rank", "repeat", "fold"], kind="stable")
            .drop(columns="_rank").reset_index(drop=True))
