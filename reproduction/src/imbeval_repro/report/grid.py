"""Grids of printed numbers against a re-run of our pipeline (mortaz2020's Tables 16 and
18: model x measure, each with a re-run's prediction interval), as one heat-map table.

A grid's cells are read from the verdict table's typed columns (``verdict_kind``, ``detail``,
``adjusted_p``; :class:`imbeval_repro.verdicts.Status`), never from the status text.
"""

from __future__ import annotations

import html
import math

import pandas as pd

from imbeval_repro.report._html import distinct, _fixed, _is_run
from imbeval_repro.report._kinds import KIND_CSS, kind_badge
from imbeval_repro import verdicts as cmp

__all__ = ["GRID_ORDER", "grid_cells", "grid_summary", "grid_html"]

#: the order of a grid's columns where they are these measures (mortaz2020 Tables 16, 18);
#: other columns follow in the order they first appear
GRID_ORDER = ("ACC", "MAP", "MAR", "F", "CBA", "IAM")


def grid_cells(rows: pd.DataFrame) -> pd.DataFrame:
    """The rows of an item that form a grid: run rows with an interval, one per (row,
    column) of at least 2 x 2 (mortaz2020's Tables 16 and 18: 18 models x 6 measures);
    an empty frame when they do not."""
    if rows.empty or "ci_low" not in rows.columns:
        return rows.iloc[:0]
    low = pd.to_numeric(rows["ci_low"], errors="coerce")
    high = pd.to_numeric(rows["ci_high"], errors="coerce")
    run = rows.apply(_is_run, axis=1)
    cells = rows[run & low.notna() & high.notna()
                 & ~rows["column"].astype(str).isin(["claim", "finding", ""])]
    if (cells["row"].nunique() < 2 or cells["column"].nunique() < 2
            or cells.duplicated(["item", "row", "column"]).any()):
        return rows.iloc[:0]
    return cells


def _grid_axes(cells) -> tuple[list, list]:
    labels = list(dict.fromkeys(cells["row"].astype(str)))
    seen = list(dict.fromkeys(cells["column"].astype(str)))
    columns = [c for c in GRID_ORDER if c in seen] + [c for c in seen if c not in GRID_ORDER]
    return labels, columns


def _kind_counts(rows) -> str:
    counts = rows["verdict_kind"].value_counts()
    return ", ".join(f"{counts[k]} {cmp.wording(k)}" for k in cmp.STATUSES
                     if k in counts.index)


def grid_summary(cells, row_header: str = "model") -> str:
    """One line for a grid's cells: its shape and the counts of its statuses."""
    labels, columns = _grid_axes(cells)
    items = " and ".join(dict.fromkeys(cells["item"].astype(str)))
    return (f"{items}: {len(cells)} printed numbers ({len(labels)} {row_header}s × "
            f"{len(columns)} measures) against the 95% prediction interval of a re-run of "
            f"our pipeline: {_kind_counts(cells)} (the table on the item's page)")


def _common(details) -> list[str]:
    """The parts (:func:`imbeval_repro.verdicts.detail_parts`) every detail shares, in
    the first one's order."""
    split = [cmp.detail_parts(d) for d in details]
    if not split:
        return []
    return [part for part in split[0] if all(part in other for other in split[1:])]


def grid_html(cells: pd.DataFrame, row_header: str = "model", rows=None) -> str:
    """A grid's cells as one heat-map table: rows x measures, each cell the printed value,
    ours and its interval [low, high], coloured by its status; the basis, the method, the
    adjustment and what every cell's status says stated once above; each cell's whole
    status in its tooltip. ``rows``: the item's verdict rows, whose families of decisions
    the cells belong to (default: the cells alone)."""
    if cells.empty:
        return ""
    labels, columns = _grid_axes(cells)
    bases, methods = distinct(cells["basis"]), distinct(cells.get("method", []))
    adjustments = distinct(cmp.adjustment_names(cells, within=rows))
    shared = _common(cells["detail"])
    kinds = cells["verdict_kind"]
    legend = " ".join(kind_badge(k, f"{cmp.wording(k)}: {int((kinds == k).sum())}")
                      for k in cmp.STATUSES if (kinds == k).any())
    head = [f"<p class=\"dataset\"><b>Basis:</b> {html.escape('; '.join(bases))}. "
            f"<b>Interval (every cell):</b> {html.escape('; '.join(methods) or 'not named')}. "
            + (f"<b>Adjustment:</b> {html.escape('; '.join(adjustments))}. " if adjustments
               else "<b>Adjustment:</b> none (no cell carries a p-value). ")
            + (f"<b>Every cell's status also says:</b> {html.escape('; '.join(shared))}."
               if shared else "") + "</p>",
            f'<p class="legend">Each cell: the printed value, ours, and the 95% prediction '
            f"interval of a re-run [low, high]; coloured by its status (hover a cell for its "
            f"whole status): {legend}</p>"]
    index = {(str(r["row"]), str(r["column"])): r for _, r in cells.iterrows()}
    out = ['<table class="grid"><thead><tr>', f"<th>{html.escape(row_header)}</th>",
           "".join(f"<th>{html.escape(c)}</th>" for c in columns), "</tr></thead><tbody>"]
    for label in labels:
        out.append(f"<tr><th>{html.escape(label)}</th>")
        for column in columns:
            r = index.get((label, column))
            if r is None:
                out.append('<td class="neutral">—</td>')
                continue
            kind = cmp.Status(r["verdict_kind"])
            tip = f"{label} / {column}: {r['status']}"
            p = pd.to_numeric(pd.Series([r.get("p_value")]), errors="coerce").iloc[0]
            if not math.isnan(p):
                tip += f" (p = {p:.3g}; {r.get('adjustment', '')})"
            out.append(
                f'<td class="{KIND_CSS[kind]}" data-status="{html.escape(kind.words)}" '
                f'title="{html.escape(tip)}">'
                f'<div class="p">printed {html.escape(str(r["printed"]))}</div>'
                f'<div class="o">ours {_fixed(r["regenerated"])}</div>'
                f'<div class="ci">[{_fixed(r["ci_low"])}, {_fixed(r["ci_high"])}]</div></td>')
        out.append("</tr>")
    out.append("</tbody></table>")
    return "".join(head + out)

