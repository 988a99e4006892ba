"""Outer cross-validation of one (problem, classifier, run), and its RRT test sets.

:func:`run_protocol` does, for run ``r`` of a problem:

1. split the problem by ``StratifiedKFold(n_folds, shuffle=True)`` seeded from
   ``(seed, "cv", problem, r)`` -- the same folds for every classifier, so classifiers are
   compared on the same data;
2. per fold, tune the classifier on the training part only (inner stratified CV, see
   :func:`imbeval.classifiers.tune`) and predict the whole test fold once;
3. turn the test fold into the five RRT test sets (:mod:`imbeval.protocol.rrt`), drawn with
   a generator seeded from ``(seed, "rrt", problem, r, fold)`` -- again the same for every
   classifier -- and count one confusion matrix per test set from the fold's predictions
   (a prediction does not depend on which other points are in the test set).

The result is a JSON-friendly dict: per fold the chosen hyperparameters, fit time, and per
test set the scheme, target and realised RRT, counts, sampling rule and confusion matrix.
"""

from __future__ import annotations

import warnings
from typing import Mapping

import numpy as np
from sklearn.model_selection import StratifiedKFold

from imbeval.protocol.rrt import draw_test_set, plan_test_set, schemes_for, target_weights
from imbeval._seeds import derive_rng, derive_seed
from imbeval._settings import DEFAULTS

__all__ = ["outer_folds", "rrt_test_sets", "run_protocol"]


def outer_folds(y, n_folds: int, seed: int, problem: str, run: int):
    """List of (train_idx, test_idx) of the outer stratified K-fold CV of one run."""
    cv = StratifiedKFold(n_splits=n_folds, shuffle=True,
                         random_state=derive_seed(seed, "cv", problem, run))
    return list(cv.split(np.zeros(len(y)), y))


def rrt_test_sets(y_test, ir: float, rng, schemes=None, min_count: int = DEFAULTS.min_count,
                  infeasible: str = DEFAULTS.infeasible) -> list[dict]:
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


def confusion(y_true, y_pred, n_classes: int) -> np.ndarray:
    """C x C counts, rows true, columns predicted."""
    m = np.zeros((n_classes, n_classes), dtype=np.int64)
    np.add.at(m, (np.asarray(y_true), np.asarray(y_pred)), 1)
    return m


def run_protocol(problem: Mapping, classifier: str, run: int, *, seed: int, n_folds: int,
                 params: Mapping | None = None, grid: Mapping | None = None,
                 inner_folds: int = DEFAULTS.inner_folds, scoring: str = DEFAULTS.scoring,
                 min_count: int = DEFAULTS.min_count, infeasible: str = DEFAULTS.infeasible,
                 schemes: Mapping | None = None, estimator: str | None = None) -> dict:
    """Outer CV + tuning + RRT test sets for one (problem, classifier, run).

    ``schemes`` may restrict the test sets: ``{"two_class": [...], "multi_class": [...]}``.
    ``estimator``: the import path of a user's classifier (class or factory) named
    ``classifier`` in the results; None for the built-in ``classifier``.
    """
    from imbeval.classifiers import build_classifier, tune

    X, y, name = problem["X"], np.asarray(problem["y"]), problem["name"]
    C = len(problem["class_names"])
    ir = float(problem["ir"])
    chosen_schemes = (schemes or {}).get("two_class" if C == 2 else "multi_class")
    folds_out = []
    for fold, (train, test) in enumerate(outer_folds(y, n_folds, seed, name, run)):
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
        for ts in rrt_test_sets(y[test], ir, rng, schemes=chosen_schemes,
                                min_count=min_count, infeasible=infeasible):
            idx = ts["index"]
            plan = ts["plan"]
            sets.append({
                "scheme": ts["scheme"], "target_rrt": ts["target_rrt"], "rrt": plan.rrt,
                "counts": list(plan.counts), "rule": plan.rule,
                "replaced": [problem["class_names"][c] for c in plan.replaced],
                "confusion": confusion(y[test][idx], pred[idx], C).tolist(),
            })
        folds_out.append({
            "fold": fold, "n_train": int(train.size), "n_test": int(test.size),
            "test_counts": np.bincount(y[test], minlength=C).tolist(),
            "params": chosen, "test_sets": sets,
        })
    return {"problem": name, "classifier": classifier, "run": int(run), "kind": problem["kind"],
            "classes": list(problem["class_names"]), "ir": ir, "folds": folds_out}
