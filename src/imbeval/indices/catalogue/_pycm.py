"""PyCM's overall statistics and its class statistics, macro- and support-weighted averaged.

Definitions from PyCM's documentation (https://www.pycm.io/doc/); matrices rows = true
(PyCM's "actual"), columns = predicted. Per class i against the rest: TP = m_ii,
FN = n_i − m_ii, FP = k_i − m_ii, TN = n − n_i − k_i + m_ii. ``X (macro)`` is PyCM's
``cm.average("X")``, the plain mean over the classes; ``X (weighted)`` is
``cm.weighted_average("X")``, weights n_i. Entropies are in bits, as in PyCM.
"""

from __future__ import annotations

import numpy as np

from imbeval.indices._common import (
    diagonal,
    f_beta_scores,
    precisions,
    predicted_counts,
    recalls,
    totals,
    true_counts,
)
from imbeval.indices.catalogue._base import (
    cached,
    entropies,
    log_sums,
    pair_sums,
    entry,
    macro,
    one_vs_rest,
    ratio,
    twin,
    weighted,
)

INF = float("inf")


@cached
def _acc(cm, zd):
    return ratio(np.sum(diagonal(cm), axis=-1), totals(cm), zd)


@cached
def _priors(cm, zd):
    n = totals(cm)[..., None]
    return ratio(true_counts(cm), n, zd), ratio(predicted_counts(cm), n, zd)


def _chance_corrected(acc, chance, zd):
    return ratio(acc - chance, 1.0 - chance, zd)


# ---------------------------------------------------------------------- overall statistics

twin("overall_acc", "accuracy", "pycm", "Overall ACC",
     also=("pycm: TPR Micro", "pycm: PPV Micro", "pycm: F1 Micro", "sklearn: accuracy_score",
           "sklearn: f1_score(average='micro')", "sklearn: precision_score(average='micro')",
           "sklearn: recall_score(average='micro')"))
twin("cohen_kappa", "kappa", "pycm", "Kappa", also=("sklearn: cohen_kappa_score",))
twin("overall_mcc", "mcc", "pycm", "Overall MCC", also=("sklearn: matthews_corrcoef",))
twin("overall_cen", "cen", "pycm", "Overall CEN")
twin("pycm_cba", "cba", "pycm", "CBA", also=("pycm: BB (macro)",))
twin("aunu", "auroc_ova", "pycm", "AUNU", also=("pycm: AUC (macro)",))
twin("tpr_macro", "acsa", "pycm", "TPR Macro",
     also=("pycm: TPR (macro)", "sklearn: balanced_accuracy_score",
           "sklearn: recall_score(average='macro')",
           "imblearn: sensitivity_score(average='macro')"))
twin("ppv_macro", "macro_precision", "pycm", "PPV Macro",
     also=("sklearn: precision_score(average='macro')",))
twin("f1_macro", "macro_f1", "pycm", "F1 Macro", also=("sklearn: f1_score(average='macro')",))
twin("aupr_macro", "aurpc_ova", "pycm", "AUPR (macro)")
twin("tpr_weighted", "weighted_recall", "pycm", "TPR (weighted)",
     also=("sklearn: recall_score(average='weighted')",))
twin("ppv_weighted", "weighted_precision", "pycm", "PPV (weighted)",
     also=("sklearn: precision_score(average='weighted')",))
twin("f1_weighted", "weighted_f1", "pycm", "F1 (weighted)",
     also=("sklearn: f1_score(average='weighted')",))


@entry("gwet_ac1", "pycm", "Gwet AC1", symbol="AC1",
       formula="(ACC − pe)/(1 − pe), pe = Σ_i π_i(1 − π_i)/(C − 1), π_i = (n_i + k_i)/2n",
       description="Gwet's first-order agreement coefficient", bounds=(-1, 1))
def gwet_ac1(cm, zero_division=np.nan):
    p, q = _priors(cm, zero_division)
    pi = (p + q) / 2.0
    pe = np.sum(pi * (1.0 - pi), axis=-1) / (cm.shape[-1] - 1)
    return _chance_corrected(_acc(cm, zero_division), pe, zero_division)


