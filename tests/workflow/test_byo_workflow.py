"""The user's classifier and index in the pipeline, on the CI-sized DAG.

Adding them to a finished run of config/test.yaml leaves the built-ins' rows of every table
unchanged, and puts the user's classifier and index in the tables, figures and claims. Bad user code stops the run
before any job, naming the config key.
"""

from __future__ import annotations

import shutil

import pandas as pd
import pytest
import yaml
from byo_helpers import with_user_code
from workflow_helpers import ROOT, SNAKEMAKE, copy_repo, snakemake

pytestmark = pytest.mark.skipif(not SNAKEMAKE.exists(), reason="snakemake is not installed")

@pytest.fixture(scope="module")
def byo_run(local_run, tmp_path_factory):
    """The finished test DAG (results and Snakemake's records), then the same config plus
    a user classifier and two user indices."""
    work = tmp_path_factory.mktemp("byo") / "repo"
    shutil.copytree(local_run, work, symlinks=True)
    cfg = with_user_code(yaml.safe_load((ROOT / "config/test.yaml").read_text()))
    # key order kept: sorted concepts would change the features command and rerun everything
    (work / "config/byo.yaml").write_text(yaml.safe_dump(cfg, sort_keys=False))
    proc = snakemake(work, "experiment_all", "--cores", "2", "--configfile", "config/byo.yaml",
                     timeout=1800)
    return work, proc.stdout + proc.stderr


def _rows(path, **where):
    frame = pd.read_csv(path, dtype=str, keep_default_na=False)
    for column, values in where.items():
        frame = frame[frame[column].isin(values)]
    return frame.reset_index(drop=True)


def test_builtin_rows_unchanged_and_user_code_present(byo_run, local_run):
    work, _ = byo_run
    builtin = ["dual_lexiboost", "nbsvm", "rusboost", "smote_mlp"]
    old_idx = pd.read_csv(local_run / "results/experiment/fold_indices.csv", dtype=str,
                          keep_default_na=False)
    new_idx = _rows(work / "results/experiment/fold_indices.csv")
    kept = new_idx[new_idx["classifier"].isin(builtin) & new_idx["index"].isin(set(old_idx["index"]))]
    pd.testing.assert_frame_equal(kept.reset_index(drop=True), old_idx)
    for table in ("confusion_matrices", "test_sets", "hyperparameters"):
        old = pd.read_csv(local_run / f"results/experiment/{table}.csv", dtype=str,
                          keep_default_na=False)
        pd.testing.assert_frame_equal(_rows(work / f"results/experiment/{table}.csv",
                                            classifier=builtin), old)
    assert set(new_idx["classifier"]) == set(builtin) | {"byo_logreg"}
    assert {"nmacro_f1", "my_accuracy"} <= set(new_idx["index"])
    # the user's classifier saw the same test sets as the built-ins
    ts = _rows(work / "results/experiment/test_sets.csv")
    keys = ["problem", "run", "fold", "scheme", "counts", "rule"]
    mine = ts[ts["classifier"] == "byo_logreg"][keys].reset_index(drop=True)
    theirs = ts[ts["classifier"] == "nbsvm"][keys].reset_index(drop=True)
    pd.testing.assert_frame_equal(mine, theirs)
    # my_accuracy is accuracy, matrix by matrix
    acc = new_idx[new_idx["index"] == "accuracy"]["value"].astype(float).to_numpy()
    mine = new_idx[new_idx["index"] == "my_accuracy"]["value"].astype(float).to_numpy()
    assert len(acc) == len(mine) and abs(acc - mine).max() < 1e-9


def test_adding_user_code_reruns_only_the_jobs_it_reaches(byo_run):
    """The finished run's features and problems are kept: config/test.yaml's classifier
    jobs are one per problem (job_unit: problem), so each reruns with the user's classifier
    added to its list (the built-ins' rows stay the same bytes: the test above); the user's
    indices change what collect computes, and the figures follow. (With per-classifier jobs
    the built-ins' jobs are kept: the next test.)"""
    _, log = byo_run
    exp = yaml.safe_load((ROOT / "config/test.yaml").read_text())["experiment"]
    assert exp["job_unit"] == "problem"
    n_problems = len(exp["two_class"]) + len(exp["multi_class"])
    assert "rule experiment_features:" not in log and "rule experiment_problems:" not in log
    classifiers = ",".join([*exp["classifiers"], "byo_logreg"])
    assert log.count("rule experiment_problem_runs:") == log.count(f"--classifier {classifiers} ") == n_problems
    assert "rule experiment_run:" not in log and "rule experiment_fold:" not in log
    assert "rule experiment_collect:" in log and "rule experiment_figures:" in log


