"""Wall time and peak memory of ``imbeval score`` on a million predictions.

Usage::

    python benchmarks/score_table.py [--datasets 20] [--classifiers 5] [--folds 10]
                                     [--rows 1000] [--scratch DIR]

Generates a predictions table of ``datasets x classifiers x folds`` test folds of ``--rows``
points each (default 20 x 5 x 10 x 1,000 = 1,000,000 predictions; two classes, 1 in 10
positive; labels, and the positive class's score), sorted by group, written as CSV and
Parquet into ``--scratch`` (default a temporary folder, removed afterwards). Then runs
``imbeval score`` as a user does, one process per case, and prints per case the wall time
and the process's peak resident memory (``ru_maxrss`` of the child): label indices only
(their confusion matrices are summed chunk by chunk), with an index of scores (each group's
scores held together, one group at a time), each from CSV and from Parquet. The first
case's table is checked against :func:`imbeval.metrics.score` on three groups.

>>> frame = predictions(2, 1, 2, 5, seed=0)
>>> len(frame), list(frame.columns)
(20, ['dataset', 'classifier', 'fold', 'y_true', 'y_pred', 'y_score'])
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd

CASES = [("labels", "acsa,mcc,f1,gmean"), ("labels + roc_auc", "acsa,mcc,f1,gmean,roc_auc")]

_CHILD = """
import json, resource, subprocess, sys, time
start = time.perf_counter()
done = subprocess.run(sys.argv[1:], capture_output=True, text=True)
wall = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(json.dumps({"wall": wall, "peak_kib": peak, "rc": done.returncode,
                  "err": done.stderr[-2000:]}))
"""


def predictions(datasets, classifiers, folds, rows, seed=0):
    """The generated table: per group, labels with 1 in 10 positive, predictions right
    80 % of the time, a score higher for positives."""
    rng = np.random.default_rng(seed)
    n = datasets * classifiers * folds * rows
    group = np.arange(n) // rows
    y = (rng.random(n) < 0.1).astype(np.int64)
    right = rng.random(n) < 0.8
    score = np.clip(0.35 * y + 0.65 * rng.random(n), 0.0, 1.0)
    return pd.DataFrame({
        "dataset": np.char.add("d", (group // (classifiers * folds)).astype(str)),
        "classifier": np.char.add("c", (group // folds % classifiers).astype(str)),
        "fold": group % folds,
        "y_true": y, "y_pred": np.where(right, y, 1 - y), "y_score": score.round(6)})


def measure(argv):
    """(wall s, peak MiB) of one command, run in a child process of its own."""
    out = subprocess.run([sys.executable, "-c", _CHILD, *argv], capture_output=True,
                         text=True, check=True)
    result = json.loads(out.stdout)
    if result["rc"] != 0:
        raise RuntimeError(f"{' '.join(argv)} failed:\n{result['err']}")
    return result["wall"], result["peak_kib"] / 1024


def check(frame, table):
    """The table agrees with imbeval.metrics.score on three groups."""
    from imbeval.metrics import score

    scores = pd.read_csv(table)
    for (d, c, f), rows in list(frame.groupby(["dataset", "classifier", "fold"]))[:3]:
        got = scores.query("problem == @d and classifier == @c and fold == @f")
        for name, value in zip(got["index"], got["value"]):
            if name != "roc_auc":
                expected = score(name, rows["y_true"], rows["y_pred"], labels=[0, 1],
                                 zero_division=np.nan)
                assert abs(value - expected) < 1e-9, (d, c, f, name, value, expected)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--datasets", type=int, default=20)
    parser.add_argument("--classifiers", type=int, default=5)
    parser.add_argument("--folds", type=int, default=10)
    parser.add_argument("--rows", type=int, default=1000, help="predictions per fold")
    parser.add_argument("--scratch", default=None, metavar="DIR")
    args = parser.parse_args(argv)
    scratch = Path(args.scratch or tempfile.mkdtemp(prefix="score_table_"))
    scratch.mkdir(parents=True, exist_ok=True)
    frame = predictions(args.datasets, args.classifiers, args.folds, args.rows)
    files = {"csv": scratch / "predictions.csv", "parquet": scratch / "predictions.parquet"}
    frame.to_csv(files["csv"], index=False)
    frame.to_parquet(files["parquet"], index=False)
    print(f"{len(frame):,} predictions, {frame.groupby(['dataset', 'classifier', 'fold']).ngroups:,}"
          f" folds; CSV {files['csv'].stat().st_size / 2**20:.1f} MiB, Parquet "
          f"{files['parquet'].stat().st_size / 2**20:.1f} MiB")
    base_wall, base_peak = measure([sys.executable, "-c", "import imbeval.scoring, pandas"])
    print(f"{'(python, import imbeval.scoring)':34} {base_wall:6.2f} s {base_peak:7.0f} MiB")
    checked = False
    for kind, path in files.items():
        for label, indices in CASES:
            out = scratch / f"scores_{kind}_{len(indices)}.csv"
            wall, peak = measure([sys.executable, "-m", "imbeval.cli", "score", str(path),
                                  "--index", indices, "--out", str(out)])
            print(f"{kind + ', ' + label + ' (' + indices + ')':34} {wall:6.2f} s "
                  f"{peak:7.0f} MiB")
            if not checked:
                check(frame, out)
                checked = True
    if args.scratch is None:
        for p in scratch.iterdir():
            os.unlink(p)
        os.rmdir(scratch)


if __name__ == "__main__":
    t0 = time.perf_counter()
    main()
    print(f"total {time.perf_counter() - t0:.1f} s")
