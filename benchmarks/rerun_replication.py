"""How often is a "differs from a re-run" decision made again at another seed?

Usage::

    python benchmarks/rerun_replication.py [--draws 400000] [--seed 1]

A printed grid number is judged against the prediction interval of a re-run,
``ours ± t(df) · SD · sqrt(1 + 1/R)`` (:func:`imbeval.inference.rerun_estimate`). Between
two seeds both ``ours`` and ``SD`` change; with few degrees of freedom ``SD`` changes a lot,
and a decision made at one seed is often not made at the other. This simulates pairs of
runs under normal spreads: the printed number lies ``delta`` re-run SDs from the expected
mean (``delta`` log-uniform on [0.5, 40]); a run's mean is off by N(0, 1/R) SDs (R
repetitions) or N(0, 1) (one CV, whose corrected SD is ``CONSERVATIVE`` times the re-run SD,
as measured on glass: docs/performance.md); its SD estimate is ``sqrt(chi2(df)/df)`` times
the true one. A decision is p <= the raw level (0.005, and 0.0005 for a number located
among ~10 of a table's 108 by Benjamini-Hochberg at 0.005). Printed: the share of runs
deciding, and of those the share whose paired run decides too. The real fold values are
heavier-tailed than normal, so these shares are upper bounds (docs/performance.md).
"""

from __future__ import annotations

import argparse

import numpy as np
from scipy import stats

#: one CV's corrected SD over the SD of a re-run's mean (glass, benchmarks/grid_calibration.py)
CONSERVATIVE = 2.6
DESIGNS = ((3, 4), (4, 1), (9, 10), (19, 20))   # (df, R): R = 1 is one CV of 5 folds


def decisions(rng, delta, df, repeats, level):
    """One run per ``delta``: is the printed number decisively outside?"""
    n = delta.size
    if repeats == 1:
        mean, scale = delta + rng.standard_normal(n), CONSERVATIVE * np.sqrt(2)
    else:
        mean = delta + rng.standard_normal(n) / np.sqrt(repeats)
        scale = np.sqrt(1 + 1 / repeats)
    sd = np.sqrt(rng.chisquare(df, n) / df)
    p = 2 * stats.t.sf(np.abs(mean) / (sd * scale), df)
    return p <= level


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--draws", type=int, default=400_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    delta = np.exp(rng.uniform(np.log(0.5), np.log(40), args.draws))
    print("df  R   raw level  decided  made again")
    for df, repeats in DESIGNS:
        for level in (0.005, 0.0005):
            a = decisions(rng, delta, df, repeats, level)
            b = decisions(rng, delta, df, repeats, level)
            print(f"{df:2d} {repeats:2d}  {level:9g}  {a.mean():7.3f}  {(a & b).sum() / a.sum():10.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
