"""Intervals from one test set hold their estimate: one-sided at an end of the index's
range, of positive width, and an undefined index has one value in every entry point."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from imbeval.indices import registry
from imbeval.metrics import classification_report, interval, score
from imbeval.metrics import UndefinedMetricWarning
from imbeval.metrics import _ci
from imbeval.metrics import _ci_methods as m

#: smooth indices of several kinds: rates, their means, correlations, F, kappa
SMOOTH = ("accuracy", "sensitivity", "specificity", "precision", "f1", "mcc", "gmean",
          "acsa", "iam", "kappa", "macro_f1", "gmean2")


def labels_from(counts):
    counts = np.asarray(counts, dtype=int)
    y, p = [], []
    for i in range(counts.shape[0]):
        for j in range(counts.shape[1]):
            y += [i] * counts[i, j]
            p += [j] * counts[i, j]
    return np.array(y), np.array(p)


@st.composite
def sparse_matrices(draw):
    """Small matrices with many empty cells: perfect, no positive predicted, one row empty
    of hits, and in between."""
    c = draw(st.sampled_from([2, 3]))
    cells = draw(st.lists(st.sampled_from([0, 0, 0, 1, 2, 5, 12]), min_size=c * c,
                          max_size=c * c))
    cm = np.array(cells, dtype=float).reshape(c, c)
    cm[np.arange(c), np.arange(c)] += draw(st.sampled_from([0, 0, 3]))
    cm[cm.sum(axis=1) == 0, 0] += 1.0  # every class in y_true
    return cm


def _names(c):
    return [n for n, i in registry(catalogue=True).items()
            if (i.scope != "two-class" or c == 2) and n != "macro_averaged_mae"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cm=sparse_matrices(), method=st.sampled_from(["dirichlet", "delta", "logit", "bootstrap"]))
def test_every_interval_holds_its_estimate(cm, method):
    names = _names(cm.shape[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = _ci.matrix_intervals(cm, names, ci_method=method, draws=300,
                                   zero_division=np.nan)
    for name, e in out.items():
        if e.undecidable is not None:
            assert math.isnan(e.low) and math.isnan(e.high), name
            continue
        assert e.low <= e.value <= e.high, (name, e)
        low_end, high_end = registry(catalogue=True)[name].bounds
        if e.value == low_end:  # one-sided at an end of the range
            assert e.low == low_end, (name, e)
        if e.value == high_end:
            assert e.high == high_end, (name, e)
        if name in SMOOTH:
            assert e.high > e.low, (name, e)


@settings(max_examples=25, deadline=None)
@given(k=st.integers(0, 30), extra=st.integers(1, 30),
       method=st.sampled_from(["wilson", "jeffreys", "dirichlet", "delta", "bootstrap"]))
def test_rates_at_zero_and_one_get_a_one_sided_interval(k, extra, method):
    # the sensitivity of row 0: in between, 0 of k + extra, k + extra of k + extra
    for counts in ((k, extra), (0, k + extra), (k + extra, 0)):
        y, p = labels_from([[counts[0], counts[1]], [2, 5]])
        e = interval("sensitivity", y, p, pos_label=0, ci_method=method, draws=500)
        assert e.low <= e.value <= e.high and e.high > e.low, (counts, e)


def test_the_one_sided_bound_of_a_rate_at_zero():
    y, p = labels_from([[0, 20], [0, 40]])  # sensitivity 0 of 20
    e = interval("sensitivity", y, p, pos_label=0, ci_method="jeffreys")
    # Jeffreys' one-sided 95 % upper bound: the 95 % quantile of Beta(1/2, 20 + 1/2)
    from scipy import stats

    assert (e.low, e.high) == (0.0, pytest.approx(stats.beta.ppf(0.95, 0.5, 20.5)))
    w = interval("sensitivity", y, p, pos_label=0, ci_method="wilson")
    z = stats.norm.ppf(0.95)
    assert (w.low, w.high) == (0.0, pytest.approx(z * z / (20 + z * z)))


@pytest.mark.parametrize("cm, name, end", [
    ([[6, 0], [0, 54]], "gmean", 1.0),   # a perfect fold
    ([[6, 0], [0, 54]], "mcc", 1.0),
    ([[0, 6], [0, 54]], "f1", 0.0),      # no positive predicted
    ([[0, 6], [0, 54]], "gmean", 0.0),
])
@pytest.mark.parametrize("method", ["auto", "dirichlet", "delta", "bootstrap"])
def test_the_cases_of_the_issue_hold_their_end(cm, name, end, method):
    y, p = labels_from(cm)
    e = interval(name, y, p, pos_label=0, ci_method=method)
    assert e.value == end
    assert (e.low == end < e.high) if end == 0.0 else (e.low < e.high == end)
    # bootstrap and delta give a point here: the posterior is used, and says so
    if method in ("delta", "bootstrap"):
        assert e.method == "dirichlet"


def test_holding_widens_a_two_sided_interval_that_misses_its_estimate():
    held = m.holding(lambda level: (0.4, 0.6), 0.3, 0.0, 1.0)
    assert held(0.95) == (0.3, 0.6)
    edge = m.holding(lambda level: (0.2 * level, 0.5 * level), 1.0, 0.0, 1.0)
    assert edge(0.95) == (pytest.approx(0.18), 1.0)  # one-sided: the two-sided 0.9 low end


def test_an_undefined_value_is_the_same_in_every_entry_point(tmp_path):
    from imbeval.cli.evaluate import interval_frame
    from imbeval.evaluation import evaluate_predictions

    y, p = labels_from([[0, 10], [0, 30]])  # every point predicted as class 1: MCC 0/0
    for zero_division, expected in (("warn", 0.0), (np.nan, math.nan), (0, 0.0)):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            plain = score("mcc", y, p, zero_division=zero_division)
            with_ci = score("mcc", y, p, ci=0.95, zero_division=zero_division)
            e = interval("mcc", y, p, zero_division=zero_division)
            report = classification_report(y, p, indices=["mcc"], ci=0.95, output_dict=True,
                                           zero_division=zero_division)
            ev = evaluate_predictions(y, p, indices=["mcc"], positive=0, repeats=1,
                                      audit="none", zero_division=zero_division)
            frame = interval_frame(y, p, ev, 0.95, "auto")
        values = [plain, with_ci.value, e.value, report["indices"]["mcc"],
                  report["intervals"]["mcc"]["value"], float(ev.summary["as_given"][0]),
                  float(frame["value"][0])]
        assert np.allclose(values, expected, equal_nan=True), (zero_division, values)
        # the interval of an undefined estimate says so
        for i in (with_ci, e):
            assert math.isnan(i.low) and "undefined" in i.undecidable
            assert "no interval" in str(i)
        assert "undefined" in frame["note"][0]
        warned = [w for w in caught if issubclass(w.category, UndefinedMetricWarning)]
        assert bool(warned) == (zero_division == "warn")
    text = classification_report(y, p, indices=["mcc"], ci=0.95, zero_division=0)
    assert "no interval (undefined)" in text.splitlines()[-1]


def test_report_class_spans_are_one_sided_at_zero_and_one():
    from scipy import stats

    y, p = labels_from([[10, 0], [4, 26]])  # class 0: recall 1; class 1: precision 1
    row = classification_report(y, p, ci=0.95, output_dict=True)
    z = stats.norm.ppf(0.95)
    assert row["0"]["recall_high"] == 1.0
    assert row["0"]["recall_low"] == pytest.approx(10 / (10 + z * z))  # Wilson at k = m
    assert row["1"]["precision_high"] == 1.0 and row["1"]["precision_low"] < 1.0
