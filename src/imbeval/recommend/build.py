"""Write the recommender's shipped audit rows: ``python -m imbeval.recommend.build [--out FILE]``.

Every registered index of confusion matrices (the papers' and the catalogue's, aliases left
out: they share their index's function) is audited with
:func:`imbeval.recommend._evidence.label_index_rows` at seed 0 with the full audit sizes, and
every index of scores with :func:`~imbeval.recommend._evidence.score_index_rows`. The rows
go to ``evidence.csv`` beside this module (default), which :func:`imbeval.recommend.recommend`
reads so that it answers in seconds; tests/unit/test_recommend.py recomputes a sample of the
rows and checks that they agree.
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from pathlib import Path

from imbeval.recommend._evidence import FIELDS, label_index_rows, score_index_rows

__all__ = ["build_rows", "write_rows", "main"]


def build_rows(label_names=None, score_names=None, *, seed=0, progress=None):
    """The evidence rows of ``label_names`` (default every registered, non-alias index of the
    catalogue-wide registry) and ``score_names`` (default every index of scores)."""
    from imbeval.indices import registry

    reg = registry(catalogue=True)
    if label_names is None:
        label_names = [n for n, i in reg.items() if i.alias_of is None and i.paper != "user"]
    rows = []
    for name in label_names:
        info = reg[name]
        if progress:
            progress(name)
        rows += label_index_rows(info.function, name, scope=info.scope,
                                 greater_is_better=info.greater_is_better, paper=info.paper,
                                 seed=seed)
    if score_names is None or score_names:
        rows += score_index_rows(seed=seed, names=score_names)
    return rows


def write_rows(rows, path):
    """Write evidence rows as CSV (values with 6 significant digits)."""
    path = Path(path)
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS, lineterminator="\n")
        writer.writeheader()
        for row in rows:
            v = row["value"]
            writer.writerow({**row, "value": "" if v != v else f"{float(v):.6g}"})
    return path


def main(argv=None):
    """``python -m imbeval.recommend.build``: recompute the shipped evidence table."""
    parser = argparse.ArgumentParser(prog="python -m imbeval.recommend.build",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(Path(__file__).with_name("evidence.csv")))
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    start = time.perf_counter()

    def progress(name):
        print(f"[{time.perf_counter() - start:6.1f}s] {name}", file=sys.stderr, flush=True)

    rows = build_rows(seed=args.seed, progress=progress)
    write_rows(rows, args.out)
    print(f"{len(rows)} rows in {time.perf_counter() - start:.0f} s: {args.out}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
