"""The catalogue's verdicts as a heat-map: indices × (Condition 1, 2, 3, influence analysis).

Drawn by ``imbeval theory catalogue`` beside ``catalogue.csv`` (like the audit's own Fig. 6
beside ``audit.csv``), through :func:`imbeval.utils.plot.save_figure`.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from imbeval_repro.figures.heatmap import verdict_heatmap
from imbeval.utils.plot import save_figure

__all__ = ["VERDICT_COLUMNS", "conditions_data", "plot_conditions", "make_conditions_figure"]

#: catalogue.csv column -> heat-map column label.
VERDICT_COLUMNS = {
    "condition1": "C1 imbalance",
    "condition2": "C2 bounds vs C",
    "condition3": "C3 one class fails",
    "ortigosa_adequate": "influence",
}
_VALUE = {"true": 1.0, "false": 0.0}


def conditions_data(table):
    """Long table (index, source, twin, greater_is_better, verdict, value) of the heat-map.

    ``value`` is 1 (met), 0 (not met) or NaN (not applicable: Conditions 2 and 3 of a
    two-class index); rows are ordered by source, then by the number of conditions met.

    Parameters
    ----------
    table : pandas.DataFrame
        catalogue.csv (:func:`imbeval_repro.library_results.catalogue.read_catalogue`).

    Returns
    -------
    pandas.DataFrame

    Examples
    --------
    >>> import pandas as pd
    >>> t = pd.DataFrame({"index": ["a"], "source": ["pycm"], "twin": [""],
    ...                   "greater_is_better": ["true"], "condition1": ["true"],
    ...                   "condition2": ["false"], "condition3": [""], "ortigosa_adequate": ["true"]})
    >>> conditions_data(t)["value"].tolist()
    [1.0, 0.0, nan, 1.0]
    """
    missing = [c for c in ("index", "source", *VERDICT_COLUMNS) if c not in table.columns]
    if missing:
        raise ValueError(f"table lacks the column {missing[0]!r} (is it catalogue.csv?)")
    t = table.copy()
    t["_met"] = sum((t[c].astype(str) == "true").astype(int) for c in VERDICT_COLUMNS)
    order = {"pycm": 0, "sklearn": 1, "imblearn": 2, "goesgens2021": 3}
    t["_source"] = t["source"].map(order).fillna(3)
    t = t.sort_values(["_source", "_met", "index"], ascending=[True, False, True], kind="stable")
    rows = []
    for _, r in t.iterrows():
        for column, label in VERDICT_COLUMNS.items():
            rows.append({"index": r["index"], "source": r["source"],
                         "twin": r.get("twin", ""), "greater_is_better": r.get("greater_is_better", ""),
                         "verdict": label, "value": _VALUE.get(str(r[column]), np.nan)})
    return pd.DataFrame(rows)


def plot_conditions(data):
    """Draw :func:`conditions_data` as a heat-map; return the Figure."""
    names = list(dict.fromkeys(data["index"]))
    labels = list(VERDICT_COLUMNS.values())
    grid = data.pivot(index="index", columns="verdict", values="value").loc[names, labels]
    meta = data.drop_duplicates("index").set_index("index").loc[names]
    height = max(4.0, 0.16 * len(names) + 1.5)
    tick = [f"{n}  [{meta.loc[n, 'source']}]" + (" ↓" if str(meta.loc[n, "greater_is_better"]) == "false" else "")
            + (f" = {meta.loc[n, 'twin']}" if str(meta.loc[n, "twin"]) not in ("", "nan") else "")
            for n in names]
    return verdict_heatmap(
        grid.to_numpy(dtype=float), tick, labels, figsize=(6.2, height),
        title="Catalogue indices: conditions met (green), not met (red), n/a (grey)\n"
              "↓ lower is better; = X: twin of index X (same function)")


def make_conditions_figure(table, prefix):
    """Write ``prefix`` .pdf, .png and .csv (the long data, :func:`conditions_data`) of
    ``table`` (catalogue.csv); returns the paths written."""
    data = conditions_data(table)
    return save_figure(plot_conditions(data), prefix, data)
