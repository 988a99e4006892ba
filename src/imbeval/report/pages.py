"""Render the catalog of items into self-contained HTML pages (see :mod:`imbeval.report`).

Every page stands alone (Snakemake embeds each result as a data URI, so pages cannot link
to each other or to image files): CSS is inline, figures are embedded as base64 PNG, and
tables are HTML ``<table>`` elements. What a page says about results -- verdicts, numbers
-- is read from ``paper_comparison.csv`` when the page is written; the catalog only holds
what the paper says and how the item is regenerated.

Pages written (``out_dir``):

- ``overview.html`` -- every paper's items with their verdicts, on one page;
- ``catalogue.html`` -- the catalogue of PyCM/scikit-learn/imbalanced-learn indices and
  their verdicts (:mod:`imbeval.report.catalogue`);
- ``comparison.html`` -- the whole printed-versus-regenerated table, per paper;
- ``<paper>/<paper>_verdicts.html`` -- a paper's landing page: each figure and table with
  its verdict and the numbers behind it;
- ``<paper>/<id>.html`` -- one item: the paper's statement beside ours, the figure, the
  regenerated table(s) with printed values marked where they differ, and the comparison
  rows of the item.
"""

from __future__ import annotations

import base64
import html
import math
from pathlib import Path

import pandas as pd

from imbeval._io import atomic_write_text
from imbeval.report.catalogue import render_catalogue_page
from imbeval.tables import comparison as cmp

__all__ = ["load_catalog", "page_paths", "item_verdict", "render_item", "render_landing",
           "render_overview", "render_comparison", "write_pages"]

#: verdict -> (css class, order of severity: the worst row decides an item's verdict)
VERDICTS = {
    "claim does not hold": ("bad", 0),
    "MISMATCH": ("bad", 0),
    "erratum": ("erratum", 1),
    "different setting": ("setting", 2),
    "matches": ("good", 3),
    "not comparable": ("neutral", 4),
    "no printed numbers": ("neutral", 5),
    "not drawn": ("neutral", 6),
    "not run in this configuration": ("neutral", 7),
}
_KIND_TO_VERDICT = {
    "match": "matches", cmp.TRUNCATED: "matches", "claim holds": "matches",
    "erratum": "erratum", "claim does not hold": "claim does not hold",
    "different setting": "different setting", "not comparable": "not comparable",
    "MISMATCH": "MISMATCH",
}
_KIND_CLASS = {"match": "good", cmp.TRUNCATED: "good", "claim holds": "good",
               "erratum": "erratum", "claim does not hold": "bad", "MISMATCH": "bad",
               "different setting": "setting", "not comparable": "neutral"}

CSS = """
body { font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; margin: 1.2em 2em;
       color: #1f2328; line-height: 1.45; max-width: 80em; }
h1 { font-size: 1.45em; margin-bottom: .2em; } h2 { font-size: 1.2em; margin-top: 1.6em; }
h3 { font-size: 1.05em; margin: 1.2em 0 .4em; }
.sub { color: #57606a; margin-top: 0; }
table { border-collapse: collapse; margin: .6em 0 1.2em; font-size: .88em; }
th, td { border: 1px solid #d0d7de; padding: .25em .55em; vertical-align: top; }
th { background: #f6f8fa; text-align: left; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.verdict { display: inline-block; padding: .05em .55em; border-radius: .8em;
           font-weight: 600; font-size: .9em; white-space: nowrap; }
.good { background: #dafbe1; color: #116329; } .bad { background: #ffebe9; color: #a40e26; }
.erratum { background: #fff8c5; color: #7d4e00; } .setting { background: #ddf4ff; color: #0a3069; }
.neutral { background: #eaeef2; color: #424a53; }
td.good, td.bad, td.erratum, td.setting { background-clip: padding-box; }
.cols { display: grid; grid-template-columns: 1fr 1fr; gap: 1.2em; }
.box { border: 1px solid #d0d7de; border-radius: .4em; padding: .6em .9em; }
.box h3 { margin-top: 0; }
img { max-width: 100%; border: 1px solid #eaeef2; }
small.printed { color: #57606a; display: block; }
.status { max-width: 46em; }
"""


def load_catalog(path) -> dict:
    """The catalog (``workflow/report/items.yaml``), checked for the keys pages need."""
    import yaml

    catalog = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    if not isinstance(catalog, dict) or not catalog:
        raise ValueError(f"{path}: expected a mapping paper -> {{title, items}}")
    for paper, spec in catalog.items():
        for key in ("title", "items"):
            if key not in spec:
                raise ValueError(f"{path}: {paper} has no {key!r}")
        seen = set()
        for k, item in enumerate(spec["items"]):
            for key in ("id", "label", "name"):
                if key not in item:
                    raise ValueError(f"{path}: {paper}.items[{k}] has no {key!r}")
            if item["id"] in seen:
                raise ValueError(f"{path}: {paper}.items[{k}]: id {item['id']!r} repeats")
            seen.add(item["id"])
    return catalog