@entry("bennett_s", "pycm", "Bennett S", symbol="S",
       formula="(ACC − 1/C)/(1 − 1/C)", description="Bennett, Alpert and Goldstein's S",
       bounds=(-1, 1))
def bennett_s(cm, zero_division=np.nan):
    c = cm.shape[-1]
    return _chance_corrected(_acc(cm, zero_division), 1.0 / c, zero_division)


@entry("scott_pi", "pycm", "Scott PI", symbol="π", also=("pycm: Kappa Unbiased",),
       formula="(ACC − pe)/(1 − pe), pe = Σ_i ((n_i + k_i)/2n)²",
       description="Scott's pi (unbiased kappa)", bounds=(-1, 1))
def scott_pi(cm, zero_division=np.nan):
    p, q = _priors(cm, zero_division)
    pe = np.sum(((p + q) / 2.0) ** 2, axis=-1)
    return _chance_corrected(_acc(cm, zero_division), pe, zero_division)


@entry("kappa_no_prevalence", "pycm", "Kappa No Prevalence", symbol="PABAK",
       formula="2 ACC − 1", description="prevalence-adjusted bias-adjusted kappa",
       bounds=(-1, 1))
def kappa_no_prevalence(cm, zero_division=np.nan):
    return 2.0 * _acc(cm, zero_division) - 1.0


@cached
def _chi_squared(cm, zd):
    # χ² = n (Σ_ij m_ij²/(n_i k_j) − 1), undefined when an expected count n_i k_j/n is 0
    n_i, k_j = true_counts(cm), predicted_counts(cm)
    with np.errstate(over="ignore", invalid="ignore"):  # subnormal counts of the audit
        inv_n = 1.0 / np.where(n_i > 0, n_i, 1.0)
        inv_k = 1.0 / np.where(k_j > 0, k_j, 1.0)
        total = np.einsum("...ij,...ij,...i,...j->...", cm, cm, inv_n, inv_k)
        # ≥ 0: the difference can round a hair below 0 near independence
        value = np.maximum(totals(cm) * (total - 1.0), 0.0)
    empty = np.any(n_i == 0, axis=-1) | np.any(k_j == 0, axis=-1)
    return np.where(empty, zd, value)


@entry("chi_squared", "pycm", "Chi-Squared", symbol="χ²", bounds=(0, INF),
       formula="Σ_ij (m_ij − e_ij)²/e_ij, e_ij = n_i k_j / n",
       description="Pearson's chi-squared statistic of the matrix as a contingency table")
def chi_squared(cm, zero_division=np.nan):
    return _chi_squared(cm, zero_division)


@entry("phi_squared", "pycm", "Phi-Squared", symbol="φ²", bounds=(0, INF),
       formula="χ²/n", description="mean square contingency")
def phi_squared(cm, zero_division=np.nan):
    return ratio(_chi_squared(cm, zero_division), totals(cm), zero_division)


@entry("cramer_v", "pycm", "Cramer V", symbol="V", formula="sqrt(χ²/(n (C − 1)))",
       description="Cramér's V")
def cramer_v(cm, zero_division=np.nan):
    phi2 = ratio(_chi_squared(cm, zero_division), totals(cm), zero_division)
    return np.sqrt(phi2 / (cm.shape[-1] - 1))


@entry("pearson_c", "pycm", "Pearson C", symbol="C", formula="sqrt(χ²/(n + χ²))",
       description="Pearson's contingency coefficient")
def pearson_c(cm, zero_division=np.nan):
    chi2 = _chi_squared(cm, zero_division)
    return np.sqrt(ratio(chi2, totals(cm) + chi2, zero_division))


@entry("cross_entropy", "pycm", "Cross Entropy", symbol="H(ref, resp)", bounds=(0, INF),
       greater_is_better=False,
       formula="−Σ_{i: n_i k_i > 0} (n_i/n) log2(k_i/n)",
       description="cross entropy of the predicted class distribution relative to the true one")
def cross_entropy(cm, zero_division=np.nan):
    p, q = _priors(cm, zero_division)
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where((p > 0) & (q > 0), p * np.log2(np.where(q > 0, q, 1.0)), 0.0)
    return np.where(totals(cm) > 0, -np.sum(terms, axis=-1), zero_division)


