"""scikit-learn's and imbalanced-learn's names: every name of LIBRARY_NAMES and
NAME_OPTIONS, with its options, equals the library's own function for the same arguments
(hypothesis: int and string labels, sample weights, both pos_labels) and imbeval's index it
names; an unknown name gets a short message with the closest names."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from imblearn import metrics as im
from sklearn import metrics as skm

from imbeval.indices import LIBRARY_NAMES, compute, get_info, registry
from imbeval.metrics import NAME_OPTIONS, classification_report, make_scorer, resolve_index, score

from test_metrics import close, labelled


def _avg(f, average, **fixed):
    return lambda t, p, **k: f(t, p, average=average, **fixed, **k)


# (name, options, the library's function of (y_true, y_pred, sample_weight=)), multi-class:
# every average but "binary". imbalanced-learn's specificity (hence its averaged G-means)
# is wrong with sample weights (docs/metrics.md): those rows are compared unweighted.
MULTI = [
    ("accuracy", {}, skm.accuracy_score),
    ("accuracy_score", {}, skm.accuracy_score),
    ("balanced_accuracy", {}, skm.balanced_accuracy_score),
    ("balanced_accuracy_score", {}, skm.balanced_accuracy_score),
    ("balanced_accuracy", {"adjusted": True},
     lambda t, p, **k: skm.balanced_accuracy_score(t, p, adjusted=True, **k)),
    ("balanced_accuracy", {"adjusted": False}, skm.balanced_accuracy_score),
    ("matthews_corrcoef", {}, skm.matthews_corrcoef),
    ("cohen_kappa", {}, skm.cohen_kappa_score),
    ("cohen_kappa_score", {}, skm.cohen_kappa_score),
    ("cohen_kappa", {"weights": "linear"},
     lambda t, p, **k: skm.cohen_kappa_score(t, p, weights="linear", **k)),
    ("cohen_kappa", {"weights": "quadratic"},
     lambda t, p, **k: skm.cohen_kappa_score(t, p, weights="quadratic", **k)),
    ("geometric_mean", {}, im.geometric_mean_score),
    ("geometric_mean_score", {}, im.geometric_mean_score),
    ("geometric_mean", {"average": "multiclass"}, im.geometric_mean_score),
    ("adjusted_rand_score", {}, lambda t, p, sample_weight=None: skm.adjusted_rand_score(t, p)),
    ("rand_score", {}, lambda t, p, sample_weight=None: skm.rand_score(t, p)),
    ("completeness_score", {}, lambda t, p, sample_weight=None: skm.completeness_score(t, p)),
    ("homogeneity_score", {}, lambda t, p, sample_weight=None: skm.homogeneity_score(t, p)),
    ("v_measure_score", {}, lambda t, p, sample_weight=None: skm.v_measure_score(t, p)),
    ("mutual_info_score", {}, lambda t, p, sample_weight=None: skm.mutual_info_score(t, p)),
    ("normalized_mutual_info_score", {},
     lambda t, p, sample_weight=None: skm.normalized_mutual_info_score(t, p)),
    ("fowlkes_mallows_score", {},
     lambda t, p, sample_weight=None: skm.fowlkes_mallows_score(t, p)),
]
UNWEIGHTED = {"adjusted_rand_score", "rand_score", "completeness_score", "homogeneity_score",
              "v_measure_score", "mutual_info_score", "normalized_mutual_info_score",
              "fowlkes_mallows_score"}
SKLEARN_AVERAGED = {"recall": skm.recall_score, "precision": skm.precision_score,
                    "f1": skm.f1_score, "jaccard": skm.jaccard_score,
                    "sensitivity": im.sensitivity_score, "specificity": im.specificity_score,
                    "geometric_mean": im.geometric_mean_score}
for _name, _f in SKLEARN_AVERAGED.items():
    for _average in ("micro", "macro", "weighted"):
        MULTI.append((_name, {"average": _average}, _avg(_f, _average)))
        MULTI.append((f"{_name}_score", {"average": _average}, _avg(_f, _average)))
        if f"{_name}_{_average}" in LIBRARY_NAMES or f"{_name}_{_average}" in registry(True):
            MULTI.append((f"{_name}_{_average}", {}, _avg(_f, _average)))
# the indices whose imbalanced-learn function uses its (sample-weighted) specificity
_SPECIFICITY_BASED = {"specificity", "tnr_micro", "tnr_macro", "tnr_weighted",
                      "gmean_sens_spec_micro", "gmean_sens_spec_macro", "gmean_sens_spec_weighted"}


def _unweighted(name, options):
    return name in UNWEIGHTED or resolve_index(name, **options).name in _SPECIFICITY_BASED

# two-class names (scikit-learn's average="binary"): function of (t, p, pos_label=, sample_weight=)
BINARY = [
    ("recall", {}, skm.recall_score),
    ("recall_score", {}, skm.recall_score),
    ("recall", {"average": "binary"}, skm.recall_score),
    ("precision", {}, skm.precision_score),
    ("precision_score", {}, skm.precision_score),
    ("f1", {}, skm.f1_score),
    ("f1_score", {}, skm.f1_score),
    ("jaccard", {}, skm.jaccard_score),
    ("jaccard_score", {}, skm.jaccard_score),
    ("sensitivity", {}, im.sensitivity_score),
    ("sensitivity_score", {}, im.sensitivity_score),
    ("specificity", {}, im.specificity_score),
    ("specificity_score", {}, im.specificity_score),
    ("geometric_mean", {"average": "binary"},
     lambda t, p, **k: im.geometric_mean_score(t, p, average="binary", **k)),
    ("positive_likelihood_ratio", {},
     lambda t, p, pos_label, sample_weight=None: skm.class_likelihood_ratios(
         t, p, labels=_binary_labels(t, p, pos_label), sample_weight=sample_weight)[0]),
]


def agree(ours, theirs):
    """Equal to 1e-9, or both undefined (NaN: a likelihood ratio with no false positive)."""
    return bool(np.isnan(ours) and np.isnan(theirs)) or close(ours, theirs)


def _binary_labels(t, p, pos_label):
    classes = np.unique(np.concatenate([t, p]))
    return [c for c in classes if c != pos_label] + [pos_label]


def test_the_issue_s_names_are_known():
    for name in ["accuracy", "balanced_accuracy", "matthews_corrcoef", "recall", "precision",
                 "f1", "jaccard", "cohen_kappa", "geometric_mean", "specificity",
                 "sensitivity", "f1_macro", "f1_micro", "f1_weighted", "recall_macro",
                 "recall_weighted", "recall_micro", "precision_macro", "precision_weighted",
                 "precision_micro", "jaccard_macro", "jaccard_weighted", "jaccard_micro"]:
        assert get_info(name) is not None
        assert resolve_index(name) is not None


def test_library_names_do_not_shadow_registered_names():
    reg = registry(catalogue=True)
    assert not set(LIBRARY_NAMES) & set(reg)
    assert set(LIBRARY_NAMES.values()) <= set(reg)
    for name, (_, table, default) in NAME_OPTIONS.items():
        assert default in table and set(table.values()) <= set(reg), name


@settings(max_examples=40)
@given(labelled(), st.data())
def test_multi_class_names_equal_the_library_functions(case, data):
    t, p, w, classes = case
    name, options, reference = data.draw(st.sampled_from(MULTI), label="name")
    if _unweighted(name, options):
        w = None
    ours = score(name, t, p, sample_weight=w, **options)
    theirs = reference(t, p, sample_weight=w)
    assert close(ours, theirs), (name, options, ours, theirs)
    # and the registered index it names, for the same arguments
    canonical = resolve_index(name, **options).name
    assert close(ours, score(canonical, t, p, sample_weight=w))  # _rates vs the registry


# ids from the name and options only: a function's repr holds its address, which differs
# between processes (pytest-xdist's workers must collect the same ids)
@pytest.mark.parametrize("name, options, reference", MULTI,
                         ids=[f"{n}-{o}" if o else n for n, o, _ in MULTI])
def test_every_multi_class_name_on_a_fixed_case(name, options, reference):
    # every row at least once, whatever hypothesis draws
    t = np.array([0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 1, 0])
    p = np.array([0, 0, 1, 2, 1, 1, 0, 2, 2, 1, 2, 1, 0])
    w = None if _unweighted(name, options) else np.linspace(0.5, 2, t.size)
    assert close(score(name, t, p, sample_weight=w, **options), reference(t, p, sample_weight=w))


@settings(max_examples=40)
@given(labelled(min_classes=2, max_classes=2), st.data())
def test_two_class_names_equal_the_library_functions(case, data):
    t, p, w, classes = case
    name, options, reference = data.draw(st.sampled_from(BINARY), label="name")
    pos_label = data.draw(st.sampled_from(list(classes)), label="pos_label")
    if resolve_index(name, **options).name in {"specificity", "gmean2"}:
        w = None  # imbalanced-learn's weighted specificity is wrong (docs/metrics.md)
    ours = score(name, t, p, pos_label=pos_label, sample_weight=w, **options)
    theirs = reference(t, p, pos_label=pos_label, sample_weight=w)
    assert agree(ours, theirs), (name, options, pos_label, ours, theirs)
    canonical = resolve_index(name, **options).name
    assert agree(ours, score(canonical, t, p, pos_label=pos_label, sample_weight=w))


def test_imbalanced_learn_weighted_specificity_is_wrong_and_ours_is_the_hand_count():
    # weighted matrix (positive 1): TN = 1 (weight 1), FP = 3 (weight 3): TNR = 1/4
    t, p, w = [0, 0, 1, 1], [0, 1, 1, 1], [1, 3, 1, 1]
    assert score("specificity", t, p, sample_weight=w) == 0.25
    assert im.specificity_score(t, p, sample_weight=w) == pytest.approx(-0.5)  # docs/metrics.md
    # repetitions instead of weights: imbalanced-learn agrees with us
    assert im.specificity_score([0, 0, 0, 0, 1, 1], [0, 1, 1, 1, 1, 1]) == 0.25


def test_a_multi_class_target_with_a_binary_name_says_which_average_to_pass():
    with pytest.raises(ValueError, match=r"'recall' is two-class only \(scikit-learn's default "
                                         r"average='binary'.* C = 3 .*average='macro'"):
        score("recall", [0, 1, 2], [0, 1, 1])
    with pytest.raises(ValueError, match=r"'precision' is two-class only \(scikit-learn's"):
        score("precision", [0, 1, 2], [0, 1, 1])  # a registered name that is also sklearn's
    # scikit-learn refuses it too
    with pytest.raises(ValueError, match="average='binary'"):
        skm.recall_score([0, 1, 2], [0, 1, 1])


def test_options_are_checked():
    with pytest.raises(ValueError, match="'gmean' takes no average="):
        score("gmean", [0, 1], [0, 1], average="macro")
    with pytest.raises(ValueError, match="takes average= one of 'binary', 'micro', 'macro', "
                                         "'weighted', got 'samples'"):
        score("f1", [0, 1], [0, 1], average="samples")
    with pytest.raises(ValueError, match="adjusted must be True or False"):
        score("balanced_accuracy", [0, 1], [0, 1], adjusted="yes")
    with pytest.raises(ValueError, match="'cohen_kappa' takes weights=, not average="):
        score("cohen_kappa", [0, 1], [0, 1], average="macro")


def test_an_unknown_name_gets_the_closest_names_not_all_of_them():
    with pytest.raises(ValueError) as err:
        score("balanced_acuracy", [0, 1], [0, 1])
    message = str(err.value)
    assert "did you mean 'balanced_accuracy'" in message
    assert len(message) < 300 and "gwet_ac1" not in message  # not the 137 names
    with pytest.raises(ValueError, match="did you mean 'matthews_corrcoef'"):
        make_scorer("mathews_corrcoef")
    with pytest.raises(ValueError, match="unknown index 'nope'"):
        compute([[1, 0], [0, 1]], names=["nope"])


def test_names_are_taken_wherever_a_name_is():
    t, p = [0, 0, 1, 1, 2, 2], [0, 1, 1, 1, 2, 0]
    assert compute(confusion_from(t, p), names=["balanced_accuracy"])["balanced_accuracy"] == \
        pytest.approx(skm.balanced_accuracy_score(t, p))
    report = classification_report(t, p, indices=["balanced_accuracy", "matthews_corrcoef"],
                                   output_dict=True)["indices"]
    assert report["balanced_accuracy"] == pytest.approx(skm.balanced_accuracy_score(t, p))
    assert report["matthews_corrcoef"] == pytest.approx(skm.matthews_corrcoef(t, p))
    from sklearn.dummy import DummyClassifier

    X = np.zeros((6, 1))
    model = DummyClassifier(strategy="constant", constant=1).fit(X, t)
    assert make_scorer("recall", average="macro")(model, X, t) == pytest.approx(
        skm.get_scorer("recall_macro")(model, X, t))
    assert make_scorer("balanced_accuracy", adjusted=True)(model, X, t) == pytest.approx(
        skm.balanced_accuracy_score(t, model.predict(X), adjusted=True))


def confusion_from(t, p):
    return skm.confusion_matrix(t, p)


def test_the_command_line_takes_library_names():
    out = subprocess.run([sys.executable, "-m", "imbeval.cli", "indices", "-", "--only",
                          "balanced_accuracy,recall_macro", "--format", "json"],
                         input="[[40, 10], [30, 920]]", capture_output=True, text=True,
                         check=True)
    import json

    values = json.loads(out.stdout)
    assert values["balanced_accuracy"] == values["recall_macro"] == pytest.approx(
        (40 / 50 + 920 / 950) / 2)
    bad = subprocess.run([sys.executable, "-m", "imbeval.cli", "indices", "-", "--only",
                          "balanced_acuracy"], input="[[4, 1], [3, 9]]", capture_output=True,
                         text=True)
    assert bad.returncode != 0 and "did you mean 'balanced_accuracy'" in bad.stderr
