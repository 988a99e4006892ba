"""imbeval: performance indices for imbalanced classification.

Packages: :mod:`~imbeval.indices` (indices of confusion-matrix stacks, their registry and
the catalogue of other libraries' indices), :mod:`~imbeval.metrics` (indices of labels,
scikit-learn style, and their intervals from one test set), :mod:`~imbeval.scores` (indices
of scores), :mod:`~imbeval.inference` (intervals, tests and multiplicity over CV results),
:mod:`~imbeval.compare` (which classifier wins, by index), :mod:`~imbeval.audit` (does an
index meet the papers' conditions and properties), :mod:`~imbeval.baselines` (what an index
gives a classifier that ignores its input), :mod:`~imbeval.rrt` and
:mod:`~imbeval.evaluation` (how much of a score is the test set's class ratio),
:mod:`~imbeval.recommend` (which indices for a problem, citing the audit),
:mod:`~imbeval.scoring` (per-fold predictions to the score table ``compare`` reads) and
:mod:`~imbeval.utils`. The base install needs numpy, SciPy, pandas and statsmodels;
scikit-learn (``[sklearn]``), matplotlib (``[plot]``) and pyarrow (``[parquet]``) are
extras.
"""

__version__ = "0.2.0"

#: The distribution's name on PyPI and in the installed packages' metadata (pyproject.toml's
#: ``[project] name``): ``imbeval`` itself is another project's on PyPI. The import name is
#: ``imbeval``. The one constant for code that reads the package's metadata.
DISTRIBUTION = "imbeval-indices"


def __getattr__(name):
    # imbeval.evaluate(estimator, X, y) without importing pandas on `import imbeval`
    if name in ("evaluate", "evaluate_predictions"):
        import importlib

        return getattr(importlib.import_module("imbeval.evaluation"), name)
    if name == "recommend":  # imbeval.recommend(...): the package, callable, loaded on first use
        import importlib

        return importlib.import_module("imbeval.recommend")
    raise AttributeError(f"module 'imbeval' has no attribute {name!r}")
