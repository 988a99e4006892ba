"""imbeval.metrics as a drop-in for scikit-learn users: every reported case
against scikit-learn 1.9 / imbalanced-learn 0.14, and the drop-in functions, per-class
values and the macro-averaged MAE against them on random problems (values, warnings, errors).
"""

from __future__ import annotations

import inspect
import warnings

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from imblearn import metrics as im
from sklearn import metrics as skm
from sklearn.utils.multiclass import type_of_target

from imbeval import metrics
from imbeval.metrics import (UndefinedMetricWarning, class_labels, classification_report,
                             confusion_matrix, score)


def _run(call):
    """(value or the exception's type, the warnings' categories) of ``call()``."""
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        try:
            value = call()
        except ValueError:
            value = ValueError
    return value, [w.category for w in record if issubclass(w.category, UserWarning)]


def _same(ours, theirs):
    """Equal values (NaN = NaN), or both ValueError. Deliberate difference (docs/metrics.md):
    where scikit-learn's adjusted balanced accuracy is -inf (one class in y_true), NaN."""
    if ours is ValueError or theirs is ValueError:
        return ours is theirs
    a, b = np.asarray(ours, dtype=float), np.asarray(theirs, dtype=float)
    b = np.where(np.isinf(b), np.nan, b)
    return a.shape == b.shape and bool(np.all((np.isnan(a) & np.isnan(b))
                                               | np.isclose(a, b, rtol=1e-9, atol=1e-12)))


# ------------------------------------------------------------- the issue's reproducers


def test_issue_2_an_undefined_macro_recall_is_0_625_with_a_warning_as_in_scikit_learn():
    args = ([0, 1, 1, 2], [0, 1, 2, 2])
    with pytest.warns(UndefinedMetricWarning, match=r"class\(es\) \[3\] of labels have no "
                                                    r"sample in y_true"):
        ours = score("recall_macro", *args, labels=[0, 1, 2, 3])
    with pytest.warns(skm._classification.UndefinedMetricWarning):
        theirs = skm.recall_score(*args, labels=[0, 1, 2, 3], average="macro")
    assert ours == theirs == 0.625
    # NaN: scikit-learn leaves the undefined class out; imbeval's ACSA is undefined
    assert score("recall_macro", *args, labels=[0, 1, 2, 3], zero_division=np.nan) == \
        skm.recall_score(*args, labels=[0, 1, 2, 3], average="macro", zero_division=np.nan) == \
        pytest.approx(2.5 / 3)
    assert np.isnan(score("acsa", *args, labels=[0, 1, 2, 3], zero_division=np.nan))


def test_issue_2_all_zero_weights_and_zero_division_are_checked_as_in_scikit_learn():
    args = ([0, 1, 1, 2], [0, 1, 2, 2])
    for call in (lambda w: score("acsa", *args, sample_weight=w),
                 lambda w: metrics.balanced_accuracy_score(*args, sample_weight=w),
                 lambda w: confusion_matrix(*args, sample_weight=w),
                 lambda w: skm.balanced_accuracy_score(*args, sample_weight=w)):
        with pytest.raises(ValueError, match="non-zero"):
            call([0, 0, 0, 0])
    # "warn" (scikit-learn's default) everywhere; 2 nowhere
    assert score("acsa", *args, zero_division="warn") == skm.balanced_accuracy_score(*args)
    classification_report(*args, zero_division="warn")
    metrics.make_scorer("acsa", zero_division="warn")
    for call in (lambda: score("acsa", *args, zero_division=2),
                 lambda: classification_report(*args, zero_division=2),
                 lambda: metrics.make_scorer("acsa", zero_division=2),
                 lambda: skm.recall_score(*args, average="macro", zero_division=2)):
        with pytest.raises(ValueError, match="zero_division"):
            call()


def test_issue_3_average_none_gives_scikit_learn_s_per_class_array():
    ours = score("f1", [0, 0, 1, 1, 1], [0, 1, 1, 1, 0], average=None)
    np.testing.assert_allclose(ours, skm.f1_score([0, 0, 1, 1, 1], [0, 1, 1, 1, 0], average=None))
    np.testing.assert_allclose(ours, [0.5, 2 / 3])
    assert score("fbeta", [0, 0, 1, 1, 1], [0, 1, 1, 1, 0], beta=2) == pytest.approx(
        skm.fbeta_score([0, 0, 1, 1, 1], [0, 1, 1, 1, 0], beta=2))


