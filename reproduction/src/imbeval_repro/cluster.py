"""Checks before the first SLURM job is submitted (called from workflow/rules/cluster.smk).

snakemake-executor-plugin-slurm (2.8) waits without a word in three situations this module
turns into an error before anything is submitted:

- job status polled with ``sacct`` on a cluster without accounting (``sacct`` exits 1, the
  plugin logs it at debug level and keeps waiting);
- job status polled with ``squeue`` while finished jobs leave ``squeue`` (``MinJobAge``)
  before the plugin looks again, or while the plugin silently switches back to ``sacct``;
- a job asking for more CPUs or memory than any node of its partition has (``sbatch``
  accepts it and it pends forever, reason ``PartitionConfig``).

No imports from the rest of imbeval: this sits beside the workflow, below every layer.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable, Iterable
from dataclasses import dataclass

# The plugin (2.8) lengthens the interval between status checks by 10 s per check that sees
# no job finish, up to this many seconds; squeue must remember a finished job for longer.
PLUGIN_MAX_STATUS_INTERVAL = 180


class ClusterPreflightError(RuntimeError):
    """The cluster cannot run the workflow as configured; the message says why and what to do."""


@dataclass(frozen=True)
class JobRequest:
    """What one submission asks SLURM for: a job of ``rule``, or with ``group`` set, a group
    job (Snakemake's ``groups``/``group-components``: several jobs in one submission, which
    asks for their summed cores and memory)."""

    rule: str
    cpus: int
    mem_mb: float | None
    partition: str | None
    group: str | None = None

    @property
    def name(self) -> str:
        return f"group {self.group} (rule {self.rule})" if self.group else f"rule {self.rule}"


Runner = Callable[[list[str]], subprocess.CompletedProcess]


def _run(cmd: list[str]) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=60, check=False)
    except FileNotFoundError:
        return subprocess.CompletedProcess(cmd, 127, "", f"{cmd[0]}: command not found")
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(cmd, 124, "", f"{' '.join(cmd)} timed out after 60 s")


def parse_sinfo(text: str) -> tuple[dict[str, list[tuple[int, int]]], str | None]:
    """Nodes per partition from ``sinfo --noheader --Node --format=%P|%c|%m``.

    Returns ({partition: [(cpus, memory_mb), ...]}, default partition or None); ``sinfo``
    marks the default partition with a trailing ``*``.
    """
    partitions: dict[str, list[tuple[int, int]]] = {}
    default = None
    for line in text.splitlines():
        if not line.strip():
            continue
        name, cpus, mem = (f.strip() for f in line.split("|")[:3])
        if name.endswith("*"):
            name = name[:-1]
            default = name
        # sinfo prints e.g. "2" or, for a node it has not heard from, "2+"; memory in MB.
        partitions.setdefault(name, []).append((int(re.sub(r"\D", "", cpus) or 0),
                                                int(re.sub(r"\D", "", mem) or 0)))
    return partitions, default


def fit_problems(jobs: Iterable[JobRequest], partitions: dict[str, list[tuple[int, int]]],
                 default: str | None) -> list[str]:
    """One message per rule or group (and partition) whose submissions fit on no node of
    their partition."""
    worst: dict[tuple[str, str | None], JobRequest] = {}
    for job in jobs:
        key = (job.name, job.partition or default)
        old = worst.get(key)
        if old is None or (job.cpus, job.mem_mb or 0) > (old.cpus, old.mem_mb or 0):
            worst[key] = job
    problems = []
    for (name, part), job in sorted(worst.items(), key=lambda kv: (kv[0][0], str(kv[0][1]))):
        if part is None:
            problems.append(f"{name}: no partition given and SLURM has no default partition; "
                            "set one with --default-resources slurm_partition=NAME")
            continue
        nodes = partitions.get(part)
        if not nodes:
            problems.append(f"{name}: partition '{part}' does not exist (sinfo lists: "
                            f"{', '.join(sorted(partitions)) or 'none'})")
            continue
        fits = [n for n in nodes if n[0] >= job.cpus and (job.mem_mb is None or n[1] >= job.mem_mb)]
        if not fits:
            max_cpus, max_mem = max(n[0] for n in nodes), max(n[1] for n in nodes)
            mem = f"{job.mem_mb:.0f} MB" if job.mem_mb is not None else "no memory limit"
            what = "a group job (its jobs' cores and memory summed)" if job.group else "a job"
            fix = (f"Lower --group-components {job.group}=N (fewer jobs per submission) or the "
                   f"rule's threads/mem_mb (--set-threads / --set-resources)" if job.group else
                   "Lower the rule's threads/mem_mb (--set-threads / --set-resources, or the "
                   "config value the rule's threads come from)")
            problems.append(
                f"{name}: {what} asks for {job.cpus} CPUs and {mem}, but no node of partition "
                f"'{part}' has that (largest: {max_cpus} CPUs, {max_mem} MB); SLURM would keep it "
                f"pending forever. {fix} or choose a larger partition "
                "(--default-resources slurm_partition=NAME)")
    return problems


def min_job_age(run: Runner = _run) -> int | None:
    """MinJobAge (seconds) from ``scontrol show config``, or None if unknown."""
    proc = run(["scontrol", "show", "config"])
    if proc.returncode != 0:
        return None
    for line in proc.stdout.splitlines():
        if line.strip().startswith("MinJobAge"):
            m = re.search(r"=\s*(\d+)\s*([a-zA-Z]*)", line)
            if m:
                return int(m.group(1)) * (3600 if m.group(2).lower().startswith("h") else 1)
    return None


def status_problems(status_command: str | None, init_seconds: int, run: Runner = _run) -> list[str]:
    """Why polling job status with the plugin's settings would hang (empty list: it will not)."""
    sacct = run(["sacct", "--noheader", "-X", "--format=JobID", "--starttime=now"])
    sacct_ok = sacct.returncode == 0
    sacct_why = (sacct.stderr or sacct.stdout).strip() or f"exit status {sacct.returncode}"
    command = status_command or ("sacct" if sacct.returncode != 127 else "squeue")
    if command == "sacct":
        if not sacct_ok:
            return [f"job status would be polled with sacct, which does not work here ({sacct_why}): "
                    "the slurm executor would wait forever after the first jobs end. Use "
                    "--slurm-status-command squeue (profiles/slurm sets it)"]
        return []
    age = min_job_age(run)
    if age is not None and age < 3 * init_seconds:
        # The plugin then switches to sacct without saying so unless sacct is missing.
        if not sacct_ok and sacct.returncode != 127:
            return [f"MinJobAge={age} s is below 3 x slurm-init-seconds-before-status-checks "
                    f"({init_seconds} s), so the plugin polls with sacct, which does not work here "
                    f"({sacct_why}). Lower --slurm-init-seconds-before-status-checks to "
                    f"{max(1, age // 3)} or less"]
        return []
    if age is not None and age <= PLUGIN_MAX_STATUS_INTERVAL:
        fix = ("use --slurm-status-command sacct (accounting works here; a job cancelled with "
               "scancel is then not noticed, see docs/cluster.md)" if sacct_ok else
               "ask the administrators for MinJobAge >= 300 or accounting (slurmdbd)")
        return [f"job status is polled with squeue, but finished jobs leave squeue after "
                f"MinJobAge={age} s, sooner than the plugin may look again (up to "
                f"{PLUGIN_MAX_STATUS_INTERVAL} s): a job could end unseen and be waited for "
                f"forever; {fix}"]
    return []


