"""Indices a user brings: register one in Python, or name one by import path.

An index is any function of a confusion-matrix stack ``(..., C, C)`` (rows true, columns
predicted) returning an array of shape ``(...)``. Two ways to make one behave like a
built-in (in :func:`~imbeval.indices.compute`, ``imbeval indices``, ``imbeval audit``,
the pipeline's ``fold_indices.csv``, Figs. 3-5 and their claims, ``imbeval evaluate``):

In Python, register it with its metadata (as the built-ins are)::

    import numpy as np
    from imbeval.indices import add_index

    @add_index(name="balanced_recall", formula="(1/C) sum_i m_ii / n_i",
               scope="multi-class", bounds=(0, 1))
    def balanced_recall(cm):
        cm = np.asarray(cm, dtype=float)
        return (np.diagonal(cm, axis1=-2, axis2=-1) / cm.sum(axis=-1)).mean(axis=-1)

Or name it by import path, ``"mypkg.mod:func"`` (config ``experiment.indices``,
``imbeval indices FILE --index``, ``imbeval audit --index``): :func:`load_index` imports
it, uses its registration if the module registered it, and otherwise registers it under
the function's name with the scope detected on probe stacks and unknown bounds.

Either way the function is checked on valid stacks first: it must not raise and must
return one number per matrix; otherwise a ``ValueError`` names the index and the cause.
A function that does not take ``zero_division=`` is called without it.

**Orientation.** An index is taken as higher-is-better unless it says otherwise: a loss
or an entropy declares ``greater_is_better = False`` as an attribute of its function
(``def my_loss(cm): ...`` then ``my_loss.greater_is_better = False``), which both ways
read, or passes ``add_index(..., greater_is_better=False)``. The auditor then looks at
its worst side (its supremum) in Condition 3 and the influence analysis.
"""

from __future__ import annotations

from imbeval.utils._param_validation import validate_params
import inspect

import numpy as np

from imbeval.utils.plugins import import_object, is_import_path
from imbeval.indices._registry import MULTI_CLASS, TWO_CLASS, register_index, registry

__all__ = ["USER_PAPER", "add_index", "check_index_function", "declared_orientation",
           "detect_scope", "load_index"]

#: The ``paper`` of an index registered by a user without naming one.
USER_PAPER = "user"


def _probe_stacks(n_classes: int) -> list[np.ndarray]:
    """Valid stacks to try a function on: every class has points, one batch dimension and
    two, counts from a fixed generator (deterministic checks)."""
    rng = np.random.default_rng(12345 + n_classes)
    flat = rng.integers(1, 60, size=(4, n_classes, n_classes)).astype(np.float64)
    nested = rng.integers(1, 60, size=(2, 3, n_classes, n_classes)).astype(np.float64)
    return [flat, nested]


def _accepts_zero_division(function) -> bool:
    try:
        params = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(p.name == "zero_division" or p.kind is p.VAR_KEYWORD for p in params)


def _call(function, stack, zero_division=np.nan):
    if _accepts_zero_division(function):
        return function(stack, zero_division=zero_division)
    return function(stack)


def check_index_function(function, name: str, n_classes: int) -> None:
    """Raise ValueError unless ``function`` maps valid ``n_classes``-class stacks of shape
    ``(..., C, C)`` to finite-or-NaN arrays of shape ``(...)`` without raising."""
    if not callable(function):
        raise ValueError(f"index {name}: {function!r} is not callable; an index is a function "
                         "of a stack of confusion matrices (..., C, C)")
    for stack in _probe_stacks(n_classes):
        try:
            out = _call(function, stack.copy())
        except Exception as exc:  # noqa: BLE001 -- user code may raise anything
            raise ValueError(f"index {name}: raises on a valid {n_classes}-class stack of shape "
                             f"{stack.shape}: {type(exc).__name__}: {exc}") from None
        try:
            out = np.asarray(out, dtype=np.float64)
        except (TypeError, ValueError):
            raise ValueError(f"index {name}: returns {type(out).__name__}, not numbers, on a "
                             f"stack of shape {stack.shape}") from None
        if out.shape != stack.shape[:-2]:
            raise ValueError(f"index {name}: returns shape {out.shape} for a stack of shape "
                             f"{stack.shape}; an index must return one value per matrix, "
                             f"shape {stack.shape[:-2]}")


