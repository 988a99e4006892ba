"""Gather the per-job result files into the result tables of the experiment.

Input files are *fold files* (one outer fold of a (problem, classifier, run), written by a
per-fold job, :func:`imbeval_repro.experiment.protocol.cv.run_folds`) or whole *run files*
(:func:`imbeval_repro.experiment.protocol.cv.run_protocol`). Fold files are gathered into runs
(:func:`imbeval_repro.experiment.protocol.cv.gather_folds`: every fold exactly once, in fold order); runs are
taken in the sorted order of their files' paths (a run's fold files
``.../run<r>/fold<k>.json`` sort where its run file ``.../run<r>.json`` would), so the
tables are the same bytes whichever way the runs were cut into jobs.

Tables (CSV, written atomically):

- ``fold_indices.csv``: ``problem, classifier, run, fold, scheme, rrt, index, value`` -- every
  registered index that applies (two-class indices on two-class problems only) on every
  confusion matrix; ``rrt`` is the realised ratio of the test set; undefined values (0/0)
  are empty cells;
- ``confusion_matrices.csv``: ``problem, classifier, run, fold, scheme, true, predicted,
  count`` (long format, class names as in ``problems.csv``);
- ``test_sets.csv``: per test set the target and realised RRT, the class counts, the
  sampling rule (``subsample`` / ``bootstrap`` / ``clip``) and the classes drawn with
  replacement;
- ``hyperparameters.csv``: ``problem, classifier, run, fold, params`` (JSON of the setting
  chosen by the in-fold tuning);
- ``summary.csv``: mean, standard deviation and count of each index over runs x folds per
  ``problem, classifier, scheme``;
- ``run_indices.csv``: ``problem, classifier, run, scheme, rrt, index, value, fold_mean,
  undefined_folds, zero_folds, folds`` -- every index of each CV run computed once from the run's
  confusion matrices summed over its folds (per test-set scheme), the estimate the claims
  and figures rest on (:data:`RUN_ESTIMATOR`); ``fold_mean`` is the mean of the index's
  defined fold values beside it, ``undefined_folds`` how many of the run's ``folds`` fold
  values are undefined and ``zero_folds`` how many are exactly 0 (GMean's collapse, a
  class never recognised on the fold: mullick2020 Fig. 5), ``rrt`` the mean of the folds' realised ratios.

Why pooled (Forman & Scholz 2010, "Apples-to-apples in cross-validation studies", SIGKDD
Explorations 12(1)): an index of a fold is undefined whenever a fold's matrix makes it 0/0
(Precision with no positive prediction), and on highly imbalanced sets some fold always does;
the mean of the defined folds then estimates another quantity, and a claim resting on it
cannot be decided. Summed over a run's folds every test point is counted once, the matrix is
the run's, and an index is undefined only if the whole run makes it so (on the KEEL slice 0
of 2,000 two-class run values against 16 of 1,200 fold values). The run is the unit
within a problem (:mod:`imbeval_repro.papers.mullick2020.experiment`); only this step changes
with the estimator, no classifier job.
"""

from __future__ import annotations

import json
import os
from typing import Iterable

import numpy as np
import pandas as pd

__all__ = ["collect_runs", "gather_runs", "run_indices", "RUN_ESTIMATOR", "RUN_COLUMNS",
           "RUN_TABLE", "FOLD_TABLE"]

#: the file the claims and figures of mullick2020's experiment read (beside fold_indices.csv)
RUN_TABLE = "run_indices.csv"
#: the fold values beside it (Fig. 5's cell intervals rest on them)
FOLD_TABLE = "fold_indices.csv"

#: what a value of ``run_indices.csv`` is, as rows and Methods name it
RUN_ESTIMATOR = ("the index of each CV run's confusion matrix summed over its folds "
                 "(Forman & Scholz 2010)")
#: the columns of ``run_indices.csv``
RUN_COLUMNS = ["problem", "classifier", "run", "scheme", "rrt", "index", "value", "fold_mean",
               "undefined_folds", "zero_folds", "folds"]


RUN_KEYS = {"problem", "classifier", "run", "classes", "folds"}


def _load_run(path) -> dict:
    try:
        with open(path, encoding="utf-8") as fh:
            run = json.load(fh)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ValueError(f"run file {path} is not valid JSON ({exc}); delete it and rerun") from exc
    # Valid JSON of another shape would otherwise fail later with a bare KeyError.
    if not isinstance(run, dict) or not RUN_KEYS <= set(run):
        raise ValueError(f"run file {path} is not a run file (needs keys {sorted(RUN_KEYS)}); "
                         "delete it and rerun")
    return run


