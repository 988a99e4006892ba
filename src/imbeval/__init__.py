"""imbeval: performance indices for imbalanced classification and a pipeline that
regenerates the figures and tables of five papers on them.

Layers, bottom to top; a module imports only from its own layer or lower ones
(``tests/unit/test_layers.py`` checks it): ``_io``/``_seeds``/``_settings`` (atomic writing,
per-job seeds, protocol defaults) → ``indices`` (pure functions of confusion-matrix stacks)
→ ``metrics`` (the indices of labels, scikit-learn style) → ``data`` → ``features`` → ``classifiers`` → ``protocol`` → ``audit`` → ``figures`` /
``tables`` → the ``cli`` that the Snakemake rules call.
"""

__version__ = "0.1.0"

#: The distribution's name on PyPI and in the installed packages' metadata (pyproject.toml's
#: ``[project] name``): ``imbeval`` itself is another project's on PyPI. The import name is
#: ``imbeval``. The one constant for code that reads the package's metadata.
DISTRIBUTION = "imbeval-indices"


def __getattr__(name):
    # imbeval.evaluate(estimator, X, y) without importing pandas/matplotlib on `import imbeval`.
    # Imported by name at first use: no command that does not use it depends on it (the
    # rules' input lists follow static imports, cli/_sources.py).
    if name in ("evaluate", "evaluate_predictions"):
        import importlib

        return getattr(importlib.import_module("imbeval.evaluation"), name)
    raise AttributeError(f"module 'imbeval' has no attribute {name!r}")
