"""The pooled-estimator summary of ``benchmarks/coverage_learners.py`` on a tiny
hand-made version-2 file whose every number is worked out below by hand.

The file is one setting ``m2_ir2_k5``: 2 minority and 4 majority points per test fold, 5
folds, 5 runs (designs 1 x 5 and 5 x 5), one learner, two target draws and three data sets
given by their runs' summed counts (each run: 10 minority, 20 majority points):

- target draws TPR 0.6 / 0.4, FPR 0.2 / 0.2: E[TPR] = 0.5, E[FPR] = 0.2, pi = 1/3, so the
  pooled balanced accuracy's target is (0.5 + 1 - 0.2)/2 = 0.65 and the pooled precision's
  (0.5/3)/(0.5/3 + (2/3) 0.2) = 5/9, while the fold mean's precision target is the mean of
  the draws' precisions, (0.6/(0.6 + 0.4) + 0.4/(0.4 + 0.4))/2 = 0.55;
- data set A, run TP 5, 6, 4, 7, 3 and FP 4 each: balanced accuracy (TP/10 + 0.8)/2 = 0.65,
  0.70, 0.60, 0.75, 0.55, mean 0.65, s^2 = 0.00625: the pipeline's interval 0.65 ± t(0.975,
  4) sqrt((1/5 + 2) 0.00625) covers 0.65; precision 5/9, 6/10, 4/8, 7/11, 3/7 covers 5/9;
- data set B, run TP 10, 10, 9, 9, 8 and FP 4 each: balanced accuracy 0.90, 0.90, 0.85,
  0.85, 0.80 (mean 0.86, s^2 = 0.00175, half-width 2.776 sqrt(2.2 0.00175) = 0.172): the
  interval [0.688, 1.03] lies wholly above 0.65; precision 10/14, 10/14, 9/13, 9/13, 8/12
  likewise above 5/9;
- data set C, run TP 0, 5, 5, 6, 4 and FP 0, 4, 4, 4, 4: balanced accuracy 0.5, 0.65, 0.65,
  0.70, 0.60 (two of five tied: still decidable) covers 0.65; its first run predicts no
  minority point, so its precision is undefined and the estimate undecidable.

So at 5 x 5: balanced accuracy covers 2 of 3 (every one decided, one miss above), precision
2 of 3 unconditionally (C counted as covering) and 1 of the 2 decided. At 1 x 5 one run value
never decides.
"""

from __future__ import annotations

import csv
import math
from pathlib import Path

import numpy as np
import pytest
from benchmark_helpers import load_benchmark
from scipy import stats

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def cl():
    return load_benchmark("coverage_learners")


RUN_TP = {0: [5, 6, 4, 7, 3], 1: [10, 10, 9, 9, 8], 2: [0, 5, 5, 6, 4]}
RUN_FP = {0: [4] * 5, 1: [4] * 5, 2: [0, 4, 4, 4, 4]}
POS, NEG, FOLDS = 2, 4, 5


def _spread(total):
    """A run's count dealt over its 5 folds as evenly as can be (7 -> 2 2 1 1 1)."""
    return [total // FOLDS + (1 if j < total % FOLDS else 0) for j in range(FOLDS)]


def _row(item, runs_tp, runs_fp):
    tp = [t for total in runs_tp for t in _spread(total)]
    fp = [f for total in runs_fp for f in _spread(total)]
    ba = [(t / POS + 1 - f / NEG) / 2 for t, f in zip(tp, fp)]
    prec = [t / (t + f) if t + f else math.nan for t, f in zip(tp, fp)]
    text = lambda v: " ".join(f"{x:.6g}" for x in v)  # noqa: E731
    return {"kind": "cv", "item": item, "learner": "lda", "runs": 5, "folds": FOLDS,
            "ba": text(ba), "precision": text(prec), "tp": text(tp), "fp": text(fp),
            "pos": text([POS] * 25), "neg": text([NEG] * 25), "seconds": "0"}


def _write(path, fields, rows):
    with path.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=fields)
        w.writeheader()
        w.writerows(rows)
    return path