def test_user_index_and_classifier_in_figures_and_claims(byo_run):
    work, _ = byo_run
    figs = work / "results/figures/mullick2020"
    for fig in ("fig3", "fig4a", "fig5"):
        data = pd.read_csv(figs / f"{fig}.csv")
        assert {"nmacro_f1", "my_accuracy"} <= set(data["index"]), fig
    claims = pd.read_csv(figs / "claims.csv")
    user = claims[claims["row"].str.startswith("user index")]
    assert set(user["item"]) == {"Fig. 3 (your indices)", "Fig. 4a (your indices)",
                                 "Fig. 5 (your indices)"}
    assert user["row"].str.contains("nmacro_f1").any()
    # verdict rows, decided in tables (the report's comparison holds the same)
    from imbeval_repro.verdicts import COLUMNS

    assert list(claims.columns) == COLUMNS
    summary = pd.read_csv(work / "results/experiment/summary.csv")
    assert "byo_logreg" in set(summary["classifier"])


def _bad(repo, name, edit):
    cfg = with_user_code(yaml.safe_load((ROOT / "config/test.yaml").read_text()))
    cfg["experiment"]["classifiers"].pop("byo_logreg")
    edit(cfg)
    (repo / f"config/{name}.yaml").write_text(yaml.safe_dump(cfg))
    return snakemake(repo, "experiment_all", "--cores", "1", "--configfile",
                     f"config/{name}.yaml", check=False)


@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    work = copy_repo(tmp_path_factory.mktemp("bad"))
    (work / "plugins/broken.py").write_text(
        "import numpy as np\n\n"
        "def wrong_shape(cm):\n    return np.zeros(3)\n\n"
        "class NotAClassifier:\n    def fit(self, X, y):\n        return self\n")
    return work


@pytest.mark.parametrize("name, edit, expected", [
    ("no_module", lambda c: c["experiment"]["classifiers"].update(mine={"estimator": "nomod_zz:Make"}),
     "experiment.classifiers.mine.estimator: 'nomod_zz:Make' does not import: no module named 'nomod_zz'"),
    ("not_classifier", lambda c: c["experiment"]["classifiers"].update(mine={"estimator": "broken:NotAClassifier"}),
     "experiment.classifiers.mine.estimator: 'broken:NotAClassifier' gives NotAClassifier, which is not"),
    ("index_shape", lambda c: c["experiment"].update(indices=["all", "broken:wrong_shape"]),
     "experiment.indices[1]: index broken:wrong_shape: returns shape (3,)"),
])
def test_bad_user_code_stops_before_any_job(repo, name, edit, expected):
    proc = _bad(repo, name, edit)
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0 and expected in out, out[-3000:]
    assert "Building DAG of jobs" not in out
    assert not (repo / "results").exists() and not (repo / "logs").exists()


def test_table_dataset_features_and_problems(repo):
    """A user's table (the vendored UCI glass data as a Parquet file) through the features
    and problems jobs of the workflow."""
    from imbeval_repro.experiment.data.uci import load_glass

    X, y = load_glass()
    frame = pd.DataFrame(X, columns=[f"f{j}" for j in range(X.shape[1])]).assign(glass_type=y)
    frame.to_parquet(repo / "glass.parquet")
    cfg = yaml.safe_load((ROOT / "config/test.yaml").read_text())
    cfg["experiment"].update(
        dataset="table",
        features={"path": "glass.parquet", "label_column": "glass_type"},
        concepts={"float": [1, 3], "nonfloat": [2], "containers": [5], "headlamps": [7]},
        two_class=[{"name": "headlamps_vs_windows", "minority": "headlamps",
                    "majority": ["float", "nonfloat"], "ir": 5}],
        multi_class=[{"name": "g3", "classes": ["nonfloat", "containers", "headlamps"], "ir": 5}],
    )
    (repo / "config/table.yaml").write_text(yaml.safe_dump(cfg))
    snakemake(repo, "results/experiment/problems.csv", "--cores", "1", "--configfile",
              "config/table.yaml")
    problems = pd.read_csv(repo / "results/experiment/problems.csv").set_index("problem")
    assert problems.loc["headlamps_vs_windows", "sizes"] == "29;145"
    assert problems.loc["g3", "n_classes"] == 3
    shutil.rmtree(repo / "results")
    shutil.rmtree(repo / "logs", ignore_errors=True)
