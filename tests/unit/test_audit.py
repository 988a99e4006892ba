"""The auditor's verdicts against mullick2020's theorems and indices outside the papers.

The auditor decides from numbers alone; these tests compare its verdicts with what the
paper states (Theorems 1-5) and with what follows from the definitions of plain accuracy,
mean recall and min recall -- the expected answers live here, never in the auditor.
"""

from __future__ import annotations

import csv

import numpy as np
import pytest

from imbeval.audit import AuditSizes, audit_index, audit_registry
from imbeval.cli import main
from imbeval.indices import registry

PAPER_INDICES = [n for n, info in registry().items() if info.paper == "mullick2020"]


@pytest.fixture(scope="module")
def paper_audit():
    """The full-size audit of mullick2020's indices (the sizes `imbeval audit` uses)."""
    results = audit_registry(PAPER_INDICES, sizes=AuditSizes(), influence_functions=False)
    return {r.name: r for r in results}


# Theorems 1 and 2 (two-class: Condition 1 only), Theorems 3 and 4 (multi-class, Conditions
# 1 and 2) and Theorem 5 (Condition 3 of the indices meeting 1 and 2).
THEOREMS = {
    "gmean2": (True, None, None),      # Thm 1.1
    "auroc2": (True, None, None),      # Thm 1.2
    "precision": (False, None, None),  # Thm 1.3
    "aurpc": (False, None, None),      # Thm 1.4
    "mprecision": (True, None, None),  # Thm 2.1
    "maurpc": (True, None, None),      # Thm 2.2
    "gmean": (True, True, False),      # Thm 3.1, Thm 5
    "acsa": (True, True, True),        # Thm 3.2, Thm 5
    "auroc_ovo": (True, False, None),  # Thm 3.3
    "auroc_ova": (False, False, None),  # Thm 3.4
    "aurpc_ova": (False, True, None),  # Thm 3.5
    "maurpc_ova": (True, True, True),  # Thm 4, Thm 5
}


@pytest.mark.parametrize("name", sorted(THEOREMS))
def test_verdicts_agree_with_theorems_1_to_5(paper_audit, name):
    c1, c2, c3 = THEOREMS[name]
    r = paper_audit[name]
    assert r.condition1 is c1
    if r.scope == "two-class":
        assert r.condition2 is None and r.condition3 is None
    else:
        assert r.condition2 is c2
    if c3 is not None:  # Theorem 5 speaks only of the indices meeting Conditions 1 and 2
        assert r.condition3 is c3


def test_normalised_auroc_ova_has_c_independent_bounds(paper_audit):
    # Lemma 3: ρa ≥ (C−2)/(2C) = λC, approached when two classes hold almost every point;
    # nAUROC-OVA rescales by λC, so its infimum is 0 for every C (Condition 2 holds) while
    # it still depends on the test set's class sizes (Condition 1 fails).
    r = paper_audit["nauroc_ova"]
    assert r.condition1 is False and r.condition2 is True
    for c, (lower, upper) in r.bounds.items():
        assert abs(lower) < 1e-6 and upper == pytest.approx(1.0)


def test_bounds_found_match_lemmas_2_and_3(paper_audit):
    ovo, ova = paper_audit["auroc_ovo"], paper_audit["auroc_ova"]
    for c in range(2, 11):
        assert ovo.bounds[c][0] == pytest.approx((c - 2) / (2 * (c - 1)), abs=1e-9)  # Lemma 2
        assert ova.bounds[c][0] == pytest.approx((c - 2) / (2 * c), abs=1e-6)  # Lemma 3 infimum
        assert ovo.bounds[c][1] == pytest.approx(1.0) and ova.bounds[c][1] == pytest.approx(1.0)


def test_condition3_limits_match_theorem_5(paper_audit):
    for c in range(3, 11):
        assert paper_audit["gmean"].limits[c] < 1e-3  # eq. 26: the limit is 0
        assert paper_audit["acsa"].limits[c] == pytest.approx((c - 1) / c, abs=1e-9)  # eq. 27
        assert paper_audit["maurpc_ova"].limits[c] > 3 * (c - 1) / (4 * c)  # eq. 28


# ---------------------------------------------------------------- a user's own functions


def plain_accuracy(cm):
    cm = np.asarray(cm, dtype=float)
    return np.trace(cm, axis1=-2, axis2=-1) / cm.sum(axis=(-2, -1))


def mean_recall(cm):
    cm = np.asarray(cm, dtype=float)
    with np.errstate(invalid="ignore"):
        return np.mean(np.diagonal(cm, axis1=-2, axis2=-1) / cm.sum(axis=-1), axis=-1)


def min_recall(cm):
    cm = np.asarray(cm, dtype=float)
    with np.errstate(invalid="ignore"):
        return np.min(np.diagonal(cm, axis1=-2, axis2=-1) / cm.sum(axis=-1), axis=-1)


@pytest.fixture(scope="module")
def user_audit():
    sizes = AuditSizes.quick()
    return {
        f.__name__: audit_index(f, sizes=sizes, seed=3, influence_functions=False)
        for f in (plain_accuracy, mean_recall, min_recall)
    }


def test_plain_accuracy_fails_condition1(user_audit):
    r = user_audit["plain_accuracy"]
    assert r.scope == "multi-class"
    assert r.condition1 is False
    assert r.condition1_max_deviation > 0.1


