"""Cost model of the paper-scale grid (config/paper.yaml), built from the paper-shaped slice.

Inputs, all measured or read, none guessed silently:

- the per-fold job benchmark files of a run of ``config/paper-slice.yaml`` (Snakemake's
  ``results/benchmarks/experiment/runs/<problem>/<classifier>/run<r>/fold<k>.tsv``: wall
  seconds ``s``, ``cpu_time``, ``max_rss``) and its ``results/experiment/problems.csv``
  (class sizes) -- the slice holds one two-class problem at IR 20 and one 10-class problem,
  both at the paper's shapes (2048-d, 1300 points per leaf class);
- the job structure of the paper config: problems and their class sizes
  (``imbeval_repro.experiment.data.problems.class_sizes`` with 1,300 images per ILSVRC leaf class, the
  nominal size), runs x folds (one job per outer fold); classifier grids and inner folds
  must be the slice's (checked), since the slice measured them;
- feature extraction at the Inception-V3 rate measured in docs/performance.md
  (``--images-per-second``, the rate of the whole 2-core machine; the slice has no images).

Model of one per-fold job of (problem, classifier) = the fixed per-job cost (``--job-overhead``:
interpreter, imports, loading the problem) + a compute part scaled from the slice:

    compute = s ** e * (a + b * m),   m = 1 machine for two classes, C for C classes

where ``s`` is the size that drives the algorithm and ``e`` its exponent (stated
assumptions: NBSVM and Dual-LexiBoost ``s = n``, ``e = 2`` -- kernel matrix / neighbour
table; RUSBoost ``s = C * n_min``, the under-sampled set every tree is grown on, ``e = 1``
(a tree's split search is linear in its points up to a log, and in the classes through the
impurity sums: the ``b * m`` part); SMOTE+MLP ``s = C * n_max``, the SMOTE-balanced set,
``e = 1``). ``a`` (the part shared by all classes, e.g. NBSVM's Gram matrix) and ``b`` (the
part per one-vs-rest machine / class) are solved from the two slice problems (m = 1 and
m = 10); if the solution has a negative part the two anchors are used piecewise (two-class
problems scale from the two-class anchor, multi-class from the 10-class one, ``b = 0``).
Per-job compute is the mean time of the slice's 5 folds minus the overhead; the longest job
uses the slowest fold. The time is the job's wall time (``--measure wall``, the default: one
single-threaded job per core on a quiet machine) or Snakemake's ``cpu_time`` (``--measure
cpu``, for a loaded machine). Snakemake samples ``cpu_time`` every 0.5 s for the first 15 s
of a job, then every 30 s, and keeps the last sample, so it misses up to 30 s of every job:
a short job's ``cpu_time`` can be half its real CPU use.

Wall time on P cores: the feature stage (12 concept jobs, up to 4 threads each, linear
thread scaling) then longest-processing-time-first list scheduling of the fold jobs (one
core each) and the collect job. SLURM: queue wait before the first job, a per-submission
overhead, and the slurm profile's grouping (``group-components: 5`` -- five fold jobs of one
problem and classifier per submission, run side by side on 5 cores; a group lasts as long as
its longest member).

Usage::

    python benchmarks/cost_model.py --slice-dir DIR [--slice-dir DIR2]  # where the slice ran
        [--config config/paper.yaml] [--slice-config config/paper-slice.yaml]
        [--job-overhead 2.5] [--images-per-second 7.8]
        [--slurm-overhead 30] [--slurm-queue-wait 900] [--slurm-slots 128] [--group 5]

Writes ``benchmarks/results/cost_model.json`` (atomically) and prints a summary.
"""

from __future__ import annotations

import argparse
import csv
import heapq
import itertools
import json
import os
import subprocess
from pathlib import Path

import numpy as np
import yaml

from imbeval_repro.experiment.data.problems import class_sizes

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
IMAGES_PER_LEAF = 1300
# (size, exponent) per classifier, see the module docstring.
SCALING = {
    "nbsvm": ("n", 2),
    "dual_lexiboost": ("n", 2),
    "lexiboost": ("n", 2),
    "rusboost": ("C*n_min", 1),
    "smote_mlp": ("C*n_max", 1),
}


def problem_sizes(exp) -> dict[str, list[int]]:
    """Class sizes of every problem of a config, 1,300 points per leaf class."""
    leaves = {name: len(members) for name, members in exp["concepts"].items()}
    cap = exp.get("max_class_size")
    out = {}
    for p in exp.get("two_class") or []:
        avail = [IMAGES_PER_LEAF * leaves[p["minority"]],
                 IMAGES_PER_LEAF * sum(leaves[m] for m in np.atleast_1d(p["majority"]))]
        out[p["name"]] = class_sizes(avail, "two-class", float(p["ir"]), cap)
    for p in exp.get("multi_class") or []:
        avail = [IMAGES_PER_LEAF * sum(leaves[m] for m in np.atleast_1d(c)) for c in p["classes"]]
        out[p["name"]] = class_sizes(avail, "multi-class", float(p["ir"]), cap)
    return out


