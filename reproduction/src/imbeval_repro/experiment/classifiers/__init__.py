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

import importlib

# Heavy submodules load on first use, so that reading :mod:`.names` stays cheap.
_LAZY = {
    **dict.fromkeys(["DEFAULT_PARAM_GRIDS", "make_classifier", "make_rusboost", "make_smote_mlp",
                     "mortaz_grid"], ".factories"),
    **dict.fromkeys(["GRID_NAMES", "MULLICK_NAMES"], ".names"),
    **dict.fromkeys(["DualLexiBoost", "LexiBoost"], ".lexiboost"),
    "NBSVM": ".nbsvm",
    "RedrawingRUSBoost": ".rusboost",
    **dict.fromkeys(["DEFAULT_SCORING", "tune"], ".tuning"),
    "build_classifier": ".user",
}

__all__ = [
    "NBSVM", "LexiBoost", "DualLexiBoost", "make_rusboost", "make_smote_mlp", "mortaz_grid",
    "make_classifier", "tune", "DEFAULT_PARAM_GRIDS", "DEFAULT_SCORING", "GRID_NAMES",
    "MULLICK_NAMES", "RedrawingRUSBoost", "build_classifier",
]


def __getattr__(name):
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(__all__))
