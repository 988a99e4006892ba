"""The auditor looks at an index's worst side, and says what each verdict rests on.

Orientation: a lower-is-better index (CEN, MCEN, a user's loss) is audited as −f, so
Condition 3 and the influence analysis see its supremum. The audit of f and of its twin of
the other orientation (1 − f or −f, declared so) must give the same verdicts, whichever way
the declaration arrives: the function attribute ``greater_is_better = False``,
``add_index(greater_is_better=False)``, ``imbeval audit --index``, ``experiment.indices``
and ``imbeval evaluate``.

Wording: a verdict found by search reads "holds (no counterexample in N matrices,
C = a–b)" or "fails (counterexample: ...)" with the matrix kept as JSON; a verdict that
mullick2020 proves for its own index cites the theorem.
"""

from __future__ import annotations

import json
import re
import sys
import types

import numpy as np
import pytest
from byo_helpers import clean_registry  # noqa: F401  (fixture)

from imbeval.audit import AuditResult, AuditSizes, audit_index, audit_registry
from imbeval.audit.core import cite_theorems, verdict_text
from imbeval.audit.report import markdown_table, read_audit_csv, verdict_wording, write_audit
from imbeval.indices import add_index, load_index, registry

CLASSES = (2, 3, 4)
R = registry()


def _verdicts(r):
    return (r.condition1, r.condition2, r.condition3)


def _influence(r):
    ib, it = r.influence_binary or {}, r.influence_ternary or {}
    return (r.ortigosa_adequate, ib.get("grows"), it.get("grows"),
            ib.get("positive_fraction"), it.get("positive_fraction"))


def _twin(name, how):
    """The other-orientation twin of a registered index: ``1 - f`` or ``-f``, with the
    opposite ``greater_is_better`` declared as a function attribute."""
    f = R[name].function
    # zero_division= passes through: the influence functions use the 0/0 = 1 convention
    if how == "one_minus":
        def twin(cm, **kwargs):
            return 1.0 - f(cm, **kwargs)
    else:
        def twin(cm, **kwargs):
            return -f(cm, **kwargs)
    twin.greater_is_better = not R[name].greater_is_better
    twin.__name__ = f"{how}_{name}"
    return twin


PAIRS = [("gmean", "one_minus"), ("acsa", "one_minus"), ("mcc", "minus"), ("iam", "minus"),
         ("cen", "minus"), ("mcen", "minus")]


@pytest.fixture(scope="module")
def pair_audits():
    out = {}
    for name, how in PAIRS:
        original = audit_index(R[name].function, name=name, classes=CLASSES,
                               sizes=AuditSizes.quick(), seed=11,
                               greater_is_better=R[name].greater_is_better)
        twin = audit_index(_twin(name, how), classes=CLASSES, sizes=AuditSizes.quick(), seed=11)
        out[name] = (original, twin)
    return out


@pytest.mark.parametrize("name", [p[0] for p in PAIRS])
def test_twin_of_other_orientation_gets_the_same_verdicts(pair_audits, name):
    original, twin = pair_audits[name]
    assert twin.greater_is_better is (not original.greater_is_better)
    assert None not in _verdicts(original)
    assert _verdicts(twin) == _verdicts(original)
    assert _influence(twin) == pytest.approx(_influence(original), abs=1e-9)
    # the margin of Condition 3 is the distance from the worst bound, the same for both
    assert twin.condition3_margin == pytest.approx(original.condition3_margin, abs=1e-9)


def test_one_minus_twin_reports_its_own_scale(pair_audits):
    original, twin = pair_audits["acsa"]
    for c in CLASSES:
        lo, hi = original.bounds[c]
        assert twin.bounds[c] == pytest.approx((1 - hi, 1 - lo), abs=1e-9)
        # ACSA's worst case with one class failing: (C − 1)/C; the loss's: 1/C (a supremum)
        assert original.limits[c] == pytest.approx((c - 1) / c, abs=1e-6)
        assert twin.limits[c] == pytest.approx(1 / c, abs=1e-6)
    assert twin.row()["orientation"] == "lower is better"
    assert original.row()["orientation"] == "higher is better"


def test_orientation_decides_condition3_of_a_loss():
    """Read as higher-is-better, 1 − GMean would pass Condition 3 (its infimum is its best
    side); declared lower-is-better it fails, as GMean does (mullick2020, Theorem 5)."""
    loss = _twin("gmean", "one_minus")
    declared = audit_index(loss, classes=CLASSES, sizes=AuditSizes.quick(), seed=2,
                           influence_functions=False)
    ignored = audit_index(loss, classes=CLASSES, sizes=AuditSizes.quick(), seed=2,
                          influence_functions=False, greater_is_better=True)
    assert declared.condition3 is False
    assert ignored.condition3 is True


