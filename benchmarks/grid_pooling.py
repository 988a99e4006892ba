"""The grid's re-run intervals from few repetitions, checked on held-out repetitions.

Usage::

    python benchmarks/grid_pooling.py FOLDS_CSV [--first 3] [--other OTHER_FOLDS_CSV]

``FOLDS_CSV`` is a grid's fold scores with ``R_total`` repetitions (``imbeval papers
mortaz2020-grid-model ... --repeats 10``'s output, or ``grid_<dataset>_folds.csv``). For
each (model, index) cell the interval is made from the first ``--first`` repetitions, as
:func:`imbeval_repro.papers.mortaz2020.tables.grid_verdict_rows` makes it -- per cell (t with R - 1
df), pooled over the model family's three cells where Bartlett's test allows
(:func:`imbeval_repro.papers.mortaz2020.tables.pooled_spreads`), and from the first repetition alone
(corrected variance) -- and each held-out repetition's mean (another partition and other
model randomness: a re-run) is counted inside or outside it (no print unit). With
``--first`` equal to ``R_total`` there is nothing held out: ``--other`` (the fold scores of
a run at another seed, one repetition) is the re-run then. Also prints the intervals'
median width against the median difference of two re-runs' means (repetitions 0 and 1).
Prints a table; the numbers measured on the project machine are in docs/performance.md.
"""

from __future__ import annotations

import argparse

import numpy as np
import pandas as pd

from imbeval import inference
from imbeval_repro.papers.mortaz2020.grid_fit import INDEX_FUNCTIONS
from imbeval_repro.papers.mortaz2020.grid import pooled_spreads


def _cells(scores):
    per_fold = scores.set_index(["model", "repeat", "fold"]).sort_index()
    out = {}
    for model in dict.fromkeys(scores["model"]):
        for column in INDEX_FUNCTIONS:
            out[(model, column)] = per_fold.loc[model, column].unstack("fold").to_numpy(float)
    return per_fold, out


def check(scores, first, other=None):
    per_fold, cells = _cells(scores)
    used = per_fold[per_fold.index.get_level_values("repeat") < first]
    pools = pooled_spreads(used, first)
    kinds = {"per cell": {}, "pooled where Bartlett allows": pools, "one CV (corrected)": None}
    other_means = None
    if other is not None:
        _, o = _cells(other)
        other_means = {c: v[0].mean() for c, v in o.items()}
    results = {}
    for name, pool in kinds.items():
        outside = total = 0
        widths = []
        for cell, v in cells.items():
            base = v[:1] if pool is None else v[:first]
            spread = None if not pool or cell not in pool else pool[cell][:2]
            lo, hi = inference.rerun_estimate(base, spread=spread).interval()
            widths.append(hi - lo)
            held = (v[first:].mean(axis=1) if other_means is None
                    else np.array([other_means[cell]]))
            outside += int(((held < lo) | (held > hi)).sum())
            total += held.size
        results[name] = {"outside": outside, "total": total,
                         "median_width": float(np.median(widths))}
    two = np.array([abs(v[0].mean() - v[1].mean()) for v in cells.values()])
    return results, float(np.median(two)), len(pools)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folds_csv")
    parser.add_argument("--first", type=int, default=3)
    parser.add_argument("--other", default=None)
    args = parser.parse_args(argv)
    scores = pd.read_csv(args.folds_csv)
    other = pd.read_csv(args.other) if args.other else None
    results, diff, pooled = check(scores, args.first, other)
    print(f"{args.folds_csv}: intervals from {args.first} repetitions; "
          f"{pooled} of {len(scores['model'].unique()) * 6} cells pooled; median "
          f"|difference| of two re-runs' means {diff:.4f}")
    for name, r in results.items():
        print(f"  {name}: outside {r['outside']}/{r['total']} "
              f"({r['outside'] / max(r['total'], 1):.1%}); median width "
              f"{r['median_width']:.4f} ({r['median_width'] / diff:.1f}x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