@entry("joint_entropy", "pycm", "Joint Entropy", symbol="H(ref, resp)", bounds=(0, INF),
       greater_is_better=False, formula="−Σ_ij (m_ij/n) log2(m_ij/n)",
       description="joint entropy of true and predicted classes")
def joint_entropy(cm, zero_division=np.nan):
    return entropies(cm, zero_division)[2] / np.log(2.0)


@cached
def _conditional_entropy(cm, zd):
    # H(predicted | true) = Σ_i (n_i/n) H(row i / n_i) = (Σ_i n_i ln n_i − Σ_ij m_ij ln m_ij)/n
    s_m, s_n, _, _, _ = log_sums(cm)
    return ratio(s_n - s_m, totals(cm), zd) / np.log(2.0)


@entry("conditional_entropy", "pycm", "Conditional Entropy", symbol="H(resp | ref)",
       bounds=(0, INF), greater_is_better=False, formula="Σ_i (n_i/n) H(m_i· / n_i)",
       description="entropy of the prediction given the true class")
def conditional_entropy(cm, zero_division=np.nan):
    return _conditional_entropy(cm, zero_division)


@cached
def _mutual_information(cm, zd):
    # H(true) + H(pred) − H(true, pred), in bits
    h_true, h_pred, h_joint = entropies(cm, zd)
    return (h_true + h_pred - h_joint) / np.log(2.0)


@entry("mutual_information", "pycm", "Mutual Information", symbol="I(ref; resp)",
       bounds=(0, INF), formula="H(resp) − H(resp | ref)",
       description="mutual information of true and predicted classes (bits)")
def mutual_information(cm, zero_division=np.nan):
    return _mutual_information(cm, zero_division)


@entry("kl_divergence", "pycm", "KL Divergence", symbol="D(ref ‖ resp)", bounds=(0, INF),
       greater_is_better=False, formula="Σ_i (n_i/n) log2(n_i/k_i)",
       description="Kullback-Leibler divergence of the predicted class distribution from the true one")
def kl_divergence(cm, zero_division=np.nan):
    p, q = _priors(cm, zero_division)
    lr = ratio(p, q, zero_division)  # a class predicted never but present: undefined
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(p > 0, p * np.log2(np.where(p > 0, lr, 1.0)), np.where(np.isnan(p), np.nan, 0.0))
    return np.sum(terms, axis=-1)


@entry("lambda_a", "pycm", "Lambda A", symbol="λA",
       formula="(Σ_j max_i m_ij − max_i n_i)/(n − max_i n_i)",
       description="Goodman and Kruskal's lambda, the true class predicted from the predicted one")
def lambda_a(cm, zero_division=np.nan):
    top = np.max(true_counts(cm), axis=-1)
    return ratio(np.sum(np.max(cm, axis=-2), axis=-1) - top, totals(cm) - top, zero_division)


@entry("lambda_b", "pycm", "Lambda B", symbol="λB",
       formula="(Σ_i max_j m_ij − max_j k_j)/(n − max_j k_j)",
       description="Goodman and Kruskal's lambda, the predicted class predicted from the true one")
def lambda_b(cm, zero_division=np.nan):
    top = np.max(predicted_counts(cm), axis=-1)
    return ratio(np.sum(np.max(cm, axis=-1), axis=-1) - top, totals(cm) - top, zero_division)


@entry("hamming_loss", "pycm", "Hamming Loss", symbol="HL", greater_is_better=False,
       formula="1 − Σ_i m_ii / n", description="share of wrong predictions (error rate)",
       also=("pycm: FNR Micro", "sklearn: hamming_loss", "sklearn: zero_one_loss"))
def hamming_loss(cm, zero_division=np.nan):
    return 1.0 - _acc(cm, zero_division)


@entry("zero_one_count", "pycm", "Zero-one Loss", symbol="L0/1", bounds=(0, INF),
       greater_is_better=False, formula="n − Σ_i m_ii", description="number of wrong predictions",
       also=("sklearn: zero_one_loss(normalize=False)",))
def zero_one_count(cm, zero_division=np.nan):
    return totals(cm) - np.sum(diagonal(cm), axis=-1)


@cached
def _auc(cm, zd):
    return (recalls(cm, zd) + _tnr(cm, zd)) / 2.0


