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
from imbeval_repro import verdicts as cmp
from imbeval_repro.papers.ortigosa2016 import printed as pr
from imbeval_repro.verdicts.errata import Erratum

__all__ = ["rand_confusion", "score_values", "table1", "overlap", "verdict_rows"]

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
    for symbol, name, formula, kind, p, weights in pr.TABLE1:
        record = {"scope": kind, "name": name, "notation": symbol, "formula": formula,
                  "Hölder p": "" if p is None else f"{p:g}",
                  "weights ζ": weights or ""}
        record.update({col: values[col][symbol] for col in columns})
        records.append(record)
    return pd.DataFrame(records).set_index("notation")


def overlap(delta, k) -> float:
    """e_B (eq. 4) of K equiprobable unit-variance normals with means δ apart.

    The Bayes rule cuts midway between adjacent means; each of the two outer classes errs
    on one side, each inner class on both: e_B = 2 (K - 1) / K · Φ(-δ/2).
    """
    from scipy.stats import norm

    return 2 * (k - 1) / k * float(norm.cdf(-delta / 2))


def verdict_rows():
    """Section 4's statement (every score of RAND equals 1/K) against our values for
    K = 2 and 3, and for unequal priors; footnotes 6-7 (overlap at the integration limits)."""
    item = "Table 1 / Section 4 (RAND)"
    for k in (2, 3):
        values = score_values(rand_confusion([1 / k] * k))
        for symbol, *_ in pr.TABLE1:
            yield cmp.row(PAPER, item, symbol, f"K = {k}", f"1/{k}", values[symbol])
    # Section 4 states the value 1/K for every score, whatever the class distribution: it
    # holds for recalls and their means, not for the precision of RAND on unequal classes
    column = f"K = 3, η = {SKEWED_PRIORS}"
    values = score_values(rand_confusion(SKEWED_PRIORS))
    for symbol, *_ in pr.TABLE1:
        if symbol == "P^i":
            value = values[symbol]
            yield cmp.claim(PAPER, item, f"{symbol} of RAND is 1/K ({column})", value,
                            abs(value - 1 / 3) < 1e-12, printed="1/3",
                            detail=f"RAND's precision of class 1 is its prior η₁ = {value:.4g}, "
                                   "not 1/K, when classes are unbalanced (1/K only if balanced)")
        else:
            yield cmp.row(PAPER, item, symbol, column, "1/3", values[symbol])
    for (item, quantity, column), printed in pr.FOOTNOTES.items():
        delta = 10.0 if "δ = 10" in quantity else 0.01
        k = int(column.split("=")[1])
        value = overlap(delta, k)
        erratum = None
        if item == "footnote 7" and delta == 0.01:
            erratum = Erratum(
                f"e_B = 2(K-1)/K Φ(-0.005) = {value:.4f} for K = {k}; the three printed "
                "values 0.64, 0.72, 0.77 are 0.96 (K-1)/K, about 0.03 below (footnote 6's "
                "binary 0.498 and all values at δ = 10 agree)", value)
        yield cmp.row(PAPER, item, quantity, column, printed, value, erratum=erratum)