def test_issue_4_macro_averaged_mae_measures_label_values_as_imbalanced_learn():
    assert score("macro_averaged_mean_absolute_error", [0, 2, 2], [2, 0, 2]) == 1.5
    assert im.macro_averaged_mean_absolute_error([0, 2, 2], [2, 0, 2]) == 1.5
    assert metrics.macro_averaged_mean_absolute_error([0, 2, 2], [2, 0, 2]) == 1.5
    with pytest.raises(ValueError, match="number labels"):
        score("macro_averaged_mean_absolute_error", ["a", "b"], ["b", "a"])


def test_issue_5_one_class_gives_scikit_learn_s_values():
    one = ([1, 1, 1], [1, 1, 1])
    assert score("accuracy", *one) == skm.accuracy_score(*one) == 1.0
    assert score("balanced_accuracy", *one) == 1.0
    with pytest.warns(UndefinedMetricWarning, match="single class"):
        assert score("mcc", *one) == 0.0
    with pytest.warns(UserWarning):
        assert skm.matthews_corrcoef(*one) == 0.0
    with pytest.raises(ValueError, match="one class only; 'gmean' needs at least two"):
        score("gmean", *one)
    assert score("gmean", *one, labels=[0, 1], zero_division=0) == 0.0


def test_issue_6_probabilities_huge_labels_and_the_fold_warning_without_labels():
    proba = np.random.default_rng(0).dirichlet(np.ones(3), size=10_000)
    with pytest.raises(ValueError, match="continuous values, like the output of predict_proba"):
        score("acsa", np.zeros(10_000, dtype=int), proba)
    huge = np.array([1e20, 0.0, 1e20])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # scikit-learn's cast overflows
        assert type_of_target(huge) == "continuous"
    with pytest.raises(ValueError, match="continuous"):
        score("acsa", huge, [0, 1, 0])
    assert score("acsa", np.array([2.0 ** 62, 0.0]), np.array([2.0 ** 62, 0.0])) == 1.0
    # without labels= a class missing from y_true was predicted: say so, not "of labels"
    scorer = metrics.make_scorer("acsa")
    model = _Constant([0, 1, 4])
    with pytest.warns(metrics.UndefinedScoreWarning) as record:
        scorer(model, np.zeros((3, 1)), [0, 1, 1])
    message = str(record[0].message)
    assert "class(es) [4] are predicted but have no sample in this fold's y_true" in message
    assert "of labels" not in message


class _Constant:
    def __init__(self, y_pred):
        self.y_pred = np.asarray(y_pred)
        self.classes_ = np.unique(self.y_pred)

    def predict(self, X):
        return self.y_pred

    def __sklearn_tags__(self):
        from sklearn.utils import Tags, TargetTags

        return Tags(estimator_type="classifier", target_tags=TargetTags(required=True))


def test_score_based_names_say_they_need_scores():
    for name, function in [("roc_auc", "roc_auc_score"), ("average_precision",
                           "average_precision_score"), ("log_loss", "log_loss"),
                           ("brier_score_loss", "brier_score_loss")]:
        with pytest.raises(ValueError, match=rf"'{name}' needs scores, not labels: .*"
                                             rf"sklearn\.metrics\.{function}\(") as err:
            score(name, [0, 1], [0, 1])
        assert "did you mean" not in str(err.value)
        with pytest.raises(ValueError, match="needs scores"):
            metrics.make_scorer(name)


# ------------------------------------------------------------- scikit-learn-shaped results


def test_confusion_matrix_display_takes_the_matrix():
    import matplotlib

    matplotlib.use("Agg")
    from sklearn.metrics import ConfusionMatrixDisplay

    y, p = ["a", "b", "b", "c", "a"], ["a", "b", "c", "c", "b"]
    cm = confusion_matrix(y, p)
    np.testing.assert_array_equal(cm, skm.confusion_matrix(y, p))
    display = ConfusionMatrixDisplay(cm, display_labels=class_labels(y, p)).plot()
    np.testing.assert_array_equal(display.confusion_matrix, cm)
    import matplotlib.pyplot as plt

    plt.close(display.figure_)
    with pytest.raises(ValueError, match="normalize must be"):
        confusion_matrix(y, p, normalize="rows")
    with pytest.warns(UserWarning, match="single label"):
        assert confusion_matrix([1, 1], [1, 1]).tolist() == [[2]]


