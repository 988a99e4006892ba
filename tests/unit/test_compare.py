"""imbeval.compare: the tests against scipy, statsmodels, Demšar (2006) and
baycomp 1.0.3, the rules for bad input, and properties of the rankings."""

from __future__ import annotations

import math
from itertools import combinations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats
from statsmodels.stats.multitest import multipletests

from imbeval.compare import (cd_diagram_data, iman_davenport, kendall_w, nemenyi_cd,
                             rank_classifiers, save_cd_diagram, signed_rank_probabilities,
                             winner_stability)


def long_table(matrix, index="acsa", classifiers=None, folds=1, noise=0.0, seed=0):
    """A long table from a (units x classifiers) matrix; with folds > 1, fold values
    scattered symmetrically around the cell (their mean is the cell)."""
    matrix = np.asarray(matrix, dtype=float)
    classifiers = classifiers or [f"c{j}" for j in range(matrix.shape[1])]
    rng = np.random.default_rng(seed)
    rows = []
    for u in range(matrix.shape[0]):
        for j, c in enumerate(classifiers):
            offsets = rng.normal(0, noise, folds) if noise else np.zeros(folds)
            offsets -= offsets.mean()
            for f in range(folds):
                rows.append({"problem": f"p{u:02d}", "classifier": c, "index": index,
                             "fold": f, "value": matrix[u, j] + offsets[f]})
    return pd.DataFrame(rows)


@pytest.fixture
def fixture_matrix():
    rng = np.random.default_rng(33)
    base = rng.uniform(0.5, 0.9, size=(14, 1))
    return base + rng.normal([0.00, 0.02, 0.04, 0.01], 0.03, size=(14, 4))


# --- must show: scipy, statsmodels, Demšar ---------------------------------------------


def test_friedman_equals_scipy(fixture_matrix):
    r = rank_classifiers(long_table(fixture_matrix, folds=3, noise=0.01), index="acsa")
    ref = stats.friedmanchisquare(*fixture_matrix.T)
    assert r.friedman_statistic == pytest.approx(ref.statistic, abs=1e-10)
    assert r.friedman_p == pytest.approx(ref.pvalue, abs=1e-12)
    assert r.n_units == 14 and r.undecidable is None


def test_holm_adjusted_wilcoxon_equals_scipy_and_statsmodels(fixture_matrix):
    r = rank_classifiers(long_table(fixture_matrix), index="acsa")
    pairs = list(combinations(range(4), 2))
    raw = [stats.wilcoxon(fixture_matrix[:, a], fixture_matrix[:, b]).pvalue for a, b in pairs]
    _, adjusted, _, _ = multipletests(raw, alpha=0.05, method="holm")
    got = r.pairwise.set_index(["a", "b"])
    for (a, b), p, p_holm in zip(pairs, raw, adjusted):
        row = got.loc[(f"c{a}", f"c{b}")]
        assert abs(row["p"] - p) <= 1e-10 and abs(row["p_holm"] - p_holm) <= 1e-10


def test_wilcoxon_with_ties_and_zeros_equals_scipys_default():
    # scores on a coarse grid: ties and zero differences, where scipy's default for up to
    # 13 pairs is the exact permutation distribution (wilcoxon_test vectorises it)
    rng = np.random.default_rng(8)
    m = np.round(rng.uniform(0.6, 0.9, size=(12, 1)) + rng.normal(0, 0.03, size=(12, 3)), 2)
    m[3, 1] = m[3, 0]
    m[5, 2] = m[5, 1]
    r = rank_classifiers(long_table(m), index="acsa")
    pairs = list(combinations(range(3), 2))
    raw = [stats.wilcoxon(m[:, a], m[:, b]) for a, b in pairs]
    _, adjusted, _, _ = multipletests([t.pvalue for t in raw], method="holm")
    got = r.pairwise.set_index(["a", "b"])
    for (a, b), t, p_holm in zip(pairs, raw, adjusted):
        row = got.loc[(f"c{a}", f"c{b}")]
        assert row["statistic"] == t.statistic
        assert abs(row["p"] - t.pvalue) <= 1e-10 and abs(row["p_holm"] - p_holm) <= 1e-10


