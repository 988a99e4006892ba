"""Coverage of the one-test-set intervals (imbeval.metrics.interval) per index and method,
with the peers' intervals in the same runs; and the speed of the posterior for every index.

Usage::

    python benchmarks/single_test_intervals.py [--replicates 60] [--draws 1000]
        [--paired-replicates 40] [--peer-replicates 30] [--seed 0] [--write-table]
    python benchmarks/single_test_intervals.py speed [--draws 10000] [--classes 10]

Peers (optional, in a virtualenv of their own; never required by imbeval):
``pip install confidenceinterval==1.0.5 prob-conf-mat==0.4.0``; a peer not importable is
left out and the output says so.

**Regimes.** Classes C in {2, 5, 10}, smallest class m in {5, 20, 100, 500} test points,
imbalance ratio IR in {1, 10, 100} (class priors geometric from the smallest, row 0, to IR
times it). Per regime one seeded population classifier: each class's recall drawn in
[0.6, 0.95], its errors spread over the other classes by a Dirichlet(1). A test set is
``Multinomial(n, P)`` with ``n = m / prior of the smallest class``.

**Target.** The index of the population matrix ``n · P`` (what a test set's index
estimates). An index whose target is undefined in a regime is left out of that regime.

**Coverage.** Per replicate test set, each method's 95 % interval; coverage = the share of
replicates with a defined interval that contain the target, ``undefined`` = the share
without one (the index undefined on the test set, or on every draw). Monte Carlo standard
error ``sqrt(c (1 - c) / defined)`` is written beside it.

**Paired.** Two classifiers per regime (C in {2, 5}): B agrees with A on a point with
probability 0.7, else predicts from its own population row; the target is
``index(n P_A) - index(n P_B)``.

Writes ``benchmarks/results/single_test_intervals.csv`` (every index x method x regime, and
the peers' rows); with ``--write-table`` also ``src/imbeval/metrics/ci_coverage.csv``, the
table ``ci_method="auto"`` reads. docs/metrics.md has the numbers of the project machine.
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import time
import warnings
from pathlib import Path

import numpy as np

from imbeval.indices import compute, registry
from imbeval.metrics._ci import (CLASSES_GRID, IMBALANCE_GRID, MIN_CLASS_GRID,
                                 matrix_intervals)
from imbeval.metrics._ci_methods import RATES

ROOT = Path(__file__).resolve().parent
METHODS = ("dirichlet", "delta", "bootstrap", "wilson", "jeffreys")
PAIRED_METHODS = ("dirichlet", "delta", "bootstrap")
FIELDS = ("kind", "index", "method", "classes", "min_class", "imbalance", "replicates",
          "defined", "coverage", "mc_se", "undefined", "width")


def population(c, m, ir, rng):
    """(P, n): cell probabilities of a population classifier and the test set's size."""
    priors = ir ** (np.arange(c) / max(c - 1, 1))  # row 0 the smallest class
    priors = priors / priors.sum()
    rows = np.zeros((c, c))
    for k in range(c):
        recall = rng.uniform(0.6, 0.95)
        errors = rng.dirichlet(np.ones(c - 1)) * (1 - recall)
        rows[k, k] = recall
        rows[k, np.arange(c) != k] = errors
    return priors[:, None] * rows, int(math.ceil(m / priors[0]))


def paired_population(c, m, ir, rng, agree=0.7):
    """Joint cell probabilities (true, A, B) of two classifiers, and n."""
    pa, n = population(c, m, ir, rng)
    pb, _ = population(c, m, ir, rng)
    ra, rb = pa / pa.sum(axis=1, keepdims=True), pb / pb.sum(axis=1, keepdims=True)
    priors = pa.sum(axis=1)
    # B copies A's prediction with probability `agree`, else predicts from its own row
    joint = priors[:, None, None] * ra[:, :, None] * (
        agree * np.eye(c)[None, :, :] + (1 - agree) * rb[:, None, :])
    return joint, n


