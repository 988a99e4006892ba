"""The `slurm` profile against a real single-node SLURM on localhost.

tests/cluster/slurm_cluster.py starts munged, slurmctld and slurmd (installing Debian's slurm-wlm and
munge with apt-get when missing and root; skipped with the reason otherwise) without
accounting, as on a site without slurmdbd. The test DAG of config/test.yaml then runs through
``--profile profiles/slurm`` exactly as the README says, while one running classifier job
(experiment_problem_runs: config/test.yaml runs one per problem) is cancelled with
``scancel``: the run must see it fail, resubmit it and end with the same result files, byte
for byte, as the local run. The preflight in reproduction/src/imbeval_repro/cluster.py must
stop a run before any submission when a job is larger than every node or when status polling
could not work. The pure parts of the preflight are tested without a cluster first.
"""

from __future__ import annotations

import re
import subprocess
import threading
import time

import pytest
from slurm_cluster import SlurmCluster, _alive, ensure_slurm
from workflow_helpers import (
    ROOT,
    SNAKEMAKE,
    classifier_rule,
    copy_repo,
    load_test_config,
    n_classifier_jobs,
    result_files,
    snakemake,
    snakemake_env,
)

from imbeval_repro.cluster import (
    ClusterPreflightError,
    JobRequest,
    fit_problems,
    parse_sinfo,
    slurm_preflight,
    status_problems,
)

SLURM_DAG = ["experiment_all", "--profile", "profiles/slurm", "--configfile", "config/test.yaml"]
# The test config's classifier rule (its experiment.job_unit: problem) and its jobs.
CLASSIFIER_RULE = classifier_rule(load_test_config()["experiment"])
N_CLASSIFIER_JOBS = n_classifier_jobs(load_test_config()["experiment"])


# ------------------------------------------------------------ preflight, without a cluster

SINFO = "debug*|2|4000\ndebug*|8|64000\nbig|32+|512000\n"


def fake_runner(outputs: dict[str, tuple[int, str, str]]):
    """A stand-in for subprocess.run keyed by the command's first word."""
    def run(cmd):
        rc, out, err = outputs.get(cmd[0], (127, "", f"{cmd[0]}: command not found"))
        return subprocess.CompletedProcess(cmd, rc, out, err)
    return run


def test_parse_sinfo_reads_nodes_per_partition_and_the_default():
    parts, default = parse_sinfo(SINFO)
    assert default == "debug"
    assert parts == {"debug": [(2, 4000), (8, 64000)], "big": [(32, 512000)]}


def test_a_job_larger_than_every_node_of_its_partition_is_named():
    parts, default = parse_sinfo(SINFO)
    jobs = [JobRequest("small", 2, 1000, None), JobRequest("wide", 16, 1000, None),
            JobRequest("wide", 12, 1000, None), JobRequest("fat", 1, 100000, "debug"),
            JobRequest("ok_big", 32, 500000, "big"), JobRequest("lost", 1, 10, "nope")]
    problems = fit_problems(jobs, parts, default)
    assert len(problems) == 3
    wide, fat, lost = sorted(problems, key=lambda p: ["rule wide", "rule fat", "rule lost"].index(p.split(":")[0]))
    assert "16 CPUs" in wide and "'debug'" in wide and "largest: 8 CPUs, 64000 MB" in wide
    assert "100000 MB" in fat
    assert "'nope' does not exist" in lost and "big, debug" in lost
    assert fit_problems(jobs[:1], parts, None)[0].startswith("rule small: no partition given")


def test_a_group_job_is_checked_with_its_summed_resources():
    # Five 14,000 MB fold jobs fit a 64,000 MB node one by one, but not as one submission.
    parts, default = parse_sinfo(SINFO)
    single = JobRequest("experiment_fold", 1, 14000, None)
    grouped = JobRequest("experiment_fold", 5, 70000, None, group="folds_{problem}_{classifier}")
    assert fit_problems([single], parts, default) == []
    assert fit_problems([JobRequest("experiment_fold", 5, 50000, None, group="g")], parts, default) == []
    (problem,) = fit_problems([single, grouped], parts, default)
    assert problem.startswith("group folds_{problem}_{classifier} (rule experiment_fold): a group job")
    assert "5 CPUs and 70000 MB" in problem and "--group-components folds_{problem}_{classifier}=N" in problem


