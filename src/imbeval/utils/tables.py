"""Atomic writing of tables (CSV + Markdown) and of any file produced by a callback."""

from __future__ import annotations

import math

import pandas as pd

from imbeval.utils.io import atomic_write_text, write_csv

__all__ = ["to_markdown", "write_table"]


def _cell(value, floatfmt):
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    if isinstance(value, float):
        return format(value, floatfmt)
    return str(value).replace("|", "\\|").replace("\n", " ")


def to_markdown(frame: pd.DataFrame, floatfmt=".3f", index=True) -> str:
    """A GitHub-flavoured Markdown table (no dependency on ``tabulate``)."""
    columns = ([frame.index.name or ""] if index else []) + [str(c) for c in frame.columns]
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    for key, row in frame.iterrows():
        cells = ([_cell(key, floatfmt)] if index else []) + [_cell(v, floatfmt) for v in row]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def write_table(frame: pd.DataFrame, csv_path, md_path=None, *, title=None, notes=None,
                floatfmt=".3f", index=True):
    """Write ``frame`` as CSV (floats to :data:`imbeval.utils.io.FLOAT_DIGITS` significant digits,
    through the one CSV writer :func:`imbeval.utils.io.write_csv`) and, if asked, as a Markdown
    rendering."""
    write_csv(frame, csv_path, index=index, float_format=None)
    if md_path is not None:
        parts = [f"# {title}\n\n" if title else "", to_markdown(frame, floatfmt, index)]
        if notes:
            parts.append("\n" + "\n".join(f"- {n}" for n in notes) + "\n")
        atomic_write_text(md_path, "".join(parts))


def read_string_table(path, columns, made_by: str) -> pd.DataFrame:
    """A result table read as strings (verdicts stay ``true``/``false``/empty, counterexamples
    stay JSON), checked to have ``columns``.

    A missing file names the command that makes it (``made_by``); a missing column is named.
    """
    from pathlib import Path

    path = Path(path)
    if not path.is_file():
        raise ValueError(f"{path.stem} table {path} not found; run `{made_by}`")
    frame = pd.read_csv(path, dtype=str, keep_default_na=False)
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise ValueError(f"{path} lacks the column {missing[0]!r}")
    return frame
