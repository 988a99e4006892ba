"""The report's page "Which classifier wins, by index".

One self-contained HTML page (figures inlined as PNG, sortable tables; the catalogue
page's style) from the folders ``imbeval compare`` writes under ``results/compare/``, one
per result set (the experiment, and any other set the workflow lists, e.g. a KEEL run).
Each set opens with the answer: per index (and RRT scheme) a card with the winner, whether
the tests separate it from the others, whether it differs from the reference's winner and
how decisively, and its critical-difference diagram; then what was dropped for missing
values, the winners at a glance (Kendall's W), and, folded, the methods, the paragraphs,
the omnibus tests and every pairwise table.
"""

from __future__ import annotations

import base64
import html
import json
from pathlib import Path

import pandas as pd

from imbeval.compare._rank import MIN_RANKING_UNITS
from imbeval.compare._write import diagram_name
from imbeval.utils.html import SORTABLE_CSS, SORTABLE_JS

__all__ = ["COMPARE_DIR", "SCHEMES", "render_compare_page", "render_compare_set",
           "write_compare_html"]

#: where the workflow's compare rule writes, relative to the results folder
COMPARE_DIR = "compare"

_EXTRA_CSS = """
td.same{background:#f3f3f3} td.differs{background:#fff2cc} td.decisive{background:#f4cccc}
td.ref{background:#d9eaf7} details{margin:0.3em 0} .cd img{width:560px;max-width:100%}
table{display:block;max-width:100%;overflow-x:auto} p,li{max-width:62em}
body{overflow-wrap:break-word}
.words p{background:#f6f8fa;border-left:4px solid #0969da;padding:.4em .8em}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(360px,1fr));gap:.6em;
margin:.4em 0 .8em} .card{border:1px solid #d0d7de;border-radius:6px;padding:.3em .6em}
.card h3{margin:.1em 0;font-size:1.05em} .card p{margin:.15em 0;font-size:.92em}
.card img{width:100%} .card.decisive{border-color:#cf222e;background:#fff8f8}
.card.differs{border-color:#bf8700;background:#fffdf3} .missing{color:#9a6700}
"""

#: what the RRT scheme codes of the experiment's tables mean (mullick2020, Section 5.2;
#: :mod:`imbeval.rrt`): the test set's ratio of majority to minority points
SCHEMES = {
    "1": "test sets balanced (RRT 1: as many majority as minority points)",
    "0.5": "test sets with twice as many minority as majority points (RRT 0.5)",
    "IR/2": "test sets at half the problem's imbalance ratio (RRT IR/2)",
    "IR": "test sets as the fold is (RRT = the problem's imbalance ratio IR)",
    "2IR": "test sets twice as imbalanced as the problem (RRT 2 IR)",
    "balanced": "multi-class test sets with every class equally large",
    "reversed": "multi-class test sets with the class sizes' order reversed",
    "minority_ir_halved": "multi-class test sets with the minority class doubled",
    "original": "multi-class test sets as the fold is",
    "others_doubled": "multi-class test sets with every class but the minority doubled",
}


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
        if w_text and int(wr["units"]) < MIN_RANKING_UNITS:
            # a ranking from fewer units than any test accepts is no agreement to report
            w_text = f"(not shown: {int(wr['units'])} unit{'s' if int(wr['units']) != 1 else ''})"
        units = "" if wr is None else str(int(wr["units"]))
        rows.append(f"<tr><td>{html.escape(scheme or '(all)')}</td><td>{units}</td>"
                    f"{''.join(cells)}<td>{w_text}</td></tr>")
    return ('<table class="sortable"><thead><tr><th>scheme</th><th>units</th>'
            f"{head}<th>Kendall's W</th></tr></thead><tbody>{''.join(rows)}</tbody></table>")


def _png(folder, stem) -> str:
    png = folder / f"{stem}.png"
    if not png.is_file():
        return ""
    data = base64.b64encode(png.read_bytes()).decode("ascii")
    return f'<img alt="{html.escape(png.name)}" src="data:image/png;base64,{data}">'