def driving_size(clf: str, sizes) -> float:
    kind, _ = SCALING[clf]
    if kind == "C*n_max":
        return float(len(sizes) * max(sizes))
    if kind == "C*n_min":
        return float(len(sizes) * min(sizes))
    return float(sum(sizes))


def machines(sizes) -> int:
    return 1 if len(sizes) == 2 else len(sizes)


def read_benchmark(path: Path) -> dict:
    with open(path, newline="") as fh:
        rows = list(csv.DictReader(fh, delimiter="\t"))
    if not rows:
        raise ValueError(f"benchmark file {path} is empty")
    r = rows[-1]
    cpu = r.get("cpu_time", "NA")
    return {"wall": float(r["s"]), "cpu": float(cpu) if cpu not in ("NA", "") else float(r["s"]),
            "max_rss_mb": float(r["max_rss"]) if r.get("max_rss", "NA") not in ("NA", "") else None,
            "load": float(r["mean_load"]) if r.get("mean_load", "NA") not in ("NA", "") else None}


def slice_measurements(slice_dirs, exp) -> dict:
    """{(problem, classifier): [per-fold benchmark dicts]} of the slice run(s) -- the slice
    may have run in several folders (e.g. some classifiers at a time)."""
    out = {}
    problems = [p["name"] for p in exp["two_class"] + exp["multi_class"]]
    for problem, clf in itertools.product(problems, exp["classifiers"]):
        # a failed job leaves no benchmark file: such a (problem, classifier) is reported
        # as not measured and the other problem's anchor is used for it
        out[(problem, clf)] = [
            {**read_benchmark(f), "file": str(f)}
            for d in slice_dirs
            for f in sorted((d / "results/benchmarks/experiment/runs" / problem / clf).glob("run*/fold*.tsv"))
        ]
    return out


def fit_coefficients(clf, anchors, overhead):
    """(a, b, how) of ``compute = s**e * (a + b*m)`` from the slice's anchors.

    ``anchors``: [(sizes, seconds)] of the two slice problems (two-class and multi-class).
    """
    _, e = SCALING[clf]
    u = {machines(sz): max(sec - overhead, 0.0) / driving_size(clf, sz) ** e for sz, sec in anchors}
    if not u:
        return None
    if len(u) == 1:
        (only,) = u.values()
        return {"a": only, "b": 0.0,
                "how": f"one anchor only (m = {next(iter(u))}): size scaling, no class scaling"}
    if len(u) != 2 or 1 not in u:
        raise ValueError("the slice needs one two-class and one multi-class problem")
    m_multi = max(u)
    b = (u[m_multi] - u[1]) / (m_multi - 1)
    a = u[1] - b
    if a >= 0 and b >= 0:
        return {"a": a, "b": b, "how": "two-parameter fit"}
    return {"a_two": u[1], "a_multi": u[m_multi], "how": "piecewise anchors (fit had a negative part)"}


def compute_seconds(clf, coef, sizes):
    _, e = SCALING[clf]
    s = driving_size(clf, sizes) ** e
    if "a" in coef:
        return s * (coef["a"] + coef["b"] * machines(sizes))
    return s * (coef["a_two"] if len(sizes) == 2 else coef["a_multi"])


def makespan(durations, cores):
    """Longest-processing-time-first list schedule on ``cores`` identical cores."""
    if not durations:
        return 0.0
    loads = [0.0] * min(cores, len(durations))
    heapq.heapify(loads)
    for d in sorted(durations, reverse=True):
        heapq.heappush(loads, heapq.heappop(loads) + d)
    return max(loads)


