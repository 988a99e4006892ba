"""``imbeval evaluate PREDICTIONS.csv``: how much of a model's score is the test set's class
ratio?

Reads a CSV with columns ``y_true,y_pred`` (one row per test point; labels as text), redraws
the test set under mullick2020's five RRT schemes (``--repeats`` draws each, seeded by
``--seed``, the protocol's own resampling), computes every applicable index on each draw
(by default every registered index that applies, and F1 for two classes) and the audit's
verdicts on Conditions 1-3.

The terminal gets a short summary: what was evaluated, then per index its value on the
test set as given, its spread across the schemes and the three verdicts, and the indices
the class ratio moves most and least. The full report -- the value at each scheme and
every verdict in words -- goes to a text file: ``--out FILE``, else ``DIR/evaluate.txt``
with ``--out-dir``, else ``<PREDICTIONS>.evaluate.txt`` in the working directory; the
summary names it. With ``--out-dir`` it also writes ``evaluate.csv`` (tidy: index x
scheme), ``evaluate_draws.csv`` (every draw) and ``evaluate.pdf``/``.png`` (a Fig.
3-style figure for this one model). See :mod:`imbeval.evaluation`.

Two classes: the positive class is ``--pos-label`` (default ``1``, as in scikit-learn and
the Python API). Scores or probabilities in ``y_pred`` are refused with the Python API's
message: pass ``predict(X)``, not ``predict_proba(X)``.

With ``--ci 0.95`` it also prints each index of the test set as given with its interval
from this one test set (``--ci-method``, default ``auto``: the method selected at >= 94 %
coverage in the nearest regime and validated on an independent run; docs/metrics.md),
adds them to the report and, with ``--out-dir``, writes ``evaluate_intervals.csv``.

With ``--score-column NAME`` (two classes: a column of scores or probabilities of the
positive class) it also gives the indices of scores of the test set as given after the
indices of labels: ROC AUC, average precision and, where every score lies in [0, 1], the
Brier score and log-loss (:func:`imbeval.scores.score`); with ``--ci`` their intervals
(:func:`imbeval.scores.interval`, ``--score-ci-method``), in the same columns as the
labels' and in ``evaluate_intervals.csv``.
"""

from __future__ import annotations

from imbeval._ci_names import CI_METHODS
from imbeval.cli._options import USER_INDEX, add_command, add_list_option, add_pos_label_option


def register(subparsers):
    """Add ``imbeval evaluate`` to ``subparsers``; returns its parser."""
    parser = add_command(subparsers, "evaluate", doc=__doc__,
                         help="a model's predictions under the five RRT test sets, per index")
    parser.add_argument("predictions", metavar="CSV", help="file with columns y_true,y_pred")
    parser.add_argument("--out-dir", metavar="DIR",
                        help="write evaluate.txt, evaluate.csv, evaluate_draws.csv and "
                        "evaluate.pdf/.png here")
    parser.add_argument("--out", metavar="FILE",
                        help="the full report (value at each RRT scheme, every verdict in "
                        "words) [DIR/evaluate.txt with --out-dir, else "
                        "<PREDICTIONS>.evaluate.txt in the working directory]")
    add_list_option(parser, "--index", item="INDEX",
                    help=f"indices to report: registered names, or a user's index, "
                    f"{USER_INDEX}; default: every registered index that applies, and f1 for "
                    "two classes")
    add_list_option(parser, "--labels", item="LABEL",
                    help="the classes (default: the distinct y_true labels); a label "
                    "outside them is an error")
    add_pos_label_option(parser, aliases=("--positive",))
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
                        choices=CI_METHODS,
                        help="how the --ci intervals are made [auto]")
    parser.add_argument("--score-column", metavar="NAME",
                        help="two classes: a column of scores or probabilities of the "
                        "positive class; also give ROC AUC, average precision and, for "
                        "probabilities, the Brier score and log-loss")
    add_list_option(parser, "--score-ci-method", item="METHOD|INDEX=METHOD",
                    help="how the --ci intervals of the indices of scores are made: one "
                    "method for all (auto, bootstrap) or per index, e.g. roc_auc=newcombe "
                    "[auto]")
    parser.set_defaults(func=run)
    return parser


