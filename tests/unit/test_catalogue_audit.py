"""The catalogue's audit (catalogue.csv), its heat-map, its report page and its CLI step."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from imbeval.audit import AuditSizes, audit_index, audit_registry
from imbeval.audit.report import audit_rows
from imbeval.cli import main
from imbeval_repro.library_results.catalogue_figure import conditions_data
from imbeval.indices import registry
from imbeval.indices.catalogue import entries
from imbeval_repro.report.catalogue import render_catalogue_page
from imbeval_repro.library_results.catalogue import CATALOGUE_COLUMNS, audit_catalogue, common_passing

QUICK = AuditSizes.quick()
CLASSES = (2, 3, 4)
VERDICTS = ["condition1", "condition2", "condition3", "ortigosa_adequate"]
ALL = registry(catalogue=True)


@pytest.fixture(scope="module")
def small_table():
    names = ["gwet_ac1", "tpr_macro", "overall_cen", "npv_micro", "hamming_loss", "sensitivity",
             "macro_averaged_mae"]
    return audit_catalogue(names=names, classes=CLASSES, sizes=QUICK, seed=3)


def test_table_columns_and_orientation(small_table):
    assert list(small_table.columns[: len(CATALOGUE_COLUMNS)]) == list(CATALOGUE_COLUMNS)
    t = small_table.set_index("index")
    # npv_micro's twin tnr_micro is audited too, so its verdicts can be copied
    assert {"tnr_micro", "npv_micro"} <= set(t.index)
    assert t.loc["hamming_loss", "greater_is_better"] == "false"
    assert t.loc["overall_cen", "greater_is_better"] == "false"
    assert t.loc["gwet_ac1", "greater_is_better"] == "true"
    assert t.loc["tpr_macro", "twin"] == "acsa" and t.loc["gwet_ac1", "twin"] == ""
    assert t.loc["sensitivity", "scope"] == "two-class"
    assert t.loc["sensitivity", "condition2"] == "" and t.loc["sensitivity", "condition3"] == ""
    for column in VERDICTS[:3]:
        assert set(t[column]) <= {"true", "false", ""}


def test_verdicts_are_the_audit_of_the_index_function(small_table):
    # an implemented index: the table's verdicts are audit_index's on its function
    t = small_table.set_index("index")
    for name in ("gwet_ac1", "macro_averaged_mae"):
        k = [e.index for e in entries()].index(name)  # its seed: seed + 1000 + its position
        r = audit_index(ALL[name].function, name=name, scope=ALL[name].scope, classes=CLASSES,
                        sizes=QUICK, seed=3 + 1000 + k).row()
        assert [r[c] for c in VERDICTS] == [t.loc[name, c] for c in VERDICTS], name
    # Condition 1 (invariance to the test set's imbalance) holds for ACSA's twin and the
    # macro-averaged MAE (per-class means of rows), fails for the chance-corrected AC1
    assert t.loc["tpr_macro", "condition1"] == "true"
    assert t.loc["macro_averaged_mae", "condition1"] == "true"
    assert t.loc["gwet_ac1", "condition1"] == "false"


def test_twins_get_their_twins_verdicts(small_table):
    t = small_table.set_index("index")
    # a catalogue twin: copied from its target's row
    assert [t.loc["npv_micro", c] for c in VERDICTS] == [t.loc["tnr_micro", c] for c in VERDICTS]
    # twins of registered indices, without audit.csv: audited with the seed audit_registry
    # gives the registered index, so the verdicts equal the registered audit's
    papers = list(registry())
    for twin_name, registered in (("tpr_macro", "acsa"), ("overall_cen", "cen")):
        ref = audit_registry(papers, classes=CLASSES, sizes=QUICK, seed=3)[papers.index(registered)]
        assert [t.loc[twin_name, c] for c in VERDICTS] == [ref.row()[c] for c in VERDICTS]


def test_twins_take_the_verdicts_of_audit_csv():
    fake = audit_rows(audit_registry(["acsa"], classes=CLASSES, sizes=QUICK, seed=0))
    fake[0]["condition3"] = "false"  # a verdict the search would not give: must be copied
    t = audit_catalogue(names=["tpr_macro"], audit_rows=fake, classes=CLASSES, sizes=QUICK)
    assert t.loc[0, "condition3"] == "false"
    assert t.loc[0, "c1_max_deviation"] == f"{fake[0]['c1_max_deviation']:.6g}"


def test_common_passing_and_unknown_names(small_table):
    assert "tpr_macro" in common_passing(small_table)
    assert "gwet_ac1" not in common_passing(small_table)
    with pytest.raises(ValueError, match="not a catalogue index"):
        audit_catalogue(names=["acsa"], classes=CLASSES, sizes=QUICK)


def test_heat_map_data_and_page(small_table, tmp_path):
    data = conditions_data(small_table)
    assert len(data) == 4 * len(small_table)
    sens = data[(data["index"] == "sensitivity") & (data["verdict"].str.startswith("C2"))]
    assert np.isnan(sens["value"].iloc[0])
    with pytest.raises(ValueError, match="condition1"):
        conditions_data(small_table.drop(columns=["condition1"]))
    theory = tmp_path / "theory"
    theory.mkdir()
    small_table.to_csv(theory / "catalogue.csv", index=False)
    page = render_catalogue_page(tmp_path)
    assert page.count("<tr>") == len(small_table) + 1
    assert "table.sortable" in page and "<script>" in page and "http" not in page.split("<body>")[1]
    assert "all three: " in page and "tpr_macro" in page.split("all three: ")[1].split("<")[0]


def test_cli_step_writes_the_table_and_figure(tmp_path, monkeypatch):
    import imbeval_repro.library_results.catalogue as tc

    original = tc.audit_catalogue
    monkeypatch.setattr(tc, "audit_catalogue",
                        lambda **kw: original(**{**kw, "names": ["bennett_s", "ooc_macro"]}))
    assert main(["theory", "catalogue", "--out-dir", str(tmp_path), "--classes", "2-3",
                 "--quick", "--quiet"]) == 0
    table = pd.read_csv(tmp_path / "catalogue.csv", dtype=str, keep_default_na=False)
    assert table["index"].tolist() == ["bennett_s", "g_macro", "ooc_macro"]
    for suffix in ("pdf", "png", "csv"):
        assert (tmp_path / f"catalogue_conditions.{suffix}").is_file()
    assert main(["theory", "catalogue", "--out-dir", str(tmp_path), "--classes", "x"]) == 2


def test_audit_registry_audits_a_named_catalogue_index_on_its_worst_side():
    # FNR Macro = 1 - ACSA, declared lower-is-better: the verdicts of ACSA, found by name
    fnr, acsa = audit_registry(["fnr_macro", "acsa"], classes=range(2, 5),
                               sizes=AuditSizes.quick(), seed=3)
    assert not registry(catalogue=True)["fnr_macro"].greater_is_better
    for k in (1, 2, 3):
        assert getattr(fnr, f"condition{k}") == getattr(acsa, f"condition{k}")
    assert (fnr.condition1, fnr.condition2, fnr.condition3) == (True, True, True)
    with pytest.raises(ValueError, match="unknown index 'no_such'"):
        audit_registry(["no_such"])
