"""ortigosa2016 figures: influence functions (Figs. 2, 3, 4), competitiveness bounds (Fig. 6,
the S_sup table) and the decision regions of the appendix example (Fig. 7).

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
from imbeval._io import atomic_write_text, write_csv
from imbeval.figures._output import save_figure
from imbeval.indices import ortigosa2016 as og
from imbeval.indices import registry

__all__ = [
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
    """ortigosa2016 Fig. 7 (recalls of two Gaussian classes as the cut moves, class
    standard deviation ``sd``) into ``out_dir``: ``fig7.pdf/png/csv``; returns the cuts."""
    import matplotlib.pyplot as plt
    from scipy.stats import norm

    out = Path(out_dir)
    cuts = fig7_cuts(sd)
    write_csv(cuts, out / "fig7.csv")
    x = np.linspace(1, 8, 1000)
    colours = {"EDR": "red", "BDR": "orange", "G-DR": "gold", "H-DR": "green", "min-DR": "blue", "max-DR": "purple"}
    fig, axes = plt.subplots(1, 2, figsize=(11, 3.8))
    for ax, weighted, title in ((axes[0], True, "(a) η_i f(x|c_i)"), (axes[1], False, "(b) f(x|c_i)")):
        for k in range(3):
            dens = norm.pdf(x, FIG7_MEANS[k], sd) * (FIG7_PRIORS[k] if weighted else 1.0)
            ax.plot(x, dens, color="0.3", linewidth=1)
            ax.fill_between(x, dens, alpha=0.12)
        for r in cuts.itertuples():
            for c in (r.cut_1_2, r.cut_2_3):
                if np.isfinite(c):
                    ax.axvline(c, color=colours[r.rule], linewidth=1.1, label=r.rule)
        ax.set_title(title, fontsize=9)
        ax.set_xlabel("x")
    handles, labels = axes[0].get_legend_handles_labels()
    uniq = dict(zip(labels, handles))
    uniq["max-DR (Ω1 = ℝ)"] = plt.Line2D([], [], color="purple")
    axes[1].legend(uniq.values(), uniq.keys(), fontsize=7)
    fig.suptitle(f"Decision regions, classes N(3, s²), N(5, s²), N(6, s²), η = (0.6, 0.3, 0.1), s = {sd} (sd)", fontsize=9)
    fig.tight_layout()
    save_figure(fig, out / "fig7")
    return cuts
