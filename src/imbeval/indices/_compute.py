"""compute(): many indices of one confusion-matrix stack, chunk by chunk."""

from __future__ import annotations

import numpy as np

from imbeval.indices._common import shared_quantities
from imbeval.indices._registry import _REGISTRY
from imbeval.indices._validation import check_confusion_stack, check_zero_division, validated_call

__all__ = ["compute", "DEFAULT_CHUNK"]


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
        Names to compute: any registered index, the catalogue's included
        (:mod:`imbeval.indices.catalogue`). By default every index of :func:`registry` that
        applies to C classes (two-class indices only when C == 2): the papers' indices and
        the user's, never the catalogue's, so the default set does not grow with it.
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
        For invalid matrices, an unknown name, a two-class index asked of C != 2, or an
        invalid ``zero_division`` or ``chunk_size`` (the message names the parameter).

    Notes
    -----
    The stack (each chunk of it) is validated once; the index functions are then called
    inside :func:`~imbeval.indices._validation.validated_call` and do not check it again.
    An alias and its index share one function, computed once per chunk.

    Examples
    --------
    >>> from imbeval.indices import compute
    >>> values = compute([[5, 1, 0], [1, 3, 1], [0, 2, 4]], names=["acsa", "macro_recall", "kappa"])
    >>> {name: round(float(v), 4) for name, v in values.items()}
    {'acsa': 0.7, 'macro_recall': 0.7, 'kappa': 0.5596}
    >>> compute([[[3, 1], [0, 2]], [[1, 1], [1, 1]]], names=["auroc2"])["auroc2"]
    array([0.875, 0.5  ])
    >>> compute([[3, 1], [0, 2]], names=["acsa"], zero_division="warn")
    Traceback (most recent call last):
    ...
    ValueError: zero_division must be a number or NaN, got 'warn'
    """
    zero_division = check_zero_division(zero_division)
    if chunk_size is not None:
        try:
            valid = int(chunk_size) == chunk_size and int(chunk_size) >= 1
        except (TypeError, ValueError):
            valid = False
        if not valid:
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
        selected = [info for info in _REGISTRY.values()
                    if info.applies_to(n_classes) and not info.catalogue]
    else:
        if isinstance(names, str):
            names = [names]
        selected = []
        for name in names:
            if name not in _REGISTRY:
                known = ", ".join(n for n, i in _REGISTRY.items() if not i.catalogue)
                raise ValueError(
                    f"unknown index {name!r}; known indices: {known} and the catalogue's "
                    "(imbeval.indices.catalogue.catalogue_names())"
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
    # Inside validated_call the index functions skip their own checks: the chunk has been
    # validated once, here. Inside shared_quantities the per-class sums, recalls, precisions
    # ... of the chunk are computed once for all indices. An alias shares its index's
    # function, computed once.
    values = {}
    out = {}
    with validated_call(), shared_quantities(arr):
        for info in selected:
            function = info.function
            if function in values:
                out[info.name] = values[function].copy()
            else:
                out[info.name] = values[function] = function(arr, zero_division=zero_division)
    return out
