"""benchmarks/claims_power.py's statistics against brute force and hand formulas, and the
report on both formats of claim_units.csv (seconds).

The estimand (the mean of family means with the t over them) against a hand computation
on unequal families; the sample-size search against a scan of every G, the power against a
simulated t test and the decision rule against simulated family means; the ``*`` of a
number raised to the 10-family floor; CR1 against its formula; the shipped claims.csv
reproduced with the shipped estimand; the variance split of section 3 by hand; and the whole
report on a re-export-format folder made from the shipped one (both readings, equivalence
parts, ``log_ratio``, credit-approval one family, kinds to skip)."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from benchmark_helpers import load_benchmark
from scipy import stats

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "reference" / "keel"


@pytest.fixture(scope="module")
def cp():
    return load_benchmark("claims_power")


def _units(values, families, part="a - b", claim="c", item="Fig. 3 (KEEL)", kind="contrast",
           rule="ordering", undefined=None):
    n = len(values)
    return pd.DataFrame({"item": item, "claim": claim, "rule": rule, "unit_type": kind, "part": part,
                         "problem": [f"p{i}" for i in range(n)], "family": families,
                         "value": values, "undefined": undefined or [""] * n,
                         "low": np.nan, "high": np.nan})


# --- the estimand ----------------------------------------------------------------------


def test_the_family_mean_t_is_the_hand_computation_on_unequal_families(cp):
    y = np.array([1.0, 2.0, 4.0, 3.0, 7.0, 8.0, 0.5, 2.5])
    g = ["a", "a", "a", "b", "c", "c", "d", "e"]
    means = np.array([7 / 3, 3.0, 7.5, 0.5, 2.5])
    G = means.size
    se = np.std(means, ddof=1) / math.sqrt(G)
    m = cp.family_mean(y, g)
    assert m.value == pytest.approx(means.mean())
    assert m.value != pytest.approx(y.mean())          # families weighted, not problems
    assert m.se == pytest.approx(se)
    assert (m.df, m.units, m.problems) == (G - 1, G, y.size)
    q = stats.t.ppf(0.975, G - 1)
    assert m.interval() == pytest.approx((means.mean() - q * se, means.mean() + q * se))
    assert m.p_two_sided(1.0) == pytest.approx(
        2 * stats.t.sf(abs(means.mean() - 1.0) / se, G - 1))
    assert m.sd_unit == pytest.approx(np.std(means, ddof=1))
    # a NaN value is left out, not a zero
    assert cp.family_mean([*y, np.nan], [*g, "a"]).value == pytest.approx(m.value)


def test_an_ordering_takes_each_contrasts_low_end_and_the_bonferroni_high_end(cp):
    rng = np.random.default_rng(3)
    fam = [f"f{i // 2}" for i in range(24)]
    a, b = rng.normal(0.3, 0.2, 24), rng.normal(0.5, 0.3, 24)
    units = pd.concat([_units(a, fam, "x - y"), _units(b, fam, "x - z")], ignore_index=True)
    (c,), skipped = cp.build_claims(units)
    assert not skipped
    ma, mb = cp.family_mean(a, fam), cp.family_mean(b, fam)
    assert c.binding == "x - y" and c.margin == pytest.approx(ma.value)
    low = min(ma.interval()[0], mb.interval()[0])
    high = min(ma.interval(1 - 0.05 / 2)[1], mb.interval(1 - 0.05 / 2)[1])
    assert c.interval() == pytest.approx((low, high))
    assert c.p_value() == pytest.approx(max(ma.p_two_sided(), mb.p_two_sided()))


def test_a_log_ratio_claim_is_the_geometric_mean_of_family_means_in_its_band(cp):
    rng = np.random.default_rng(5)
    fam = [f"f{i}" for i in range(6) for _ in range(2)]
    logs = rng.normal(0.1, 0.05, 12)
    units = _units(logs, fam, "log(a / b)", kind="log_ratio", rule="slightly higher",
                   item="Fig. 4b (KEEL)")
    (c,), _ = cp.build_claims(units)
    m = cp.family_mean(logs, fam)
    assert c.margin == pytest.approx(math.expm1(m.value))
    assert c.interval() == pytest.approx(tuple(math.expm1(v) for v in m.interval()))
    assert c.units == 6 and math.isnan(c.p_value())     # fewer than 10 families
    # with 12 families: inside (0, 0.5), p is the larger of the two ends' p (log 1, log 1.5)
    fam12 = [f"f{i}" for i in range(12)]
    (c,), _ = cp.build_claims(units.assign(family=fam12))
    m = cp.family_mean(logs, fam12)
    assert c.p_value() == pytest.approx(max(m.p_two_sided(0.0), m.p_two_sided(math.log(1.5))))
    # near the top of the band the end that binds is log 1.5 (the margin's 0.5), not 0.5
    top = rng.normal(0.38, 0.02, 12)
    (c,), _ = cp.build_claims(units.assign(family=fam12, value=top))
    m = cp.family_mean(top, fam12)
    assert c.threshold == pytest.approx((0.0, math.log(1.5)))
    assert c.p_value() == pytest.approx(m.p_two_sided(math.log(1.5)))
    assert c.holds_side() and 0.4 < c.margin < 0.5


def test_cr1_se_is_the_hand_formula_on_unequal_families(cp):
    y = np.array([1.0, 2.0, 4.0, 3.0, 7.0, 8.0, 0.5])
    g = ["a", "a", "a", "b", "c", "c", "d"]
    m = cp.cr1_mean(y, g)
    r = y - y.mean()
    totals = pd.Series(r).groupby(g).sum().to_numpy()
    G, N = 4, y.size
    assert m.value == pytest.approx(y.mean())
    assert m.se == pytest.approx(math.sqrt(G / (G - 1) * np.sum(totals ** 2) / N ** 2))
    assert (m.df, m.units, m.problems) == (G - 1, G, N)


def test_holm_is_statsmodels_holm(cp):
    from statsmodels.stats.multitest import multipletests

    p = np.random.default_rng(1).uniform(0, 0.1, 9)
    assert cp.holm(p) == pytest.approx(list(multipletests(p, method="holm")[1]))


# --- power and sets needed ---------------------------------------------------------------


@pytest.mark.parametrize("effect, sd, alpha", [(0.5, 1.0, 0.025), (0.0966, 0.0631, 0.0005),
                                               (0.0336, 0.0528, 0.0000625), (3.0, 1.0, 0.05)])
def test_units_needed_is_the_first_g_a_scan_finds(cp, effect, sd, alpha):
    scan = next(g for g in range(2, 5000) if cp.power(g, effect, sd, alpha) >= 0.8)
    assert cp.units_needed(effect, sd, alpha) == scan
    assert scan == 2 or cp.power(scan - 1, effect, sd, alpha) < 0.8


def test_no_number_of_units_decides_a_zero_or_reversed_effect(cp):
    assert cp.units_needed(0.0, 1.0, 0.01) == math.inf
    assert cp.units_needed(-0.1, 1.0, 0.01) == math.inf


def test_power_is_the_rejection_rate_of_a_one_sided_t_test(cp):
    g, sd, effect, alpha, n = 12, 2.0, 1.2, 0.01, 40_000
    x = np.random.default_rng(7).normal(effect, sd, size=(n, g))
    t = x.mean(axis=1) / (x.std(axis=1, ddof=1) / math.sqrt(g))
    rate = float((t > stats.t.ppf(1 - alpha, g - 1)).mean())
    expected = cp.power(g, effect, sd, alpha)
    assert abs(rate - expected) < 4 * math.sqrt(expected * (1 - expected) / n)
    z = stats.norm.sf(stats.norm.ppf(1 - alpha) - math.sqrt(g) * effect / sd)
    assert abs(z - expected) > 0.05


def test_the_detectable_effect_has_80_percent_power(cp):
    d = cp.detectable_effect(35, 0.0631, 0.0005)
    assert cp.power(35, d, 0.0631, 0.0005) == pytest.approx(0.8, abs=1e-9)


def test_a_claims_sets_needed_is_brute_force_power_of_its_rule_on_its_family_means(cp):
    # one contrast over 14 families of unequal sizes, one claim in its figure (m = 1)
    rng = np.random.default_rng(11)
    sizes = [1, 3, 2, 1, 1, 4, 2, 1, 1, 2, 1, 3, 1, 1]
    fam = [f"f{i}" for i, s in enumerate(sizes) for _ in range(s)]
    y = rng.normal(0.05, 0.08, len(fam))
    (c,), _ = cp.build_claims(_units(y, fam))
    q = cp.claim_power(c, 1)
    means = pd.Series(y).groupby(fam, sort=False).mean().to_numpy()
    d, sd = means.mean(), np.std(means, ddof=1)
    assert (q["d"], q["sd"], q["g_now"]) == pytest.approx((d, sd, 14))
    # "holds" at m = 1: the two-sided 1 - 0.005 interval above 0, one-sided 0.0025
    g80 = next(g for g in range(2, 10_000) if cp.power(g, d, sd, 0.0025) >= 0.8)
    assert q["g80"] == g80
    # the rule itself on simulated family means: DescrStatsW's interval low end above 0
    n = 20_000
    for g in (g80, max(2, g80 // 2)):
        x = rng.normal(d, sd, size=(n, g))
        low = x.mean(1) - stats.t.ppf(1 - 0.0025, g - 1) * x.std(1, ddof=1) / math.sqrt(g)
        rate, p = float((low > 0).mean()), cp.power(g, d, sd, 0.0025)
        assert abs(rate - p) < 4 * math.sqrt(p * (1 - p) / n) + 1e-3
    assert cp.power(g80, d, sd, 0.0025) >= 0.8 > cp.power(g80 - 1, d, sd, 0.0025)


def test_a_number_raised_to_the_10_family_floor_gets_a_star(cp):
    assert (cp._g(2), cp._g(9), cp._g(10), cp._g(11)) == ("10*", "10*", "10", "11")
    # a large effect over 12 families: power needs fewer than 10 families, the rule 10
    fam = [f"f{i}" for i in range(12)]
    y = 1.0 + 0.1 * np.random.default_rng(2).standard_normal(12)
    units = _units(y, fam)
    table, _ = cp.decide_all(units, None, cp.family_mean, holm_within="table")
    q = cp.claim_power(table["obj"].iloc[0], 1)
    assert q["g80"] < 10
    text = "\n".join(cp.section_power(units, None, table))
    row = next(line for line in text.splitlines() if line.startswith("| Fig. 3 (KEEL) | c |"))
    assert "| 10* |" in row


# --- rebuilding from estimates.csv -------------------------------------------------------


def test_an_undefined_run_scored_zero_scales_the_cell_and_the_pooled_std(cp):
    rows = [{"problem": "p", "classifier": c, "scheme": s, "index": "precision",
             "value": 0.5 if (c, s) != ("x", "1") else 0.8, "runs": 5 if (c, s) != ("x", "1") else 4}
            for c in ("x", "y") for s in ("1", "2")]
    e = pd.DataFrame(rows)
    left, undefined = cp.per_problem_stds(e, ["p"], ["precision"], False, "std_pooled")
    zero, _ = cp.per_problem_stds(e, ["p"], ["precision"], True, "std_pooled")
    within, _ = cp.per_problem_stds(e, ["p"], ["precision"], True, "std_within")
    assert bool(undefined.loc["p", "precision"])
    assert left.loc["p", "precision"] == pytest.approx(np.std([0.8, 0.5, 0.5, 0.5]))
    assert zero.loc["p", "precision"] == pytest.approx(np.std([0.64, 0.5, 0.5, 0.5]))
    assert within.loc["p", "precision"] == pytest.approx((np.std([0.64, 0.5]) + 0.0) / 2)


def test_equivalence_parts_are_rebuilt_as_delta_minus_and_plus_the_contrast(cp):
    stds = pd.DataFrame({"a": [0.30, 0.10], "b": [0.25, 0.40]}, index=["p", "q"])
    # b undefined on some run of q: q leaves every part of the claim
    undefined = pd.DataFrame({"a": [False, False], "b": [False, True]}, index=["p", "q"])
    template = pd.DataFrame({"item": "I", "base": "near", "rule": "closely follow",
                             "unit_type": "contrast", "part": ["0.01 - (a - b)", "0.01 + (a - b)"],
                             "low": -0.49, "high": 0.51})
    u = cp.units_from_stds(template, stds, undefined, {"p": "f", "q": "g"}, False, "std_within")
    assert set(u["claim"]) == {"near (RRT reading)"}
    v = u.set_index(["part", "problem"])["value"]
    assert v[("0.01 - (a - b)", "p")] == pytest.approx(0.01 - 0.05)
    assert v[("0.01 + (a - b)", "q")] == pytest.approx(0.01 - 0.30)
    assert list(u.loc[u["problem"] == "q", "undefined"] != "") == [True, True]


def test_the_rebuild_from_estimates_is_the_shipped_fig3_units(cp):
    # the shipped claim_units.csv's Fig. 3 units, both readings, rebuilt from estimates.csv
    units = pd.read_csv(REFERENCE / "claim_units.csv")
    problems = pd.read_csv(REFERENCE / "problems.csv")
    scen, _, _ = cp.fig3_scenarios(units, pd.read_csv(REFERENCE / "estimates.csv"), problems,
                                   "Fig. 3 (KEEL)")
    fig3 = units[units["item"] == "Fig. 3 (KEEL)"]
    for stat, label in cp.READINGS.items():
        mine = scen[("left out", stat)]
        shipped = fig3[fig3["claim"].str.endswith(f"({label})")]
        both = shipped.merge(mine, on=["claim", "part", "problem"], suffixes=("", "_mine"))
        assert len(both) == len(shipped) == len(mine) > 0
        assert np.allclose(both["value"], both["value_mine"], atol=1e-9)
        assert (both["undefined"].fillna("") != "").equals(both["undefined_mine"] != "")
        assert (both["family"] == both["family_mine"]).all()


def test_the_pooled_variance_is_between_plus_within_and_the_ratio_is_by_hand(cp):
    rng = np.random.default_rng(4)
    e = pd.DataFrame([{"problem": "p", "index": "x", "classifier": c, "scheme": s,
                       "value": rng.uniform(), "run_sd": rng.uniform(0.01, 0.1), "runs": 5}
                      for c in "abcd" for s in "12345"])
    r = cp.variance_shares(e, ["p"], ["x"]).iloc[0]
    cells = e.pivot(index="classifier", columns="scheme", values="value").to_numpy()
    assert r["pooled"] == pytest.approx(np.var(cells))
    assert r["between"] == pytest.approx(np.var(cells.mean(axis=1)))
    assert r["pooled"] == pytest.approx(r["between"] + np.var(cells, axis=1).mean())
    assert r["share"] == pytest.approx(np.var(cells.mean(axis=1)) / np.var(cells))
    assert r["ratio"] == pytest.approx(np.var(cells, axis=1, ddof=1).mean()
                                       / (e["run_sd"] ** 2 / 5).mean())
    # a cell with an undefined run leaves the (problem, index) out
    assert cp.variance_shares(e.assign(runs=[4] + [5] * 19), ["p"], ["x"]).empty


# --- the shipped folder and the re-export's format ---------------------------------------


def test_the_shipped_claims_are_reproduced_with_the_family_mean_estimand(cp):
    claims = pd.read_csv(REFERENCE / "claims.csv")
    units = pd.read_csv(REFERENCE / "claim_units.csv")
    table, skipped = cp.decide_all(units, claims, cp.family_mean)
    assert len(table) >= 14 and len(skipped) == 2             # Fig. 5's two, within sets
    for _, r in table.iterrows():
        ref = claims[(claims["item"] == r["item"]) & (claims["row"] == r["claim"])].iloc[0]
        assert r["margin"] == pytest.approx(ref["regenerated"], abs=1e-9)
        assert r["ci"][0] == pytest.approx(ref["ci_low"], abs=1e-9)
        assert r["ci"][1] == pytest.approx(ref["ci_high"], abs=1e-9)
        assert r["p"] == pytest.approx(ref["p_value"], rel=3e-3)
        assert r["adjusted"] == pytest.approx(ref["adjusted_p"], rel=3e-3)


def _new_format(cp, folder: Path) -> Path:
    """The shipped folder in the re-export's format: Figs. 3/4a/4b on both readings
    (rebuilt from estimates.csv), an equivalence claim, Fig. 4b as log_ratio, no "Recall
    mitigates", credit-approval one family, Fig. 5 as cell/cell_minimum with classes, and a
    kind no script knows; claims.csv decided with the family-mean estimand."""
    problems = pd.read_csv(REFERENCE / "problems.csv")
    problems.loc[problems["problem"].isin(["australian", "crx"]), "family"] = cp.CREDIT
    estimates = pd.read_csv(REFERENCE / "estimates.csv")
    old = pd.read_csv(REFERENCE / "claim_units.csv")
    fams = {k: dict(zip(p["problem"], p["family"])) for k, p in problems.groupby("kind")}
    t3 = cp.template_of(old, "Fig. 3 (KEEL)")
    t3 = t3[~t3["base"].str.contains("Recall mitigates")]
    near = pd.DataFrame([{"item": "Fig. 3 (KEEL)", "rule": "closely follow", "unit_type": "contrast",
                          "base": "mPrecision and mAURPC closely follow GMean and AUROC",
                          "part": f"0.01 {s} ({a} - {b})", "low": -0.49, "high": 0.51}
                         for a in ("mprecision", "maurpc") for b in ("gmean2", "auroc2")
                         for s in "-+"])
    t3 = pd.concat([t3, near], ignore_index=True)
    t4 = cp.template_of(old, "Fig. 4a (KEEL)")
    frames = []
    for stat in cp.READINGS:
        s, u = cp.per_problem_stds(estimates, fams["two-class"], cp.FIG3, False, stat)
        frames.append(cp.units_from_stds(t3, s, u, fams["two-class"], False, stat))
        s, u = cp.per_problem_stds(estimates, fams["multi-class"], cp.FIG4A, False, stat)
        frames.append(cp.units_from_stds(t4, s, u, fams["multi-class"], False, stat))
        frames.append(pd.DataFrame({
            "item": "Fig. 4b (KEEL)", "rule": "slightly higher", "unit_type": "log_ratio",
            "claim": cp.with_reading("std of nAUROC-OVA slightly above ACSA's, per dataset", stat),
            "part": "log(nauroc_ova / acsa)", "problem": s.index,
            "family": [fams["multi-class"][p] for p in s.index],
            "value": np.log(s["nauroc_ova"] / s["acsa"]).to_numpy(),
            "undefined": np.where(u[["nauroc_ova", "acsa"]].any(axis=1), "undefined", "")}))
    fig5 = old[old["item"].str.startswith("Fig. 5")].assign(classes=15)
    fig5.loc[fig5["unit_type"] == "share", "unit_type"] = "cell_minimum"
    mystery = fig5.head(3).assign(item="Fig. 9 (KEEL)", claim="a claim of a kind to come",
                                  unit_type="mystery")
    units = pd.concat([*frames, fig5, mystery], ignore_index=True)
    table, _ = cp.decide_all(units, None, cp.family_mean, holm_within="table")
    claims = pd.DataFrame({"item": table["item"], "row": table["claim"],
                           "regenerated": table["margin"],
                           "ci_low": [c[0] for c in table["ci"]],
                           "ci_high": [c[1] for c in table["ci"]], "p_value": table["p"],
                           "adjusted_p": table["adjusted"],
                           "status": [f"claim {v}: ..." for v in table["verdict"]]})
    shipped = pd.read_csv(REFERENCE / "claims.csv")
    claims = pd.concat([claims, shipped[shipped["item"].str.startswith("Fig. 5")][claims.columns]])
    folder.mkdir()
    claims.to_csv(folder / "claims.csv", index=False)
    units.to_csv(folder / "claim_units.csv", index=False)
    problems.to_csv(folder / "problems.csv", index=False)
    shutil.copy(REFERENCE / "estimates.csv", folder / "estimates.csv")
    shutil.copy(REFERENCE / "left_out.csv", folder / "left_out.csv")
    return folder


def test_the_report_runs_on_the_re_export_format(cp, tmp_path, monkeypatch):
    monkeypatch.setattr(cp, "_class_count", lambda name: None)   # no KEEL parsing here
    text = cp.report(_new_format(cp, tmp_path / "keel"))
    # both readings rebuilt from estimates.csv exactly, equivalence parts included
    assert "RRT reading (std_within): " in text and "literal reading (std_pooled): " in text
    assert text.count("to 0.0e+00 at most, the same units left out: yes") == 2
    assert "claims.csv's own numbers are those of the mean of family means" in text
    # every Fig. 3/4a/4b claim twice; Section 5.3's "Recall mitigates" gone
    section0 = text.split("## 1.")[0]
    for claim in ("closely follow GMean and AUROC", "mAURPC-OVA varies least",
                  "slightly above ACSA's, per dataset"):
        rows = [l for l in section0.splitlines() if l.startswith("| Fig.") and claim in l]
        assert sorted(r.split(" | ")[2] for r in rows) == ["RRT", "literal"]
    assert "Recall mitigates" not in text
    # Fig. 4b's log ratio gets sets needed (not skipped); the kinds over one set and the
    # unknown kind are skipped with a sentence
    section1 = text.split("## 1.")[1].split("## 2.")[0]
    assert sum(1 for l in section1.splitlines()
               if l.startswith("| Fig. 4b") and "(log)" in l and "log(nauroc_ova / acsa)" in l) >= 2
    assert "**Skipped" not in section1
    assert "kind `cell`" in text and "kind `cell_minimum`" in text
    assert "kind `mystery` (3 rows) is not one this script knows: skipped." in text
    # problems.csv's credit-approval family: the split is the sensitivity
    assert "already has australian and crx as one family, *credit-approval*" in text
    assert "(34 → 35 families)" in text and "| australian, crx split | RRT |" in text
    assert "## 3. How much of each pooled std is between classifiers" in text
