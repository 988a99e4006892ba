"""Shared hypothesis strategies and settings."""

from __future__ import annotations

import os

import numpy as np
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

# CI gets a fixed, derandomised profile so a failure is reproducible from the log.
settings.register_profile(
    "ci", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@st.composite
def confusion_matrices(draw, min_classes=2, max_classes=6, max_count=500, positive_rows=True,
                       positive_cols=False, real=False):
    """A C x C confusion matrix of counts (or non-negative reals).

    With ``positive_rows`` every class has at least one true point (so recalls are
    defined); with ``positive_cols`` every class is predicted at least once.
    """
    c = draw(st.integers(min_classes, max_classes))
    if real:
        elements = st.floats(0, max_count, allow_nan=False, allow_infinity=False)
        m = draw(hnp.arrays(np.float64, (c, c), elements=elements))
    else:
        m = draw(hnp.arrays(np.int64, (c, c), elements=st.integers(0, max_count))).astype(float)
    if positive_rows:
        empty = m.sum(axis=1) == 0
        m[empty, draw(st.integers(0, c - 1))] += 1
    if positive_cols:
        empty = m.sum(axis=0) == 0
        m[draw(st.integers(0, c - 1)), empty] += 1
    return m


def row_scalings(c):
    """Positive row scale factors b_i, as in Assumption 1 of mullick2020."""
    return hnp.arrays(np.float64, (c,), elements=st.floats(0.05, 20))
