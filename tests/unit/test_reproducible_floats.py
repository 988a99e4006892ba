"""Result tables that two environments write alike: the one CSV writer rounds
floats to imbeval.utils.io.FLOAT_DIGITS significant digits.

Two fresh environments from one lock gave two ``ci_low`` values differing in the 17th
significant digit (a float sum's order). The tests make such pairs -- the same numbers summed
in another order, and values one ulp apart -- and check that the written tables agree.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from imbeval.utils.io import FLOAT_DIGITS, write_csv
from imbeval.utils.tables import write_table


def _sums_in_two_orders(seed=46, rows=200, terms=50):
    """Column sums as two environments may compute them: NumPy's pairwise sum and a plain
    left-to-right sum of the same numbers in reversed order."""
    rng = np.random.default_rng(seed)
    data = rng.random((rows, terms)) * rng.choice([1e-3, 1.0, 1e3], size=(rows, 1))
    pairwise = data.sum(axis=1)
    sequential = np.array([sum(reversed(row.tolist())) for row in data])
    return pairwise, sequential


def test_sums_in_another_order_write_the_same_table(tmp_path):
    a, b = _sums_in_two_orders()
    assert (a != b).any()  # the difference observed: the full repr differs
    full = [pd.DataFrame({"ci_low": v}).to_csv(index=False) for v in (a, b)]
    assert full[0] != full[1]
    paths = [write_csv(pd.DataFrame({"ci_low": v, "name": "x"}), tmp_path / f"{k}.csv",
                       float_format=None) for k, v in enumerate((a, b))]
    assert paths[0].read_bytes() == paths[1].read_bytes()
    # write_table (the papers' and the verdict table's tables) goes through the same writer
    for k, v in enumerate((a, b)):
        write_table(pd.DataFrame({"value": v}), tmp_path / f"t{k}.csv", index=False)
    assert (tmp_path / "t0.csv").read_bytes() == (tmp_path / "t1.csv").read_bytes()


def test_values_one_ulp_apart_rarely_print_apart():
    # rounding cannot hide a pair that straddles a rounding boundary; at FLOAT_DIGITS digits
    # such pairs are about 1 in 10,000 (at 15 digits: 8 in 100)
    rng = np.random.default_rng(0)
    x = rng.random(20_000) * rng.choice([1e-3, 1.0, 1e3], size=20_000)
    y = np.nextafter(x, np.inf)
    fmt = f"%.{FLOAT_DIGITS}g"
    apart = np.mean([fmt % u != fmt % v for u, v in zip(x, y)])
    assert apart < 1e-3
    assert np.mean([f"{u!r}" != f"{v!r}" for u, v in zip(x, y)]) == 1.0


def test_every_float_of_a_table_is_rounded_and_read_back_close(tmp_path):
    value = 1 / 3 + 1e-16
    frame = pd.DataFrame({"f": [value, math.nan], "mixed": pd.Series([value, "text"],
                                                                     dtype=object),
                          "n": [1, 2]})
    path = write_csv(frame, tmp_path / "t.csv", float_format=None)
    lines = path.read_text().splitlines()
    assert lines[1] == "0.333333333333,0.333333333333,1"
    assert lines[2] == ",text,2"
    back = pd.read_csv(path)
    assert back["f"][0] == pytest.approx(value, rel=10 ** -(FLOAT_DIGITS - 1))
    # a coarser format asked for is kept; a finer one is capped
    assert write_csv(frame, tmp_path / "c.csv", float_format="%.3g").read_text() \
        .splitlines()[1].startswith("0.333,")
    assert write_csv(frame, tmp_path / "d.csv", float_format="%.17g").read_text() \
        .splitlines()[1].startswith("0.333333333333,")


def test_a_float_format_that_is_not_significant_digits_is_refused(tmp_path):
    with pytest.raises(ValueError, match="float_format must be like"):
        write_csv(pd.DataFrame({"a": [1.0]}), tmp_path / "x.csv", float_format="%.3f")
    assert not (tmp_path / "x.csv").exists()