def test_classification_report_dict_has_scikit_learn_s_accuracy():
    y, p = [0, 0, 1, 1, 2, 2, 2], [0, 1, 1, 1, 2, 0, 2]
    ours = classification_report(y, p, output_dict=True)
    theirs = skm.classification_report(y, p, output_dict=True)
    assert ours["accuracy"] == theirs["accuracy"] == pytest.approx(5 / 7)


def test_every_drop_in_function_has_scikit_learn_s_signature():
    for name in metrics.DROP_IN:
        library = getattr(skm, name, None) or getattr(im, name)
        ours = inspect.signature(getattr(metrics, name))
        theirs = inspect.signature(library)
        assert [(p.name, p.kind, p.default if not isinstance(p.default, float) else "f")
                for p in ours.parameters.values()] == \
               [(p.name, p.kind, p.default if not isinstance(p.default, float) else "f")
                for p in theirs.parameters.values()], name
        assert getattr(metrics, name).__module__ == "imbeval.metrics._dropin"  # written out


def test_named_functions_are_written_out_and_score_takes_their_names():
    t, p = [0, 0, 0, 1, 1, 2, 2, 2], [0, 0, 1, 1, 1, 2, 0, 2]
    for name in metrics.NAMED_SCORES:
        function = getattr(metrics, name)
        assert function.__module__ == "imbeval.metrics._named" and function.__name__ == name
    assert score("gmean_score", t, p) == metrics.gmean_score(t, p) == pytest.approx(
        im.geometric_mean_score(t, p))
    for average in ("macro", "weighted", "micro", None):
        assert _same(metrics.gmean_score(t, p, average=average),
                     im.geometric_mean_score(t, p, average=average)), average


# ------------------------------------------------------------- random problems


@st.composite
def problems(draw, gaps=False):
    """(y_true, y_pred, labels or None, sample_weight or None): C = 2-4 classes, any counts
    (classes may be missing from y_true or y_pred), labels= naming every class or not."""
    c = draw(st.integers(2, 4))
    values = (np.array(sorted(draw(st.sets(st.integers(-5, 30), min_size=c, max_size=c))))
              if gaps else np.arange(c))
    n = draw(st.integers(1, 14))
    t = values[np.array(draw(st.lists(st.integers(0, c - 1), min_size=n, max_size=n)))]
    p = values[np.array(draw(st.lists(st.integers(0, c - 1), min_size=n, max_size=n)))]
    # one class without labels= is the reproducer's business (scikit-learn's values for
    # accuracy, balanced accuracy and MCC; imbeval's other indices need labels=)
    labels = list(values) if draw(st.booleans()) or len(set(t) | set(p)) < 2 else None
    w = None
    if draw(st.booleans()):
        w = np.array(draw(st.lists(st.sampled_from([0.5, 1.0, 2.0, 3.0]), min_size=n,
                                   max_size=n)))
    return t, p, labels, w


_PRF = ("precision_score", "recall_score", "f1_score", "jaccard_score")


@settings(max_examples=150, deadline=None)
@given(problems(), st.sampled_from(_PRF + ("fbeta_score",)),
       st.sampled_from(["warn", 0.0, np.nan]))
def test_average_none_equals_scikit_learn_s_per_class_arrays(case, name, zero_division):
    t, p, labels, w = case
    if name == "jaccard_score" and zero_division != "warn" and np.isnan(zero_division):
        zero_division = 0.0  # scikit-learn's jaccard_score refuses NaN (imbeval takes it)
    extra = {"beta": 0.5} if name == "fbeta_score" else {}
    kwargs = dict(labels=labels, average=None, sample_weight=w, zero_division=zero_division,
                  **extra)
    ours, our_warnings = _run(lambda: getattr(metrics, name)(t, p, **kwargs))
    theirs, their_warnings = _run(lambda: getattr(skm, name)(t, p, **kwargs))
    assert _same(ours, theirs), (ours, theirs)
    assert bool(our_warnings) == bool(their_warnings), (our_warnings, their_warnings)
    base = name[:-len("_score")]
    assert _same(_run(lambda: score(base, t, p, **kwargs))[0], ours)


@settings(max_examples=100, deadline=None)
@given(problems(), st.sampled_from(["sensitivity_score", "specificity_score",
                                    "geometric_mean_score"]))
