"""The shipped reference results of the whole KEEL collection (results/reference/keel/):
every claim's interval and p-value recomputed from the shipped unit values (issue 41 item 5)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from imbeval.tables import comparison as cmp
from imbeval.tables.claim_units import UNIT_COLUMNS, recompute_claims

REFERENCE = Path(__file__).resolve().parents[2] / "results" / "reference" / "keel"
#: the claims' numbers are written with 10 significant digits (imbeval._io.write_csv)
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
        # the shipped CSV was written before issue 45 (its kinds in words): read through the
        # one reader of old verdict text
        kind = cmp.kind_of(s["kind"])
        # the verdict before the adjustment; a decisive one stays so only at adjusted p <= 0.005
        if r["holds"] is None or (isinstance(r["holds"], float) and math.isnan(r["holds"])):
            assert kind == "claim_inconclusive"
        elif kind != "claim_inconclusive":
            assert kind == ("claim_holds" if r["holds"] else "claim_fails")


def test_a_changed_unit_value_changes_the_recomputed_claim():
    claims, units = _shipped()
    contrast = units[units["kind"] == "contrast"]
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
    assert fig3["row"].str.startswith("Section 5.3").sum() == 2 and len(fig3) == 5
    # Fig. 3's claims rest on at least 30 independent two-class families
    families = units.loc[units["item"] == "Fig. 3 (KEEL)", "family"].nunique()
    assert families >= 30
    assert fig3["basis"].str.contains("independent units").all()


def test_provenance_lists_the_shipped_tables():
    record = json.loads((REFERENCE / "provenance.json").read_text(encoding="utf-8"))
    assert record["imbeval"]["commit"]
    assert record["config"]["keel"]["protocol"] == {"runs": 5, "folds": 5, "inner_folds": 3}


def test_estimates_are_means_of_run_values():
    est = pd.read_csv(REFERENCE / "estimates.csv")
    assert {"problem", "classifier", "scheme", "index", "value", "run_sd", "runs", "fold_mean",
            "undefined_folds", "zero_folds", "folds"} <= set(est.columns)
    assert (est["runs"] <= 5).all() and (est["folds"] <= 25).all()
    # values of [0, 1] indices stay in it
    bounded = est[est["index"].isin(["acsa", "gmean", "precision", "auroc2"])]["value"].dropna()
    assert np.all((bounded >= 0) & (bounded <= 1))


def test_estimates_table_from_run_values():
    from imbeval.cli._experiment_reference import estimates_table

    runs = pd.DataFrame({"problem": "p", "classifier": "c", "scheme": "1", "run": [0, 1],
                         "index": "acsa", "value": [0.6, 0.8], "fold_mean": [0.5, 0.7],
                         "undefined_folds": [0, 1], "zero_folds": [0, 0], "folds": [5, 5]})
    row = estimates_table(runs, ["acsa"]).iloc[0]
    assert row["value"] == pytest.approx(0.7) and row["run_sd"] == pytest.approx(0.1414, abs=1e-4)
    assert row["runs"] == 2 and row["undefined_folds"] == 1 and row["folds"] == 10


def _contrast_units(mean, n_families=24, seed=0):
    rng = np.random.default_rng(seed)
    return pd.DataFrame([{"item": "Fig. 3 (KEEL)", "claim": "c", "rule": "ordering",
                          "kind": "contrast", "part": "a - b", "problem": f"p{k}",
                          "family": f"f{k}", "value": mean + 0.01 * rng.standard_normal(),
                          "undefined": ""} for k in range(n_families)], columns=UNIT_COLUMNS)


def test_half_splits_replicate_a_clear_claim_and_not_a_null_one():
    from imbeval.tables.replication import half_split_replication

    clear = half_split_replication(None, _contrast_units(0.02), seed=5, n_splits=40).iloc[0]
    assert clear["verdict"] == "holds" and clear["families"] == 24
    assert clear["share_same"] > 0.9 and clear["both_decide"] >= clear["same_direction"]
    null = half_split_replication(None, _contrast_units(0.0), seed=5, n_splits=40).iloc[0]
    assert null["share_same"] < 0.2
    # seeded: the same splits again
    again = half_split_replication(None, _contrast_units(0.0), seed=5, n_splits=40).iloc[0]
    assert again.equals(null)


def test_overview_states_the_empirical_count_and_the_half_splits(tmp_path):
    from imbeval.report.reliability import REFERENCE_REPLICATION, empirical_html

    table = cmp.adjust(cmp.frame([
        cmp.claim("p", "Fig. 1", "a", 0.1, True, basis="run on d", ci=(0.05, 0.2),
                  p_value=0.0001),
        cmp.claim("p", "Fig. 2", "b", 0.1, True, basis="run on d", ci=(-0.05, 0.2),
                  p_value=0.3)]))
    page = empirical_html(table, tmp_path)
    assert "<b>1 decisive empirical verdicts</b>" in page and "are absent" in page
    target = tmp_path / REFERENCE_REPLICATION
    target.parent.mkdir(parents=True)
    pd.DataFrame([{"item": "Fig. 3 (KEEL)", "claim": "c", "families": 35, "verdict": "holds",
                   "splits": 200, "both_decide": 150, "same_direction": 140,
                   "share_same": 0.7, "decisive_both": 20}]).to_csv(target, index=False)
    page = empirical_html(table, tmp_path)
    assert "Fig. 3 (KEEL): c" in page and "70%" in page and ">35<" in page


def test_a_problem_with_an_undefined_run_value_is_left_out_and_named():
    from imbeval.tables.claim_units import UNDEFINED_RULE_OVER_PROBLEMS, ordering_estimate

    units = _contrast_units(0.02)
    full = ordering_estimate(units)
    units.loc[0, "undefined"] = "precision on 3 of 100 values of p0"
    units.loc[0, "value"] = 5.0   # whatever it is, it no longer counts
    partial = ordering_estimate(units)
    assert UNDEFINED_RULE_OVER_PROBLEMS in partial.method and "(p0)" in partial.method
    assert partial.undecidable is None and partial.value != full.value
    assert abs(partial.value - units["value"][1:].mean()) < 1e-12


def test_the_shipped_rows_written_before_issue_45_read_with_identifiers():
    """The shipped claims.csv holds its kinds in words and none of issue 45's typed columns
    (the run cannot be made again here): the comparison reads it through the one reader of
    old verdict text, every kind an identifier, the typed columns added."""
    from imbeval.tables.claims_keel import REFERENCE_SUFFIX, reference_rows

    raw = pd.read_csv(REFERENCE / "claims.csv")
    assert not set(cmp.ADDED_COLUMNS) & set(raw.columns)
    assert not set(raw["kind"]) & set(cmp.STATUSES)  # words, not identifiers
    rows = reference_rows(REFERENCE)
    assert list(rows.columns) == cmp.COLUMNS and len(rows) == len(raw)
    assert rows["kind"].tolist() == [str(cmp.kind_of(k)) for k in raw["kind"]]
    assert set(rows["kind"]) <= set(cmp.STATUSES)
    assert (rows["basis_kind"] == "run").all()
    assert rows["item"].str.endswith(REFERENCE_SUFFIX).all()
    # the rendered text is unchanged: the words of each kind begin each status
    assert all(s.startswith(cmp.wording(k)) for s, k in zip(rows["status"], rows["kind"]))
