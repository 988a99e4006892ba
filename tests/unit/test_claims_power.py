"""benchmarks/claims_power.py's statistics against brute force and hand formulas (seconds).

The sample-size search against a scan of every G and the power against a simulated t
test; the CR1 standard error against its formula on a table of unequal families; the
ordering rule's p-value against the shipped claims.csv (the pipeline's own decisions)."""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy import stats

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "results" / "reference" / "keel"


@pytest.fixture(scope="module")
def cp():
    spec = importlib.util.spec_from_file_location("claims_power",
                                                  ROOT / "benchmarks" / "claims_power.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("effect, sd, alpha", [(0.5, 1.0, 0.025), (0.0966, 0.0631, 0.0005),
                                               (0.0336, 0.0528, 0.0000625), (3.0, 1.0, 0.05)])
def test_units_needed_is_the_first_g_a_scan_finds(cp, effect, sd, alpha):
    scan = next(g for g in range(2, 5000) if cp.power(g, effect, sd, alpha) >= 0.8)
    assert cp.units_needed(effect, sd, alpha) == scan
    # one fewer unit misses 80 % (unless the smallest G already has it)
    assert scan == 2 or cp.power(scan - 1, effect, sd, alpha) < 0.8


def test_no_number_of_units_decides_a_zero_or_reversed_effect(cp):
    assert cp.units_needed(0.0, 1.0, 0.01) == math.inf
    assert cp.units_needed(-0.1, 1.0, 0.01) == math.inf


def test_power_is_the_rejection_rate_of_a_one_sided_t_test(cp):
    # 12 units of SD 2, true mean 1.2, one-sided at 0.01: simulate the test itself
    g, sd, effect, alpha, n = 12, 2.0, 1.2, 0.01, 40_000
    x = np.random.default_rng(7).normal(effect, sd, size=(n, g))
    t = x.mean(axis=1) / (x.std(axis=1, ddof=1) / math.sqrt(g))
    rate = float((t > stats.t.ppf(1 - alpha, g - 1)).mean())
    expected = cp.power(g, effect, sd, alpha)
    assert abs(rate - expected) < 4 * math.sqrt(expected * (1 - expected) / n)
    # a normal approximation (z test, known SD) would be off by far more than that
    z = stats.norm.sf(stats.norm.ppf(1 - alpha) - math.sqrt(g) * effect / sd)
    assert abs(z - expected) > 0.05


def test_the_detectable_effect_has_80_percent_power(cp):
    d = cp.detectable_effect(35, 0.0631, 0.0005)
    assert cp.power(35, d, 0.0631, 0.0005) == pytest.approx(0.8, abs=1e-9)


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
    # it weights problems, not families: unlike the t over the family means
    assert m.se != pytest.approx(cp.family_means_mean(y, g).se)


def test_cr1_with_equal_families_is_the_t_over_family_means(cp):
    y = np.array([1.0, 2.0, 4.0, 3.0, 7.0, 8.0])
    g = ["a", "a", "b", "b", "c", "c"]
    assert cp.cr1_mean(y, g).se == pytest.approx(cp.family_means_mean(y, g).se)


def test_the_shipped_claims_are_reproduced_with_the_shipped_estimand(cp):
    claims = pd.read_csv(REFERENCE / "claims.csv")
    units = pd.read_csv(REFERENCE / "claim_units.csv")
    table = cp.decide_all(units[units["kind"].isin(cp.KINDS)], claims, cp.family_means_mean)
    assert len(table) >= 7
    for _, r in table.iterrows():
        ref = claims[(claims["item"] == r["item"]) & (claims["row"] == r["claim"])].iloc[0]
        assert r["margin"] == pytest.approx(ref["regenerated"], abs=1e-9)
        assert r["ci"][0] == pytest.approx(ref["ci_low"], abs=1e-9)
        assert r["ci"][1] == pytest.approx(ref["ci_high"], abs=1e-9)
        # claims.csv's p is a bisection on log(alpha) to 1e-4
        assert r["p"] == pytest.approx(ref["p_value"], rel=1e-3)
        assert r["adjusted"] == pytest.approx(ref["adjusted_p"], rel=1e-3)


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
    # 0.8 over 4 defined runs of 5 is 0.64 with the fifth run 0
    assert zero.loc["p", "precision"] == pytest.approx(np.std([0.64, 0.5, 0.5, 0.5]))
    assert within.loc["p", "precision"] == pytest.approx((np.std([0.64, 0.5]) + 0.0) / 2)
