"""What an edit reruns (docs/pipeline.md, "What an edit reruns"): on a test DAG whose outputs
are all present and up to date (made with ``--touch``, no job runs), one file of a folder is
edited and Snakemake's dry run says which rules it would rerun."""

from __future__ import annotations

import os

import pytest

from workflow_helpers import copy_repo, snakemake

CONFIG = ("--configfile", "config/test.yaml")
REPRO = "reproduction/src/imbeval_repro"


def _planned_rules(work, *args) -> set[str]:
    """The rules of the jobs a dry run plans (its ``--quiet rules`` table)."""
    out = snakemake(work, "-n", *CONFIG, "--quiet", "rules", *args).stdout
    rules = set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[1].isdigit() and parts[0] != "total":
            rules.add(parts[0])
    return rules


@pytest.fixture(scope="module")
def touched(tmp_path_factory):
    """A copy of the repository with every output of the test DAG present (empty) and
    marked up to date, and the set of its rules."""
    work = copy_repo(tmp_path_factory.mktemp("touched"))
    every_rule = _planned_rules(work)
    summary = snakemake(work, "--summary", *CONFIG).stdout.splitlines()
    for row in summary[1:]:
        path = work / row.split("\t")[0]
        # the DAG's one kind of folder output (compare's result sets) has no suffix
        if path.suffix:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.touch()
        else:
            path.mkdir(parents=True, exist_ok=True)
    snakemake(work, "--touch", "--cores", "1", *CONFIG)
    assert _planned_rules(work) == set(), "the touched DAG is not up to date"
    return work, every_rule


def _reruns(work, path) -> set[str]:
    """The rules an edit of ``path`` reruns (the edit undone afterwards, its time too); the
    rules that follow any rerun (provenance, all) left out."""
    file = work / path
    text, stat = file.read_text(), file.stat()
    file.write_text(text + "\n# an edit\n")
    try:
        rules = _planned_rules(work, "--rerun-triggers", "mtime")
    finally:
        file.write_text(text)
        os.utime(file, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    return rules - {"provenance", "all"}


def _stage(rules, *prefixes):
    return {r for r in rules if r.startswith(prefixes)}


def test_an_edit_of_the_library_reruns_every_job(touched):
    work, every_rule = touched
    assert _reruns(work, "src/imbeval/rrt.py") == every_rule - {"provenance", "all"}


def test_an_edit_of_the_experiment_machinery_reruns_the_experiment_and_keel_and_what_follows(touched):
    work, every_rule = touched
    reruns = _reruns(work, f"{REPRO}/experiment/protocol/__init__.py")
    assert reruns == (_stage(every_rule, "experiment_", "keel_", "report_")
                      | {"compare"})


def test_an_edit_of_a_papers_folder_reruns_that_paper_theory_and_the_report(touched):
    work, every_rule = touched
    reruns = _reruns(work, f"{REPRO}/papers/kluska/tables.py")
    assert reruns == _stage(every_rule, "papers_kluska", "theory_", "report_")
    assert not reruns & _stage(every_rule, "papers_dembele", "experiment_", "keel_")


def test_an_edit_of_the_verdict_engine_reruns_what_decides_claims_not_the_classifiers(touched):
    work, every_rule = touched
    reruns = _reruns(work, f"{REPRO}/verdicts/statuses.py")
    # every paper's jobs but mortaz2020's grid fits (they decide no claim)
    assert _stage(every_rule, "papers_kluska", "papers_dembele", "papers_ortigosa2016",
                  "theory_", "report_") <= reruns
    assert {"experiment_figures", "keel_figures"} <= reruns
    assert not reruns & {"experiment_problem_runs", "keel_set_runs", "experiment_problems",
                         "experiment_features", "compare"}


def test_an_edit_of_the_library_wide_results_reruns_theory_and_the_scores(touched):
    work, every_rule = touched
    reruns = _reruns(work, f"{REPRO}/library_results/__init__.py")
    assert reruns == (_stage(every_rule, "theory_", "report_")
                      | {"experiment_scores", "keel_scores"})


def test_an_edit_of_the_report_reruns_the_report_only(touched):
    work, every_rule = touched
    assert _reruns(work, f"{REPRO}/report/__init__.py") == _stage(every_rule, "report_")


def test_an_edit_of_a_command_module_reruns_its_command_jobs(touched):
    work, every_rule = touched
    assert _reruns(work, f"{REPRO}/cli/papers.py") == _stage(every_rule, "papers_", "report_")
    assert _reruns(work, f"{REPRO}/cli/theory.py") == _stage(every_rule, "theory_", "report_")
