"""HTML helpers of the report's pages: the one style sheet, number formatting, a
DataFrame as a table, the small Markdown of ``docs/claims.md``, a page's frame and an
embedded image. Nothing here knows what a verdict is (:mod:`imbeval_repro.report.verdicts`)."""

from __future__ import annotations

import base64
import html
import math
import re
from pathlib import Path

import pandas as pd

from imbeval_repro import verdicts as cmp

__all__ = ["CSS", "frame_html", "markdown_html", "distinct", "image_html", "page_html",
           "read_results_csv"]

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
.indistinct { background: #eef7ee; color: #2c5e36; }
.outside { background: #fff4ec; color: #9a3412; border: 1px dashed #d4550f; }
.differs { background: #ffd1b3; color: #9a3412; }
.finding { background: #f1e8ff; color: #5b2a9e; }
td.good, td.bad, td.erratum, td.setting, td.inconclusive, td.indistinct, td.outside,
td.differs, td.finding { background-clip: padding-box; }
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
/* no page scrolls sideways: a wide table scrolls inside itself, long words
   wrap, the two columns of an item page may shrink */
table { display: block; max-width: 100%; overflow-x: auto; }
body, td, th { overflow-wrap: break-word; }
.cols { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); }
code { overflow-wrap: anywhere; }
.verdict { white-space: normal; max-width: 100%; }
.reason { font-size: .85em; color: #424a53; margin-top: .2em; max-width: 28em; }
table.verdicts td.status { font-size: .88em; }
ol.findings li { margin: .2em 0; max-width: 70em; }
table.findings details { font-size: .85em; max-width: 30em; text-align: left; }
td.status details div { margin: .15em 0; }
td.status .more { font-size: .8em; color: #57606a; max-height: 5.5em; overflow-y: auto;
                  margin-top: .2em; }
"""



def _fmt(value, digits=4) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    value = float(value)
    if abs(value) < 1e-12:  # rounding noise such as -1e-16 would print as "-0"
        value = 0.0
    if value != 0 and (abs(value) < 1e-3 or abs(value) >= 1e5):
        return f"{value:.3g}"
    return f"{value:.{digits}f}".rstrip("0").rstrip(".") if value != int(value) else f"{value:.0f}"


def _fixed(value, digits=3) -> str:
    """A grid number at a fixed number of decimals (so a column's numbers line up)."""
    value = pd.to_numeric(pd.Series([value]), errors="coerce").iloc[0]
    if math.isnan(value):
        return ""
    return f"{0.0 if abs(value) < 0.5 * 10.0 ** -digits else value:.{digits}f}"


def _ours(row) -> str:
    """Our number, with its 95% interval where the row has one: ``0.0169 [0.0151, 0.0188]``."""
    value = _fmt(row["regenerated"])
    low, high = row.get("ci_low"), row.get("ci_high")
    if value and _fmt(low) and _fmt(high):
        return f"{value} [{_fmt(low)}, {_fmt(high)}]"
    return value


def _is_run(row) -> bool:
    return str(row.get("basis", cmp.PRINTED_BASIS)) not in ("", "nan", cmp.PRINTED_BASIS)


def distinct(values) -> list[str]:
    """The distinct non-empty strings of ``values``, in their first order."""
    return [v for v in dict.fromkeys(str(x) for x in values) if v not in ("", "nan")]


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


def read_results_csv(path) -> pd.DataFrame:
    """A results CSV as written, its strings kept (``"NA"`` stays a name); empty cells NaN."""
    frame = pd.read_csv(path, keep_default_na=False, na_values=[""])
    return frame


def page_html(title, body) -> str:
    """A whole report page: ``body`` (HTML) under ``title``, with the report's style."""
    return (f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{html.escape(title)}</title><style>{CSS}</style></head>"
            f"<body>{body}<footer class=\"sub\">Written by <code>imbeval report pages</code> "
            "from the run's results and <code>results/verdicts.csv</code>."
            "</footer></body></html>")


def image_html(path) -> str:
    """A PNG file as an image embedded in the page."""
    data = base64.b64encode(Path(path).read_bytes()).decode("ascii")
    return f'<img alt="{html.escape(Path(path).name)}" src="data:image/png;base64,{data}">'

