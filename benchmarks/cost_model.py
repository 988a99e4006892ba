"""Cost model of the paper-scale grid (config/paper.yaml): core-hours and wall time.

Inputs, all measured or read, none guessed silently:

- per-fit seconds of each classifier on the paper-scale unit (6,500 x 2048, two classes,
  IR 20) from ``benchmarks/results/fit_time.json`` (``python benchmarks/fit_time.py``);
- the job structure of the config: problems, their class sizes (``imbeval.data.problems
  .class_sizes`` with 1,300 training images per ILSVRC leaf class, the nominal size),
  runs x folds, inner folds and tuning grids per classifier;
- feature extraction at the measured Inception-V3 rate (``benchmarks/results/features.json``
  or ``--images-per-second``; that rate is for the whole 2-core machine).

Model of one job (problem, classifier, run) = ``folds`` outer folds, each:
``refit on 0.8 n`` + ``grid x inner_folds fits on 0.8 n x (1 - 1/inner)`` + one prediction
of the test fold (the five RRT test sets are subsamples of that one prediction, so they
cost only index arithmetic). A fit on n_train points costs the measured unit time scaled by
the size that drives each algorithm (exponents below, stated assumptions):

- NBSVM: libsvm, ~ n^2 (kernel rows); C > 2 classes: one binary fit per class on all n;
- (Dual-)LexiBoost: the n x n neighbour table, ~ n^2, once per fit;
- RUSBoost: trees on the under-sampled set; taken as linear in n (an upper bound);
- SMOTE+MLP: epochs over the over-sampled set, C x n_max points; linear.

Prediction is scaled linearly in the test-fold size. Per-job overhead (Python, imports,
loading the problem) and, on SLURM, scheduling overhead and queue wait are parameters.
Wall time on P cores: longest-processing-time-first list scheduling of the jobs (one core
each, as the rules request ``threads: 1``) after the feature stage.

Usage::

    python benchmarks/cost_model.py [--config config/paper.yaml] [--fit-json ...]
        [--job-overhead 5] [--slurm-overhead 30] [--slurm-queue-wait 900] [--slurm-slots 128]

Writes ``benchmarks/results/cost_model.json`` (atomically) and prints a summary.
"""

from __future__ import annotations

import argparse
import heapq
import itertools
import json
import os
from pathlib import Path

import numpy as np
import yaml

from imbeval.data.problems import class_sizes

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
UNIT_N = 6500          # training points of the measured unit fit
UNIT_N_TEST = 1300     # test points of the measured unit prediction
UNIT_SMOTE_N = 2 * 6190  # SMOTE's balanced training set in the unit (two classes x 6,190)
IMAGES_PER_LEAF = 1300


def grid_size(spec) -> int:
    grid = (spec or {}).get("grid") or {}
    sizes = [len(v) for v in grid.values()]
    return int(np.prod(sizes)) if sizes else 1


def problem_sizes(exp) -> dict[str, list[int]]:
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


def fit_seconds(clf, unit, sizes, frac):
    """Seconds of one fit on the fraction ``frac`` of a problem with class ``sizes``."""
    n = frac * sum(sizes)
    c = len(sizes)
    if clf == "nbsvm":
        per_binary = unit * (n / UNIT_N) ** 2
        return per_binary * (1 if c == 2 else c)
    if clf in ("dual_lexiboost", "lexiboost"):
        return unit * (n / UNIT_N) ** 2
    if clf == "rusboost":
        return unit * n / UNIT_N
    if clf == "smote_mlp":
        return unit * c * frac * max(sizes) / UNIT_SMOTE_N
    raise ValueError(clf)


def job_seconds(clf, spec, fit_unit, predict_unit, sizes, protocol, overhead):
    folds, inner = protocol["folds"], protocol["inner_folds"]
    g = grid_size(spec)
    train = 1.0 - 1.0 / folds
    per_fold = fit_seconds(clf, fit_unit, sizes, train)
    if g > 1:
        per_fold += g * inner * fit_seconds(clf, fit_unit, sizes, train * (1 - 1 / inner))
        # each inner fit also predicts its held-out third of the training part
        per_fold += g * inner * predict_unit * (train * sum(sizes) / inner) / UNIT_N_TEST
    per_fold += predict_unit * (sum(sizes) / folds) / UNIT_N_TEST
    return folds * per_fold + overhead


