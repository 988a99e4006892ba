"""properties.csv and dutch_draw.csv: Gösgens et al.'s properties and the Dutch Draw baseline
of every index.

``properties.csv`` (long): one row per (index, classes, property) for every registered index
(the papers', the catalogue's, the user's): ``index, source, twin, orientation, scope,
classes, property, verdict`` (``holds`` / ``fails`` / ``undecided``), ``evidence`` (the
verdict in words), ``counterexample`` (JSON: the matrices or class sizes of a failure),
``n_checked``, ``n_undefined``; for two classes also ``verdict_nondegenerate`` and
``evidence_nondegenerate``: the same check with the matrices of a labeling that lacks a class
left out (``check_properties(..., degenerate=False)``). Two-class rows for every index,
C-class rows (``classes`` = C, 3 by default) for the multi-class ones. An index that is another's twin or alias (the
same function) takes that index's verdicts: they are computed once per function.

``dutch_draw.csv``: one row per (two-class-capable index, problem) of
:func:`imbeval.baselines.dutch_draw_table`, with ``source`` and ``twin``.

:data:`GOESGENS_MEASURES` maps the measures of Gösgens et al.'s table to their names here.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from imbeval.utils.io import write_csv
from imbeval.utils.tables import read_string_table

__all__ = ["GOESGENS_MEASURES", "PROPERTY_COLUMNS", "properties_table", "dutch_draw_frame",
           "write_properties", "read_properties", "goesgens_view", "property_counts"]

#: Gösgens et al.'s measures (their abbreviations) -> the index computing each here.
GOESGENS_MEASURES = {
    "F1": "f1", "Jaccard": "jaccard", "Acc": "accuracy", "BA": "acsa", "SBA": "sba",
    "κ (Cohen's kappa)": "kappa", "CC (Matthews)": "mcc", "CD (correlation distance)":
    "correlation_distance", "CE (confusion entropy)": "cen", "GM1": "gm1",
}

PROPERTY_COLUMNS = ("index", "source", "twin", "orientation", "scope", "classes", "property",
                    "verdict", "evidence", "counterexample", "n_checked", "n_undefined",
                    "verdict_nondegenerate", "evidence_nondegenerate")


def _names(names):
    from imbeval.indices import registry

    reg = registry(catalogue=True)
    if names is None:
        return reg, list(reg)
    names = list(names)
    unknown = [n for n in names if n not in reg]
    if unknown:
        raise ValueError(f"unknown index {unknown[0]!r}; known indices: {', '.join(reg)}")
    return reg, names


def properties_table(names=None, *, classes=(2, 3), max_n=24, distance_n=10, n_search=1500,
                     seed=0, progress=None):
    """Check every property for every index; return properties.csv as a DataFrame.

    Parameters
    ----------
    names : list of str, optional
        Registered names (default every index, the catalogue's included).
    classes : tuple of int
        The numbers of classes: 2 for every index, each C > 2 for the multi-class ones.
    max_n, distance_n, n_search, seed
        As :func:`imbeval.audit.check_properties`.
    progress : callable, optional
        Called with each index name before it is checked.

    Returns
    -------
    pandas.DataFrame with the columns :data:`PROPERTY_COLUMNS`.

    Examples
    --------
    >>> t = properties_table(["accuracy", "hamming_loss"], classes=(2,), max_n=8, distance_n=4)
    >>> t.groupby("index")["verdict"].apply(lambda v: (v == "holds").sum()).to_dict()
    {'accuracy': 7, 'hamming_loss': 7}
    """
    from imbeval.audit.properties import check_properties

    reg, names = _names(names)
    classes = tuple(classes)
    if not classes or any(isinstance(c, bool) or not isinstance(c, int) or c < 2 for c in classes):
        raise ValueError(f"classes must be integers >= 2, got {classes!r}")
    done: dict = {}
    rows = []
    for k, name in enumerate(names):
        info = reg[name]
        if progress:
            progress(name)
        for c in classes:
            if not info.applies_to(c):
                continue
            key = (id(info.function), c)
            if key not in done:
                kwargs = dict(classes=c, max_n=max_n, distance_n=distance_n, n_search=n_search,
                              seed=seed, greater_is_better=info.greater_is_better, name=name)
                done[key] = (check_properties(info.function, **kwargs),
                             check_properties(info.function, degenerate=False, **kwargs)
                             if c == 2 else None)
            found, strict = done[key]
            for prop, verdict in found.items():
                other = strict[prop] if strict else None
                rows.append({"index": name, "source": info.paper, "twin": info.alias_of or "",
                             "orientation": "higher is better" if info.greater_is_better
                             else "lower is better", "scope": info.scope, "classes": c,
                             **verdict.row(),
                             "verdict_nondegenerate": other.verdict if other else "",
                             "evidence_nondegenerate": other.summary if other else ""})
    return pd.DataFrame(rows, columns=list(PROPERTY_COLUMNS))


def dutch_draw_frame(problems, names=None):
    """dutch_draw.csv as a DataFrame: every two-class-capable index at each problem's sizes.

    Parameters
    ----------
    problems : list of (str, int, int)
        (problem, positives, negatives).
    names : list of str, optional
        Registered names (default every index that applies to two classes).

    Returns
    -------
    pandas.DataFrame: ``index, source, twin, problem, positives, negatives, ir, orientation,
    baseline, theta, k, optimal_thetas, n_undefined_k`` (a baseline within 1e-12 of 0 is
    written 0: rounding of an exact 0).
    """
    from imbeval.baselines import dutch_draw_table

    reg, names = _names(names)
    names = [n for n in names if reg[n].applies_to(2)]
    rows = dutch_draw_table(names, problems)
    for r in rows:
        info = reg[r["index"]]
        r["source"], r["twin"] = info.paper, info.alias_of or ""
        r["ir"] = r["negatives"] / r["positives"]
        if abs(r["baseline"]) < 1e-12:
            r["baseline"] = 0.0
    columns = ["index", "source", "twin", "problem", "positives", "negatives", "ir",
               "orientation", "baseline", "theta", "k", "optimal_thetas", "n_undefined_k"]
    return pd.DataFrame(rows, columns=columns)


def write_properties(table, dutch, out_dir):
    """Write ``properties.csv`` and ``dutch_draw.csv`` into ``out_dir``; return their paths."""
    out = Path(out_dir)
    return (write_csv(table, out / "properties.csv"),
            write_csv(dutch, out / "dutch_draw.csv", float_format="%.10g"))


def read_properties(path):
    """properties.csv as a DataFrame of strings."""
    return read_string_table(path, PROPERTY_COLUMNS, "imbeval theory properties")


def property_counts(table):
    """Per (index, classes): how many properties hold, most first."""
    held = (table.assign(holds=table["verdict"] == "holds")
            .groupby(["index", "classes"], sort=False)["holds"].sum().astype(int)
            .rename("properties_held").reset_index())
    return held.sort_values(["properties_held", "index"], ascending=[False, True], kind="stable")


def goesgens_view(table, classes="2"):
    """Gösgens et al.'s measures × properties: our verdicts at ``classes`` (a wide table)."""
    from imbeval.audit.properties import PROPERTIES

    t = table[table["classes"].astype(str) == str(classes)]
    rows = []
    for label, name in GOESGENS_MEASURES.items():
        part = t[t["index"] == name].set_index("property")
        row = {"measure": label, "index": name}
        for p in PROPERTIES:
            row[p] = part.loc[p, "verdict"] if p in part.index else ""
        rows.append(row)
    return pd.DataFrame(rows)

