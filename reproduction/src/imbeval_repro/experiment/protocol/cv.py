"""Outer cross-validation of one (problem, classifier, run), and its RRT test sets.

:func:`run_protocol` does, for run ``r`` of a problem:

1. split the problem by ``StratifiedKFold(n_folds, shuffle=True)`` seeded from
   ``(seed, "cv", problem, r)`` -- the same folds for every classifier, so classifiers are
   compared on the same data;
2. per fold, tune the classifier on the training part only (inner stratified CV, see
   :func:`imbeval_repro.experiment.classifiers.tune`) and predict the whole test fold once;
3. turn the test fold into the five RRT test sets (:mod:`imbeval.rrt`), drawn with
   a generator seeded from ``(seed, "rrt", problem, r, fold)`` -- again the same for every
   classifier -- and count one confusion matrix per test set from the fold's predictions
   (a prediction does not depend on which other points are in the test set).

The result is a JSON-friendly dict: per fold the chosen hyperparameters, per test set the
scheme, target and realised RRT, counts, sampling rule and confusion matrix, and the fold's
scores with each test set's points (``scores``, compact: :mod:`imbeval_repro.experiment.protocol.fold_scores`).

Every random choice of a fold is seeded from the run and fold numbers, so the outer fold is
a unit of work of its own: :func:`run_folds` computes some folds of a run (one per-fold job
of the workflow), :func:`gather_folds` puts a run back together, equal to
:func:`run_protocol`'s result for the whole run.
"""

from __future__ import annotations

import warnings
from typing import Iterable, Mapping

import numpy as np
from sklearn.model_selection import StratifiedKFold

from imbeval_repro.experiment.protocol.fold_scores import score_record
from imbeval.rrt import confusion, rrt_test_sets, schemes_for
from imbeval.utils.seeds import derive_rng, derive_seed
from imbeval_repro.experiment.protocol.settings import DEFAULTS

__all__ = ["gather_folds", "outer_folds", "rrt_test_sets", "run_folds", "run_protocol",
           "standardise_in_fold"]


def outer_folds(y, n_folds: int, seed: int, problem: str, run: int):
    """List of (train_idx, test_idx) of the outer stratified K-fold CV of one run."""
    cv = StratifiedKFold(n_splits=n_folds, shuffle=True,
                         random_state=derive_seed(seed, "cv", problem, run))
    return list(cv.split(np.zeros(len(y)), y))


def standardise_in_fold(X, train) -> np.ndarray:
    """``X`` with each feature's missing values (NaN) set to the training part's median and
    then standardised by the training part's mean and standard deviation (a feature constant
    on the training part is only centred): the KEEL problems' preprocessing (a problem with
    ``standardize`` set), fitted on the outer training fold only, so the test fold never
    informs it. float32, as problem files store ``X``."""
    X = np.asarray(X, dtype=np.float64)
    part = X[train]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", category=RuntimeWarning)  # an all-NaN column
        median = np.nanmedian(part, axis=0)
    median = np.where(np.isnan(median), 0.0, median)
    X = np.where(np.isnan(X), median, X)
    part = X[train]
    mean, std = part.mean(axis=0), part.std(axis=0)
    std = np.where(std > 0, std, 1.0)
    return ((X - mean) / std).astype(np.float32)


def _fold_result(problem: Mapping, classifier: str, run: int, fold: int, train, test, *,
                 seed: int, params, grid, inner_folds: int, scoring: str, min_count: int,
                 infeasible: str, schemes, estimator: str | None = None) -> dict:
    """Tune, predict and count the RRT confusion matrices of one outer fold.

    Everything random in a fold is seeded from ``(seed, ..., run, fold)`` alone, so a fold
    computed on its own equals the same fold computed inside its run.
    """
    from imbeval_repro.experiment.classifiers import build_classifier, tune

    X, y, name = problem["X"], np.asarray(problem["y"]), problem["name"]
    if problem.get("standardize"):
        X = standardise_in_fold(X, train)
    C = len(problem["class_names"])
    ir = float(problem["ir"])
    chosen_schemes = (schemes or {}).get("two_class" if C == 2 else "multi_class")
    job_seed = derive_seed(seed, "fit", name, classifier, run, fold)
    model = build_classifier(classifier, dict(params or {}), job_seed, estimator)
    with warnings.catch_warnings():
        # MLP convergence warnings on small inner folds are expected; the chosen
        # setting is recorded either way.
        warnings.simplefilter("ignore", category=UserWarning)
        from sklearn.exceptions import ConvergenceWarning
        warnings.simplefilter("ignore", category=ConvergenceWarning)
        fitted, chosen = tune(model, dict(grid or {}), X[train], y[train],
                              inner_folds=inner_folds, random_state=job_seed,
                              scoring=scoring)
    pred = np.asarray(fitted.predict(X[test])).astype(np.int64)
    rng = derive_rng(seed, "rrt", name, run, fold)
    sets = []
    drawn = rrt_test_sets(y[test], ir, rng, schemes=chosen_schemes, min_count=min_count,
                          infeasible=infeasible)
    for ts in drawn:
        idx = ts["index"]
        plan = ts["plan"]
        sets.append({
            "scheme": ts["scheme"], "target_rrt": ts["target_rrt"], "rrt": plan.rrt,
            "counts": list(plan.counts), "rule": plan.rule,
            "replaced": [problem["class_names"][c] for c in plan.replaced],
            "confusion": confusion(y[test][idx], pred[idx], C).tolist(),
        })
    result = {
        "fold": int(fold), "n_train": int(train.size), "n_test": int(test.size),
        "test_counts": np.bincount(y[test], minlength=C).tolist(),
        "params": chosen, "test_sets": sets,
        # the fold's scores, for the indices of scores per test set (protocol/fold_scores.py)
        "scores": score_record(fitted, X[test], y[test], [ts["index"] for ts in drawn]),
    }
    # RUSBoost's redrawn first rounds (imbeval_repro.experiment.classifiers.rusboost): kept with the fold, so
    # a result that needed them says so; other classifiers have no such count.
    redraws = getattr(fitted, "n_first_round_redraws_", None)
    if redraws is not None:
        result["first_round_redraws"] = int(redraws)
    return result


