"""The index engine against PyCM and scikit-learn, and a million matrices through it.

Usage::

    pip install -e '.[bench]'            # PyCM, only needed for this script
    python benchmarks/peers.py [--n 10000] [--pycm-n 1000] [--repeat 5] [--million 1000000]

1. Shared indices -- ACSA (PyCM ``TPR Macro``), AUROC-OVA (``AUNU``), CBA, CEN
   (``Overall CEN``), MCEN (``Overall MCEN``), kappa, MCC -- on random 10-class matrices:
   imbeval's throughput against PyCM's (one ``ConfusionMatrix`` per matrix, which computes
   its statistics on construction) and scikit-learn's (``balanced_accuracy_score``,
   ``cohen_kappa_score``, ``matthews_corrcoef`` on label vectors built beforehand, not
   timed). Each side is timed ``--repeat`` times, alternately in this one process (imbeval,
   PyCM, imbeval, PyCM, ...), and the best run of each side counts, so both see the same
   load. Ratios are of throughputs (matrices per second): imbeval on all seven indices in
   one ``compute`` call, and on each index alone, against PyCM (whose construction yields
   all of them). Values are compared where both define them (PyCM's binary MCEN weighting
   differs; these are 10-class matrices).
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


def run_imbeval(stack, names=None):
    """One timed ``compute`` of the shared indices (or ``names``)."""
    start = time.perf_counter()
    values = compute(stack, names=list(names or SHARED))
    return time.perf_counter() - start, values


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
    parser.add_argument("--pycm-n", type=int, default=1_000, help="matrices given to PyCM per run (the first of the --n)")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each side; the best counts")
    parser.add_argument("--sklearn-n", type=int, default=2_000, help="matrices given to scikit-learn")
    parser.add_argument("--million", type=int, default=1_000_000)
    parser.add_argument("--classes", type=int, default=10)
    parser.add_argument("--out", default=str(Path(__file__).parent / "results" / "peers.json"))
    args = parser.parse_args(argv)

    stack = random_stack(args.n, args.classes, seed=0)
    pycm_n = min(args.pycm_n, args.n)
    ours_times, pycm_times, sk_times = [], [], []
    per_index_times = {name: [] for name in SHARED}
    for _ in range(args.repeat):
        seconds, ours = run_imbeval(stack)
        ours_times.append(seconds)
        for name in SHARED:
            per_index_times[name].append(run_imbeval(stack, [name])[0])
        seconds, theirs = run_pycm(stack[:pycm_n])
        pycm_times.append(seconds)
        seconds, sk = run_sklearn(stack[: args.sklearn_n])
        sk_times.append(seconds)
    ours_time, pycm_time, sk_time = min(ours_times), min(pycm_times), min(sk_times)
    ours_rate = args.n / ours_time
    pycm_rate = pycm_n / pycm_time
    result = {
        "classes": args.classes,
        "repeat": args.repeat,
        "shared_indices": list(SHARED),
        "imbeval": {"matrices": args.n, "seconds": ours_time, "matrices_per_second": ours_rate,
                    "seconds_each_run": ours_times,
                    "per_index_seconds": {n: min(t) for n, t in per_index_times.items()}},
        "pycm": {
            "matrices": pycm_n,
            "seconds": pycm_time,
            "seconds_each_run": pycm_times,
            "matrices_per_second": pycm_rate,
            "speedup_of_imbeval": ours_rate / pycm_rate,
            "speedup_of_imbeval_per_index": {
                n: (args.n / min(t)) / pycm_rate for n, t in per_index_times.items()
            },
            "max_abs_difference": {n: max_abs_difference(ours[n][:pycm_n], theirs[n]) for n in SHARED},
        },
        "sklearn": {
            "matrices": args.sklearn_n,
            "indices": ["acsa", "kappa", "mcc"],
            "seconds": sk_time,
            "seconds_each_run": sk_times,
            "matrices_per_second": args.sklearn_n / sk_time,
            "speedup_of_imbeval": ours_rate / (args.sklearn_n / sk_time),
            "max_abs_difference": {n: max_abs_difference(ours[n][: args.sklearn_n], sk[n]) for n in sk},
        },
    }
    print(f"load average {os.getloadavg()[0]:.2f}")
    print(f"shared indices, {args.classes}-class matrices, best of {args.repeat} runs each: "
          f"imbeval {ours_time:.3f} s on {args.n}; PyCM {pycm_time:.2f} s on {pycm_n} "
          f"(x{result['pycm']['speedup_of_imbeval']:.0f}); scikit-learn {sk_time:.2f} s on "
          f"{args.sklearn_n} (x{result['sklearn']['speedup_of_imbeval']:.0f})")
    for name, ratio in result["pycm"]["speedup_of_imbeval_per_index"].items():
        print(f"  {name:10s} alone: {result['imbeval']['per_index_seconds'][name]:.3f} s on "
              f"{args.n}, x{ratio:.0f} PyCM; max |difference| "
              f"{result['pycm']['max_abs_difference'][name]:.1e}")

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
