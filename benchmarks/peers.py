"""The index engine against PyCM and scikit-learn, and a million matrices through it.

Usage::

    pip install -e '.[bench]'            # PyCM, only needed for this script
    python benchmarks/peers.py [--n 10000] [--pycm-n 10000] [--million 1000000]

1. Shared indices -- ACSA (PyCM ``TPR Macro``), AUROC-OVA (``AUNU``), CBA, CEN
   (``Overall CEN``), MCEN (``Overall MCEN``), kappa, MCC -- on ``--n`` random 10-class
   matrices: imbeval's throughput (best of 3 calls) against PyCM's (one ``ConfusionMatrix`` per matrix, which
   computes its statistics on construction) and scikit-learn's (``balanced_accuracy_score``,
   ``cohen_kappa_score``, ``matthews_corrcoef`` on label vectors built beforehand, not
   timed). Values are compared where both define them (PyCM's binary MCEN weighting differs;
   these are 10-class matrices).
2. Every registered 10-class index on ``--million`` matrices through ``compute`` (chunked):
   wall time and peak traced memory.

Writes ``benchmarks/results/peers.json``; the numbers measured on the project machine are
in ``docs/performance.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import time
import tracemalloc
from pathlib import Path

import numpy as np

from imbeval.indices import compute

SHARED = {
    "acsa": "TPR_Macro",
    "auroc_ova": "AUNU",
    "cba": "CBA",
    "cen": "Overall_CEN",
    "mcen": "Overall_MCEN",
    "kappa": "Kappa",
    "mcc": "Overall_MCC",
}


def random_stack(n, c, seed):
    rng = np.random.default_rng(seed)
    stack = rng.integers(0, 20, size=(n, c, c))
    stack[:, np.arange(c), np.arange(c)] += rng.integers(1, 200, size=(n, c))
    return stack


def run_imbeval(stack, repeat=3):
    """Best of ``repeat`` timed calls (the first call also pays for page faults of fresh
    buffers; PyCM's single pass is long enough that its own warm-up is negligible)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        values = compute(stack, names=list(SHARED))
        times.append(time.perf_counter() - start)
    return min(times), values, times


def run_pycm(stack):
    from pycm import ConfusionMatrix

    labels = [str(i) for i in range(stack.shape[-1])]
    values = {name: np.empty(len(stack)) for name in SHARED}
    start = time.perf_counter()
    for k, m in enumerate(stack):
        table = {a: {b: int(m[i, j]) for j, b in enumerate(labels)} for i, a in enumerate(labels)}
        cm = ConfusionMatrix(matrix=table)
        for name, attribute in SHARED.items():
            v = getattr(cm, attribute)
            values[name][k] = np.nan if isinstance(v, str) else float(v)
    return time.perf_counter() - start, values


def run_sklearn(stack):
    from sklearn.metrics import balanced_accuracy_score, cohen_kappa_score, matthews_corrcoef

    c = stack.shape[-1]
    pairs = []
    for m in stack:  # label vectors, built outside the timed region
        flat = m.ravel()
        pairs.append((np.repeat(np.repeat(np.arange(c), c), flat), np.repeat(np.tile(np.arange(c), c), flat)))
    values = {name: np.empty(len(stack)) for name in ("acsa", "kappa", "mcc")}
    start = time.perf_counter()
    for k, (y_true, y_pred) in enumerate(pairs):
        values["acsa"][k] = balanced_accuracy_score(y_true, y_pred)
        values["kappa"][k] = cohen_kappa_score(y_true, y_pred)
        values["mcc"][k] = matthews_corrcoef(y_true, y_pred)
    return time.perf_counter() - start, values


def max_abs_difference(a, b):
    both = np.isfinite(a) & np.isfinite(b)
    return float(np.max(np.abs(a[both] - b[both]))) if both.any() else None


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000, help="matrices for the peer comparison")
    parser.add_argument("--pycm-n", type=int, default=None, help="matrices given to PyCM (default --n)")
    parser.add_argument("--sklearn-n", type=int, default=2_000, help="matrices given to scikit-learn")
    parser.add_argument("--million", type=int, default=1_000_000)
    parser.add_argument("--classes", type=int, default=10)
    parser.add_argument("--out", default=str(Path(__file__).parent / "results" / "peers.json"))
    args = parser.parse_args(argv)

    stack = random_stack(args.n, args.classes, seed=0)
    ours_time, ours, ours_times = run_imbeval(stack)
    pycm_n = args.pycm_n or args.n
    pycm_time, theirs = run_pycm(stack[:pycm_n])
    sk_time, sk = run_sklearn(stack[: args.sklearn_n])
    ours_rate = args.n / ours_time
    result = {
        "classes": args.classes,
        "shared_indices": list(SHARED),
        "imbeval": {"matrices": args.n, "seconds": ours_time, "matrices_per_second": ours_rate,
                    "seconds_each_call": ours_times},
        "pycm": {
            "matrices": pycm_n,
            "seconds": pycm_time,
            "matrices_per_second": pycm_n / pycm_time,
            "speedup_of_imbeval": ours_rate / (pycm_n / pycm_time),
            "max_abs_difference": {n: max_abs_difference(ours[n][:pycm_n], theirs[n]) for n in SHARED},
        },
        "sklearn": {
            "matrices": args.sklearn_n,
            "indices": ["acsa", "kappa", "mcc"],
            "seconds": sk_time,
            "matrices_per_second": args.sklearn_n / sk_time,
            "speedup_of_imbeval": ours_rate / (args.sklearn_n / sk_time),
            "max_abs_difference": {n: max_abs_difference(ours[n][: args.sklearn_n], sk[n]) for n in sk},
        },
    }
    print(f"load average {os.getloadavg()[0]:.2f}")
    print(f"shared indices on {args.n} {args.classes}-class matrices: imbeval {ours_time:.3f} s "
          f"(best of {len(ours_times)}; first call {ours_times[0]:.3f} s); "
          f"PyCM {pycm_time:.1f} s on {pycm_n} (x{result['pycm']['speedup_of_imbeval']:.0f}); "
          f"scikit-learn {sk_time:.1f} s on {args.sklearn_n} (x{result['sklearn']['speedup_of_imbeval']:.0f})")

    if args.million:
        big = random_stack(args.million, args.classes, seed=1)
        tracemalloc.start()
        start = time.perf_counter()
        values = compute(big)
        seconds = time.perf_counter() - start
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        result["all_indices"] = {
            "matrices": args.million,
            "indices": len(values),
            "seconds": seconds,
            "peak_traced_mib_beyond_input": peak / 2**20,
            "input_mib": big.nbytes / 2**20,
        }
        print(f"all {len(values)} indices on {args.million:,} matrices: {seconds:.1f} s, "
              f"peak {peak / 2**20:.0f} MiB traced (input {big.nbytes / 2**20:.0f} MiB)")

    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp")
    tmp.write_text(json.dumps(result, indent=2))
    os.replace(tmp, out)
    print(f"written to {out}")


if __name__ == "__main__":
    main()