def makespan(durations, cores):
    """Longest-processing-time-first list schedule on ``cores`` identical cores."""
    loads = [0.0] * min(cores, max(1, len(durations)))
    heapq.heapify(loads)
    for d in sorted(durations, reverse=True):
        heapq.heappush(loads, heapq.heappop(loads) + d)
    return max(loads)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, default=REPO / "config" / "paper.yaml")
    ap.add_argument("--fit-json", type=Path, default=HERE / "results" / "fit_time.json")
    ap.add_argument("--features-json", type=Path, default=HERE / "results" / "features.json")
    ap.add_argument("--images-per-second", type=float, default=None,
                    help="Inception-V3 rate of the whole 2-core machine (default: features.json)")
    ap.add_argument("--job-overhead", type=float, default=5.0,
                    help="seconds per job: interpreter, imports, loading the problem")
    ap.add_argument("--slurm-overhead", type=float, default=30.0,
                    help="extra seconds per SLURM job: submission, start-up, status polling")
    ap.add_argument("--slurm-queue-wait", type=float, default=900.0,
                    help="queue wait before the first jobs start (seconds)")
    ap.add_argument("--slurm-slots", type=int, default=128,
                    help="cores the cluster gives the workflow at once")
    ap.add_argument("--out", type=Path, default=HERE / "results" / "cost_model.json")
    args = ap.parse_args(argv)

    cfg = yaml.safe_load(args.config.read_text())
    exp = cfg["experiment"]
    protocol = exp["protocol"]
    fits = {r["classifier"]: r for r in json.loads(args.fit_json.read_text())["results"]}
    sizes = problem_sizes(exp)

    if args.images_per_second is None:
        feats = json.loads(args.features_json.read_text())
        rate = next(v for k, v in _walk(feats) if k == "full_images_per_s")
    else:
        rate = args.images_per_second
    n_images = IMAGES_PER_LEAF * sum(len(m) for m in exp["concepts"].values())
    feature_core_seconds = n_images / rate * 2  # the measured rate used both cores

    jobs = []
    for (name, sz), clf, run in itertools.product(sizes.items(), exp["classifiers"],
                                                   range(protocol["runs"])):
        spec = exp["classifiers"][clf]
        seconds = job_seconds(clf, spec, fits[clf]["fit_seconds"], fits[clf]["predict_seconds"],
                              sz, protocol, args.job_overhead)
        jobs.append({"problem": name, "classifier": clf, "run": run, "n": sum(sz),
                     "classes": len(sz), "seconds": seconds})
    durations = [j["seconds"] for j in jobs]
    total = sum(durations)
    by_clf = {c: sum(j["seconds"] for j in jobs if j["classifier"] == c) / 3600
              for c in exp["classifiers"]}
    longest = max(jobs, key=lambda j: j["seconds"])

    wall = {}
    for p in (1, 16, 128):
        wall[str(p)] = (feature_core_seconds / min(p, 2 * len(exp["concepts"]))
                        + makespan(durations, p)) / 3600
    slurm_durations = [d + args.slurm_overhead for d in durations]
    slurm_wall = (args.slurm_queue_wait
                  + feature_core_seconds / min(args.slurm_slots, 4 * len(exp["concepts"]))
                  + makespan(slurm_durations, args.slurm_slots)) / 3600

    result = {
        "config": str(args.config.relative_to(REPO) if args.config.is_relative_to(REPO) else args.config),
        "assumptions": {
            "images_per_leaf_class": IMAGES_PER_LEAF,
            "fit_scaling": {"nbsvm": "n^2 per binary fit, C binary fits for C > 2",
                            "dual_lexiboost": "n^2 (neighbour table)",
                            "rusboost": "n (upper bound)",
                            "smote_mlp": "C x n_max (SMOTE-balanced set)"},
            "job_overhead_seconds": args.job_overhead,
            "slurm_overhead_seconds_per_job": args.slurm_overhead,
            "slurm_queue_wait_seconds": args.slurm_queue_wait,
            "slurm_slots": args.slurm_slots,
            "inception_images_per_second_2_cores": rate,
        },
        "measured_unit_fit_seconds": {c: fits[c]["fit_seconds"] for c in exp["classifiers"]},
        "measured_unit_predict_seconds": {c: fits[c]["predict_seconds"] for c in exp["classifiers"]},
        "problems": {k: v for k, v in sizes.items()},
        "jobs": len(jobs),
        "grid_sizes": {c: grid_size(s) for c, s in exp["classifiers"].items()},
        "fits_per_job": {c: protocol["folds"] * (1 + (grid_size(s) * protocol["inner_folds"]
                                                    if grid_size(s) > 1 else 0))
                         for c, s in exp["classifiers"].items()},
        "feature_images": n_images,
        "feature_core_hours": feature_core_seconds / 3600,
        "training_core_hours": total / 3600,
        "training_core_hours_by_classifier": by_clf,
        "total_core_hours": (total + feature_core_seconds) / 3600,
        "longest_job": longest,
        "wall_hours": wall,
        "slurm_wall_hours": slurm_wall,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    tmp = args.out.with_suffix(".tmp")
    tmp.write_text(json.dumps(result, indent=2))
    os.replace(tmp, args.out)

    print(f"{len(jobs)} jobs; features {n_images} images, {result['feature_core_hours']:.1f} core-h")
    print("training core-hours by classifier: "
          + ", ".join(f"{c} {h:.1f}" for c, h in by_clf.items()))
    print(f"total {result['total_core_hours']:.1f} core-hours")
    print(f"longest job: {longest['problem']}/{longest['classifier']}/run{longest['run']} "
          f"{longest['seconds'] / 3600:.2f} h")
    print("wall: " + ", ".join(f"{p} cores {h:.1f} h" for p, h in wall.items())
          + f", SLURM ({args.slurm_slots} slots, {args.slurm_queue_wait / 60:.0f} min queue) "
          f"{slurm_wall:.1f} h")
    print(f"written to {args.out}")


def _walk(obj, key=None):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _walk(v, k)
    elif isinstance(obj, list):
        for v in obj:
            yield from _walk(v, key)
    else:
        yield key, obj


if __name__ == "__main__":
    main()
