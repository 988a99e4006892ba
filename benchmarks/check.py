"""imbeval.check: speed, how much reported accuracy and F1 pin down other indices, and
mortaz2020's printed tables through check_reported (numbers in docs/check.md).

    python benchmarks/check.py
"""

import time

import numpy as np

from imbeval.check import check_reported
from imbeval.check._binary import matrices
from imbeval.indices import compute


def speed():
    cm = np.array([[4006.0, 994], [383, 4617]])
    names = ["accuracy", "sensitivity", "specificity", "precision", "f1"]
    scores = {k: round(float(v), 4) for k, v in compute(cm, names=names).items()}
    for label, sub in (("five scores", names), ("accuracy, f1", ["accuracy", "f1"])):
        t = time.perf_counter()
        r = check_reported({k: scores[k] for k in sub}, p=5000, n=5000)
        print(f"binary p = n = 5000, {label}: {time.perf_counter() - t:.3f} s, "
              f"{r.verdict}, {r.n_feasible} feasible")
    rng = np.random.default_rng(0)
    c = 10
    n = rng.integers(50, 300, c)
    cm10 = np.stack([rng.multinomial(n[i], np.where(np.arange(c) == i, 8.0, 1.0) / (7 + c))
                     for i in range(c)]).astype(float)
    macro = {k: round(float(v), 4) for k, v in
             compute(cm10, names=["accuracy", "acsa", "macro_precision"]).items()}
    for label, sc in (("true matrix", macro),
                      ("accuracy 0.9, acsa 0.5 (equal classes)",
                       {"accuracy": 0.9, "acsa": 0.5, "macro_f1": 0.6})):
        counts = n if label == "true matrix" else [200] * 10
        t = time.perf_counter()
        r = check_reported(sc, counts=counts, budget=5000)
        print(f"10-class macro, {label}: {time.perf_counter() - t:.2f} s, {r.verdict} "
              f"({r.method}; {r.boxes} boxes)")


def widths(trials=200, seed=0):
    rng = np.random.default_rng(seed)
    print("| p | n | decimals | index | median width | 90% width | max width |")
    print("|---|---|---|---|---|---|---|")
    for p, n in ((50, 50), (100, 900), (20, 980)):
        for decimals in (2, 3):
            got = {"mcc": [], "acsa": [], "gmean2": []}
            for _ in range(trials):
                tp, tn = int(rng.integers(1, p + 1)), int(rng.integers(1, n + 1))
                v = compute(matrices(tp, tn, p, n), names=["accuracy", "f1"])
                r = check_reported({k: round(float(x), decimals) for k, x in v.items()},
                                   p=p, n=n, decimals=decimals)
                for name in got:
                    low, high = r.ranges[name]
                    got[name].append(high - low)
            for name, w in got.items():
                w = np.asarray(w)
                print(f"| {p} | {n} | {decimals} | {name} | {np.nanmedian(w):.3f} | "
                      f"{np.nanquantile(w, 0.9):.3f} | {np.nanmax(w):.3f} |")


def mortaz2020():
    from imbeval_repro.papers.mortaz2020 import printed

    names = {"ACC": "accuracy", "MAP": "macro_precision", "MAR": "acsa"}
    for table, (matrix, values) in printed.METRIC_TABLES.items():
        counts = np.asarray(printed.MATRICES[matrix]).sum(axis=1)
        scores = {names[k]: v for k, v in values.items() if k in names}
        t = time.perf_counter()
        r = check_reported(scores, counts=counts, budget=3000)
        print(f"mortaz2020 {table} ({matrix}, counts {counts.tolist()}): {r.verdict} "
              f"({r.method}, {time.perf_counter() - t:.1f} s) {scores}")


if __name__ == "__main__":
    speed()
    widths()
    mortaz2020()
