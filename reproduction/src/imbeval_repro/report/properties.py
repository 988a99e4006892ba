"""The report's properties page: Gösgens et al.'s properties beside Conditions 1-3, and the
Dutch Draw baseline of every two-class index.

One self-contained HTML page like the catalogue's (:mod:`imbeval_repro.report.catalogue`: the
heat-map inlined as a PNG, sortable tables, no external assets), written by ``imbeval report
pages`` from ``results/theory/properties.csv``, ``dutch_draw.csv``, the heat-map, and the
Conditions' verdicts of ``results/audit/audit.csv`` and ``results/theory/catalogue.csv``.
"""

from __future__ import annotations

import base64
import html
from pathlib import Path

import pandas as pd

from imbeval.utils.html import SORTABLE_CSS, SORTABLE_JS

__all__ = ["PROPERTIES_CSV", "DUTCH_DRAW_CSV", "PROPERTIES_FIGURE", "PRIOR_SHIFT_CSV",
           "SCORES_RRT", "render_properties_page"]

#: Where the theory stage writes them, relative to the results folder.
PROPERTIES_CSV = "theory/properties.csv"
DUTCH_DRAW_CSV = "theory/dutch_draw.csv"
PROPERTIES_FIGURE = "theory/properties_heatmap.png"
PRIOR_SHIFT_CSV = "theory/prior_shift_scores.csv"
_CONDITIONS = ("audit/audit.csv", "theory/catalogue.csv")

_SHORT = {"holds": "✓", "fails": "✗", "undecided": "?", "true": "✓", "false": "✗"}
_CLASS = {"holds": "true", "fails": "false", "true": "true", "false": "false"}


def _cell(value, title="", other=""):
    """A verdict cell; ``other``: the verdict without degenerate labelings, shown when it
    differs."""
    value = str(value)
    klass = f' class="{_CLASS[value]}"' if value in _CLASS else ""
    text = _SHORT.get(value, value)
    if other and other != value:
        text += f" ({_SHORT.get(other, other)}*)"
    tip = f' title="{html.escape(title)}"' if title else ""
    return f"<td{klass}{tip}>{html.escape(text)}</td>"


def _conditions(results_dir):
    """index -> (condition1, condition2, condition3) from audit.csv and catalogue.csv."""
    out = {}
    for rel in _CONDITIONS:
        path = Path(results_dir) / rel
        if path.is_file():
            frame = pd.read_csv(path, dtype=str, keep_default_na=False)
            for _, r in frame.iterrows():
                out.setdefault(r["index"], tuple(r.get(f"condition{k}", "") for k in (1, 2, 3)))
    return out


def _gosgens_tables(table):
    from imbeval.audit.properties import PROPERTIES
    from imbeval_repro.library_results.properties_figure import SHORT
    from imbeval_repro.library_results.properties import goesgens_view

    parts = []
    classes = sorted(table["classes"].unique(), key=int)
    for c in classes:
        view = goesgens_view(table, classes=c)
        part = table[table["classes"] == c].set_index(["index", "property"])
        evidence = part["evidence"]
        strict = part["verdict_nondegenerate"] if "verdict_nondegenerate" in part else {}
        head = "".join(f"<th>{html.escape(SHORT[p])}</th>" for p in PROPERTIES)
        rows = []
        for _, r in view.iterrows():
            cells = "".join(
                _cell(r[p], evidence.get((r["index"], p), ""), strict.get((r["index"], p), ""))
                if r[p] else "<td>n/a</td>"
                for p in PROPERTIES)
            held = sum(r[p] == "holds" for p in PROPERTIES) if any(r[p] for p in PROPERTIES) else ""
            rows.append(f"<tr><td>{html.escape(r['measure'])}</td><td><code>"
                        f"{html.escape(r['index'])}</code></td>{cells}<td>{held}</td></tr>")
        parts.append(f"<h3>{'Two classes' if c == '2' else f'C = {c} classes'}</h3>"
                     '<table class="sortable"><thead><tr><th>measure (Gösgens et al.)</th>'
                     f"<th>index here</th>{head}<th>held</th></tr></thead><tbody>"
                     + "".join(rows) + "</tbody></table>")
    parts.append('<p class="sub">(✓*) / (✗*): the verdict when the matrices of a labeling that '
                 "lacks a class (all true points positive, nothing predicted negative, ...) are "
                 "left out, as the paper may intend (<code>verdict_nondegenerate</code> in the "
                 "CSV; two classes only).</p>")
    return "".join(parts)


