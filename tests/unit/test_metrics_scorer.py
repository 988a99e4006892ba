"""imbeval.metrics.make_scorer: scikit-learn scorers in cross_val_score and GridSearchCV,
equal to scikit-learn's own scorers on the same folds, negated for lower-is-better indices,
with labels passed through (a fold missing a class) and sample weights."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from imblearn.metrics import geometric_mean_score
from sklearn import metrics as skm
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, StratifiedKFold, cross_val_score
from sklearn.tree import DecisionTreeClassifier

from imbeval.indices import add_index, compute, registry, unregister_index
from imbeval.metrics import confusion_matrix, make_scorer, score


def dataset(n_classes=3, n=150, seed=0, strings=False):
    """Overlapping Gaussian classes of unequal sizes (a few errors in every fold)."""
    rng = np.random.default_rng(seed)
    sizes = np.linspace(3, 1, n_classes)
    y = rng.choice(n_classes, size=n, p=sizes / sizes.sum())
    X = rng.normal(size=(n, 2)) + np.stack([np.cos(y), np.sin(y)], axis=1) * 1.2
    if strings:
        y = np.array(["ant", "bee", "cat", "dog"])[y]
    return X, y


CV = StratifiedKFold(n_splits=4, shuffle=True, random_state=0)

# imbeval index (and make_scorer keywords) -> scikit-learn's scorer of the same quantity
TWINS = [
    ("accuracy", {}, "accuracy"),
    ("acsa", {}, "balanced_accuracy"),
    ("macro_recall", {}, "recall_macro"),
    ("macro_precision", {}, "precision_macro"),
    ("macro_f1", {}, "f1_macro"),
    ("weighted_f1", {}, "f1_weighted"),
    ("mcc", {}, "matthews_corrcoef"),
    ("kappa", {}, skm.make_scorer(skm.cohen_kappa_score)),
    ("gmean", {}, skm.make_scorer(geometric_mean_score, average="multiclass")),
]


@pytest.mark.parametrize("strings", [False, True])
@pytest.mark.parametrize("index, kwargs, reference", TWINS, ids=[t[0] for t in TWINS])
def test_cross_val_score_equals_sklearns_scorer(index, kwargs, reference, strings):
    X, y = dataset(strings=strings)
    model = LogisticRegression()
    ours = cross_val_score(model, X, y, cv=CV, scoring=make_scorer(index, **kwargs))
    theirs = cross_val_score(model, X, y, cv=CV, scoring=reference)
    assert np.all(np.isfinite(ours)) and len(set(np.round(ours, 12))) > 1
    np.testing.assert_allclose(ours, theirs, rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("pos_label", [0, 1])
def test_two_class_scorers_follow_pos_label(pos_label):
    X, y = dataset(n_classes=2)
    model = LogisticRegression()
    for index, reference in [("precision", skm.precision_score),
                             ("gmean2", geometric_mean_score)]:
        extra = {"average": "binary"} if reference is geometric_mean_score else {}
        ours = cross_val_score(model, X, y, cv=CV,
                               scoring=make_scorer(index, pos_label=pos_label))
        theirs = cross_val_score(model, X, y, cv=CV,
                                 scoring=skm.make_scorer(reference, pos_label=pos_label, **extra))
        np.testing.assert_allclose(ours, theirs, rtol=1e-9, err_msg=index)
    # the default pos_label=1 is scikit-learn's "precision" scorer
    np.testing.assert_allclose(
        cross_val_score(model, X, y, cv=CV, scoring=make_scorer("precision")),
        cross_val_score(model, X, y, cv=CV, scoring="precision"), rtol=1e-9)


def _fold_scores(model, X, y, index, **kwargs):
    out = []
    for train, test in CV.split(X, y):
        fitted = clone(model).fit(X[train], y[train])
        out.append(score(index, y[test], fitted.predict(X[test]), **kwargs))
    return np.array(out)


@pytest.mark.parametrize("index", ["cen", "mcen"])
def test_lower_is_better_indices_are_negated(index):
    assert registry()[index].greater_is_better is False
    X, y = dataset()
    model = LogisticRegression()
    ours = cross_val_score(model, X, y, cv=CV, scoring=make_scorer(index))
    direct = _fold_scores(model, X, y, index)
    assert np.all(direct > 0)
    np.testing.assert_allclose(ours, -direct, rtol=1e-12)
    higher = cross_val_score(model, X, y, cv=CV, scoring=make_scorer("iam"))
    np.testing.assert_allclose(higher, _fold_scores(model, X, y, "iam"), rtol=1e-12)


def test_grid_search_scores_equal_sklearns_and_pick_the_best_side():
    X, y = dataset(seed=1)
    grid = {"max_depth": [1, 2, 3, 5, 8]}
    scoring = {"imb_mcc": make_scorer("mcc"), "sk_mcc": "matthews_corrcoef",
               "imb_acsa": make_scorer("acsa", labels=[0, 1, 2]), "sk_acsa": "balanced_accuracy",
               "imb_cen": make_scorer("cen", labels=[0, 1, 2])}
    search = GridSearchCV(DecisionTreeClassifier(random_state=0), grid, cv=CV, scoring=scoring,
                          refit="imb_cen").fit(X, y)
    results = search.cv_results_
    for k in range(CV.get_n_splits()):
        for ours, theirs in (("imb_mcc", "sk_mcc"), ("imb_acsa", "sk_acsa")):
            np.testing.assert_allclose(results[f"split{k}_test_{ours}"],
                                       results[f"split{k}_test_{theirs}"], rtol=1e-9)
    # refit on -CEN: the chosen depth has the smallest mean CEN
    mean_cen = -results["mean_test_imb_cen"]
    assert np.all(mean_cen > 0)
    assert search.best_index_ == int(np.argmin(mean_cen))
    assert len(set(np.round(mean_cen, 10))) > 1


def test_labels_make_a_fold_missing_a_class_a_full_matrix():
    """A test fold where class 2 is neither true nor predicted: with labels= the scorer's
    matrix is still 3 x 3 (class 2's row and column zero), without it is 2 x 2."""
    X, y = dataset()
    model = LogisticRegression().fit(X, y)
    fold = (y != 2) & (model.predict(X) != 2)
    X_test, y_test = X[fold], y[fold]
    pred = model.predict(X_test)
    assert 2 not in set(y_test) | set(pred) and {0, 1} <= set(y_test)
    with_labels = make_scorer("acsa", labels=[0, 1, 2], zero_division=0)(model, X_test, y_test)
    without = make_scorer("acsa", zero_division=0)(model, X_test, y_test)
    cm = confusion_matrix(y_test, pred, labels=[0, 1, 2])
    assert cm.shape == (3, 3) and cm[2].sum() == 0 and cm[:, 2].sum() == 0
    assert with_labels == pytest.approx(float(compute(cm, names=["acsa"], zero_division=0)["acsa"]))
    assert without == pytest.approx(float(compute(cm[:2, :2], names=["acsa"])["acsa"]))
    assert with_labels == pytest.approx(without * 2 / 3)  # the empty class's recall counts 0
    # inside cross_val_score the labels reach score() too (a model that never predicts 2)
    test = np.flatnonzero(fold)
    train = np.setdiff1d(np.arange(y.size), test)
    inside = [cross_val_score(NeverTwo(), X, y, cv=[(train, test)], scoring=make_scorer(
        "acsa", zero_division=0, **labels))[0] for labels in ({"labels": [0, 1, 2]}, {})]
    assert inside[0] == score("acsa", y[test], NeverTwo().predict(X[test]), labels=[0, 1, 2],
                              zero_division=0)
    assert inside[0] == pytest.approx(inside[1] * 2 / 3)


class NeverTwo(ClassifierMixin, BaseEstimator):
    """Predicts 1 where the first feature is positive, else 0."""

    def fit(self, X, y):
        self.classes_ = np.unique(y)
        return self

    def predict(self, X):
        return (np.asarray(X)[:, 0] > 0).astype(int)


@settings(max_examples=15)
@given(st.lists(st.floats(0.1, 5.0), min_size=60, max_size=60), st.sampled_from(TWINS[:7]))
def test_scorers_pass_sample_weights_on(weights, twin):
    index, kwargs, reference = twin
    X, y = dataset(n=60)
    model = LogisticRegression().fit(X, y)
    w = np.array(weights)
    ours = make_scorer(index, **kwargs)(model, X, y, sample_weight=w)
    theirs = skm.get_scorer(reference)(model, X, y, sample_weight=w)
    assert ours == pytest.approx(theirs, rel=1e-9)
    assert ours == pytest.approx(score(index, y, model.predict(X), sample_weight=w), rel=1e-12)


def test_a_users_lower_is_better_index_gets_a_negated_scorer():
    def error_rate(cm):
        return 1 - np.trace(cm, axis1=-2, axis2=-1) / cm.sum(axis=(-2, -1))

    error_rate.greater_is_better = False
    add_index(error_rate, name="error_rate_test", formula="1 − Σ m_ii / n")
    try:
        X, y = dataset()
        model = LogisticRegression()
        errors = cross_val_score(model, X, y, cv=CV, scoring=make_scorer("error_rate_test"))
        accuracies = cross_val_score(model, X, y, cv=CV, scoring="accuracy")
        np.testing.assert_allclose(errors, accuracies - 1, atol=1e-12)
    finally:
        unregister_index("error_rate_test")


@pytest.mark.parametrize("kwargs, message", [
    ({"average": "macro"}, "'acsa' takes no average="),
    ({"normalize": True}, "make_scorer takes labels, pos_label, zero_division, average, "
                          "adjusted, weights, beta; got normalize"),
    ({"sample_weight": [1, 2]}, "got sample_weight"),
    ({"labels": [0, 0, 1]}, "labels must be distinct"),
    ({"labels": [0]}, "at least two classes"),
    ({"zero_division": "always"}, "zero_division must be \"warn\", NaN or a number"),
])
def test_make_scorer_validates_its_keywords(kwargs, message):
    with pytest.raises(ValueError, match=message):
        make_scorer("acsa", **kwargs)


def test_make_scorer_validates_index_and_pos_label():
    with pytest.raises(ValueError, match="unknown index 'nope'"):
        make_scorer("nope")
    with pytest.raises(ValueError, match="pos_label=2 is not among"):
        make_scorer("precision", labels=[0, 1], pos_label=2)
    with pytest.raises(ValueError, match="two-class only"):
        make_scorer("precision", labels=[0, 1, 2])
    make_scorer("acsa", labels=[0, 1, 2], pos_label="ignored")  # multi-class: no pos_label