def names_for(c):
    return [n for n, i in registry(catalogue=True).items()
            if (i.scope != "two-class" or c == 2) and n != "macro_averaged_mae"]


def _targets(counts, names, paired):
    if not paired:
        return {k: float(v) for k, v in compute(counts, names=names).items()}
    a = compute(counts.sum(axis=-1), names=names)
    b = compute(counts.sum(axis=-2), names=names)
    return {k: float(a[k]) - float(b[k]) for k in names}


def _tally(store, key, target, est):
    row = store.setdefault(key, [0, 0, 0, 0.0])  # replicates, defined, covered, widths
    row[0] += 1
    if est is None or not (math.isfinite(est[0]) and math.isfinite(est[1])):
        return
    row[1] += 1
    # a relative tolerance: a target on the interval's end (a point interval) counts
    tol = 1e-9 * max(1.0, abs(target))
    row[2] += int(est[0] - tol <= target <= est[1] + tol)
    row[3] += est[1] - est[0]


def run_regime(kind, c, m, ir, args, peers, store):
    rng = np.random.default_rng([args.seed, c, m, ir, kind == "paired"])
    paired = kind == "paired"
    probs, n = (paired_population if paired else population)(c, m, ir, rng)
    names = names_for(c)
    targets = _targets(n * probs, names, paired)
    names = [k for k in names if math.isfinite(targets[k])]
    methods = PAIRED_METHODS if paired else METHODS
    reps = args.paired_replicates if paired else args.replicates
    for r in range(reps):
        counts = rng.multinomial(n, probs.ravel()).reshape(probs.shape).astype(float)
        for method in methods:
            use = [k for k in names if k in RATES] if method in ("wilson", "jeffreys") \
                else names
            if not use:
                continue
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                out = matrix_intervals(counts, use, ci_method=method, draws=args.draws,
                                       seed=[args.seed, r], paired=paired)
            for k in use:
                _tally(store, (kind, k, method, c, m, ir), targets[k],
                       (out[k].low, out[k].high))
        if not paired and r < args.peer_replicates:
            for peer, run in peers.items():
                for k, est in run(counts, c).items():
                    if k in targets and math.isfinite(targets[k]):
                        _tally(store, (kind, k, peer, c, m, ir), targets[k], est)


def labels_of(counts):
    c = counts.shape[0]
    cells = counts.astype(int).ravel()
    t = np.repeat(np.repeat(np.arange(c), c), cells)
    p = np.repeat(np.tile(np.arange(c), c), cells)
    return t, p


def confidenceinterval_peer():
    import confidenceinterval as ci

    def run(counts, c):
        t, p = labels_of(counts)
        out = {}

        def take(name, f, *a, **kw):
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    _, (lo, hi) = f(*a, **kw)
                out[name] = (float(lo), float(hi))
            except Exception:  # a peer that fails on a test set has no interval there
                out[name] = None
        take("accuracy", ci.accuracy_score, t.tolist(), p.tolist())
        if c == 2:  # imbeval's row 0 is the positive class: label 1 for the peer
            tb, pb = (t == 0).astype(int).tolist(), (p == 0).astype(int).tolist()
            take("f1", ci.f1_score, tb, pb, average="binary")
            take("precision", ci.precision_score, tb, pb, average="binary", method="wilson")
            take("sensitivity", ci.recall_score, tb, pb, average="binary", method="wilson")
        else:
            take("macro_f1", ci.f1_score, t.tolist(), p.tolist(), average="macro")
        return out
    return run


#: prob-conf-mat's metric names for registry indices
PCM_METRICS = {"accuracy": "acc", "acsa": "ba", "mcc": "mcc", "kappa": "kappa",
               "macro_f1": "f1@macro"}


