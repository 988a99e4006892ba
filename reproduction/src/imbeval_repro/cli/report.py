"""``imbeval report pages``: the report's HTML pages (see :mod:`imbeval_repro.report`); the rule
``report_pages`` of workflow/rules/report.smk calls it, and ``snakemake --report`` shows the
pages."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(subparsers):
    """Add ``report`` and its item to the top-level subparsers."""
    parser = subparsers.add_parser(
        "report", help="stage 'report': the report's HTML pages (verdicts, tables, figures)",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="item", metavar="ITEM")
    sub.required = True
    p = sub.add_parser("pages", help="an overview, the verdict table, a landing page per paper "
                                     "and a page per item, into --out-dir",
                       description="Write the report's HTML pages.")
    p.add_argument("--items", required=True, type=Path, metavar="YAML",
                   help="the catalog of items (workflow/report/items.yaml)")
    p.add_argument("--results", required=True, type=Path, metavar="DIR",
                   help="the results folder the catalog's paths are relative to")
    p.add_argument("--verdicts", required=True, type=Path, metavar="CSV",
                   help="results/verdicts.csv")
    p.add_argument("--out-dir", required=True, type=Path, metavar="DIR",
                   help="folder for the pages")
    p.add_argument("--reference", type=Path, default=None, metavar="DIR",
                   help="the shipped reference results (reference/keel): the overview's "
                        "half-split replication, the properties page's winner flips")
    p.add_argument("--run-dataset", default=None, metavar="JSON",
                   help="the config's experiment dataset section, {\"dataset\": ..., "
                        "\"features\": {...}}: the overview names it, the badges of claims "
                        "tested on a stand-in say so")
    p.set_defaults(func=run_pages)
    return parser


def run_pages(args):
    """Write every page of the catalog into ``args.out_dir``."""
    from imbeval_repro.report.pages import write_pages

    for flag, path in (("--items", args.items), ("--verdicts", args.verdicts)):
        if not path.exists():
            raise FileNotFoundError(f"{flag} {path} not found")
    dataset = None
    if args.run_dataset is not None:
        import json

        from imbeval_repro.experiment.data.labels import run_dataset

        dataset = run_dataset(json.loads(args.run_dataset))
    if args.reference is not None:
        from imbeval_repro.report import missing_reference_files

        lacking = missing_reference_files(args.reference)
        if lacking:
            print(f"warning: the shipped reference results are missing from {args.reference} "
                  f"({', '.join(lacking)}): the report shows none of them", file=sys.stderr)
    written = write_pages(args.items, args.results, args.verdicts, args.out_dir,
                          dataset=dataset, reference_dir=args.reference)
    print(f"wrote {len(written)} pages into {args.out_dir}")
    return 0
