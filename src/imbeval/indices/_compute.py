"""compute(): many indices of one confusion-matrix stack, chunk by chunk."""

from __future__ import annotations

import numpy as np

from imbeval.indices._common import shared_quantities
from imbeval.indices._names import get_info
from imbeval.indices._validation import _ZERO_DIVISION
from imbeval.utils._param_validation import validate_params as _validate_params
from imbeval.indices._registry import _REGISTRY, TWO_CLASS, IndexInfo
from imbeval.indices._validation import check_confusion_stack, check_zero_division, validated_call

__all__ = ["compute", "check_positive", "DEFAULT_CHUNK"]


# Matrices per chunk in compute(). Small enough that a chunk's temporaries (a 10-class chunk
# is 8 MB of float64) stay in cache and are reused by the allocator instead of being fresh,
# page-faulted mappings; measured on 10-class stacks, 10,000 is faster than 100,000 and
# holds far less memory (docs/performance.md, "The index engine").
DEFAULT_CHUNK = 10_000


def check_positive(positive, n_classes: int, name: str = "positive") -> int:
    """Return ``positive`` (the row of the positive class) as an int, or raise ValueError.

    A row is 0 or 1 for two-class matrices; for C > 2 classes only the default 0 is
    accepted (no index for C > 2 has a positive class). ``name`` is the parameter named in
    the message (the CLI passes ``--positive``).

    Parameters
    ----------
    positive : int
        The row to check.
    n_classes : int
        C, the number of classes of the matrices.
    name : str
        The parameter's name in error messages.

    Returns
    -------
    int

    Examples
    --------
    >>> from imbeval.indices import check_positive
    >>> check_positive(1, 2)
    1
    >>> check_positive(2, 2)
    Traceback (most recent call last):
    ...
    ValueError: positive must be a row of the 2 x 2 matrix, 0 or 1, got 2
    >>> check_positive(1, 3)
    Traceback (most recent call last):
    ...
    ValueError: positive chooses the positive row of two-class matrices; the matrices have C = 3 classes, where only positive=0 (the default) is accepted
    """
    if isinstance(positive, (bool, np.bool_)) or not isinstance(positive, (int, np.integer)):
        raise ValueError(f"{name} must be a row number (an integer), got {positive!r}")
    positive = int(positive)
    if n_classes == 2 and positive not in (0, 1):
        raise ValueError(f"{name} must be a row of the 2 x 2 matrix, 0 or 1, got {positive}")
    if n_classes != 2 and positive != 0:
        raise ValueError(
            f"{name} chooses the positive row of two-class matrices; the matrices have "
            f"C = {n_classes} classes, where only {name}=0 (the default) is accepted"
        )
    return positive


