"""``table`` datasets: precomputed features with a label column (CSV, Parquet or NPZ).

For a user's own embeddings or a UCI table: one row per point, numeric feature columns and
a label column (``label`` unless the config names another). Classes are the distinct
labels, compared as text (``1`` in the table and ``"1"`` in the config are the same class);
a higher-level concept is a union of labels.

Formats, by file suffix:

- ``.csv`` -- a header row naming the columns;
- ``.parquet`` / ``.pq`` -- read with pyarrow;
- ``.npz`` -- the label column as a 1-D array named like it, and the features either as
  one 2-D array ``X`` or as 1-D arrays, one per feature column.

Feature columns are every other column unless ``feature_columns`` lists them. A missing
label column, a non-numeric or incomplete feature column, a missing label, or fewer than
two classes is a ValueError naming the file (and ``what``, the config key).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterable, Mapping

import numpy as np

__all__ = ["TABLE_SUFFIXES", "read_table", "table_classes", "parse_label_concepts",
           "table_concept_rows"]

TABLE_SUFFIXES = (".csv", ".parquet", ".pq", ".npz")


def _columns_npz(path: Path, label_column: str, what: str) -> dict:
    try:
        with np.load(path, allow_pickle=False) as z:
            arrays = {k: z[k] for k in z.files}
    except (OSError, ValueError, EOFError) as exc:
        raise ValueError(f"{what}: {path} is not a readable NPZ file ({exc})") from None
    if label_column not in arrays:
        raise ValueError(f"{what}: {path} has no label column {label_column!r} (arrays: "
                         f"{sorted(arrays)}); set experiment.features.label_column")
    cols = {label_column: arrays.pop(label_column)}
    if "X" in arrays:
        X = arrays.pop("X")
        if X.ndim != 2:
            raise ValueError(f"{what}: {path}: X must be 2-D, got shape {X.shape}")
        cols.update({f"x{j}": X[:, j] for j in range(X.shape[1])})
    cols.update(arrays)
    bad = [k for k, v in cols.items() if np.asarray(v).ndim != 1]
    if bad:
        raise ValueError(f"{what}: {path}: arrays {bad} are not 1-D columns")
    return cols


def _frame(path: Path, label_column: str, what: str):
    import pandas as pd

    suffix = path.suffix.lower()
    if not path.is_file():
        raise ValueError(f"{what}: table {path} does not exist")
    if suffix not in TABLE_SUFFIXES:
        raise ValueError(f"{what}: {path} has suffix {suffix!r}; allowed: "
                         f"{', '.join(TABLE_SUFFIXES)}")
    if suffix == ".csv":
        try:
            return pd.read_csv(path, dtype={label_column: str}, keep_default_na=True)
        except (pd.errors.ParserError, pd.errors.EmptyDataError, UnicodeDecodeError) as exc:
            raise ValueError(f"{what}: {path} is not a readable CSV ({exc})") from None
    if suffix in (".parquet", ".pq"):
        try:
            return pd.read_parquet(path)
        except ImportError as exc:
            raise ValueError(f"{what}: reading Parquet needs pyarrow (pip install pyarrow): "
                             f"{exc}") from None
        except Exception as exc:  # noqa: BLE001 -- pyarrow raises its own error types
            raise ValueError(f"{what}: {path} is not a readable Parquet file ({exc})") from None
    cols = _columns_npz(path, label_column, what)
    lengths = {len(v) for v in cols.values()}
    if len(lengths) > 1:
        raise ValueError(f"{what}: {path}: arrays have different lengths {sorted(lengths)}")
    return pd.DataFrame(cols)


def _labels(frame, path, label_column, what) -> np.ndarray:
    if label_column not in frame.columns:
        raise ValueError(f"{what}: {path} has no label column {label_column!r} (columns: "
                         f"{[str(c) for c in frame.columns][:20]}); set "
                         "experiment.features.label_column")
    raw = frame[label_column]
    missing = np.flatnonzero(raw.isna().to_numpy())
    if missing.size:
        raise ValueError(f"{what}: {path}: label column {label_column!r} is empty in "
                         f"{missing.size} row(s) (first: row {missing[0] + 1})")
    # Integral floats (a Parquet column with a missing value became float) read as ints.
    values = raw.to_numpy()
    if values.dtype.kind == "f" and np.all(values == np.round(values)):
        values = values.astype(np.int64)
    labels = np.array([str(v).strip() for v in values])
    return labels


def table_classes(path: str | os.PathLike, label_column: str = "label",
                  what: str = "experiment.features.path") -> dict[str, int]:
    """``{label: count}`` of the table, sorted by label; at least two classes."""
    path = Path(path)
    labels = _labels(_frame(path, label_column, what), path, label_column, what)
    names, counts = np.unique(labels, return_counts=True)
    if names.size < 2:
        raise ValueError(f"{what}: {path}: label column {label_column!r} holds "
                         f"{names.size} class(es) {names.tolist()}; at least two are needed")
    return {str(n): int(c) for n, c in zip(names, counts)}


def read_table(path: str | os.PathLike, label_column: str = "label",
               feature_columns: Iterable[str] | None = None,
               what: str = "experiment.features.path"):
    """``(X float32 n x d, labels str n, feature column names)`` of a table file."""
    path = Path(path)
    frame = _frame(path, label_column, what)
    labels = _labels(frame, path, label_column, what)
    if feature_columns is None:
        feature_columns = [c for c in frame.columns if c != label_column]
    else:
        feature_columns = list(feature_columns)
        absent = [c for c in feature_columns if c not in frame.columns]
        if absent:
            raise ValueError(f"{what}: {path} has no feature column(s) {absent}")
    if not feature_columns:
        raise ValueError(f"{what}: {path} has no feature column besides {label_column!r}")
    import pandas as pd

    feats = frame[feature_columns]
    bad = [str(c) for c in feature_columns if not pd.api.types.is_numeric_dtype(feats[c])
           or pd.api.types.is_bool_dtype(feats[c])]
    if bad:
        raise ValueError(f"{what}: {path}: feature column(s) {bad[:10]} are not numeric; list "
                         "the numeric ones in experiment.features.feature_columns")
    X = feats.to_numpy(dtype=np.float64)
    bad_rows = np.flatnonzero(~np.isfinite(X).all(axis=1))
    if bad_rows.size:
        raise ValueError(f"{what}: {path}: {bad_rows.size} row(s) have missing or infinite "
                         f"feature values (first: row {bad_rows[0] + 1})")
    return X.astype(np.float32), labels, [str(c) for c in feature_columns]


def parse_label_concepts(concepts: Mapping[str, Iterable], classes: Iterable[str],
                         what: str = "experiment.concepts") -> dict[str, list[str]]:
    """Validate ``{concept: [label, ...]}`` against the table's labels (compared as text)."""
    from imbeval_repro.experiment.data.shards import check_concepts

    return check_concepts({n: [str(m).strip() for m in ms] for n, ms in concepts.items()},
                          "label", known=classes, source="the table", key=what)


def table_concept_rows(path, concepts, label_column="label", feature_columns=None) -> dict:
    """``{concept: {"X", "paths", "labels"}}``: the rows of each concept's labels, in table
    order; ``paths`` are ``<file name>/<row>``."""
    X, labels, _ = read_table(path, label_column, feature_columns)
    parsed = parse_label_concepts(concepts, np.unique(labels))
    name = Path(path).name
    out = {}
    for concept, members in parsed.items():
        idx = np.flatnonzero(np.isin(labels, members))
        out[concept] = {"X": X[idx], "paths": np.array([f"{name}/{i}" for i in idx]),
                        "labels": labels[idx]}
    return out
