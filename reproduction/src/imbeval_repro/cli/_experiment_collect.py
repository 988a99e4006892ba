"""``imbeval experiment collect``: fold files (or run files) -> fold_indices.csv,
confusion_matrices.csv, test_sets.csv, hyperparameters.csv, summary.csv. Registered by
:mod:`imbeval_repro.cli.experiment`.
"""

from __future__ import annotations

from imbeval.cli._options import add_list_option


def _run_collect(args) -> int:
    from imbeval.utils.io import write_csv
    from imbeval_repro.experiment.protocol.collect import collect_runs
    from imbeval_repro.experiment.protocol.user_code import index_names

    indices = index_names(args.indices, "--indices")
    tables = collect_runs(args.runs, indices)
    for name, frame in tables.items():
        path = write_csv(frame, f"{args.out_dir}/{name}.csv")
        print(f"{name}: {len(frame)} rows -> {path}")
    return 0


def register(sub) -> None:
    """Add this item to ``imbeval experiment``'s subparsers."""
    p = sub.add_parser("collect", help="fold files or run files -> result tables")
    p.add_argument("runs", nargs="+", metavar="FOLD_OR_RUN_JSON",
                   help="fold files (or run files) of `imbeval experiment run`")
    p.add_argument("--out-dir", required=True, metavar="DIR", help="folder for the result tables")
    add_list_option(p, "--indices", item="NAME",
                    help="indices to compute: registered names, 'all', import paths "
                    "module:function of user indices (default: every registered index that "
                    "applies)")
    p.set_defaults(func=_run_collect)
