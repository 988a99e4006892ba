"""The one verdict heat map: rows (indices) x columns (conditions, properties), each cell
green (holds: 1), red (fails: 0) or grey (undecided or not applicable: NaN). Drawn by
:mod:`imbeval_repro.library_results.catalogue_figure` and :mod:`imbeval_repro.library_results.properties_figure`."""

from __future__ import annotations

import numpy as np

__all__ = ["verdict_heatmap"]


def verdict_heatmap(grid, row_labels, column_labels, *, figsize, title, column_rotation=30,
                    column_fontsize=8, row_fontsize=6, title_fontsize=8):
    """A Figure of ``grid`` (rows x columns of 1, 0 or NaN) with its tick labels.

    Parameters
    ----------
    grid : array-like, shape (rows, columns)
        1 (holds), 0 (fails), NaN (grey).
    row_labels, column_labels : sequences of str
    figsize : (width, height) in inches.
    title : str
    column_rotation, column_fontsize, row_fontsize, title_fontsize : the labels' layout.
    """
    import matplotlib.pyplot as plt
    from matplotlib.colors import ListedColormap

    fig, ax = plt.subplots(figsize=figsize)
    cmap = ListedColormap(["#d7301f", "#1a9850"]).with_extremes(bad="#dddddd")
    ax.imshow(np.ma.masked_invalid(np.asarray(grid, dtype=float)), cmap=cmap, vmin=0, vmax=1,
              aspect="auto", interpolation="nearest")
    ax.set_xticks(range(len(column_labels)), column_labels, rotation=column_rotation,
                  ha="right", fontsize=column_fontsize)
    ax.set_yticks(range(len(row_labels)), row_labels, fontsize=row_fontsize)
    ax.tick_params(length=0)
    ax.set_title(title, fontsize=title_fontsize)
    fig.tight_layout()
    return fig
