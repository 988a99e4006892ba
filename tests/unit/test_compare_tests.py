"""imbeval.compare: diagrams that say what they test, Nemenyi's pairwise and
control tests beside Wilcoxon-Holm, orientation declared, the Bayesian threshold, the
summary paragraph and a user's own ``--html`` page."""

from __future__ import annotations

import html
import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import yaml
from scipy import stats
from statsmodels.stats.multitest import multipletests

from imbeval.cli import main
from imbeval.compare import (BARS, cd_diagram_data, control_comparison, nemenyi_cd,
                             nemenyi_pairwise, plot_cd_diagram, rank_classifiers,
                             winner_stability)
from imbeval.compare._bayes import N_SAMPLES

ROOT = Path(__file__).resolve().parents[2]


def long_table(matrix, index="acsa", classifiers=None):
    matrix = np.asarray(matrix, dtype=float)
    classifiers = classifiers or [f"c{j}" for j in range(matrix.shape[1])]
    return pd.DataFrame([{"problem": f"p{u:02d}", "classifier": c, "index": index,
                          "value": matrix[u, j]}
                         for u in range(matrix.shape[0]) for j, c in enumerate(classifiers)])


def _random_matrix(seed, units=20, k=5):
    rng = np.random.default_rng(seed)
    shift = rng.uniform(0, 0.08, size=k)
    return rng.uniform(0.5, 0.9, size=(units, 1)) + shift + rng.normal(0, 0.04, (units, k))


def _joined(data):
    groups = dict(zip(data["classifier"], data["group"].astype(str).str.split(";")))
    return lambda a, b: bool({g for g in groups[a] if g} & {g for g in groups[b] if g})


# --- the CD diagram: Nemenyi's bars under Nemenyi's ruler ---------------------------------

def test_nemenyi_bars_join_exactly_the_pairs_closer_than_the_cd():
    """Over tables where Nemenyi and Wilcoxon-Holm disagree: a Nemenyi bar never joins two
    classifiers the CD apart, and never leaves two closer ones apart."""
    disagreements = 0
    for seed in range(25):
        r = rank_classifiers(long_table(_random_matrix(seed)), index="acsa", n_samples=200)
        data = cd_diagram_data(r, bars="nemenyi")
        assert (data["critical_difference"] == r.critical_difference).all()
        joined = _joined(data)
        ranks = r.mean_ranks
        for a in ranks.index:
            for b in ranks.index:
                if a < b:
                    close = abs(ranks[a] - ranks[b]) < r.critical_difference
                    assert joined(a, b) == close, (seed, a, b, ranks.to_dict())
        wilcoxon = _joined(cd_diagram_data(r, bars="wilcoxon-holm"))
        disagreements += any(joined(a, b) != wilcoxon(a, b)
                             for a in ranks.index for b in ranks.index if a < b)
    # the check ran on tables where the two tests group the classifiers differently
    assert disagreements >= 5


def test_the_wilcoxon_view_has_no_ruler_and_the_caption_names_the_test(tmp_path):
    from imbeval.compare import diagram_caption, save_cd_diagram

    r = rank_classifiers(long_table(_random_matrix(3)), index="acsa", n_samples=200)
    for bars in BARS:
        data = cd_diagram_data(r, bars=bars)
        fig = plot_cd_diagram(("", data))
        texts = [t.get_text() for t in fig.axes[0].texts]
        ruler = [t for t in texts if t.startswith("CD (Nemenyi)")]
        # the figure holds no caption: a paper sets its own, from the caption file
        assert not [t for t in texts if "Holm" in t or "alpha" in t]
        assert fig.axes[0].get_title() == ""
        save_cd_diagram(r, tmp_path / f"cd_{bars}", bars=bars)
        caption = (tmp_path / f"cd_{bars}.caption.txt").read_text()
        assert caption.strip() == diagram_caption(r, bars)
        if bars == "nemenyi":
            assert ruler and "Nemenyi" in caption and "Wilcoxon" not in caption
        else:
            assert not ruler and math.isnan(data["critical_difference"].iloc[0])
            assert "Wilcoxon" in caption and "Holm" in caption and "no CD ruler" in caption
    with pytest.raises(ValueError, match="--bars"):
        cd_diagram_data(r, bars="holm")


