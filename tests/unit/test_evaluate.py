"""imbeval.evaluate: a model's predictions under the five RRT test sets."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import imbeval
from imbeval.evaluation import evaluate_predictions, read_predictions


def designed(n_min=30, n_maj=200):
    """Class 0 always right, half of class 1 predicted as 0: every per-class recall is the
    same in every subsample (1 and 1/2 up to rounding) -- so an index of the recalls
    cannot move with RRT, while precision moves with the class ratio."""
    y = np.array(["pos"] * n_min + ["neg"] * n_maj)
    pred = y.copy()
    pred[n_min:n_min + n_maj // 2] = "pos"
    return y, pred


def test_known_case_one_index_moves_one_does_not():
    y, pred = designed()
    # negative class recall 1/2 exactly only when the subsample is even; make it exact:
    # class neg all predicted pos -> recall 0 in every draw
    pred[30:] = "pos"
    ev = evaluate_predictions(y, pred, indices=["acsa", "gmean2", "precision", "accuracy"],
                              pos_label="pos", repeats=5, seed=1, audit="none")
    s = ev.summary.set_index("index")
    assert ev.classes == ["pos", "neg"] and ev.counts == [30, 200]
    assert s.loc["acsa", "spread_std"] == 0.0 and s.loc["acsa", "as_given"] == 0.5
    assert s.loc["gmean2", "spread_range"] == 0.0
    # precision = n_pos / (n_pos + n_neg): 1/(1 + RRT) at each scheme
    per = ev.per_scheme[ev.per_scheme["index"] == "precision"].set_index("scheme")
    np.testing.assert_allclose(per["mean"], 1 / (1 + per["rrt"]))
    assert s.loc["precision", "spread_std"] > 0.2
    assert list(per.index) == ["1", "0.5", "IR/2", "IR", "2IR"]


def test_realistic_case_and_audit_verdicts():
    y, pred = designed()
    ev = evaluate_predictions(y, pred, indices=["acsa", "precision"], repeats=8, seed=0,
                              audit="quick", pos_label="pos")
    s = ev.summary.set_index("index")
    assert s.loc["precision", "spread_std"] > 10 * s.loc["acsa", "spread_std"]
    assert (s.loc["acsa", "condition1"], s.loc["precision", "condition1"]) == ("true", "false")
    assert s.loc["precision", "condition2"] == ""  # two-class: not applicable
    table = ev.table()
    assert "acsa" in table and "IR/2" in table and "spread std" in table


def test_deterministic_and_seeded():
    y, pred = designed()
    kw = {"indices": ["precision"], "repeats": 3, "audit": "none", "pos_label": "pos"}
    a = evaluate_predictions(y, pred, seed=4, **kw)
    b = evaluate_predictions(y, pred, seed=4, **kw)
    c = evaluate_predictions(y, pred, seed=5, **kw)
    pd.testing.assert_frame_equal(a.values, b.values)
    assert not a.values["value"].equals(c.values["value"])


def test_multiclass_every_applicable_index_and_files(tmp_path):
    rng = np.random.default_rng(0)
    y = np.repeat([0, 1, 2], [100, 30, 10])
    pred = np.where(rng.random(y.size) < 0.8, y, rng.integers(0, 3, y.size))
    ev = evaluate_predictions(y, pred, repeats=2, audit="none")
    names = set(ev.summary["index"])
    assert {"acsa", "iam", "mcc"} <= names and "precision" not in names
    assert ev.schemes == ["balanced", "reversed", "minority_ir_halved", "original",
                          "others_doubled"]
    paths = ev.write(tmp_path)
    assert sorted(p.name for p in paths) == ["evaluate.csv", "evaluate.pdf", "evaluate.png",
                                             "evaluate_draws.csv"]
    tidy = pd.read_csv(tmp_path / "evaluate.csv")
    assert len(tidy) == 5 * len(names)
    assert {"index", "scheme", "rrt", "mean", "spread_std", "condition1"} <= set(tidy.columns)


def test_estimator_api():
    from sklearn.linear_model import LogisticRegression

    rng = np.random.default_rng(2)
    X = np.vstack([rng.normal(0, 1, (40, 2)), rng.normal(2, 1, (200, 2))])
    y = np.array([1] * 40 + [0] * 200)
    model = LogisticRegression().fit(X, y)
    ev = imbeval.evaluate(model, X, y, indices=["acsa", "precision"], repeats=2, audit="none")
    assert ev.classes == [1, 0]  # pos_label=1, as in scikit-learn
    direct = evaluate_predictions(y, model.predict(X), indices=["acsa", "precision"],
                                  repeats=2, audit="none")
    pd.testing.assert_frame_equal(ev.summary, direct.summary)


def _csv(tmp_path, text):
    path = tmp_path / "pred.csv"
    path.write_text(text)
    return path


def test_read_predictions(tmp_path):
    t, p = read_predictions(_csv(tmp_path, "y_true,y_pred\na,b\nb,b\n"))
    assert (t, p) == (["a", "b"], ["b", "b"])


@pytest.mark.parametrize("text, message", [
    ("truth,y_pred\na,b\n", "no column 'y_true'"),
    ("y_true,y_pred\na,b\n,b\n", "y_true is missing in 1 row(s) (row(s) 2)"),
    ("y_true,y_pred\na,b\nb,\n", "y_pred is missing in 1 row(s) (row(s) 2)"),
    ("y_true,y_pred\n", "no rows"),
])
def test_bad_prediction_files(tmp_path, text, message):
    with pytest.raises(ValueError) as err:
        read_predictions(_csv(tmp_path, text))
    assert "pred.csv" in str(err.value) and message in str(err.value)


@pytest.mark.parametrize("y_true, y_pred, kw, message", [
    (["a", "b", "a"], ["a", "c", "a"], {}, "y_pred has unknown label(s) ['c']"),
    (["a", "a"], ["a", "a"], {}, "y_true holds one class only"),
    (["a", "b"], ["a", "b", "b"], {}, "2 true labels but 3 predictions"),
    (["a", "b"], ["a", "b"], {"labels": ["a", "b", "c"]}, "class(es) ['c'] have no point"),
    (["a", "b", "d"], ["a", "b", "b"], {"labels": ["a", "b"]}, "y_true has label(s) ['d']"),
])
def test_bad_labels(y_true, y_pred, kw, message):
    with pytest.raises(ValueError) as err:
        evaluate_predictions(y_true, y_pred, source="p.csv", audit="none", **kw)
    assert str(err.value).startswith("p.csv: ") and message in str(err.value)


def test_cli_prints_summary_and_writes_files(tmp_path, capsys):
    from imbeval.cli import main

    y, pred = designed()
    path = tmp_path / "pred.csv"
    pd.DataFrame({"y_true": y, "y_pred": pred}).to_csv(path, index=False)
    out = tmp_path / "eval"
    assert main(["evaluate", str(path), "--index", "acsa", "--index", "precision",
                 "--pos-label", "pos", "--repeats", "3", "--audit", "none",
                 "--out-dir", str(out)]) == 0
    text = capsys.readouterr().out
    # the first line is wrapped at 92 characters, where depends on the length of tmp_path
    assert ("230 test points, classes pos (30), neg (200); positive class pos"
            in " ".join(text.split()))
    assert text.count("\nacsa ") == 1 and "\nprecision " in text
    assert {p.name for p in out.iterdir()} == {"evaluate.txt", "evaluate.csv",
                                              "evaluate_draws.csv", "evaluate.pdf",
                                              "evaluate.png"}
    assert "classes pos, neg with 30, 200 true points" in (out / "evaluate.txt").read_text()
    tidy = pd.read_csv(out / "evaluate.csv")
    assert set(tidy["index"]) == {"acsa", "precision"} and len(tidy) == 10


def test_cli_bad_file_one_line_error(tmp_path, capsys):
    from imbeval.cli import main

    path = tmp_path / "pred.csv"
    path.write_text("y_true,y_pred\na,a\nb,x\n")
    assert main(["evaluate", str(path), "--audit", "none"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "y_pred has unknown label(s) ['x']" in err and "pred.csv" in err


def _scored_csv(tmp_path, **columns):
    rng = np.random.default_rng(3)
    y = np.array(["pos"] * 15 + ["neg"] * 45)
    p = np.round(1 / (1 + np.exp(-(rng.normal(0, 1, y.size) + 1.5 * (y == "pos") - 1.5))), 4)
    frame = pd.DataFrame({"y_true": y, "y_pred": np.where(p >= 0.5, "pos", "neg"), "p": p,
                          **columns})
    path = tmp_path / "pred.csv"
    frame.to_csv(path, index=False)
    return path, y, p


def test_cli_score_column_gives_the_indices_of_scores_and_their_intervals(tmp_path, capsys):
    from imbeval.cli import main
    from imbeval.scores import interval, score

    path, y, p = _scored_csv(tmp_path)
    out = tmp_path / "eval"
    assert main(["evaluate", str(path), "--index", "acsa", "--pos-label", "pos",
                 "--repeats", "1", "--audit", "none", "--ci", "0.95", "--score-column", "p",
                 "--score-ci-method", "roc_auc=delong", "--out-dir", str(out)]) == 0
    text = capsys.readouterr().out
    assert text.index("intervals from this one test set (0.95") < text.index(
        "indices of scores of the column p, intervals from this one test set")
    rows = pd.read_csv(out / "evaluate_intervals.csv", keep_default_na=False,
                       na_values=[""]).set_index("index")
    assert list(rows.index) == ["acsa", "roc_auc", "average_precision", "brier_score",
                                "log_loss"]
    for name in rows.index[1:]:
        e = interval(name, y, p, pos_label="pos",
                     ci_method="delong" if name == "roc_auc" else "auto")
        row = rows.loc[name]
        assert row["value"] == pytest.approx(score(name, y, p, pos_label="pos"), rel=1e-9)
        assert row["value"] == pytest.approx(e.value, rel=1e-9)
        assert [row["low"], row["high"]] == pytest.approx([e.low, e.high], rel=1e-9)
        assert (row["method"], row["coverage_flag"]) == (e.method, e.coverage_flag)
        assert row["coverage"] == pytest.approx(e.coverage)
        assert row["coverage_se"] == pytest.approx(e.coverage_se)
        line = next(l for l in text.splitlines() if l.split() and l.split()[0] == name)
        assert e.method in line and e.coverage_flag in line
    assert rows.loc["roc_auc", "method"] == "delong"
    assert "indices of scores of the column p" in (out / "evaluate.txt").read_text()


def test_cli_score_column_without_ci_prints_the_values(tmp_path, capsys):
    from imbeval.cli import main
    from imbeval.scores import score

    path, y, p = _scored_csv(tmp_path)
    frame = pd.read_csv(path)
    frame["margin"] = np.log(p / (1 - p))
    frame.to_csv(path, index=False)
    assert main(["evaluate", str(path), "--index", "acsa", "--pos-label", "pos", "--repeats",
                 "1", "--audit", "none", "--score-column", "margin",
                 "--out", str(tmp_path / "r.txt")]) == 0
    text = capsys.readouterr().out
    block = text[text.index("indices of scores of the column margin"):].splitlines()
    assert [l.split()[0] for l in block[2:4]] == ["roc_auc", "average_precision"]
    assert len(block) == 4  # no loss of a score that is not a probability
    auc = score("roc_auc", y, frame["margin"].to_numpy(), pos_label="pos")
    assert f"{auc:.4f}" in block[2]


@pytest.mark.parametrize("edit, column, message", [
    (None, "q", "no score column 'q' (found ['y_true', 'y_pred', 'p'])"),
    ({4: "high"}, "p", "column 'p' must hold finite numbers (scores or probabilities); "
                       "1 cell(s) do not: row 5 'high'"),
    ({2: "nan", 7: ""}, "p", "2 cell(s) do not: row 3 'nan', row 8 ''"),
])
def test_cli_bad_score_column_errors_and_writes_nothing(tmp_path, capsys, edit, column,
                                                        message):
    from imbeval.cli import main

    path, _, _ = _scored_csv(tmp_path)
    if edit:
        frame = pd.read_csv(path, dtype=str, keep_default_na=False)
        for row, cell in edit.items():
            frame.loc[row, "p"] = cell
        frame.to_csv(path, index=False)
    out = tmp_path / "eval"
    assert main(["evaluate", str(path), "--pos-label", "pos", "--audit", "none", "--ci",
                 "0.95", "--score-column", column, "--out-dir", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and message in err and "pred.csv" in err
    assert not out.exists() and not list(tmp_path.glob("*.evaluate.txt"))


def test_cli_score_column_needs_two_classes(tmp_path, capsys):
    from imbeval.cli import main

    path = tmp_path / "pred.csv"
    path.write_text("y_true,y_pred,p\na,a,0.1\nb,b,0.5\nc,c,0.9\n")
    assert main(["evaluate", str(path), "--audit", "none", "--score-column", "p",
                 "--out", str(tmp_path / "r.txt")]) == 2
    assert "--score-column is for two classes" in capsys.readouterr().err
    assert not (tmp_path / "r.txt").exists()


@pytest.mark.parametrize("methods, message", [
    (["x"], "--score-ci-method x: the method must be one of auto, delong"),
    (["auc=delong"], "--score-ci-method auc=delong: the index must be one of roc_auc"),
    (["auto", "roc_auc=delong"], "one method for all indices or INDEX=METHOD items"),
])
def test_cli_bad_score_ci_method_errors_before_the_draws(tmp_path, capsys, methods, message):
    from imbeval.cli import main

    path, _, _ = _scored_csv(tmp_path)
    argv = ["evaluate", str(path), "--pos-label", "pos", "--audit", "none", "--ci", "0.95",
            "--score-column", "p", "--out", str(tmp_path / "r.txt")]
    for m in methods:
        argv += ["--score-ci-method", m]
    assert main(argv) == 2
    assert message in capsys.readouterr().err and not (tmp_path / "r.txt").exists()
