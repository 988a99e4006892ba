"""``imbeval experiment scores``: the indices of scores under the RRT protocol, from the fold
files' scores: ``score_indices.csv`` (every test set, at the test prior and at
``--deploy-prior``), ``score_spread.csv`` and its figure (Fig. 3 for the indices of scores),
``winner_flips.csv`` (the share of classifier pairs whose winner changes at the deployment
prior). Registered by :mod:`imbeval_repro.cli.experiment`.
"""

from __future__ import annotations

from pathlib import Path


def _run_scores(args) -> int:
    from imbeval.utils.io import write_csv
    from imbeval_repro.library_results.scores_rrt_figure import make_scores_rrt
    from imbeval_repro.library_results.scores_rrt import score_indices, score_spread, winner_flips

    kw = {}
    if args.all_indices:
        kw["names"] = None
    if args.all_kinds:
        kw["kinds"] = None
    values = score_indices(args.runs, deploy_prior=args.deploy_prior, **kw)
    out = Path(args.out_dir)
    spread = score_spread(values)
    flips = winner_flips(values, args.deploy_prior)
    for name, table in (("score_indices", values), ("score_spread", spread),
                        ("winner_flips", flips)):
        print(write_csv(table, out / f"{name}.csv"))
    if args.figure:
        for path in make_scores_rrt(spread, args.figure):
            print(path)
    if not flips.empty:
        print(flips.to_string(index=False))
    return 0


def register(sub) -> None:
    """Add this item to ``imbeval experiment``'s subparsers."""
    from imbeval_repro.library_results import DEPLOY_PRIOR as deploy

    p = sub.add_parser("scores", help="indices of scores per RRT test set, their spread and "
                       "the winner flips at a deployment prior")
    p.add_argument("runs", nargs="+", metavar="FOLD_JSON", help="fold files of `imbeval "
                   "experiment run` (with their scores)")
    p.add_argument("--out-dir", required=True, metavar="DIR",
                   help="folder for score_indices.csv, score_spread.csv, winner_flips.csv")
    p.add_argument("--figure", metavar="PREFIX",
                   help="write the spread figure as PREFIX.pdf|png|csv")
    p.add_argument("--deploy-prior", type=float, default=deploy, metavar="P",
                   help=f"the deployment share of the minority (positive) class (default {deploy})")
    p.add_argument("--all-indices", action="store_true",
                   help="every index of scores (default: imbeval_repro.library_results.scores_rrt.RRT_INDICES)")
    p.add_argument("--all-kinds", action="store_true",
                   help="multi-class problems too (default: the two-class problems, Fig. 3's)")
    p.set_defaults(func=_run_scores)
