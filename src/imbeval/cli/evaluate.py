"""``imbeval evaluate PREDICTIONS.csv``: how much of a model's score is the test set's class
ratio?

Reads a CSV with columns ``y_true,y_pred`` (one row per test point; labels as text), redraws
the test set under mullick2020's five RRT schemes (``--repeats`` draws each, seeded by
``--seed``, the protocol's own resampling), computes every applicable index on each draw,
and prints per index its value at each scheme, the spread across schemes and the audit's
verdicts on Conditions 1-3. With ``--out-dir`` it also writes ``evaluate.csv`` (tidy: index
x scheme), ``evaluate_draws.csv`` (every draw) and ``evaluate.pdf``/``.png`` (a Fig. 3-style
figure for this one model). See :mod:`imbeval.evaluation`.

With ``--ci 0.95`` it also prints each index of the test set as given with its interval
from this one test set (``--ci-method``, default ``auto``: the method selected at >= 94 %
coverage in the nearest regime and validated on an independent run; docs/metrics.md) and,
with ``--out-dir``, writes
``evaluate_intervals.csv``.
"""

from __future__ import annotations

import argparse


def register(subparsers):
    """Add ``imbeval evaluate`` to ``subparsers``; returns its parser."""
    parser = subparsers.add_parser(
        "evaluate", help="a model's predictions under the five RRT test sets, per index",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("predictions", metavar="CSV", help="file with columns y_true,y_pred")
    parser.add_argument("--out-dir", metavar="DIR",
                        help="write evaluate.csv, evaluate_draws.csv and evaluate.pdf/.png here")
    parser.add_argument("--index", action="append", default=[], metavar="NAME|MODULE:FUNC",
                        help="an index to report (registered name, or import path of a "
                        "function of a stack (..., C, C), found in installed packages, ./plugins or the current folder); repeatable; default: every "
                        "registered index that applies")
    parser.add_argument("--labels", metavar="A,B,...",
                        help="the classes (default: the distinct y_true labels); a label "
                        "outside them is an error")
    parser.add_argument("--positive", metavar="LABEL",
                        help="two-class: the positive class (default: the minority)")
    parser.add_argument("--repeats", type=int, default=10, help="draws per RRT scheme [10]")
    parser.add_argument("--seed", type=int, default=0, help="seed of the draws and the audit [0]")
    parser.add_argument("--min-count", type=int, default=3,
                        help="smallest class of a subsampled test set (protocol.min_count) [3]")
    parser.add_argument("--infeasible", choices=("bootstrap", "clip"), default="bootstrap",
                        help="rule when a scheme cannot be subsampled (protocol.infeasible)")
    parser.add_argument("--audit", default="quick", metavar="quick|full|none|AUDIT_CSV",
                        help="how to get the Condition 1-3 verdicts: a quick or full audit "
                        "of each index, none, or an audit.csv from `imbeval audit` [quick]")
    parser.add_argument("--ci", type=float, metavar="LEVEL",
                        help="also give each index's interval from this one test set at "
                        "this level (e.g. 0.95)")
    parser.add_argument("--ci-method", default="auto",
                        choices=("auto", "wilson", "jeffreys", "dirichlet", "delta",
                                 "bootstrap"),
                        help="how the --ci intervals are made [auto]")
    parser.set_defaults(func=run)
    return parser


def run(args) -> int:
    """Evaluate the predictions file ``args.predictions``: print the table, and write the
    files into ``args.out_dir`` when given."""
    from imbeval.utils.plugins import add_command_line_dirs
    from imbeval.evaluation import evaluate_predictions, read_predictions

    add_command_line_dirs()  # --index module:function from ./plugins or the current folder

    y_true, y_pred = read_predictions(args.predictions)
    labels = [s.strip() for s in args.labels.split(",")] if args.labels else None
    ev = evaluate_predictions(
        y_true, y_pred, labels=labels, positive=args.positive, indices=args.index or None,
        repeats=args.repeats, seed=args.seed, min_count=args.min_count,
        infeasible=args.infeasible, audit=args.audit, source=args.predictions,
    )
    print(ev.table())
    frame = None
    if args.ci is not None:
        frame = interval_frame(y_true, y_pred, ev, args.ci, args.ci_method)
        print()
        print(f"intervals from this one test set ({args.ci:g}, {args.ci_method}; the "
              "regime is the nearest simulated one, coverage its validation-run coverage):")
        print(frame.to_string(index=False, float_format=lambda x: f"{x:.4f}"))
    if args.out_dir:
        for path in ev.write(args.out_dir):
            print(f"wrote {path}")
        if frame is not None:
            from pathlib import Path

            from imbeval.utils.io import write_csv

            path = Path(args.out_dir) / "evaluate_intervals.csv"
            write_csv(frame, path)
            print(f"wrote {path}")
    return 0


def interval_frame(y_true, y_pred, ev, level, method):
    """Each index of ``ev`` (an :class:`imbeval.evaluation.Evaluation`) on the test set as
    given, with its ``level`` interval: a DataFrame ``index, value, low, high, method,
    coverage, coverage_se, coverage_flag, regime, note`` (``coverage_flag``:
    :attr:`imbeval.metrics.IndexInterval.coverage_flag`; ``note``: why there is no
    interval)."""
    import numpy as np
    import pandas as pd

    from imbeval.metrics import label_matrix
    from imbeval.metrics._ci import matrix_intervals

    cm, classes = label_matrix(y_true, y_pred, labels=ev.classes)  # positive class first
    names = list(ev.summary["index"])
    out = matrix_intervals(cm, names, classes=np.asarray(classes), pos_label=ev.classes[0],
                           ci=level, ci_method=method, zero_division=np.nan)
    given = dict(zip(ev.summary["index"], ev.summary["as_given"]))  # one value per index
    return pd.DataFrame([{"index": k, "value": float(given[k]), "low": e.low, "high": e.high,
                          "method": e.method, "coverage": e.coverage,
                          "coverage_se": e.coverage_se, "coverage_flag": e.coverage_flag,
                          "regime": e.regime, "note": e.undecidable or ""}
                         for k, e in out.items()])
