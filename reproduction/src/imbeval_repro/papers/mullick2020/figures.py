"""mullick2020 experiment figures (Figs. 3, 4a, 4b, 5): drawn from the numbers of
:mod:`imbeval_repro.papers.mullick2020.experiment` (its docstring says what each plots and how its
95% interval, the error bars, is made). Their claims are decided in
:mod:`imbeval_repro.papers.mullick2020.claims`; ``claims.csv`` is written from those rows.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from imbeval.utils.plot import save_figure
from imbeval_repro.papers.mullick2020.experiment import (FIG3_INDICES, FIG4A_INDICES,
                                                   FIG4B_INDICES, FIG5_INDICES, cell_means,
                                                   estimates, fig3_data, fig4a_data,
                                                   fig4b_data, fig5_data, fold_values,
                                                   minimum_estimate, read_fold_table,
                                                   std_estimate,
                                                   user_indices, variability)

# the figure registry names the data functions here ("module:function"); they live in tables
__all__ = ["FIG3_INDICES", "FIG4A_INDICES", "FIG4B_INDICES", "FIG5_INDICES", "cell_means",
           "variability", "fold_values", "std_estimate", "minimum_estimate", "estimates",
           "user_indices", "fig3_data", "fig4a_data", "fig4b_data", "fig5_data", "draw_all"]


def _bars(ax, data, value, labels, title, ylabel):
    problems = list(dict.fromkeys(data["problem"]))
    width = 0.8 / len(labels)
    x = np.arange(len(problems))
    for k, (name, label) in enumerate(labels.items()):
        part = data[data["index"] == name].set_index("problem").reindex(problems)
        col = part[value]
        yerr = None
        if "ci_low" in part:  # the 95% interval as an error bar (clipped, as a bar's
            # interval may be cut at the index's range)
            yerr = np.vstack([(col - part["ci_low"]).clip(lower=0).to_numpy(),
                              (part["ci_high"] - col).clip(lower=0).to_numpy()])
        ax.bar(x + (k - (len(labels) - 1) / 2) * width, col.to_numpy(), width, label=label,
               yerr=yerr, error_kw={"elinewidth": 0.7, "capsize": 1.5, "ecolor": "0.25"})
    ticks = [f"{p} (C={int(c)}, IR={ir:.0f})" for p, c, ir in
             data.drop_duplicates("problem").set_index("problem").reindex(problems)[["n_classes", "ir"]].itertuples()]
    # labels rotated 35° with room per dataset (see draw_all's width): at 60° and 0.7 inch
    # per dataset the two-line labels of ten multi-class datasets ran into each other
    ax.set_xticks(x, ticks, rotation=35, ha="right", rotation_mode="anchor", fontsize=7)
    ax.set_xlim(-0.6, len(problems) - 0.4)
    ax.set_title(title)
    ax.set_ylabel(ylabel)
    # outside the axes: inside, it covered the bars of the last datasets (Fig. 5's c5)
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    ax.grid(axis="y", alpha=0.3)


def draw_all(indices_csv, problems_csv, out_dir, intervals=False, folds_csv=None) -> list[Path]:
    """Write fig3, fig4a, fig4b, fig5 (.pdf, .png, .csv) into ``out_dir``;
    with ``intervals``, each value with its 95% interval (error bars, ``ci_low`` and
    ``ci_high`` columns; the module docstring says how each is made). ``folds_csv`` is the
    run's ``fold_indices.csv`` when ``indices_csv`` is its ``run_indices.csv``: the intervals
    rest on the fold values."""
    import matplotlib.pyplot as plt

    indices = pd.read_csv(indices_csv)
    problems = pd.read_csv(problems_csv)
    # the fold values the intervals rest on: only the drawn indices' rows are read
    drawn = {*FIG3_INDICES, *FIG4A_INDICES, *FIG5_INDICES,
             *user_indices(indices, problems, "two-class"),
             *user_indices(indices, problems, "multi-class")}
    folds = read_fold_table(folds_csv, names=drawn) if intervals else None
    out = Path(out_dir)
    written = []
    specs = [
        ("fig3", fig3_data, "std_pooled", FIG3_INDICES,
         "Fig. 3: effect of RRT on two-class indices", "std over test sets x classifiers"),
        ("fig4a", fig4a_data, "std_pooled", FIG4A_INDICES,
         "Fig. 4a: effect of RRT on multi-class indices", "std over test sets x classifiers"),
        ("fig4b", fig4b_data, "normalised_std", FIG4B_INDICES,
         "Fig. 4b: stability of ACSA vs nAUROC-OVA", "std / minimum std over datasets"),
        ("fig5", fig5_data, "minimum", FIG5_INDICES,
         "Fig. 5: minimum index value per multi-class dataset", "minimum over test sets x classifiers"),
    ]
    for name, fn, value, labels, title, ylabel in specs:
        data = fn(indices, problems, intervals, folds=folds)
        if intervals:
            # what drew the bars: the corrected interval over the cells' runs x folds values
            title += ("\n(error bars: 95% interval of the minimum, corrected CV over the folds)"
                      if name == "fig5"
                      else "\n(error bars: 95% corrected CV interval over the folds, delta method)")
        fig, ax = plt.subplots(figsize=(max(6.0, 1.0 * max(1, data["problem"].nunique()) + 2), 4.2))
        if data.empty:
            ax.text(0.5, 0.5, "no problem of this kind in the config", ha="center", va="center")
            ax.set_title(title)
        else:
            _bars(ax, data, value, labels, title, ylabel)
        save_figure(fig, out / name, data, bbox_inches="tight")
        written += [out / f"{name}.{s}" for s in ("pdf", "png", "csv")]
    return written
