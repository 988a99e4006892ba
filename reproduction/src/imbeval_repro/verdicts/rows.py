"""The constructors of verdict rows: every row of ``verdicts.csv`` is made by
:func:`verdict_row` (directly, or through :func:`row`, :func:`claim`, :func:`finding`,
:func:`restated`), its ``status`` text rendered from its ``verdict_kind`` and ``detail``
(:mod:`imbeval_repro.verdicts.statuses`), with the typed columns a program reads instead of the
text: ``verdict_kind``, ``method_kind``, ``basis_kind``, ``reason_kind``/``reason``.
"""

from __future__ import annotations

import math
from enum import StrEnum

import pandas as pd

from imbeval.inference import Method, Reason
from imbeval_repro.verdicts.precision import matches, printed_number, truncated
from imbeval_repro.verdicts.statuses import Status

__all__ = ["COLUMNS", "ADDED_COLUMNS", "PRINTED_BASIS", "CLAIM_COLUMN", "LITERAL_READING", "BasisKind", "default_basis_kind",
           "run_basis",
           "verdict_row", "restated", "row", "frame", "claim", "finding"]

COLUMNS = ["paper", "item", "row", "column", "printed", "regenerated", "difference", "status",
           "verdict_kind", "detail", "basis", "ci_low", "ci_high", "method", "p_value", "adjusted_p",
           "adjustment", "error_rate", "global_p", "bh_q", "method_kind", "basis_kind",
           "reason_kind", "reason", "family_id", "report_adjusted_p"]
#: the columns that hold as data what ``method``, ``basis`` and ``detail`` say in words, so
#: that no program reads a verdict, method, basis or reason back out of text: how the
#: interval was made (:class:`imbeval.inference.Method`), what the number rests on
#: (:class:`BasisKind`), why the row is not decided (:class:`imbeval.inference.Reason`, and
#: its words), the family of decisions it is adjusted in and its p-value after Holm over
#: every claim family of the table at once (:func:`imbeval_repro.verdicts.multiplicity.adjust`).
ADDED_COLUMNS = ("method_kind", "basis_kind", "reason_kind", "reason", "family_id",
                 "report_adjusted_p")
#: The basis of a number recomputed from the paper's own printed matrices and values.
PRINTED_BASIS = "printed numbers"
#: the ``column`` of a claim row decided on the paper's reading of its statement
CLAIM_COLUMN = "claim"
#: the ``column`` of a claim row decided on another reading of the same statement, shown
#: beside the paper's reading (mullick2020 Figs. 3-4: the caption's literal "std over the
#: test sets and classifiers" beside the argument's spread over the test sets): a decision
#: on its own terms, never a finding about the paper's claim
LITERAL_READING = "literal reading"


class BasisKind(StrEnum):
    """What a regenerated number rests on (the ``basis_kind`` column; ``basis`` says it in
    words)."""

    #: arithmetic redone on the paper's own matrices and values: exact, no interval
    PRINTED = "printed"
    #: an empirical run on a dataset (:func:`run_basis`)
    RUN = "run"
    #: a seeded synthetic sweep (:func:`imbeval_repro.papers.mortaz2020.claims.sweep_basis`)
    SWEEP = "sweep"
    #: the theory stage's exact arithmetic (every matrix of a finite domain, a
    #: counterexample evaluated; :data:`imbeval_repro.verdicts.statements.EXACT`)
    EXACT = "exact"
    #: the theory stage's other computations on no sample (a seeded search, quadrature, a
    #: closed form; :data:`imbeval_repro.verdicts.statements.COMPUTED`)
    COMPUTED = "computed"


#: the bases whose words name their kind: the printed numbers', and the theory stage's two
#: (``statements.csv``'s ``basis``, :data:`imbeval_repro.verdicts.statements.EXACT` and ``COMPUTED``;
#: tests/unit/test_verdicts.py checks they are those constants); any other basis is
#: a run's (:func:`run_basis`) unless its row says otherwise
_NAMED_BASES = {"printed numbers": BasisKind.PRINTED, "exact arithmetic": BasisKind.EXACT,
                "computed": BasisKind.COMPUTED}


def default_basis_kind(basis) -> BasisKind:
    """The kind of a basis a row does not give one for: the kind its words name exactly
    (:data:`PRINTED_BASIS` and the theory stage's two), else :attr:`BasisKind.RUN`. A
    lookup of whole values, as of a category, never a search of the words.

    >>> [str(default_basis_kind(b)) for b in ("printed numbers", "computed", "run on d")]
    ['printed', 'computed', 'run']
    """
    return _NAMED_BASES.get(str(basis), BasisKind.RUN)


def run_basis(dataset: str) -> str:
    """The basis of a number from an empirical re-run on ``dataset``.

    >>> run_basis("Fashion-MNIST (stand-in for ImageNet)")
    'run on Fashion-MNIST (stand-in for ImageNet)'
    """
    if not dataset:
        raise ValueError("a run's basis must name its dataset")
    return f"run on {dataset}"


