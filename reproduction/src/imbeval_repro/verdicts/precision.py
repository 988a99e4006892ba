"""Print precision: the value of a printed number and whether a regenerated one agrees with
it at the precision it was printed to (:func:`matches`, rules ``"round"``, ``"last digit"``,
``"one unit"``; the verdict table's docstring says when each applies) or is it cut off rather
than rounded (:func:`truncated`)."""

from __future__ import annotations

import math
from fractions import Fraction

__all__ = ["printed_number", "decimals", "matches", "truncated", "number_or_nan"]


def printed_number(printed: str) -> float:
    """The value of a printed string ('0.42', '-0.175', '44/75', '1,000,000'); NaN for 'NA'."""
    text = printed.strip().replace(",", "").replace("−", "-")
    if text in ("NA", "", "-"):
        return math.nan
    return float(Fraction(text)) if "/" in text else float(text)


def decimals(printed: str) -> int | None:
    """Digits after the decimal point (``2.9e-7``: 8); ``None`` for fractions (exact)."""
    text = printed.strip().lower()
    if "/" in text:
        return None
    if "e" in text:  # 2.9e-7: the mantissa's decimals shifted by the exponent
        mantissa, exponent = text.split("e")
        return max(decimals(mantissa) - int(exponent), 0)
    return len(text.split(".")[1]) if "." in text else 0


def matches(printed: str, value: float, rule: str = "round") -> bool:
    """Does ``value`` agree with ``printed`` at print precision (see the module docstring)?"""
    target = printed_number(printed)
    if math.isnan(target) or value is None or math.isnan(value):
        return math.isnan(target) and (value is None or math.isnan(value))
    places = decimals(printed)
    if places is None:
        return abs(value - target) <= 1e-12
    if rule == "round":
        # a tiny slack so that exact halves (0.125 -> '0.13' or '0.12') are not decided
        # by binary representation
        return abs(value - target) <= 0.5 * 10.0 ** -places * (1 + 1e-6)
    if rule == "last digit":
        return abs(value - target) <= min(10.0 ** -places, 0.01) * (1 + 1e-6)
    if rule == "one unit":
        return abs(value - target) <= 10.0 ** -places * (1 + 1e-6)
    raise ValueError(f"unknown rule {rule!r}")


def truncated(printed: str, value: float) -> bool:
    """Is ``printed`` the value cut off (towards zero) at its printed precision?"""
    places = decimals(printed)
    target = printed_number(printed)
    if places is None or value is None or math.isnan(value) or math.isnan(target):
        return False
    scale = 10.0 ** places
    # the small slack keeps 0.29999999 from truncating to 0.2
    cut = math.trunc(value * scale + math.copysign(1e-9, value)) / scale
    return abs(cut - target) <= 1e-6 / scale and not matches(printed, value, "round")


def number_or_nan(text) -> float:
    """:func:`printed_number` of ``text``, NaN for text that is not a number (a name)."""
    try:
        return printed_number(str(text))
    except (ValueError, ZeroDivisionError):
        return math.nan