def _separation(pairwise, index, scheme, winner) -> str:
    """Whether the Wilcoxon-Holm tests separate ``winner`` from every other classifier."""
    if pairwise is None or " = " in winner:
        return "tied for first" if " = " in winner else ""
    part = pairwise[(pairwise["index"] == index) & (pairwise["scheme"].map(_scheme) == scheme)]
    mine = part[(part["a"] == winner) | (part["b"] == winner)]
    if mine.empty:
        return ""
    beaten = (mine["better"].astype(str) == winner) if "better" in mine.columns else (
        mine["decision"].astype(str) == f"{winner} better")
    others = [b if a == winner else a for a, b in zip(mine["a"], mine["b"])]
    close = [o for o, won in zip(others, beaten) if not won]
    if not close:
        return f"better than each of the {len(others)} others (Wilcoxon-Holm)"
    if len(close) == len(others):
        return f"not separated from {', '.join(close)} (Wilcoxon-Holm): the lead is not shown"
    return (f"better than {len(others) - len(close)} of {len(others)} others (Wilcoxon-Holm);"
            f" not separated from {', '.join(close)}")


def _cards(folder, winners: pd.DataFrame, tests: pd.DataFrame, reference: str) -> str:
    """The answer: a card per (index, scheme)."""
    pairwise = _read(folder, "pairwise") if (folder / "pairwise.csv").is_file() else None
    why = {(r["index"], _scheme(r["scheme"])): str(r["undecidable"])
           for _, r in tests.iterrows() if isinstance(r["undecidable"], str) and
           r["undecidable"]}
    out = []
    for scheme, part in winners.groupby(winners["scheme"].map(_scheme), sort=False):
        if scheme:
            out.append(f"<h3>Scheme {html.escape(scheme)}</h3>")
        cards = []
        for _, r in part.iterrows():
            index, winner = str(r["index"]), str(r["winner"])
            untested = why.get((index, scheme))
            if index == reference:
                klass, status = "", "the reference"
            elif str(r["differs"]) == "True":
                decisive = str(r["decisive"]) == "True"
                klass = "decisive" if decisive else "differs"
                status = (f"another winner than {reference}'s ({r['reference_winner']}), "
                          + ("<b>decisively</b>" if decisive else "not decisively")
                          + (f" (Holm p = {float(r['p_holm']):.3g})"
                             if not pd.isna(r["p_holm"]) else ""))
            else:
                klass, status = "", f"the same winner as {reference}"
            tested = (f"no test ({html.escape(untested)}): descriptive" if untested
                      else html.escape(_separation(pairwise, index, scheme, winner)))
            cards.append(f'<div class="card {klass}"><h3>{html.escape(index)}: '
                         f"{html.escape(winner)}</h3><p>{tested}</p><p>{status}</p>"
                         f"{_png(folder, diagram_name(scheme or None, index))}</div>")
        out.append(f'<div class="cards">{"".join(cards)}</div>')
    return "".join(out)


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


def _bars_text(about) -> str:
    """What the diagrams' bars mean, by the test ``about.json`` names."""
    bars = about["bars"]
    alpha = about["alpha"]
    if bars == "nemenyi":
        return ("Each diagram: classifiers at their mean rank (1 = best, left). The ruler above "
                "the axis is Nemenyi's critical difference (CD); a red bar joins classifiers "
                "whose mean ranks span less than the CD, which Nemenyi's test at alpha "
                f"{alpha:g} does not separate (Demšar 2006). The Wilcoxon-Holm decisions are "
                "in <code>pairwise.csv</code>; they may join or separate other pairs.")
    return ("Each diagram: classifiers at their mean rank (1 = best, left). A red bar joins "
            "classifiers that the Wilcoxon signed-rank tests with Holm's adjustment at alpha "
            f"{alpha:g} do not separate (no pair under a bar differs); no CD ruler is drawn, "
            "since the critical difference does not decide these bars.")


def _schemes_text(schemes) -> str:
    known = [s for s in schemes if s in SCHEMES]
    if not known:
        return ""
    return ("<p>RRT schemes (the test sets' ratio of majority to minority points, "
            "mullick2020 Section 5.2): " + "; ".join(
                f"<b>{html.escape(s)}</b>: {html.escape(SCHEMES[s])}" for s in known) + ".</p>")


def _words(folder, opened=False) -> str:
    path = folder / "summary.txt"
    if not path.is_file():
        return ""
    paragraphs = [p.strip() for p in path.read_text(encoding="utf-8").split("\n\n") if p.strip()]
    return (f"<details class=\"words\"{' open' if opened else ''}><summary>The comparison in words (which test, why, what "
            f"is significant, effect sizes; <code>summary.txt</code>, {len(paragraphs)} "
            "paragraphs)</summary>" + "".join(f"<p>{html.escape(p)}</p>" for p in paragraphs)
            + "</details>")


