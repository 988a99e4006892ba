"""Fit time of each mullick2020 classifier at paper scale.

The unit of work: one fit on a 2048-d, two-class problem of 6,500 points at IR 20 (the
largest ImageNet concept has 6,500 images; Inception-V3 features are 2048-d). The features
are synthetic (non-negative, like pooled ReLU activations) with a shifted minority class.
Also timed: prediction of a 1,300-point test fold, and for (Dual-)LexiBoost the neighbour
table alone (the dominant cost).

Usage:  python benchmarks/fit_time.py [--n-samples 6500] [--n-features 2048] [--ir 20]
            [--classifiers nbsvm dual_lexiboost lexiboost rusboost smote_mlp]
Writes benchmarks/results/fit_time.json (atomically) and prints a table.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import tempfile
import time
from pathlib import Path

import numpy as np

from imbeval_repro.experiment.classifiers import LexiBoost, make_classifier
from imbeval_repro.experiment.classifiers import lexi_lp
from imbeval_repro.experiment.classifiers.knn_base import neighbour_table

ALL = ("nbsvm", "dual_lexiboost", "lexiboost", "rusboost", "smote_mlp")


def synthetic(n_samples, n_features, ir, seed):
    rng = np.random.default_rng(seed)
    n_min = int(round(n_samples / (ir + 1)))
    n_maj = n_samples - n_min
    shift = np.zeros(n_features)
    shift[: n_features // 8] = 0.5
    X = np.vstack([rng.gamma(1.0, 0.4, (n_maj, n_features)),
                   rng.gamma(1.0, 0.4, (n_min, n_features)) + shift])
    y = np.repeat([0, 1], [n_maj, n_min])
    return X, y


def build(name, seed):
    if name == "lexiboost":
        return LexiBoost()
    return make_classifier(name, {}, seed)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n-samples", type=int, default=6500)
    ap.add_argument("--n-features", type=int, default=2048)
    ap.add_argument("--ir", type=float, default=20.0)
    ap.add_argument("--n-test", type=int, default=1300)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--classifiers", nargs="+", default=list(ALL), choices=ALL)
    ap.add_argument("--out", type=Path,
                    default=Path(__file__).resolve().parent / "results" / "fit_time.json")
    args = ap.parse_args(argv)

    X, y = synthetic(args.n_samples, args.n_features, args.ir, args.seed)
    X_test, y_test = synthetic(args.n_test, args.n_features, args.ir, args.seed + 1)
    rows = []
    for name in args.classifiers:
        model = build(name, args.seed)
        t0 = time.perf_counter()
        model.fit(X, y)
        fit_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        pred = model.predict(X_test)
        predict_s = time.perf_counter() - t0
        recalls = [float((pred[y_test == c] == c).mean()) for c in (0, 1)]
        row = {"classifier": name, "params": {k: repr(v) for k, v in
                                               model.get_params(deep=False).items()},
               "fit_seconds": round(fit_s, 2), "predict_seconds": round(predict_s, 2),
               "test_recalls": [round(r, 3) for r in recalls]}
        if name in ("dual_lexiboost", "lexiboost"):
            t0 = time.perf_counter()
            neighbour_table(X, X, model.n_neighbors)
            row["neighbour_table_seconds"] = round(time.perf_counter() - t0, 2)
            row["n_learners"] = int(len(model.estimator_weights_))
            row["stop_reason"] = getattr(model, "stop_reason_", None)
        rows.append(row)
        print(f"{name:15s} fit {fit_s:8.2f} s  predict {predict_s:7.2f} s  "
              f"recalls {recalls[0]:.3f}/{recalls[1]:.3f}", flush=True)

    # Worst case for the LPs: 10 learners with random margins (up to 2^10 row groups per
    # class), one Stage 1 + Stage 2 + dual-weight solve, i.e. one Dual-LexiBoost round.
    rng = np.random.default_rng(args.seed)
    U = np.where(rng.random((len(y), 10)) < 0.85, 1.0, -1.0)
    t0 = time.perf_counter()
    losses = lexi_lp.stage1(U, y, 2)
    lexi_lp.stage2(U, y, losses)
    lexi_lp.dual_weights(U, y, losses)
    lp_s = time.perf_counter() - t0
    print(f"LP round, 10 random learners: {lp_s:.3f} s")

    result = {
        "lp_round_10_random_learners_seconds": round(lp_s, 3),
        "problem": {"n_samples": args.n_samples, "n_features": args.n_features,
                    "ir": args.ir, "n_test": args.n_test, "seed": args.seed},
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(),
                    "platform": platform.platform()},
        "results": rows,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=args.out.parent, suffix=".tmp")
    with os.fdopen(fd, "w") as fh:
        json.dump(result, fh, indent=2)
    os.replace(tmp, args.out)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
