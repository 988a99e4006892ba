"""Indices of Dembélé, "The Eigenvalues Entropy as a Classifier Evaluation Measure".

(Work in progress: the indices are being added.)
"""

from __future__ import annotations

__all__: list[str] = []
