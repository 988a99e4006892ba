"""How far the overview's verdicts can be trusted, stated once on the overview: which
error rate is controlled for what (:func:`error_rates`, :func:`error_rates_html`), and,
when a replication table is present, how many decisive verdicts survived another seed
(:func:`replication_html`, from ``results/replication/summary.csv``, written by
``imbeval replicate``; the default workflow never writes it).

Read from the verdict table's typed columns (``verdict_kind``, ``p_value``, ``family_id``,
``error_rate``, ``global_p``, ``report_adjusted_p``, ``reason_kind``), never from the status
text; the families and their adjustments, the report-wide Holm among them, are
:func:`imbeval_repro.verdicts.adjust`'s, made once where the families are formed.
"""

from __future__ import annotations

import html
import math
from pathlib import Path

import pandas as pd

from imbeval.inference import (DECISIVE_ALPHA, INTERVAL_ALPHA, LEVEL, MIN_RERUN_DF,
                               REPLICATION_POWER, Reason)
from imbeval_repro import verdicts as cmp

__all__ = ["error_rates", "error_rates_html", "REPLICATION_SUMMARY", "replication_html",
           "REFERENCE_REPLICATION", "empirical_html"]

#: the half-split replication of the shipped reference run, under the results folder
REFERENCE_REPLICATION = "replication.csv"

#: where the overview looks for a replication table, under the results folder
REPLICATION_SUMMARY = "replication/summary.csv"


def error_rates(verdict_table: pd.DataFrame, alpha: float = DECISIVE_ALPHA) -> dict:
    """The numbers of the report-wide statement.

    Returns a dict: ``fwer_families``, ``fwer_decisions``, ``fwer_decisive`` (claim
    families: Holm), ``fwer_bound`` (``alpha`` x families: the union bound on any false
    decisive verdict in any of them), ``report_holm_kept`` (how many of the decisive ones
    also survive Holm over all the FWER families' decisions at once: their
    ``report_adjusted_p`` at most ``alpha``), ``tables`` (a frame,
    one row per FDR family: ``paper``, ``item``, ``numbers``, ``global_p``, ``differs``
    (located by Benjamini-Hochberg), ``outside`` (outside our interval, not located)),
    ``exact`` (decisive rows on exact arithmetic, in no family).

    Examples
    --------
    >>> t = cmp.adjust(cmp.frame([cmp.claim("p", "Fig. 1", c, 0.1, True, p_value=v)
    ...                           for c, v in (("a", 0.001), ("b", 0.3))]))
    >>> r = error_rates(t)
    >>> r["fwer_families"], r["fwer_decisive"], r["fwer_bound"], len(r["tables"])
    (1, 1, 0.005, 0)
    """
    p = pd.to_numeric(verdict_table["p_value"], errors="coerce")
    decided = verdict_table[verdict_table["family_id"].astype(str) != ""]
    in_fwer = decided["error_rate"] == cmp.FWER
    fwer = decided.loc[in_fwer]
    decisive = fwer["verdict_kind"].isin(cmp.DECISIVE).to_numpy()
    kept = (pd.to_numeric(fwer["report_adjusted_p"], errors="coerce") <= alpha).to_numpy()
    tables = []
    for _, part in decided.loc[~in_fwer].groupby("family_id", sort=False):
        kinds = part["verdict_kind"]
        tables.append({"paper": part["paper"].iloc[0], "item": part["item"].iloc[0],
                       "numbers": len(part),
                       "global_p": float(pd.to_numeric(part["global_p"]).min()),
                       "differs": int((kinds == cmp.Status.DIFFERS).sum()),
                       "outside": int((kinds == cmp.Status.OUTSIDE).sum()),
                       # numbers whose re-run spread has too few df to decide on: the
                       # table's global test rests on them too
                       "few_df": int((part["reason_kind"] == Reason.TOO_FEW_DF).sum())})
    exact = verdict_table["verdict_kind"].isin(cmp.DECISIVE) & p.isna()
    return {"fwer_families": int(fwer["family_id"].nunique()), "fwer_decisions": len(fwer),
            "fwer_decisive": int(decisive.sum()),
            "fwer_bound": round(min(1.0, alpha * fwer["family_id"].nunique()), 10),
            "report_holm_kept": int((decisive & kept).sum()),
            "tables": pd.DataFrame(tables, columns=["paper", "item", "numbers", "global_p",
                                                    "differs", "outside", "few_df"]),
            "exact": int(exact.sum())}


