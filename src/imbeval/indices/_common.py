"""Per-class quantities of confusion-matrix stacks, shared by the index families.

All functions take a validated float64 stack ``(..., C, C)``, rows = true class,
columns = predicted class, and return arrays of shape ``(..., C)`` or ``(...)``.

Inside :func:`shared_quantities` (as :func:`imbeval.indices.compute` uses it for each
chunk) every quantity of that one stack is computed once and handed to every index that
asks for it -- row sums, recalls, precisions are used by most indices -- instead of once
per index. The arrays handed out there are read-only, so no index can change another's
input; the values are the very same as without the cache.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools

import numpy as np

from imbeval.indices._validation import safe_divide

# (stack, {key: array}) while shared_quantities(stack) is active, else None.
_SHARED: contextvars.ContextVar = contextvars.ContextVar("imbeval_shared_quantities", default=None)


@contextlib.contextmanager
def shared_quantities(stack):
    """Within the block, the functions of this module compute each quantity of ``stack`` once."""
    token = _SHARED.set((stack, {}))
    try:
        yield
    finally:
        _SHARED.reset(token)


def _shared(function):
    """Memoise ``function(cm, *args)`` for the stack of the active :func:`shared_quantities`.

    Keyed by the function and its further positional arguments (e.g. ``zero_division``);
    only for the very stack object the block was opened with (held by the cache, so its id
    cannot be reused), so a derived matrix (e.g. Dembélé's filled matrix) is never confused
    with it.
    """
    name = function.__name__

    @functools.wraps(function)
    def wrapper(cm, *args):
        shared = _SHARED.get()
        if shared is None or shared[0] is not cm:
            return function(cm, *args)
        key = (name,) + args
        try:
            hash(key)
        except TypeError:  # e.g. an array argument: not shared
            return function(cm, *args)
        cache = shared[1]
        if key in cache:
            return cache[key]
        out = function(cm, *args)
        if isinstance(out, np.ndarray):
            if out.flags.writeable and out.base is None:
                out.flags.writeable = False
            elif out.flags.writeable:
                return out  # a writeable view: not shared
        cache[key] = out
        return out

    return wrapper


def diagonal(cm):
    """m_ii, shape (..., C)."""
    return np.diagonal(cm, axis1=-2, axis2=-1)


@_shared
def true_counts(cm):
    """n_i = Σ_j m_ij (row sums), shape (..., C)."""
    return cm.sum(axis=-1)


@_shared
def predicted_counts(cm):
    """k_i = Σ_j m_ji (column sums), shape (..., C)."""
    return cm.sum(axis=-2)


@_shared
def totals(cm):
    """n = Σ_ij m_ij, shape (...)."""
    return cm.sum(axis=(-2, -1))


@_shared
def class_priors(cm, zero_division=np.nan):
    """Class priors n_i / n (undefined for an empty matrix), shape (..., C)."""
    return safe_divide(true_counts(cm), totals(cm)[..., None], zero_division)


@_shared
def recalls(cm, zero_division=np.nan):
    """Per-class recall m_ii / n_i (undefined when class i has no true points)."""
    return safe_divide(diagonal(cm), true_counts(cm), zero_division)


@_shared
def precisions(cm, zero_division=np.nan):
    """Per-class precision m_ii / k_i (undefined when class i is never predicted)."""
    return safe_divide(diagonal(cm), predicted_counts(cm), zero_division)


@_shared
def f_beta_scores(cm, beta=1.0, zero_division=np.nan):
    """Per-class F-beta = (1+β²) m_ii / ((1+β²) m_ii + β² (n_i − m_ii) + (k_i − m_ii)).

    Written with counts rather than from precision and recall, so it is defined whenever
    class i occurs or is predicted (a present class that is never predicted scores 0); it is
    undefined only for a class that neither occurs nor is predicted.
    """
    tp = diagonal(cm)
    b2 = beta * beta
    num = (1.0 + b2) * tp
    den = num + b2 * (true_counts(cm) - tp) + (predicted_counts(cm) - tp)
    return safe_divide(num, den, zero_division)


@_shared
def row_normalised(cm, zero_division=np.nan):
    """m_ij / n_i: each row divided by its sum (the equivalence class of Assumption 1)."""
    return safe_divide(cm, true_counts(cm)[..., :, None], zero_division)
