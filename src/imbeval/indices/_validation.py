"""Input validation and the undefined-value policy shared by every index.

Policy for undefined values (one rule for the whole library)
-----------------------------------------------------------
An index is built from elementary ratios (a per-class recall ``m_ii / n_i``, a per-class
precision ``m_ii / k_i``, a kappa ``(p_o - p_e) / (1 - p_e)`` ...). When the denominator of
such a ratio is zero, the ratio is replaced by ``zero_division`` -- NaN by default, as
scikit-learn's ``zero_division=np.nan`` -- and the index is then computed from the ratios as
usual, so one undefined ratio makes a mean NaN unless a number is substituted. A product or
geometric mean with a zero recall is 0, not undefined. Each index's docstring says when it
is undefined.
"""

from __future__ import annotations

import inspect

import numpy as np

from imbeval.utils._param_validation import Check, skip_validation
from imbeval.utils._param_validation import validate_params as _validate_params

__all__ = ["check_confusion_stack", "check_zero_division", "safe_divide", "validate_params"]


def check_confusion_stack(cm, *, name: str = "confusion matrix", n_classes: int | None = None):
    """Validate a confusion matrix or a stack of them and return it as float64.

    Parameters
    ----------
    cm : array_like of shape (..., C, C)
        Rows are true classes, columns predicted classes. Counts may be real-valued (some
        papers use rescaled matrices), but must be finite and non-negative.
    name : str
        Used in error messages.
    n_classes : int, optional
        If given, the number of classes the caller requires (e.g. 2 for two-class indices).

    Returns
    -------
    ndarray of float64, shape (..., C, C)

    Raises
    ------
    ValueError
        If the input is not numeric, has fewer than two dimensions, is not square in its last
        two axes, has fewer than two classes, contains negative or non-finite entries, or has
        a number of classes other than ``n_classes``.

    Examples
    --------
    >>> from imbeval.indices import check_confusion_stack
    >>> check_confusion_stack([[3, 1], [0, 2]])
    array([[3., 1.],
           [0., 2.]])
    >>> check_confusion_stack([[3, -1], [0, 2]])
    Traceback (most recent call last):
    ...
    ValueError: confusion matrix contains negative entries
    """
    try:
        arr = np.asarray(cm)
    except Exception as exc:  # ragged nested lists, unconvertible objects
        raise ValueError(f"{name} could not be read as an array: {exc}") from None
    if arr.dtype == object:
        try:
            arr = arr.astype(np.float64)
        except (TypeError, ValueError):
            raise ValueError(
                f"{name} must be numeric (got entries of type object, e.g. ragged lists "
                "or strings)"
            ) from None
    if arr.dtype.kind == "b":
        raise ValueError(f"{name} must hold counts, not booleans (dtype bool)")
    if arr.dtype.kind not in "iuf":
        raise ValueError(f"{name} must be numeric, got dtype {arr.dtype}")
    if arr.ndim < 2:
        raise ValueError(
            f"{name} must have shape (..., C, C), got {arr.ndim}-dimensional input of "
            f"shape {arr.shape}"
        )
    if arr.shape[-1] != arr.shape[-2]:
        raise ValueError(
            f"{name} must be square in its last two axes, got shape {arr.shape}"
        )
    n = arr.shape[-1]
    if n < 2:
        raise ValueError(f"{name} must have at least 2 classes, got C = {n}")
    if n_classes is not None and n != n_classes:
        raise ValueError(f"{name} must be {n_classes} x {n_classes}, got {n} x {n}")
    arr = arr.astype(np.float64, copy=False)
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} contains non-finite entries (NaN or infinity)")
    if np.any(arr < 0):
        raise ValueError(f"{name} contains negative entries")
    return arr


def safe_divide(numerator, denominator, zero_division=np.nan):
    """Elementwise ``numerator / denominator`` with ``zero_division`` where the denominator is 0.

    ``zero_division`` may be any float (NaN by default); see the module docstring.

    Parameters
    ----------
    numerator, denominator : array_like, broadcastable
    zero_division : float, default NaN

    Returns
    -------
    ndarray of float64, the broadcast shape.

    Examples
    --------
    >>> from imbeval.indices import safe_divide
    >>> safe_divide([1, 2, 3], [2, 0, 4])
    array([0.5 ,  nan, 0.75])
    >>> safe_divide([1, 2, 3], [2, 0, 4], zero_division=1.0)
    array([0.5 , 1.  , 0.75])
    """
    num = np.asarray(numerator, dtype=np.float64)
    den = np.asarray(denominator, dtype=np.float64)
    zero = den == 0
    with np.errstate(divide="ignore", invalid="ignore"):
        out = num / np.where(zero, 1.0, den)
    if np.any(zero):
        out = np.where(zero, float(zero_division), out)
    return out