def detect_scope(function, name: str) -> str:
    """``"multi-class"`` if ``function`` passes :func:`check_index_function` on 3-class
    stacks, ``"two-class"`` if only on 2-class ones; otherwise the 2-class error."""
    try:
        check_index_function(function, name, 3)
        check_index_function(function, name, 2)
        return MULTI_CLASS
    except ValueError:
        check_index_function(function, name, 2)
        return TWO_CLASS


def declared_orientation(function, name: str) -> bool:
    """The ``greater_is_better`` attribute a function declares (True if it declares none).

    >>> def loss(cm): ...
    >>> loss.greater_is_better = False
    >>> declared_orientation(loss, "loss"), declared_orientation(len, "len")
    (False, True)
    """
    value = getattr(function, "greater_is_better", True)
    if not isinstance(value, (bool, np.bool_)):
        raise ValueError(f"index {name}: the function's greater_is_better attribute must be "
                         f"True or False, got {value!r}")
    return bool(value)


def _plain(function, zero_division_ok):
    """The registry calls ``f(stack, zero_division=...)``; wrap functions without it."""
    if zero_division_ok:
        return function

    def index(stack, zero_division=np.nan):
        return np.asarray(function(stack), dtype=np.float64)

    index.__name__ = getattr(function, "__name__", "index")
    index.__doc__ = function.__doc__
    index.__wrapped__ = function
    return index


def add_index(function=None, *, name: str, formula: str, scope: str = MULTI_CLASS,
              bounds=(float("nan"), float("nan")), symbol: str | None = None,
              paper: str = USER_PAPER, description: str | None = None,
              greater_is_better: bool | None = None):
    """Register a user's index so it behaves like a built-in everywhere.

    Use as a decorator (``@add_index(name=..., formula=..., ...)``) or call it with the
    function first. The function is checked on valid stacks of the scope's class counts
    before it is registered (see :func:`check_index_function`).

    Parameters
    ----------
    function : callable, optional
        ``f(stack) -> values`` or ``f(stack, zero_division=nan) -> values``.
    name : str
        Canonical name (the ``index`` column of the result tables); must not be taken.
    formula : str
        The formula in plain text, rows true, columns predicted.
    scope : {"multi-class", "two-class"}
        Two-class indices are computed on C = 2 only (positive class = first row).
    bounds : (float, float)
        The index's range over all matrices (NaN where unknown).
    symbol, paper, description : str, optional
        Shown in tables; default the name, ``"user"`` and the docstring's first line.
    greater_is_better : bool, optional
        The index's orientation; default the function's own ``greater_is_better``
        attribute, else True. Pass False for a loss or an entropy.

    Returns
    -------
    The function (unchanged), so the decorator leaves it callable as before.

    Raises
    ------
    ValueError
        If the scope is unknown, the name is taken, or the function raises or returns the
        wrong shape on a valid stack.

    Examples
    --------
    >>> import numpy as np
    >>> from imbeval.indices import add_index, compute, registry, unregister_index
    >>> @add_index(name="diag_share", formula="tr M / sum M", scope="multi-class",
    ...            bounds=(0, 1))
    ... def diag_share(cm):
    ...     'Share of the points on the diagonal.'
    ...     return np.trace(cm, axis1=-2, axis2=-1) / cm.sum(axis=(-2, -1))
    >>> round(float(compute([[3, 1], [0, 2]])["diag_share"]), 4)
    0.8333
    >>> registry()["diag_share"].paper, registry()["diag_share"].description
    ('user', 'Share of the points on the diagonal.')
    >>> unregister_index("diag_share")
    >>> def error_rate(cm):
    ...     'Share of the points off the diagonal.'
    ...     return 1 - np.trace(cm, axis1=-2, axis2=-1) / cm.sum(axis=(-2, -1))
    >>> error_rate.greater_is_better = False
    >>> _ = add_index(error_rate, name="error_rate", formula="1 - tr M / sum M")
    >>> registry()["error_rate"].greater_is_better
    False
    >>> unregister_index("error_rate")
    >>> add_index(lambda cm: np.zeros(3), name="bad", formula="-")
    Traceback (most recent call last):
    ...
    ValueError: index bad: returns shape (3,) for a stack of shape (4, 2, 2); an index must return one value per matrix, shape (4,)
    """
    if scope not in (TWO_CLASS, MULTI_CLASS):
        raise ValueError(f"index {name}: scope must be {TWO_CLASS!r} or {MULTI_CLASS!r}, "
                         f"got {scope!r}")

    def decorate(fn):
        for c in (2,) if scope == TWO_CLASS else (2, 3):
            check_index_function(fn, name, c)
        doc = (inspect.getdoc(fn) or "").strip().splitlines()
        orientation = (declared_orientation(fn, name) if greater_is_better is None
                       else greater_is_better)
        register_index(
            name=name, paper=paper, symbol=symbol or name, formula=formula, scope=scope,
            bounds=bounds, description=description or (doc[0] if doc else f"user index {name}"),
            greater_is_better=orientation,
        )(_plain(fn, _accepts_zero_division(fn)))
        return fn

    return decorate if function is None else decorate(function)


