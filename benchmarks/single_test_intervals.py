"""Coverage of the one-test-set intervals (imbeval.metrics.interval) per index and method,
with the peers' intervals in the same runs; and the speed of the posterior for every index.

Usage::

    python benchmarks/single_test_intervals.py [--replicates 60] [--draws 1000]
        [--paired-replicates 40] [--peer-replicates 30] [--seed 0] [--write-table]
    python benchmarks/single_test_intervals.py speed [--draws 10000] [--classes 10]
    python benchmarks/single_test_intervals.py summary [--out CSV]  # docs' tables + heat map

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
the peers' rows); with ``--write-table`` also ``src/imbeval/metrics/ci_coverage.csv.gz``, the
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
          "defined", "covered", "coverage", "mc_se", "undefined", "width")


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


def run_regime(kind, c, m, ir, args, peers, store, chunk=0, reps=None):
    """Tally every index x method of one regime: each replicate draws its own population
    classifier and then its test set, so the coverage is the regime's (averaged over the
    population classifiers it holds) and two seeds measure the same quantity.

    ``chunk`` numbers a batch of ``reps`` replicates with a stream of its own (replicates
    ``chunk * reps ...``), so that a run adds batches over all regimes in turn."""
    rng = np.random.default_rng([args.seed, c, m, ir, kind == "paired", chunk])
    paired = kind == "paired"
    make = paired_population if paired else population
    all_names = names_for(c)
    methods = PAIRED_METHODS if paired else METHODS
    if reps is None:
        reps = args.paired_replicates if paired else args.replicates
    for r in range(chunk * reps, (chunk + 1) * reps):
        probs, n = make(c, m, ir, rng)
        targets = _targets(n * probs, all_names, paired)
        # an index whose population value is undefined has no target in this replicate
        names = [k for k in all_names if math.isfinite(targets[k])]
        counts = rng.multinomial(n, probs.ravel()).reshape(probs.shape).astype(float)
        for method in methods:
            use = [k for k in names if k in RATES] if method in ("wilson", "jeffreys") \
                else names
            if not use:
                continue
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                out = matrix_intervals(counts, use, ci_method=method, draws=args.draws,
                                       seed=[args.seed, r, c, m, ir], paired=paired)
            for k in use:
                _tally(store, (kind, k, method, c, m, ir), targets[k],
                       (out[k].low, out[k].high))
        if not paired and r < args.peer_replicates:  # the first replicates of each regime
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
        out = {}
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                study = pcm.Study(seed=0, num_samples=max(draws, 1000), ci_probability=0.95)
                study.add_experiment("g/a", confusion_matrix=counts.astype(int),
                                     prevalence_prior=0.5, confusion_prior=0.5)
            except Exception:  # it refuses a matrix with an empty row: no interval there
                return {ours: None for ours in PCM_METRICS}
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
               "imbalance": ir, "replicates": reps, "defined": defined, "covered": covered,
               "coverage": f"{cov:.4f}",
               "mc_se": f"{math.sqrt(cov * (1 - cov) / defined):.4f}" if defined else "nan",
               "undefined": f"{1 - defined / reps:.4f}",
               "width": f"{widths / defined:.6g}" if defined else "nan"}


def write(path, rows, fields=FIELDS):
    import gzip
    import io

    path.parent.mkdir(parents=True, exist_ok=True)
    # written beside and renamed: a run stopped mid-write keeps its last whole file
    part = path.with_name(path.name + ".part")
    # the shipped table is gzipped; mtime=0 keeps its bytes reproducible
    opener = (lambda: gzip.GzipFile(part, "wb", mtime=0)) if path.suffix == ".gz" else None
    with (opener() if opener else open(part, "wb")) as raw:
        with io.TextIOWrapper(raw, encoding="utf-8", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=fields)
            w.writeheader()
            w.writerows(rows)
    os.replace(part, path)


def _state_path(out):
    return Path(str(out) + ".state.json")


def coverage(args):
    """Run the regimes in batches of ``--chunk`` replicates (``--chunk // 2`` paired) until
    ``--replicates`` (``--paired-replicates``): every batch covers every regime, so a run
    stopped at any time has all regimes at (nearly) one count, and ``--resume`` goes on from
    the batches and regimes it finished (kept in ``OUT.state.json`` after each regime)."""
    import json

    peers, missing = load_peers(args.draws)
    if missing:
        print(f"peers not installed, left out: {', '.join(missing)}")
    out = Path(args.out)
    chunk = min(args.chunk, args.replicates)
    paired_chunk = min(max(chunk // 2, 1), args.paired_replicates)
    settings = {"seed": args.seed, "draws": args.draws, "chunk": chunk,
                "peers": sorted(peers) if args.peer_replicates else []}
    store, done = {}, set()
    state = _state_path(out)
    if args.resume and state.exists():
        saved = json.loads(state.read_text())
        if saved["settings"] != settings:
            raise SystemExit(f"--resume: {out} was run with {saved['settings']}, "
                             f"not {settings}")
        store = {tuple(k): v for k, v in saved["store"]}
        done = {tuple(d) for d in saved["done"]}
        print(f"resuming: {len(done)} (batch, kind, regime) runs already in {out}")
    start = time.process_time()
    batches = math.ceil(args.replicates / chunk)
    for b in range(batches):
        for c in CLASSES_GRID:
            for m in MIN_CLASS_GRID:
                for ir in IMBALANCE_GRID:
                    t0 = time.process_time()
                    kinds = ["single"] + (["paired"] if c in (2, 5) and args.paired_replicates
                                          and b * paired_chunk < args.paired_replicates
                                          else [])
                    todo = [k for k in kinds if (b, k, c, m, ir) not in done]
                    for kind in todo:
                        run_regime(kind, c, m, ir, args, peers if kind == "single" else {},
                                   store, chunk=b,
                                   reps=paired_chunk if kind == "paired" else chunk)
                        done.add((b, kind, c, m, ir))
                    if todo:
                        print(f"batch {b} C={c} m={m} IR={ir}: "
                              f"{time.process_time() - t0:.1f} s CPU", flush=True)
                        # the rows and the state after each regime: kept if the run stops
                        write(out, list(rows_of(store)))
                        part = state.with_name(state.name + ".part")
                        part.write_text(json.dumps({"settings": settings,
                                                    "done": sorted(done),
                                                    "store": sorted(store.items())}))
                        os.replace(part, state)
    rows = list(rows_of(store))
    write(out, rows)
    print(f"{len(rows)} rows, {time.process_time() - start:.0f} s CPU -> {out}")


def speed(args):
    """All indices of ``--classes`` classes on ``--draws`` posterior draws, one core."""
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    rng = np.random.default_rng(args.seed)
    c = args.classes
    counts = rng.integers(0, 30, (c, c)).astype(float) + np.diag(rng.integers(50, 500, c))
    names = names_for(c)
    best, cpu = math.inf, math.inf
    for _ in range(args.repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            out = matrix_intervals(counts, names, ci_method="dirichlet", draws=args.draws)
        best = min(best, time.perf_counter() - t0)
        cpu = min(cpu, time.process_time() - c0)
    # CPU time is what one core spends (the wall time of a loaded machine waits for others)
    print(f"{len(out)} indices, {args.draws} posterior draws of a {c}-class matrix, "
          f"draws to intervals: best of {args.repeat} {best:.3f} s wall, {cpu:.3f} s CPU")


def family(name):
    """The family of a registry index for the heat map: its source (paper or library)."""
    return registry(catalogue=True)[name].paper


def auto_rows(rows):
    """Per (kind, index, regime): the method "auto" picks from these rows, as _ci does."""
    from imbeval.metrics._ci import MIN_COVERAGE

    cells = {}
    for r in rows:
        if r["method"] not in METHODS or r["coverage"] == "nan":
            continue
        key = (r["kind"], r["index"], int(r["classes"]), int(r["min_class"]),
               int(r["imbalance"]))
        cells.setdefault(key, {})[r["method"]] = (float(r["coverage"]), float(r["width"]))
    out = {}
    for key, row in cells.items():
        good = {k: v for k, v in row.items() if v[0] >= MIN_COVERAGE}
        method = min(good, key=lambda k: (good[k][1], k)) if good else \
            max(row, key=lambda k: row[k][0])
        out[key] = (method, row[method][0], bool(good))
    return out


def check(auto, rows):
    """The coverage of the methods "auto" picked (from the main run) in an independent run
    (``--check``: other seed, other population classifiers): the choice's own test, free of
    the optimism of picking the best-looking method on the numbers that judge it."""
    seen = {(r["kind"], r["index"], r["method"], int(r["classes"]), int(r["min_class"]),
             int(r["imbalance"])): r for r in rows if r["coverage"] != "nan"}
    for kind in ("single", "paired"):
        got, trusted = [], []
        for key, (method, _, good) in auto.items():
            if key[0] != kind:
                continue
            r = seen.get((kind, key[1], method, *key[2:]))
            if r is not None:
                (trusted if good else got).append(float(r["coverage"]))
        t = np.array(trusted)
        if t.size:
            print(f"\ncheck run, {kind}: where auto trusts its method ({t.size} cells), "
                  f"coverage mean {t.mean():.1%}, >= 94 % in {np.mean(t >= 0.94):.0%}, "
                  f">= 90 % in {np.mean(t >= 0.90):.0%}, lowest {t.min():.1%}")


def summary(args):
    """Markdown tables for docs/metrics.md and the heat map docs/ci-coverage.png."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = list(csv.DictReader(open(args.out)))
    auto = auto_rows(rows)
    regimes = [(c, m, ir) for c in CLASSES_GRID for m in MIN_CLASS_GRID for ir in IMBALANCE_GRID]
    # methods pooled over indices and regimes (defined intervals), peers beside
    pooled = {}
    for r in rows:
        if r["coverage"] == "nan":
            continue
        d = int(r["defined"])
        acc = pooled.setdefault((r["kind"], r["method"]), [0.0, 0, 0, 0])
        acc[0] += float(r["coverage"]) * d
        acc[1] += d
        acc[2] += int(r["replicates"])
        acc[3] += float(r["coverage"]) >= 0.94
    print("| kind | method | coverage (pooled) | undefined | cells >= 94 % |")
    print("|---|---|---|---|---|")
    for (kind, method), (cov, d, reps, good) in sorted(pooled.items()):
        cells = sum(1 for r in rows if r["kind"] == kind and r["method"] == method
                    and r["coverage"] != "nan")
        print(f"| {kind} | {method} | {cov / d:.1%} | {1 - d / reps:.1%} | "
              f"{good}/{cells} |")
    # the peers against imbeval's methods on the same indices and regimes
    print("\n| index | peer | peer's coverage | imbeval auto's coverage (same regimes) |")
    print("|---|---|---|---|")
    peer_rows = [r for r in rows if r["method"] not in METHODS and r["coverage"] != "nan"]
    for peer in sorted({r["method"] for r in peer_rows}):
        for name in sorted({r["index"] for r in peer_rows if r["method"] == peer}):
            these = [r for r in peer_rows if r["method"] == peer and r["index"] == name]
            theirs = np.mean([float(r["coverage"]) for r in these])
            ours = np.mean([auto[("single", name, int(r["classes"]), int(r["min_class"]),
                                  int(r["imbalance"]))][1] for r in these])
            low = min(float(r["coverage"]) for r in these)
            print(f"| {name} | {peer} | mean {theirs:.1%}, lowest {low:.1%} | "
                  f"mean {ours:.1%} |")
    for kind in ("single", "paired"):
        keys = [k for k in auto if k[0] == kind]
        missed = sum(not auto[k][2] for k in keys)
        chosen = {}
        for k in keys:
            chosen[auto[k][0]] = chosen.get(auto[k][0], 0) + 1
        print(f"\n{kind}: auto reaches 94 % in {len(keys) - missed} of {len(keys)} "
              f"(index, regime) cells; methods chosen {chosen}")
        bad = {}
        for k in keys:
            if not auto[k][2]:
                bad.setdefault(k[2:], []).append(k[1])
        for regime, names in sorted(bad.items()):
            print(f"  C={regime[0]} m={regime[1]} IR={regime[2]}: {len(names)} indices "
                  f"without a method at 94 %")
    if args.check:
        check(auto, list(csv.DictReader(open(args.check))))
    singles = sorted({k[1] for k in auto if k[0] == "single"}, key=lambda n: (family(n), n))
    grid = np.full((len(singles), len(regimes)), np.nan)
    for i, name in enumerate(singles):
        for j, regime in enumerate(regimes):
            if ("single", name, *regime) in auto:
                grid[i, j] = auto[("single", name, *regime)][1]
    fams = [family(n) for n in singles]
    order = sorted(set(fams), key=fams.index)
    fig, axes = plt.subplots(len(order), 1, figsize=(11, 0.11 * len(singles) + 0.5 * len(order)),
                             gridspec_kw={"height_ratios": [fams.count(f) for f in order]},
                             layout="constrained", sharex=True)
    for ax, fam in zip(np.atleast_1d(axes), order):
        idx = [i for i, f in enumerate(fams) if f == fam]
        im = ax.imshow(grid[idx], aspect="auto", cmap="RdYlGn", vmin=0.80, vmax=1.0,
                       interpolation="nearest")
        ax.set_yticks(range(len(idx)), [singles[i] for i in idx], fontsize=5)
        ax.set_ylabel(fam, fontsize=7)
        ax.set_xticks(range(len(regimes)), [f"{c}/{m}/{ir}" for c, m, ir in regimes],
                      fontsize=5, rotation=90)
        ax.tick_params(axis="x", labeltop=ax is np.atleast_1d(axes)[0], labelbottom=False)
    np.atleast_1d(axes)[-1].tick_params(axis="x", labelbottom=True)
    np.atleast_1d(axes)[0].set_title("coverage of the method 'auto' picks, nominal 95 %, per "
                                     "index (rows, by source) and regime (columns: classes / "
                                     "smallest class / imbalance ratio)", fontsize=8)
    fig.colorbar(im, ax=axes, fraction=0.02, label="coverage (red: 0.80 or less)")
    target = ROOT.parent / "docs" / "ci-coverage.png"
    fig.savefig(target, dpi=110)
    print(f"\nwrote {target}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("mode", nargs="?", default="coverage",
                        choices=("coverage", "speed", "summary"))
    parser.add_argument("--replicates", type=int, default=60)
    parser.add_argument("--paired-replicates", type=int, default=40)
    parser.add_argument("--peer-replicates", type=int, default=30)
    parser.add_argument("--draws", type=int, default=1000)
    parser.add_argument("--classes", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default=str(ROOT / "results" / "single_test_intervals.csv"))
    parser.add_argument("--chunk", type=int, default=50,
                        help="coverage: replicates per batch over all regimes (paired: half)")
    parser.add_argument("--resume", action="store_true",
                        help="coverage: keep the regimes --out already has (same settings)")
    parser.add_argument("--check", help="summary: a run at another seed to test auto's picks")
    args = parser.parse_args(argv)
    {"speed": speed, "coverage": coverage, "summary": summary}[args.mode](args)


if __name__ == "__main__":
    main()