@entry("aunp", "pycm", "AUNP", symbol="AUNP", also=("pycm: AUC (weighted)",),
       formula="Σ_i (n_i/n) (TPR_i + TNR_i)/2",
       description="one-vs-rest AUC of a crisp classifier weighted by the class priors")
def aunp(cm, zero_division=np.nan):
    return weighted(cm, _auc(cm, zero_division), zero_division)


@entry("rci", "pycm", "RCI", symbol="RCI", formula="I(ref; resp)/H(ref)",
       description="relative classifier information (mutual information over the true classes' entropy)")
def rci(cm, zero_division=np.nan):
    return ratio(_mutual_information(cm, zero_division),
                 entropies(cm, zero_division)[0] / np.log(2.0), zero_division)


@entry("csi", "pycm", "CSI", symbol="CSI", bounds=(-1, 1), also=("pycm: ICSI (macro)",),
       formula="(1/C) Σ_i (PPV_i + TPR_i − 1)", description="classification success index")
def csi(cm, zero_division=np.nan):
    return macro(precisions(cm, zero_division) + recalls(cm, zero_division) - 1.0)


@entry("adjusted_rand_index", "pycm", "ARI", symbol="ARI", bounds=(-1, 1),
       also=("sklearn: adjusted_rand_score",),
       formula="(Σ_ij P(m_ij) − E)/((Σ_i P(n_i) + Σ_j P(k_j))/2 − E), E = Σ_i P(n_i) Σ_j P(k_j)/P(n), P(x) = x(x−1)/2",
       description="adjusted Rand index of the true and predicted partitions")
def adjusted_rand_index(cm, zero_division=np.nan):
    index, a, b, total = pair_sums(cm)
    expected = ratio(a * b, total, zero_division)
    return ratio(index - expected, (a + b) / 2.0 - expected, zero_division)


@cached
def _tnr(cm, zd):
    _, _, fp, tn = one_vs_rest(cm)
    return ratio(tn, tn + fp, zd)


@cached
def _npv(cm, zd):
    _, fn, _, tn = one_vs_rest(cm)
    return ratio(tn, tn + fn, zd)


@cached
def _tnr_micro(cm, zd):
    _, _, fp, tn = one_vs_rest(cm)
    tn = np.sum(tn, axis=-1)
    return ratio(tn, tn + np.sum(fp, axis=-1), zd)


@entry("tnr_micro", "pycm", "TNR Micro", symbol="TNR_micro",
       formula="Σ_i TN_i / Σ_i (TN_i + FP_i)", description="micro-averaged specificity")
def tnr_micro(cm, zero_division=np.nan):
    return _tnr_micro(cm, zero_division)


# Σ_i FN_i = Σ_i FP_i = n − Σ_i m_ii: the micro NPV is the micro TNR.
twin("npv_micro", "tnr_micro", "pycm", "NPV Micro")


@entry("fpr_micro", "pycm", "FPR Micro", symbol="FPR_micro", greater_is_better=False,
       formula="1 − TNR Micro", description="micro-averaged false positive rate")
def fpr_micro(cm, zero_division=np.nan):
    return 1.0 - _tnr_micro(cm, zero_division)


@entry("tnr_macro", "pycm", "TNR Macro", symbol="TNR_macro",
       also=("pycm: TNR (macro)", "imblearn: specificity_score(average='macro')"),
       formula="(1/C) Σ_i TN_i/(TN_i + FP_i)", description="macro-averaged specificity")
def tnr_macro(cm, zero_division=np.nan):
    return macro(_tnr(cm, zero_division))


@entry("fpr_macro", "pycm", "FPR Macro", symbol="FPR_macro", greater_is_better=False,
       also=("pycm: FPR (macro)",),
       formula="1 − TNR Macro", description="macro-averaged false positive rate")
def fpr_macro(cm, zero_division=np.nan):
    return 1.0 - macro(_tnr(cm, zero_division))


@entry("fnr_macro", "pycm", "FNR Macro", symbol="FNR_macro", greater_is_better=False,
       also=("pycm: FNR (macro)",),
       formula="1 − (1/C) Σ_i m_ii/n_i", description="macro-averaged false negative rate")
def fnr_macro(cm, zero_division=np.nan):
    return 1.0 - macro(recalls(cm, zero_division))


