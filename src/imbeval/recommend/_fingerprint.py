"""A problem's fingerprint: what a recommendation of indices depends on, checked once."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

__all__ = ["Fingerprint", "PRIORS", "OUTPUTS", "FOCI", "read_cost_matrix"]

PRIORS = ("same", "shifted", "unknown")
OUTPUTS = ("labels", "scores", "probabilities")
FOCI = ("minority", "all-classes", "overall", "calibration")


@dataclass(frozen=True)
class Fingerprint:
    """The fingerprint of a classification problem.

    Attributes
    ----------
    classes : the number of classes (at least 2).
    prior : ``"same"`` (the deployment prior is the test set's), ``"shifted"`` or ``"unknown"``.
    deployment_prior : the deployment's class shares (``classes`` numbers, summing to 1) or None.
    costs : the cost matrix (rows true, columns decided) or None where the costs are unknown.
    output : what the classifier gives: ``"labels"``, ``"scores"`` or ``"probabilities"``.
    focus : ``"minority"``, ``"all-classes"``, ``"overall"`` or ``"calibration"``.
    n_min : the size of the smallest class of the test set, or None.
    """

    classes: int
    prior: str = "unknown"
    deployment_prior: tuple | None = None
    costs: tuple | None = field(default=None)
    output: str = "labels"
    focus: str = "all-classes"
    n_min: int | None = None

    def __post_init__(self):
        c = self.classes
        if isinstance(c, bool) or not isinstance(c, (int, np.integer)) or c < 2:
            raise ValueError(f"classes must be an integer >= 2 (a classification problem has "
                             f"at least two classes), got {c!r}")
        object.__setattr__(self, "classes", int(c))
        for name, value, allowed in (("prior", self.prior, PRIORS),
                                     ("output", self.output, OUTPUTS),
                                     ("focus", self.focus, FOCI)):
            if value not in allowed:
                raise ValueError(f"{name} must be one of {', '.join(allowed)}, got {value!r}")
        if self.deployment_prior is not None:
            if self.prior != "shifted":
                raise ValueError("a deployment prior is given, so the prior is 'shifted'; "
                                 f"got prior={self.prior!r}")
            p = np.asarray(self.deployment_prior, dtype=float).ravel()
            if p.size == 1 and c == 2:
                p = np.array([float(p[0]), 1.0 - float(p[0])])
            if p.shape != (c,) or not np.all(np.isfinite(p)) or np.any(p < 0) or p.sum() <= 0:
                raise ValueError(f"the deployment prior must be {c} non-negative class shares "
                                 f"(or, for two classes, the positive share), got "
                                 f"{list(np.asarray(self.deployment_prior, dtype=float).ravel())}")
            object.__setattr__(self, "deployment_prior", tuple(float(x) for x in p / p.sum()))
        if self.costs is not None:
            m = np.asarray(self.costs, dtype=float)
            if m.shape != (c, c):
                raise ValueError(f"the cost matrix must be {c} x {c} for {c} classes (rows true, "
                                 f"columns decided), got shape {m.shape}")
            if not np.all(np.isfinite(m)) or np.any(m < 0):
                raise ValueError("the cost matrix must hold finite, non-negative costs")
            if m.max() == 0:
                raise ValueError("the cost matrix must give some error a positive cost")
            object.__setattr__(self, "costs", tuple(tuple(float(x) for x in r) for r in m))
        if self.focus == "calibration" and self.output != "probabilities":
            raise ValueError("focus 'calibration' needs probabilities: calibration is a "
                             f"property of predicted probabilities, and output is {self.output!r}")
        if self.n_min is not None:
            n = self.n_min
            if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
                raise ValueError(f"n_min (the smallest class of the test set) must be a "
                                 f"positive integer, got {n!r}")
            object.__setattr__(self, "n_min", int(n))

    def matches(self, when: str) -> bool:
        """Whether a rule's ``when`` (``;``-joined terms, ``key=a|b``, ``classes>=3``,
        ``costs=known``, ``n_min``, ``always``) holds for this fingerprint."""
        for term in (t.strip() for t in when.split(";")):
            if term == "always":
                continue
            if term == "n_min":
                if self.n_min is None:
                    return False
                continue
            if term.startswith("classes>="):
                if self.classes < int(term.partition(">=")[2]):
                    return False
                continue
            key, sep, values = term.partition("=")
            if not sep:
                raise ValueError(f"a rule's condition {term!r} is not understood")
            own = {"prior": self.prior, "output": self.output, "focus": self.focus,
                   "classes": str(self.classes),
                   "costs": "known" if self.costs is not None else "unknown"}
            if key not in own:
                raise ValueError(f"a rule's condition names {key!r}, not a fingerprint field")
            if own[key] not in values.split("|"):
                return False
        return True

    def describe(self) -> str:
        """The fingerprint in words (for the summary and the methods paragraph)."""
        prior = {"same": "the deployment prior is the test set's",
                 "shifted": "the deployment prior differs from the test set's",
                 "unknown": "the deployment prior is unknown"}[self.prior]
        if self.deployment_prior is not None:
            prior += " (" + ", ".join(f"{p:.3g}" for p in self.deployment_prior) + ")"
        parts = [f"{self.classes} classes", prior,
                 "known misclassification costs" if self.costs is not None else "unknown costs",
                 f"the classifier outputs {self.output}", f"focus on {self.focus}"]
        if self.n_min is not None:
            parts.append(f"{self.n_min} test points in the smallest class")
        return "; ".join(parts)

    def to_dict(self) -> dict:
        """The fingerprint as plain values (JSON-ready)."""
        return {"classes": self.classes, "prior": self.prior,
                "deployment_prior": list(self.deployment_prior) if self.deployment_prior else None,
                "costs": [list(r) for r in self.costs] if self.costs is not None else None,
                "output": self.output, "focus": self.focus, "n_min": self.n_min}


def read_cost_matrix(path) -> np.ndarray:
    """A cost matrix from a text file: one row per true class, numbers separated by commas,
    tabs or spaces (rows true, columns decided)."""
    from pathlib import Path

    text = Path(path).read_text(encoding="utf-8")
    rows = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            rows.append([float(x) for x in line.replace(",", " ").replace(";", " ").split()])
        except ValueError:
            raise ValueError(f"the cost matrix {str(path)!r} holds something that is not a "
                             f"number: {line!r}") from None
    if not rows or len({len(r) for r in rows}) != 1:
        raise ValueError(f"the cost matrix {str(path)!r} must be a rectangle of numbers, one "
                         "row per true class")
    return np.array(rows)
