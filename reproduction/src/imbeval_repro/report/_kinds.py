"""The report's colours of the verdict kinds: the CSS class of each
:class:`imbeval_repro.verdicts.Status` (its cells and badges; the stylesheet in
:mod:`imbeval_repro.report._html` colours the classes) and a kind's badge. The words of each kind
are :data:`imbeval_repro.verdicts.WORDING`'s; the colours are the report's alone, so they
live here and not with the verdicts of the tables layer.
"""

from __future__ import annotations

import html

from imbeval_repro.verdicts import Status

__all__ = ["KIND_CSS", "kind_badge"]

S = Status
#: kind -> the CSS class of its cells and badges
KIND_CSS = {S.MATCH: "good", S.TRUNCATED: "good", S.ERRATUM: "erratum", S.CLAIM_HOLDS: "good",
            S.CLAIM_FAILS: "bad", S.CLAIM_INCONCLUSIVE: "inconclusive", S.FINDING: "finding",
            S.NOT_DISTINGUISHABLE: "indistinct", S.OUTSIDE: "outside", S.DIFFERS: "differs",
            S.SETTING: "setting", S.NOT_COMPARABLE: "neutral", S.MISMATCH: "bad"}


def kind_badge(kind, text: str | None = None) -> str:
    """A kind's badge: its words (or ``text``) in its colour.

    >>> kind_badge("claim_holds")
    '<span class="verdict good">claim holds</span>'
    """
    status = Status(kind)
    words = status.words if text is None else text
    return f'<span class="verdict {KIND_CSS[status]}">{html.escape(words)}</span>'
