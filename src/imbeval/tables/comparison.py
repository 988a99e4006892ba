"""Printed versus regenerated: one row per printed number, with a status.

Columns: ``paper, item, row, column, printed, regenerated, difference, status, kind,
detail, basis, ci_low, ci_high, method, p_value, adjusted_p, adjustment, error_rate,
global_p, bh_q``.

``status`` is the rendered text a reader sees; ``kind`` and ``detail`` are what it is made
of (``status == Status(kind).render(detail)``): a program reads ``kind``, never ``status``.
``basis`` says what a regenerated number rests on: ``printed numbers`` (arithmetic redone
on the paper's own matrices and values: exact, no interval) or ``run on <dataset>``.
``ci_low``/``ci_high`` bound a run's number's 95% interval and ``method`` names how it was
made; ``p_value`` is the p-value of the row's decision (the smallest alpha at which its
interval makes it; empty where none is made). :func:`adjust` adjusts each paper item's
decisions together and names it in ``adjustment``: ``error_rate`` ``FWER`` (claims: Holm,
``adjusted_p`` decides) or ``FDR`` (printed numbers against a re-run: ``global_p``, Simes'
p-value of the table, then ``bh_q``, the row's Benjamini-Hochberg q-value, decides); a
decisive verdict needs its adjusted p-value at most :data:`ALPHA` (0.005).

``status`` is one of

- ``match`` -- the regenerated value, brought to the printed precision, is the printed value
  (rule ``"round"``: rounds to it; rule ``"last digit"``: within one unit of the last printed
  digit, for papers that sometimes truncate and sometimes round, as Dembélé's tables do;
  fractions such as ``44/75`` must agree to 1e-12; rule ``"one unit"``: within one unit of
  the last printed digit, for numbers derived from rounded entries, e.g. Dembélé's
  percentage drops);
- ``within print precision (printed truncated)`` -- the printed value is the regenerated
  one cut off, not rounded, at the printed precision (0.4154 printed 0.41): the same number,
  printed by another convention, so not an erratum;
- ``erratum: <explanation>`` -- a documented misprint (:mod:`imbeval.tables.printed`);
- ``claim holds: <measured>`` / ``claim does not hold: <measured>`` / ``claim
  inconclusive: <measured>`` -- a statement of the paper (about a figure, or a property),
  checked on what we regenerated, with the number and the threshold it was checked
  against; for a run's number the claim is decided on the interval of its margin:
  inconclusive when that interval contains the threshold;
- ``finding: <statement>`` -- a fact about the paper's indices or numbers that we
  establish (proved, and checked), not a number the paper printed;
- ``not distinguishable from a re-run: <why>`` / ``outside our 95% interval, not decisive:
  <why>`` / ``differs from a re-run: <why>`` -- a number regenerated under other conditions
  than the paper's, with the prediction interval of a re-run of our pipeline
  (:func:`imbeval.inference.rerun_estimate`; the detail gives it): the printed value lies
  inside it (a re-run could print it; not evidence that it *agrees*), outside it at 95%
  alone but not after the adjustment over its table (:func:`adjust`: the detail says which
  and by how much), or outside it after the adjustment (a deviation, counted);
- ``different setting: <why>`` -- regenerated, but not under the paper's conditions (our CV
  split and library versions, our synthetic sweep, ...), so agreement is not expected;
- ``not comparable: <why>`` -- nothing to regenerate it from;
- ``MISMATCH`` -- none of the above: a number we fail to reproduce and cannot explain. The
  tests require there be none.
"""

from __future__ import annotations

import math
from enum import Enum
from fractions import Fraction

import pandas as pd

from imbeval._io import atomic_write_text
from imbeval.inference import DECISIVE_ALPHA
from imbeval.tables._io import to_markdown, write_table

COLUMNS = ["paper", "item", "row", "column", "printed", "regenerated", "difference", "status",
           "kind", "detail", "basis", "ci_low", "ci_high", "method", "p_value", "adjusted_p",
           "adjustment", "error_rate", "global_p", "bh_q"]
