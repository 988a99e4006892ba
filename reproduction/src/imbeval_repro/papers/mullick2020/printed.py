"""The printed numbers of mullick2020 that the project compares with, as printed (the
convention: :mod:`imbeval_repro.papers`)."""

from __future__ import annotations

__all__ = ["FIG2"]


FIG2 = {
    ("Fig. 2c", "Precision at boundary x = 4", "RRT 1"): "0.93",
    ("Fig. 2c", "Precision at boundary x = 4", "RRT 10"): "0.59",
    ("Fig. 2f", "AUROC-OVA at 60 % per-class accuracy", "C = 3"): "0.70",
    ("Fig. 2f", "AUROC-OVA at 60 % per-class accuracy", "C = 6"): "0.77",
}
