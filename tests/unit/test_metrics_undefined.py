"""Undefined indices: zero_division never reports an undefined index's best value,
and a scorer never yields NaN inside a search (its documented rule: an undefined fold is
scored with zero_division="warn" -- 0 and an UndefinedScoreWarning naming the missing class
and the remedy -- or the scorer raises)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn import metrics as skm
from sklearn.datasets import make_classification
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, KFold, StratifiedKFold

from imbeval.indices import registry
from imbeval.metrics import UndefinedScoreWarning, make_scorer, score

GRID = {"C": [0.001, 0.01, 0.1, 1, 10]}


# ---------------------------------------------------------------- zero_division


def test_the_issue_s_zero_division_reproducers_are_undefined_as_in_scikit_learn():
    t = p = [0, 0, 0]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        sk_kappa = skm.cohen_kappa_score(t, p, labels=[0, 1], weights="quadratic")
        sk_nlr = skm.class_likelihood_ratios(t, p, labels=[0, 1])[1]
    assert np.isnan(sk_kappa) and np.isnan(sk_nlr)
    assert np.isnan(score("kappa_quadratic", t, p, labels=[0, 1], zero_division=0))
    assert np.isnan(score("negative_likelihood_ratio", t, p, labels=[0, 1], zero_division=0))
    # was 1.0 (kappa's best) and 0.0 (the best of a lower-is-better ratio)
    assert np.isnan(score("cohen_kappa", t, p, labels=[0, 1], weights="quadratic",
                          zero_division=0))


def test_zero_division_still_fills_a_ratio_where_the_result_is_not_the_best():
    # class 2 of labels never occurs: its recall 0/0 counts as 0 (scikit-learn's rule)
    t, p = [0, 0, 1, 1], [0, 0, 1, 0]
    assert score("acsa", t, p, labels=[0, 1, 2], zero_division=0) == pytest.approx(1.5 / 3)
    assert score("acsa", t, p, labels=[0, 1, 2], zero_division=0) == pytest.approx(
        skm.recall_score(t, p, labels=[0, 1, 2], average="macro", zero_division=0))
    # a perfect classifier on the classes present, class 2 absent: 1.0 would claim a perfect
    # score for an index that is undefined -- NaN (scikit-learn's zero_division=1 says 1.0)
    assert np.isnan(score("acsa", [0, 1], [0, 1], labels=[0, 1, 2], zero_division=1))
    assert skm.recall_score([0, 1], [0, 1], labels=[0, 1, 2], average="macro",
                            zero_division=1) == 1.0


def test_the_drop_ins_give_scikit_learn_s_1_where_score_and_compute_keep_nan():
    """The drop-in functions follow scikit-learn's zero_division=1 to the letter; imbeval's
    own names (score, indices.compute) never report an undefined index's best value."""
    from imbeval.indices import compute
    from imbeval.metrics import recall_score

    t, p = [0, 1], [0, 1]  # class 2 of labels never occurs: its recall is 0/0
    assert recall_score(t, p, labels=[0, 1, 2], average="macro", zero_division=1) == \
        skm.recall_score(t, p, labels=[0, 1, 2], average="macro", zero_division=1) == 1.0
    assert np.isnan(score("recall_macro", t, p, labels=[0, 1, 2], zero_division=1))
    cm = np.diag([1.0, 1.0, 0.0])
    assert np.isnan(compute(cm, names=["acsa"], zero_division=1)["acsa"])


def _best(info):
    return info.bounds[1] if info.greater_is_better else info.bounds[0]


INDICES = sorted(name for name, info in registry(catalogue=True).items() if info.alias_of is None)


@settings(max_examples=300)
@given(st.sampled_from(INDICES), st.integers(2, 4).flatmap(
    lambda c: st.tuples(st.just(c), st.lists(st.tuples(st.integers(0, c - 1), st.integers(0, c - 1)),
                                             min_size=1, max_size=8))),
       st.sampled_from([0.0, 0.5, 1.0]))
def test_zero_division_never_reports_the_best_value_of_an_undefined_index(name, case, zd):
    info = registry(catalogue=True)[name]
    c, pairs = case
    if info.scope == "two-class":
        c, pairs = 2, [(a % 2, b % 2) for a, b in pairs]
    t, p = [a for a, _ in pairs], [b for _, b in pairs]
    labels = list(range(c))
    undefined = np.isnan(score(name, t, p, labels=labels, zero_division=np.nan))
    value = score(name, t, p, labels=labels, zero_division=zd)
    if undefined and not np.isnan(value):
        best = _best(info)
        assert (value < best - 1e-12) if info.greater_is_better else (value > best + 1e-12), \
            (name, t, p, zd, value)


# ---------------------------------------------------------------- scorers in a search