#: the columns a comparison CSV adds to the 14 of main at faa1c7b (the typed verdict)
TYPED_COLUMNS = ("kind", "detail", "adjusted_p")
#: the columns issue 31 adds (the multiplicity of a table as a whole): a CSV written before
#: them is read with them empty (:func:`read_parts`)
MULTIPLICITY_COLUMNS = ("error_rate", "global_p", "bh_q")
#: the error rates a family of decisions controls (:func:`family_error_rate`)
FWER, FDR = "FWER", "FDR"
#: a decision is decisive when its adjusted p-value is at most this
#: (:data:`imbeval.inference.DECISIVE_ALPHA`, 0.005: the level at which a verdict is expected
#: to be made again at another seed; intervals stay 95%)
ALPHA = DECISIVE_ALPHA
#: The basis of a number recomputed from the paper's own printed matrices and values.
PRINTED_BASIS = "printed numbers"


class Status(Enum):
    """What a comparison row says of its number, with the item verdict it gives, its
    severity (0 = worst: the worst row of an item decides its verdict) and the CSS class
    the report colours it with. The value is the ``kind`` column's text.

    Examples
    --------
    >>> Status("claim holds").css, Status.MISMATCH.severity
    ('good', 0)
    >>> Status.MATCH.render("both select RF"), Status.ERRATUM.render("printed 0.77")
    ('match (both select RF)', 'erratum: printed 0.77')
    >>> [s.value for s in Status if s.decisive]
    ['claim holds', 'claim does not hold', 'differs from a re-run']
    >>> Status.CONSISTENT is Status.NOT_DISTINGUISHABLE  # the name before issue 31
    True
    """

    MATCH = ("match", "matches", 8, "good")
    TRUNCATED = ("within print precision (printed truncated)", "matches", 8, "good")
    ERRATUM = ("erratum", "erratum", 2, "erratum")
    CLAIM_HOLDS = ("claim holds", "claim holds", 7, "good")
    CLAIM_FAILS = ("claim does not hold", "claim does not hold", 0, "bad")
    CLAIM_INCONCLUSIVE = ("claim inconclusive", "claim inconclusive", 3, "inconclusive")
    FINDING = ("finding", "finding", 6, "finding")
    # inside a re-run's interval: a re-run could print it, which is no evidence it agrees
    NOT_DISTINGUISHABLE = ("not distinguishable from a re-run",
                           "not distinguishable from a re-run", 5, "indistinct")
    #: the name this status had before issue 31 ("consistent with a re-run"), kept as an
    #: alias for code that names it
    CONSISTENT = NOT_DISTINGUISHABLE
    # outside our 95% interval alone, but not after the table's adjustment (it says which)
    OUTSIDE = ("outside our 95% interval, not decisive",
               "outside our 95% interval, not decisive", 3, "outside")
    DIFFERS = ("differs from a re-run", "differs from a re-run", 1, "differs")
    SETTING = ("different setting", "different setting", 4, "setting")
    NOT_COMPARABLE = ("not comparable", "not comparable", 9, "neutral")
    MISMATCH = ("MISMATCH", "MISMATCH", 0, "bad")

    def __new__(cls, text, verdict, severity, css):
        member = object.__new__(cls)
        member._value_ = text
        member.verdict = verdict  # the item verdict it gives ("matches" for both matches)
        member.severity = severity
        member.css = css
        return member

    @property
    def decisive(self) -> bool:
        """A verdict some evidence could have refused (kept only at :data:`ALPHA` after its
        family's adjustment)."""
        return self in (Status.CLAIM_HOLDS, Status.CLAIM_FAILS, Status.DIFFERS)

    @property
    def is_rerun(self) -> bool:
        """A printed number against the prediction interval of a re-run."""
        return self in (Status.NOT_DISTINGUISHABLE, Status.OUTSIDE, Status.DIFFERS)

    @property
    def is_claim(self) -> bool:
        return self in (Status.CLAIM_HOLDS, Status.CLAIM_FAILS, Status.CLAIM_INCONCLUSIVE)

    def render(self, detail: str = "") -> str:
        """The ``status`` text: a match's detail in parentheses, any other's after a colon."""
        if not detail:
            return self.value
        return f"{self.value} ({detail})" if self is Status.MATCH else f"{self.value}: {detail}"


