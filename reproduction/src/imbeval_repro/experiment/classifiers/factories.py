"""Factories: RUSBoost, SMOTE -> MLP, the mortaz2020 18-model grid, and ``make_classifier``.

Every resampler sits inside an imbalanced-learn :class:`~imblearn.pipeline.Pipeline`, so it
runs only in ``fit`` (on training data) and never touches the data passed to ``predict``:
cross-validating or tuning the pipeline resamples inside the training folds only.
"""

from __future__ import annotations

from imblearn.over_sampling import SMOTE, RandomOverSampler
from imblearn.pipeline import Pipeline
from imblearn.under_sampling import RandomUnderSampler
from sklearn.ensemble import GradientBoostingClassifier, RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.neighbors import KNeighborsClassifier
from sklearn.neural_network import MLPClassifier
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC
from sklearn.tree import DecisionTreeClassifier

from .lexiboost import DualLexiBoost
from .names import GRID_BASE_NAMES, GRID_NAMES, GRID_SUFFIXES, MULLICK_NAMES  # noqa: F401
from .nbsvm import NBSVM
from .rusboost import MAX_FIRST_ROUND_REDRAWS, RedrawingRUSBoost


#: Default inner-CV grids (keys are ``set_params`` names of the estimators that
#: :func:`make_classifier` returns). The mullick2020 supplementary with the paper's settings
#: is unavailable; these are small, defensible grids for the pipeline config to override.
#: Dual-LexiBoost keeps the authors' code defaults (k = 3, T = 10) untuned.
DEFAULT_PARAM_GRIDS = {
    "nbsvm": {"C": [0.1, 1.0, 10.0], "sigma": ["scale"]},
    "dual_lexiboost": {},
    "rusboost": {"estimator__max_depth": [2, 4]},
    "smote_mlp": {"mlp__alpha": [1e-4, 1e-2]},
}


def make_rusboost(*, n_estimators=50, learning_rate=1.0, max_depth=3, min_samples_leaf=1,
                  sampling_strategy="auto", replacement=False, random_state=None,
                  max_first_round_redraws=MAX_FIRST_ROUND_REDRAWS):
    """RUSBoost (Seiffert et al. 2010) with CART trees: imbalanced-learn's
    :class:`~imblearn.ensemble.RUSBoostClassifier` (random under-sampling to balance before
    each AdaBoost round), as :class:`~imbeval_repro.experiment.classifiers.rusboost.RedrawingRUSBoost`: a
    first round worse than random is redrawn from the seed's stream instead of failing the
    fit (at most ``max_first_round_redraws`` times).

    Choice made here: depth-limited trees (``max_depth=3``). Fully grown trees fit each
    balanced sample exactly, AdaBoost then sees zero error and stops after one round; the
    paper's tree settings are in its unavailable supplementary.
    """
    tree = DecisionTreeClassifier(max_depth=max_depth, min_samples_leaf=min_samples_leaf,
                                  random_state=random_state)
    return RedrawingRUSBoost(estimator=tree, n_estimators=n_estimators,
                             learning_rate=learning_rate, sampling_strategy=sampling_strategy,
                             replacement=replacement, random_state=random_state,
                             max_first_round_redraws=max_first_round_redraws)


def make_smote_mlp(*, k_neighbors=5, sampling_strategy="auto", hidden_layer_sizes=(100,),
                   alpha=1e-4, max_iter=500, random_state=None, **mlp_params):
    """Standardise -> SMOTE (Chawla et al. 2002) -> MLP, as an imbalanced-learn pipeline
    (steps ``scale``, ``smote``, ``mlp``), so SMOTE only ever sees training data.

    Choices made here: features are standardised first (MLPs need it; SMOTE's
    interpolation commutes with the affine map, its neighbour search becomes scale-free);
    ``max_iter=500`` instead of 200 to reach convergence on 2048-d inputs; other MLP
    settings are scikit-learn's defaults (one hidden layer of 100 ReLUs, Adam). SMOTE needs
    more than ``k_neighbors`` minority points in every training fold.
    """
    return Pipeline([
        ("scale", StandardScaler()),
        ("smote", SMOTE(k_neighbors=k_neighbors, sampling_strategy=sampling_strategy,
                        random_state=random_state)),
        ("mlp", MLPClassifier(hidden_layer_sizes=hidden_layer_sizes, alpha=alpha,
                              max_iter=max_iter, random_state=random_state, **mlp_params)),
    ])


