"""Printed versus regenerated: one row per printed number, with a status.

Columns: ``paper, item, row, column, printed, regenerated, difference, status, kind,
detail, basis, ci_low, ci_high, method, p_value, adjusted_p, adjustment, error_rate,
global_p, bh_q, method_kind, basis_kind, reason_kind, reason, family_id,
report_adjusted_p``.

``status`` is the rendered text a reader sees; ``verdict_kind`` (a short identifier,
:class:`Status`) and ``detail`` are what it is made of (``status ==
Status(kind).render(detail)``; the words are :data:`WORDING`'s): a program reads ``verdict_kind``,
never ``status``. Likewise ``method_kind`` (:class:`imbeval.inference.Method`),
``basis_kind`` (:class:`BasisKind`) and ``reason_kind`` (:class:`imbeval.inference.Reason`)
say as data what ``method``, ``basis`` and ``detail`` say in words: no code reads a verdict,
a method, a basis or a reason back out of text (tests/unit/test_no_text_parsing.py).
``basis`` says what a regenerated number rests on: ``printed numbers`` (arithmetic redone
on the paper's own matrices and values: exact, no interval) or ``run on <dataset>``.
``ci_low``/``ci_high`` bound a run's number's 95% interval and ``method`` names how it was
made; ``p_value`` is the p-value of the row's decision (the smallest alpha at which its
interval makes it; empty where none is made). :func:`adjust` adjusts each paper item's
decisions together and names it in ``adjustment``: ``error_rate`` ``FWER`` (claims: Holm,
``adjusted_p`` decides) or ``FDR`` (printed numbers against a re-run: ``global_p``, Simes'
p-value of the table, then ``bh_q``, the row's Benjamini-Hochberg q-value, decides); a
decisive verdict needs its adjusted p-value at most
:data:`imbeval.inference.DECISIVE_ALPHA` (0.005). ``family_id`` names the family a row's
decision is adjusted in; ``report_adjusted_p`` is Holm over every claim family at once.

``status`` begins with the words of its ``verdict_kind`` (identifier in brackets), one of

- ``match`` (``match``) -- the regenerated value, brought to the printed precision, is the
  printed value (rule ``"round"``: rounds to it; rule ``"last digit"``: within one unit of
  the last printed digit, for papers that sometimes truncate and sometimes round, as
  Dembélé's tables do; fractions such as ``44/75`` must agree to 1e-12; rule ``"one
  unit"``: within one unit of the last printed digit, for numbers derived from rounded
  entries, e.g. Dembélé's percentage drops);
- ``within print precision (printed truncated)`` (``truncated``) -- the printed value is
  the regenerated one cut off, not rounded, at the printed precision (0.4154 printed
  0.41): the same number, printed by another convention, so not an erratum;
- ``erratum: <explanation>`` (``erratum``) -- a documented misprint
  (a paper's ``printed.py``, :class:`imbeval_repro.verdicts.errata.Erratum`);
- ``claim holds: <measured>`` / ``claim does not hold: <measured>`` / ``claim
  inconclusive: <measured>`` (``claim_holds``, ``claim_fails``, ``claim_inconclusive``) --
  a statement of the paper (about a figure, or a property), checked on what we
  regenerated, with the number and the threshold it was checked against; for a run's
  number the claim is decided on the interval of its margin: inconclusive when that
  interval contains the threshold;
- ``finding: <statement>`` (``finding``) -- a fact about the paper's indices or numbers
  that we establish (proved, and checked), not a number the paper printed;
- ``not distinguishable from a re-run: <why>`` / ``outside our 95% interval, not decisive:
  <why>`` / ``differs from a re-run: <why>`` (``not_distinguishable``,
  ``outside_not_decisive``, ``differs``) -- a number regenerated under other conditions
  than the paper's, with the prediction interval of a re-run of our pipeline
  (:func:`imbeval.inference.rerun_estimate`; the detail gives it): the printed value lies
  inside it (a re-run could print it; not evidence that it *agrees*), outside it at 95%
  alone but not after the adjustment over its table (:func:`adjust`: the detail says which
  and by how much), or outside it after the adjustment (a deviation, counted);
- ``different setting: <why>`` (``different_setting``) -- regenerated, but not under the
  paper's conditions (our CV split and library versions, our synthetic sweep, ...), so
  agreement is not expected;
- ``not comparable: <why>`` (``not_comparable``) -- nothing to regenerate it from;
- ``MISMATCH`` (``mismatch``) -- none of the above: a number we fail to reproduce and
  cannot explain. The tests require there be none.

This module is the face of the verdict table (it re-exports; each topic is its own module, and
none of them imports this one): the vocabulary (:mod:`imbeval_repro.verdicts.statuses`), print
precision (:mod:`imbeval_repro.verdicts.precision`), the row constructors
(:mod:`imbeval_repro.verdicts.rows`), multiplicity (:mod:`imbeval_repro.verdicts.multiplicity`) and
reading and writing (:mod:`imbeval_repro.verdicts.table_io`).
"""

from __future__ import annotations

from imbeval_repro.verdicts.table_io import (MULTIPLICITY_COLUMNS, TYPED_COLUMNS, read_parts,
                                           summary, write)
from imbeval_repro.verdicts.multiplicity import (DETAIL_SEPARATOR, EXACT_ADJUSTMENT, FDR, FWER,
                                          adjust, adjustment_names, detail_parts,
                                          family_error_rate, family_id, family_name,
                                          family_names, fdr_family, holm_family,
                                          outside_interval)
from imbeval_repro.verdicts.precision import decimals, matches, printed_number, truncated
from imbeval_repro.verdicts.rows import (ADDED_COLUMNS, CLAIM_COLUMN, COLUMNS, LITERAL_READING,
                                  PRINTED_BASIS, BasisKind, claim,
                                  verdict_row, default_basis_kind, finding, frame, restated,
                                  row, run_basis)
from imbeval_repro.verdicts.statuses import (DECISIVE, STATUSES, TRUNCATED, WORDING, Status,
                                      Wording, verdict_of, wording)

__all__ = ["COLUMNS", "CLAIM_COLUMN", "LITERAL_READING", "TYPED_COLUMNS", "MULTIPLICITY_COLUMNS", "ADDED_COLUMNS",
           "PRINTED_BASIS", "BasisKind", "default_basis_kind", "Status", "Wording", "WORDING",
           "STATUSES",
           "DECISIVE", "TRUNCATED", "wording", "verdict_of",
           "run_basis", "printed_number", "decimals", "matches", "truncated",
           "verdict_row", "restated", "row", "frame", "claim", "finding", "FWER", "FDR",
           "holm_family", "fdr_family", "family_error_rate", "family_name", "family_id",
           "EXACT_ADJUSTMENT", "family_names", "adjustment_names", "DETAIL_SEPARATOR",
           "detail_parts", "adjust", "outside_interval", "summary", "write", "read_parts"]
