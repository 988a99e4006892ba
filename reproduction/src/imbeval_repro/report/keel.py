"""The report's view of the KEEL run: per claim of mullick2020 Figs. 3-5, the stand-in's
verdict and the KEEL verdict side by side (each with its number, interval and basis).

A KEEL row is the stand-in's row's claim under the item ``"<item> (KEEL)"``
(:mod:`imbeval_repro.papers.mullick2020.keel_claims`); a claim with no KEEL row (no KEEL run, or no problem
of its kind) shows "not run".
"""

from __future__ import annotations

import html
import re

import pandas as pd

from imbeval_repro.papers.mullick2020.keel_claims import KEEL_SUFFIX

__all__ = ["COLUMNS", "side_by_side", "side_by_side_html"]


#: the columns of :func:`side_by_side`
COLUMNS = ["item", "claim", "stand_in", "stand_in_ours", "stand_in_basis", "keel",
           "keel_ours", "keel_basis"]


def side_by_side(verdict_table: pd.DataFrame) -> pd.DataFrame:
    """One row per claim that has a KEEL row: ``item, claim``, then for the stand-in and
    for KEEL the verdict (its ``verdict_kind``; ``"not run"`` where the stand-in has no such claim),
    the number with its interval (``*_ours``) and the basis."""
    claims = verdict_table[verdict_table["column"] == "claim"]
    keel = claims[claims["item"].astype(str).str.endswith(KEEL_SUFFIX)]
    if keel.empty:
        return pd.DataFrame(columns=COLUMNS)
    from imbeval_repro.report._html import _ours

    # Fig. 5's claims name their C (the largest of each run: 10 on the stand-in, 15 on the
    # default's KEEL slice): the same claim whatever C
    key = lambda text: re.sub(r"C = \d+", "C = max", str(text))
    out = []
    for _, k in keel.iterrows():
        item = str(k["item"])[: -len(KEEL_SUFFIX)]
        base = claims[(claims["item"] == item) & (claims["row"].map(key) == key(k["row"]))]
        s = base.iloc[0] if len(base) else None
        # the typed column, never the rendered status text
        out.append({"item": item, "claim": k["row"],
                    "stand_in": "not run" if s is None else str(s["verdict_kind"]),
                    "stand_in_ours": "" if s is None else _ours(s),
                    "stand_in_basis": "" if s is None else str(s["basis"]),
                    "keel": str(k["verdict_kind"]), "keel_ours": _ours(k),
                    "keel_basis": str(k["basis"])})
    return pd.DataFrame(out, columns=COLUMNS)


def side_by_side_html(verdict_table: pd.DataFrame) -> str:
    """:func:`side_by_side` as an HTML section ('' when there is no KEEL row)."""
    from imbeval_repro.report.verdicts import verdict_badge
    from imbeval_repro.verdicts import verdict_of

    table = side_by_side(verdict_table)
    if table.empty:
        return ""

    def badge(kind, ours):
        verdict = kind if kind == "not run" else verdict_of(kind)
        return verdict_badge(verdict) + (f" {html.escape(ours)}" if ours else "")

    rows = "".join(
        f"<tr><td>{html.escape(r.item)}</td><td>{html.escape(str(r.claim))}</td>"
        f"<td>{badge(r.stand_in, r.stand_in_ours)}<br>"
        f"<small>{html.escape(r.stand_in_basis)}</small></td>"
        f"<td>{badge(r.keel, r.keel_ours)}<br><small>{html.escape(r.keel_basis)}</small></td>"
        "</tr>" for r in table.itertuples())
    return ("<h2>The experiment's claims: stand-in and KEEL side by side</h2>"
            "<p>Each claim of Figs. 3–5 decided on the configuration's stand-in run and again "
            "on KEEL datasets (the field's standard benchmark; independent units: the sources "
            "the two-class sets were cut from, each multi-class set), by the same thresholds "
            "and intervals; each verdict with its margin [95% interval] and basis.</p>"
            "<table><thead><tr><th>item</th><th>claim</th><th>stand-in</th><th>KEEL</th>"
            f"</tr></thead><tbody>{rows}</tbody></table>")