def test_cen_is_audited_on_its_supremum():
    cen = R["cen"]
    assert cen.greater_is_better is False
    worst = audit_registry(["cen"], classes=CLASSES, sizes=AuditSizes.quick(), seed=4,
                           influence_functions=False)[0]
    best_side = audit_index(cen.function, classes=CLASSES, sizes=AuditSizes.quick(), seed=4,
                            influence_functions=False, greater_is_better=True)
    # the supremum with one class failing stays below CEN's upper bound: Condition 3 holds;
    # the old reading (infimum = CEN's best value, 0) said it fails
    assert worst.condition3 is True and best_side.condition3 is False
    # the registered function alone carries its orientation (a caller need not pass it)
    plain = audit_index(cen.function, name="cen", classes=CLASSES, sizes=AuditSizes.quick(),
                        seed=4, influence_functions=False)
    assert plain.greater_is_better is False and _verdicts(plain) == _verdicts(worst)
    for c in (3, 4):
        assert worst.limits[c] < worst.bounds[c][1] - 1e-3


def test_orientation_parameter_is_validated():
    with pytest.raises(ValueError, match="greater_is_better"):
        audit_index(R["acsa"].function, greater_is_better="no", sizes=AuditSizes.quick())

    def bad(cm):
        return np.zeros(np.shape(cm)[:-2])

    bad.greater_is_better = "lower"
    with pytest.raises(ValueError, match="greater_is_better"):
        audit_index(bad, sizes=AuditSizes.quick())


# --- every path a declaration takes -------------------------------------------------------

@pytest.fixture
def lossmod(monkeypatch):
    """A user module of losses, importable as ``lossmod``: 1 − ACSA and 1 − GMean, each
    declaring ``greater_is_better = False``."""
    mod = types.ModuleType("lossmod")

    def acsa_loss(cm):
        cm = np.asarray(cm, dtype=float)
        return 1.0 - (np.diagonal(cm, axis1=-2, axis2=-1) / cm.sum(-1)).mean(-1)

    def gmean_loss(cm):
        cm = np.asarray(cm, dtype=float)
        recall = np.diagonal(cm, axis1=-2, axis2=-1) / cm.sum(-1)
        return 1.0 - np.prod(recall, axis=-1) ** (1.0 / cm.shape[-1])

    acsa_loss.greater_is_better = False
    gmean_loss.greater_is_better = False
    mod.acsa_loss, mod.gmean_loss = acsa_loss, gmean_loss
    monkeypatch.setitem(sys.modules, "lossmod", mod)
    return mod


@pytest.mark.usefixtures("clean_registry")
def test_add_index_declaration_is_audited_on_its_worst_side():
    def plain_loss(cm):
        cm = np.asarray(cm, dtype=float)
        recall = np.diagonal(cm, axis1=-2, axis2=-1) / cm.sum(-1)
        return 1.0 - np.prod(recall, axis=-1) ** (1.0 / cm.shape[-1])

    add_index(plain_loss, name="gm_loss", formula="1 − GMean", greater_is_better=False)
    got, ref = audit_registry(["gm_loss", "gmean"], classes=CLASSES, sizes=AuditSizes.quick(),
                              influence_functions=False)
    assert registry()["gm_loss"].greater_is_better is False
    assert got.greater_is_better is False
    assert _verdicts(got) == _verdicts(ref) == (True, True, False)


@pytest.mark.usefixtures("clean_registry")
def test_experiment_indices_import_path_keeps_the_declaration(lossmod):
    from imbeval_repro.experiment.protocol.user_code import index_names

    names = index_names(["acsa", "lossmod:gmean_loss", "lossmod:acsa_loss"])
    assert names == ["acsa", "gmean_loss", "acsa_loss"]
    assert registry()["gmean_loss"].greater_is_better is False
    assert registry()["acsa_loss"].greater_is_better is False
    got = {r.name: _verdicts(r) for r in audit_registry(
        ["gmean", "gmean_loss", "acsa", "acsa_loss"], classes=CLASSES,
        sizes=AuditSizes.quick(), influence_functions=False)}
    assert got["gmean_loss"] == got["gmean"] == (True, True, False)
    assert got["acsa_loss"] == got["acsa"] == (True, True, True)


