"""Reading and writing the verdict table: the CSV at full precision and its Markdown
rendering (:func:`write`), the per-paper parts read back and concatenated
(:func:`read_parts`), counts by kind (:func:`summary`).
"""

from __future__ import annotations

import math

import pandas as pd

from imbeval.utils.io import atomic_write_text
from imbeval.utils.tables import to_markdown, write_table
from imbeval_repro.verdicts.rows import ADDED_COLUMNS, COLUMNS, frame
from imbeval_repro.verdicts.statuses import STATUSES, wording

__all__ = ["TYPED_COLUMNS", "MULTIPLICITY_COLUMNS", "summary", "write", "read_parts"]

#: the typed verdict: what a program reads instead of ``status``
TYPED_COLUMNS = ("verdict_kind", "detail", "adjusted_p")
#: the columns of the multiplicity of a table as a whole
MULTIPLICITY_COLUMNS = ("error_rate", "global_p", "bh_q")
#: the numeric columns of a verdict CSV (read as floats, empty = NaN)
_NUMBERS = ("regenerated", "difference", "ci_low", "ci_high", "p_value", "adjusted_p",
            "global_p", "bh_q", "report_adjusted_p")
#: the text columns (read as text, empty = "")
_TEXTS = ("printed", "row", "column", "method", "adjustment", "verdict_kind", "detail", "error_rate",
          "method_kind", "basis_kind", "reason_kind", "reason", "family_id")


def summary(table: pd.DataFrame) -> pd.DataFrame:
    """Counts of rows by paper and kind, the kinds in the reader's words (columns in the
    order of :data:`imbeval_repro.verdicts.statuses.WORDING`)."""
    counts = pd.crosstab(table["paper"], table["verdict_kind"])
    counts = counts.reindex(columns=[k for k in STATUSES if k in counts.columns])
    counts.columns = pd.Index([wording(k) for k in counts.columns], name="verdict_kind")
    return counts


def write(table: pd.DataFrame, csv_path, md_path):
    """Write the verdict table (CSV, full precision) and its Markdown rendering."""
    write_table(table, csv_path, None, index=False)
    counts = summary(table)
    text = ["# Printed versus regenerated\n\n",
            "One row per printed number or stated claim. *match* = equal at print precision; "
            "*within print precision (printed truncated)* = the printed value is ours cut "
            "off instead of rounded; *erratum* = a documented misprint (the explanation says "
            "what the paper's formula gives); *claim holds* / *claim does not hold* / *claim "
            "inconclusive* = a statement of the paper checked on our results, with the number "
            "and threshold (docs/claims.md; for a run's number decided on the 95% interval "
            "of its margin, inconclusive when it contains the threshold); *finding* = a fact "
            "we establish about a paper's indices or numbers; *not distinguishable from* / "
            "*differs from a re-run* = a run's number under other conditions, the printed "
            "value inside or outside the 95% prediction interval of a re-run of our pipeline "
            "(*outside our 95% interval, not decisive*: outside it, but not after the "
            "adjustment over its table); *different setting* = regenerated under other "
            "conditions (our data split, our synthetic sweep); *not comparable* = nothing to "
            "regenerate it from. *basis*: *printed numbers* (exact arithmetic on the paper's "
            "own numbers) or *run on <dataset>*; *ci_low*, *ci_high*: the 95% interval of a "
            "run's number; *method*: how it was made; *adjustment*: within the item's family "
            "of decisions, Holm for claims (the family-wise error rate), Simes' global test "
            "of the table and then Benjamini-Hochberg for a table of printed numbers against "
            "a re-run (the false discovery rate; docs/claims.md, Methods).\n\n",
            "## Counts\n\n", to_markdown(counts, index=True), "\n"]
    for paper, part in table.groupby("paper", sort=False):
        # the typed columns are what ``status`` renders: the Markdown shows the text once
        # (and ``adjustment`` prints the multiplicity columns' numbers; ``method``,
        # ``basis`` and ``detail`` say in words what the added columns hold as data)
        shown = part.drop(columns=["paper", *TYPED_COLUMNS, *MULTIPLICITY_COLUMNS,
                                   *ADDED_COLUMNS]).copy()
        shown["regenerated"] = shown["regenerated"].map(
            lambda v: "" if v is None or (isinstance(v, float) and math.isnan(v)) else f"{v:.4f}")
        shown["difference"] = shown["difference"].map(
            lambda v: "" if v is None or (isinstance(v, float) and math.isnan(v)) else f"{v:+.4f}")
        text += [f"## {paper}\n\n", to_markdown(shown, index=False), "\n"]
    atomic_write_text(md_path, "".join(text))


def read_parts(paths) -> pd.DataFrame:
    """Concatenate the per-paper verdict CSVs (in the given order); a part that lacks a
    column of :data:`imbeval_repro.verdicts.rows.COLUMNS` or names an unknown ``verdict_kind`` is
    refused (rerun the verdict rules that write it)."""
    parts = [pd.read_csv(p, dtype={c: str for c in _TEXTS}, keep_default_na=False,
                         na_values={c: [""] for c in _NUMBERS})
             for p in paths]
    table = pd.concat(parts, ignore_index=True) if parts else frame([])
    missing = set(COLUMNS) - set(table.columns)
    if missing:
        raise ValueError(f"verdict parts lack the columns {sorted(missing)}: rerun the "
                         "verdict rules that write them")
    unknown = sorted(set(table["verdict_kind"]) - set(STATUSES))
    if unknown:
        raise ValueError(f"verdict parts name unknown verdict kinds {unknown} (one of "
                         f"{', '.join(STATUSES)}): rerun the verdict rules that write them")
    return table[COLUMNS]
