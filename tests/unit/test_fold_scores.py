"""The classifier jobs keep each test fold's scores: the compact record, and the
indices of scores of each RRT test set computed from it."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn import metrics as skm
from sklearn.linear_model import LogisticRegression

from imbeval_repro.experiment.protocol import outer_folds, run_protocol
from imbeval_repro.experiment.protocol.fold_scores import (decode_array, encode_array, score_index_rows,
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


def test_winner_flips_counts_pairs_whose_order_reverses():
    import pandas as pd

    from imbeval_repro.library_results.scores_rrt import winner_flips

    rows = []
    # problem p: a > b > c at the test prior; at 0.01, c > a > b (a-c and b-c flip, a-b not)
    for prior, vals in (("test", {"a": 0.9, "b": 0.8, "c": 0.7}),
                        ("0.01", {"a": 0.5, "b": 0.4, "c": 0.6})):
        for clf, v in vals.items():
            for fold in range(2):
                rows.append({"problem": "p", "kind": "two-class", "classifier": clf, "run": 0,
                             "fold": fold, "scheme": "1", "prior": prior,
                             "index": "average_precision", "value": v + 0.01 * fold})
    # a loss: lower wins; b < a at both priors: no flip
    for prior, vals in (("test", {"a": 0.3, "b": 0.2}), ("0.01", {"a": 0.1, "b": 0.05})):
        for clf, v in vals.items():
            rows.append({"problem": "p", "kind": "two-class", "classifier": clf, "run": 0,
                         "fold": 0, "scheme": "1", "prior": prior, "index": "brier_score",
                         "value": v})
    table = winner_flips(pd.DataFrame(rows), 0.01).set_index("index")
    assert table.loc["average_precision", ["pairs", "flips"]].tolist() == [3, 2]
    assert table.loc["average_precision", "share"] == pytest.approx(2 / 3)
    assert table.loc["brier_score", ["pairs", "flips"]].tolist() == [1, 0]


def test_winner_flip_pairs_count_ties_and_undefined_pairs_apart():
    import pandas as pd

    from imbeval_repro.library_results.scores_rrt import winner_flip_pairs, winner_flips

    def rows(problem, prior, vals, index="roc_auc"):
        return [{"problem": problem, "kind": "two-class", "classifier": clf, "run": 0,
                 "fold": 0, "scheme": "1", "prior": prior, "index": index, "value": v}
                for clf, v in vals.items()]

    table = pd.DataFrame(
        # p: a and b tie at 1 (no winner at either prior), c below both: 1 tie, 2 pairs
        rows("p", "test", {"a": 1.0, "b": 1.0, "c": 0.8})
        + rows("p", "0.01", {"a": 1.0, "b": 1.0, "c": 0.8})
        # q: b has no value at the deployment prior: its two pairs are undefined
        + rows("q", "test", {"a": 0.7, "b": 0.9, "c": 0.6})
        + rows("q", "0.01", {"a": 0.7, "c": 0.6})
        # r: only the test prior (a deployment value failed everywhere): all undefined
        + rows("r", "test", {"a": 0.7, "b": 0.9}))
    per = winner_flip_pairs(table, 0.01).set_index("problem")
    assert per.loc["p", ["candidates", "pairs", "flips", "tied", "undefined"]].tolist() \
        == [3, 2, 0, 1, 0]
    assert per.loc["q", ["pairs", "tied", "undefined"]].tolist() == [1, 0, 2]
    assert per.loc["r", ["classifiers", "pairs", "undefined"]].tolist() == [2, 0, 1]
    assert (per["candidates"] == per["pairs"] + per["tied"] + per["undefined"]).all()
    total = winner_flips(table, 0.01).set_index("index").loc["roc_auc"]
    assert total[["problems", "pairs", "flips", "tied", "undefined"]].tolist() == [3, 3, 0, 1, 3]
    assert total["share"] == 0.0


def test_the_stage_writes_indices_spread_flips_and_figure(tmp_path, capsys):
    import json

    import pandas as pd

    from imbeval.cli import main
    from imbeval_repro.experiment.protocol import run_folds

    files = []
    for C in (2, 3):
        for clf, kw in (("nbsvm", {}), ("smote_mlp", {"params": {"hidden_layer_sizes": [4],
                                                                  "max_iter": 30}})):
            for part in run_folds(_toy(C), clf, 0, seed=3, n_folds=2, **kw):
                path = tmp_path / "runs" / f"{C}_{clf}_{part['folds'][0]['fold']}.json"
                path.parent.mkdir(exist_ok=True)
                path.write_text(json.dumps(part))
                files.append(str(path))
    out = tmp_path / "out"
    assert main(["experiment", "scores", *files, "--out-dir", str(out),
                 "--figure", str(out / "fig3_scores")]) == 0
    values = pd.read_csv(out / "score_indices.csv")
    assert set(values["kind"]) == {"two-class"}  # Fig. 3's problems only, by default
    assert set(values["prior"].astype(str)) == {"test", "0.01"}
    spread = pd.read_csv(out / "score_spread.csv").set_index("index")
    assert (spread["std_within"] >= 0).all() and "roc_auc" in spread.index
    flips = pd.read_csv(out / "winner_flips.csv").set_index("index")
    # ROC AUC does not move with the prior: no pair's winner can change
    assert flips.loc["roc_auc", "flips"] == 0
    assert (out / "fig3_scores.png").is_file() and (out / "fig3_scores.csv").is_file()
    # the report's properties page shows the flips and the figure of a run's results folder
    from imbeval_repro.report.properties import render_properties_page

    results = tmp_path / "results"
    (results / "experiment").mkdir(parents=True)
    (results / "figures/mullick2020").mkdir(parents=True)
    (results / "experiment/winner_flips.csv").write_bytes((out / "winner_flips.csv").read_bytes())
    (results / "figures/mullick2020/fig3_scores.png").write_bytes(
        (out / "fig3_scores.png").read_bytes())
    page = render_properties_page(results)
    assert "under the RRT protocol" in page and "data:image/png;base64" in page
    row = page.split("<code>roc_auc</code>")[1].split("</tr>")[0]
    assert f"<td>{int(flips.loc['roc_auc', 'pairs'])}</td>" in row
    assert main(["experiment", "scores", *files, "--out-dir", str(out), "--all-kinds",
                 "--all-indices"]) == 0
    assert "multi-class" in set(pd.read_csv(out / "score_indices.csv")["kind"])


def test_a_test_set_lacking_a_class_is_undefined_at_the_deployment_prior():
    # its indices at the test prior are what they are; no share of the absent class can be
    # moved to the deployment prior, so every index there is NaN rather than a value of
    # weights that miss the target shares
    X, y = np.arange(8.0)[:, None], np.array([0, 0, 0, 1, 0, 1, 1, 1])
    rec = score_record(LogisticRegression().fit(X, y), X, y, [np.arange(8), np.array([5, 6, 7])])
    fold = {"scores": rec, "test_sets": [{"scheme": "full"}, {"scheme": "one class"}]}
    rows = score_index_rows(fold, 2, names=["roc_auc", "brier_score"], deploy_prior=0.01)
    full = [r for r in rows if r["scheme"] == "full"]
    lacking = [r for r in rows if r["scheme"] == "one class"]
    assert all(np.isfinite(r["value"]) for r in full)
    assert [r["index"] for r in lacking] == ["roc_auc", "brier_score"]
    assert all(np.isnan(r["value"]) for r in lacking)
