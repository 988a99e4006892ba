"""Helpers for the tests that run Snakemake (tests/workflow/test_workflow.py, tests/workflow/test_reliability.py).

Snakemake runs in temporary copies of the repository, so the checkout's results/ is never
touched. The session fixtures built on these live in tests/conftest.py, so that one run of
the test DAG serves every test module that needs it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
SNAKEMAKE = Path(sys.executable).parent / "snakemake"
# The fake cluster (profile and submitter) for the cluster-generic executor: a test tool.
FAKE_CLUSTER = ROOT / "tests" / "fake_cluster"
COPIED = ["Snakefile", "workflow", "config", "profiles", "src", "reproduction", "examples", "plugins",
          "environment.yml", "pyproject.toml"]
# The result files that must not depend on how, where or when the DAG ran (benchmark
# records under results/benchmarks/ hold wall times; figures' PDF/PNG carry metadata).
EXPERIMENT_TABLES = ["fold_indices", "confusion_matrices", "test_sets", "hyperparameters", "summary",
                     "run_indices"]


def copy_repo(dest: Path) -> Path:
    dest.mkdir(parents=True, exist_ok=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", ".snakemake", "results", "logs")
    for name in COPIED:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=ignore)
        else:
            shutil.copy2(src, dest / name)
    return dest


def snakemake_env(**extra) -> dict:
    return dict(os.environ, PATH=f"{SNAKEMAKE.parent}{os.pathsep}{os.environ.get('PATH', '')}", **extra)


def snakemake(workdir: Path, *args, check=True, timeout=600, env=None):
    proc = subprocess.run([str(SNAKEMAKE), *args], check=False, cwd=workdir, env=env or snakemake_env(),
                          capture_output=True, text=True, timeout=timeout)
    if check and proc.returncode != 0:
        raise AssertionError(f"snakemake {' '.join(args)} failed:\n{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}")
    return proc


def load_test_config() -> dict:
    return yaml.safe_load((ROOT / "config/test.yaml").read_text())


# The classifier rule of each experiment.job_unit (workflow/rules/experiment.smk).
JOB_RULE = {"fold": "experiment_fold", "run": "experiment_run", "all_runs": "experiment_runs",
            "problem": "experiment_problem_runs"}


def classifier_rule(experiment: dict) -> str:
    """The classifier rule of a config's experiment.job_unit (schema default: run)."""
    return JOB_RULE[experiment.get("job_unit", "run")]


def n_classifier_jobs(experiment: dict) -> int:
    """Jobs of the classifier rule of a config's experiment.job_unit."""
    unit = experiment.get("job_unit", "run")
    problems = len(experiment["two_class"]) + len(experiment["multi_class"])
    if unit == "problem":
        return problems
    return problems * len(experiment["classifiers"]) * {
        "fold": experiment["protocol"]["runs"] * experiment["protocol"]["folds"],
        "run": experiment["protocol"]["runs"], "all_runs": 1}[unit]


def n_run_jobs(experiment: dict) -> int:
    """Jobs of rule experiment_run: one per (problem, classifier, run)."""
    return ((len(experiment["two_class"]) + len(experiment["multi_class"]))
            * len(experiment["classifiers"]) * experiment["protocol"]["runs"])


def n_fold_jobs(experiment: dict) -> int:
    """Jobs of rule experiment_fold: one per (problem, classifier, run, outer fold)."""
    return n_run_jobs(experiment) * experiment["protocol"]["folds"]


def result_files(work: Path) -> dict[str, bytes]:
    """The bytes of every result that must be reproducible: result tables, problems.csv,
    figure data and claims, problem files and run files (relative path -> bytes)."""
    res = work / "results"
    paths = ([res / f"experiment/{t}.csv" for t in EXPERIMENT_TABLES]
             + [res / "experiment/problems.csv"]
             + sorted((res / "experiment/problems").glob("*.npz"))
             + sorted((res / "experiment/runs").rglob("*.json"))
             + sorted((res / "figures/mullick2020").glob("*.csv")))
    return {str(p.relative_to(work)): p.read_bytes() for p in paths}