def test_too_few_units_draws_no_bars_and_says_why():
    r = rank_classifiers(long_table(_random_matrix(1, units=4)), index="acsa", n_samples=200)
    data = cd_diagram_data(r)
    assert (data["group"] == "").all() and "at least 5" in data["undecidable"].iloc[0]


# --- Nemenyi's pairwise p-values and a control -------------------------------------------

def test_nemenyi_p_values_agree_with_the_cd_and_the_studentized_range():
    for seed in range(10):
        m = _random_matrix(seed, units=15, k=4)
        r = rank_classifiers(long_table(m), index="acsa", n_samples=200)
        ranks = pd.DataFrame(m).rank(axis=1, ascending=False).mean().to_numpy()
        se = math.sqrt(4 * 5 / (6 * 15))
        for _, row in r.nemenyi.iterrows():
            i, j = int(row["a"][1:]), int(row["b"][1:])
            diff = abs(ranks[i] - ranks[j])
            expected = stats.studentized_range.sf(diff * math.sqrt(2) / se, 4, np.inf)
            assert row["p"] == pytest.approx(expected, rel=1e-6, abs=1e-12)
            assert (row["p"] <= r.alpha) == (diff >= r.critical_difference - 1e-9)
            assert row["decision"].endswith("better") == (diff >= r.critical_difference - 1e-9)


def test_control_comparison_is_holm_over_normal_z_tests():
    ranks = pd.Series({"a": 1.4, "b": 2.1, "c": 3.0, "d": 3.5})
    out = control_comparison(ranks, n=18, control="a")
    se = math.sqrt(4 * 5 / (6 * 18))
    p = [2 * stats.norm.sf(abs(ranks[c] - 1.4) / se) for c in "bcd"]
    assert out["p"].tolist() == pytest.approx(p)
    assert out["p_holm"].tolist() == pytest.approx(multipletests(p, method="holm")[1].tolist())
    with pytest.raises(ValueError, match="control 'z'"):
        control_comparison(ranks, n=18, control="z")


def test_the_result_carries_nemenyi_and_the_control_beside_wilcoxon():
    r = rank_classifiers(long_table(_random_matrix(5)), index="acsa", n_samples=200,
                         control="c2")
    assert len(r.nemenyi) == len(r.pairwise) == 10
    assert set(r.control["control"]) == {"c2"} and len(r.control) == 4
    with pytest.raises(ValueError, match="--control"):
        rank_classifiers(long_table(_random_matrix(5)), index="acsa", control="nope")


def test_nemenyi_pairwise_direct_call_equals_the_results_table():
    r = rank_classifiers(long_table(_random_matrix(7)), index="acsa", n_samples=200)
    direct = nemenyi_pairwise(r.mean_ranks, r.n_units, r.alpha)
    pd.testing.assert_frame_equal(direct, r.nemenyi)
    assert r.critical_difference == pytest.approx(nemenyi_cd(5, 20))


# --- Iman-Davenport: the formula stated --------------------------------------------------

def test_iman_davenport_is_demsars_without_ties_and_tie_corrected_with_them():
    m = _random_matrix(11, units=12, k=4)
    r = rank_classifiers(long_table(m), index="acsa", n_samples=200)
    ranks = pd.DataFrame(m).rank(axis=1, ascending=False).mean().to_numpy()
    n, k = 12, 4
    chi2 = 12 * n / (k * (k + 1)) * (np.sum(ranks ** 2) - k * (k + 1) ** 2 / 4)
    assert r.friedman_statistic == pytest.approx(chi2)
    assert r.iman_davenport_f == pytest.approx((n - 1) * chi2 / (n * (k - 1) - chi2))
    tied = np.round(m, 1)          # many ties
    t = rank_classifiers(long_table(tied), index="acsa", n_samples=200)
    rt = pd.DataFrame(tied).rank(axis=1, ascending=False).mean().to_numpy()
    demsar = 12 * n / (k * (k + 1)) * (np.sum(rt ** 2) - k * (k + 1) ** 2 / 4)
    assert t.friedman_statistic > demsar
    assert "tie-corrected" in t.summary()