def test_nemenyi_cd_of_demsar():
    # Demšar (2006), Section 3.2.2: k = 4, N = 14, alpha = 0.05 gives CD = 1.25; the q value
    # comes from scipy's studentized range, and agrees with Demšar's Table 5 (2.569)
    assert round(nemenyi_cd(4, 14, 0.05), 2) == 1.25
    assert nemenyi_cd(4, 14, 0.05) / math.sqrt(4 * 5 / (6 * 14)) == pytest.approx(2.569, abs=5e-4)
    assert nemenyi_cd(4, 14, 0.10) < nemenyi_cd(4, 14, 0.05) < nemenyi_cd(5, 14, 0.05)


def test_iman_davenport_of_demsar():
    # Demšar (2006), Section 3.2.2: chi2_F = 9.28 with k = 4, N = 14 gives F_F = 3.69
    f, p = iman_davenport(9.28, 4, 14)
    assert f == pytest.approx(3.69, abs=0.005)
    assert p == pytest.approx(stats.f.sf(f, 3, 39))


def test_the_result_reports_the_cd_it_computes(fixture_matrix):
    r = rank_classifiers(long_table(fixture_matrix), index="acsa", alpha=0.1)
    assert r.critical_difference == pytest.approx(nemenyi_cd(4, 14, 0.1))


# --- must show: the Bayesian test against baycomp 1.0.3 ---------------------------------

# baycomp's own example (tests/test_multiple.py, SignedRankTestTest) and its test's
# settings: ropes 0, 1, 3, 100, prior 0.5 and 5; baycomp's default 50,000 draws
BAYCOMP_X = np.array([15, 16, 17, 24, 11, 12, 13, 14], dtype=float)
BAYCOMP_Y = np.array([10, 13, 15, 24, 15, 82, 83, 84], dtype=float)


@pytest.mark.parametrize("rope, prior", [(0, 0.5), (1, 0.5), (3, 0.5), (10, 0.5), (100, 0.5),
                                         (0, 5), (1, 5), (10, 5)])
def test_bayesian_signed_rank_agrees_with_baycomp(rope, prior):
    baycomp = pytest.importorskip("baycomp")
    n = 50_000
    ours = signed_rank_probabilities(BAYCOMP_X, BAYCOMP_Y, rope=rope, prior=prior,
                                     n_samples=n, rng=np.random.default_rng(7))
    theirs = baycomp.SignedRankTest.probs(BAYCOMP_X, BAYCOMP_Y, rope=rope, prior=prior,
                                          nsamples=n, random_state=11)
    if rope == 0:        # baycomp gives (p_left, p_right) without a rope
        theirs = (theirs[0], 0.0, theirs[1])
    for a, b in zip(ours, theirs):
        p = (a + b) / 2
        # two independent Monte Carlo estimates: 5 standard errors of their difference
        assert abs(a - b) <= 5 * math.sqrt(p * (1 - p) * 2 / n) + 1e-12, (ours, theirs)


def test_bayesian_is_seeded_and_symmetric():
    x = BAYCOMP_X / 100
    y = BAYCOMP_Y / 100
    one = signed_rank_probabilities(x, y, rope=0.01, n_samples=5000, rng=np.random.default_rng(3))
    two = signed_rank_probabilities(x, y, rope=0.01, n_samples=5000, rng=np.random.default_rng(3))
    other = signed_rank_probabilities(x, y, rope=0.01, n_samples=5000,
                                      rng=np.random.default_rng(4))
    swapped = signed_rank_probabilities(y, x, rope=0.01, n_samples=5000,
                                        rng=np.random.default_rng(3))
    assert one == two and one != other
    assert swapped == pytest.approx((one[2], one[1], one[0]), abs=1e-12)


