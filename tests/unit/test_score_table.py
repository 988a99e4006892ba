"""``imbeval score`` and :func:`imbeval.scoring.score_table`: per-fold predictions to the long
score table ``imbeval compare`` reads."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest

from imbeval.cli import main
from imbeval.metrics import UndefinedMetricWarning, score
from imbeval.scoring import score_table


def predictions(seed=0, datasets=("glass", "yeast", "ecoli"), classifiers=("rf", "lr"),
                folds=3, n=30, classes=2, runs=None):
    """Generated predictions, sorted by group; the scores of class 1 (or one column per
    class for more classes)."""
    rng = np.random.default_rng(seed)
    frames = []
    for d in datasets:
        for c in classifiers:
            for r in (runs or [None]):
                for f in range(folds):
                    y = rng.integers(0, classes, n)
                    noisy = np.where(rng.random(n) < 0.3, rng.integers(0, classes, n), y)
                    frame = pd.DataFrame({"dataset": d, "classifier": c, "fold": f,
                                          "y_true": y, "y_pred": noisy})
                    if r is not None:
                        frame.insert(2, "run", r)
                    if classes == 2:
                        frame["y_score"] = np.clip(0.4 * y + 0.6 * rng.random(n), 0, 1)
                    else:
                        p = rng.dirichlet(np.ones(classes), n)
                        p[np.arange(n), y] += 1.0
                        p /= p.sum(axis=1, keepdims=True)
                        for k in range(classes):
                            frame[f"p_{k}"] = p[:, k]
                    frames.append(frame)
    return pd.concat(frames, ignore_index=True)


KEYS = ["dataset", "classifier", "fold"]


def test_values_agree_with_metrics_score_per_group():
    frame = predictions(classes=3)
    frame["w"] = np.random.default_rng(1).integers(1, 4, len(frame))
    names = ["acsa", "mcc", "gmean", "macro_f1", "kappa", "balanced_accuracy", "recall_macro"]
    table = score_table(frame, names, weight_col="w")
    assert list(table.columns) == ["problem", "classifier", "fold", "index", "value"]
    assert len(table) == frame.groupby(KEYS).ngroups * len(names)
    for (d, c, f), rows in frame.groupby(KEYS):
        classes = sorted(set(frame.loc[frame["dataset"] == d, "y_true"])
                         | set(frame.loc[frame["dataset"] == d, "y_pred"]))
        for name in names:
            expected = score(name, rows["y_true"], rows["y_pred"], labels=classes,
                             sample_weight=rows["w"], zero_division=np.nan)
            got = table.query("problem == @d and classifier == @c and fold == @f "
                              "and index == @name")["value"]
            assert got.size == 1 and got.iloc[0] == pytest.approx(expected, nan_ok=True)


def test_two_class_values_agree_with_scikit_learn():
    metrics = pytest.importorskip("sklearn.metrics")
    frame = predictions()
    table = score_table(frame, "balanced_accuracy,matthews_corrcoef,f1,precision,roc_auc")
    functions = {"balanced_accuracy": metrics.balanced_accuracy_score,
                 "matthews_corrcoef": metrics.matthews_corrcoef, "f1": metrics.f1_score,
                 "precision": metrics.precision_score}
    for (d, c, f), rows in frame.groupby(KEYS):
        got = table.query("problem == @d and classifier == @c and fold == @f")
        got = dict(zip(got["index"], got["value"]))
        for name, fn in functions.items():
            assert got[name] == pytest.approx(fn(rows["y_true"], rows["y_pred"]))
        assert got["roc_auc"] == pytest.approx(metrics.roc_auc_score(rows["y_true"],
                                                                     rows["y_score"]))


def test_several_classes_scores_by_list_and_prefix_agree_with_scikit_learn():
    metrics = pytest.importorskip("sklearn.metrics")
    frame = predictions(classes=3, datasets=("glass",))
    by_list = score_table(frame, ["roc_auc_ovr", "log_loss"], score_col=["p_0", "p_1", "p_2"])
    by_prefix = score_table(frame, ["roc_auc_ovr", "log_loss"], score_col="p_*")
    pd.testing.assert_frame_equal(by_list, by_prefix)
    for (d, c, f), rows in frame.groupby(KEYS):
        p = rows[["p_0", "p_1", "p_2"]].to_numpy()
        got = by_list.query("classifier == @c and fold == @f")
        got = dict(zip(got["index"], got["value"]))
        assert got["roc_auc_ovr"] == pytest.approx(
            metrics.roc_auc_score(rows["y_true"], p, multi_class="ovr", labels=[0, 1, 2]))
        assert got["log_loss"] == pytest.approx(metrics.log_loss(rows["y_true"], p,
                                                                 labels=[0, 1, 2]))


def test_text_labels_take_the_positive_class_named():
    frame = predictions()
    text = frame.assign(y_true=frame["y_true"].map({0: "neg", 1: "pos"}),
                        y_pred=frame["y_pred"].map({0: "neg", 1: "pos"}))
    with pytest.raises(ValueError, match=r"text labels \['neg', 'pos'\].*pos_label="):
        score_table(text, "precision")
    numbers = score_table(frame, "precision,roc_auc,acsa")
    named = score_table(text, "precision,roc_auc,acsa", pos_label="pos")
    pd.testing.assert_frame_equal(numbers, named)
    # a multi-class index needs no positive class
    assert score_table(text, "acsa")["value"].notna().all()


def test_chunked_equals_unchunked():
    frame = predictions(runs=[0, 1])
    names = ["acsa", "mcc", "roc_auc", "brier_score"]
    whole = score_table(frame, names)
    assert list(whole.columns) == ["problem", "classifier", "run", "fold", "index", "value"]
    for size in (1, 7, 100):
        pd.testing.assert_frame_equal(score_table(frame, names, chunksize=size), whole)


def test_a_file_in_chunks_equals_the_frame(tmp_path):
    frame = predictions()
    frame.to_csv(tmp_path / "p.csv", index=False)
    names = ["acsa", "gmean", "roc_auc"]
    whole = score_table(frame, names)
    for size in (None, 11, 90):
        pd.testing.assert_frame_equal(score_table(tmp_path / "p.csv", names, chunksize=size),
                                      whole)


def test_csv_and_parquet_give_the_same_table(tmp_path):
    pytest.importorskip("pyarrow")
    frame = predictions(classes=3)
    frame.to_csv(tmp_path / "p.csv", index=False)
    frame.to_parquet(tmp_path / "p.parquet", index=False)
    names = ["acsa", "mcc", "roc_auc_ovr"]
    csv = score_table(tmp_path / "p.csv", names, score_col="p_*", chunksize=50)
    parquet = score_table(tmp_path / "p.parquet", names, score_col="p_*", chunksize=50)
    pd.testing.assert_frame_equal(csv, parquet)
    assert np.isfinite(csv["value"]).all()


def test_compare_reads_the_output(tmp_path, capsys):
    frame = predictions(datasets=("a", "b", "c", "d", "e"), classifiers=("rf", "lr", "nb"))
    frame.to_csv(tmp_path / "p.csv", index=False)
    assert main(["score", str(tmp_path / "p.csv"), "--index", "acsa,mcc", "--index", "gmean",
                 "--out", str(tmp_path / "scores.csv"), "--ci", "0.9",
                 "--ci-method", "dirichlet"]) == 0
    table = pd.read_csv(tmp_path / "scores.csv")
    assert set(table["index"]) == {"acsa", "mcc", "gmean"}
    assert (table["level"] == 0.9).all() and (table["method"] == "dirichlet").all()
    defined = table.dropna(subset=["low", "high"])
    assert len(defined) > 0.9 * len(table)
    assert ((defined["low"] <= defined["value"]) & (defined["value"] <= defined["high"])).all()
    capsys.readouterr()
    assert main(["compare", str(tmp_path / "scores.csv"), "--index", "acsa,mcc,gmean",
                 "--out-dir", str(tmp_path / "cmp")]) == 0
    ranks = pd.read_csv(tmp_path / "cmp" / "ranks.csv")
    assert set(ranks["classifier"]) == {"rf", "lr", "nb"}


def test_intervals_are_the_metrics_intervals_of_each_fold():
    from imbeval.metrics import interval
    from imbeval.scoring import _seed_of

    frame = predictions(datasets=("glass",), classifiers=("rf",), folds=2, n=60)
    table = score_table(frame, "mcc", ci=0.95, ci_method="delta")
    for f, rows in frame.groupby("fold"):
        e = interval("mcc", rows["y_true"], rows["y_pred"], ci_method="delta",
                     labels=[0, 1], seed=_seed_of(0, ("glass", "rf", str(f))))
        got = table[table["fold"] == f].iloc[0]
        assert (got["low"], got["high"], got["method"]) == pytest.approx(
            (e.low, e.high, "delta"))


def test_indices_of_scores_say_when_no_interval_is_offered(monkeypatch):
    import imbeval.scoring as scoring

    monkeypatch.setattr(scoring, "score_interval_function", lambda: None)
    table = score_table(predictions(), "roc_auc", ci=0.95)
    assert table["low"].isna().all()
    assert table["undecidable"].str.contains("no interval").all()


def test_a_fold_with_one_class_is_nan_and_named(tmp_path, capsys):
    frame = predictions()
    one = (frame["dataset"] == "yeast") & (frame["classifier"] == "lr") & (frame["fold"] == 1)
    frame.loc[one, "y_true"] = 0
    with pytest.warns(UndefinedMetricWarning, match=r"\(yeast, lr, fold 1\)") as caught:
        table = score_table(frame, "acsa,roc_auc,accuracy")
    nan = table[table["value"].isna()]
    assert set(map(tuple, nan[["problem", "classifier", "fold", "index"]].to_numpy())) == {
        ("yeast", "lr", 1, "acsa"), ("yeast", "lr", 1, "roc_auc")}
    assert {str(w.message).split("'")[1] for w in caught} == {"acsa", "roc_auc"}
    frame.to_csv(tmp_path / "p.csv", index=False)
    assert main(["score", str(tmp_path / "p.csv"), "--index", "acsa", "--out",
                 str(tmp_path / "s.csv")]) == 0
    err = capsys.readouterr().err
    assert "warning: 'acsa' is undefined (NaN) in 1 of 18" in err and "yeast, lr, fold 1" in err


def test_a_two_class_index_on_more_classes_is_nan_for_that_dataset():
    two = predictions(datasets=("glass",))
    three = predictions(datasets=("yeast",), classes=3)
    with pytest.warns(UndefinedMetricWarning, match=r"every group of yeast \(6\).*two-class"):
        table = score_table(pd.concat([two, three]), "precision")
    assert table.set_index("problem")["value"].isna().groupby(level=0).all().to_dict() == {
        "glass": False, "yeast": True}


def test_a_missing_column_is_named():
    frame = predictions().drop(columns="fold").rename(columns={"dataset": "problem"})
    with pytest.raises(ValueError, match=r"no column 'dataset', 'fold'.*--dataset-col"):
        score_table(frame, "acsa")
    table = score_table(frame, "acsa", dataset_col="problem", fold_col=None)
    assert list(table.columns) == ["problem", "classifier", "index", "value"]
    with pytest.raises(ValueError, match=r"no column 'y_score' \(y_score: scores, needed by 'roc_auc'\)"):
        score_table(predictions().drop(columns="y_score"), "roc_auc")


def test_a_file_that_does_not_exist(tmp_path, capsys):
    with pytest.raises(FileNotFoundError, match="does not exist"):
        score_table(tmp_path / "none.csv", "acsa")
    assert main(["score", str(tmp_path / "none.csv"), "--index", "acsa", "--out",
                 str(tmp_path / "s.csv")]) == 2
    assert "none.csv does not exist" in capsys.readouterr().err


@pytest.mark.parametrize("name, close", [("mcx", "mcc"), ("roc_aux", "roc_auc")])
def test_an_unknown_index_gets_the_closest_names(name, close):
    with pytest.raises(ValueError, match=f"'{close}'"):
        score_table(predictions(), name)


def test_probabilities_as_labels_get_the_api_message(tmp_path, capsys):
    frame = predictions()
    frame["y_pred"] = frame["y_score"]
    with pytest.raises(ValueError, match=r"continuous values.*predict\(X\)"):
        score_table(frame, "acsa")
    frame.to_csv(tmp_path / "p.csv", index=False)
    assert main(["score", str(tmp_path / "p.csv"), "--index", "acsa", "--out",
                 str(tmp_path / "s.csv")]) == 2
    assert "continuous values" in capsys.readouterr().err


def test_an_empty_label_is_an_error_not_a_dropped_row(tmp_path):
    frame = predictions()
    frame.to_csv(tmp_path / "p.csv", index=False)
    text = (tmp_path / "p.csv").read_text().splitlines()
    fields = text[5].split(",")
    fields[3] = "n/a"
    text[5] = ",".join(fields)
    (tmp_path / "p.csv").write_text("\n".join(text) + "\n")
    with pytest.raises(ValueError, match=r"column 'y_true' is empty .* rows \[4\]"):
        score_table(tmp_path / "p.csv", "acsa")


def test_scores_of_a_group_split_in_a_file_are_an_error(tmp_path):
    frame = predictions()
    shuffled = frame.sample(frac=1.0, random_state=0)
    shuffled.to_csv(tmp_path / "p.csv", index=False)
    with pytest.raises(ValueError, match=r"not together.*sort the file"):
        score_table(tmp_path / "p.csv", "roc_auc")
    # label indices need no order, and a DataFrame is grouped in memory
    labels = score_table(tmp_path / "p.csv", "acsa", chunksize=17)
    assert labels["value"].notna().all()
    in_memory = score_table(shuffled, "roc_auc")
    by_group = score_table(frame, "roc_auc")
    key = ["problem", "classifier", "fold"]
    pd.testing.assert_frame_equal(in_memory.sort_values(key).reset_index(drop=True),
                                  by_group.sort_values(key).reset_index(drop=True))


def test_cli_pos_label_and_parquet_out(tmp_path, capsys):
    pytest.importorskip("pyarrow")
    frame = predictions()
    frame.to_csv(tmp_path / "p.csv", index=False)
    assert main(["score", str(tmp_path / "p.csv"), "--index", "precision", "--pos-label", "0",
                 "--out", str(tmp_path / "s.parquet")]) == 0
    got = pd.read_parquet(tmp_path / "s.parquet")
    expected = score_table(frame, "precision", pos_label=0)
    pd.testing.assert_frame_equal(got, expected)
    assert "wrote" in capsys.readouterr().out


def test_help_states_the_default_positive_class(capsys):
    with pytest.raises(SystemExit):
        main(["score", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "(default: 1, as in scikit" in out


def test_no_warning_when_every_value_is_defined():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        score_table(predictions(), "acsa,roc_auc")


def test_the_guides_example_writes_what_the_guide_shows(tmp_path):
    import re
    import subprocess
    import sys
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "compare.md").read_text()
    section = text.split("## From predictions to a score table", 1)[1].split("\n#", 1)[0]
    (tmp_path / "predictions.csv").write_text(re.search(r"```csv\n(.*?)```", section,
                                                        re.S).group(1))
    command = re.search(r"```bash\n(.*?)\n```", section, re.S).group(1)
    shown = re.search(r"```\n(problem,.*?)```", section, re.S).group(1)
    assert command.startswith("imbeval score ")
    subprocess.run([sys.executable, "-m", "imbeval.cli", *command.split()[1:]], cwd=tmp_path,
                   check=True, capture_output=True)
    assert (tmp_path / "scores.csv").read_text() == shown
