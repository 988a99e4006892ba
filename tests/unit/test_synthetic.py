"""The synthetic dataset of the paper-shaped slice: shapes, seeds, class structure, checks."""

from __future__ import annotations

import numpy as np
import pytest

from imbeval_repro.experiment.data.check import check_experiment
from imbeval_repro.experiment.data.synthetic import synthetic_concept_tables
from imbeval_repro.experiment.features import load_concept_features
from imbeval_repro.experiment.features.synthetic import extract_synthetic_features


def test_shapes_seeds_and_independence_of_concepts():
    concepts = {"a": ["n1", "n2"], "b": ["n3"]}
    t = synthetic_concept_tables(concepts, seed=5, dim=64, points_per_leaf=30)
    assert t["a"]["X"].shape == (60, 64) and t["b"]["X"].shape == (30, 64)
    assert t["a"]["X"].dtype == np.float32
    assert list(t["a"]["labels"][:1]) == ["n1"] and list(t["a"]["labels"][-1:]) == ["n2"]
    again = synthetic_concept_tables(concepts, seed=5, dim=64, points_per_leaf=30)
    assert np.array_equal(t["a"]["X"], again["a"]["X"])
    alone = synthetic_concept_tables({"b": ["n3"]}, seed=5, dim=64, points_per_leaf=30)
    assert np.array_equal(t["b"]["X"], alone["b"]["X"])           # not shifted by "a"
    other = synthetic_concept_tables(concepts, seed=6, dim=64, points_per_leaf=30)
    assert not np.array_equal(t["a"]["X"], other["a"]["X"])


def test_concepts_are_separable_but_not_trivially():
    """Nearest class mean on held-out points: far above chance, short of perfect."""
    names = [f"c{k}" for k in range(5)]
    t = synthetic_concept_tables({n: [f"{n}_leaf"] for n in names}, seed=1, dim=256,
                                 points_per_leaf=200, separation=3.0, active_features=16)
    train = np.stack([t[n]["X"][:100].mean(axis=0) for n in names])
    X = np.concatenate([t[n]["X"][100:] for n in names])
    y = np.repeat(np.arange(5), 100)
    d = ((X[:, None, :] - train[None]) ** 2).sum(axis=2)
    acc = float(np.mean(d.argmin(axis=1) == y))
    assert 0.5 < acc < 0.999
    # the signal sits in a few features (so that single-feature tree splits see it)
    shift = np.abs(t["c0"]["X"].mean(axis=0))
    assert np.sum(shift > 0.3) <= 16 + 5 and np.sum(shift > 0.3) >= 8


def test_shards_round_trip_and_are_reused(tmp_path):
    rep = extract_synthetic_features({"a": ["x"], "b": ["y", "z"]}, tmp_path, seed=3, dim=16,
                                     points_per_leaf=10, active_features=4)
    assert [r["n"] for r in rep] == [10, 20] and not any(r["reused"] for r in rep)
    X = load_concept_features(tmp_path, ["a", "b"])
    assert X["b"].shape == (20, 16)
    rep = extract_synthetic_features({"a": ["x"]}, tmp_path, seed=3, dim=16, points_per_leaf=10,
                                     active_features=4)
    assert rep[0]["reused"]
    rep = extract_synthetic_features({"a": ["x"]}, tmp_path, seed=4, dim=16, points_per_leaf=10,
                                     active_features=4)
    assert not rep[0]["reused"]                                     # another seed: rebuilt


def test_check_uses_points_per_leaf():
    exp = {"dataset": "synthetic", "features": {"points_per_leaf": 10},
           "concepts": {"a": ["x"], "b": ["y"]},
           "two_class": [{"name": "p", "minority": "a", "majority": "b", "ir": 2}],
           "protocol": {"folds": 5, "inner_folds": 3}}
    check_experiment(exp)                                            # 5 minority points
    exp["two_class"][0]["ir"] = 4                                    # 2 minority points
    with pytest.raises(ValueError, match=r"experiment.two_class\[0\].ir"):
        check_experiment(exp)
    with pytest.raises(ValueError, match="experiment.concepts"):
        check_experiment({**exp, "concepts": {"a": ["x"], "b": ["x"]}})