@pytest.mark.usefixtures("clean_registry")
def test_cli_audit_index_honours_the_declaration(lossmod, capsys):
    from imbeval.cli import main

    assert main(["audit", "--index", "lossmod:gmean_loss", "--only", "gmean", "--quick",
                 "--classes", "2-4", "--quiet", "--no-figure"]) == 0
    out = capsys.readouterr().out
    table, _, words = out.partition("\n\n")
    rows = {line.split()[0]: line.split() for line in table.splitlines()[2:]}
    # index, paper, scope, C1, C2, C3, orientation
    assert rows["gmean_loss"][2:7] == ["multi-class", "holds", "holds", "fails", "lower"]
    assert rows["gmean"][2:7] == ["multi-class", "holds", "holds", "fails", "higher"]
    assert "gmean_loss, Condition 3: fails (counterexample: at C = 3" in words
    assert "gmean, Condition 3: fails (mullick2020, Theorem 5)" in words
    assert re.search(r"gmean_loss, Condition 2: holds \(no counterexample in \d+ matrices, "
                     r"C = 2–4\)", words)


@pytest.mark.usefixtures("clean_registry")
def test_evaluate_honours_the_declaration(lossmod):
    from imbeval.evaluation import evaluate_predictions

    rng = np.random.default_rng(0)
    y_true = np.repeat([0, 1, 2], [60, 25, 15])
    y_pred = np.where(rng.random(100) < 0.7, y_true, rng.integers(0, 3, 100))
    ev = evaluate_predictions(y_true, y_pred, indices=["acsa", "lossmod:acsa_loss", "gmean",
                                                       "lossmod:gmean_loss"], repeats=2, seed=3)
    s = ev.summary.set_index("index")
    for loss, ref in (("acsa_loss", "acsa"), ("gmean_loss", "gmean")):
        assert bool(s.loc[loss, "greater_is_better"]) is False
        assert bool(s.loc[ref, "greater_is_better"]) is True
        assert [s.loc[loss, f"condition{k}"] for k in (1, 2, 3)] == \
               [s.loc[ref, f"condition{k}"] for k in (1, 2, 3)]
    assert s.loc["gmean_loss", "condition3"] == "false"
    assert s.loc["acsa", "condition3_verdict"] == "holds (mullick2020, Theorem 5)"
    assert s.loc["acsa_loss", "condition3_verdict"].startswith("holds (no counterexample in ")
    text = ev.table()
    assert "acsa_loss, Condition 3: holds (no counterexample in" in text
    assert "gmean_loss, Condition 3: fails (counterexample:" in text


# --- wording and evidence -----------------------------------------------------------------

@pytest.fixture(scope="module")
def worded(tmp_path_factory):
    names = ["gmean2", "precision", "gmean", "acsa", "auroc_ovo", "nauroc_ova", "cen", "mcc"]
    results = audit_registry(names, classes=CLASSES, sizes=AuditSizes.quick(), seed=5,
                             influence_functions=False)
    out = tmp_path_factory.mktemp("audit")
    write_audit(results, out, papers={n: R[n].paper for n in names})
    return {r.name: r for r in results}, {r["index"]: r for r in read_audit_csv(out / "audit.csv")}, out


def test_search_verdicts_say_how_far_the_search_went(worded):
    results, rows, _ = worded
    for name, k, classes in (("nauroc_ova", 2, "2–4"), ("mcc", 3, "3–4"), ("cen", 3, "3–4")):
        r = results[name]
        assert getattr(r, f"condition{k}") is True
        m = re.fullmatch(r"holds \(no counterexample in (\d+) matrices, C = (\S+)\)",
                         rows[name][f"condition{k}_verdict"])
        assert m, rows[name][f"condition{k}_verdict"]
        assert int(m.group(1)) == r.n_searched[k] > 1000
        assert m.group(2) == classes
        assert rows[name][f"condition{k}_counterexample"] == ""
    assert rows["gmean2"]["condition2_verdict"] == "" and rows["gmean2"]["condition2"] == ""


