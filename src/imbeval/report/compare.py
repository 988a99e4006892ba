"""The report's page "Which classifier wins, by index" (issue 33).

One self-contained HTML page (figures inlined as PNG, sortable tables; the catalogue
page's style) from the folders ``imbeval compare`` writes under ``results/compare/``, one
per result set (the experiment, and any other set the workflow lists, e.g. a KEEL run):
for each, the stability table at a glance (each index's winner per RRT scheme, marked where
it differs from the reference's and whether decisively, Kendall's W), the number of indices
whose winner differs from the reference's, the omnibus tests, and the critical-difference
diagrams.
"""

from __future__ import annotations

import base64
import html
import json
from pathlib import Path

import pandas as pd

from imbeval.report.catalogue import _CSS, _JS

__all__ = ["COMPARE_DIR", "render_compare_page"]

#: where the workflow's compare rule writes, relative to the results folder
COMPARE_DIR = "compare"

_EXTRA_CSS = """
td.same{background:#f3f3f3} td.differs{background:#fff2cc} td.decisive{background:#f4cccc}
td.ref{background:#d9eaf7} details{margin:0.3em 0} .cd img{width:560px}
"""


def _read(folder, name) -> pd.DataFrame:
    return pd.read_csv(folder / f"{name}.csv", keep_default_na=False, na_values=[""],
                       dtype={"scheme": str, "index": str, "winner": str, "problems": str})


def _about(folder) -> dict:
    path = folder / "about.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


def _scheme(value) -> str:
    return "" if pd.isna(value) else str(value)


def _glance(winners: pd.DataFrame, w: pd.DataFrame, reference: str) -> str:
    indices = list(dict.fromkeys(winners["index"]))
    head = "".join(f"<th>{html.escape(i)}</th>" for i in indices)
    rows = []
    w_of = {_scheme(r["scheme"]): r for _, r in w.iterrows()}
    for scheme, part in winners.groupby(winners["scheme"].map(_scheme), sort=False):
        cells = []
        by_index = part.set_index("index")
        for i in indices:
            r = by_index.loc[i]
            decisive = str(r["decisive"])
            klass = ("ref" if i == reference else "decisive" if decisive == "True"
                     else "differs" if str(r["differs"]) == "True" else "same")
            mark = " ✱" if decisive == "True" else ""
            cells.append(f'<td class="{klass}" title="{html.escape(str(r["evidence"]))}">'
                         f"{html.escape(str(r['winner']))}{mark}</td>")
        wr = w_of.get(scheme)
        w_text = "" if wr is None or pd.isna(wr["W"]) else f"{float(wr['W']):.2f}"
        units = "" if wr is None else str(int(wr["units"]))
        rows.append(f"<tr><td>{html.escape(scheme or '(all)')}</td><td>{units}</td>"
                    f"{''.join(cells)}<td>{w_text}</td></tr>")
    return ('<table class="sortable"><thead><tr><th>scheme</th><th>units</th>'
            f"{head}<th>Kendall's W</th></tr></thead><tbody>{''.join(rows)}</tbody></table>")


def _fmt(v, digits=3) -> str:
    if isinstance(v, str):
        return v
    if pd.isna(v):
        return ""
    return f"{float(v):.{digits}g}"


def _tests_table(tests: pd.DataFrame) -> str:
    cols = ["index", "scheme", "classifiers", "units", "problems", "friedman_statistic",
            "friedman_p", "iman_davenport_p", "critical_difference", "winner", "undecidable"]
    head = "".join(f"<th>{html.escape(c)}</th>" for c in cols)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(_fmt(r[c]))}</td>" for c in cols)
                   + "</tr>" for _, r in tests.iterrows())
    return (f'<details><summary>Omnibus tests ({len(tests)} rows: '
            "<code>tests.csv</code>)</summary>"
            f'<table class="sortable"><thead><tr>{head}</tr></thead><tbody>{body}'
            "</tbody></table></details>")


def _diagrams(folder, tests: pd.DataFrame) -> str:
    from imbeval.compare import diagram_name

    out = []
    for scheme in dict.fromkeys(tests["scheme"].map(_scheme)):
        png = folder / f"{diagram_name(scheme)}.png"
        if not png.is_file():
            continue
        data = base64.b64encode(png.read_bytes()).decode("ascii")
        out.append(f"<details><summary>Critical-difference diagrams, scheme "
                   f"{html.escape(scheme or '(all)')}</summary>"
                   f'<div class="cd"><img alt="{html.escape(png.name)}" '
                   f'src="data:image/png;base64,{data}"></div></details>')
    return "".join(out)


