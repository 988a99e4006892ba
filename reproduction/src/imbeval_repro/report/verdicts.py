"""Verdicts of the report: an item's verdict from its verdict rows (the worst row
decides, by :class:`imbeval_repro.verdicts.Status`'s severity), its badge, the families of
decisions against chance, and verdict rows as a coloured table.

Everything is read from the verdict table's typed columns (``verdict_kind``, ``reason``,
``family_id``, ``adjusted_p``), never parsed back from the rendered ``status`` text. The
words of each kind are :data:`imbeval_repro.verdicts.WORDING`'s (the one table of
them); the colour of each is the report's: :data:`imbeval_repro.report._kinds.KIND_CSS`.
"""

from __future__ import annotations

import html
import math
from pathlib import Path

import pandas as pd

from imbeval.inference import DECISIVE_ALPHA
from imbeval_repro.report._html import _fmt, _is_run, _ours
from imbeval_repro.report._kinds import KIND_CSS, kind_badge
from imbeval_repro.report.grid import grid_cells, grid_summary
from imbeval_repro import verdicts as cmp

__all__ = ["KIND_CSS", "VERDICTS", "Verdict", "item_verdict", "decision_families",
           "families_html", "verdicts_html", "short_reason", "kind_badge", "verdict_badge",
           "LEGEND"]

#: the verdicts an item can have without a verdict row (severity after every status's)
_NO_ROWS = ("no printed numbers", "not drawn", "not run in this configuration")
#: verdict (in words) -> (css class, order of severity: the worst row decides an item's
#: verdict); a kind's from :class:`imbeval_repro.verdicts.Status`, then the verdicts of
#: no row
VERDICTS = {**{s.verdict: (KIND_CSS[s], s.severity) for s in sorted(cmp.Status,
                                                                     key=lambda s: s.severity)},
            **{v: ("neutral", 10 + k) for k, v in enumerate(_NO_ROWS)}}


class Verdict(str):
    """An item's verdict as a page shows it -- its words, perhaps with where it was tested
    ("claim holds on the Fashion-MNIST stand-in") -- carrying the CSS class of its badge,
    so the badge never reads the words back.

    >>> v = Verdict("claim holds on the Fashion-MNIST stand-in", "good")
    >>> v == "claim holds on the Fashion-MNIST stand-in", v.css
    (True, 'good')
    """

    css: str

    def __new__(cls, text: str, css: str):
        verdict = super().__new__(cls, text)
        verdict.css = css
        return verdict


def _verdict(name: str, suffix: str = "") -> Verdict:
    """The verdict ``name`` (a key of :data:`VERDICTS`), with ``suffix`` after it."""
    return Verdict(f"{name}{suffix}", VERDICTS[name][0])


#: the verdicts a legend shows, best first
LEGEND = ("matches", "claim holds", "finding", "not distinguishable from a re-run",
          "different setting", "claim inconclusive", "outside our 95% interval, not decisive",
          "erratum", "differs from a re-run", "claim does not hold")


def _evidence(row) -> str:
    """One line for a verdict row: what, printed, ours (with its interval), status."""
    # a claim row's column says which reading decides it, and its row text says so already
    claim_columns = ("", cmp.CLAIM_COLUMN, cmp.LITERAL_READING)
    what = " / ".join(str(x) for x in (row["row"], row["column"]) if str(x) not in claim_columns)
    printed = f"printed {row['printed']}" if str(row["printed"]) not in ("", "nan") else ""
    ours = f"ours {_ours(row)}" if _ours(row) else ""
    numbers = ", ".join(x for x in (printed, ours) if x)
    return (f"{row['item']}: {what}" + (f" ({numbers})" if numbers else "")
            + f" — {_short_status(row)}")


def short_reason(row, limit=140) -> str:
    """A row's one-line reason: the first clause of its ``reason`` (why it is undecided,
    written with the row) when it has one, else the first clause of its ``detail`` (clauses
    joined by :data:`imbeval_repro.verdicts.DETAIL_SEPARATOR`), at most ``limit``
    characters.

    >>> short_reason({"detail": "gap = +0.03, 95% interval [-1, 1]; must be > 0.05; "
    ...                         "inconclusive: 2 fold values, at least 5 needed",
    ...               "reason": "2 fold values, at least 5 needed"})
    '2 fold values, at least 5 needed'
    >>> short_reason({"detail": "interval [0.1, 0.3] contains 0.2; Holm p = 0.4"})
    'interval [0.1, 0.3] contains 0.2'
    """
    get = row.get if hasattr(row, "get") else (lambda key, default="": default)
    reason, detail = (str(get(c, "")) for c in ("reason", "detail"))
    text = reason if reason not in ("", "nan") else detail
    if text in ("", "nan"):
        return ""
    # the row's status word already says "inconclusive" / "not decisive": the reason is
    # what follows it
    text = cmp.detail_parts(text)[0]
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"


def _short_status(row, limit=140) -> str:
    """A row's status as its words and its one-line reason (:func:`short_reason`; the whole
    detail is in the item page's table of verdict rows)."""
    reason = short_reason(row, limit)
    return f"{cmp.wording(row['verdict_kind'])}: {reason}" if reason else str(row["status"])