#: every kind, in the order of the module docstring (counts are shown in this order)
STATUSES = tuple(s.value for s in Status)
#: kinds of an older CSV -> their name now (read by :func:`status_kind`)
OLD_KINDS = {"consistent with a re-run": Status.NOT_DISTINGUISHABLE.value}
#: the statuses that are a decision (a verdict some evidence could have refused)
DECISIVE = tuple(s.value for s in Status if s.decisive)
TRUNCATED = Status.TRUNCATED.value


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


def printed_number(printed: str) -> float:
    """The value of a printed string ('0.42', '-0.175', '44/75', '1,000,000'); NaN for 'NA'."""
    text = printed.strip().replace(",", "").replace("−", "-")
    if text in ("NA", "", "-"):
        return math.nan
    return float(Fraction(text)) if "/" in text else float(text)


def decimals(printed: str) -> int | None:
    """Digits after the decimal point (``2.9e-7``: 8); ``None`` for fractions (exact)."""
    text = printed.strip().lower()
    if "/" in text:
        return None
    if "e" in text:  # 2.9e-7: the mantissa's decimals shifted by the exponent
        mantissa, exponent = text.split("e")
        return max(decimals(mantissa) - int(exponent), 0)
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
        return abs(value - target) <= 0.5 * 10.0 ** -places * (1 + 1e-6)
    if rule == "last digit":
        return abs(value - target) <= min(10.0 ** -places, 0.01) * (1 + 1e-6)
    if rule == "one unit":
        return abs(value - target) <= 10.0 ** -places * (1 + 1e-6)
    raise ValueError(f"unknown rule {rule!r}")


def truncated(printed: str, value: float) -> bool:
    """Is ``printed`` the value cut off (towards zero) at its printed precision?"""
    places = decimals(printed)
    target = printed_number(printed)
    if places is None or value is None or math.isnan(value) or math.isnan(target):
        return False
    scale = 10.0 ** places
    # the small slack keeps 0.29999999 from truncating to 0.2
    cut = math.trunc(value * scale + math.copysign(1e-9, value)) / scale
    return abs(cut - target) <= 1e-6 / scale and not matches(printed, value, "round")


def comparison_row(paper, item, row_label, column, printed, regenerated, status: Status,
                   detail: str = "", *, basis=PRINTED_BASIS, ci=None, method="",
                   p_value=math.nan) -> dict:
    """The one constructor of a comparison row (a dict with :data:`COLUMNS`): every row
    of ``paper_comparison.csv`` is made here, its ``status`` text rendered from its
    ``kind`` and ``detail``.

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

    Returns
    -------
    dict

    Examples
    --------
    >>> r = comparison_row("p", "Table 1", "a", "ACC", "0.50", 0.5, Status.MATCH)
    >>> r["status"], r["kind"], r["difference"]
    ('match', 'match', 0.0)
    """
    if not isinstance(status, Status):
        raise TypeError(f"status must be a Status, got {status!r}")
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
            "status": status.render(detail), "kind": status.value, "detail": detail,
            "basis": basis, "ci_low": ci_low, "ci_high": ci_high, "method": method,
            "p_value": float(p_value), "adjusted_p": math.nan, "adjustment": "",
            "error_rate": "", "global_p": math.nan, "bh_q": math.nan}


def restated(record: dict, status: Status, detail: str = "") -> dict:
    """``record`` (a row of :func:`comparison_row`) with another status and detail, made by
    the same constructor (e.g. a re-run row whose decision cannot be made)."""
    ci = None if math.isnan(record["ci_low"]) else (record["ci_low"], record["ci_high"])
    return comparison_row(record["paper"], record["item"], record["row"], record["column"],
                          record["printed"], record["regenerated"], status, detail,
                          basis=record["basis"], ci=ci, method=record["method"],
                          p_value=record["p_value"])


