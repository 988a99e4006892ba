"""Intervals from one test set (imbeval.metrics.interval & co.): each method against a
closed form, every registry index through score(ci=), paired differences, "auto", the
report's and the command line's columns, and the errors."""

from __future__ import annotations

import functools
import math
import warnings

import numpy as np
import pandas as pd
import pytest
from scipy import stats
from statsmodels.stats.proportion import proportion_confint

from imbeval.indices import compute, registry
from imbeval.metrics import (CI_METHODS, IndexInterval, classification_report, interval,
                             intervals, label_matrix, paired_interval, score)
from imbeval.metrics import _ci
from imbeval.metrics import _ci_methods as m


def labels_from(counts):
    """(y_true, y_pred) with the confusion matrix ``counts`` (rows true)."""
    c = counts.shape[0]
    cells = np.asarray(counts, dtype=int).ravel()
    return (np.repeat(np.repeat(np.arange(c), c), cells),
            np.repeat(np.tile(np.arange(c), c), cells))


CM3 = np.array([[40, 6, 4], [3, 15, 2], [1, 2, 7]])


@pytest.mark.parametrize("k, n", [(0, 7), (3, 10), (17, 20), (20, 20), (123, 480)])
@pytest.mark.parametrize("level", [0.8, 0.95, 0.99])
def test_wilson_and_jeffreys_equal_statsmodels(k, n, level):
    for ours, theirs in ((m.wilson, "wilson"), (m.jeffreys, "jeffreys")):
        low, high = proportion_confint(k, n, alpha=1 - level, method=theirs)
        if theirs == "jeffreys":  # Brown, Cai, DasGupta's ends at k = 0 and k = n
            low, high = (0.0 if k == 0 else low), (1.0 if k == n else high)
        assert ours(k, n, level) == pytest.approx((low, high), abs=1e-9), theirs


@pytest.mark.parametrize("name", sorted(m.RATES))
@pytest.mark.parametrize("positive", [0, 1])
def test_rate_counts_give_the_index(name, positive):
    rng = np.random.default_rng(3)
    stack = rng.integers(1, 30, size=(20, 2, 2)).astype(float)
    k, n = m.rate_counts(name, stack, positive)
    assert np.allclose(k / n, compute(stack, names=[name], positive=positive)[name])


def test_wilson_interval_of_a_rate_through_score():
    y, p = labels_from(np.array([[30, 10], [5, 55]]))  # row 0 = label 0
    e = score("precision", y, p, pos_label=0, ci=0.9, ci_method="wilson")
    assert isinstance(e, IndexInterval) and e.method == "wilson"
    assert (e.low, e.high) == pytest.approx(proportion_confint(30, 35, 0.1, "wilson"))
    assert e.value == pytest.approx(30 / 35)


def test_dirichlet_posterior_mean_and_accuracy_law_equal_the_analytic_ones():
    counts = CM3.astype(float)
    prior = 0.3
    draws = m.dirichlet_draws(counts, 40_000, prior, np.random.default_rng(1))
    n, alpha = counts.sum(), counts + prior
    mean = draws.mean(axis=0) / n
    expected = alpha / alpha.sum()
    se = np.sqrt(expected * (1 - expected) / (alpha.sum() + 1) / 40_000)
    assert np.all(np.abs(mean - expected) < 5 * se)
    # the diagonal's total is Beta(sum of diagonal alphas, sum of the others) (aggregation)
    accuracy = np.trace(draws, axis1=1, axis2=2) / n
    a, b = np.trace(alpha), alpha.sum() - np.trace(alpha)
    for q in (0.025, 0.5, 0.975):
        assert np.quantile(accuracy, q) == pytest.approx(stats.beta.ppf(q, a, b), abs=4e-3)


def test_dirichlet_interval_of_accuracy_is_the_beta_quantiles():
    y, p = labels_from(CM3)
    e = interval("accuracy", y, p, ci_method="dirichlet", draws=40_000, prior=0.5)
    alpha = CM3 + 0.5
    a, b = np.trace(alpha), alpha.sum() - np.trace(alpha)
    assert (e.low, e.high) == pytest.approx(stats.beta.ppf([0.025, 0.975], a, b), abs=4e-3)