def score_methods(items):
    """``--score-ci-method``'s items (``METHOD`` or ``INDEX=METHOD``) as one method for all
    indices of scores or ``{index: method}``; a ValueError names a wrong item. Checked
    here, not by argparse, so that ``--help`` imports nothing of the library."""
    from imbeval.metrics._report import SCORE_INDICES
    from imbeval.scores._intervals import SCORE_CI_METHODS

    every, per = [], {}
    for item in items or ["auto"]:
        name, _, method = item.rpartition("=")
        if method not in SCORE_CI_METHODS:
            raise ValueError(f"--score-ci-method {item}: the method must be one of "
                             f"{', '.join(SCORE_CI_METHODS)}")
        if name and name not in SCORE_INDICES:
            raise ValueError(f"--score-ci-method {item}: the index must be one of "
                             f"{', '.join(SCORE_INDICES)}")
        if name:
            per[name] = method
        else:
            every.append(method)
    if len(every) > 1 or (every and per):
        raise ValueError("--score-ci-method takes one method for all indices or "
                         "INDEX=METHOD items, not both")
    return every[0] if every else per


def run(args) -> int:
    """Evaluate the predictions file ``args.predictions``: print the summary, write the full
    report (and, with ``args.out_dir``, the tables and the figure)."""
    from pathlib import Path

    from imbeval.cli._options import check_pos_label
    from imbeval.evaluation import evaluate_predictions, read_predictions
    from imbeval.utils.io import atomic_write_text
    from imbeval.utils.plugins import add_command_line_dirs

    add_command_line_dirs()  # --index module:function from ./plugins or the current folder

    y_true, y_pred = read_predictions(args.predictions)
    classes = args.labels or sorted(set(y_true))
    if set(y_pred) <= set(classes):     # else the unknown labels are the first thing to fix
        check_pos_label(args.pos_label, classes, args.predictions)
    y_score = None
    if args.score_column is not None:  # checked before the draws: a bad column costs nothing
        from imbeval.evaluation import read_scores

        y_score = read_scores(args.predictions, args.score_column)
        if len(classes) > 2:  # one class: evaluate_predictions's error below
            raise ValueError(f"{args.predictions}: --score-column is for two classes; the "
                             f"test set has {len(classes)}")
        methods = score_methods(args.score_ci_method)
    ev = evaluate_predictions(
        y_true, y_pred, labels=args.labels, pos_label=args.pos_label, indices=args.index,
        repeats=args.repeats, seed=args.seed, min_count=args.min_count,
        infeasible=args.infeasible, audit=args.audit, source=args.predictions,
    )
    frame = scores = None
    if args.ci is not None:
        frame = interval_frame(y_true, y_pred, ev, args.ci, args.ci_method)
    if y_score is not None:  # every value and interval made before anything is written
        scores = score_frame(y_true, y_score, ev.classes[0], args.ci, methods)
    report = report_path(args)
    print(summary_text(ev, args.predictions, report))
    blocks = []
    if frame is not None:
        blocks.append(interval_text(frame, args.ci, args.ci_method))
    if scores is not None:
        blocks.append(score_text(scores, args.score_column, args.ci, methods))
    for block in blocks:
        print()
        print(block)
    full = [what_text(ev, args.predictions), "", ev.table()]
    for block in blocks:
        full += ["", block]
    atomic_write_text(report, "\n".join(full) + "\n")
    if args.out_dir:
        for path in ev.write(args.out_dir):
            print(f"wrote {path}")
        if frame is not None:
            from imbeval.utils.io import write_csv

            import pandas as pd

            path = Path(args.out_dir) / "evaluate_intervals.csv"
            write_csv(frame if scores is None else pd.concat([frame, scores],
                                                             ignore_index=True), path)
            print(f"wrote {path}")
    return 0


def report_path(args):
    """Where the full report goes: ``--out``, else ``DIR/evaluate.txt`` with ``--out-dir``,
    else ``<stem of the predictions>.evaluate.txt`` in the working directory."""
    from pathlib import Path

    if args.out:
        return Path(args.out)
    if args.out_dir:
        return Path(args.out_dir) / "evaluate.txt"
    return Path(f"{Path(args.predictions).stem}.evaluate.txt")


def what_text(ev, source) -> str:
    """One line: what was evaluated (file, points, classes, the positive class, draws)."""
    classes = ", ".join(f"{c} ({n})" for c, n in zip(ev.classes, ev.counts))
    positive = f"; positive class {ev.classes[0]}" if len(ev.classes) == 2 else ""
    s = ev.settings
    return (f"evaluated {source}: {sum(ev.counts)} test points, classes {classes}{positive}; "
            f"{len(ev.summary)} indices x {len(ev.schemes)} RRT schemes x "
            f"{s.get('repeats')} draws (seed {s.get('seed')}); audit: {s.get('audit')}")


