"""Printed versus regenerated: one row per printed number, with a status.

Columns: ``paper, item, row, column, printed, regenerated, difference, status``.

``status`` is one of

- ``match`` -- the regenerated value, brought to the printed precision, is the printed value
  (rule ``"round"``: rounds to it; rule ``"last digit"``: within one unit of the last printed
  digit, for papers that sometimes truncate and sometimes round, as Dembélé's tables do;
  fractions such as ``44/75`` must agree to 1e-12; rule ``"one unit"``: within one unit of
  the last printed digit, for numbers derived from rounded entries, e.g. Dembélé's
  percentage drops);
- ``erratum: <explanation>`` -- a documented misprint (:mod:`imbeval.tables.printed`);
- ``different setting: <why>`` -- regenerated, but not under the paper's conditions (our CV
  split and library versions, our synthetic sweep, ...), so agreement is not expected;
- ``not comparable: <why>`` -- nothing to regenerate it from;
- ``MISMATCH`` -- none of the above: a number we fail to reproduce and cannot explain. The
  tests require there be none.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pandas as pd

from imbeval._io import atomic_write_text
from imbeval.tables._io import to_markdown, write_table

COLUMNS = ["paper", "item", "row", "column", "printed", "regenerated", "difference", "status"]
STATUSES = ("match", "erratum", "different setting", "not comparable", "MISMATCH")


def printed_number(printed: str) -> float:
    """The value of a printed string ('0.42', '-0.175', '44/75', '1,000,000'); NaN for 'NA'."""
    text = printed.strip().replace(",", "").replace("−", "-")
    if text in ("NA", "", "-"):
        return math.nan
    return float(Fraction(text)) if "/" in text else float(text)


def decimals(printed: str) -> int | None:
    """Digits after the decimal point; ``None`` for fractions and integers are exact."""
    text = printed.strip()
    if "/" in text:
        return None
    return len(text.split(".")[1]) if "." in text else 0


def matches(printed: str, value: float, rule: str = "round") -> bool:
    """Does ``value`` agree with ``printed`` at print precision (see the module docstring)?"""
    target = printed_number(printed)
    if math.isnan(target) or value is None or math.isnan(value):
        return math.isnan(target) and (value is None or math.isnan(value))
    places = decimals(printed)
    if places is None:
        return abs(value - target) <= 1e-12
    if rule == "round":
        # a tiny slack so that exact halves (0.125 -> '0.13' or '0.12') are not decided
        # by binary representation
        return abs(value - target) <= 0.5 * 10.0 ** -places + 1e-9
    if rule == "last digit":
        return abs(value - target) <= min(10.0 ** -places, 0.01) + 1e-9
    if rule == "one unit":
        return abs(value - target) <= 10.0 ** -places + 1e-9
    raise ValueError(f"unknown rule {rule!r}")


def row(paper, item, row_label, column, printed, regenerated, *, rule="round", erratum=None,
        setting=None, not_comparable=None, note=None) -> dict:
    """One comparison row; the status follows the precedence described in the module."""
    value = None if regenerated is None else float(regenerated)
    target = printed_number(printed)
    difference = (value - target) if value is not None and not math.isnan(target) else math.nan
    if not_comparable is not None:
        status = f"not comparable: {not_comparable}"
    elif value is None:
        raise ValueError(f"{paper} {item} {row_label}/{column}: no regenerated value")
    elif erratum is not None:
        if matches(printed, value, rule) and erratum.corrected is None:
            # a column-wide erratum (a different recipe for the whole column) can leave
            # single cells unchanged at print precision
            status = "match (the column's erratum does not change this cell)"
        elif matches(printed, value, rule):
            # a one-cell erratum that the value reproduces would be a wrong erratum
            status = "MISMATCH: listed as erratum but reproduces the printed value"
        else:
            status = f"erratum: {erratum.explanation}"
    elif setting is not None:
        status = "match" if matches(printed, value, rule) else f"different setting: {setting}"
        if status == "match":
            status = f"match (under a different setting: {setting})"
    else:
        status = "match" if matches(printed, value, rule) else "MISMATCH"
        if note and status == "match":
            status = f"match ({note})"
    return {
        "paper": paper, "item": item, "row": str(row_label), "column": str(column),
        "printed": printed, "regenerated": value, "difference": difference, "status": status,
    }


def frame(rows) -> pd.DataFrame:
    """The comparison rows (dicts from :func:`row`) as a DataFrame with :data:`COLUMNS`."""
    return pd.DataFrame(list(rows), columns=COLUMNS)


def status_kind(status: str) -> str:
    """The category of a status string: one of :data:`STATUSES`."""
    for kind in STATUSES:
        if status.startswith(kind):
            return kind
    raise ValueError(f"unknown status {status!r}")


def summary(table: pd.DataFrame) -> pd.DataFrame:
    """Counts of rows by paper and status category."""
    kinds = table["status"].map(status_kind)
    counts = pd.crosstab(table["paper"], kinds)
    return counts.reindex(columns=[k for k in STATUSES if k in counts.columns])


def write(table: pd.DataFrame, csv_path, md_path):
    """Write the comparison (CSV, full precision) and its Markdown rendering."""
    write_table(table, csv_path, None, index=False)
    counts = summary(table)
    text = ["# Printed versus regenerated\n\n",
            "One row per printed number. *match* = equal at print precision; *erratum* = a "
            "documented misprint (the explanation says what the paper's formula gives); "
            "*different setting* = regenerated under other conditions (our data split, "
            "our synthetic sweep); *not comparable* = nothing to regenerate it from.\n\n",
            "## Counts\n\n", to_markdown(counts, index=True), "\n"]
    for paper, part in table.groupby("paper", sort=False):
        shown = part.drop(columns="paper").copy()
        shown["regenerated"] = shown["regenerated"].map(
            lambda v: "" if v is None or (isinstance(v, float) and math.isnan(v)) else f"{v:.4f}")
        shown["difference"] = shown["difference"].map(
            lambda v: "" if v is None or (isinstance(v, float) and math.isnan(v)) else f"{v:+.4f}")
        text += [f"## {paper}\n\n", to_markdown(shown, index=False), "\n"]
    atomic_write_text(md_path, "".join(text))


def read_parts(paths) -> pd.DataFrame:
    """Concatenate the per-paper comparison CSVs (in the given order)."""
    parts = [pd.read_csv(p, dtype={"printed": str, "row": str, "column": str},
                         keep_default_na=False, na_values={"regenerated": [""],
                                                           "difference": [""]})
             for p in paths]
    table = pd.concat(parts, ignore_index=True) if parts else frame([])
    missing = set(COLUMNS) - set(table.columns)
    if missing:
        raise ValueError(f"comparison parts lack the columns {sorted(missing)}")
    return table[COLUMNS]


def mullick_fig2_rows():
    """mullick2020 Fig. 2's stated numbers; the figure belongs to the theory stage."""
    from imbeval.tables import printed as pr

    for (item, row_label, column), printed in pr.MULLICK_FIG2.items():
        yield row("mullick2020", item, row_label, column, printed, None,
                  not_comparable="Fig. 2 is regenerated by the theory stage "
                                 "(workflow/rules/theory.smk); its values are not read here")
