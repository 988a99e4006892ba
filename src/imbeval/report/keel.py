"""The report's view of the KEEL run: per claim of mullick2020 Figs. 3-5, the stand-in's
verdict and the KEEL verdict side by side (each with its number, interval and basis).

A KEEL row is the stand-in's row's claim under the item ``"<item> (KEEL)"``
(:mod:`imbeval.tables.claims_keel`); a claim with no KEEL row (no KEEL run, or no problem
of its kind) shows "not run".
"""

from __future__ import annotations

import html
import re

import pandas as pd

from imbeval.tables.claims_keel import KEEL_SUFFIX

__all__ = ["side_by_side", "side_by_side_html"]


def side_by_side(comparison: pd.DataFrame) -> pd.DataFrame:
    """One row per claim that has a KEEL row: ``item, claim, stand_in, stand_in_basis,
    keel, keel_basis`` (verdicts as status kinds, with the number and its interval)."""
    claims = comparison[comparison["column"] == "claim"]
    keel = claims[claims["item"].astype(str).str.endswith(KEEL_SUFFIX)]
    if keel.empty:
        return pd.DataFrame(columns=["item", "claim", "stand_in", "stand_in_basis", "keel",
                                     "keel_basis"])
    from imbeval.report._html import _ours

    def verdict(row):
        # the typed column, never the rendered status text (issue 30)
        ours = _ours(row)
        return str(row["kind"]) + (f": {ours}" if ours else "")

    # Fig. 5's claims name their C (the largest of each run: 10 on the stand-in, 15 on the
    # default's KEEL slice): the same claim whatever C
    key = lambda text: re.sub(r"C = \d+", "C = max", str(text))
    out = []
    for _, k in keel.iterrows():
        item = str(k["item"])[: -len(KEEL_SUFFIX)]
        base = claims[(claims["item"] == item) & (claims["row"].map(key) == key(k["row"]))]
        s = base.iloc[0] if len(base) else None
        out.append({"item": item, "claim": k["row"],
                    "stand_in": verdict(s) if s is not None else "not run",
                    "stand_in_basis": "" if s is None else str(s["basis"]),
                    "keel": verdict(k), "keel_basis": str(k["basis"])})
    return pd.DataFrame(out)


def side_by_side_html(comparison: pd.DataFrame) -> str:
    """:func:`side_by_side` as an HTML section ('' when there is no KEEL row)."""
    from imbeval.report.verdicts import _KIND_TO_VERDICT, _badge

    table = side_by_side(comparison)
    if table.empty:
        return ""

    def badge(text):
        kind, _, rest = text.partition(": ")
        return _badge(_KIND_TO_VERDICT.get(kind, kind)) + (f" {html.escape(rest)}" if rest else "")

    rows = "".join(
        f"<tr><td>{html.escape(r.item)}</td><td>{html.escape(str(r.claim))}</td>"
        f"<td>{badge(r.stand_in)}<br><small>{html.escape(r.stand_in_basis)}</small></td>"
        f"<td>{badge(r.keel)}<br><small>{html.escape(r.keel_basis)}</small></td></tr>"
        for r in table.itertuples())
    return ("<h2>The experiment's claims: stand-in and KEEL side by side</h2>"
            "<p>Each claim of Figs. 3–5 decided on the configuration's stand-in run and again "
            "on KEEL datasets (the field's standard benchmark; independent units: the sources "
            "the two-class sets were cut from, each multi-class set), by the same thresholds "
            "and intervals; each verdict with its margin [95% interval] and basis.</p>"
            "<table><thead><tr><th>item</th><th>claim</th><th>stand-in</th><th>KEEL</th>"
            f"</tr></thead><tbody>{rows}</tbody></table>")
