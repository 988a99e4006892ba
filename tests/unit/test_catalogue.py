"""The catalogue (imbeval.indices.catalogue): by name only, and equal to its libraries.

Every catalogue index is compared with each library function it names (its ``source_name``
and ``also``) on seeded random matrices C = 2..7, PyCM through ``ConfusionMatrix(matrix=)``,
scikit-learn and imbalanced-learn on labels expanded from the matrix: equal within 1e-9
where both are defined, undefined where the library leaves it undefined (except the cases
documented in ``DEVIATIONS``).
"""

from __future__ import annotations

import warnings

import numpy as np
import pycm  # a test dependency (the test extra), like scikit-learn and imbalanced-learn
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from imblearn import metrics as imm
from sklearn import metrics as skm

from imbeval.indices import compute, load_index, registry
from imbeval.indices.catalogue import DEVIATIONS, OUT_OF_SCOPE, catalogue_names, entries

from conftest import confusion_matrices


ALL = registry(catalogue=True)
ENTRIES = entries()
NAMES = [e.index for e in ENTRIES]


def _matrices(seed=20261125, per_c=14):
    """Seeded integer matrices C = 2..7, some with an empty row, column or only zeros off the diagonal."""
    rng = np.random.default_rng(seed)
    out = []
    for c in range(2, 8):
        for k in range(per_c):
            m = rng.integers(0, 9, size=(c, c)) * (rng.random((c, c)) < 0.8)
            if k % 7 == 1:
                m[rng.integers(c), :] = 0  # a class without true points
            if k % 7 == 2:
                m[:, rng.integers(c)] = 0  # a class never predicted
            if k % 7 == 3:
                m = np.diag(rng.integers(1, 9, size=c))  # perfect
            if m.sum() < 2:
                m[0, 0] += 2
            out.append(m.astype(np.int64))
    return out


MATRICES = _matrices()


def _labels(m):
    c = m.shape[0]
    t = np.repeat(np.repeat(np.arange(c), c), m.ravel())
    p = np.repeat(np.tile(np.arange(c), c), m.ravel())
    return t, p


def _pycm(m):
    c = m.shape[0]
    table = {i: {j: int(m[i, j]) for j in range(c)} for i in range(c)}
    return pycm.ConfusionMatrix(matrix=table)


def _num(value):
    if value is None or isinstance(value, str):
        return np.nan
    return float(value)


def _pycm_reference(key):
    if key.endswith(" (macro)"):
        return lambda cm: cm.average(key[: -len(" (macro)")])
    if key.endswith(" (weighted)"):
        return lambda cm: cm.weighted_average(key[: -len(" (weighted)")])
    if key.endswith(" of the first class"):
        stat = key[: -len(" of the first class")]
        return lambda cm: cm.class_stat[stat][0]
    if key == "Overall J (second element)":
        return lambda cm: cm.overall_stat["Overall J"][1]
    return lambda cm: cm.overall_stat[key]


NAN = np.nan


def _avg(f, average, zero_division=NAN, **kw):
    return lambda t, p, c: f(t, p, labels=list(range(c)), average=average,
                             zero_division=zero_division, **kw)


# scikit-learn and imbalanced-learn, by the names the catalogue gives them. jaccard_score
# takes zero_division 0 or 1 only: a class where it is 0/0 then counts 0 (the "*" deviation).
def _gm1_from_labels(t, p, c):
    """Gösgens et al.'s GM1 from labels, positive = label 0: (TP TN − FP FN) over the mean of
    n1 n0 and k1 k0."""
    tp, fn = np.sum((t == 0) & (p == 0)), np.sum((t == 0) & (p != 0))
    fp, tn = np.sum((t != 0) & (p == 0)), np.sum((t != 0) & (p != 0))
    den = ((tp + fn) * (fp + tn) + (tp + fp) * (fn + tn)) / 2
    return (tp * tn - fp * fn) / den if den else np.nan


