"""kluska: the worked example, and support-weighted averages against scikit-learn."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from sklearn.metrics import confusion_matrix, precision_recall_fscore_support

from imbeval.indices import kluska, mortaz2020

from conftest import confusion_matrices
from test_indices_mullick2020 import labels_from_matrix


def test_worked_example():
    t = [0, 1, 2, 2, 0]
    p = [0, 0, 2, 1, 0]
    m = confusion_matrix(t, p)
    np.testing.assert_array_equal(m, [[2, 0, 0], [1, 0, 0], [0, 1, 1]])
    assert mortaz2020.accuracy(m) == pytest.approx(3 / 5)
    assert kluska.weighted_precision(m) == pytest.approx(2 / 3)
    assert kluska.weighted_recall(m) == pytest.approx(3 / 5)
    assert kluska.weighted_f1(m) == pytest.approx(44 / 75)


def test_fbeta_weight_is_one_plus_beta_squared():
    m = np.array([[2, 0, 0], [1, 0, 0], [0, 1, 1]])
    y_true, y_pred = labels_from_matrix(m)
    for beta in (0.5, 2.0, 3.0):
        _, _, f, _ = precision_recall_fscore_support(
            y_true, y_pred, beta=beta, average="weighted", zero_division=0
        )
        assert kluska.weighted_fbeta(m, beta) == pytest.approx(f)
    with pytest.raises(ValueError, match="beta"):
        kluska.weighted_fbeta(m, -1)


@given(confusion_matrices(max_classes=6, positive_cols=True))
def test_against_scikit_learn_weighted_average(m):
    y_true, y_pred = labels_from_matrix(m)
    p, r, f, _ = precision_recall_fscore_support(y_true, y_pred, average="weighted", zero_division=0)
    assert kluska.weighted_precision(m) == pytest.approx(p, abs=1e-12)
    assert kluska.weighted_recall(m) == pytest.approx(r, abs=1e-12)
    assert kluska.weighted_f1(m) == pytest.approx(f, abs=1e-12)
    assert kluska.weighted_recall(m) == pytest.approx(mortaz2020.accuracy(m), abs=1e-12)
