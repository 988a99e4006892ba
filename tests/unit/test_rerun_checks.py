"""Issue 31, items 2 and 6: printed numbers against a re-run from R >= 2 repetitions, TOST
on the re-run spread with a strict margin and Holm, the intersection-union test of the
selection claims, the strict sign tolerance of ortigosa2016 and the sampled basis of
mortaz2020 Figs. 1-4. Small and fast: no grid is fitted."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import yaml
from scipy import stats

from imbeval import inference
from imbeval_repro import verdicts as cmp
from imbeval_repro.papers.mortaz2020 import tables as tm

ROOT = Path(__file__).resolve().parents[2]


def test_three_repetitions_give_a_finite_interval_with_two_df_of_the_documented_width():
    v = np.array([[0.70, 0.74, 0.72, 0.71, 0.73],
                  [0.69, 0.71, 0.70, 0.72, 0.68],
                  [0.74, 0.75, 0.73, 0.76, 0.72]])
    e = inference.rerun_estimate(v, half_unit=0.0005)
    sd = v.mean(axis=1).std(ddof=1)
    half = stats.t.ppf(0.975, 2) * sd * math.sqrt(1 + 1 / 3) + 0.0005
    assert (e.source, e.sd_df, e.repeats) == ("repeats", 2, 3)
    assert e.sd == pytest.approx(sd) and e.half_width() == pytest.approx(half)
    assert e.interval() == pytest.approx((v.mean() - half, v.mean() + half))
    assert all(math.isfinite(x) for x in e.interval())
    # two repetitions are used too (t with 1 df); one falls back to the corrected variance
    assert inference.rerun_estimate(v[:2]).sd_df == 1
    assert inference.rerun_estimate(v[:1]).source == "corrected variance"


def test_a_pooled_spread_sums_the_cells_df_and_a_pool_of_unequal_spreads_is_refused():
    rng = np.random.default_rng(3)
    cells = [0.5 + 0.01 * rng.standard_normal((3, 5)) + 0.01 * rng.standard_normal((3, 1))
             for _ in range(3)]
    sd, df = inference.pooled_rerun_spread(cells)
    variances = [c.mean(axis=1).var(ddof=1) for c in cells]
    assert df == 6 and sd == pytest.approx(math.sqrt(np.mean(variances)))
    e = inference.rerun_estimate(cells[0], spread=(sd, df))
    assert (e.source, e.sd_df) == ("pooled repeats", 6) and e.sd == sd
    # spreads 100 times apart over ten repetitions: Bartlett rejects, the grid does not pool
    wide = [0.5 + s * rng.standard_normal((10, 5)) for s in (0.001, 0.1)]
    assert inference.spread_homogeneity(wide) < 0.01


def test_tost_uses_the_rerun_spread_and_a_margin_of_the_tolerance_minus_half_the_unit():
    values = [0.60, 0.62, 0.61, 0.63, 0.59]
    c = tm.grid_rerun_check(values, "0.61")
    e = c.estimate
    assert c.tolerance == pytest.approx(0.02 - 0.005)     # strict: not 0.02 + 0.005
    expected = inference.tost(e.value - 0.61, e.sd * math.sqrt(2), e.sd_df, 0.015)
    assert c.tost_p == pytest.approx(expected)
    # on the mean's corrected SE (the old test) agreement would have been shown
    assert inference.tost(e.value - 0.61, e.se, e.df, 0.025) < 0.05 < c.tost_p
    with pytest.raises(ValueError, match="half the print unit"):
        inference.agreement_margin(0.02, 0.05)


def _grid(values_by_model, repeats=1):
    """Fold scores: every index of model m is values[m] (IAM v, the others (v + 1) / 2)."""
    records = []
    for model, per_repeat in values_by_model.items():
        for r, per_fold in enumerate(np.atleast_2d(per_repeat)[:repeats]):
            for k, v in enumerate(per_fold):
                rec = {"model": model, "repeat": r, "fold": k, "IAM": v}
                rec.update({c: (v + 1) / 2 for c in ("ACC", "MAP", "MAR", "F", "CBA")})
                records.append(rec)
    return pd.DataFrame(records)


def test_grid_rows_state_the_interval_flag_outside_and_adjust_agreement_by_holm():
    rng = np.random.default_rng(7)
    # near some printed numbers of Table 16 (KNN CBA 0.450, IAM -0.109; SVM CBA 0.340),
    # far from others
    base = {m: v + 0.01 * rng.standard_normal((3, 5))
            for m, v in (("RF", 0.3), ("KNN", -0.1), ("SVM", -0.3))}
    rows = cmp.frame(tm.grid_verdict_rows(_grid(base, repeats=3), "glass", 5))
    numbers = rows[rows["method"].str.startswith(inference.METHODS["rerun"])]
    assert len(numbers) == 18
    assert numbers["detail"].str.match(r"prediction interval ±\d\.\d{3} \(").all()
    assert numbers["method"].str.contains("R = 3 repetitions").all()
    half = numbers["detail"].str.extract(r"±(\d\.\d{3})")[0].astype(float)
    outside = cmp.outside_interval(numbers)
    assert outside.any() and not outside.all()
    assert (numbers.loc[outside, "detail"].str.contains("the printed value lies outside it")).all()
    assert not numbers.loc[~outside, "detail"].str.contains("outside it").any()
    # an unclipped interval is ours ± the stated half-width
    free = (numbers["ci_low"] > -1) & (numbers["ci_high"] < 1)
    assert free.any()
    width = ((numbers.loc[free, "ci_high"] - numbers.loc[free, "ci_low"]) / 2).to_numpy()
    assert width == pytest.approx(half[free].to_numpy(), abs=6e-4)
    # agreement: raw TOST p-values Holm-adjusted over the table, "shown" only after it
    got = numbers["detail"].str.extract(r"TOST p = ([\d.e-]+) .*?adjusted p = ([\d.e-]+)\)")
    raw, adjusted = got[0].astype(float).to_numpy(), got[1].astype(float).to_numpy()
    assert np.allclose(inference.holm(raw)[1], adjusted, rtol=2e-2)
    assert numbers["detail"].str.contains("Holm over the table's 18 agreement tests").all()
    shown = numbers["detail"].str.contains(r"\) shown \(TOST", regex=True)
    assert (shown == (adjusted <= inference.DECISIVE_ALPHA)).all()


def test_the_selection_claim_holds_by_the_intersection_union_test_on_raw_p():
    from imbeval_repro.papers.mortaz2020.selection import selection_test

    # three competitors, each behind the paper's model with the same two-sided p = 0.04:
    # Holm would make that 0.12 (no verdict); the intersection-union test needs only 0.04
    z = np.array([-2.0, -1.0, 0.0, 1.0, 2.0])
    # (the decision's variance: n_test/n_train = inference.DECISION_TEST_TO_TRAIN)
    c = 0.1 / (stats.t.ppf(1 - 0.02, 4) * math.sqrt(1 / 5 + inference.DECISION_TEST_TO_TRAIN)
               * z.std(ddof=1))
    index = pd.MultiIndex.from_product([["A", "B", "C", "D"], [0], range(5)],
                                       names=["model", "repeat", "fold"])
    diffs = 0.1 + c * z
    values = pd.Series(np.concatenate([0.5 + diffs, *(np.full(5, 0.5) for _ in range(3))]),
                       index=index)
    test = selection_test(values, "A", ["B", "C", "D"])
    raw = list(test.raw.values())
    assert raw == pytest.approx([0.04] * 3, rel=1e-3)
    assert max(test.adjusted.values()) == pytest.approx(0.12, rel=1e-3)
    assert test.verdict is True and test.p_value == pytest.approx(max(raw))


def test_a_sign_within_its_tolerance_is_not_decided(tmp_path):
    from imbeval_repro.verdicts.claim_rules import SIGN_TOL, decide_sign
    from imbeval_repro.papers.ortigosa2016.claims import ortigosa_figure_rows

    assert SIGN_TOL == 1e-3
    assert decide_sign("positive", 1e-4) is None and decide_sign("positive", 2e-3) is True
    assert decide_sign("positive", -2e-3) is False and decide_sign("negative", -1e-3) is None
    # Fig. 4c with I(A) bottoming out at +0.0001 (the run's value): not "holds"
    eta = [i / 100 for i in range(1, 100)]
    pd.DataFrame({"score": ["P1"] * 99 + ["R1"] * 99, "reading": "x", "eta": eta * 2,
                  "influence": [-abs(e - 0.5) for e in eta] + [0.5 - e for e in eta]}
                 ).to_csv(tmp_path / "fig2.csv", index=False)
    pd.DataFrame([{"score": s, "eta": e, "influence": abs(e - 0.5) + 0.0005}
                  for s in ("Acc", "max", "A", "G", "H", "min") for e in eta]
                 ).to_csv(tmp_path / "fig3.csv", index=False)
    eps = [i / 300 for i in range(-99, 200)]
    pd.DataFrame([{"score": s, "epsilon": e, "influence": 1e-4}
                  for s in ("Acc", "A", "G", "H", "min", "max") for e in eps]
                 ).to_csv(tmp_path / "fig4.csv", index=False)
    pd.DataFrame({"K": [2], "p": [1.0], "S_sup": [0.75], "S_sup_eq22_as_printed": [4.0],
                  "S_inf": [0.5]}).to_csv(tmp_path / "ssup.csv", index=False)
    pd.DataFrame({"rule": ["EDR", "G-DR", "H-DR", "min-DR"], "cut_1_2": [4.0, 3.9, 3.8, 3.5],
                  "cut_2_3": [5.5, 5.502, 5.503, 5.51]}).to_csv(tmp_path / "fig7.csv",
                                                                index=False)
    rows = cmp.frame(ortigosa_figure_rows(*(tmp_path / f for f in (
        "fig2.csv", "fig3.csv", "fig4.csv", "ssup.csv", "fig7.csv"))))
    fig4c = rows[rows["item"] == "Fig. 4c"].iloc[0]
    assert fig4c["verdict_kind"] == "claim_inconclusive" and "not decided" in fig4c["detail"]
    fig3 = rows[(rows["item"] == "Fig. 3") & rows["row"].str.contains("positive")]
    # min over |η − 0.5| > 0.02 is 0.0205 + 0.0005: beyond the tolerance, holds
    assert (fig3["verdict_kind"] == "claim_holds").all()


def test_mortaz_figure_rows_are_sampled_and_decided_over_seeded_sweeps():
    from imbeval.utils.seeds import derive_seed
    from imbeval_repro.papers.mortaz2020 import figures as fm
    from imbeval_repro.papers.mortaz2020 import claims as cm

    data = fm.sweep(20200, 21)
    more = [fm.sweep(derive_seed(20200, "mortaz2020-sweep", i), 21)
            for i in range(cm.REPLICATE_SWEEPS)]
    rows = cmp.adjust(cmp.frame(cm.figure_verdict_rows(data, more, seed=20200)))
    assert (rows["basis"] == cm.sweep_basis(20200, 21, 20)).all()
    assert rows["basis"].str.startswith("sampled: seeded synthetic sweep (seed 20200").all()
    claims = rows[rows["column"] == "claim"]
    assert len(claims) == 11
    assert claims["method"].str.startswith("t interval over 21 independently seeded").all()
    assert claims[["ci_low", "ci_high", "p_value", "adjusted_p"]].notna().all().all()
    assert claims["adjustment"].str.startswith("Holm over mortaz2020 Fig.").all()
    assert (claims["verdict_kind"] == "claim_holds").all()


def test_grid_repeats_is_a_number_or_one_per_dataset_and_a_bad_value_names_the_key():
    from snakemake.exceptions import WorkflowError
    from snakemake.utils import validate

    schema = str(ROOT / "workflow" / "schemas" / "papers.schema.yaml")
    for good in (1, 10, {"glass": 10, "satimage": 1}, {"glass": 3}):
        validate({"grid_repeats": good}, schema)
    for bad in (0, {"glass": 0}, {"iris": 2}, {"glass": "10"}, {}):
        with pytest.raises(WorkflowError, match="grid_repeats"):
            validate({"grid_repeats": bad}, schema)
    # one number for every dataset, or one per dataset with 1 (the paper's single CV) for a
    # dataset it leaves out
    from imbeval_repro.workflow import get_grid_repeats

    assert get_grid_repeats({"grid_repeats": 4}, ["glass", "satimage"]) == {
        "glass": 4, "satimage": 4}
    assert get_grid_repeats({"grid_repeats": {"glass": 10}}, ["glass", "satimage"]) == {
        "glass": 10, "satimage": 1}


def test_the_default_config_runs_glass_with_enough_repetitions_to_decide():
    # the default run's Table 16 can decide "differs from a re-run" (a spread of at least
    # MIN_RERUN_DF df, t with R - 1), and satimage stays at one CV (630 s of CPU a repetition)
    config = yaml.safe_load((ROOT / "config" / "config.yaml").read_text())
    repeats = config["papers"]["grid_repeats"]
    assert repeats["glass"] - 1 >= inference.MIN_RERUN_DF
    assert repeats.get("satimage", 1) == 1


def test_a_printed_number_differs_from_a_rerun_only_from_a_spread_of_enough_df():
    # the same cells far from Table 16's printed numbers, from 4 and from 10 repetitions:
    # only the 10 repetitions' spread (9 df = MIN_RERUN_DF) may decide "differs"
    rng = np.random.default_rng(3)
    base = {m: v + 0.01 * rng.standard_normal((10, 5))
            for m, v in (("RF", 0.3), ("KNN", -0.1), ("SVM", -0.3))}
    kinds = {}
    for repeats in (4, 10):
        rows = cmp.adjust(cmp.frame(tm.grid_verdict_rows(_grid(base, repeats=repeats),
                                                            "glass", 5)))
        numbers = rows[rows["method"].str.startswith(inference.METHODS["rerun"])]
        kinds[repeats] = numbers["verdict_kind"].value_counts()
        outside = numbers[cmp.outside_interval(numbers)]
        assert len(outside) >= 6
        if repeats == 4:
            assert (outside["verdict_kind"] == "outside_not_decisive").all()
            assert outside["detail"].str.contains(
                "not decisive: the re-run spread rests on 3 df, a decision needs at least 9 "
                r"\(R >= 10 repetitions").all()
    assert inference.MIN_RERUN_DF == 9
    assert kinds[10].get("differs", 0) >= 6
    assert kinds[4].get("differs", 0) == 0
