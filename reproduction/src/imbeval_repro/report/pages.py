"""Render the catalog of items into self-contained HTML pages (see :mod:`imbeval_repro.report`).

Every page stands alone (Snakemake embeds each result as a data URI, so pages cannot link
to each other or to image files): CSS is inline, figures are embedded as base64 PNG, and
tables are HTML ``<table>`` elements. What a page says about results -- verdicts, numbers
-- is read from ``verdicts.csv`` when the page is written; the catalog only holds
what the paper says and how the item is regenerated.

Pages written (``out_dir``):

- ``overview.html`` -- findings first (:mod:`imbeval_repro.report.findings`: per paper what is
  reproduced, refuted, an erratum or undecided, and the ten most important findings, each
  linking to its page), then every paper's items with their verdicts, on one page, and per
  family of decisions (paper and item: the rows with a p-value, adjusted together) the
  decisive count beside the count chance alone would give (:func:`decision_families`); the
  report-wide statement of which error rate is controlled for what, and the measured
  stability of the verdicts across seeds when the results hold a replication table
  (:mod:`imbeval_repro.report.reliability`);
- ``catalogue.html`` -- the catalogue of PyCM/scikit-learn/imbalanced-learn indices and
  their verdicts (:mod:`imbeval_repro.report.catalogue`);
- ``properties.html`` -- Gösgens et al.'s properties of every index beside Conditions 1-3,
  and the Dutch Draw baselines (:mod:`imbeval_repro.report.properties`);
- ``verdicts.html`` -- the whole printed-versus-regenerated table, per paper;
- ``claims.html`` -- the claim thresholds (:data:`imbeval_repro.papers.claims.THRESHOLDS`, the
  table ``docs/claims.md`` writes out) and the Methods section of ``docs/claims.md``
  (:func:`imbeval_repro.papers.claims.methods_markdown`): where each interval comes from;
- ``<paper>/<paper>_verdicts.html`` -- a paper's landing page: each figure and table with
  its verdict and the numbers behind it;
- ``<paper>/<id>.html`` -- one item: the paper's statement beside ours, the figure, the
  regenerated table(s) with printed values marked where they differ, and the verdict table
  rows of the item. An item whose run rows form a grid (mortaz2020's Tables 16 and 18: model
  x measure, each with a re-run's prediction interval) shows them as one heat-map table
  (:func:`grid_html`), its basis and method stated once, each row's detail in the cell's
  tooltip and in a collapsed list.

Every run row names its interval's method (column ``method``); decisions are adjusted
within their figure or table (column ``adjustment``, :func:`imbeval_repro.verdicts.adjust`:
Holm for claims, Simes' global test then Benjamini-Hochberg for a table of printed numbers
against a re-run).

This module lays the pages out; their parts are modules of one topic each:
:mod:`imbeval_repro.report._html` (the style sheet, number formatting, tables, the Markdown of
``docs/claims.md``), :mod:`imbeval_repro.report.verdicts` (an item's verdict, badges, families of
decisions, verdict rows as a table) and :mod:`imbeval_repro.report.grid` (the heat-map table of
a grid). Every verdict is read from the verdict table's typed columns (``verdict_kind``, ``detail``,
``adjusted_p``; :class:`imbeval_repro.verdicts.Status`), never from the status text.
"""

from __future__ import annotations

import html
from pathlib import Path

import pandas as pd

from imbeval_repro.report import SITE_PAGES
from imbeval.utils.io import atomic_write_text
from imbeval_repro.report._html import (distinct, frame_html, image_html, markdown_html, page_html,
                                        read_results_csv)
from imbeval_repro.report._kinds import KIND_CSS
from imbeval_repro.report.catalogue import render_catalogue_page
from imbeval.compare import render_compare_page
from imbeval_repro.report.grid import grid_cells, grid_html
from imbeval_repro.report.properties import render_properties_page
from imbeval_repro.report.reliability import empirical_html, error_rates_html, replication_html
from imbeval_repro.report.verdicts import (LEGEND, verdicts_html, decision_families,
                                           families_html, item_verdict, verdict_badge)
