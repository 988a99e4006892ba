"""The test DAG through the cluster-generic executor and the fake submitter
(tests/fake_cluster; the session run ``cluster_run`` in tests/conftest.py): a failed
submission retried, the per-fold jobs in groups as the SLURM profile submits them, the same
tables as the local run, and a user classifier planning only its own jobs.

These tests share their xdist worker with tests/cluster (tests/conftest.py,
``SNAKEMAKE_GROUPS``), so the cluster run is made once.
"""

from __future__ import annotations

import shutil

import pytest
import yaml
from byo_helpers import with_user_code
from workflow_helpers import (JOB_RULE, ROOT, SNAKEMAKE, n_classifier_jobs, n_fold_jobs, n_run_jobs,
                              snakemake)

pytestmark = pytest.mark.skipif(not SNAKEMAKE.exists(), reason="snakemake is not installed")


def test_cluster_generic_executor_retries_a_failed_job_and_gives_the_same_results(local_run, cluster_run):
    work, proc = cluster_run
    out = proc.stdout + proc.stderr
    # the first submission of experiment_collect failed (fake submitter), --retries 1 resubmitted it
    assert (work / ".snakemake/local-cluster/failed-once-experiment_collect").exists()
    assert "simulated submission failure of a experiment_collect job" in out
    assert "Error in rule experiment_collect" in out
    # the fake submitter ran every submission once (one output file per started job script):
    # features, problems, the fold jobs' groups (the profile's, one per problem and
    # classifier), collect, figures, scores (experiment_all is local)
    cfg = yaml.safe_load((ROOT / "config/test.yaml").read_text())["experiment"]
    n_submissions = len(list((work / ".snakemake/local-cluster").glob("*.out")))
    n_groups = n_run_jobs(cfg)  # one run: a group holds a (problem, classifier)'s folds
    assert cfg["protocol"]["runs"] == 1 and n_groups < n_fold_jobs(cfg)
    assert n_submissions == n_groups + 5
    assert out.count("rule experiment_fold:") == n_fold_jobs(cfg)
    local_rule = JOB_RULE[cfg.get("job_unit", "run")]
    assert local_rule != "experiment_fold"
    assert "rule experiment_fold:" in out and f"rule {local_rule}:" not in out
    assert "rule experiment_run:" not in out
    # one job per fold here, one per problem in local_run (config/test.yaml's job_unit): the
    # gathered tables are the same bytes
    for table in ("fold_indices", "confusion_matrices", "test_sets", "hyperparameters", "summary"):
        a = (local_run / f"results/experiment/{table}.csv").read_bytes()
        b = (work / f"results/experiment/{table}.csv").read_bytes()
        assert a == b, table


def test_adding_a_user_classifier_plans_only_its_own_per_classifier_jobs(cluster_run, tmp_path):
    """With per-classifier jobs (cluster_run: job_unit fold, tests/conftest.py) the finished
    built-in classifiers' jobs are kept: a dry run with the user's classifier and indices
    plans the user's fold jobs, collect and the figures, nothing else."""
    work = tmp_path / "repo"
    shutil.copytree(cluster_run[0], work, symlinks=True)
    cfg = with_user_code(yaml.safe_load((ROOT / "config/test.yaml").read_text()))
    (work / "config/byo.yaml").write_text(yaml.safe_dump(cfg, sort_keys=False))
    proc = snakemake(work, "experiment_all", "-n", "--configfile", "config/byo.yaml",
                     "--config", "experiment={job_unit: fold}")
    log = proc.stdout + proc.stderr
    # one fold job per (problem, run, fold) of the user's classifier
    n_user_jobs = n_classifier_jobs(dict(cfg["experiment"], job_unit="fold", classifiers={"byo_logreg": {}}))
    assert log.count("rule experiment_fold:") == log.count("classifier=byo_logreg, run=") == n_user_jobs
    assert "rule experiment_features:" not in log and "rule experiment_problems:" not in log
    assert log.count("rule experiment_collect:") == log.count("rule experiment_figures:") == 1