def _run_order_key(path: str, run: dict) -> str:
    """Where a run sorts: its run file's path, or for a fold file the folder of its run
    (``.../run3/fold0.json`` -> ``.../run3``, which sorts among siblings as ``.../run3.json``
    does: '/' and '.' both sort before every digit and letter)."""
    return os.path.dirname(path) if "n_folds" in run else os.path.splitext(path)[0]


def gather_runs(paths: Iterable[str | os.PathLike]) -> list[dict]:
    """Run dicts from run files and fold files, in the deterministic order described above.

    Fold files of one run are gathered into that run; a fold missing, given twice, or a
    header that disagrees raises ``ValueError`` naming the files.
    """
    from imbeval_repro.experiment.protocol.cv import gather_folds

    groups: dict[tuple, list[tuple[str, dict]]] = {}
    for path in sorted(map(str, paths)):
        r = _load_run(path)
        groups.setdefault((r["problem"], r["classifier"], r["run"]), []).append((path, r))
    runs = []
    for members in groups.values():
        if len(members) == 1 and "n_folds" not in members[0][1]:
            runs.append((_run_order_key(*members[0]), members[0][1]))
            continue
        whole = [p for p, r in members if "n_folds" not in r]
        if whole:
            raise ValueError(f"run file {whole[0]} and fold files of the same run are both given "
                             f"({members[0][0]}, ...); give one or the other")
        run = gather_folds([r for _, r in members], sources=[p for p, _ in members])
        runs.append((min(_run_order_key(p, r) for p, r in members), run))
    return [run for _, run in sorted(runs, key=lambda pair: pair[0])]


def collect_runs(paths: Iterable[str | os.PathLike], indices: list[str] | None = None) -> dict[str, pd.DataFrame]:
    """Build the result tables from run files or fold files (see the module docstring)."""
    from imbeval.indices import compute, registry

    reg = registry()
    cm_rows, ts_rows, hp_rows, keys, mats = [], [], [], [], []
    for r in gather_runs(paths):
        classes = r["classes"]
        for f in r["folds"]:
            base = {"problem": r["problem"], "classifier": r["classifier"], "run": r["run"], "fold": f["fold"]}
            hp_rows.append({**base, "params": json.dumps(f["params"], sort_keys=True)})
            for ts in f["test_sets"]:
                key = {**base, "scheme": ts["scheme"], "rrt": ts["rrt"]}
                m = np.asarray(ts["confusion"], dtype=np.int64)
                keys.append((key, len(classes)))
                mats.append(m)
                ts_rows.append({**base, "scheme": ts["scheme"], "target_rrt": ts["target_rrt"],
                                "rrt": ts["rrt"], "counts": ";".join(map(str, ts["counts"])),
                                "n": int(sum(ts["counts"])), "rule": ts["rule"],
                                "replaced": ";".join(ts["replaced"])})
                for i, ti in enumerate(classes):
                    for j, pj in enumerate(classes):
                        cm_rows.append({**base, "scheme": ts["scheme"], "true": ti,
                                        "predicted": pj, "count": int(m[i, j])})
    if not keys:
        raise ValueError("no run files to collect")
    # Compute per number of classes, one stacked call each.
    index_rows = []
    by_c: dict[int, list[int]] = {}
    for k, (_, C) in enumerate(keys):
        by_c.setdefault(C, []).append(k)
    values_by_row: dict[int, dict[str, float]] = {}
    for C, rows in by_c.items():
        names = [n for n, info in reg.items() if info.applies_to(C)]
        if indices is not None:
            names = [n for n in names if n in indices]
        vals = compute(np.stack([mats[k] for k in rows]), names)
        for pos, k in enumerate(rows):
            values_by_row[k] = {n: float(vals[n][pos]) for n in names}
    for k, (key, _) in enumerate(keys):
        for name, value in values_by_row[k].items():
            index_rows.append({**key, "index": name, "value": value})
    idx = pd.DataFrame(index_rows, columns=["problem", "classifier", "run", "fold", "scheme", "rrt", "index", "value"])
    summary = (idx.groupby(["problem", "classifier", "scheme", "index"], sort=True)["value"]
               .agg(mean="mean", std="std", n="count").reset_index())
    return {
        "run_indices": run_indices(keys, mats, idx, indices),
        "fold_indices": idx,
        "confusion_matrices": pd.DataFrame(cm_rows),
        "test_sets": pd.DataFrame(ts_rows),
        "hyperparameters": pd.DataFrame(hp_rows),
        "summary": summary,
    }