@pytest.fixture()
def v2_file(cl, tmp_path):
    rows = [{"kind": "target", "item": j, "learner": "lda", "runs": 0, "folds": FOLDS,
             "ba": f"{tpr} 0.2", "precision": "", "tp": "", "fp": "", "pos": "", "neg": "",
             "seconds": "0"} for j, tpr in enumerate((0.6, 0.4))]
    rows += [_row(i, RUN_TP[i], RUN_FP[i]) for i in RUN_TP]
    return _write(tmp_path / "m2_ir2_k5.v2.csv", cl.FIELDS_V2, rows)


def _by(rows, design, quantity):
    (row,) = [r for r in rows if r["design"] == design and r["quantity"] == quantity]
    return row


def test_pooled_run_values_are_the_runs_summed_matrices(cl, v2_file):
    counts = cl.load(v2_file)["lda"]["counts"]
    ba, prec = cl.pooled_run_values(counts[0])
    assert ba == pytest.approx([0.65, 0.70, 0.60, 0.75, 0.55])
    assert prec == pytest.approx([5 / 9, 6 / 10, 4 / 8, 7 / 11, 3 / 7])
    ba_c, prec_c = cl.pooled_run_values(counts[2])
    assert math.isnan(prec_c[0]) and prec_c[1:] == pytest.approx([5 / 9, 5 / 9, 6 / 10, 4 / 8])
    # with equal fold class sizes a run's pooled balanced accuracy is its fold mean
    fold_means = cl.load(v2_file)["lda"]["cv"][2][0].mean(axis=1)
    assert ba_c == pytest.approx(fold_means)


def test_targets_pooled_against_fold_mean(cl):
    t = cl.pooled_target([0.6, 0.4], [0.2, 0.2], 2)
    assert t["precision"]["pooled"][0] == pytest.approx(5 / 9)
    assert t["precision"]["fold_mean"][0] == pytest.approx(0.55)
    assert t["ba"]["pooled"][0] == pytest.approx(0.65) == t["ba"]["fold_mean"][0]
    # Monte Carlo error of the balanced accuracy: SD of (0.7, 0.6) over sqrt(2)
    assert t["ba"]["pooled"][1] == pytest.approx(np.std([0.7, 0.6], ddof=1) / math.sqrt(2))
    with pytest.raises(ValueError, match="at least 2 finite draws"):
        cl.pooled_target([0.5, math.nan], [0.1, 0.1], 2)


def test_summary_counts_coverage_unconditional_and_given_a_decision(cl, v2_file):
    rows = cl.summarise_pooled(v2_file)
    assert {(r["design"], r["quantity"]) for r in rows} == {
        (d, q) for d in ("1x5", "5x5") for q in ("ba", "precision")}
    ba = _by(rows, "5x5", "ba")
    assert ba["datasets"] == 3 and ba["target_draws"] == 2
    assert ba["pooled_target"] == pytest.approx(0.65)
    assert ba["pooled_decided"] == 1.0
    assert ba["pooled_coverage"] == pytest.approx(2 / 3)
    assert ba["pooled_coverage_decided"] == pytest.approx(2 / 3)
    assert (ba["pooled_below"], ba["pooled_above"]) == (0.0, pytest.approx(1 / 3))
    # the median width is data set A's, worked out by hand
    t = stats.t.ppf(0.975, 4)
    widths = [2 * t * math.sqrt(2.2 * np.var(v, ddof=1)) for v in
              ([0.65, 0.70, 0.60, 0.75, 0.55], [0.90, 0.90, 0.85, 0.85, 0.80],
               [0.5, 0.65, 0.65, 0.70, 0.60])]
    assert ba["pooled_median_width"] == pytest.approx(np.median(widths))
    # the ratio that would have been needed: mean squared error (0 + 0.21^2 + 0.03^2)/3
    # over the mean run variance (0.00625 + 0.00175 + 0.00575)/3, less 1/5
    assert ba["pooled_needed_ratio"] == pytest.approx(0.015 / (0.01375 / 3) - 0.2)
    prec = _by(rows, "5x5", "precision")
    assert prec["pooled_target"] == pytest.approx(5 / 9)
    assert prec["undefined_runs"] == pytest.approx(1 / 15)
    assert prec["pooled_decided"] == pytest.approx(2 / 3)
    assert prec["pooled_coverage"] == pytest.approx(2 / 3)      # C undecidable: covering
    assert prec["pooled_coverage_decided"] == pytest.approx(1 / 2)
    assert prec["pooled_above"] == pytest.approx(1 / 3)
    # one run value never decides (the pipeline's rule: at least 5 values)
    one = _by(rows, "1x5", "ba")
    assert (one["pooled_coverage"], one["pooled_decided"]) == (1.0, 0.0)
    assert math.isnan(one["pooled_coverage_decided"])


