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


PLUGIN = '''
import json, os

def pytest_collection_finish(session):
    with open(os.environ["LAYOUT_OUT"], "w") as fh:
        json.dump({i.nodeid: sorted(getattr(i, "fixturenames", ())) for i in session.items}, fh)
'''


def test_the_snakemake_tests_form_two_chains_that_share_no_costly_session_run(tmp_path):
    """Every test under tests/workflow and tests/cluster is in one of the two xdist units of
    work (tests/conftest.py), and each session run but the cheap ``local_run`` is asked for
    by one unit only: a run asked for by both would be made on both workers."""
    import json
    import os
    import subprocess
    import sys

    from conftest import SNAKEMAKE_FIXTURES, snakemake_group

    (tmp_path / "layout_plugin.py").write_text(PLUGIN)
    out = tmp_path / "items.json"
    env = dict(os.environ, LAYOUT_OUT=str(out),
               PYTHONPATH=os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")]))
    proc = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-n", "0",
                           "-p", "no:cacheprovider", "-p", "layout_plugin",
                           "tests/workflow", "tests/cluster"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    items = json.loads(out.read_text())
    assert len(items) > 50
    groups = {nodeid: snakemake_group(nodeid) for nodeid in items}
    assert None not in groups.values()
    assert len(set(groups.values())) == 2
    for run in SNAKEMAKE_FIXTURES - {"local_run"}:
        users = {groups[n] for n, fixtures in items.items() if run in fixtures}
        assert len(users) == 1, (run, users)
    # the check can fail: both units ask for local_run
    assert len({groups[n] for n, f in items.items() if "local_run" in f}) == 2
    # a test outside the two directories is a unit of its own
    assert snakemake_group("tests/unit/test_test_layout.py::x") is None
