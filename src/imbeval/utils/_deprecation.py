"""Old public names kept for one version: calling one warns and calls the new name.

As scikit-learn does: a :class:`FutureWarning` (shown to users by default, unlike a
``DeprecationWarning``) says the version that deprecated the name, the version that
removes it, and what to use instead.
"""

from __future__ import annotations

import functools
import warnings

__all__ = ["deprecated_alias", "DEPRECATED_IN", "REMOVED_IN"]

DEPRECATED_IN = "0.2.0"
REMOVED_IN = "0.3.0"


def deprecation_message(old: str, new: str) -> str:
    """The warning's text.

    >>> deprecation_message("cen_score", "cen_loss")
    'cen_score is deprecated in 0.2.0 and will be removed in 0.3.0; use cen_loss'
    """
    return (f"{old} is deprecated in {DEPRECATED_IN} and will be removed in {REMOVED_IN}; "
            f"use {new}")


def deprecated_alias(function, old: str, new: str | None = None):
    """``function`` under its old name ``old``: each call warns, then calls ``function``.

    ``new`` is the name to use instead (default: ``function.__name__``). The alias keeps
    ``function``'s signature and constraints (``parameter_constraints``), so it computes
    and validates the same.

    Examples
    --------
    >>> import warnings
    >>> def twice(x):
    ...     return 2 * x
    >>> double = deprecated_alias(twice, "double")
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     double(3), caught[0].category.__name__
    (6, 'FutureWarning')
    """
    message = deprecation_message(old, new or function.__name__)

    @functools.wraps(function)
    def alias(*args, **kwargs):
        warnings.warn(message, FutureWarning, stacklevel=2)
        return function(*args, **kwargs)

    alias.__name__ = alias.__qualname__ = old
    alias.__doc__ = f"Deprecated: {message}.\n"
    alias.deprecated_for = new or function.__name__
    return alias
