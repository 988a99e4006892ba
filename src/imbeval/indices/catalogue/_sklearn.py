"""scikit-learn's label-based metrics that PyCM's statistics do not cover already.

Definitions from the scikit-learn documentation (``sklearn.metrics``); the matrices' rows are
``y_true``, columns ``y_pred``; the clustering scores read rows as the true classes and
columns as the clusters. Two-class indices read the first row as the positive class
(``pos_label``).
"""

from __future__ import annotations

import numpy as np

from imbeval.indices._common import diagonal, predicted_counts, recalls, totals, true_counts
from imbeval.indices._registry import TWO_CLASS
from imbeval.indices.catalogue._base import (entropies, entry, macro, one_vs_rest, pair_sums,
                                             ratio, twin)

INF = float("inf")

twin("precision_binary", "precision", "sklearn", "precision_score(pos_label=first row)")


@entry("balanced_accuracy_adjusted", "sklearn", "balanced_accuracy_score(adjusted=True)",
       symbol="BA_adj", bounds=(-INF, 1),
       formula="(ACSA − 1/C)/(1 − 1/C)", description="balanced accuracy adjusted for chance")
def balanced_accuracy_adjusted(cm, zero_division=np.nan):
    chance = 1.0 / cm.shape[-1]
    return (macro(recalls(cm, zero_division)) - chance) / (1.0 - chance)


def _weighted_kappa(cm, weights, zd):
    n = totals(cm)[..., None, None]
    expected = ratio(true_counts(cm)[..., :, None] * predicted_counts(cm)[..., None, :], n, zd)
    return 1.0 - ratio(np.sum(weights * cm, axis=(-2, -1)),
                       np.sum(weights * expected, axis=(-2, -1)), zd)


@entry("kappa_linear", "sklearn", "cohen_kappa_score(weights='linear')", symbol="κ_lin",
       bounds=(-1, 1), formula="1 − Σ_ij |i−j| m_ij / Σ_ij |i−j| n_i k_j/n",
       description="linearly weighted kappa (classes in row order)")
def kappa_linear(cm, zero_division=np.nan):
    c = cm.shape[-1]
    i = np.arange(c)
    return _weighted_kappa(cm, np.abs(i[:, None] - i[None, :]).astype(float), zero_division)


@entry("kappa_quadratic", "sklearn", "cohen_kappa_score(weights='quadratic')", symbol="κ_quad",
       bounds=(-1, 1), formula="1 − Σ_ij (i−j)² m_ij / Σ_ij (i−j)² n_i k_j/n",
       description="quadratically weighted kappa (classes in row order)")
def kappa_quadratic(cm, zero_division=np.nan):
    c = cm.shape[-1]
    i = np.arange(c)
    return _weighted_kappa(cm, ((i[:, None] - i[None, :]) ** 2).astype(float), zero_division)


@entry("jaccard_micro", "sklearn", "jaccard_score(average='micro')", symbol="J_micro",
       formula="Σ_i TP_i / Σ_i (TP_i + FP_i + FN_i) = tr/(2n − tr)",
       description="micro-averaged Jaccard index")
def jaccard_micro(cm, zero_division=np.nan):
    tr = np.sum(diagonal(cm), axis=-1)
    return ratio(tr, 2.0 * totals(cm) - tr, zero_division)


@entry("rand_index", "sklearn", "rand_score", symbol="RI",
       formula="(P(n) + 2 Σ_ij P(m_ij) − Σ_i P(n_i) − Σ_j P(k_j))/P(n), P(x) = x(x−1)/2",
       description="Rand index of the true and predicted partitions")
def rand_index(cm, zero_division=np.nan):
    cells, rows, cols, total = pair_sums(cm)
    return ratio(total + 2.0 * cells - rows - cols, total, zero_division)


@entry("fowlkes_mallows", "sklearn", "fowlkes_mallows_score", symbol="FMI",
       formula="Σ_ij P(m_ij)/sqrt(Σ_i P(n_i) Σ_j P(k_j)), P(x) = x(x−1)/2",
       description="Fowlkes-Mallows index of the true and predicted partitions")
def fowlkes_mallows(cm, zero_division=np.nan):
    # P(x) < 0 for a real-valued count 0 < x < 1 (pair counts assume integer matrices):
    # the square root is then NaN, undefined
    with np.errstate(invalid="ignore"):
        cells, rows, cols, _ = pair_sums(cm)
        return ratio(cells, np.sqrt(rows * cols), zero_division)


def _entropies(cm, zd):
    """H(true), H(pred), H(true | pred), H(pred | true) in nats."""
    h_true, h_pred, h_joint = entropies(cm, zd)
    return h_true, h_pred, h_joint - h_pred, h_joint - h_true


# I(true; pred)/H(true) = 1 − H(true | pred)/H(true): PyCM's RCI.
twin("homogeneity", "rci", "sklearn", "homogeneity_score")


