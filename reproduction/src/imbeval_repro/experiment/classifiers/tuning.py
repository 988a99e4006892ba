"""In-fold hyperparameter tuning with an inner stratified cross-validation."""

from __future__ import annotations

import itertools

import numpy as np
from imblearn.metrics import geometric_mean_score
from sklearn.base import clone
from scipy.stats import rankdata
from sklearn.metrics import check_scoring, make_scorer
from sklearn.model_selection import GridSearchCV, ParameterGrid, StratifiedKFold

#: Default tuning score. Balanced accuracy (the mean of per-class recalls, mullick2020's
#: ACSA) rather than the geometric mean of recalls: both reward minority recall, but the
#: geometric mean is 0 as soon as one class has no correct prediction in an inner fold,
#: which is common with 10 classes and small minorities, and then ties every setting.
DEFAULT_SCORING = "balanced_accuracy"

_SCORERS = {
    "balanced_accuracy": "balanced_accuracy",
    "gmean": make_scorer(geometric_mean_score),
}


def _plain(value):
    """JSON-friendly copy of a chosen parameter value (numpy scalars -> Python)."""
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _first_best(fold_scores):
    """Index of the candidate GridSearchCV chooses from (n_candidates, n_splits) scores:
    the best mean score, ties to the first candidate (its ``rank_test_score`` rule)."""
    means = np.average(np.asarray(fold_scores, dtype=np.float64), axis=1)
    if np.isnan(means).all():
        return 0
    if np.isnan(means).any():
        means = np.nan_to_num(means, nan=np.nanmin(means) - 1)
    return int(rankdata(-means, method="min").argmin())


def tune(estimator, param_grid, X, y, inner_folds=3, random_state=0,
         scoring=DEFAULT_SCORING, n_jobs=None):
    """Choose hyperparameters by an inner stratified K-fold CV on (X, y) and refit.

    Call it on the training part of an outer fold only: the inner folds then never see
    the outer test data. ``param_grid`` is a dict (or list of dicts) of ``set_params``
    names to candidate lists, as in :class:`~sklearn.model_selection.GridSearchCV`.
    ``scoring`` is ``"balanced_accuracy"`` (default, see :data:`DEFAULT_SCORING`),
    ``"gmean"`` (geometric mean of per-class recalls), or any scikit-learn scorer.
    The inner split is ``StratifiedKFold(inner_folds, shuffle=True, random_state)``; if the
    smallest class has fewer than ``inner_folds`` points the number of folds is reduced to
    its size (at least 2). Ties go to the first setting in grid order.

    Returns ``(fitted_best_estimator, chosen_params)``; ``chosen_params`` is a plain dict
    (empty when there was nothing to choose) for the pipeline to record with the results.
    Grids with a single candidate per key are not cross-validated, just set and fitted.
    """
    scorer = _SCORERS.get(scoring, scoring) if isinstance(scoring, str) else scoring
    grids = [param_grid] if isinstance(param_grid, dict) else list(param_grid or [{}])
    candidates = [dict(zip(g, combo)) for g in grids
                  for combo in itertools.product(*(list(v) for v in g.values()))]
    if len(candidates) <= 1:
        chosen = candidates[0] if candidates else {}
        fitted = clone(estimator).set_params(**chosen).fit(X, y)
        return fitted, {k: _plain(v) for k, v in chosen.items()}
    _, counts = np.unique(np.asarray(y), return_counts=True)
    n_splits = min(int(inner_folds), int(counts.min()))
    if n_splits < 2:
        raise ValueError(f"tune: the smallest class has {counts.min()} training point(s); "
                         "inner stratified CV needs at least 2")
    cv = StratifiedKFold(n_splits=n_splits, shuffle=True, random_state=random_state)
    shared = getattr(estimator, "_shared_grid_search", None)
    if shared is not None and n_jobs in (None, 1):
        # The estimator shares work between candidates and inner folds (NBSVM: one kernel
        # base for the whole grid). Same candidates in the same order, same splits, same
        # scorer and the same choice as GridSearchCV below.
        grid_order = list(ParameterGrid(param_grid))
        splits = list(cv.split(np.zeros((len(y), 1)), y))
        result = shared(grid_order, X, y, splits, check_scoring(estimator, scoring=scorer),
                        _first_best)
        if result is not None:
            best_estimator, fold_scores = result
            chosen = grid_order[_first_best(fold_scores)]
            return best_estimator, {k: _plain(v) for k, v in chosen.items()}
    # A candidate that cannot be fit on an inner fold (RUSBoost's depth-2 trees on ten
    # classes: "worse than random") scores NaN and is never chosen, instead of failing the
    # whole job; scikit-learn warns (FitFailedWarning, in the job's log). If every
    # candidate fails, the refit of the first one raises the real error.
    search = GridSearchCV(clone(estimator), param_grid, scoring=scorer, cv=cv, refit=True,
                          error_score=np.nan, n_jobs=n_jobs)
    search.fit(X, y)
    return search.best_estimator_, {k: _plain(v) for k, v in search.best_params_.items()}