def _beside_conditions(table, conditions):
    from imbeval.audit.properties import PROPERTIES
    from imbeval_repro.library_results.properties_figure import SHORT

    two = table[table["classes"] == "2"].set_index(["index", "property"])
    names = list(dict.fromkeys(table["index"]))
    head = ("<th>index</th><th>source</th><th>orientation</th><th>C1 imbalance</th>"
            "<th>C2 bounds vs C</th><th>C3 one class fails</th>"
            + "".join(f"<th>{html.escape(SHORT[p])}</th>" for p in PROPERTIES)
            + "<th>held (C = 2)</th>")
    rows = []
    for n in names:
        first = table[table["index"] == n].iloc[0]
        c = conditions.get(n, ("", "", ""))
        cells = "".join(_cell(two.loc[(n, p), "verdict"], two.loc[(n, p), "evidence"])
                        if (n, p) in two.index else "<td></td>" for p in PROPERTIES)
        held = sum(two.loc[(n, p), "verdict"] == "holds" for p in PROPERTIES if (n, p) in two.index)
        rows.append(f"<tr><td>{html.escape(n)}</td><td>{html.escape(first['source'])}</td>"
                    f"<td>{'↓' if first['orientation'] == 'lower is better' else '↑'}</td>"
                    + "".join(_cell(v) for v in c) + cells + f"<td>{held}</td></tr>")
    return ('<table class="sortable"><thead><tr>' + head + "</tr></thead><tbody>"
            + "".join(rows) + "</tbody></table>")


def _dutch_table(dutch):
    problems = list(dict.fromkeys(dutch["problem"]))
    sizes = dutch.drop_duplicates("problem").set_index("problem")
    cell = {(r["index"], r["problem"]): (r["baseline"], r["theta"]) for _, r in dutch.iterrows()}
    head = "".join(f"<th>{html.escape(p)}<br><span class=\"sub\">P = {sizes.loc[p, 'positives']}, "
                   f"N = {sizes.loc[p, 'negatives']}</span></th>" for p in problems)
    rows = []
    for n in dict.fromkeys(dutch["index"]):
        cells = []
        for p in problems:
            value, theta = cell.get((n, p), (float("nan"), float("nan")))
            cells.append(f"<td title=\"θ = {float(theta):.4g}\">{float(value):.4g}</td>"
                         if pd.notna(value) else "<td>undefined</td>")
        rows.append(f"<tr><td>{html.escape(n)}</td>{''.join(cells)}</tr>")
    return ('<table class="sortable"><thead><tr><th>index</th>' + head + "</tr></thead><tbody>"
            + "".join(rows) + "</tbody></table>")


def _prior_shift_section(frame) -> str:
    """Condition 1 for the indices of scores: verdict, values over the grid, largest shift."""
    grid = [c for c in frame.columns if c.startswith("pi=")]
    head = ("<th>index</th><th>orientation</th><th>verdict</th><th>at the test prior</th>"
            + "".join(f"<th>π = {html.escape(c[3:])}</th>" for c in grid)
            + "<th>range over the grid</th><th>largest shift found</th>")
    rows = []
    for _, r in frame.iterrows():
        verdict = "holds" if r["verdict"] == "invariant" else "fails"
        cells = "".join(f"<td>{float(r[c]):.4g}</td>" for c in grid)
        rows.append(f"<tr><td><code>{html.escape(r['index'])}</code></td>"
                    f"<td>{'↑' if str(r['greater_is_better']) == 'True' else '↓'}</td>"
                    f"{_cell(verdict, str(r['verdict']))}<td>{float(r['value']):.4g}</td>"
                    f"{cells}<td>{float(r['grid_min']):.4g} – {float(r['grid_max']):.4g}</td>"
                    f"<td>{float(r['max_shift']):.3g}</td></tr>")
    return ("<h2>Indices of scores under a class prior shift (Condition 1)</h2><p>A shift of "
            "the class prior of a scored test sample is a reweighting of its classes, so "
            "Condition 1 is decided on the sample itself: every index of "
            "<code>imbeval.scores</code> reweighted to positive (minority-class) shares "
            "0.5 … 0.001 and by a seeded search (<code>imbeval theory prior-shift</code>; "
            "✓ invariant, ✗ moves). The values are those of the audit's main sample (two "
            "classes: n = 2,000, 10 % positive; three classes: shares 0.7/0.2/0.1); which "
            "index to use when the deployment prior differs: <code>docs/metrics.md</code>.</p>"
            '<table class="sortable"><thead><tr>' + head + "</tr></thead><tbody>"
            + "".join(rows) + "</tbody></table>")


