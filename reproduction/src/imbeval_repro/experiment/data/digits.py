"""scikit-learn's digits (1797 8×8 images, 10 classes) as concept tables.

The tiny dataset of the test configuration: higher-level concepts are unions of digits,
as ImageNet's are unions of leaf classes. Features are the 64 pixel values scaled to
[0, 1] (the ``pixels`` extractor).
"""

from __future__ import annotations

from typing import Iterable, Mapping

import numpy as np

from imbeval_repro.experiment.data.shards import check_concepts


def _digit(value) -> int:
    try:
        d = int(str(value).strip())
    except ValueError:
        d = -1
    if not 0 <= d <= 9 or str(value).strip() not in {str(d)}:
        raise ValueError(f"digits class {value!r} is not one of 0..9")
    return d


def parse_digit_concepts(concepts: Mapping[str, Iterable]) -> dict[str, list[int]]:
    """Validate ``{concept: [digit, ...]}`` (ints or strings ``"0"``..``"9"``), disjoint."""
    return check_concepts(
        {name: [_digit(v) for v in members] for name, members in concepts.items()}, "digit"
    )


def digits_concept_tables(concepts: Mapping[str, Iterable]) -> dict[str, dict]:
    """``{concept: {"X", "paths", "labels"}}`` from scikit-learn's digits.

    ``X`` is float32 pixels / 16 (64-d); ``paths`` are ``digits/<index>`` in the order of
    ``sklearn.datasets.load_digits``; ``labels`` the digit of each row.
    """
    from sklearn.datasets import load_digits

    concepts = parse_digit_concepts(concepts)
    bunch = load_digits()
    X = (bunch.data / 16.0).astype(np.float32)
    y = bunch.target
    out = {}
    for name, members in concepts.items():
        idx = np.flatnonzero(np.isin(y, members))
        out[name] = {
            "X": X[idx],
            "paths": np.array([f"digits/{i:04d}" for i in idx]),
            "labels": y[idx].astype(str),
        }
    return out


def load_digits_concepts(concepts: Mapping[str, Iterable]) -> dict[str, np.ndarray]:
    """``{concept: X}`` from scikit-learn's digits (see :func:`digits_concept_tables`)."""
    return {name: t["X"] for name, t in digits_concept_tables(concepts).items()}
