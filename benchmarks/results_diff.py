"""Two runs' results trees, file by file: what changed beyond added columns.

Usage::

    python benchmarks/results_diff.py RESULTS_BEFORE RESULTS_AFTER

Every file present in either tree is compared, except what never repeats between runs
(``benchmarks/`` wall times; PDFs, which carry their creation time). A CSV is compared by
column: the columns added and removed, whether the shared columns keep their order, and each
shared column whose values differ. Any other file is compared byte for byte. Exit status 1
when a CSV has a changed column or a removed one, or another file differs; what differs is
printed either way. The run's provenance (``provenance.json``: its time and the code's hash)
and the overview that prints it differ by construction: give ``--allow`` for them.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pandas as pd

#: never the same between two runs
SKIPPED_PARTS = ("benchmarks",)
SKIPPED_SUFFIXES = (".pdf",)


def _files(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*")
            if p.is_file() and not any(part in SKIPPED_PARTS for part in p.relative_to(root).parts)
            and p.suffix not in SKIPPED_SUFFIXES}


def compare_csv(before: Path, after: Path) -> tuple[list[str], bool]:
    """``(lines, clean)``: what differs between two CSVs, and whether it is only added
    columns."""
    a = pd.read_csv(before, dtype=str, keep_default_na=False)
    b = pd.read_csv(after, dtype=str, keep_default_na=False)
    added = [c for c in b.columns if c not in a.columns]
    removed = [c for c in a.columns if c not in b.columns]
    kept = [c for c in b.columns if c in a.columns] == list(a.columns)
    lines, clean = [], not removed and kept and len(a) == len(b)
    if added or removed or not kept:
        lines.append(f"added {added}, removed {removed}, order of the others kept: {kept}")
    if len(a) != len(b):
        lines.append(f"rows {len(a)} -> {len(b)}")
        return lines, False
    for column in a.columns:
        if column not in b.columns or (a[column] == b[column]).all():
            continue
        n = int((a[column] != b[column]).sum())
        clean = False
        i = (a[column] != b[column]).idxmax()
        lines.append(f"CHANGED {column}: {n} rows, e.g. row {i}: {a.at[i, column]!r} -> "
                     f"{b.at[i, column]!r}")
    return lines, clean


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--allow", nargs="*", default=[], metavar="FILE",
                        help="files that may differ (relative to the results folder)")
    args = parser.parse_args(argv)
    ok = True
    files = sorted(_files(args.before) | _files(args.after))
    same = 0
    for name in files:
        a, b = args.before / name, args.after / name
        if not a.exists() or not b.exists():
            print(f"{name}: only in {'after' if b.exists() else 'before'}")
            ok = False
            continue
        if a.read_bytes() == b.read_bytes():
            same += 1
            continue
        if name.endswith(".csv"):
            lines, clean = compare_csv(a, b)
            ok &= clean
            print(f"{name}:" + "".join(f"\n    {line}" for line in lines))
        else:
            print(f"{name}: differs" + (" (allowed)" if name in args.allow else ""))
            ok &= name in args.allow
    print(f"{same} of {len(files)} files byte-identical")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
