"""``imbeval experiment reference``: a KEEL run's results as shipped reference results.

Writes, into ``--out-dir`` (the repository keeps them in ``reference/keel/``):

- ``claims.csv``: the run's claim rows (``claims.csv`` of ``imbeval experiment figures
  --keel``, as the verdict table holds them);
- ``claim_units.csv``: the unit values every claim's interval is computed from (one row per
  claim and unit: a dataset's contrast or log ratio with its family, a cell's fold value
  with its pooled value and its dataset's number of classes),
  enough to recompute each claim (:func:`imbeval_repro.papers.mullick2020.claim_units.recompute_claims`);
- ``estimates.csv``: per (set, classifier, scheme, index) of mullick2020's figures, the
  mean over the runs of the run values (each run's confusion matrices summed over its
  folds), their standard deviation, the number of runs, the mean of the fold values beside
  it, and the undefined and zero fold values counted;
- ``replication.csv``: for each claim over data sets, how often it is decided the same way
  on two random halves of the families (:func:`imbeval_repro.papers.mullick2020.replication.half_split_replication`,
  seeded from the run's seed);
- ``winner_flips.csv``: per index of scores, the share of classifier pairs whose winner
  changes between the test prior and the deployment prior (``winner_flips.csv`` of
  ``imbeval experiment scores``, rule ``keel_scores``), and ``winner_flips_problems.csv``
  the same counts per problem with its family
  (:func:`imbeval_repro.library_results.scores_rrt.winner_flip_pairs` of ``score_indices.csv``; their sums
  are checked against ``winner_flips.csv``);
- ``fig3_scores.csv``: mullick2020's Fig. 3 for the indices of scores (per problem and index,
  the spread over the RRT schemes; the figure's data);
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


def winner_flips_by_problem(score_values, flips, problems):
    """``winner_flips_problems.csv``: :func:`~imbeval_repro.library_results.scores_rrt.winner_flip_pairs` of
    ``score_values`` with each problem's family, checked against the run's ``flips``.

    Parameters
    ----------
    score_values : pandas.DataFrame
        ``score_indices.csv`` of ``imbeval experiment scores``.
    flips : pandas.DataFrame
        Its ``winner_flips.csv`` (one deployment prior).
    problems : pandas.DataFrame
        ``problems.csv`` of the run (``problem``, ``family``).

    Returns
    -------
    pandas.DataFrame
        ``index, deploy_prior, problem, family, classifiers, candidates, pairs, flips, tied,
        undefined``.

    Raises
    ------
    ValueError
        If ``flips`` holds several deployment priors, or its counts are not the sums of the
        per-problem counts (the two tables are not of the same run).
    """
    from imbeval_repro.library_results.scores_rrt import winner_flip_pairs

    priors = flips["deploy_prior"].dropna().unique()
    if len(priors) != 1:
        raise ValueError(f"winner_flips.csv: expected one deploy_prior, found {list(priors)}")
    prior = float(priors[0])
    per = winner_flip_pairs(score_values, prior)
    per.insert(1, "deploy_prior", prior)
    per.insert(3, "family", per["problem"].map(problems.set_index("problem")["family"]))
    sums = per.groupby("index")[["pairs", "flips"]].sum()
    shipped = flips.set_index("index")[["pairs", "flips"]]
    if not sums.reindex(shipped.index).astype("Int64").equals(shipped.astype("Int64")):
        raise ValueError("winner_flips.csv's pairs and flips are not the sums over the problems "
                         "of score_indices.csv: they are not of the same run (rerun "
                         "`imbeval experiment scores`)")
    return per


def _run_reference(args) -> int:
    import pandas as pd

    from imbeval.utils.io import atomic_write, write_csv
    from imbeval_repro.experiment.protocol.collect import RUN_TABLE
    from imbeval_repro.papers.mullick2020 import experiment as ex

    keel, figures, out = Path(args.keel_dir), Path(args.figures_dir), Path(args.out_dir)
    needed = [keel / RUN_TABLE, keel / "problems.csv", keel / "left_out.csv",
              figures / "claims.csv", figures / "claim_units.csv", Path(args.provenance),
              # the indices of scores (rule keel_scores)
              keel / "score_indices.csv", keel / "winner_flips.csv",
              figures / "fig3_scores.csv"]
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

    from imbeval_repro.papers.mullick2020.replication import half_split_replication

    seed = json.loads(Path(args.provenance).read_text(encoding="utf-8")).get("seed")
    if seed is None:
        raise ValueError(f"{args.provenance} records no seed: the half-splits are seeded by it")
    replication = half_split_replication(pd.read_csv(figures / "claims.csv"),
                                         pd.read_csv(figures / "claim_units.csv"), seed=int(seed))
    print(write_csv(replication, out / "replication.csv"))
    per_problem = winner_flips_by_problem(pd.read_csv(keel / "score_indices.csv",
                                                      dtype={"prior": str}),
                                          pd.read_csv(keel / "winner_flips.csv"),
                                          pd.read_csv(keel / "problems.csv"))
    print(write_csv(per_problem, out / "winner_flips_problems.csv"))
    for source, name in ((figures / "claims.csv", "claims.csv"),
                         (figures / "claim_units.csv", "claim_units.csv"),
                         (keel / "problems.csv", "problems.csv"),
                         (keel / "left_out.csv", "left_out.csv"),
                         (keel / "winner_flips.csv", "winner_flips.csv"),
                         (figures / "fig3_scores.csv", "fig3_scores.csv"),
                         (Path(args.provenance), "provenance.json")):
        # copied byte for byte (provenance.json lists these files' sha256), atomically: a
        # failed copy leaves the previous file, never half of one
        print(atomic_write(out / name, lambda tmp, source=source: shutil.copyfile(source, tmp)))
    return 0


def register(sub) -> None:
    """Add this item to ``imbeval experiment``'s subparsers."""
    p = sub.add_parser("reference", help="a KEEL run's claims, units, estimates and winner "
                                         "flips of the indices of scores as reference results")
    p.add_argument("--keel-dir", required=True, metavar="DIR",
                   help="the KEEL run's result folder (run_indices.csv, problems.csv, "
                        "left_out.csv, score_indices.csv, winner_flips.csv)")
    p.add_argument("--figures-dir", required=True, metavar="DIR",
                   help="its figures' folder (claims.csv, claim_units.csv, fig3_scores.csv)")
    p.add_argument("--provenance", required=True, metavar="JSON",
                   help="the run's provenance.json (imbeval provenance)")
    p.add_argument("--out-dir", required=True, metavar="DIR",
                   help="where to write the reference results (reference/keel)")
    p.set_defaults(func=_run_reference)
