"""``imbeval check REPORTED.csv``: are a table's reported scores possible, what do they
imply, and could its ranking be noise?

The CSV has one row per reported value, with columns ``method``, ``index`` (any name
``imbeval.metrics.score`` accepts) and ``value`` (as printed: its decimals set the
tolerance unless ``--decimals`` or ``--eps`` is given), and optionally ``dataset``, ``p``,
``n`` (or ``counts``: class counts separated by ``;``), ``folds`` and ``aggregation``; the
options give what the columns do not. Each (dataset, method) is checked with
``imbeval.check.check_reported``; with two or more consistent methods on a single test set,
each pair is compared by McNemar's exact test under the most and the least favourable
pairing (``imbeval.check.compare_reported``). Prints a short text; ``--out`` writes the
verdicts as CSV (one row per dataset, method and index: reported value, verdict, range).
"""

from __future__ import annotations

from imbeval.cli._options import add_command, add_list_option


def register(subparsers):
    """Add ``imbeval check`` to ``subparsers``; returns its parser."""
    parser = add_command(subparsers, "check", doc=__doc__,
                         help="are a table's reported scores possible, and what do they imply")
    parser.add_argument("reported", metavar="CSV", help="columns method,index,value[,...]")
    parser.add_argument("--p", type=int, help="positives of the test set")
    parser.add_argument("--n", type=int, help="negatives of the test set")
    add_list_option(parser, "--counts", item="N", help="class counts (multi-class)")
    parser.add_argument("--folds", type=int, help="k of a stratified k-fold")
    parser.add_argument("--aggregation", choices=("mean", "pooled"), default="mean",
                        help="k-fold: mean of fold scores or scores of the summed matrix")
    parser.add_argument("--decimals", type=int, help="decimals of every reported value")
    parser.add_argument("--eps", type=float, help="tolerance of every reported value")
    parser.add_argument("--percent", action="store_true",
                        help="values are printed in percent (87.3 for 0.873)")
    parser.add_argument("--average", choices=("macro", "micro", "weighted"),
                        help="scikit-learn's average= for names that take it")
    parser.add_argument("--alpha", type=float, default=0.05, help="level of McNemar's test")
    parser.add_argument("--out", metavar="FILE", help="write the verdicts here (CSV)")
    parser.set_defaults(func=run)
    return parser


def _int(value, name, row):
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be an integer, got {value!r} (row {row})") from None
    if number != int(number) or number < 0:
        raise ValueError(f"{name} must be a non-negative integer, got {value!r} (row {row})")
    return int(number)


def _missing(value):
    import pandas as pd

    return value is None or (not isinstance(value, str) and pd.isna(value)) or value == ""


def groups(frame, args):
    """``[(dataset, method, scores, test_set)]`` from the reported rows and the options."""
    from imbeval.check import decimals_of

    for column in ("method", "index", "value"):
        if column not in frame.columns:
            raise ValueError(f"the CSV needs a column {column!r} (has {list(frame.columns)})")
    if "dataset" not in frame.columns:
        frame = frame.assign(dataset="")
    out = []
    for (dataset, method), rows in frame.groupby(["dataset", "method"], sort=False):
        scores, decimals, test_set = {}, {}, {}
        for row_number, row in rows.iterrows():
            text = str(row["value"]).strip()
            try:
                value = float(text)
            except ValueError:
                raise ValueError(f"value must be a number, got {text!r} (row "
                                 f"{row_number + 2})") from None
            places = decimals_of(text)
            if args.percent:
                value, places = value / 100, places + 2
            scores[str(row["index"])] = value
            decimals[str(row["index"])] = places if args.decimals is None else (
                args.decimals + (2 if args.percent else 0))
            for key in ("p", "n", "folds"):
                if key in rows.columns and not _missing(row[key]):
                    test_set[key] = _int(row[key], key, row_number + 2)
            if "counts" in rows.columns and not _missing(row["counts"]):
                test_set["counts"] = [_int(x, "counts", row_number + 2)
                                      for x in str(row["counts"]).split(";")]
            if "aggregation" in rows.columns and not _missing(row["aggregation"]):
                test_set["aggregation"] = str(row["aggregation"])
        for key in ("p", "n", "folds"):
            if getattr(args, key) is not None:
                test_set.setdefault(key, getattr(args, key))
        if args.counts and "counts" not in test_set and "p" not in test_set:
            test_set["counts"] = [_int(x, "--counts", 0) for x in args.counts]
        test_set.setdefault("aggregation", args.aggregation)
        if args.average:
            test_set["average"] = args.average
        if args.eps is not None:
            test_set["eps"] = args.eps
        else:
            test_set["decimals"] = decimals
        if "counts" not in test_set and ("p" not in test_set or "n" not in test_set):
            raise ValueError(f"no test set for method {method!r}: give p and n (columns or "
                             "--p/--n) or the class counts")
        for key in ("p", "n", "folds"):
            if key in test_set and test_set[key] < (2 if key == "folds" else 1):
                raise ValueError(f"{key} must be at least {2 if key == 'folds' else 1}, got "
                                 f"{test_set[key]} (method {method!r})")
        out.append((dataset, method, scores, test_set))
    return out


def run(args) -> int:
    """Check every (dataset, method) of ``args.reported``; print the verdicts; exit code."""
    import pandas as pd

    from imbeval.check import check_reported, compare_reported

    frame = pd.read_csv(args.reported, dtype=str, keep_default_na=False)
    if not len(frame):
        raise ValueError(f"{args.reported} holds no reported values")
    table, lines, by_dataset = [], [], {}
    for dataset, method, scores, test_set in groups(frame, args):
        result = check_reported(scores, **test_set)
        label = f"{dataset + ': ' if dataset else ''}{method}"
        lines.append(f"{label}: {result.verdict} ({result.method})"
                     + (f"; smallest inconsistent subset: {', '.join(result.conflict)}"
                        if result.conflict else ""))
        reported = {item.info.name: item for item in result.reported}
        for name in list(reported) + [k for k in result.ranges if k not in reported]:
            low, high = result.ranges.get(name, (float("nan"), float("nan")))
            item = reported.get(name)
            table.append({"dataset": dataset, "method": method, "index": name,
                          "reported": item.value if item else None,
                          "kind": "reported" if item else "implied",
                          "verdict": result.verdict, "decided_by": result.method,
                          "conflict": ";".join(result.conflict), "low": low, "high": high,
                          "n_feasible": result.n_feasible})
        if result.consistent and result.protocol == "single":
            by_dataset.setdefault(dataset, []).append((method, scores, test_set))
    for dataset, methods in by_dataset.items():
        if len(methods) < 2:
            continue
        test_set = dict(methods[0][2])
        test_set.pop("aggregation", None)
        test_set.pop("decimals", None)
        eps = test_set.pop("eps", None)
        decimals = {}
        for _, _, ts in methods:
            decimals.update(ts.get("decimals", {}))
        named = {m: s for m, s, _ in methods}
        for noise in compare_reported(named, alpha=args.alpha, eps=eps,
                                      decimals=None if eps is not None else decimals,
                                      **test_set):
            lines.append(f"{dataset + ': ' if dataset else ''}{noise}")
    print("\n".join(lines))
    if args.out:
        pd.DataFrame(table).to_csv(args.out, index=False)
    return 0
