"""Render the catalog of items into self-contained HTML pages (see :mod:`imbeval.report`).

Every page stands alone (Snakemake embeds each result as a data URI, so pages cannot link
to each other or to image files): CSS is inline, figures are embedded as base64 PNG, and
tables are HTML ``<table>`` elements. What a page says about results -- verdicts, numbers
-- is read from ``paper_comparison.csv`` when the page is written; the catalog only holds
what the paper says and how the item is regenerated.

Pages written (``out_dir``):

- ``overview.html`` -- every paper's items with their verdicts, on one page, and per
  family of decisions (paper and item: the rows with a p-value, Holm-adjusted together) the
  decisive count beside the count chance alone would give (:func:`decision_families`);
- ``catalogue.html`` -- the catalogue of PyCM/scikit-learn/imbalanced-learn indices and
  their verdicts (:mod:`imbeval.report.catalogue`);
- ``properties.html`` -- Gösgens et al.'s properties of every index beside Conditions 1-3,
  and the Dutch Draw baselines (:mod:`imbeval.report.properties`);
- ``comparison.html`` -- the whole printed-versus-regenerated table, per paper;
- ``claims.html`` -- the claim thresholds (:data:`imbeval.tables.claims.THRESHOLDS`, the
  table ``docs/claims.md`` writes out) and the Methods section of ``docs/claims.md``
  (:func:`imbeval.tables.claims.methods_markdown`): where each interval comes from;
- ``<paper>/<paper>_verdicts.html`` -- a paper's landing page: each figure and table with
  its verdict and the numbers behind it;
- ``<paper>/<id>.html`` -- one item: the paper's statement beside ours, the figure, the
  regenerated table(s) with printed values marked where they differ, and the comparison
  rows of the item. An item whose run rows form a grid (mortaz2020's Tables 16 and 18: model
  x measure, each with a re-run's prediction interval) shows them as one heat-map table
  (:func:`grid_html`), its basis and method stated once, each row's detail in the cell's
  tooltip and in a collapsed list.

Every run row names its interval's method (column ``method``); decisions are Holm-adjusted
within their figure or table (column ``adjustment``, :func:`imbeval.tables.comparison.adjust`).
"""

from __future__ import annotations

import base64
import html
import math
import re
from pathlib import Path

import pandas as pd

from imbeval._io import atomic_write_text
from imbeval.report.catalogue import render_catalogue_page
from imbeval.report.properties import render_properties_page
from imbeval.tables import comparison as cmp

__all__ = ["load_catalog", "page_paths", "item_verdict", "render_item", "render_landing",
           "render_overview", "render_comparison", "render_thresholds", "write_pages",
           "grid_cells", "grid_html", "decision_families", "families_html",
           "markdown_html"]