def _interval(ci) -> tuple[float, float]:
    """``(low, high)`` of an interval, NaNs for none; refuses a reversed one."""
    if ci is None:
        return math.nan, math.nan
    low, high = (float(v) for v in ci)
    if low > high:
        raise ValueError(f"interval ({low}, {high}) has its low end above its high end")
    return low, high


def verdict_row(paper, item, row_label, column, printed, regenerated, status: Status,
                   detail: str = "", *, basis=PRINTED_BASIS, ci=None, method="",
                   p_value=math.nan, method_kind=None, basis_kind=None, reason_kind=None,
                   reason="") -> dict:
    """The one constructor of a verdict row (a dict with :data:`COLUMNS`): every row
    of ``verdicts.csv`` is made here, its ``status`` text rendered from its
    ``verdict_kind`` and ``detail``.

    Parameters
    ----------
    paper, item, row_label, column : where the number is (``column`` is ``"claim"`` for a
        claim, ``"finding"`` for a finding).
    printed : str
        The printed text (``""`` for none).
    regenerated : float or None
        Our number (None or NaN: none).
    status : Status
        What the row says of it.
    detail : str
        The status's explanation (the evidence, the threshold, the setting).
    basis, ci, method, p_value :
        What the number rests on (:func:`run_basis` for a run), its 95% interval (needs a
        run basis), how the interval was made, the decision's p-value.
    method_kind : Method or None
        How the interval was made, as data (the ``method_kind`` column; None: ``""``, a
        method that is no interval of :mod:`imbeval.inference`).
    basis_kind : BasisKind or None
        What the number rests on, as data; None: :func:`default_basis_kind` of ``basis``
        (:attr:`BasisKind.PRINTED` for :data:`PRINTED_BASIS`, the theory stage's two kinds
        for its bases, :attr:`BasisKind.RUN` for any other).
    reason_kind, reason : Reason or None, str
        Why the row is not decided, as data and in words (the clause of ``detail`` a
        reader is shown first); None and ``""`` for a decided row.

    Returns
    -------
    dict

    Examples
    --------
    >>> r = verdict_row("p", "Table 1", "a", "ACC", "0.50", 0.5, Status.MATCH)
    >>> r["status"], r["verdict_kind"], r["difference"], r["basis_kind"]
    ('match', 'match', 0.0, 'printed')
    """
    if not isinstance(status, Status):
        raise TypeError(f"status must be a Status, got {status!r}")
    if method_kind is not None and not isinstance(method_kind, Method):
        raise TypeError(f"method_kind must be a Method or None, got {method_kind!r}")
    if reason_kind is not None and not isinstance(reason_kind, Reason):
        raise TypeError(f"reason_kind must be a Reason or None, got {reason_kind!r}")
    basis_kind = default_basis_kind(basis) if basis_kind is None else BasisKind(basis_kind)
    value = None if regenerated is None else float(regenerated)
    ci_low, ci_high = _interval(ci)
    if ci is not None and basis == PRINTED_BASIS:
        raise ValueError(f"{paper} {item} {row_label}/{column}: an interval needs a run basis")
    difference = math.nan
    if value is not None and not math.isnan(value) and printed:
        # a selection row's printed text is a name, not a number: it has no difference
        difference = value - printed_number(printed)
    detail = str(detail)
    return {"paper": paper, "item": item, "row": str(row_label), "column": str(column),
            "printed": printed, "regenerated": value, "difference": difference,
            "status": status.render(detail), "verdict_kind": str(status), "detail": detail,
            "basis": basis, "ci_low": ci_low, "ci_high": ci_high, "method": method,
            "p_value": float(p_value), "adjusted_p": math.nan, "adjustment": "",
            "error_rate": "", "global_p": math.nan, "bh_q": math.nan,
            "method_kind": "" if method_kind is None else str(method_kind),
            "basis_kind": str(basis_kind),
            "reason_kind": "" if reason_kind is None else str(reason_kind),
            "reason": str(reason), "family_id": "", "report_adjusted_p": math.nan}


def restated(record: dict, status: Status, detail: str = "", *, reason_kind=None,
             reason="") -> dict:
    """``record`` (a row of :func:`verdict_row`) with another status and detail (and the
    reason it is not decided), made by the same constructor (e.g. a re-run row whose
    decision cannot be made)."""
    ci = None if math.isnan(record["ci_low"]) else (record["ci_low"], record["ci_high"])
    return verdict_row(record["paper"], record["item"], record["row"], record["column"],
                          record["printed"], record["regenerated"], status, detail,
                          basis=record["basis"], ci=ci, method=record["method"],
                          p_value=record["p_value"],
                          method_kind=Method(record["method_kind"]) if record["method_kind"]
                          else None, basis_kind=record["basis_kind"],
                          reason_kind=reason_kind, reason=reason)


