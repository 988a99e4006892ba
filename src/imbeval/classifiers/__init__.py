"""Classifiers of mullick2020 and mortaz2020 as scikit-learn estimators.

- :class:`NBSVM` -- near-Bayesian SVM (Datta & Das 2015), :mod:`.nbsvm`;
- :class:`LexiBoost`, :class:`DualLexiBoost` -- lexicographic boosting of weighted kNN
  (Datta, Nag & Das 2020), :mod:`.lexiboost`, :mod:`.lexi_lp`, :mod:`.knn_base`;
- :func:`make_rusboost`, :func:`make_smote_mlp`, :func:`mortaz_grid`,
  :func:`make_classifier` -- :mod:`.factories`;
- :func:`tune` -- in-fold tuning by inner stratified CV, :mod:`.tuning`;
- :func:`build_classifier` -- a built-in by name or a user's classifier by import path,
  :mod:`.user`.
"""

from .factories import (
    DEFAULT_PARAM_GRIDS,
    GRID_NAMES,
    MULLICK_NAMES,
    make_classifier,
    make_rusboost,
    make_smote_mlp,
    mortaz_grid,
)
from .lexiboost import DualLexiBoost, LexiBoost
from .nbsvm import NBSVM
from .rusboost import RedrawingRUSBoost
from .tuning import DEFAULT_SCORING, tune
from .user import build_classifier

__all__ = [
    "NBSVM", "LexiBoost", "DualLexiBoost", "make_rusboost", "make_smote_mlp", "mortaz_grid",
    "make_classifier", "tune", "DEFAULT_PARAM_GRIDS", "DEFAULT_SCORING", "GRID_NAMES",
    "MULLICK_NAMES", "RedrawingRUSBoost", "build_classifier",
]
