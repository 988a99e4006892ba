"""mullick2020's Fig. 3 for the indices of scores: their spread over the RRT test sets.

Convention of the figures: :func:`plot_scores_rrt` draws the table
:func:`imbeval_repro.library_results.scores_rrt.score_spread` computed; :func:`make_scores_rrt` writes it.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from imbeval.utils.plot import save_figure

__all__ = ["make_scores_rrt", "plot_scores_rrt"]


def plot_scores_rrt(spread: pd.DataFrame):
    """One panel per kind of problem: per index, ``std_within`` of each problem (dots) and its
    mean over the problems (bar).

    Parameters
    ----------
    spread : pandas.DataFrame
        :func:`imbeval_repro.library_results.scores_rrt.score_spread`'s table.

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> import pandas as pd
    >>> fig = plot_scores_rrt(pd.DataFrame({"problem": ["p", "q"], "kind": "two-class",
    ...     "index": "roc_auc", "std_pooled": [0.01, 0.02], "std_within": [0.01, 0.03]}))
    >>> len(fig.axes)
    1
    """
    import matplotlib.pyplot as plt

    kinds = ([k for k in ("two-class", "multi-class") if (spread["kind"] == k).any()]
             or ["two-class"])
    fig, axes = plt.subplots(len(kinds), 1, figsize=(9, 3.6 * len(kinds)), squeeze=False)
    for ax, kind in zip(axes[:, 0], kinds):
        part = spread[spread["kind"] == kind]
        order = (part.groupby("index")["std_within"].mean().sort_values().index.tolist())
        means = part.groupby("index")["std_within"].mean().reindex(order)
        x = np.arange(len(order))
        ax.bar(x, means.to_numpy(), color="#9ecae1", label="mean over problems")
        for i, name in enumerate(order):
            pts = part.loc[part["index"] == name, "std_within"].to_numpy()
            ax.plot(np.full(pts.size, i), pts, "k.", ms=3)
        ax.set_xticks(x, order, rotation=60, ha="right", fontsize=7)
        ax.set_ylabel("std over RRT test sets")
        ax.set_title(f"Indices of scores, {kind} problems: spread over the RRT schemes "
                     "(mean over classifiers)", fontsize=9)
    fig.tight_layout()
    return fig


def make_scores_rrt(spread: pd.DataFrame, prefix) -> list:
    """Write the figure as ``prefix.pdf|png`` and its data as ``prefix.csv``."""
    return save_figure(plot_scores_rrt(spread), prefix, data=spread)