LIBRARY = {
    # Gösgens et al.'s measures, from their definitions on labels
    "goesgens2021: SBA (symmetric balanced accuracy)":
        lambda t, p, c: (skm.balanced_accuracy_score(t, p) + skm.balanced_accuracy_score(p, t)) / 2,
    "goesgens2021: GM1": _gm1_from_labels,
    "goesgens2021: CD (correlation distance)":
        lambda t, p, c: np.arccos(skm.matthews_corrcoef(t, p)) / np.pi,
    "sklearn: accuracy_score": lambda t, p, c: skm.accuracy_score(t, p),
    "sklearn: f1_score(average='micro')": _avg(skm.f1_score, "micro"),
    "sklearn: precision_score(average='micro')": _avg(skm.precision_score, "micro"),
    "sklearn: recall_score(average='micro')": _avg(skm.recall_score, "micro"),
    "sklearn: cohen_kappa_score": lambda t, p, c: skm.cohen_kappa_score(t, p, labels=list(range(c))),
    "sklearn: matthews_corrcoef": lambda t, p, c: skm.matthews_corrcoef(t, p),
    "sklearn: balanced_accuracy_score": lambda t, p, c: skm.balanced_accuracy_score(t, p),
    "sklearn: recall_score(average='macro')": _avg(skm.recall_score, "macro"),
    "sklearn: precision_score(average='macro')": _avg(skm.precision_score, "macro"),
    "sklearn: f1_score(average='macro')": _avg(skm.f1_score, "macro"),
    "sklearn: recall_score(average='weighted')": _avg(skm.recall_score, "weighted"),
    "sklearn: precision_score(average='weighted')": _avg(skm.precision_score, "weighted"),
    "sklearn: f1_score(average='weighted')": _avg(skm.f1_score, "weighted"),
    "sklearn: hamming_loss": lambda t, p, c: skm.hamming_loss(t, p),
    "sklearn: zero_one_loss": lambda t, p, c: skm.zero_one_loss(t, p),
    "sklearn: zero_one_loss(normalize=False)": lambda t, p, c: skm.zero_one_loss(t, p, normalize=False),
    "sklearn: adjusted_rand_score": lambda t, p, c: skm.adjusted_rand_score(t, p),
    "sklearn: jaccard_score(average='macro')": _avg(skm.jaccard_score, "macro", 0),
    "sklearn: jaccard_score(average='weighted')": _avg(skm.jaccard_score, "weighted", 0),
    "sklearn: jaccard_score(average='micro')": _avg(skm.jaccard_score, "micro", 0),
    "sklearn: fbeta_score(beta=0.5, average='macro')": _avg(skm.fbeta_score, "macro", beta=0.5),
    "sklearn: fbeta_score(beta=0.5, average='weighted')": _avg(skm.fbeta_score, "weighted", beta=0.5),
    "sklearn: fbeta_score(beta=2, average='macro')": _avg(skm.fbeta_score, "macro", beta=2),
    "sklearn: fbeta_score(beta=2, average='weighted')": _avg(skm.fbeta_score, "weighted", beta=2),
    "sklearn: precision_score(pos_label=first row)":
        lambda t, p, c: skm.precision_score(t, p, pos_label=0, zero_division=NAN),
    "sklearn: balanced_accuracy_score(adjusted=True)":
        lambda t, p, c: skm.balanced_accuracy_score(t, p, adjusted=True),
    "sklearn: cohen_kappa_score(weights='linear')":
        lambda t, p, c: skm.cohen_kappa_score(t, p, labels=list(range(c)), weights="linear"),
    "sklearn: cohen_kappa_score(weights='quadratic')":
        lambda t, p, c: skm.cohen_kappa_score(t, p, labels=list(range(c)), weights="quadratic"),
    "sklearn: rand_score": lambda t, p, c: skm.rand_score(t, p),
    "sklearn: fowlkes_mallows_score": lambda t, p, c: skm.fowlkes_mallows_score(t, p),
    "sklearn: homogeneity_score": lambda t, p, c: skm.homogeneity_score(t, p),
    "sklearn: completeness_score": lambda t, p, c: skm.completeness_score(t, p),
    "sklearn: v_measure_score": lambda t, p, c: skm.v_measure_score(t, p),
    "sklearn: normalized_mutual_info_score": lambda t, p, c: skm.normalized_mutual_info_score(t, p),
    "sklearn: mutual_info_score": lambda t, p, c: skm.mutual_info_score(t, p),
    "sklearn: recall_score(pos_label=first row)":
        lambda t, p, c: skm.recall_score(t, p, pos_label=0, zero_division=NAN),
    "sklearn: f1_score(pos_label=first row)":
        lambda t, p, c: skm.f1_score(t, p, pos_label=0, zero_division=NAN),
    "sklearn: jaccard_score(pos_label=first row)":
        lambda t, p, c: skm.jaccard_score(t, p, pos_label=0, zero_division=0),
    # labels=[1, 0]: scikit-learn's positive class is the last label
    "sklearn: class_likelihood_ratios()[0]":
        lambda t, p, c: skm.class_likelihood_ratios(t, p, labels=[1, 0])[0],
    "sklearn: class_likelihood_ratios()[1]":
        lambda t, p, c: skm.class_likelihood_ratios(t, p, labels=[1, 0])[1],
    "imblearn: sensitivity_score(average='macro')":
        lambda t, p, c: imm.sensitivity_score(t, p, labels=list(range(c)), average="macro"),
    "imblearn: specificity_score(average='macro')":
        lambda t, p, c: imm.specificity_score(t, p, labels=list(range(c)), average="macro"),
    "imblearn: specificity_score(average='weighted')":
        lambda t, p, c: imm.specificity_score(t, p, labels=list(range(c)), average="weighted"),
    "imblearn: sensitivity_score": lambda t, p, c: imm.sensitivity_score(t, p, pos_label=0),
    "imblearn: specificity_score(pos_label=first row)":
        lambda t, p, c: imm.specificity_score(t, p, pos_label=0),
    "imblearn: geometric_mean_score(average='multiclass')":
        lambda t, p, c: imm.geometric_mean_score(t, p, labels=list(range(c))),
    "imblearn: geometric_mean_score(pos_label=first row)":
        lambda t, p, c: imm.geometric_mean_score(t, p, pos_label=0, average="binary"),
    "imblearn: geometric_mean_score(average='macro')":
        lambda t, p, c: imm.geometric_mean_score(t, p, labels=list(range(c)), average="macro"),
    "imblearn: geometric_mean_score(average='weighted')":
        lambda t, p, c: imm.geometric_mean_score(t, p, labels=list(range(c)), average="weighted"),
    "imblearn: geometric_mean_score(average='micro')":
        lambda t, p, c: imm.geometric_mean_score(t, p, labels=list(range(c)), average="micro"),
    "imblearn: make_index_balanced_accuracy(alpha=0.1, squared=True)(geometric_mean_score)":
        lambda t, p, c: imm.make_index_balanced_accuracy(alpha=0.1, squared=True)(
            imm.geometric_mean_score)(t, p, pos_label=0, average="binary"),
    "imblearn: macro_averaged_mean_absolute_error":
        lambda t, p, c: imm.macro_averaged_mean_absolute_error(t, p),
}


