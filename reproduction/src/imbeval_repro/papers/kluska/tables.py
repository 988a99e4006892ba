"""kluska: the worked example (ACC, weighted precision/recall/F1 and every intermediate
number), the ROC example (moments of D1/D0, FPR/TPR at T = 0 and 4) and the one-vs-one AUC.

The worked example is recomputed from the label vectors t and p with
:mod:`imbeval.indices.kluska`; the ROC rates from the two normals the slides fit
(f1 = N(5, 3.5²), f0 = N(-1, 3.8²)): FPR(T) = P(f0 > T), TPR(T) = P(f1 > T). The slides
print σ with the population formula sqrt(E[(D - E D)²]); we do the same.

The slides' eq. 13 (one-vs-one AUC) sums every ordered pair twice; the corrected reading,
mean over unordered pairs of (AUC_{j,k} + AUC_{k,j})/2, is what :func:`ovo_auc` computes.
The slides print no value for it: it appears in the tables but not in the verdict table.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import numpy as np
import pandas as pd

from imbeval.indices import kluska as kl
from imbeval.indices.mortaz2020 import accuracy
from imbeval_repro import verdicts as cmp
from imbeval_repro.papers.kluska import printed as pr

__all__ = ["example_confusion", "example_values", "roc_values", "roc_curve_points",
           "empirical_roc", "ovo_auc", "verdict_rows"]

PAPER = "kluska"


def example_confusion() -> np.ndarray:
    """The confusion matrix of the worked example's labels ``t`` (true) and ``p``
    (predicted), rows = true class."""
    t, p = pr.EXAMPLE["t"], pr.EXAMPLE["p"]
    labels = sorted(set(t) | set(p))
    m = np.zeros((len(labels), len(labels)))
    for a, b in zip(t, p):
        m[labels.index(a), labels.index(b)] += 1
    return m


def example_values() -> dict:
    """(quantity, class) -> value for every number of the worked example."""
    m = example_confusion()
    n_true, n_pred, diag = m.sum(axis=1), m.sum(axis=0), np.diag(m)
    values = {("ACC", "all"): float(accuracy(m))}
    for i in range(m.shape[0]):
        values[("weight v", str(i))] = n_true[i] / m.sum()
        values[("precision", str(i))] = diag[i] / n_pred[i]
        values[("recall", str(i))] = diag[i] / n_true[i]
    values[("weighted precision", "all")] = float(kl.weighted_precision(m))
    values[("weighted recall", "all")] = float(kl.weighted_recall(m))
    values[("weighted F1", "all")] = float(kl.weighted_f1(m))
    return values


def example_table() -> pd.DataFrame:
    """The worked example's printed values beside ours (one row per quantity and class)."""
    values = example_values()
    records = []
    for (quantity, cls), printed in pr.EXAMPLE["values"].items():
        value = values[(quantity, cls)]
        records.append({"quantity": quantity, "class": cls, "printed": printed,
                        "regenerated": value,
                        "as fraction": str(Fraction(value).limit_denominator(1000))})
    return pd.DataFrame(records)


def _normals():
    return pr.ROC["normals"]["f1"], pr.ROC["normals"]["f0"]


def roc_values() -> dict:
    """(row, column) -> value: moments of D1/D0 and the fitted-normal rates at T = 0, 4."""
    from scipy.stats import norm

    values = {}
    for name in ("D1", "D0"):
        d = np.asarray(pr.ROC[name], dtype=float)
        values[(name, "mean")] = d.mean()
        values[(name, "sd")] = d.std(ddof=0)
    (m1, s1), (m0, s0) = _normals()
    for threshold in (0, 4):
        values[(f"T = {threshold}", "FPR")] = float(norm.sf(threshold, m0, s0))
        values[(f"T = {threshold}", "TPR")] = float(norm.sf(threshold, m1, s1))
    return values


