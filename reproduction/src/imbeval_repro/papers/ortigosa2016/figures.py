"""ortigosa2016 figures: class overlap and imbalance (Fig. 1), influence functions (Figs. 2,
3, 4), competitiveness bounds (Fig. 6, the S_sup table) and the decision regions of the
appendix example (Fig. 7). Fig. 5 (a schematic of under- and over-sampling) has no data or
geometry to regenerate and is not drawn.

Fig. 1: four binary problems from two bivariate Gaussians with identity covariance, far
apart (means 6 and 3 apart in x and y) or close (1.5 and 0.75), with 1,000 + 1,000 or
1,000 + 10 points (the paper gives no means or seed; ours are stated here and the seed is
the config's). Each panel shows the most accurate cut along the LDA direction -- what a
learner minimising errors draws -- and its two recalls: perfect without overlap, while
with overlap and imbalance the minority is missed.

Influence functions come from :mod:`imbeval.audit.influence` (Bayes rule, unit-variance
Gaussians at 0, δ, 2δ; δ ∈ [0.01, 10]; 0/0 = 1 as in the paper's Table 1).

Fig. 2a: the paper says I_2^{P^1}(η) is "negative for all η ≠ 0.5". Neither reading of eq. 6
gives that: with the printed a_ij = η_i ∫ (joint) it is positive for η < 0.5 and negative
above; with the class-conditional a_ij = ∫ (no η_i) it is the reverse. Both are drawn and
the CSV carries both.

Fig. 7: classes N(3, s²), N(5, s²), N(6, s²), η = (0.6, 0.3, 0.1). The paper's "N(·, 0.5)" does
not say whether 0.5 is the standard deviation or the variance: s = 0.5 is drawn (stated on
the figure). Cuts: EDR and BDR in closed form (Bayes with equal / true priors); the G-, H-
and min-DR maximise their score over the two cuts (grid search, then Nelder-Mead); the
max-DR puts the whole line in Ω_1.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
from scipy.optimize import minimize
from scipy.special import ndtr

from imbeval.audit.influence import (
    bayes_cuts,
    influence_binary,
    influence_multiclass,
)
from imbeval.utils.io import atomic_write_text, write_csv
from imbeval.utils.plot import save_figure
from imbeval.indices import ortigosa2016 as og
from imbeval.indices import registry

__all__ = [
    "fig1_data",
    "plot_fig1",
    "make_fig1",
    "BINARY_SCORES",
    "influence_data",
    "make_fig2",
    "make_fig3",
    "make_fig4",
    "make_fig6",
    "make_fig7",
    "make_ssup_table",
    "fig7_cuts",
    "ssup_table",
]

ETAS = np.round(np.arange(1, 200) / 200.0, 10)
EPS = np.arange(-99, 199) / 300.0


#: Fig. 1: (overlap label, offset of the minority mean) x (balance label, minority size)
FIG1_OVERLAP = (("no overlap", 6.0), ("overlap", 1.5))
FIG1_BALANCE = (("balanced", 1000), ("unbalanced", 10))


def fig1_data(seed=0) -> pd.DataFrame:
    """The four problems of Fig. 1: ``problem, class, x, y`` (1,000 majority points each)."""
    rng = np.random.default_rng([seed, 1])
    frames = []
    for overlap, gap in FIG1_OVERLAP:
        for balance, n_min in FIG1_BALANCE:
            majority = rng.normal(size=(1000, 2))
            minority = rng.normal(size=(n_min, 2)) + [gap, gap / 2]
            for cls, pts in (("majority (c1)", majority), ("minority (c2)", minority)):
                frames.append(pd.DataFrame({"problem": f"{overlap}, {balance}", "class": cls,
                                            "x": pts[:, 0], "y": pts[:, 1]}))
    return pd.concat(frames, ignore_index=True)


def accuracy_cut(points, labels):
    """The LDA direction w and the threshold c along it with the highest accuracy
    (predict the minority where ``points @ w > c``)."""
    mean0, mean1 = points[labels == 0].mean(0), points[labels == 1].mean(0)
    cov = np.cov(points[labels == 0].T) + np.cov(points[labels == 1].T)
    w = np.linalg.solve(cov, mean1 - mean0)
    score = points @ w
    order = np.sort(score)
    cuts = (order[:-1] + order[1:]) / 2
    accuracy = [np.mean((score > c) == (labels == 1)) for c in cuts]
    return w, float(cuts[int(np.argmax(accuracy))])


def plot_fig1(data: pd.DataFrame):
    """The four panels of :func:`fig1_data` with each one's cut and recalls."""
    import matplotlib.pyplot as plt

    problems = list(dict.fromkeys(data["problem"]))
    fig, axes = plt.subplots(2, 2, figsize=(8.5, 7.5), constrained_layout=True)
    for ax, problem, letter in zip(axes.flat, problems, "abcd"):
        part = data[data["problem"] == problem]
        labels = (part["class"] == "minority (c2)").to_numpy().astype(int)
        pts = part[["x", "y"]].to_numpy()
        for k, (cls, colour, size) in enumerate((("majority (c1)", "C0", 4),
                                                 ("minority (c2)", "C3", 10))):
            sel = labels == k
            ax.scatter(pts[sel, 0], pts[sel, 1], s=size, color=colour, alpha=0.5, label=cls,
                       linewidths=0)
        w, c = accuracy_cut(pts, labels)
        predicted = (pts @ w > c).astype(int)
        r1 = np.mean(predicted[labels == 0] == 0)
        r2 = np.mean(predicted[labels == 1] == 1)
        xs = np.linspace(pts[:, 0].min(), pts[:, 0].max(), 2)
        ax.plot(xs, (c - w[0] * xs) / w[1], "k-", linewidth=1.5, label="most accurate linear cut")
        ax.set_ylim(pts[:, 1].min() - 0.5, pts[:, 1].max() + 0.5)
        ax.set_title(f"({letter}) {problem}: recall c1 {r1:.2f}, c2 {r2:.2f}", fontsize=9)
        ax.legend(fontsize=7, loc="lower right", markerscale=2)
    fig.suptitle("ortigosa2016 Fig. 1: class overlap and class imbalance (1,000 + 1,000 or "
                 "1,000 + 10 points)", fontsize=10)
    return fig


