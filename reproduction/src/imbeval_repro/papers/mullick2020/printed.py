"""The printed numbers of mullick2020 that the project compares with.

Values are kept as the strings the paper prints, so that the print precision (the number
of decimals) travels with them. Matrices are kept as printed; where the paper uses another
layout than the project (rows = true class, columns = predicted), the name says so and the
conversion is one transpose. Errata -- printed values that are not what the paper's own
formula gives on the paper's own matrix -- are listed beside the values with what the
formula gives and the explanation (docs/errata.md).
"""

from __future__ import annotations

__all__ = ["FIG2"]


FIG2 = {
    ("Fig. 2c", "Precision at boundary x = 4", "RRT 1"): "0.93",
    ("Fig. 2c", "Precision at boundary x = 4", "RRT 10"): "0.59",
    ("Fig. 2f", "AUROC-OVA at 60 % per-class accuracy", "C = 3"): "0.70",
    ("Fig. 2f", "AUROC-OVA at 60 % per-class accuracy", "C = 6"): "0.77",
}