@entry("npv_macro", "pycm", "NPV Macro", symbol="NPV_macro", also=("pycm: NPV (macro)",),
       formula="(1/C) Σ_i TN_i/(TN_i + FN_i)",
       description="macro-averaged negative predictive value")
def npv_macro(cm, zero_division=np.nan):
    return macro(_npv(cm, zero_division))


@cached
def _acc_i(cm, zd):
    tp, _, _, tn = one_vs_rest(cm)
    return ratio(tp + tn, totals(cm)[..., None], zd)


@entry("acc_macro", "pycm", "ACC Macro", symbol="ACC_macro", also=("pycm: ACC (macro)",),
       formula="(1/C) Σ_i (TP_i + TN_i)/n", description="mean one-vs-rest accuracy")
def acc_macro(cm, zero_division=np.nan):
    return macro(_acc_i(cm, zero_division))


@entry("bangdiwala_b", "pycm", "Bangdiwala B", symbol="B",
       formula="Σ_i m_ii² / Σ_i n_i k_i", description="Bangdiwala's B agreement statistic")
def bangdiwala_b(cm, zero_division=np.nan):
    return ratio(np.sum(diagonal(cm) ** 2, axis=-1),
                 np.sum(true_counts(cm) * predicted_counts(cm), axis=-1), zero_division)


@entry("krippendorff_alpha", "pycm", "Krippendorff Alpha", symbol="α", bounds=(-1, 1),
       formula="(pa − pe)/(1 − pe), pa = (1 − 1/2n) ACC + 1/2n, pe = Σ_i ((n_i + k_i)/2n)²",
       description="Krippendorff's alpha for nominal data")
def krippendorff_alpha(cm, zero_division=np.nan):
    n = totals(cm)
    eps = ratio(1.0, 2.0 * n, zero_division)
    pa = (1.0 - eps) * _acc(cm, zero_division) + eps
    p, q = _priors(cm, zero_division)
    pe = np.sum(((p + q) / 2.0) ** 2, axis=-1)
    return _chance_corrected(pa, pe, zero_division)


# ------------------------------------------------------- class statistics, averaged


@cached
def _mcc_i(cm, zd):
    tp, fn, fp, tn = one_vs_rest(cm)
    return ratio(tp * tn - fp * fn, np.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn)), zd)


@cached
def _dind(cm, zd):
    return np.sqrt((1.0 - _tnr(cm, zd)) ** 2 + (1.0 - recalls(cm, zd)) ** 2)


def _log10_odds(p, zd):
    # log10(p/(1 − p)), undefined (zd) where p is 0 or 1 (PyCM: "None")
    inner = (p > 0) & (p < 1)
    with np.errstate(divide="ignore", invalid="ignore"):
        out = np.log10(np.where(inner, p, 0.5) / np.where(inner, 1.0 - p, 0.5))
    return np.where(inner, out, np.where(np.isnan(p), np.nan, zd))


@cached
def _is(cm, zd):
    # log2(PPV_i / (n_i/n)) = log2(TP_i n / (k_i n_i)), undefined (zd) when TP_i = 0 (log 0,
    # PyCM: None) or k_i n_i = 0
    lift = ratio(diagonal(cm) * totals(cm)[..., None], predicted_counts(cm) * true_counts(cm), zd)
    defined = lift > 0
    out = np.log2(lift, out=np.zeros_like(lift), where=defined)
    return np.where(defined, out, np.where(np.isnan(lift), np.nan, zd))


@cached
def _class_cen(cm, zd, modified):
    # CEN_j = −Σ_{k≠j} [P_jk log P_jk + P_kj log P_kj] / log 2(C−1), P = m / S_j; with
    # L_j = Σ_{k≠j} (m_jk ln m_jk + m_kj ln m_kj) and E_j = FN_j + FP_j (the off-diagonal
    # counts), Σ_{k≠j} P ln P = L_j/S_j − (E_j/S_j) ln S_j: per-class vectors only
    c = cm.shape[-1]
    tp = diagonal(cm)
    n_i, k_i = true_counts(cm), predicted_counts(cm)
    s = n_i + k_i - (tp if modified else 0.0)
    _, _, _, off_rows, off_cols = log_sums(cm)
    errors = n_i + k_i - 2.0 * tp
    with np.errstate(divide="ignore"):
        log_s = np.log(np.where(s > 0, s, 1.0))
    total = ratio(off_rows + off_cols - errors * log_s, s, zd)
    return -total / np.log(2.0 * (c - 1))