@pytest.mark.parametrize("name", ["f1", "mcc"])
@pytest.mark.parametrize("counts", [[[30, 10], [5, 55]], [[3, 7], [2, 88]], [[50, 1], [9, 4]]])
@pytest.mark.parametrize("positive", [0, 1])
def test_closed_form_delta_equals_the_numerical_gradient(name, counts, positive):
    counts = np.asarray(counts, dtype=float)
    closed = m.closed_form_gradient(name, counts, positive)

    def evaluate(stack):
        return compute(stack, names=[name], positive=positive)
    numeric = m.numerical_gradients(evaluate, counts)[name]
    assert m.delta_se(closed, counts) == pytest.approx(m.delta_se(numeric, counts), rel=1e-5)


def test_delta_of_f1_is_takahashis_closed_form_variance():
    # binary F1 = 2a / (2a + b + c): Var = 4 a (b + c)(a + b + c) / (n (2a + b + c)^4)
    tp, fn, fp, tn = 30.0, 10.0, 5.0, 55.0
    n = tp + fn + fp + tn
    a, b, c = tp / n, fn / n, fp / n
    var = 4 * a * (b + c) * (a + b + c) / (n * (2 * a + b + c) ** 4)
    y, p = labels_from(np.array([[tp, fn], [fp, tn]]))
    e = interval("f1", y, p, pos_label=0, ci_method="delta")
    z = stats.norm.ppf(0.975)
    assert (e.high - e.low) / (2 * z) == pytest.approx(math.sqrt(var), rel=1e-9)


def test_delta_of_accuracy_is_the_wald_interval():
    y, p = labels_from(CM3)
    e = interval("accuracy", y, p, ci_method="delta")
    n, acc = CM3.sum(), np.trace(CM3) / CM3.sum()
    half = stats.norm.ppf(0.975) * math.sqrt(acc * (1 - acc) / n)
    assert (e.low, e.high) == pytest.approx((acc - half, acc + half), rel=1e-6)


def test_bootstrap_resamples_the_test_set():
    counts = CM3.astype(float)
    draws = m.bootstrap_draws(counts, 20_000, np.random.default_rng(2))
    assert np.all(draws.sum(axis=(1, 2)) == counts.sum())
    assert np.allclose(draws.mean(axis=0), counts, atol=0.3)
    y, p = labels_from(CM3)
    e = interval("accuracy", y, p, ci_method="bootstrap", draws=20_000)
    # the percentile interval of a mean of 80 points: near Wald's
    wald = interval("accuracy", y, p, ci_method="delta")
    assert e.low == pytest.approx(wald.low, abs=0.015)
    assert e.high == pytest.approx(wald.high, abs=0.015)


@pytest.mark.parametrize("counts", [CM3, np.array([[30, 10], [5, 55]])])
@pytest.mark.parametrize("method", ["dirichlet", "delta", "bootstrap"])
def test_every_registry_index_gets_an_interval(counts, method):
    y, p = labels_from(counts)
    c = counts.shape[0]
    names = [n for n, i in registry(catalogue=True).items() if i.scope != "two-class" or c == 2]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = intervals(y, p, ci_method=method, draws=500)
    assert set(out) == set(names)
    for name, e in out.items():
        assert e.index == name and e.method == method
        # score's pos_label=1 is row 1 of these labels' two-class matrix
        expected = compute(counts, names=[name], positive=1 if c == 2 else 0)[name]
        assert e.value == pytest.approx(float(expected), nan_ok=True)
        if math.isfinite(e.value) and name != "zero_one_count":
            assert e.low <= e.high, name
    defined = [e for e in out.values() if math.isfinite(e.low) and math.isfinite(e.high)]
    assert len(defined) >= len(names) - 3


def test_score_ci_equals_interval_for_library_names():
    y, p = labels_from(CM3)
    a = score("recall_macro", y, p, ci=0.95, ci_method="dirichlet")
    b = interval("acsa", y, p, ci_method="dirichlet")
    assert (a.index, a.low, a.high) == (b.index, b.low, b.high)
    c = score("balanced_accuracy", y, p, ci=0.95, ci_method="dirichlet")
    assert c.index == "acsa" and c.low == a.low
    d = score("f1", y, p, average="weighted", ci=0.95, ci_method="delta")
    assert d.index == "weighted_f1"


