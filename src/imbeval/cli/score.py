"""``imbeval score PREDICTIONS --index acsa,mcc --out SCORES.csv``: per-fold predictions to
the long score table ``imbeval compare`` reads.

PREDICTIONS (CSV, or Parquet with the ``[parquet]`` extra) has one row per test point:
columns ``dataset, classifier, fold`` (and ``run`` when present), ``y_true``, ``y_pred``
and/or ``y_score``, other names given by the ``--*-col`` options. Each (dataset,
classifier, run, fold) is scored once per index: label indices from its confusion matrix,
summed chunk by chunk, so a million predictions take seconds; indices of scores (roc_auc,
brier_score, ...) from its scores, which must be one block of rows in the file (sorted by
group). The output has columns ``problem, classifier, [run,] fold, index, value`` (with
``--ci``: ``low, high, level, method, coverage, undecidable``): ``imbeval compare SCORES.csv
--index ...`` reads it as it is. A value undefined on its fold is NaN, and a warning on
stderr names every such fold and why. See :mod:`imbeval.scoring` and docs/compare.md.
"""

from __future__ import annotations

from imbeval._ci_names import CI_METHODS
from imbeval.cli._options import add_command, add_list_option, add_pos_label_option


def _score_col(values):
    """--score-col: y_score when absent, one name, or the list of per-class columns."""
    if not values:
        return "y_score"
    return values[0] if len(values) == 1 else list(values)


def register(subparsers):
    """Add ``imbeval score`` to ``subparsers``; returns its parser."""
    parser = add_command(subparsers, "score", doc=__doc__,
                         help="per-fold predictions to the score table imbeval compare reads")
    parser.add_argument("predictions", metavar="PREDICTIONS",
                        help="CSV or Parquet (.parquet, .pq), one row per test point")
    add_list_option(parser, "--index", item="INDEX", required=True,
                    help="indices of labels (acsa, mcc, f1_macro, balanced_accuracy, ...) "
                         "and of scores (roc_auc, brier_score, ...)")
    parser.add_argument("--out", required=True, metavar="SCORES",
                        help="the score table: .csv, or .parquet/.pq")
    add_pos_label_option(parser)
    parser.add_argument("--dataset-col", default="dataset", metavar="NAME", help="[dataset]")
    parser.add_argument("--classifier-col", default="classifier", metavar="NAME",
                        help="[classifier]")
    parser.add_argument("--fold-col", default="fold", metavar="NAME",
                        help="[fold]; '' for one test set per dataset and classifier")
    parser.add_argument("--run-col", default=None, metavar="NAME",
                        help="the repetition of the cross-validation [run, when present]")
    parser.add_argument("--true-col", default="y_true", metavar="NAME", help="[y_true]")
    parser.add_argument("--pred-col", default="y_pred", metavar="NAME", help="[y_pred]")
    add_list_option(parser, "--score-col", item="NAME|PREFIX*",
                    help="scores: one column, or one per class in the sorted classes' "
                         "order (p_0,p_1,p_2 or 'p_*') [y_score]")
    parser.add_argument("--weight-col", default=None, metavar="NAME",
                        help="sample weights, counted as repetitions [none]")
    parser.add_argument("--ci", type=float, default=None, metavar="LEVEL",
                        help="add each value's interval at this level (e.g. 0.95)")
    parser.add_argument("--ci-method", default="auto",
                        choices=CI_METHODS,
                        help="how label indices' intervals are made [auto]")
    parser.add_argument("--seed", type=int, default=0, help="seed of the intervals' draws [0]")
    parser.add_argument("--chunk-size", type=int, default=None, metavar="ROWS",
                        help="rows read at a time [200000]")
    parser.set_defaults(func=run)
    return parser


def run(args) -> int:
    """Score the predictions, write the table, say what is undefined."""
    import sys
    import warnings
    from pathlib import Path

    from imbeval.scoring import score_table

    out = Path(args.out)
    if out.suffix.lower() not in (".csv", ".parquet", ".pq"):
        raise ValueError(f"--out {out}: name a .csv or .parquet file")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        table = score_table(
            args.predictions, args.index, pos_label=args.pos_label,
            dataset_col=args.dataset_col, classifier_col=args.classifier_col,
            fold_col=args.fold_col or None, run_col=args.run_col, true_col=args.true_col,
            pred_col=args.pred_col, score_col=_score_col(args.score_col), weight_col=args.weight_col,
            ci=args.ci, ci_method=args.ci_method, seed=args.seed, chunksize=args.chunk_size)
    for w in caught:
        print(f"imbeval score: warning: {w.message}", file=sys.stderr)
    if out.suffix.lower() == ".csv":
        from imbeval.utils.io import write_csv

        write_csv(table, out)
    else:
        from imbeval.utils._optional import import_optional
        from imbeval.utils.io import atomic_write

        import_optional("pyarrow")
        atomic_write(out, lambda tmp: table.to_parquet(tmp, index=False))
    k = max(table["index"].nunique(), 1)
    nan = int(table["value"].isna().sum())
    print(f"wrote {out}: {len(table)} rows ({len(table) // k} folds x {k} "
          f"{'index' if k == 1 else 'indices'}), {nan} undefined (NaN)"
          + (" -- named on stderr" if nan else ""))
    return 0
