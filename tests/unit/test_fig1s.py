"""The three Fig. 1s the papers draw from data or geometry, regenerated (mullick2020,
ortigosa2016, dembele): their data carry the property each figure is there to show."""

from __future__ import annotations

import numpy as np
import pytest

from imbeval_repro.papers.dembele import figures as dembele
from imbeval_repro.papers.mullick2020 import theory_figures as mullick2020_theory
from imbeval_repro.papers.ortigosa2016 import figures as ortigosa2016


def test_mullick_fig1_type1_and_type2():
    data = mullick2020_theory.fig1_data()
    t1 = data[data["panel"] == "Type 1"].pivot(index="x", columns="index", values="value")
    assert t1["GMean"].nunique() == 1  # Condition 1: unmoved by RRT
    assert t1["Precision"].is_monotonic_decreasing
    assert t1["Precision"].iloc[0] == pytest.approx(0.9 / (0.9 + 0.2))
    t2 = data[(data["panel"] == "Type 2") & (data["bound"] == "lowest")]
    low = t2.pivot(index="x", columns="index", values="value")
    c = low.index.to_numpy()
    # the worst classifier's AUROC-OVO is (C - 2) / (2 (C - 1)): the range shrinks with C
    assert low["AUROC-OVO"].to_numpy() == pytest.approx((c - 2) / (2 * (c - 1)))
    assert (low["ACSA"] == 0).all()


def test_ortigosa_fig1_overlap_and_imbalance():
    data = ortigosa2016.fig1_data(seed=3)
    assert data.groupby("problem").size().to_dict() == {
        "no overlap, balanced": 2000, "no overlap, unbalanced": 1010,
        "overlap, balanced": 2000, "overlap, unbalanced": 1010}
    recalls = {}
    for problem, part in data.groupby("problem"):
        labels = (part["class"] == "minority (c2)").to_numpy().astype(int)
        pts = part[["x", "y"]].to_numpy()
        w, c = ortigosa2016.accuracy_cut(pts, labels)
        predicted = (pts @ w > c).astype(int)
        recalls[problem] = (np.mean(predicted[labels == 0] == 0), np.mean(predicted[labels == 1] == 1))
    assert min(recalls["no overlap, balanced"] + recalls["no overlap, unbalanced"]) >= 0.99
    # overlap with imbalance: the most accurate cut misses most of the minority
    assert recalls["overlap, unbalanced"][1] < 0.5 < recalls["overlap, balanced"][1]


def test_dembele_fig1_discs_hold_every_eigenvalue():
    data = dembele.fig1_data()
    for name, part in data.groupby("matrix"):
        discs = part[part["kind"] == "disc"]
        mu = part[part["kind"] == "eigenvalue"]["value"]
        assert discs["centre"].to_numpy() == pytest.approx(1.0)
        r = discs["value"].max()
        assert ((mu >= 1 - r - 1e-12) & (mu <= 1 + r + 1e-12)).all(), name
    # the printed thresholds of Table 1: M1 0.827 / 1.173, Mc -8 / 10
    radius = data[data["kind"] == "disc"].groupby("matrix")["value"].max()
    assert 1 - radius["M1"] == pytest.approx(0.827, abs=5e-4)
    assert 1 + radius["Mc"] == pytest.approx(10.0)
