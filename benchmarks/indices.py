"""Throughput of the index engine: every registered index on N random C-class matrices.

Usage::

    python benchmarks/indices.py [--n 100000] [--classes 10] [--repeat 5]
        [--against OTHER/src] [--million 1000000] [--names acsa,cen,...]

Writes ``benchmarks/results/indices.json`` and prints a per-index table. With
``--against OTHER/src`` (e.g. a checkout of the previous commit), that tree's
``imbeval.indices`` is loaded under another name in the same process and both engines are
timed alternately on the same stack -- before and after on the same machine at the same
moment, whatever the load -- and their values compared (bit for bit). ``--million N`` adds
one timed ``compute`` of every index on N matrices for each engine (alternately too).
Numbers measured on the project machine are recorded in ``docs/performance.md``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import platform
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from imbeval.indices import compute, registry


def random_stack(n, c, seed=0):
    rng = np.random.default_rng(seed)
    # counts with a strong diagonal and a spread of class sizes, as classifiers produce
    stack = rng.integers(0, 50, size=(n, c, c)).astype(np.float64)
    stack[:, np.arange(c), np.arange(c)] += rng.integers(0, 500, size=(n, c))
    return stack


def best_of(repeat, fn):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def load_other_engine(src, workdir):
    """``imbeval.indices`` of another source tree, importable beside this one.

    The package is copied to ``workdir/imbeval_against/indices`` with its absolute imports
    of ``imbeval.indices`` renamed, so both engines live in one process.
    """
    origin = Path(src) / "imbeval" / "indices"
    if not (origin / "__init__.py").is_file():
        raise SystemExit(f"--against: no imbeval/indices package under {src}")
    target = Path(workdir) / "imbeval_against"
    shutil.copytree(origin, target / "indices")
    (target / "__init__.py").write_text("")
    for path in (target / "indices").glob("*.py"):
        text = re.sub(r"\bimbeval\.indices\b", "imbeval_against.indices", path.read_text())
        path.write_text(text)
    sys.path.insert(0, str(workdir))
    return importlib.import_module("imbeval_against.indices")


def identical(a, b):
    return all(np.array_equal(a[k], b[k], equal_nan=True) for k in a) and set(a) == set(b)


def max_relative_difference(a, b):
    worst = 0.0
    for k in a:
        both = np.isfinite(a[k]) & np.isfinite(b[k])
        if both.any():
            scale = np.maximum(np.abs(a[k][both]), np.finfo(float).tiny)
            worst = max(worst, float(np.max(np.abs(a[k][both] - b[k][both]) / scale)))
    return worst


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100_000, help="matrices per timed call")
    parser.add_argument("--classes", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=5, help="best of this many calls")
    parser.add_argument("--against", help="src/ folder of another imbeval tree to compare with")
    parser.add_argument("--million", type=int, default=0, help="matrices of one extra timed call")
    parser.add_argument("--million-repeat", type=int, default=1, help="timed calls on the --million stack")
    parser.add_argument("--names", help="comma-separated indices to time (default: all that apply)")
    parser.add_argument("--out", default=str(Path(__file__).parent / "results" / "indices.json"))
    args = parser.parse_args(argv)

    stack = random_stack(args.n, args.classes)
    names = [n for n, i in registry().items() if i.applies_to(args.classes)]
    if args.names:
        names = args.names.split(",")
    engines = {"this": compute}
    with tempfile.TemporaryDirectory() as workdir:
        if args.against:
            engines["against"] = load_other_engine(args.against, workdir).compute
        # alternate the engines call by call, so both see the same load
        times = {label: [] for label in engines}
        for _ in range(args.repeat):
            for label, engine in engines.items():
                start = time.perf_counter()
                engine(stack, names=names)
                times[label].append(time.perf_counter() - start)
        per_index = {label: {} for label in engines}
        for name in names:
            for _ in range(args.repeat):
                for label, engine in engines.items():
                    start = time.perf_counter()
                    engine(stack, names=[name])
                    elapsed = time.perf_counter() - start
                    per_index[label][name] = min(per_index[label].get(name, np.inf), elapsed)
        million = {}
        if args.million:
            big = random_stack(args.million, args.classes, seed=1).astype(np.int64)
            order = list(engines)
            for round_ in range(args.million_repeat):
                # alternate which engine goes first, so a drifting load favours neither
                for label in order if round_ % 2 == 0 else order[::-1]:
                    start = time.perf_counter()
                    engines[label](big, names=names)
                    million.setdefault(label, []).append(time.perf_counter() - start)
            del big
        comparison = None
        if args.against:
            mine = engines["this"](stack, names=names)
            theirs = engines["against"](stack, names=names)
            comparison = {
                "bit_identical": identical(mine, theirs),
                "max_relative_difference": max_relative_difference(theirs, mine),
            }

    result = {
        "matrices": args.n,
        "classes": args.classes,
        "indices": len(names),
        "repeat": args.repeat,
        "load_average_1min_at_end": os.getloadavg()[0],
        "all_indices_seconds": {label: min(t) for label, t in times.items()},
        "all_indices_seconds_each_call": times,
        "per_index_seconds": per_index,
        "million": {"matrices": args.million, "seconds_each_call": million,
                    "seconds": {label: min(t) for label, t in million.items()}}
        if args.million else None,
        "against": args.against,
        "values": comparison,
        "machine": {
            "python": platform.python_version(),
            "numpy": np.__version__,
            "cpus": os.cpu_count(),
            "processor": platform.processor() or platform.machine(),
        },
    }
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp")
    tmp.write_text(json.dumps(result, indent=2))
    os.replace(tmp, out)

    print(f"load average {os.getloadavg()[0]:.1f}; {args.n} matrices, C = {args.classes}, "
          f"{len(names)} indices, best of {args.repeat}")
    for label, t in times.items():
        print(f"  {label:8s} {len(names)} indices {min(t):7.3f} s ({args.n / min(t):,.0f} matrices/s)")
    if args.against:
        print(f"  speed-up {min(times['against']) / min(times['this']):.2f}x; values "
              f"bit-identical: {comparison['bit_identical']} (max relative difference "
              f"{comparison['max_relative_difference']:.1e})")
    header = "  " + f"{'index':20s}" + "".join(f"{label:>10s}" for label in engines)
    print(header)
    for name in sorted(names, key=lambda n: -per_index["this"][n]):
        print("  " + f"{name:20s}" + "".join(f"{per_index[l][name]:10.3f}" for l in engines))
    for label, seconds in million.items():
        print(f"  {label:8s} {args.million:,} matrices, {len(names)} indices: best "
              f"{min(seconds):.1f} s of {[round(t, 1) for t in seconds]}")
    print(f"written to {out}")


if __name__ == "__main__":
    main()
