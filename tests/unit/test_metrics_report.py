"""imbeval.metrics.classification_report: per-class columns equal scikit-learn's and
imbalanced-learn's, overall indices equal score(), and text, dict and DataFrame agree."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from imblearn.metrics import classification_report_imbalanced
from sklearn import metrics as skm

from imbeval.metrics import classification_report, score

from test_metrics import labelled


@settings(max_examples=40)
@given(labelled())
def test_per_class_columns_equal_sklearn(data):
    t, p, w, classes = data
    report = classification_report(t, p, sample_weight=w, output_dict=True)
    precision, recall, f1, support = skm.precision_recall_fscore_support(
        t, p, labels=classes, sample_weight=w)
    for k, c in enumerate(classes.tolist()):
        row = report[str(c)]
        # specificity: the recall of "not class c"
        specificity = skm.recall_score(t != c, p != c, sample_weight=w)
        expected = {"precision": precision[k], "recall": recall[k], "f1": f1[k],
                    "specificity": specificity, "gmean_ovr": math.sqrt(recall[k] * specificity),
                    "support": (w[t == c].sum() if w is not None else support[k])}
        for column, value in expected.items():
            assert row[column] == pytest.approx(value, rel=1e-9, abs=1e-12), (c, column)
    sk = skm.classification_report(t, p, sample_weight=w, output_dict=True)
    for average in ("macro avg", "weighted avg"):
        for ours, theirs in (("precision", "precision"), ("recall", "recall"), ("f1", "f1-score"),
                             ("support", "support")):
            assert report[average][ours] == pytest.approx(sk[average][theirs], rel=1e-9), (
                average, ours)


@settings(max_examples=30)
@given(labelled(weights=False))
def test_per_class_columns_equal_imblearns_report(data):
    t, p, _, classes = data
    ours = classification_report(t, p, output_dict=True)
    theirs = classification_report_imbalanced(t, p, output_dict=True)
    names = {"precision": "pre", "recall": "rec", "specificity": "spe", "f1": "f1",
             "gmean_ovr": "geo", "support": "sup"}
    for c in classes.tolist():
        for column, key in names.items():
            assert ours[str(c)][column] == pytest.approx(theirs[str(c)][key], rel=1e-9), (c, column)


def test_overall_indices_and_the_three_outputs_agree():
    t = ["cat"] * 6 + ["dog"] * 3 + ["fox"] * 2
    p = ["cat"] * 5 + ["dog", "dog", "dog", "fox", "fox", "cat"]
    w = np.arange(1, 12) / 3
    indices = ["acsa", "iam", "mcc", "cen"]
    as_dict = classification_report(t, p, indices=indices, sample_weight=w, output_dict=True)
    frame = classification_report(t, p, indices=indices, sample_weight=w, as_frame=True)
    text = classification_report(t, p, indices=indices, sample_weight=w, digits=4)
    for name in indices:
        value = score(name, t, p, sample_weight=w)
        assert as_dict["indices"][name] == value
        assert frame.loc[name, "value"] == value
        line = next(l for l in text.splitlines() if l.split() and l.split()[0] == name)
        assert f"{value:.4f}" in line
        assert ("lower is better" in line) == (name == "cen")
    assert list(frame.index) == ["cat", "dog", "fox", "macro avg", "weighted avg", *indices]
    assert list(frame.columns) == ["precision", "recall", "specificity", "f1", "gmean_ovr",
                                   "support", "value"]
    for row in ["cat", "dog", "fox", "macro avg", "weighted avg"]:
        assert math.isnan(frame.loc[row, "value"])
        for column in ["precision", "recall", "specificity", "f1", "gmean_ovr", "support"]:
            assert frame.loc[row, column] == as_dict[row][column]
            cell = f"{as_dict[row][column]:.4f}"
            line = next(l for l in text.splitlines() if l.strip().startswith(row))
            assert (cell in line) or column == "support", (row, column)
    assert frame.loc["macro avg", "support"] == pytest.approx(w.sum())


def test_labels_target_names_and_pos_label():
    t, p = [0, 0, 0, 1, 1, 1, 1, 1], [0, 1, 1, 1, 1, 1, 1, 0]
    report = classification_report(t, p, labels=[1, 0], target_names=["pos", "neg"],
                                   indices=["precision", "gmean2"], output_dict=True)
    assert list(report)[:2] == ["pos", "neg"]
    assert report["pos"]["recall"] == pytest.approx(4 / 5)
    assert report["indices"]["precision"] == pytest.approx(4 / 6)  # pos_label=1
    flipped = classification_report(t, p, indices=["precision"], pos_label=0, output_dict=True)
    assert flipped["indices"]["precision"] == pytest.approx(1 / 2)
    assert flipped["0"] == report["neg"]  # the per-class rows do not depend on pos_label


def test_a_class_never_predicted_follows_zero_division():
    t, p = [0, 0, 1, 1, 2], [0, 0, 1, 1, 1]
    nan = classification_report(t, p, output_dict=True, zero_division=np.nan)
    zero = classification_report(t, p, output_dict=True, zero_division=0)
    assert math.isnan(nan["2"]["precision"]) and zero["2"]["precision"] == 0
    assert nan["2"]["recall"] == 0 and nan["2"]["f1"] == 0
    assert math.isnan(nan["macro avg"]["precision"])
    assert zero["macro avg"]["precision"] == pytest.approx((1 + 2 / 3 + 0) / 3)
    assert "nan" in classification_report(t, p, zero_division=np.nan)


@pytest.mark.parametrize("kwargs, message", [
    ({"output_dict": True, "as_frame": True}, "cannot both be set"),
    ({"target_names": ["a"]}, "target_names has 1 names for 2 classes"),
    ({"target_names": ["a", "a"]}, "distinct"),
    ({"target_names": ["acsa", "b"]}, "clash"),
    ({"digits": -1}, "digits must be a non-negative integer"),
    ({"digits": 1.5}, "digits"),
    ({"indices": ["nope"]}, "unknown index 'nope'"),
    ({"labels": [0, 1, 2], "indices": ["precision"]}, "two-class only"),
    ({"indices": ["precision"], "pos_label": 5}, "pos_label=5"),
    ({"zero_division": 2}, "zero_division must be"),
    ({"sample_weight": [1, -1, 1]}, "negative"),
])
def test_invalid_arguments_raise(kwargs, message):
    with pytest.raises(ValueError, match=message):
        classification_report([0, 1, 1], [0, 1, 0], **kwargs)


def test_issue_46_the_two_g_means_have_two_names():
    # a class's G-mean against the others (imbalanced-learn's "geo") and the index gmean
    # (the geometric mean of the C recalls) are different numbers: never one name
    t = [0] * 6 + [1] * 3 + [2] * 2
    p = [0, 0, 0, 0, 1, 2, 1, 1, 0, 2, 1]
    frame = classification_report(t, p, indices=["gmean"], as_frame=True)
    assert "gmean" not in frame.columns and "gmean_ovr" in frame.columns
    recalls = [4 / 6, 2 / 3, 1 / 2]
    assert frame.loc["gmean", "value"] == pytest.approx(np.prod(recalls) ** (1 / 3))
    assert frame.loc["macro avg", "gmean_ovr"] != pytest.approx(frame.loc["gmean", "value"])
    text = classification_report(t, p, indices=["gmean"])
    assert text.splitlines()[0].split().count("gmean_ovr") == 1


# ---------------------------------------------------------------------------- y_score

def _scored():
    """A two-class test set with string labels, weights and probabilities."""
    rng = np.random.default_rng(7)
    y = np.array(["no"] * 40 + ["yes"] * 12)
    p = 1 / (1 + np.exp(-(rng.normal(0, 1, y.size) + 1.4 * (y == "yes") - 1.2)))
    return y, np.where(p >= 0.5, "yes", "no"), p, rng.uniform(0.5, 2, y.size)


def test_indices_of_scores_are_those_of_imbeval_scores_in_every_form():
    from imbeval.scores import interval as score_interval, score as score_of

    y, pred, p, w = _scored()
    kw = dict(pos_label="yes", sample_weight=w, y_score=p, indices=["mcc"], ci=0.95)
    methods = {"roc_auc": "delong"}  # measured "low" in this regime, the others "ok"
    as_dict = classification_report(y, pred, output_dict=True, score_ci_method=methods, **kw)
    frame = classification_report(y, pred, as_frame=True, score_ci_method=methods, **kw)
    text = classification_report(y, pred, digits=4, score_ci_method=methods, **kw)
    names = ["roc_auc", "average_precision", "brier_score", "log_loss"]
    assert list(as_dict["score_indices"]) == names and list(frame.index)[-5:] == ["mcc", *names]
    assert list(as_dict["intervals"]) == ["mcc"]  # the label indices' keys stay theirs
    for name in names:
        value = score_of(name, y, p, sample_weight=w, pos_label="yes")
        e = score_interval(name, y, p, sample_weight=w, pos_label="yes",
                           ci_method=methods.get(name, "auto"))
        span = as_dict["score_intervals"][name]
        assert as_dict["score_indices"][name] == value == span["value"] == e.value
        assert set(span) == set(as_dict["intervals"]["mcc"])  # the same shape
        for key in ("low", "high", "method", "coverage", "coverage_se", "coverage_flag"):
            assert span[key] == getattr(e, key) == frame.loc[name, key], (name, key)
        line = next(l for l in text.splitlines() if l.split() and l.split()[0] == name)
        assert f"{value:.4f}  [{e.low:.4f}, {e.high:.4f}]  {e.method}, coverage " in line
        assert line.count(f"({e.coverage_flag})") == 1
        assert ("lower is better" in line) == (name in ("brier_score", "log_loss"))
    flags = {n: as_dict["score_intervals"][n]["coverage_flag"] for n in names}
    assert flags == {"roc_auc": "low", "average_precision": "ok", "brier_score": "ok",
                     "log_loss": "ok"}


def test_losses_only_for_probabilities_and_no_ci_no_intervals():
    y, pred, p, _ = _scored()
    logits = np.log(p / (1 - p))
    report = classification_report(y, pred, pos_label="yes", y_score=logits, output_dict=True)
    assert list(report["score_indices"]) == ["roc_auc", "average_precision"]
    assert "score_intervals" not in report
    plain = classification_report(y, pred, pos_label="yes", output_dict=True)
    assert "score_indices" not in plain
    frame = classification_report(y, pred, pos_label="yes", y_score=logits, as_frame=True)
    assert list(frame.columns) == ["precision", "recall", "specificity", "f1", "gmean_ovr",
                                   "support", "value"]


def test_a_score_interval_that_cannot_be_made_says_why_in_the_text():
    y, p = [0, 0, 0, 1, 1, 1], [0.0, 0.0, 0.0, 1.0, 1.0, 1.0]  # every loss 0: no t interval
    from imbeval.scores import interval as score_interval

    e = score_interval("brier_score", y, p)
    report = classification_report(y, y, y_score=p, ci=0.95, output_dict=True)
    assert math.isnan(report["score_intervals"]["brier_score"]["low"])
    assert report["score_intervals"]["brier_score"]["coverage_flag"] == "not measured"
    line = classification_report(y, y, y_score=p, ci=0.95).splitlines()[-2]
    assert line.split()[0] == "brier_score" and e.undecidable in line


def test_an_undefined_index_of_scores_is_the_error_of_imbeval_scores():
    from imbeval.scores import interval as score_interval, score as score_of

    y, pred, s = [0, 0, 0, 0], [0, 1, 0, 0], [0.1, 0.6, 0.3, 0.2]  # no positive
    messages = set()
    for call in (lambda: score_of("roc_auc", y, s),
                 lambda: classification_report(y, pred, labels=[0, 1], y_score=s),
                 lambda: classification_report(y, pred, labels=[0, 1], y_score=s, ci=0.95)):
        with pytest.raises(ValueError) as err:
            call()
        messages.add(str(err.value))
    assert messages == {"y_true has no positive sample (with weight > 0): the index is "
                        "undefined; it needs both classes"}
    with pytest.raises(ValueError, match="one class only"):
        score_interval("roc_auc", y, s)


@pytest.mark.parametrize("kwargs, message", [
    ({"y_score": [[0.1, 0.9], [0.8, 0.2], [0.3, 0.7]]}, r"y_score must be 1-D, one score .*shape \(3, 2\)"),
    ({"y_score": [0.1, 0.9]}, r"y_true and y_score have different lengths \(3 and 2\)"),
    ({"y_score": [0.1, np.nan, 0.2]}, "y_score holds NaN or infinity"),
    ({"y_score": ["a", "b", "c"]}, "y_score must hold numbers"),
    ({"y_score": [0.1, 0.9, 0.4], "labels": [0, 1, 2]}, "y_score is for two classes"),
    ({"y_score": [0.1, 0.9, 0.4], "ci": 0.95, "score_ci_method": {"auc": "delong"}},
     r"score_ci_method names \['auc'\]"),
    ({"y_score": [0.1, 0.9, 0.4], "ci": 0.95, "score_ci_method": "delong"},
     "'average_precision' takes ci_method="),
    ({"y_score": [0.1, 0.9, 0.4], "target_names": ["roc_auc", "b"]}, "clash"),
])
def test_bad_scores_raise(kwargs, message):
    with pytest.raises(ValueError, match=message):
        classification_report([0, 1, 1], [0, 1, 0], **kwargs)