def page_paths(catalog) -> list[str]:
    """Every page's path relative to the output folder (what the Snakemake rule declares)."""
    paths = ["overview.html", "comparison.html", "catalogue.html"]
    for paper, spec in catalog.items():
        paths.append(f"{paper}/{paper}_verdicts.html")
        paths += [f"{paper}/{item['id']}.html" for item in spec["items"]]
    return paths


# ---------------------------------------------------------------------------------------
# verdicts
# ---------------------------------------------------------------------------------------


def _rows_of(comparison: pd.DataFrame, paper, item) -> pd.DataFrame:
    names = item.get("compare", [item["label"]])
    return comparison[(comparison["paper"] == paper) & comparison["item"].isin(names)]


def _fmt(value, digits=4) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    value = float(value)
    if abs(value) < 1e-12:  # rounding noise such as -1e-16 would print as "-0"
        value = 0.0
    if value != 0 and (abs(value) < 1e-3 or abs(value) >= 1e5):
        return f"{value:.3g}"
    return f"{value:.{digits}f}".rstrip("0").rstrip(".") if value != int(value) else f"{value:.0f}"


def _evidence(row) -> str:
    """One line for a comparison row: what, printed, ours, status."""
    what = " / ".join(str(x) for x in (row["row"], row["column"]) if str(x) not in ("", "claim"))
    printed = f"printed {row['printed']}" if str(row["printed"]) not in ("", "nan") else ""
    ours = f"ours {_fmt(row['regenerated'])}" if _fmt(row["regenerated"]) else ""
    numbers = ", ".join(x for x in (printed, ours) if x)
    return f"{row['item']}: {what}" + (f" ({numbers})" if numbers else "") + f" — {row['status']}"


def item_verdict(rows: pd.DataFrame, item: dict, results_dir=None) -> tuple[str, str, list]:
    """``(verdict, counts text, evidence lines)`` of one item from its comparison rows.

    The worst row decides (claim does not hold > erratum > different setting > matches);
    the evidence lists every row that is not a plain match, so the numbers travel with the
    verdict.
    """
    if item.get("omitted"):
        return "not drawn", "", [item["omitted"]]
    if results_dir is not None and not _present(item, results_dir):
        return "not run in this configuration", "", []
    if rows.empty:
        return "no printed numbers", "", []
    kinds = rows["status"].map(cmp.status_kind)
    verdicts = kinds.map(_KIND_TO_VERDICT)
    worst = min(verdicts, key=lambda v: VERDICTS[v][1])
    counts = kinds.value_counts()
    order = [k for k in cmp.STATUSES if k in counts.index]
    text = ", ".join(f"{counts[k]} {k}" for k in order)
    notable = rows[~kinds.isin(["match"])]
    return worst, text, [_evidence(r) for _, r in notable.iterrows()]


def _present(item, results_dir) -> bool:
    files = list(item.get("figures", [])) + list(item.get("tables", []))
    return not files or any((Path(results_dir) / f).exists() for f in files)


def _badge(verdict) -> str:
    css = VERDICTS.get(verdict, ("neutral", 9))[0]
    return f'<span class="verdict {css}">{html.escape(verdict)}</span>'


# ---------------------------------------------------------------------------------------
# tables
# ---------------------------------------------------------------------------------------


def _cell(value) -> tuple[str, bool]:
    if isinstance(value, float):
        return _fmt(value), True
    if isinstance(value, (int,)) and not isinstance(value, bool):
        return str(value), True
    return html.escape("" if value is None or (isinstance(value, float) and math.isnan(value))
                       else str(value)), False


def frame_html(frame: pd.DataFrame, marks: dict | None = None, index=True) -> str:
    """A DataFrame as an HTML table; ``marks[(row, column)] = (css class, printed, status)``
    colours a cell and shows the printed value under ours where they differ."""
    marks = marks or {}
    head = ([frame.index.name or ""] if index else []) + [str(c) for c in frame.columns]
    out = ["<table><thead><tr>", "".join(f"<th>{html.escape(h)}</th>" for h in head),
           "</tr></thead><tbody>"]
    for label, row in frame.iterrows():
        out.append("<tr>")
        if index:
            out.append(f"<th>{html.escape(str(label))}</th>")
        for column, value in row.items():
            text, numeric = _cell(value)
            mark = marks.get((str(label), str(column)))
            classes = ["num"] if numeric else []
            title = ""
            if mark:
                css, printed, status = mark
                classes.append(css)
                title = f' title="{html.escape(status)}"'
                if css != "good":
                    text += f'<small class="printed">printed {html.escape(printed)}</small>'
            cls = f' class="{" ".join(classes)}"' if classes else ""
            out.append(f"<td{cls}{title}>{text}</td>")
        out.append("</tr>")
    out.append("</tbody></table>")
    return "".join(out)