def make_fig1(out_dir, seed=0):
    """Write fig1.pdf/png/csv into ``out_dir``; returns the data."""
    data = fig1_data(seed)
    save_figure(plot_fig1(data), Path(out_dir) / "fig1", data)
    return data


def _recall_1(cm, zero_division=1.0):
    return og.class_recalls(cm, zero_division)[..., 0]


def _precision_1(cm, zero_division=1.0):
    return og.class_precisions(cm, zero_division)[..., 0]


def _scores():
    reg = registry()
    return {
        "Acc": reg["accuracy"].function,
        "max": reg["max_recall"].function,
        "A": reg["a_mean"].function,
        "G": reg["g_mean"].function,
        "H": reg["h_mean"].function,
        "min": reg["min_recall"].function,
    }


BINARY_SCORES = ("Acc", "max", "A", "G", "H", "min")


def influence_data():
    """Long DataFrames of I_2^S(η) (local and global scores) and I_3^S(ε)."""
    rows = []
    rows.append(pd.DataFrame({"score": "P1", "reading": "joint (eq. 6 as printed)", "eta": ETAS,
                              "influence": influence_binary(_precision_1, ETAS)}))
    rows.append(pd.DataFrame({"score": "P1", "reading": "class-conditional", "eta": ETAS,
                              "influence": influence_binary(_precision_1, ETAS, weighted=False)}))
    rows.append(pd.DataFrame({"score": "R1", "reading": "joint (eq. 6 as printed)", "eta": ETAS,
                              "influence": influence_binary(_recall_1, ETAS)}))
    local = pd.concat(rows, ignore_index=True)
    glob = pd.concat([
        pd.DataFrame({"score": s, "eta": ETAS, "influence": influence_binary(f, ETAS)})
        for s, f in _scores().items()
    ], ignore_index=True)
    tern = pd.concat([
        pd.DataFrame({"score": s, "epsilon": EPS, "influence": influence_multiclass(f, EPS, 3)})
        for s, f in _scores().items()
    ], ignore_index=True)
    return local, glob, tern


def _panels(data, xcol, xlabel, title, balanced):
    import matplotlib.pyplot as plt

    scores = list(dict.fromkeys(data["score"]))
    fig, axes = plt.subplots(2, 3, figsize=(11, 6), sharex=True)
    for ax, s, letter in zip(axes.ravel(), scores, "abcdef"):
        d = data[data["score"] == s]
        ax.plot(d[xcol], d["influence"], color="C0", linewidth=1.2)
        ax.fill_between(d[xcol], d["influence"], 0, alpha=0.25, color="C0")
        ax.axhline(0, color="k", linewidth=0.6)
        ax.axvline(balanced, color="0.5", linewidth=0.6, linestyle=":")
        ax.set_title(f"({letter}) {s}", fontsize=9)
        ax.set_xlabel(xlabel)
    fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    return fig