def _run_header(problem: Mapping, classifier: str, run: int) -> dict:
    return {"problem": problem["name"], "classifier": classifier, "run": int(run),
            "kind": problem["kind"], "classes": list(problem["class_names"]),
            "ir": float(problem["ir"])}


def run_folds(problem: Mapping, classifier: str, run: int, folds=None, *, seed: int,
              n_folds: int, params: Mapping | None = None, grid: Mapping | None = None,
              inner_folds: int = DEFAULTS.inner_folds, scoring: str = DEFAULTS.scoring,
              min_count: int = DEFAULTS.min_count, infeasible: str = DEFAULTS.infeasible,
              schemes: Mapping | None = None, estimator: str | None = None) -> list[dict]:
    """Some outer folds of one (problem, classifier, run), each as a *fold result*.

    A fold result is the run's header (problem, classifier, run, kind, classes, ir), the
    run's ``n_folds`` and ``folds`` holding that one fold: the unit of work of a per-fold
    job. ``folds`` lists fold numbers (default: all ``n_folds``). The outer split is the
    run's (seeded from ``(seed, "cv", problem, run)``), whichever folds are asked for.
    :func:`gather_folds` turns the fold results of a run back into :func:`run_protocol`'s
    dict, identical to computing the run at once.
    """
    y = np.asarray(problem["y"])
    splits = outer_folds(y, n_folds, seed, problem["name"], run)
    wanted = range(n_folds) if folds is None else [int(f) for f in folds]
    bad = [f for f in wanted if not 0 <= f < n_folds]
    if bad:
        raise ValueError(f"fold {bad[0]} is out of range: the run has {n_folds} folds "
                         f"(0..{n_folds - 1})")
    out = []
    for fold in wanted:
        train, test = splits[fold]
        result = _fold_result(problem, classifier, run, fold, train, test, seed=seed,
                              params=params, grid=grid, inner_folds=inner_folds,
                              scoring=scoring, min_count=min_count, infeasible=infeasible,
                              schemes=schemes, estimator=estimator)
        out.append({**_run_header(problem, classifier, run), "n_folds": int(n_folds),
                    "folds": [result]})
    return out


HEADER_KEYS = ("problem", "classifier", "run", "kind", "classes", "ir")


def gather_folds(fold_results: Iterable[Mapping], *, sources: Iterable[str] | None = None) -> dict:
    """The run dict of :func:`run_protocol` from the fold results of one run.

    Folds are put in fold order whatever the input order; every fold of the run must be
    there exactly once and every header must agree, else ``ValueError`` (naming the
    offending input from ``sources`` when given).
    """
    items = list(fold_results)
    names = list(sources) if sources is not None else [f"fold result {i}" for i in range(len(items))]
    if not items:
        raise ValueError("no fold results to gather")
    header = {k: items[0][k] for k in HEADER_KEYS}
    n_folds = items[0].get("n_folds")
    by_fold: dict[int, tuple[dict, str]] = {}
    for item, src in zip(items, names):
        other = {k: item[k] for k in HEADER_KEYS}
        if other != header or item.get("n_folds") != n_folds:
            raise ValueError(f"{src} belongs to another run or configuration "
                             f"({other['problem']}/{other['classifier']}/run {other['run']}, "
                             f"{item.get('n_folds')} folds) than {names[0]}")
        for f in item["folds"]:
            k = int(f["fold"])
            if k in by_fold:
                raise ValueError(f"fold {k} of {header['problem']}/{header['classifier']}/run "
                                 f"{header['run']} is given twice ({by_fold[k][1]} and {src})")
            by_fold[k] = (f, src)
    if n_folds is not None:
        missing = sorted(set(range(n_folds)) - set(by_fold))
        extra = sorted(set(by_fold) - set(range(n_folds)))
        if missing or extra:
            raise ValueError(f"{header['problem']}/{header['classifier']}/run {header['run']}: "
                             f"folds {missing} missing" + (f", folds {extra} out of range" if extra else "")
                             + f" (the run has {n_folds} folds)")
    return {**header, "folds": [by_fold[k][0] for k in sorted(by_fold)]}


def run_protocol(problem: Mapping, classifier: str, run: int, *, seed: int, n_folds: int,
                 params: Mapping | None = None, grid: Mapping | None = None,
                 inner_folds: int = DEFAULTS.inner_folds, scoring: str = DEFAULTS.scoring,
                 min_count: int = DEFAULTS.min_count, infeasible: str = DEFAULTS.infeasible,
                 schemes: Mapping | None = None, estimator: str | None = None) -> dict:
    """Outer CV + tuning + RRT test sets for one (problem, classifier, run).

    ``schemes`` may restrict the test sets: ``{"two_class": [...], "multi_class": [...]}``.
    ``estimator``: the import path of a user's classifier (class or factory) named
    ``classifier`` in the results; None for the built-in ``classifier``.
    The same as gathering :func:`run_folds` of every fold (:func:`gather_folds`).
    """
    folds = run_folds(problem, classifier, run, seed=seed, n_folds=n_folds, params=params,
                      grid=grid, inner_folds=inner_folds, scoring=scoring,
                      min_count=min_count, infeasible=infeasible, schemes=schemes,
                      estimator=estimator)
    return gather_folds(folds)