def prob_conf_mat_peer(draws):
    import prob_conf_mat as pcm
    from prob_conf_mat.stats import hdi_estimator

    def run(counts, c):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            study = pcm.Study(seed=0, num_samples=max(draws, 1000), ci_probability=0.95)
            study.add_experiment("g/a", confusion_matrix=counts.astype(int),
                                 prevalence_prior=0.5, confusion_prior=0.5)
            out = {}
            for ours, theirs in PCM_METRICS.items():
                study.add_metric(theirs)
                v = study.get_metric_samples(metric=theirs, experiment_name="g/a",
                                             sampling_method="posterior").values.ravel()
                v = v[np.isfinite(v)]
                out[ours] = tuple(float(x) for x in hdi_estimator(v, 0.95)) if v.size \
                    else None
        return out
    return run


def load_peers(draws):
    peers, missing = {}, []
    for name, make in (("confidenceinterval", confidenceinterval_peer),
                       ("prob-conf-mat", lambda: prob_conf_mat_peer(draws))):
        try:
            peers[name] = make()
        except ImportError:
            missing.append(name)
    return peers, missing


def rows_of(store):
    for (kind, k, method, c, m, ir), (reps, defined, covered, widths) in sorted(store.items()):
        cov = covered / defined if defined else math.nan
        yield {"kind": kind, "index": k, "method": method, "classes": c, "min_class": m,
               "imbalance": ir, "replicates": reps, "defined": defined,
               "coverage": f"{cov:.4f}",
               "mc_se": f"{math.sqrt(cov * (1 - cov) / defined):.4f}" if defined else "nan",
               "undefined": f"{1 - defined / reps:.4f}",
               "width": f"{widths / defined:.6g}" if defined else "nan"}


def write(path, rows):
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=FIELDS)
        w.writeheader()
        w.writerows(rows)


def coverage(args):
    peers, missing = load_peers(args.draws)
    if missing:
        print(f"peers not installed, left out: {', '.join(missing)}")
    store = {}
    start = time.process_time()
    for c in CLASSES_GRID:
        for m in MIN_CLASS_GRID:
            for ir in IMBALANCE_GRID:
                t0 = time.process_time()
                run_regime("single", c, m, ir, args, peers, store)
                if c in (2, 5) and args.paired_replicates:
                    run_regime("paired", c, m, ir, args, {}, store)
                print(f"C={c} m={m} IR={ir}: {time.process_time() - t0:.1f} s CPU",
                      flush=True)
    rows = list(rows_of(store))
    write(Path(args.out), rows)
    if args.write_table:
        write(ROOT.parent / "src" / "imbeval" / "metrics" / "ci_coverage.csv",
              [r for r in rows if r["method"] in METHODS])
    print(f"{len(rows)} rows, {time.process_time() - start:.0f} s CPU -> {args.out}")


def speed(args):
    """All indices of ``--classes`` classes on ``--draws`` posterior draws, one core."""
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    rng = np.random.default_rng(args.seed)
    c = args.classes
    counts = rng.integers(0, 30, (c, c)).astype(float) + np.diag(rng.integers(50, 500, c))
    names = names_for(c)
    best = math.inf
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            out = matrix_intervals(counts, names, ci_method="dirichlet", draws=args.draws)
        best = min(best, time.perf_counter() - t0)
    print(f"{len(out)} indices, {args.draws} posterior draws of a {c}-class matrix: "
          f"best of {args.repeat} {best:.3f} s")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("mode", nargs="?", default="coverage", choices=("coverage", "speed"))
    parser.add_argument("--replicates", type=int, default=60)
    parser.add_argument("--paired-replicates", type=int, default=40)
    parser.add_argument("--peer-replicates", type=int, default=30)
    parser.add_argument("--draws", type=int, default=1000)
    parser.add_argument("--classes", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default=str(ROOT / "results" / "single_test_intervals.csv"))
    parser.add_argument("--write-table", action="store_true")
    args = parser.parse_args(argv)
    (speed if args.mode == "speed" else coverage)(args)


if __name__ == "__main__":
    main()
