"""The indices of scores of a KEEL run that has not finished: the winner flips, the per-problem
counts and Fig. 3's spread over the two-class problems whose classifier jobs have all
finished (docs/reference-results.md, "The shipped run").

    python benchmarks/keel_flips_subset.py RUN_DIR --out-dir DIR

Reads ``RUN_DIR/results/keel/problems.csv`` and the fold files under
``RUN_DIR/results/keel/runs/<set>/<classifier>/run<r>/fold<k>.json``; a two-class problem
counts when each of the run's classifiers has all its ``runs x folds`` fold files. Writes into
``DIR`` what ``imbeval experiment scores`` writes for those fold files (``score_indices.csv``,
``score_spread.csv``, ``winner_flips.csv``, ``fig3_scores.{pdf,png,csv}``: the same functions)
and ``winner_flips_problems.csv`` as ``imbeval experiment reference`` makes it. The indices of
scores of each problem are kept in ``DIR/per_problem/<set>.csv`` (full precision), so a
second call computes only the problems finished since.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pandas as pd


def complete_problems(run_dir: Path, classifiers, n_files: int) -> list[str]:
    """The two-class problems of ``problems.csv`` whose classifiers all have ``n_files``."""
    keel = run_dir / "results" / "keel"
    problems = pd.read_csv(keel / "problems.csv")
    out = []
    for name in problems.loc[problems["kind"] == "two-class", "problem"]:
        counts = [len(list((keel / "runs" / name / c).glob("run*/fold*.json")))
                  for c in classifiers]
        if all(n == n_files for n in counts):
            out.append(name)
    return out


def main(argv=None) -> int:
    import yaml

    from imbeval.utils.io import write_csv
    from imbeval_repro.cli._experiment_reference import winner_flips_by_problem
    from imbeval_repro.library_results.scores_rrt_figure import make_scores_rrt
    from imbeval_repro.library_results.scores_rrt import score_indices, score_spread, winner_flips

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run_dir", type=Path, help="the checkout the KEEL run runs in")
    parser.add_argument("--out-dir", type=Path, required=True)
    parser.add_argument("--configfile", type=Path, default=Path("config/keel.yaml"),
                        help="the run's KEEL config, relative to RUN_DIR (its protocol)")
    args = parser.parse_args(argv)
    base = yaml.safe_load((args.run_dir / "config/config.yaml").read_text(encoding="utf-8"))
    keel = yaml.safe_load((args.run_dir / args.configfile).read_text(encoding="utf-8"))["keel"]
    protocol = {**base.get("keel", {}).get("protocol", {}), **keel.get("protocol", {})}
    classifiers = sorted(base["experiment"]["classifiers"])
    n_files = int(protocol["runs"]) * int(protocol["folds"])
    names = complete_problems(args.run_dir, classifiers, n_files)
    if not names:
        raise SystemExit("no two-class problem has all its fold files yet")
    cache = args.out_dir / "per_problem"
    cache.mkdir(parents=True, exist_ok=True)
    runs = args.run_dir / "results" / "keel" / "runs"
    for name in names:
        target = cache / f"{name}.csv"
        if not target.is_file():
            files = sorted(str(p) for c in classifiers
                           for p in (runs / name / c).glob("run*/fold*.json"))
            # full precision (pandas' repr): the flips are computed from these values
            score_indices(files).to_csv(target, index=False)
    values = pd.concat([pd.read_csv(cache / f"{n}.csv", dtype={"prior": str}) for n in names],
                       ignore_index=True)
    # as `imbeval experiment scores` orders and writes them
    values = values.sort_values(["problem", "classifier", "run", "fold", "scheme", "prior",
                                 "index"], kind="stable").reset_index(drop=True)
    out = args.out_dir
    flips = winner_flips(values)
    spread = score_spread(values)
    for name, table in (("score_indices", values), ("score_spread", spread),
                        ("winner_flips", flips)):
        print(write_csv(table, out / f"{name}.csv"))
    for path in make_scores_rrt(spread, out / "fig3_scores"):
        print(path)
    problems = pd.read_csv(args.run_dir / "results/keel/problems.csv")
    per = winner_flips_by_problem(values, pd.read_csv(out / "winner_flips.csv"), problems)
    print(write_csv(per, out / "winner_flips_problems.csv"))
    families = problems.set_index("problem").loc[names, "family"].nunique()
    print(f"{len(names)} of {int((problems['kind'] == 'two-class').sum())} two-class problems "
          f"({families} of {problems.loc[problems['kind'] == 'two-class', 'family'].nunique()} "
          "families) have all their fold files")
    print(flips.to_string(index=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