def _agf(cm, zd):
    tp, fn, fp, tn = one_vs_rest(cm)
    f2 = ratio(5.0 * tp, 5.0 * tp + 4.0 * fn + fp, zd)
    f05_inverse = ratio(1.25 * tn, 1.25 * tn + 0.25 * fp + fn, zd)
    return np.sqrt(f2 * f05_inverse)


def _agm(cm, zd):
    tpr, tnr = recalls(cm, zd), _tnr(cm, zd)
    negatives = ratio(totals(cm)[..., None] - true_counts(cm), totals(cm)[..., None], zd)
    value = (np.sqrt(tpr * tnr) + tnr * negatives) / (1.0 + negatives)
    return np.where(tpr == 0, 0.0, value)


def _op(cm, zd):
    tpr, tnr = recalls(cm, zd), _tnr(cm, zd)
    return _acc_i(cm, zd) - ratio(np.abs(tnr - tpr), tpr + tnr, zd)


def _q(cm, zd):
    tp, fn, fp, tn = one_vs_rest(cm)
    return ratio(tp * tn - fp * fn, tp * tn + fp * fn, zd)


# name stem -> (PyCM class statistic, per-class function, symbol, formula, description,
#               bounds, greater_is_better, averagings)
_CLASS = {
    "fdr": ("FDR", lambda m, z: 1.0 - precisions(m, z), "FDR", "FP_i/(TP_i + FP_i)",
            "false discovery rate", (0, 1), False, ("macro",)),
    "for": ("FOR", lambda m, z: 1.0 - _npv(m, z), "FOR", "FN_i/(TN_i + FN_i)",
            "false omission rate", (0, 1), False, ("macro",)),
    "err": ("ERR", lambda m, z: 1.0 - _acc_i(m, z), "ERR", "(FP_i + FN_i)/n",
            "one-vs-rest error rate", (0, 1), False, ("macro",)),
    "mcc": ("MCC", _mcc_i, "MCC_i",
            "(TP TN − FP FN)/sqrt((TP+FP)(TP+FN)(TN+FP)(TN+FN)) of class i against the rest",
            "one-vs-rest Matthews correlation", (-1, 1), True, ("macro", "weighted")),
    "bm": ("BM", lambda m, z: recalls(m, z) + _tnr(m, z) - 1.0, "BM", "TPR_i + TNR_i − 1",
           "bookmaker informedness (Youden's J)", (-1, 1), True, ("macro",)),
    "mk": ("MK", lambda m, z: precisions(m, z) + _npv(m, z) - 1.0, "MK", "PPV_i + NPV_i − 1",
           "markedness", (-1, 1), True, ("macro",)),
    "plr": ("PLR", lambda m, z: ratio(recalls(m, z), 1.0 - _tnr(m, z), z), "LR+",
            "TPR_i/FPR_i", "positive likelihood ratio", (0, INF), True, ("macro",)),
    "nlr": ("NLR", lambda m, z: ratio(1.0 - recalls(m, z), _tnr(m, z), z), "LR−",
            "FNR_i/TNR_i", "negative likelihood ratio", (0, INF), False, ("macro",)),
    "dor": ("DOR", lambda m, z: ratio(ratio(recalls(m, z), 1.0 - _tnr(m, z), z),
                                      ratio(1.0 - recalls(m, z), _tnr(m, z), z), z),
            "DOR", "LR+_i/LR−_i", "diagnostic odds ratio", (0, INF), True, ("macro",)),
    "g": ("G", lambda m, z: np.sqrt(precisions(m, z) * recalls(m, z)), "G",
          "sqrt(PPV_i TPR_i)", "G-measure (Fowlkes-Mallows of the class)", (0, 1), True,
          ("macro",)),
    "f05": ("F0.5", lambda m, z: f_beta_scores(m, 0.5, z), "F0.5",
            "1.25 TP_i/(1.25 TP_i + 0.25 FN_i + FP_i)", "F-beta score, beta = 0.5", (0, 1), True,
            ("macro", "weighted")),
    "f2": ("F2", lambda m, z: f_beta_scores(m, 2.0, z), "F2",
           "5 TP_i/(5 TP_i + 4 FN_i + FP_i)", "F-beta score, beta = 2", (0, 1), True,
           ("macro", "weighted")),
    "jaccard": ("J", lambda m, z: ratio(diagonal(m), true_counts(m) + predicted_counts(m)
                                        - diagonal(m), z),
                "J", "TP_i/(TP_i + FP_i + FN_i)", "Jaccard index", (0, 1), True,
                ("macro", "weighted")),
    "is": ("IS", _is, "IS", "log2(PPV_i/(n_i/n)), undefined when TP_i = 0",
           "information score", (-INF, INF), True, ("macro",)),
    "cen": ("CEN", lambda m, z: _class_cen(m, z, False), "CEN_i",
            "−Σ_{k≠i} [P_ik log_{2(C−1)} P_ik + P_ki log_{2(C−1)} P_ki], P_ik = m_ik/(n_i + k_i)",
            "confusion entropy of class i", (0, INF), False, ("macro",)),
    "mcen": ("MCEN", lambda m, z: _class_cen(m, z, True), "MCEN_i",
             "CEN_i with P_ik = m_ik/(n_i + k_i − m_ii)",
             "modified confusion entropy of class i", (0, INF), False, ("macro",)),
    "sind": ("sInd", lambda m, z: 1.0 - _dind(m, z) / np.sqrt(2.0), "sInd",
             "1 − sqrt((1 − TNR_i)² + (1 − TPR_i)²)/√2", "similarity index", (0, 1), True,
             ("macro",)),
    "dind": ("dInd", _dind, "dInd", "sqrt((1 − TNR_i)² + (1 − TPR_i)²)",
             "distance index (to the perfect ROC point)", (0, np.sqrt(2)), False, ("macro",)),
    "dp": ("DP", lambda m, z: (np.sqrt(3.0) / np.pi) * (_log10_odds(recalls(m, z), z)
                                                         + _log10_odds(_tnr(m, z), z)),
           "DP", "(√3/π)(log10(TPR_i/(1 − TPR_i)) + log10(TNR_i/(1 − TNR_i)))",
           "discriminant power", (-INF, INF), True, ("macro",)),
    "ls": ("LS", lambda m, z: ratio(precisions(m, z), ratio(true_counts(m), totals(m)[..., None], z), z),
           "LS", "PPV_i/(n_i/n)", "lift score", (0, INF), True, ("macro",)),
    "op": ("OP", _op, "OP", "ACC_i − |TNR_i − TPR_i|/(TNR_i + TPR_i)",
           "optimized precision", (-1, 1), True, ("macro",)),
    "iba": ("IBA", lambda m, z: (1.0 + recalls(m, z) - _tnr(m, z)) * recalls(m, z) * _tnr(m, z),
            "IBA_1", "(1 + (TPR_i − TNR_i)) TPR_i TNR_i", "index of balanced accuracy, alpha = 1",
            (0, 1), True, ("macro",)),
    "gm": ("GM", lambda m, z: np.sqrt(recalls(m, z) * _tnr(m, z)), "GM", "sqrt(TPR_i TNR_i)",
           "geometric mean of sensitivity and specificity", (0, 1), True, ("macro",)),
    "q": ("Q", _q, "Q", "(TP_i TN_i − FP_i FN_i)/(TP_i TN_i + FP_i FN_i)", "Yule's Q",
          (-1, 1), True, ("macro",)),
    "agm": ("AGM", _agm, "AGM", "(GM_i + TNR_i N_i/n)/(1 + N_i/n), 0 when TPR_i = 0",
            "adjusted geometric mean", (0, 1), True, ("macro",)),
    "agf": ("AGF", _agf, "AGF", "sqrt(F2_i · F0.5 of the complement)", "adjusted F-score",
            (0, 1), True, ("macro",)),
    "oc": ("OC", lambda m, z: ratio(diagonal(m), np.minimum(true_counts(m), predicted_counts(m)), z),
           "OC", "TP_i/min(n_i, k_i)", "overlap coefficient", (0, 1), True, ("macro",)),
    "bcd": ("BCD", lambda m, z: ratio(np.abs(predicted_counts(m) - true_counts(m)),
                                      2.0 * totals(m)[..., None], z),
            "BCD", "|k_i − n_i|/(2n)", "Bray-Curtis dissimilarity", (0, 1), False, ("macro",)),
    "tnr": ("TNR", _tnr, "TNR", "TN_i/(TN_i + FP_i)", "specificity", (0, 1), True,
            ("weighted",)),
}

