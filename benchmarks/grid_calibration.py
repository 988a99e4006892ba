"""Calibration of the re-run intervals of mortaz2020's grid (Tables 16/18).

Usage::

    python benchmarks/grid_calibration.py [--dataset glass] [--folds 5] [--seed 20200]
        [--others 8] [--repeats 10] [--n-jobs 2]

A printed grid number is compared with the 95% prediction interval of a re-run of our
pipeline (:func:`imbeval_repro.papers.mortaz2020.tables.rerun_estimate`). This script checks that
interval against real re-runs: it fits the grid once with ``--seed`` (one CV repetition,
as the default config does; and, with ``--repeats R``, R reshuffled repetitions), then
with ``--others`` other seeds (each a new partition and new model randomness), and counts,
over every (model, measure) cell and every other seed, how often the other seed's mean
falls outside the interval made from the first run (no print unit: the numbers are not
rounded). It also compares the intervals' median half-width with the half-width an
oracle would need, ``1.96 · SD_seed · sqrt(2)``, ``SD_seed`` the observed seed-to-seed
standard deviation of the cell's mean (``sqrt(2)``: the difference of two runs), and the
median full width with the median |difference| between the first run's single CV and
another seed's (the calibration asks for at most 8 times it, and at most 10% outside).

Writes ``benchmarks/results/grid_calibration_<dataset>.json`` and prints a table; the
numbers measured on the project machine are in ``docs/performance.md``.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

from imbeval import inference
from imbeval.utils.seeds import derive_seed
from imbeval_repro.papers.mortaz2020.grid_fit import INDEX_FUNCTIONS, grid_fold_scores

MEASURES = list(INDEX_FUNCTIONS)


def cell_matrices(scores):
    """``{(model, measure): (repeats, folds) array}`` of one grid run."""
    out = {}
    for model, part in scores.groupby("model", sort=False):
        part = part.set_index(["repeat", "fold"]).sort_index()
        for m in MEASURES:
            out[(model, m)] = part[m].unstack("fold").to_numpy(dtype=float)
    return out


def calibrate(first, others):
    """Outside-rate and widths of the re-run intervals of ``first`` against the means of
    the ``others`` runs (dicts of :func:`cell_matrices`)."""
    outside, total, half, need, differences = 0, 0, [], [], []
    for cell, values in first.items():
        lo, hi = inference.rerun_estimate(values).interval()
        means = np.array([o[cell].mean() for o in others])
        # the yardstick: how far another seed's number lies from this run's single CV
        differences.extend(np.abs(means - values[0].mean()).tolist())
        outside += int(((means < lo) | (means > hi)).sum())
        total += means.size
        half.append((hi - lo) / 2)
        spread = np.append(means, values[0].mean()).std(ddof=1)
        need.append(1.96 * spread * np.sqrt(2))
    half, need = np.array(half), np.array(need)
    ok = need > 0
    return {"cells": len(first), "comparisons": total, "outside": outside,
            "outside_rate": outside / total, "median_half_width": float(np.median(half)),
            "median_needed_half_width": float(np.median(need)),
            "median_width_ratio": float(np.median(half[ok] / need[ok])),
            "median_seed_difference": float(np.median(differences)),
            "median_width_over_difference": float(np.median(2 * half) / np.median(differences))}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dataset", default="glass", choices=["glass", "satimage"])
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=20200)
    parser.add_argument("--others", type=int, default=8)
    parser.add_argument("--repeats", type=int, default=10,
                        help="repetitions of the first run for the repeats-based interval "
                             "(1 = skip)")
    parser.add_argument("--n-jobs", type=int, default=2)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    run = lambda seed, repeats=1: cell_matrices(grid_fold_scores(  # noqa: E731
        args.dataset, folds=args.folds, seed=seed, repeats=repeats, n_jobs=args.n_jobs))
    first_many = run(args.seed, args.repeats) if args.repeats > 1 else None
    first = ({c: v[:1] for c, v in first_many.items()} if first_many is not None
             else run(args.seed))
    seeds = [derive_seed(args.seed, "grid-calibration", k) for k in range(args.others)]
    others = [run(s) for s in seeds]
    result = {"dataset": args.dataset, "folds": args.folds, "seed": args.seed,
              "other_seeds": seeds,
              "one_repetition (corrected variance)": calibrate(first, others)}
    if first_many is not None:
        result[f"{args.repeats} repetitions (their spread)"] = calibrate(first_many, others)
    result["seconds"] = round(time.perf_counter() - start, 1)
    out = Path(__file__).parent / "results" / f"grid_calibration_{args.dataset}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2) + "\n")
    print(f"{args.dataset}, {args.folds}-fold CV, {args.others} other seeds "
          f"({result['seconds']} s)")
    for name, r in result.items():
        if isinstance(r, dict):
            print(f"  {name}: outside {r['outside']}/{r['comparisons']} "
                  f"({r['outside_rate']:.1%}); median half-width {r['median_half_width']:.4f}, "
                  f"needed {r['median_needed_half_width']:.4f} "
                  f"(median ratio {r['median_width_ratio']:.2f}); median width "
                  f"{r['median_width_over_difference']:.1f} x the median seed-to-seed "
                  f"difference {r['median_seed_difference']:.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