def row(paper, item, row_label, column, printed, regenerated, *, rule="round", erratum=None,
        setting=None, not_comparable=None, note=None, basis=PRINTED_BASIS, ci=None,
        method="", p_value=math.nan) -> dict:
    """One comparison row; the status follows the precedence described in the module.

    ``ci`` is the prediction interval of a re-run for ``regenerated`` (needs a run
    ``basis``); with a ``setting`` it decides between *not distinguishable from a re-run*
    (the printed value inside the interval) and *differs from a re-run* (which
    :func:`adjust` keeps, or makes *outside our 95% interval, not decisive*). ``method`` and
    ``p_value`` are written as given (see the module docstring).
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
    return comparison_row(paper, item, row_label, column, printed, value, status, detail,
                          basis=basis, ci=ci, method=method, p_value=p_value)


def frame(rows) -> pd.DataFrame:
    """The comparison rows (dicts from :func:`comparison_row`) as a DataFrame with
    :data:`COLUMNS`."""
    return pd.DataFrame(list(rows), columns=COLUMNS)


def status_kind(status: str) -> str:
    """The category of a rendered status string: one of :data:`STATUSES` (for reading an
    old CSV, whose old names :data:`OLD_KINDS` maps; a comparison frame has it in its
    ``kind`` column)."""
    for kind in STATUSES:
        if status.startswith(kind):
            return kind
    for old, kind in OLD_KINDS.items():
        if status.startswith(old):
            return kind
    raise ValueError(f"unknown status {status!r}")


def claim(paper, item, claim_text, measured, holds, *, printed="", detail="",
          basis=PRINTED_BASIS, ci=None, method="", p_value=math.nan) -> dict:
    """A claim row: ``row`` = the paper's statement, ``regenerated`` = the number checked.

    ``holds`` is True, False or None (*inconclusive*: the interval of the claim's margin
    contains its threshold). ``detail`` says what the number is and the threshold it is
    checked against; it is the body of the status, so a reader sees the evidence beside
    the verdict. ``ci`` is the 95% interval of ``measured`` for a run's number;
    ``method`` names how it was made, ``p_value`` is the decision's p-value (adjusted over
    the item's family by :func:`adjust`).
    """
    verdict = {True: Status.CLAIM_HOLDS, False: Status.CLAIM_FAILS,
               None: Status.CLAIM_INCONCLUSIVE}[holds]
    return comparison_row(paper, item, claim_text, "claim", printed, measured, verdict,
                          str(detail).rstrip(": "), basis=basis, ci=ci, method=method,
                          p_value=p_value)


def finding(paper, item, statement, measured=None, *, detail="", printed="",
            basis=PRINTED_BASIS, method="") -> dict:
    """A finding row: a fact we establish about the paper's indices or numbers."""
    return comparison_row(paper, item, statement, "finding", printed, measured,
                          Status.FINDING, str(detail).rstrip(": "), basis=basis,
                          method=method)


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


def _status(kind) -> Status:
    return Status(OLD_KINDS.get(kind, kind))


