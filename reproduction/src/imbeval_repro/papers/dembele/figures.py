"""dembele Fig. 1 (Gershgorin discs) and Fig. 2 (the second eigenvalue λ2 of B).

Fig. 1: the paper draws the Gershgorin circles of A = Q^{-1/2} B Q^{-1/2} (centre 1, the
diagonal of A; radius r_i = Σ_{j≠i} a_ij), whose union holds every eigenvalue μ of A; the
bounds thr_min/thr_max of Tables 1, 3 and 10 are 1 ∓ max_i r_i. Drawn here for the
printed M1 (all r < 1), M5 (three classes) and Mc (r > 1), with the eigenvalues marked.

Fig. 2: λ2 of B for two-class classifiers.

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

from imbeval.utils.io import write_csv
from imbeval.utils.plot import save_figure
from imbeval.indices import dembele as de

__all__ = ["fig1_data", "plot_fig1", "make_fig1", "lambda2_grid", "zero_curve", "make_fig2"]


#: the printed matrices Fig. 1 is drawn for
FIG1_MATRICES = ("M1", "M5", "Mc")


def fig1_data(names=FIG1_MATRICES) -> pd.DataFrame:
    """Gershgorin discs of A for each printed matrix, and the eigenvalues of A.

    Long format: ``matrix, kind ("disc" | "eigenvalue"), index, centre, value`` (a disc's
    radius, or an eigenvalue).
    """
    from imbeval_repro.papers.dembele.printed import MATRICES

    rows = []
    for name in names:
        x = np.asarray(MATRICES[name], dtype=float).T  # printed rows = predicted
        b = de.b_matrix(x)
        q = np.sqrt(np.diag(b))
        a = b / q[:, None] / q[None, :]
        radii = np.abs(a - np.diag(np.diag(a))).sum(axis=1)
        for i, r in enumerate(radii):
            rows.append({"matrix": name, "kind": "disc", "index": i + 1, "centre": a[i, i],
                         "value": r})
        for k, m in enumerate(de.eigenvalues(x, matrix="A")):
            rows.append({"matrix": name, "kind": "eigenvalue", "index": k + 1,
                         "centre": np.nan, "value": m})
    return pd.DataFrame(rows)


def plot_fig1(data: pd.DataFrame):
    """The discs of :func:`fig1_data`, one panel per matrix; returns the Figure."""
    import matplotlib.pyplot as plt
    from matplotlib.patches import Circle

    names = list(dict.fromkeys(data["matrix"]))
    fig, axes = plt.subplots(1, len(names), figsize=(4.0 * len(names), 4.1),
                             constrained_layout=True, squeeze=False)
    for ax, name in zip(axes[0], names):
        part = data[data["matrix"] == name]
        discs = part[part["kind"] == "disc"]
        mu = part[part["kind"] == "eigenvalue"]["value"].to_numpy()
        rmax = discs["value"].max()
        for (_, d), colour in zip(discs.iterrows(), plt.cm.tab10.colors):
            ax.add_patch(Circle((d["centre"], 0), d["value"], fill=False, color=colour,
                                linewidth=1.4,
                                label=f"row {int(d['index'])}: r = {d['value']:.3f}"))
        ax.plot(mu, np.zeros_like(mu), "kx", markersize=8, mew=2, label="eigenvalues μ of A")
        for bound in (1 - rmax, 1 + rmax):
            ax.axvline(bound, color="0.5", linestyle=":", linewidth=1)
        ax.axhline(0, color="0.8", linewidth=0.8)
        ax.set_xlim(1 - 1.15 * rmax, 1 + 1.15 * rmax)
        ax.set_ylim(-1.15 * rmax, 1.15 * rmax)
        ax.set_aspect("equal")
        ax.set_title(f"{name}: thr_min = {1 - rmax:.3f}, thr_max = {1 + rmax:.3f}", fontsize=9)
        ax.set_xlabel("real axis")
        ax.legend(fontsize=7, loc="upper left")
    axes[0][0].set_ylabel("imaginary axis")
    fig.suptitle("dembele Fig. 1: Gershgorin discs of A (centre 1, radius r_i = Σ_{j≠i} a_ij);"
                 " every eigenvalue lies in their union (dotted: thr_min, thr_max)",
                 fontsize=10)
    return fig


def make_fig1(out_dir):
    """Write fig1.pdf/png/csv into ``out_dir``; returns the data."""
    data = fig1_data()
    save_figure(plot_fig1(data), Path(out_dir) / "fig1", data)
    return data


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
