"""The test layout (docs/testing.md): every test file lives in tests/unit, tests/workflow or
tests/cluster; the markers are registered; the fast subset starts no Snakemake run."""

from __future__ import annotations

import re
from pathlib import Path

from workflow_helpers import ROOT

TESTS = ROOT / "tests"
# A unit test module may not start Snakemake: the fast loop
# (pytest -m "not workflow and not cluster") would then run a DAG.
STARTS_SNAKEMAKE = re.compile(
    r"from workflow_helpers import[^\n]*\b(snakemake|SNAKEMAKE|copy_repo)\b"
    r"|from workflow_helpers import \([^)]*\b(snakemake|SNAKEMAKE|copy_repo)\b"
    r"|\b(local_run|cluster_run|report_run|slurm_run)\b")


def test_every_test_module_is_in_one_of_the_three_directories():
    loose = sorted(p.name for p in TESTS.glob("test_*.py"))
    assert loose == [], f"move {loose} to tests/unit, tests/workflow or tests/cluster"
    for part in ("unit", "workflow", "cluster"):
        assert list((TESTS / part).glob("test_*.py")), part
    # no two modules share a name: the directories have no __init__.py, so pytest imports each
    # module by its bare name and a repeated name would stop the collection
    names = [p.name for p in TESTS.rglob("test_*.py")]
    assert len(names) == len(set(names))


def test_the_markers_are_registered(pytestconfig):
    declared = {line.split(":")[0] for line in pytestconfig.getini("markers")}
    assert {"workflow", "cluster", "slow"} <= declared


def test_unit_modules_start_no_snakemake_run():
    offenders = [p.name for p in sorted((TESTS / "unit").glob("*.py"))
                 if p.name != Path(__file__).name and STARTS_SNAKEMAKE.search(p.read_text(encoding="utf-8"))]
    assert offenders == []
    # the check can fail: the workflow modules match it
    assert STARTS_SNAKEMAKE.search((TESTS / "workflow" / "test_workflow.py").read_text())


def test_this_module_carries_no_directory_marker(request):
    marks = {m.name for m in request.node.iter_markers()}
    assert not marks & {"workflow", "cluster"}
