"""mullick2020 theory figures: Fig. 1 and Fig. 2 (the two distortions) and Fig. 6 (audit).

Fig. 1 is a schematic in the paper; drawn here from the indices themselves:

- Type 1: Precision and GMean of one fixed two-class classifier (recalls 0.9 on the
  minority, 0.8 on the majority) on test sets of RRT 1 … 20 (1000 minority points): GMean
  stays put, Precision falls;
- Type 2: the lowest value AUROC-OVO, AUROC-OVA and ACSA can take (every point wrong, the
  errors spread evenly; 100 points a class) against the highest (1), C = 2 … 10: the
  AUROC ranges shrink, ACSA's does not.

Fig. 2 (the construction is in the paper's unavailable supplement; this is ours, stated):

- (a) two 2-D Gaussian classes with identity covariance, 5000 points each, means
  (4 − h, 0) (left, majority) and (4 + h, 0) (right, minority = positive), h = 1.5 by
  default, so the class boundary is x = 4;
- (b) the right class subsampled (without replacement) to 5000/RRT points, RRT = 10;
- (c) Precision of the vertical linear classifier "positive if x > t", t swept across the
  data, for RRT ∈ {1, 2, 4, 6, 8, 10} (paper: at x = 4 from 0.93 at RRT 1 to 0.59 at RRT 10);
- (d), (e) classes N(v_k, σ²I) at the vertices v_k = (cos 60°k, sin 60°k) of a regular
  hexagon, k = 0 … C − 1 (three adjacent vertices, then all six), σ = 0.15, 1000 points each;
- (f) AUROC-OVA of an OVA ensemble of linear scores s_k(x) = t ⟨v_k, x⟩ + (1 − t) z_k(x)
  (z iid standard normal, fixed per point), argmax, t from 0 (uniformly random
  assignment) to 1 (perfect), against the mean per-class accuracy, C = 3 … 6 (paper: 0.70
  at C = 3 and 0.77 at C = 6 at 60 %).

With equal class sizes AUROC-OVA = (1 + ā − (1 − ā)/(C − 1))/2 for mean recall ā, whatever
the errors' arrangement: 0.700 (C = 3) and 0.760 (C = 6) at ā = 0.6 -- the printed 0.77 is
0.01 above the identity (read off a curve, presumably).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from imbeval.utils.io import write_csv
from imbeval.audit.figure import FIG6_COLUMNS, fig6_data, plot_fig6, render_fig6
from imbeval.utils.plot import save_figure
from imbeval.indices import mullick2020 as mu
from imbeval_repro.papers.mullick2020 import printed as pr

__all__ = [
    "fig1_data",
    "plot_fig1",
    "make_fig1",
    "fig2_data",
    "plot_fig2",
    "make_fig2",
    "make_fig6",
    "fig6_data",
    "plot_fig6",
    "render_fig6",
    "precision_sweep",
    "hexagon_sweep",
]



#: Fig. 1: the fixed classifier's recalls (minority, majority) and the ranges' class counts
FIG1_RECALLS = (0.9, 0.8)
FIG1_RRTS = tuple(range(1, 21))
FIG1_CLASSES = tuple(range(2, 11))


def fig1_data() -> pd.DataFrame:
    """Both panels of Fig. 1 (module docstring), long: ``panel, x, index, bound, value``."""
    tpr, tnr = FIG1_RECALLS
    n_min = 1000
    rows = []
    for r in FIG1_RRTS:
        n_maj = n_min * r
        cm = np.array([[tpr * n_min, (1 - tpr) * n_min], [(1 - tnr) * n_maj, tnr * n_maj]])
        for name, f in (("Precision", mu.precision), ("GMean", mu.gmean2)):
            rows.append({"panel": "Type 1", "x": r, "index": name, "bound": "value",
                         "value": float(f(cm))})
    for c in FIG1_CLASSES:
        n = np.full(c, 100.0)
        best = np.diag(n)
        worst = (np.ones((c, c)) - np.eye(c)) * (n[:, None] / (c - 1))
        for name, f in (("AUROC-OVO", mu.auroc_ovo), ("AUROC-OVA", mu.auroc_ova),
                        ("ACSA", mu.acsa)):
            rows.append({"panel": "Type 2", "x": c, "index": name, "bound": "lowest",
                         "value": float(f(worst))})
            rows.append({"panel": "Type 2", "x": c, "index": name, "bound": "highest",
                         "value": float(f(best))})
    return pd.DataFrame(rows)


def plot_fig1(data: pd.DataFrame):
    """The two panels of :func:`fig1_data`; returns the Figure."""
    import matplotlib.pyplot as plt

    fig, (a1, a2) = plt.subplots(1, 2, figsize=(10, 3.8), constrained_layout=True)
    t1 = data[data["panel"] == "Type 1"]
    for name, style in (("Precision", "o-"), ("GMean", "s-")):
        part = t1[t1["index"] == name]
        a1.plot(part["x"], part["value"], style, markersize=3, label=name)
    a1.set_xlabel("RRT (majority : minority points in the test set)")
    a1.set_ylabel("index value")
    a1.set_ylim(0, 1.02)
    a1.set_title("Type 1: one classifier (recalls 0.9, 0.8) on test sets of growing RRT",
                 fontsize=8.5)
    a1.legend(fontsize=8)
    t2 = data[data["panel"] == "Type 2"]
    for name, colour, style in (("AUROC-OVO", "C0", "o-"), ("AUROC-OVA", "C1", "s--"),
                                ("ACSA", "C2", "o-")):
        part = t2[t2["index"] == name]
        lo, hi = part[part["bound"] == "lowest"], part[part["bound"] == "highest"]
        a2.fill_between(lo["x"], lo["value"], hi["value"], color=colour, alpha=0.12)
        a2.plot(lo["x"], lo["value"], style, color=colour, markersize=3,
                label=f"{name}: lowest possible value")
    a2.axhline(1, color="0.5", linewidth=0.8)
    a2.set_xlabel("number of classes C")
    a2.set_ylabel("range of the index (shaded)")
    a2.set_ylim(-0.02, 1.05)
    a2.set_title("Type 2: the range an index can take shrinks as C grows", fontsize=8.5)
    a2.legend(fontsize=8, loc="upper left", bbox_to_anchor=(0.02, 0.93))
    a2.annotate("AUROC-OVO and AUROC-OVA coincide\n(equal class sizes)", (7, 0.42),
                (6.2, 0.2), fontsize=7.5, arrowprops={"arrowstyle": "->", "color": "0.4"})
    fig.suptitle("mullick2020 Fig. 1: the two types of distortion, computed", fontsize=10)
    return fig


def make_fig1(out_dir):
    """Write fig1.pdf/png/csv into ``out_dir``; returns the data."""
    data = fig1_data()
    save_figure(plot_fig1(data), Path(out_dir) / "fig1", data)
    return data


def _printed(panel, quantity, column) -> float:
    """A number the paper prints about Fig. 2, from its one home in ``tables.printed``."""
    return float(pr.FIG2[(panel, quantity, column)])


def _two_class_points(rng, n_per_class, half_separation):
    left = rng.normal(size=(n_per_class, 2)) + [4.0 - half_separation, 0.0]
    right = rng.normal(size=(n_per_class, 2)) + [4.0 + half_separation, 0.0]
    return left, right


def precision_sweep(left, right, rrts, thresholds, rng):
    """Precision of "positive (right class) if x > t" for each RRT and threshold t.

    The right class is subsampled to len(right)/RRT points (one subsample per RRT, nested:
    the first points of one random order). Returns a long DataFrame (rrt, threshold,
    precision, n_positive, n_negative); precision is NaN where nothing is predicted positive.
    """
    order = rng.permutation(len(right))
    rows = []
    t = np.asarray(thresholds, dtype=np.float64)
    for rrt in rrts:
        keep = right[order[: int(round(len(right) / rrt))]]
        # confusion stack over thresholds: rows true (positive first), columns predicted
        tp = (keep[:, 0][None, :] > t[:, None]).sum(axis=1)
        fp = (left[:, 0][None, :] > t[:, None]).sum(axis=1)
        cm = np.zeros((t.size, 2, 2))
        cm[:, 0, 0], cm[:, 0, 1] = tp, len(keep) - tp
        cm[:, 1, 0], cm[:, 1, 1] = fp, len(left) - fp
        prec = mu.precision(cm)
        rows.append(pd.DataFrame({
            "rrt": rrt, "threshold": t, "precision": prec,
            "n_positive": len(keep), "n_negative": len(left),
        }))
    return pd.concat(rows, ignore_index=True)


def _hexagon_vertices(c):
    angles = np.deg2rad(60.0 * np.arange(c))
    return np.stack([np.cos(angles), np.sin(angles)], axis=1)


def hexagon_sweep(rng, classes=(3, 4, 5, 6), n_per_class=1000, sd=0.15, n_steps=101):
    """AUROC-OVA and mean per-class accuracy of the blended OVA ensemble, per C and t.

    Returns (curves DataFrame, points dict C -> (X, y)).
    """
    rows, points = [], {}
    t = np.linspace(0.0, 1.0, n_steps)
    for c in classes:
        v = _hexagon_vertices(c)
        y = np.repeat(np.arange(c), n_per_class)
        x = v[y] + sd * rng.normal(size=(y.size, 2))
        z = rng.normal(size=(y.size, c))
        lin = x @ v.T  # (N, C)
        scores = t[:, None, None] * lin[None] + (1.0 - t)[:, None, None] * z[None]
        pred = scores.argmax(axis=-1)  # (T, N)
        cm = np.zeros((t.size, c, c))
        for k in range(c):  # loop over classes only: the T x N assignments are vectorised
            for j in range(c):
                cm[:, k, j] = np.sum((y[None, :] == k) & (pred == j), axis=1)
        rows.append(pd.DataFrame({
            "C": c, "t": t, "mean_class_accuracy": mu.acsa(cm), "auroc_ova": mu.auroc_ova(cm),
        }))
        points[c] = (x, y)
    return pd.concat(rows, ignore_index=True), points


def auroc_at_accuracy(curves, c, accuracy=0.6):
    """AUROC-OVA interpolated at a mean per-class accuracy, for C classes."""
    d = curves[curves["C"] == c].sort_values("mean_class_accuracy")
    return float(np.interp(accuracy, d["mean_class_accuracy"], d["auroc_ova"]))


def fig2_data(seed=0, n_per_class=5000, half_separation=1.5, rrts=(1, 2, 4, 6, 8, 10),
              hexagon_classes=(3, 4, 5, 6), hexagon_points=1000, hexagon_sd=0.15):
    """Every number behind Fig. 2: sweeps, sample points and the paper's stated numbers."""
    rng = np.random.default_rng(seed)
    left, right = _two_class_points(rng, n_per_class, half_separation)
    thresholds = np.round(np.linspace(0.0, 8.0, 161), 10)  # includes x = 4
    sweep = precision_sweep(left, right, rrts, thresholds, rng)
    curves, hexpoints = hexagon_sweep(rng, hexagon_classes, hexagon_points, hexagon_sd)

    at4 = sweep[np.isclose(sweep["threshold"], 4.0)].set_index("rrt")["precision"]
    numbers = pd.DataFrame([
        {"quantity": "Precision at x = 4, RRT 1", "printed": _printed("Fig. 2c", "Precision at boundary x = 4", "RRT 1"),
         "regenerated": float(at4.loc[min(rrts)])},
        {"quantity": "Precision at x = 4, RRT 10", "printed": _printed("Fig. 2c", "Precision at boundary x = 4", "RRT 10"),
         "regenerated": float(at4.loc[max(rrts)])},
        {"quantity": "AUROC-OVA at 60% mean class accuracy, C = 3", "printed": _printed("Fig. 2f", "AUROC-OVA at 60 % per-class accuracy", "C = 3"),
         "regenerated": auroc_at_accuracy(curves, 3)},
        {"quantity": "AUROC-OVA at 60% mean class accuracy, C = 6", "printed": _printed("Fig. 2f", "AUROC-OVA at 60 % per-class accuracy", "C = 6"),
         "regenerated": auroc_at_accuracy(curves, 6)},
    ])
    numbers["difference"] = numbers["regenerated"] - numbers["printed"]

    order = rng.permutation(len(right))[: int(round(len(right) / max(rrts)))]
    pts = [
        pd.DataFrame({"panel": "a", "x": left[:, 0], "y": left[:, 1], "label": "majority (left)"}),
        pd.DataFrame({"panel": "a", "x": right[:, 0], "y": right[:, 1], "label": "minority (right)"}),
        pd.DataFrame({"panel": "b", "x": left[:, 0], "y": left[:, 1], "label": "majority (left)"}),
        pd.DataFrame({"panel": "b", "x": right[order, 0], "y": right[order, 1], "label": "minority (right)"}),
    ]
    for panel, c in (("d", min(hexagon_classes)), ("e", max(hexagon_classes))):
        x, y = hexpoints[c]
        pts.append(pd.DataFrame({"panel": panel, "x": x[:, 0], "y": x[:, 1], "label": [f"class {k + 1}" for k in y]}))
    return {"sweep": sweep, "curves": curves, "numbers": numbers, "points": pd.concat(pts, ignore_index=True)}