def test_rank_classifiers_bayesian_follows_the_callers_seed(fixture_matrix):
    table = long_table(fixture_matrix)
    a = rank_classifiers(table, index="acsa", seed=1, n_samples=4000).bayesian
    b = rank_classifiers(table, index="acsa", seed=1, n_samples=4000).bayesian
    c = rank_classifiers(table, index="acsa", seed=2, n_samples=4000).bayesian
    pd.testing.assert_frame_equal(a, b)
    assert not a[["p_a", "p_rope", "p_b"]].equals(c[["p_a", "p_rope", "p_b"]])


# --- the table: folds, units, orientation, bad input -------------------------------------


def test_folds_are_averaged_and_units_averaged_into_one():
    table = long_table([[0.6, 0.8], [0.7, 0.5], [0.9, 0.4]], folds=4, noise=0.05)
    table["unit"] = table["problem"].map({"p00": "u1", "p01": "u1", "p02": "u2"})
    r = rank_classifiers(table, index="acsa")
    assert r.values.loc["u1"].tolist() == pytest.approx([0.65, 0.65])
    assert r.values.loc["u2"].tolist() == pytest.approx([0.9, 0.4])
    assert r.problems == {"u1": ["p00", "p01"], "u2": ["p02"]} and r.n_problems == 3


def test_lower_is_better_index_ranks_the_smallest_first():
    table = long_table([[0.1, 0.3]] * 6, index="cen")
    r = rank_classifiers(table, index="cen")
    assert r.winner == "c0" and not r.greater_is_better and r.orientation == "registry (cen)"
    assert r.pairwise["decision"].tolist() == ["c0 better"]
    assert r.bayesian["p_a"].iloc[0] > 0.95


def test_a_missing_classifier_drops_the_problem_and_says_so():
    table = long_table(np.tile([0.5, 0.6, 0.7], (7, 1)))
    table = table[~((table["problem"] == "p03") & (table["classifier"] == "c1"))]
    r = rank_classifiers(table, index="acsa")
    assert r.n_units == 6 and "p03" not in r.values.index
    assert r.dropped.to_dict("records") == [
        {"problem": "p03", "reason": "no rows for c1 (a problem on which a classifier has no "
                                     "row is dropped)"}]


def test_nan_folds_are_left_out_and_all_nan_drops_the_problem():
    table = long_table(np.tile([0.5, 0.6, 0.7], (7, 1)), folds=2)
    first = (table["problem"] == "p00") & (table["classifier"] == "c0") & (table["fold"] == 0)
    table.loc[first, "value"] = np.nan
    table.loc[(table["problem"] == "p01") & (table["classifier"] == "c2"), "value"] = np.nan
    r = rank_classifiers(table, index="acsa")
    assert r.values.loc["p00", "c0"] == pytest.approx(0.5)
    assert list(r.dropped["problem"]) == ["p01"]
    assert "NaN" in r.dropped["reason"].iloc[0] and "left out" in r.nan_rule


def test_fewer_than_two_classifiers_is_an_error():
    with pytest.raises(ValueError, match="1 classifier .*at least 2"):
        rank_classifiers(long_table([[0.5]] * 6), index="acsa")


def test_fewer_than_five_units_gives_no_test_and_says_why():
    r = rank_classifiers(long_table([[0.5, 0.6, 0.7]] * 4), index="acsa")
    assert r.undecidable == "4 independent units, at least 5 needed for a test"
    assert math.isnan(r.friedman_p) and math.isnan(r.critical_difference)
    assert set(r.pairwise["decision"]) == {"no test"} and r.pairwise["p"].isna().all()
    assert r.mean_ranks.tolist() == [1.0, 2.0, 3.0] and r.winner == "c2"
    assert "no test" in r.summary()


def test_unknown_index_names_the_closest():
    table = pd.concat([long_table([[0.5, 0.6]] * 5, index="mcc"),
                       long_table([[0.5, 0.6]] * 5, index="macro_f1")])
    with pytest.raises(ValueError, match="did you mean 'macro_f1'"):
        rank_classifiers(table, index="macro_f")
    # scikit-learn's name of a registered index finds the table's name
    assert rank_classifiers(table, index="matthews_corrcoef").index == "mcc"
    # the issue's `--index acsa,mcc,f1_macro` on the experiment's table (macro_f1)
    assert rank_classifiers(table, index="f1_macro").index == "macro_f1"


