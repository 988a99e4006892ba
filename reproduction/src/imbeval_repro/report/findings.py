"""The overview's first screen: what holds, what does not, what is undecided.

Per paper, its statements counted by outcome -- reproduced, refuted, errata, undecided
(with what would decide them) and the rest -- then the most important findings in one
sentence each, each linking to its item's page. Everything is read from the verdict table's
typed ``verdict_kind`` column through :class:`imbeval_repro.verdicts.Status` (:data:`OUTCOMES`
sorts every status into one outcome), never from a claim's wording, so new claim rows need
no change here.
"""

from __future__ import annotations

import html
import math

import pandas as pd

from imbeval.inference import MIN_CONCEPTS, MIN_DECISIVE_UNITS, MIN_FOLD_VALUES, Reason
from imbeval_repro.report._html import _fmt
from imbeval_repro.report.verdicts import kind_badge, short_reason
from imbeval_repro import verdicts as cmp

__all__ = ["OUTCOMES", "outcome_of", "paper_counts", "top_findings", "findings_html",
           "short_reason"]

S = cmp.Status
#: outcome -> the statuses it counts, in the order the overview shows them; every status is
#: in exactly one (tests/test_report_findings.py checks)
OUTCOMES = {
    "reproduced": (S.MATCH, S.TRUNCATED, S.CLAIM_HOLDS),
    "refuted": (S.CLAIM_FAILS, S.DIFFERS, S.MISMATCH),
    "errata": (S.ERRATUM,),
    "undecided": (S.CLAIM_INCONCLUSIVE, S.OUTSIDE),
    "not distinguishable from a re-run": (S.NOT_DISTINGUISHABLE,),
    "our findings": (S.FINDING,),
    "not compared": (S.SETTING, S.NOT_COMPARABLE),
}
#: what would decide a row of an undecided status, in general terms
WOULD_DECIDE = {
    S.CLAIM_INCONCLUSIVE: "the 95% interval of the claim's margin contains its threshold: a "
                          "narrower interval (more folds, runs or independent problems) "
                          "decides it",
    S.OUTSIDE: "outside our 95% interval alone but not after the table's adjustment: a "
               "larger re-run (a narrower prediction interval) decides it",
}
#: the order in which findings are the most important: refutations first, then errata,
#: our findings, and claims shown to hold
_PRIORITY = (S.MISMATCH, S.CLAIM_FAILS, S.DIFFERS, S.ERRATUM, S.FINDING, S.CLAIM_HOLDS)
#: a finding's one sentence is cut here (its page has the rest)
_SENTENCE = 200


def outcome_of(kind: str) -> str:
    """The outcome (a key of :data:`OUTCOMES`) of a status kind.

    >>> outcome_of("claim_inconclusive"), outcome_of("erratum")
    ('undecided', 'errata')
    """
    status = S(kind)
    for outcome, statuses in OUTCOMES.items():
        if status in statuses:
            return outcome
    raise ValueError(f"status {kind!r} is in no outcome")


def paper_counts(verdict_table: pd.DataFrame) -> pd.DataFrame:
    """Per paper, the count of rows in each outcome (columns: paper, then :data:`OUTCOMES`).

    Examples
    --------
    >>> t = cmp.frame([cmp.claim("p", "Fig. 1", "a", 0.1, True),
    ...                cmp.row("p", "Table 1", "x", "y", "0.5", 0.5)])
    >>> paper_counts(t)[["paper", "reproduced", "refuted"]].values.tolist()
    [['p', 2, 0]]
    """
    out = []
    for paper, part in verdict_table.groupby("paper", sort=False):
        counts = part["verdict_kind"].map(outcome_of).value_counts()
        out.append({"paper": paper, **{o: int(counts.get(o, 0)) for o in OUTCOMES}})
    return pd.DataFrame(out, columns=["paper", *OUTCOMES])


#: what a row undecided for too few units needs, by its ``reason_kind``
#: (:class:`imbeval.inference.Reason`; the minima of :mod:`imbeval.inference`)
NEEDS = {str(Reason.TOO_FEW_FOLDS): f"at least {MIN_FOLD_VALUES} needed",
         str(Reason.TOO_FEW_UNITS): f"at least {MIN_DECISIVE_UNITS} needed",
         str(Reason.TOO_FEW_CONCEPTS): f"at least {MIN_CONCEPTS} needed"}


def _would_decide(part: pd.DataFrame) -> str:
    """What would decide a paper's undecided rows: per status, the general rule, and the
    commonest need (e.g. "at least 5 needed") of their reasons (:data:`NEEDS`)."""
    texts = []
    for status, rule in WOULD_DECIDE.items():
        rows = part[part["verdict_kind"] == status.value]
        if rows.empty:
            continue
        needs = rows["reason_kind"].astype(str).map(NEEDS).dropna()
        need = f" (most often: {needs.value_counts().index[0]})" if len(needs) else ""
        texts.append(f"{len(rows)} {status.words}: {rule}{need}")
    return "; ".join(texts)


