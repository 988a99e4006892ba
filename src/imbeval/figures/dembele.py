"""dembele Fig. 2: the second eigenvalue λ2 of B for two-class classifiers.

With p11, p22 the two recalls and p12 = 1 − p22, p21 = 1 − p11 (Dembélé's column-stochastic
P, rows predicted, columns true)::

    λ_2 = (p11 + p22 − sqrt((p11 − p22)² + (p12 + p21)²)) / 2,

computed here through :func:`imbeval.indices.dembele.binary_eigenvalues` on a grid of
confusion matrices. λ2 = 0 on the curve p11 = p22 + 2 − sqrt(8 p22), drawn beside the
numerical zero contour.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from imbeval._io import write_csv
from imbeval.figures._output import save_figure
from imbeval.indices import dembele as de

__all__ = ["lambda2_grid", "zero_curve", "make_fig2"]


def lambda2_grid(n=101):
    """λ2 on an n x n grid of (p11, p22) in [0, 1]², long DataFrame."""
    p = np.linspace(0.0, 1.0, n)
    p11, p22 = np.meshgrid(p, p, indexing="ij")
    # rows true, columns predicted: class 1 recall p11, class 2 recall p22, 1000 points each
    cm = np.empty(p11.shape + (2, 2))
    cm[..., 0, 0], cm[..., 0, 1] = p11, 1.0 - p11
    cm[..., 1, 0], cm[..., 1, 1] = 1.0 - p22, p22
    lam = de.binary_eigenvalues(cm * 1000.0)
    return pd.DataFrame({"p11": p11.ravel(), "p22": p22.ravel(), "lambda1": lam[..., 0].ravel(),
                         "lambda2": lam[..., 1].ravel()})


def zero_curve(n=201):
    """The λ2 = 0 curve p11 = p22 + 2 − sqrt(8 p22), inside the unit square."""
    p22 = np.linspace(0.0, 1.0, n)
    p11 = p22 + 2.0 - np.sqrt(8.0 * p22)
    keep = (p11 >= 0) & (p11 <= 1)
    return pd.DataFrame({"p22": p22[keep], "p11": p11[keep]})


def make_fig2(out_dir, n=101):
    """dembele Fig. 2 into ``out_dir``: ``fig2.pdf/png``, ``fig2.csv`` (the λ2 grid) and
    ``fig2_zero_curve.csv`` (:func:`zero_curve`), with ``n`` grid points per axis."""
    import matplotlib.pyplot as plt

    out = Path(out_dir)
    grid = lambda2_grid(n)
    curve = zero_curve()
    write_csv(grid, out / "fig2.csv")
    write_csv(curve, out / "fig2_zero_curve.csv")
    z = grid["lambda2"].to_numpy().reshape(n, n)
    p = np.linspace(0.0, 1.0, n)
    fig, ax = plt.subplots(figsize=(5.2, 4.4))
    im = ax.contourf(p, p, z.T, levels=21, cmap="viridis")
    ax.contour(p, p, z.T, levels=[0.0], colors="white", linewidths=1.5)
    ax.plot(curve["p11"], curve["p22"], "r--", linewidth=1, label="p11 = p22 + 2 − √(8 p22)")
    fig.colorbar(im, ax=ax, label="λ2")
    ax.set_xlabel("p11")
    ax.set_ylabel("p22")
    ax.set_title("λ2 of B, p12 = 1 − p22, p21 = 1 − p11 (white: λ2 = 0)", fontsize=9)
    ax.legend(fontsize=7, loc="upper right")
    fig.tight_layout()
    save_figure(fig, out / "fig2")
    return grid
