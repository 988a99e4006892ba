"""``imbeval experiment reference``: a KEEL run's results as shipped reference results.

Writes, into ``--out-dir`` (the repository keeps them in ``results/reference/keel/``):

- ``claims.csv``: the run's claim rows (``claims.csv`` of ``imbeval experiment figures
  --keel``, as the comparison holds them);
- ``claim_units.csv``: the unit values every claim's interval is computed from (one row per
  claim and unit: a family's contrast, a cell's run value, a cell's count of exact zeros),
  enough to recompute each claim (:func:`imbeval.tables.claim_units.recompute_claims`);
- ``estimates.csv``: per (set, classifier, scheme, index) of mullick2020's figures, the
  mean over the runs of the run values (each run's confusion matrices summed over its
  folds), their standard deviation, the number of runs, the mean of the fold values beside
  it, and the undefined and zero fold values counted;
- ``replication.csv``: for each claim over data sets, how often it is decided the same way
  on two random halves of the families (:func:`imbeval.tables.replication.half_split_replication`,
  seeded from the run's seed);
- ``problems.csv``, ``left_out.csv`` (what was run, what was left out and why);
- ``provenance.json``: the run's record (commit, versions, data files, tables' sha256).

Only what a reader needs to check the claims: the per-fold tables of the run stay out
(hundreds of MB for the whole collection).
"""

from __future__ import annotations

import shutil
from pathlib import Path


def estimates_table(run_indices, names):
    """``estimates.csv`` (see the module docstring) from ``run_indices.csv`` for ``names``."""
    sub = run_indices[run_indices["index"].isin(list(names))]
    keys = ["problem", "classifier", "scheme", "index"]
    grouped = sub.groupby(keys, sort=True)
    return grouped.agg(value=("value", "mean"), run_sd=("value", "std"), runs=("value", "count"),
                       fold_mean=("fold_mean", "mean"),
                       undefined_folds=("undefined_folds", "sum"),
                       zero_folds=("zero_folds", "sum"), folds=("folds", "sum")).reset_index()


def _run_reference(args) -> int:
    import pandas as pd

    from imbeval._io import atomic_write, write_csv
    from imbeval.protocol.collect import RUN_TABLE
    from imbeval.tables import mullick2020_experiment as ex

    keel, figures, out = Path(args.keel_dir), Path(args.figures_dir), Path(args.out_dir)
    needed = [keel / RUN_TABLE, keel / "problems.csv", keel / "left_out.csv",
              figures / "claims.csv", figures / "claim_units.csv", Path(args.provenance)]
    missing = [str(p) for p in needed if not p.is_file()]
    if missing:
        raise FileNotFoundError(f"imbeval experiment reference: not found: {', '.join(missing)} "
                                "(run `snakemake keel_all --configfile config/keel.yaml` and "
                                "`imbeval provenance` first)")
    out.mkdir(parents=True, exist_ok=True)
    names = {**ex.FIG3_INDICES, **ex.FIG4A_INDICES, **ex.FIG4B_INDICES, **ex.FIG5_INDICES}
    estimates = estimates_table(pd.read_csv(keel / RUN_TABLE), names)
    print(write_csv(estimates, out / "estimates.csv"))
    import json

    from imbeval.tables.replication import half_split_replication

    seed = json.loads(Path(args.provenance).read_text(encoding="utf-8")).get("seed")
    if seed is None:
        raise ValueError(f"{args.provenance} records no seed: the half-splits are seeded by it")
    replication = half_split_replication(pd.read_csv(figures / "claims.csv"),
                                         pd.read_csv(figures / "claim_units.csv"), seed=int(seed))
    print(write_csv(replication, out / "replication.csv"))
    for source, name in ((figures / "claims.csv", "claims.csv"),
                         (figures / "claim_units.csv", "claim_units.csv"),
                         (keel / "problems.csv", "problems.csv"),
                         (keel / "left_out.csv", "left_out.csv"),
                         (Path(args.provenance), "provenance.json")):
        # copied byte for byte (provenance.json lists these files' sha256), atomically: a
        # failed copy leaves the previous file, never half of one
        print(atomic_write(out / name, lambda tmp, source=source: shutil.copyfile(source, tmp)))
    return 0


def register(sub) -> None:
    """Add this item to ``imbeval experiment``'s subparsers."""
    p = sub.add_parser("reference", help="a KEEL run's claims, units and estimates as "
                                         "reference results")
    p.add_argument("--keel-dir", required=True, metavar="DIR",
                   help="the KEEL run's result folder (run_indices.csv, problems.csv, left_out.csv)")
    p.add_argument("--figures-dir", required=True, metavar="DIR",
                   help="its figures' folder (claims.csv, claim_units.csv)")
    p.add_argument("--provenance", required=True, metavar="JSON",
                   help="the run's provenance.json (imbeval provenance)")
    p.add_argument("--out-dir", required=True, metavar="DIR",
                   help="where to write the reference results (results/reference/keel)")
    p.set_defaults(func=_run_reference)