def _csv_details(folder, name, title) -> str:
    path = folder / f"{name}.csv"
    if not path.is_file():
        return ""
    frame = _read(folder, name)
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in frame.columns)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(_fmt(r[c]))}</td>" for c in frame.columns)
                   + "</tr>" for _, r in frame.iterrows())
    return (f"<details><summary>{html.escape(title)} ({len(frame)} rows: <code>{name}.csv"
            f"</code>)</summary><table class=\"sortable\"><thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table></details>")


def _diagrams(folder) -> str:
    """What the diagrams' bars mean, and the files a paper includes."""
    about = _about(folder)
    return (f"<p>{_bars_text(about)} Each diagram is also a file, "
            "<code>cd_&lt;index&gt;[_&lt;scheme&gt;].{pdf,png,svg}</code>, with its caption "
            "(<code>.caption.txt</code>, and a LaTeX figure <code>.tex</code>).</p>")


def _section(folder: Path, standalone=False) -> str:
    """One result set's section; ``standalone`` (a user's ``--html`` page): its own folder
    named as it is, the words and the diagrams unfolded."""
    about = _about(folder)
    if not about:
        raise FileNotFoundError(f"{folder / 'about.json'} does not exist: {folder} is not a "
                                "folder `imbeval compare` wrote (rerun it)")
    winners, w, tests = _read(folder, "stability"), _read(folder, "kendall_w"), _read(folder,
                                                                                      "tests")
    reference = str(winners["reference"].iloc[0]) if len(winners) else "acsa"
    others = [i for i in dict.fromkeys(winners["index"]) if i != reference]
    differs = sorted({r["index"] for _, r in winners.iterrows() if str(r["differs"]) == "True"})
    decisive = sorted({r["index"] for _, r in winners.iterrows()
                       if str(r["decisive"]) == "True"})
    schemes = winners["scheme"].map(_scheme).nunique()
    untested = tests[tests["undecidable"].astype(object).fillna("").astype(str) != ""]
    over = ("" if schemes == 1 and not _scheme(winners["scheme"].iloc[0])
            else f" under at least one of the {schemes} RRT schemes")
    headline = (f"<p><b>{len(differs)} of the {len(others)} indices compared with "
                f"{html.escape(reference)} have another winner{over}</b>"
                + (f" ({html.escape(', '.join(differs))})" if differs else "")
                + f"; <b>decisively: {len(decisive)}</b>"
                + (f" ({html.escape(', '.join(decisive))})" if decisive else "") + ".")
    if len(untested):
        reasons = sorted(set(untested["undecidable"].astype(str)))
        headline += (f" No test was possible for {len(untested)} of {len(tests)} (index, "
                     f"scheme) pairs: {html.escape('; '.join(reasons))} — their winners are "
                     "descriptive (the best mean rank), not decisive.")
    headline += "</p>"
    dropped = _read(folder, "dropped")
    missing = _read(folder, "missing") if (folder / "missing.csv").is_file() else None
    dropped_note = ""
    if len(dropped) or (missing is not None and len(missing)):
        problems = sorted(set(dropped["problem"].astype(str)))
        policy = about.get("missing", "")
        dropped_note = (
            '<p class="missing">Missing or undefined values: '
            f"{0 if missing is None else len(missing)} (<code>missing.csv</code>); problems "
            f"dropped: {len(problems)}"
            + (f" ({html.escape(', '.join(problems[:12]))}"
               + (", ..." if len(problems) > 12 else "") + ")" if problems else "")
            + (f", policy <code>{html.escape(policy)}</code>"
               + (": every index ranks the same problems" if policy == "drop-problem"
                  else "") if policy else "")
            + " (<code>dropped.csv</code>).</p>")
    title = about.get("label") or folder.name
    units = about.get("units", "")
    legend = ("<p>Winner (best mean rank over the units) of each index under each scheme. "
              "Blue: the reference; grey: the same winner; yellow: another winner, not "
              "decisively; red ✱: another winner, decisively (under this index, its winner "
              "beats the reference's winner by the Holm-adjusted Wilcoxon test). Hover a cell "
              "for the evidence, with the Bayesian test's P(better) and P(practically "
              "equivalent): a consistent but small lead can be decisive for the Wilcoxon test "
              "and practically equivalent. Kendall's W: how alike the indices rank the "
              f"classifiers (1 = identically), shown from {MIN_RANKING_UNITS} units on.</p>")
    return "".join([
        f"<h2>{html.escape(title)}</h2>",
        headline, _cards(folder, winners, tests, reference), dropped_note,
        f'<p class="sub">Table <code>{html.escape(str(about.get("table", "")))}</code>; '
        f"independent units: {html.escape(units)}; files: <code>"
        + (html.escape(str(folder)) if standalone else
           f"results/{COMPARE_DIR}/{html.escape(folder.name)}/") + "</code>.</p>",
        _diagrams(folder),
        "<details><summary>The winners at a glance, with Kendall's W</summary>", legend,
        _glance(winners, w, reference), "</details>",
        _schemes_text(list(dict.fromkeys(winners["scheme"].map(_scheme)))),
        f"<details><summary>Methods</summary>{_METHODS}</details>",
        _words(folder), _tests_table(tests),
        _csv_details(folder, "pairwise", "Every pair: Wilcoxon signed-rank, Holm"),
        _csv_details(folder, "nemenyi", "Every pair: Nemenyi's test on mean ranks"),
        _csv_details(folder, "control", "Every classifier against the control (mean ranks, "
                                        "Holm)"),
        _csv_details(folder, "bayesian", "Every pair: Bayesian signed-rank with a rope"),
        _csv_details(folder, "missing", "Missing or undefined values")])


