"""``imbeval experiment figures``: Figs. 3, 4a, 4b, 5 (PDF, PNG, CSV) of mullick2020's
experiment, and ``claims.csv``: their claims as the verdict table decides them
(:func:`imbeval_repro.papers.mullick2020.claims.claims_table`; the figures only draw).
Registered by :mod:`imbeval_repro.cli.experiment`.
"""

from __future__ import annotations

import json
from pathlib import Path


def _run_figures(args) -> int:
    from imbeval_repro.experiment.data.labels import run_dataset
    from imbeval_repro.papers.mullick2020.figures import draw_all
    from imbeval_repro import verdicts as cmp
    from imbeval.utils.tables import write_table
    from imbeval_repro.papers.mullick2020.claim_units import units_frame
    from imbeval_repro.papers.mullick2020.claims import claims_table

    if args.keel == (args.run_dataset is not None):
        raise SystemExit("imbeval experiment figures: give exactly one of --run-dataset (the "
                         "experiment) and --keel (a KEEL run)")
    for path in draw_all(args.indices, args.problems, args.out_dir, intervals=args.intervals,
                         folds_csv=args.folds):
        print(path)
    if args.keel:
        # the KEEL run's claims as the verdict table holds them: items '<Fig.> (KEEL)', basis
        # naming the KEEL problems and their independent units
        from imbeval_repro.papers.mullick2020.keel_claims import keel_rows

        rows = keel_rows(args.indices, args.problems, folds=args.folds)
        claims = cmp.adjust(cmp.frame(rows))
    else:
        dataset = run_dataset(json.loads(args.run_dataset)).label
        claims, rows = claims_table(args.indices, args.problems, basis=cmp.run_basis(dataset),
                                    with_units=True, folds=args.folds)
    path = Path(args.out_dir) / "claims.csv"
    write_table(claims, path, None, index=False)
    print(path)
    # the unit values every claim's interval is computed from (claim_units.csv): enough to
    # recompute each claim's interval and p-value (imbeval_repro.papers.mullick2020.claim_units)
    units = units_frame(rows)
    path = Path(args.out_dir) / "claim_units.csv"
    write_table(units, path, None, index=False)
    print(path)
    return 0


def register(sub) -> None:
    """Add this item to ``imbeval experiment``'s subparsers."""
    p = sub.add_parser("figures", help="Figs. 3, 4a, 4b, 5 and the claims table")
    p.add_argument("--indices", required=True, metavar="CSV", help="run_indices.csv (or fold_indices.csv) of `imbeval experiment collect`")
    p.add_argument("--folds", metavar="CSV",
                   help="fold_indices.csv (fold values) of the same collect step, when --indices is "
                        "its run_indices.csv: Fig. 5's cell intervals rest on the fold values")
    p.add_argument("--problems", required=True, metavar="CSV", help="problems.csv of `imbeval experiment problems`")
    p.add_argument("--out-dir", required=True, metavar="DIR", help="folder for the figures and claims.csv")
    p.add_argument("--intervals", action="store_true",
                   help="add each value's 95%% interval (error bars, ci_low/ci_high; corrected "
                        "CV intervals, see imbeval_repro.papers.mullick2020.experiment)")
    p.add_argument("--keel", action="store_true",
                   help="the problems are KEEL datasets (imbeval experiment keel-problems): "
                        "claims.csv holds the KEEL rows of the verdict table")
    p.add_argument("--run-dataset", metavar="JSON",
                   help="the config's experiment dataset section, {\"dataset\": ..., "
                        "\"features\": {...}}: names what the claims rest on")
    p.set_defaults(func=_run_figures)