def test_status_polling_that_would_hang_is_refused():
    no_acct = (1, "", "Slurm accounting storage is disabled\n")
    config = (0, "MinJobAge               = 300 sec\n", "")
    run = fake_runner({"sacct": no_acct, "scontrol": config})
    [msg] = status_problems("sacct", 10, run)
    assert "accounting storage is disabled" in msg and "--slurm-status-command squeue" in msg
    assert status_problems("squeue", 10, run) == []
    # squeue forgets finished jobs before the plugin may look again
    short = fake_runner({"sacct": no_acct, "scontrol": (0, "MinJobAge = 60 sec\n", "")})
    [msg] = status_problems("squeue", 10, short)
    assert "MinJobAge=60" in msg and "ask the administrators" in msg
    # ... and with a short initial interval the plugin switches to the broken sacct
    [msg] = status_problems("squeue", 30, short)
    assert "polls with sacct" in msg
    with_acct = fake_runner({"sacct": (0, "", ""), "scontrol": (0, "MinJobAge = 60 sec\n", "")})
    assert "--slurm-status-command sacct" in status_problems("squeue", 10, with_acct)[0]
    assert status_problems("sacct", 10, with_acct) == []
    with pytest.raises(ClusterPreflightError, match="nothing was submitted"):
        slurm_preflight([JobRequest("r", 1, 10, None)], "sacct", 10,
                        fake_runner({"sacct": no_acct, "sinfo": (0, SINFO, "")}))
    slurm_preflight([JobRequest("r", 1, 10, None)], "squeue", 10,
                    fake_runner({"sacct": no_acct, "scontrol": config, "sinfo": (0, SINFO, "")}))


def test_workflow_profile_does_not_cap_cluster_threads():
    # profiles/default is loaded beside --profile profiles/slurm and wins over it: a `cores:`
    # there would cap every SLURM job's threads.
    import yaml
    default = yaml.safe_load((ROOT / "profiles/default/config.yaml").read_text())
    slurm = yaml.safe_load((ROOT / "profiles/slurm/config.yaml").read_text())
    assert not {"cores", "jobs", "latency-wait", "executor"} & set(default)
    assert slurm["slurm-status-command"] == "squeue"


# ------------------------------------------------------------ a real cluster

@pytest.fixture(scope="session")
def slurm_cluster():
    if not SNAKEMAKE.exists():
        pytest.skip("snakemake is not installed in this environment")
    reason = ensure_slurm()
    if reason:
        pytest.skip(reason)
    cluster = SlurmCluster().start()
    yield cluster
    cluster.stop()


def _rule_mem_mb(rule: str) -> int:
    """The mem_mb Snakemake plans for a job of ``rule`` in the test DAG (a dry run in a copy
    of the repository, without a profile: the rule's own resources)."""
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as tmp:
        work = copy_repo(Path(tmp) / "plan")
        out = snakemake(work, "experiment_all", "-n", "--forceall", "--cores", "2",
                        "--configfile", "config/test.yaml").stdout
    blocks = [b for b in re.split(r"\n(?=(?:local)?rule \w+:)", out) if b.startswith(f"rule {rule}:")]
    assert blocks, f"the dry run plans no job of {rule}"
    return int(re.search(r"\bmem_mb=(\d+)", blocks[0]).group(1))


def _jobs(cluster, fmt="%i|%k|%T|%C|%m"):
    """Every job the cluster remembers (MinJobAge, an hour here): id, comment, state, CPUs, memory."""
    out = cluster.run("squeue", "--noheader", "--states=all", f"--format={fmt}").stdout
    return [line.split("|") for line in out.splitlines() if line.strip()]


def _cancel_one_run_job(cluster, stop: threading.Event, found: list):
    """Cancel the first classifier job seen RUNNING (its comment names rule and wildcards)."""
    while not stop.is_set():
        for jobid, comment, state, *_ in _jobs(cluster):
            if state == "RUNNING" and comment.startswith(f"rule_{CLASSIFIER_RULE}_"):
                time.sleep(1)  # let it get going
                cluster.run("scancel", jobid)
                found.append((jobid, comment))
                return
        time.sleep(0.3)


@pytest.fixture(scope="session")
def slurm_run(slurm_cluster, tmp_path_factory):
    """The test DAG through profiles/slurm (README's command), one classifier job scancel'd.

    Returns (workdir, completed process, (cancelled job id, its comment), wall seconds).
    """
    work = copy_repo(tmp_path_factory.mktemp("slurm"))
    env = slurm_cluster.env(**{k: v for k, v in snakemake_env().items() if k == "PATH"})
    stop, found = threading.Event(), []
    canceller = threading.Thread(target=_cancel_one_run_job, args=(slurm_cluster, stop, found), daemon=True)
    canceller.start()
    start = time.monotonic()
    try:
        proc = subprocess.run([str(SNAKEMAKE), *SLURM_DAG], cwd=work, env=env, capture_output=True,
                              text=True, timeout=900, check=False)
    finally:
        stop.set()
        canceller.join(10)
    wall = time.monotonic() - start
    print(f"test DAG on SLURM: {wall:.1f} s")
    if proc.returncode != 0:
        raise AssertionError(f"snakemake on SLURM failed:\n{proc.stdout[-4000:]}\n{proc.stderr[-6000:]}\n"
                             + slurm_cluster.logs())
    return work, proc, (found[0] if found else None), wall


