"""Wall time of the default DAG at --cores 1 and --cores 2, and of a no-op rerun.

Each setting runs from clean in its own scratch copy of the working tree (tracked and
untracked non-ignored files: ``git ls-files --cached --others --exclude-standard``), so
the checkout's ``results/`` is never touched and the two runs cannot share outputs. The copy's ``src/`` comes first on
``PYTHONPATH`` so its jobs run the copied library.

Usage::

    python benchmarks/dag.py [--cores 1 2] [--target all] [--scratch /tmp/imbeval-dag]
                             [--snakemake PATH_TO_SNAKEMAKE] [--keep]

For each setting: wall time of ``snakemake --cores N TARGET`` from clean, then (after the
last setting) the wall time of the same command again, which must find nothing to do.
From Snakemake's per-job benchmark files (``results/benchmarks/experiment/...`` in the copy)
it also reports the summed job time, the longest job and the feature stage, which bound
the possible speed-up: wall(--cores 2) >= max(sum/2, critical path). The experiment's
result tables of the two settings are compared byte for byte.

Writes ``benchmarks/results/dag.json`` (atomically) and prints a summary; the numbers
measured on the project machine are in ``docs/performance.md``.
"""

from __future__ import annotations

import argparse
import csv
import filecmp
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TABLES = ("fold_indices", "confusion_matrices", "test_sets", "hyperparameters", "summary")


def copy_tree(dest: Path) -> None:
    if dest.exists():
        shutil.rmtree(dest)
    files = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                           cwd=REPO, check=True, capture_output=True).stdout.decode().split("\0")
    for name in filter(None, files):
        src = REPO / name
        if not src.is_file():  # deleted in the working tree
            continue
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, target)


def load_average() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def run_snakemake(workdir: Path, snakemake: str, cores: int, target: str) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(workdir / "src") + os.pathsep + env.get("PYTHONPATH", "")
    env["PATH"] = str(Path(snakemake).parent) + os.pathsep + env.get("PATH", "")
    cmd = [snakemake, "--cores", str(cores), target]
    load_before = load_average()
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=workdir, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    (workdir / f"snakemake_cores{cores}_{int(time.time())}.log").write_text(
        proc.stdout + proc.stderr)
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr[-4000:])
        raise SystemExit(f"snakemake --cores {cores} failed in {workdir}")
    nothing = "Nothing to be done" in (proc.stdout + proc.stderr)
    return {"command": " ".join(cmd[1:]), "seconds": round(seconds, 1),
            "load_before": load_before, "load_after": load_average(),
            "nothing_to_be_done": nothing}


def job_times(workdir: Path) -> dict:
    """Per-job wall seconds from Snakemake's benchmark TSVs in the copy."""
    times = {}
    # the rules' benchmark: directives write here
    root = workdir / "results" / "benchmarks" / "experiment"
    for tsv in root.rglob("*.tsv"):
        with tsv.open() as fh:
            row = next(csv.DictReader(fh, delimiter="\t"))
        times[str(tsv.relative_to(root).with_suffix(""))] = float(row["s"])
    if not times:
        return {}
    runs = {k: v for k, v in times.items() if k.startswith("runs/")}
    per_classifier: dict[str, float] = {}
    for key, seconds in runs.items():
        clf = key.split("/")[2]
        per_classifier[clf] = per_classifier.get(clf, 0.0) + seconds
    longest = max(times.items(), key=lambda kv: kv[1])
    return {
        "jobs_with_benchmark": len(times),
        "sum_seconds": round(sum(times.values()), 1),
        "features_seconds": times.get("features"),
        "collect_seconds": times.get("collect"),
        "run_jobs": len(runs),
        "run_jobs_sum_seconds": round(sum(runs.values()), 1),
        "run_jobs_sum_by_classifier": {k: round(v, 1) for k, v in sorted(per_classifier.items())},
        "longest_job": {"name": longest[0], "seconds": longest[1]},
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cores", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--target", default="all", help="Snakemake target (default: rule all)")
    ap.add_argument("--scratch", type=Path, default=Path("/tmp/imbeval-dag"))
    ap.add_argument("--snakemake", default=str(Path(sys.executable).parent / "snakemake"))
    ap.add_argument("--keep", action="store_true", help="keep the scratch copies")
    ap.add_argument("--out", type=Path, default=REPO / "benchmarks" / "results" / "dag.json")
    args = ap.parse_args(argv)

    result = {"target": args.target, "nproc": os.cpu_count(), "settings": {}}
    copies = {}
    for cores in args.cores:
        workdir = args.scratch / f"cores{cores}"
        copy_tree(workdir)
        copies[cores] = workdir
        run = run_snakemake(workdir, args.snakemake, cores, args.target)
        run["jobs"] = job_times(workdir)
        result["settings"][str(cores)] = run
        print(f"--cores {cores}: {run['seconds']:.1f} s (load {run['load_before']} -> "
              f"{run['load_after']})", flush=True)

    last = args.cores[-1]
    noop = run_snakemake(copies[last], args.snakemake, last, args.target)
    result["noop_rerun"] = noop
    print(f"no-op rerun (--cores {last}): {noop['seconds']:.1f} s, "
          f"nothing to be done: {noop['nothing_to_be_done']}", flush=True)

    if len(args.cores) >= 2:
        a, b = (copies[c] / "results" / "experiment" for c in args.cores[:2])
        result["identical_tables"] = {
            t: filecmp.cmp(a / f"{t}.csv", b / f"{t}.csv", shallow=False) for t in TABLES}
        s = {c: result["settings"][str(c)]["seconds"] for c in args.cores}
        result["speedup"] = round(s[min(s)] / s[max(s)], 3)
        print(f"speed-up --cores {max(s)} vs --cores {min(s)}: {result['speedup']:.2f}x; "
              f"identical tables: {result['identical_tables']}")

    args.out.parent.mkdir(parents=True, exist_ok=True)
    tmp = args.out.with_suffix(".tmp")
    tmp.write_text(json.dumps(result, indent=2))
    os.replace(tmp, args.out)
    print(f"written to {args.out}")
    if not args.keep:
        for workdir in copies.values():
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