def feature_wall(concept_images, rate_2_cores, cores, threads=4):
    """Concept jobs of ``min(threads, cores)`` threads each, linear thread scaling."""
    t = min(threads, cores)
    per_core = rate_2_cores / 2
    return makespan([n / (per_core * t) for n in concept_images], max(1, cores // t))


def _git_commit():
    try:
        return subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, default=REPO / "config" / "paper.yaml")
    ap.add_argument("--slice-config", type=Path, default=REPO / "config" / "paper-slice.yaml")
    ap.add_argument("--slice-dir", type=Path, action="append", default=None,
                    help="a folder the slice ran in (holding results/); repeatable [.]")
    ap.add_argument("--measure", choices=("wall", "cpu"), default="wall",
                    help="time of a slice job: its wall time (quiet machine, one job per core) "
                         "or Snakemake's sampled cpu_time (loaded machine; misses up to 30 s) [wall]")
    ap.add_argument("--job-overhead", type=float, default=2.5,
                    help="fixed CPU seconds per job (start-up, imports, loading the problem); "
                         "config/test.yaml's digits jobs take 2.0-2.8 s of CPU in all")
    ap.add_argument("--images-per-second", type=float, default=7.8,
                    help="Inception-V3 rate of the whole 2-core machine (docs/performance.md)")
    ap.add_argument("--slurm-overhead", type=float, default=30.0,
                    help="seconds per SLURM submission: submission, start-up, status polling")
    ap.add_argument("--slurm-queue-wait", type=float, default=900.0,
                    help="queue wait before the first jobs start (seconds)")
    ap.add_argument("--slurm-slots", type=int, default=128,
                    help="cores the cluster gives the workflow at once")
    ap.add_argument("--group", type=int, default=5,
                    help="fold jobs per SLURM submission (the slurm profile's group-components)")
    ap.add_argument("--out", type=Path, default=HERE / "results" / "cost_model.json")
    args = ap.parse_args(argv)

    cfg = yaml.safe_load(args.config.read_text())
    exp = cfg["experiment"]
    sl = yaml.safe_load(args.slice_config.read_text())["experiment"]
    for clf in exp["classifiers"]:
        if clf not in sl["classifiers"] or sl["classifiers"][clf] != exp["classifiers"][clf]:
            raise ValueError(f"classifier {clf}: the slice's settings differ from {args.config}")
    for key in ("inner_folds", "folds"):
        if sl["protocol"][key] != exp["protocol"][key]:
            raise ValueError(f"protocol.{key}: the slice's differs from {args.config}")
    protocol = exp["protocol"]

    slice_dirs = args.slice_dir or [REPO]
    measured = slice_measurements(slice_dirs, sl)
    slice_sizes = {}
    with open(slice_dirs[0] / "results/experiment/problems.csv", newline="") as fh:
        for row in csv.DictReader(fh):
            slice_sizes[row["problem"]] = [int(v) for v in row["sizes"].split(";")]

    coefficients, slice_rows = {}, []
    for clf in exp["classifiers"]:
        anchors = []
        for problem in slice_sizes:
            folds = measured[(problem, clf)]
            if not folds:
                slice_rows.append({"problem": problem, "classifier": clf,
                                   "n": sum(slice_sizes[problem]),
                                   "classes": len(slice_sizes[problem]), "folds": 0})
                continue
            times = [f[args.measure] for f in folds]
            anchors.append((slice_sizes[problem], float(np.mean(times))))
            slice_rows.append({"problem": problem, "classifier": clf, "n": sum(slice_sizes[problem]),
                               "classes": len(slice_sizes[problem]), "folds": len(folds),
                               "mean_seconds": float(np.mean(times)), "max_seconds": float(np.max(times)),
                               "cpu_time_mean": float(np.mean([f["cpu"] for f in folds])),
                               "wall_max": max(f["wall"] for f in folds),
                               "max_rss_mb": max((f["max_rss_mb"] or 0) for f in folds),
                               "mean_load": float(np.mean([f["load"] or 0 for f in folds]))})
        coefficients[clf] = fit_coefficients(clf, anchors, args.job_overhead)
    # slowest fold / mean fold of the slice, per (classifier, two- or multi-class): the
    # margin of the longest single job over the mean job
    spread = {(r["classifier"], r["classes"] == 2): r["max_seconds"] / r["mean_seconds"]
              for r in slice_rows if r["folds"]}

    sizes = problem_sizes(exp)
    jobs = []
    unmeasured = [c for c in exp["classifiers"] if coefficients[c] is None]
    for (name, sz), clf in itertools.product(sizes.items(), exp["classifiers"]):
        if coefficients[clf] is None:
            continue
        mean = args.job_overhead + compute_seconds(clf, coefficients[clf], sz)
        ratio = spread.get((clf, len(sz) == 2), max(v for (c, _), v in spread.items() if c == clf))
        for run, fold in itertools.product(range(protocol["runs"]), range(protocol["folds"])):
            jobs.append({"problem": name, "classifier": clf, "run": run, "fold": fold,
                         "n": sum(sz), "classes": len(sz), "seconds": mean,
                         "slowest_fold_seconds": mean * ratio})
    durations = [j["seconds"] for j in jobs]
    total = sum(durations)
    by_clf = {c: sum(j["seconds"] for j in jobs if j["classifier"] == c) / 3600
              for c in exp["classifiers"] if c not in unmeasured}
    longest = max(jobs, key=lambda j: j["slowest_fold_seconds"])

    concept_images = [IMAGES_PER_LEAF * len(m) for m in exp["concepts"].values()]
    n_images = sum(concept_images)
    feature_core_seconds = n_images / args.images_per_second * 2

    wall = {}
    for p in (1, 16, 64, 128):
        wall[str(p)] = (feature_wall(concept_images, args.images_per_second, p)
                        + makespan(durations, p)) / 3600
    # SLURM: `group` fold jobs per submission, side by side on `group` cores; the profile
    # names a group per (problem, classifier) (folds_{problem}_{classifier}), so a group's
    # members are folds of one problem and classifier: consecutive jobs of `jobs`, whose
    # folds are listed problem by problem, classifier by classifier.
    groups = []
    for _, same in itertools.groupby(jobs, key=lambda j: (j["problem"], j["classifier"])):
        same = [j["seconds"] for j in same]
        groups += [max(same[i:i + args.group]) + args.slurm_overhead
                   for i in range(0, len(same), args.group)]
    slurm_wall = (args.slurm_queue_wait
                  + feature_wall(concept_images, args.images_per_second, args.slurm_slots)
                  + makespan(groups, max(1, args.slurm_slots // args.group))) / 3600
    ungrouped = (args.slurm_queue_wait
                 + feature_wall(concept_images, args.images_per_second, args.slurm_slots)
                 + makespan([d + args.slurm_overhead for d in durations], args.slurm_slots)) / 3600

    result = {
        "commit": _git_commit(),
        "config": str(args.config), "slice_config": str(args.slice_config),
        "slice_dirs": [str(d) for d in slice_dirs],
        "assumptions": {
            "images_per_leaf_class": IMAGES_PER_LEAF,
            "scaling": {c: f"{k}^{e}" for c, (k, e) in SCALING.items() if c in exp["classifiers"]},
            "slice_time_measure": args.measure,
            "job_overhead_seconds": args.job_overhead,
            "inception_images_per_second_2_cores": args.images_per_second,
            "slurm_overhead_seconds_per_submission": args.slurm_overhead,
            "slurm_queue_wait_seconds": args.slurm_queue_wait,
            "slurm_slots": args.slurm_slots,
            "slurm_fold_jobs_per_submission": args.group,
        },
        "slice": slice_rows,
        "coefficients": coefficients,
        "problems": sizes,
        "jobs": len(jobs),
        "unmeasured_classifiers": unmeasured,
        "feature_images": n_images,
        "feature_core_hours": feature_core_seconds / 3600,
        "training_core_hours": total / 3600,
        "training_core_hours_by_classifier": by_clf,
        "total_core_hours": (total + feature_core_seconds) / 3600,
        "longest_job": longest,
        "wall_hours": wall,
        "slurm_wall_hours": slurm_wall,
        "slurm_wall_hours_ungrouped": ungrouped,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    tmp = args.out.with_suffix(".tmp")
    tmp.write_text(json.dumps(result, indent=2))
    os.replace(tmp, args.out)

    print(f"slice ({args.measure} seconds per fold job, mean / max over folds; load):")
    for r in slice_rows:
        if not r["folds"]:
            print(f"  {r['problem']:>15} {r['classifier']:>15} n={r['n']:>6} C={r['classes']:>2}: "
                  "not measured (no benchmark file)")
            continue
        print(f"  {r['problem']:>15} {r['classifier']:>15} n={r['n']:>6} C={r['classes']:>2} "
              f"({r['folds']} folds): "
              f"{r['mean_seconds']:8.1f} / {r['max_seconds']:8.1f}  rss {r['max_rss_mb']:.0f} MB  "
              f"load {r['mean_load']:.1f}")
    if unmeasured:
        print(f"NOT MEASURED, LEFT OUT OF EVERY TOTAL BELOW: {', '.join(unmeasured)}")
    print(f"{len(jobs)} fold jobs; features {n_images} images, {result['feature_core_hours']:.1f} core-h")
    print("training core-hours by classifier: "
          + ", ".join(f"{c} {h:.2f}" for c, h in by_clf.items()))
    print(f"total {result['total_core_hours']:.1f} core-hours "
          f"(training {result['training_core_hours']:.1f})")
    print(f"longest job: {longest['problem']}/{longest['classifier']} one fold "
          f"{longest['slowest_fold_seconds'] / 60:.1f} min (mean fold {longest['seconds'] / 60:.1f} min)")
    print("wall: " + ", ".join(f"{p} cores {h:.2f} h" for p, h in wall.items())
          + f"; SLURM ({args.slurm_slots} slots, {args.slurm_queue_wait / 60:.0f} min queue, "
          f"{args.slurm_overhead:.0f} s per submission, {args.group} folds per submission) "
          f"{slurm_wall:.2f} h (ungrouped {ungrouped:.2f} h)")
    print(f"written to {args.out}")


if __name__ == "__main__":
    main()
