"""mullick2020's claims of Figs. 3, 4a, 4b and 5 decided again on KEEL problems.

The rows are :func:`imbeval_repro.papers.mullick2020.claims.mullick_experiment_rows` on the KEEL
run's ``fold_indices.csv`` and ``problems.csv`` (workflow/rules/keel.smk), with the same
thresholds, intervals and decision rule, as rows of their own: item ``"Fig. 3 (KEEL)"``
beside the stand-in's ``"Fig. 3"`` (so each is its own family of Holm's adjustment, and the
stand-in's rows are unchanged by the KEEL run), basis ``run on N <kind> KEEL problems from M
sources`` (each row says how many of them, and which units, its numbers use).

Units: a two-class problem's *family* (the source it was cut from: ecoli1, ecoli2 and
ecoli-0-1_vs_5 are one unit), a multi-class problem itself (``problems.csv``'s ``family``
column; :func:`imbeval.compare.problem_clusters_of`). Figs. 3 rest on the
two-class problems, Figs. 4a, 4b and 5 on the multi-class ones; Fig. 5's two claims on the
multi-class problems with at least ten classes (the paper's "ten-class" datasets, where
Type 2 distortion -- an index's range shrinking with C -- is strongest), named in their basis.
"""

from __future__ import annotations

import pandas as pd

from imbeval_repro import verdicts as cmp
from imbeval_repro.papers.mullick2020 import experiment as ex
from imbeval_repro.papers.mullick2020.claims import fig5_problems, mullick_experiment_rows

__all__ = ["KEEL_SUFFIX", "REFERENCE_SUFFIX", "keel_item", "keel_rows", "reference_rows"]

#: what a row of the shipped reference run (reference/keel/) adds to its KEEL item
REFERENCE_SUFFIX = " reference"

#: what a KEEL row's item adds to the stand-in's item
KEEL_SUFFIX = " (KEEL)"
_KINDS = {"two-class": ("Fig. 3",), "multi-class": ("Fig. 4a", "Fig. 4b", "Fig. 5")}


def keel_item(item: str) -> str:
    """The KEEL row's item of a stand-in item.

    >>> keel_item("Fig. 3")
    'Fig. 3 (KEEL)'
    """
    return f"{item}{KEEL_SUFFIX}"


def keel_rows(indices, problems, folds=None):
    """The KEEL rows of Figs. 3, 4a, 4b and 5 (claim rows of
    :func:`imbeval_repro.verdicts.claim`).

    Parameters
    ----------
    indices, problems : the KEEL run's ``run_indices.csv`` (or ``fold_indices.csv``) and
        ``problems.csv`` (paths or DataFrames; ``problems`` needs its ``kind`` and
        ``family`` columns).
    folds : the run's ``fold_indices.csv`` (path or DataFrame) when ``indices`` is its run
        table: Fig. 5's cells rest on their fold values.

    Returns
    -------
    list of claim rows, item ``"<item> (KEEL)"``, basis naming the problems and units.
    """
    indices = indices if isinstance(indices, pd.DataFrame) else pd.read_csv(indices)
    problems = problems if isinstance(problems, pd.DataFrame) else pd.read_csv(problems)
    missing = {"problem", "kind", "family", "n_classes"} - set(problems.columns)
    if missing:
        raise ValueError(f"the KEEL problems table lacks the columns {sorted(missing)} "
                         "(rerun `imbeval experiment keel-problems`)")
    folds = ex.read_fold_table(folds, ex.multi_class_problems(problems))
    rows = []
    for kind, items in _KINDS.items():
        part = problems[problems["kind"] == kind]
        if part.empty:
            continue
        basis = cmp.run_basis(f"{len(part)} {kind} KEEL problems from "
                              f"{part['family'].nunique()} sources")
        chosen, name = fig5_problems(part)
        fig5_basis = cmp.run_basis(
            f"{len(chosen)} multi-class KEEL problem{'s' if len(chosen) != 1 else ''} with "
            f"{name} ({', '.join(chosen)})") if chosen else basis
        used = indices[indices["problem"].isin(set(part["problem"]))]
        used_folds = None if folds is None else folds[folds["problem"].isin(set(part["problem"]))]
        for row in mullick_experiment_rows(used, part, basis=basis, folds=used_folds):
            if row["item"] not in items:
                continue
            item = keel_item(row["item"])
            rows.append({**row, "item": item,
                         "basis": fig5_basis if row["item"] == "Fig. 5" else row["basis"],
                         "units": [{**u, "item": item} for u in row.get("units", ())]})
    return rows


def reference_rows(reference_dir) -> pd.DataFrame:
    """The shipped reference run's claim rows (``claims.csv`` of ``imbeval experiment
    reference``), marked as such: item ``"<item> (KEEL) reference"`` (a family of its own,
    beside the configured KEEL slice's rows), basis naming the run's commit.

    Parameters
    ----------
    reference_dir : the folder of the reference results (``claims.csv``,
        ``provenance.json``).
    """
    import json
    from pathlib import Path

    folder = Path(reference_dir)
    claims = pd.read_csv(folder / "claims.csv", keep_default_na=False, na_values=[""])
    missing = [c for c in cmp.COLUMNS if c not in claims.columns]
    unknown = sorted(set(claims.get("kind", [])) - set(cmp.STATUSES))
    if missing or unknown:
        raise ValueError(f"{folder / 'claims.csv'} is not a verdict table of this version "
                         f"(missing columns {missing}, unknown kinds {unknown}): re-export "
                         "it with `imbeval experiment reference`")
    record = json.loads((folder / "provenance.json").read_text(encoding="utf-8"))
    commit = str(record.get("imbeval", {}).get("commit") or "unknown")[:12]
    claims["item"] = claims["item"].astype(str) + REFERENCE_SUFFIX
    claims["basis"] = [f"{b} -- the shipped reference run of the whole KEEL collection "
                       f"(reference/keel, commit {commit})" for b in claims["basis"]]
    return claims[cmp.COLUMNS]
