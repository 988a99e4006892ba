"""``imbeval experiment figures``: Figs. 3, 4a, 4b, 5 (PDF, PNG, CSV) and claims.csv of
mullick2020's experiment. Registered by :mod:`imbeval.cli.experiment`.
"""

from __future__ import annotations


def _run_figures(args) -> int:
    from imbeval.figures.mullick2020 import draw_all

    for path in draw_all(args.indices, args.problems, args.out_dir, intervals=args.intervals):
        print(path)
    return 0


def register(sub) -> None:
    """Add this item to ``imbeval experiment``'s subparsers."""
    p = sub.add_parser("figures", help="Figs. 3, 4a, 4b, 5 and the claims table")
    p.add_argument("--indices", required=True, metavar="CSV", help="indices.csv of `imbeval experiment collect`")
    p.add_argument("--problems", required=True, metavar="CSV", help="problems.csv of `imbeval experiment problems`")
    p.add_argument("--out-dir", required=True, metavar="DIR", help="folder for the figures and claims.csv")
    p.add_argument("--intervals", action="store_true",
                   help="add each value's 95%% interval (error bars, ci_low/ci_high; corrected "
                        "CV intervals, see imbeval.figures.mullick2020)")
    p.set_defaults(func=_run_figures)
