"""The registry of indices: canonical name -> metadata and function.

Every index module registers its indices with :func:`register_index` at import time; the
package ``__init__`` imports them all, so :func:`registry` is complete once
``imbeval.indices`` is imported.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable

import inspect

import numpy as np

from imbeval.indices._validation import (
    check_confusion_stack,
    check_zero_division,
    validate_params,
    validated_call,
)

__all__ = ["IndexInfo", "register_index", "register_alias", "registry", "compute"]

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
    aliases : the other registered names of this very quantity (same function, same
        values), e.g. ``macro_recall`` for ``acsa``; empty for an alias itself.
    alias_of : for an alias, the name of the index it is an alias of; None otherwise.

    Examples
    --------
    >>> from imbeval.indices import registry
    >>> info = registry()["acsa"]
    >>> info.paper, info.scope, info.bounds
    ('mullick2020', 'multi-class', (0.0, 1.0))
    >>> info.aliases, registry()["macro_recall"].alias_of
    (('macro_recall',), 'acsa')
    >>> float(info.function([[3, 1], [0, 2]]))
    0.875
    """

    name: str
    function: Callable = field(repr=False)
    paper: str
    symbol: str
    formula: str
    scope: str
    bounds: tuple[float, float]
    description: str
    aliases: tuple[str, ...] = ()
    alias_of: str | None = None

    def applies_to(self, n_classes: int) -> bool:
        """Whether the index is defined for ``n_classes``-class matrices.

        >>> from imbeval.indices import registry
        >>> registry()["gmean2"].applies_to(3), registry()["gmean"].applies_to(3)
        (False, True)
        """
        return self.scope == MULTI_CLASS or n_classes == 2


_REGISTRY: dict[str, IndexInfo] = {}


def register_index(*, name, paper, symbol, formula, scope, bounds, description):
    """Decorator adding an index function to the registry under ``name``.

    This is the public way to add an index. The function must have the signature
    ``f(cm, zero_division=nan)`` (more keyword parameters with defaults are allowed), take a
    float64 stack of shape ``(..., C, C)`` (rows true, columns predicted) and return an
    array of shape ``(...)``. The decorator wraps it with :func:`validate_params`, so every
    call -- direct or through :func:`compute` -- gets a validated float64 stack (with
    ``C == 2`` for ``scope="two-class"``) and a float ``zero_division``, checked once:
    calls nested inside a validated call, and :func:`compute`'s calls on a chunk it has
    validated, skip the checks. The wrapped function is returned and stored as
    :attr:`IndexInfo.function`.

    Parameters
    ----------
    name : str
        Canonical snake_case name; must not be registered yet.
    paper, symbol, formula, description : str
        See :class:`IndexInfo`.
    scope : {"two-class", "multi-class"}
    bounds : (float, float)
        The index's range as stated by its paper.

    Raises
    ------
    ValueError
        If ``scope`` is unknown or ``name`` is registered already.

    Examples
    --------
    >>> import numpy as np
    >>> from imbeval.indices import compute, registry
    >>> from imbeval.indices._registry import register_index, unregister_index
    >>> @register_index(name="diagonal_share", paper="example", symbol="D",
    ...                 formula="Σ_i m_ii / Σ_ij m_ij", scope="multi-class",
    ...                 bounds=(0, 1), description="share of correct predictions")
    ... def diagonal_share(cm, zero_division=np.nan):
    ...     return np.trace(cm, axis1=-2, axis2=-1) / cm.sum(axis=(-2, -1))
    >>> float(diagonal_share([[3, 1], [0, 2]]))
    0.8333333333333334
    >>> compute([[3, 1], [0, 2]], names=["diagonal_share"])["diagonal_share"].round(4)
    np.float64(0.8333)
    >>> diagonal_share([[3, 1], [0, 2]], zero_division="warn")
    Traceback (most recent call last):
    ...
    ValueError: zero_division must be a number or NaN, got 'warn'
    >>> unregister_index("diagonal_share")
    """
    if scope not in (TWO_CLASS, MULTI_CLASS):
        raise ValueError(f"scope must be {TWO_CLASS!r} or {MULTI_CLASS!r}, got {scope!r}")

    def decorate(function):
        if name in _REGISTRY:
            raise ValueError(f"index {name!r} is registered twice")
        function.__doc__ = _with_standard_sections(function.__doc__, scope)
        first = next(iter(inspect.signature(function).parameters))
        validated = validate_params(stack=first, stack_classes=2 if scope == TWO_CLASS else None)(
            function
        )
        _REGISTRY[name] = IndexInfo(
            name=name,
            function=validated,
            paper=paper,
            symbol=symbol,
            formula=formula,
            scope=scope,
            bounds=tuple(float(b) for b in bounds),
            description=description,
        )
        return validated

    return decorate


