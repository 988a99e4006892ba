"""mortaz2020 Tables 16/18 on a reduced but real setting (glass, 3 folds), and Figs. 1-4."""

from __future__ import annotations

import numpy as np
import pytest

from imbeval.figures import mortaz2020 as fm
from imbeval.protocol.mortaz_grid import grid_fold_scores, load_grid_dataset
from imbeval.tables import comparison as cmp
from imbeval.tables import mortaz2020 as tm

FAST = ["KNN", "KNN-RUS", "KNN-ROS", "LR", "LR-ROS", "SVM", "SVM-ROS", "RF", "RF-ROS"]


@pytest.fixture(scope="module")
def glass_scores():
    return grid_fold_scores("glass", folds=3, seed=7, models=FAST, n_jobs=1)


def test_glass_grid_iam_is_the_row_minimum(glass_scores):
    table = tm.grid_table(glass_scores)
    assert list(table.index) == FAST
    others = table[["ACC", "CBA", "MAR", "MAP", "F"]].to_numpy()
    assert (table["IAM"].to_numpy()[:, None] <= others + 1e-12).all()
    assert table["iam_is_row_min"].all()
    # exactly one model ticked per rule, and it is the argmax
    assert (table["selected_iam"] == "✓").sum() == 1
    assert table.loc[table["selected_iam"] == "✓", "IAM"].iloc[0] == table["IAM"].max()
    assert (table["selected_row_min"] == "✓").sum() == 1
    np.testing.assert_allclose(table["IAM"], 2 * table["CBA"] - 1, atol=1e-12)
    assert len(glass_scores) == 3 * len(FAST)
    assert set(glass_scores["fold"]) == {0, 1, 2}


def test_glass_grid_is_deterministic(glass_scores):
    again = grid_fold_scores("glass", folds=3, seed=7, models=["KNN", "RF"], n_jobs=1)
    mine = glass_scores[glass_scores.model.isin(["KNN", "RF"])].reset_index(drop=True)
    cols = ["ACC", "CBA", "MAR", "MAP", "F", "IAM", "confusion"]
    assert again[cols].equals(mine[cols])


def test_grid_comparison_rows_state_both_selections(glass_scores):
    table = tm.grid_table(glass_scores)
    rows = cmp.frame(tm.grid_comparison_rows(table, "glass", 3))
    selected = rows[rows.row == "selected model"]
    assert set(selected["column"]) == {"row_minimum", "IAM"}
    assert set(selected["printed"]) == {"RF"}
    ours = tm.grid_selection(table)
    for _, r in selected.iterrows():
        assert ours[r["column"]] in r["status"]
    numbers = rows[rows.row != "selected model"]
    kinds = numbers["status"].map(cmp.status_kind)
    assert set(kinds) <= {"match", "different setting", "not comparable"}
    # models not run here are "not comparable", the others have values
    assert (kinds == "not comparable").sum() == 6 * (18 - len(FAST))


def test_grid_rejects_unknown_models_and_datasets():
    with pytest.raises(ValueError, match="unknown models"):
        grid_fold_scores("glass", folds=3, models=["XGB"])
    with pytest.raises(ValueError, match="dataset"):
        load_grid_dataset("iris")


@pytest.fixture(scope="module")
def sweep():
    return fm.sweep(seed=20200, n_points=21)


def test_sweep_shape_and_class_sizes(sweep):
    assert len(sweep) == 4 * 21
    cms = fm.sweep_confusions(fm.class_sizes("Table 13"), [1.0, 0.5, 0.0],
                              np.random.default_rng(1))
    np.testing.assert_array_equal(cms.sum(axis=2), np.tile(fm.class_sizes("Table 13"), (3, 1)))
    np.testing.assert_array_equal(cms[0], np.diag(fm.class_sizes("Table 13")))  # q = 1
    with pytest.raises(ValueError, match="quality"):
        fm.sweep_confusions([5, 5], [1.5], np.random.default_rng(0))