def test_average_none_equals_imbalanced_learn_s_per_class_arrays(case, name):
    t, p, labels, _ = case  # imbalanced-learn's weighted specificity is wrong: unweighted
    ours, _ = _run(lambda: getattr(metrics, name)(t, p, labels=labels, average=None))
    theirs, _ = _run(lambda: getattr(im, name)(t, p, labels=labels, average=None))
    assert _same(ours, theirs), (ours, theirs)


@settings(max_examples=150, deadline=None)
@given(problems(gaps=True))
def test_macro_mae_equals_imbalanced_learn_s_on_label_gaps(case):
    t, p, _, w = case
    ours = _run(lambda: metrics.macro_averaged_mean_absolute_error(t, p, sample_weight=w))[0]
    theirs = _run(lambda: im.macro_averaged_mean_absolute_error(t, p, sample_weight=w))[0]
    assert _same(ours, theirs), (t, p, w, ours, theirs)
    if ours is not ValueError and len(set(t) | set(p)) > 1:
        assert score("macro_averaged_mean_absolute_error", t, p, sample_weight=w) == \
            pytest.approx(theirs)


# name -> keyword sets; each drop-in is called as scikit-learn's function with the same ones
_CALLS = {
    "accuracy_score": [{}, {"normalize": False}],
    "zero_one_loss": [{}, {"normalize": False}],
    "hamming_loss": [{}],
    "balanced_accuracy_score": [{}, {"adjusted": True}],
    "matthews_corrcoef": [{}],
    "cohen_kappa_score": [{"weights": None}, {"weights": "linear"}, {"weights": "quadratic"}],
    **{name: [{"average": a, "zero_division": z} for a in ("macro", "weighted", "micro")
              for z in ("warn", 0.0) + ((np.nan,) if name != "jaccard_score" else ())]
       for name in _PRF},
    "fbeta_score": [{"beta": 2.0, "average": a} for a in ("macro", "weighted", "micro")],
}


@settings(max_examples=300, deadline=None)
@given(problems(), st.sampled_from([(n, k) for n, ks in _CALLS.items() for k in ks]))
# found by this test (28 Nov 2026): the weighted average of a NaN class and a class of zero
# support is scikit-learn's plain mean of the latter (0.0), not NaN
@example((np.array([0]), np.array([1]), None, None),
         ("precision_score", {"average": "weighted", "zero_division": np.nan}))
def test_every_drop_in_function_equals_scikit_learn_on_random_problems(case, call):
    t, p, labels, w = case
    name, kwargs = call
    if "labels" in inspect.signature(getattr(skm, name)).parameters:
        kwargs = {**kwargs, "labels": labels}
    ours, our_warnings = _run(lambda: getattr(metrics, name)(t, p, sample_weight=w, **kwargs))
    theirs, their_warnings = _run(lambda: getattr(skm, name)(t, p, sample_weight=w, **kwargs))
    assert _same(ours, theirs), (name, kwargs, ours, theirs)
    assert bool(our_warnings) == bool(their_warnings), (name, our_warnings, their_warnings)


@settings(max_examples=100, deadline=None)
@given(problems(), st.sampled_from(["sensitivity_score", "specificity_score",
                                    "geometric_mean_score"]),
       st.sampled_from(["macro", "weighted", "micro"]))
def test_imbalanced_learn_s_functions_on_random_problems(case, name, average):
    t, p, labels, _ = case  # unweighted: imbalanced-learn's weighted specificity is wrong
    ours = _run(lambda: getattr(metrics, name)(t, p, labels=labels, average=average))[0]
    theirs = _run(lambda: getattr(im, name)(t, p, labels=labels, average=average))[0]
    assert _same(ours, theirs), (name, average, ours, theirs)