_STANDARD_SECTIONS = """\
    Parameters
    ----------
    cm : array_like of shape (..., C, C)
        Confusion matrices, rows = true class, columns = predicted class{two_class}.
        Counts may be real-valued but must be finite and non-negative.
    zero_division : float, default NaN
        Value of a ratio whose denominator is 0 (see :mod:`imbeval.indices._validation`).

    Returns
    -------
    ndarray of shape (...)
        One value per matrix (0-dimensional for a single matrix).

    Raises
    ------
    ValueError
        If ``cm`` is not a valid stack{two_class_error} or ``zero_division`` is not a
        number; the message names the parameter.

"""


def _with_standard_sections(doc, scope):
    """Insert the Parameters/Returns/Raises sections every index shares before Examples.

    One text for all registered indices instead of thirty copies; a docstring that has its
    own Parameters section is left alone.
    """
    if not doc or "Parameters\n" in doc or "\n    Examples\n" not in doc:
        return doc
    two = scope == TWO_CLASS
    sections = _STANDARD_SECTIONS.format(
        two_class=" (C = 2, the positive class first)" if two else "",
        two_class_error=" of 2 x 2 matrices" if two else "",
    )
    head, tail = doc.split("\n    Examples\n", 1)
    return head.rstrip() + "\n\n" + sections + "    Examples\n" + tail


def register_alias(*, name, alias_of, paper, symbol, formula, description):
    """Register ``name`` as another paper's name of the registered index ``alias_of``.

    The alias shares the function, scope and bounds of ``alias_of`` (one implementation,
    so always the same values) and keeps its own paper, symbol, formula and description;
    :func:`compute` lists it under its own name as well. Both entries record the relation
    (:attr:`IndexInfo.aliases`, :attr:`IndexInfo.alias_of`). Returns the shared function.

    Examples
    --------
    >>> from imbeval.indices import registry
    >>> registry()["macro_recall"].function is registry()["acsa"].function
    True
    """
    if name in _REGISTRY:
        raise ValueError(f"index {name!r} is registered twice")
    if alias_of not in _REGISTRY or _REGISTRY[alias_of].alias_of is not None:
        raise ValueError(f"{alias_of!r} is not a registered canonical index")
    target = _REGISTRY[alias_of]
    _REGISTRY[alias_of] = replace(target, aliases=target.aliases + (name,))
    _REGISTRY[name] = IndexInfo(
        name=name,
        function=target.function,
        paper=paper,
        symbol=symbol,
        formula=formula,
        scope=target.scope,
        bounds=target.bounds,
        description=description,
        alias_of=alias_of,
    )
    return target.function


def unregister_index(name):
    """Remove ``name`` (an index registered by a user, or an alias) from the registry.

    Removing an index removes its aliases too. Raises KeyError for an unknown name.
    """
    info = _REGISTRY.pop(name)
    for alias in info.aliases:
        _REGISTRY.pop(alias, None)
    if info.alias_of is not None and info.alias_of in _REGISTRY:
        target = _REGISTRY[info.alias_of]
        _REGISTRY[info.alias_of] = replace(
            target, aliases=tuple(a for a in target.aliases if a != name)
        )


def registry() -> dict[str, IndexInfo]:
    """Every registered index, name -> :class:`IndexInfo`, in registration order.

    Aliases are listed under their own names (their :attr:`IndexInfo.alias_of` set). The
    dict is a copy: changing it does not change the registry.

    Examples
    --------
    >>> from imbeval.indices import registry
    >>> reg = registry()
    >>> list(reg)[:3]
    ['gmean2', 'auroc2', 'precision']
    >>> reg["kappa"].symbol
    'κ'
    """
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
    # Inside validated_call the index functions skip their own checks: the chunk has been
    # validated once, here. An alias shares its index's function, computed once.
    values = {}
    out = {}
    with validated_call():
        for info in selected:
            function = info.function
            if function in values:
                out[info.name] = values[function].copy()
            else:
                out[info.name] = values[function] = function(arr, zero_division=zero_division)
    return out
