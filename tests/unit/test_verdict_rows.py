"""results/verdicts.csv: one row per printed number, statuses, errata, writing."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from imbeval_repro import verdicts as cmp
from imbeval_repro.papers.dembele import tables as td
from imbeval_repro.papers.kluska import tables as tk
from imbeval_repro.papers.mortaz2020 import tables as tm
from imbeval_repro.papers.ortigosa2016 import tables as to
from imbeval_repro.papers.dembele import printed as dembele_printed
from imbeval_repro.papers.kluska import printed as kluska_printed
from imbeval_repro.papers.mortaz2020 import printed as mortaz2020_printed
from imbeval_repro.verdicts.errata import Erratum


@pytest.fixture(scope="module")
def static_rows():
    """Every verdict row that needs no model fitting."""
    rows = [*tm.example_verdict_rows(), *tm.distribution_verdict_rows(),
            *tm.not_comparable_rows(), *td.verdict_rows(), *tk.verdict_rows(),
            *to.verdict_rows()]
    return cmp.frame(rows)


def _kinds(table):
    return table["verdict_kind"]


def test_columns_are_the_interface(static_rows):
    assert list(static_rows.columns) == [
        "paper", "item", "row", "column", "printed", "regenerated", "difference", "status",
        "verdict_kind", "detail", "basis", "ci_low", "ci_high", "method", "p_value", "adjusted_p",
        "adjustment", "error_rate", "global_p", "bh_q", "method_kind", "basis_kind",
        "reason_kind", "reason", "family_id", "report_adjusted_p"]
    # the typed columns come last, after the columns a reader of the words uses
    assert list(static_rows.columns[-len(cmp.ADDED_COLUMNS):]) == list(cmp.ADDED_COLUMNS)


def test_the_status_text_is_rendered_from_kind_and_detail(static_rows):
    # the typed columns and the text agree on every row: a reader of either sees one verdict
    rendered = [cmp.Status(k).render(d) for k, d in zip(static_rows["verdict_kind"],
                                                         static_rows["detail"])]
    assert rendered == static_rows["status"].tolist()
    # each status begins with its kind's words (the one table of them), never its identifier
    assert all(s.startswith(cmp.wording(k))
               for s, k in zip(static_rows["status"], static_rows["verdict_kind"]))


def test_every_status_has_one_severity_order_and_words():
    assert [s.value for s in cmp.Status] == list(cmp.STATUSES)
    assert set(cmp.WORDING) == set(cmp.Status)
    worst = min(cmp.Status, key=lambda s: s.severity)
    assert worst.severity == 0 and {s for s in cmp.Status if s.severity == 0} == {
        cmp.Status.CLAIM_FAILS, cmp.Status.MISMATCH}
    assert cmp.Status.DIFFERS.severity < cmp.Status.OUTSIDE.severity < \
        cmp.Status.NOT_DISTINGUISHABLE.severity
    assert cmp.Status.CLAIM_INCONCLUSIVE.severity < cmp.Status.CLAIM_HOLDS.severity
    # an identifier is short and plain; the words are the reader's, one per kind
    assert all(s.value.replace("_", "").isalpha() and s.value.islower() for s in cmp.Status)
    assert len({w.status for w in cmp.WORDING.values()}) == len(cmp.Status)


def test_the_constructor_refuses_an_untyped_status():
    with pytest.raises(TypeError, match="Status"):
        cmp.verdict_row("p", "i", "r", "c", "0.5", 0.5, "match")


def test_a_restated_row_keeps_its_numbers_and_renders_its_new_status():
    basis = cmp.run_basis("d")
    r = cmp.row("p", "T", "m", "ACC", "0.50", 0.57, setting="ours", basis=basis,
                ci=(0.52, 0.62), p_value=0.01, method="m")
    s = cmp.restated(r, cmp.Status.SETTING, "not decided")
    assert (s["verdict_kind"], s["status"]) == ("different_setting", "different setting: not decided")
    assert (s["ci_low"], s["ci_high"], s["p_value"], s["regenerated"]) == (0.52, 0.62, 0.01,
                                                                          0.57)


def test_rows_from_printed_numbers_are_exact(static_rows):
    # arithmetic redone on the papers' own numbers: no interval
    assert (static_rows["basis"] == cmp.PRINTED_BASIS).all()
    assert static_rows["ci_low"].isna().all() and static_rows["ci_high"].isna().all()


def test_a_printed_number_is_not_distinguishable_from_a_rerun_or_differs():
    basis = cmp.run_basis("UCI glass")
    inside = cmp.row("p", "T", "r", "c", "0.50", 0.57, setting="our CV", basis=basis,
                     ci=(0.45, 0.66))
    outside = cmp.row("p", "T", "r", "c", "0.50", 0.57, setting="our CV", basis=basis,
                      ci=(0.52, 0.62))
    bare = cmp.row("p", "T", "r", "c", "0.50", 0.57, setting="our CV")
    assert inside["verdict_kind"] == "not_distinguishable"
    assert outside["verdict_kind"] == "differs"
    assert bare["verdict_kind"] == "different_setting"
    assert (inside["ci_low"], inside["ci_high"], inside["basis"]) == (0.45, 0.66, "run on UCI glass")


def test_an_interval_needs_a_run_basis_and_its_ends_in_order():
    with pytest.raises(ValueError, match="run basis"):
        cmp.row("p", "T", "r", "c", "0.50", 0.57, setting="s", ci=(0.4, 0.6))
    with pytest.raises(ValueError, match="low end"):
        cmp.claim("p", "T", "x", 0.1, True, basis=cmp.run_basis("d"), ci=(0.2, 0.1))
    with pytest.raises(ValueError, match="name its dataset"):
        cmp.run_basis("")


def test_claim_has_three_outcomes_and_a_finding_its_own_status():
    basis = cmp.run_basis("d")
    kinds = [cmp.claim("p", "F", "x", 0.1, holds, basis=basis, ci=(0.0, 0.2))["verdict_kind"]
             for holds in (True, False, None)]
    assert kinds == ["claim_holds", "claim_fails", "claim_inconclusive"]
    found = cmp.finding("mortaz2020", "IAM", "IAM = 2 CBA - 1", 0.0, detail="proved")
    assert found["verdict_kind"] == "finding"
    assert found["basis"] == cmp.PRINTED_BASIS


def test_every_printed_mortaz_number_of_tables_2_to_6_and_9_has_a_row(static_rows):
    mz = static_rows[static_rows.paper == "mortaz2020"]
    expected = {(t, m, c) for t, (m, values) in mortaz2020_printed.METRIC_TABLES.items() for c in values}
    expected |= {("Table 9", "IAM", e) for e in mortaz2020_printed.TABLE9}
    expected |= {(t, "frequency", f"class {i + 1}") for t in ("Table 1", "Table 4")
                 for i in range(len(mortaz2020_printed.DISTRIBUTIONS[t]))}
    got = set(zip(mz["item"], mz["row"], mz["column"]))
    assert expected <= got
    assert len(expected) == 4 * 5 + 4 + 4 + 3  # Tables 2, 3, 5, 6; 9; 1; 4


def test_every_printed_dembele_cell_of_tables_1_to_11_has_a_row(static_rows):
    dm = static_rows[(static_rows.paper == "dembele") & static_rows["item"].str.startswith("Table")]
    expected = {(t, r, c) for t, text in dembele_printed.TABLES.items()
                for (r, c) in dembele_printed.parse_table(text, canonical=False)}
    expected |= {("Table 11", "drop %", "κ" if k == "kappa" else k) for k in dembele_printed.TABLE11_DROP}
    got = set(zip(dm["item"], dm["row"], dm["column"]))
    assert got == expected
    assert len(dm) == len(expected)  # exactly one row each
    assert len(expected) > 700


def test_non_errata_match_at_print_precision(static_rows):
    for paper in ("mortaz2020", "dembele", "kluska", "ortigosa2016"):
        part = static_rows[static_rows.paper == paper]
        kinds = _kinds(part)
        assert not (kinds == "mismatch").any(), part[kinds == "mismatch"].to_string()
    # the printed matrices' tables have no "different_setting" escape: match or erratum
    core = static_rows[static_rows.paper.isin(["dembele"])
                       | static_rows["item"].isin(["Table 2", "Table 3", "Table 5", "Table 6",
                                                   "Table 9", "Table 1", "Table 4"])]
    assert set(_kinds(core)) <= {"match", "truncated", "erratum"}


def test_errata_rows_are_exactly_the_documented_ones(static_rows):
    errata = static_rows[_kinds(static_rows) == "erratum"]
    mz = set(zip(errata[errata.paper == "mortaz2020"]["item"],
                 errata[errata.paper == "mortaz2020"]["row"],
                 errata[errata.paper == "mortaz2020"]["column"]))
    assert mz == set(mortaz2020_printed.ERRATA)
    # every erratum row of dembele is a documented cell, whose value disagrees with print
    cells = dembele_printed.errata_cells()
    for _, r in errata[errata.paper == "dembele"].iterrows():
        canonical = dembele_printed.ROW_ALIASES.get(r["row"], r["row"])
        assert (canonical, r["column"]) in cells[r["item"]]
        assert not cmp.matches(r["printed"], r["regenerated"], "last digit")
    # one-cell errata carry the corrected value, and it agrees with ours
    for (table, row, column), erratum in dembele_printed.ERRATA.items():
        if erratum.corrected is not None:
            value = td.measure(row, td.columns(table)[column])
            assert abs(value - erratum.corrected) <= 1e-3 + 1e-9, (table, row, column)
    for key, erratum in mortaz2020_printed.ERRATA.items():
        value = tm.example_tables().loc[tm.pr.TABLE9[key[2]][0] if key[0] == "Table 9"
                                        else key[1], "IAM" if key[0] == "Table 9" else key[2]]
        assert value == pytest.approx(erratum.corrected, abs=5e-7)


def test_match_rules():
    assert cmp.matches("0.42", 0.4249)
    assert not cmp.matches("0.42", 0.4254)  # rounds to 0.43
    assert cmp.matches("0.42", 0.4254, "last digit")  # one unit of the last digit
    assert cmp.matches("44/75", 44 / 75) and not cmp.matches("44/75", 0.5867)
    assert cmp.matches("NA", math.nan) and not cmp.matches("NA", 0.0)
    assert cmp.matches("1,000,000", 1e6)
    with pytest.raises(ValueError, match="rule"):
        cmp.matches("0.1", 0.1, "closest")


def test_row_statuses():
    assert cmp.row("p", "i", "r", "c", "0.5", 0.66)["status"] == "MISMATCH"
    assert cmp.row("p", "i", "r", "c", "0.5", 0.44)["status"] == "MISMATCH"  # not a cut-off
    assert cmp.row("p", "i", "r", "c", "0.5", 0.56, setting="x")["status"] == "different setting: x"
    erratum = Erratum("printed wrong", 0.56)
    assert cmp.row("p", "i", "r", "c", "0.5", 0.56, erratum=erratum)["status"].startswith("erratum")
    # an erratum whose value reproduces the print is itself wrong: flagged
    assert cmp.row("p", "i", "r", "c", "0.5", 0.5, erratum=erratum)["status"].startswith("MISMATCH")
    nc = cmp.row("p", "i", "r", "c", "0.5", None, not_comparable="no matrix")
    assert nc["status"] == "not comparable: no matrix" and nc["regenerated"] is None
    with pytest.raises(ValueError, match="no regenerated value"):
        cmp.row("p", "i", "r", "c", "0.5", None)
    assert cmp.row("p", "i", "r", "c", "0.5", 0.7)["difference"] == pytest.approx(0.2)


def test_kluska_and_ortigosa_rows(static_rows):
    kl = static_rows[static_rows.paper == "kluska"]
    assert len(kl) == len(kluska_printed.EXAMPLE["values"]) + 8
    assert set(_kinds(kl)) == {"match", "truncated"}
    og = static_rows[(static_rows.paper == "ortigosa2016")
                     & (static_rows["item"] == "Table 1 / Section 4 (RAND)")]
    assert len(og) == 24
    assert set(_kinds(og)) == {"match", "claim_fails"}


def test_write_and_read_back(tmp_path, static_rows):
    part = tmp_path / "part.csv"
    static_rows.to_csv(part, index=False)
    table = cmp.read_parts([part])
    assert len(table) == len(static_rows)
    assert table["printed"].tolist() == static_rows["printed"].tolist()  # strings kept
    cmp.write(table, tmp_path / "out.csv", tmp_path / "out.md")
    again = pd.read_csv(tmp_path / "out.csv", dtype={"printed": str}, keep_default_na=False)
    assert len(again) == len(static_rows)
    md = (tmp_path / "out.md").read_text()
    assert "## dembele" in md and "| match |" in md.replace("match |", "match |")
    assert not list(tmp_path.glob(".*"))  # no temporary files left behind


def test_read_parts_rejects_missing_columns(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("paper,item\nx,y\n")
    with pytest.raises(ValueError, match="lack the columns"):
        cmp.read_parts([bad])


def test_truncated_print_is_its_own_status():
    # the spot cases of the papers: cut off, not rounded
    for printed, value in [("0.41", 0.415403), ("0.40", 0.407636), ("-0.175", -0.175738),
                           ("0.6124", 0.612452), ("2.9e-7", 2.97e-7)]:
        assert cmp.row("p", "i", "r", "c", printed, value)["status"] == cmp.TRUNCATED, printed
        assert cmp.row("p", "i", "r", "c", printed, value)["verdict_kind"] == "truncated"
    # rounding that agrees stays a match; an erratum or a setting keeps its status
    assert cmp.row("p", "i", "r", "c", "0.42", 0.4249)["status"] == "match"
    assert cmp.row("p", "i", "r", "c", "0.41", 0.4154, setting="s")["status"].startswith(
        "different setting")
    assert cmp.decimals("2.9e-7") == 8 and cmp.decimals("0.77604") == 5


def test_claim_rows():
    held = cmp.claim("p", "Fig. 1", "x varies least", 0.2, True, detail="gap 0.2 > 0")
    assert held["status"] == "claim holds: gap 0.2 > 0" and held["column"] == "claim"
    failed = cmp.claim("p", "Fig. 1", "G reaches 0", 0.72, False, printed="0", detail="min 0.72")
    assert failed["verdict_kind"] == "claim_fails"
    assert failed["difference"] == pytest.approx(0.72)


def test_run_dataset_names_every_dataset_kind_of_the_schema():
    import yaml

    from imbeval_repro.experiment.data.labels import DATASET_KINDS, run_dataset

    root = __import__("pathlib").Path(__file__).resolve().parents[2]
    schema = yaml.safe_load((root / "workflow/schemas/experiment.schema.yaml").read_text())
    assert set(schema["properties"]["dataset"]["enum"]) == set(DATASET_KINDS)
    assert cmp.run_basis(run_dataset({"dataset": "fashion_mnist"}).label) == \
        "run on Fashion-MNIST (stand-in for ImageNet)"
    assert run_dataset({"dataset": "digits"}).label == \
        "scikit-learn digits (stand-in for ImageNet)"
    assert run_dataset({"dataset": "imagenet"}).label == "ImageNet (ILSVRC-2012)"
    assert run_dataset({"dataset": "fashion_mnist"}).on == "on the Fashion-MNIST stand-in"
    user = run_dataset({"dataset": "image_folder", "features": {"root": "/data/cells/"}})
    assert user.user and not user.stand_in and user.label == "your image folder cells"
    for config in ("config.yaml", "test.yaml", "paper.yaml", "example-byo.yaml"):
        section = yaml.safe_load((root / "config" / config).read_text())["experiment"]
        assert run_dataset(section).label  # every shipped config is named
    with pytest.raises(ValueError, match="dataset"):
        run_dataset({"dataset": "mnist"})
    with pytest.raises(ValueError, match="section"):
        run_dataset("fashion_mnist")


def test_no_run_derived_row_carries_the_printed_basis(tmp_path):
    # every row the stages derive from a run (the experiment's claims, Fig. 2c's sample)
    # names what it rests on; rows with an interval or a run's status must not say
    # "printed numbers"
    import numpy as np

    from imbeval_repro.papers import claims
    from imbeval_repro.papers.mullick2020 import claims as claims_mullick2020

    schemes = ["balanced", "reversed"]
    rows = [{"problem": "m", "classifier": "a", "run": r, "fold": f, "scheme": s,
             "rrt": 1.0, "index": name,
             "value": 0.5 + 0.01 * np.sin(r + 3 * f + k) + 0.02 * k * schemes.index(s)}
            for r in range(2) for f in range(2) for s in schemes
            for k, name in enumerate(["gmean", "acsa", "nauroc_ova", "aurpc_ova",
                                      "maurpc_ova", "auroc_ova", "auroc_ovo"])]
    experiment = tmp_path / "experiment"
    experiment.mkdir()
    from imbeval_repro.experiment.protocol.collect import RUN_TABLE

    pd.DataFrame(rows).to_csv(experiment / RUN_TABLE, index=False)
    pd.DataFrame({"problem": ["m"], "kind": ["multi-class"], "n_classes": [3],
                  "ir": [5.0], "classes": ["a;b;c"]}).to_csv(experiment / "problems.csv",
                                                           index=False)
    numbers = tmp_path / "fig2_numbers.csv"
    pd.DataFrame({"quantity": list(claims_mullick2020._FIG2_KEYS),
                  "regenerated": [0.935, 0.591, 0.700, 0.760]}).to_csv(numbers, index=False)
    with pytest.raises(ValueError, match="dataset"):
        claims.stage_rows(experiment_dir=experiment)
    table = cmp.frame(claims.stage_rows(fig2_numbers=numbers, experiment_dir=experiment,
                                        dataset="Fashion-MNIST (stand-in for ImageNet)"))
    run = table["ci_low"].notna() | table["verdict_kind"].isin(
        ["not_distinguishable", "differs"]) | (
        table["item"].isin(["Fig. 4a", "Fig. 4b", "Fig. 5"])) | table["status"].str.contains(
        "our synthetic sample")
    assert run.sum() >= 6
    assert (table.loc[run, "basis"] != cmp.PRINTED_BASIS).all()
    assert set(table.loc[table["item"] == "Fig. 5", "basis"]) == {
        "run on Fashion-MNIST (stand-in for ImageNet)"}
    exact = table[table["item"] == "Fig. 2f"]
    assert (exact["basis"] == cmp.PRINTED_BASIS).all() and exact["ci_low"].isna().all()


def test_holm_adjusts_each_items_decisions_as_one_family():
    basis = cmp.run_basis("d")
    rows = [cmp.claim("p", "Fig. 1", f"c{k}", 0.1, True, basis=basis, ci=(0.01, 0.2),
                      p_value=v, method="m") for k, v in enumerate([0.0001, 0.002, 0.004])]
    rows.append(cmp.claim("p", "Fig. 2", "alone", 0.1, True, basis=basis, ci=(0.01, 0.2),
                          p_value=0.004, method="m"))
    rows.append(cmp.row("p", "Table 1", "m", "ACC", "0.50", 0.57, setting="ours",
                        basis=basis, ci=(0.52, 0.62), p_value=0.003, method="m"))
    rows.append(cmp.row("p", "Table 1", "m", "MAP", "0.50", 0.51, setting="ours",
                        basis=basis, ci=(0.45, 0.62), p_value=1.0, method="m"))
    rows.append(cmp.claim("p", "Fig. 1", "exact", 0.0, True))  # no p: not in the family
    rows.append(cmp.claim("p", "Fig. 6", "search", 0.0, True, basis=basis, method="search"))
    table = cmp.adjust(cmp.frame(rows))
    kinds = table["verdict_kind"].tolist()
    assert kinds == table["verdict_kind"].tolist()
    # Fig. 1: Holm on (0.0001, 0.002, 0.004) -> 0.0003, 0.004, 0.004: all three at most
    # the decisive level 0.005, kept
    assert kinds[:3] == ["claim_holds"] * 3
    assert table.loc[0, "adjustment"].startswith("Holm over p Fig. 1, 3 decisions")
    # Fig. 2 is its own family of one
    assert kinds[3] == "claim_holds" and "1 decision " in table.loc[3, "adjustment"]
    # Table 1 (a table against a re-run, no claim: FDR): Simes 0.006 > 0.005 -> the table
    # as a whole is not distinguishable from a re-run, and the number outside our interval
    # says so, not "not distinguishable"
    assert kinds[4] == "outside_not_decisive"
    assert table.loc[4, "status"].startswith(
        "outside our 95% interval, not decisive: after Simes, then Benjamini-Hochberg over "
        "p Table 1, 2 numbers (p = 0.003 alone, table's global p = 0.006, q = 0.006; "
        "decisive needs at most 0.005)")
    assert table.loc[4, "error_rate"] == "FDR" and table.loc[0, "error_rate"] == "FWER"
    assert table.loc[4, "global_p"] == pytest.approx(0.006)
    assert table.loc[4, "adjusted_p"] == pytest.approx(0.006)
    assert table.loc[0, "adjustment"].endswith(f"(adjusted p = {0.0003:.3g})")
    assert table["adjusted_p"].isna().tolist()[6:] == [True, True]
    assert kinds[6] == "claim_holds" and table.loc[6, "adjustment"] == ""
    assert table.loc[7, "adjustment"].startswith("none: not a sampled number")
    # the raw p-values stay as they were
    assert table["p_value"].tolist()[:6] == [0.0001, 0.002, 0.004, 0.004, 0.003, 1.0]


def test_a_basis_kind_is_given_or_looked_up_never_searched_for():
    from imbeval_repro.verdicts import statements

    # the theory stage's two bases are the audit's constants, looked up as whole values
    assert str(cmp.default_basis_kind(statements.EXACT)) == "exact"
    assert str(cmp.default_basis_kind(statements.COMPUTED)) == "computed"
    assert str(cmp.default_basis_kind(cmp.PRINTED_BASIS)) == "printed"
    assert str(cmp.default_basis_kind(cmp.run_basis("computed data"))) == "run"
    row = cmp.claim("p", "F", "x", 0.1, True, basis="sampled: a sweep", basis_kind="sweep")
    assert row["basis_kind"] == "sweep"
    with pytest.raises(ValueError):
        cmp.claim("p", "F", "x", 0.1, True, basis="b", basis_kind="sampled")