def _registered_as(function):
    """The registry entry whose function is ``function`` or wraps it (register_index and
    :func:`_plain` wrap with ``__wrapped__``)."""
    for info in registry().values():
        f = info.function
        while f is not None:
            if f is function:
                return info
            f = getattr(f, "__wrapped__", None)
    return None


@validate_params({"spec": [str], "what": [str]})
def load_index(spec: str, what: str = "--index"):
    """The :class:`~imbeval.indices.IndexInfo` of a registered name or an import path.

    An import path's function is looked up in the registry (a module that registers its
    index with :func:`add_index` is found under that registration); otherwise it is
    checked, its scope detected, and it is registered under its attribute name with
    ``paper="user"``, unknown bounds and the orientation its ``greater_is_better``
    attribute declares (higher-is-better if none). ``what`` names the config key or option in errors.

    Parameters
    ----------
    spec : str
        A registered name (``"acsa"``) or an import path ``"package.module:function"``.
    what : str
        Where ``spec`` came from, the start of every error message.

    Returns
    -------
    IndexInfo

    Raises
    ------
    ValueError
        If ``spec`` does not import, is not an index (see :func:`check_index_function`), or
        its name clashes with a registered index.

    Examples
    --------
    >>> from imbeval.indices import load_index
    >>> load_index("acsa").paper
    'mullick2020'
    >>> load_index("imbeval.indices.mortaz2020:accuracy").name  # registered: found as is
    'accuracy'
    >>> load_index("no_such_module:f", "experiment.indices[0]")
    Traceback (most recent call last):
    ...
    ValueError: experiment.indices[0]: 'no_such_module:f' does not import: no module named 'no_such_module' (put it in a plugin folder such as plugins/, or install the package that provides it)
    """
    reg = registry(catalogue=True)
    if spec in reg:
        return reg[spec]
    if not is_import_path(spec):
        from imbeval.indices._names import unknown_name_message

        hint = unknown_name_message(spec, reg).partition(f"{spec!r}")[2]  # the closest names
        raise ValueError(f"{what}: {spec!r} is neither a registered index nor an import path "
                         f"'package.module:function'{hint}")
    function = import_object(spec, what)
    info = _registered_as(function)
    if info is not None:
        return info
    name = spec.rpartition(":")[2].rpartition(".")[2]
    try:
        scope = detect_scope(function, spec)
    except ValueError as exc:
        raise ValueError(f"{what}: {exc}") from None
    if name in reg:
        raise ValueError(f"{what}: {spec!r} would be registered as {name!r}, which is already "
                         f"the index of {reg[name].paper}; rename the function, or register it "
                         "under another name with imbeval.indices.add_index")
    add_index(function, name=name, formula=f"user function {spec}", scope=scope)
    return registry()[name]
