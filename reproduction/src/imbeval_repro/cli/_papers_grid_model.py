"""``imbeval papers mortaz2020-grid-model``: some models of mortaz2020's 18-model grid fitted
under CV, their fold scores and fit times. Registered by :mod:`imbeval_repro.cli.papers`.

Its own module so that its rule's inputs (derived from this module's imports, common.smk)
are the protocol, the classifiers and the data, not the tables, figures or report: the
grid's fits (minutes on satimage) are not re-planned by an edit of a table's layout.
"""

from __future__ import annotations

from imbeval.cli._options import add_list_option

from pathlib import Path


def write_timings(timings, path, wall=None):
    """Fit times per (model, fold) -- and the whole command's wall time -- as a CSV."""
    from imbeval.utils.io import write_csv

    frame = timings.copy()
    if wall is not None:
        frame.loc[len(frame)] = {"model": "(all, wall)", "fold": -1, "seconds": wall}
    write_csv(frame, path)


def _mortaz_grid_model(args):
    from imbeval.utils.io import atomic_write_text
    from imbeval_repro.papers.mortaz2020.grid_fit import grid_fold_scores, split_timings

    if args.folds < 2:
        raise ValueError(f"--folds must be at least 2, got {args.folds}")
    scores, timings = split_timings(grid_fold_scores(args.dataset, folds=args.folds,
                                                     seed=args.seed, models=args.model,
                                                     repeats=args.repeats))
    # full precision (repr), read back exactly by `mortaz2020-grid --parts`
    atomic_write_text(args.out, scores.to_csv(index=False))
    write_timings(timings, args.timings)
    print(f"{', '.join(args.model)} on {args.dataset}: {len(scores)} (model, repeat, fold) rows "
          f"-> {args.out}")
    return 0


def add_grid_arguments(p) -> None:
    """The grid's dataset and CV (``--dataset``, ``--folds``, ``--repeats``, ``--seed``):
    the same for the fits (``mortaz2020-grid-model``) and the tables (``mortaz2020-grid``)."""
    p.add_argument("--dataset", required=True, choices=["glass", "satimage"],
                   help="glass (Table 16) or satimage (Table 18)")
    p.add_argument("--folds", type=int, default=5, help="folds of the cross-validation (default 5)")
    p.add_argument("--repeats", type=int, default=1,
                   help="reshuffled repetitions of the CV (default 1; with 10 or more the "
                        "re-run intervals take the repetitions' spread)")
    p.add_argument("--seed", type=int, required=True, help="the config's seed (folds, models)")


def register(sub) -> None:
    """Add this item to ``imbeval papers``'s subparsers."""
    help_text = "some models of the mortaz2020 grid: their fold scores"
    p = sub.add_parser("mortaz2020-grid-model", help=help_text, description=help_text)
    p.set_defaults(func=_mortaz_grid_model)
    add_grid_arguments(p)
    add_list_option(p, "--model", item="MODEL", nargs="+", required=True,
                    help="one or more of the 18 (KNN ... GBM-ROS), also space-separated")
    p.add_argument("--out", required=True, type=Path, metavar="CSV",
                   help="the models' fold scores (input of `mortaz2020-grid --parts`)")
    p.add_argument("--timings", required=True, type=Path, metavar="CSV",
                   help="fit + predict seconds per fold (a benchmark file, not a result)")
