"""mortaz2020: the printed worked examples (Tables 2, 3, 5, 6, 9), the errata, Theorems 1-4."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given

from imbeval.indices import mortaz2020 as mz

from conftest import confusion_matrices

CM1 = [[4900, 90, 10, 0], [255, 245, 0, 0], [45, 5, 45, 5], [11, 3, 1, 10]]
CM2 = [[4900, 90, 10, 0], [250, 250, 0, 0], [50, 10, 35, 5], [9, 4, 2, 10]]
CM3 = [[100, 102, 99], [105, 100, 10], [102, 10, 90]]
CM4 = [[114, 86, 101], [100, 100, 15], [110, 10, 82]]

FUNCTIONS = {
    "ACC": mz.accuracy,
    "MAP": mz.macro_precision,
    "MAR": mz.macro_recall,
    "F": mz.macro_f1,
    "CBA": mz.cba,
    "IAM": mz.iam,
}

# Printed values: Tables 2, 3, 5, 6 (ACC..CBA, 2 decimals) and Table 9 (IAM).
PRINTED = {
    "Table 2": (CM1, {"ACC": "0.92", "MAP": "0.78", "MAR": "0.58", "F": "0.65", "CBA": "0.57"}),
    "Table 3": (CM2, {"ACC": "0.92", "MAP": "0.76", "MAR": "0.56", "F": "0.63", "CBA": "0.55"}),
    "Table 5": (CM3, {"ACC": "0.40", "MAP": "0.42", "MAR": "0.41", "F": "0.41", "CBA": "0.41"}),
    "Table 6": (CM4, {"ACC": "0.41", "MAP": "0.42", "MAR": "0.42", "F": "0.42", "CBA": "0.40"}),
    "Table 9a": (CM1, {"IAM": "0.14"}),
    "Table 9b": (CM2, {"IAM": "0.10"}),
    "Table 9c": (CM3, {"IAM": "-0.175"}),
    "Table 9d": (CM4, {"IAM": "-0.185"}),
}

# The entries whose printed value is not the formula's value rounded to print precision,
# with the formula's value (notes/indices.md).
ERRATA = {
    ("Table 5", "F"): 0.415403,
    ("Table 6", "MAP"): 0.425399,
    ("Table 6", "CBA"): 0.407636,
    ("Table 9c", "IAM"): -0.175738,
}


def printed_cases():
    for table, (matrix, values) in PRINTED.items():
        for metric, text in values.items():
            yield pytest.param(table, matrix, metric, text, id=f"{table}-{metric}")


@pytest.mark.parametrize("table, matrix, metric, text", list(printed_cases()))
def test_printed_tables(table, matrix, metric, text):
    decimals = len(text.split(".")[1])
    value = float(FUNCTIONS[metric](matrix))
    if (table, metric) in ERRATA:
        # an erratum: the paper's number is not the formula's, and we say what is
        assert round(value, decimals) != float(text)
        assert value == pytest.approx(ERRATA[(table, metric)], abs=5e-7)
    else:
        assert round(value, decimals) == pytest.approx(float(text), abs=1e-12)


@pytest.mark.parametrize(
    "matrix, expected",
    [
        (CM1, (0.924444, 0.781211, 0.580000, 0.654482, 0.570080, 0.140159)),
        (CM2, (0.923556, 0.764560, 0.557500, 0.630402, 0.547670, 0.095340)),
        (CM3, (0.403900, 0.416564, 0.414296, 0.415403, 0.412131, -0.175738)),
        (CM4, (0.412256, 0.425399, 0.416598, 0.420473, 0.407636, -0.184728)),
    ],
)
def test_recomputed_values_to_six_decimals(matrix, expected):
    got = [float(f(matrix)) for f in FUNCTIONS.values()]
    np.testing.assert_allclose(got, expected, atol=5e-7)


def test_f_is_mean_of_per_class_f1_not_harmonic_mean_of_map_and_mar():
    m = np.array(CM1, dtype=float)
    p, r = mz.macro_precision(m), mz.macro_recall(m)
    assert abs(mz.macro_f1(m) - 2 * p * r / (p + r)) > 1e-3


@given(confusion_matrices(max_classes=7, positive_cols=True))
def test_theorems_iam_bounds_and_orderings(m):
    iam = mz.iam(m)
    assert -1 - 1e-12 <= iam <= 1 + 1e-12  # Theorem 1
    assert iam <= mz.cba(m) + 1e-12  # Theorem 2
    assert iam <= mz.macro_precision(m) + 1e-12  # Theorem 3
    assert iam <= mz.macro_recall(m) + 1e-12
    assert iam <= mz.macro_f1(m) + 1e-12
    assert iam <= mz.accuracy(m) + 1e-12  # Theorem 4


def test_iam_extremes():
    assert mz.iam(np.diag([5, 7, 9])) == 1.0
    assert mz.iam(np.roll(np.diag([5.0, 5.0, 5.0]), 1, axis=1)) == -1.0


def test_cba_is_not_always_below_accuracy():
    # the paper notes CBA can exceed ACC (example 2a)
    assert mz.cba(CM3) > mz.accuracy(CM3)