def item_verdict(rows: pd.DataFrame, item: dict, results_dir=None,
                 dataset=None) -> tuple[str, str, list]:
    """``(verdict, counts text, evidence lines)`` of one item from its verdict rows.

    The worst row decides (the order of :data:`VERDICTS`: claim does not hold > differs
    from a re-run > erratum > claim inconclusive > different setting > ... > matches); the
    evidence lists every row that is not a plain match, so the numbers travel with the
    verdict, except the cells of a grid (:func:`grid_cells`), which are one line: their
    counts (the item's page shows them as a table). A claim verdict decided on a run of a
    stand-in or of the user's data (``dataset``, :class:`imbeval_repro.experiment.data.labels.RunDataset`)
    says so: "claim does not hold on the Fashion-MNIST stand-in".
    """
    if item.get("omitted"):
        return _verdict("not drawn"), "", [item["omitted"]]
    if results_dir is not None and not _present(item, results_dir):
        return _verdict("not run in this configuration"), "", []
    if rows.empty:
        return _verdict("no printed numbers"), "", []
    # a list, not Series.map: pandas would hand the StrEnum members back as plain str
    statuses = pd.Series([cmp.Status(k) for k in rows["verdict_kind"]], index=rows.index, dtype=object)
    worst = min(statuses, key=lambda s: s.severity)
    counts = rows["verdict_kind"].value_counts()
    text = ", ".join(f"{counts[k]} {cmp.wording(k)}" for k in cmp.STATUSES
                     if k in counts.index)
    grid = grid_cells(rows)
    notable = rows[(statuses != cmp.Status.MATCH) & ~rows.index.isin(grid.index)]
    deciding = rows[statuses.map(lambda s: s.verdict == worst.verdict)]
    run = [str(r["basis"]) for _, r in deciding.iterrows() if _is_run(r)]
    suffix = ""
    if worst.is_claim and run:
        # the stand-in wording is for claims run on the experiment's dataset only (the
        # mortaz2020 grid's claims run on UCI data): others name their basis
        ours = dataset is not None and cmp.run_basis(dataset.label) in run
        if ours and (dataset.stand_in or dataset.user):
            suffix = f" {dataset.on}"
        elif not ours:
            suffix = f" ({run[0]})"
    evidence = ([grid_summary(grid)] if len(grid) else []) + [
        _evidence(r) for _, r in notable.iterrows()]
    return _verdict(worst.verdict, suffix), text, evidence


def _present(item, results_dir) -> bool:
    files = list(item.get("figures", [])) + list(item.get("tables", []))
    return not files or any((Path(results_dir) / f).exists() for f in files)


def verdict_badge(verdict) -> str:
    """A verdict's badge: a :class:`Verdict` carries its class, a bare name is looked up."""
    css = getattr(verdict, "css", None) or VERDICTS.get(verdict, ("neutral",))[0]
    return f'<span class="verdict {css}">{html.escape(verdict)}</span>'


def decision_families(verdict_table: pd.DataFrame,
                      alpha: float = DECISIVE_ALPHA) -> pd.DataFrame:
    """Per family of decisions (the rows of one ``family_id``, as
    :func:`imbeval_repro.verdicts.adjust` formed and adjusted them): ``decisions``,
    ``decisive`` (rows whose
    status is in :data:`imbeval_repro.verdicts.DECISIVE`), ``chance`` (``alpha`` x
    decisions: how many a family of true nulls would make decisive at ``alpha`` without
    adjustment), ``kinds`` (the decisive count by status), ``adjustment`` (its name),
    ``error_rate`` (:func:`imbeval_repro.verdicts.family_error_rate`) and ``global_p``
    (Simes' p-value of the family as a whole).

    Examples
    --------
    >>> t = cmp.adjust(cmp.frame([cmp.claim("p", "Fig. 1", c, 0.1, True, p_value=v)
    ...                           for c, v in (("a", 0.001), ("b", 0.3))]))
    >>> decision_families(t)[["item", "decisions", "decisive", "chance"]].values.tolist()
    [['Fig. 1', 2, 1, 0.01]]
    """
    columns = ["paper", "item", "decisions", "decisive", "chance", "kinds", "adjustment",
               "error_rate", "global_p"]
    if verdict_table.empty or "p_value" not in verdict_table.columns:
        return pd.DataFrame(columns=columns)
    names = cmp.family_names(verdict_table)
    out = []
    families = verdict_table[verdict_table["family_id"].astype(str) != ""]
    for _, part in families.groupby("family_id", sort=False):
        paper, item = part["paper"].iloc[0], part["item"].iloc[0]
        kinds = part["verdict_kind"]
        decisive = kinds[kinds.isin(cmp.DECISIVE)]
        counts = decisive.value_counts()
        out.append({"paper": paper, "item": item, "decisions": len(part),
                    "decisive": len(decisive), "chance": round(alpha * len(part), 10),
                    "kinds": ", ".join(f"{counts[k]} {cmp.wording(k)}" for k in cmp.DECISIVE
                                       if k in counts.index),
                    "adjustment": names.get((paper, item), "none named"),
                    "error_rate": part["error_rate"].iloc[0],
                    "global_p": float(pd.to_numeric(part["global_p"], errors="coerce").min())})
    return pd.DataFrame(out, columns=columns)


