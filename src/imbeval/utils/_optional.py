"""Optional dependencies: imported where they are used, with an error that names the extra
that installs them."""

from __future__ import annotations

import importlib

__all__ = ["import_optional"]

#: the extra of ``imbeval-indices`` that installs each optional top-level module
EXTRAS = {"sklearn": "sklearn", "matplotlib": "plot", "pyarrow": "parquet"}


def import_optional(name: str):
    """The module ``name`` (e.g. ``"sklearn.metrics"``), or an ImportError naming the extra.

    Examples
    --------
    >>> import_optional("math").sqrt(4.0)
    2.0
    """
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        top = name.partition(".")[0]
        extra = EXTRAS.get(top)
        if extra is None:
            raise
        raise ImportError(f"{name} is needed here: pip install 'imbeval-indices[{extra}]'") from exc