def _read_csv(path) -> pd.DataFrame:
    frame = pd.read_csv(path, keep_default_na=False, na_values=[""])
    return frame


def _marks_for(frame: pd.DataFrame, rows: pd.DataFrame) -> dict:
    """Match comparison rows to the cells of a regenerated table by (row label, column)."""
    marks = {}
    labels = {str(v) for v in frame.index}
    columns = {str(c) for c in frame.columns}
    for _, r in rows.iterrows():
        key = (str(r["row"]), str(r["column"]))
        if key[0] in labels and key[1] in columns:
            kind = cmp.status_kind(r["status"])
            marks[key] = (_KIND_CLASS[kind], str(r["printed"]), str(r["status"]))
    return marks


def comparison_html(rows: pd.DataFrame) -> str:
    """Comparison rows as a table, each status coloured by its kind."""
    out = ["<table><thead><tr><th>item</th><th>row</th><th>column</th><th>printed</th>"
           "<th>ours</th><th>difference</th><th>status</th></tr></thead><tbody>"]
    for _, r in rows.iterrows():
        css = _KIND_CLASS[cmp.status_kind(r["status"])]
        out.append(
            "<tr>" + "".join(f"<td>{html.escape(str(r[c]))}</td>" for c in ("item", "row", "column"))
            + f'<td class="num">{html.escape(str(r["printed"]))}</td>'
            + f'<td class="num">{_fmt(r["regenerated"])}</td>'
            + f'<td class="num">{_fmt(r["difference"])}</td>'
            + f'<td class="status {css}">{html.escape(str(r["status"]))}</td></tr>')
    out.append("</tbody></table>")
    return "".join(out)


# ---------------------------------------------------------------------------------------
# pages
# ---------------------------------------------------------------------------------------


def _page(title, body) -> str:
    return (f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{html.escape(title)}</title><style>{CSS}</style></head>"
            f"<body>{body}<footer class=\"sub\">Written by <code>imbeval report pages</code> "
            "from the run's results and <code>results/paper_comparison.csv</code>."
            "</footer></body></html>")


def _image(path) -> str:
    data = base64.b64encode(Path(path).read_bytes()).decode("ascii")
    return f'<img alt="{html.escape(Path(path).name)}" src="data:image/png;base64,{data}">'


def render_item(paper, spec, item, comparison, results_dir) -> str:
    """One item's page: paper beside ours, figure, tables, comparison rows."""
    results_dir = Path(results_dir)
    rows = _rows_of(comparison, paper, item)
    verdict, counts, evidence = item_verdict(rows, item, results_dir)
    body = [f"<h1>{html.escape(paper)} {html.escape(item['label'])}: "
            f"{html.escape(item['name'])}</h1>",
            f'<p class="sub">{html.escape(spec["title"])}</p>',
            f"<p>Verdict: {_badge(verdict)}"
            + (f" &nbsp;({html.escape(counts)})" if counts else "") + "</p>"]
    ours = "".join(f"<li>{html.escape(e)}</li>" for e in evidence)
    if not ours and counts:
        ours = "<li>every compared number agrees at print precision</li>"
    body.append('<div class="cols"><div class="box"><h3>What the paper shows or says</h3>'
                f"<p>{html.escape(item.get('paper', ''))}</p></div>"
                '<div class="box"><h3>What we got</h3>'
                f"<p>{html.escape(item.get('here', item.get('omitted', '')))}</p>"
                + (f"<ul>{ours}</ul>" if ours else "") + "</div></div>")
    for figure in item.get("figures", []):
        path = results_dir / figure
        body.append(f"<h3>Figure ({html.escape(figure)})</h3>")
        body.append(_image(path) if path.exists()
                    else "<p>Not produced by this configuration.</p>")
    for table in item.get("tables", []):
        path = results_dir / table
        body.append(f"<h3>Table ({html.escape(table)})</h3>")
        if not path.exists():
            body.append("<p>Not produced by this configuration.</p>")
            continue
        frame = _read_csv(path)
        frame = frame.set_index(frame.columns[0])
        limit = item.get("max_rows")
        if limit and len(frame) > limit:
            body.append(f"<p>The first {limit} of {len(frame)} rows; the whole table is "
                        f"<code>results/{html.escape(table)}</code>.</p>")
            frame = frame.iloc[:limit]
        body.append(frame_html(frame, _marks_for(frame, rows)))
    if not rows.empty:
        body.append(f"<h3>Comparison rows ({len(rows)})</h3>")
        body.append(comparison_html(rows))
    return _page(f"{paper} {item['label']}", "".join(body))