def _qualitative(claims):
    # claims with a printed number ("about 0.32") are compared within 0.05 and fail on our
    # sweep (a different setting: the paper's classifier is not given); the others are
    # properties every sweep of the construction must have
    return claims[claims["printed"].astype(str).str.strip() == ""]


def test_mortaz_figure_claims_hold(sweep):
    claims = fm.claims(sweep)
    qualitative = _qualitative(claims)
    assert len(qualitative) == 11 and qualitative["holds"].all(), qualitative.to_string()
    # the quantitative ones: a span of 1.33 does not pass for the printed 0.32 (issue 14)
    quantitative = claims.drop(qualitative.index)
    assert set(quantitative["printed"].astype(float)) == {0.32, -0.75, 0.75}
    assert (quantitative["holds"] == ((quantitative["measured"]
                                       - quantitative["printed"].astype(float)).abs() <= 0.05)).all()
    by = {(r.figure, r.claim.split(" (")[0]): r.measured for r in claims.itertuples()}
    assert by[("Fig. 1", "IAM is below zero there")] < 0
    assert by[("Fig. 2", "ACC span")] < 0.01
    assert by[("Fig. 2", "IAM span about 0.32")] > 0.3
    assert by[("Fig. 3", "IAM min about −0.75")] <= -0.7
    assert by[("Fig. 3", "IAM max about 0.75")] >= 0.7


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4])
def test_mortaz_figure_claims_hold_for_other_seeds(seed):
    # the claims are properties of the construction, not of one lucky draw
    assert _qualitative(fm.claims(fm.sweep(seed=seed, n_points=21)))["holds"].all()


def test_sweep_is_deterministic(sweep):
    assert fm.sweep(seed=20200, n_points=21).equals(sweep)
    assert not fm.sweep(seed=20201, n_points=21).equals(sweep)


def test_figure_comparison_rows(sweep):
    rows = cmp.frame(fm.comparison_rows(sweep))
    kinds = rows["status"].map(cmp.status_kind)
    # the four printed numbers: matched, or a different setting with its reason
    assert ((kinds == "match") | (kinds == "different setting")).sum() == 4
    # every qualitative claim is a row of its own, and holds on our sweep
    assert (kinds == "claim holds").sum() == len(_qualitative(fm.claims(sweep)))
    assert set(kinds) <= {"match", "different setting", "claim holds"}


def test_grid_split_by_model_merges_to_the_whole_grid_and_tables_carry_no_times(glass_scores, tmp_path):
    """Models computed in separate jobs (parts written and read back as CSV, in any order)
    give the very fold scores -- and tables -- of one job computing them all; fit times
    are split off, so the tables are the same from one run to the next."""
    import pandas as pd

    from imbeval.protocol.mortaz_grid import SCORE_COLUMNS, merge_grid_parts, split_timings

    results, timings = split_timings(glass_scores)
    assert "seconds" not in results and list(timings.columns) == ["model", "fold", "seconds"]
    paths = []
    for i, models in enumerate([["RF-ROS", "KNN"], ["LR", "SVM-ROS", "RF"], ["KNN-RUS", "KNN-ROS"],
                                ["LR-ROS", "SVM"]]):
        part, _ = split_timings(grid_fold_scores("glass", folds=3, seed=7, models=models))
        paths.append(tmp_path / f"part{i}.csv")
        part.to_csv(paths[-1], index=False)
    parts = [pd.read_csv(p) for p in reversed(paths)]
    merged = merge_grid_parts(parts, seed=7)
    assert merged.equals(results.reset_index(drop=True))
    assert merged.to_csv(index=False) == results.to_csv(index=False)
    table = tm.grid_table(merged)
    assert "seconds" not in table.columns and table.equals(tm.grid_table(glass_scores))
    assert list(merged.columns) == SCORE_COLUMNS
    with pytest.raises(ValueError, match=r"more than one grid part"):
        merge_grid_parts([parts[0], parts[0]], seed=7)
    with pytest.raises(ValueError, match=r"are not 0..2"):
        merge_grid_parts([parts[0][parts[0].fold != 1]], seed=7)