#: The indices of scores under the RRT protocol (``imbeval experiment scores``): the run's
#: and the KEEL slice's winner flips and spread figures, relative to the results folder.
SCORES_RRT = (("the run's two-class problems", "experiment/winner_flips.csv",
               "figures/mullick2020/fig3_scores.png"),
              ("the KEEL slice's two-class families", "keel/winner_flips.csv",
               "figures/mullick2020_keel/fig3_scores.png"))
#: the shipped KEEL reference collection's winner flips (no figure shipped), relative to
#: the reference folder
REFERENCE_SCORES_RRT = ("the KEEL reference collection's two-class problems (shipped, "
                        "reference/keel)", "winner_flips.csv")


def _scores_rrt_section(results_dir, reference_dir=None) -> str:
    """The winner flips at the deployment prior and the spread figures, where produced."""
    parts = []
    sources = [(label, Path(results_dir) / flips, Path(results_dir) / figure)
               for label, flips, figure in SCORES_RRT]
    if reference_dir is not None:
        label, flips = REFERENCE_SCORES_RRT
        sources.append((label, Path(reference_dir) / flips, None))
    for label, flips_path, png in sources:
        if not flips_path.is_file():
            continue
        flips = pd.read_csv(flips_path, dtype={"index": str})
        rows = "".join(
            f"<tr><td><code>{html.escape(r['index'])}</code></td><td>{int(r['flips'])}</td>"
            f"<td>{int(r['pairs'])}</td><td>{float(r['share']):.0%}</td></tr>"
            if pd.notna(r["share"]) else
            f"<tr><td><code>{html.escape(r['index'])}</code></td><td>0</td><td>0</td><td></td></tr>"
            for _, r in flips.iterrows())
        prior = float(flips["deploy_prior"].iloc[0]) if len(flips) else float("nan")
        figure = ""
        if png is not None and png.is_file():
            data = base64.b64encode(png.read_bytes()).decode("ascii")
            figure = (f'<div class="fig"><img alt="spread of the indices of scores" '
                      f'style="width:640px" src="data:image/png;base64,{data}"></div>')
        parts.append(f"<h3>{html.escape(label)}</h3>{figure}<p>Classifier pairs whose winner "
                     f"at the test prior loses when the positives' share is {prior:g}:</p>"
                     '<table class="sortable"><thead><tr><th>index</th><th>flips</th>'
                     "<th>pairs</th><th>share</th></tr></thead><tbody>" + rows
                     + "</tbody></table>")
    if not parts:
        return ""
    return ("<h2>Indices of scores under the RRT protocol</h2><p>The classifier jobs keep each "
            "test fold's scores; per RRT test set the indices of scores, their spread over "
            "the RRT schemes (mullick2020's Fig. 3 for them: std over the schemes, mean over "
            "the classifiers) and the pairs of classifiers whose order a deployment prior "
            "reverses (<code>imbeval experiment scores</code>).</p>" + "".join(parts))


