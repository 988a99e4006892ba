"""imbeval.metrics: score() and the named scores agree with sklearn.metrics and
imblearn.metrics wherever both define an index (sample weights, string labels, both
pos_labels), weights act as repetitions, and invalid input raises a clear ValueError."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from imblearn.metrics import geometric_mean_score
from sklearn import metrics as skm

from imbeval import metrics
from imbeval.indices import add_index, compute, registry, unregister_index
from imbeval.metrics import class_labels, confusion_matrix, score

from test_positive_row import issue_labels

NAMES = np.array(["ant", "bee", "cat", "dog", "eel", "fox"])


@st.composite
def labelled(draw, min_classes=2, max_classes=5, strings=None, weights=None):
    """(y_true, y_pred, sample_weight or None, classes): every class occurs in y_true and
    in y_pred, so every recall and precision is defined; int or string labels."""
    c = draw(st.integers(min_classes, max_classes))
    n = draw(st.integers(2 * c, 60))
    t = draw(hnp.arrays(np.int64, n, elements=st.integers(0, c - 1)))
    p = draw(hnp.arrays(np.int64, n, elements=st.integers(0, c - 1)))
    t[:c] = np.arange(c)
    p[c:2 * c] = np.arange(c)
    order = np.array(draw(st.permutations(range(n))))
    t, p = t[order], p[order]
    w = None
    if weights is None and draw(st.booleans()) or weights:
        w = draw(hnp.arrays(np.float64, n, elements=st.floats(0.1, 5.0)))
    as_strings = draw(st.booleans()) if strings is None else strings
    classes = np.arange(c)
    if as_strings:
        t, p, classes = NAMES[t], NAMES[p], NAMES[:c]
    return t, p, w, classes


def close(a, b):
    return a == pytest.approx(b, rel=1e-9, abs=1e-12)


# (imbeval index, sklearn/imblearn function of (y_true, y_pred, sample_weight=))
MULTI_CLASS_TWINS = [
    ("accuracy", skm.accuracy_score),
    ("acsa", skm.balanced_accuracy_score),
    ("macro_recall", skm.balanced_accuracy_score),
    ("macro_recall", lambda t, p, **k: skm.recall_score(t, p, average="macro", **k)),
    ("weighted_recall", lambda t, p, **k: skm.recall_score(t, p, average="weighted", **k)),
    ("macro_precision", lambda t, p, **k: skm.precision_score(t, p, average="macro", **k)),
    ("weighted_precision", lambda t, p, **k: skm.precision_score(t, p, average="weighted", **k)),
    ("macro_f1", lambda t, p, **k: skm.f1_score(t, p, average="macro", **k)),
    ("weighted_f1", lambda t, p, **k: skm.f1_score(t, p, average="weighted", **k)),
    ("mcc", skm.matthews_corrcoef),
    ("kappa", skm.cohen_kappa_score),
    ("gmean", lambda t, p, **k: geometric_mean_score(t, p, average="multiclass", **k)),
    ("g_mean", lambda t, p, **k: geometric_mean_score(t, p, average="multiclass", **k)),
    # catalogue indices are scored by name too
    ("kappa_quadratic", lambda t, p, **k: skm.cohen_kappa_score(t, p, weights="quadratic", **k)),
    ("jaccard_micro", lambda t, p, **k: skm.jaccard_score(t, p, average="micro", **k)),
    ("balanced_accuracy_adjusted",
     lambda t, p, **k: skm.balanced_accuracy_score(t, p, adjusted=True, **k)),
]

# two-class: (imbeval index, function of (y_true, y_pred, pos_label=, sample_weight=))
def _other(t, pos_label):
    return next(c for c in np.unique(t).tolist() if c != pos_label)


TWO_CLASS_TWINS = [
    ("precision", skm.precision_score),
    # imblearn's binary G-mean miscounts the specificity with sample weights (values > 1):
    # the weighted case is checked against sklearn's two recalls instead
    ("gmean2", lambda t, p, sample_weight, **k: geometric_mean_score(t, p, average="binary", **k)
     if sample_weight is None else np.sqrt(
        skm.recall_score(t, p, sample_weight=sample_weight, **k)
        * skm.recall_score(t, p, sample_weight=sample_weight, pos_label=_other(t, k["pos_label"])))),
    # a crisp classifier's ROC curve has one point: its AUC is (TPR + TNR) / 2
    ("auroc2", lambda t, p, pos_label, **k: skm.roc_auc_score(
        np.asarray(t) == pos_label, np.asarray(p) == pos_label, **k)),
]


@settings(max_examples=60)
@given(labelled())
def test_multi_class_indices_equal_sklearn_and_imblearn(data):
    t, p, w, _ = data
    for index, reference in MULTI_CLASS_TWINS:
        assert close(score(index, t, p, sample_weight=w), reference(t, p, sample_weight=w)), index


@settings(max_examples=60)
@given(labelled(min_classes=2, max_classes=2))
def test_two_class_indices_equal_sklearn_with_either_pos_label(data):
    t, p, w, classes = data
    for pos_label in classes.tolist():
        for index, reference in TWO_CLASS_TWINS:
            ours = score(index, t, p, pos_label=pos_label, sample_weight=w)
            assert close(ours, reference(t, p, pos_label=pos_label, sample_weight=w)), (
                index, pos_label)


@settings(max_examples=40)
@given(labelled())
def test_confusion_matrix_equals_sklearn(data):
    t, p, w, classes = data
    cm = confusion_matrix(t, p, sample_weight=w)
    np.testing.assert_array_equal(class_labels(t, p), classes)
    theirs = skm.confusion_matrix(t, p, sample_weight=w)
    np.testing.assert_allclose(cm, theirs, rtol=1e-12)
    assert cm.dtype.kind == theirs.dtype.kind  # integer counts without weights, as sklearn
    reordered = classes[::-1]
    cm = confusion_matrix(t, p, labels=reordered, sample_weight=w)
    np.testing.assert_allclose(cm, skm.confusion_matrix(t, p, labels=reordered, sample_weight=w),
                               rtol=1e-12)
    np.testing.assert_array_equal(class_labels(t, p, labels=reordered), reordered)
    for normalize in ("true", "pred", "all"):
        np.testing.assert_allclose(
            confusion_matrix(t, p, sample_weight=w, normalize=normalize),
            skm.confusion_matrix(t, p, sample_weight=w, normalize=normalize), rtol=1e-12)


@settings(max_examples=40)
@given(labelled(weights=False))
def test_every_registered_index_is_compute_on_the_label_matrix(data):
    """score() = compute() on sklearn's matrix, the positive class's row first."""
    t, p, _, classes = data
    sk = skm.confusion_matrix(t, p)
    for name, info in registry().items():
        if not info.applies_to(classes.size):
            with pytest.raises(ValueError, match="two-class only"):
                score(name, t, p)
            continue
        positive = 1 if info.scope == "two-class" else 0  # pos_label 1 / "bee": row 1
        pos_label = classes[1].item()
        expected = float(compute(sk, names=[name], positive=positive)[name])
        ours = score(name, t, p, pos_label=pos_label, zero_division=np.nan)
        assert close(ours, expected) or (np.isnan(expected) and np.isnan(ours)), name


@settings(max_examples=40)
@given(labelled(weights=False), st.data())
def test_integer_weights_act_as_repetitions(data, draw):
    t, p, _, _ = data
    w = draw.draw(hnp.arrays(np.int64, t.size, elements=st.integers(0, 4)))
    w[0] = max(w[0], 1)
    if np.unique(np.repeat(t, w)).size < 2 and np.unique(np.repeat(p, w)).size < 2:
        w[:] = 1
    for index in ("acsa", "mcc", "iam", "cen", "macro_f1"):
        repeated = score(index, np.repeat(t, w), np.repeat(p, w), labels=np.unique(t),
                         zero_division=0)
        weighted = score(index, t, p, labels=np.unique(t), sample_weight=w, zero_division=0)
        assert close(weighted, repeated), index


@settings(max_examples=40)
@given(labelled(strings=False))
def test_string_and_integer_labels_give_the_same_values(data):
    t, p, w, classes = data
    for name, info in registry().items():
        if not info.applies_to(classes.size):
            continue
        as_int = score(name, t, p, sample_weight=w, pos_label=0, zero_division=np.nan)
        as_str = score(name, NAMES[t], NAMES[p], sample_weight=w, pos_label="ant",
                       zero_division=np.nan)
        assert close(as_str, as_int) or (np.isnan(as_int) and np.isnan(as_str)), name


def test_pos_label_reorders_and_multi_class_indices_ignore_it():
    t, p = [0, 0, 0, 1, 1, 1, 1, 1], [0, 1, 1, 1, 1, 1, 1, 0]
    # labels {0, 1}, pos_label=1: imbeval's first row is class 1
    assert score("precision", t, p) == pytest.approx(4 / 6)
    assert score("precision", t, p, pos_label=0) == pytest.approx(1 / 2)
    assert score("precision", t, p, labels=[1, 0]) == score("precision", t, p)
    for name in ("acsa", "mcc", "iam", "cen"):
        assert score(name, t, p, pos_label=0) == score(name, t, p, pos_label=1), name
        assert score(name, t, p, pos_label="not a label") == score(name, t, p), name


def test_the_sklearn_issue_example():
    y, p = issue_labels()
    assert float(compute(skm.confusion_matrix(y, p))["precision"]) == pytest.approx(0.988, abs=5e-4)
    assert score("precision", y, p) == skm.precision_score(y, p)
    assert score("precision", y, p) == pytest.approx(0.416, abs=5e-4)


def test_named_scores_are_score_of_their_index():
    t, p = ["a", "a", "b", "b", "b", "c", "c", "a"], ["a", "b", "b", "b", "c", "c", "a", "a"]
    t2, p2 = [1, 1, 0, 0, 0, 0], [1, 0, 0, 1, 0, 0]
    assert len(metrics.NAMED_SCORES) >= 10
    values = set()
    for function_name, index in metrics.NAMED_SCORES.items():
        function = getattr(metrics, function_name)
        assert function.__name__ == function_name and index in function.__doc__
        two = registry()[index].scope == "two-class"
        y, z = (t2, p2) if two else (t, p)
        value = function(y, z, sample_weight=np.arange(1, len(y) + 1))
        assert value == score(index, y, z, sample_weight=np.arange(1, len(y) + 1)), function_name
        values.add((two, round(value, 12)))
        if two:
            assert function(y, z, pos_label=0) == score(index, y, z, pos_label=0)
    # the functions are not all bound to one index (a late-binding closure would be)
    assert len(values) >= len(metrics.NAMED_SCORES) - 3
    assert metrics.gmean_score(t, p) == pytest.approx(
        geometric_mean_score(t, p, average="multiclass"))


def test_a_users_index_works_by_name():
    def diagonal_share(cm):
        return np.trace(cm, axis1=-2, axis2=-1) / cm.sum(axis=(-2, -1))

    add_index(diagonal_share, name="diagonal_share_test", formula="Σ m_ii / n")
    try:
        t, p = ["x", "y", "y", "x"], ["x", "y", "x", "x"]
        assert score("diagonal_share_test", t, p) == 0.75
        assert score("diagonal_share_test", t, p, sample_weight=[1, 1, 2, 0]) == 0.5
    finally:
        unregister_index("diagonal_share_test")
    with pytest.raises(ValueError, match="unknown index 'diagonal_share_test'"):
        score("diagonal_share_test", t, p)


def test_labels_may_name_a_class_absent_from_the_data():
    t, p = [0, 0, 1, 1], [0, 1, 1, 1]
    cm = confusion_matrix(t, p, labels=[0, 1, 2])
    assert cm.shape == (3, 3) and cm[2].sum() == 0 and cm[:, 2].sum() == 0
    assert np.isnan(score("acsa", t, p, labels=[0, 1, 2], zero_division=np.nan))
    assert score("acsa", t, p, labels=[0, 1, 2], zero_division=0) == pytest.approx(1.5 / 3)
    assert score("accuracy", t, p, labels=[0, 1, 2]) == 0.75


@pytest.mark.parametrize("call, message", [
    (lambda: score("acsa", [0, 1, 1], [0, 1]), "different lengths"),
    (lambda: score("acsa", [], []), "empty"),
    (lambda: score("gmean", [0, 0], [0, 0]), "one class only"),
    (lambda: score("acsa", [0, 1, 2], [0, 1, 1], labels=[0, 1]), r"y_true has label\(s\) \[2\]"),
    (lambda: score("acsa", [0, 1, 1], [0, 1, 3], labels=[0, 1]), r"y_pred has label\(s\) \[3\]"),
    (lambda: score("acsa", [0, 1], [0, 1], labels=[0, 1, 1]), "labels must be distinct"),
    (lambda: score("acsa", [0, 1], [0, 1], labels=[0]), "at least two classes"),
    (lambda: score("acsa", [0, 1], [0, 1], labels=["a", "b"]), "labels are strings"),
    (lambda: score("acsa", [0, 1], ["a", "b"]), "y_true holds numbers but y_pred holds strings"),
    (lambda: score("acsa", [0, "a"], [0, 1]), "mixes string and number"),
    (lambda: score("acsa", [0.0, np.nan], [0, 1]), "NaN"),
    (lambda: score("acsa", [[0, 1]], [[0, 1]]), "multilabel indicator matrix"),  # as sklearn
    (lambda: score("acsa", [[[0]], [[1]]], [0, 1]), "one-dimensional"),
    (lambda: score("precision", [0, 1], [0, 1], pos_label=2), "pos_label=2 is not among"),
    (lambda: score("precision", ["a", "b"], ["a", "b"]), "pos_label=1 is not among"),
    (lambda: score("precision", [0, 1, 2], [0, 1, 2]), "two-class only"),
    (lambda: score("acsa", [0, 1], [0, 1], sample_weight=[1, -1]), "negative"),
    (lambda: score("acsa", [0, 1], [0, 1], sample_weight=[1, np.inf]), "NaN or infinity"),
    (lambda: score("acsa", [0, 1], [0, 1], sample_weight=[1, 1, 1]), "one weight per sample"),
    (lambda: score("acsa", [0, 1], [0, 1], sample_weight=["a", "b"]), "sample_weight must be"),
    (lambda: score("nope", [0, 1], [0, 1]), "unknown index 'nope'"),
    (lambda: score(len, [0, 1], [0, 1]), "index must be the name"),
    (lambda: score("acsa", [0, 1], [0, 1], zero_division=2), "zero_division must be"),
    (lambda: score("acsa", [0, 1], [0, 1], zero_division="always"), "zero_division must be"),
    (lambda: score("acsa", [0, 1], [0, 1], sample_weight=[0, 0]), "at least one non-zero"),
])
def test_invalid_input_raises_a_clear_value_error(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_pos_label_string_and_number_never_match():
    assert score("precision", ["0", "1"], ["0", "1"], pos_label="1") == 1.0
    with pytest.raises(ValueError, match="pos_label=1 is not among"):
        score("precision", ["0", "1"], ["0", "1"], pos_label=1)


def test_import_loads_neither_tensorflow_nor_snakemake():
    code = (
        "import sys, imbeval.metrics\n"
        "heavy = sorted({m.split('.')[0] for m in sys.modules} & "
        "{'tensorflow', 'snakemake', 'sklearn', 'matplotlib', 'keras'})\n"
        "upper = sorted(m for m in sys.modules if m.startswith('imbeval.') and "
        "m.split('.')[1] not in ('indices', 'metrics', 'utils'))\n"
        "print(heavy, upper)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[] []", out.stdout


def test_pandas_and_boolean_labels():
    import pandas as pd

    t, p = ["b", "a", "b", "c", "c", "a"], ["b", "b", "b", "c", "a", "a"]
    expected = skm.balanced_accuracy_score(t, p)
    for kind in (object, "category", "string"):
        assert score("acsa", pd.Series(t, dtype=kind), pd.Series(p, dtype=kind)) == expected, kind
    tb, pb = np.array([True, False, True, True]), np.array([True, True, False, True])
    assert score("precision", tb, pb) == skm.precision_score(tb, pb)
    assert score("precision", tb, pb, pos_label=False) == skm.precision_score(tb, pb, pos_label=False)
    with pytest.raises(ValueError, match="None of type NoneType"):
        score("acsa", [None, "a"], ["a", "a"])


@settings(max_examples=60)
@given(st.integers(2, 5).flatmap(lambda c: st.tuples(
    st.just(c),
    hnp.arrays(np.int64, st.integers(1, 30), elements=st.integers(0, c - 1)),
    st.data())), st.sampled_from([0.0, 1.0]))
def test_zero_division_agrees_with_sklearn_when_a_class_is_missing(case, zero_division):
    """Classes of ``labels`` may be never predicted or never true: a 0/0 ratio is
    ``zero_division`` in both libraries -- except that imbeval never reports an undefined
    index's best value: where scikit-learn's zero_division=1 gives a perfect 1.0
    to an index that is undefined (NaN without zero_division), imbeval gives NaN."""
    c, t, data = case

    def agrees(ours, theirs, index, pos_label=1):
        if np.isnan(ours) and theirs == 1.0 and zero_division == 1.0:
            return np.isnan(score(index, t, p, labels=labels, pos_label=pos_label,
                                  zero_division=np.nan))
        return close(ours, theirs)

    p = data.draw(hnp.arrays(np.int64, t.size, elements=st.integers(0, c - 1)))
    labels = list(range(c))
    for index, average, reference in [
        ("macro_precision", "macro", skm.precision_score),
        ("macro_recall", "macro", skm.recall_score),
        ("macro_f1", "macro", skm.f1_score),
    ]:
        ours = score(index, t, p, labels=labels, zero_division=zero_division)
        theirs = reference(t, p, labels=labels, average=average, zero_division=zero_division)
        assert agrees(ours, theirs, index), index
    if c == 2:
        for pos_label in (0, 1):
            ours = score("precision", t, p, labels=labels, pos_label=pos_label,
                         zero_division=zero_division)
            theirs = skm.precision_score(t, p, labels=labels, pos_label=pos_label,
                                         zero_division=zero_division)
            assert agrees(ours, theirs, "precision", pos_label), pos_label


def test_a_catalogue_index_has_a_scorer_with_its_orientation():
    # PyCM's error rate is lower-is-better: its scorer is negated, like CEN's
    t = [0, 0, 0, 1, 1, 2, 2, 2]
    p = [0, 0, 1, 1, 1, 2, 0, 2]
    assert registry(catalogue=True)["gwet_ac1"].catalogue
    info = [i for i in registry(catalogue=True).values() if i.catalogue
            and not i.greater_is_better][0]
    value = score(info.name, t, p)
    scorer = metrics.make_scorer(info.name, labels=[0, 1, 2])

    from sklearn.base import BaseEstimator, ClassifierMixin

    class Fixed(ClassifierMixin, BaseEstimator):  # an estimator that predicts p
        classes_ = np.array([0, 1, 2])

        def predict(self, X):
            return np.asarray(p)

    assert scorer(Fixed(), np.zeros((8, 1)), t) == pytest.approx(-value)
    assert value > 0
