"""The catalogue's machinery: its entries, their registration, and one-vs-rest counts.

Every catalogue index is registered with :func:`register_index` (or, for a twin,
:func:`register_alias`) with ``catalogue=True``, and recorded as a :class:`CatalogueEntry`
naming the library and the library's own name for it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from imbeval.indices._common import diagonal, predicted_counts, totals, true_counts
from imbeval.indices._registry import MULTI_CLASS, _REGISTRY, register_alias, register_index
from imbeval.indices._validation import safe_divide

__all__ = ["CatalogueEntry", "CATALOGUE", "entry", "twin", "one_vs_rest", "macro", "weighted"]

SOURCES = ("pycm", "sklearn", "imblearn")


@dataclass(frozen=True)
class CatalogueEntry:
    """One index of the catalogue.

    Attributes
    ----------
    index : the name :func:`imbeval.indices.compute` accepts.
    source : ``"pycm"``, ``"sklearn"`` or ``"imblearn"``: the library it is taken from.
    source_name : its name there (PyCM: the key of ``overall_stat``, or the class statistic
        with its averaging, e.g. ``"TNR (macro)"``; scikit-learn, imbalanced-learn: the
        function call).
    also : the same quantity in other libraries or under other names (differentially tested
        too).
    twin : the registered index it coincides with (same function, so the same values and
        verdicts), or None for an index implemented here.
    """

    index: str
    source: str
    source_name: str
    also: tuple[str, ...] = ()
    twin: str | None = None


CATALOGUE: list[CatalogueEntry] = []


def _record(name, source, source_name, also, twin_of):
    if source not in SOURCES:
        raise ValueError(f"source must be one of {SOURCES}, got {source!r}")
    CATALOGUE.append(CatalogueEntry(name, source, source_name, tuple(also), twin_of))


def entry(name, source, source_name, *, symbol, formula, description, bounds=(0, 1),
          greater_is_better=True, scope=MULTI_CLASS, also=()):
    """Decorator: register ``f(cm, zero_division=nan)`` as the catalogue index ``name``."""

    def decorate(function):
        function.__name__ = name
        function.__qualname__ = name
        if not function.__doc__:
            function.__doc__ = (
                f"{description[0].upper()}{description[1:]} ({source}: {source_name}).\n\n"
                f"    {formula}\n\n"
                "    Undefined (NaN, or ``zero_division``) where a ratio it is built from has a\n"
                "    zero denominator; see :mod:`imbeval.indices.catalogue`.\n"
            )
        registered = register_index(
            name=name, paper=source, symbol=symbol, formula=formula, scope=scope,
            bounds=bounds, description=description, greater_is_better=greater_is_better,
            catalogue=True,
        )(function)
        _record(name, source, source_name, also, None)
        return registered

    return decorate


def twin(name, of, source, source_name, *, also=(), description=None):
    """Register ``name`` as the catalogue's name of the registered index ``of`` (its twin)."""
    target = _REGISTRY[of]
    register_alias(
        name=name, alias_of=of, paper=source, symbol=source_name, formula=target.formula,
        description=description or f"{source_name} of {source}; the same quantity as {of}",
        catalogue=True,
    )
    _record(name, source, source_name, also, of)


def one_vs_rest(cm):
    """(TP, FN, FP, TN) of each class against the rest, each of shape (..., C)."""
    tp = diagonal(cm)
    n_i = true_counts(cm)
    k_i = predicted_counts(cm)
    n = totals(cm)[..., None]
    return tp, n_i - tp, k_i - tp, n - n_i - k_i + tp


def ratio(a, b, zero_division):
    """a / b with the NaN policy (``zero_division`` where b == 0)."""
    return safe_divide(a, b, zero_division)


def macro(values):
    """Unweighted mean over the classes (an undefined class makes it undefined)."""
    return np.mean(values, axis=-1)


def weighted(cm, values, zero_division):
    """Mean over the classes weighted by their true counts n_i (PyCM's weighted_average,
    scikit-learn's ``average="weighted"``); an undefined class makes it undefined."""
    n_i = true_counts(cm)
    return safe_divide(np.sum(n_i * values, axis=-1), totals(cm), zero_division)


def xlogx(p, base=2.0):
    """p·log(p) with 0·log 0 = 0, elementwise."""
    p = np.asarray(p, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        out = p * np.log(np.where(p > 0, p, 1.0)) / np.log(base)
    return np.where(p > 0, out, 0.0)


def entropy(p, axis=-1, base=2.0):
    """Shannon entropy of the distributions along ``axis`` (0·log 0 = 0; NaN stays NaN)."""
    return -np.sum(xlogx(p, base), axis=axis) + np.where(np.any(np.isnan(p), axis=axis), np.nan, 0.0)


def pairs(x):
    """x choose 2 for real-valued counts, x (x − 1) / 2."""
    return x * (x - 1.0) / 2.0
