"""Issue 31, items 2 (status wording) and 3: a table of printed numbers against a re-run
is tested as a whole (Simes), then its numbers are located by Benjamini-Hochberg; claims
keep Holm; a number outside our interval that is not located says so; the overview states
which error rate is controlled for what."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from imbeval.inference import DECISIVE_ALPHA, Method, Reason, benjamini_hochberg, holm, simes
from imbeval.inference._multiplicity import frozen_gc
from imbeval_repro.report import pages
from imbeval_repro.report import reliability
from imbeval_repro import verdicts as cmp

RUN = cmp.run_basis("UCI glass")


def test_simes_is_the_smallest_bh_q_value_and_bh_agrees_with_statsmodels():
    from statsmodels.stats.multitest import multipletests

    rng = np.random.default_rng(31)
    for _ in range(40):
        p = rng.uniform(0, 1, rng.integers(1, 30)) ** rng.uniform(1, 6)
        reject, q = benjamini_hochberg(p, 0.05)
        with frozen_gc():  # statsmodels collects garbage on every call
            expected = multipletests(p, alpha=0.05, method="fdr_bh")
        np.testing.assert_allclose(q, expected[1])
        assert (reject == expected[0]).all()
        assert simes(p) == pytest.approx(q.min())
        # the global test rejects exactly when BH locates at least one number
        assert (simes(p) <= 0.05) == reject.any()
    # by hand: m = 4, sorted 0.01, 0.02, 0.03, 0.5 -> 4p/i = 0.04, 0.04, 0.04, 0.5
    assert simes([0.5, 0.03, 0.01, 0.02, math.nan]) == pytest.approx(0.04)
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        simes([0.2, 1.5])
    assert math.isnan(simes([math.nan]))


def _grid(p_values, printed="0.20"):
    """A table against a re-run: every printed number outside our interval at 95% alone."""
    return [cmp.row("m", "Table 16", f"M{k}", "ACC", printed, 0.5, setting="our CV",
                    basis=RUN, ci=(0.4, 0.6), p_value=p, method="rerun",
                    method_kind=Method.RERUN)
            for k, p in enumerate(p_values)]


def test_a_table_against_a_rerun_is_tested_whole_then_located_by_bh():
    # 10 numbers outside our interval; at the decisive level (0.005) Holm would keep 2,
    # BH locates 5
    assert DECISIVE_ALPHA == 0.005 and not hasattr(cmp, "ALPHA")  # one name per meaning
    p = [0.0001, 0.0004, 0.0006, 0.0012, 0.002, 0.02, 0.03, 0.04, 0.06, 0.09]
    inside = cmp.row("m", "Table 16", "X", "ACC", "0.50", 0.53, setting="our CV", basis=RUN,
                     ci=(0.4, 0.6), p_value=1.0, method="rerun")
    table = cmp.adjust(cmp.frame(_grid(p) + [inside]))
    assert (table["error_rate"] == "FDR").all()
    _, q = benjamini_hochberg(p + [1.0], 0.05)
    np.testing.assert_allclose(table["bh_q"], q)
    assert table["global_p"].nunique() == 1
    assert table["global_p"].iloc[0] == pytest.approx(simes(p + [1.0]))
    kinds = table["verdict_kind"].tolist()
    assert kinds[:5] == ["differs"] * 5
    assert sum(holm(p + [1.0], DECISIVE_ALPHA)[0]) == 2  # Holm (FWER) would have kept two
    # outside our interval at 95% alone but not located: says so, never "not
    # distinguishable"
    assert kinds[5:10] == ["outside_not_decisive"] * 5
    assert table.loc[5, "status"].startswith(
        "outside our 95% interval, not decisive: after Simes, then Benjamini-Hochberg over "
        "m Table 16, 11 numbers (p = 0.02 alone, table's global p = ")
    assert "decisive needs at most 0.005" in table.loc[5, "status"]
    assert table.loc[5, "detail"].endswith("; our CV")
    assert kinds[10] == "not_distinguishable"
    assert table.loc[0, "adjustment"].startswith(
        "Simes, then Benjamini-Hochberg over m Table 16, 11 numbers (table's global p = ")
    # one family, named in every row; the grid's re-run rows say how their interval was made
    assert (table["family_id"] == "m / Table 16").all()
    assert table["report_adjusted_p"].isna().all()  # an FDR family: not in the report's Holm


def test_a_table_that_passes_its_global_test_locates_nothing():
    # Simes: 6 x 0.004 / 3 = 0.008 > 0.005, although every p alone is below 0.005
    table = cmp.adjust(cmp.frame(_grid([0.002, 0.003, 0.004, 0.05, 0.08, 0.09])))
    assert table["global_p"].iloc[0] == pytest.approx(0.008)
    assert (table["verdict_kind"] == "outside_not_decisive").all()
    assert not (table["verdict_kind"] == "differs").any()


def test_a_family_with_a_claim_keeps_holm():
    rows = _grid([0.0001, 0.002, 0.003])
    rows.append(cmp.claim("m", "Table 16", "RF is best", 0.1, True, basis=RUN,
                          ci=(0.05, 0.2), p_value=0.001, method="t"))
    table = cmp.adjust(cmp.frame(rows))
    assert (table["error_rate"] == "FWER").all()
    # Holm over 4: 0.0001*4, 0.001*3, 0.002*2, 0.003*1 -> 0.0004, 0.003, 0.004, 0.004: all
    # at most 0.005, all kept
    assert table["verdict_kind"].tolist() == ["differs"] * 3 + ["claim_holds"]
    table = cmp.adjust(cmp.frame(_grid([0.0001, 0.003, 0.004]) + rows[3:]))
    assert table["verdict_kind"].tolist()[1:3] == ["outside_not_decisive"] * 2
    assert table.loc[1, "adjustment"].startswith("Holm over m Table 16, 4 decisions")


def test_read_parts_reads_a_part_back_and_refuses_an_incomplete_one(tmp_path):
    table = cmp.adjust(cmp.frame(_grid([0.01])))
    table.to_csv(tmp_path / "part.csv", index=False)
    read = cmp.read_parts([tmp_path / "part.csv"])
    assert list(read.columns) == cmp.COLUMNS and read["verdict_kind"].tolist() == table["verdict_kind"].tolist()
    table.drop(columns=list(cmp.ADDED_COLUMNS)).to_csv(tmp_path / "short.csv", index=False)
    with pytest.raises(ValueError, match="lack the columns"):
        cmp.read_parts([tmp_path / "short.csv"])
    table.assign(verdict_kind="consistent").to_csv(tmp_path / "words.csv", index=False)
    with pytest.raises(ValueError, match="unknown verdict kinds"):
        cmp.read_parts([tmp_path / "words.csv"])


def _report_rows():
    rows = _grid([0.0001, 0.0004, 0.3])
    for item, p in (("Fig. 3", 0.003), ("Fig. 4a", 0.002)):
        rows.append(cmp.claim("p", item, "c", 0.1, True, basis=RUN, ci=(0.05, 0.2),
                              p_value=p, method="t"))
    rows.append(cmp.claim("p", "Fig. 6", "search", 0.0, True, basis=RUN, method="search"))
    return cmp.adjust(cmp.frame(rows))


def test_the_overview_states_which_error_rate_is_controlled_for_what(tmp_path):
    table = _report_rows()
    r = reliability.error_rates(table)
    # two claim families of one decision each, both decisive; Holm over both at once
    # (run once, by adjust, written with the rows) gives 0.004 and 0.004: both kept (two
    # 0.004s would give 0.008: none)
    claims = table[table["error_rate"] == "FWER"]
    np.testing.assert_allclose(claims["report_adjusted_p"], [0.004, 0.004])
    assert (r["fwer_families"], r["fwer_decisions"], r["fwer_decisive"]) == (2, 2, 2)
    assert r["fwer_bound"] == pytest.approx(0.01) and r["report_holm_kept"] == 2
    one = cmp.adjust(cmp.frame([cmp.claim("p", f"Fig. {k}", "c", 0.1, True, basis=RUN,
                                          ci=(0.05, 0.2), p_value=0.004, method="t")
                                for k in (1, 2)]))
    assert reliability.error_rates(one)["report_holm_kept"] == 0
    tables = r["tables"]
    assert tables[["item", "numbers", "differs", "outside"]].values.tolist() == [
        ["Table 16", 3, 2, 1]]
    assert r["exact"] == 1
    catalog = {"p": {"title": "P", "items": [{"id": "f3", "label": "Fig. 3", "name": "n"}]}}
    page = pages.render_overview(catalog, table, tmp_path)
    assert "What error rate is controlled, for what" in page
    assert "at most 2 × 0.5% = 1%" in page and "In one sentence:" in page and "Simes" in page and "Benjamini-Hochberg" in page
    assert "<td>Table 16</td><td class=\"num\">3</td>" in page
    assert "Not measured for this run" in page  # no replication table in the results
    # a run that tests no sampled number says so instead of bounding nothing
    exact = cmp.adjust(cmp.frame([_report_rows().iloc[-1].to_dict()]))
    assert "No row of this run carries a p-value" in reliability.error_rates_html(exact)


def test_a_table_whose_spreads_are_too_poor_is_not_called_different_as_a_whole(tmp_path):
    from imbeval_repro.papers.mortaz2020.grid import SPREAD_TOO_POOR

    rows = _grid([0.0001, 0.0004, 0.3])
    table = cmp.adjust(cmp.frame(rows))
    assert reliability.error_rates(table)["tables"]["few_df"].tolist() == [0]
    assert "<td>differs from a re-run</td>" in reliability.error_rates_html(table)
    # the same p-values, but the numbers' re-run spreads have too few df (the grid's words)
    poor = [cmp.restated(r, cmp.Status.OUTSIDE, f"not decisive: 3 df, {SPREAD_TOO_POOR} 9",
                         reason_kind=Reason.TOO_FEW_DF, reason=f"3 df, {SPREAD_TOO_POOR} 9")
            for r in rows[:2]] + rows[2:]
    table = cmp.adjust(cmp.frame(poor))
    r = reliability.error_rates(table)
    assert r["tables"][["differs", "outside", "few_df"]].values.tolist() == [[0, 3, 2]]
    assert r["tables"]["global_p"].iloc[0] <= DECISIVE_ALPHA
    page = reliability.error_rates_html(table)
    assert "global p at most 0.005, not decisive: 2 numbers' re-run spreads have fewer than 9 df" in page
    assert "<td>differs from a re-run</td>" not in page