def test_seeded_and_any_level():
    y, p = labels_from(CM3)
    a = interval("iam", y, p, ci_method="bootstrap", seed=5)
    b = interval("iam", y, p, ci_method="bootstrap", seed=5)
    c = interval("iam", y, p, ci_method="bootstrap", seed=6)
    assert (a.low, a.high) == (b.low, b.high) != (c.low, c.high)
    narrow, wide = a.interval(0.5), a.interval(0.99)
    assert wide[0] < narrow[0] < narrow[1] < wide[1]
    assert a.interval(0.95) == (a.low, a.high)


def test_paired_difference():
    rng = np.random.default_rng(0)
    y = np.repeat([0, 1, 2], [60, 25, 10])
    a = np.where(rng.random(y.size) < 0.85, y, rng.integers(0, 3, y.size))
    b = np.where(rng.random(y.size) < 0.6, y, rng.integers(0, 3, y.size))
    for method in ("dirichlet", "delta", "bootstrap"):
        d = paired_interval("acsa", y, a, b, ci_method=method)
        assert d.value == pytest.approx(score("acsa", y, a) - score("acsa", y, b))
        assert d.low < d.value < d.high
    # one classifier against itself: plain resamples never disagree, so the bootstrap and
    # the delta method take the prior's pseudo-counts (one per true class) as the
    # posterior does: a narrow interval around 0, not a point
    other = paired_interval("mcc", y, a, b, ci_method="dirichlet")
    for method in ("bootstrap", "delta", "dirichlet"):
        same = paired_interval("mcc", y, a, a, ci_method=method)
        assert same.value == 0.0 and same.low < 0 < same.high, method
        assert same.high - same.low < 0.5 * (other.high - other.low), method
    # the delta method is antisymmetric
    ab = paired_interval("iam", y, a, b, ci_method="delta")
    ba = paired_interval("iam", y, b, a, ci_method="delta")
    assert (ab.low, ab.high) == pytest.approx((-ba.high, -ba.low))
    # pairing narrows the interval of a difference of correlated classifiers: against the
    # difference of independent posteriors' draws
    c = np.where(rng.random(y.size) < 0.9, a, rng.integers(0, 3, y.size))
    paired = paired_interval("acsa", y, a, c, ci_method="dirichlet", draws=4000)
    da = m.dirichlet_draws(label_matrix(y, a)[0], 4000, None, np.random.default_rng(1))
    dc = m.dirichlet_draws(label_matrix(y, c)[0], 4000, None, np.random.default_rng(2))
    diff = compute(da, names=["acsa"])["acsa"] - compute(dc, names=["acsa"])["acsa"]
    unpaired = np.quantile(diff, 0.975) - np.quantile(diff, 0.025)
    assert paired.high - paired.low < 0.8 * unpaired


def cell(selection, validation, width, sel_n=500, val_n=300):
    """A table cell: coverages (shares) of the two runs turned into counts."""
    return _ci.Coverage(sel_n, sel_n, round(selection * sel_n), width,
                        val_n, val_n, round(validation * val_n), width)


def test_auto_picks_the_narrowest_selected_method_and_needs_its_validation(monkeypatch):
    y, p = labels_from(np.array([[8, 2], [3, 87]]))
    regime = _ci.regime_of(label_matrix(y, p)[0])
    table = {
        # bootstrap 95.0 % of 500: its lower bound is below 94 %, so not selected although
        # narrower than the posterior; delta and the posterior are selected, delta narrower
        ("single", "mcc", *regime): {"dirichlet": cell(0.99, 0.97, 0.30),
                                     "delta": cell(0.97, 0.95, 0.25),
                                     "bootstrap": cell(0.95, 0.99, 0.20)},
        # delta selected (narrowest) but measured 90 % of 300 on validation: not offered,
        # and not replaced by the posterior (that would choose on the validation numbers)
        ("single", "kappa", *regime): {"dirichlet": cell(0.99, 0.97, 0.30),
                                       "delta": cell(0.97, 0.90, 0.25)},
        ("single", "iam", *regime): {"dirichlet": cell(0.90, 0.91, 0.30),
                                     "delta": cell(0.93, 0.92, 0.2)}}
    monkeypatch.setattr(_ci, "coverage_table", lambda: table)
    e = interval("mcc", y, p, ci_method="auto")
    assert e.method == "delta" and e.coverage == pytest.approx(0.95) and e.undecidable is None
    assert e.coverage_flag == "ok"
    e = interval("kappa", y, p, ci_method="auto")  # 90 % of 300: below 95 % beyond MC error
    assert e.method == "delta" and e.coverage_flag == "low" and e.undecidable is None
    e = interval("iam", y, p, ci_method="auto")  # none selected: the best selection coverage
    assert e.method == "delta" and e.coverage_flag == "low"
    e = interval("acsa", y, p, ci_method="auto")  # not measured: the posterior
    assert e.method == "dirichlet" and math.isnan(e.coverage)
    assert e.coverage_flag == "not measured" and e.undecidable is None