def _item_pages(catalog) -> dict:
    """``{(paper, verdict item name): page}`` from the catalog."""
    pages = {}
    for paper, spec in (catalog or {}).items():
        for item in spec["items"]:
            for name in item.get("verdict_items", [item["label"]]):
                pages[(paper, str(name))] = f"{paper}/{item['id']}.html"
    return pages


def top_findings(verdict_table: pd.DataFrame, n: int = 10, per_item: int = 2) -> pd.DataFrame:
    """The ``n`` most important rows: refutations, then errata, our findings and claims
    shown to hold (:data:`_PRIORITY`), the smallest adjusted p-value first within a status,
    at most ``per_item`` rows of one figure or table, so one table cannot fill the list.
    Rows of a reading shown beside the paper's
    (:data:`imbeval_repro.verdicts.LITERAL_READING`) are not findings."""
    if verdict_table.empty:
        return verdict_table
    rank = {s.value: k for k, s in enumerate(_PRIORITY)}
    # a claim decided on a reading shown beside the paper's is evidence on the item's page,
    # never a finding about the paper's claim
    beside = verdict_table["column"].astype(str) == cmp.LITERAL_READING
    frame = verdict_table[verdict_table["verdict_kind"].isin(rank) & ~beside].copy()
    frame["_rank"] = frame["verdict_kind"].map(rank)
    frame["_p"] = pd.to_numeric(frame.get("adjusted_p"), errors="coerce").fillna(math.inf)
    frame = frame.sort_values(["_rank", "_p"], kind="stable")
    frame = frame.groupby(["paper", "item"], sort=False).head(per_item)
    return frame.sort_values(["_rank", "_p"], kind="stable").head(n).drop(
        columns=["_rank", "_p"])


def _sentence(row) -> str:
    what = " / ".join(str(x) for x in (row["row"], row["column"])
                      if str(x) not in ("", "nan", "claim"))
    numbers = []
    if str(row.get("printed", "")) not in ("", "nan"):
        numbers.append(f"printed {row['printed']}")
    ours = _fmt(row.get("regenerated"))
    if ours:
        low, high = _fmt(row.get("ci_low")), _fmt(row.get("ci_high"))
        numbers.append(f"ours {ours}" + (f" [{low}, {high}]" if low and high else ""))
    reason = short_reason(row, _SENTENCE)
    # the status is the badge beside the sentence: not repeated in it
    text = what + (f" — {reason}" if reason else "")
    if numbers:
        text += f" ({', '.join(numbers)})"
    return text if len(text) <= 2 * _SENTENCE else text[:2 * _SENTENCE - 1] + "…"


def findings_html(verdict_table: pd.DataFrame, catalog=None, n: int = 10) -> str:
    """The overview's first screen: the counts per paper and the ``n`` top findings."""
    if verdict_table.empty:
        return "<p>No verdict rows: nothing is reproduced, refuted or undecided yet.</p>"
    counts = paper_counts(verdict_table)
    head = "".join(f"<th>{html.escape(o)}</th>" for o in OUTCOMES)
    rows = []
    for _, c in counts.iterrows():
        decide = _would_decide(verdict_table[verdict_table["paper"] == c["paper"]])
        undecided = str(c["undecided"]) + (
            f'<details><summary>what would decide them</summary>{html.escape(decide)}'
            "</details>" if decide else "")
        cells = "".join(f'<td class="num">{undecided if o == "undecided" else c[o]}</td>'
                        for o in OUTCOMES)
        rows.append(f"<tr><th>{html.escape(str(c['paper']))}</th>{cells}</tr>")
    pages = _item_pages(catalog)
    items = []
    for _, r in top_findings(verdict_table, n).iterrows():
        page = pages.get((str(r["paper"]), str(r["item"])))
        label = f"{r['paper']} {r['item']}"
        link = (f'<a href="{html.escape(page)}">{html.escape(label)}</a>' if page
                else html.escape(label))
        items.append(f"<li>{kind_badge(r['verdict_kind'])} {link}: {html.escape(_sentence(r))}</li>")
    return ("<h2>Findings first</h2>"
            "<p>Every compared number and stated claim of each paper, by outcome: "
            "<b>reproduced</b> (equal at print precision, or a claim that holds), "
            "<b>refuted</b> (a claim that does not hold, a printed number that differs from a "
            "re-run after its table's adjustment), <b>errata</b> (documented misprints), "
            "<b>undecided</b> (the evidence is not decisive either way; open “what would decide "
            "them”). Methods, intervals and adjustments are below.</p>"
            f'<table class="findings"><thead><tr><th>paper</th>{head}</tr></thead><tbody>'
            + "".join(rows) + "</tbody></table>"
            + f"<h3>The {len(items)} most important findings</h3>"
            "<p class=\"sub\">Refutations first, then errata, our findings and claims shown to "
            "hold; the smallest adjusted p-value first, at most two per figure or table. Each "
            "links to its page.</p>"
            f"<ol class=\"findings\">{''.join(items)}</ol>")
