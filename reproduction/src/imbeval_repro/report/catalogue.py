"""The report's catalogue page: ``catalogue.csv`` as a sortable table, with its heat-map.

One self-contained HTML page (the figure inlined as a PNG, a few lines of inline JavaScript
that sort the table by a clicked column; no external assets). Written by ``imbeval report
pages`` beside the overview, which links to it.
"""

from __future__ import annotations

import base64
import html
from pathlib import Path

from imbeval.utils.html import SORTABLE_CSS, SORTABLE_JS

__all__ = ["CATALOGUE_CSV", "CATALOGUE_FIGURE", "render_catalogue_page"]

#: Where the theory stage writes the table and the heat-map, relative to the results folder.
CATALOGUE_CSV = "theory/catalogue.csv"
CATALOGUE_FIGURE = "theory/catalogue_conditions.png"

#: The columns shown, in order (the whole table is the CSV).
SHOWN = ("index", "source", "source_name", "twin", "greater_is_better", "scope", "condition1",
         "condition2", "condition3", "ortigosa_adequate", "c1_max_deviation", "c3_margin")

def _table(frame):
    columns = [c for c in SHOWN if c in frame.columns]
    out = ['<table class="sortable"><thead><tr>']
    out += [f"<th>{html.escape(c)}</th>" for c in columns]
    out.append("</tr></thead><tbody>")
    for _, row in frame.iterrows():
        out.append("<tr>")
        for c in columns:
            value = str(row[c])
            klass = f' class="{value}"' if value in ("true", "false") and c != "greater_is_better" else ""
            title = ""
            if c == "source_name":
                klass = ' class="name"'
                if str(row.get("also", "")):
                    title = f' title="also: {html.escape(str(row["also"]))}"'
            out.append(f"<td{klass}{title}>{html.escape(value)}</td>")
        out.append("</tr>")
    out.append("</tbody></table>")
    return "".join(out)


def _summary(frame):
    from imbeval_repro.library_results.catalogue import common_passing

    multi = frame[frame["scope"] == "multi-class"]
    passing = common_passing(multi)
    counts = {c: int((multi[c] == "true").sum()) for c in ("condition1", "condition2", "condition3")}
    from imbeval.indices.catalogue import SOURCES

    sources = ", ".join(f"{s}: {int((frame['source'] == s).sum())}" for s in SOURCES)
    twins = int((frame["twin"] != "").sum())
    return (f"<p>{len(frame)} indices ({sources}); {twins} are twins of another index (the "
            "same function, so the same values and verdicts). Of the "
            f"{len(multi)} multi-class indices, {counts['condition1']} meet Condition 1 "
            f"(invariance to the test set's imbalance), {counts['condition2']} Condition 2 "
            f"(bounds independent of C), {counts['condition3']} Condition 3 (no collapse when "
            f"one class fails); <b>all three: {', '.join(passing) or 'none'}</b>.</p>")


def render_catalogue_page(results_dir) -> str:
    """The catalogue page's HTML, from ``results_dir``/theory/catalogue.csv and its heat-map.

    Parameters
    ----------
    results_dir : str or Path
        The run's results folder.

    Returns
    -------
    str
        A complete HTML document; it says so when the table has not been produced.

    Examples
    --------
    >>> page = render_catalogue_page("/nonexistent")
    >>> "not produced" in page and page.startswith("<!DOCTYPE html>")
    True
    """
    results_dir = Path(results_dir)
    csv_path, png = results_dir / CATALOGUE_CSV, results_dir / CATALOGUE_FIGURE
    body = ["<h1>Which common indices survive imbalance and the number of classes?</h1>",
            '<p class="sub">The confusion-matrix indices of PyCM, scikit-learn and '
            "imbalanced-learn (and Gösgens et al.'s SBA, GM1 and correlation distance), audited numerically against mullick2020's Conditions 1–3 and "
            "ortigosa2016's influence analysis (<code>imbeval theory catalogue</code>; columns "
            "as in <code>results/theory/catalogue.csv</code>). Click a column header to "
            "sort.</p>"]
    if not csv_path.is_file():
        body.append("<p>The catalogue table was not produced by this configuration "
                    f"(<code>{html.escape(str(CATALOGUE_CSV))}</code>).</p>")
    else:
        from imbeval_repro.library_results.catalogue import read_catalogue

        frame = read_catalogue(csv_path)
        body.append(_summary(frame))
        figure = "<p>The heat-map was not produced.</p>"
        if png.is_file():
            data = base64.b64encode(png.read_bytes()).decode("ascii")
            figure = (f'<img alt="catalogue heat-map" style="width:420px" '
                      f'src="data:image/png;base64,{data}">')
        body.append(f'<div class="fig">{figure}</div>' + _table(frame)
                    + "<p class=\"sub\">Hover a library name for the same quantity's other "
                    "names; the whole table, with every evidence column, is the CSV.</p>")
    return ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            f"<title>imbeval: the catalogue of indices</title><style>{SORTABLE_CSS}</style></head>"
            f"<body>{''.join(body)}<script>{SORTABLE_JS}</script></body></html>")