#: verdict -> (css class, order of severity: the worst row decides an item's verdict)
VERDICTS = {
    "claim does not hold": ("bad", 0),
    "MISMATCH": ("bad", 0),
    "differs from a re-run": ("differs", 1),
    "erratum": ("erratum", 2),
    "claim inconclusive": ("inconclusive", 3),
    "different setting": ("setting", 4),
    "consistent with a re-run": ("consistent", 5),
    "finding": ("finding", 6),
    "claim holds": ("good", 7),
    "matches": ("good", 8),
    "not comparable": ("neutral", 9),
    "no printed numbers": ("neutral", 10),
    "not drawn": ("neutral", 11),
    "not run in this configuration": ("neutral", 12),
}
#: status kind (comparison.STATUSES) -> the verdict it gives its item; a claim that holds
#: is a "claim holds", never a "matches"
_KIND_TO_VERDICT = {
    "match": "matches", cmp.TRUNCATED: "matches", "claim holds": "claim holds",
    "erratum": "erratum", "claim does not hold": "claim does not hold",
    "claim inconclusive": "claim inconclusive", "finding": "finding",
    "consistent with a re-run": "consistent with a re-run",
    "differs from a re-run": "differs from a re-run",
    "different setting": "different setting", "not comparable": "not comparable",
    "MISMATCH": "MISMATCH",
}
#: status kind -> css class of its cells and badges
_KIND_CLASS = {kind: VERDICTS[verdict][0] for kind, verdict in _KIND_TO_VERDICT.items()}

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
.inconclusive { background: #fff1d6; color: #8a4600; border: 1px dashed #d4a72c; }
.consistent { background: #eef7ee; color: #2c5e36; }
.differs { background: #ffd1b3; color: #9a3412; }
.finding { background: #f1e8ff; color: #5b2a9e; }
td.good, td.bad, td.erratum, td.setting, td.inconclusive, td.consistent, td.differs,
td.finding { background-clip: padding-box; }
table.grid td { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap;
                line-height: 1.25; min-width: 7.5em; }
table.grid td .p { color: #424a53; font-size: .92em; } table.grid td .o { font-weight: 600; }
table.grid td .ci { font-size: .85em; }
table.grid td.differs { outline: 2px solid #d4550f; outline-offset: -2px; }
.legend .verdict { margin-right: .3em; }
td.method { max-width: 24em; font-size: .92em; color: #424a53; }
details { margin: .4em 0 1em; } summary { cursor: pointer; color: #0969da; }
.methods p { max-width: 60em; }
.dataset { border-left: 4px solid #0969da; background: #f6f8fa; padding: .4em .8em; }
.ci { color: #57606a; white-space: nowrap; }
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
    paths = ["overview.html", "comparison.html", "claims.html", "catalogue.html",
             "properties.html"]
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


def _ours(row) -> str:
    """Our number, with its 95% interval where the row has one: ``0.0169 [0.0151, 0.0188]``."""
    value = _fmt(row["regenerated"])
    low, high = row.get("ci_low"), row.get("ci_high")
    if value and _fmt(low) and _fmt(high):
        return f"{value} [{_fmt(low)}, {_fmt(high)}]"
    return value


def _is_run(row) -> bool:
    return str(row.get("basis", cmp.PRINTED_BASIS)) not in ("", "nan", cmp.PRINTED_BASIS)


def _evidence(row) -> str:
    """One line for a comparison row: what, printed, ours (with its interval), status."""
    what = " / ".join(str(x) for x in (row["row"], row["column"]) if str(x) not in ("", "claim"))
    printed = f"printed {row['printed']}" if str(row["printed"]) not in ("", "nan") else ""
    ours = f"ours {_ours(row)}" if _ours(row) else ""
    numbers = ", ".join(x for x in (printed, ours) if x)
    return f"{row['item']}: {what}" + (f" ({numbers})" if numbers else "") + f" — {row['status']}"


def item_verdict(rows: pd.DataFrame, item: dict, results_dir=None,
                 dataset=None) -> tuple[str, str, list]:
    """``(verdict, counts text, evidence lines)`` of one item from its comparison rows.

    The worst row decides (the order of :data:`VERDICTS`: claim does not hold > differs
    from a re-run > erratum > claim inconclusive > different setting > ... > matches); the
    evidence lists every row that is not a plain match, so the numbers travel with the
    verdict, except the cells of a grid (:func:`grid_cells`), which are one line: their
    counts (the item's page shows them as a table). A claim verdict decided on a run of a
    stand-in or of the user's data (``dataset``, :class:`imbeval.data.labels.RunDataset`)
    says so: "claim does not hold on the Fashion-MNIST stand-in".
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
    grid = grid_cells(rows)
    notable = rows[~kinds.isin(["match"]) & ~rows.index.isin(grid.index)]
    deciding = rows[verdicts == worst]
    run = [str(r["basis"]) for _, r in deciding.iterrows() if _is_run(r)]
    if worst.startswith("claim") and run:
        # the stand-in wording is for claims run on the experiment's dataset only (the
        # mortaz2020 grid's claims run on UCI data): others name their basis
        ours = dataset is not None and cmp.run_basis(dataset.label) in run
        if ours and (dataset.stand_in or dataset.user):
            worst = f"{worst} {dataset.on}"
        elif not ours:
            worst = f"{worst} ({run[0]})"
    evidence = ([grid_summary(grid)] if len(grid) else []) + [
        _evidence(r) for _, r in notable.iterrows()]
    return worst, text, evidence


def _present(item, results_dir) -> bool:
    files = list(item.get("figures", [])) + list(item.get("tables", []))
    return not files or any((Path(results_dir) / f).exists() for f in files)


def _badge(verdict) -> str:
    # a verdict may carry its basis after the name ("claim holds on the ... stand-in")
    known = [v for v in VERDICTS if verdict == v or verdict.startswith(v + " ")]
    css = VERDICTS[max(known, key=len)][0] if known else "neutral"
    return f'<span class="verdict {css}">{html.escape(verdict)}</span>'


# ---------------------------------------------------------------------------------------
# grids (printed against a re-run, model x measure) and families of decisions
# ---------------------------------------------------------------------------------------

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
    counts = rows["status"].map(cmp.status_kind).value_counts()
    return ", ".join(f"{counts[k]} {k}" for k in cmp.STATUSES if k in counts.index)


def grid_summary(cells, row_header: str = "model") -> str:
    """One line for a grid's cells: its shape and the counts of its statuses."""
    labels, columns = _grid_axes(cells)
    items = " and ".join(dict.fromkeys(cells["item"].astype(str)))
    return (f"{items}: {len(cells)} printed numbers ({len(labels)} {row_header}s × "
            f"{len(columns)} measures) against the 95% prediction interval of a re-run of "
            f"our pipeline: {_kind_counts(cells)} (the table on the item's page)")


def _status_body(status) -> str:
    kind = cmp.status_kind(status)
    return str(status)[len(kind):].lstrip(": ").strip()


def _common(values) -> list[str]:
    """The ``; ``-separated parts every value shares, in the first value's order."""
    split = [[part.strip() for part in str(v).split("; ") if part.strip()] for v in values]
    if not split:
        return []
    return [part for part in split[0] if all(part in other for other in split[1:])]


def _adjustment_name(text) -> str:
    """``Holm over p Fig. 1, 4 decisions`` of ``... (adjusted p = 0.01)``."""
    return re.sub(r"\s*\(adjusted p = [^)]*\)\s*$", "", str(text)).strip()


def _distinct(values) -> list[str]:
    return [v for v in dict.fromkeys(str(x) for x in values) if v not in ("", "nan")]


def _fixed(value, digits=3) -> str:
    """A grid number at a fixed number of decimals (so a column's numbers line up)."""
    value = pd.to_numeric(pd.Series([value]), errors="coerce").iloc[0]
    if math.isnan(value):
        return ""
    return f"{0.0 if abs(value) < 0.5 * 10.0 ** -digits else value:.{digits}f}"


def grid_html(cells: pd.DataFrame, row_header: str = "model") -> str:
    """A grid's cells as one heat-map table: rows x measures, each cell the printed value,
    ours and its interval [low, high], coloured by its status; the basis, the method, the
    adjustment and what every cell's status says stated once above; each cell's whole
    status in its tooltip."""
    if cells.empty:
        return ""
    labels, columns = _grid_axes(cells)
    bases, methods = _distinct(cells["basis"]), _distinct(cells.get("method", []))
    adjustments = _distinct(_adjustment_name(a) for a in cells.get("adjustment", []))
    shared = _common(_status_body(s) for s in cells["status"])
    kinds = cells["status"].map(cmp.status_kind)
    legend = " ".join(
        f'<span class="verdict {_KIND_CLASS[k]}">{html.escape(k)}: {int((kinds == k).sum())}'
        "</span>" for k in cmp.STATUSES if (kinds == k).any())
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
            kind = cmp.status_kind(r["status"])
            tip = f"{label} / {column}: {r['status']}"
            p = pd.to_numeric(pd.Series([r.get("p_value")]), errors="coerce").iloc[0]
            if not math.isnan(p):
                tip += f" (p = {p:.3g}; {r.get('adjustment', '')})"
            out.append(
                f'<td class="{_KIND_CLASS[kind]}" data-status="{html.escape(kind)}" '
                f'title="{html.escape(tip)}">'
                f'<div class="p">printed {html.escape(str(r["printed"]))}</div>'
                f'<div class="o">ours {_fixed(r["regenerated"])}</div>'
                f'<div class="ci">[{_fixed(r["ci_low"])}, {_fixed(r["ci_high"])}]</div></td>')
        out.append("</tr>")
    out.append("</tbody></table>")
    return "".join(head + out)


def decision_families(comparison: pd.DataFrame, alpha: float = cmp.ALPHA) -> pd.DataFrame:
    """Per family of decisions (paper, item: the rows with a p-value, adjusted together by
    :func:`imbeval.tables.comparison.adjust`): ``decisions``, ``decisive`` (rows whose
    status is in :data:`imbeval.tables.comparison.DECISIVE`), ``chance`` (``alpha`` x
    decisions: how many a family of true nulls would make decisive at ``alpha`` without
    adjustment), ``kinds`` (the decisive count by status) and ``adjustment`` (its name).

    Examples
    --------
    >>> t = cmp.adjust(cmp.frame([cmp.claim("p", "Fig. 1", c, 0.1, True, p_value=v)
    ...                           for c, v in (("a", 0.001), ("b", 0.3))]))
    >>> decision_families(t)[["item", "decisions", "decisive", "chance"]].values.tolist()
    [['Fig. 1', 2, 1, 0.1]]
    """
    columns = ["paper", "item", "decisions", "decisive", "chance", "kinds", "adjustment"]
    if comparison.empty or "p_value" not in comparison.columns:
        return pd.DataFrame(columns=columns)
    p = pd.to_numeric(comparison["p_value"], errors="coerce")
    out = []
    for (paper, item), part in comparison[p.notna()].groupby(["paper", "item"], sort=False):
        kinds = part["status"].map(cmp.status_kind)
        decisive = kinds[kinds.isin(cmp.DECISIVE)]
        counts = decisive.value_counts()
        out.append({"paper": paper, "item": item, "decisions": len(part),
                    "decisive": len(decisive), "chance": round(alpha * len(part), 10),
                    "kinds": ", ".join(f"{counts[k]} {k}" for k in cmp.DECISIVE
                                       if k in counts.index),
                    "adjustment": "; ".join(_distinct(_adjustment_name(a)
                                                      for a in part["adjustment"]))
                    or "none named"})
    return pd.DataFrame(out, columns=columns)


def families_html(comparison: pd.DataFrame) -> str:
    """The families of decisions as a table (:func:`decision_families`), with a total."""
    families = decision_families(comparison)
    if families.empty:
        return ("<p>No row of this comparison carries a p-value, so no decision was made "
                "(nothing to adjust, nothing to count against chance).</p>")
    alpha = f"{cmp.ALPHA:g}"
    out = [f"<p>A <i>decision</i> is a row with a p-value (a claim, or a printed number "
           "against a re-run); the decisions of one figure or table are one family, "
           "Holm-adjusted together, and a row stays decisive (<i>"
           + ", ".join(html.escape(k) for k in cmp.DECISIVE)
           + f"</i>) only if its adjusted p-value is at most {alpha}. Beside each decisive "
           f"count: the count chance alone would give at the {alpha} level without "
           f"adjustment ({alpha} × decisions); with Holm's adjustment the chance of even one "
           f"false decision in a family is at most {alpha}.</p>",
           "<table class=\"families\"><thead><tr><th>paper</th><th>figure / table</th>"
           "<th>decisions</th><th>decisive</th>"
           f"<th>expected by chance ({alpha} × decisions)</th><th>adjustment</th>"
           "</tr></thead><tbody>"]
    for _, f in families.iterrows():
        kinds = f" ({html.escape(f['kinds'])})" if f["kinds"] else ""
        out.append(f"<tr><td>{html.escape(str(f['paper']))}</td>"
                   f"<td>{html.escape(str(f['item']))}</td>"
                   f'<td class="num">{f["decisions"]}</td>'
                   f'<td class="num">{f["decisive"]}{kinds}</td>'
                   f'<td class="num">{_fmt(f["chance"], 2) or "0"}</td>'
                   f"<td>{html.escape(str(f['adjustment']))}</td></tr>")
    out.append(f"<tr><th colspan=\"2\">all {len(families)} families</th>"
               f'<td class="num"><b>{int(families["decisions"].sum())}</b></td>'
               f'<td class="num"><b>{int(families["decisive"].sum())}</b></td>'
               f'<td class="num"><b>{_fmt(float(families["chance"].sum()), 2) or "0"}</b></td>'
               "<td></td></tr></tbody></table>")
    return "".join(out)


def markdown_html(text: str) -> str:
    """The small Markdown of ``docs/claims.md``'s Methods section as HTML: ``#`` headings,
    paragraphs, ``**bold**``, ``*italic*`` and ```code```.

    >>> markdown_html("## Methods\\n\\n**Where.** In `inference`, *here* (a < b).")
    '<h2>Methods</h2><p><b>Where.</b> In <code>inference</code>, <i>here</i> (a &lt; b).</p>'
    """
    out = []
    for block in re.split(r"\n\s*\n", text.strip()):
        block = " ".join(line.strip() for line in block.splitlines())
        heading = re.match(r"^(#{1,6})\s+(.*)$", block)
        body = html.escape(heading.group(2) if heading else block, quote=False)
        body = re.sub(r"`([^`]+)`", r"<code>\1</code>", body)
        body = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", body)
        body = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<i>\1</i>", body)
        if heading:
            level = len(heading.group(1))
            out.append(f"<h{level}>{body}</h{level}>")
        elif body:
            out.append(f"<p>{body}</p>")
    return "".join(out)


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


def audit_view(frame: pd.DataFrame, table: str) -> tuple[pd.DataFrame, str]:
    """The audit table as the report shows it: each verdict in words ("holds (no
    counterexample in N matrices, C = 2–10)", "fails (counterexample: …)", "holds
    (mullick2020, Theorem 5)") in place of the bare true/false columns, and the
    counterexample matrices (JSON) left to the CSV, which a note names.

    Parameters
    ----------
    frame : DataFrame
        ``audit.csv`` indexed by index name.
    table : str
        The table's path under ``results/`` (for the note).

    Returns
    -------
    (DataFrame, str)
        The columns to show, and the note's HTML.

    Examples
    --------
    >>> f = pd.DataFrame({"index": ["acsa"], "condition1": [True],
    ...                   "condition1_verdict": ["holds (mullick2020, Theorem 3)"],
    ...                   "condition1_counterexample": [""]}).set_index("index")
    >>> list(audit_view(f, "audit/audit.csv")[0].columns)
    ['condition1_verdict']
    """
    if not isinstance(frame, pd.DataFrame):
        raise ValueError(f"frame must be a DataFrame, got {type(frame).__name__}")
    worded = [k for k in (1, 2, 3) if f"condition{k}_verdict" in frame.columns]
    drop = [f"condition{k}" for k in worded] + [
        c for c in frame.columns if str(c).endswith("_counterexample")]
    note = ("<p>A search's “holds” means no counterexample was found among the matrices it "
            "names; each failure's counterexample matrix is kept (JSON) in "
            f"<code>results/{html.escape(table)}</code>.</p>")
    return frame.drop(columns=drop), note


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
    """Comparison rows as a table, each status coloured by its kind, with the basis, the
    interval's method (a method that repeats the row above's says so, the text in its
    tooltip), the p-value of a decision and its family's adjustment."""
    out = ["<table><thead><tr><th>item</th><th>row</th><th>column</th><th>printed</th>"
           "<th>ours [95% interval]</th><th>difference</th><th>status</th><th>basis</th>"
           "<th>method</th><th>p</th><th>adjustment</th></tr></thead><tbody>"]
    previous = None
    for _, r in rows.iterrows():
        method = str(r.get("method", ""))
        method = "" if method == "nan" else method
        if method and method == previous:
            method_cell = (f'<td class="method" title="{html.escape(method)}">'
                           "<i>as above</i></td>")
        else:
            method_cell = f'<td class="method">{html.escape(method)}</td>'
        previous = method
        p_value = pd.to_numeric(pd.Series([r.get("p_value")]), errors="coerce").iloc[0]
        adjustment = str(r.get("adjustment", ""))
        css = _KIND_CLASS[cmp.status_kind(r["status"])]
        ours = html.escape(_fmt(r["regenerated"]))
        if _ours(r) != _fmt(r["regenerated"]):
            ours += f' <span class="ci">[{_fmt(r["ci_low"])}, {_fmt(r["ci_high"])}]</span>'
        out.append(
            "<tr>" + "".join(f"<td>{html.escape(str(r[c]))}</td>" for c in ("item", "row", "column"))
            + f'<td class="num">{html.escape(str(r["printed"]))}</td>'
            + f'<td class="num">{ours}</td>'
            + f'<td class="num">{_fmt(r["difference"])}</td>'
            + f'<td class="status {css}">{html.escape(str(r["status"]))}</td>'
            + f'<td>{html.escape(str(r.get("basis", "")))}</td>' + method_cell
            + f'<td class="num">{"" if math.isnan(p_value) else f"{p_value:.3g}"}</td>'
            + f'<td>{"" if adjustment == "nan" else html.escape(adjustment)}</td></tr>')
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


def _basis_note(rows, dataset) -> str:
    """What an item's numbers rest on, when some come from the run."""
    run = sorted({str(b) for b in rows.get("basis", pd.Series(dtype=str))
                  if str(b) not in ("", "nan", cmp.PRINTED_BASIS)})
    if not run:
        return ""
    text = "; ".join(run)
    # the stand-in wording belongs to the experiment's dataset only: the mortaz2020 grid
    # runs on UCI data
    on_experiment = dataset is not None and cmp.run_basis(dataset.label) in run
    if on_experiment and (dataset.stand_in or dataset.user):
        text += (f". The paper's claims are tested here {dataset.on}, not on the paper's "
                 "data: a claim that does not hold says so of this dataset, not of the paper")
    claims_here = rows["status"].map(cmp.status_kind).str.startswith("claim").any()
    adjustments = _distinct(_adjustment_name(a) for a in rows.get("adjustment", []))
    adjusted = (f" Here: {html.escape('; '.join(adjustments))}." if adjustments else "")
    return (f'<p class="dataset">Numbers from the run: {html.escape(text)}. '
            "Run numbers carry their 95% interval [low, high]; each run row names how its "
            "interval was made (column <i>method</i>; the methods are described on the "
            "<i>claim thresholds</i> page, <code>docs/claims.md</code>, Methods), and "
            "decisions (rows with a p-value) are Holm-adjusted within their figure or table "
            f"(column <i>adjustment</i>).{adjusted}"
            + (" Each claim's threshold and its reason are on the <i>claim thresholds</i> "
               "page." if claims_here else "")
            + "</p>")


def render_item(paper, spec, item, comparison, results_dir, dataset=None) -> str:
    """One item's page: paper beside ours, figure, tables, comparison rows (``dataset``:
    the run's :class:`imbeval.data.labels.RunDataset`, named where numbers rest on it)."""
    results_dir = Path(results_dir)
    rows = _rows_of(comparison, paper, item)
    verdict, counts, evidence = item_verdict(rows, item, results_dir, dataset)
    body = [f"<h1>{html.escape(paper)} {html.escape(item['label'])}: "
            f"{html.escape(item['name'])}</h1>",
            f'<p class="sub">{html.escape(spec["title"])}</p>',
            f"<p>Verdict: {_badge(verdict)}"
            + (f" &nbsp;({html.escape(counts)})" if counts else "") + "</p>",
            _basis_note(rows, dataset)]
    ours = "".join(f"<li>{html.escape(e)}</li>" for e in evidence)
    if not ours and counts:
        ours = "<li>every compared number agrees at print precision</li>"
    body.append('<div class="cols"><div class="box"><h3>What the paper shows or says</h3>'
                f"<p>{html.escape(item.get('paper', ''))}</p></div>"
                '<div class="box"><h3>What we got</h3>'
                f"<p>{html.escape(item.get('here', item.get('omitted', '')))}</p>"
                + (f"<ul>{ours}</ul>" if ours else "") + "</div></div>")
    if not decision_families(rows).empty:
        body.append("<h3>Decisions</h3>" + families_html(rows))
    grid = grid_cells(rows)
    if len(grid):
        body.append("<h3>Printed against a re-run of our pipeline</h3>" + grid_html(grid))
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
        if path.name == "audit.csv":
            frame, note = audit_view(frame, table)
            body.append(note)
        limit = item.get("max_rows")
        if limit and len(frame) > limit:
            body.append(f"<p>The first {limit} of {len(frame)} rows; the whole table is "
                        f"<code>results/{html.escape(table)}</code>.</p>")
            frame = frame.iloc[:limit]
        body.append(frame_html(frame, _marks_for(frame, rows)))
    if not rows.empty:
        rest = rows[~rows.index.isin(grid.index)]
        body.append(f"<h3>Comparison rows ({len(rows)})</h3>")
        if len(rest):
            body.append(comparison_html(rest))
        if len(grid):
            body.append(f"<details><summary>The {len(grid)} rows of the table above, one by "
                        "one (status, method, adjustment)</summary>"
                        f"{comparison_html(grid)}</details>")
    return _page(f"{paper} {item['label']}", "".join(body))


def _verdict_table(paper, spec, comparison, results_dir, dataset=None) -> str:
    out = ["<table><thead><tr><th>item</th><th>what it shows</th><th>verdict</th>"
           "<th>numbers</th></tr></thead><tbody>"]
    for item in spec["items"]:
        rows = _rows_of(comparison, paper, item)
        verdict, counts, evidence = item_verdict(rows, item, results_dir, dataset)
        shown = evidence[:4] + ([f"… and {len(evidence) - 4} more on the item's page"]
                                if len(evidence) > 4 else [])
        detail = html.escape(counts) + ("".join(f"<br>{html.escape(e)}" for e in shown))
        out.append(f"<tr><td><b>{html.escape(item['label'])}</b></td>"
                   f"<td>{html.escape(item['name'])}</td><td>{_badge(verdict)}</td>"
                   f'<td class="status">{detail}</td></tr>')
    out.append("</tbody></table>")
    return "".join(out)


#: the verdicts a legend shows, best first
_LEGEND = ("matches", "claim holds", "finding", "consistent with a re-run", "different setting",
           "claim inconclusive", "erratum", "differs from a re-run", "claim does not hold")


def render_landing(paper, spec, comparison, results_dir, dataset=None) -> str:
    """A paper's landing page: each figure and table with its verdict and numbers."""
    body = [f"<h1>{html.escape(paper)}: every figure and table, and what we got</h1>",
            f'<p class="sub">{html.escape(spec["title"])}</p>',
            "<p>Each item has its own page in this category of the report (the paper's "
            "statement beside ours, the figure, the tables). Verdicts: "
            + " ".join(_badge(v) for v in _LEGEND)
            + " — the worst compared number or claim of the item decides.</p>",
            _basis_note(comparison[comparison["paper"] == paper], dataset),
            _verdict_table(paper, spec, comparison, results_dir, dataset)]
    from imbeval.report.keel import side_by_side_html  # the KEEL run's hook (issue 32)

    body.append(side_by_side_html(comparison[comparison["paper"] == paper]))
    return _page(f"{paper}: verdicts", "".join(body))


def provenance_html(results_dir) -> str:
    """What made the run (``results/provenance.json``, :mod:`imbeval._provenance`): the
    commit, the dataset, the seed, the key package versions and the record's hash, or a
    note that the run wrote none."""
    import json

    path = Path(results_dir) / "provenance.json" if results_dir is not None else None
    if path is None or not path.is_file():
        return "<h2>Provenance</h2><p>No <code>provenance.json</code> in the results.</p>"
    from imbeval._provenance import KEY_PACKAGES

    record = json.loads(path.read_text(encoding="utf-8"))
    code = record.get("imbeval", {})
    commit = code.get("commit") or "not a git checkout"
    if code.get("dirty"):
        commit += " (with uncommitted changes)"
    packages = record.get("packages", {})
    rows = [("imbeval", f"{code.get('version')}, commit {commit}"),
            ("dataset", record.get("dataset")), ("seed", record.get("seed")),
            ("config sha256", record.get("config_sha256")),
            ("Python", record.get("python", {}).get("version"))]
    rows += [(name, packages[name]) for name in KEY_PACKAGES if name in packages]
    host = record.get("machine", {})
    rows += [("machine", f"{host.get('cores')} cores, {host.get('cpu')}"),
             ("written", record.get("date")), ("record sha256", record.get("record_sha256"))]
    cells = "".join(f"<tr><th>{html.escape(str(k))}</th><td>{html.escape(str(v))}</td></tr>"
                    for k, v in rows)
    return ("<h2>Provenance</h2><p>From <code>results/provenance.json</code>: every package's "
            f"version ({len(packages)}), the config, the input data's and every result "
            "table's sha256 (<code>paper_comparison.csv</code> among them) are there.</p>"
            f"<table>{cells}</table>")


def _dataset_banner(dataset) -> str:
    if dataset is None:
        return ('<p class="dataset">The run\'s dataset was not given to the report: run '
                "numbers name what they rest on in their <i>basis</i>.</p>")
    text = f"<b>This run's dataset: {html.escape(dataset.label)}.</b> "
    if dataset.stand_in:
        text += ("mullick2020's experiment used ImageNet; its claims are tested here "
                 f"{html.escape(dataset.on)}, so a claim that does not hold says so of this "
                 "dataset, not of the paper. ")
    elif dataset.user:
        text += f"The papers' claims are tested {html.escape(dataset.on)}. "
    return (f'<p class="dataset">{text}Numbers recomputed from the papers\' printed matrices '
            "and values are exact; numbers regenerated from the run carry a 95% interval, "
            "and each run row names how it was made (column <i>method</i>: e.g. a corrected "
            "CV t interval, a t interval over clusters of problems, or for mortaz2020's grid "
            "the prediction interval of a re-run; the <i>claim thresholds</i> page's Methods "
            "section describes them). Decisions (rows with a p-value) are Holm-adjusted "
            "within their figure or table; the table of decisions below counts them.</p>")


def _counts_by_basis(comparison) -> str:
    if not len(comparison):
        return "<p>No comparison rows.</p>"
    run = comparison["basis"].map(lambda b: str(b) not in ("", "nan", cmp.PRINTED_BASIS))
    out = []
    for title, part in (("From the papers' printed numbers (exact arithmetic)", comparison[~run]),
                        ("From the run (empirical, with 95% intervals)", comparison[run])):
        out.append(f"<h3>{html.escape(title)}: {len(part)} rows</h3>")
        out.append(frame_html(cmp.summary(part)) if len(part) else "<p>None.</p>")
    return "".join(out)


def render_overview(catalog, comparison, results_dir, dataset=None) -> str:
    """Every paper's verdict table on one page, with the counts of the comparison: the
    run's dataset at the top, rows from printed numbers and from the run counted apart."""
    body = ["<h1>What the papers say, and what we got</h1>", _dataset_banner(dataset),
            "<p>One section per paper: each figure and table with its verdict and the "
            "numbers behind it. The full printed-versus-regenerated table is the "
            "<i>comparison</i> page; each item has its own page under its paper's "
            "category; what each claim's words require (\"well above\", \"drops to 0\", "
            "\"slightly higher\"...) and why is the <i>claim thresholds</i> page of this "
            "category (<code>docs/claims.md</code>).</p>",
            '<p>Beyond the papers: <a href="catalogue.html">the catalogue</a> — PyCM\'s, '
            "scikit-learn's and imbalanced-learn's indices against the same conditions — and "
            '<a href="properties.html">the properties</a> of Gösgens et al. (NeurIPS 2021) '
            "for every index beside Conditions 1–3, with the Dutch Draw baseline.</p>",
            "<h2>Decisions, family by family, against chance</h2>", families_html(comparison),
            provenance_html(results_dir),
            "<h2>Counts of compared numbers and claims</h2>", _counts_by_basis(comparison)]
    for paper, spec in catalog.items():
        body.append(f"<h2>{html.escape(paper)}</h2><p class=\"sub\">"
                    f"{html.escape(spec['title'])}</p>")
        body.append(_verdict_table(paper, spec, comparison, results_dir, dataset))
    return _page("imbeval: overview", "".join(body))


def render_thresholds() -> str:
    """The claim thresholds page: :data:`imbeval.tables.claims.THRESHOLDS` (the table
    ``docs/claims.md`` writes out), with the rule for the three outcomes, then the Methods
    section of ``docs/claims.md`` (:func:`imbeval.tables.claims.methods_markdown`)."""
    from imbeval.tables import claims

    rows = "".join(
        f"<tr><td>{html.escape(t.wording)}</td><td>{html.escape(t.claims)}</td>"
        f"<td>{html.escape(t.margin)}</td><td class=\"num\">{html.escape(t.rule_text)}</td>"
        f"<td>{html.escape(t.reason)}</td></tr>" for t in claims.THRESHOLDS.values())
    body = ["<h1>Claim thresholds and methods</h1>",
            "<p>What a paper's words require of the number that checks them (the table is "
            "<code>imbeval.tables.claims.THRESHOLDS</code>, written out as "
            "<code>docs/claims.md</code>). A claim on a run's numbers is decided on the 95% "
            "interval of its margin, made by the method its row names (column "
            "<i>method</i>; the Methods section below): "
            + _badge("claim holds") + " when the whole interval satisfies the rule, "
            + _badge("claim does not hold") + " when none of it does, "
            + _badge("claim inconclusive") + " when the interval contains the threshold. "
            "A claim on exact arithmetic is decided on its number. Each decision's p-value "
            "is Holm-adjusted within its figure or table (column <i>adjustment</i>): a "
            "claim decisive at 95% alone but not after the adjustment is inconclusive.</p>",
            "<table><thead><tr><th>words</th><th>claims</th><th>margin</th>"
            "<th>holds when the margin is</th><th>why this threshold</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>",
            f'<div class="methods">{markdown_html(claims.methods_markdown())}</div>']
    return _page("Claim thresholds and methods", "".join(body))


def render_comparison(comparison) -> str:
    """The whole ``paper_comparison.csv`` as tables: counts, then one table per paper."""
    body = ["<h1>Printed versus regenerated</h1>",
            "<p>One row per printed number or stated claim. <b>match</b>: equal at print "
            "precision; <b>within print precision (printed truncated)</b>: the printed value "
            "is ours cut off instead of rounded; <b>erratum</b>: a documented misprint, with "
            "what the paper's formula gives; <b>claim holds / does not hold / inconclusive</b>: "
            "a statement checked on our results, with the number and threshold (for a run's "
            "number, inconclusive when the 95% interval of its margin contains the "
            "threshold; the thresholds are the <i>claim thresholds</i> page); "
            "<b>finding</b>: a fact we establish about a paper's indices or numbers; "
            "<b>consistent with / differs from a re-run</b>: a printed number against the "
            "95% prediction interval of a re-run of our pipeline (another CV partition), "
            "inside or outside it (outside only after Holm's adjustment over its table); "
            "<b>different setting</b>: regenerated under other conditions, so agreement is "
            "not expected; <b>not comparable</b>: nothing to regenerate it from. "
            "<b>basis</b>: <i>printed numbers</i> (exact arithmetic on the paper's own "
            "numbers) or the run's dataset; <b>method</b>: how a run row's interval was made; "
            "<b>p</b>: a decision's p-value; <b>adjustment</b>: Holm within the row's figure "
            "or table, with the adjusted p-value.</p>",
            "<h2>Counts</h2>", frame_html(cmp.summary(comparison))]
    for paper, part in comparison.groupby("paper", sort=False):
        body.append(f"<h2>{html.escape(paper)} ({len(part)} rows)</h2>")
        body.append(comparison_html(part))
    return _page("Printed versus regenerated", "".join(body))


def write_pages(catalog_path, results_dir, comparison_csv, out_dir,
                dataset=None) -> list[Path]:
    """Write every page of :func:`page_paths` into ``out_dir``; returns their paths.
    ``dataset``: the run's :class:`imbeval.data.labels.RunDataset` (the overview names it)."""
    catalog = load_catalog(catalog_path)
    comparison = cmp.read_parts([comparison_csv])
    out_dir = Path(out_dir)
    pages = {"overview.html": render_overview(catalog, comparison, results_dir, dataset),
             "comparison.html": render_comparison(comparison),
             "claims.html": render_thresholds(),
             "catalogue.html": render_catalogue_page(results_dir),
             "properties.html": render_properties_page(results_dir)}
    for paper, spec in catalog.items():
        pages[f"{paper}/{paper}_verdicts.html"] = render_landing(paper, spec, comparison,
                                                                 results_dir, dataset)
        for item in spec["items"]:
            pages[f"{paper}/{item['id']}.html"] = render_item(paper, spec, item, comparison,
                                                              results_dir, dataset)
    written = []
    for relative, text in pages.items():
        written.append(atomic_write_text(out_dir / relative, text))
    return written
