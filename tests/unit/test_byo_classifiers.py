"""A user's classifier by import path runs under the built-ins' protocol."""

from __future__ import annotations

import numpy as np
import pytest
from byo_helpers import clean_registry  # noqa: F401  (fixture)

from imbeval_repro.experiment.classifiers import build_classifier
from imbeval_repro.experiment.classifiers.user import check_classifier_spec
from imbeval_repro.experiment.protocol import run_protocol
from imbeval_repro.experiment.protocol.user_code import check_user_code


@pytest.fixture(scope="module")
def problem():
    rng = np.random.default_rng(0)
    X = np.vstack([rng.normal(0, 1, (12, 4)), rng.normal(1.5, 1, (60, 4))])
    y = np.array([0] * 12 + [1] * 60)
    return {"X": X, "y": y, "name": "toy", "class_names": ["min", "maj"], "ir": 5.0,
            "kind": "two-class"}


def test_class_by_import_path_gets_params_and_seed():
    est = build_classifier("svm", {"class_weight": "balanced"}, 17, "sklearn.svm:SVC")
    assert type(est).__name__ == "SVC"
    assert est.get_params()["class_weight"] == "balanced" and est.random_state == 17


@pytest.mark.usefixtures("clean_registry")
def test_factory_gets_params_and_seed():
    est = build_classifier("lr", {"C": 3.0}, 5, "byo_models:make_model")
    assert est.get_params()["logreg__C"] == 3.0
    assert est.get_params()["ros__random_state"] == 5


def test_same_protocol_as_builtin(problem):
    """NBSVM by import path gives exactly the built-in's run: same folds, same tuning,
    same RRT test sets, same confusion matrices."""
    kw = dict(seed=3, n_folds=3, grid={"C": [1.0, 10.0]}, inner_folds=2)
    builtin = run_protocol(problem, "nbsvm", 0, **kw)
    mine = run_protocol(problem, "nbsvm", 0, estimator="imbeval_repro.experiment.classifiers.nbsvm:NBSVM", **kw)
    assert mine == builtin


def test_user_classifier_sees_the_same_test_sets(problem):
    kw = dict(seed=3, n_folds=3, inner_folds=2)
    builtin = run_protocol(problem, "rusboost", 0, params={"n_estimators": 5}, **kw)
    mine = run_protocol(problem, "svm", 0, estimator="sklearn.svm:SVC",
                        grid={"C": [1.0, 10.0]}, **kw)
    assert mine["classifier"] == "svm"
    for fb, fm in zip(builtin["folds"], mine["folds"]):
        assert fb["test_counts"] == fm["test_counts"] and fb["n_train"] == fm["n_train"]
        assert [(t["scheme"], t["counts"], t["rule"]) for t in fb["test_sets"]] == \
               [(t["scheme"], t["counts"], t["rule"]) for t in fm["test_sets"]]
        assert set(fm["params"]) == {"C"}


@pytest.mark.parametrize("spec, message", [
    ({"estimator": "no_such_pkg_q.models:make"}, "does not import: no module named 'no_such_pkg_q'"),
    ({"estimator": "sklearn.svm:NoSuchSVC"}, "has no attribute 'NoSuchSVC'"),
    ({"estimator": "sklearn.svm:SVR"}, "a regressor, not a classifier"),
    ({"estimator": "sklearn.preprocessing:StandardScaler"}, "is not a scikit-learn classifier (no predict)"),
    ({"estimator": "math:pi"}, "neither a classifier class nor a factory function"),
    ({"estimator": "sklearn.svm:SVC", "params": {"nope": 1}}, "bad parameter(s) ['nope']"),
    ({"estimator": "sklearn.svm:SVC", "params": {"random_state": 1}}, "give no random_state"),
    ({"estimator": "sklearn.svm:SVC", "grid": {"Cc": [1]}}, "grid: unknown parameter(s) ['Cc']"),
])
def test_bad_classifier_one_clear_message(spec, message):
    with pytest.raises(ValueError) as err:
        check_user_code({"classifiers": {"mine": spec}})
    assert str(err.value).startswith("experiment.classifiers.mine")
    assert message in str(err.value)


def test_builtins_are_not_imported_or_changed():
    check_classifier_spec("nbsvm", {"grid": {"C": [1.0]}})
    with pytest.raises(ValueError, match=r"experiment.classifiers.nbsvm.grid: unknown"):
        check_classifier_spec("nbsvm", {"grid": {"Cx": [1.0]}})
