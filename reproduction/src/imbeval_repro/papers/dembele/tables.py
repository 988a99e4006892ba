"""dembele: Tables 1-11 regenerated from the printed matrices, in the paper's layout.

The paper writes matrices with rows = predicted class, columns = true class; the printed
matrices (:data:`imbeval_repro.papers.dembele.printed.MATRICES`) are transposed once into the
project's layout and every measure is computed by :mod:`imbeval.indices.dembele`. Output
tables keep his layout: one row per measure (labels as printed), one column per matrix:

- ``Mx`` the matrix, ``Mtx`` its estimate M~ = D^{1/2} M D^{-1/2} (eq. 22),
  ``M7J`` = M7 + J5/5 (Table 3, because M7 has an empty diagonal entry);
- Table 5: each matrix converted to a single 2x2 by pair counting (eqs. 13-14);
- Tables 6-9: column ``j`` = class j against the rest, ``jm`` = M~ of that 2x2
  ("modified CM");
- Tables 10-11: M8 (LDA hard assignments on MNIST) and M9 (summed LDA memberships).

Measures: binary rates (sen, spe, pre, f1, fmi, auc) of a 2x2 [[TP, FN], [FP, TN]]; acc;
κ; mcc.s = (MCC+1)/2; nmi; cen.s = 1 - CEN; mcen.s = 1 - MCEN; eve; thr_min/thr_max (the
Gershgorin bounds of A); mu_k / lam_k = the k-th largest eigenvalue of A / B.

A cell agrees when it is within one unit of its last printed digit (the paper sometimes
truncates, sometimes rounds): rule ``"last digit"`` of :mod:`imbeval_repro.verdicts`.

:func:`imbeval_repro.papers.dembele.mnist_lda.mnist_confusions` rebuilds M8 and M9 from MNIST with
scikit-learn's LinearDiscriminantAnalysis -- the optional target, only where MNIST is on
disk (:func:`imbeval_repro.experiment.data.mnist.load_mnist` reads it).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from imbeval.indices import dembele as dm
from imbeval.indices.mortaz2020 import accuracy
from imbeval_repro import verdicts as cmp
from imbeval_repro.papers.dembele import printed as pr

__all__ = ["matrices", "columns", "measure", "regenerate", "tables", "verdict_rows",
           "derived_matrices"]

PAPER = "dembele"


def matrices() -> dict[str, np.ndarray]:
    """The printed matrices in the project's layout (rows = true class)."""
    return {name: np.asarray(m, dtype=float).T for name, m in pr.MATRICES.items()}


def _ovr(m, n_classes):
    blocks = dm.one_vs_rest_2x2(m)
    cols = {str(j + 1): blocks[j] for j in range(n_classes)}
    cols.update({f"{j + 1}m": dm.m_tilde(blocks[j]) for j in range(n_classes)})
    return cols


def columns(table: str, cm: dict | None = None) -> dict[str, np.ndarray]:
    """The matrix (project layout) behind each column of a table."""
    cm = matrices() if cm is None else cm
    j5 = np.full((5, 5), 1 / 5)
    binary = {k: cm[k] for k in ("Ma", "Mb", "Mc", "M1", "M2", "M3")}
    multi = {"M4": cm["M4"], "M5": cm["M5"], "M6": cm["M6"], "M7": cm["M7"],
             "Mt5": dm.m_tilde(cm["M5"]), "Mt6": dm.m_tilde(cm["M6"]),
             "Mt7": dm.m_tilde(cm["M7"])}
    recipes = {
        "Table 1": lambda: binary,
        "Table 2": lambda: {**binary, "Mt2": dm.m_tilde(cm["M2"]), "Mt3": dm.m_tilde(cm["M3"])},
        "Table 3": lambda: {"M4": cm["M4"], "M5": cm["M5"], "M6": cm["M6"], "M7J": cm["M7"] + j5},
        "Table 4": lambda: multi,
        "Table 5": lambda: {k: dm.pair_counting_2x2(v) for k, v in multi.items()},
        "Table 6": lambda: _ovr(cm["M4"], 3),
        "Table 7": lambda: _ovr(cm["M5"], 3),
        "Table 8": lambda: _ovr(cm["M6"], 5),
        "Table 9": lambda: _ovr(cm["M7"], 5),
        "Table 10": lambda: {"M8": cm["M8"], "M9": cm["M9"]},
        "Table 11": lambda: {"M8": cm["M8"], "M9": cm["M9"]},
    }
    if table not in recipes:
        raise ValueError(f"unknown table {table!r}; dembele has {list(recipes)}")
    return recipes[table]()


