"""Multiplicity: the families of decisions of a verdict table and their adjustment.

A *family* is the decisions (rows with a ``p_value``) of one paper's figure or table: its
``family_id`` is written with its rows by :func:`adjust`, the one place families are formed
and adjusted; readers (the report's families table and error rates) group by that column
and read the adjusted numbers it wrote, never adjusting again. :func:`adjust` also writes
``report_adjusted_p``: Holm over every claim family's decisions of the table at once (the
report-wide family-wise error rate the overview states).
"""

from __future__ import annotations

import math

import pandas as pd

from imbeval.inference import DECISIVE_ALPHA, Method, Reason
from imbeval_repro.verdicts.precision import number_or_nan
from imbeval_repro.verdicts.rows import PRINTED_BASIS
from imbeval_repro.verdicts.statuses import DECISIVE, Status

__all__ = ["FWER", "FDR", "holm_family", "fdr_family", "family_error_rate", "family_name",
           "family_id", "EXACT_ADJUSTMENT", "family_names", "adjustment_names",
           "DETAIL_SEPARATOR", "detail_parts", "adjust", "outside_interval"]

#: the error rates a family of decisions controls (:func:`family_error_rate`)
FWER, FDR = "FWER", "FDR"


def holm_family(paper, item, decisions: int) -> str:
    """The name of a family of decisions whose error rate is the FWER (Holm), as
    ``adjustment`` states it.

    >>> holm_family("p", "Fig. 1", 3)
    'Holm over p Fig. 1, 3 decisions'
    """
    return f"Holm over {paper} {item}, {decisions} decision{'s' if decisions != 1 else ''}"


def fdr_family(paper, item, numbers: int) -> str:
    """The name of a table of printed numbers against a re-run (error rate FDR), as
    ``adjustment`` states it.

    >>> fdr_family("m", "Table 16", 108)
    'Simes, then Benjamini-Hochberg over m Table 16, 108 numbers'
    """
    return (f"Simes, then Benjamini-Hochberg over {paper} {item}, {numbers} "
            f"number{'s' if numbers != 1 else ''}")


def family_id(paper, item) -> str:
    """The ``family_id`` of the decisions of ``paper``'s ``item`` (the rows :func:`adjust`
    adjusts together).

    >>> family_id("p", "Fig. 1")
    'p / Fig. 1'
    """
    return f"{paper} / {item}"


def family_error_rate(kinds) -> str:
    """The error rate a family of decisions controls, from its rows' kinds: :data:`FDR`
    for a table of printed numbers against a re-run (no claim among them: the question is
    first whether the table as a whole is what a re-run could print, then which numbers
    are not), :data:`FWER` for any other (a claim's verdict is a statement on its own).

    >>> family_error_rate(["differs", "match"]), family_error_rate(["claim_holds"])
    ('FDR', 'FWER')
    """
    statuses = [Status(k) for k in kinds]
    rerun = any(s.is_rerun for s in statuses) and not any(s.is_claim for s in statuses)
    return FDR if rerun else FWER


def family_name(paper, item, kinds) -> str:
    """A family's name (:func:`holm_family` or :func:`fdr_family`, by
    :func:`family_error_rate`)."""
    kinds = list(kinds)
    name = fdr_family if family_error_rate(kinds) == FDR else holm_family
    return name(paper, item, len(kinds))


#: the ``adjustment`` of a decisive run row without a p-value (no family)
EXACT_ADJUSTMENT = "none: not a sampled number (see method), no multiplicity to adjust"


def family_names(table: pd.DataFrame) -> dict:
    """``{(paper, item): name}`` of every family of decisions in ``table`` (the rows with an
    ``adjusted_p``), each named by :func:`family_name`.

    >>> from imbeval_repro.verdicts import claim, frame
    >>> t = adjust(frame([claim("p", "Fig. 1", c, 0.1, True, p_value=0.01) for c in "ab"]))
    >>> family_names(t)
    {('p', 'Fig. 1'): 'Holm over p Fig. 1, 2 decisions'}
    """
    adjusted = table[pd.to_numeric(table["adjusted_p"], errors="coerce").notna()]
    return {key: family_name(*key, part["verdict_kind"])
            for key, part in adjusted.groupby(["paper", "item"], sort=False)}


