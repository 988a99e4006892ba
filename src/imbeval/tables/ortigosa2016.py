"""ortigosa2016 Table 1: the performance scores, with the values our implementation gives.

Each score is computed by :mod:`imbeval.indices.ortigosa2016` on the expected confusion
matrix of the uniformly random classifier RAND (every cell n_i / K): Section 4 states that
every score of Table 1 gives RAND the value 1/K. That holds for balanced classes; with
unequal class priors η the precision of RAND for class i is η_i (shown in the last
column), while every recall, and so every Hölder mean of recalls, stays 1/K.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from imbeval.indices import ortigosa2016 as og
from imbeval.tables import comparison as cmp
from imbeval.tables import printed as pr

__all__ = ["rand_confusion", "score_values", "table1", "comparison_rows"]

PAPER = "ortigosa2016"
SKEWED_PRIORS = (0.6, 0.3, 0.1)


def rand_confusion(priors) -> np.ndarray:
    """Expected confusion matrix of RAND: row i spread evenly, total 1."""
    priors = np.asarray(priors, dtype=float)
    k = len(priors)
    return np.repeat(priors[:, None] / k, k, axis=1)


def score_values(cm) -> dict[str, float]:
    """Every score of Table 1 on one matrix (local scores of class 1)."""
    return {
        "P^i": float(og.class_precisions(cm)[0]),
        "R^i": float(og.class_recalls(cm)[0]),
        "Acc": float(og.weighted_accuracy(cm)),
        "A": float(og.a_mean(cm)), "G": float(og.g_mean(cm)), "H": float(og.h_mean(cm)),
        "max": float(og.max_recall(cm)), "min": float(og.min_recall(cm)),
    }


def table1() -> pd.DataFrame:
    """ortigosa2016 Table 1 (every score, its notation, formula, Hölder p and weights)
    with its value for the RAND classifier at K = 2, K = 3 and skewed priors."""
    columns = {
        "RAND, K = 2": rand_confusion([0.5, 0.5]),
        "RAND, K = 3": rand_confusion([1 / 3] * 3),
        f"RAND, K = 3, η = {SKEWED_PRIORS}": rand_confusion(SKEWED_PRIORS),
    }
    values = {name: score_values(cm) for name, cm in columns.items()}
    records = []
    for symbol, name, formula, kind, p, weights in pr.ORTIGOSA_TABLE1:
        record = {"scope": kind, "name": name, "notation": symbol, "formula": formula,
                  "Hölder p": "" if p is None else f"{p:g}",
                  "weights ζ": weights or ""}
        record.update({col: values[col][symbol] for col in columns})
        records.append(record)
    return pd.DataFrame(records).set_index("notation")


def comparison_rows():
    """Section 4's statement (every score of RAND equals 1/K) against our values for
    K = 2 and 3."""
    for k in (2, 3):
        values = score_values(rand_confusion([1 / k] * k))
        for symbol, *_ in pr.ORTIGOSA_TABLE1:
            yield cmp.row(PAPER, "Table 1 / Section 4 (RAND)", symbol, f"K = {k}",
                          f"1/{k}", values[symbol])
