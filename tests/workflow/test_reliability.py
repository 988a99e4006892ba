"""Reliability: the same numbers twice, surviving SIGKILL, loud refusal of bad
configuration and bad data, no crash on arbitrary input, the cluster path.

Where the tests live:

1. determinism -- ``test_two_clean_runs_give_byte_identical_results``,
   ``test_a_changed_seed_changes_the_results`` (here);
2. kill and resume -- ``test_sigkill_mid_training_then_documented_restart_...``,
   ``test_truncated_*`` (here);
3. bad configuration -- ``test_bad_config_is_refused_before_any_job`` (here, 11 cases) and
   ``tests/workflow/test_workflow.py::test_bad_config_stops_before_any_job_naming_the_key`` (6);
4. bad data -- here: truncated run file / problem file / empty JSON; elsewhere (not
   repeated): missing ImageNet folder, missing or empty wnid folder
   (``tests/unit/test_data.py::test_listing_errors_name_the_folder``), corrupt JPEG skipped and
   reported (``tests/unit/test_features_inception.py::test_inception_extraction_end_to_end``),
   truncated feature shard (``tests/unit/test_features.py::test_truncated_shard_is_not_complete``),
   Fashion-MNIST checksum (``tests/unit/test_data.py::test_resolver_order_and_checksums``), a class
   absent from the test set (``tests/unit/test_indices_core.py::test_zero_division_policy``: its
   recall is 0/0 -> ``zero_division``, NaN by default, documented in
   ``imbeval.indices._validation``; here: the same through ``imbeval experiment collect``);
5. fuzzing -- ``test_fuzz_*`` in tests/unit/test_reliability_inputs.py (no Snakemake run: the fast
   subset keeps them), with the check of every shipped config;
6. cluster path -- ``tests/workflow/test_workflow.py::test_slurm_profile_dry_run_lists_jobs_with_resources``
   and ``::test_cluster_generic_executor_retries_a_failed_job_and_gives_the_same_results``
   (the session fixture ``cluster_run`` in tests/conftest.py makes the first submission of
   experiment_collect fail; ``--retries 1`` resubmits it).

The Snakemake runs share the session fixtures of tests/conftest.py; this module adds two
(a killed-and-resumed run and a run with another seed), about two minutes on 2 cores.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import yaml
from workflow_helpers import (
    EXPERIMENT_TABLES,
    ROOT,
    SNAKEMAKE,
    copy_repo,
    load_test_config,
    result_files,
    snakemake,
    snakemake_env,
)

from imbeval.cli import main

needs_snakemake = pytest.mark.skipif(not SNAKEMAKE.exists(), reason="snakemake is not installed")
TEST_DAG = ["experiment_all", "--configfile", "config/test.yaml"]
# The kill-and-resume test kills a per-classifier run job (experiment.job_unit: run, the
# schema's default), where config/test.yaml runs one job per problem: it also keeps that
# rule running end to end, compared byte for byte with the per-problem local run.
RUN_UNIT_DAG = [*TEST_DAG, "--config", "experiment={job_unit: run}"]


# ---------------------------------------------------------------- 1. determinism

@needs_snakemake
def test_two_clean_runs_give_byte_identical_results(local_run, cluster_run):
    """Two runs from clean copies (one local with --cores 2, one through the cluster
    executor with a retried job): every result table, confusion matrix, problem file, run
    file and figure table is byte-identical."""
    a, b = result_files(local_run), result_files(cluster_run[0])
    exp = load_test_config()["experiment"]
    n_fold_files = 4 * len(exp["classifiers"]) * exp["protocol"]["runs"] * exp["protocol"]["folds"]
    # figure data: fig3, fig4a, fig4b, fig5, claims, claim_units and fig3_scores
    assert len(a) == len(EXPERIMENT_TABLES) + 1 + 4 + n_fold_files + 7
    assert a.keys() == b.keys()
    assert [name for name in a if a[name] != b[name]] == []


@pytest.fixture(scope="module")
def other_seed_run(tmp_path_factory):
    work = copy_repo(tmp_path_factory.mktemp("seed"))
    cfg = load_test_config()
    cfg["seed"] += 1
    (work / "config/seed.yaml").write_text(yaml.safe_dump(cfg))
    # The result tables are enough (the figures only read them).
    snakemake(work, "results/experiment/fold_indices.csv", "--cores", "2", "--configfile", "config/seed.yaml")
    return work


@needs_snakemake
def test_a_changed_seed_changes_the_results(local_run, other_seed_run):
    # (test_sets.csv holds the test-set sizes, which follow from the fold sizes alone, and
    # the tuned hyperparameters may coincide: neither has to change with the seed)
    for table in ["fold_indices", "confusion_matrices", "summary"]:
        a = pd.read_csv(local_run / f"results/experiment/{table}.csv")
        b = pd.read_csv(other_seed_run / f"results/experiment/{table}.csv")
        # the same experiment (same rows), other numbers
        assert list(a.columns) == list(b.columns) and len(a) == len(b)
        keys = [c for c in ("problem", "classifier", "run", "fold", "scheme", "index") if c in a.columns]
        assert a[keys].drop_duplicates().equals(b[keys].drop_duplicates())
        assert not a.equals(b), table
    va = pd.read_csv(local_run / "results/experiment/fold_indices.csv")["value"].to_numpy()
    vb = pd.read_csv(other_seed_run / "results/experiment/fold_indices.csv")["value"].to_numpy()
    assert np.mean(~np.isclose(va, vb, equal_nan=True)) > 0.5
    for problem in ("c3", "one_vs_zero_six"):
        pa = (local_run / f"results/experiment/problems/{problem}.npz").read_bytes()
        pb = (other_seed_run / f"results/experiment/problems/{problem}.npz").read_bytes()
        assert pa != pb


# ---------------------------------------------------------------- 2. kill and resume

@needs_snakemake
def test_sigkill_mid_training_then_documented_restart_completes_identically(local_run, tmp_path):
    work = copy_repo(tmp_path / "killed")
    runs = work / "results/experiment/runs"
    proc = subprocess.Popen([str(SNAKEMAKE), *RUN_UNIT_DAG, "--cores", "2"], cwd=work,
                            env=snakemake_env(), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 600  # a guard against hanging, not a timing assertion
        while not (runs.is_dir() and any(runs.glob("*/*/run*/fold*.json"))):
            assert proc.poll() is None, "snakemake finished before any fold file appeared"
            assert time.monotonic() < deadline, "no fold file after 10 minutes"
            time.sleep(0.1)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)  # snakemake and every job it started
        proc.wait()
    exp = load_test_config()["experiment"]
    n_runs = len(exp["classifiers"]) * 4
    # a run job writes its fold files one by one: the runs with every fold file are done
    folds_done = sorted(runs.glob("*/*/run*/fold*.json"))
    done = {p.parent for p in folds_done
            if len(list(p.parent.glob("fold*.json"))) == exp["protocol"]["folds"]}
    assert 1 <= len(folds_done) and len(done) < n_runs
    assert not (work / "results/experiment/fold_indices.csv").exists()
    upstream = {p: p.stat().st_mtime_ns for p in
                [*(work / "results/experiment/features").glob("*.npz"),
                 *(work / "results/experiment/problems").glob("*.npz")]}
    assert len(upstream) == 7 + 4

    # The kill left Snakemake's lock: the same command is refused, pointing to --unlock.
    refused = snakemake(work, *RUN_UNIT_DAG, "--cores", "2", check=False)
    assert refused.returncode != 0 and "--unlock" in refused.stdout + refused.stderr
    assert not (work / "results/experiment/fold_indices.csv").exists()

    # The README's recipe: unlock, then the same command with --rerun-incomplete.
    snakemake(work, *RUN_UNIT_DAG, "--unlock")
    resumed = snakemake(work, *RUN_UNIT_DAG, "--cores", "2", "--rerun-incomplete")
    log = resumed.stdout + resumed.stderr
    # finished work is kept: features and problems are not rebuilt
    assert "rule experiment_features:" not in log and "rule experiment_problems:" not in log
    assert {p: p.stat().st_mtime_ns for p in upstream} == upstream
    assert 1 <= log.count("rule experiment_run:") <= n_runs - len(done) + 2  # + the ones cut off
    assert "rule experiment_problem_runs:" not in log
    # the same bytes as local_run, whose classifier jobs are one per problem
    a, b = result_files(local_run), result_files(work)
    assert a.keys() == b.keys() and [name for name in a if a[name] != b[name]] == []
    # and the resumed directory is complete
    assert "Nothing to be done" in snakemake(work, *RUN_UNIT_DAG, "-n").stdout


def _truncate(src: Path, dest: Path) -> Path:
    data = src.read_bytes()
    dest.write_bytes(data[: len(data) // 2])
    return dest


@needs_snakemake
def test_truncated_run_file_is_refused_by_collect_naming_it(local_run, tmp_path, capsys):
    """Run files are written atomically (temp file + os.replace), so a killed job leaves
    none; a run file damaged afterwards is refused by the collect step, never read."""
    runs = sorted((local_run / "results/experiment/runs").rglob("fold*.json"))
    bad = _truncate(runs[0], tmp_path / "run0.json")
    out = tmp_path / "tables"
    rc = main(["experiment", "collect", str(runs[1]), str(bad), "--out-dir", str(out)])
    err = capsys.readouterr().err.strip()
    assert rc == 2 and len(err.splitlines()) == 1
    assert str(bad) in err and "not valid JSON" in err and "delete it and rerun" in err
    assert not out.exists()
    # valid JSON of another shape is refused as well, not met with a bare KeyError
    (tmp_path / "other.json").write_text('{"folds": []}')
    rc = main(["experiment", "collect", str(tmp_path / "other.json"), "--out-dir", str(out)])
    err = capsys.readouterr().err.strip()
    assert rc == 2 and "is not a run file" in err and "'problem'" in err
    assert not out.exists()


@needs_snakemake
def test_truncated_problem_file_is_refused_by_run_naming_it(local_run, tmp_path, capsys):
    src = local_run / "results/experiment/problems/c3.npz"
    for name, damage in [("half.npz", lambda p: _truncate(src, p)),
                         ("empty.npz", lambda p: p.write_bytes(b"")),
                         ("text.npz", lambda p: p.write_text("not a zip"))]:
        bad = tmp_path / name
        damage(bad)
        out = tmp_path / f"{name}.json"
        rc = main(["experiment", "run", "--problem", str(bad), "--classifier", "nbsvm",
                   "--run", "0", "--seed", "7", "--out", str(out)])
        err = capsys.readouterr().err.strip()
        assert rc == 2 and len(err.splitlines()) == 1, err
        assert str(bad) in err and "damaged" in err
        assert not out.exists()


@needs_snakemake
def test_a_class_absent_from_a_test_set_is_recorded_as_undefined(local_run, tmp_path):
    """A test set where class 2 has no point: its confusion matrix keeps the empty row, the
    indices that need that class's recall are NaN (the documented zero_division default),
    the others are numbers; nothing crashes."""
    src = min((local_run / "results/experiment/runs/c3").rglob("fold*.json"))
    run = json.loads(src.read_text())
    run.pop("n_folds")  # one fold, collected as a run of its own
    test_set = run["folds"][0]["test_sets"][0]
    cm = np.asarray(test_set["confusion"], dtype=float)
    cm[2, :] = 0
    test_set["confusion"] = cm.tolist()
    path = tmp_path / "run0.json"
    path.write_text(json.dumps(run))
    assert main(["experiment", "collect", str(path), "--out-dir", str(tmp_path / "t"),
                 "--indices", "accuracy,acsa,macro_recall"]) == 0
    idx = pd.read_csv(tmp_path / "t/fold_indices.csv")
    first = idx[(idx.fold == idx.fold.iloc[0]) & (idx.scheme == test_set["scheme"])]
    values = first.set_index("index")["value"]
    assert np.isnan(values["acsa"]) and np.isnan(values["macro_recall"])
    assert 0 <= values["accuracy"] <= 1
    cms = pd.read_csv(tmp_path / "t/confusion_matrices.csv")
    assert len(cms) > 0


# ---------------------------------------------------------------- 3. bad configuration

def _edit(path, key, value):
    def edit(cfg):
        node = cfg
        for k in path:
            node = node[k]
        node[key] = value
    return edit


BAD_CONFIGS = [
    # (case, base config, edit, what the message must contain: the key, the allowed values)
    ("wrong_type", "test", _edit(["experiment", "protocol"], "folds", "five"),
     ["'five' is not of type 'integer'", "['folds']"]),
    ("negative_folds", "test", _edit(["experiment", "protocol"], "folds", -3),
     ["-3 is less than the minimum of 2", "['folds']"]),
    ("seed_string", "test", _edit([], "seed", "seven"),
     ["'seven' is not of type 'integer'", "['seed']"]),
    ("ir_below_one", "test", _edit(["experiment", "two_class", 0], "ir", 0.5),
     ["0.5 is less than the minimum of 1", "['ir']"]),
    ("ir_infeasible", "test", _edit(["experiment", "two_class", 1], "ir", 500),
     ["experiment.two_class[1].ir (three_vs_five)", "folds=2", "allowed: ir between 1 and 52"]),
    ("ir_infeasible_multi", "test", _edit(["experiment", "multi_class", 0], "ir", 100),
     ["experiment.multi_class[0].ir (c3)", "allowed: ir between 1 and"]),
    ("scheme_of_the_other_kind", "test",
     _edit(["experiment", "protocol"], "schemes", {"two_class": ["balanced"]}),
     ["'balanced' is not one of ['1', '0.5', 'IR/2', 'IR', '2IR']", "['two_class']"]),
    ("unknown_digit", "test", _edit(["experiment", "concepts"], "zero", [0, 11]),
     ["experiment.concepts", "11 is not one of 0..9"]),
    ("unknown_fashion_class", "config", _edit(["experiment", "concepts"], "socks", ["sock"]),
     ["experiment.concepts", "'sock'", "ankle_boot"]),
    ("minority_in_majority", "test", _edit(["experiment", "two_class", 0], "majority", ["zero", "one"]),
     ["experiment.two_class[0] (one_vs_zero_six)", "['one'] in both the minority and the majority"]),
    ("unknown_concept", "test", _edit(["experiment", "two_class", 0], "minority", "seven"),
     ["experiment.two_class[0].minority/majority", "'seven'", "['five', 'four', 'one'"]),
]


@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    return copy_repo(tmp_path_factory.mktemp("repo"))


@needs_snakemake
@pytest.mark.parametrize("case,base,edit,expected", BAD_CONFIGS, ids=[c[0] for c in BAD_CONFIGS])
def test_bad_config_is_refused_before_any_job(repo, case, base, edit, expected):
    cfg = yaml.safe_load((ROOT / f"config/{base}.yaml").read_text())
    edit(cfg)
    (repo / f"config/{case}.yaml").write_text(yaml.safe_dump(cfg))
    # not a dry run: the error must come before Snakemake starts anything
    proc = snakemake(repo, "experiment_all", "--cores", "1", "--configfile", f"config/{case}.yaml",
                     check=False)
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0
    for text in expected:
        assert text in out, f"{text!r} not in:\n{out[-3000:]}"
    assert "Building DAG of jobs" not in out and "Job stats" not in out
    assert not (repo / "results").exists() and not (repo / "logs").exists()