def roc_curve_points(n=401) -> pd.DataFrame:
    """The binormal ROC curve of the fitted normals, T from -20 to 25."""
    from scipy.stats import norm

    (m1, s1), (m0, s0) = _normals()
    thresholds = np.linspace(-20, 25, n)
    return pd.DataFrame({"threshold": thresholds, "FPR": norm.sf(thresholds, m0, s0),
                         "TPR": norm.sf(thresholds, m1, s1), "curve": "binormal fit"})


def empirical_roc() -> pd.DataFrame:
    """The ROC of the raw samples (score = the value; class 1 positive), all thresholds."""
    d1 = np.asarray(pr.ROC["D1"], dtype=float)
    d0 = np.asarray(pr.ROC["D0"], dtype=float)
    thresholds = np.concatenate([[np.inf], np.unique(np.concatenate([d1, d0]))[::-1]])
    return pd.DataFrame({"threshold": thresholds,
                         "FPR": [(d0 >= t).mean() for t in thresholds],
                         "TPR": [(d1 >= t).mean() for t in thresholds], "curve": "samples"})


def binormal_auc() -> float:
    """AUC of the fitted normals: Φ((μ1 - μ0) / sqrt(σ1² + σ0²))."""
    from scipy.stats import norm

    (m1, s1), (m0, s0) = _normals()
    return float(norm.cdf((m1 - m0) / np.hypot(s1, s0)))


def sample_auc(positives, negatives) -> float:
    """Mann-Whitney AUC: P(score+ > score-) + P(tie)/2."""
    pos, neg = np.asarray(positives, float)[:, None], np.asarray(negatives, float)[None, :]
    return float(np.mean((pos > neg) + 0.5 * (pos == neg)))


def ovo_auc(scores, labels) -> float:
    """Eq. 13, each unordered pair once: mean over {j, k} of (AUC_{j,k} + AUC_{k,j}) / 2.

    ``scores`` is (n, r): column c the score for class ``classes[c]`` (sorted labels);
    AUC_{j,k} ranks class-j points against class-k points by the class-j score.
    """
    scores, labels = np.asarray(scores, float), np.asarray(labels)
    classes = np.unique(labels)
    pairs = []
    for a, b in combinations(range(len(classes)), 2):
        in_a, in_b = labels == classes[a], labels == classes[b]
        auc_ab = sample_auc(scores[in_a, a], scores[in_b, a])
        auc_ba = sample_auc(scores[in_b, b], scores[in_a, b])
        pairs.append((auc_ab + auc_ba) / 2)
    return float(np.mean(pairs))


def roc_table() -> pd.DataFrame:
    """The ROC example's printed moments and rates beside ours, plus the two AUCs."""
    values = roc_values()
    printed = {**pr.ROC["moments"], **pr.ROC["rates"]}
    records = [{"row": r, "column": c, "printed": printed[(r, c)], "regenerated": values[(r, c)]}
               for (r, c) in printed]
    d1, d0 = pr.ROC["D1"], pr.ROC["D0"]
    records.append({"row": "AUC", "column": "binormal fit", "printed": "",
                    "regenerated": binormal_auc()})
    records.append({"row": "AUC", "column": "samples (Mann-Whitney)", "printed": "",
                    "regenerated": sample_auc(d1, d0)})
    return pd.DataFrame(records)


def verdict_rows():
    """Every printed number of the worked and ROC examples against ours (rows of
    :mod:`imbeval_repro.verdicts`)."""
    values = example_values()
    for (quantity, cls), printed in pr.EXAMPLE["values"].items():
        yield cmp.row(PAPER, "worked example", quantity, cls, printed, values[(quantity, cls)])
    values = roc_values()
    for key, printed in {**pr.ROC["moments"], **pr.ROC["rates"]}.items():
        yield cmp.row(PAPER, "ROC example", key[0], key[1], printed, values[key],
                      erratum=pr.ERRATA.get(("ROC example",) + key))
