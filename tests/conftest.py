"""Shared hypothesis strategies and settings, the Snakemake-run fixtures, and the markers.

The tests are laid out by what they cost (docs/testing.md):

- ``tests/unit``: library, CLI and file checks, seconds each, no Snakemake run;
- ``tests/workflow``: Snakemake runs (dry runs, the test DAG, the report), marked ``workflow``;
- ``tests/cluster``: a one-node SLURM cluster, marked ``cluster``.

The marker follows the directory (``pytest_collection_modifyitems`` below), so a test is
marked by where it lives and ``pytest -m "not workflow and not cluster"`` is the fast loop.
The helpers shared by more than one directory (workflow_helpers.py, byo_helpers.py, chromium.py,
fake_cluster/) stay here in tests/, which pytest puts on sys.path for this conftest.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from threadpoolctl import threadpool_limits
from workflow_helpers import FAKE_CLUSTER, SNAKEMAKE, copy_repo, snakemake, snakemake_env

# One BLAS/OpenMP thread per test process, and for the processes a test starts (the CLI run
# through subprocess). The tests run in two pytest-xdist workers (pyproject's addopts), so each
# core already has its process; OpenBLAS's own threads on top of that, for the small matrices
# of a test, wait on each other: on the 2-core machine under load a 5-fold grid search of a
# logistic regression took 6.0 s wall (2.3 s CPU) with OpenBLAS's default threads and 0.45 s
# (0.21 s CPU) with one (docs/testing.md). Snakemake sets these variables per job itself.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")
threadpool_limits(1)

# CI gets a fixed, derandomised profile so a failure is reproducible from the log.
settings.register_profile(
    "ci", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

TESTS = Path(__file__).resolve().parent
# The directory of a test decides its marker: one place, so a moved file is re-marked.
DIRECTORY_MARKERS = {"workflow": "workflow", "cluster": "cluster"}
#: the pytest-xdist units of work of the tests that run Snakemake or SLURM: two chains, one
#: per worker (pytest_xdist_make_scheduler below). The first holds the runs through an
#: executor other than the local one (SLURM, the fake cluster-generic submitter) and the kill
#: and restart runs; the second the report's run, the user-code runs and the dry runs. Each
#: chain makes its own cheap ``local_run`` (the experiment alone, 10 jobs), and no session
#: run is needed by both, so none is made twice.
SNAKEMAKE_GROUPS = {
    "cluster": "snakemake-executors",
    "workflow/test_cluster_executor.py": "snakemake-executors",
    "workflow/test_reliability.py": "snakemake-executors",
    "workflow": "snakemake-report",
}
# The session fixtures that start Snakemake (below, and tests/workflow/test_report_run.py's):
# a unit test asking for one would make the fast loop run the test DAG.
SNAKEMAKE_FIXTURES = frozenset({"local_run", "cluster_run", "report_run", "slurm_run"})


def pytest_configure(config):
    for line in (
        "workflow: runs Snakemake (a dry run or a DAG); every test under tests/workflow",
        "cluster: needs a SLURM cluster (started by the test); every test under tests/cluster",
    ):
        config.addinivalue_line("markers", line)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """pytest-xdist's scheduler with the tests under tests/workflow and tests/cluster in two
    units of work (:data:`SNAKEMAKE_GROUPS`), each run by one worker in order, so that the
    session runs a chain shares are made once, while the other worker runs the other chain.
    Every other test is a unit of its own, shared out as the workers free up. pytest-xdist
    hands out the units with the most tests first (``--loadscope-reorder``, its default), so
    the two chains start at once, one on each worker. (``--dist loadgroup`` with
    ``xdist_group`` markers would say the same, but pytest-xdist 3.8 groups by rewriting a
    node id attribute pytest 9 no longer reads, so the marked tests were spread over both
    workers.)"""
    from xdist.scheduler import LoadScopeScheduling

    class SnakemakeGroupScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid):
            return snakemake_group(nodeid) or nodeid

    return SnakemakeGroupScheduling(config, log)


def snakemake_group(nodeid):
    """The unit of work of a test under tests/workflow or tests/cluster (None elsewhere): its
    file's entry in :data:`SNAKEMAKE_GROUPS`, else its directory's."""
    if not nodeid.startswith("tests/"):
        return None
    path = nodeid.split("::", 1)[0].removeprefix("tests/")
    directory = path.split("/", 1)[0]
    if directory not in DIRECTORY_MARKERS:
        return None
    return SNAKEMAKE_GROUPS.get(path, SNAKEMAKE_GROUPS[directory])


def pytest_collection_modifyitems(config, items):
    for item in items:
        path = Path(str(item.fspath)).resolve()
        if TESTS not in path.parents:
            continue  # the package's doctests: unit tests, unmarked
        part = path.relative_to(TESTS).parts[0]
        if part in DIRECTORY_MARKERS:
            item.add_marker(DIRECTORY_MARKERS[part])
        elif part == "unit" and SNAKEMAKE_FIXTURES & set(getattr(item, "fixturenames", ())):
            raise pytest.UsageError(
                f"{item.nodeid} is under tests/unit but uses a Snakemake run "
                f"({', '.join(sorted(SNAKEMAKE_FIXTURES & set(item.fixturenames)))}): "
                "move it to tests/workflow")


@st.composite
def confusion_matrices(draw, min_classes=2, max_classes=6, max_count=500, positive_rows=True,
                       positive_cols=False, real=False):
    """A C x C confusion matrix of counts (or non-negative reals).

    With ``positive_rows`` every class has at least one true point (so recalls are
    defined); with ``positive_cols`` every class is predicted at least once.
    """
    c = draw(st.integers(min_classes, max_classes))
    if real:
        elements = st.floats(0, max_count, allow_nan=False, allow_infinity=False)
        m = draw(hnp.arrays(np.float64, (c, c), elements=elements))
    else:
        m = draw(hnp.arrays(np.int64, (c, c), elements=st.integers(0, max_count))).astype(float)
    if positive_rows:
        empty = m.sum(axis=1) == 0
        m[empty, draw(st.integers(0, c - 1))] += 1
    if positive_cols:
        empty = m.sum(axis=0) == 0
        m[draw(st.integers(0, c - 1)), empty] += 1
    return m


def row_scalings(c):
    """Positive row scale factors b_i, as in Assumption 1 of mullick2020."""
    return hnp.arrays(np.float64, (c,), elements=st.floats(0.05, 20))


# --- Snakemake runs shared by tests/workflow/ and tests/cluster/ ----------------------------
# Session-scoped: the test DAG costs about a minute, so each kind of run happens once.


@pytest.fixture(scope="session")
def local_run(tmp_path_factory):
    """The experiment DAG of config/test.yaml, run with --cores 2 in a clean copy: one
    classifier job per problem (its ``experiment.job_unit: problem``)."""
    if not SNAKEMAKE.exists():
        pytest.skip("snakemake is not installed in this environment")
    work = copy_repo(tmp_path_factory.mktemp("local"))
    snakemake(work, "experiment_all", "--cores", "2", "--configfile", "config/test.yaml")
    return work


@pytest.fixture(scope="session")
def cluster_run(tmp_path_factory):
    """The same DAG through the cluster-generic executor and the fake submitter
    (tests/fake_cluster), in another clean copy, with ``--retries 1``: the first
    submission of the experiment_collect job fails and must be retried. It runs one job
    per outer fold (``experiment.job_unit: fold``, as the paper config does; submitted in
    the groups of tests/fake_cluster/config.yaml, as profiles/slurm submits them) where
    ``local_run`` runs one per problem (config/test.yaml's ``job_unit: problem``: every
    classifier and run of a problem in one job), so the byte-identity tests between the two
    compare per-fold jobs gathered against per-problem jobs.

    Returns (workdir, completed process).
    """
    if not SNAKEMAKE.exists():
        pytest.skip("snakemake is not installed in this environment")
    work = copy_repo(tmp_path_factory.mktemp("cluster"))
    proc = snakemake(work, "experiment_all", "--profile", str(FAKE_CLUSTER),
                     "--cluster-generic-submit-cmd", f"{sys.executable} {FAKE_CLUSTER / 'submit.py'}",
                     "--configfile", "config/test.yaml", "--config", "experiment={job_unit: fold}",
                     "--retries", "1",
                     env=snakemake_env(IMBEVAL_FAKE_CLUSTER_FAIL_ONCE="experiment_collect"))
    return work, proc
