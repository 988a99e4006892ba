"""The shipped reference results of the whole KEEL collection (reference/keel/):
every claim's interval and p-value recomputed from the shipped unit values."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from imbeval_repro import verdicts as cmp
from imbeval_repro.papers.mullick2020.claim_units import UNIT_COLUMNS, recompute_claims

REFERENCE = Path(__file__).resolve().parents[2] / "reference" / "keel"
#: the claims' numbers are written with 10 significant digits (imbeval.utils.io.write_csv)
REL = 1e-8


def _shipped():
    claims = pd.read_csv(REFERENCE / "claims.csv")
    units = pd.read_csv(REFERENCE / "claim_units.csv")
    return claims, units


def _close(a, b) -> bool:
    if a is None or b is None or (isinstance(a, float) and math.isnan(a)):
        return b is None or (isinstance(b, float) and math.isnan(b))
    return math.isclose(float(a), float(b), rel_tol=REL, abs_tol=1e-12)


def test_every_shipped_claim_is_recomputed_from_its_units():
    claims, units = _shipped()
    assert list(units.columns) == UNIT_COLUMNS
    again = recompute_claims(claims, units)
    # every mullick2020 experiment claim of the KEEL run has units
    assert len(again) == len(claims) and len(claims) >= 9
    shipped = claims.set_index(["item", "row"])
    for _, r in again.iterrows():
        s = shipped.loc[(r["item"], r["claim"])]
        for column in ("regenerated", "ci_low", "ci_high", "p_value", "adjusted_p"):
            assert _close(r[column], s[column]), (r["item"], r["claim"], column, r[column],
                                                  s[column])
        kind = cmp.Status(s["verdict_kind"])
        # the verdict before the adjustment; a decisive one stays so only at adjusted p <= 0.005
        if r["holds"] is None or (isinstance(r["holds"], float) and math.isnan(r["holds"])):
            assert kind == "claim_inconclusive"
        elif kind != "claim_inconclusive":
            assert kind == ("claim_holds" if r["holds"] else "claim_fails")


def test_a_changed_unit_value_changes_the_recomputed_claim():
    claims, units = _shipped()
    contrast = units[units["unit_type"] == "contrast"]
    key = contrast[["item", "claim"]].iloc[0]
    part = (units["item"] == key["item"]) & (units["claim"] == key["claim"])
    tampered = units.copy()
    tampered.loc[part, "value"] = tampered.loc[part, "value"] + 0.05
    before = recompute_claims(claims, units).set_index(["item", "claim"])
    after = recompute_claims(claims, tampered).set_index(["item", "claim"])
    k = (key["item"], key["claim"])
    assert not _close(before.loc[k, "regenerated"], after.loc[k, "regenerated"])


def test_the_reference_covers_the_papers_experiment_claims():
    claims, units = _shipped()
    items = set(claims["item"])
    assert {"Fig. 3 (KEEL)", "Fig. 4a (KEEL)", "Fig. 4b (KEEL)", "Fig. 5 (KEEL)"} <= items
    fig3 = claims[claims["item"] == "Fig. 3 (KEEL)"]
    # five statements, each on the RRT reading (the claim) and the literal one beside it
    assert len(fig3) == 10 and fig3["row"].str.startswith("Section 5.3").sum() == 2
    for item in ("Fig. 3 (KEEL)", "Fig. 4a (KEEL)", "Fig. 4b (KEEL)"):
        rows = claims[claims["item"] == item]
        paper = rows[rows["column"] == cmp.CLAIM_COLUMN]
        beside = rows[rows["column"] == cmp.LITERAL_READING]
        assert len(paper) == len(beside) > 0
        assert paper["row"].str.endswith("(RRT reading)").all()
        assert beside["row"].str.endswith("(literal reading)").all()
    # Fig. 3's claims rest on at least 30 independent two-class families
    families = units.loc[units["item"] == "Fig. 3 (KEEL)", "family"].nunique()
    assert families >= 30
    # australian and crx, one credit-approval data set, are one family
    two = units[units["item"] == "Fig. 3 (KEEL)"]
    assert set(two.loc[two["problem"].isin(["australian", "crx"]), "family"]) == {
        "credit-approval"}
    # Fig. 5's claims are about the sets with ten classes or more
    fig5 = units[units["item"] == "Fig. 5 (KEEL)"]
    assert (pd.to_numeric(fig5["classes"]) >= 10).all() and fig5["problem"].nunique() >= 3


_FLOAT = r"[+-]?\d+\.\d+"


def _printed_subtraction(detail: str):
    """``(a, b, margin)`` of a Figs. 3-4 row's printed "a minus b = margin" (a min or max
    of several printed numbers where the row says so), or None."""
    import re

    # the margin is the number before ", 95% interval" (an adjusted row's detail starts
    # with its p-values, "p = ... alone, adjusted p = ...")
    head, _, tail = detail[:detail.index(", 95% interval")].rpartition(" = ")
    head = head.rpartition("decisive needs at most")[2]
    margin = float(re.match(_FLOAT, tail).group())
    if "geometric mean" in head:
        return float(re.search(r"geometric mean (" + _FLOAT + ")", head).group(1)), 1.0, margin
    if "largest |difference|" in head:
        delta = float(re.search(r": (" + _FLOAT + ") minus the largest", head).group(1))
        pairs = re.findall(r"(" + _FLOAT + r") − \S+ (" + _FLOAT + ")", head)
        return delta, max(abs(float(x) - float(y)) for x, y in pairs), margin
    left, _, right = head.rpartition(": ")[2].partition(" minus ")
    lefts = [float(v) for v in re.findall(_FLOAT, left)]
    rights = [float(v) for v in re.findall(_FLOAT, right)]
    a = min(lefts) if left.startswith("min(") else lefts[-1]
    b = max(rights) if "max(" in right else rights[0]
    return a, b, margin


def test_each_rows_printed_numbers_recompute_its_margin():
    """A reader subtracts the numbers a row prints and gets its margin: the index means are
    over the same datasets (and made the same way) as the margin, and the row's count of
    datasets is the count its units keep."""
    import re

    claims, units = _shipped()
    checked = 0
    for _, row in claims[claims["item"].isin(["Fig. 3 (KEEL)", "Fig. 4a (KEEL)",
                                              "Fig. 4b (KEEL)"])].iterrows():
        a, b, margin = _printed_subtraction(str(row["detail"]))
        # each printed number is rounded to 4 decimals: their difference to 1e-4
        assert a - b == pytest.approx(margin, abs=1.5e-4), (row["row"], a, b, margin)
        assert margin == pytest.approx(row["regenerated"], abs=6e-5), row["row"]
        mine = units[(units["item"] == row["item"]) & (units["claim"] == row["row"])]
        kept = mine.loc[mine["undefined"].fillna("").astype(str) == "", "problem"].nunique()
        printed = int(re.search(r"over (\d+) datasets", str(row["detail"])).group(1))
        assert printed == kept, row["row"]
        checked += 1
    assert checked >= 14


def test_the_identities_hold_on_every_shipped_fold():
    """mullick2020's Lemma 2 and nAUROC-OVA's definition, on which Fig. 5's interval rests,
    hold on every fold value of every cell shipped (to the CSV's 10 significant digits)."""
    from imbeval_repro.papers.mullick2020.claim_units import identity_coefficients

    _, units = _shipped()
    cells = units[units["unit_type"] == "cell"]
    assert len(cells) > 0
    for (problem, classes), part in cells.groupby(["problem", "classes"]):
        a, b, lam = identity_coefficients(int(classes))
        wide = part.pivot_table(index=["cell", "run", "fold"], columns="part", values="value")
        assert len(wide) >= 100
        assert np.allclose(wide["auroc_ovo"], a * wide["acsa"] + b, atol=1e-9, rtol=0)
        assert np.allclose(wide["nauroc_ova"], (wide["auroc_ova"] - lam) / (1 - lam),
                           atol=1e-9, rtol=0)


def test_provenance_lists_the_shipped_tables():
    record = json.loads((REFERENCE / "provenance.json").read_text(encoding="utf-8"))
    assert record["imbeval"]["commit"]
    protocol = record["config"]["keel"]["protocol"]
    assert {k: protocol[k] for k in ("runs", "folds", "inner_folds")} == {
        "runs": 5, "folds": 5, "inner_folds": 3}


def test_estimates_are_means_of_run_values():
    est = pd.read_csv(REFERENCE / "estimates.csv")
    assert {"problem", "classifier", "scheme", "index", "value", "run_sd", "runs", "fold_mean",
            "undefined_folds", "zero_folds", "folds"} <= set(est.columns)
    assert (est["runs"] <= 5).all() and (est["folds"] <= 25).all()
    # values of [0, 1] indices stay in it
    bounded = est[est["index"].isin(["acsa", "gmean", "precision", "auroc2"])]["value"].dropna()
    assert np.all((bounded >= 0) & (bounded <= 1))


def test_estimates_table_from_run_values():
    from imbeval_repro.cli._experiment_reference import estimates_table

    runs = pd.DataFrame({"problem": "p", "classifier": "c", "scheme": "1", "run": [0, 1],
                         "index": "acsa", "value": [0.6, 0.8], "fold_mean": [0.5, 0.7],
                         "undefined_folds": [0, 1], "zero_folds": [0, 0], "folds": [5, 5]})
    row = estimates_table(runs, ["acsa"]).iloc[0]
    assert row["value"] == pytest.approx(0.7) and row["run_sd"] == pytest.approx(0.1414, abs=1e-4)
    assert row["runs"] == 2 and row["undefined_folds"] == 1 and row["folds"] == 10


def _contrast_units(mean, n_families=24, seed=0):
    rng = np.random.default_rng(seed)
    return pd.DataFrame([{"item": "Fig. 3 (KEEL)", "claim": "c", "rule": "ordering",
                          "unit_type": "contrast", "part": "a - b", "problem": f"p{k}",
                          "family": f"f{k}", "value": mean + 0.01 * rng.standard_normal(),
                          "undefined": ""} for k in range(n_families)], columns=UNIT_COLUMNS)


def test_half_splits_replicate_a_clear_claim_and_not_a_null_one():
    from imbeval_repro.papers.mullick2020.replication import half_split_replication

    clear = half_split_replication(None, _contrast_units(0.02), seed=5, n_splits=40).iloc[0]
    assert clear["verdict"] == "holds" and clear["families"] == 24
    assert clear["share_same"] > 0.9 and clear["both_decide"] >= clear["same_direction"]
    null = half_split_replication(None, _contrast_units(0.0), seed=5, n_splits=40).iloc[0]
    assert null["share_same"] < 0.2
    # seeded: the same splits again
    again = half_split_replication(None, _contrast_units(0.0), seed=5, n_splits=40).iloc[0]
    assert again.equals(null)


def test_overview_states_the_empirical_count_and_the_half_splits(tmp_path):
    from imbeval_repro.report.reliability import REFERENCE_REPLICATION, empirical_html

    table = cmp.adjust(cmp.frame([
        cmp.claim("p", "Fig. 1", "a", 0.1, True, basis="run on d", ci=(0.05, 0.2),
                  p_value=0.0001),
        cmp.claim("p", "Fig. 2", "b", 0.1, True, basis="run on d", ci=(-0.05, 0.2),
                  p_value=0.3)]))
    page = empirical_html(table, tmp_path)
    assert "<b>1 decisive empirical verdicts</b>" in page and "are absent" in page
    target = tmp_path / REFERENCE_REPLICATION
    pd.DataFrame([{"item": "Fig. 3 (KEEL)", "claim": "c", "families": 35, "verdict": "holds",
                   "splits": 200, "both_decide": 150, "same_direction": 140,
                   "share_same": 0.7, "decisive_both": 20}]).to_csv(target, index=False)
    page = empirical_html(table, tmp_path)
    assert "Fig. 3 (KEEL): c" in page and "70%" in page and ">35<" in page


def test_a_problem_with_an_undefined_run_value_is_left_out_and_named():
    from imbeval_repro.papers.mullick2020.claim_units import UNDEFINED_RULE_OVER_PROBLEMS, ordering_estimate

    units = _contrast_units(0.02)
    full = ordering_estimate(units)
    units.loc[0, "undefined"] = "precision on 3 of 100 values of p0"
    units.loc[0, "value"] = 5.0   # whatever it is, it no longer counts
    partial = ordering_estimate(units)
    assert UNDEFINED_RULE_OVER_PROBLEMS in partial.method and "(p0)" in partial.method
    assert partial.undecidable is None and partial.value != full.value
    assert abs(partial.value - units["value"][1:].mean()) < 1e-12


def test_the_shipped_rows_are_read_as_the_verdict_tables_rows():
    """The shipped claims.csv holds the kinds' identifiers and the typed columns; the
    comparison reads it as they are, marked as the reference run."""
    from imbeval_repro.papers.mullick2020.keel_claims import REFERENCE_SUFFIX, reference_rows

    raw = pd.read_csv(REFERENCE / "claims.csv")
    assert set(cmp.ADDED_COLUMNS) <= set(raw.columns)
    assert set(raw["verdict_kind"]) <= set(cmp.STATUSES)
    rows = reference_rows(REFERENCE)
    assert list(rows.columns) == cmp.COLUMNS and len(rows) == len(raw)
    assert rows["verdict_kind"].tolist() == raw["verdict_kind"].tolist()
    assert (rows["basis_kind"] == "run").all()
    assert rows["item"].str.endswith(REFERENCE_SUFFIX).all()
    assert all(s.startswith(cmp.wording(k)) for s, k in zip(rows["status"], rows["verdict_kind"]))


def test_reference_rows_refuse_a_table_without_the_typed_columns(tmp_path):
    import shutil

    from imbeval_repro.papers.mullick2020.keel_claims import reference_rows

    raw = pd.read_csv(REFERENCE / "claims.csv")
    raw.drop(columns=list(cmp.ADDED_COLUMNS)).to_csv(tmp_path / "claims.csv", index=False)
    shutil.copy(REFERENCE / "provenance.json", tmp_path / "provenance.json")
    with pytest.raises(ValueError, match="missing columns"):
        reference_rows(tmp_path)


def _keel_run_folder(tmp_path):
    """A KEEL run's folders as `imbeval experiment reference` reads them (two problems of one
    family, two classifiers, ROC AUC and AP at the test prior and at 0.01)."""
    from imbeval_repro.library_results.scores_rrt import winner_flips

    keel, figures = tmp_path / "keel", tmp_path / "figures"
    keel.mkdir()
    figures.mkdir()
    pd.DataFrame({"problem": "p1", "classifier": "a", "scheme": "1", "run": [0, 1],
                  "index": "acsa", "value": [0.6, 0.8], "fold_mean": [0.5, 0.7],
                  "undefined_folds": 0, "zero_folds": 0, "folds": 5}).to_csv(
        keel / "run_indices.csv", index=False)
    pd.DataFrame({"problem": ["p1", "p2"], "kind": "two-class",
                  "family": ["fam", "fam"]}).to_csv(keel / "problems.csv", index=False)
    pd.DataFrame({"name": ["x"], "rule": ["too many rows"]}).to_csv(keel / "left_out.csv",
                                                                      index=False)
    pd.DataFrame({"item": ["Fig. 3 (KEEL)"], "row": ["c"]}).to_csv(figures / "claims.csv",
                                                                    index=False)
    pd.DataFrame(columns=UNIT_COLUMNS).to_csv(figures / "claim_units.csv", index=False)
    pd.DataFrame({"problem": ["p1"], "index": ["roc_auc"], "std_within": [0.01]}).to_csv(
        figures / "fig3_scores.csv", index=False)
    rows = []
    # p1: AP's winner a at the test prior is b's loser at 0.01 (a flip); ROC AUC keeps a ahead
    for problem, prior, ap, auc in (("p1", "test", {"a": 0.5, "b": 0.4}, {"a": 0.9, "b": 0.8}),
                                    ("p1", "0.01", {"a": 0.1, "b": 0.2}, {"a": 0.9, "b": 0.8}),
                                    ("p2", "test", {"a": 0.5, "b": 0.4}, {"a": 1.0, "b": 1.0}),
                                    ("p2", "0.01", {"a": 0.3, "b": 0.2}, {"a": 1.0, "b": 1.0})):
        for index, vals in (("average_precision", ap), ("roc_auc", auc)):
            rows += [{"problem": problem, "kind": "two-class", "classifier": c, "run": 0,
                      "fold": 0, "scheme": "1", "prior": prior, "index": index, "value": v}
                     for c, v in vals.items()]
    values = pd.DataFrame(rows)
    values.to_csv(keel / "score_indices.csv", index=False)
    winner_flips(values, 0.01).to_csv(keel / "winner_flips.csv", index=False)
    provenance = tmp_path / "provenance.json"
    provenance.write_text(json.dumps({"seed": 7}), encoding="utf-8")
    return keel, figures, provenance


def test_the_reference_export_ships_the_winner_flips(tmp_path, capsys):
    from imbeval.cli import main

    keel, figures, provenance = _keel_run_folder(tmp_path)
    out = tmp_path / "reference"
    args = ["experiment", "reference", "--keel-dir", str(keel), "--figures-dir", str(figures),
            "--provenance", str(provenance), "--out-dir", str(out)]
    assert main(args) == 0
    # the run's table byte for byte (provenance.json lists its sha256), the figure's data too
    assert (out / "winner_flips.csv").read_bytes() == (keel / "winner_flips.csv").read_bytes()
    assert (out / "fig3_scores.csv").read_bytes() == (figures / "fig3_scores.csv").read_bytes()
    per = pd.read_csv(out / "winner_flips_problems.csv").set_index(["index", "problem"])
    assert per.loc[("average_precision", "p1"), "flips"] == 1
    assert per.loc[("roc_auc", "p2"), ["pairs", "tied"]].tolist() == [0, 1]
    assert set(per["family"]) == {"fam"} and set(per["deploy_prior"]) == {0.01}
    # the report's properties page shows the shipped reference table of its reference folder
    from imbeval_repro.report.properties import render_properties_page

    page = render_properties_page(tmp_path / "results", reference_dir=out)
    assert "KEEL reference collection" in page
    row = page.split("<code>average_precision</code>")[1].split("</tr>")[0]
    assert "<td>1</td><td>2</td><td>50%</td>" in row  # 1 flip of 2 pairs (p1's, p2's)
    # a winner_flips.csv of another run than score_indices.csv is refused
    flips = pd.read_csv(keel / "winner_flips.csv")
    flips.loc[flips["index"] == "roc_auc", "flips"] += 1
    flips.to_csv(keel / "winner_flips.csv", index=False)
    capsys.readouterr()
    assert main(args) != 0
    assert "not of the same run" in capsys.readouterr().err
    (keel / "score_indices.csv").unlink()
    assert main(args) != 0
    assert "not found" in capsys.readouterr().err.split("score_indices.csv")[0]


def test_the_shipped_winner_flips_are_consistent_and_invariant_indices_never_flip():
    """The reference collection's winner flips at the deployment prior.

    What is expected: a share in [0, 1] per index, the counts of ``winner_flips.csv`` the sums
    of ``winner_flips_problems.csv``'s, every candidate pair counted, tied or undefined, and
    the problems those of ``problems.csv``'s two-class rows. An index the prior-shift audit
    finds invariant (ROC AUC, the calibrated indices, the expected cost at uniform priors)
    has, on every RRT test set, the same value reweighted to the deployment prior up to
    rounding (~1e-15), so a pair's winner can change only where its two means are equal to
    rounding, i.e. a tie -- and a tie at either prior is not counted: no flip at all. A
    moving index (AP, AUPRG, the proper scores) may flip; nothing is expected of its share.
    """
    from imbeval.audit.prior_shift import prior_shift_audit
    from imbeval.scores import registry as score_registry

    flips = pd.read_csv(REFERENCE / "winner_flips.csv").set_index("index")
    per = pd.read_csv(REFERENCE / "winner_flips_problems.csv")
    problems = pd.read_csv(REFERENCE / "problems.csv")
    assert list(flips.columns) == ["deploy_prior", "problems", "pairs", "flips", "share",
                                   "tied", "undefined"]
    assert flips["deploy_prior"].nunique() == 1 and 0 < flips["deploy_prior"].iloc[0] < 1
    counted = flips[flips["pairs"] > 0]
    assert np.all((counted["share"] >= 0) & (counted["share"] <= 1))
    assert np.allclose(counted["share"], counted["flips"] / counted["pairs"], rtol=1e-9)
    assert (flips["flips"] <= flips["pairs"]).all()
    # the global counts are the per-problem sums; each problem's candidates all accounted for
    sums = per.groupby("index").agg(problems=("problem", "nunique"), pairs=("pairs", "sum"),
                                    flips=("flips", "sum"), tied=("tied", "sum"),
                                    undefined=("undefined", "sum"))
    assert sums.sort_index().equals(flips[sums.columns].sort_index())
    assert (per["candidates"] == per["pairs"] + per["tied"] + per["undefined"]).all()
    assert (per["candidates"] == per["classifiers"] * (per["classifiers"] - 1) // 2).all()
    two_class = problems[problems["kind"] == "two-class"].set_index("problem")
    assert set(per["problem"]) <= set(two_class.index)
    assert (per["family"] == per["problem"].map(two_class["family"])).all()
    # indices of probabilities: only the classifiers with predict_proba, fewer than the others
    registry = score_registry()
    most = per.groupby("index")["classifiers"].max()
    by_scores = [n for n in most.index if registry[n].response == "score"]
    by_proba = [n for n in most.index if registry[n].response != "score"]
    assert by_scores and by_proba and most[by_proba].max() < most[by_scores].min()
    # every index over the same problems (those whose four classifier jobs all finished)
    assert per.groupby("index")["problem"].apply(frozenset).nunique() == 1
    # the audit's verdicts for these indices (decided on its own samples, not on this run)
    verdicts = prior_shift_audit(names=list(flips.index), n_random=5).set_index("index")
    invariant = verdicts.index[verdicts["verdict"] == "invariant"]
    assert "roc_auc" in invariant and "average_precision" not in invariant
    assert (flips.loc[invariant, "flips"] == 0).all(), flips.loc[invariant]
    # the ROC AUC pairs are mostly decided; what is left out is ties (e.g. AUC 1 on both)
    assert flips.loc["roc_auc", "pairs"] > flips.loc["roc_auc", "tied"]


def test_a_verdict_table_without_the_shipped_reference_results_says_so(tmp_path, capsys):
    from imbeval.utils.tables import write_table
    from imbeval_repro.papers.collate import collate

    part = tmp_path / "part.csv"
    write_table(cmp.frame([cmp.row("p", "Table 1", "r", "c", "0.5", 0.5)]), part, None,
                index=False)
    table = collate([part], tmp_path / "verdicts.csv", reference=tmp_path / "nowhere")
    err = capsys.readouterr().err
    assert "warning:" in err and str(tmp_path / "nowhere") in err
    assert "claims.csv, provenance.json" in err
    assert len(table) == 1 and (tmp_path / "verdicts.md").is_file()
    # with them the reference rows stand beside the run's, and nothing is said
    table = collate([part], tmp_path / "verdicts.csv", reference=REFERENCE)
    assert "warning" not in capsys.readouterr().err
    assert len(table) > 1
