"""Gösgens et al.'s properties (imbeval.audit.check_properties) and the Dutch Draw baseline
(imbeval.baselines.dutch_draw): textbook cells, closed forms, brute force, orientation."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from imbeval.audit import check_properties
from imbeval.audit.matrices import expectations, hypergeometric_draws, two_class_stack
from imbeval.audit.properties import PROPERTIES
from imbeval.baselines import dutch_draw, dutch_draw_table
from imbeval.indices import registry

SMALL = {"max_n": 12, "distance_n": 6}
ALL = registry(catalogue=True)


def _holds(name, prop, **kw):
    return check_properties(name, properties=[prop], **{**SMALL, **kw})[prop]


# ------------------------------------------------------------------------ textbook cells


def test_one_minus_accuracy_is_a_distance_and_f1_is_not():
    assert _holds("hamming_loss", "distance").holds is True      # the Hamming distance / n
    assert _holds("accuracy", "distance").holds is True
    assert _holds("jaccard", "distance").holds is True           # the Jaccard distance
    f1 = _holds("f1", "distance")
    assert f1.holds is False and "triangle" in f1.summary


def test_mcc_baseline_is_constant_f1_and_accuracy_are_not():
    assert _holds("mcc", "constant_baseline").holds is True
    assert _holds("kappa", "constant_baseline").holds is True
    assert _holds("acsa", "constant_baseline").holds is True     # balanced accuracy: 1/2
    assert _holds("f1", "constant_baseline").holds is False
    assert _holds("accuracy", "constant_baseline").holds is False
    # CD = arccos(MCC)/π: not constant, but constant in the limit
    assert _holds("correlation_distance", "constant_baseline").holds is False
    assert _holds("correlation_distance", "approximate_constant_baseline").holds is True
    assert _holds("accuracy", "approximate_constant_baseline").holds is False


def test_symmetries():
    assert _holds("accuracy", "symmetry").holds and _holds("accuracy", "class_symmetry").holds
    assert _holds("f1", "symmetry").holds and not _holds("f1", "class_symmetry").holds
    assert not _holds("acsa", "symmetry").holds                  # BA(A, B) != BA(B, A)
    assert _holds("sba", "symmetry").holds                       # its symmetrisation


def test_counterexamples_are_real():
    # every failure's matrices give the values it reports, and they break the property
    for name in ("f1", "acsa", "kappa", "accuracy", "cen"):
        fn = ALL[name].function
        for prop, v in check_properties(name, **SMALL).items():
            if v.holds is not False:
                continue
            ce = json.loads(v.row()["counterexample"])
            if "matrices" in ce and isinstance(ce["matrices"], list):
                got = fn(np.array(ce["matrices"], dtype=float))
                np.testing.assert_allclose(got, np.array(ce["values"], dtype=float),
                                           rtol=1e-9, equal_nan=True, err_msg=f"{name} {prop}")
    d = check_properties("f1", properties=["distance"], **SMALL)["distance"].counterexample
    m = {k: ALL["f1"].function(np.array(v, dtype=float)) for k, v in d["matrices"].items()}
    assert 1 - m["A,C"] > (1 - m["A,B"]) + (1 - m["B,C"])


def test_degenerate_labelings_decide_gm1_monotonicity():
    # GM1 is 0 whenever the true labeling has one class: correcting a prediction there
    # changes nothing, so the literal check fails; without such labelings it holds
    literal = _holds("gm1", "monotonicity")
    assert literal.holds is False
    ce = literal.counterexample["matrices"][0]
    assert 0 in (ce[0][0] + ce[0][1], ce[1][0] + ce[1][1])          # a class with no true point
    assert _holds("gm1", "monotonicity", degenerate=False).holds is True
    with pytest.raises(ValueError, match="degenerate must be True or False"):
        check_properties("gm1", degenerate="no")


def test_orientation_a_loss_is_judged_on_its_worst_side():
    def loss(cm):  # 1 − accuracy, declared lower-is-better
        cm = np.asarray(cm, dtype=float)
        return 1 - np.trace(cm, axis1=-2, axis2=-1) / cm.sum(axis=(-2, -1))

    loss.greater_is_better = False
    mine = check_properties(loss, **SMALL)
    acc = check_properties("accuracy", **SMALL)
    assert {p: v.holds for p, v in mine.items()} == {p: v.holds for p, v in acc.items()}
    wrong = check_properties(loss, greater_is_better=True, properties=["maximal_agreement"], **SMALL)
    assert wrong["maximal_agreement"].holds is False


def test_several_classes():
    acsa = check_properties("acsa", classes=3, n_search=200,
                            properties=["constant_baseline", "maximal_agreement", "symmetry"])
    assert acsa["constant_baseline"].holds is True                # E = 1/C for every margin
    assert acsa["maximal_agreement"].holds is True
    assert acsa["symmetry"].holds is False
    acc = check_properties("accuracy", classes=3, n_search=200,
                           properties=["constant_baseline", "distance"])
    assert acc["constant_baseline"].holds is False and acc["distance"].holds is True
    # Gösgens et al. prove CD a distance for any number of classes
    cd = check_properties("correlation_distance", classes=3, n_search=200, properties=["distance"])
    assert cd["distance"].holds is True


def test_parameters_are_validated():
    with pytest.raises(ValueError, match="unknown index 'nope'; known indices: gmean2"):
        check_properties("nope")
    with pytest.raises(ValueError, match="unknown property 'symmetric'; known: maximal_agreement"):
        check_properties("accuracy", properties=["symmetric"])
    with pytest.raises(ValueError, match="two-class index: classes must be 2"):
        check_properties("f1", classes=3)
    with pytest.raises(ValueError, match="max_n must be an integer from 4 to 60"):
        check_properties("accuracy", max_n=3)
    with pytest.raises(ValueError, match="registered name or a function"):
        check_properties(42)


# ------------------------------------------------------------------- exact expectations


@settings(max_examples=25)
@given(st.integers(1, 5), st.integers(1, 5), st.data())
def test_hypergeometric_expectation_equals_brute_force(p, n, data):
    k = data.draw(st.integers(0, p + n))
    group, tp, fn_, fp, tn, prob = hypergeometric_draws(p, n, k)
    values = ALL["f1"].function(two_class_stack(tp, fn_, fp, tn))
    exact, undefined = expectations(values, group, prob, 1)
    truth = np.array([1] * p + [0] * n)
    brute = []
    for chosen in itertools.combinations(range(p + n), k):
        pred = np.zeros(p + n, dtype=int)
        pred[list(chosen)] = 1
        m = [[np.sum((truth == 1) & (pred == 1)), np.sum((truth == 1) & (pred == 0))],
             [np.sum((truth == 0) & (pred == 1)), np.sum((truth == 0) & (pred == 0))]]
        brute.append(float(ALL["f1"].function(np.array(m, dtype=float))))
    if np.isnan(brute).any():
        assert undefined[0] and np.isnan(exact[0])
    else:
        assert exact[0] == pytest.approx(np.mean(brute), rel=1e-12, abs=1e-12)


# ------------------------------------------------------------------------ the Dutch Draw


@settings(max_examples=30)
@given(st.integers(1, 60), st.integers(1, 60))
def test_dutch_draw_closed_forms(p, n):
    m = p + n
    assert dutch_draw("accuracy", positives=p, negatives=n).baseline == pytest.approx(max(p, n) / m)
    assert dutch_draw("acsa", positives=p, negatives=n).baseline == pytest.approx(0.5)
    assert dutch_draw("auroc2", positives=p, negatives=n).baseline == pytest.approx(0.5)
    assert dutch_draw("mcc", positives=p, negatives=n).baseline == pytest.approx(0.0, abs=1e-12)
    assert dutch_draw("kappa", positives=p, negatives=n).baseline == pytest.approx(0.0, abs=1e-12)
    f1 = dutch_draw("f1", positives=p, negatives=n)
    assert f1.baseline == pytest.approx(2 * p / (p + m)) and f1.theta == 1.0
    assert dutch_draw("precision", positives=p, negatives=n).baseline == pytest.approx(p / m)
    assert dutch_draw("sensitivity", positives=p, negatives=n).theta == 1.0
    spec = dutch_draw("specificity", positives=p, negatives=n)
    assert spec.baseline == pytest.approx(1.0) and spec.theta == 0.0
    # lower is better: the minimum
    loss = dutch_draw("hamming_loss", positives=p, negatives=n)
    assert loss.baseline == pytest.approx(min(p, n) / m)


def test_dutch_draw_against_every_subset():
    p, n = 3, 4
    for name in ("gmean2", "jaccard", "correlation_distance", "cen"):
        fn, gib = ALL[name].function, ALL[name].greater_is_better
        truth = np.array([1] * p + [0] * n)
        per_k = []
        for k in range(p + n + 1):
            vals = []
            for chosen in itertools.combinations(range(p + n), k):
                pred = np.isin(np.arange(p + n), chosen).astype(int)
                m = [[np.sum(truth & pred), np.sum(truth & (1 - pred))],
                     [np.sum((1 - truth) & pred), np.sum((1 - truth) & (1 - pred))]]
                vals.append(float(fn(np.array(m, dtype=float))))
            per_k.append(np.nan if np.isnan(vals).any() else np.mean(vals))
        per_k = np.array(per_k)
        dd = dutch_draw(name, positives=p, negatives=n)
        np.testing.assert_allclose(dd.expected, per_k, rtol=1e-12, equal_nan=True)
        best = np.nanmax(per_k) if gib else np.nanmin(per_k)
        assert dd.baseline == pytest.approx(best)
        assert dd.expected[dd.k] == pytest.approx(best)


def test_dutch_draw_undefined_draws_and_validation():
    dd = dutch_draw("precision", positives=2, negatives=8)
    assert np.isnan(dd.expected[0]) and dd.n_undefined == 1      # k = 0: no prediction
    mcc = dutch_draw("mcc", positives=2, negatives=8)
    assert np.isnan(mcc.expected[[0, -1]]).all() and mcc.n_undefined == 2
    assert mcc.thetas[0] == pytest.approx(0.1) and len(mcc.thetas) == 9
    with pytest.raises(ValueError, match="positives must be a positive integer"):
        dutch_draw("accuracy", positives=0, negatives=5)
    with pytest.raises(ValueError, match="unknown index 'nope'"):
        dutch_draw("nope", positives=1, negatives=5)
    with pytest.raises(ValueError, match="unknown index 'nope'"):
        dutch_draw_table(["nope"], [("p", 1, 2)])


def test_dutch_draw_table_equals_dutch_draw():
    names = ["accuracy", "tpr_macro", "gm1", "hamming_loss", "sba"]
    rows = dutch_draw_table(names, [("a", 7, 30), ("b", 2, 11)])
    assert len(rows) == 10
    for r in rows:
        one = dutch_draw(r["index"], positives=r["positives"], negatives=r["negatives"])
        assert r["baseline"] == pytest.approx(one.baseline, abs=1e-15) and r["theta"] == one.theta


# ------------------------------------------------------------------ table, figure, page


def test_table_figure_and_page(tmp_path):
    from imbeval_repro.library_results.properties_figure import make_properties_figure
    from imbeval_repro.report.properties import render_properties_page
    from imbeval_repro.library_results.properties import (GOESGENS_MEASURES, dutch_draw_frame,
                                           properties_table, property_counts, read_properties,
                                           write_properties)

    names = ["accuracy", "f1", "mcc", "kappa", "overall_mcc"]
    table = properties_table(names, classes=(2, 3), max_n=8, distance_n=4, n_search=200)
    assert set(table["property"]) == set(PROPERTIES)
    assert set(table.loc[table["index"] == "f1", "classes"]) == {2}   # two-class index
    # a twin takes its target's verdicts (one function)
    same = table[table["index"].isin(["mcc", "overall_mcc"])].pivot_table(
        index=["classes", "property"], columns="index", values="verdict", aggfunc="first")
    assert (same["mcc"] == same["overall_mcc"]).all()
    dutch = dutch_draw_frame([("p1", 10, 50)], names=names)
    assert list(dutch["baseline"].round(12)) == [round(50 / 60, 12), round(20 / 70, 12), 0, 0, 0]
    out = tmp_path / "theory"
    write_properties(table, dutch, out)
    make_properties_figure(read_properties(out / "properties.csv"), out / "properties_heatmap")
    assert (out / "properties_heatmap.png").stat().st_size > 1000
    counts = property_counts(read_properties(out / "properties.csv"))
    assert counts.iloc[0]["properties_held"] >= counts.iloc[-1]["properties_held"]
    page = render_properties_page(tmp_path)
    assert "Gösgens" in page and "data:image/png;base64," in page and "Dutch Draw" in page
    for label in ("F1", "GM1", "SBA"):
        assert f"<td>{label}</td>" in page
    assert set(GOESGENS_MEASURES.values()) <= set(ALL)
    assert "not produced" in render_properties_page(tmp_path / "nothing")


def test_parse_problem():
    from imbeval_repro.cli.theory import parse_problem

    assert parse_problem("bag_vs_footwear:5", 1000) == ("bag_vs_footwear", 200, 1000)
    assert parse_problem("x:40", 1000) == ("x", 25, 1000)
    with pytest.raises(ValueError, match="expected NAME:IR"):
        parse_problem("x:0.5", 1000)
    with pytest.raises(ValueError, match="expected NAME:IR"):
        parse_problem("noratio", 1000)
