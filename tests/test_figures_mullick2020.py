"""mullick2020 Figs. 3-5: each plotted value with its 95% bootstrap interval over the
problem's (run, fold) pairs; the figures' existing columns unchanged."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from test_experiment import PROBLEMS, _indices_frame

from imbeval import _bootstrap
from imbeval.figures import mullick2020 as fig

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
    plain, with_ci = fn(indices, PROBLEMS), fn(indices, PROBLEMS, seed=11)
    pd.testing.assert_frame_equal(with_ci[list(plain.columns)], plain)
    assert list(with_ci.columns) == list(plain.columns) + ["ci_low", "ci_high"]
    assert (with_ci["ci_low"] <= with_ci["ci_high"]).all()
    # the intervals are not degenerate, and they bracket the value they belong to
    assert (with_ci["ci_high"] - with_ci["ci_low"]).max() > 1e-4
    inside = (with_ci["ci_low"] <= with_ci[value] + 1e-12) & (
        with_ci[value] <= with_ci["ci_high"] + 1e-12)
    assert inside.mean() >= 0.9
    again = fn(indices, PROBLEMS, seed=11)
    pd.testing.assert_frame_equal(with_ci, again)  # the seed decides the draws


def test_a_replicate_is_the_mean_over_the_drawn_pairs(monkeypatch):
    indices = _noisy()
    names = list(fig.FIG5_INDICES)
    m10 = indices[indices.problem == "m10"]

    def replicate(counts):
        monkeypatch.setattr(fig, "unit_counts", lambda *a, **k: np.array([counts]))
        cells, m = fig.cell_mean_replicates(indices, "m10", names, seed=0, replicates=1)
        return pd.DataFrame(m[0], index=pd.Index(cells), columns=names)

    def by_cell(frame):
        wide = frame.set_index(["classifier", "scheme", "index"])["value"].unstack("index")
        return wide[names].set_axis(pd.Index(list(wide.index)), axis=0)

    # every (run, fold) pair drawn once: the plotted cell means
    expected = by_cell(fig.cell_means(m10, names))
    got = replicate([1] * 6)
    assert np.allclose(got.loc[expected.index].to_numpy(), expected.to_numpy())
    # the first pair (run 0, fold 0) drawn six times: its own values
    first = by_cell(m10[(m10.run == 0) & (m10.fold == 0)])
    got = replicate([6, 0, 0, 0, 0, 0])
    assert np.allclose(got.loc[first.index].to_numpy(), first.to_numpy())
    assert not np.allclose(first.to_numpy(), expected.to_numpy())


def test_unit_draws_validate_and_are_seeded():
    a = fig.unit_counts("p", 6, 1, replicates=50)
    assert a.shape == (50, 6) and (a.sum(axis=1) == 6).all()
    assert (a == fig.unit_counts("p", 6, 1, replicates=50)).all()
    assert not (a == fig.unit_counts("q", 6, 1, replicates=50)).all()
    with pytest.raises(ValueError, match="problem"):
        fig.unit_counts("", 6, 1)
    with pytest.raises(ValueError, match="n_units"):
        fig.unit_counts("p", 0, 1)
    with pytest.raises(ValueError, match="stat"):
        fig.replicate_stats(_noisy(), ["m10"], ["acsa"], 1, "median")


def test_percentile_interval_and_its_parameters():
    assert _bootstrap.percentile_interval([np.nan, 1.0, 1.0]) == (1.0, 1.0)
    assert all(np.isnan(_bootstrap.percentile_interval([np.nan])))
    with pytest.raises(ValueError, match="level"):
        _bootstrap.percentile_interval([1.0], level=1.5)
    with pytest.raises(ValueError, match="replicates"):
        _bootstrap.draw_counts(3, 1, replicates=0)


def test_draw_all_writes_intervals_with_a_seed(tmp_path):
    _noisy().to_csv(tmp_path / "indices.csv", index=False)
    PROBLEMS.to_csv(tmp_path / "problems.csv", index=False)
    fig.draw_all(tmp_path / "indices.csv", tmp_path / "problems.csv", tmp_path / "a", seed=5)
    fig.draw_all(tmp_path / "indices.csv", tmp_path / "problems.csv", tmp_path / "b", seed=5)
    for name in DATA:
        a = (tmp_path / "a" / f"{name}.csv").read_bytes()
        assert a == (tmp_path / "b" / f"{name}.csv").read_bytes()  # identical tables
        assert b"ci_low,ci_high" in a.splitlines()[0]
