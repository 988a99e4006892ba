"""The calibrated level of ``auto`` (imbeval.metrics._ci): a 95 % request computed at the
level of the coverage table whose selection coverage passes, reported as such; a method
named, and other levels, not calibrated."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pandas as pd
import pytest

from imbeval.metrics import classification_report, interval
from imbeval.metrics import _ci

CM = np.array([[8, 2], [3, 87]])


def labels_from(counts):
    c = counts.shape[0]
    cells = np.asarray(counts, dtype=int).ravel()
    return (np.repeat(np.repeat(np.arange(c), c), cells),
            np.repeat(np.tile(np.arange(c), c), cells))


def cell(selection, validation, width, level=0.95, calibrated=(), sel_n=200, val_n=1000):
    """A table cell from the two runs' coverages (shares)."""
    return _ci.Coverage(sel_n, sel_n, round(selection * sel_n), width, val_n, val_n,
                        round(validation * val_n), width, level=level, calibrated=calibrated)


@pytest.fixture
def table(monkeypatch):
    """A table for the regime of CM: delta covers too little at 95 % and is selected at
    98 % (narrower than the posterior at 95 %); kappa's delta at 98 % is selected but the
    validation measures it at 90 % (its 95 % cell at 99 %: the level used is what counts)."""
    regime = _ci.regime_of(CM)
    rows = {
        ("single", "mcc", *regime): {
            "dirichlet": cell(0.975, 0.95, 0.30),
            "delta": cell(0.90, 0.91, 0.20, calibrated=(
                cell(0.93, 0.93, 0.22, level=0.97), cell(0.98, 0.955, 0.25, level=0.98),
                cell(0.995, 0.99, 0.33, level=0.995)))},
        ("single", "kappa", *regime): {
            "dirichlet": cell(0.975, 0.95, 0.40),
            "delta": cell(0.99, 0.99, 0.50, calibrated=(
                cell(0.98, 0.90, 0.25, level=0.98),))},
    }
    monkeypatch.setattr(_ci, "coverage_table", lambda: rows)
    return rows


def test_a_calibrated_cell_uses_its_level_and_says_so(table):
    y, p = labels_from(CM)
    e = interval("mcc", y, p)
    assert e.method == "delta" and e.level == 0.95 and e.calibrated_level == 0.98
    # the ends of the named method at 98 %, and e.interval(0.95) gives them too
    at98 = interval("mcc", y, p, ci=0.98, ci_method="delta")
    assert (e.low, e.high) == pytest.approx((at98.low, at98.high))
    assert e.interval(0.95) == pytest.approx((e.low, e.high))
    plain = interval("mcc", y, p, ci_method="delta")
    assert e.high - e.low > plain.high - plain.low
    # another level of the same interval is not calibrated
    assert e.interval(0.9) == pytest.approx(plain.interval(0.9))
    # the coverage is the validation run's at 98 %
    assert e.coverage == pytest.approx(0.955) and e.coverage_n == 1000
    assert e.coverage_flag == "ok"
    assert "delta at 98%" in str(e) and "calibrated_level=0.98" in repr(e)


def test_the_report_and_the_cli_say_the_level_used(table, tmp_path, capsys):
    y, p = labels_from(CM)
    text = classification_report(y, p, indices=["mcc"], ci=0.95)
    assert "delta at 98%, coverage 95.5% (ok)" in text
    spans = classification_report(y, p, indices=["mcc"], ci=0.95,
                                  output_dict=True)["intervals"]
    assert spans["mcc"]["calibrated_level"] == 0.98
    frame = classification_report(y, p, indices=["mcc"], ci=0.95, as_frame=True)
    assert frame.loc["mcc", "calibrated_level"] == 0.98

    from imbeval.cli import main

    path = tmp_path / "pred.csv"
    pd.DataFrame({"y_true": y, "y_pred": p}).to_csv(path, index=False)
    assert main(["evaluate", str(path), "--index", "mcc", "--repeats", "1", "--audit",
                 "none", "--ci", "0.95", "--out-dir", str(tmp_path / "ev")]) == 0
    capsys.readouterr()
    rows = pd.read_csv(tmp_path / "ev" / "evaluate_intervals.csv").set_index("index")
    assert rows.loc["mcc", "method"] == "delta"
    assert rows.loc["mcc", "calibrated_level"] == pytest.approx(0.98)


