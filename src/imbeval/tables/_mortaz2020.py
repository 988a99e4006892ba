"""What mortaz2020's table modules share: the paper's name, the grid's datasets and
indices, the printed matrices, fold scores by repetition, a printed number's last unit and
a UCI run's basis. Private: :mod:`imbeval.tables.mortaz2020` is the face."""

from __future__ import annotations

import numpy as np
import pandas as pd

from imbeval.tables import comparison as cmp
from imbeval.tables import printed as pr

PAPER = "mortaz2020"

#: The five indices of the "multiple metric approach" (Tables 16/18, row minimum over them).
MULTIPLE_METRICS = ("ACC", "CBA", "MAR", "MAP", "F")


GRID_DATASETS = {"glass": "Table 16", "satimage": "Table 18"}


def _matrix(name):
    return np.asarray(pr.MORTAZ_MATRICES[name], dtype=float)


def _with_repeat(fold_scores: pd.DataFrame) -> pd.DataFrame:
    """Fold scores with a ``repeat`` column (a single CV's scores, without one, are
    repetition 0)."""
    return fold_scores if "repeat" in fold_scores.columns else fold_scores.assign(repeat=0)


def _by_repeat(series: pd.Series) -> np.ndarray:
    """A (repeat, fold)-indexed Series as the ``(repeats, folds)`` matrix of its values."""
    return series.unstack("fold").sort_index().to_numpy(dtype=float)


def _unit(text):
    places = cmp.decimals(text)
    return 0.0 if places is None else 10.0 ** -places


def _dataset_basis(dataset):
    return cmp.run_basis(f"UCI {dataset}")

