"""The catalogue's machinery: its entries, their registration, and one-vs-rest counts.

Every catalogue index is registered with :func:`register_index` (or, for a twin,
:func:`register_alias`) with ``catalogue=True``, and recorded as a :class:`CatalogueEntry`
naming the library and the library's own name for it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from imbeval.indices._common import _shared, diagonal, predicted_counts, totals, true_counts
from imbeval.indices._registry import MULTI_CLASS, _REGISTRY, register_alias, register_index
from imbeval.indices._validation import safe_divide

__all__ = ["CatalogueEntry", "CATALOGUE", "entry", "twin", "one_vs_rest", "macro", "weighted",
           "log_sums", "entropies", "pair_sums"]

SOURCES = ("pycm", "sklearn", "imblearn", "goesgens2021")


@dataclass(frozen=True)
class CatalogueEntry:
    """One index of the catalogue.

    Attributes
    ----------
    index : the name :func:`imbeval.indices.compute` accepts.
    source : ``"pycm"``, ``"sklearn"``, ``"imblearn"``: the library it is taken from; or
        ``"goesgens2021"``: a measure of Gösgens et al. (NeurIPS 2021) that none of them has.
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
        if "\n    Examples\n" not in function.__doc__:
            # the registry's standard Parameters/Returns/Raises sections go before Examples
            function.__doc__ += (
                "\n    Examples\n    --------\n"
                "    >>> from imbeval.indices import registry\n"
                f"    >>> info = registry(catalogue=True)[{name!r}]\n"
                "    >>> info.catalogue, info.paper, info.greater_is_better\n"
                f"    (True, {source!r}, {bool(greater_is_better)!r})\n"
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


# Helpers memoised with _shared: inside compute()'s shared_quantities block each is computed
# once per chunk for all the catalogue's indices (names must be unique across the package).
cached = _shared


@_shared
def one_vs_rest(cm):
    """(TP, FN, FP, TN) of each class against the rest, each of shape (..., C)."""
    tp = diagonal(cm)
    n_i = true_counts(cm)
    k_i = predicted_counts(cm)
    n = totals(cm)[..., None]
    # differences of sums of real-valued counts may round below 0 (e.g. −1e-17): clip, so
    # that a product under a square root is never negative
    return (tp, np.maximum(n_i - tp, 0.0), np.maximum(k_i - tp, 0.0),
            np.maximum(n - n_i - k_i + tp, 0.0))


def ratio(a, b, zero_division):
    """a / b with the NaN policy (``zero_division`` where b == 0)."""
    return safe_divide(a, b, zero_division)


def macro(values):
    """Unweighted mean over the classes (an undefined class makes it undefined)."""
    return values.sum(axis=-1) / values.shape[-1]


def weighted(cm, values, zero_division):
    """Mean over the classes weighted by their true counts n_i (PyCM's weighted_average,
    scikit-learn's ``average="weighted"``); an undefined class makes it undefined."""
    n_i = true_counts(cm)
    return safe_divide(np.sum(n_i * values, axis=-1), totals(cm), zero_division)


@_shared
def log_sums(cm):
    """Sums of x ln x (0 ln 0 = 0) the entropies are made of, one pass over the stack.

    Returns (Σ_ij m_ij ln m_ij, Σ_i n_i ln n_i, Σ_j k_j ln k_j, off_rows, off_cols), the last
    two of shape (..., C): Σ_{k≠i} m_ik ln m_ik and Σ_{k≠i} m_ki ln m_ki. Every entropy of
    the matrix divided by n is a difference of these and ln n (e.g. the joint entropy is
    ln n − Σ m ln m / n), so no C x C array of probabilities is formed.
    """
    cells = xlogx(cm, np.e)
    diag = np.diagonal(cells, axis1=-2, axis2=-1)
    rows, cols = cells.sum(axis=-1), cells.sum(axis=-2)
    return (rows.sum(axis=-1), xlogx(true_counts(cm), np.e).sum(axis=-1),
            xlogx(predicted_counts(cm), np.e).sum(axis=-1), rows - diag, cols - diag)


@_shared
def entropies(cm, zero_division):
    """(H(true), H(pred), H(true, pred)) in nats, each of shape (...); undefined for n = 0."""
    s_m, s_n, s_k, _, _ = log_sums(cm)
    n = totals(cm)
    with np.errstate(divide="ignore"):
        log_n = np.log(np.where(n > 0, n, 1.0))
    return (log_n - safe_divide(s_n, n, zero_division), log_n - safe_divide(s_k, n, zero_division),
            log_n - safe_divide(s_m, n, zero_division))


@_shared
def pair_sums(cm):
    """(Σ_ij P(m_ij), Σ_i P(n_i), Σ_j P(k_j), P(n)) with P(x) = x(x − 1)/2."""
    n = totals(cm)
    square = np.einsum("...ij,...ij->...", cm, cm)
    n_i, k_j = true_counts(cm), predicted_counts(cm)
    return ((square - n) / 2.0, (np.einsum("...i,...i->...", n_i, n_i) - n) / 2.0,
            (np.einsum("...i,...i->...", k_j, k_j) - n) / 2.0, pairs(n))


def xlogx(p, base=2.0):
    """p·log(p) with 0·log 0 = 0, elementwise."""
    p = np.asarray(p, dtype=np.float64)
    positive = p > 0
    out = np.log(p, out=np.zeros_like(p), where=positive)
    out *= p
    if base != np.e:
        out /= np.log(base)
    return out


def pairs(x):
    """x choose 2 for real-valued counts, x (x − 1) / 2."""
    return x * (x - 1.0) / 2.0