@pytest.mark.slow
def test_the_readme_s_cross_validate_example_runs_with_several_imbeval_names(tmp_path):
    """The guide's example (docs/indices.md, once the README's), run as a user's script (``__main__``: the user's index reaches
    the two worker processes only through the scorer)."""
    import json
    import os
    import re
    import subprocess
    import sys
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "docs" / "indices.md").read_text()
    block = re.search(r"<!-- readme-cross-validate -->\n```python\n(.*?)\n```", page,
                      flags=re.S).group(1)
    *body, last = block.rstrip().splitlines()
    script = "\n".join(body) + f"\nimport json\nprint(json.dumps({{k: float(v) for k, v in ({last}).items()}}))\n"
    (tmp_path / "example.py").write_text(script)
    done = subprocess.run([sys.executable, "example.py"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=600, env={**os.environ, "LOKY_MAX_CPU_COUNT": "2"})
    assert done.returncode == 0, done.stderr[-3000:]
    means = json.loads(done.stdout.strip().splitlines()[-1])
    assert set(means) == {"gmean", "iam", "diag_share"}
    assert all(np.isfinite(v) for v in means.values())
    assert -1 <= means["iam"] <= 1
    # diag_share is the accuracy, here with scikit-learn's own scorer on the same folds
    from sklearn.datasets import make_classification
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import StratifiedKFold, cross_val_score

    X, y = make_classification(300, n_classes=3, n_informative=4, weights=[.6, .3, .1],
                               random_state=0)
    cv = StratifiedKFold(3, shuffle=True, random_state=0)
    model = LogisticRegression(max_iter=500)
    accuracy = cross_val_score(model, X, y, scoring="accuracy", cv=cv).mean()
    gmean = cross_val_score(model, X, y, cv=cv, scoring=skm.make_scorer(
        im.geometric_mean_score, average="multiclass")).mean()
    assert means["diag_share"] == pytest.approx(round(accuracy, 3))
    assert means["gmean"] == pytest.approx(round(gmean, 3))


@settings(max_examples=150, deadline=None)
@given(problems(), st.sampled_from(_PRF + ("fbeta_score",)),
       st.sampled_from(["binary", "micro", "macro", "weighted", None]),
       st.sampled_from([1.0, 1]))
def test_zero_division_1_equals_scikit_learn_on_random_problems(case, name, average, one):
    """The drop-ins follow scikit-learn to the letter: zero_division=1 gives an undefined
    ratio the value 1.0, a perfect score included (score() does not: docs/metrics.md)."""
    t, p, labels, w = case
    if average == "binary" and len(set(t) | set(p) | set(labels or [])) != 2:
        average = "macro"
    extra = {"beta": 2.0} if name == "fbeta_score" else {}
    kwargs = dict(labels=labels, average=average, sample_weight=w, **extra)
    ours = _run(lambda: getattr(metrics, name)(t, p, zero_division=one, **kwargs))[0]
    theirs = _run(lambda: getattr(skm, name)(t, p, zero_division=one, **kwargs))[0]
    if ours is ValueError or theirs is ValueError:
        assert ours is theirs
        return
    np.testing.assert_allclose(np.atleast_1d(ours), np.atleast_1d(theirs), rtol=1e-9,
                               atol=1e-12)


#: the upstream tests that failed while the drop-ins gave NaN for zero_division=1
#: (test_f1_for_small_binary_inputs_with_zero_division, test_zero_division_nan_no_warning)
ZERO_DIVISION_1_CASES = [
    ("f1_score", [0, 0], [0, 0], {}),
    ("f1_score", [0], [0], {}),
    ("fbeta_score", [0], [0], {"beta": 1}),
    ("precision_score", [0], [0], {}),
    ("recall_score", [0], [0], {}),
]


@pytest.mark.parametrize("name, t, p, kwargs", ZERO_DIVISION_1_CASES)
def test_the_upstream_zero_division_1_cases_give_scikit_learn_s_1_and_score_keeps_nan(
        name, t, p, kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # as upstream: no warning for a number zero_division
        ours = getattr(metrics, name)(t, p, zero_division=1, **kwargs)
        theirs = getattr(skm, name)(t, p, zero_division=1, **kwargs)
    assert ours == theirs == 1.0
    # imbeval's own score(): the positive class 1 has no true and no predicted sample, so
    # the index is undefined, and zero_division=1 does not make it perfect
    index = name.removesuffix("_score")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert np.isnan(metrics.score(index, t, p, labels=[0, 1], zero_division=1, **kwargs))


def _warning_classes(f, *args, **kwargs):
    """``(value, [(warning class name, is a UserWarning)])`` of one call."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        value = f(*args, **kwargs)
    return value, sorted((type(w.message).__name__, issubclass(w.category, UserWarning))
                         for w in caught)


@pytest.mark.parametrize("one", [([1, 1, 1], [1, 1, 1]), (["a", "a"], ["a", "a"])])
def test_issue_46_single_class_parity_with_imbalanced_learn_and_scikit_learn(one):
    # geometric_mean_score: imbalanced-learn's 1.0 (the one recall is 1), no warning
    ours, theirs = _warning_classes(metrics.geometric_mean_score, *one), \
        _warning_classes(im.geometric_mean_score, *one)
    assert ours == (theirs[0], theirs[1]) and ours[0] == 1.0
    # MCC: scikit-learn's 0.0 with the same warning classes (a plain UserWarning)
    ours, theirs = _warning_classes(metrics.matthews_corrcoef, *one), \
        _warning_classes(skm.matthews_corrcoef, *one)
    assert ours[0] == theirs[0] == 0.0 and ours[1] == theirs[1] == [("UserWarning", True)]
    # kappa: NaN, warned of one label (UserWarning) and of the undefined value
    ours, theirs = _warning_classes(metrics.cohen_kappa_score, *one), \
        _warning_classes(skm.cohen_kappa_score, *one)
    assert np.isnan(ours[0]) and np.isnan(theirs[0])
    assert ours[1] == theirs[1] == [("UndefinedMetricWarning", True), ("UserWarning", True)]


# --- scikit-learn's own tests on the drop-ins (tests/upstream): the behaviours they check ---

import functools  # noqa: E402
import re  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

from scipy import sparse  # noqa: E402
from sklearn.exceptions import UndefinedMetricWarning as SklearnUndefined  # noqa: E402

UPSTREAM = Path(__file__).resolve().parents[1] / "upstream"


@pytest.mark.parametrize("call, sklearn_text, ours", [
    (lambda f: f([0, 1], [np.nan, 1]), "Input y_pred contains NaN", "imbeval"),
    (lambda f: f([0, 1], [np.inf, 1]), "Input y_pred contains infinity or a value too large",
     "imbeval"),
    (lambda f: f([0, 1, 1], [0, 1]), "Found input variables with inconsistent numbers of "
     "samples: [3, 2", "one entry per sample"),
    (lambda f: f([0, 1], [0, 1], sample_weight=[1, 2, 3]), "Found input variables with "
     "inconsistent numbers of samples: [2, 2, 3]", "sample_weight"),
    (lambda f: f(np.array(["a", "b"]), np.array([0, 1])), "Mix of label input types "
     "(string and number)", "y_true holds strings"),
    (lambda f: f(["a", "b", "a"], [0.1, 0.2, 0.3]), "Classification metrics can't handle a "
     "mix of binary and continuous targets", "predict(X)"),
    (lambda f: f(np.array([]), np.array([])), "Found empty input array", "are empty"),
    (lambda f: f([0, 1], [0, 1], sample_weight=[1, np.nan]), "Input sample_weight contains "
     "NaN", "imbeval"),
])
@pytest.mark.parametrize("name", metrics.DROP_IN)
def test_dropin_errors_open_with_sklearns_message(name, call, sklearn_text, ours):
    options = {"beta": 2} if name == "fbeta_score" else {}
    with pytest.raises(ValueError) as ours_error:
        call(functools.partial(getattr(metrics, name), **options))
    assert str(ours_error.value).startswith(sklearn_text) and ours in str(ours_error.value)
    if hasattr(skm, name):  # imbalanced-learn's own checks word some of these otherwise
        with pytest.raises(ValueError, match=re.escape(sklearn_text)):
            call(functools.partial(getattr(skm, name), **options))


@pytest.mark.parametrize("name", metrics.DROP_IN)
def test_dropin_complex_weights_refused(name):
    options = {"beta": 2} if name == "fbeta_score" else {}
    with pytest.raises(ValueError, match="Complex data not supported"):
        getattr(metrics, name)([0, 1, 1], [0, 1, 0], sample_weight=np.array([1 + 2j, 3, 5]),
                               **options)


@pytest.mark.parametrize("name", ["precision_score", "recall_score", "f1_score",
                                  "jaccard_score", "sensitivity_score", "specificity_score"])
@pytest.mark.parametrize("y", [[-1, -1], [0]])
def test_dropin_one_class_without_pos_label_is_libraries_value(name, y):
    original = getattr(skm, name, None) or getattr(im, name)
    with pytest.warns(SklearnUndefined):
        ours = getattr(metrics, name)(y, y)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert ours == original(y, y) == 0.0
    if hasattr(skm, name) and name != "jaccard_score":  # (its zero_division refuses NaN)
        # zero_division=nan: NaN, silently, as scikit-learn
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            assert np.isnan(getattr(metrics, name)(y, y, zero_division=np.nan))
            assert np.isnan(getattr(skm, name)(y, y, zero_division=np.nan))


def test_dropin_two_classes_without_pos_label_says_sklearns_words():
    with pytest.raises(ValueError, match=r"pos_label=2 is not a valid label\. It should be one "
                                         r"of \[0 1\]"):
        metrics.precision_score([0, 1], [1, 1], pos_label=2)
    with pytest.raises(ValueError, match="Target is multiclass but average='binary'"):
        metrics.f1_score([0, 1, 2], [0, 1, 2])


def test_dropin_fbeta_beta_inf_is_the_recall():
    y_true, y_pred = [0, 1, 1, 1, 2, 2], [0, 1, 0, 2, 2, 2]
    for average in ("macro", None):
        ours = metrics.fbeta_score(y_true, y_pred, beta=np.inf, average=average)
        np.testing.assert_allclose(ours, skm.fbeta_score(y_true, y_pred, beta=np.inf,
                                                         average=average))
        np.testing.assert_allclose(ours, metrics.recall_score(y_true, y_pred, average=average))


def test_dropin_pos_label_ignored_warning():
    with pytest.warns(UserWarning, match="Note that pos_label \\(set to 2\\) is ignored when "
                                         "average != 'binary'"):
        metrics.precision_score([0, 1, 2], [0, 1, 2], pos_label=2, average="macro")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        metrics.precision_score([0, 1, 2], [0, 1, 2], average="macro")  # pos_label=1: silent


def test_undefined_metric_warning_is_sklearns_subclass():
    assert issubclass(UndefinedMetricWarning, SklearnUndefined)
    assert issubclass(metrics.DataConversionWarning,
                      __import__("sklearn.exceptions").exceptions.DataConversionWarning)
    with warnings.catch_warnings():
        warnings.filterwarnings("error", category=SklearnUndefined)
        with pytest.raises(SklearnUndefined, match="Precision is ill-defined"):
            metrics.precision_score([0, 0, 1], [0, 0, 0])


def test_sklearn_bases_arrive_when_sklearn_is_imported_later():
    # imbeval.metrics does not import scikit-learn (seconds); importing it afterwards adds
    # the bases before any warning can be filtered
    code = ("import sys, imbeval.metrics as m; assert 'sklearn' not in sys.modules; "
            "import sklearn.exceptions as e; "
            "assert issubclass(m.UndefinedMetricWarning, e.UndefinedMetricWarning); "
            "assert issubclass(m.UndefinedScoreWarning, e.UndefinedMetricWarning); "
            "assert issubclass(m.DataConversionWarning, e.DataConversionWarning)")
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("y", [sparse.csr_matrix(np.eye(3, dtype=int)), np.eye(3, dtype=int)])
def test_dropin_multilabel_refused_clearly(y):
    with pytest.raises(ValueError, match="multilabel-indicator targets are refused: "
                                         "imbeval.metrics scores one class label per sample"):
        metrics.f1_score(y, y, average="micro")
    with pytest.raises(ValueError, match="average='samples'.*multilabel"):
        metrics.f1_score([0, 1], [0, 1], average="samples")


def test_upstream_runner_counts_and_classifies():
    sys.path.insert(0, str(UPSTREAM))
    try:
        import dropin_plugin
    finally:
        sys.path.remove(str(UPSTREAM))
    assert dropin_plugin.failure_reason("E ValueError: y_true has label(s) [2] not among the "
                                        "labels [0, 1]") == "labels-subset"
    assert dropin_plugin.failure_reason("multilabel-indicator targets are refused: "
                                        "imbeval.metrics scores one class label per sample") \
        == "multilabel"
    assert dropin_plugin.failure_reason("pos_label=1 is not among the labels [0]") == "other"
    assert dropin_plugin.failure_reason("assert nan == 1.0") == "other"
    proc = subprocess.run([sys.executable, str(UPSTREAM / "run_dropin_upstream.py"), "-k",
                           "binary_single_class or pos_label_error_str"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    run = int(proc.stdout.split("run ")[1].split(",")[0])
    assert run >= 10 and "failed 0" in proc.stdout
