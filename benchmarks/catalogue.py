"""The catalogue engine against PyCM, per matrix, on stacks of random C-class matrices.

Usage::

    python benchmarks/catalogue.py [--n 10000] [--pycm-n 1000] [--classes 10] [--repeat 3]

imbeval computes every catalogue index PyCM also computes (the entries whose ``source`` or
``also`` names PyCM: its overall statistics and its class statistics averaged) on a stack of
``--n`` matrices in one ``compute`` call; PyCM builds one ``ConfusionMatrix(matrix=...)`` per
matrix (it computes its overall and class statistics on construction) and then the averages
the catalogue has (``cm.average``, ``cm.weighted_average``), on the first ``--pycm-n``
matrices of the same stack. The sides are timed alternately ``--repeat`` rounds in one
process (imbeval three calls a round, PyCM one pass) and each keeps its best run; the ratio
is per matrix. The values are compared on the
matrices PyCM saw. Writes ``benchmarks/results/catalogue.json``; the numbers measured on the
project machine are in ``docs/performance.md`` ("Catalogue engine against PyCM").
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
import warnings
from pathlib import Path

import numpy as np

from imbeval.indices import compute, registry
from imbeval.indices.catalogue import entries
from indices import random_stack  # benchmarks/indices.py: the engine benchmark's matrices


def pycm_references(n_classes):
    """(catalogue name, PyCM key) of every catalogue index PyCM computes for C classes."""
    reg = registry(catalogue=True)
    out = []
    for e in entries():
        if not reg[e.index].applies_to(n_classes):
            continue
        keys = [e.source_name] if e.source == "pycm" else []
        keys += [ref.partition(": ")[2] for ref in e.also if ref.startswith("pycm: ")]
        keys = [k for k in keys if not k.endswith("of the first class")]
        if keys:
            out.append((e.index, keys[0]))
    return out


def pycm_value(cm, key):
    """The value PyCM gives under ``key`` (an overall statistic or "X (macro|weighted)")."""
    if key.endswith(" (macro)"):
        return cm.average(key[: -len(" (macro)")])
    if key.endswith(" (weighted)"):
        return cm.weighted_average(key[: -len(" (weighted)")])
    if key == "Overall J (second element)":
        return cm.overall_stat["Overall J"][1]
    return cm.overall_stat[key]


def run_pycm(stack, references):
    from pycm import ConfusionMatrix

    c = stack.shape[-1]
    values = []
    for m in stack:
        table = {i: {j: int(m[i, j]) for j in range(c)} for i in range(c)}
        cm = ConfusionMatrix(matrix=table)
        values.append([pycm_value(cm, key) for _, key in references])
    return values


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=10_000, help="matrices for imbeval (default 10000)")
    parser.add_argument("--pycm-n", type=int, default=1000,
                        help="matrices for PyCM, the first of the same stack (default 1000)")
    parser.add_argument("--classes", type=int, default=10, help="classes C (default 10)")
    parser.add_argument("--repeat", type=int, default=3, help="alternate timed runs per side")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default=str(Path(__file__).parent / "results" / "catalogue.json"))
    args = parser.parse_args(argv)
    if min(args.n, args.pycm_n, args.repeat) < 1 or args.pycm_n > args.n or args.classes < 2:
        raise SystemExit("--n, --pycm-n, --repeat must be >= 1, --pycm-n <= --n, --classes >= 2")

    stack = random_stack(args.n, args.classes, seed=args.seed)
    references = pycm_references(args.classes)
    names = [name for name, _ in references]
    load_before = os.getloadavg()
    imbeval_times, pycm_times = [], []
    ours = theirs = None
    warnings.simplefilter("ignore")
    for _ in range(args.repeat):
        # imbeval's side is sub-second: best of 3 calls per round (the first pays page faults)
        for _ in range(3):
            start = time.perf_counter()
            ours = compute(stack, names=names)
            imbeval_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        theirs = run_pycm(stack[: args.pycm_n].astype(np.int64), references)
        pycm_times.append(time.perf_counter() - start)
    load_after = os.getloadavg()

    worst, undefined_mismatch = 0.0, 0
    for j, name in enumerate(names):
        a = ours[name][: args.pycm_n]
        b = np.array([np.nan if isinstance(v[j], str) else float(v[j]) for v in theirs])
        both = np.isfinite(a) & np.isfinite(b)
        undefined_mismatch += int(np.sum(np.isnan(a) != np.isnan(b)))
        if both.any():
            worst = max(worst, float(np.max(np.abs(a[both] - b[both]) / np.maximum(1.0, np.abs(b[both])))))
    per_ours = min(imbeval_times) / args.n
    per_theirs = min(pycm_times) / args.pycm_n
    result = {
        "n": args.n, "pycm_n": args.pycm_n, "classes": args.classes, "indices": len(names),
        "imbeval_seconds": imbeval_times, "pycm_seconds": pycm_times,
        "imbeval_ms_per_matrix": per_ours * 1e3, "pycm_ms_per_matrix": per_theirs * 1e3,
        "ratio_per_matrix": per_theirs / per_ours,
        "max_relative_difference": worst, "undefined_mismatches": undefined_mismatch,
        "load_before": load_before, "load_after": load_after,
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                    "platform": platform.platform()},
    }
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(result, indent=2) + "\n")
    print(f"{len(names)} catalogue indices PyCM computes, C = {args.classes}")
    print(f"imbeval: {min(imbeval_times):.3f} s for {args.n} matrices "
          f"({per_ours * 1e3:.4f} ms per matrix), best of {len(imbeval_times)}")
    print(f"PyCM:    {min(pycm_times):.2f} s for {args.pycm_n} matrices "
          f"({per_theirs * 1e3:.2f} ms per matrix), best of {args.repeat}")
    print(f"ratio per matrix: {per_theirs / per_ours:.0f}x; largest relative difference "
          f"{worst:.2g}, undefined on one side only: {undefined_mismatch}")
    print(f"load average before {load_before[0]:.1f}, after {load_after[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