def _number(value) -> float | None:
    return float(value) if isinstance(value, (int, float)) else None


def job_requests(jobs: Iterable, group_of: Callable, group_name: Callable) -> list[JobRequest]:
    """One :class:`JobRequest` per submission of ``jobs`` (Snakemake jobs: ``rule.name``,
    ``is_local``, ``threads``, ``resources``): a local job asks for nothing; a grouped job
    (``group_of(job)`` not None) is submitted with its group, which asks for the members'
    cores and memory summed, once per group, named ``group_name(group)`` (the profile's
    name, e.g. folds_{problem}_{classifier}, which is what --group-components takes)."""
    requests, seen = [], set()
    for job in jobs:
        if job.is_local:
            continue
        group = group_of(job)
        if group is not None:
            if id(group) in seen:
                continue
            seen.add(id(group))
        unit = job if group is None else group
        res = unit.resources
        cpus = int(res.get("cpus_per_task") or unit.threads)
        mem = _number(res.get("mem_mb"))
        if _number(res.get("mem_mb_per_cpu")) is not None:
            mem = _number(res.get("mem_mb_per_cpu")) * cpus
        requests.append(JobRequest(job.rule.name, cpus, mem, res.get("slurm_partition") or None,
                                   group=None if group is None else group_name(group)))
    return requests


def slurm_preflight(jobs: Iterable[JobRequest], status_command: str | None, init_seconds: int,
                    run: Runner = _run) -> None:
    """Raise :class:`ClusterPreflightError` listing every problem found, else return."""
    jobs = list(jobs)
    problems = status_problems(status_command, init_seconds, run)
    sinfo = run(["sinfo", "--noheader", "--Node", "--format=%P|%c|%m"])
    if sinfo.returncode != 0:
        problems.append(f"sinfo failed ({(sinfo.stderr or '').strip()}): is this a SLURM submit host?")
    elif jobs:
        problems += fit_problems(jobs, *parse_sinfo(sinfo.stdout))
    if problems:
        raise ClusterPreflightError(
            "SLURM preflight: nothing was submitted.\n" + "\n".join(f"- {p}" for p in problems))