_ALSO = {
    "jaccard_macro": ("pycm: Overall J (second element)", "sklearn: jaccard_score(average='macro')"),
    "jaccard_weighted": ("sklearn: jaccard_score(average='weighted')",),
    "f05_macro": ("sklearn: fbeta_score(beta=0.5, average='macro')",),
    "f05_weighted": ("sklearn: fbeta_score(beta=0.5, average='weighted')",),
    "f2_macro": ("sklearn: fbeta_score(beta=2, average='macro')",),
    "f2_weighted": ("sklearn: fbeta_score(beta=2, average='weighted')",),
    "tnr_weighted": ("imblearn: specificity_score(average='weighted')",),
    "bm_macro": ("pycm: Y (macro)", "pycm: GI (macro)"),
}


def _make(stem, spec, averaging):
    key, per_class, symbol, formula, description, bounds, gib, _ = spec
    name = f"{stem}_{averaging}"
    if averaging == "macro":
        def index(cm, zero_division=np.nan):
            return macro(per_class(cm, zero_division))
        text = f"(1/C) Σ_i {formula}" if "Σ" not in formula else f"mean over i of {formula}"
    else:
        def index(cm, zero_division=np.nan):
            return weighted(cm, per_class(cm, zero_division), zero_division)
        text = f"Σ_i (n_i/n) · [{formula}]"
    return entry(name, "pycm", f"{key} ({averaging})", symbol=f"{symbol} ({averaging})",
                 formula=text, description=f"{description}, {averaging}-averaged over the classes",
                 bounds=bounds, greater_is_better=gib, also=_ALSO.get(name, ()))(index)


