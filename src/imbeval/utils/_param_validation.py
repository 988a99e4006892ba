"""Checks of scalar parameters, one message per kind of mistake, each naming the parameter:
the helpers every layer's public functions use (the audit's ``check_properties``, the
baselines' ``dutch_draw``, ``inference``'s levels), beside the index library's decorator
:func:`imbeval.indices._validation.validate_params` for confusion-matrix stacks.

Each check returns the value as the type the caller computes with, or raises ValueError.
"""

from __future__ import annotations

import math
import numbers

__all__ = ["check_int", "check_flag", "check_level", "check_positive"]


def check_int(value, name: str, *, low: int | None = None, high: int | None = None,
              meaning: str = "") -> int:
    """``value`` as an int, or ValueError naming ``name`` and the allowed range.

    ``meaning`` is said after the kind ("a positive integer (a number of samples)").
    A bool is not an integer here: ``True`` for a size is a mistake.

    Examples
    --------
    >>> check_int(12, "max_n", low=4, high=60)
    12
    >>> check_int(3.0, "max_n", low=4, high=60)
    Traceback (most recent call last):
    ...
    ValueError: max_n must be an integer from 4 to 60, got 3.0
    >>> check_int(0, "positives", low=1, meaning=" (a number of samples)")
    Traceback (most recent call last):
    ...
    ValueError: positives must be a positive integer (a number of samples), got 0
    """
    if low is not None and high is not None:
        kind = f"an integer from {low} to {high}"
    elif low == 1:
        kind = "a positive integer"
    elif low == 0:
        kind = "a non-negative integer"
    elif low is not None:
        kind = f"an integer >= {low}"
    else:
        kind = "an integer"
    ok = isinstance(value, numbers.Integral) and not isinstance(value, bool) and \
        type(value).__name__ != "bool_"
    if not ok or (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(f"{name} must be {kind}{meaning}, got {value!r}")
    return int(value)


def check_flag(value, name: str) -> bool:
    """``value`` as a bool (True, False or numpy's), or ValueError naming ``name``.

    >>> check_flag(False, "degenerate")
    False
    >>> check_flag(1, "degenerate")
    Traceback (most recent call last):
    ...
    ValueError: degenerate must be True or False, got 1
    """
    if not (isinstance(value, bool) or type(value).__name__ == "bool_"):
        raise ValueError(f"{name} must be True or False, got {value!r}")
    return bool(value)


def check_level(value, name: str = "level") -> float:
    """A coverage (or any probability strictly between 0 and 1) as a float.

    >>> check_level(0.95)
    0.95
    >>> check_level(95)
    Traceback (most recent call last):
    ...
    ValueError: level must lie in (0, 1), got 95
    """
    try:
        level = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must lie in (0, 1), got {value!r}") from None
    if not 0 < level < 1:
        raise ValueError(f"{name} must lie in (0, 1), got {value!r}")
    return level


def check_positive(value, name: str) -> float:
    """A finite or infinite number > 0 as a float, or ValueError naming ``name``.

    >>> check_positive(0.03, "tolerance")
    0.03
    >>> check_positive(0, "tolerance")
    Traceback (most recent call last):
    ...
    ValueError: tolerance must be positive, got 0
    """
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be positive, got {value!r}") from None
    if math.isnan(number) or not number > 0:
        raise ValueError(f"{name} must be positive, got {value!r}")
    return number