def make_fig2(out_dir, local=None):
    """ortigosa2016 Fig. 2 (local influence functions) into ``out_dir`` as PDF, PNG and
    ``fig2.csv``; ``local`` is the data of :func:`influence_data` (computed if None)."""
    import matplotlib.pyplot as plt

    if local is None:
        local, _, _ = influence_data()
    out = Path(out_dir)
    write_csv(local, out / "fig2.csv")
    fig, (a, b) = plt.subplots(1, 2, figsize=(10, 3.8))
    for reading, style in (("joint (eq. 6 as printed)", "-"), ("class-conditional", "--")):
        d = local[(local["score"] == "P1") & (local["reading"] == reading)]
        a.plot(d["eta"], d["influence"], style, label=reading)
    d = local[local["score"] == "R1"]
    b.plot(d["eta"], d["influence"], color="C2")
    b.fill_between(d["eta"], d["influence"], 0, alpha=0.25, color="C2")
    for ax, t in ((a, "(a) precision $P^1$"), (b, "(b) recall $R^1$")):
        ax.axhline(0, color="k", linewidth=0.6)
        ax.set_xlabel("η (prior of $c_1$)")
        ax.set_ylabel("$I_2^S(η)$")
        ax.set_title(t, fontsize=9)
    a.legend(fontsize=7)
    a.text(0.02, 0.02, "paper: negative for all η ≠ 0.5 —\nneither reading reproduces it",
           transform=a.transAxes, fontsize=7, va="bottom")
    fig.tight_layout()
    save_figure(fig, out / "fig2")
    return local


def make_fig3(out_dir, glob=None):
    """ortigosa2016 Fig. 3 (binary influence functions under the Bayes rule) into
    ``out_dir``: ``fig3.pdf/png/csv``."""
    if glob is None:
        _, glob, _ = influence_data()
    title = "Binary influence functions $I_2^S(η)$ (Bayes rule)"
    save_figure(_panels(glob, "eta", "η", title, 0.5), Path(out_dir) / "fig3", glob)
    return glob


def make_fig4(out_dir, tern=None):
    """ortigosa2016 Fig. 4 (ternary influence functions) into ``out_dir``:
    ``fig4.pdf/png/csv``."""
    if tern is None:
        _, _, tern = influence_data()
    title = "Ternary influence functions $I_3^S(ε)$ (Bayes rule)"
    save_figure(_panels(tern, "epsilon", "ε", title, 0.0), Path(out_dir) / "fig4", tern)
    return tern


def ssup_table(ps=(-np.inf, -50, -10, -1, 0, 1, 10, 50, np.inf), ks=(2, 3)):
    """S_sup^p (the stated extreme case), eq. 22 as printed, and S_inf^p, per K and p."""
    rows = []
    for k in ks:
        for p in ps:
            printed = np.nan
            if np.isfinite(p) and p != 0:
                with np.errstate(over="ignore"):
                    printed = float((k**p + k ** (p - 1) + 1) ** (1.0 / p))
            rows.append({"K": k, "p": p, "S_sup": float(og.s_sup(p, k)),
                         "S_sup_eq22_as_printed": printed, "S_inf": float(og.s_inf(p, k))})
    return pd.DataFrame(rows)


def make_ssup_table(out_dir):
    """The S_sup table (:func:`ssup_table`) into ``out_dir`` as ``ssup_table.csv`` and
    ``ssup_table.md``; returns the table."""
    out = Path(out_dir)
    table = ssup_table()
    write_csv(table, out / "ssup_table.csv")
    lines = ["| K | p | S_sup | eq. 22 as printed | S_inf |", "|---|---|---|---|---|"]
    for r in table.itertuples():
        lines.append(f"| {r.K} | {r.p:g} | {r.S_sup:.4f} | {r.S_sup_eq22_as_printed:.4f} | {r.S_inf:.4f} |")
    note = ("\nS_sup = (K^-(p+1) + (K-1)/K)^(1/p): one recall 1/K, the others 1, substituted into M_p "
            "(the paper's stated extreme case). Eq. 22 as printed does not give it (erratum).\n")
    atomic_write_text(out / "ssup_table.md", "\n".join(lines) + "\n" + note)
    return table


