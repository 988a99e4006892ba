"""``imbeval indices FILE``: every applicable index of a confusion matrix.

The file holds one matrix, rows = true class and columns = predicted class (``--transpose``
for the other layout), as CSV (numbers only, or with a header row and a label column) or
JSON (nested lists; a list of matrices is a stack). ``-`` reads standard input.
``--index module:function`` adds a user's index (a function of a stack (..., C, C)).
Two-class indices take the first row as the positive class; ``--positive 1`` takes the
second (for a matrix of ``sklearn.metrics.confusion_matrix`` on labels {0, 1}, whose first
row is the negative class).
"""

from __future__ import annotations

import csv
import io
import json
import math
import sys

import numpy as np

from imbeval.cli._options import USER_INDEX, add_list_option


def register(subparsers):
    """Add ``indices`` to the top-level subparsers."""
    parser = subparsers.add_parser(
        "indices",
        help="compute performance indices of a confusion matrix",
        description=__doc__,
    )
    parser.add_argument("file", metavar="FILE", help="CSV or JSON file, or - for stdin")
    parser.add_argument(
        "--transpose",
        action="store_true",
        help="the file has rows = predicted, columns = true (e.g. Dembélé's tables)",
    )
    parser.add_argument(
        "--format",
        choices=("table", "json"),
        default="table",
        help="output format (default: a readable table)",
    )
    add_list_option(
        parser, "--only", item="NAME",
        help="index names to compute, the catalogue's and scikit-learn's or "
        "imbalanced-learn's names (balanced_accuracy, recall_macro, ...) included (default: "
        "all registered ones that apply)",
    )
    add_list_option(
        parser, "--index", item="MODULE:FUNC",
        help=f"also compute a user's index, {USER_INDEX}",
    )
    parser.add_argument(
        "--positive",
        type=int,
        default=0,
        metavar="ROW",
        help="row of the positive class for two-class indices, 0 or 1 (default: 0, the "
        "first row; 1 for scikit-learn's matrices on labels {0, 1}, negative first)",
    )
    parser.add_argument(
        "--zero-division",
        default="nan",
        metavar="VALUE",
        help="value of a 0/0 ratio (default: nan)",
    )
    parser.set_defaults(func=run)
    return parser


def read_matrix_text(text: str, source: str) -> np.ndarray:
    """Parse CSV or JSON text into a float array of shape (C, C) or (N, C, C)."""
    stripped = text.strip()
    if not stripped:
        raise ValueError(f"{source} is empty")
    if stripped[0] in "[{":
        try:
            data = json.loads(stripped)
        except json.JSONDecodeError as exc:
            raise ValueError(f"{source} is not valid JSON: {exc.msg} (line {exc.lineno})") from None
        if isinstance(data, dict):
            raise ValueError(f"{source}: expected nested lists of numbers, got a JSON object")
        return _to_numeric_array(data, source)
    return _parse_csv(stripped, source)


def _to_numeric_array(data, source):
    def check(item, depth):
        if isinstance(item, list):
            for sub in item:
                check(sub, depth + 1)
        elif isinstance(item, bool) or not isinstance(item, (int, float)):
            raise ValueError(f"{source}: entry {item!r} is not a number")

    check(data, 0)
    try:
        return np.array(data, dtype=np.float64)
    except ValueError:
        raise ValueError(f"{source}: rows have different lengths") from None


def _parse_csv(text, source):
    try:
        dialect = csv.Sniffer().sniff(text.splitlines()[0], delimiters=",;\t ")
        delimiter = dialect.delimiter
    except csv.Error:
        delimiter = ","
    rows = [
        [cell.strip() for cell in row if cell.strip() != "" or delimiter != " "]
        for row in csv.reader(io.StringIO(text), delimiter=delimiter)
    ]
    rows = [row for row in rows if row]
    if rows and not _all_numeric(rows[0]):
        rows = rows[1:]  # a header row of class labels
        if rows and len(rows[0]) > 0 and not _is_number(rows[0][0]):
            rows = [row[1:] for row in rows]  # a first column of class labels
    elif rows and not _is_number(rows[0][0]):
        rows = [row[1:] for row in rows]
    values = []
    for line_no, row in enumerate(rows, start=1):
        try:
            values.append([float(cell) for cell in row])
        except ValueError:
            bad = next(cell for cell in row if not _is_number(cell))
            raise ValueError(f"{source}: row {line_no} has a non-numeric entry {bad!r}") from None
    widths = {len(row) for row in values}
    if len(widths) > 1:
        raise ValueError(f"{source}: rows have different lengths {sorted(widths)}")
    return np.array(values, dtype=np.float64)