def test_fold_mean_beside_it_on_the_same_data_sets(cl, v2_file):
    rows = cl.summarise_pooled(v2_file)
    ba = _by(rows, "5x5", "ba")
    # the same point estimates (equal fold sizes), another interval: 25 fold values
    assert ba["fold_mean_grand_mean"] == pytest.approx(ba["pooled_grand_mean"])
    prec = _by(rows, "5x5", "precision")
    assert prec["fold_mean_target"] == pytest.approx(0.55)
    # data set C has folds without a minority prediction: the fold mean is undecidable
    assert prec["fold_mean_decided"] <= 2 / 3
    assert prec["undefined_folds"] > 0


def test_delta_candidate_is_the_fold_mean_for_balanced_accuracy(cl, v2_file):
    rows = cl.summarise_pooled(v2_file)
    ba = _by(rows, "5x5", "ba")
    # balanced accuracy is linear in the fold rates: the linearised folds are the fold
    # values less 0.5, so the candidate's intervals are the fold mean's
    for key in ("coverage", "decided", "coverage_decided", "below", "above", "median_width"):
        assert ba[f"pooled_delta_{key}"] == pytest.approx(ba[f"fold_mean_{key}"], nan_ok=True), key
    prec = _by(rows, "5x5", "precision")
    assert prec["pooled_delta_target"] == pytest.approx(5 / 9)
    counts = cl.load(v2_file)["lda"]["counts"]
    # the design's summed matrix of data set A: 25 TP of 50, 20 FP of 100
    e = cl.pooled_delta_estimate(counts[0], 2, "precision")
    assert e.value == pytest.approx(25 / 45) and e.units == 25
    # precision: the rates are defined on every fold, so the candidate has an interval on
    # data set C, whose first run (and five folds) predict no minority point: 20 TP, 16 FP
    e = cl.pooled_delta_estimate(counts[2], 2, "precision")
    assert e.value == pytest.approx(20 / 36) and np.isfinite(e.interval()).all()
    # (its 25 linearised folds take few distinct values here: tied, so not decisive)
    assert e.undecidable.startswith("tied fold values")


def test_version_1_files_are_still_read_and_refused_for_pooling(cl, v2_file, tmp_path):
    old = tmp_path / "m2_ir2_k5.csv"
    rows = [{k: v for k, v in r.items() if k in cl.FIELDS}
            for r in csv.DictReader(v2_file.open(newline=""))]
    _write(old, cl.FIELDS, rows)
    data = cl.load(old)
    assert data["lda"]["counts"] == {} and len(data["lda"]["cv"]) == 3
    assert cl.setting_of(old) == ("m2_ir2_k5", 1)
    assert cl.setting_files(tmp_path) == {"m2_ir2_k5": v2_file}
    with pytest.raises(ValueError, match="no confusion counts"):
        cl.summarise_pooled(old)
    with pytest.raises(ValueError, match="not a coverage_learners result file"):
        cl.setting_of(tmp_path / "notes.txt")
