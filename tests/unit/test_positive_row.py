"""Which row is positive: ``compute(cm, positive=ROW)`` and ``imbeval indices --positive ROW``.

imbeval's matrices put the positive class first; ``sklearn.metrics.confusion_matrix`` on
labels {0, 1} puts the negative class first. ``positive=1`` reorders the 2 x 2 matrix for the
two-class indices only; the multi-class indices are invariant to a joint permutation of rows
and columns (a property test below), so they need no positive class.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import confusion_matrix, precision_score, recall_score

from imbeval.cli import main
from imbeval.indices import add_index, compute, registry, unregister_index

from conftest import confusion_matrices

TWO_CLASS = sorted(n for n, i in registry().items() if i.scope == "two-class")
MULTI_CLASS = sorted(n for n, i in registry().items() if i.scope == "multi-class")


@given(confusion_matrices(min_classes=2, max_classes=2, positive_rows=False))
def test_positive_1_equals_the_reversed_matrix_for_two_class_indices(m):
    flipped = compute(m, names=TWO_CLASS, positive=1)
    reversed_ = compute(m[::-1, ::-1], names=TWO_CLASS)
    as_given = compute(m, names=TWO_CLASS, positive=0)
    default = compute(m, names=TWO_CLASS)
    for name in TWO_CLASS:
        np.testing.assert_array_equal(flipped[name], reversed_[name], err_msg=name)
        np.testing.assert_array_equal(as_given[name], default[name], err_msg=name)


@settings(max_examples=60)
@given(confusion_matrices(min_classes=2, max_classes=6, positive_rows=False), st.randoms())
def test_multi_class_indices_are_invariant_to_a_joint_permutation(m, random):
    """Theorem: every registered multi-class index is a symmetric function of the classes,
    so relabelling the classes (the same permutation of rows and columns) leaves it as is."""
    order = list(range(m.shape[0]))
    random.shuffle(order)
    permuted = m[np.ix_(order, order)]
    a = compute(m, names=MULTI_CLASS)
    b = compute(permuted, names=MULTI_CLASS)
    for name in MULTI_CLASS:
        np.testing.assert_allclose(b[name], a[name], rtol=1e-9, atol=1e-12, equal_nan=True,
                                   err_msg=name)


def test_multi_class_indices_get_the_matrix_as_given():
    # A user's multi-class index that is not symmetric in the classes (recall of class 0)
    # shows that positive= reorders only the two-class indices' input.
    def first_recall(cm):
        return cm[..., 0, 0] / cm[..., 0, :].sum(axis=-1)

    add_index(first_recall, name="first_recall_test", formula="m_00 / n_0")
    try:
        m = np.array([[3.0, 1.0], [2.0, 6.0]])
        values = compute(m, names=["first_recall_test", "gmean2", "precision"], positive=1)
        assert float(values["first_recall_test"]) == 0.75
        assert float(values["precision"]) == pytest.approx(6 / 7)
        assert list(values) == ["first_recall_test", "gmean2", "precision"]
    finally:
        unregister_index("first_recall_test")


def test_positive_works_chunk_by_chunk():
    rng = np.random.default_rng(5)
    stack = rng.integers(0, 40, size=(25, 2, 2))
    whole = compute(stack, positive=1, chunk_size=None)
    chunked = compute(stack, positive=1, chunk_size=7)
    for name, values in whole.items():
        np.testing.assert_array_equal(chunked[name], values, err_msg=name)
    np.testing.assert_array_equal(whole["precision"], compute(stack[:, ::-1, ::-1])["precision"])


@pytest.mark.parametrize("positive, classes, message", [
    (2, 2, "0 or 1"), (-1, 2, "0 or 1"), (True, 2, "integer"), ("1", 2, "integer"),
    (1.0, 2, "integer"), (1, 3, "C = 3"),
])
def test_bad_positive_raises_naming_the_parameter(positive, classes, message):
    m = np.eye(classes) + 1
    with pytest.raises(ValueError, match=message) as info:
        compute(m, positive=positive)
    assert str(info.value).startswith("positive")


def issue_labels(n=1000, seed=0):
    """Issue 22's example: 10 % positives, then 10 % of the labels flipped."""
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.1).astype(int)
    return y, np.where(rng.random(n) < 0.1, 1 - y, y)


def test_the_sklearn_issue_example():
    """10 % positives, 10 % of labels flipped: sklearn's matrix read as imbeval's gives the
    negative class's precision (about 0.988) where precision_score gives about 0.416;
    positive=1 gives precision_score's value (1,000 points, seed 0: the issue's numbers)."""
    y, p = issue_labels()
    cm = confusion_matrix(y, p)
    wrong = float(compute(cm, names=["precision"])["precision"])
    right = float(compute(cm, names=["precision"], positive=1)["precision"])
    assert wrong == pytest.approx(0.988, abs=5e-4)
    assert precision_score(y, p) == pytest.approx(0.416, abs=5e-4)
    assert right == pytest.approx(precision_score(y, p), rel=1e-12)
    same = compute(cm[::-1, ::-1], names=["precision", "gmean2"])
    assert float(same["precision"]) == right
    tpr_tnr = recall_score(y, p) * recall_score(y, p, pos_label=0)
    assert float(compute(cm, names=["gmean2"], positive=1)["gmean2"]) == pytest.approx(
        np.sqrt(tpr_tnr), rel=1e-12)


def _cli(capsys, *args):
    code = main(["indices", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_cli_positive_flag(tmp_path, capsys):
    path = tmp_path / "sk.json"
    path.write_text("[[880, 20], [28, 72]]")
    code, out, err = _cli(capsys, str(path), "--format", "json", "--positive", "1")
    assert code == 0 and err == ""
    flipped = json.loads(out)
    code, out, _ = _cli(capsys, str(path), "--format", "json")
    default = json.loads(out)
    assert flipped["precision"] == pytest.approx(72 / 92)
    assert default["precision"] == pytest.approx(880 / 908)
    for name in MULTI_CLASS:
        assert flipped[name] == pytest.approx(default[name], rel=1e-12, nan_ok=True), name
    stack = tmp_path / "stack.json"
    stack.write_text("[[[880, 20], [28, 72]], [[1, 3], [2, 4]]]")
    code, out, _ = _cli(capsys, str(stack), "--format", "json", "--positive", "1",
                        "--only", "precision")
    assert code == 0
    assert [d["precision"] for d in json.loads(out)] == pytest.approx([72 / 92, 4 / 7])


@pytest.mark.parametrize("content, value, message", [
    ("[[1, 2], [3, 4]]", "2", "--positive must be a row of the 2 x 2 matrix"),
    ("[[1, 2, 0], [3, 4, 0], [0, 0, 1]]", "1", "--positive chooses the positive row"),
])
def test_cli_bad_positive_is_one_line_naming_the_flag(tmp_path, capsys, content, value, message):
    path = tmp_path / "m.json"
    path.write_text(content)
    code, out, err = _cli(capsys, str(path), "--positive", value)
    assert code != 0 and out == ""
    assert err.count("\n") == 1 and message in err