def test_mean_recall_passes_all_three(user_audit):
    r = user_audit["mean_recall"]
    assert (r.condition1, r.condition2, r.condition3) == (True, True, True)
    assert r.condition1_max_deviation < 1e-12
    assert all(lo == pytest.approx(0) and hi == pytest.approx(1) for lo, hi in r.bounds.values())


def test_min_recall_passes_1_and_2_fails_3(user_audit):
    r = user_audit["min_recall"]
    assert (r.condition1, r.condition2, r.condition3) == (True, True, False)
    assert r.condition3_margin < 1e-3


def test_quick_sizes_give_the_full_sizes_verdicts_for_the_registry():
    names = ["accuracy", "macro_recall", "min_recall", "gmean", "auroc_ovo", "aurpc_ova"]
    quick = audit_registry(names, sizes=AuditSizes.quick(), influence_functions=False)
    full = {
        "accuracy": (False, True, False), "macro_recall": (True, True, True),
        "min_recall": (True, True, False), "gmean": (True, True, False),
        "auroc_ovo": (True, False, True), "aurpc_ova": (False, True, True),
    }
    for r in quick:
        assert (r.condition1, r.condition2, r.condition3) == full[r.name], r.name


def test_two_class_function_is_detected_and_conditions_2_3_not_applicable():
    def tpr(cm):
        cm = np.asarray(cm, dtype=float)
        if cm.shape[-1] != 2:
            raise ValueError("two-class only")
        return cm[..., 0, 0] / cm[..., 0, :].sum(axis=-1)

    r = audit_index(tpr, sizes=AuditSizes.quick(), influence_functions=False)
    assert r.scope == "two-class"
    assert r.condition1 is True
    assert r.condition2 is None and r.condition3 is None
    assert r.row()["condition2"] == "" and r.row()["condition1"] == "true"


def test_undefined_values_are_skipped_and_counted():
    # AURPC-OVA is NaN whenever a class is never predicted (all-in-one-column matrices ...)
    r = audit_index(registry()["aurpc_ova"].function, sizes=AuditSizes.quick(),
                    classes=(2, 3, 4), influence_functions=False)
    assert r.n_undefined > 0
    assert r.condition2 is True  # decided on the defined values

    def never_defined(cm):
        return np.full(np.shape(cm)[:-2], np.nan)

    r = audit_index(never_defined, sizes=AuditSizes.quick(), classes=(2, 3), influence_functions=False)
    assert r.condition1 is None and r.condition2 is None and r.condition3 is None
    assert r.notes


def test_condition2_detects_a_bound_growing_with_c():
    def shifted(cm):  # mean recall plus a C-dependent offset: upper bound 1 + 1/C
        return mean_recall(cm) + 1.0 / np.shape(cm)[-1]

    r = audit_index(shifted, sizes=AuditSizes.quick(), classes=(2, 3, 5), influence_functions=False)
    assert r.condition1 is True and r.condition2 is False
    assert r.upper_spread == pytest.approx(0.5 - 0.2, abs=1e-9)


def test_wrong_output_shape_is_a_clear_error():
    with pytest.raises(ValueError, match="one value per matrix"):
        audit_index(lambda cm: np.asarray(cm).sum(axis=-1), scope="multi-class",
                    sizes=AuditSizes.quick(), classes=(2, 3))


def test_audit_is_deterministic():
    a = audit_index(min_recall, sizes=AuditSizes.quick(), classes=(2, 3), seed=5, influence_functions=False)
    b = audit_index(min_recall, sizes=AuditSizes.quick(), classes=(2, 3), seed=5, influence_functions=False)
    assert repr(a.row()) == repr(b.row())  # NaN-safe comparison


# ----------------------------------------------------------------------------------- CLI


def test_cli_writes_table_markdown_and_fig6(tmp_path, capsys):
    out = tmp_path / "audit"
    code = main(["audit", "--out-dir", str(out), "--only", "acsa,accuracy,gmean2",
                 "--quick", "--classes", "2-4", "--quiet"])
    assert code == 0
    with open(out / "audit.csv", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert list(rows[0])[:4] == ["index", "condition1", "condition2", "condition3"]
    by = {r["index"]: r for r in rows}
    assert (by["acsa"]["condition1"], by["acsa"]["condition2"], by["acsa"]["condition3"]) == ("true", "true", "true")
    assert by["accuracy"]["condition1"] == "false"
    assert by["gmean2"]["condition2"] == "" and by["gmean2"]["condition3"] == ""
    assert float(by["accuracy"]["c1_max_deviation"]) > 0.1
    assert "| acsa |" in (out / "audit.md").read_text()
    for name in ("fig6.pdf", "fig6.png", "fig6.csv", "audit_bounds.csv", "audit_condition3.csv"):
        assert (out / name).stat().st_size > 0
    assert not list(out.glob(".*tmp"))


def test_cli_rejects_unknown_index_and_bad_classes(tmp_path, capsys):
    assert main(["audit", "--out-dir", str(tmp_path), "--only", "nope"]) == 2
    assert "unknown index 'nope'" in capsys.readouterr().err
    assert main(["audit", "--out-dir", str(tmp_path), "--classes", "1-3"]) == 2
    assert "--classes" in capsys.readouterr().err
