"""A printed value that is not what the paper's own formula gives on its own matrix."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Erratum"]


@dataclass(frozen=True)
class Erratum:
    """A printed value that is not the formula's value, and why.

    ``corrected`` is what the paper's formula gives on the paper's matrix (``None`` when the
    corrected reading is a whole recipe rather than one number, e.g. "the column uses
    M7 + J5/5": the verdict table then shows the recomputed value).
    """

    explanation: str
    corrected: float | None = None
