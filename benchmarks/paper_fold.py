"""One paper-shaped outer fold of a mullick2020 classifier, before against after.

The unit of work measured: what ``imbeval_repro.experiment.protocol.cv.run_protocol`` does for one outer
fold -- ``tune(make_classifier(name, {}, seed), grid, X[train], y[train], inner_folds=3)``
(the inner stratified CV over the grid of ``config/paper.yaml`` plus the refit), then
``predict`` on the test fold -- on a 10-class problem shaped like ``c10_a`` of
``config/paper.yaml``: 2048-d features, class sizes from
``imbeval_repro.experiment.data.problems.class_sizes`` with 1,300 images per ILSVRC leaf class (6,500 ...
325, 22,135 points at IR 20; ``--scale`` multiplies them). The features are synthetic and
deterministic (``--seed``): non-negative like pooled ReLU activations, each class with its
own mean on a random eighth of the dimensions, so the classes overlap and the SVMs keep
many support vectors.

Each side runs in its own subprocess with its own ``PYTHONPATH`` (``before``: the code at
``--before-src``, by default main's baseline checkout; ``after``: this checkout's
``src``), back to back, at ``nice -n 5`` if started so, with one BLAS thread as in the
pipeline (``--threads``). Wall and CPU time (``time.process_time``) are both recorded: on
a loaded machine the CPU time is the steadier measure of the work. The sides write their predictions,
decision values and chosen parameters; the parent compares them and writes
``benchmarks/results/paper_fold_<classifier>.json`` with the times, the load average
(``os.getloadavg``) before and after each side, and the commit of each source tree.

Usage:
  nice -n 5 python benchmarks/paper_fold.py [--classifier nbsvm] [--scale 1.0]
      [--sides before after] [--repeat 1] [--threads 1] [--before-src OTHER_CHECKOUT/src]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
# config/paper.yaml: c10_a = turtle, bear, parrot, crab, squash, chair, shark,
# brass_instrument, bus, citrus_fruit with 5, 4, 4, 4, 4, 4, 3, 3, 3, 2 leaf classes.
C10_A_LEAVES = (5, 4, 4, 4, 4, 4, 3, 3, 3, 2)
IMAGES_PER_LEAF = 1300
PAPER_GRIDS = {  # config/paper.yaml, experiment.classifiers
    "nbsvm": {"C": [0.1, 1.0, 10.0, 100.0], "sigma": ["scale"]},
    "dual_lexiboost": {},
    "rusboost": {"estimator__max_depth": [2, 4, 8]},
    "smote_mlp": {"mlp__alpha": [0.0001, 0.01]},
}


def paper_sizes(scale: float) -> list[int]:
    """Class sizes of c10_a (IR 20), times ``scale``, largest first."""
    avail = np.array(C10_A_LEAVES, float) * IMAGES_PER_LEAF
    C = avail.size
    factors = 20.0 ** (-np.arange(C) / (C - 1))
    n0 = float(np.min(avail / factors))            # as imbeval_repro.experiment.data.problems.class_sizes
    return [max(int(v), 4) for v in np.rint(n0 * factors * scale)]


def features(sizes, n_features: int, seed: int):
    """Deterministic 2048-d features with class structure (see the module docstring)."""
    rng = np.random.default_rng(seed)
    blocks, labels = [], []
    for c, n in enumerate(sizes):
        mean = np.full(n_features, 0.4)
        dims = rng.choice(n_features, n_features // 8, replace=False)
        mean[dims] += rng.uniform(0.05, 0.35, dims.size)
        blocks.append(rng.gamma(2.0, mean / 2.0, (n, n_features)))
        labels.append(np.full(n, c))
    return np.vstack(blocks), np.concatenate(labels)


def _git_commit(src: Path) -> str:
    try:
        out = subprocess.run(["git", "-C", str(src), "rev-parse", "--short", "HEAD"],
                             capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(src), "status", "--porcelain", "--", "."],
                               capture_output=True, text=True, check=True).stdout.strip()
        return out + ("+uncommitted" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def worker(args) -> None:
    """One side, in this process: build the data, time tune + predict, save the outputs."""
    import warnings

    from sklearn.exceptions import ConvergenceWarning

    from imbeval_repro.experiment.classifiers import make_classifier, tune
    from imbeval_repro.experiment.protocol.cv import outer_folds

    sizes = paper_sizes(args.scale)
    X, y = features(sizes, args.n_features, args.seed)
    train, test = outer_folds(y, 5, args.seed, "c10_a", 0)[0]
    grid = PAPER_GRIDS[args.classifier]
    times = []
    for _ in range(args.repeat):
        load0 = os.getloadavg()[0]
        est = make_classifier(args.classifier, {}, random_state=args.seed)
        t0, c0 = time.perf_counter(), time.process_time()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", category=UserWarning)
            warnings.simplefilter("ignore", category=ConvergenceWarning)
            fitted, chosen = tune(est, grid, X[train], y[train], inner_folds=3,
                                  random_state=args.seed)
        t1, c1 = time.perf_counter(), time.process_time()
        pred = np.asarray(fitted.predict(X[test]))
        t2, c2 = time.perf_counter(), time.process_time()
        times.append({"tune_fit_seconds": round(t1 - t0, 2),
                      "predict_seconds": round(t2 - t1, 2),
                      "tune_fit_cpu_seconds": round(c1 - c0, 2),
                      "predict_cpu_seconds": round(c2 - c1, 2),
                      "load_start": round(load0, 2), "load_end": round(os.getloadavg()[0], 2)})
        print(f"[{args.label}] tune+fit {t1 - t0:8.1f} s (CPU {c1 - c0:.1f} s)  "
              f"predict {t2 - t1:6.1f} s (CPU {c2 - c1:.1f} s)  "
              f"load {load0:.2f} -> {os.getloadavg()[0]:.2f}  chosen {chosen}", flush=True)
    dec = (np.asarray(fitted.decision_function(X[test]))
           if hasattr(fitted, "decision_function") else np.zeros(0))
    np.savez(args.worker_out, pred=pred, dec=dec, y_test=y[test])
    Path(str(args.worker_out) + ".json").write_text(json.dumps(
        {"times": times, "chosen": chosen, "sizes": sizes, "n_train": int(train.size),
         "n_test": int(test.size)}))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--classifier", default="nbsvm", choices=sorted(PAPER_GRIDS))
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--n-features", type=int, default=2048)
    ap.add_argument("--seed", type=int, default=20200)
    ap.add_argument("--repeat", type=int, default=1, help="timed repetitions per side")
    ap.add_argument("--threads", type=int, default=1, help="BLAS/OpenMP threads per side")
    ap.add_argument("--sides", nargs="+", default=["after"], choices=["before", "after"])
    ap.add_argument("--before-src", type=Path, default=None,
                    help="the src folder of another checkout, for the side 'before'")
    ap.add_argument("--after-src", type=Path, default=ROOT / "src")
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--worker-out", type=Path, default=None, help=argparse.SUPPRESS)
    ap.add_argument("--label", default="", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker_out is not None:
        worker(args)
        return
    if "before" in args.sides and args.before_src is None:
        ap.error("--sides before needs --before-src (the src folder of the checkout to compare)")
    out = args.out or HERE / "results" / f"paper_fold_{args.classifier}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    sides = {}
    with tempfile.TemporaryDirectory() as tmp:
        for side in args.sides:
            src = (args.before_src if side == "before" else args.after_src).resolve()
            wout = Path(tmp) / f"{side}.npz"
            # one BLAS thread, as in the pipeline (Snakemake sets the *_NUM_THREADS
            # variables to the rule's threads: 1)
            threads = str(args.threads)
            env = dict(os.environ, PYTHONPATH=str(src), OMP_NUM_THREADS=threads,
                       OPENBLAS_NUM_THREADS=threads, MKL_NUM_THREADS=threads)
            cmd = [sys.executable, __file__, "--worker-out", str(wout), "--label", side,
                   "--classifier", args.classifier, "--scale", str(args.scale),
                   "--n-features", str(args.n_features), "--seed", str(args.seed),
                   "--repeat", str(args.repeat)]
            subprocess.run(cmd, env=env, check=True)
            data = np.load(wout)
            info = json.loads(Path(str(wout) + ".json").read_text())
            info.update(src=str(src), commit=_git_commit(src),
                        pred=data["pred"], dec=data["dec"], y_test=data["y_test"])
            sides[side] = info
    result = {"classifier": args.classifier, "grid": PAPER_GRIDS[args.classifier],
              "scale": args.scale, "threads": args.threads, "n_features": args.n_features, "seed": args.seed,
              "machine": {"cpus": os.cpu_count(), "python": platform.python_version()}}
    for side, info in sides.items():
        result[side] = {k: info[k] for k in ("times", "chosen", "sizes", "n_train", "n_test",
                                             "src", "commit")}
        pred, y_test = info["pred"], info["y_test"]
        result[side]["balanced_accuracy"] = float(np.mean(
            [np.mean(pred[y_test == c] == c) for c in np.unique(y_test)]))
    if "before" in sides and "after" in sides:
        b, a = sides["before"], sides["after"]
        best_b = min(t["tune_fit_seconds"] for t in b["times"])
        best_a = min(t["tune_fit_seconds"] for t in a["times"])
        cpu = [min(t.get("tune_fit_cpu_seconds", float("nan")) for t in side["times"])
               for side in (b, a)]
        same_shape = b["dec"].shape == a["dec"].shape
        result["comparison"] = {
            "same_chosen_params": b["chosen"] == a["chosen"],
            "identical_predictions": bool(np.array_equal(b["pred"], a["pred"])),
            "n_prediction_differences": int(np.sum(b["pred"] != a["pred"])),
            "max_abs_decision_difference": (float(np.max(np.abs(b["dec"] - a["dec"])))
                                            if same_shape and b["dec"].size else None),
            "tune_fit_speedup_best": round(best_b / best_a, 2),
            "tune_fit_cpu_speedup_best": round(cpu[0] / cpu[1], 2),
        }
        print(json.dumps(result["comparison"], indent=2))
    fd, tmpname = tempfile.mkstemp(dir=out.parent, suffix=".tmp")
    with os.fdopen(fd, "w") as fh:
        json.dump(result, fh, indent=2)
    os.replace(tmpname, out)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