def _issue_data():
    """The issue's reproducer: 5 classes (weights .6/.25/.1/.04/.01), 400 samples; with
    KFold(5, shuffle=True, random_state=3) three folds lack class 4 (4 samples)."""
    X, y = make_classification(n_samples=400, n_classes=5, n_informative=5,
                               weights=[.6, .25, .1, .04, .01], random_state=0)
    return X, y


def _search(scoring, cv, **kwargs):
    search = GridSearchCV(LogisticRegression(max_iter=2000), GRID, scoring=scoring, cv=cv,
                          **kwargs)
    return search.fit(*_issue_data())


@pytest.mark.slow
def test_the_issue_s_search_picks_scikit_learn_s_c_and_says_why_a_fold_is_undefined():
    X, y = _issue_data()
    cv = KFold(5, shuffle=True, random_state=3)
    missing = [sorted(set(range(5)) - set(y[test])) for _, test in cv.split(X)]
    assert [4] in missing  # the reproducer holds: some fold lacks the rarest class
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        sklearn_pick = _search("balanced_accuracy", cv).best_params_["C"]
    with pytest.warns(UndefinedScoreWarning) as record:
        ours = _search(make_scorer("acsa", labels=range(5)), cv)
    # no NaN anywhere (it scored NaN on every grid point and picked C = 0.001)
    assert np.all(np.isfinite(ours.cv_results_["mean_test_score"]))
    assert ours.best_params_["C"] == sklearn_pick == 1
    messages = {str(w.message) for w in record if w.category is UndefinedScoreWarning}
    assert all("class(es) [4] of labels have no sample in this fold's y_true" in m
               and "StratifiedKFold" in m for m in messages), messages
    # scikit-learn's name gives the same search
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedScoreWarning)
        named = _search(make_scorer("balanced_accuracy", labels=range(5)), cv)
    np.testing.assert_array_equal(named.cv_results_["mean_test_score"],
                                  ours.cv_results_["mean_test_score"])


@pytest.mark.slow
def test_the_remedy_stratified_folds_leaves_nothing_undefined():
    cv = StratifiedKFold(4, shuffle=True, random_state=3)  # 4 = the rarest class's count
    with warnings.catch_warnings():
        warnings.simplefilter("error", UndefinedScoreWarning)
        ours = _search(make_scorer("acsa", labels=range(5)), cv)
    sklearn = _search("balanced_accuracy", cv)
    np.testing.assert_allclose(ours.cv_results_["mean_test_score"],
                               sklearn.cv_results_["mean_test_score"], rtol=1e-12)
    assert ours.best_params_ == sklearn.best_params_


class _Constant:
    """A fitted stand-in predicting ``y_pred`` whatever X is."""

    def __init__(self, y_pred, classes=(0, 1, 2)):
        self.y_pred = np.asarray(y_pred)
        self.classes_ = np.asarray(classes)

    def predict(self, X):
        return self.y_pred

    def __sklearn_tags__(self):
        from sklearn.utils import Tags, TargetTags

        return Tags(estimator_type="classifier", target_tags=TargetTags(required=True))


def test_a_scorer_raises_where_zero_still_leaves_the_index_undefined():
    X = np.zeros((3, 1))
    # negative likelihood ratio, lower is better: 0 would be its best value
    scorer = make_scorer("negative_likelihood_ratio", labels=[0, 1])
    with pytest.raises(ValueError, match=r"make_scorer\('negative_likelihood_ratio'\): the "
                                         r"index is undefined on this fold: class\(es\) \[1\]"):
        scorer(_Constant([0, 0, 0], classes=(0, 1)), X, [0, 0, 0])


def test_a_scorer_with_zero_division_nan_raises_and_a_number_is_used_silently():
    X = np.zeros((4, 1))
    t, p = [0, 0, 1, 1], [0, 0, 1, 1]
    with pytest.raises(ValueError, match=r"class\(es\) \[2\] of labels have no sample"):
        make_scorer("acsa", labels=[0, 1, 2], zero_division=np.nan)(_Constant(p), X, t)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert make_scorer("acsa", labels=[0, 1, 2], zero_division=0)(_Constant(p), X, t) == \
            pytest.approx(2 / 3)
    with pytest.warns(UndefinedScoreWarning, match="scored with zero_division=0"):
        assert make_scorer("acsa", labels=[0, 1, 2])(_Constant(p), X, t) == pytest.approx(2 / 3)


@pytest.mark.slow
def test_error_score_raise_stops_a_search_with_the_scorer_s_message():
    cv = KFold(5, shuffle=True, random_state=3)
    with pytest.raises(ValueError, match=r"class\(es\) \[4\] .*StratifiedKFold"):
        _search(make_scorer("acsa", labels=range(5), zero_division=np.nan), cv,
                error_score="raise")
