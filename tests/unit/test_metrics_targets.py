"""imbeval.metrics refuses what scikit-learn's ``type_of_target`` refuses -- continuous
values (probabilities passed as predictions), multilabel and multi-output targets -- before
any matrix is built, in every entry point, and accepts a column vector with a
DataConversionWarning."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st
from sklearn import metrics as skm
from sklearn.utils.multiclass import type_of_target

from imbeval import metrics
from imbeval.metrics import (DataConversionWarning, check_target, classification_report,
                             confusion_matrix, gmean_score, make_scorer, score)

ENTRY_POINTS = {
    "score mcc": lambda t, p: score("mcc", t, p),
    "score f1": lambda t, p: score("f1", t, p),
    "score acsa": lambda t, p: score("acsa", t, p),
    "gmean_score": lambda t, p: gmean_score(t, p),
    "classification_report": lambda t, p: classification_report(t, p),
    "confusion_matrix": lambda t, p: confusion_matrix(t, p),
}


@pytest.mark.parametrize("call", ENTRY_POINTS.values(), ids=ENTRY_POINTS)
def test_probabilities_passed_as_predictions_are_refused(call):
    # the reproducer: mcc returned 0.0, f1 spoke of "C = 52 classes"
    with pytest.raises(ValueError, match=r"y_pred holds continuous values .*predict\(X\), "
                                         r"not predict_proba"):
        call([0, 1, 0, 1], [0.2, 0.7, 0.1, 0.9])
    with pytest.raises(ValueError, match="y_true holds continuous values"):
        call([0.5, 1.5, 0.5, 1.5], [0, 1, 0, 1])


@pytest.mark.parametrize("call", ENTRY_POINTS.values(), ids=ENTRY_POINTS)
def test_multilabel_and_multioutput_targets_are_refused(call):
    onehot = np.array([[1, 0], [0, 1], [1, 0], [0, 1]])
    with pytest.raises(ValueError, match="multilabel indicator matrix .*np.argmax"):
        call(onehot, [0, 1, 0, 1])
    proba = np.array([[0.8, 0.2], [0.3, 0.7], [0.6, 0.4], [0.1, 0.9]])
    with pytest.raises(ValueError, match="continuous values, like the output of predict_proba"):
        call([0, 1, 0, 1], proba)
    with pytest.raises(ValueError, match="multi-output target"):
        call(np.array([[0, 2], [1, 0], [2, 1], [0, 0]]), [0, 1, 0, 1])


@given(st.lists(st.floats(-5, 5, allow_nan=False), min_size=1, max_size=30))
def test_refused_exactly_where_scikit_learn_sees_continuous_targets(values):
    y = np.array(values)
    if type_of_target(y) == "continuous":
        with pytest.raises(ValueError, match="continuous"):
            check_target(y, "y_pred")
    else:  # whole-number floats are labels, as for scikit-learn
        assert check_target(y, "y_pred")[1] == "number"


def test_whole_number_floats_are_labels():
    assert score("acsa", [0.0, 1.0, 1.0], [0, 1, 0]) == pytest.approx(0.75)
    assert score("accuracy", np.array([0.0, 1.0], dtype=object), [0, 1]) == 1.0


def test_object_arrays_of_fractions_are_refused():
    with pytest.raises(ValueError, match="y_pred holds continuous values"):
        score("acsa", [0, 1], np.array([0, 0.5], dtype=object))


def test_the_refusal_is_cheap_on_large_inputs():
    # 100,000 probabilities: refused before any matrix (it tried to allocate 74.5 GiB).
    # Timing is measured in benchmarks/metrics_input_check.py, not asserted here: this only
    # checks that no 100,000-class matrix is attempted (it would take minutes or fail).
    rng = np.random.default_rng(0)
    y, proba = rng.integers(0, 2, 100_000), rng.random(100_000)
    for name in ("acsa", "mcc", "f1"):
        with pytest.raises(ValueError, match="continuous"):
            score(name, y, proba)


def test_a_scorer_refuses_a_regressor_like_predict():
    from sklearn.linear_model import LinearRegression

    X = np.arange(8.0)[:, None]
    y = np.array([0, 0, 0, 1, 0, 1, 1, 1])
    with pytest.raises(ValueError, match="continuous"):
        make_scorer("acsa")(LinearRegression().fit(X, y), X, y)


@pytest.mark.parametrize("kind", ["ndarray", "list", "dataframe"])
def test_a_column_vector_is_read_as_one_label_per_sample_with_a_warning(kind):
    y = [0, 1, 1, 0, 2]
    p = [0, 1, 0, 0, 2]
    column = {"ndarray": np.array(y)[:, None], "list": [[v] for v in y],
              "dataframe": pd.DataFrame({"y": y})[["y"]]}[kind]
    with pytest.warns(DataConversionWarning, match="column-vector y_true"):
        value = score("acsa", column, p)
    assert value == pytest.approx(score("acsa", y, p))
    assert value == pytest.approx(skm.balanced_accuracy_score(np.array(y)[:, None], p))
    with pytest.warns(DataConversionWarning, match="column-vector y_pred"):
        cm = confusion_matrix(y, np.array(p)[:, None])
    np.testing.assert_array_equal(cm, skm.confusion_matrix(y, p))


def test_a_string_column_vector_keeps_its_checks():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DataConversionWarning)
        assert score("accuracy", pd.DataFrame({"y": ["a", "b"]}), ["a", "a"]) == 0.5
        with pytest.raises(ValueError, match="mixes string and number"):
            score("accuracy", [[0], ["a"]], [0, 0])


def test_data_conversion_warning_is_exported():
    assert issubclass(metrics.DataConversionWarning, UserWarning)
    assert "check_target" in metrics.__all__ and "DataConversionWarning" in metrics.__all__