@pytest.mark.parametrize("covered, defined", [(0, 10), (3, 10), (95, 100), (100, 100),
                                              (470, 500), (287, 300)])
def test_coverage_bounds_equal_statsmodels_clopper_pearson(covered, defined):
    # a two-sided 90 % Clopper-Pearson interval has one-sided 95 % ends
    low, high = proportion_confint(covered, defined, alpha=0.10, method="beta")
    assert _ci.coverage_bounds(covered, defined) == pytest.approx((low, high), abs=1e-9)


def test_selection_and_validation_rules_on_a_synthetic_table():
    # selection: the exact lower bound at 94 %; the smallest count that passes of 500
    need = next(k for k in range(501)
                if proportion_confint(k, 500, alpha=0.10, method="beta")[0] >= 0.94)
    assert _ci.selects(need, 500) and not _ci.selects(need - 1, 500)
    # all covered passes the bound from n = 49 on (0.05 ** (1 / n) >= 0.94), but a
    # selection needs 90 test sets with an interval
    assert not _ci.selects(0, 0) and not _ci.selects(89, 89) and _ci.selects(90, 90)
    # validation: measured at 94 % or more on at least 50 test sets with an interval
    for covered, defined, ok in ((282, 300, True), (281, 300, False), (94, 100, True),
                                 (93, 99, False), (50, 50, True), (49, 49, False),
                                 (939, 1000, False)):
        assert _ci.validates(covered, defined) == ok, (covered, defined)
    with pytest.raises(ValueError, match="covered must lie in"):
        _ci.coverage_bounds(11, 10)
    with pytest.raises(ValueError, match="at least one method"):
        _ci.choose_method({})


@functools.lru_cache(maxsize=None)
def _exact_lower(covered, defined):
    # statsmodels' Clopper-Pearson bound, once per count pair: the table's 12,000 cells at
    # seven levels repeat a few thousand pairs
    return proportion_confint(covered, defined, alpha=0.10, method="beta")[0]


def _independent_rule(c):
    """The rules re-derived from statsmodels: (selected, validated)."""
    sel = c.selection_defined >= 90 and _exact_lower(
        int(c.selection_covered), int(c.selection_defined)) >= 0.94
    val = c.validation_defined >= 50 and c.validation_covered >= 0.94 * c.validation_defined \
        - 1e-9
    return sel, val


def test_shipped_table_auto_offers_only_selected_and_validated_methods():
    table = _ci.coverage_table()
    assert table, "the shipped coverage table is missing"
    offered = 0
    for key, row in table.items():
        methods = tuple(row) if key[0] == "single" else ("dirichlet", "delta", "bootstrap")
        method, chosen, why = _ci.choose_cell({k: v for k, v in row.items()
                                               if k in methods})
        assert (method, chosen) == _ci._auto(key[1], key[0], key[2:], methods, 0.95)
        # a cell of the method's, at one of the levels the table holds
        assert any(chosen is c for c in row[method].levels())
        assert any(math.isclose(chosen.level, lv) for lv in _ci.CALIBRATION_LEVELS)
        sel, val = _independent_rule(chosen)
        if why is None:
            offered += 1
            # never a pair the validation run measured below 94 % at its level
            assert sel and val, (key, method)
            # the narrowest pair the selection run selected (validation plays no part)
            widths = [c.selection_width for k in methods if k in row
                      for c in row[k].levels() if _independent_rule(c)[0]]
            assert chosen.selection_width == min(widths), key
        else:
            assert not (sel and val), key
    assert offered > 0
    # the table holds both runs (other seeds: other test sets and classifiers)
    assert all(c.selection_replicates >= 50 and c.validation_replicates >= 50
               for row in table.values() for c in row.values())