def family_error_rate(kinds) -> str:
    """The error rate a family of decisions controls, from its rows' kinds: :data:`FDR`
    for a table of printed numbers against a re-run (no claim among them: the question is
    first whether the table as a whole is what a re-run could print, then which numbers
    are not), :data:`FWER` for any other (a claim's verdict is a statement on its own).

    >>> family_error_rate(["differs from a re-run", "match"]), family_error_rate(["claim holds"])
    ('FDR', 'FWER')
    """
    statuses = [_status(k) for k in kinds]
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

    >>> t = adjust(frame([claim("p", "Fig. 1", c, 0.1, True, p_value=0.01) for c in "ab"]))
    >>> family_names(t)
    {('p', 'Fig. 1'): 'Holm over p Fig. 1, 2 decisions'}
    """
    adjusted = table[pd.to_numeric(table["adjusted_p"], errors="coerce").notna()]
    return {key: family_name(*key, part["kind"])
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


def adjust(table: pd.DataFrame, alpha: float = ALPHA) -> pd.DataFrame:
    """Adjust each family of decisions (the rows of one paper and item with a ``p_value``)
    for its multiplicity, by the error rate it controls (:func:`family_error_rate`).

    - **FWER** (a family with a claim): Holm's adjustment. A decisive row
      (:data:`DECISIVE`) stays so only if its Holm-adjusted p-value is at most ``alpha``
      (:data:`ALPHA`, 0.005: the replication level): the chance of even one false decisive
      row in the family is at most ``alpha``.
    - **FDR** (a table of printed numbers against a re-run, no claim among them): Simes'
      global test of the table first (``global_p``: is the table as a whole what a re-run
      could print?), then Benjamini-Hochberg to locate the numbers that are not: a
      *differs from a re-run* stays so only if its q-value (``bh_q``) is at most ``alpha``,
      which needs the table's global test to fail (the smallest q is Simes' p); of the
      numbers so located, at most a share ``alpha`` are expected to be false.
      (:mod:`imbeval.inference._multiplicity` says why Simes and not Fisher or Stouffer.)

    A decisive row that does not stay so says why: a claim becomes *claim inconclusive*, a
    *differs from a re-run* becomes *outside our 95% interval, not decisive* (with its
    p-value alone and after the adjustment). Every row of a family gets ``adjusted_p``
    (Holm's, in every family), ``global_p``, ``bh_q``, ``error_rate`` and ``adjustment`` =
    its family's name (:func:`family_name`) with the number its decision rests on. Rows
    without a p-value are left as they are.

    Examples
    --------
    >>> t = frame([claim("p", "Fig. 1", c, 0.1, True, p_value=v)
    ...            for c, v in (("a", 0.001), ("b", 0.004), ("c", 0.01))])
    >>> adjust(t)["kind"].tolist()
    ['claim holds', 'claim inconclusive', 'claim inconclusive']
    >>> adjust(t)["adjusted_p"].round(3).tolist()
    [0.003, 0.008, 0.01]
    >>> grid = frame([row("m", "T", r, "x", "0.2", 0.5, setting="ours", basis="run on d",
    ...                   ci=(0.4, 0.6), p_value=v) for r, v in (("a", 0.001), ("b", 0.004))])
    >>> adjust(grid)[["kind", "error_rate", "global_p"]].values.tolist()
    [['differs from a re-run', 'FDR', 0.002], ['differs from a re-run', 'FDR', 0.002]]
    """
    from imbeval.inference import benjamini_hochberg, holm, simes
    from imbeval.inference._multiplicity import frozen_gc

    table = table.copy()
    p = pd.to_numeric(table["p_value"], errors="coerce")
    for column in ("adjusted_p", "global_p", "bh_q"):
        table[column] = math.nan
    table["error_rate"] = table.get("error_rate", "")
    table["error_rate"] = table["error_rate"].fillna("").astype(object)
    for (paper, item), part in table[p.notna()].groupby(["paper", "item"], sort=False):
        values = p[part.index].to_numpy()
        with frozen_gc():
            holm_reject, adjusted = holm(values, alpha)
        bh_reject, q = benjamini_hochberg(values, alpha)
        global_p = simes(values)
        rate = family_error_rate(part["kind"])
        family = family_name(paper, item, part["kind"])
        keep = bh_reject if rate == FDR else holm_reject
        for k, (i, r) in enumerate(part.iterrows()):
            table.loc[i, ["adjusted_p", "global_p", "bh_q"]] = [adjusted[k], global_p, q[k]]
            table.at[i, "error_rate"] = rate
            decided_by = (f"table's global p = {global_p:.3g}, q = {q[k]:.3g}" if rate == FDR
                          else f"adjusted p = {adjusted[k]:.3g}")
            table.at[i, "adjustment"] = f"{family} ({decided_by})"
            status = _status(r["kind"])
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
            table.at[i, "kind"] = new.value
            table.at[i, "detail"] = detail
            table.at[i, "status"] = new.render(detail)
    # a decisive run row without a p-value rests on no sampled number (the audit's exact
    # search, an identity): it is in no family, and says so
    exact = p.isna() & table["kind"].isin(DECISIVE) & (table["basis"] != PRINTED_BASIS)
    table.loc[exact, "adjustment"] = EXACT_ADJUSTMENT
    return table


def outside_interval(table: pd.DataFrame) -> pd.Series:
    """For each row: does its printed number lie outside our 95% prediction interval of a
    re-run (``ci_low``, ``ci_high`` of a row whose ``method`` is a re-run's)? True or False
    on those rows, False elsewhere. A row outside whose "differs from a re-run" does not
    survive :func:`adjust` is one a reader must be told about: its ``detail`` says
    "the printed value lies outside it" (:mod:`imbeval.tables.mortaz2020_grid`).

    Examples
    --------
    >>> from imbeval.inference import METHODS
    >>> rows = frame([row("p", "T", "r", c, "0.50", 0.57, setting="ours", ci=ci,
    ...                   basis=run_basis("d"), method=METHODS["rerun"] + ": ...")
    ...               for c, ci in (("a", (0.45, 0.66)), ("b", (0.52, 0.62)))])
    >>> outside_interval(rows).tolist()
    [False, True]
    """
    from imbeval.inference import METHODS

    rerun = table["method"].astype(str).str.startswith(METHODS["rerun"])
    low = pd.to_numeric(table["ci_low"], errors="coerce")
    high = pd.to_numeric(table["ci_high"], errors="coerce")
    printed = table["printed"].map(lambda t: _number_or_nan(t))
    out = rerun & low.notna() & printed.notna() & ((printed < low) | (printed > high))
    return out.astype(bool)


def _number_or_nan(text) -> float:
    try:
        return printed_number(str(text))
    except (ValueError, ZeroDivisionError):
        return math.nan


def summary(table: pd.DataFrame) -> pd.DataFrame:
    """Counts of rows by paper and status category (column ``kind``)."""
    counts = pd.crosstab(table["paper"], table["kind"])
    return counts.reindex(columns=[k for k in STATUSES if k in counts.columns])


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
        # (and ``adjustment`` prints the multiplicity columns' numbers)
        shown = part.drop(columns=["paper", *TYPED_COLUMNS, *MULTIPLICITY_COLUMNS]).copy()
        shown["regenerated"] = shown["regenerated"].map(
            lambda v: "" if v is None or (isinstance(v, float) and math.isnan(v)) else f"{v:.4f}")
        shown["difference"] = shown["difference"].map(
            lambda v: "" if v is None or (isinstance(v, float) and math.isnan(v)) else f"{v:+.4f}")
        text += [f"## {paper}\n\n", to_markdown(shown, index=False), "\n"]
    atomic_write_text(md_path, "".join(text))


def read_parts(paths) -> pd.DataFrame:
    """Concatenate the per-paper comparison CSVs (in the given order); a CSV written
    before :data:`MULTIPLICITY_COLUMNS` gets them empty (:func:`adjust` fills them)."""
    numbers = ("regenerated", "difference", "ci_low", "ci_high", "p_value", "adjusted_p",
               "global_p", "bh_q")
    parts = [pd.read_csv(p, dtype={"printed": str, "row": str, "column": str, "method": str,
                                   "adjustment": str, "kind": str, "detail": str,
                                   "error_rate": str},
                         keep_default_na=False, na_values={c: [""] for c in numbers})
             for p in paths]
    table = pd.concat(parts, ignore_index=True) if parts else frame([])
    for column in MULTIPLICITY_COLUMNS:
        if column not in table.columns:
            table[column] = "" if column == "error_rate" else math.nan
    missing = set(COLUMNS) - set(table.columns)
    if missing:
        raise ValueError(f"comparison parts lack the columns {sorted(missing)} (written "
                         "before the typed verdict columns: rerun the comparison rules)")
    return table[COLUMNS]