def _section(folder: Path) -> str:
    about = _about(folder)
    winners, w, tests = _read(folder, "stability"), _read(folder, "kendall_w"), _read(folder,
                                                                                      "tests")
    reference = str(winners["reference"].iloc[0]) if len(winners) else "acsa"
    others = [i for i in dict.fromkeys(winners["index"]) if i != reference]
    differs = sorted({r["index"] for _, r in winners.iterrows() if str(r["differs"]) == "True"})
    decisive = sorted({r["index"] for _, r in winners.iterrows()
                       if str(r["decisive"]) == "True"})
    schemes = winners["scheme"].map(_scheme).nunique()
    untested = tests[tests["undecidable"].astype(object).fillna("").astype(str) != ""]
    headline = (f"<p><b>{len(differs)} of the {len(others)} indices compared with "
                f"{html.escape(reference)} have another winner under at least one of the "
                f"{schemes} RRT schemes</b>" + (f" ({html.escape(', '.join(differs))})"
                                                if differs else "")
                + f"; <b>decisively: {len(decisive)}</b>"
                + (f" ({html.escape(', '.join(decisive))})" if decisive else "") + ".")
    if len(untested):
        reasons = sorted(set(untested["undecidable"].astype(str)))
        headline += (f" No test was possible for {len(untested)} of {len(tests)} (index, "
                     f"scheme) pairs: {html.escape('; '.join(reasons))} — their winners are "
                     "descriptive (the best mean rank), not decisive.")
    headline += "</p>"
    dropped = _read(folder, "dropped")
    dropped_note = ""
    if len(dropped):
        dropped_note = (f"<p>Dropped ({len(dropped)} (index, scheme, problem) rows, "
                        f"<code>dropped.csv</code>): "
                        f"{html.escape('; '.join(sorted(set(dropped['reason'].astype(str))))[:400])}"
                        "</p>")
    title = about.get("label") or folder.name
    units = about.get("units", "")
    return "".join([
        f"<h2>{html.escape(title)}</h2>",
        f'<p class="sub">Table <code>{html.escape(str(about.get("table", "")))}</code>; '
        f"independent units: {html.escape(units)}; files: <code>results/{COMPARE_DIR}/"
        f"{html.escape(folder.name)}/</code>.</p>" if about else "",
        headline,
        "<p>Winner (best mean rank over the units) of each index under each scheme. "
        "Blue: the reference; grey: the same winner; yellow: another winner, not decisively; "
        "red ✱: another winner, decisively (under this index, its winner beats the reference's "
        "winner by the Holm-adjusted Wilcoxon test). Hover a cell for the evidence, with the "
        "Bayesian test's P(better) and P(practically equivalent): a consistent but small lead "
        "can be decisive for the Wilcoxon test and practically equivalent. Kendall's W: "
        "how alike the indices rank the classifiers (1 = identically).</p>",
        _glance(winners, w, reference), dropped_note, _tests_table(tests),
        _diagrams(folder, tests)])


def render_compare_page(results_dir) -> str:
    """The page's HTML from ``results_dir/compare/<set>/``.

    Examples
    --------
    >>> page = render_compare_page("/nonexistent")
    >>> "not produced" in page and page.startswith("<!DOCTYPE html>")
    True
    """
    root = Path(results_dir) / COMPARE_DIR
    sets = sorted(p for p in root.glob("*") if (p / "stability.csv").is_file()) \
        if root.is_dir() else []
    body = ["<h1>Which classifier wins, by index</h1>",
            '<p class="sub">If a paper reports MCC instead of ACSA, or F1 instead of GMean, '
            "does another classifier win? Per index and RRT scheme, the classifiers are ranked "
            "over independent units (a unit's value: the mean over folds and runs, problems of "
            "one unit averaged); Friedman's test, Iman-Davenport's F and Nemenyi's critical "
            "difference (Demšar, JMLR 2006); every pair by the Wilcoxon signed-rank test with "
            "Holm's adjustment (Benavoli, Corani &amp; Mangili, JMLR 2016) and by the Bayesian "
            "signed-rank test with a region of practical equivalence of 1% of the index's "
            "range (Benavoli et al., JMLR 2017). With fewer than 5 units no test is made. "
            "Made by <code>imbeval compare</code> (<code>imbeval.compare</code>); every number "
            "is in the CSV files of each set's folder.</p>"]
    if not sets:
        body.append(f"<p>The comparison was not produced (no <code>{COMPARE_DIR}/*/"
                    "stability.csv</code> under the results folder).</p>")
    body += [_section(folder) for folder in sets]
    return ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            "<title>imbeval: which classifier wins, by index</title>"
            f"<style>{_CSS}{_EXTRA_CSS}</style></head>"
            f"<body>{''.join(body)}<script>{_JS}</script></body></html>")
