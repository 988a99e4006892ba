"""The registry of indices: name -> metadata and function (computing them: :mod:`._compute`).

Every index module registers its indices with :func:`register_index` at import time; the
package ``__init__`` imports them all, so :func:`registry` is complete once
``imbeval.indices`` is imported.
"""

from __future__ import annotations

import inspect
import sys
import dataclasses
from dataclasses import dataclass, field, replace
from typing import Callable

import numpy as np

from imbeval.indices._validation import validate_params
from imbeval.utils._param_validation import validate_params as _validate_params

__all__ = ["IndexInfo", "register_index", "register_alias", "unregister_index", "registry"]

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
    greater_is_better : the index's orientation: True where a larger value means a better
        classifier (accuracy, GMean, ...), False for a loss or an entropy (CEN, MCEN). The
        auditor's Condition 3 and influence analysis look at an index's *worst* side, and
        scorers flip the sign of a lower-is-better index, both from this flag.
    catalogue : True for an index of the catalogue of PyCM, scikit-learn and
        imbalanced-learn indices (:mod:`imbeval.indices.catalogue`). Such an index is
        computed when asked for by name (``compute(cm, names=[...])``) but is not part of
        :func:`registry` nor of ``compute()``'s default set, which stay the papers' indices
        (and the user's); ``registry(catalogue=True)`` lists every index.

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
    >>> info.greater_is_better, registry()["cen"].greater_is_better
    (True, False)
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
    greater_is_better: bool = True
    catalogue: bool = False

    def __reduce__(self):
        """Pickled by value: the metadata and the function as it was registered (before
        :func:`validate_params` wrapped it), wrapped again on loading. So a user's index
        reaches a process that never registered it -- a scorer's worker in a parallel search
        -- as it is; the wrapper itself holds the checks' context and does not pickle."""
        fields = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)
                  if f.name != "function"}
        function = self.function
        module = sys.modules.get(getattr(function, "__module__", None) or "")
        if getattr(module, getattr(function, "__qualname__", ""), None) is function:
            return (_unpickled_info, (function, fields, False))  # importable: by reference
        return (_unpickled_info, (getattr(function, "__wrapped__", function), fields, True))

    @property
    def reference(self) -> str:
        """The source of the index: its :attr:`paper` (the core field every registry's
        entries share, as :attr:`imbeval.scores.ScoreInfo.reference`).

        >>> from imbeval.indices import registry
        >>> registry()["cen"].reference
        'dembele'
        """
        return self.paper

    def applies_to(self, n_classes: int) -> bool:
        """Whether the index is defined for ``n_classes``-class matrices.

        >>> from imbeval.indices import registry
        >>> registry()["gmean2"].applies_to(3), registry()["gmean"].applies_to(3)
        (False, True)
        """
        return self.scope == MULTI_CLASS or n_classes == 2


_REGISTRY: dict[str, IndexInfo] = {}


def _validated(function, scope):
    """``function`` wrapped with :func:`validate_params`: its first parameter is the stack
    (two classes for a two-class index)."""
    first = next(iter(inspect.signature(function).parameters))
    return validate_params(stack=first, stack_classes=2 if scope == TWO_CLASS else None)(function)


def _unpickled_info(function, fields, wrap):
    """An :class:`IndexInfo` loaded from a pickle (see :meth:`IndexInfo.__reduce__`)."""
    return IndexInfo(function=_validated(function, fields["scope"]) if wrap else function,
                     **fields)


