"""The answer of :func:`imbeval.recommend.recommend`: a ranked shortlist with its reasons."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

__all__ = ["Reason", "Candidate", "Recommendation"]


@dataclass(frozen=True)
class Reason:
    """One rule applied to one audit row.

    Attributes
    ----------
    rule : the rule's name (a row of ``rules.csv``); ``weight`` its weight.
    row : the id of the audit row it read (``condition1:mcc``).
    outcome : the row's outcome in words ("Condition 1 holds (mullick2020, Theorem 3)").
    effect : ``require``, ``exclude``, ``rank_up``, ``rank_down`` or ``note``.
    why : why the rule matters for the fingerprint.
    """

    rule: str
    row: str
    outcome: str
    effect: str
    why: str
    weight: int = 0

    @property
    def points(self) -> int:
        """+weight for ``rank_up``, −weight for ``rank_down``, 0 otherwise."""
        return {"rank_up": self.weight, "rank_down": -self.weight}.get(self.effect, 0)

    def to_dict(self) -> dict:
        return {"rule": self.rule, "row": self.row, "outcome": self.outcome,
                "effect": self.effect, "weight": self.weight, "why": self.why}

    def line(self) -> str:
        return f"{self.outcome} [{self.row}]: {self.why}"


@dataclass
class Candidate:
    """An index as the rules placed it."""

    index: str
    family: str  # "labels" (a function of the confusion matrix) or "scores"
    description: str
    reasons: list = field(default_factory=list)
    options: dict = field(default_factory=dict)
    aliases: tuple = ()
    #: other indices that order every classifier alike at the fingerprint's number of
    #: classes (the same values, or an increasing affine map of them)
    equivalents: tuple = ()

    @property
    def excluded(self) -> bool:
        return any(r.effect == "exclude" for r in self.reasons)

    @property
    def required(self) -> bool:
        return any(r.effect == "require" for r in self.reasons)

    @property
    def points(self) -> int:
        """The sum of the reasons' points: the rank among candidates alike required."""
        return sum(r.points for r in self.reasons)

    def to_dict(self) -> dict:
        out = {"index": self.index, "family": self.family, "description": self.description,
               "points": self.points, "required": self.required,
               "reasons": [r.to_dict() for r in self.reasons if r.effect != "exclude"]}
        if self.excluded:
            out["excluded_by"] = [r.to_dict() for r in self.reasons if r.effect == "exclude"]
        if self.options:
            out["options"] = self.options
        if self.aliases:
            out["aliases"] = list(self.aliases)
        if self.equivalents:
            out["equivalents"] = list(self.equivalents)
        return out