_METHODS = (
    '<p class="sub">Per index and RRT scheme, the classifiers are ranked over independent '
    "units (a unit's value: the mean over folds and runs, problems of one unit averaged); "
    "Friedman's test and Iman-Davenport's F = (N - 1) chi2 / (N (k - 1) - chi2) on the "
    "tie-corrected chi2, Nemenyi's critical difference, pairwise p-values and each classifier "
    "against a control (Demšar, JMLR 2006); every pair by the Wilcoxon signed-rank test with "
    "Holm's adjustment (Benavoli, Corani &amp; Mangili, JMLR 2016) and by the Bayesian "
    "signed-rank test with a region of practical equivalence (by default 1% of the index's "
    "range), deciding where a posterior probability reaches the threshold (by default 0.95; "
    "Benavoli et al., JMLR 2017). With fewer than 5 units no test is made. Made by "
    "<code>imbeval compare</code> (<code>imbeval.compare</code>); every number is in the "
    "CSV files of each set's folder, the settings in its <code>about.json</code>.</p>")


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
            "does another classifier win?</p>"]
    if not sets:
        body.append(f"<p>The comparison was not produced (no <code>{COMPARE_DIR}/*/"
                    "stability.csv</code> under the results folder).</p>")
    body += [_section(folder) for folder in sets]
    return ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            "<title>imbeval: which classifier wins, by index</title>"
            f"<style>{SORTABLE_CSS}{_EXTRA_CSS}</style></head>"
            f"<body>{''.join(body)}<script>{SORTABLE_JS}</script></body></html>")


def render_compare_set(folder, title=None) -> str:
    """A standalone page of one ``imbeval compare`` folder (a user's own comparison).

    Examples
    --------
    >>> render_compare_set("/nonexistent").startswith("<!DOCTYPE html>")
    True
    """
    folder = Path(folder)
    label = title or _about(folder).get("label") or folder.name
    if not (folder / "stability.csv").is_file():
        body = (f"<h1>{html.escape(str(label))}</h1><p>No <code>stability.csv</code> in "
                f"<code>{html.escape(str(folder))}</code>: run <code>imbeval compare</code> "
                "first.</p>")
    else:
        body = (f"<h1>Which classifier wins, by index: {html.escape(str(label))}</h1>"
                + _section(folder, standalone=True).replace("<h2>", "<h2 hidden>", 1))
    return ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            f"<title>imbeval compare: {html.escape(str(label))}</title>"
            f"<style>{SORTABLE_CSS}{_EXTRA_CSS}</style></head>"
            f"<body>{body}<script>{SORTABLE_JS}</script></body></html>")


def write_compare_html(folder, path=None) -> Path:
    """Write :func:`render_compare_set` of ``folder`` to ``path`` (default
    ``folder/compare.html``); returns the path."""
    from imbeval.utils.io import atomic_write_text

    target = Path(path) if path else Path(folder) / "compare.html"
    return atomic_write_text(target, render_compare_set(folder))