from imbeval_repro import verdicts as cmp

__all__ = ["SITE_PAGES", "load_catalog", "page_paths", "item_verdict", "render_item", "render_landing",
           "render_overview", "render_verdicts", "render_thresholds", "write_pages",
           "grid_cells", "grid_html", "decision_families", "families_html",
           "markdown_html"]




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
    paths = list(SITE_PAGES)
    for paper, spec in catalog.items():
        paths.append(f"{paper}/{paper}_verdicts.html")
        paths += [f"{paper}/{item['id']}.html" for item in spec["items"]]
    return paths


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
    claims_here = rows["verdict_kind"].map(lambda k: cmp.Status(k).is_claim).any()
    adjustments = distinct(cmp.adjustment_names(rows))
    adjusted = (f" Here: {html.escape('; '.join(adjustments))}." if adjustments else "")
    return (f'<p class="dataset">Numbers from the run: {html.escape(text)}. '
            "Run numbers carry their 95% interval [low, high]; each run row names how its "
            "interval was made (column <i>method</i>; the methods are described on the "
            "<i>claim thresholds</i> page, <code>docs/claims.md</code>, Methods), and "
            "decisions (rows with a p-value) are adjusted within their figure or table "
            f"(column <i>adjustment</i>).{adjusted}"
            + (" Each claim's threshold and its reason are on the <i>claim thresholds</i> "
               "page." if claims_here else "")
            + "</p>")


def _rows_of(verdict_table: pd.DataFrame, paper, item) -> pd.DataFrame:
    names = item.get("verdict_items", [item["label"]])
    return verdict_table[(verdict_table["paper"] == paper) & verdict_table["item"].isin(names)]


def _marks_for(frame: pd.DataFrame, rows: pd.DataFrame) -> dict:
    """Match verdict rows to the cells of a regenerated table by (row label, column)."""
    marks = {}
    labels = {str(v) for v in frame.index}
    columns = {str(c) for c in frame.columns}
    for _, r in rows.iterrows():
        key = (str(r["row"]), str(r["column"]))
        if key[0] in labels and key[1] in columns:
            marks[key] = (KIND_CSS[cmp.Status(r["verdict_kind"])], str(r["printed"]),
                          str(r["status"]))
    return marks