def summary_text(ev, source, report) -> str:
    """The terminal's summary of ``ev``: what was evaluated, a line per index (its value as
    given, the spread across the RRT schemes, the verdicts), the indices the class ratio
    moves most and least, and the file with the full report."""
    import math
    import textwrap

    s = ev.summary
    mark = {"true": "holds", "false": "fails", "": "-"}

    def f(x):
        return "nan" if x != x else f"{x:.4f}"

    header = ["index", "as given", "spread std", "range", "C1", "C2", "C3"]
    rows = [[r["index"], f(r["as_given"]), f(r["spread_std"]), f(r["spread_range"]),
             mark[r["condition1"]], mark[r["condition2"]], mark[r["condition3"]]]
            for _, r in s.iterrows()]
    widths = [max(len(str(x[i])) for x in [header] + rows) for i in range(len(header))]
    lines = [textwrap.fill(what_text(ev, source), width=92), "",
             "  ".join(h.ljust(w) for h, w in zip(header, widths)).rstrip(),
             "  ".join("-" * w for w in widths)]
    lines += ["  ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
    spread = [(r["spread_std"], r["index"]) for _, r in s.iterrows()
              if not math.isnan(r["spread_std"])]
    if len(spread) > 1:
        spread.sort(key=lambda t: (-t[0], t[1]))
        k = min(3, len(spread) // 2) or 1
        most = ", ".join(f"{name} ({v:.3g})" for v, name in spread[:k])
        least = ", ".join(f"{name} ({v:.3g})" for v, name in reversed(spread[-k:]))
        lines += ["", textwrap.fill(f"moved most by the test set's class ratio (spread std): "
                                    f"{most}; least: {least}", width=92)]
    lines += ["", "spread std: across the five RRT schemes' means; C1-C3: the audit's "
              "verdicts on Conditions 1-3.",
              f"full report (the value at each RRT scheme, every verdict in words): {report}"]
    return "\n".join(lines)


def interval_text(frame, level, method) -> str:
    """The intervals of :func:`interval_frame`, a heading and a table (the terminal's and
    the report's)."""
    return ("intervals from this one test set "
            f"({level:g}, {method}; the regime is the nearest simulated one, coverage its "
            "validation-run coverage):\n"
            + frame.to_string(index=False, float_format=lambda x: f"{x:.4f}"))


def interval_frame(y_true, y_pred, ev, level, method):
    """Each index of ``ev`` (an :class:`imbeval.evaluation.Evaluation`) on the test set as
    given, with its ``level`` interval: a DataFrame ``index, value, low, high, method,
    calibrated_level, coverage, coverage_se, coverage_flag, regime, note``
    (``calibrated_level``: the level the method was computed at, ``"auto"`` calibrating a
    95 % request; ``coverage_flag``:
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
                          "method": e.method, "calibrated_level": e.calibrated_level,
                          "coverage": e.coverage,
                          "coverage_se": e.coverage_se, "coverage_flag": e.coverage_flag,
                          "regime": e.regime, "note": e.undecidable or ""}
                         for k, e in out.items()])


def score_frame(y_true, y_score, pos_label, level=None, method="auto"):
    """The indices of scores of the test set as given (ROC AUC, average precision and, for
    scores in [0, 1], the Brier score and log-loss): a DataFrame ``index, value`` (the
    values :func:`imbeval.scores.score` gives) and, with ``level``, the columns of
    :func:`interval_frame` from :func:`imbeval.scores.interval` (``method``: one for all or
    ``{index: method}``, the others ``"auto"``)."""
    import numpy as np
    import pandas as pd

    from imbeval.metrics._report import SCORE_INDICES
    from imbeval.scores import interval, score

    y_score = np.asarray(y_score, float)
    proba = bool(y_score.min() >= 0 and y_score.max() <= 1)
    names = [n for n in SCORE_INDICES if proba or n not in ("brier_score", "log_loss")]
    rows = []
    for name in names:
        row = {"index": name, "value": score(name, y_true, y_score, pos_label=pos_label)}
        if level is not None:
            how = method.get(name, "auto") if isinstance(method, dict) else method
            e = interval(name, y_true, y_score, ci=level, ci_method=how, pos_label=pos_label)
            row.update({"low": e.low, "high": e.high, "method": e.method,
                        "coverage": e.coverage, "coverage_se": e.coverage_se,
                        "coverage_flag": e.coverage_flag, "regime": e.regime,
                        "note": e.undecidable or ""})
        rows.append(row)
    return pd.DataFrame(rows)


def score_text(frame, column, level=None, method="auto") -> str:
    """The indices of scores of :func:`score_frame`, a heading and a table."""
    if level is None:
        head = f"indices of scores of the column {column} (the test set as given):"
    else:
        how = (method if isinstance(method, str) else
               ", ".join(f"{k}={v}" for k, v in method.items()) + ", others auto")
        head = (f"indices of scores of the column {column}, intervals from this one test set "
                f"({level:g}, {how}; the regime is the nearest simulated one, coverage its "
                "validation-run coverage):")
    return head + "\n" + frame.to_string(index=False, float_format=lambda x: f"{x:.4f}")
