"""The registry of indices: canonical name -> metadata and function.

Every index module registers its indices with :func:`register_index` at import time; the
package ``__init__`` imports them all, so :func:`registry` is complete once
``imbeval.indices`` is imported.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from imbeval.indices._validation import check_confusion_stack, check_zero_division, trusted_stack

__all__ = ["IndexInfo", "register_index", "registry", "compute"]

TWO_CLASS = "two-class"
MULTI_CLASS = "multi-class"


@dataclass(frozen=True)
class IndexInfo:
    """Metadata of one registered index.

    Attributes
    ----------
    name : canonical snake_case name (the key of :func:`registry`).
    function : callable ``f(stack, zero_division=nan) -> ndarray of shape stack.shape[:-2]``.
    paper : short name of the source document (``mullick2020``, ``mortaz2020``,
        ``ortigosa2016``, ``dembele``, ``kluska``).
    symbol : the paper's symbol or name for it.
    formula : the formula in plain text, rows = true class, columns = predicted.
    scope : ``"two-class"`` (defined for C = 2 only, positive class = first row) or
        ``"multi-class"`` (defined for every C >= 2).
    bounds : the index's range (lower, upper) over all matrices, as stated by its paper.
    description : one line for tables and the CLI.
    """

    name: str
    function: Callable = field(repr=False)
    paper: str
    symbol: str
    formula: str
    scope: str
    bounds: tuple[float, float]
    description: str

    def applies_to(self, n_classes: int) -> bool:
        return self.scope == MULTI_CLASS or n_classes == 2


_REGISTRY: dict[str, IndexInfo] = {}


def register_index(*, name, paper, symbol, formula, scope, bounds, description):
    """Decorator adding an index function to the registry under ``name``."""
    if scope not in (TWO_CLASS, MULTI_CLASS):
        raise ValueError(f"scope must be {TWO_CLASS!r} or {MULTI_CLASS!r}, got {scope!r}")

    def decorate(function):
        if name in _REGISTRY:
            raise ValueError(f"index {name!r} is registered twice")
        _REGISTRY[name] = IndexInfo(
            name=name,
            function=function,
            paper=paper,
            symbol=symbol,
            formula=formula,
            scope=scope,
            bounds=tuple(float(b) for b in bounds),
            description=description,
        )
        return function

    return decorate


def registry() -> dict[str, IndexInfo]:
    """Every registered index, name -> :class:`IndexInfo`, in registration order."""
    return dict(_REGISTRY)


# Matrices per chunk in compute(). Small enough that a chunk's temporaries (a 10-class chunk
# is 8 MB of float64) stay in cache and are reused by the allocator instead of being fresh,
# page-faulted mappings; measured on 10-class stacks, 10,000 is faster than 100,000 and
# holds far less memory (docs/performance.md, "Index engine").
DEFAULT_CHUNK = 10_000


def compute(stack, names=None, zero_division=np.nan, chunk_size=DEFAULT_CHUNK) -> dict[str, np.ndarray]:
    """Compute indices on a confusion-matrix stack.

    Parameters
    ----------
    stack : array_like of shape (..., C, C)
        Rows true, columns predicted.
    names : iterable of str, optional
        Canonical names to compute. By default every index that applies to C classes
        (two-class indices only when C == 2).
    zero_division : float, default NaN
        Value substituted for ratios with a zero denominator (see
        :mod:`imbeval.indices._validation`).
    chunk_size : int or None
        Stacks of more matrices than this are computed chunk by chunk, so peak memory does
        not grow with the stack; None computes in one pass.

    Returns
    -------
    dict mapping each name to an ndarray of shape ``stack.shape[:-2]``.

    Raises
    ------
    ValueError
        For invalid matrices, an unknown name, or a two-class index asked of C != 2.
    """
    zero_division = check_zero_division(zero_division)
    if chunk_size is not None and int(chunk_size) < 1:
        raise ValueError(f"chunk_size must be a positive integer or None, got {chunk_size!r}")
    # A large numeric stack is validated (and converted to float64) chunk by chunk, so an
    # integer stack of a million matrices is never copied whole into float64.
    chunk_raw = (
        isinstance(stack, np.ndarray)
        and stack.dtype.kind in "iuf"
        and stack.ndim >= 3
        and stack.shape[-1] == stack.shape[-2] >= 2
        and chunk_size is not None
        and int(np.prod(stack.shape[:-2])) > int(chunk_size)
    )
    arr = stack if chunk_raw else check_confusion_stack(stack)
    n_classes = arr.shape[-1]
    if names is None:
        selected = [info for info in _REGISTRY.values() if info.applies_to(n_classes)]
    else:
        if isinstance(names, str):
            names = [names]
        selected = []
        for name in names:
            if name not in _REGISTRY:
                raise ValueError(
                    f"unknown index {name!r}; known indices: {', '.join(_REGISTRY)}"
                )
            info = _REGISTRY[name]
            if not info.applies_to(n_classes):
                raise ValueError(
                    f"index {name!r} is two-class only, but the matrices have "
                    f"C = {n_classes} classes"
                )
            selected.append(info)
    batch_shape = arr.shape[:-2]
    flat = arr.reshape((-1,) + arr.shape[-2:])
    if chunk_size is None or flat.shape[0] <= chunk_size:
        return _compute_validated(arr, selected, zero_division)
    out = {info.name: np.empty(flat.shape[0]) for info in selected}
    for start in range(0, flat.shape[0], int(chunk_size)):
        # ascontiguousarray: a view of a reshaped input may not be contiguous
        chunk = np.ascontiguousarray(flat[start : start + int(chunk_size)])
        if chunk_raw:
            chunk = check_confusion_stack(chunk)
        for name, values in _compute_validated(chunk, selected, zero_division).items():
            out[name][start : start + chunk.shape[0]] = values
    return {name: values.reshape(batch_shape) for name, values in out.items()}


def _compute_validated(arr, selected, zero_division):
    with trusted_stack(arr):
        return {info.name: info.function(arr, zero_division=zero_division) for info in selected}
