"""What more CV runs would do to Fig. 5's "well above" on the shipped KEEL reference run.

    python benchmarks/fig5_more_runs.py [--reference results/reference/keel] [--runs 5 10 50 500]

The claim's interval is made from its ``cell`` units (each cell's fold values and pooled
value: :func:`imbeval.tables.claim_units.estimate_from_units`). This script repeats every
cell's 5 x 5 fold values to ``R`` runs -- the same fold spread, more folds -- and recomputes
the interval, so it shows the interval a run with ``R`` repetitions would give if the folds
varied as they did. The corrected variance ``(1/n + 2) s^2`` keeps a floor of two fold
variances per cell however large ``n`` grows (n_test/n_train = 2, the decision rule's
conservative ratio), and the high end takes a Bonferroni level over the claim's cell terms:
the limit shows whether any number of runs of these data sets could decide the claim. The
numbers are in docs/reference-results.md ("What would decide the others").
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pandas as pd

from imbeval.tables.claim_units import estimate_from_units


def interval_with_runs(units: pd.DataFrame, margin: float, runs: int) -> tuple[float, float]:
    """The claim's 95% interval with each cell's fold values repeated to ``runs`` runs
    (a multiple of the shipped runs).

    Examples
    --------
    >>> u = pd.DataFrame([{"kind": "cell", "part": n, "problem": "p", "cell": c, "run": r,
    ...                    "fold": f, "value": v + 0.01 * ((r + f) % 3), "shift": v + 0.01}
    ...                   for n, v in (("auroc_ova", 0.9), ("auroc_ovo", 0.9), ("acsa", 0.8),
    ...                                ("nauroc_ova", 0.8))
    ...                   for c in ("a|1", "a|2") for r in range(2) for f in range(3)])
    >>> lo2, hi2 = interval_with_runs(u, 0.1, 2)
    >>> lo20, hi20 = interval_with_runs(u, 0.1, 20)
    >>> lo2 < lo20 < 0.1 < hi20 < hi2
    True
    """
    shipped = int(units["run"].max()) + 1
    if runs % shipped:
        raise ValueError(f"runs must be a multiple of the shipped {shipped}, got {runs}")
    tiled = pd.concat([units.assign(run=units["run"] + shipped * k)
                       for k in range(runs // shipped)], ignore_index=True)
    return estimate_from_units(tiled, margin).interval()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", type=Path, default=Path("results/reference/keel"))
    parser.add_argument("--runs", type=int, nargs="+", default=[5, 10, 50, 500])
    args = parser.parse_args(argv)
    claims = pd.read_csv(args.reference / "claims.csv")
    units = pd.read_csv(args.reference / "claim_units.csv")
    cells = units[units["kind"] == "cell"]
    for claim, part in cells.groupby("claim", sort=False):
        margin = float(claims.loc[claims["row"] == claim, "regenerated"].iloc[0])
        spread = part.groupby(["part", "cell"])["value"].std().groupby("part").median()
        print(f"{claim}: margin {margin:+.3f}; median fold SD per index: "
              + ", ".join(f"{k} {v:.3f}" for k, v in spread.items()))
        for r in args.runs:
            lo, hi = interval_with_runs(part, margin, r)
            print(f"  {r:4d} runs: [{lo:+.3f}, {hi:+.3f}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