def _references(e):
    """(label, kind, function) of every library function the entry names."""
    out = []
    for ref in (f"{e.source}: {e.source_name}",) + e.also:
        source, _, name = ref.partition(": ")
        if source == "pycm":
            out.append((ref, "pycm", _pycm_reference(name)))
        else:
            assert ref in LIBRARY, f"{e.index}: no test reference for {ref!r}"
            out.append((ref, "labels", LIBRARY[ref]))
    return out


def test_catalogue_size_sources_and_names():
    assert len(NAMES) == len(set(NAMES))
    distinct = [e for e in ENTRIES if e.twin is None]
    assert len(distinct) >= 60
    assert {e.source for e in ENTRIES} == {"pycm", "sklearn", "imblearn", "goesgens2021"}
    assert catalogue_names() == NAMES
    for e in ENTRIES:
        info = ALL[e.index]
        assert info.catalogue and info.paper == e.source
        if e.twin is not None:
            assert info.alias_of == e.twin
            assert info.function is ALL[e.twin].function
            assert info.greater_is_better == ALL[e.twin].greater_is_better
    assert OUT_OF_SCOPE and all(len(row) == 3 for row in OUT_OF_SCOPE)


def test_default_set_and_registry_stay_the_papers_indices():
    m3 = np.array([[8, 1, 1], [2, 6, 2], [1, 1, 8]])
    assert set(compute(m3)) == {n for n, i in registry().items() if i.applies_to(3)}
    assert not set(NAMES) & set(registry())
    assert not any(i.catalogue for i in registry().values())
    # registering the catalogue did not add aliases to the papers' indices
    assert registry()["accuracy"].aliases == ()
    assert registry()["acsa"].aliases == ("macro_recall",)