def test_theorem_cited_only_for_mullick2020_indices(worded):
    _, rows, _ = worded
    assert rows["gmean"]["condition3_verdict"] == "fails (mullick2020, Theorem 5)"
    assert rows["acsa"]["condition3_verdict"] == "holds (mullick2020, Theorem 5)"
    assert rows["acsa"]["condition1_verdict"] == "holds (mullick2020, Theorem 3)"
    assert rows["gmean2"]["condition1_verdict"] == "holds (mullick2020, Theorem 1)"
    assert rows["precision"]["condition1_verdict"] == "fails (mullick2020, Theorem 1)"
    assert rows["auroc_ovo"]["condition2_verdict"] == "fails (mullick2020, Theorem 3)"
    # proposed, not proved: nAUROC-OVA's verdicts rest on the search
    assert "Theorem" not in rows["nauroc_ova"]["condition1_verdict"]
    assert "Theorem" not in rows["cen"]["condition1_verdict"]
    # the counterexample is kept even where a theorem is cited
    assert json.loads(rows["precision"]["condition1_counterexample"])["C"] == 2


def test_condition1_counterexample_is_one(worded):
    _, rows, _ = worded
    assert rows["cen"]["condition1_verdict"].startswith("fails (counterexample: scaling the rows")
    ce = json.loads(rows["cen"]["condition1_counterexample"])
    m = np.array(ce["matrix"])
    b = np.array(ce["row_scaling"])[:, None]
    f = R["cen"].function
    before, after = float(f(m)), float(f(m * b))
    assert before == pytest.approx(ce["value"], rel=1e-4)
    assert after == pytest.approx(ce["scaled_value"], rel=1e-4)
    assert abs(after - before) > 1e-3


def test_condition2_and_3_counterexamples_are_ones(worded):
    results, rows, _ = worded
    ce2 = json.loads(rows["auroc_ovo"]["condition2_counterexample"])
    assert ce2["bound"] == "lower"
    (a, b) = ce2["matrices"]
    assert a["C"] != b["C"] and abs(a["bound"] - b["bound"]) > 1e-3
    f = R["auroc_ovo"].function
    for pick in (a, b):  # the kept matrix attains (up to 6 digits) the bound it stands for
        assert float(f(np.array(pick["matrix"]))) == pytest.approx(pick["bound"], abs=1e-4)
    ce3 = json.loads(rows["gmean"]["condition3_counterexample"])
    m = np.array(ce3["matrix"])
    recall = np.diag(m) / m.sum(axis=1)
    assert np.sort(recall)[0] < 1e-6 and np.sort(recall)[1] > 1 - 1e-6  # one class fails
    assert float(R["gmean"].function(m)) <= ce3["lower_bound"] + 1e-3
    assert ce3["C"] >= 3