@_validate_params({"names": [str, "array-like", None], "zero_division": [_ZERO_DIVISION]})
def compute(stack, names=None, zero_division=np.nan, chunk_size=DEFAULT_CHUNK, *,
            positive=0) -> dict[str, np.ndarray]:
    """Compute indices on a confusion-matrix stack.

    Parameters
    ----------
    stack : array_like of shape (..., C, C)
        Rows true, columns predicted.
    names : iterable of str, optional
        Names to compute: any registered index, the catalogue's included
        (:mod:`imbeval.indices.catalogue`). By default every index of :func:`registry` that
        applies to C classes (two-class indices only when C == 2): the papers' indices and
        the user's, never the catalogue's, so the default set does not grow with it. An
        :class:`IndexInfo` is accepted too and computed under its name, registered or not
        (how a pickled scorer of a user's index computes it in a worker process).
    zero_division : float, default NaN
        Value substituted for ratios with a zero denominator (see
        :mod:`imbeval.indices._validation`). It never reports an undefined index's best
        value: where an index is NaN with the default and the number would make it the
        index's best (1 for a weighted kappa of an empty class, 0 for a lower-is-better
        ratio), the result is NaN (the rule per index family: docs/metrics.md). The index
        functions called directly keep the plain substitution (the papers' conventions,
        e.g. ortigosa2016's 0/0 = 1, rest on it).
    chunk_size : int or None
        Stacks of more matrices than this are computed chunk by chunk, so peak memory does
        not grow with the stack; None computes in one pass.
    positive : {0, 1}, default 0
        The row of the positive class, for two-class indices (``gmean2``, ``precision``,
        ...): with ``positive=1`` they are computed on the 2 x 2 matrices reordered so
        that row 1 comes first (``cm[..., ::-1, ::-1]``). imbeval's convention is the
        positive class first (row 0, the default); ``sklearn.metrics.confusion_matrix``
        on labels {0, 1} puts the negative class first, so pass ``positive=1`` for its
        matrices. Multi-class indices get the matrices as given (the registered ones are
        invariant to a joint permutation of rows and columns). For C > 2 only 0 is
        accepted.

    Returns
    -------
    dict mapping each name to an ndarray of shape ``stack.shape[:-2]``.

    Raises
    ------
    ValueError
        For invalid matrices, an unknown name, a two-class index asked of C != 2, or an
        invalid ``zero_division``, ``chunk_size`` or ``positive`` (the message names the
        parameter).

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

    A matrix of ``sklearn.metrics.confusion_matrix`` (labels {0, 1}: negative first):

    >>> sk = [[880, 20], [28, 72]]  # rows true 0, 1; columns predicted 0, 1
    >>> round(float(compute(sk, names=["precision"], positive=1)["precision"]), 4)  # 72/92
    0.7826
    >>> round(float(compute(sk, names=["precision"])["precision"]), 4)  # class 0's: 880/908
    0.9692
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
    positive = check_positive(positive, n_classes)
    if names is None:
        selected = [info for info in _REGISTRY.values()
                    if info.applies_to(n_classes) and not info.catalogue]
    else:
        if isinstance(names, str):
            names = [names]
        selected, asked = [], []
        for name in names:
            # a registered name, or scikit-learn's / imbalanced-learn's (LIBRARY_NAMES), or
            # an IndexInfo itself (a scorer unpickled where its user's index is not registered)
            info = name if isinstance(name, IndexInfo) else get_info(name)
            name = info.name if isinstance(name, IndexInfo) else name
            if not info.applies_to(n_classes):
                raise ValueError(
                    f"index {name!r} is two-class only, but the matrices have "
                    f"C = {n_classes} classes"
                )
            selected.append(info)
            asked.append(name)
    if names is None:
        asked = [info.name for info in selected]
    values = _compute_chunked(arr, selected, zero_division, chunk_size, positive, chunk_raw)
    if not np.isnan(zero_division):
        _withhold_best(values, arr, selected, chunk_size, positive, chunk_raw)
    # keyed by the names asked for (a library's name keeps its own key); one array each
    out, used = {}, set()
    for name, info in zip(asked, selected):
        if name not in out:
            out[name] = values[info.name].copy() if info.name in used else values[info.name]
            used.add(info.name)
    return out


def _at_best(values, info):
    """Where ``values`` reach (or pass) the best value of the index ``info``."""
    low, high = info.bounds
    with np.errstate(invalid="ignore"):
        return values >= high - 1e-12 if info.greater_is_better else values <= low + 1e-12


def _withhold_best(values, arr, selected, chunk_size, positive, chunk_raw):
    """zero_division never reports an undefined index's best value: where an index
    is undefined (NaN with the default zero_division) and the number substituted gives its
    best value (a weighted kappa's 1 − 0/0 = 1, a negative likelihood ratio's 0, a precision
    of 1 with nothing predicted), the value becomes NaN. In place."""
    best = {info.name: _at_best(np.asarray(values[info.name]), info) for info in selected}
    suspects = [info for info in selected if np.any(best[info.name])]
    if not suspects:
        return
    undefined = _compute_chunked(arr, list({i.name: i for i in suspects}.values()), np.nan,
                                 chunk_size, positive, chunk_raw)
    for info in suspects:
        withhold = best[info.name] & np.isnan(undefined[info.name])
        if np.any(withhold):
            values[info.name] = np.where(withhold, np.nan, values[info.name])


def _compute_chunked(arr, selected, zero_division, chunk_size, positive, chunk_raw):
    batch_shape = arr.shape[:-2]
    flat = arr.reshape((-1,) + arr.shape[-2:])
    if chunk_size is None or flat.shape[0] <= chunk_size:
        return _compute_validated(arr, selected, zero_division, positive)
    out = {info.name: np.empty(flat.shape[0]) for info in selected}
    for start in range(0, flat.shape[0], int(chunk_size)):
        # ascontiguousarray: a view of a reshaped input may not be contiguous
        chunk = np.ascontiguousarray(flat[start : start + int(chunk_size)])
        if chunk_raw:
            chunk = check_confusion_stack(chunk)
        for name, values in _compute_validated(chunk, selected, zero_division, positive).items():
            out[name][start : start + chunk.shape[0]] = values
    return {name: values.reshape(batch_shape) for name, values in out.items()}


def _compute_validated(arr, selected, zero_division, positive=0):
    # Inside validated_call the index functions skip their own checks: the chunk has been
    # validated once, here. Inside shared_quantities the per-class sums, recalls, precisions
    # ... of the chunk are computed once for all indices. An alias shares its index's
    # function, computed once. With positive=1 the two-class indices get the reordered
    # 2 x 2 matrices (row 1 first), the multi-class ones the matrices as given.
    groups = [(arr, [info for info in selected if not (positive and info.scope == TWO_CLASS)])]
    if positive:
        reordered = np.ascontiguousarray(arr[..., ::-1, ::-1])
        groups.append((reordered, [info for info in selected if info.scope == TWO_CLASS]))
    out = {}
    with validated_call():
        for stack, infos in groups:
            values = {}
            with shared_quantities(stack):
                for info in infos:
                    function = info.function
                    if function in values:
                        out[info.name] = values[function].copy()
                    else:
                        out[info.name] = values[function] = function(
                            stack, zero_division=zero_division)
    return {info.name: out[info.name] for info in selected}
