"""RUSBoost on the default config's KEEL slice at further seeds: does any fold stop a run?

Issue 41 item 3: the default run at seed 4099 stopped on RUSBoost (cleveland-0_vs_4_no_null,
"worse than random"); :class:`imbeval_repro.experiment.classifiers.rusboost.RedrawingRUSBoost` redraws such a
first round. This runs every RUSBoost fold of the slice (the default config's sets, 2 x 3 CV,
its grid and inner folds) at ``--seeds`` seeds and counts folds that fail and folds that
needed redraws. Measured once; the numbers are in docs/performance.md.

    python benchmarks/rusboost_seeds.py --seeds 4100-4109 [--out table.csv]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import pandas as pd
import yaml

REPO = Path(__file__).resolve().parents[1]


def _seeds(text: str) -> list[int]:
    if "-" in text:
        a, b = (int(v) for v in text.split("-"))
        return list(range(a, b + 1))
    return [int(v) for v in text.split(",")]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seeds", default="4100-4109", help="a range a-b or a list a,b,c")
    p.add_argument("--out", type=Path, help="write the per-(seed, set) table here")
    args = p.parse_args(argv)
    from imbeval_repro.cli._experiment_keel import keel_problem
    from imbeval_repro.experiment.data.keel_plan import plan_keel
    from imbeval_repro.experiment.protocol.cv import run_folds

    config = yaml.safe_load((REPO / "config" / "config.yaml").read_text(encoding="utf-8"))
    keel, classifiers = config["keel"], config["experiment"]["classifiers"]
    plan = plan_keel(keel, classifiers)
    protocol = keel["protocol"]
    grid = classifiers["rusboost"].get("grid") or {"estimator__max_depth": [2, 4]}
    params = classifiers["rusboost"].get("params") or {}
    rows = []
    started = time.process_time()
    for unit in plan["usable"]:
        problem = keel_problem(unit["name"], unit["kind"], unit["family"])
        for seed in _seeds(args.seeds):
            failed, redraws, folds = 0, 0, 0
            for run in range(protocol["runs"]):
                for fold in range(protocol["folds"]):
                    folds += 1
                    try:
                        result = run_folds(problem, "rusboost", run, [fold], seed=seed,
                                           n_folds=protocol["folds"],
                                           inner_folds=protocol["inner_folds"], grid=grid,
                                           params=params)[0]["folds"][0]
                        redraws += int(result.get("first_round_redraws", 0) > 0)
                    except Exception as exc:  # a fold that stops the run: counted, shown
                        failed += 1
                        print(f"FAILED {unit['name']} seed {seed} run {run} fold {fold}: "
                              f"{type(exc).__name__}: {exc}", file=sys.stderr)
            rows.append({"set": unit["name"], "kind": unit["kind"], "seed": seed,
                         "folds": folds, "failed": failed, "redrawn": redraws})
    table = pd.DataFrame(rows)
    cpu = time.process_time() - started
    print(f"{len(table)} (set, seed) pairs, {int(table['folds'].sum())} RUSBoost folds: "
          f"{int(table['failed'].sum())} failed, {int(table['redrawn'].sum())} needed a "
          f"redrawn first round ({int((table['redrawn'] > 0).sum())} pairs); {cpu:.0f} s CPU")
    if args.out:
        table.to_csv(args.out, index=False)
    return 0 if table["failed"].sum() == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
