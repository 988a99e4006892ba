"""``imbeval report pages``: the report's HTML pages (see :mod:`imbeval.report`)."""

from __future__ import annotations

from pathlib import Path


def register(subparsers):
    parser = subparsers.add_parser(
        "report", help="write the report's HTML pages (verdicts, tables, figures)")
    sub = parser.add_subparsers(dest="report_command", metavar="ITEM")
    sub.required = True
    p = sub.add_parser("pages", help="one landing page per paper, one page per item, the "
                                     "comparison and an overview, into --out")
    p.add_argument("--items", required=True, type=Path,
                   help="the catalog (workflow/report/items.yaml)")
    p.add_argument("--results", required=True, type=Path, help="the results folder")
    p.add_argument("--comparison", required=True, type=Path,
                   help="results/paper_comparison.csv")
    p.add_argument("--out", required=True, type=Path)
    p.set_defaults(func=_pages)


def _pages(args):
    from imbeval.report.pages import write_pages

    for flag, path in (("--items", args.items), ("--comparison", args.comparison)):
        if not path.exists():
            raise FileNotFoundError(f"{flag} {path} not found")
    written = write_pages(args.items, args.results, args.comparison, args.out)
    print(f"wrote {len(written)} pages into {args.out}")
    return 0
