"""The registry of :mod:`imbeval.metrics`: every index of true and predicted labels.

The indices are :mod:`imbeval.indices`'s, computed from labels: an entry carries the core
fields of every registry of the library (``name``, ``function``, ``greater_is_better``,
``bounds``, ``scope``, ``description``, ``reference``), its ``function`` takes
``(y_true, y_pred, **options)`` as :func:`imbeval.metrics.score`, and ``index`` is the
:class:`imbeval.indices.IndexInfo` it reads.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Callable

from imbeval.indices import IndexInfo
from imbeval.indices import registry as _index_registry
from imbeval.metrics._resolve import _index_info
from imbeval.metrics._score import score

__all__ = ["MetricInfo", "registry", "get_info"]


@dataclass(frozen=True)
class MetricInfo:
    """One index of labels.

    Attributes
    ----------
    name : the index's registered name (the key of :func:`registry`).
    function : ``f(y_true, y_pred, **options) -> float``: :func:`imbeval.metrics.score` of it.
    greater_is_better, bounds, scope, description : the index's (:class:`IndexInfo`).
    reference : its source paper.
    index : the :class:`IndexInfo` of :mod:`imbeval.indices`.

    Examples
    --------
    >>> from imbeval.metrics import get_info
    >>> info = get_info("cen_loss")
    >>> info.name, info.greater_is_better, info.reference
    ('cen', False, 'dembele')
    >>> round(info.function([0, 0, 1, 1], [0, 1, 1, 1]), 4)
    0.4884
    """

    name: str
    function: Callable = field(repr=False)
    greater_is_better: bool
    bounds: tuple[float, float]
    scope: str
    description: str
    reference: str
    index: IndexInfo = field(repr=False)


def _entry(info: IndexInfo) -> MetricInfo:
    return MetricInfo(name=info.name, function=partial(score, info.name),
                      greater_is_better=info.greater_is_better, bounds=info.bounds,
                      scope=info.scope, description=info.description, reference=info.paper,
                      index=info)


def registry(catalogue: bool = False) -> dict[str, MetricInfo]:
    """Every index of labels, name -> :class:`MetricInfo`, as :func:`imbeval.indices.registry`
    (a user's registered indices included; ``catalogue=True`` adds the catalogue's).

    Parameters
    ----------
    catalogue : bool, default False

    Returns
    -------
    dict of str to MetricInfo

    Examples
    --------
    >>> from imbeval.metrics import registry
    >>> registry()["gmean"].greater_is_better, registry()["mcen"].greater_is_better
    (True, False)
    """
    return {name: _entry(info) for name, info in _index_registry(catalogue=catalogue).items()}


def get_info(name: str) -> MetricInfo:
    """The entry of ``name``: a registered name, a library's (``balanced_accuracy``), or a
    named function's (``gmean_score``, ``cen_loss``); an unknown name gets the closest ones.

    Parameters
    ----------
    name : str

    Returns
    -------
    MetricInfo

    Raises
    ------
    ValueError
        For an unknown name, with the closest known ones.

    Examples
    --------
    >>> from imbeval.metrics import get_info
    >>> get_info("balanced_accuracy_score").name
    'acsa'
    """
    return _entry(_index_info(name))