def test_auto_through_interval_agrees_with_the_shipped_table():
    # a test set in the regime C=2, smallest class 20, IR=10 (through the public function)
    y, p = labels_from(np.array([[16, 4], [20, 180]]))
    assert _ci.regime_of(label_matrix(y, p)[0]) == (2, 20, 10)
    row = _ci.coverage_table()[("single", "mcc", 2, 20, 10)]
    e = interval("mcc", y, p)
    assert e.method in row and e.regime == "C=2 min=20 IR=10"
    cell = row[e.method].at(e.calibrated_level)  # the level auto computed it at
    assert cell is not None
    assert e.coverage == pytest.approx(cell.validation) and e.undecidable is None
    assert e.coverage_flag == _ci.coverage_flag(cell.validation_covered, cell.validation_defined)


def test_report_and_cli_show_intervals(tmp_path, capsys):
    y, p = labels_from(CM3)
    report = classification_report(y, p, indices=["acsa", "mcc"], ci=0.9,
                                    ci_method="dirichlet", output_dict=True)
    e = interval("mcc", y, p, ci=0.9, ci_method="dirichlet")
    assert report["intervals"]["mcc"]["low"] == pytest.approx(e.low, abs=0.03)
    frame = classification_report(y, p, indices=["acsa"], ci=0.95, ci_method="delta",
                                  as_frame=True)
    d = interval("acsa", y, p, ci_method="delta")
    assert frame.loc["acsa", ["low", "high"]].tolist() == pytest.approx([d.low, d.high])
    text = classification_report(y, p, indices=["acsa"], ci=0.95, ci_method="delta")
    assert f"[{d.low:.2f}, {d.high:.2f}]  delta" in text

    from imbeval.cli import main

    path = tmp_path / "pred.csv"
    pd.DataFrame({"y_true": y, "y_pred": p}).to_csv(path, index=False)
    assert main(["evaluate", str(path), "--index", "acsa", "--index", "mcc", "--repeats", "1",
                 "--audit", "none", "--ci", "0.95", "--ci-method", "delta",
                 "--out-dir", str(tmp_path / "ev")]) == 0
    assert "intervals from this one test set" in capsys.readouterr().out
    rows = pd.read_csv(tmp_path / "ev" / "evaluate_intervals.csv").set_index("index")
    assert rows.loc["acsa", "low"] == pytest.approx(d.low)
    assert set(rows["method"]) == {"delta"}


@pytest.mark.parametrize("kw, message", [
    ({"ci_method": "wald"}, "ci_method must be one of"),
    ({"ci": 95}, "ci must lie in (0, 1)"),
    ({"ci_method": "wilson"}, "ci_method='wilson' is for single rates"),
    ({"draws": 10}, "draws must be an integer >= 100"),
    ({"prior": -1.0}, "prior must be None"),
])
def test_bad_options_are_named(kw, message):
    y, p = labels_from(CM3)
    with pytest.raises(ValueError, match=None) as err:
        interval("mcc", y, p, **kw)
    assert message in str(err.value)


def test_score_ci_refuses_per_class_and_fbeta():
    y, p = labels_from(CM3)
    with pytest.raises(ValueError, match="average=None"):
        score("recall", y, p, average=None, ci=0.95)
    with pytest.raises(ValueError, match="fbeta"):
        score("fbeta", y, p, beta=2, average="macro", ci=0.95)


def test_methods_constant_lists_what_is_offered():
    assert CI_METHODS == ("auto", "wilson", "jeffreys", "dirichlet", "delta", "logit",
                          "bootstrap")
    e = interval("accuracy", *labels_from(CM3), ci_method="jeffreys")
    k, n = np.trace(CM3), CM3.sum()
    assert (e.low, e.high) == pytest.approx(proportion_confint(k, n, 0.05, "jeffreys"))


