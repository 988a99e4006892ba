"""A single-node SLURM cluster on localhost for tests (tests/cluster/test_slurm.py).

:func:`ensure_slurm` installs Debian's ``slurm-wlm`` and ``munge`` with ``apt-get`` when they
are missing and we run as root (else it says why not); :class:`SlurmCluster` then starts
``munged``, ``slurmctld`` and ``slurmd`` in the foreground under a scratch folder: its own
munge key and socket, free TCP ports, its own state, spool, PID and log files, and a
``slurm.conf`` that client commands find through ``SLURM_CONF`` (see :meth:`env`). Nothing
under /etc or /run is touched, so a second cluster, or a daemon left over from a crashed run,
cannot clash with it.

Every daemon's PID is recorded (``pids`` in the scratch folder) and :meth:`stop` ends each by
its PID, in reverse start order. A crashed test run leaves its scratch folder behind under
``$TMPDIR/imbeval-slurm/``; the next start stops those orphans by their recorded PIDs (only
processes whose command line names that folder, so a reused PID is never hit).
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

PACKAGES = ["slurm-wlm", "munge"]
DAEMONS = {"munged": "/usr/sbin/munged", "slurmctld": "/usr/sbin/slurmctld", "slurmd": "/usr/sbin/slurmd"}
CLIENTS = ["sbatch", "squeue", "sinfo", "scancel", "scontrol", "srun"]
BASE = Path(tempfile.gettempdir()) / "imbeval-slurm"


def _have_slurm() -> bool:
    return all(Path(p).exists() for p in DAEMONS.values()) and all(shutil.which(c) for c in CLIENTS)


def ensure_slurm() -> str | None:
    """Make sure SLURM and munge are installed. Returns None when they are, else the reason
    they cannot be (not root, no apt-get, the install failed)."""
    if _have_slurm():
        return None
    if os.geteuid() != 0:
        return f"SLURM is not installed and installing {' '.join(PACKAGES)} needs root"
    if not shutil.which("apt-get"):
        return "SLURM is not installed and there is no apt-get to install it"
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    for cmd in (["apt-get", "update"], ["apt-get", "install", "-y", "--no-install-recommends", *PACKAGES]):
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=900, check=False)
        if proc.returncode != 0:
            return f"`{' '.join(cmd)}` failed: {proc.stderr[-2000:]}"
    return None if _have_slurm() else f"{' '.join(PACKAGES)} installed but slurmctld/slurmd/munged not found"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def _stop_pid(pid: int, timeout: float = 15) -> None:
    """SIGTERM, wait, then SIGKILL: one process, by its PID."""
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if os.waitpid(pid, os.WNOHANG)[0] == pid:
                return
        except ChildProcessError:  # not our child: poll for its end instead
            if not _alive(pid):
                return
        time.sleep(0.2)
    try:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    except (ProcessLookupError, ChildProcessError):
        pass


def stop_orphans(base: Path = BASE) -> list[int]:
    """Stop the daemons of earlier clusters whose test process has died. Returns their PIDs."""
    stopped = []
    for scratch in sorted(base.glob("cluster-*")) if base.exists() else []:
        owner = scratch / "owner"
        if owner.exists() and _alive(int(owner.read_text() or 0)):
            continue  # another live test session's cluster
        pids = scratch / "pids"
        for line in reversed(pids.read_text().splitlines() if pids.exists() else []):
            pid = int(line.split()[1])
            if _alive(pid) and str(scratch) in _cmdline(pid):
                _stop_pid(pid)
                stopped.append(pid)
        shutil.rmtree(scratch, ignore_errors=True)
    return stopped


class SlurmCluster:
    """munged + slurmctld + slurmd on localhost, configured and logged under a scratch folder.

    Accounting is off (``accounting_storage/none``): ``sacct`` then exits 1, as on a site
    without slurmdbd. ``MinJobAge=3600`` keeps every finished job of a test session visible
    to ``squeue`` (the tests read their states afterwards; SLURM's default is 300 s).
    """

    def __init__(self, cpus: int | None = None, memory_mb: int | None = None):
        BASE.mkdir(parents=True, exist_ok=True)
        self.scratch = Path(tempfile.mkdtemp(prefix="cluster-", dir=BASE))
        (self.scratch / "owner").write_text(str(os.getpid()))
        self.conf = self.scratch / "slurm.conf"
        self.socket = self.scratch / "munge" / "munge.socket"
        self.host = socket.gethostname()
        self.partition = "imbeval"
        self._cpus, self._memory_mb = cpus, memory_mb
        self.procs: list[tuple[str, subprocess.Popen]] = []

    # ------------------------------------------------------------------ config

    def env(self, **extra) -> dict:
        """The environment in which SLURM client commands talk to this cluster: SLURM_CONF,
        and first on PATH an ``srun`` that sets it again (see :meth:`write_config`)."""
        env = dict(os.environ, **extra)
        env["PATH"] = f"{self.scratch / 'bin'}{os.pathsep}{env.get('PATH', '')}"
        env["SLURM_CONF"] = str(self.conf)
        return env

    def _node_line(self) -> str:
        # `slurmd -C` reports this machine as slurmd sees it; a node declared larger than
        # that would be drained as invalid.
        out = subprocess.run(["/usr/sbin/slurmd", "-C"], capture_output=True, text=True, check=True).stdout
        fields = dict(f.split("=", 1) for f in out.split("\n")[0].split() if "=" in f)
        cpus = self._cpus or int(fields["CPUs"])
        memory = self._memory_mb or int(fields["RealMemory"]) - 512
        return (f"NodeName={self.host} NodeAddr=127.0.0.1 CPUs={cpus} RealMemory={memory} "
                "State=UNKNOWN")

    def write_config(self) -> None:
        d = self.scratch
        for sub in ("state", "spool", "munge", "log"):
            (d / sub).mkdir(exist_ok=True)
        ctld_port, slurmd_port = _free_port(), _free_port()
        self.conf.write_text(f"""# written by tests/cluster/slurm_cluster.py
ClusterName=imbevaltest
SlurmctldHost={self.host}(127.0.0.1)
SlurmctldPort={ctld_port}
SlurmdPort={slurmd_port}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket={self.socket}
CredType=cred/munge
StateSaveLocation={d}/state
SlurmdSpoolDir={d}/spool/slurmd-%n
SlurmctldPidFile={d}/slurmctld.pid
SlurmdPidFile={d}/slurmd.pid
SlurmctldLogFile={d}/log/slurmctld.log
SlurmdLogFile={d}/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
SchedulerType=sched/backfill
MpiDefault=none
ReturnToService=2
MinJobAge=3600
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
KillWait=5
Waittime=0
{self._node_line()}
PartitionName={self.partition} Nodes={self.host} Default=YES MaxTime=INFINITE State=UP
""")
        # Inside a job, snakemake-executor-plugin-slurm-jobstep (0.6) starts `srun` with every
        # SLURM_* variable but a few removed, SLURM_CONF too; a real site's srun then reads
        # /etc/slurm/slurm.conf, which this cluster must not touch. PATH is kept, so an srun
        # found first on it restores SLURM_CONF.
        (d / "bin").mkdir(exist_ok=True)
        srun = d / "bin" / "srun"
        srun.write_text(f'#!/bin/sh\nSLURM_CONF={self.conf} exec {shutil.which("srun")} "$@"\n')
        srun.chmod(0o755)
        key = d / "munge" / "munge.key"
        key.write_bytes(os.urandom(1024))
        key.chmod(0o600)

    # ------------------------------------------------------------------ daemons

    def _start(self, name: str, args: list[str]) -> None:
        log = open(self.scratch / "log" / f"{name}.out", "wb")
        proc = subprocess.Popen([DAEMONS[name], *args], stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, env=self.env(), start_new_session=True)
        log.close()
        self.procs.append((name, proc))
        with open(self.scratch / "pids", "a") as f:
            f.write(f"{name} {proc.pid}\n")

    def _wait(self, what: str, check, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for name, proc in self.procs:
                if proc.poll() is not None:
                    raise RuntimeError(f"{name} exited with {proc.returncode} while waiting for {what}:\n"
                                       + self.logs())
            if check():
                return
            time.sleep(0.5)
        raise RuntimeError(f"timed out after {timeout} s waiting for {what}:\n" + self.logs())

    def run(self, *cmd: str, check: bool = True, timeout: float = 60) -> subprocess.CompletedProcess:
        """A SLURM client command against this cluster."""
        proc = subprocess.run(list(cmd), env=self.env(), capture_output=True, text=True,
                              timeout=timeout, check=False)
        if check and proc.returncode != 0:
            raise RuntimeError(f"{' '.join(cmd)} failed ({proc.returncode}): {proc.stderr}")
        return proc

    def start(self) -> SlurmCluster:
        stop_orphans()
        self.write_config()
        d = self.scratch
        try:
            self._start("munged", ["--foreground", "--force", f"--socket={self.socket}",
                                   f"--key-file={d}/munge/munge.key", f"--pid-file={d}/munge/munged.pid",
                                   f"--seed-file={d}/munge/munged.seed", f"--log-file={d}/log/munged.log"])
            self._wait("munged's socket", self.socket.exists, timeout=20)
            self._start("slurmctld", ["-D", "-i", "-f", str(self.conf)])
            self._wait("slurmctld", lambda: self.run("scontrol", "ping", check=False).returncode == 0
                       and "UP" in self.run("scontrol", "ping", check=False).stdout)
            self._start("slurmd", ["-D", "-f", str(self.conf), "-N", self.host])
            self._wait("the node to be idle", lambda: "idle" in self.run(
                "sinfo", "--noheader", "--format=%t", check=False).stdout)
        except Exception:
            self.stop()
            raise
        return self

    @staticmethod
    def _wait_quiet(check, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if check():
                return True
            time.sleep(0.5)
        return False

    def logs(self) -> str:
        parts = []
        for f in sorted((self.scratch / "log").glob("*")):
            parts.append(f"--- {f.name}\n" + f.read_text(errors="replace")[-3000:])
        return "\n".join(parts)

    def stop(self) -> None:
        """Cancel the cluster's jobs, then stop every daemon it started, by PID, in reverse
        order; remove the scratch folder."""
        if any(name == "slurmctld" and proc.poll() is None for name, proc in self.procs):
            # Jobs still running would lose their slurmstepd parent with slurmd.
            jobs = self.run("squeue", "--noheader", "--format=%i", check=False).stdout.split()
            if jobs:
                self.run("scancel", *jobs, check=False)
                self._wait_quiet(lambda: not self.run("squeue", "--noheader", "--states=RUNNING,COMPLETING",
                                                      "--format=%i", check=False).stdout.split(), 30)
        for _name, proc in reversed(self.procs):
            _stop_pid(proc.pid)
        self.procs.clear()
        shutil.rmtree(self.scratch, ignore_errors=True)