def render_item(paper, spec, item, verdict_table, results_dir, dataset=None) -> str:
    """One item's page: paper beside ours, figure, tables, verdict rows (``dataset``:
    the run's :class:`imbeval_repro.experiment.data.labels.RunDataset`, named where numbers rest on it)."""
    results_dir = Path(results_dir)
    rows = _rows_of(verdict_table, paper, item)
    verdict, counts, evidence = item_verdict(rows, item, results_dir, dataset)
    body = [f"<h1>{html.escape(paper)} {html.escape(item['label'])}: "
            f"{html.escape(item['name'])}</h1>",
            f'<p class="sub">{html.escape(spec["title"])}</p>',
            f"<p>Verdict: {verdict_badge(verdict)}"
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
        body.append("<h3>Printed against a re-run of our pipeline</h3>" + grid_html(grid, rows=rows))
    for figure in item.get("figures", []):
        path = results_dir / figure
        body.append(f"<h3>Figure ({html.escape(figure)})</h3>")
        body.append(image_html(path) if path.exists()
                    else "<p>Not produced by this configuration.</p>")
    for table in item.get("tables", []):
        path = results_dir / table
        body.append(f"<h3>Table ({html.escape(table)})</h3>")
        if not path.exists():
            body.append("<p>Not produced by this configuration.</p>")
            continue
        frame = read_results_csv(path)
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
        body.append(f"<h3>Verdict rows ({len(rows)})</h3>")
        if len(rest):
            body.append(verdicts_html(rest))
        if len(grid):
            body.append(f"<details><summary>The {len(grid)} rows of the table above, one by "
                        "one (status, method, adjustment)</summary>"
                        f"{verdicts_html(grid)}</details>")
    return page_html(f"{paper} {item['label']}", "".join(body))


def _verdict_table(paper, spec, verdict_table, results_dir, dataset=None) -> str:
    """One row per item: the verdict word with a one-line reason, and the numbers as a
    count, with the lines behind it folded away (a row stays a few lines high)."""
    from imbeval_repro.report.verdicts import short_reason

    out = ["<table class=\"verdicts\"><thead><tr><th>item</th><th>what it shows</th>"
           "<th>verdict and why</th><th>numbers</th></tr></thead><tbody>"]
    for item in spec["items"]:
        rows = _rows_of(verdict_table, paper, item)
        verdict, counts, evidence = item_verdict(rows, item, results_dir, dataset)
        reason = evidence[0][:140] if evidence else ""
        if len(rows) and not item.get("omitted"):
            # the reason of the worst row, the one that decides the verdict
            severity = rows["verdict_kind"].map(lambda k: cmp.Status(k).severity)
            reason = short_reason(rows[severity == severity.min()].iloc[0], limit=140) or reason
        detail = html.escape(counts)
        if evidence:
            detail += (f"<details><summary>{len(evidence)} line"
                       f"{'s' if len(evidence) != 1 else ''}</summary>"
                       + "".join(f"<div>{html.escape(e)}</div>" for e in evidence[:12])
                       + (f"<div>… and {len(evidence) - 12} more on the item's page</div>"
                          if len(evidence) > 12 else "") + "</details>")
        out.append(f"<tr><td><b>{html.escape(item['label'])}</b></td>"
                   f"<td>{html.escape(item['name'])}</td><td>{verdict_badge(verdict)}"
                   + (f'<div class="reason">{html.escape(reason)}</div>' if reason else "")
                   + f'</td><td class="status">{detail}</td></tr>')
    out.append("</tbody></table>")
    return "".join(out)


def render_landing(paper, spec, verdict_table, results_dir, dataset=None) -> str:
    """A paper's landing page: each figure and table with its verdict and numbers."""
    body = [f"<h1>{html.escape(paper)}: every figure and table, and what we got</h1>",
            f'<p class="sub">{html.escape(spec["title"])}</p>',
            "<p>Each item has its own page in this category of the report (the paper's "
            "statement beside ours, the figure, the tables). Verdicts: "
            + " ".join(verdict_badge(v) for v in LEGEND)
            + " — the worst compared number or claim of the item decides.</p>",
            _basis_note(verdict_table[verdict_table["paper"] == paper], dataset),
            _verdict_table(paper, spec, verdict_table, results_dir, dataset)]
    from imbeval_repro.report.keel import side_by_side_html  # the KEEL run's hook

    body.append(side_by_side_html(verdict_table[verdict_table["paper"] == paper]))
    return page_html(f"{paper}: verdicts", "".join(body))


def provenance_html(results_dir) -> str:
    """What made the run (``results/provenance.json``, :mod:`imbeval_repro.provenance`): the
    commit, the dataset, the seed, the key package versions and the record's hash, or a
    note that the run wrote none."""
    import json

    path = Path(results_dir) / "provenance.json" if results_dir is not None else None
    if path is None or not path.is_file():
        return "<h2>Provenance</h2><p>No <code>provenance.json</code> in the results.</p>"
    from imbeval_repro.provenance import KEY_PACKAGES

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
            "table's sha256 (<code>verdicts.csv</code> among them) are there.</p>"
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
            "section describes them). Decisions (rows with a p-value) are adjusted "
            "within their figure or table (Holm for claims; for a table of printed numbers "
            "against a re-run, a global test of the table, then Benjamini-Hochberg); the "
            "table of decisions below counts them, and the statement below it says which "
            "error rate is controlled for what.</p>")


def _counts_by_basis(verdict_table) -> str:
    if not len(verdict_table):
        return "<p>No verdict rows.</p>"
    run = verdict_table["basis"].map(lambda b: str(b) not in ("", "nan", cmp.PRINTED_BASIS))
    out = []
    for title, part in (("From the papers' printed numbers (exact arithmetic)", verdict_table[~run]),
                        ("From the run (empirical, with 95% intervals)", verdict_table[run])):
        out.append(f"<h3>{html.escape(title)}: {len(part)} rows</h3>")
        out.append(frame_html(cmp.summary(part)) if len(part) else "<p>None.</p>")
    return "".join(out)


