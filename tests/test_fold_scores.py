"""The classifier jobs keep each test fold's scores (issue 43): the compact record, and the
indices of scores of each RRT test set computed from it."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn import metrics as skm
from sklearn.linear_model import LogisticRegression

from imbeval.protocol import outer_folds, run_protocol
from imbeval.protocol.fold_scores import (decode_array, encode_array, score_index_rows,
                                          score_record)


def _toy(C=2, seed=0):
    rng = np.random.default_rng(seed)
    sizes = [20, 200] if C == 2 else [150, 60, 24]
    X = np.concatenate([rng.normal(loc=1.0 * k, size=(n, 4)) for k, n in enumerate(sizes)])
    y = np.repeat(np.arange(C), sizes)
    return {"name": f"toy{C}", "kind": "two-class" if C == 2 else "multi-class",
            "X": X.astype(np.float32), "y": y, "class_names": [f"c{k}" for k in range(C)],
            "ir": max(sizes) / min(sizes)}


def test_arrays_round_trip_exactly():
    x = np.random.default_rng(0).random((7, 3)).astype(np.float32)
    assert np.array_equal(decode_array(encode_array(x, "float32")), x)
    assert decode_array(encode_array([70000, 3], "uint32")).tolist() == [70000, 3]


@pytest.mark.parametrize("C, classifier", [(2, "nbsvm"), (3, "smote_mlp")])
def test_each_fold_keeps_its_scores_and_test_sets(C, classifier):
    p = _toy(C)
    kw = dict(seed=5, n_folds=3)
    if classifier == "smote_mlp":
        kw["params"] = {"hidden_layer_sizes": [4], "max_iter": 30}
    run = run_protocol(p, classifier, 0, **kw)
    splits = outer_folds(p["y"], 3, 5, p["name"], 0)
    for fold, (_, test) in zip(run["folds"], splits):
        rec = fold["scores"]
        assert rec is not None
        y = decode_array(rec["y"])
        assert y.tolist() == p["y"][test].tolist()
        assert decode_array(rec["scores"]).shape[0] == test.size
        for ts, enc in zip(fold["test_sets"], rec["test_sets"]):
            ix = decode_array(enc)
            # the stored points are the test set whose matrix the fold counted
            assert np.bincount(y[ix], minlength=C).tolist() == ts["counts"]
            assert np.asarray(ts["confusion"]).sum(axis=1).tolist() == ts["counts"]


def test_indices_of_each_test_set_equal_scikit_learn_and_move_only_where_they_should():
    run = run_protocol(_toy(2), "nbsvm", 0, seed=1, n_folds=3)
    fold = run["folds"][0]
    rows = score_index_rows(fold, 2)
    got = {(r["scheme"], r["index"]): r["value"] for r in rows}
    rec = fold["scores"]
    y, s = decode_array(rec["y"]), decode_array(rec["scores"]).astype(float)
    # a decision function scores the second class; the positive is class 0
    positive_score = -s if rec["response"] == "decision" else s[:, 0]
    for ts, enc in zip(fold["test_sets"], rec["test_sets"]):
        ix = decode_array(enc)
        truth = (y[ix] == 0).astype(int)
        assert got[(ts["scheme"], "roc_auc")] == pytest.approx(
            skm.roc_auc_score(truth, positive_score[ix]), abs=1e-12)
        assert got[(ts["scheme"], "average_precision")] == pytest.approx(
            skm.average_precision_score(truth, positive_score[ix]), abs=1e-12)
    # a decision function gives no probabilities: no Brier score, no log-loss
    if rec["response"] == "decision":
        assert not {"brier_score", "log_loss"} & {r["index"] for r in rows}
    shifted = {(r["scheme"], r["index"]): r["value"]
               for r in score_index_rows(fold, 2, deploy_prior=0.01)}
    for scheme in {r["scheme"] for r in rows}:
        assert shifted[(scheme, "roc_auc")] == pytest.approx(got[(scheme, "roc_auc")], abs=1e-12)
        assert shifted[(scheme, "average_precision")] < got[(scheme, "average_precision")]


def test_probability_indices_of_several_classes():
    X = np.random.default_rng(2).normal(size=(90, 2))
    y = np.repeat([0, 1, 2], 30)
    X[y == 1] += 2
    model = LogisticRegression().fit(X, y)
    rec = score_record(model, X, y, [np.arange(90), np.r_[0:30, 30:40, 60:65]])
    fold = {"scores": rec, "test_sets": [{"scheme": "a"}, {"scheme": "b"}]}
    rows = {(r["scheme"], r["index"]): r["value"] for r in score_index_rows(fold, 3)}
    p = model.predict_proba(X).astype(np.float32).astype(float)
    p = p / p.sum(axis=1, keepdims=True)  # stored as float32, renormalised on reading
    assert rows[("a", "log_loss")] == pytest.approx(skm.log_loss(y, p), abs=1e-12)
    ix = np.r_[0:30, 30:40, 60:65]
    assert rows[("b", "roc_auc_ovo")] == pytest.approx(
        skm.roc_auc_score(y[ix], p[ix], multi_class="ovo"), abs=1e-12)
    assert ("a", "roc_auc") not in rows  # two-class indices are left out


def test_a_model_without_scores_records_none():
    class LabelsOnly:
        def predict(self, X):
            return np.zeros(len(X), dtype=int)

    assert score_record(LabelsOnly(), np.zeros((3, 1)), [0, 1, 0], [[0, 1]]) is None
    assert score_index_rows({"scores": None, "test_sets": []}, 2) == []
