"""mortaz2020 Figs. 1-4: ACC, CBA and IAM (AUC and IAM for two classes) of a classifier
swept from good to bad on the class distributions of Tables 11-14.

The paper names no classifier ("a classifier trained under different settings"). The sweep
here uses one synthetic classifier for all four figures, with a single quality parameter
q swept evenly from 1 (perfect) to 0 (no skill):

    each test point of class i is recognised with probability q (predicted as i);
    otherwise its prediction is a guess drawn from the class distribution π.

So q = 0 is the classifier that has learned only the class priors -- what a model trained
on imbalanced data falls back to -- and the expected confusion matrix is
E[c_ij] = n_i (q [i = j] + (1 - q) π_j), whose row and column sums agree. Counts are drawn
(binomial, then multinomial) with a generator seeded from the config seed, so finite-sample
noise is present as in any test set. Nothing is fitted to the paper's curves: the class
sizes are the printed ones and the quality range is the whole [0, 1].

For a hard classifier the ROC curve has one operating point, and its AUC is
(TPR + TNR) / 2; that is the AUC of Fig. 4. Note the identity IAM = 2 CBA - 1 (every
matrix): IAM is CBA stretched to [-1, 1].

The paper's statements about the figures are decided in
:mod:`imbeval_repro.papers.mortaz2020.claims` (this module only makes the sweep and draws it).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from imbeval.indices import mortaz2020 as mz
from imbeval_repro.papers.mortaz2020 import printed as pr

__all__ = ["FIGURES", "sweep_confusions", "sweep", "plot"]

#: figure -> (distribution table, short description)
FIGURES = {
    "Fig. 1": ("Table 11", "balanced"),
    "Fig. 2": ("Table 12", "skewed"),
    "Fig. 3": ("Table 13", "ten classes"),
    "Fig. 4": ("Table 14", "binary"),
}


def class_sizes(table):
    """Class sizes of one of the paper's distribution tables (e.g. ``"Table 11"``), as printed."""
    return np.array([int(v) for v in pr.DISTRIBUTIONS[table]], dtype=np.int64)


def sweep_confusions(sizes, qualities, rng) -> np.ndarray:
    """Confusion matrices (len(qualities), C, C) of the synthetic classifier (module doc)."""
    sizes = np.asarray(sizes, dtype=np.int64)
    prior = sizes / sizes.sum()
    k = len(sizes)
    out = np.zeros((len(qualities), k, k))
    for s, q in enumerate(qualities):
        if not 0.0 <= q <= 1.0:
            raise ValueError(f"quality must lie in [0, 1], got {q}")
        for i, n_i in enumerate(sizes):
            recognised = rng.binomial(n_i, q)
            out[s, i] = rng.multinomial(n_i - recognised, prior)
            out[s, i, i] += recognised
    return out


def _auc_hard(cm):
    # one operating point: AUC = (TPR + TNR) / 2, class 1 positive
    tpr = cm[..., 0, 0] / cm[..., 0, :].sum(axis=-1)
    tnr = cm[..., 1, 1] / cm[..., 1, :].sum(axis=-1)
    return (tpr + tnr) / 2


def sweep(seed: int, n_points: int = 21) -> pd.DataFrame:
    """The four sweeps: one row per (figure, step) with q, ACC, CBA, IAM (and AUC, Fig. 4)."""
    if n_points < 3:
        raise ValueError(f"the sweep needs at least 3 points, got {n_points}")
    qualities = np.linspace(1.0, 0.0, n_points)
    frames = []
    for number, (figure, (table, label)) in enumerate(FIGURES.items()):
        rng = np.random.default_rng([seed, number])
        cms = sweep_confusions(class_sizes(table), qualities, rng)
        frame = pd.DataFrame({
            "figure": figure, "distribution": table, "case": label,
            "step": np.arange(n_points), "quality": qualities,
            "ACC": mz.accuracy(cms), "CBA": mz.cba(cms, zero_division=0.0),
            "IAM": mz.iam(cms, zero_division=0.0),
            "AUC": _auc_hard(cms) if cms.shape[-1] == 2 else np.nan,
        })
        frames.append(frame)
    return pd.concat(frames, ignore_index=True)


def plot(data: pd.DataFrame, figure: str):
    """One figure (a matplotlib Figure): the indices against the sweep step."""
    import matplotlib.pyplot as plt

    part = data[data.figure == figure]
    table, label = FIGURES[figure]
    sizes = "/".join(pr.DISTRIBUTIONS[table])
    fig, ax = plt.subplots(figsize=(5.5, 3.6), constrained_layout=True)
    lines = ["AUC", "IAM"] if figure == "Fig. 4" else ["ACC", "CBA", "IAM"]
    styles = {"ACC": ("C0", "o"), "CBA": ("C2", "s"), "IAM": ("C3", "^"), "AUC": ("C1", "D")}
    for name in lines:
        colour, marker = styles[name]
        ax.plot(part["step"], part[name], color=colour, marker=marker, markersize=3, label=name)
    ax.axhline(0, color="0.6", linewidth=0.8)
    ax.set_ylim(-1.05, 1.05)
    ax.set_xlabel("setting (quality q from 1 at the left to 0 at the right)")
    ax.set_ylabel("index value")
    ax.set_title(f"mortaz2020 {figure}: {label} ({table}: {sizes})", fontsize=9)
    ax.legend(fontsize=8, loc="lower left")
    return fig
