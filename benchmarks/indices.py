"""Throughput of the index engine: every registered index on N random C-class matrices.

Usage::

    python benchmarks/indices.py [--n 100000] [--classes 10] [--repeat 3]

Writes ``benchmarks/results/indices.json`` and prints a per-index table. Numbers measured
on the project machine are recorded in ``docs/performance.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
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


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100_000)
    parser.add_argument("--classes", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--out", default=str(Path(__file__).parent / "results" / "indices.json"))
    args = parser.parse_args(argv)

    stack = random_stack(args.n, args.classes)
    names = [n for n, i in registry().items() if i.applies_to(args.classes)]
    total = best_of(args.repeat, lambda: compute(stack))
    per_index = {
        name: best_of(args.repeat, lambda name=name: compute(stack, names=[name]))
        for name in names
    }
    result = {
        "matrices": args.n,
        "classes": args.classes,
        "indices": len(names),
        "all_indices_seconds": total,
        "matrices_per_second_all_indices": args.n / total,
        "per_index_seconds": per_index,
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
    print(f"{args.n} matrices, C = {args.classes}, {len(names)} indices: {total:.2f} s "
          f"({args.n / total:,.0f} matrices/s)")
    for name, seconds in sorted(per_index.items(), key=lambda kv: -kv[1]):
        print(f"  {name:20s} {seconds:8.3f} s")
    print(f"written to {out}")


if __name__ == "__main__":
    main()