def _binary_rates(x):
    tp, fn, fp, tn = x[..., 0, 0], x[..., 0, 1], x[..., 1, 0], x[..., 1, 1]
    with np.errstate(divide="ignore", invalid="ignore"):
        sen, spe, pre = tp / (tp + fn), tn / (tn + fp), tp / (tp + fp)
        f1 = 2 * pre * sen / (pre + sen)  # eq. 5: NA when pre = sen = 0 (Table 9)
    return {"sen": sen, "spe": spe, "pre": pre, "f1": f1, "fmi": np.sqrt(pre * sen),
            "auc": (sen + spe) / 2}


def measure(name: str, x) -> float:
    """The value row ``name`` (canonical, see :data:`printed.ROW_ALIASES`) reports."""
    x = np.asarray(x, dtype=float)
    if name in ("sen", "spe", "pre", "f1", "fmi", "auc"):
        return float(_binary_rates(x)[name])
    if name.startswith("mu") or name.startswith("lam"):
        which, k = ("A", int(name[2:])) if name.startswith("mu") else ("B", int(name[3:]))
        values = dm.eigenvalues(x, matrix=which)
        return float(values[k - 1]) if k <= values.shape[-1] else float("nan")
    simple = {
        "acc": lambda: accuracy(x), "kappa": lambda: dm.kappa(x),
        "mcc.s": lambda: (dm.mcc(x) + 1) / 2, "nmi": lambda: dm.nmi(x),
        "cen.s": lambda: 1 - dm.cen(x), "mcen.s": lambda: 1 - dm.mcen(x),
        "eve": lambda: dm.eve(x), "thr_min": lambda: dm.eigenvalue_bounds(x)[0],
        "thr_max": lambda: dm.eigenvalue_bounds(x)[1],
    }
    if name not in simple:
        raise ValueError(f"unknown measure {name!r}")
    return float(simple[name]())


def _row_labels(table):
    lines = pr.TABLES[table].strip().splitlines()
    return [line.split()[0] for line in lines[1:]], lines[0].split()


def regenerate(table: str, cm: dict | None = None) -> pd.DataFrame:
    """One table in the paper's layout: printed row labels x printed columns, our values.

    Cells the paper leaves empty ('-': a 3-class matrix has no 4th eigenvalue) stay NaN.
    """
    labels, header = _row_labels(table)
    cols = columns(table, cm)
    printed_cells = pr.parse_table(pr.TABLES[table], canonical=False)
    data = {}
    for col in header:
        data[col] = [
            measure(pr.ROW_ALIASES.get(label, label), cols[col])
            if (label, col) in printed_cells else np.nan
            for label in labels
        ]
    frame = pd.DataFrame(data, index=labels)
    frame.index.name = "measure"
    if table == "Table 11":
        drop = 100 * (frame["M8"] - frame["M9"]) / frame["M8"]
        frame = pd.concat([frame, drop.rename("drop %").to_frame().T])
    return frame


def tables(cm: dict | None = None) -> dict[str, pd.DataFrame]:
    """Every table of the paper regenerated (``{"Table 1": frame, ...}``), from ``cm``
    (default: the printed matrices, :func:`matrices`)."""
    return {table: regenerate(table, cm) for table in pr.TABLES}