def test_shipped_table_measures_every_registry_index_in_every_regime():
    table = _ci.coverage_table()
    regimes = [(c, m_, ir) for c in _ci.CLASSES_GRID for m_ in _ci.MIN_CLASS_GRID
               for ir in _ci.IMBALANCE_GRID]
    for name, info in registry(catalogue=True).items():
        if name == "macro_averaged_mae":  # its values are the labels: not simulated
            continue
        measured = [r for r in regimes if ("single", name, *r) in table]
        expected = [r for r in regimes if info.scope != "two-class" or r[0] == 2]
        # a regime may leave an index out only where its population value is undefined
        assert len(measured) >= len(expected) - 4, name
        for r in measured:
            row = table[("single", name, *r)]
            assert {"dirichlet", "delta", "bootstrap"} <= set(row), (name, r)
            if name in m.RATES:
                assert {"wilson", "jeffreys"} <= set(row), (name, r)


def test_a_method_asked_for_carries_its_validated_coverage(monkeypatch):
    y, p = labels_from(np.array([[8, 2], [3, 87]]))
    regime = _ci.regime_of(label_matrix(y, p)[0])
    table = {("single", "mcc", *regime): {"dirichlet": cell(0.97, 0.96, 0.30),
                                           "delta": cell(0.93, 0.91, 0.20)}}
    monkeypatch.setattr(_ci, "coverage_table", lambda: table)
    good = interval("mcc", y, p, ci_method="dirichlet")
    assert good.coverage == pytest.approx(0.96) and good.coverage_flag == "ok"
    assert good.coverage_se == pytest.approx(math.sqrt(0.96 * 0.04 / 300))
    poor = interval("mcc", y, p, ci_method="delta")
    assert poor.coverage == pytest.approx(0.91) and poor.coverage_flag == "low"
    assert "low" in str(poor) and "coverage_flag='low'" in repr(poor)
    missing = interval("mcc", y, p, ci_method="bootstrap")
    assert math.isnan(missing.coverage) and missing.coverage_flag == "not measured"


def test_report_per_class_wilson_columns():
    y, p = labels_from(CM3)
    report = classification_report(y, p, ci=0.9, output_dict=True)
    for k in range(3):
        row = report[str(k)]
        recall = proportion_confint(CM3[k, k], CM3[k].sum(), 0.1, "wilson")
        precision = proportion_confint(CM3[k, k], CM3[:, k].sum(), 0.1, "wilson")
        assert (row["recall_low"], row["recall_high"]) == pytest.approx(recall)
        assert (row["precision_low"], row["precision_high"]) == pytest.approx(precision)
    frame = classification_report(y, p, ci=0.9, as_frame=True)
    assert frame.loc["1", "recall_low"] == pytest.approx(report["1"]["recall_low"])
    assert math.isnan(frame.loc["macro avg", "recall_low"])
    plain = classification_report(y, p, output_dict=True)
    assert "recall_low" not in plain["1"] and "intervals" not in plain


@pytest.mark.parametrize("covered, defined, level, flag", [
    (285, 300, 0.95, "ok"),            # exactly the level
    (270, 300, 0.95, "low"),           # 90 %: below by more than the MC error (1.2 points)
    (280, 300, 0.95, "ok"),            # 93.3 %: within it
    (300, 300, 0.95, "ok"),
    (40, 49, 0.95, "not measured"),    # too few test sets with an interval
    (285, 300, 0.90, "not measured"),  # the table measured 95 % intervals only
])
def test_coverage_flag_rule(covered, defined, level, flag):
    assert _ci.coverage_flag(covered, defined, level) == flag


def test_a_users_index_says_coverage_not_measured():
    from imbeval.indices import add_index, unregister_index

    def first_recall(cm, zero_division=np.nan):
        cm = np.asarray(cm, dtype=float)
        return cm[..., 0, 0] / cm[..., 0, :].sum(axis=-1)

    add_index(first_recall, name="my_rate_for_flags", formula="M00 / M0.", bounds=(0, 1))
    try:
        y, p = labels_from(np.array([[8, 2], [3, 87]]))
        for method in ("auto", "dirichlet", "bootstrap"):
            e = interval("my_rate_for_flags", y, p, ci_method=method)
            assert e.coverage_flag == "not measured" and math.isnan(e.coverage)
            assert "coverage not measured" in str(e)
    finally:
        unregister_index("my_rate_for_flags")