def render_overview(catalog, verdict_table, results_dir, dataset=None, reference_dir=None) -> str:
    """Every paper's verdict table on one page, with the counts of the verdict table: the
    run's dataset at the top, rows from printed numbers and from the run counted apart."""
    from imbeval_repro.report.findings import findings_html

    on = ("" if dataset is None else
          f'<p class="sub">Run numbers from {html.escape(dataset.label)}; the methods, '
          "intervals and adjustments are below the findings.</p>")
    body = ["<h1>What the papers say, and what we got</h1>", on,
            # findings first: what holds, what does not, what is undecided; methods below
            findings_html(verdict_table, catalog),
            "<h2>Methods: what the verdicts rest on</h2>", _dataset_banner(dataset),
            "<p>One section per paper: each figure and table with its verdict and the "
            "numbers behind it. The full printed-versus-regenerated table is the "
            "<i>verdicts</i> page; each item has its own page under its paper's "
            "category; what each claim's words require (\"well above\", \"drops to 0\", "
            "\"slightly higher\"...) and why is the <i>claim thresholds</i> page of this "
            "category (<code>docs/claims.md</code>).</p>",
            '<p>Beyond the papers: <a href="catalogue.html">the catalogue</a> — PyCM\'s, '
            "scikit-learn's and imbalanced-learn's indices against the same conditions — and "
            '<a href="properties.html">the properties</a> of Gösgens et al. (NeurIPS 2021) '
            "for every index beside Conditions 1–3, with the Dutch Draw baseline.</p>",
            "<h2>Decisions, family by family, against chance</h2>", families_html(verdict_table),
            "<h2>What error rate is controlled, for what</h2>", error_rates_html(verdict_table),
            "<h2>Do the decisive verdicts survive another seed?</h2>",
            replication_html(results_dir),
            "<h2>Decisive verdicts on data, and do they hold on other data sets?</h2>",
            empirical_html(verdict_table, reference_dir),
            provenance_html(results_dir),
            "<h2>Counts of compared numbers and claims</h2>", _counts_by_basis(verdict_table)]
    for paper, spec in catalog.items():
        body.append(f"<h2>{html.escape(paper)}</h2><p class=\"sub\">"
                    f"{html.escape(spec['title'])}</p>")
        body.append(_verdict_table(paper, spec, verdict_table, results_dir, dataset))
    return page_html("imbeval: overview", "".join(body))


def render_thresholds() -> str:
    """The claim thresholds page: :data:`imbeval_repro.papers.claims.THRESHOLDS` (the table
    ``docs/claims.md`` writes out), with the rule for the three outcomes, then the Methods
    section of ``docs/claims.md`` (:func:`imbeval_repro.papers.claims.methods_markdown`)."""
    from imbeval_repro.papers import claims

    rows = "".join(
        f"<tr><td>{html.escape(t.wording)}</td><td>{html.escape(t.claims)}</td>"
        f"<td>{html.escape(t.margin)}</td><td class=\"num\">{html.escape(t.rule_text)}</td>"
        f"<td>{html.escape(t.reason)}</td></tr>" for t in claims.THRESHOLDS.values())
    body = ["<h1>Claim thresholds and methods</h1>",
            "<p>What a paper's words require of the number that checks them (the table is "
            "<code>imbeval_repro.papers.claims.THRESHOLDS</code>, written out as "
            "<code>docs/claims.md</code>). A claim on a run's numbers is decided on the 95% "
            "interval of its margin, made by the method its row names (column "
            "<i>method</i>; the Methods section below): "
            + verdict_badge("claim holds") + " when the whole interval satisfies the rule, "
            + verdict_badge("claim does not hold") + " when none of it does, "
            + verdict_badge("claim inconclusive") + " when the interval contains the threshold. "
            "A claim on exact arithmetic is decided on its number. Each decision's p-value "
            "is Holm-adjusted within its figure or table (column <i>adjustment</i>): a "
            "claim decisive at 95% alone but not after the adjustment is inconclusive.</p>",
            "<table><thead><tr><th>words</th><th>claims</th><th>margin</th>"
            "<th>holds when the margin is</th><th>why this threshold</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>",
            f'<div class="methods">{markdown_html(claims.methods_markdown())}</div>']
    return page_html("Claim thresholds and methods", "".join(body))


