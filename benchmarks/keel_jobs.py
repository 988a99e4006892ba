"""Cost of a finished KEEL run per job kind, from Snakemake's benchmark files
(docs/performance.md, docs/reference-results.md "The shipped run").

    python benchmarks/keel_jobs.py RUN_DIR [--log SNAKEMAKE_LOG]

Reads ``RUN_DIR/results/benchmarks/keel/runs/<set>/<classifier>/runs.tsv`` (one per
classifier job of ``job_unit: all_runs``) and the single jobs' ``collect.tsv``,
``scores.tsv``, ``figures.tsv`` beside them, and prints per classifier: jobs, CPU hours
(Snakemake's ``cpu_time``), CPU per job median / max with the set of the max, peak RSS
median / max (``max_rss``, MB), wall per job median; then the single jobs' wall, CPU and
peak RSS. With ``--log``, the failed jobs the log names ("Error in rule").

Snakemake samples a job's ``cpu_time`` every 0.5 s for its first 15 s and then every 30 s,
so a short job's figure can miss part of its CPU (benchmarks/cost_model.py says the same);
the whole run's CPU, children included, is what ``/usr/bin/time -v snakemake ...`` reports.
"""

from __future__ import annotations

import argparse
import csv
import re
import statistics
from pathlib import Path


def _read(path: Path) -> dict:
    with path.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    row = rows[-1]  # a job run again appends nothing (Snakemake rewrites), but be safe

    def number(key):
        value = row.get(key, "NA")
        return float(value) if value not in ("NA", "", None) else float("nan")

    return {"wall": number("s"), "cpu": number("cpu_time"), "rss": number("max_rss")}


def summarise(run_dir: Path) -> tuple[list[dict], list[dict]]:
    """Per classifier and per single job: the rows printed by :func:`main`."""
    base = run_dir / "results" / "benchmarks" / "keel"
    by_clf: dict[str, list[tuple[str, dict]]] = {}
    for path in sorted(base.glob("runs/*/*/runs.tsv")):
        by_clf.setdefault(path.parent.name, []).append((path.parent.parent.name, _read(path)))
    kinds = []
    for clf, jobs in sorted(by_clf.items()):
        cpu = [j["cpu"] for _, j in jobs]
        top = max(jobs, key=lambda j: j[1]["cpu"])
        kinds.append({"classifier": clf, "jobs": len(jobs), "cpu_h": sum(cpu) / 3600,
                      "cpu_median": statistics.median(cpu), "cpu_max": top[1]["cpu"],
                      "cpu_max_set": top[0],
                      "rss_median": statistics.median(j["rss"] for _, j in jobs),
                      "rss_max": max(j["rss"] for _, j in jobs),
                      "wall_median": statistics.median(j["wall"] for _, j in jobs)})
    singles = [{"job": p.stem, **_read(p)} for p in sorted(base.glob("*.tsv"))]
    return kinds, singles


def failures(log: Path) -> list[str]:
    """The jobs a Snakemake log names as failed (rule and wildcards)."""
    text = log.read_text(encoding="utf-8", errors="replace")
    out = []
    for match in re.finditer(r"Error in rule (\w+):.*?wildcards: ([^\n]*)", text, re.S):
        out.append(f"{match.group(1)} ({match.group(2).strip()})")
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run_dir", type=Path, help="the checkout the KEEL run ran in")
    parser.add_argument("--log", type=Path, help="the Snakemake log, for the failed jobs")
    args = parser.parse_args(argv)
    kinds, singles = summarise(args.run_dir)
    print("classifier\tjobs\tcpu_h\tcpu_median_s\tcpu_max_s (set)\trss_median_mb\trss_max_mb"
          "\twall_median_s")
    for k in kinds:
        print(f"{k['classifier']}\t{k['jobs']}\t{k['cpu_h']:.3f}\t{k['cpu_median']:.1f}\t"
              f"{k['cpu_max']:.1f} ({k['cpu_max_set']})\t{k['rss_median']:.0f}\t"
              f"{k['rss_max']:.0f}\t{k['wall_median']:.1f}")
    total = sum(k["cpu_h"] for k in kinds)
    print(f"all classifier jobs\t{sum(k['jobs'] for k in kinds)}\t{total:.3f}")
    print("job\twall_s\tcpu_s\trss_mb")
    for s in singles:
        print(f"{s['job']}\t{s['wall']:.1f}\t{s['cpu']:.1f}\t{s['rss']:.0f}")
    if args.log:
        failed = failures(args.log)
        print(f"failed jobs: {len(failed)}")
        for line in failed:
            print(f"  {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