def test_slurm_run_gives_the_local_results_byte_for_byte(local_run, slurm_run):
    work, proc, _, _ = slurm_run
    local, remote = result_files(local_run), result_files(work)
    assert len(remote) > 20
    assert remote.keys() == local.keys()
    assert [k for k in local if local[k] != remote[k]] == []
    # The profile keeps the batch logs of successful jobs (the plugin deletes them otherwise).
    assert len(list((work / ".snakemake/slurm_logs").rglob("*.log"))) >= N_CLASSIFIER_JOBS


def test_cancelled_job_is_seen_as_failed_resubmitted_and_completed(slurm_cluster, slurm_run):
    work, proc, cancelled, _ = slurm_run
    assert cancelled is not None, f"no {CLASSIFIER_RULE} job was seen running"
    jobid, comment = cancelled
    out = proc.stdout + proc.stderr
    assert f"SLURM-job '{jobid}' failed, SLURM status is: 'CANCELLED'" in out
    same = [j for j in _jobs(slurm_cluster) if j[1] == comment]
    assert sorted(j[2] for j in same) == ["CANCELLED", "COMPLETED"]


def test_jobs_reserve_what_their_rules_use(slurm_cluster, slurm_run):
    # the classifier rule (experiment_problem_runs) uses one thread: one CPU each, so a
    # 2-CPU node runs two at once.
    runs = [j for j in _jobs(slurm_cluster) if j[1].startswith(f"rule_{CLASSIFIER_RULE}_")]
    assert len(runs) == N_CLASSIFIER_JOBS + 1  # + the cancelled one
    assert {j[3] for j in runs} == {"1"}
    assert {j[4] for j in runs} == {f"{_rule_mem_mb(CLASSIFIER_RULE)}M"}  # the rule's mem_mb, not the profile's default


def test_job_larger_than_any_node_stops_before_submission(slurm_cluster, tmp_path):
    work = copy_repo(tmp_path / "big")
    env = slurm_cluster.env(**{k: v for k, v in snakemake_env().items() if k == "PATH"})
    before = {j[0] for j in _jobs(slurm_cluster)}
    proc = subprocess.run([str(SNAKEMAKE), *SLURM_DAG, "--set-threads", f"{CLASSIFIER_RULE}=64"], cwd=work,
                          env=env, capture_output=True, text=True, timeout=300, check=False)
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0
    assert f"rule {CLASSIFIER_RULE}: a job asks for 64 CPUs" in out and "'imbeval'" in out
    assert {j[0] for j in _jobs(slurm_cluster)} <= before  # nothing submitted


def test_group_larger_than_any_node_stops_before_submission(slurm_cluster, tmp_path):
    # Each classifier job fits the 2-CPU node; all of them in one group (one submission) do not.
    work = copy_repo(tmp_path / "group")
    env = slurm_cluster.env(**{k: v for k, v in snakemake_env().items() if k == "PATH"})
    before = {j[0] for j in _jobs(slurm_cluster)}
    proc = subprocess.run([str(SNAKEMAKE), *SLURM_DAG, "--groups", f"{CLASSIFIER_RULE}=runs",
                           "--group-components", "runs=100"], cwd=work,
                          env=env, capture_output=True, text=True, timeout=300, check=False)
    out = proc.stdout + proc.stderr
    n, mem = N_CLASSIFIER_JOBS, _rule_mem_mb(CLASSIFIER_RULE)
    assert n > 2  # more CPUs than the node's two
    assert proc.returncode != 0
    assert (f"group runs (rule {CLASSIFIER_RULE}): a group job (its jobs' cores and memory summed) "
            f"asks for {n} CPUs and {n * mem} MB") in out
    assert "--group-components runs=N" in out
    assert {j[0] for j in _jobs(slurm_cluster)} <= before  # nothing submitted


def test_sacct_polling_without_accounting_stops_before_submission(slurm_cluster, tmp_path):
    work = copy_repo(tmp_path / "sacct")
    env = slurm_cluster.env(**{k: v for k, v in snakemake_env().items() if k == "PATH"})
    before = {j[0] for j in _jobs(slurm_cluster)}
    proc = subprocess.run([str(SNAKEMAKE), *SLURM_DAG, "--slurm-status-command", "sacct"], cwd=work,
                          env=env, capture_output=True, text=True, timeout=300, check=False)
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0
    assert "Slurm accounting storage is disabled" in out and "--slurm-status-command squeue" in out
    assert {j[0] for j in _jobs(slurm_cluster)} <= before  # nothing submitted


def test_cluster_daemons_are_stopped_by_pid():
    if ensure_slurm():
        pytest.skip(ensure_slurm())
    cluster = SlurmCluster().start()
    pids = [p.pid for _, p in cluster.procs]
    assert len(pids) == 3 and all(_alive(p) for p in pids)
    assert cluster.run("sbatch", "--parsable", "--wrap", "sleep 30").stdout.strip().isdigit()
    cluster.stop()
    assert not any(_alive(p) for p in pids)
    assert not cluster.scratch.exists()
