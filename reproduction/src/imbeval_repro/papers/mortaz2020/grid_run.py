"""mortaz2020 Tables 16/18 from the grid's fold scores: the parts of a grid read back, their
shape checked, and the tables, summary and verdict rows of one dataset written."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd

from imbeval.utils.io import atomic_write_text
from imbeval.utils.tables import write_table
from imbeval_repro.papers.mortaz2020 import tables as mt
from imbeval_repro.papers.mortaz2020.grid_fit import merge_grid_parts

__all__ = ["read_grid_parts", "check_grid_shape", "write_grid"]

#: the grid's models (Tables 16/18)
GRID_SIZE = 18


def read_grid_parts(paths, *, seed: int, models=None) -> pd.DataFrame:
    """The fold scores of the grid's parts (CSV files of the grid-model jobs), merged; every
    model's part is needed unless ``models`` names a subset."""
    parts = []
    for path in paths:
        try:
            parts.append(pd.read_csv(path))
        except (OSError, ValueError) as exc:
            raise ValueError(f"grid part {path} cannot be read ({exc}); delete it and rerun") from None
    scores = merge_grid_parts(parts, seed=seed)
    if models is None and len(set(scores["model"])) != GRID_SIZE:
        raise ValueError(f"the grid parts hold {len(set(scores['model']))} of the {GRID_SIZE} "
                         "models; give every model's part (or --models for a subset)")
    return scores


def check_grid_shape(scores: pd.DataFrame, *, folds: int, repeats: int) -> None:
    """Refuse fold scores whose folds or CV repetitions are not the ones asked for."""
    if int(scores["fold"].max()) + 1 != folds:
        raise ValueError(f"the grid parts have {int(scores['fold'].max()) + 1} folds, "
                         f"--folds says {folds}")
    if int(scores["repeat"].max()) + 1 != repeats:
        raise ValueError(f"the grid parts have {int(scores['repeat'].max()) + 1} CV "
                         f"repetitions, --repeats says {repeats}")


def write_grid(scores: pd.DataFrame, dataset: str, *, folds: int, repeats: int, seed: int,
               out_dir) -> tuple[dict, list]:
    """Write ``grid_<dataset>_folds.csv``, ``grid_<dataset>.csv``/``.md`` and
    ``grid_<dataset>_summary.json`` into ``out_dir``; return the summary and the verdict rows
    (the table's numbers against the paper's, the selection claims, the printed selections)."""
    check_grid_shape(scores, folds=folds, repeats=repeats)
    out_dir = Path(out_dir)
    table = mt.grid_table(scores)
    item = mt.GRID_DATASETS[dataset]
    stem = f"grid_{dataset}"
    write_table(scores, out_dir / f"{stem}_folds.csv", None, index=False)
    notes = mt.grid_markdown_notes(table, dataset, folds, seed, scores)
    cv = f"{folds}-fold CV" + (f", {repeats} repetitions" if repeats > 1 else "")
    write_table(table, out_dir / f"{stem}.csv", out_dir / f"{stem}.md",
                title=f"mortaz2020 {item}: 18 models on {dataset} ({cv})", notes=notes)
    summary = {"dataset": dataset, "folds": folds, "repeats": repeats, "seed": seed,
               "selected": mt.grid_selection(table),
               "paper_selected": {k: v for k, v in mt.pr.GRID_SELECTED[item].items()
                                  if k != "dataset"},
               "iam_is_row_min_everywhere": bool(table["iam_is_row_min"].all())}
    atomic_write_text(out_dir / f"{stem}_summary.json", json.dumps(summary, indent=2) + "\n")
    rows = [*mt.grid_verdict_rows(scores, dataset, folds, seed),
            *mt.selection_claim_rows(scores, dataset, folds),
            *mt.printed_selection_rows(dataset)]
    return summary, rows