def row(paper, item, row_label, column, printed, regenerated, *, rule="round", erratum=None,
        setting=None, not_comparable=None, note=None, basis=PRINTED_BASIS, ci=None,
        method="", p_value=math.nan, method_kind=None, basis_kind=None) -> dict:
    """One verdict row; the status follows the precedence the module docstring of
    :mod:`imbeval_repro.verdicts` describes.

    ``ci`` is the prediction interval of a re-run for ``regenerated`` (needs a run
    ``basis``); with a ``setting`` it decides between *not distinguishable from a re-run*
    (the printed value inside the interval) and *differs from a re-run* (which
    :func:`imbeval_repro.verdicts.multiplicity.adjust` keeps, or makes *outside our 95% interval,
    not decisive*). ``method`` and ``p_value`` are written as given (see
    :mod:`imbeval_repro.verdicts`), and so are ``method_kind`` and ``basis_kind``
    (:func:`verdict_row`).
    """
    value = None if regenerated is None else float(regenerated)
    if not_comparable is not None:
        status, detail = Status.NOT_COMPARABLE, not_comparable
    elif value is None:
        raise ValueError(f"{paper} {item} {row_label}/{column}: no regenerated value")
    elif erratum is None and setting is None and rule == "round" and truncated(printed, value):
        # only where nothing else explains the difference: a documented erratum or a
        # different setting keeps its own, more informative status
        status, detail = Status.TRUNCATED, ""
    elif erratum is not None:
        if matches(printed, value, rule) and erratum.corrected is None:
            # a column-wide erratum (a different recipe for the whole column) can leave
            # single cells unchanged at print precision
            status, detail = Status.MATCH, "the column's erratum does not change this cell"
        elif matches(printed, value, rule):
            # a one-cell erratum that the value reproduces would be a wrong erratum
            status, detail = (Status.MISMATCH,
                              "listed as erratum but reproduces the printed value")
        else:
            status, detail = Status.ERRATUM, erratum.explanation
    elif setting is not None:
        if matches(printed, value, rule):
            status, detail = Status.MATCH, f"under a different setting: {setting}"
        elif ci is not None:
            inside = _interval(ci)[0] <= printed_number(printed) <= _interval(ci)[1]
            status, detail = (Status.NOT_DISTINGUISHABLE if inside else Status.DIFFERS), setting
        else:
            status, detail = Status.SETTING, setting
    else:
        status = Status.MATCH if matches(printed, value, rule) else Status.MISMATCH
        detail = note if note and status is Status.MATCH else ""
    return verdict_row(paper, item, row_label, column, printed, value, status, detail,
                          basis=basis, ci=ci, method=method, p_value=p_value,
                          method_kind=method_kind, basis_kind=basis_kind)


def frame(rows) -> pd.DataFrame:
    """The verdict rows (dicts from :func:`verdict_row`) as a DataFrame with
    :data:`COLUMNS`."""
    return pd.DataFrame(list(rows), columns=COLUMNS)


def claim(paper, item, claim_text, measured, holds, *, printed="", detail="",
          basis=PRINTED_BASIS, ci=None, method="", p_value=math.nan, method_kind=None,
          basis_kind=None, reason_kind=None, reason="", column=CLAIM_COLUMN) -> dict:
    """A claim row: ``row`` = the paper's statement, ``regenerated`` = the number checked.

    ``holds`` is True, False or None (*inconclusive*: the interval of the claim's margin
    contains its threshold). ``detail`` says what the number is and the threshold it is
    checked against; it is the body of the status, so a reader sees the evidence beside
    the verdict. ``ci`` is the 95% interval of ``measured`` for a run's number;
    ``method`` names how it was made, ``p_value`` is the decision's p-value (adjusted over
    the item's family by :func:`imbeval_repro.verdicts.multiplicity.adjust`); ``method_kind``,
    ``basis_kind``, ``reason_kind`` and ``reason`` as :func:`verdict_row` takes them (an
    inconclusive claim says why in ``reason``, as its ``detail`` does in words).
    ``column`` is :data:`CLAIM_COLUMN`, or :data:`LITERAL_READING` for a row decided on a
    reading shown beside the paper's.
    """
    if column not in (CLAIM_COLUMN, LITERAL_READING):
        raise ValueError(f"column must be {CLAIM_COLUMN!r} or {LITERAL_READING!r}, got "
                         f"{column!r}")
    verdict = {True: Status.CLAIM_HOLDS, False: Status.CLAIM_FAILS,
               None: Status.CLAIM_INCONCLUSIVE}[holds]
    return verdict_row(paper, item, claim_text, column, printed, measured, verdict,
                          str(detail).rstrip(": "), basis=basis, ci=ci, method=method,
                          p_value=p_value, method_kind=method_kind, basis_kind=basis_kind,
                          reason_kind=reason_kind, reason=reason)


def finding(paper, item, statement, measured=None, *, detail="", printed="",
            basis=PRINTED_BASIS, method="", method_kind=None, basis_kind=None) -> dict:
    """A finding row: a fact we establish about the paper's indices or numbers."""
    return verdict_row(paper, item, statement, "finding", printed, measured,
                          Status.FINDING, str(detail).rstrip(": "), basis=basis,
                          method=method, method_kind=method_kind, basis_kind=basis_kind)

