"""The verdict vocabulary of a verdict row: what a row says of its number, as data.

A row's ``verdict_kind`` is a short identifier (:class:`Status`, a :class:`enum.StrEnum`:
``claim_holds``, ``not_distinguishable``, ...); the words a reader sees are in one table,
:data:`WORDING` (the ``status`` text is rendered from it and the row's ``detail``; the
report reads it for its counts, legends and badges). A program reads ``verdict_kind``, never the
words: no code parses a verdict back out of text. The colours the report gives each kind
are the report's (:data:`imbeval_repro.report.verdicts.KIND_CSS`), not this layer's.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

__all__ = ["Status", "Wording", "WORDING", "STATUSES", "DECISIVE", "TRUNCATED", "wording",
           "verdict_of"]


class Status(StrEnum):
    """What a verdict row says of its number: the ``verdict_kind`` column's identifier.

    ``severity`` orders the kinds (0 = worst: the worst row of an item decides its
    verdict); the reader's words are :data:`WORDING`'s.

    Examples
    --------
    >>> Status("claim_holds") is Status.CLAIM_HOLDS, Status.MISMATCH.severity
    (True, 0)
    >>> Status.MATCH.render("both select RF"), Status.ERRATUM.render("printed 0.77")
    ('match (both select RF)', 'erratum: printed 0.77')
    >>> [str(s) for s in Status if s.decisive]
    ['claim_holds', 'claim_fails', 'differs']
    """

    MATCH = "match"
    TRUNCATED = "truncated"
    ERRATUM = "erratum"
    CLAIM_HOLDS = "claim_holds"
    CLAIM_FAILS = "claim_fails"
    CLAIM_INCONCLUSIVE = "claim_inconclusive"
    FINDING = "finding"
    # inside a re-run's interval: a re-run could print it, which is no evidence it agrees
    NOT_DISTINGUISHABLE = "not_distinguishable"
    # outside our 95% interval alone, but not after the table's adjustment (it says which)
    OUTSIDE = "outside_not_decisive"
    DIFFERS = "differs"
    SETTING = "different_setting"
    NOT_COMPARABLE = "not_comparable"
    MISMATCH = "mismatch"

    @property
    def severity(self) -> int:
        """0 = worst: the worst row of an item decides its verdict."""
        return _SEVERITY[self]

    @property
    def verdict(self) -> str:
        """The item verdict it gives, in the reader's words ("matches" for both matches)."""
        return WORDING[self].verdict

    @property
    def decisive(self) -> bool:
        """A verdict some evidence could have refused (kept only at
        :data:`imbeval.inference.DECISIVE_ALPHA` after its family's adjustment)."""
        return self in (Status.CLAIM_HOLDS, Status.CLAIM_FAILS, Status.DIFFERS)

    @property
    def is_rerun(self) -> bool:
        """A printed number against the prediction interval of a re-run."""
        return self in (Status.NOT_DISTINGUISHABLE, Status.OUTSIDE, Status.DIFFERS)

    @property
    def is_claim(self) -> bool:
        return self in (Status.CLAIM_HOLDS, Status.CLAIM_FAILS, Status.CLAIM_INCONCLUSIVE)

    @property
    def words(self) -> str:
        """The reader's words for it (:data:`WORDING`)."""
        return WORDING[self].status

    def render(self, detail: str = "") -> str:
        """The ``status`` text: a match's detail in parentheses, any other's after a colon."""
        if not detail:
            return self.words
        return f"{self.words} ({detail})" if self is Status.MATCH else f"{self.words}: {detail}"


class Wording(NamedTuple):
    """A kind in the reader's words: as its rows' ``status`` begins, and as the verdict it
    gives its item."""

    status: str
    verdict: str


#: every kind in the reader's words, in the order of the verdict table's docstring (counts are
#: shown in this order): the one table of them
WORDING = {
    Status.MATCH: Wording("match", "matches"),
    Status.TRUNCATED: Wording("within print precision (printed truncated)", "matches"),
    Status.ERRATUM: Wording("erratum", "erratum"),
    Status.CLAIM_HOLDS: Wording("claim holds", "claim holds"),
    Status.CLAIM_FAILS: Wording("claim does not hold", "claim does not hold"),
    Status.CLAIM_INCONCLUSIVE: Wording("claim inconclusive", "claim inconclusive"),
    Status.FINDING: Wording("finding", "finding"),
    Status.NOT_DISTINGUISHABLE: Wording("not distinguishable from a re-run",
                                        "not distinguishable from a re-run"),
    Status.OUTSIDE: Wording("outside our 95% interval, not decisive",
                            "outside our 95% interval, not decisive"),
    Status.DIFFERS: Wording("differs from a re-run", "differs from a re-run"),
    Status.SETTING: Wording("different setting", "different setting"),
    Status.NOT_COMPARABLE: Wording("not comparable", "not comparable"),
    Status.MISMATCH: Wording("MISMATCH", "MISMATCH"),
}
#: kind -> severity (0 = worst)
_SEVERITY = {Status.MATCH: 8, Status.TRUNCATED: 8, Status.ERRATUM: 2, Status.CLAIM_HOLDS: 7,
             Status.CLAIM_FAILS: 0, Status.CLAIM_INCONCLUSIVE: 3, Status.FINDING: 6,
             Status.NOT_DISTINGUISHABLE: 5, Status.OUTSIDE: 3, Status.DIFFERS: 1,
             Status.SETTING: 4, Status.NOT_COMPARABLE: 9, Status.MISMATCH: 0}

#: every kind's identifier, in :data:`WORDING`'s order
STATUSES = tuple(str(s) for s in WORDING)
#: the kinds that are a decision (a verdict some evidence could have refused)
DECISIVE = tuple(str(s) for s in Status if s.decisive)
#: the ``status`` text of a truncated print (no detail)
TRUNCATED = Status.TRUNCATED.render()


def wording(kind) -> str:
    """The reader's words for ``verdict_kind`` (an identifier or a :class:`Status`).

    >>> wording("differs")
    'differs from a re-run'
    """
    return WORDING[Status(kind)].status


def verdict_of(kind) -> str:
    """The item verdict ``verdict_kind`` gives, in the reader's words.

    >>> verdict_of("truncated")
    'matches'
    """
    return WORDING[Status(kind)].verdict
