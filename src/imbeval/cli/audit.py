"""``imbeval audit --out-dir DIR``: audit every registered index (or some) against Conditions 1-3.

The theory stage runs the same command as ``imbeval theory audit``. Writes ``DIR/audit.csv`` (columns ``index, condition1, condition2, condition3`` with
``true``/``false``/empty, then evidence), ``DIR/audit.md``, the per-C evidence
(``audit_bounds.csv``, ``audit_condition3.csv``) and the Fig. 6a/6b rendering
(``fig6.pdf``/``fig6.png``/``fig6.csv``). See :mod:`imbeval.audit` for the method.

``--index module:function`` audits a user's index (a function of a stack (..., C, C)) the
same way -- Conditions 1-3 with their evidence and ortigosa2016's influence analysis --
and prints the result as a table, then every verdict in words ("holds (no counterexample
in N matrices, C = 2–10)", "fails (counterexample: ...)") and each counterexample with its
matrices; ``--out-dir`` is then optional.
A function with the attribute ``greater_is_better = False`` (a loss) is audited on its
worst side: Condition 3 and the influence analysis look at its supremum.
"""

from __future__ import annotations

import sys
import time

from imbeval.cli._options import USER_INDEX, add_list_option


def register(subparsers, name="audit"):
    """Add the audit command as ``name`` to ``subparsers`` (``imbeval audit``, ``imbeval theory audit``)."""
    parser = subparsers.add_parser(
        name,
        help="decide numerically which conditions each index meets",
        description=__doc__,
    )
    parser.add_argument("--out-dir", metavar="DIR",
                        help="output directory (required unless --index is given)")
    add_list_option(parser, "--index", item="MODULE:FUNC",
                    help=f"audit a user's index, {USER_INDEX}: prints a table of verdicts "
                    "and evidence and each counterexample's matrices, and writes the files "
                    "too with --out-dir")
    add_list_option(parser, "--only", item="NAME",
                    help="index names to audit (default: every registered index)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random search (default 0)")
    parser.add_argument(
        "--classes", default="2-10", metavar="LO-HI", help="numbers of classes searched (default 2-10)"
    )
    parser.add_argument(
        "--quick", action="store_true", help="smaller search sizes (for smoke tests)"
    )
    parser.add_argument("--no-figure", action="store_true", help="skip the Fig. 6 rendering")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    parser.set_defaults(func=run)
    return parser


def parse_classes(text):
    """``"2-10"`` -> ``(2, ..., 10)``; a clear error on anything else."""
    try:
        lo, _, hi = text.partition("-")
        lo, hi = int(lo), int(hi or lo)
    except ValueError:
        raise ValueError(f"--classes must look like 2-10, got {text!r}") from None
    if lo < 2 or hi < lo:
        raise ValueError(f"--classes must be a range of integers >= 2, got {text!r}")
    return tuple(range(lo, hi + 1))


def run(args):
    """Audit the indices and write the tables (and Fig. 6) into ``args.out_dir``; with
    ``--index``, also the user's indices, printed as a table."""
    from imbeval.audit import AuditSizes, audit_registry
    from imbeval.audit.report import write_audit
    from imbeval.indices import load_index, registry

    if not args.out_dir and not args.index:
        raise ValueError("--out-dir DIR is required (or audit a user's index with --index)")
    from imbeval.utils.plugins import add_command_line_dirs

    add_command_line_dirs()
    user = [load_index(spec, "--index").name for spec in args.index or []]
    names = args.only
    if user:
        names = (names or []) + [n for n in user if n not in (names or [])]
    classes = parse_classes(args.classes)
    sizes = AuditSizes.quick() if args.quick else AuditSizes()
    start = time.perf_counter()

    def progress(name):
        if not args.quiet:
            print(f"[{time.perf_counter() - start:6.1f}s] auditing {name}", file=sys.stderr, flush=True)

    results = audit_registry(names, classes=classes, sizes=sizes, seed=args.seed, progress=progress)
    papers = {n: info.paper for n, info in registry(catalogue=True).items()}
    elapsed = time.perf_counter() - start
    if args.index:
        from imbeval.audit.report import audit_rows, text_table

        print(text_table(audit_rows(results, papers)))
        shown = counterexample_text([r for r in results if r.name in user])
        if shown:
            print()
            print(shown)
    if args.out_dir:
        rows = write_audit(results, args.out_dir, papers=papers)
        import importlib.util

        if rows and not args.no_figure and importlib.util.find_spec("matplotlib") is None:
            print("imbeval audit: the figure fig6 is not drawn: it needs matplotlib "
                  "(pip install 'imbeval-indices[plot]')", file=sys.stderr)
        elif rows and not args.no_figure:
            from pathlib import Path

            from imbeval.audit.figure import render_fig6

            render_fig6(rows, Path(args.out_dir) / "fig6", title="Conditions met by every audited index")
        print(f"audited {len(results)} indices in {elapsed:.1f} s; wrote {args.out_dir}/audit.csv")
    return 0


def _matrix_lines(matrix, indent="    "):
    """A matrix as aligned rows of numbers (6 significant digits)."""
    cells = [[f"{float(x):.6g}" for x in row] for row in matrix]
    width = max(len(c) for row in cells for c in row)
    return [indent + "  ".join(c.rjust(width) for c in row) for row in cells]


def counterexample_text(results) -> str:
    """Every counterexample of ``results`` (audit results) for the terminal: per index and
    condition its summary, its numbers and its matrices (rows = true class), under the name
    the verdicts point to (``condition<k>_counterexample``). Empty when none failed."""
    import numpy as np

    lines = []
    for result in results:
        for k, ce in sorted(result.counterexamples.items()):
            lines.append("")
            lines.append(f"{result.name}, condition{k}_counterexample: "
                         f"{ce.get('summary', '')}".rstrip(": "))
            matrices, numbers = [], []
            for key, value in ce.items():
                if key == "summary":
                    continue
                array = np.asarray(value, dtype=object)
                if array.ndim == 2:
                    matrices.append((key.replace("_", " "), value))
                else:
                    numbers.append(f"{key} = {value}")
            if k == 1 and "matrix" in ce and "row_scaling" in ce:
                scaled = np.asarray(ce["matrix"], float) * np.asarray(ce["row_scaling"],
                                                                      float)[:, None]
                matrices.append(("matrix with its rows scaled", scaled.tolist()))
            if numbers:
                lines.append("  " + "; ".join(numbers))
            for name, matrix in matrices:
                lines.append(f"  {name}:")
                lines += _matrix_lines(matrix)
    if lines:
        lines.insert(0, "Counterexamples (matrices: rows = true class, columns = predicted):")
    return "\n".join(lines)