def make_fig6(out_dir):
    """ortigosa2016 Fig. 6 into ``out_dir``: ``fig6.pdf/png/csv``."""
    import matplotlib.pyplot as plt

    out = Path(out_dir)
    p = np.linspace(-50, 50, 2001)
    rows = []
    fig, axes = plt.subplots(1, 2, figsize=(10, 3.8), sharey=True)
    for ax, k, letter in zip(axes, (2, 3), "ab"):
        sup, inf = og.s_sup(p, k), og.s_inf(p, k)
        rows.append(pd.DataFrame({"K": k, "p": p, "S_sup": sup, "S_inf": inf}))
        ax.fill_between(p, sup, 1, color="#4daf4a", alpha=0.35, label="superior")
        ax.fill_between(p, inf, sup, color="#ffd92f", alpha=0.35, label="indeterminate")
        ax.fill_between(p, 0, inf, color="#e41a1c", alpha=0.35, label="inferior")
        ax.plot(p, sup, color="k", linewidth=1)
        ax.plot(p, inf, color="k", linewidth=1, linestyle="--")
        ax.set_xlabel("p")
        ax.set_title(f"({letter}) K = {k}", fontsize=9)
        ax.set_ylim(0, 1)
    axes[0].set_ylabel("$S^p_{sup}$, $S^p_{inf}$")
    axes[0].legend(fontsize=7, loc="lower right")
    fig.tight_layout()
    write_csv(pd.concat(rows, ignore_index=True), out / "fig6.csv")
    save_figure(fig, out / "fig6")


FIG7_MEANS = np.array([3.0, 5.0, 6.0])
FIG7_PRIORS = np.array([0.6, 0.3, 0.1])


def _recalls_for_cuts(a, b, sd):
    a, b = np.asarray(a, float), np.asarray(b, float)
    m = FIG7_MEANS
    r1 = ndtr((a - m[0]) / sd)
    r2 = np.clip(ndtr((b - m[1]) / sd) - ndtr((a - m[1]) / sd), 0, 1) * (b > a)
    r3 = 1 - ndtr((np.maximum(a, b) - m[2]) / sd)
    return np.stack([r1, r2, r3], axis=-1)


def fig7_cuts(sd=0.5):
    """The two cuts (Ω1|Ω2, Ω2|Ω3) and the recalls of each decision rule of Fig. 7."""
    rules = {}
    for name, priors in (("EDR", np.full(3, 1 / 3)), ("BDR", FIG7_PRIORS)):
        lo, up = bayes_cuts(priors, FIG7_MEANS, sd)
        rules[name] = (float(up[0]), float(lo[2]))
    grid = np.linspace(1.0, 8.0, 701)
    a, b = np.meshgrid(grid, grid, indexing="ij")
    for name, p in (("G-DR", 0.0), ("H-DR", -1.0), ("min-DR", -np.inf)):
        score = og.holder_mean(_recalls_for_cuts(a, b, sd), p)
        score = np.where(b > a, score, -np.inf)
        i, j = np.unravel_index(np.argmax(score), score.shape)
        res = minimize(lambda v: -og.holder_mean(_recalls_for_cuts(v[0], v[1], sd), p),
                       [grid[i], grid[j]], method="Nelder-Mead",
                       options={"xatol": 1e-7, "fatol": 1e-12, "maxiter": 4000})
        rules[name] = (float(res.x[0]), float(res.x[1]))
    rules["max-DR"] = (np.inf, np.inf)
    rows = []
    for name, (c1, c2) in rules.items():
        r = _recalls_for_cuts(c1, c2, sd) if np.isfinite(c1) else np.array([1.0, 0.0, 0.0])
        rows.append({"rule": name, "cut_1_2": c1, "cut_2_3": c2, "R1": r[0], "R2": r[1], "R3": r[2],
                     "A": r.mean(), "G": float(og.holder_mean(r, 0)), "H": float(og.holder_mean(r, -1)),
                     "min": r.min(), "max": r.max(), "sd": sd})
    return pd.DataFrame(rows)