def register_index(*, name, paper, symbol, formula, scope, bounds, description,
                   greater_is_better=True, catalogue=False):
    """Decorator adding an index function to the registry under ``name``.

    This is the public way to add an index. The function must have the signature
    ``f(cm, zero_division=nan)`` (more keyword parameters with defaults are allowed), take a
    float64 stack of shape ``(..., C, C)`` (rows true, columns predicted) and return an
    array of shape ``(...)``. The decorator wraps it with :func:`validate_params`, so every
    call -- direct or through :func:`compute` -- gets a validated float64 stack (with
    ``C == 2`` for ``scope="two-class"``) and a float ``zero_division``, checked once:
    calls nested inside a validated call, and :func:`compute`'s calls on a chunk it has
    validated, skip the checks. The wrapped function is returned and stored as
    :attr:`IndexInfo.function`. Inside the function, other indices or helpers may be called
    on the stack received (they skip their checks, as nested calls); pass them that
    validated array, not a list or another raw input.

    Parameters
    ----------
    name : str
        Canonical snake_case name; must not be registered yet.
    paper, symbol, formula, description : str
        See :class:`IndexInfo`.
    scope : {"two-class", "multi-class"}
    bounds : (float, float)
        The index's range as stated by its paper.
    greater_is_better : bool, default True
        False for an index whose smaller values are better (a loss, an entropy).
    catalogue : bool, default False
        True for an index of the catalogue (see :attr:`IndexInfo.catalogue`): computed by
        name only, never by default.

    Raises
    ------
    ValueError
        If ``scope`` is unknown, ``greater_is_better`` is not a bool, or ``name`` is
        registered already.

    Examples
    --------
    >>> import numpy as np
    >>> from imbeval.indices import compute, registry
    >>> from imbeval.indices import register_index, unregister_index
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
    if not isinstance(greater_is_better, (bool, np.bool_)):
        raise ValueError(f"index {name}: greater_is_better must be True or False, "
                         f"got {greater_is_better!r}")

    def decorate(function):
        if name in _REGISTRY:
            raise ValueError(f"index {name!r} is registered twice")
        function.__doc__ = _with_standard_sections(function.__doc__, scope)
        validated = _validated(function, scope)
        _REGISTRY[name] = IndexInfo(
            name=name,
            function=validated,
            paper=paper,
            symbol=symbol,
            formula=formula,
            scope=scope,
            bounds=tuple(float(b) for b in bounds),
            description=description,
            greater_is_better=bool(greater_is_better),
            catalogue=bool(catalogue),
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


def register_alias(*, name, alias_of, paper, symbol, formula, description, catalogue=False):
    """Register ``name`` as another paper's name of the registered index ``alias_of``.

    The alias shares the function, scope, bounds and orientation of ``alias_of`` (one implementation,
    so always the same values) and keeps its own paper, symbol, formula and description;
    :func:`compute` lists it under its own name as well. Both entries record the relation
    (:attr:`IndexInfo.aliases`, :attr:`IndexInfo.alias_of`).

    Parameters
    ----------
    name : str
        The alias; must not be registered yet.
    alias_of : str
        A registered index that is not itself an alias.
    paper, symbol, formula, description : str
        The alias's own metadata (see :class:`IndexInfo`).
    catalogue : bool, default False
        True for a catalogue index that is a registered index under a library's name (its
        twin): it is computed by name only, and ``alias_of``'s own
        :attr:`IndexInfo.aliases` stay the papers' names (so :func:`registry` is unchanged).

    Returns
    -------
    The shared (validated) function of ``alias_of``.

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
    if not catalogue or target.catalogue:
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
        greater_is_better=target.greater_is_better,
        catalogue=bool(catalogue),
    )
    return target.function


@_validate_params({"name": [str]})
def unregister_index(name):
    """Remove ``name`` (an index registered by a user, or an alias) from the registry.

    Removing an index removes its aliases too. Raises KeyError for an unknown name. The
    counterpart of :func:`register_index` for indices registered for a while (tests,
    notebooks); the library's own indices are meant to stay.

    Parameters
    ----------
    name : str
        A registered name.

    Returns
    -------
    None

    Examples
    --------
    >>> import numpy as np
    >>> from imbeval.indices import registry
    >>> from imbeval.indices import register_index, unregister_index
    >>> _ = register_index(name="tmp_index", paper="example", symbol="T", formula="0",
    ...                    scope="multi-class", bounds=(0, 0), description="zero")(
    ...     lambda cm, zero_division=np.nan: np.zeros(cm.shape[:-2]))
    >>> "tmp_index" in registry()
    True
    >>> unregister_index("tmp_index")
    >>> "tmp_index" in registry()
    False
    """
    info = _REGISTRY.pop(name)
    for alias in info.aliases + tuple(n for n, i in _REGISTRY.items() if i.alias_of == name):
        _REGISTRY.pop(alias, None)
    if info.alias_of is not None and info.alias_of in _REGISTRY:
        target = _REGISTRY[info.alias_of]
        _REGISTRY[info.alias_of] = replace(
            target, aliases=tuple(a for a in target.aliases if a != name)
        )


@_validate_params({"catalogue": ["boolean"]})
def registry(catalogue: bool = False) -> dict[str, IndexInfo]:
    """Every registered index, name -> :class:`IndexInfo`, in registration order.

    Aliases are listed under their own names (their :attr:`IndexInfo.alias_of` set). The
    dict is a copy: changing it does not change the registry.

    Parameters
    ----------
    catalogue : bool, default False
        Also list the catalogue's indices (:attr:`IndexInfo.catalogue`); by default only
        the papers' indices and the user's, the set the pipeline computes and audits.

    Returns
    -------
    dict[str, IndexInfo]

    Examples
    --------
    >>> from imbeval.indices import registry
    >>> reg = registry()
    >>> list(reg)[:3]
    ['gmean2', 'auroc2', 'precision']
    >>> reg["kappa"].symbol
    'κ'
    >>> "gwet_ac1" in reg, registry(catalogue=True)["gwet_ac1"].catalogue
    (False, True)
    """
    if catalogue:
        return dict(_REGISTRY)
    return {name: info for name, info in _REGISTRY.items() if not info.catalogue}