def adjustment_names(table: pd.DataFrame, within: pd.DataFrame | None = None) -> pd.Series:
    """Each row's adjustment without its adjusted p-value: its family's name
    (:func:`family_name`, the family counted in ``within``, default ``table``) where it has
    an ``adjusted_p``, else its ``adjustment`` as written (``""``, or
    :data:`EXACT_ADJUSTMENT`)."""
    names = family_names(table if within is None else within)
    adjusted = pd.to_numeric(table["adjusted_p"], errors="coerce").notna()
    return pd.Series([names[(r["paper"], r["item"])] if a else str(r["adjustment"])
                      for (_, r), a in zip(table.iterrows(), adjusted)],
                     index=table.index, dtype=object)


#: how the parts of a ``detail`` are joined (a setting, the TOST result, a known
#: difference, ...; :func:`adjust` puts its reason first)
DETAIL_SEPARATOR = "; "


def detail_parts(detail) -> list[str]:
    """The parts of a ``detail`` (joined by :data:`DETAIL_SEPARATOR`).

    >>> detail_parts("our CV; TOST p = 0.01")
    ['our CV', 'TOST p = 0.01']
    """
    return [part.strip() for part in str(detail).split(DETAIL_SEPARATOR) if part.strip()]


def adjust(table: pd.DataFrame, alpha: float = DECISIVE_ALPHA) -> pd.DataFrame:
    """Adjust each family of decisions (the rows of one paper and item with a ``p_value``)
    for its multiplicity, by the error rate it controls (:func:`family_error_rate`).

    - **FWER** (a family with a claim): Holm's adjustment. A decisive row
      (:data:`DECISIVE`) stays so only if its Holm-adjusted p-value is at most ``alpha``
      (:data:`imbeval.inference.DECISIVE_ALPHA`, 0.005: the replication level): the chance
      of even one false decisive row in the family is at most ``alpha``.
    - **FDR** (a table of printed numbers against a re-run, no claim among them): Simes'
      global test of the table first (``global_p``: is the table as a whole what a re-run
      could print?), then Benjamini-Hochberg to locate the numbers that are not: a
      *differs from a re-run* stays so only if its q-value (``bh_q``) is at most ``alpha``,
      which needs the table's global test to fail (the smallest q is Simes' p); of the
      numbers so located, at most a share ``alpha`` are expected to be false.
      (:mod:`imbeval.inference._multiplicity` says why Simes and not Fisher or Stouffer.)

    A decisive row that does not stay so says why (in ``detail``, and as ``reason_kind``
    :attr:`imbeval.inference.Reason.ADJUSTED` with ``reason``): a claim becomes *claim
    inconclusive*, a *differs from a re-run* becomes *outside our 95% interval, not
    decisive* (with its p-value alone and after the adjustment). Every row of a family gets
    ``family_id`` (:func:`family_id`), ``adjusted_p`` (Holm's, in every family),
    ``global_p``, ``bh_q``, ``error_rate`` and ``adjustment`` = its family's name
    (:func:`family_name`) with the number its decision rests on; every row of an FWER family
    also gets ``report_adjusted_p``, Holm over the decisions of all the table's FWER families
    at once. Rows without a p-value are left as they are.

    Examples
    --------
    >>> from imbeval_repro.verdicts import claim, frame, row
    >>> t = frame([claim("p", "Fig. 1", c, 0.1, True, p_value=v)
    ...            for c, v in (("a", 0.001), ("b", 0.004), ("c", 0.01))])
    >>> adjust(t)["verdict_kind"].tolist()
    ['claim_holds', 'claim_inconclusive', 'claim_inconclusive']
    >>> adjust(t)["adjusted_p"].round(3).tolist()
    [0.003, 0.008, 0.01]
    >>> adjust(t)[["family_id", "reason_kind"]].values.tolist()[:2]
    [['p / Fig. 1', ''], ['p / Fig. 1', 'adjusted']]
    >>> grid = frame([row("m", "T", r, "x", "0.2", 0.5, setting="ours", basis="run on d",
    ...                   ci=(0.4, 0.6), p_value=v) for r, v in (("a", 0.001), ("b", 0.004))])
    >>> adjust(grid)[["verdict_kind", "error_rate", "global_p"]].values.tolist()
    [['differs', 'FDR', 0.002], ['differs', 'FDR', 0.002]]
    """
    from imbeval.inference import benjamini_hochberg, holm, simes
    from imbeval.inference._multiplicity import frozen_gc

    table = table.copy()
    p = pd.to_numeric(table["p_value"], errors="coerce")
    for column in ("adjusted_p", "global_p", "bh_q", "report_adjusted_p"):
        table[column] = math.nan
    for column in ("error_rate", "family_id", "reason_kind", "reason"):
        table[column] = table.get(column, "")
        table[column] = table[column].fillna("").astype(object)
    fwer_rows = []
    for (paper, item), part in table[p.notna()].groupby(["paper", "item"], sort=False):
        values = p[part.index].to_numpy()
        with frozen_gc():
            holm_reject, adjusted = holm(values, alpha)
        bh_reject, q = benjamini_hochberg(values, alpha)
        global_p = simes(values)
        rate = family_error_rate(part["verdict_kind"])
        family = family_name(paper, item, part["verdict_kind"])
        keep = bh_reject if rate == FDR else holm_reject
        if rate == FWER:
            fwer_rows += list(part.index)
        for k, (i, r) in enumerate(part.iterrows()):
            table.loc[i, ["adjusted_p", "global_p", "bh_q"]] = [adjusted[k], global_p, q[k]]
            table.at[i, "error_rate"] = rate
            table.at[i, "family_id"] = family_id(paper, item)
            decided_by = (f"table's global p = {global_p:.3g}, q = {q[k]:.3g}" if rate == FDR
                          else f"adjusted p = {adjusted[k]:.3g}")
            table.at[i, "adjustment"] = f"{family} ({decided_by})"
            status = Status(r["verdict_kind"])
            if not status.decisive or keep[k]:
                continue
            if status.is_claim:
                new = Status.CLAIM_INCONCLUSIVE
                why = (f"p = {p[i]:.3g} alone, adjusted p = {adjusted[k]:.3g} after {family}: "
                       f"decisive needs at most {alpha:g}")
            else:
                new = Status.OUTSIDE
                why = (f"after {family} (p = {p[i]:.3g} alone, {decided_by}; "
                       f"decisive needs at most {alpha:g})")
            detail = f"{why}{DETAIL_SEPARATOR}{str(r['detail']).lstrip(': ')}"
            table.at[i, "verdict_kind"] = str(new)
            table.at[i, "detail"] = detail
            table.at[i, "status"] = new.render(detail)
            table.at[i, "reason_kind"] = str(Reason.ADJUSTED)
            table.at[i, "reason"] = why
    if fwer_rows:
        # the report-wide statement: Holm over every claim family's decisions at once, run
        # here, once, where the families are formed (the report reads the column)
        with frozen_gc():
            _, everywhere = holm(p[fwer_rows].to_numpy(), alpha)
        table.loc[fwer_rows, "report_adjusted_p"] = everywhere
    # a decisive run row without a p-value rests on no sampled number (the audit's exact
    # search, an identity): it is in no family, and says so
    exact = p.isna() & table["verdict_kind"].isin(DECISIVE) & (table["basis"] != PRINTED_BASIS)
    table.loc[exact, "adjustment"] = EXACT_ADJUSTMENT
    return table