def families_html(verdict_table: pd.DataFrame) -> str:
    """The families of decisions as a table (:func:`decision_families`), with a total."""
    families = decision_families(verdict_table)
    if families.empty:
        return ("<p>No row of this verdict table carries a p-value, so no decision was made "
                "(nothing to adjust, nothing to count against chance).</p>")
    alpha = f"{DECISIVE_ALPHA:g}"
    out = [f"<p>A <i>decision</i> is a row with a p-value (a claim, or a printed number "
           "against a re-run); the decisions of one figure or table are one family, adjusted "
           "together, and a row stays decisive (<i>"
           + ", ".join(html.escape(cmp.wording(k)) for k in cmp.DECISIVE)
           + f"</i>) only if its adjusted p-value is at most {alpha}: Holm's in a family with "
           "claims (FWER: the chance of even one false decision in the family is at most "
           f"{alpha}), Benjamini-Hochberg's q in a table of printed numbers against a re-run "
           "(FDR, after Simes' global test of the table: its p-value beside it). Beside each "
           f"decisive count: the count chance alone would give at the {alpha} level without "
           f"adjustment ({alpha} × decisions).</p>",
           "<table class=\"families\"><thead><tr><th>paper</th><th>figure / table</th>"
           "<th>decisions</th><th>decisive</th>"
           f"<th>expected by chance ({alpha} × decisions)</th><th>error rate</th>"
           "<th>adjustment</th></tr></thead><tbody>"]
    for _, f in families.iterrows():
        kinds = f" ({html.escape(f['kinds'])})" if f["kinds"] else ""
        out.append(f"<tr><td>{html.escape(str(f['paper']))}</td>"
                   f"<td>{html.escape(str(f['item']))}</td>"
                   f'<td class="num">{f["decisions"]}</td>'
                   f'<td class="num">{f["decisive"]}{kinds}</td>'
                   f'<td class="num">{_fmt(f["chance"], 3) or "0"}</td>'
                   f"<td>{_rate(f)}</td>"
                   f"<td>{html.escape(str(f['adjustment']))}</td></tr>")
    out.append(f"<tr><th colspan=\"2\">all {len(families)} families</th>"
               f'<td class="num"><b>{int(families["decisions"].sum())}</b></td>'
               f'<td class="num"><b>{int(families["decisive"].sum())}</b></td>'
               f'<td class="num"><b>{_fmt(float(families["chance"].sum()), 3) or "0"}</b></td>'
               "<td></td><td></td></tr></tbody></table>")
    return "".join(out)


def _rate(family) -> str:
    """A family's error rate, with Simes' p-value of an FDR family as a whole."""
    if family["error_rate"] != cmp.FDR or math.isnan(family["global_p"]):
        return html.escape(str(family["error_rate"]))
    return f"FDR (the table as a whole: global p = {family['global_p']:.3g})"


def _status_cell(row) -> str:
    """A status as its verdict word and a one-line reason (the detail's first clause), the
    whole detail below in a box a few lines high when it says more (a claim's detail can be
    a paragraph)."""
    kind = cmp.wording(row["verdict_kind"])
    detail = str(row.get("detail", ""))
    if detail in ("", "nan"):
        return html.escape(str(row["status"]))
    short = short_reason(row)
    cell = f"<b>{html.escape(kind)}</b>: {html.escape(short)}"
    if short != detail:
        # the whole detail in a short box that scrolls (not a <details>: these cells sit
        # inside the item page's collapsed list of rows)
        cell += f'<div class="more">{html.escape(detail)}</div>'
    return cell


def verdicts_html(rows: pd.DataFrame) -> str:
    """Verdict rows as a table, each status coloured by its kind, with the basis, the
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
        css = KIND_CSS[cmp.Status(r["verdict_kind"])]
        ours = html.escape(_fmt(r["regenerated"]))
        if _ours(r) != _fmt(r["regenerated"]):
            ours += f' <span class="ci">[{_fmt(r["ci_low"])}, {_fmt(r["ci_high"])}]</span>'
        out.append(
            "<tr>" + "".join(f"<td>{html.escape(str(r[c]))}</td>" for c in ("item", "row", "column"))
            + f'<td class="num">{html.escape(str(r["printed"]))}</td>'
            + f'<td class="num">{ours}</td>'
            + f'<td class="num">{_fmt(r["difference"])}</td>'
            + f'<td class="status {css}">{_status_cell(r)}</td>'
            + f'<td>{html.escape(str(r.get("basis", "")))}</td>' + method_cell
            + f'<td class="num">{"" if math.isnan(p_value) else f"{p_value:.3g}"}</td>'
            + f'<td>{"" if adjustment == "nan" else html.escape(adjustment)}</td></tr>')
    out.append("</tbody></table>")
    return "".join(out)