# --- orientation declared ----------------------------------------------------------------

def _error_rate_table():
    """5 classifiers over 20 families: ACSA and an error rate 1 - ACSA."""
    rng = np.random.default_rng(42)
    base = {"rf": 0.80, "brf": 0.79, "smote_knn": 0.74, "cart": 0.70, "lr": 0.72}
    rows = []
    for u in range(20):
        for c, b in base.items():
            v = float(np.clip(b + rng.normal(0, 0.04), 0, 1))
            rows += [{"problem": f"fam{u}", "classifier": c, "index": "acsa", "value": v},
                     {"problem": f"fam{u}", "classifier": c, "index": "error_rate",
                      "value": 1 - v}]
    return pd.DataFrame(rows)


def test_an_unknown_index_is_refused_naming_the_options(tmp_path, capsys):
    table = _error_rate_table()
    table.to_csv(tmp_path / "t.csv", index=False)
    with pytest.raises(ValueError, match="greater_is_better"):
        rank_classifiers(table, index="error_rate")
    with pytest.raises(ValueError, match="--lower-is-better error_rate"):
        winner_stability(table, indices=["error_rate"], n_samples=200)
    assert main(["compare", str(tmp_path / "t.csv"), "--index", "acsa,error_rate",
                 "--out-dir", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert "--higher-is-better error_rate" in err and "--lower-is-better error_rate" in err
    assert not (tmp_path / "out" / "tests.csv").exists()


def test_the_error_rate_declared_lower_is_better_names_the_right_winner(tmp_path, capsys):
    table = _error_rate_table()
    table.to_csv(tmp_path / "t.csv", index=False)
    acsa = rank_classifiers(table, index="acsa", n_samples=500)
    assert main(["compare", str(tmp_path / "t.csv"), "--index", "acsa,error_rate",
                 "--out-dir", str(tmp_path / "out"), "--lower-is-better", "error_rate",
                 "--n-samples", "500"]) == 0
    tests = pd.read_csv(tmp_path / "out" / "tests.csv").set_index("index")
    assert tests.loc["error_rate", "winner"] == acsa.winner == tests.loc["acsa", "winner"]
    assert "lower is better" in tests.loc["error_rate", "orientation"]
    stability = pd.read_csv(tmp_path / "out" / "stability.csv").set_index("index")
    assert not stability.loc["error_rate", "differs"]
    # declared the wrong way, the worst classifier by ACSA wins: the declaration matters
    wrong = rank_classifiers(table, index="error_rate", greater_is_better=True, n_samples=500)
    assert wrong.winner == acsa.classifiers[-1]
    api = winner_stability(table, indices=["error_rate"], n_samples=500,
                           greater_is_better={"error_rate": False})
    assert api.results[("error_rate", None)].winner == acsa.winner
    assert main(["compare", str(tmp_path / "t.csv"), "--index", "error_rate",
                 "--out-dir", str(tmp_path / "o2"), "--lower-is-better", "error_rate",
                 "--higher-is-better", "error_rate"]) == 2
    assert "both name error_rate" in capsys.readouterr().err


def test_a_missing_reference_names_the_option_and_none_is_required(tmp_path, capsys):
    table = _error_rate_table()
    table = table[table["index"] == "error_rate"].assign(index="mcc")
    table.to_csv(tmp_path / "noref.csv", index=False)
    assert main(["compare", str(tmp_path / "noref.csv"), "--index", "mcc", "--reference",
                 "acsa", "--out-dir", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert "--reference" in err and "'acsa'" in err
    # no reference asked for: the first index is it, and no acsa is needed in the table
    assert main(["compare", str(tmp_path / "noref.csv"), "--index", "mcc", "--n-samples",
                 "200", "--out-dir", str(tmp_path / "out")]) == 0
    assert set(pd.read_csv(tmp_path / "out" / "stability.csv")["reference"]) == {"mcc"}


# --- Bayesian threshold, draws, the words and the page ------------------------------------

def test_the_bayesian_threshold_is_an_option():
    table = long_table(_random_matrix(9, units=8, k=3))
    strict = rank_classifiers(table, index="acsa", n_samples=2000, bayes_threshold=0.999)
    loose = rank_classifiers(table, index="acsa", n_samples=2000, bayes_threshold=0.6)
    assert (strict.bayesian["decision"] == "undecided").sum() > (
        loose.bayesian["decision"] == "undecided").sum()
    assert strict.tests_row()["bayes_threshold"] == 0.999
    with pytest.raises(ValueError, match="--bayes-threshold"):
        rank_classifiers(table, index="acsa", bayes_threshold=1.2)


def test_one_default_for_the_number_of_draws():
    schema = yaml.safe_load((ROOT / "workflow/schemas/config.schema.yaml").read_text())
    assert schema["properties"]["compare"]["properties"]["n_samples"]["default"] == N_SAMPLES
    from imbeval.cli import build_parser

    args = build_parser().parse_args(["compare", "t.csv", "--index", "acsa", "--out-dir", "o"])
    assert args.n_samples == N_SAMPLES
    r = rank_classifiers(long_table(_random_matrix(2)), index="acsa")
    assert r.n_samples == N_SAMPLES


def test_summary_says_which_test_why_what_is_significant_and_effect_sizes():
    r = rank_classifiers(long_table(_random_matrix(4)), index="acsa", n_samples=500)
    text = r.summary().split("\n\n")[0]
    assert "Friedman" in text and "no distribution" in text
    assert f"CD = {r.critical_difference:.4g}" in text
    decided = r.pairwise[r.pairwise["decision"].str.endswith("better")]
    assert len(decided) > 0
    assert text.count("rank-biserial") == len(decided)
    assert "P >= 0.95" in text and f"{r.n_samples} draws" in text
    two = rank_classifiers(long_table(_random_matrix(4, k=2)), index="acsa", n_samples=500)
    assert "With two classifiers" in two.summary()


def test_html_writes_a_standalone_page_of_the_users_comparison(tmp_path, capsys):
    table = _error_rate_table()
    table.to_csv(tmp_path / "t.csv", index=False)
    assert main(["compare", str(tmp_path / "t.csv"), "--index", "acsa,error_rate",
                 "--out-dir", str(tmp_path / "out"), "--lower-is-better", "error_rate",
                 "--n-samples", "500", "--html", "--label", "my five classifiers"]) == 0
    printed = capsys.readouterr().out
    assert "The analysis compared 5 classifiers under index acsa" in printed
    page = (tmp_path / "out" / "compare.html").read_text()
    assert page.startswith("<!DOCTYPE html>") and "my five classifiers" in page
    assert "data:image/png;base64," in page       # the diagram inlined: the page stands alone
    assert "Nemenyi's critical difference (CD)" in page     # what the bars mean
    summary = (tmp_path / "out" / "summary.txt").read_text()
    assert summary.split("\n\n")[0] in html.unescape(page)
    for name in ("nemenyi.csv", "control.csv"):
        assert name in page and (tmp_path / "out" / name).is_file()


def test_the_report_page_explains_schemes_and_withholds_w_from_too_few_units(tmp_path):
    from imbeval.compare import write_comparison
    from imbeval.compare import render_compare_page

    rng = np.random.default_rng(1)
    table = pd.DataFrame([{"problem": f"p{u}", "classifier": c, "scheme": s, "index": i,
                           "value": rng.uniform()}
                          for u in range(3) for c in ("a", "b", "c") for s in ("IR/2", "2IR")
                          for i in ("acsa", "mcc")])
    write_comparison(table, tmp_path / "compare" / "few", indices=["acsa", "mcc"],
                     n_samples=200)
    page = html.unescape(render_compare_page(tmp_path))
    assert "<b>IR/2</b>: test sets at half the problem's imbalance ratio" in page
    assert "<b>2IR</b>" in page and "<b>balanced</b>" not in page   # only the table's schemes
    w = pd.read_csv(tmp_path / "compare" / "few" / "kendall_w.csv")
    assert w["W"].notna().all()                 # computed, but from 3 units: not shown
    assert page.count("(not shown: 3 units)") == 2