def outside_interval(table: pd.DataFrame) -> pd.Series:
    """For each row: does its printed number lie outside our 95% prediction interval of a
    re-run (``ci_low``, ``ci_high`` of a row whose ``method_kind`` is
    :attr:`imbeval.inference.Method.RERUN`)? True or False on those rows, False elsewhere. A
    row outside whose "differs from a re-run" does not survive :func:`adjust` is one a reader
    must be told about: its ``detail`` says "the printed value lies outside it"
    (:mod:`imbeval_repro.papers.mortaz2020.grid`).

    Examples
    --------
    >>> from imbeval.inference import Method
    >>> from imbeval_repro.verdicts import frame, row, run_basis
    >>> rows = frame([row("p", "T", "r", c, "0.50", 0.57, setting="ours", ci=ci,
    ...                   basis=run_basis("d"), method="...", method_kind=Method.RERUN)
    ...               for c, ci in (("a", (0.45, 0.66)), ("b", (0.52, 0.62)))])
    >>> outside_interval(rows).tolist()
    [False, True]
    """
    rerun = table["method_kind"].astype(str) == str(Method.RERUN)
    low = pd.to_numeric(table["ci_low"], errors="coerce")
    high = pd.to_numeric(table["ci_high"], errors="coerce")
    printed = table["printed"].map(number_or_nan)
    out = rerun & low.notna() & printed.notna() & ((printed < low) | (printed > high))
    return out.astype(bool)