class Recommendation:
    """Which indices for a problem, and why: the shortlist, the other candidates, the
    excluded ones, each with the audit rows it rests on.

    Attributes
    ----------
    fingerprint : :class:`~imbeval.recommend.Fingerprint`.
    shortlist : the recommended indices, best first (:class:`Candidate`).
    ranked : every index not excluded, best first (the shortlist is its head).
    excluded : the excluded indices, each with the verdicts that exclude it.
    evidence : audit row id -> row (every row a reason cites).
    """

    def __init__(self, fingerprint, ranked, excluded, evidence, top, version):
        self.fingerprint = fingerprint
        self.ranked = ranked
        self.shortlist = ranked[:top]
        self.excluded = excluded
        self.evidence = evidence
        self.version = version

    def __repr__(self):
        names = ", ".join(c.index for c in self.shortlist)
        return f"<Recommendation for {self.fingerprint.describe()}: {names}>"

    # ------------------------------------------------------------------ words
    def paragraph(self) -> str:
        """A paragraph a methods section can quote."""
        fp = self.fingerprint
        if not self.shortlist:
            return (f"For this problem ({fp.describe()}) no registered index passed the "
                    f"recommender's rules (imbeval {self.version}).")
        first = self.shortlist[0]
        reasons = [_short(r.outcome) for r in first.reasons
                   if r.effect in ("require", "rank_up")][:3]
        because = f", because {'; '.join(reasons)}" if reasons else ""
        others = [c.index for c in self.shortlist[1:]]
        excluded = self.excluded[:4]
        text = (f"The problem has {fp.describe()}. Following the index recommender of imbeval "
                f"{self.version}, which applies stated rules to the audit of every registered "
                f"index, we report {first.index}{because}")
        text += f"; alongside it {', '.join(others)}." if others else "."
        if excluded:
            parts = []
            for c in excluded:
                r = next(r for r in c.reasons if r.effect == "exclude")
                parts.append(f"{c.index} ({_short(r.outcome)})")
            text += (" Indices excluded by the audit include " + "; ".join(parts)
                     + f" ({len(self.excluded)} in all).")
        return text

    def summary(self) -> str:
        """The recommendation as text: the shortlist with reasons, then the exclusions."""
        lines = [f"Recommended indices for: {self.fingerprint.describe()}", ""]
        for k, c in enumerate(self.shortlist, 1):
            opts = f" ({', '.join(f'{k_}={v}' for k_, v in c.options.items())})" if c.options else ""
            same = f" (same ranking: {', '.join(c.equivalents)})" if c.equivalents else ""
            lines.append(f"{k}. {c.index}{opts} [{c.family}; {c.points:+d}"
                         f"{'; required' if c.required else ''}] {c.description}{same}")
            for r in c.reasons:
                lines.append(f"     {'+' if r.effect in ('rank_up', 'require') else '-' if r.effect == 'rank_down' else '·'} {r.line()}")
        if self.excluded:
            lines += ["", f"Excluded ({len(self.excluded)}), by the rule that excludes them:"]
            groups = {}
            for c in self.excluded:
                r = next(r for r in c.reasons if r.effect == "exclude")
                groups.setdefault((r.rule, r.why), []).append((c.index, r))
            for (rule, why), members in groups.items():
                lines.append(f"  {why} [{rule}]:")
                for name, r in members:
                    lines.append(f"    {name}: {r.outcome} [{r.row}]")
        lines += ["", "For a methods section:", self.paragraph()]
        return "\n".join(lines)

    def to_markdown(self) -> str:
        """The recommendation as Markdown: a table of the shortlist, the exclusions grouped by
        the rule that excludes them, the methods paragraph (outcomes without their
        counterexamples: the cited rows hold them)."""
        out = [f"**Fingerprint**: {self.fingerprint.describe()}", "",
               "| rank | index | family | points | reasons |", "|---|---|---|---|---|"]
        for k, c in enumerate(self.shortlist, 1):
            why = "<br>".join(f"{'+' if r.effect in ('rank_up', 'require') else '−'} "
                              f"{_brief(r.outcome)} (`{r.row}`)" for r in c.reasons
                              if r.effect != "note") or "—"
            same = f" (same ranking: {', '.join(c.equivalents)})" if c.equivalents else ""
            out.append(f"| {k} | `{c.index}`{same} | {c.family} | {c.points:+d}"
                       f"{' (required)' if c.required else ''} | {why} |")
        if self.excluded:
            out += ["", f"**Excluded** ({len(self.excluded)}):", ""]
            groups = {}
            for c in self.excluded:
                r = next(r for r in c.reasons if r.effect == "exclude")
                groups.setdefault(r.why, []).append(f"`{c.index}` ({_brief(r.outcome)}, `{r.row}`)")
            for why, members in groups.items():
                out.append(f"- {why}: {'; '.join(members)}")
        out += ["", "> " + self.paragraph()]
        return "\n".join(out)

    # ------------------------------------------------------------------ data
    def to_dict(self) -> dict:
        """The same content as :meth:`summary`, JSON-ready."""
        cited = sorted({r.row for c in self.ranked + self.excluded for r in c.reasons})
        return {"fingerprint": self.fingerprint.to_dict(), "imbeval": self.version,
                "shortlist": [c.to_dict() for c in self.shortlist],
                "ranked": [c.to_dict() for c in self.ranked[len(self.shortlist):]],
                "excluded": [c.to_dict() for c in self.excluded],
                "paragraph": self.paragraph(),
                "evidence": {i: _plain(self.evidence[i]) for i in cited}}

    def to_json(self, **kwargs) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, **kwargs)

    def to_frame(self):
        """One row per index: ``rank`` (None when excluded), ``index``, ``family``,
        ``status`` (``shortlist``, ``ranked``, ``excluded``), ``points``, ``required``,
        ``reasons`` (the cited rows, ``;``-joined)."""
        import pandas as pd

        rows = []
        for k, c in enumerate(self.ranked, 1):
            rows.append({"rank": k, "index": c.index, "family": c.family,
                         "status": "shortlist" if k <= len(self.shortlist) else "ranked",
                         "points": c.points, "required": c.required,
                         "reasons": "; ".join(r.row for r in c.reasons)})
        for c in self.excluded:
            rows.append({"rank": None, "index": c.index, "family": c.family,
                         "status": "excluded", "points": c.points, "required": c.required,
                         "reasons": "; ".join(r.row for r in c.reasons if r.effect == "exclude")})
        return pd.DataFrame(rows)


def _brief(text):
    """An outcome without its counterexample or evidence list (what follows a ": " outside
    parentheses)."""
    text = text.split(" (counterexample")[0]
    depth = 0
    for k, ch in enumerate(text):
        depth += (ch == "(") - (ch == ")")
        if depth == 0 and text.startswith(": ", k):
            return text[:k]
    return text


def _short(text):
    """An outcome without its parenthesised evidence: "Condition 1 holds"."""
    return _brief(text).split(" (")[0]


def _plain(row):
    v = row.get("value")
    return {**row, "value": None if v is None or v != v else float(v)}
