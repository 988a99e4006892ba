"""What mortaz2020's table modules share: the paper's name, the grid's datasets and
indices, the printed matrices, fold scores by repetition, a printed number's last unit and
a UCI run's basis. Private: :mod:`imbeval_repro.papers.mortaz2020.tables` is the face."""

from __future__ import annotations

import numpy as np
import pandas as pd

from imbeval_repro import verdicts as cmp
from imbeval_repro.papers.mortaz2020 import printed as pr
from imbeval_repro.papers.mortaz2020 import GRID_DATASETS  # noqa: F401

PAPER = "mortaz2020"

#: The five indices of the "multiple metric approach" (Tables 16/18, row minimum over them).
MULTIPLE_METRICS = ("ACC", "CBA", "MAR", "MAP", "F")




def _matrix(name):
    return np.asarray(pr.MATRICES[name], dtype=float)


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