def test_a_named_method_is_not_calibrated(table):
    y, p = labels_from(CM)
    e = interval("mcc", y, p, ci_method="delta")
    assert e.calibrated_level == 0.95 and "at 9" not in str(e)
    # its own 95 % cell: 91 % of 1,000 is below 95 % beyond the Monte Carlo error
    assert e.coverage == pytest.approx(0.91) and e.coverage_flag == "low"
    d = interval("mcc", y, p, ci_method="dirichlet")
    assert d.calibrated_level == 0.95 and d.coverage == pytest.approx(0.95)


def test_only_a_95_percent_request_is_calibrated(table):
    y, p = labels_from(CM)
    e = interval("mcc", y, p, ci=0.9)
    # the choice at 95 % alone (the posterior, the one selected), computed at 90 %
    assert e.method == "dirichlet" and e.calibrated_level == 0.9
    assert e.coverage_flag == "not measured" and math.isnan(e.coverage)


def test_the_flag_follows_the_validation_count_at_the_level_used(table):
    y, p = labels_from(CM)
    e = interval("kappa", y, p)
    # delta at 98 % is the narrowest selected; its validation there is 900 of 1,000,
    # although its 95 % cell measured 99 %
    assert e.method == "delta" and e.calibrated_level == 0.98
    assert e.coverage == pytest.approx(0.90) and e.coverage_flag == "low"
    assert e.coverage_flag == _ci.coverage_flag(900, 1000)


def test_choose_cell_without_a_selected_pair_takes_the_surest():
    row = {"delta": cell(0.90, 0.91, 0.2, calibrated=(cell(0.93, 0.94, 0.3, level=0.99),)),
           "dirichlet": cell(0.92, 0.92, 0.3)}
    method, chosen, why = _ci.choose_cell(row)
    assert (method, chosen.level) == ("delta", 0.99) and "delta at 99%" in why
    method, chosen, why = _ci.choose_cell(row, calibrate=False)
    assert (method, chosen.level) == ("dirichlet", 0.95)


def test_the_estimate_stays_inside_every_interval_of_the_shipped_table():
    # auto, calibrated where the table says so, on test sets at an end of an index's range
    # (perfect folds, no positive predicted) and inside it, two and three classes
    rng = np.random.default_rng(0)
    mats = [np.array([[6, 0], [0, 54]]), np.array([[0, 6], [0, 54]]),
            np.array([[5, 0], [3, 100]]), np.diag([20, 30, 5])]
    mats += [rng.integers(0, 15, (c, c)) + np.diag(rng.integers(1, 60, c))
             for c in (2, 2, 3, 3, 5)]
    calibrated = 0
    for cm in mats:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            out = _ci.matrix_intervals(cm.astype(float), _names(cm.shape[0]), draws=400,
                                       zero_division=np.nan)
        for name, e in out.items():
            if not (math.isfinite(e.low) and math.isfinite(e.high)):
                continue
            calibrated += e.calibrated_level > 0.95
            assert e.low <= e.value <= e.high, (cm.tolist(), name, e)
            assert any(math.isclose(e.calibrated_level, lv) for lv in _ci.CALIBRATION_LEVELS)
            cell = _ci.coverage_table().get(("single", e.index, *_ci.regime_of(cm)), {})
            if e.coverage_flag != "not measured":
                at = cell[e.method].at(e.calibrated_level)
                assert e.coverage == pytest.approx(at.validation), (name, e)
    assert calibrated > 0  # the shipped table calibrates some of these


def _names(c):
    from imbeval.indices import registry

    return [n for n, i in registry(catalogue=True).items()
            if (i.scope != "two-class" or c == 2) and n != "macro_averaged_mae"]