def render_verdicts(verdict_table) -> str:
    """The whole ``verdicts.csv`` as tables: counts, then one table per paper."""
    body = ["<h1>Printed versus regenerated</h1>",
            "<p>One row per printed number or stated claim. <b>match</b>: equal at print "
            "precision; <b>within print precision (printed truncated)</b>: the printed value "
            "is ours cut off instead of rounded; <b>erratum</b>: a documented misprint, with "
            "what the paper's formula gives; <b>claim holds / does not hold / inconclusive</b>: "
            "a statement checked on our results, with the number and threshold (for a run's "
            "number, inconclusive when the 95% interval of its margin contains the "
            "threshold; the thresholds are the <i>claim thresholds</i> page); "
            "<b>finding</b>: a fact we establish about a paper's indices or numbers; "
            "<b>not distinguishable from / differs from a re-run</b>: a printed number "
            "against the 95% prediction interval of a re-run of our pipeline (another CV "
            "partition), inside it (a re-run could print it, which is not a claim that it "
            "agrees) or outside it after the adjustment over its table (a global test of the "
            "table, then Benjamini-Hochberg); <b>outside our 95% interval, not decisive</b>: "
            "outside it, but not after that adjustment; "
            "<b>different setting</b>: regenerated under other conditions, so agreement is "
            "not expected; <b>not comparable</b>: nothing to regenerate it from. "
            "<b>basis</b>: <i>printed numbers</i> (exact arithmetic on the paper's own "
            "numbers) or the run's dataset; <b>method</b>: how a run row's interval was made; "
            "<b>p</b>: a decision's p-value; <b>adjustment</b>: the adjustment within the row's "
            "figure or table (Holm for claims; Simes, then Benjamini-Hochberg, for a table "
            "against a re-run), with the number the decision rests on.</p>",
            "<h2>Counts</h2>", frame_html(cmp.summary(verdict_table))]
    for paper, part in verdict_table.groupby("paper", sort=False):
        body.append(f"<h2>{html.escape(paper)} ({len(part)} rows)</h2>")
        body.append(verdicts_html(part))
    return page_html("Printed versus regenerated", "".join(body))


def write_pages(catalog_path, results_dir, verdicts_csv, out_dir,
                dataset=None, reference_dir=None) -> list[Path]:
    """Write every page of :func:`page_paths` into ``out_dir``; returns their paths.
    ``dataset``: the run's :class:`imbeval_repro.experiment.data.labels.RunDataset` (the overview names it);
    ``reference_dir``: the shipped reference results (the overview's half-split replication,
    the properties page's winner flips), None for none."""
    catalog = load_catalog(catalog_path)
    verdict_table = cmp.read_parts([verdicts_csv])
    out_dir = Path(out_dir)
    pages = {"overview.html": render_overview(catalog, verdict_table, results_dir, dataset,
                                              reference_dir),
             "verdicts.html": render_verdicts(verdict_table),
             "claims.html": render_thresholds(),
             "catalogue.html": render_catalogue_page(results_dir),
             "properties.html": render_properties_page(results_dir, reference_dir),
             "compare.html": render_compare_page(results_dir)}
    for paper, spec in catalog.items():
        pages[f"{paper}/{paper}_verdicts.html"] = render_landing(paper, spec, verdict_table,
                                                                 results_dir, dataset)
        for item in spec["items"]:
            pages[f"{paper}/{item['id']}.html"] = render_item(paper, spec, item, verdict_table,
                                                              results_dir, dataset)
    written = []
    for relative, text in pages.items():
        written.append(atomic_write_text(out_dir / relative, text))
    return written

