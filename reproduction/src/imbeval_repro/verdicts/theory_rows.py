"""Verdict rows for the papers' theorems, lemmas, results, conjectures and ortigosa2016's
Study 2, made from the theory stage's ``statements.csv`` (``imbeval theory statements``,
:mod:`imbeval_repro.verdicts.statements`, :mod:`imbeval_repro.papers.ortigosa2016.study2`).

Every row is a claim (or, where the paper states nothing, a finding) decided on a number
that rests on no sample: ``basis`` is ``exact arithmetic`` (every matrix of a finite domain,
or a counterexample evaluated) or ``computed`` (a seeded search, quadrature, a closed form);
``method`` names the domain and the tolerance, and the status carries the number, the
tolerance and, where a statement fails, its counterexample. No p-value: these rows are in no
family of decisions (:func:`imbeval_repro.verdicts.adjust` says so).
"""

from __future__ import annotations

import math

import pandas as pd

from imbeval_repro import verdicts as cmp
from imbeval_repro.verdicts.claim_rules import decide

__all__ = ["statement_rows", "STATEMENT_ITEMS"]

#: the verdict items these rows use, per paper (the report's catalog lists them)
STATEMENT_ITEMS = {
    "mortaz2020": ["Theorem 1", "Theorem 2", "Theorem 3", "Theorem 4", "Section 2.4.1"],
    "mullick2020": ["Lemma 1", "Lemma 2", "Lemma 3", "Theorem 5", "Section 6"],
    "dembele": ["Result 1", "Result 2", "Result 3", "Result 4", "Conjecture 1", "eq. 34",
                "eq. 35", "eq. 36", "eqs. 37-38"],
    "ortigosa2016": ["Section 2.1", "Section 3.3.2", "Section 3.3.2 (any K)", "eqs. 14-15",
                     "Proposition 1", "Corollary 1", "Corollary 2", "Corollary 3", "eq. 20",
                     "Theorem 1", "Section 4.2.2", "footnote 12"],
}


def _holds(text):
    value = str(text).strip().lower()
    if value in ("true", "1"):
        return True
    if value in ("false", "0"):
        return False
    if value in ("", "nan", "none"):
        return None
    raise ValueError(f"statements.csv: 'holds' must be True, False or empty, got {text!r}")


def statement_rows(statements_csv):
    """One verdict row per row of ``statements_csv``."""
    table = pd.read_csv(statements_csv, keep_default_na=False, dtype={"counterexample": str})
    missing = {"paper", "item", "statement", "holds", "measured", "detail", "basis", "method",
               "tolerance"} - set(table.columns)
    if missing:
        raise ValueError(f"{statements_csv} lacks the columns {sorted(missing)}")
    rows = []
    for r in table.itertuples(index=False):
        holds = _holds(r.holds)
        measured = float(r.measured) if str(r.measured) != "" else math.nan
        method = f"{r.method}; tolerance {float(r.tolerance):g}" if "tolerance" not in str(
            r.method) else str(r.method)
        if holds is None:
            rows.append(cmp.finding(r.paper, r.item, r.statement, measured, detail=r.detail,
                                    basis=r.basis, method=method))
            continue
        # a statement of a paper admits no exception on its domain (THRESHOLDS["statement"])
        decided = decide("statement", 0 if holds else 1)
        rows.append(cmp.claim(r.paper, r.item, r.statement, measured, decided,
                              detail=str(r.detail), basis=r.basis, method=method))
    return rows
