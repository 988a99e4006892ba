"""Glass's re-run intervals of one default run against another seed's numbers.

Usage::

    python benchmarks/grid_pair.py RESULTS_A RESULTS_B

RESULTS_A and RESULTS_B are two runs' results folders (glass's grid at R >= 2 repetitions in
A: ``papers.grid_repeats``). For each of A's 108 cells (model x measure) its 95% prediction
interval of a re-run (:func:`imbeval.inference.rerun_estimate`, no print unit); printed: the
median width over the median |difference| of the two runs' single CVs (repetition 0), and how
many of B's numbers (the means of its repetitions, and its single CV) lie outside A's
intervals. Issue 31 asks for at most 8 times and at most 10 %; numbers in docs/performance.md.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
import pandas as pd

from imbeval import inference
from imbeval_repro.papers.mortaz2020.grid_fit import INDEX_FUNCTIONS


def glass_cells(results) -> dict:
    """``{(model, measure): (repeats, folds) array}`` of a run's glass grid parts (an R = 1
    run's ``all.csv`` left out when the repetitions' parts are there)."""
    folder = Path(results) / "papers/mortaz2020_grid/glass"
    parts = [p for p in sorted(folder.glob("*.csv")) if not p.name.endswith("_fits.csv")]
    if len(parts) > 1:
        parts = [p for p in parts if p.name != "all.csv"]
    scores = pd.concat([pd.read_csv(p) for p in parts])
    out = {}
    for model, part in scores.groupby("model"):
        part = part.set_index(["repeat", "fold"]).sort_index()
        for measure in INDEX_FUNCTIONS:
            out[(model, measure)] = part[measure].unstack("fold").to_numpy(float)
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("results_a")
    parser.add_argument("results_b")
    args = parser.parse_args(argv)
    a, b = glass_cells(args.results_a), glass_cells(args.results_b)
    width, difference, outside_mean, outside_single = [], [], 0, 0
    for cell, values in a.items():
        low, high = inference.rerun_estimate(values).interval()
        other = b[cell]
        width.append(high - low)
        difference.append(abs(values[0].mean() - other[0].mean()))
        outside_mean += not low <= other.mean() <= high
        outside_single += not low <= other[0].mean() <= high
    n, repeats = len(a), next(iter(a.values())).shape[0]
    ratio = np.median(width) / np.median(difference)
    print(f"A (R = {repeats}) against B: {n} cells; median width {np.median(width):.4f}, median "
          f"|difference| of single CVs {np.median(difference):.4f}, ratio {ratio:.1f}; B's "
          f"numbers outside {outside_mean}/{n} ({outside_mean / n:.1%}), B's single CV outside "
          f"{outside_single}/{n} ({outside_single / n:.1%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
