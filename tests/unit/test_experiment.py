"""The experiment CLI end to end on tiny data, and the mullick2020 figure statistics."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from imbeval.cli import main
from imbeval_repro.papers.mullick2020 import figures as fig


def _indices_frame():
    """Synthetic fold_indices.csv: two two-class and two multi-class problems, 2 classifiers."""
    rows = []
    schemes2 = ["1", "0.5", "IR/2", "IR", "2IR"]
    schemes_m = ["balanced", "reversed", "minority_ir_halved", "original", "others_doubled"]
    for problem, schemes, names in [("t1", schemes2, fig.FIG3_INDICES), ("t2", schemes2, fig.FIG3_INDICES),
                                    ("m3", schemes_m, fig.FIG5_INDICES | fig.FIG4A_INDICES),
                                    ("m10", schemes_m, fig.FIG5_INDICES | fig.FIG4A_INDICES)]:
        for c, clf in enumerate(["a", "b"]):
            for s, scheme in enumerate(schemes):
                for run in (0, 1):
                    for name in names:
                        # Precision moves with the scheme, the others barely; folds add noise
                        slope = 0.1 if name == "precision" else 0.001 * (1 + list(names).index(name))
                        base = 0.2 if (problem == "m10" and name == "gmean" and scheme == "reversed") else 0.8
                        value = 0.0 if base == 0.2 and clf == "b" else base
                        rows.append({"problem": problem, "classifier": clf, "run": run, "fold": 0,
                                     "scheme": scheme, "rrt": 1.0, "index": name,
                                     "value": value + slope * s + 0.01 * c + 0.001 * run})
    return pd.DataFrame(rows)


PROBLEMS = pd.DataFrame({"problem": ["t1", "t2", "m3", "m10"],
                         "kind": ["two-class", "two-class", "multi-class", "multi-class"],
                         "n_classes": [2, 2, 3, 10], "ir": [5.0, 20.0, 20.0, 25.0]})


def test_fig3_std_is_over_test_sets_and_classifiers_of_run_fold_means():
    idx = _indices_frame()
    data = fig.fig3_data(idx, PROBLEMS)
    sel = idx[(idx.problem == "t1") & (idx["index"] == "precision")]
    cells = sel.groupby(["classifier", "scheme"])["value"].mean()
    assert len(cells) == 10
    row = data[(data.problem == "t1") & (data["index"] == "precision")]
    assert row["std_pooled"].item() == pytest.approx(np.std(cells.to_numpy()))
    within = np.mean([np.std(cells[c].to_numpy()) for c in ("a", "b")])
    assert row["std_within"].item() == pytest.approx(within)
    assert set(data["problem"]) == {"t1", "t2"}


def test_fig4b_normalises_by_the_smallest_std_over_datasets():
    data = fig.fig4b_data(_indices_frame(), PROBLEMS)
    for name, group in data.groupby("index"):
        assert group["normalised_std"].min() == pytest.approx(1.0)
        assert np.allclose(group["normalised_std"], group["std_pooled"] / group["std_pooled"].min())


def test_fig5_takes_the_minimum_cell_mean():
    data = fig.fig5_data(_indices_frame(), PROBLEMS)
    g = data[(data.problem == "m10") & (data["index"] == "gmean")]["minimum"].item()
    # classifier b on the reversed test set: 0.0 + slope * 1 + 0.01 + mean run offset
    assert g == pytest.approx(0.0 + 0.001 * 5 * 1 + 0.01 + 0.0005)


def test_the_figures_only_draw_their_claims_are_decided_in_tables():
    # no claim is decided in the figure module: claims.csv is the verdict table's rows
    # (tables.claims_mullick2020.claims_table, tests/unit/test_claims.py)
    assert not hasattr(fig, "claims")
    import inspect

    assert "claims" not in inspect.signature(fig.draw_all).parameters


def test_draw_all_writes_every_figure(tmp_path):
    _indices_frame().to_csv(tmp_path / "fold_indices.csv", index=False)
    PROBLEMS.to_csv(tmp_path / "problems.csv", index=False)
    out = fig.draw_all(tmp_path / "fold_indices.csv", tmp_path / "problems.csv", tmp_path / "figs")
    for name in ("fig3", "fig4a", "fig4b", "fig5"):
        for ext in ("pdf", "png", "csv"):
            assert (tmp_path / "figs" / f"{name}.{ext}").stat().st_size > 0
    assert (tmp_path / "figs" / "claims.csv") not in out   # written by the CLI, from tables
    assert not list((tmp_path / "figs").glob(".*"))      # no temporary files left


@pytest.mark.slow
def test_cli_stages_on_digits(tmp_path, capsys):
    shards = tmp_path / "features"
    assert main(["experiment", "features", "digits", "--concept", "a=0", "--concept", "b=1,7",
                 "--concept", "c=2", "--out-dir", str(shards)]) == 0
    settings = {"two_class": [{"name": "ab", "minority": "a", "majority": "b", "ir": 5}],
                "multi_class": [{"name": "abc", "classes": ["b", "a", "c"], "ir": 4}],
                "max_class_size": 200}
    assert main(["experiment", "problems", "--features", str(shards), "--settings", json.dumps(settings),
                 "--seed", "1", "--out-dir", str(tmp_path / "problems"), "--table", str(tmp_path / "problems.csv")]) == 0
    table = pd.read_csv(tmp_path / "problems.csv")
    assert table.set_index("problem").loc["ab", "sizes"] == "40;200"
    runs = []
    for problem in ("ab", "abc"):
        out = tmp_path / "runs" / f"{problem}.json"
        proto = {"protocol": {"folds": 2, "inner_folds": 2}, "classifier": {"grid": {"C": [1.0, 10.0]}}}
        assert main(["experiment", "run", "--problem", str(tmp_path / "problems" / f"{problem}.npz"),
                     "--classifier", "nbsvm", "--run", "0", "--seed", "1", "--settings", json.dumps(proto),
                     "--out", str(out)]) == 0
        runs.append(str(out))
    assert main(["experiment", "collect", *runs, "--out-dir", str(tmp_path / "res")]) == 0
    idx = pd.read_csv(tmp_path / "res" / "fold_indices.csv")
    assert len(idx.groupby(["problem", "fold", "scheme"])) == 2 * 2 * 5
    hp = pd.read_csv(tmp_path / "res" / "hyperparameters.csv")
    assert all(json.loads(p)["C"] in (1.0, 10.0) for p in hp["params"])
    # bad input: one line, non-zero exit, no output file
    capsys.readouterr()
    assert main(["experiment", "run", "--problem", str(tmp_path / "problems" / "ab.npz"), "--classifier",
                 "nosuch", "--run", "0", "--seed", "1", "--out", str(tmp_path / "x.json")]) == 2
    assert "unknown classifier 'nosuch'" in capsys.readouterr().err
    assert not (tmp_path / "x.json").exists()


def test_one_job_for_several_classifiers_writes_each_classifiers_own_files(tmp_path, capsys):
    """job_unit: problem -- `--classifier a,b --runs-dir DIR` writes, byte for byte, the fold
    files that one job per classifier (`--out-dir DIR/<classifier>`) writes."""
    shards = tmp_path / "features"
    assert main(["experiment", "features", "digits", "--concept", "a=0", "--concept", "b=1,7",
                 "--out-dir", str(shards)]) == 0
    settings = {"two_class": [{"name": "ab", "minority": "a", "majority": "b", "ir": 5}],
                "multi_class": [], "max_class_size": 150}
    assert main(["experiment", "problems", "--features", str(shards), "--settings",
                 json.dumps(settings), "--seed", "1", "--out-dir", str(tmp_path / "problems"),
                 "--table", str(tmp_path / "problems.csv")]) == 0
    problem = str(tmp_path / "problems" / "ab.npz")
    protocol = {"folds": 2, "inner_folds": 2}
    clfs = {"nbsvm": {"grid": {"C": [1.0, 10.0]}}, "dual_lexiboost": {"params": {"n_estimators": 2}}}
    for name, spec in clfs.items():
        assert main(["experiment", "run", "--problem", problem, "--classifier", name,
                     "--run", "0,1", "--seed", "3", "--settings",
                     json.dumps({"protocol": protocol, "classifier": spec}),
                     "--out-dir", str(tmp_path / "one" / name)]) == 0
    both = json.dumps({"protocol": protocol, "classifiers": clfs})
    assert main(["experiment", "run", "--problem", problem, "--classifier",
                 "nbsvm,dual_lexiboost", "--run", "0,1", "--seed", "3", "--settings", both,
                 "--runs-dir", str(tmp_path / "all")]) == 0
    one = sorted(p.relative_to(tmp_path / "one") for p in (tmp_path / "one").rglob("*.json"))
    assert len(one) == 2 * 2 * 2
    assert one == sorted(p.relative_to(tmp_path / "all") for p in (tmp_path / "all").rglob("*.json"))
    assert all((tmp_path / "one" / p).read_bytes() == (tmp_path / "all" / p).read_bytes() for p in one)
    # bad input: one line naming what is missing, no file written
    capsys.readouterr()
    run = ["experiment", "run", "--problem", problem, "--run", "0", "--seed", "3"]
    assert main([*run, "--classifier", "nbsvm,dual_lexiboost", "--settings",
                 json.dumps({"classifiers": {"nbsvm": {}}}), "--runs-dir", str(tmp_path / "x")]) == 2
    assert "missing: dual_lexiboost" in capsys.readouterr().err
    assert main([*run, "--classifier", "nbsvm,dual_lexiboost", "--settings", both,
                 "--out-dir", str(tmp_path / "x")]) == 2
    assert "--runs-dir" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()
