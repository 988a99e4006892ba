"""kluska: the ROC example as a figure -- the two fitted normals with the thresholds
T = 0 and T = 4, and the ROC curve (binormal fit and the samples' empirical curve) with
the two operating points the slides print."""

from __future__ import annotations

import numpy as np

from imbeval_repro.papers.kluska import tables as tk
from imbeval_repro.papers.kluska import printed as pr

__all__ = ["curve_data", "plot"]


def curve_data():
    """The binormal and empirical ROC curves in one long DataFrame."""
    import pandas as pd

    return pd.concat([tk.roc_curve_points(), tk.empirical_roc()], ignore_index=True)


def plot(data=None):
    """The kluska ROC figure (a matplotlib Figure) from :func:`curve_data` (computed if
    ``data`` is None): the fitted normals with T = 0 and T = 4, and the ROC curves."""
    import matplotlib.pyplot as plt
    from scipy.stats import norm

    data = curve_data() if data is None else data
    (m1, s1), (m0, s0) = pr.ROC["normals"]["f1"], pr.ROC["normals"]["f0"]
    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3.8), constrained_layout=True)
    x = np.linspace(-15, 20, 500)
    left.plot(x, norm.pdf(x, m1, s1), color="C3", label="f1 = N(5, 3.5²)")
    left.plot(x, norm.pdf(x, m0, s0), color="C0", label="f0 = N(−1, 3.8²)")
    for name, colour in (("D1", "C3"), ("D0", "C0")):
        d = np.asarray(pr.ROC[name], float)
        left.plot(d, np.full(d.shape, -0.004 if name == "D1" else -0.008), "|", color=colour)
    for t in (0, 4):
        left.axvline(t, color="0.4", linestyle="--", linewidth=0.8)
        left.text(t, left.get_ylim()[1] * 0.95, f" T = {t}", fontsize=8)
    left.set_xlabel("x")
    left.set_title("kluska ROC example: samples and fitted normals", fontsize=9)
    left.legend(fontsize=8)
    for curve, style in (("binormal fit", "-"), ("samples", "-")):
        part = data[data.curve == curve]
        right.plot(part["FPR"], part["TPR"], style, drawstyle="steps-post" if curve == "samples"
                   else "default", label=curve)
    values = tk.roc_values()
    for t in (0, 4):
        fpr, tpr = values[(f"T = {t}", "FPR")], values[(f"T = {t}", "TPR")]
        right.plot([fpr], [tpr], "ko", markersize=4)
        right.annotate(f"T = {t}: ({fpr:.4f}, {tpr:.4f})", (fpr, tpr), fontsize=8,
                       xytext=(8, -12), textcoords="offset points")
    right.plot([0, 1], [0, 1], color="0.7", linewidth=0.8)
    right.set_xlabel("FPR")
    right.set_ylabel("TPR")
    right.set_title(f"ROC; AUC binormal {tk.binormal_auc():.3f}, samples "
                    f"{tk.sample_auc(pr.ROC['D1'], pr.ROC['D0']):.3f}", fontsize=9)
    right.legend(fontsize=8, loc="lower right")
    return fig