def _is_number(cell):
    try:
        float(cell)
    except ValueError:
        return False
    return True


def _all_numeric(row):
    return all(_is_number(cell) for cell in row)


def load_matrix(path: str, transpose: bool = False) -> np.ndarray:
    """Read a confusion matrix (or a stack) from ``path`` (``-`` = stdin)."""
    if path == "-":
        text, source = sys.stdin.read(), "standard input"
    else:
        try:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
        except UnicodeDecodeError:
            raise ValueError(f"{path} is not a text file (CSV or JSON expected)") from None
        source = path
    matrix = read_matrix_text(text, source)
    if matrix.ndim not in (2, 3):
        raise ValueError(
            f"{source}: expected a C x C matrix or a list of them, got shape {matrix.shape}"
        )
    if transpose:
        matrix = np.swapaxes(matrix, -1, -2)
    return matrix


def run(args) -> int:
    """Print the indices of the matrix in ``args.file`` (a table or JSON), with the user's
    ``--index`` functions next to the registered ones."""
    from imbeval.indices import (check_confusion_stack, check_positive, compute, get_info,
                                  load_index, registry)

    matrix = load_matrix(args.file, args.transpose)
    check_confusion_stack(matrix, name=f"the matrix in {'stdin' if args.file == '-' else args.file}")
    positive = check_positive(args.positive, matrix.shape[-1], "--positive")
    from imbeval.utils.plugins import add_command_line_dirs

    add_command_line_dirs()
    user = [load_index(spec, "--index") for spec in args.index or []]
    for info in user:
        if not info.applies_to(matrix.shape[-1]):
            raise ValueError(f"--index {info.name} is two-class only; the matrix has "
                             f"C = {matrix.shape[-1]} classes")
    names = None
    if args.only:
        names = list(args.only)
        names += [info.name for info in user if info.name not in names]
    try:
        zero_division = float(args.zero_division)
    except ValueError:
        raise ValueError(f"--zero-division must be a number or nan, got {args.zero_division!r}") from None
    values = compute(matrix, names=names, zero_division=zero_division, positive=positive)
    if args.format == "json":
        print(json.dumps(_json_ready(values, matrix.ndim == 3), indent=2))
    else:
        # --only may name catalogue indices (imbeval.indices.catalogue) and scikit-learn's
        # or imbalanced-learn's names (imbeval.indices.LIBRARY_NAMES)
        known = registry(catalogue=True)
        print(_table(values, {name: known.get(name) or get_info(name) for name in values},
                     matrix.ndim == 3))
    return 0


def _json_value(x):
    x = float(x)
    return None if math.isnan(x) else x


def _json_ready(values, is_stack):
    if not is_stack:
        return {name: _json_value(v) for name, v in values.items()}
    n = len(next(iter(values.values()))) if values else 0
    return [{name: _json_value(v[i]) for name, v in values.items()} for i in range(n)]


def _table(values, info, is_stack):
    def fmt(x):
        return "nan" if math.isnan(x) else f"{x:.6f}"

    if is_stack:
        n = len(next(iter(values.values())))
        header = ["index"] + [f"M{i + 1}" for i in range(n)] + ["paper"]
        rows = [[name] + [fmt(float(x)) for x in v] + [info[name].paper] for name, v in values.items()]
    else:
        header = ["index", "value", "paper", "description"]
        rows = [
            [name, fmt(float(v)), info[name].paper, info[name].description]
            for name, v in values.items()
        ]
    widths = [max(len(str(r[i])) for r in [header] + rows) for i in range(len(header))]
    lines = ["  ".join(str(c).ljust(w) for c, w in zip(header, widths)).rstrip()]
    lines.append("  ".join("-" * w for w in widths))
    lines += ["  ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
    return "\n".join(lines)