def plot_fig2(data):
    """mullick2020 Fig. 2 (panels a-f, a matplotlib Figure) from :func:`fig2_data`."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(2, 3, figsize=(12, 7.5))
    pts = data["points"]
    for ax, panel, title in ((axes[0, 0], "a", "(a) balanced, RRT 1"), (axes[0, 1], "b", "(b) RRT 10"),
                             (axes[1, 0], "d", "(d) three classes"), (axes[1, 1], "e", "(e) six classes")):
        d = pts[pts["panel"] == panel]
        for label, g in d.groupby("label", sort=True):
            ax.scatter(g["x"], g["y"], s=1.5, alpha=0.4, label=label, rasterized=True)
        if panel in "ab":
            ax.axvline(4.0, color="k", linewidth=0.8, linestyle="--")
        ax.set_title(title, fontsize=9)
        ax.set_aspect("equal", adjustable="datalim")
        ax.legend(fontsize=6, markerscale=4, loc="upper left")
    ax = axes[0, 2]
    for rrt, g in data["sweep"].groupby("rrt"):
        ax.plot(g["threshold"], g["precision"], label=f"RRT {rrt:g}", linewidth=1)
    ax.axvline(4.0, color="k", linewidth=0.8, linestyle="--")
    ax.set_xlabel("position x of the linear classifier")
    ax.set_ylabel("Precision")
    ax.set_title("(c) Type 1 distortion: Precision vs RRT", fontsize=9)
    ax.legend(fontsize=7)
    ax = axes[1, 2]
    for c, g in data["curves"].groupby("C"):
        g = g.sort_values("mean_class_accuracy")
        ax.plot(g["mean_class_accuracy"], g["auroc_ova"], label=f"C = {c}", linewidth=1)
    ax.axvline(0.6, color="k", linewidth=0.8, linestyle="--")
    ax.set_xlabel("mean per-class accuracy")
    ax.set_ylabel("AUROC-OVA")
    ax.set_title("(f) Type 2 distortion: AUROC-OVA vs C", fontsize=9)
    ax.legend(fontsize=7)
    fig.tight_layout()
    return fig


def make_fig2(out_dir, **kwargs):
    """Write fig2.pdf/png, fig2.csv (curves of (c) and (f)), fig2_points.csv, fig2_numbers.csv."""
    out = Path(out_dir)
    data = fig2_data(**kwargs)
    sweep = data["sweep"].assign(panel="c", series=lambda d: "RRT " + d["rrt"].astype(str))
    curves = data["curves"].assign(panel="f", series=lambda d: "C = " + d["C"].astype(str))
    long = pd.concat([
        sweep.rename(columns={"threshold": "x", "precision": "y"})[["panel", "series", "x", "y"]],
        curves.rename(columns={"mean_class_accuracy": "x", "auroc_ova": "y"})[["panel", "series", "x", "y"]],
    ], ignore_index=True)
    write_csv(long, out / "fig2.csv")
    write_csv(data["points"], out / "fig2_points.csv")
    write_csv(data["numbers"], out / "fig2_numbers.csv")
    save_figure(plot_fig2(data), out / "fig2")
    return data


def make_fig6(audit_csv, out_dir, paper="mullick2020"):
    """Fig. 6a/6b for the indices of ``paper`` (all indices if None), from an audit.csv."""
    from imbeval.audit.report import read_audit_csv

    rows = read_audit_csv(audit_csv)
    if paper:
        rows = [r for r in rows if r.get("paper") == paper]
        if not rows:
            raise ValueError(f"{audit_csv} has no index of paper {paper!r}")
    render_fig6(rows, Path(out_dir) / "fig6", title="mullick2020 Fig. 6, computed by the auditor")
    return rows