def _verdict_table(paper, spec, comparison, results_dir) -> str:
    out = ["<table><thead><tr><th>item</th><th>what it shows</th><th>verdict</th>"
           "<th>numbers</th></tr></thead><tbody>"]
    for item in spec["items"]:
        rows = _rows_of(comparison, paper, item)
        verdict, counts, evidence = item_verdict(rows, item, results_dir)
        shown = evidence[:4] + ([f"… and {len(evidence) - 4} more on the item's page"]
                                if len(evidence) > 4 else [])
        detail = html.escape(counts) + ("".join(f"<br>{html.escape(e)}" for e in shown))
        out.append(f"<tr><td><b>{html.escape(item['label'])}</b></td>"
                   f"<td>{html.escape(item['name'])}</td><td>{_badge(verdict)}</td>"
                   f'<td class="status">{detail}</td></tr>')
    out.append("</tbody></table>")
    return "".join(out)


def render_landing(paper, spec, comparison, results_dir) -> str:
    """A paper's landing page: each figure and table with its verdict and numbers."""
    body = [f"<h1>{html.escape(paper)}: every figure and table, and what we got</h1>",
            f'<p class="sub">{html.escape(spec["title"])}</p>',
            "<p>Each item has its own page in this category of the report (the paper's "
            "statement beside ours, the figure, the tables). Verdicts: "
            + " ".join(_badge(v) for v in ("matches", "erratum", "different setting",
                                           "claim does not hold"))
            + " — the worst compared number or claim of the item decides.</p>",
            _verdict_table(paper, spec, comparison, results_dir)]
    return _page(f"{paper}: verdicts", "".join(body))


def render_overview(catalog, comparison, results_dir) -> str:
    """Every paper's verdict table on one page, with the counts of the comparison."""
    counts = cmp.summary(comparison) if len(comparison) else pd.DataFrame()
    body = ["<h1>What the papers say, and what we got</h1>",
            "<p>One section per paper: each figure and table with its verdict and the "
            "numbers behind it. The full printed-versus-regenerated table is the "
            "<i>comparison</i> page; each item has its own page under its paper's "
            "category.</p>",
            '<p>Beyond the papers: <a href="catalogue.html">the catalogue</a> — PyCM\'s, '
            "scikit-learn's and imbalanced-learn's indices against the same conditions.</p>",
            "<h2>Counts of compared numbers and claims</h2>",
            frame_html(counts) if len(counts) else "<p>No comparison rows.</p>"]
    for paper, spec in catalog.items():
        body.append(f"<h2>{html.escape(paper)}</h2><p class=\"sub\">"
                    f"{html.escape(spec['title'])}</p>")
        body.append(_verdict_table(paper, spec, comparison, results_dir))
    return _page("imbeval: overview", "".join(body))


def render_comparison(comparison) -> str:
    """The whole ``paper_comparison.csv`` as tables: counts, then one table per paper."""
    body = ["<h1>Printed versus regenerated</h1>",
            "<p>One row per printed number or stated claim. <b>match</b>: equal at print "
            "precision; <b>within print precision (printed truncated)</b>: the printed value "
            "is ours cut off instead of rounded; <b>erratum</b>: a documented misprint, with "
            "what the paper's formula gives; <b>claim holds / does not hold</b>: a statement "
            "checked on our results, with the number and threshold; <b>different setting</b>: "
            "regenerated under other conditions, so agreement is not expected; <b>not "
            "comparable</b>: nothing to regenerate it from.</p>",
            "<h2>Counts</h2>", frame_html(cmp.summary(comparison))]
    for paper, part in comparison.groupby("paper", sort=False):
        body.append(f"<h2>{html.escape(paper)} ({len(part)} rows)</h2>")
        body.append(comparison_html(part))
    return _page("Printed versus regenerated", "".join(body))


def write_pages(catalog_path, results_dir, comparison_csv, out_dir) -> list[Path]:
    """Write every page of :func:`page_paths` into ``out_dir``; returns their paths."""
    catalog = load_catalog(catalog_path)
    comparison = cmp.read_parts([comparison_csv])
    out_dir = Path(out_dir)
    pages = {"overview.html": render_overview(catalog, comparison, results_dir),
             "comparison.html": render_comparison(comparison),
             "catalogue.html": render_catalogue_page(results_dir)}
    for paper, spec in catalog.items():
        pages[f"{paper}/{paper}_verdicts.html"] = render_landing(paper, spec, comparison,
                                                                 results_dir)
        for item in spec["items"]:
            pages[f"{paper}/{item['id']}.html"] = render_item(paper, spec, item, comparison,
                                                              results_dir)
    written = []
    for relative, text in pages.items():
        written.append(atomic_write_text(out_dir / relative, text))
    return written
