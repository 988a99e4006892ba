"""imbalanced-learn's label-based metrics that PyCM and scikit-learn do not cover already.

Definitions from the imbalanced-learn documentation (``imblearn.metrics``). Its
``geometric_mean_score`` with ``average="macro"`` (or ``"weighted"``, ``"micro"``) is the
square root of the averaged sensitivity times the averaged specificity -- not the mean of
the per-class geometric means (that is PyCM's ``GM (macro)``, ``gm_macro``).
"""

from __future__ import annotations

import numpy as np

from imbeval.indices._common import recalls, totals, true_counts
from imbeval.indices._registry import TWO_CLASS
from imbeval.indices.catalogue._base import entry, macro, one_vs_rest, ratio, twin, weighted
from imbeval.indices.catalogue._pycm import _tnr

twin("geometric_mean_multiclass", "gmean", "imblearn", "geometric_mean_score(average='multiclass')")
twin("geometric_mean_binary", "gmean2", "imblearn", "geometric_mean_score(pos_label=first row)")


@entry("gmean_sens_spec_macro", "imblearn", "geometric_mean_score(average='macro')",
       symbol="G(macro)", formula="sqrt(((1/C) Σ_i TPR_i) ((1/C) Σ_i TNR_i))",
       description="geometric mean of the macro-averaged sensitivity and specificity")
def gmean_sens_spec_macro(cm, zero_division=np.nan):
    return np.sqrt(macro(recalls(cm, zero_division)) * macro(_tnr(cm, zero_division)))


@entry("gmean_sens_spec_weighted", "imblearn", "geometric_mean_score(average='weighted')",
       symbol="G(weighted)", formula="sqrt((Σ_i (n_i/n) TPR_i) (Σ_i (n_i/n) TNR_i))",
       description="geometric mean of the support-weighted sensitivity and specificity")
def gmean_sens_spec_weighted(cm, zero_division=np.nan):
    sens = weighted(cm, recalls(cm, zero_division), zero_division)
    return np.sqrt(sens * weighted(cm, _tnr(cm, zero_division), zero_division))


@entry("gmean_sens_spec_micro", "imblearn", "geometric_mean_score(average='micro')",
       symbol="G(micro)", formula="sqrt((Σ_i TP_i/n) (Σ_i TN_i / Σ_i (TN_i + FP_i)))",
       description="geometric mean of the micro-averaged sensitivity and specificity")
def gmean_sens_spec_micro(cm, zero_division=np.nan):
    tp, _, fp, tn = one_vs_rest(cm)
    sens = ratio(np.sum(tp, axis=-1), totals(cm), zero_division)
    tn, fp = np.sum(tn, axis=-1), np.sum(fp, axis=-1)
    return np.sqrt(sens * ratio(tn, tn + fp, zero_division))


@entry("iba_gmean", "imblearn",
       "make_index_balanced_accuracy(alpha=0.1, squared=True)(geometric_mean_score)",
       symbol="IBA_0.1(G²)", scope=TWO_CLASS, formula="(1 + 0.1 (TPR − TNR)) TPR TNR",
       description="index of balanced accuracy of the squared G-mean, alpha = 0.1")
def iba_gmean(cm, zero_division=np.nan):
    tp, fn, fp, tn = (a[..., 0] for a in one_vs_rest(cm))
    tpr, tnr = ratio(tp, tp + fn, zero_division), ratio(tn, tn + fp, zero_division)
    return (1.0 + 0.1 * (tpr - tnr)) * tpr * tnr


@entry("macro_averaged_mae", "imblearn", "macro_averaged_mean_absolute_error",
       symbol="MAE_M", bounds=(0, float("inf")), greater_is_better=False,
       formula="(1/C) Σ_i Σ_j m_ij |v_i − v_j| / n_i, v_i the value of class i (default i)",
       description="macro-averaged mean absolute error of ordinal classes")
def macro_averaged_mae(cm, zero_division=np.nan, values=None):
    """Macro-averaged mean absolute error: per true class, the mean distance |v_i − v_j|
    between its value and the predicted class's, averaged over the classes.

    imbalanced-learn measures distances between the label *values*: labels 0, 2 are two
    apart, not one. A matrix does not know its labels, so ``values`` gives them (one number
    per row, e.g. :func:`imbeval.metrics.score` passes the numeric labels); the default, the
    row positions 0, 1, ..., C − 1, is right for labels 0..C−1 without gaps.

    Examples
    --------
    >>> import numpy as np
    >>> from imbeval.indices.catalogue._imblearn import macro_averaged_mae
    >>> cm = np.array([[0.0, 1.0], [1.0, 1.0]])  # labels 0, 2: y_true [0,2,2], y_pred [2,0,2]
    >>> float(macro_averaged_mae(cm)), float(macro_averaged_mae(cm, values=[0, 2]))
    (0.75, 1.5)
    """
    c = cm.shape[-1]
    v = np.arange(c, dtype=float) if values is None else np.asarray(values, dtype=float)
    if v.shape != (c,) or not np.all(np.isfinite(v)):
        raise ValueError(f"values must be {c} finite numbers, one per class, got {values!r}")
    distance = np.abs(v[:, None] - v[None, :])
    return macro(ratio(np.sum(cm * distance, axis=-1), true_counts(cm), zero_division))