for _stem, _spec in _CLASS.items():
    for _averaging in _spec[-1]:
        globals()[f"{_stem}_{_averaging}"] = _make(_stem, _spec, _averaging)


# TP_i/sqrt(n_i k_i) = sqrt(PPV_i TPR_i): the Otsuka-Ochiai coefficient is the G-measure.
twin("ooc_macro", "g_macro", "pycm", "OOC (macro)")


@entry("overall_mcen", "pycm", "Overall MCEN", symbol="MCEN (PyCM)", bounds=(0, INF),
       greater_is_better=False,
       formula="Σ_j w_j MCEN_j, w_j = (n_j + k_j − m_jj)/(2n − α Σ_i m_ii), α = 1 for C > 2, 0 for C = 2",
       description="modified confusion entropy as PyCM computes it (for C = 2 without "
                   "Dembélé's correction of the weights, so it differs from mcen there)")
def overall_mcen(cm, zero_division=np.nan):
    """PyCM's Overall MCEN: the class MCENs weighted by (n_j + k_j − m_jj)/(2n − α tr).

    For C > 2 the same values as :func:`imbeval.indices.dembele.mcen`; for C = 2 PyCM keeps
    the denominator 2n (α = 0) where ``mcen`` uses 2n − tr/2, so the two differ: PyCM's is
    a separate index here, not ``mcen``'s twin.

    Examples
    --------
    >>> from imbeval.indices import compute
    >>> m = [[5, 1, 0], [1, 3, 1], [0, 2, 4]]
    >>> v = compute(m, names=["overall_mcen", "mcen"])
    >>> bool(abs(v["overall_mcen"] - v["mcen"]) < 1e-12)
    True
    """
    c = cm.shape[-1]
    tp = diagonal(cm)
    alpha = 1.0 if c > 2 else 0.0
    weights = ratio(true_counts(cm) + predicted_counts(cm) - tp,
                    (2.0 * totals(cm) - alpha * np.sum(tp, axis=-1))[..., None], zero_division)
    return np.sum(weights * _class_cen(cm, zero_division, True), axis=-1)