def error_rates_html(verdict_table: pd.DataFrame, alpha: float = DECISIVE_ALPHA) -> str:
    """The report-wide statement of what error rate is controlled for what, with this
    run's numbers (:func:`error_rates`)."""
    if verdict_table.empty or "p_value" not in verdict_table.columns:
        return "<p>No verdict rows: no decision, no error rate to state.</p>"
    r = error_rates(verdict_table, alpha)
    a = f"{alpha * 100:.3g}%"
    if not r["fwer_decisions"] and not len(r["tables"]):
        return ("<p>No row of this run carries a p-value: no verdict rests on a test of a "
                "sampled number, so there is no error rate to control. The "
                f"{r['exact']} decisive verdicts rest on exact arithmetic (the papers' printed "
                "numbers, the audit's exact search), with no sampling error.</p>")
    bound = f"{r['fwer_bound'] * 100:.3g}%"
    out = ["<p><b>In one sentence:</b> a decisive claim is wrong with probability at most "
           f"{a} within its figure or table (Holm: the family-wise error rate) and at most "
           f"{bound} anywhere in the report; a table of printed numbers is called different "
           f"from a re-run with probability at most {a} when it is not, and of the numbers it "
           f"then locates at most {a} are expected to be false (the false discovery rate); "
           f"exact arithmetic has no error rate. The level is {a}, "
           f"not {INTERVAL_ALPHA * 100:g}%, so "
           "that a decisive verdict is made again by a re-run at another seed: at p = "
           f"{DECISIVE_ALPHA:g} a re-run reaches p &le; {INTERVAL_ALPHA:g} about "
           f"{REPLICATION_POWER:.0%} of the times (Goodman 1992; Benjamin et al. 2018); "
           f"intervals stay {LEVEL:.0%}.</p>"
           "<p>Every decision on a run's number has a p-value and belongs to one family, "
           "the decisions of one figure or table; what a family controls depends on what it "
           "decides.</p><ul>",
           f"<li><b>Claims: the family-wise error rate (FWER), by Holm.</b> In each of the "
           f"{r['fwer_families']} families of claims ({r['fwer_decisions']} decisions, "
           f"{r['fwer_decisive']} decisive) the chance of even one false decisive verdict is "
           f"at most {a}; across the report, the chance of any false decisive claim verdict "
           f"is at most {r['fwer_families']} × {a} = {bound} (the union bound over the "
           f"families). {r['report_holm_kept']} of the "
           f"{r['fwer_decisive']} decisive verdicts would also survive Holm over all "
           f"{r['fwer_decisions']} decisions at once (a report-wide FWER of {a}).</li>"]
    tables = r["tables"]
    if len(tables):
        out.append(
            "<li><b>Tables of printed numbers against a re-run: the false discovery rate "
            "(FDR), after a global test.</b> Each table is first tested as a whole, by "
            "Simes' (1986) test of its numbers' p-values: a table whose every number a "
            f"re-run could print is called different with probability at most {a}. The "
            "numbers of one table share their CV partitions, so their tests are positively "
            "dependent, under which Simes' test (and Benjamini-Hochberg) keep their level; "
            "Fisher's and Stouffer's combinations assume independence and would not. In a "
            "table that fails, the numbers that differ are located by Benjamini-Hochberg "
            f"(1995): of the numbers called <i>differs from a re-run</i>, at most {a} are "
            "expected to be false discoveries; a number is located only when its re-run "
            f"spread rests on at least {MIN_RERUN_DF} degrees of freedom "
            f"({MIN_RERUN_DF + 1} CV repetitions: with fewer the "
            "spread varies so much between seeds that the verdict is not made again). A "
            "number outside our 95% interval that is not located says so (<i>outside our 95% interval, not decisive</i>); one inside it "
            "is <i>not distinguishable from a re-run</i>, which is not a claim that it "
            "agrees.</li>")
    out.append(f"<li><b>Exact arithmetic</b> (the papers' printed numbers, the audit's exact "
               f"search): {r['exact']} decisive verdicts with no sampling error, in no "
               "family.</li></ul>")
    if len(tables):
        out.append("<table><thead><tr><th>paper</th><th>table</th><th>numbers</th>"
                   "<th>global p (Simes)</th><th>the table as a whole</th>"
                   "<th>differs (located, FDR)</th><th>outside, not located</th>"
                   "</tr></thead><tbody>")
        for _, t in tables.iterrows():
            if t["global_p"] > alpha:
                whole = "not distinguishable from a re-run"
            elif t["few_df"]:
                whole = (f"global p at most {alpha:g}, not decisive: {t['few_df']} numbers' "
                         f"re-run spreads have fewer than {MIN_RERUN_DF} df")
            else:
                whole = "differs from a re-run"
            out.append(f"<tr><td>{html.escape(str(t['paper']))}</td>"
                       f"<td>{html.escape(str(t['item']))}</td>"
                       f'<td class="num">{t["numbers"]}</td>'
                       f'<td class="num">{t["global_p"]:.3g}</td><td>{whole}</td>'
                       f'<td class="num">{t["differs"]}</td>'
                       f'<td class="num">{t["outside"]}</td></tr>')
        out.append("</tbody></table>")
    return "".join(out)


def _share(value) -> str:
    value = pd.to_numeric(pd.Series([value]), errors="coerce").iloc[0]
    return "—" if math.isnan(value) else f"{value:.0%}"