def test_compute_and_load_index_accept_every_catalogue_name():
    m2, m5 = np.array([[7, 2], [3, 9]]), np.arange(25).reshape(5, 5) + 1
    for name in NAMES:
        info = ALL[name]
        m = m2 if info.scope == "two-class" else m5
        out = compute(m, names=[name])
        assert set(out) == {name} and out[name].shape == ()
        assert load_index(name).name == name
        with pytest.raises(ValueError, match="negative"):
            info.function(-np.eye(m.shape[0]))


def test_orientation():
    lower = {n for n in NAMES if not ALL[n].greater_is_better}
    for expected in ("hamming_loss", "zero_one_count", "cross_entropy", "joint_entropy",
                     "conditional_entropy", "kl_divergence", "fpr_macro", "fnr_macro",
                     "fdr_macro", "for_macro", "err_macro", "cen_macro", "mcen_macro",
                     "dind_macro", "bcd_macro", "nlr_macro", "overall_cen", "overall_mcen",
                     "negative_likelihood_ratio", "macro_averaged_mae", "fpr_micro"):
        assert expected in lower, expected
    for expected in ("gwet_ac1", "mutual_information", "tnr_macro", "adjusted_rand_index"):
        assert expected not in lower


def _compare(name, label, kind, ours, theirs):
    """Return a failure text or None."""
    if np.isnan(theirs):
        if np.isnan(ours) or name in DEVIATIONS or ALL[name].alias_of in DEVIATIONS:
            return None
        return f"{name} vs {label}: library undefined, imbeval {ours}"
    if np.isnan(ours):
        if kind == "labels" or name in DEVIATIONS or ALL[name].alias_of in DEVIATIONS:
            return None  # "*": the library averages over the defined classes only
        return f"{name} vs {label}: imbeval undefined, library {theirs}"
    if not np.isclose(ours, theirs, rtol=1e-9, atol=1e-9):
        return f"{name} vs {label}: {ours} != {theirs}"
    return None


@pytest.mark.parametrize("c", range(2, 8))
def test_equal_to_pycm_sklearn_and_imblearn_on_random_matrices(c):
    failures, compared = [], 0
    matrices = [m for m in MATRICES if m.shape[0] == c]
    names = [n for n in NAMES if ALL[n].applies_to(c)]
    values = compute(np.stack(matrices), names=names)
    for k, m in enumerate(matrices):
        cm = _pycm(m)
        t, p = _labels(m)
        for e in ENTRIES:
            if e.index not in values:
                continue
            ours = float(values[e.index][k])
            for label, kind, ref in _references(e):
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    try:
                        theirs = _num(ref(cm) if kind == "pycm" else ref(t, p, c))
                    except ValueError:
                        theirs = np.nan
                failure = _compare(e.index, label, kind, ours, theirs)
                compared += failure is None and not np.isnan(theirs)
                if failure:
                    failures.append(failure)
    assert not failures, "\n".join(failures[:20])
    assert compared > 50 * len(matrices)


def test_every_defined_library_value_on_full_matrices_is_matched():
    # matrices where every class occurs and is predicted: no class-level undefinedness, so
    # the "*" deviation cannot hide a difference; every reference must be matched exactly
    rng = np.random.default_rng(7)
    for c in (2, 3, 5):
        m = rng.integers(1, 12, size=(c, c))
        cm, (t, p) = _pycm(m), _labels(m)
        for e in ENTRIES:
            if not ALL[e.index].applies_to(c):
                continue
            ours = float(compute(m, names=[e.index])[e.index])
            for label, kind, ref in _references(e):
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    theirs = _num(ref(cm) if kind == "pycm" else ref(t, p, c))
                if np.isnan(theirs) and np.isnan(ours):
                    continue
                assert np.isclose(ours, theirs, rtol=1e-9, atol=1e-9), (e.index, label, ours, theirs)