def run_indices(keys, mats, fold_indices: pd.DataFrame, indices=None) -> pd.DataFrame:
    """``run_indices.csv`` (see the module docstring) from the fold-level test sets.

    Parameters
    ----------
    keys : list of ``(key, n_classes)``, ``key`` a dict with ``problem, classifier, run,
        fold, scheme, rrt`` -- one per fold test set, as :func:`collect_runs` gathers them.
    mats : the test sets' confusion matrices, in the order of ``keys``.
    fold_indices : the fold-level ``fold_indices.csv`` frame (for ``fold_mean`` and
        ``undefined_folds``).
    indices : the index names to compute (None: every registered index that applies).

    Returns
    -------
    DataFrame with :data:`RUN_COLUMNS`, sorted by problem, classifier, run, scheme, index.

    Examples
    --------
    Three folds of one run; Precision (of class 0) is undefined on the third (no point
    predicted as class 0), so the fold mean rests on two folds, the run's value on all:

    >>> k = [({"problem": "p", "classifier": "c", "run": 0, "fold": f, "scheme": "1",
    ...        "rrt": 1.0}, 2) for f in (0, 1, 2)]
    >>> m = [np.array([[2, 0], [1, 1]]), np.array([[1, 1], [3, 2]]), np.array([[0, 1], [0, 2]])]
    >>> from imbeval.indices import compute
    >>> fold = pd.DataFrame([{**key, "index": "precision", "value": float(compute(x,
    ...     ["precision"])["precision"])} for (key, _), x in zip(k, m)])
    >>> row = run_indices(k, m, fold, ["precision"]).iloc[0]
    >>> [round(float(row[c]), 4) for c in ("value", "fold_mean", "undefined_folds",
    ...                                    "zero_folds", "folds")]
    [0.4286, 0.4583, 1.0, 0.0, 3.0]
    """
    from imbeval.indices import compute, registry

    reg = registry()
    runs: dict[tuple, dict] = {}
    for (key, C), m in zip(keys, mats):
        unit = (key["problem"], key["classifier"], key["run"], key["scheme"])
        entry = runs.setdefault(unit, {"C": C, "matrix": np.zeros_like(m), "rrt": []})
        entry["matrix"] = entry["matrix"] + m
        entry["rrt"].append(float(key["rrt"]))
    units = sorted(runs, key=lambda u: (str(u[0]), str(u[1]), int(u[2]), str(u[3])))
    by_c: dict[int, list[tuple]] = {}
    for u in units:
        by_c.setdefault(runs[u]["C"], []).append(u)
    values: dict[tuple, dict[str, float]] = {}
    for C, members in by_c.items():
        names = [n for n, info in reg.items() if info.applies_to(C)]
        if indices is not None:
            names = [n for n in names if n in indices]
        vals = compute(np.stack([runs[u]["matrix"] for u in members]), names)
        for pos, u in enumerate(members):
            values[u] = {n: float(vals[n][pos]) for n in names}
    folds = (fold_indices.assign(undefined=fold_indices["value"].isna(),
                                 zero=fold_indices["value"] == 0)
             .groupby(["problem", "classifier", "run", "scheme", "index"], sort=False)
             .agg(fold_mean=("value", "mean"), undefined_folds=("undefined", "sum"),
                  zero_folds=("zero", "sum"), folds=("value", "size")))
    rows = []
    for u in units:
        problem, classifier, run, scheme = u
        for name, value in values[u].items():
            stats = folds.loc[(problem, classifier, run, scheme, name)]
            rows.append({"problem": problem, "classifier": classifier, "run": run,
                         "scheme": scheme, "rrt": float(np.mean(runs[u]["rrt"])),
                         "index": name, "value": value, "fold_mean": float(stats["fold_mean"]),
                         "undefined_folds": int(stats["undefined_folds"]),
                         "zero_folds": int(stats["zero_folds"]), "folds": int(stats["folds"])})
    return pd.DataFrame(rows, columns=RUN_COLUMNS)