@entry("completeness", "sklearn", "completeness_score", symbol="c",
       formula="1 − H(pred | true)/H(pred)",
       description="completeness: each true class is predicted as one class")
def completeness(cm, zero_division=np.nan):
    _, h_pred, _, h_pred_given_true = _entropies(cm, zero_division)
    return 1.0 - ratio(h_pred_given_true, h_pred, zero_division)


@entry("nmi_arithmetic", "sklearn", "normalized_mutual_info_score", symbol="NMI_arith",
       formula="I(true; pred)/((H(true) + H(pred))/2)",
       description="mutual information normalised by the mean of the two entropies")
def nmi_arithmetic(cm, zero_division=np.nan):
    h_true, h_pred, h_tp, _ = _entropies(cm, zero_division)
    return ratio(h_true - h_tp, (h_true + h_pred) / 2.0, zero_division)


# 2hc/(h + c) = 2 I/(H(true) + H(pred)): the V-measure is the arithmetic NMI.
twin("v_measure", "nmi_arithmetic", "sklearn", "v_measure_score")


@entry("mutual_information_nats", "sklearn", "mutual_info_score", symbol="I (nats)",
       bounds=(0, INF), formula="H(true) − H(true | pred), natural logarithm",
       description="mutual information of true and predicted classes (nats)")
def mutual_information_nats(cm, zero_division=np.nan):
    h_true, _, h_tp, _ = _entropies(cm, zero_division)
    return h_true - h_tp


# ------------------------------------------------------------------ two-class


def _two(cm):
    tp, fn, fp, tn = one_vs_rest(cm)
    return tp[..., 0], fn[..., 0], fp[..., 0], tn[..., 0]


@entry("sensitivity", "sklearn", "recall_score(pos_label=first row)", symbol="TPR",
       scope=TWO_CLASS, formula="TP/(TP + FN)", description="sensitivity (recall of the positive class)",
       also=("imblearn: sensitivity_score", "pycm: TPR of the first class"))
def sensitivity(cm, zero_division=np.nan):
    tp, fn, _, _ = _two(cm)
    return ratio(tp, tp + fn, zero_division)


@entry("specificity", "imblearn", "specificity_score(pos_label=first row)", symbol="TNR",
       scope=TWO_CLASS, formula="TN/(TN + FP)", description="specificity (recall of the negative class)",
       also=("pycm: TNR of the first class",))
def specificity(cm, zero_division=np.nan):
    _, _, fp, tn = _two(cm)
    return ratio(tn, tn + fp, zero_division)


@entry("f1", "sklearn", "f1_score(pos_label=first row)", symbol="F1", scope=TWO_CLASS,
       formula="2 TP/(2 TP + FP + FN)", description="F1 score of the positive class",
       also=("pycm: F1 of the first class",))
def f1(cm, zero_division=np.nan):
    tp, fn, fp, _ = _two(cm)
    return ratio(2.0 * tp, 2.0 * tp + fp + fn, zero_division)


@entry("jaccard", "sklearn", "jaccard_score(pos_label=first row)", symbol="J", scope=TWO_CLASS,
       formula="TP/(TP + FP + FN)", description="Jaccard index of the positive class",
       also=("pycm: J of the first class",))
def jaccard(cm, zero_division=np.nan):
    tp, fn, fp, _ = _two(cm)
    return ratio(tp, tp + fp + fn, zero_division)


@entry("positive_likelihood_ratio", "sklearn", "class_likelihood_ratios()[0]", symbol="LR+",
       scope=TWO_CLASS, bounds=(0, INF), formula="(TP/(TP + FN))/(FP/(FP + TN))",
       description="positive likelihood ratio", also=("pycm: PLR of the first class",))
def positive_likelihood_ratio(cm, zero_division=np.nan):
    tp, fn, fp, tn = _two(cm)
    value = ratio(ratio(tp, tp + fn, zero_division), ratio(fp, fp + tn, zero_division),
                  zero_division)
    # no false positive: LR+ is undefined (scikit-learn's class_likelihood_ratios: NaN);
    # zero_division stands in for a 0/0 rate, it does not make a division by a zero FPR a number
    return np.where(np.asarray(fp) == 0, np.nan, value)


@entry("negative_likelihood_ratio", "sklearn", "class_likelihood_ratios()[1]", symbol="LR−",
       scope=TWO_CLASS, bounds=(0, INF), greater_is_better=False,
       formula="(FN/(TP + FN))/(TN/(FP + TN))", description="negative likelihood ratio",
       also=("pycm: NLR of the first class",))
def negative_likelihood_ratio(cm, zero_division=np.nan):
    tp, fn, fp, tn = _two(cm)
    value = ratio(ratio(fn, tp + fn, zero_division), ratio(tn, fp + tn, zero_division),
                  zero_division)
    # no true negative: LR- is undefined (scikit-learn: NaN), whatever zero_division says
    return np.where(np.asarray(tn) == 0, np.nan, value)