def test_pycm_overall_statistics_equal_imbeval_twins():
    # PyCM's overall statistics equal imbeval's (registered) values, C = 2..7
    twins = {"Overall ACC": "accuracy", "Kappa": "kappa", "Overall MCC": "mcc",
             "Overall CEN": "cen", "CBA": "cba", "AUNU": "auroc_ova",
             "TPR Macro": "acsa", "PPV Macro": "macro_precision", "F1 Macro": "macro_f1"}
    checked = 0
    for m in MATRICES:
        cm = _pycm(m)
        values = compute(m, names=list(twins.values()))
        for key, name in twins.items():
            theirs, ours = _num(cm.overall_stat[key]), float(values[name])
            if np.isnan(theirs):
                assert np.isnan(ours) or (key == "Overall CEN" and "overall_cen" in DEVIATIONS), (key, m)
            else:
                assert np.isclose(ours, theirs, rtol=1e-9, atol=1e-12), (key, m, ours, theirs)
                checked += 1
    assert checked > 300


def test_pycm_overall_mcen_is_mcen_for_more_than_two_classes_only():
    rng = np.random.default_rng(3)
    m3 = rng.integers(1, 9, size=(20, 4, 4))
    v = compute(m3, names=["overall_mcen", "mcen"])
    assert np.allclose(v["overall_mcen"], v["mcen"], rtol=1e-12)
    m2 = rng.integers(1, 9, size=(20, 2, 2))
    v = compute(m2, names=["overall_mcen", "mcen"])
    assert not np.allclose(v["overall_mcen"], v["mcen"])


def test_zero_division_reaches_catalogue_indices():
    m = np.array([[5, 1, 0], [2, 4, 0], [0, 0, 0]])  # class 2: no true points, never predicted
    out = compute(m, names=["tnr_macro", "npv_macro", "jaccard_macro", "f2_macro"])
    assert np.isnan(out["jaccard_macro"]) and np.isnan(out["f2_macro"])
    filled = compute(m, names=["jaccard_macro"], zero_division=1.0)["jaccard_macro"]
    assert filled == pytest.approx((5 / 8 + 4 / 7 + 1.0) / 3)


def test_every_pycm_statistic_is_in_the_catalogue_or_out_of_scope():
    # "every label-based index of PyCM": each overall and class statistic PyCM computes is
    # an entry (its source_name or also) or listed, with a reason, in OUT_OF_SCOPE
    import re

    cm = _pycm(np.array([[3, 1, 0], [1, 2, 1], [0, 1, 4]]))
    covered = set()
    for e in ENTRIES:
        names = ([e.source_name] if e.source == "pycm" else []) + [
            a.partition(": ")[2] for a in e.also if a.startswith("pycm: ")]
        covered |= {re.sub(r" \((macro|weighted|second element)\)$| of the first class$", "", n)
                    for n in names}
    out = {n.strip() for source, names, _ in OUT_OF_SCOPE if source == "pycm"
           for n in re.sub(r" \(.*?\)", "", names).split(",")}
    missing = [k for k in cm.overall_stat if k not in covered | out and not k.startswith("SOA")]
    assert missing == []
    stems = {re.sub(r" (Macro|Micro)$", "", n) for n in covered}
    assert [k for k in cm.class_stat if k not in stems | out] == []
    assert any(n.startswith("SOA") for n in out) or "SOA1-SOA10" in str(OUT_OF_SCOPE)


def test_docs_page_lists_the_catalogue_and_its_tables():
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "docs" / "catalogue.md").read_text()
    for source, names, why in OUT_OF_SCOPE:
        assert f"| {source} | {names} | {why} |" in page
    for key, text in DEVIATIONS.items():
        assert text in page, key
    for name in NAMES:
        assert f"| `{name}` |" in page, name