@pytest.mark.parametrize("change, message", [
    (lambda t: t.drop(columns="value"), "no column 'value'"),
    (lambda t: t.assign(value="x"), "not a number"),
    (lambda t: pd.concat([t, t]), "repeat a"),
    (lambda t: t.assign(scheme=np.where(t.index % 2, "IR", "2IR")), "pass scheme="),
])
def test_bad_tables_are_named(change, message):
    with pytest.raises(ValueError, match=message):
        rank_classifiers(change(long_table([[0.5, 0.6]] * 5)), index="acsa")


def test_an_unknown_scheme_is_named():
    table = long_table([[0.5, 0.6]] * 5).assign(scheme="IR")
    with pytest.raises(ValueError, match="scheme 'IRR' is not in the table.*'IR'"):
        rank_classifiers(table, index="acsa", scheme="IRR")


# --- winner stability -------------------------------------------------------------------


def _two_index_table(units=8):
    rng = np.random.default_rng(5)
    acsa = rng.normal([0.80, 0.70, 0.60], 0.01, size=(units, 3))
    mcc = rng.normal([0.40, 0.50, 0.30], 0.01, size=(units, 3))
    same = acsa - 0.1
    return pd.concat([long_table(acsa, "acsa", ["a", "b", "c"]),
                      long_table(mcc, "mcc", ["a", "b", "c"]),
                      long_table(same, "gmean", ["a", "b", "c"])])


def test_winner_stability_finds_a_decisive_change_with_evidence():
    s = winner_stability(_two_index_table(), indices=["acsa", "mcc", "gmean"], n_samples=4000)
    w = s.winners.set_index("index")
    assert w.loc["gmean", "winner"] == "a" and not w.loc["gmean", "differs"]
    assert w.loc["mcc", "winner"] == "b" and w.loc["mcc", "decisive"]
    assert "Holm p" in w.loc["mcc", "evidence"] and w.loc["mcc", "p_holm"] < 0.05
    assert s.differing() == ["mcc"] and s.differing(decisive=True) == ["mcc"]
    tau = s.kendall_tau.set_index(["index_a", "index_b"])["tau"]
    assert tau[("acsa", "gmean")] == pytest.approx(1.0)
    assert tau[("acsa", "mcc")] == pytest.approx(1 / 3)


def test_a_change_on_too_few_units_is_not_decisive():
    s = winner_stability(_two_index_table(units=3), indices=["acsa", "mcc"], n_samples=1000)
    row = s.winners.set_index("index").loc["mcc"]
    assert row["differs"] and row["decisive"] is None and "no test" in row["evidence"]


def test_kendall_w_is_one_for_identical_rankings_and_its_p_is_friedmans():
    w, p = kendall_w(pd.DataFrame([[1, 2, 3, 4]] * 3))
    assert w == pytest.approx(1.0)
    assert p == pytest.approx(stats.chi2.sf(3 * 3 * 1.0, 3))
    w, _ = kendall_w(pd.DataFrame([[1, 2, 3, 4], [4, 3, 2, 1]]))
    assert w == pytest.approx(0.0)


# --- the diagram ------------------------------------------------------------------------