def _grid_base(name, random_state):
    # scikit-learn defaults, except iteration limits raised so that the default solvers
    # converge on standardised glass / satimage instead of warning.
    if name == "KNN":
        return KNeighborsClassifier()
    if name == "LR":
        return LogisticRegression(max_iter=1000, random_state=random_state)
    if name == "SVM":
        return SVC(random_state=random_state)
    if name == "RF":
        return RandomForestClassifier(random_state=random_state)
    if name == "ANN":
        return MLPClassifier(max_iter=1000, random_state=random_state)
    if name == "GBM":
        return GradientBoostingClassifier(random_state=random_state)
    raise ValueError(name)


def _grid_model(name, random_state):
    base, _, scheme = name.partition("-")
    steps = [("scale", StandardScaler())]
    if scheme == "RUS":
        steps.append(("sampler", RandomUnderSampler(random_state=random_state)))
    elif scheme == "ROS":
        steps.append(("sampler", RandomOverSampler(random_state=random_state)))
    steps.append(("clf", _grid_base(base, random_state)))
    return Pipeline(steps)


def mortaz_grid(random_state):
    """The mortaz2020 model grid (Tables 16, 18): 18 unfitted pipelines by name.

    Each is ``StandardScaler -> [RandomUnderSampler | RandomOverSampler] -> classifier``
    (steps ``scale``, ``sampler``, ``clf``); names ``KNN, KNN-RUS, KNN-ROS, LR, ..., GBM-ROS``
    as printed in the paper (SVM = SVC, ANN = MLP). The paper states no hyperparameters:
    scikit-learn defaults plus feature scaling (and raised iteration limits for LR and MLP).
    """
    return {name: _grid_model(name, random_state) for name in GRID_NAMES}


def _set_checked(estimator, name, params, prefix=""):
    params = {(k if "__" in k or not prefix else prefix + k): v for k, v in params.items()}
    valid = estimator.get_params(deep=True)
    unknown = sorted(k for k in params if k not in valid)
    if unknown:
        raise ValueError(f"classifier {name!r}: unknown parameter(s) {unknown}; "
                         f"valid: {sorted(valid)}")
    return estimator.set_params(**params)


def make_classifier(name: str, params: dict | None, random_state: int):
    """Build an unfitted classifier by config name.

    ``name``: one of :data:`MULLICK_NAMES` (``dual_lexiboost``, ``nbsvm``, ``rusboost``,
    ``smote_mlp``) or :data:`GRID_NAMES` (``KNN`` ... ``GBM-ROS``). ``params``: for
    ``rusboost`` / ``smote_mlp`` the keyword arguments of :func:`make_rusboost` /
    :func:`make_smote_mlp`; for NBSVM / Dual-LexiBoost their constructor parameters; for the
    grid, parameters of the final classifier (``n_neighbors``) or of any step
    (``sampler__sampling_strategy``). ``random_state`` seeds every random component (NBSVM
    and Dual-LexiBoost are deterministic and take none).
    """
    params = dict(params or {})
    if name == "nbsvm":
        return _set_checked(NBSVM(), name, params)
    if name == "dual_lexiboost":
        return _set_checked(DualLexiBoost(), name, params)
    if name in ("rusboost", "smote_mlp"):
        factory = make_rusboost if name == "rusboost" else make_smote_mlp
        if "random_state" in params:
            raise ValueError(f"classifier {name!r}: give the seed as random_state, "
                             "not inside params")
        try:
            return factory(random_state=random_state, **params)
        except TypeError as exc:
            raise ValueError(f"classifier {name!r}: bad parameter(s) {sorted(params)}: "
                             f"{exc}") from exc
    if name in GRID_NAMES:
        return _set_checked(_grid_model(name, random_state), name, params, prefix="clf__")
    allowed = ", ".join(MULLICK_NAMES + GRID_NAMES)
    raise ValueError(f"unknown classifier {name!r}; allowed names: {allowed}")