def render_properties_page(results_dir, reference_dir=None) -> str:
    """The properties page's HTML, from the theory stage's tables under ``results_dir``.

    Parameters
    ----------
    results_dir : str or Path
        The run's results folder.
    reference_dir : str or Path, optional
        The shipped reference results (their winner flips, where present).

    Returns
    -------
    str
        A complete HTML document; it says so when the tables have not been produced.

    Examples
    --------
    >>> page = render_properties_page("/nonexistent")
    >>> "not produced" in page and page.startswith("<!DOCTYPE html>")
    True
    """
    from imbeval_repro.library_results.properties import property_counts, read_properties

    results_dir = Path(results_dir)
    body = ["<h1>Beyond Conditions 1–3: Gösgens et al.'s properties and the Dutch Draw "
            "baseline</h1>",
            '<p class="sub">Gösgens, Zhiyanov, Tikhonov, Prokhorenkova, <i>Good Classification '
            "Measures and How to Find Them</i>, NeurIPS 2021: nine properties decided for every "
            "index by computation (<code>imbeval theory properties</code>; two classes: every "
            "matrix with n ≤ 24 and every triple of labelings of n ≤ 10 items, exact "
            "hypergeometric expectations; C = 3: a seeded search and an exact enumeration). "
            "A lower-is-better index (↓) is judged on its worst side. Hover a verdict for its "
            "evidence; the counterexamples are in <code>results/theory/properties.csv</code>. "
            "Definitions and where ours may differ from the paper's: "
            "<code>docs/properties.md</code>. Click a column header to sort.</p>"]
    path = results_dir / PROPERTIES_CSV
    if not path.is_file():
        body.append("<p>The properties table was not produced by this configuration "
                    f"(<code>{html.escape(PROPERTIES_CSV)}</code>).</p>")
    else:
        table = read_properties(path)
        counts = property_counts(table)
        lines = []
        for c in sorted(counts["classes"].unique(), key=int):
            part = counts[counts["classes"] == c]
            top = part["properties_held"].max()
            best = part.loc[part["properties_held"] == top, "index"].tolist()
            lines.append(f"<li>{'two classes' if c == '2' else f'C = {c}'}: "
                         f"{part['index'].nunique()} indices; the most properties held, {top} of "
                         f"9: <b>{html.escape(', '.join(best))}</b></li>")
        body.append("<ul>" + "".join(lines) + "</ul>")
        body.append("<h2>The measures of Gösgens et al.'s table, with our verdicts</h2>"
                    + _gosgens_tables(table))
        png = results_dir / PROPERTIES_FIGURE
        figure = "<p>The heat-map was not produced.</p>"
        if png.is_file():
            data = base64.b64encode(png.read_bytes()).decode("ascii")
            figure = (f'<img alt="properties heat-map" style="width:560px" '
                      f'src="data:image/png;base64,{data}">')
        body.append("<h2>Every index: Conditions 1–3 beside the properties (two classes)</h2>"
                    f'<div class="fig">{figure}</div>'
                    + _beside_conditions(table, _conditions(results_dir)))
    shift_path = results_dir / PRIOR_SHIFT_CSV
    if shift_path.is_file():
        body.append(_prior_shift_section(pd.read_csv(shift_path, dtype={"index": str})))
    body.append(_scores_rrt_section(results_dir, reference_dir))
    dutch_path = results_dir / DUTCH_DRAW_CSV
    if dutch_path.is_file():
        dutch = pd.read_csv(dutch_path, keep_default_na=False, na_values=[""],
                            dtype={"problem": str, "index": str})
        body.append("<h2>The Dutch Draw baseline</h2><p>van de Bijl et al., <i>The Dutch Draw: "
                    "constructing a universal baseline for binary prediction models</i> (J. Appl. "
                    "Probab. 2024): the best expected value of labelling a random θ-share of the "
                    "samples positive, at each two-class problem's class sizes (hover for the "
                    "optimal θ). A number a classifier must beat before its score means "
                    "anything; <code>results/theory/dutch_draw.csv</code> has every optimum.</p>"
                    + _dutch_table(dutch))
    return ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            f"<title>imbeval: properties and baselines</title><style>{SORTABLE_CSS}</style></head>"
            f"<body>{''.join(body)}<script>{SORTABLE_JS}</script></body></html>")