def make_fig7(out_dir, sd=0.5):
    """ortigosa2016 Fig. 7 (the class densities, weighted and not, with the cuts of every
    decision rule; class standard deviation ``sd``) into ``out_dir``: ``fig7.pdf/png/csv``;
    returns the cuts.

    Cuts of different rules lie within 0.04 of each other (EDR 4.000, G-DR 3.979, H-DR
    3.959; 5.500 to 5.507 at the second boundary): each is labelled at its own height, and
    panel (c) magnifies the second boundary, where the G-DR and H-DR cuts fall outside
    [EDR, min-DR] against the paper's text.
    """
    import matplotlib.pyplot as plt
    from scipy.stats import norm

    out = Path(out_dir)
    cuts = fig7_cuts(sd)
    write_csv(cuts, out / "fig7.csv")
    x = np.linspace(1, 8, 1000)
    colours = {"EDR": "red", "BDR": "orange", "G-DR": "goldenrod", "H-DR": "green",
               "min-DR": "blue", "max-DR": "purple"}
    styles = {"EDR": "-", "BDR": "-", "G-DR": "--", "H-DR": "-.", "min-DR": ":", "max-DR": "-"}
    fig = plt.figure(figsize=(12, 7.2), constrained_layout=True)
    grid = fig.add_gridspec(2, 4)
    panels = [(fig.add_subplot(grid[0, :2]), True, "(a) η_i f(x|c_i)"),
              (fig.add_subplot(grid[0, 2:]), False, "(b) f(x|c_i)")]
    zooms = [(fig.add_subplot(grid[1, :2]), "cut_1_2", "(c) Ω₁|Ω₂ boundary, magnified"),
             (fig.add_subplot(grid[1, 2:]), "cut_2_3", "(d) Ω₂|Ω₃ boundary, magnified")]
    finite = cuts[np.isfinite(cuts["cut_1_2"])]
    for ax, weighted, title in panels:
        top = 0
        for k in range(3):
            dens = norm.pdf(x, FIG7_MEANS[k], sd) * (FIG7_PRIORS[k] if weighted else 1.0)
            ax.plot(x, dens, color="0.3", linewidth=1)
            ax.fill_between(x, dens, alpha=0.12)
            top = max(top, dens.max())
        for r in finite.itertuples():
            for c in (r.cut_1_2, r.cut_2_3):
                ax.axvline(c, color=colours[r.rule], linestyle=styles[r.rule], linewidth=1.2)
        ax.set_ylim(0, top * 1.08)
        ax.set_title(title, fontsize=9)
        ax.set_xlabel("x")
    for ax, column, title in zooms:
        # the window spans the four rules the paper's statement is about; the BDR may lie
        # outside it and is then written at the edge
        near = finite[finite["rule"].isin(["EDR", "G-DR", "H-DR", "min-DR"])][column]
        pad = max(np.ptp(near.to_numpy()) * 0.35, 0.002)
        lo, hi = near.min() - pad, near.max() + 2.2 * pad
        # one row per rule: the cut as a marker at its own height, labelled with its value
        for level, r in enumerate(finite.itertuples()):
            value = getattr(r, column)
            label = f"{r.rule} {value:.4f}"
            if not lo <= value <= hi:
                ax.annotate(label + (" →" if value > hi else " ←"),
                            (hi if value > hi else lo, level), va="center",
                            ha="right" if value > hi else "left", fontsize=8,
                            color=colours[r.rule])
                continue
            ax.axvline(value, color=colours[r.rule], linestyle=styles[r.rule], linewidth=1,
                       alpha=0.6)
            ax.plot([value], [level], "o", color=colours[r.rule])
            ax.annotate(label, (value, level), xytext=(6, 0), textcoords="offset points",
                        va="center", fontsize=8, color=colours[r.rule])
        edr, mindr = (finite.set_index("rule").loc[n, column] for n in ("EDR", "min-DR"))
        ax.axvspan(min(edr, mindr), max(edr, mindr), color="0.85", zorder=0,
                   label="[EDR, min-DR] (the paper: G-DR and H-DR lie here)")
        ax.set_xlim(lo, hi)
        ax.set_ylim(-0.8, len(finite) - 0.2)
        ax.set_yticks([])
        ax.set_title(title, fontsize=9)
        ax.set_xlabel("x")
        ax.legend(fontsize=7, loc="lower right")
    handles = [plt.Line2D([], [], color=colours[n], linestyle=styles[n], label=n)
               for n in colours if n != "max-DR"]
    handles.append(plt.Line2D([], [], color="purple", label="max-DR (Ω1 = ℝ)"))
    panels[1][0].legend(handles=handles, fontsize=7, loc="upper left")
    fig.suptitle(f"ortigosa2016 Fig. 7: decision regions, classes N(3, s²), N(5, s²), "
                 f"N(6, s²), η = (0.6, 0.3, 0.1), s = {sd} (sd)", fontsize=10)
    save_figure(fig, out / "fig7")
    return cuts