def check_zero_division(zero_division) -> float:
    """Return ``zero_division`` as a float, or raise ValueError naming the parameter.

    Any number is accepted, NaN (the default of every index) and ±inf included.

    Parameters
    ----------
    zero_division : object
        The value to check.

    Returns
    -------
    float

    Examples
    --------
    >>> from imbeval.indices import check_zero_division
    >>> check_zero_division(0), check_zero_division(float("nan"))
    (0.0, nan)
    >>> check_zero_division("warn")
    Traceback (most recent call last):
    ...
    ValueError: zero_division must be a number or NaN, got 'warn'
    """
    try:
        value = float(zero_division)
    except (TypeError, ValueError):
        raise ValueError(
            f"zero_division must be a number or NaN, got {zero_division!r}"
        ) from None
    return value


def validated_call():
    """Within the block, functions decorated with :func:`validate_params` skip their checks.

    For callers that have validated the arguments already (as :func:`imbeval.indices.compute`
    does, once per chunk). The arguments passed inside the block must be what the checks
    would have returned: a float64 stack from :func:`check_confusion_stack` and a float
    ``zero_division``.

    Examples
    --------
    >>> import numpy as np
    >>> from imbeval.indices import check_confusion_stack
    >>> from imbeval.indices._validation import validated_call
    >>> from imbeval.indices.mullick2020 import acsa
    >>> stack = check_confusion_stack(np.array([[[3, 1], [0, 2]]] * 4))
    >>> with validated_call():  # the stack is checked once above, not by acsa
    ...     acsa(stack, zero_division=np.nan)
    array([0.875, 0.875, 0.875, 0.875])
    """
    return skip_validation()


def check_real(value, name):
    """Return ``value`` as a float (any real number, ±inf included), or raise ValueError.

    ``name`` is the parameter named in the error message.

    Examples
    --------
    >>> from imbeval.indices._validation import check_real
    >>> check_real(2, "p")
    2.0
    >>> check_real("two", "p")
    Traceback (most recent call last):
    ...
    ValueError: p must be a real number, got 'two'
    """
    try:
        out = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a real number, got {value!r}") from None
    if np.isnan(out):
        raise ValueError(f"{name} must be a real number, got NaN")
    return out


def _stack_check(n_classes):
    def confusion_stack(value, name):
        return check_confusion_stack(value, n_classes=n_classes)
    return Check(confusion_stack, description=(f"a stack of {n_classes} x {n_classes} confusion "
                                                "matrices" if n_classes else
                                                "a stack of confusion matrices"),
                 invalid=[[1, 2, 3]], valid=[[1, 0], [0, 1]])


_ZERO_DIVISION = Check(lambda value, name: check_zero_division(value),
                       description="a number or NaN", invalid="warn", valid=0.0)


def validate_params(*, stack=None, stack_classes=None, **checks):
    """Decorator of an index's function: :func:`imbeval.utils._param_validation.validate_params`
    with the index's constraints spelled short.

    Every index calls other indices on the stack it has validated (AURPC calls precision,
    EVE calls eigenvalues) and :func:`compute` calls many on one validated chunk; checking
    again would be a full pass over the data each time, so nested calls skip their checks
    (``skip_nested=True``; :func:`validated_call`).

    Parameters
    ----------
    stack : str, optional
        Name of the parameter holding a confusion-matrix stack; it is replaced by the
        float64 array :func:`check_confusion_stack` returns.
    stack_classes : int, optional
        Number of classes the stack must have (2 for two-class indices).
    **checks : callable ``check(value, name) -> value``
        Further parameters and their checks; each returns the value to pass on or raises
        ValueError naming the parameter.

    A parameter named ``zero_division`` is always checked with
    :func:`check_zero_division`.

    Returns
    -------
    The decorator; the decorated function keeps its name, docstring and signature
    (``__wrapped__`` is the undecorated function, ``parameter_constraints`` the checks).

    Examples
    --------
    >>> import numpy as np
    >>> from imbeval.indices._validation import check_real, validate_params
    >>> @validate_params(stack="cm", scale=check_real)
    ... def scaled_trace(cm, scale=1.0, zero_division=np.nan):
    ...     return scale * np.trace(cm, axis1=-2, axis2=-1)
    >>> float(scaled_trace([[3, 1], [0, 2]], scale=2))
    10.0
    >>> scaled_trace([[3, 1], [0, 2]], scale="big")
    Traceback (most recent call last):
    ...
    ValueError: scale must be a real number, got 'big'
    >>> scaled_trace([[3, 1, 0], [0, 2, 0]])
    Traceback (most recent call last):
    ...
    ValueError: confusion matrix must be square in its last two axes, got shape (2, 3)
    >>> sorted(scaled_trace.parameter_constraints)
    ['cm', 'scale', 'zero_division']
    """

    def decorate(function):
        parameters = inspect.signature(function).parameters
        if stack is not None and stack not in parameters:
            raise TypeError(f"{function.__name__} has no parameter {stack!r}")
        constraints = {}
        if stack is not None:
            constraints[stack] = [_stack_check(stack_classes)]
        constraints.update({name: [check if isinstance(check, Check) else Check(check)]
                            for name, check in checks.items()})
        if "zero_division" in parameters:
            constraints.setdefault("zero_division", [_ZERO_DIVISION])
        return _validate_params(constraints, skip_nested=True)(function)

    return decorate
