"""mullick2020 Figs. 3-5: each plotted value with its 95% interval from the fold values
(corrected CV intervals: the delta method for the stds, simultaneous intervals for the
minima); the figures' existing columns unchanged."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from test_experiment import PROBLEMS, _indices_frame

from benchmark_helpers import load_benchmark
from imbeval_repro.papers.mullick2020 import figures as fig

DATA = {"fig3": (fig.fig3_data, "std_pooled"), "fig4a": (fig.fig4a_data, "std_pooled"),
        "fig4b": (fig.fig4b_data, "normalised_std"), "fig5": (fig.fig5_data, "minimum")}


def _noisy():
    """The synthetic indices with three folds and irregular fold-to-fold noise."""
    base = _indices_frame()
    frames = []
    for fold in range(3):
        f = base.copy()
        f["fold"] = fold
        f["value"] = f["value"] + 0.02 * np.sin(np.arange(len(f)) * (1.3 + fold))
        frames.append(f)
    return pd.concat(frames, ignore_index=True)


@pytest.mark.parametrize("name", list(DATA))
def test_intervals_are_new_columns_beside_unchanged_values(name):
    fn, value = DATA[name]
    indices = _noisy()
    plain, with_ci = fn(indices, PROBLEMS), fn(indices, PROBLEMS, intervals=True)
    pd.testing.assert_frame_equal(with_ci[list(plain.columns)], plain)
    assert list(with_ci.columns) == list(plain.columns) + ["ci_low", "ci_high"]
    assert (with_ci["ci_low"] <= with_ci["ci_high"]).all()
    # the intervals are not degenerate, and they bracket the value they belong to
    assert (with_ci["ci_high"] - with_ci["ci_low"]).max() > 1e-4
    inside = (with_ci["ci_low"] <= with_ci[value] + 1e-12) & (
        with_ci[value] <= with_ci["ci_high"] + 1e-12)
    assert inside.all()
    again = fn(indices, PROBLEMS, intervals=True)
    pd.testing.assert_frame_equal(with_ci, again)  # deterministic: no random draw


def test_fold_values_are_the_cells_of_indices_csv():
    indices = _noisy()
    names = list(fig.FIG5_INDICES)
    cells, x = fig.fold_values(indices, "m10", names)
    m10 = indices[indices.problem == "m10"]
    assert x.shape == (m10.run.nunique(), m10.fold.nunique(), len(cells), len(names))
    means = fig.cell_means(m10, names).set_index(["classifier", "scheme", "index"])["value"]
    for c, cell in enumerate(cells):
        for j, name in enumerate(names):
            assert np.nanmean(x[:, :, c, j]) == pytest.approx(means[(*cell, name)])
    with pytest.raises(ValueError, match="no value"):
        fig.fold_values(indices, "absent", names)


def test_std_interval_is_the_corrected_interval_of_the_linearised_std():
    from imbeval.inference import DECISION_TEST_TO_TRAIN, cv_interval

    rng = np.random.default_rng(4)
    x = 0.5 + 0.1 * np.arange(4)[None, None, :] + 0.02 * rng.standard_normal((2, 3, 4))
    est = fig.std_estimate(x)
    m = x.mean(axis=(0, 1))
    assert est.value == pytest.approx(m.std())
    grad = (m - m.mean()) / (4 * m.std())
    z = x @ grad
    lo, hi = cv_interval(z, test_to_train=DECISION_TEST_TO_TRAIN)   # the decision interval
    assert est.interval() == pytest.approx((lo - z.mean() + est.value, hi - z.mean() + est.value))


def test_a_minimum_interval_covers_every_cell_at_once():
    x = np.stack([np.full((2, 3), v) for v in (0.3, 0.5)], axis=-1)
    x[:, :, 0] += np.array([[0.01, -0.01, 0.0], [0.0, 0.01, -0.01]])
    est = fig.minimum_estimate(x)
    lo, hi = est.interval()
    assert est.value == pytest.approx(0.3) and lo < 0.3 < hi <= 0.5
    # more cells, the same data on the first: the low end stays the first cell's own (only
    # the true minimum's cell can make it miss), the high end is Bonferroni over more cells
    wider = fig.minimum_estimate(np.concatenate([x, x[:, :, 1:] + 0.2], axis=-1))
    assert wider.interval()[0] == pytest.approx(lo) and wider.interval()[1] > hi


def test_percentile_interval_and_its_parameters():
    _bootstrap = load_benchmark("percentile_bootstrap")
    assert _bootstrap.percentile_interval([np.nan, 1.0, 1.0]) == (1.0, 1.0)
    assert all(np.isnan(_bootstrap.percentile_interval([np.nan])))
    with pytest.raises(ValueError, match="level"):
        _bootstrap.percentile_interval([1.0], level=1.5)
    with pytest.raises(ValueError, match="replicates"):
        _bootstrap.draw_counts(3, 1, replicates=0)


def test_draw_all_writes_intervals(tmp_path):
    _noisy().to_csv(tmp_path / "fold_indices.csv", index=False)
    PROBLEMS.to_csv(tmp_path / "problems.csv", index=False)
    fig.draw_all(tmp_path / "fold_indices.csv", tmp_path / "problems.csv", tmp_path / "a",
                 intervals=True)
    fig.draw_all(tmp_path / "fold_indices.csv", tmp_path / "problems.csv", tmp_path / "b",
                 intervals=True)
    for name in DATA:
        a = (tmp_path / "a" / f"{name}.csv").read_bytes()
        assert a == (tmp_path / "b" / f"{name}.csv").read_bytes()  # identical tables
        assert b"ci_low,ci_high" in a.splitlines()[0]


@pytest.mark.parametrize("name", list(DATA))
def test_a_run_tables_intervals_rest_on_its_fold_values(name):
    # the run table (each run's value the mean of its folds, as for an index linear in the
    # rates) with the fold table beside it: the same values and intervals as the fold table
    # alone; its run values by themselves make no interval (a clear error)
    fn, value = DATA[name]
    folds = _noisy()
    runs = (folds.groupby(["problem", "classifier", "run", "scheme", "index"], sort=True)
            ["value"].mean().reset_index())
    on_folds = fn(folds, PROBLEMS, intervals=True)
    on_runs = fn(runs, PROBLEMS, intervals=True, folds=folds)
    for column in (value, "ci_low", "ci_high"):
        np.testing.assert_allclose(on_runs[column], on_folds[column], rtol=1e-9, atol=1e-12)
    with pytest.raises(ValueError, match="fold_indices.csv"):
        fn(runs, PROBLEMS, intervals=True)


def test_draw_all_reads_the_fold_table_beside_a_run_table(tmp_path):
    folds = _noisy()
    runs = (folds.groupby(["problem", "classifier", "run", "scheme", "index"], sort=True)
            ["value"].mean().reset_index())
    folds.to_csv(tmp_path / "fold_indices.csv", index=False)
    runs.to_csv(tmp_path / "run_indices.csv", index=False)
    PROBLEMS.to_csv(tmp_path / "problems.csv", index=False)
    fig.draw_all(tmp_path / "fold_indices.csv", tmp_path / "problems.csv", tmp_path / "a",
                 intervals=True)
    fig.draw_all(tmp_path / "run_indices.csv", tmp_path / "problems.csv", tmp_path / "b",
                 intervals=True, folds_csv=tmp_path / "fold_indices.csv")
    for name in DATA:
        a = pd.read_csv(tmp_path / "a" / f"{name}.csv")
        b = pd.read_csv(tmp_path / "b" / f"{name}.csv")
        np.testing.assert_allclose(b["ci_low"], a["ci_low"], rtol=1e-9, atol=1e-12)
        np.testing.assert_allclose(b["ci_high"], a["ci_high"], rtol=1e-9, atol=1e-12)