def replication_html(results_dir) -> str:
    """The measured stability of the decisive verdicts across seeds, from the results'
    ``replication/summary.csv`` when present; otherwise a note that it was not measured."""
    from imbeval_repro.verdicts import replication

    path = Path(results_dir) / REPLICATION_SUMMARY if results_dir is not None else None
    if path is None or not path.is_file():
        return ("<p>Not measured for this run: no <code>results/"
                f"{html.escape(REPLICATION_SUMMARY)}</code> (written by <code>imbeval "
                "replicate run</code> or <code>imbeval replicate agreement</code>, never by the "
                "default workflow). Until it is, a decisive verdict on a sampled number is a "
                "statement about this seed's run.</p>")
    summary = pd.read_csv(path)
    missing = [c for c in replication.SUMMARY_COLUMNS if c not in summary.columns]
    if missing:
        return (f"<p>{html.escape(str(path))} lacks the columns {html.escape(str(missing))}: "
                "rerun <code>imbeval replicate agreement</code>.</p>")
    met = replication.criteria(summary)
    runs = summary.drop_duplicates("run")
    seeds = ", ".join(str(s) for s in runs["seed"] if str(s) not in ("", "nan"))
    out = [f"<p>{len(runs)} runs" + (f" (seeds {html.escape(seeds)})" if seeds else "")
           + f" made {met['decisive_total']} decisive verdicts on sampled numbers (verdicts "
           "on exact arithmetic left out: they are the same at every seed). "
           f"<b>{met['reversals']} reversed</b> at another seed; the lowest share of a run's "
           f"decisive verdicts decisive the same way at another seed is "
           f"<b>{_share(met['lowest_share'])}</b>"
           f" (a replication needs no reversal, at least {replication.TARGET_SHARE:.0%}, and "
           f"at least {replication.TARGET_TOTAL} decisive verdicts in all: "
           + ("met" if met["no_reversal"] and met["share"] and met["total"] else "not met")
           + ").</p>",
           "<table><thead><tr><th>run</th><th>other run</th><th>decisive</th><th>kept</th>"
           "<th>reversed</th><th>lost (not decisive there)</th><th>absent</th>"
           "<th>share kept</th></tr></thead><tbody>"]
    for _, s in summary.iterrows():
        out.append("<tr>" + "".join(f"<td>{html.escape(str(s[c]))}</td>" for c in ("run", "other"))
                   + "".join(f'<td class="num">{int(s[c])}</td>'
                             for c in ("decisive", "kept", "reversed", "lost", "absent"))
                   + f'<td class="num">{_share(s["share_kept"])}</td></tr>')
    out.append("</tbody></table>")
    return "".join(out)


def empirical_html(verdict_table: pd.DataFrame, reference_dir=None) -> str:
    """What a replication check should count: this run's decisive verdicts on
    numbers measured on data, apart from synthetic sweeps, identities and exact rows; and,
    for the claims over data sets of the shipped reference run, how often two random halves
    of its families decide them the same way (``replication.csv`` of ``reference_dir``, the
    shipped reference results)."""
    from imbeval_repro.verdicts import replication

    from imbeval_repro.papers.mullick2020.keel_claims import REFERENCE_SUFFIX

    shipped = verdict_table["item"].astype(str).str.endswith(REFERENCE_SUFFIX) if len(
        verdict_table) else pd.Series(dtype=bool)
    n = replication.empirical_decisive(verdict_table[~shipped]) if len(verdict_table) else 0
    n_reference = replication.empirical_decisive(verdict_table[shipped]) if shipped.any() else 0
    out = [f"<p><b>{n} decisive empirical verdicts</b> in this run"
           + (f" and <b>{n_reference}</b> in the shipped reference run of the whole KEEL "
              "collection" if n_reference else "") + ": decisive verdicts on "
           "numbers measured on data, not counting the synthetic sweeps (many standard "
           "errors from their thresholds at every seed), identities (zero-width intervals) "
           "and exact arithmetic. Another seed redraws only the CV noise of the same data "
           "sets, so for a claim over data sets the test that matters is another sample of "
           "data sets: below, the reference run's families split at random in two halves, "
           "each half deciding the claim alone.</p>"]
    path = Path(reference_dir) / REFERENCE_REPLICATION if reference_dir is not None else None
    if path is None or not path.is_file():
        where = (REFERENCE_REPLICATION if reference_dir is None
                 else str(Path(reference_dir) / REFERENCE_REPLICATION))
        out.append("<p>No half-split replication: the shipped reference results "
                   f"(<code>{html.escape(where)}</code>) are absent.</p>")
        return "".join(out)
    table = pd.read_csv(path)
    out.append("<table><thead><tr><th>claim (reference run)</th><th>families</th>"
               "<th>verdict</th><th>splits</th><th>both halves decide</th>"
               "<th>both in its direction</th><th>both decisive (p ≤ 0.005)</th></tr></thead>"
               "<tbody>")
    for _, r in table.iterrows():
        out.append(f"<tr><td>{html.escape(str(r['item']))}: {html.escape(str(r['claim']))}</td>"
                   f'<td class="num">{int(r["families"])}</td>'
                   f"<td>{html.escape(str(r['verdict']))}</td>"
                   f'<td class="num">{int(r["splits"])}</td>'
                   f'<td class="num">{int(r["both_decide"])}</td>'
                   f'<td class="num">{_share(r["share_same"])}</td>'
                   f'<td class="num">{int(r["decisive_both"])}</td></tr>')
    out.append("</tbody></table>")
    return "".join(out)