def test_markdown_and_text_say_holds_or_fails_never_bare_yes(worded):
    _, rows, out = worded
    md = (out / "audit.md").read_text()
    table = md[md.index("| index"):]
    for line in table.splitlines()[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        for cell in cells[3:6]:  # Conditions 1-3
            assert cell == "–" or re.match(r"(holds|fails) \(", cell), cell
    assert "holds (mullick2020, Theorem 5)" in md
    assert "| cen | dembele | lower is better |" in md
    assert markdown_table(list(rows.values())) in md


def test_wording_refuses_a_verdict_without_words_and_of_a_disagreement():
    with pytest.raises(ValueError, match="condition2_verdict"):
        verdict_wording({"index": "acsa", "condition2": "false"}, 2)
    assert verdict_wording({"condition2": ""}, 2) == "–"
    with pytest.raises(ValueError, match="condition"):
        verdict_wording({"condition1": "true"}, 4)
    r = AuditResult(name="gmean", scope="multi-class", condition1=True, condition2=True,
                    condition3=True, classes=(2, 3), n_searched={1: 10, 2: 20, 3: 30})
    cite_theorems(r)
    # Theorem 5 says GMean fails Condition 3: a search saying otherwise is not dressed up
    assert 3 not in r.theorems and any("Theorem 5" in n for n in r.notes)
    assert verdict_text(r, 3) == "holds (no counterexample in 30 matrices, C = 3)"
    assert verdict_text(r, 1) == "holds (mullick2020, Theorem 3)"
    with pytest.raises(ValueError, match="condition"):
        verdict_text(r, 0)


def test_load_index_reads_the_attribute(lossmod, clean_registry):  # noqa: F811
    assert load_index("lossmod:acsa_loss").greater_is_better is False


def test_influence_functions_reverse_the_sign_of_a_lower_is_better_score():
    from imbeval.audit.influence import influence_binary, influence_multiclass

    f = R["cen"].function
    etas, eps = np.array([0.1, 0.3, 0.8]), np.array([-0.2, 0.1, 0.5])

    def minus_cen(cm, **kwargs):
        return -f(cm, **kwargs)

    lower = influence_binary(f, etas, greater_is_better=False)
    np.testing.assert_allclose(lower, influence_binary(minus_cen, etas), atol=1e-12)
    np.testing.assert_allclose(lower, -influence_binary(f, etas), atol=1e-12)
    assert np.all(np.abs(lower) > 1e-3)  # not vacuous: the sign matters
    np.testing.assert_allclose(influence_multiclass(f, eps, greater_is_better=False),
                               influence_multiclass(minus_cen, eps), atol=1e-12)
    with pytest.raises(ValueError, match="greater_is_better"):
        influence_binary(f, etas, greater_is_better=None)


def test_fig6_carries_the_wording_and_names_the_theorem(worded):
    from imbeval.audit.figure import _cell_label, fig6_data

    _, rows, _ = worded
    data = fig6_data(list(rows.values())).set_index("index")
    assert data.loc["gmean", "condition3_verdict"] == "fails (mullick2020, Theorem 5)"
    assert data.loc["gmean2", "condition2_verdict"] == ""
    assert data.loc["cen", "condition3_verdict"].startswith("holds (no counterexample in ")
    records = data.reset_index().to_dict("records")
    labels = {r["index"]: _cell_label(r, "condition3") for r in records}
    assert labels["gmean"] == "fails (Th. 5)" and labels["acsa"] == "holds (Th. 5)"
    assert labels["cen"] == "holds" and labels["gmean2"] == "n/a"


@pytest.mark.usefixtures("clean_registry")
def test_cli_evaluate_honours_the_declaration(lossmod, tmp_path, capsys):
    import pandas as pd

    from imbeval.cli import main

    rng = np.random.default_rng(1)
    y = np.repeat(["a", "b", "c"], [50, 30, 20])
    pred = np.where(rng.random(100) < 0.75, y, rng.choice(["a", "b", "c"], 100))
    path = tmp_path / "pred.csv"
    pd.DataFrame({"y_true": y, "y_pred": pred}).to_csv(path, index=False)
    out = tmp_path / "eval"
    assert main(["evaluate", str(path), "--index", "gmean", "--index", "lossmod:gmean_loss",
                 "--repeats", "2", "--out-dir", str(out)]) == 0
    text = (out / "evaluate.txt").read_text()      # the full report, every verdict in words
    assert "gmean_loss, Condition 3: fails (counterexample: at C = " in text
    assert "gmean, Condition 3: fails (mullick2020, Theorem 5)" in text
    tidy = pd.read_csv(out / "evaluate.csv", dtype=str, keep_default_na=False)
    tidy = tidy.drop_duplicates("index")
    tidy = tidy.set_index("index")
    assert tidy.loc["gmean_loss", "condition3"] == tidy.loc["gmean", "condition3"] == "false"
    assert str(tidy.loc["gmean_loss", "greater_is_better"]) == "False"


def test_evaluate_reads_the_wording_from_an_audit_table(worded):
    from imbeval.evaluation import evaluate_predictions

    _, _, out = worded
    y = np.repeat([0, 1, 2], [40, 20, 10])
    ev = evaluate_predictions(y, y, indices=["gmean", "cen"], repeats=1,
                              audit=str(out / "audit.csv"))
    s = ev.summary.set_index("index")
    assert s.loc["gmean", "condition3_verdict"] == "fails (mullick2020, Theorem 5)"
    assert s.loc["cen", "condition3"] == "true"
    assert s.loc["cen", "condition1_verdict"].startswith("fails (counterexample: scaling")


def test_report_page_shows_the_worded_verdicts_not_the_matrices(worded, tmp_path):
    import pandas as pd

    from imbeval_repro.report import pages

    _, rows, out = worded
    (tmp_path / "audit").mkdir()
    (tmp_path / "audit" / "audit.csv").write_text((out / "audit.csv").read_text())
    item = {"id": "audit_table", "label": "Audit table", "name": "n", "tables": ["audit/audit.csv"]}
    comparison = pd.DataFrame(columns=["paper", "item", "row", "column", "printed",
                                       "regenerated", "difference", "status"])
    page = pages.render_item("audit", {"title": "t", "items": [item]}, item, comparison, tmp_path)
    assert "holds (mullick2020, Theorem 5)" in page
    assert "fails (counterexample: scaling the rows" in page
    assert "<th>condition1_verdict</th>" in page and "<th>condition1</th>" not in page
    matrix = json.loads(rows["cen"]["condition1_counterexample"])["matrix"]
    assert json.dumps(matrix)[:20] not in page  # the JSON stays in the CSV
    assert "results/audit/audit.csv" in page
