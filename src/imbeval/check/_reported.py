"""Reported values: names resolved to registry entries, tolerances from rounding."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from imbeval.indices import IndexInfo
from imbeval.metrics._resolve import NAME_OPTIONS, _base, resolve_index

__all__ = ["Reported", "parse_reported", "decimals_of"]

# float noise of an index computed in another order than the paper's
_SLACK = 1e-10


@dataclass(frozen=True)
class Reported:
    """One reported value: the name as given, its registry entry, the value and the
    tolerance (the value is held by a matrix whose index lies within ``eps``)."""

    name: str
    info: IndexInfo
    value: float
    eps: float

    @property
    def low(self):
        return self.value - self.eps - _SLACK

    @property
    def high(self):
        return self.value + self.eps + _SLACK

    def holds(self, values):
        """Where ``values`` (an array) lie within the tolerance (NaN never does)."""
        values = np.asarray(values, dtype=float)
        with np.errstate(invalid="ignore"):
            return (values >= self.low) & (values <= self.high)


def decimals_of(value) -> int:
    """The decimals a number was printed with: those of its shortest repr (0.870 -> 2,
    the trailing zero is lost in a float; pass ``decimals=`` or text to keep it).

    >>> decimals_of(0.873), decimals_of(12.5), decimals_of("0.870"), decimals_of(1e-4)
    (3, 1, 3, 4)
    """
    text = value.strip() if isinstance(value, str) else repr(float(value))
    if "e" in text.lower():
        mantissa, exponent = text.lower().split("e")
        digits = len(mantissa.split(".")[1]) if "." in mantissa else 0
        return max(0, digits - int(exponent))
    return len(text.split(".")[1]) if "." in text else 0


def _per_name(option, name, what):
    if isinstance(option, dict):
        return option.get(name)
    return option


def _resolve(name, average, n_classes):
    base = _base(name)
    kwargs = {}
    if average is not None and base in NAME_OPTIONS and NAME_OPTIONS[base][0] == "average":
        kwargs["average"] = average
    info = resolve_index(name, **kwargs)
    if n_classes != 2 and info.scope == "two-class":
        raise ValueError(f"index {name!r} resolves to the two-class index {info.name!r}, but "
                         f"the test set has {n_classes} classes: name an averaged index "
                         "(macro_f1, f1_macro, ...) or pass average=")
    return info


def parse_reported(scores, *, eps=None, decimals=None, average=None, n_classes=2):
    """``scores`` (name -> value) as a list of :class:`Reported`.

    A value is a number or its printed text ("0.870" keeps its three decimals). The
    tolerance of a name is ``eps`` (a number, or a dict by name), else half a unit of its
    last decimal (``decimals``, a number or a dict, else the decimals it was printed with).
    """
    if not hasattr(scores, "items") or not len(scores):
        raise ValueError("scores must be a non-empty mapping of index name -> reported value")
    out = []
    for name, raw in scores.items():
        if not isinstance(name, str):
            raise ValueError(f"scores must be keyed by index names, got {name!r}")
        info = _resolve(name, average, n_classes)
        try:
            value = float(raw)
        except (TypeError, ValueError):
            raise ValueError(f"the reported {name} must be a number, got {raw!r}") from None
        if not math.isfinite(value):
            raise ValueError(f"the reported {name} must be a finite number, got {raw!r}")
        e = _per_name(eps, name, "eps")
        d = _per_name(decimals, name, "decimals")
        if e is None:
            d = decimals_of(raw) if d is None else d
            if isinstance(d, bool) or not isinstance(d, (int, np.integer)) or d < 0:
                raise ValueError(f"decimals must be a non-negative integer, got {d!r}")
            e = 0.5 * 10.0 ** (-int(d))
        if isinstance(e, bool) or not isinstance(e, (int, float)) or not e >= 0 \
                or not math.isfinite(e):
            raise ValueError(f"eps must be a finite number >= 0, got {e!r}")
        low, high = info.bounds
        if value < low - e - _SLACK or value > high + e + _SLACK:
            raise ValueError(f"the reported {name} = {raw} lies outside the range of "
                             f"{info.name}, [{low:g}, {high:g}]")
        out.append(Reported(name, info, value, float(e)))
    return out