def test_cd_diagram_groups_follow_the_pairwise_tests(tmp_path):
    # c0 and c1 close on every unit (differences of both signs), c2 far below
    rng = np.random.default_rng(0)
    m = np.column_stack([np.full(10, 0.8), 0.8 + rng.choice([-0.01, 0.01], 10),
                         np.full(10, 0.5)])
    r = rank_classifiers(long_table(m), index="acsa")
    # the Wilcoxon-Holm view (the default draws Nemenyi's cliques: tests/test_compare_tests.py)
    data = cd_diagram_data(r, bars="wilcoxon-holm")
    groups = dict(zip(data["classifier"], data["group"]))
    assert groups["c2"] == "" and groups["c0"] == groups["c1"] == "1"
    written = save_cd_diagram(r, tmp_path / "cd_acsa", bars="wilcoxon-holm")
    assert sorted(p.name for p in written) == ["cd_acsa.caption.txt", "cd_acsa.csv",
                                               "cd_acsa.pdf", "cd_acsa.png", "cd_acsa.svg"]
    assert pd.read_csv(tmp_path / "cd_acsa.csv")["classifier"].tolist() == r.classifiers
    # several results: one panel each, their tables stacked
    save_cd_diagram([r, r], tmp_path / "cd_two")
    assert len(pd.read_csv(tmp_path / "cd_two.csv")) == 6


# --- properties -------------------------------------------------------------------------

# values on a grid of eighths: exact in binary floating point, so a shift neither makes nor
# breaks a tie (ties are frequent on purpose)
matrices = st.integers(min_value=5, max_value=8).flatmap(
    lambda n: st.integers(min_value=3, max_value=4).flatmap(
        lambda k: st.lists(st.lists(st.integers(0, 8), min_size=k, max_size=k),
                           min_size=n, max_size=n)))


@settings(max_examples=15, deadline=None)
@given(matrices, st.integers(-4, 4), st.randoms(use_true_random=False))
def test_rankings_are_invariant_to_unit_shifts_and_relabelling(m, shift, random):
    m = np.asarray(m) / 8
    k = m.shape[1]
    base = rank_classifiers(long_table(m), index="acsa", n_samples=200)
    # ranks use only the order within a unit: shifting a unit changes nothing
    shifted = m + (np.arange(m.shape[0]) * shift / 8)[:, None]
    moved = rank_classifiers(long_table(shifted), index="acsa", n_samples=200)
    assert moved.mean_ranks.to_dict() == pytest.approx(base.mean_ranks.to_dict())
    assert base.mean_ranks.sum() == pytest.approx(k * (k + 1) / 2)
    # renaming the classifiers permutes the ranks and keeps the test
    order = list(range(k))
    random.shuffle(order)
    names = [f"x{i}" for i in order]
    renamed = rank_classifiers(long_table(m, classifiers=names), index="acsa", n_samples=200)
    assert renamed.mean_ranks.to_dict() == pytest.approx(
        {names[j]: base.mean_ranks[f"c{j}"] for j in range(k)})
    if math.isfinite(base.friedman_statistic):
        assert renamed.friedman_statistic == pytest.approx(base.friedman_statistic)


@settings(max_examples=20, deadline=None)
@given(st.lists(st.floats(-1, 1, allow_nan=False), min_size=1, max_size=15),
       st.floats(0, 0.5), st.integers(0, 2**31))
def test_bayesian_probabilities_sum_to_one_and_swap(z, rope, seed):
    x, y = np.asarray(z), np.zeros(len(z))
    p = signed_rank_probabilities(x, y, rope=rope, n_samples=300,
                                  rng=np.random.default_rng(seed))
    q = signed_rank_probabilities(y, x, rope=rope, n_samples=300,
                                  rng=np.random.default_rng(seed))
    assert sum(p) == pytest.approx(1.0) and min(p) >= 0
    assert q == pytest.approx((p[2], p[1], p[0]))
    if rope == 0:
        assert p[1] == 0


def test_a_tie_for_first_with_the_reference_winner_is_no_other_winner():
    acsa = np.tile([0.9, 0.8, 0.7], (6, 1))
    mcc = np.tile([0.6, 0.6, 0.5], (6, 1))
    table = pd.concat([long_table(acsa, "acsa", ["a", "b", "c"]),
                       long_table(mcc, "mcc", ["a", "b", "c"])])
    row = winner_stability(table, indices=["acsa", "mcc"], n_samples=500).winners.iloc[1]
    assert row["winner"] == "a = b" and not row["differs"]
    assert row["evidence"] == "a winner in common (tied for first)"