def verdict_rows(regenerated: dict[str, pd.DataFrame] | None = None):
    """Every printed number of the tables against ours (rows of
    :mod:`imbeval_repro.verdicts`); ``regenerated`` defaults to :func:`tables`."""
    regenerated = tables() if regenerated is None else regenerated
    for table, text in pr.TABLES.items():
        frame = regenerated[table]
        for (label, col), printed in pr.parse_table(text, canonical=False).items():
            canonical = pr.ROW_ALIASES.get(label, label)
            yield cmp.row(PAPER, table, label, col, printed, frame.loc[label, col],
                          rule="last digit",
                          erratum=pr.erratum(table, canonical, col))
    # The paper's drops were computed from its rounded entries: within one unit of the
    # last digit (0.1 percentage point) is agreement.
    drop = regenerated["Table 11"].loc["drop %"]
    for row_name, printed in pr.TABLE11_DROP.items():
        label = "κ" if row_name == "kappa" else row_name
        yield cmp.row(PAPER, "Table 11", "drop %", label, printed, drop[label], rule="one unit")
    yield from text_verdict_rows()


def _change(before, after):
    return 100 * (after - before) / before


def text_verdict_rows(cm: dict | None = None):
    """The numbers Section 3 and 5 quote in the text (:data:`printed.TEXT`)."""
    cm = matrices() if cm is None else cm
    j5 = np.full((5, 5), 1 / 5)
    eve = {"M7": dm.eve(cm["M7"]), "M7 + J5/5": dm.eve(cm["M7"] + j5)}
    pairs = {"drop % M1 -> M2": (cm["M1"], cm["M2"]),
             "change % M2 -> M~2": (cm["M2"], dm.m_tilde(cm["M2"])),
             "drop % M6 -> M7": (cm["M6"], cm["M7"]), "drop % M8 -> M9": (cm["M8"], cm["M9"])}
    names = {"precision": "pre", "F1-score": "f1", "accuracy": "acc", "auc": "auc", "eve": "eve"}
    for (item, quantity, column), printed in pr.TEXT.items():
        if quantity == "EVE":
            yield cmp.row(PAPER, item, quantity, column, printed, eve[column])
            continue
        a, b = (measure(names[column], x) for x in pairs[quantity])
        value = _change(a, b) if quantity.startswith("change") else -_change(a, b)
        yield cmp.row(PAPER, item, quantity, column, printed, value)
    example = pr.TEXT_EXAMPLE
    m = np.asarray(example["matrix"], dtype=float)
    values = {}
    for (which, name), printed in example["values"].items():
        x = m if which == "M" else dm.m_tilde(m)
        values[(which, name)] = measure(name, x)
        yield cmp.row(PAPER, "text, Section 3 example", name, which, printed,
                      values[(which, name)])
    # the paper's percentages are computed from its two-decimal values (0.44 -> 0.64 is
    # +45.45 %, from 0.4444 it would be +44.0 %): so are ours
    for name, printed in example["changes"].items():
        before = round(values[("M", name)], 2)
        after = round(values[("M~", name)], 2)
        yield cmp.row(PAPER, "text, Section 3 example", f"change % M -> M~ (from the values "
                      "at print precision)", name, printed, _change(before, after))


def derived_matrices(cm: dict | None = None) -> pd.DataFrame:
    """The M~ estimates, pair-counting and one-vs-rest 2x2s, in his layout (rows predicted).

    Long format: ``name, row, column, value`` (row/column 1-based).
    """
    cm = matrices() if cm is None else cm
    found = {}
    for name in ("M2", "M3", "M5", "M6", "M7"):
        found[f"M~{name[1:]}"] = dm.m_tilde(cm[name])
    found["M~7 of M7+J5/5"] = dm.m_tilde(cm["M7"] + 1 / 5)
    for name in ("M4", "M5", "M6", "M7"):
        found[f"pair counting {name}"] = dm.pair_counting_2x2(cm[name])
        for j, block in enumerate(dm.one_vs_rest_2x2(cm[name])):
            found[f"{name} class {j + 1} vs rest"] = block
            found[f"{name} class {j + 1} vs rest, M~"] = dm.m_tilde(block)
    records = []
    for name, m in found.items():
        his = np.asarray(m).T
        for i, j in np.ndindex(his.shape):
            records.append({"name": name, "row": i + 1, "column": j + 1, "value": his[i, j]})
    return pd.DataFrame(records)
