"""The constraints of the comparison's options, shared by its entry points."""

from __future__ import annotations

from numbers import Integral, Real

from imbeval.utils._param_validation import LEVEL, Check, Interval

__all__ = ["ALPHA", "COMMON", "DRAWS", "MIN_UNITS", "ROPE", "SEED", "THRESHOLD"]

ALPHA = [LEVEL]
ROPE = [Interval(Real, 0, None, closed="left"), None]
SEED = [Interval(Integral, None, None, closed="neither")]
DRAWS = [Interval(Integral, 1, None, closed="left"), None]
def _threshold(value, name):
    if not (isinstance(value, Real) and 0.5 < value < 1):
        raise ValueError(f"{name} (--bayes-threshold) must lie in (0.5, 1), got {value!r}")
    return value


THRESHOLD = [Check(_threshold, "a number in (0.5, 1)", invalid=0.5, valid=0.95)]
MIN_UNITS = [Interval(Integral, 1, None, closed="left")]

#: the options every comparison of a table takes
COMMON = {"alpha": ALPHA, "rope": ROPE, "seed": SEED, "n_samples": DRAWS,
          "bayes_threshold": THRESHOLD, "control": [str, None]}
