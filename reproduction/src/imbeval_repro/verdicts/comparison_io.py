"""Reading and writing the comparison: the CSV at full precision and its Markdown
rendering (:func:`write`), the per-paper parts read back and concatenated
(:func:`read_parts`), counts by kind (:func:`summary`).

:func:`read_parts` is where a CSV written by an older version is brought to the columns
now: the typed columns of issue 31 and 45 added empty, a ``kind`` in words mapped to its
identifier (:func:`imbeval_repro.verdicts.statuses.kind_of`, the one reader of old verdict text).
"""

from __future__ import annotations

import math

import pandas as pd

from imbeval.utils.io import atomic_write_text
from imbeval.utils.tables import to_markdown, write_table
from imbeval_repro.verdicts.rows import ADDED_COLUMNS, COLUMNS, default_basis_kind, frame
from imbeval_repro.verdicts.statuses import STATUSES, kind_of, wording

__all__ = ["TYPED_COLUMNS", "MULTIPLICITY_COLUMNS", "summary", "write", "read_parts",
           "normalise"]

#: the columns a comparison CSV adds to the 14 of main at faa1c7b (the typed verdict)
TYPED_COLUMNS = ("kind", "detail", "adjusted_p")
#: the columns issue 31 adds (the multiplicity of a table as a whole): a CSV written before
#: them is read with them empty (:func:`read_parts`)
MULTIPLICITY_COLUMNS = ("error_rate", "global_p", "bh_q")
#: the numeric columns of a comparison CSV (read as floats, empty = NaN)
_NUMBERS = ("regenerated", "difference", "ci_low", "ci_high", "p_value", "adjusted_p",
            "global_p", "bh_q", "report_adjusted_p")
#: the text columns (read as text, empty = "")
_TEXTS = ("printed", "row", "column", "method", "adjustment", "kind", "detail", "error_rate",
          "method_kind", "basis_kind", "reason_kind", "reason", "family_id")


def summary(table: pd.DataFrame) -> pd.DataFrame:
    """Counts of rows by paper and kind, the kinds in the reader's words (columns in the
    order of :data:`imbeval_repro.verdicts.statuses.WORDING`)."""
    counts = pd.crosstab(table["paper"], table["kind"])
    counts = counts.reindex(columns=[k for k in STATUSES if k in counts.columns])
    counts.columns = pd.Index([wording(k) for k in counts.columns], name="kind")
    return counts


def write(table: pd.DataFrame, csv_path, md_path):
    """Write the comparison (CSV, full precision) and its Markdown rendering."""
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
        # ``basis`` and ``detail`` say in words what issue 45's columns hold as data)
        shown = part.drop(columns=["paper", *TYPED_COLUMNS, *MULTIPLICITY_COLUMNS,
                                   *ADDED_COLUMNS]).copy()
        shown["regenerated"] = shown["regenerated"].map(
            lambda v: "" if v is None or (isinstance(v, float) and math.isnan(v)) else f"{v:.4f}")
        shown["difference"] = shown["difference"].map(
            lambda v: "" if v is None or (isinstance(v, float) and math.isnan(v)) else f"{v:+.4f}")
        text += [f"## {paper}\n\n", to_markdown(shown, index=False), "\n"]
    atomic_write_text(md_path, "".join(text))


def normalise(table: pd.DataFrame) -> pd.DataFrame:
    """A comparison table read from a CSV, brought to the columns now: a ``kind`` written
    in words (before issue 45) becomes its identifier; the columns of issue 31
    (:data:`MULTIPLICITY_COLUMNS`) and 45 (:data:`imbeval_repro.verdicts.rows.ADDED_COLUMNS`)
    absent from an older CSV are added empty (``basis_kind`` from ``basis``, as
    :func:`imbeval_repro.verdicts.rows.comparison_row` defaults it: :func:`default_basis_kind`).

    >>> old = pd.DataFrame({"kind": ["claim holds", "consistent with a re-run"],
    ...                     "basis": ["run on d", "printed numbers"]})
    >>> new = normalise(old)
    >>> new["kind"].tolist(), new["basis_kind"].tolist(), new["family_id"].tolist()
    (['claim_holds', 'not_distinguishable'], ['run', 'printed'], ['', ''])
    """
    table = table.copy()
    table["kind"] = [str(kind_of(k)) for k in table["kind"]]
    for column in (*MULTIPLICITY_COLUMNS, *ADDED_COLUMNS):
        if column in table.columns:
            continue
        if column == "basis_kind":
            table[column] = [str(default_basis_kind(b)) for b in table["basis"]]
        else:
            table[column] = math.nan if column in _NUMBERS else ""
    return table


def read_parts(paths) -> pd.DataFrame:
    """Concatenate the per-paper comparison CSVs (in the given order), each brought to the
    columns now by :func:`normalise` (a CSV written before the typed verdict columns is
    refused: rerun the comparison rules)."""
    parts = [pd.read_csv(p, dtype={c: str for c in _TEXTS}, keep_default_na=False,
                         na_values={c: [""] for c in _NUMBERS})
             for p in paths]
    table = pd.concat(parts, ignore_index=True) if parts else frame([])
    missing = set(COLUMNS) - set(ADDED_COLUMNS) - set(MULTIPLICITY_COLUMNS) - set(table.columns)
    if missing:
        raise ValueError(f"comparison parts lack the columns {sorted(missing)} (written "
                         "before the typed verdict columns: rerun the comparison rules)")
    return normalise(table)[COLUMNS]
