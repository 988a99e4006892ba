"""Gösgens et al.'s properties of every index as a heat-map: indices × (property, classes).

Drawn by ``imbeval theory properties`` beside ``properties.csv``, through
:func:`imbeval.utils.plot.save_figure`.
"""

from __future__ import annotations

import pandas as pd

from imbeval_repro.figures.heatmap import verdict_heatmap
from imbeval.utils.plot import save_figure

__all__ = ["SHORT", "properties_data", "plot_properties", "make_properties_figure"]

#: property -> column label.
SHORT = {
    "maximal_agreement": "max agreement", "minimal_agreement": "min agreement",
    "symmetry": "symmetry", "class_symmetry": "class symmetry", "distance": "distance",
    "monotonicity": "monotonicity", "strong_monotonicity": "strong monot.",
    "constant_baseline": "const. baseline", "approximate_constant_baseline": "approx. baseline",
}
_VALUE = {"holds": 1.0, "fails": 0.0}


def properties_data(table):
    """Long table (index, source, orientation, column, value) of the heat-map.

    ``value`` is 1 (holds), 0 (fails) or NaN (undecided, or not applicable: the C-class
    columns of a two-class index); ``column`` is "<property> (C = c)". Rows are ordered by
    the number of properties that hold, most first.

    Parameters
    ----------
    table : pandas.DataFrame
        properties.csv (:func:`imbeval_repro.library_results.properties.read_properties`).

    Returns
    -------
    pandas.DataFrame

    Examples
    --------
    >>> t = pd.DataFrame({"index": ["a", "a"], "source": ["x", "x"], "twin": ["", ""],
    ...                   "orientation": ["higher is better"] * 2, "classes": ["2", "2"],
    ...                   "property": ["symmetry", "distance"], "verdict": ["holds", "fails"]})
    >>> properties_data(t)["value"].tolist()
    [1.0, 0.0]
    """
    missing = [c for c in ("index", "source", "classes", "property", "verdict")
               if c not in table.columns]
    if missing:
        raise ValueError(f"table lacks the column {missing[0]!r} (is it properties.csv?)")
    t = table.copy()
    t["classes"] = t["classes"].astype(str)
    t["column"] = t["property"].map(lambda p: SHORT.get(p, p)) + " (C = " + t["classes"] + ")"
    t["value"] = t["verdict"].map(_VALUE)
    held = t.groupby("index", sort=False)["value"].sum()
    order = sorted(dict.fromkeys(t["index"]), key=lambda n: (-held[n], n))
    t["_rank"] = t["index"].map({n: k for k, n in enumerate(order)})
    t = t.sort_values(["_rank", "classes"], kind="stable")
    keep = ["index", "source", "twin", "orientation", "column", "value"]
    return t[[c for c in keep if c in t.columns]].reset_index(drop=True)


def plot_properties(data):
    """Draw :func:`properties_data` as a heat-map; return the Figure."""
    names = list(dict.fromkeys(data["index"]))
    columns = list(dict.fromkeys(data["column"]))
    columns.sort(key=lambda c: (c.split("(C = ")[1], list(SHORT.values()).index(c.split(" (C")[0])
                                if c.split(" (C")[0] in SHORT.values() else 99))
    grid = data.pivot(index="index", columns="column", values="value").reindex(
        index=names, columns=columns)
    meta = data.drop_duplicates("index").set_index("index").loc[names]
    ticks = [f"{n}  [{meta.loc[n, 'source']}]"
             + (" ↓" if str(meta.loc[n].get("orientation", "")) == "lower is better" else "")
             for n in names]
    return verdict_heatmap(
        grid.to_numpy(dtype=float), ticks, columns,
        figsize=(7.5, max(4.0, 0.13 * len(names) + 2.0)), column_rotation=60,
        column_fontsize=6, row_fontsize=5, title_fontsize=7,
        title="Gösgens et al.'s properties: holds (green), fails (red), undecided or n/a "
              "(grey)\n↓ lower is better (judged on its worst side)")


def make_properties_figure(table, prefix):
    """Write ``prefix`` .pdf, .png and .csv (the long data, :func:`properties_data`) of
    ``table`` (properties.csv); returns the paths written."""
    data = properties_data(table)
    return save_figure(plot_properties(data), prefix, data)