def test_cli_only_accepts_catalogue_names(tmp_path, capsys):
    from imbeval.cli import main

    path = tmp_path / "m.json"
    path.write_text("[[40, 10], [30, 920]]")
    assert main(["indices", str(path), "--only", "gwet_ac1,sensitivity"]) == 0
    out = capsys.readouterr().out
    expected = compute(np.array([[40, 10], [30, 920]]), names=["gwet_ac1"])["gwet_ac1"]
    assert "gwet_ac1" in out and f"{float(expected):.6f}" in out and "sklearn" in out
    assert main(["indices", str(path)]) == 0
    assert "gwet_ac1" not in capsys.readouterr().out  # not in the default set


@settings(max_examples=60)
@given(confusion_matrices(min_classes=2, max_classes=7, positive_cols=True))
def test_identities_between_catalogue_and_registered_indices(m):
    # algebraic identities (each follows from the definitions) hold on every matrix where
    # every class occurs and is predicted
    c = m.shape[0]
    names = ["acc_macro", "hamming_loss", "fnr_macro", "bm_macro", "kappa_no_prevalence",
             "bennett_s", "fpr_macro", "tnr_macro", "fdr_macro", "err_macro",
             "balanced_accuracy_adjusted", "gmean_sens_spec_micro", "tnr_micro"]
    v = {k: float(x) for k, x in compute(m, names=names + ["accuracy", "acsa", "auroc_ova",
                                                            "macro_precision"]).items()}
    acc = v["accuracy"]
    assert v["hamming_loss"] == pytest.approx(1 - acc, abs=1e-12)
    assert v["acc_macro"] == pytest.approx(1 - 2 * (1 - acc) / c, abs=1e-12)
    assert v["err_macro"] == pytest.approx(2 * (1 - acc) / c, abs=1e-12)
    assert v["fnr_macro"] == pytest.approx(1 - v["acsa"], abs=1e-12)
    assert v["bm_macro"] == pytest.approx(2 * v["auroc_ova"] - 1, abs=1e-12)
    assert v["kappa_no_prevalence"] == pytest.approx(2 * acc - 1, abs=1e-12)
    assert v["bennett_s"] == pytest.approx((c * acc - 1) / (c - 1), abs=1e-12)
    assert v["fpr_macro"] == pytest.approx(1 - v["tnr_macro"], abs=1e-12)
    assert v["fdr_macro"] == pytest.approx(1 - v["macro_precision"], abs=1e-12)
    assert v["balanced_accuracy_adjusted"] == pytest.approx((c * v["acsa"] - 1) / (c - 1), abs=1e-12)
    # micro TNR = ((C − 2) n + tr) / ((C − 1) n)
    assert v["tnr_micro"] == pytest.approx(((c - 2) + acc) / (c - 1), abs=1e-12)
    assert v["gmean_sens_spec_micro"] == pytest.approx(np.sqrt(acc * v["tnr_micro"]), abs=1e-12)


@settings(max_examples=40)
@given(confusion_matrices(min_classes=2, max_classes=6), st.lists(st.floats(0.1, 10), min_size=6,
                                                                    max_size=6))
def test_macro_recall_family_is_invariant_to_row_scaling(m, scales):
    # Condition 1 holds by construction for functions of the row-normalised matrix
    b = np.array(scales[: m.shape[0]])[:, None]
    names = ["tpr_macro", "fnr_macro", "balanced_accuracy_adjusted", "macro_averaged_mae",
             "geometric_mean_multiclass"]
    a, s = compute(m, names=names), compute(m * b, names=names)
    for name in names:
        assert float(s[name]) == pytest.approx(float(a[name]), rel=1e-9, abs=1e-12), name


def test_evaluate_predictions_accepts_catalogue_names():
    from imbeval.evaluation import evaluate_predictions

    rng = np.random.default_rng(0)
    y = rng.integers(0, 3, 300)
    p = np.where(rng.random(300) < 0.7, y, rng.integers(0, 3, 300))
    table = evaluate_predictions(y, p, indices=["gwet_ac1", "acsa"])
    assert set(table.values["index"]) == {"gwet_ac1", "acsa"}
    assert table.values["value"].notna().all()
