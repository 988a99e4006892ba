"""The printed numbers of kluska that the project compares with, as printed (the
convention: :mod:`imbeval_repro.papers`)."""

from __future__ import annotations

__all__ = ["EXAMPLE", "ROC", "ERRATA"]


#: The worked example: labels and every number printed on the way.
EXAMPLE = {
    "t": [0, 1, 2, 2, 0],
    "p": [0, 0, 2, 1, 0],
    "confusion matrix": [[2, 0, 0], [1, 0, 0], [0, 1, 1]],  # rows T_l, columns P_l
    "values": {
        ("ACC", "all"): "3/5",
        ("weight v", "0"): "2/5", ("weight v", "1"): "1/5", ("weight v", "2"): "2/5",
        ("precision", "0"): "2/3", ("precision", "1"): "0", ("precision", "2"): "1",
        ("recall", "0"): "1", ("recall", "1"): "0", ("recall", "2"): "1/2",
        ("weighted precision", "all"): "2/3",
        ("weighted recall", "all"): "3/5",
        ("weighted F1", "all"): "44/75",
    },
}

#: The ROC example: the two samples, their printed moments, the fitted normals and the
#: printed rates. σ is printed with the population formula sqrt(E[(D - E D)^2]).
ROC = {
    "D1": [2, 9, 0, 1, 9, 9, 5, 0, 8, 5, 2, 9, 6],
    "D0": [-5, 3, 0, -2, -8, -2, -4, 5, -1, 6, -2, 1, -4],
    "moments": {("D1", "mean"): "5.0", ("D1", "sd"): "3.4862",
                ("D0", "mean"): "-1.0", ("D0", "sd"): "3.8431"},
    "normals": {"f1": (5.0, 3.5), "f0": (-1.0, 3.8)},  # (mean, sd) as plotted
    "rates": {("T = 0", "FPR"): "0.3962", ("T = 0", "TPR"): "0.9234",
              ("T = 4", "FPR"): "0.0941", ("T = 4", "TPR"): "0.6124"},
}

#: Errata of the slides, keyed (item, row, column). None: TPR(4) = 0.612452 printed
#: 0.6124 is truncated, not rounded ("within print precision (printed truncated)").
ERRATA: dict = {}
