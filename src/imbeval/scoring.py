"""From a long table of predictions to the long score table ``imbeval compare`` reads:
:func:`score_table` and ``imbeval score``.

The predictions table has one row per test point: columns ``dataset``, ``classifier``,
``fold`` (and ``run`` when the table has one), the true label ``y_true``, the predicted
label ``y_pred`` and/or the score ``y_score``, optionally a weight. Each (dataset,
classifier, run, fold) is a *group*: one test set, scored once per index. The result has
one row per group and index: ``problem, classifier, [run,] [fold,] index, value`` (with
``--ci``: ``low, high, level, method, coverage, undecidable``), the table of
:func:`imbeval.compare.read_table`.

The rules, stated once:

- *Classes.* The classes of a dataset are the distinct labels of its ``y_true`` and
  ``y_pred`` over all its classifiers and folds, sorted; a fold missing a class still has
  its row and column (zero), so an index that needs that class is undefined there, as
  :func:`imbeval.metrics.score` with ``labels=`` the dataset's classes. Labels that are all
  whole numbers are numbers (``"1"`` and ``1.0`` are the class 1), otherwise text.
- *Positive class.* Two-class indices score ``pos_label`` (default 1, as scikit-learn);
  labels that are text need it named. Multi-class indices ignore it.
- *Undefined values.* A value that is undefined on its group (0/0: a class with no true
  sample, a class never predicted, one class where the index needs two, a two-class index
  on a dataset of more classes) is NaN, and a warning names every such group and why;
  ``imbeval compare`` leaves a NaN fold out of its (problem, classifier) mean. Nothing is
  dropped: every group has a row for every index.
- *Indices of scores* need a group's scores together. From a DataFrame the groups are
  formed in memory; from a file, read in chunks, each group's rows must be one block
  (the file sorted by dataset, classifier, run, fold, as cross-validation writes it), and
  a group that starts again after another group is an error naming it. Label indices need
  no order: a group's confusion matrix is summed chunk by chunk.
- *Several classes' scores*: ``score_col`` names one column per class, in the order of the
  dataset's sorted classes (the columns of scikit-learn's ``predict_proba``), as a list
  (``["p_0", "p_1", "p_2"]``) or as a prefix with ``*`` (``"p_*"``: the columns whose names
  start with ``p_``, in the table's order). A two-class index of scores takes the positive
  class's column from them.
"""

from __future__ import annotations

import math
import os
import re
import warnings
import zlib
from numbers import Integral, Real
from pathlib import Path

import numpy as np
import pandas as pd

from imbeval.metrics._ci import CI_METHODS
from imbeval.utils._param_validation import Interval, StrOptions, validate_params

__all__ = ["score_table", "read_score_source", "INTERVAL_COLUMNS", "DEFAULT_CHUNKSIZE"]

#: rows read per chunk from a file
DEFAULT_CHUNKSIZE = 200_000

#: the interval columns ``ci=`` adds, each an attribute of the interval object
#: (:class:`imbeval.metrics.IndexInterval`); ``undecidable`` is None or why the interval is
#: not to be trusted
INTERVAL_COLUMNS = ("low", "high", "level", "method", "coverage", "undecidable")

_CI_METHODS = CI_METHODS
_PARQUET = (".parquet", ".pq")
_WHOLE = re.compile(r"[-+]?\d+(\.0*)?")


@validate_params({"path": [str, os.PathLike]})
def read_score_source(path):
    """``(kind, columns)`` of a predictions file: ``"csv"`` or ``"parquet"`` (by the
    suffix ``.parquet``/``.pq``) and its column names; a missing file is a
    FileNotFoundError naming it, Parquet without pyarrow an ImportError naming the extra.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "p.csv"
    >>> _ = path.write_text("dataset,classifier,fold,y_true,y_pred\\n")
    >>> read_score_source(path)
    ('csv', ['dataset', 'classifier', 'fold', 'y_true', 'y_pred'])
    """
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"predictions file {path} does not exist")
    if path.suffix.lower() in _PARQUET:
        from imbeval.utils._optional import import_optional

        pq = import_optional("pyarrow.parquet")
        try:
            return "parquet", list(pq.ParquetFile(path).schema_arrow.names)
        except Exception as exc:  # pyarrow's own errors: not a Parquet file
            raise ValueError(f"{path}: not a Parquet file ({exc})") from None
    try:
        header = pd.read_csv(path, nrows=0, skipinitialspace=True)
    except (pd.errors.ParserError, pd.errors.EmptyDataError, UnicodeDecodeError) as exc:
        raise ValueError(f"{path}: not a CSV table ({exc})") from None
    return "csv", [str(c).strip() for c in header.columns]


def _chunks(predictions, columns, text, chunksize):
    """The table's ``columns`` in chunks (each with its first row's number); ``text``
    columns are read as text from a CSV."""
    if isinstance(predictions, pd.DataFrame):
        frame = predictions[columns]
        step = len(frame) if chunksize is None else chunksize
        for start in range(0, max(len(frame), 1), max(step, 1)):
            yield start, frame.iloc[start:start + step]
        return
    path = Path(predictions)
    kind, _ = read_score_source(path)
    size = DEFAULT_CHUNKSIZE if chunksize is None else chunksize
    start = 0
    if kind == "parquet":
        import pyarrow.parquet as pq

        for batch in pq.ParquetFile(path).iter_batches(batch_size=size, columns=columns):
            chunk = batch.to_pandas()
            yield start, chunk
            start += len(chunk)
        return
    try:
        reader = pd.read_csv(path, usecols=lambda c: str(c).strip() in columns,
                             dtype={c: str for c in text}, chunksize=size,
                             skipinitialspace=True)
        for chunk in reader:
            chunk.columns = [str(c).strip() for c in chunk.columns]
            yield start, chunk
            start += len(chunk)
    except (pd.errors.ParserError, UnicodeDecodeError) as exc:
        raise ValueError(f"{path}: not a CSV table ({exc})") from None


def _label_text(values):
    """Labels as text, the one form they are compared in across chunks and formats (a
    whole float of Parquet, 1.0, is the text "1")."""
    out = []
    for v in values:
        if isinstance(v, (float, np.floating)) and float(v).is_integer():
            v = int(v)
        out.append(str(v).strip())
    return out


def _labels_of(texts):
    """``{text: label}`` of one dataset: numbers when every text is a whole number (and
    no two texts are one number), otherwise the texts themselves."""
    texts = sorted(set(texts))
    if texts and all(_WHOLE.fullmatch(t) for t in texts):
        numbers = [int(float(t)) for t in texts]
        if len(set(numbers)) == len(numbers):
            return dict(zip(texts, numbers))
    return {t: t for t in texts}


def _refuse_continuous(chunk, column, start, what):
    """Probabilities or scores given as labels: the message of :mod:`imbeval.metrics`."""
    values = chunk[column]
    distinct = pd.Series(pd.unique(values))
    numeric = pd.to_numeric(distinct, errors="coerce")
    if numeric.isna().any() or not (numeric % 1 != 0).any():
        return
    from imbeval.metrics._labels import _REMEDY

    bad = values.isin(distinct[(numeric % 1 != 0).to_numpy()].tolist())
    k = int(np.flatnonzero(bad.to_numpy())[0])
    raise ValueError(f"column {column!r} ({what}) holds continuous values "
                     f"({values.iloc[k]!r} in row {start + k}, {int(bad.sum())} of "
                     f"{len(values)} not whole numbers in rows {start}-{start + len(values) - 1}),"
                     f" not class labels; {_REMEDY} (scores and probabilities go in the score "
                     "column: score_col= / --score-col)")


def _refuse_missing(chunk, columns, start):
    for c in columns:
        empty = chunk[c].isna().to_numpy()
        if empty.any():
            rows = (start + np.flatnonzero(empty)[:5]).tolist()
            raise ValueError(f"column {c!r} is empty (or NaN, 'n/a') in {int(empty.sum())} "
                             f"row(s) of the predictions, e.g. rows {rows}: every row needs "
                             "its group, its true label and its prediction")


def _weights(chunk, column, start):
    w = pd.to_numeric(chunk[column], errors="coerce").to_numpy(dtype=float)
    bad = ~np.isfinite(w) | (w < 0)
    if bad.any():
        rows = (start + np.flatnonzero(bad)[:5]).tolist()
        raise ValueError(f"column {column!r} (weights) is not a finite number >= 0 in "
                         f"{int(bad.sum())} row(s), e.g. rows {rows}")
    return w


def _resolve_indices(index):
    """``[(name, kind, info)]``: kind ``"labels"`` (an :class:`imbeval.indices.IndexInfo`)
    or ``"scores"`` (an :class:`imbeval.scores.ScoreInfo`); an unknown name is a ValueError
    with the closest names of both registries."""
    from imbeval import scores
    from imbeval.metrics import resolve_index

    names = [index] if isinstance(index, str) else list(index)
    names = [n.strip() for name in names for n in str(name).split(",") if n.strip()]
    if not names:
        raise ValueError("index names no index: pass one or more names (a,b or a list)")
    out, seen = [], set()
    for name in names:
        if name in seen:
            continue
        seen.add(name)
        if name in scores.registry():
            out.append((name, "scores", scores.get_info(name)))
            continue
        try:
            out.append((name, "labels", resolve_index(name)))
        except ValueError as exc:
            import difflib

            close = difflib.get_close_matches(name, list(scores.registry()), n=3)
            hint = (f"; of indices of scores: {', '.join(map(repr, close))}" if close else "")
            raise ValueError(f"{exc}{hint}") from None
    return out


def _score_columns(score_col, available):
    """The score columns ``score_col`` names: one, a list, or ``"prefix*"``."""
    if isinstance(score_col, str):
        parts = [p.strip() for p in score_col.split(",") if p.strip()]
    else:
        parts = [str(p).strip() for p in score_col]
    if len(parts) == 1 and parts[0].endswith("*"):
        prefix = parts[0][:-1]
        found = [c for c in available if c.startswith(prefix)]
        if not found:
            raise ValueError(f"score_col {parts[0]!r} matches no column (columns: "
                             f"{list(available)})")
        return found
    if not parts:
        raise ValueError("score_col names no column")
    return parts


def _group_name(key, names):
    return ", ".join(f"{n} {k}" if n in ("run", "fold") else str(k)
                     for n, k in zip(names, key))


def _positive(pos_label, classes, dataset, names, given):
    """The positive class of a two-class dataset: ``pos_label`` among ``classes`` (text
    from the command line matched to number labels)."""
    labels = classes.tolist()
    candidates = [pos_label]
    if isinstance(pos_label, str) and _WHOLE.fullmatch(pos_label.strip()):
        candidates.append(int(float(pos_label)))
    elif not isinstance(pos_label, str):
        candidates.append(str(pos_label))
    for c in candidates:
        for label in labels:
            if isinstance(label, str) == isinstance(c, str) and label == c:
                return label
    if not given and all(isinstance(label, str) for label in labels):
        raise ValueError(f"dataset {dataset!r} has text labels {labels}; the two-class "
                         f"index {names[0]!r} scores one of them as the positive class: name it "
                         "with pos_label= (--pos-label on the command line); the default, 1 "
                         "as in scikit-learn, is not among them")
    raise ValueError(f"pos_label={pos_label!r}{'' if given else ' (the default, as in scikit-learn)'}"
                     f" is not among dataset {dataset!r}'s labels {labels} (needed by the "
                     f"two-class index {names[0]!r}); pass pos_label= (--pos-label) one of them")


def _seed_of(seed, key):
    """The seed of one group's interval draws: from the seed and the group, not its order."""
    text = "\x1f".join(map(str, key)).encode()
    return int(np.random.SeedSequence([seed, zlib.crc32(text)]).generate_state(1)[0])


def _interval_row(interval):
    return {c: (getattr(interval, c) if c != "undecidable" else
                (getattr(interval, c) or "")) for c in INTERVAL_COLUMNS}


def _no_interval(level, why):
    return {"low": math.nan, "high": math.nan, "level": level, "method": "",
            "coverage": math.nan, "undecidable": why}


def score_interval_function():
    """The interval function of indices of scores, or None where :mod:`imbeval.scores`
    offers none: ``interval(name, y_true, y_score, *, ci, sample_weight, seed, **options)``
    returning an object with the attributes of :data:`INTERVAL_COLUMNS`."""
    from imbeval import scores

    return getattr(scores, "interval", None)


@validate_params({
    "predictions": [pd.DataFrame, str, os.PathLike],
    "index": [str, "array-like"],
    "pos_label": [None, str, Integral],
    "dataset_col": [str], "classifier_col": [str], "fold_col": [str, None],
    "run_col": [str, None], "true_col": [str], "pred_col": [str],
    "score_col": [str, "array-like"], "weight_col": [str, None],
    "ci": [Interval(Real, 0, 1, closed="neither"), None],
    "ci_method": [StrOptions(_CI_METHODS)],
    "seed": [Interval(Integral, 0, None, closed="left")],
    "chunksize": [Interval(Integral, 1, None, closed="left"), None],
})
def score_table(predictions, index, *, pos_label=None, dataset_col="dataset",
                classifier_col="classifier", fold_col="fold", run_col=None, true_col="y_true",
                pred_col="y_pred", score_col="y_score", weight_col=None, ci=None,
                ci_method="auto", seed=0, chunksize=None):
    """The long score table of a long predictions table: one value per group and index.

    A group is one (dataset, classifier, run, fold): one test set. Label indices are
    computed from each group's confusion matrix, summed chunk by chunk (a file of a million
    predictions takes seconds, docs/performance.md); indices of scores from each group's
    scores. The rules (classes, positive class, undefined values, the order indices of
    scores need) are the module's (:mod:`imbeval.scoring`); the result is the table of
    :func:`imbeval.compare.read_table` and ``imbeval compare``.

    Parameters
    ----------
    predictions : DataFrame, str or path
        One row per test point; a path to a CSV or a Parquet file (``.parquet``/``.pq``,
        with the ``[parquet]`` extra), read in chunks.
    index : str or list of str
        Registered indices: of labels (every name :func:`imbeval.metrics.score` takes:
        ``"mcc"``, ``"balanced_accuracy"``, ``"recall_macro"``, ...) and of scores (a key
        of :func:`imbeval.scores.registry`: ``"roc_auc"``, ``"brier_score"``, ...); a str
        may list several, ``"acsa,mcc"``.
    pos_label : label, optional
        The positive class of two-class indices; default 1, as scikit-learn. Text labels
        need it named; multi-class indices ignore it.
    dataset_col, classifier_col, true_col : str
        The columns of the group and of the true labels.
    fold_col : str or None, default "fold"
        The fold; None: one test set per (dataset, classifier[, run]).
    run_col : str, optional
        The run (a repetition of the cross-validation); default ``"run"`` when the table has
        that column.
    pred_col : str, default "y_pred"
        Predicted labels (needed by label indices).
    score_col : str or list of str, default "y_score"
        Scores (needed by indices of scores): one column, or one per class in the order of
        the sorted classes, as a list or ``"prefix*"``.
    weight_col : str, optional
        Sample weights (finite, >= 0), counted as repetitions.
    ci : float, optional
        Adds the interval at this level to every value (``low, high, level, method,
        coverage, undecidable``; :func:`imbeval.metrics.interval` for label indices). Indices
        of scores get an interval where :mod:`imbeval.scores` offers one; otherwise NaN,
        with ``undecidable`` saying so.
    ci_method : str, default "auto"
        The method of label indices' intervals (:data:`imbeval.metrics.CI_METHODS`).
    seed : int, default 0
        Seed of the intervals' draws; each group's draws are seeded by the seed and the
        group, so a group's interval does not depend on the others.
    chunksize : int, optional
        Rows per chunk (default: a DataFrame whole, a file :data:`DEFAULT_CHUNKSIZE`).

    Returns
    -------
    DataFrame
        ``problem, classifier, [run,] [fold,] index, value`` (and the interval columns),
        groups in their order in the table, indices in the order asked.

    Raises
    ------
    FileNotFoundError
        For a file that does not exist.
    ValueError
        For a missing column (named), an empty cell in a group, label or prediction column,
        continuous values given as labels, an unknown index (with the closest names), text
        labels without ``pos_label`` for a two-class index, scores of a group split in a
        file, or a bad weight.

    Warns
    -----
    imbeval.metrics.UndefinedMetricWarning
        Per index, every group whose value is undefined (NaN) and why.

    Examples
    --------
    >>> import pandas as pd
    >>> from imbeval.scoring import score_table
    >>> predictions = pd.DataFrame({
    ...     "dataset": ["glass"] * 8, "classifier": ["rf"] * 8, "fold": [0] * 4 + [1] * 4,
    ...     "y_true": [0, 0, 1, 1, 0, 0, 1, 1], "y_pred": [0, 1, 1, 1, 0, 0, 0, 1],
    ...     "y_score": [0.2, 0.6, 0.9, 0.7, 0.1, 0.3, 0.4, 0.8]})
    >>> score_table(predictions, "acsa,roc_auc")
      problem classifier  fold    index  value
    0   glass         rf     0     acsa   0.75
    1   glass         rf     0  roc_auc   1.00
    2   glass         rf     1     acsa   0.75
    3   glass         rf     1  roc_auc   1.00
    """
    from imbeval.metrics import UndefinedMetricWarning

    indices = _resolve_indices(index)
    source = predictions
    if isinstance(predictions, pd.DataFrame):
        available = [str(c) for c in predictions.columns]
        if list(predictions.columns) != available:
            source = predictions.set_axis(available, axis=1)
        where = "the predictions table"
    else:
        _, available = read_score_source(predictions)
        where = str(predictions)
    if run_col is None and "run" in available:
        run_col = "run"
    keys = [c for c in (dataset_col, classifier_col, run_col, fold_col) if c is not None]
    key_names = ["problem", "classifier"] + (["run"] if run_col else []) + (
        ["fold"] if fold_col else [])
    want_labels = [i for i in indices if i[1] == "labels"]
    want_scores = [i for i in indices if i[1] == "scores"]
    needed = {c: "group" for c in keys}
    needed[true_col] = "true labels"
    has_pred = pred_col in available
    if want_labels or has_pred:
        needed[pred_col] = "predicted labels" + (
            f", needed by {want_labels[0][0]!r}" if want_labels else "")
    score_cols = _score_columns(score_col, available) if want_scores else []
    for c in score_cols:
        needed[c] = f"scores, needed by {want_scores[0][0]!r}"
    if weight_col is not None:
        needed[weight_col] = "weights"
    missing = [c for c in needed if c not in available]
    if missing:
        hint = ""
        if fold_col in missing:
            hint = "; fold_col=None (--fold-col '') scores one test set per dataset and classifier"
        raise ValueError(f"{where} has no column {', '.join(map(repr, missing))} ("
                         + "; ".join(f"{c}: {needed[c]}" for c in missing) + ") -- name the "
                         "columns with dataset_col=, classifier_col=, fold_col=, run_col=, "
                         "true_col=, pred_col=, score_col=, weight_col= (--dataset-col, ... on "
                         f"the command line){hint}; found {available}")
    label_cols = [true_col] + ([pred_col] if has_pred else [])
    text = keys + label_cols
    read = list(dict.fromkeys(keys + label_cols + ([weight_col] if weight_col else [])))

    # pass 1: every group's counts of (true, predicted) labels, summed chunk by chunk
    parts, rows = [], 0
    for start, chunk in _chunks(source, read, text, chunksize):
        if chunk.empty:
            continue
        _refuse_missing(chunk, keys + label_cols, start)
        for c, what in ((true_col, "true labels"), (pred_col, "predicted labels")):
            if c in label_cols:
                _refuse_continuous(chunk, c, start, what)
        frame = chunk[keys + label_cols].copy()
        frame["__w"] = _weights(chunk, weight_col, start) if weight_col else 1.0
        by = keys + label_cols
        parts.append(frame.groupby(by, sort=False, dropna=False)["__w"].agg(["sum", "size"])
                     .reset_index())
        rows += len(chunk)
    if not rows:
        raise ValueError(f"{where} has no rows")
    counts = pd.concat(parts, ignore_index=True)
    counts = counts.groupby(keys + label_cols, sort=False)[["sum", "size"]].sum().reset_index()
    for c in keys + label_cols:
        counts[c] = _label_text(counts[c].tolist())
    counts = counts.groupby(keys + label_cols, sort=False)[["sum", "size"]].sum().reset_index()
    group_keys = list(dict.fromkeys(map(tuple, counts[keys].itertuples(index=False))))

    datasets = {}
    for dataset, part in counts.groupby(dataset_col, sort=False):
        texts = set(part[true_col]) | (set(part[pred_col]) if has_pred else set())
        mapping = _labels_of(texts)
        classes = np.array(sorted(set(mapping.values())), dtype=object)
        if all(isinstance(c, int) for c in classes):
            classes = classes.astype(np.int64)
        else:
            classes = classes.astype(str)
        datasets[dataset] = (mapping, classes)

    values, intervals, undefined = {}, {}, {}
    level = None if ci is None else float(ci)
    if want_labels:
        if not has_pred:
            raise ValueError(f"{where} has no column {pred_col!r}")
        _label_values(counts, keys, true_col, pred_col, datasets, want_labels, pos_label,
                      values, intervals, undefined, level, ci_method, seed)
    if want_scores:
        _score_values(source, keys, true_col, score_cols, weight_col, datasets, want_scores,
                      pos_label, chunksize, isinstance(predictions, pd.DataFrame), where,
                      values, intervals, undefined, level, seed)

    names = [n for n, _, _ in indices]
    out = []
    for key in group_keys:
        for name in names:
            row = dict(zip(key_names, key))
            row["index"] = name
            row["value"] = values[(key, name)]
            if level is not None:
                row.update(intervals.get((key, name)) or _no_interval(level, ""))
            out.append(row)
    table = pd.DataFrame(out, columns=key_names + ["index", "value"]
                         + (list(INTERVAL_COLUMNS) if level is not None else []))
    for c in ("run", "fold"):
        if c in table.columns and table[c].map(lambda t: bool(_WHOLE.fullmatch(t))).all():
            table[c] = table[c].map(lambda t: int(float(t)))
    table["value"] = table["value"].astype(float)
    for name in names:
        cells = undefined.get(name)
        if cells:
            warnings.warn(_undefined_message(name, cells, keys, key_names, group_keys),
                          UndefinedMetricWarning, stacklevel=2)
    return table


def _undefined_message(name, cells, keys, key_names, group_keys):
    """One index's undefined groups: a whole dataset in one phrase, other groups one by one."""
    per_dataset = {}
    for key in group_keys:
        per_dataset.setdefault(key[0], []).append(key)
    by_dataset = {}
    for key, why in cells.items():
        by_dataset.setdefault(key[0], []).append((key, why))
    phrases = []
    for dataset, items in by_dataset.items():
        reasons = {why for _, why in items}
        if len(items) == len(per_dataset[dataset]) and len(reasons) == 1 and len(items) > 1:
            phrases.append(f"every group of {dataset} ({len(items)}): {reasons.pop()}")
        else:
            phrases += [f"({_group_name(key, key_names)}): {why}" for key, why in items]
    n = len(cells)
    return (f"{name!r} is undefined (NaN) in {n} of {len(group_keys)} group(s) "
            f"({', '.join(key_names)}); imbeval compare leaves a NaN fold out of its mean -- "
            + "; ".join(phrases))


def _label_values(counts, keys, true_col, pred_col, datasets, wanted, pos_label, values,
                  intervals, undefined, level, ci_method, seed):
    """Every label index of every group, one stack of matrices per dataset."""
    from imbeval.metrics._resolve import indices_of_matrix
    from imbeval.metrics._score import undefined_why

    for dataset, part in counts.groupby(keys[0], sort=False):
        mapping, classes = datasets[dataset]
        position = {label: k for k, label in enumerate(classes.tolist())}
        groups = list(dict.fromkeys(map(tuple, part[keys].itertuples(index=False))))
        where = {g: k for k, g in enumerate(groups)}
        C = classes.size
        stack = np.zeros((len(groups), C, C))
        g = np.array([where[tuple(r)] for r in part[keys].itertuples(index=False)], dtype=int)
        t = np.array([position[mapping[x]] for x in part[true_col]], dtype=int)
        p = np.array([position[mapping[x]] for x in part[pred_col]], dtype=int)
        np.add.at(stack, (g, t, p), part["sum"].to_numpy(dtype=float))
        two = [(n, info) for n, _, info in wanted if info.scope == "two-class"]
        multi = [(n, info) for n, _, info in wanted if info.scope != "two-class"]
        computed, why_not = {}, {}
        if C < 2:
            for n, _ in two + multi:
                why_not[n] = (f"dataset {dataset} has one class ({classes.tolist()}); the "
                              "index needs two")
        else:
            positive = None
            if two and C == 2:
                positive = _positive(pos_label if pos_label is not None else 1, classes,
                                     dataset, [n for n, _ in two], pos_label is not None)
            elif two:
                for n, _ in two:
                    why_not[n] = (f"{n!r} is two-class, dataset {dataset} has {C} classes "
                                  "(use its macro or weighted form, e.g. precision_macro)")
            infos = {info.name: info for _, info in (two if C == 2 else []) + multi}
            if infos:
                raw = indices_of_matrix(stack, classes, list(infos.values()),
                                        positive if positive is not None else classes[0],
                                        np.nan)
                for n, info in (two if C == 2 else []) + multi:
                    computed[n] = np.asarray(raw[info.name], dtype=float).reshape(len(groups))
        for k, key in enumerate(groups):
            for n, _, info in wanted:
                if n in computed:
                    value = float(computed[n][k])
                else:
                    value = math.nan
                values[(key, n)] = value
                if math.isnan(value):
                    why = why_not.get(n) or undefined_why(stack[k], classes, True)
                    undefined.setdefault(n, {})[key] = why
        if level is not None:
            names = [n for n in computed]
            resolved = {n: info.name for n, _, info in wanted}
            for k, key in enumerate(groups):
                if not names or not stack[k].sum() > 0:
                    continue
                from imbeval.metrics._ci import matrix_intervals

                unique = list(dict.fromkeys(resolved[n] for n in names))
                pos = None
                if C == 2 and any(info.scope == "two-class" for _, _, info in wanted):
                    pos = _positive(pos_label if pos_label is not None else 1, classes,
                                    dataset, names, pos_label is not None)
                got = matrix_intervals(stack[k], unique, classes=classes,
                                       pos_label=pos if pos is not None else classes[0],
                                       ci=level, ci_method=ci_method, seed=_seed_of(seed, key))
                for n in names:
                    intervals[(key, n)] = _interval_row(got[resolved[n]])


def _texts(values):
    """A column's values as label texts, each distinct value converted once."""
    codes, uniques = pd.factorize(values, use_na_sentinel=False)
    return np.array(_label_text(list(uniques)), dtype=object)[codes]


def _numbers(chunk, columns, where):
    out = np.empty((len(chunk), len(columns)))
    for k, c in enumerate(columns):
        column = chunk[c]
        out[:, k] = (column.to_numpy(dtype=float) if column.dtype.kind in "fiub"
                     else pd.to_numeric(column, errors="coerce").to_numpy(dtype=float))
    return out


def _score_groups(source, keys, true_col, score_cols, weight_col, chunksize, in_memory,
                  where):
    """``(key, y_true texts, scores, weights)`` of every group, with its rows together:
    grouped in memory for a DataFrame, block by block from a file (a group that starts
    again is an error)."""
    read = list(dict.fromkeys(keys + [true_col] + score_cols
                              + ([weight_col] if weight_col else [])))

    def arrays(chunk, start):
        return (_texts(chunk[true_col]), _numbers(chunk, score_cols, where),
                _weights(chunk, weight_col, start) if weight_col else None)

    if in_memory:
        frame = source[read]
        codes = frame.groupby(keys, sort=False).ngroup().to_numpy()
        order = np.argsort(codes, kind="stable")
        frame, codes = frame.iloc[order], codes[order]
        y, s, w = arrays(frame, 0)
        bounds = np.flatnonzero(np.r_[True, codes[1:] != codes[:-1], True])
        columns = [frame[k].to_numpy() for k in keys]
        for a, b in zip(bounds[:-1], bounds[1:]):
            key = tuple(_label_text([col[a] for col in columns]))
            yield key, y[a:b], s[a:b], None if w is None else w[a:b]
        return
    closed, open_key, pending = set(), None, []

    def joined():
        ys, ss, ws = zip(*pending)
        return (open_key, np.concatenate(ys), np.concatenate(ss),
                None if ws[0] is None else np.concatenate(ws))

    for start, chunk in _chunks(source, read, keys + [true_col], chunksize):
        if chunk.empty:
            continue
        codes = chunk.groupby(keys, sort=False).ngroup().to_numpy()
        starts = np.flatnonzero(np.r_[True, codes[1:] != codes[:-1]])
        ends = np.r_[starts[1:], len(codes)]
        y, s, w = arrays(chunk, start)
        columns = [chunk[k].to_numpy() for k in keys]
        for a, b in zip(starts, ends):
            key = tuple(_label_text([col[a] for col in columns]))
            part = (y[a:b], s[a:b], None if w is None else w[a:b])
            if key == open_key:
                pending.append(part)
                continue
            if open_key is not None:
                yield joined()
                closed.add(open_key)
            if key in closed:
                raise ValueError(
                    f"{where}: the rows of group ({', '.join(key)}) are not together (it starts "
                    f"again at row {start + a}): indices of scores need each (dataset, "
                    "classifier, run, fold)'s rows in one block -- sort the file by them, or "
                    "read it into memory and pass the DataFrame")
            open_key, pending = key, [part]
    if open_key is not None:
        yield joined()


def _score_values(source, keys, true_col, score_cols, weight_col, datasets, wanted,
                  pos_label, chunksize, in_memory, where, values, intervals, undefined,
                  level, seed):
    """Every index of scores of every group, one group at a time."""
    import inspect

    accepts = {}
    for n, _, info in wanted:
        try:
            accepts[n] = set(inspect.signature(info.function).parameters)
        except (TypeError, ValueError):
            accepts[n] = set()
    interval_of = score_interval_function() if level is not None else None
    for key, texts, scores, weight in _score_groups(source, keys, true_col, score_cols,
                                                    weight_col, chunksize, in_memory, where):
        dataset = key[0]
        mapping, classes = datasets[dataset]
        codes, uniques = pd.factorize(texts)
        y_true = np.array([mapping[t] for t in uniques], dtype=classes.dtype)[codes]
        if not np.isfinite(scores).all():
            bad = int((~np.isfinite(scores)).any(axis=1).sum())
            raise ValueError(f"{where}: the score column(s) {score_cols} are not finite numbers "
                             f"in {bad} row(s) of group ({', '.join(key)})")
        present = np.unique(y_true)
        for n, _, info in wanted:
            options, why, y_score = {}, None, scores
            C = classes.size
            if info.scope == "two-class":
                if C != 2:
                    why = (f"{n!r} is two-class, dataset {dataset} has {C} classes (use its "
                           "one-vs-rest form, e.g. roc_auc_ovr, with one score column per class)")
                else:
                    pos = _positive(pos_label if pos_label is not None else 1, classes,
                                    dataset, [n], pos_label is not None)
                    if scores.shape[1] == 2:
                        y_score = scores[:, classes.tolist().index(pos)]
                    elif scores.shape[1] == 1:
                        y_score = scores[:, 0]
                    else:
                        raise ValueError(f"{n!r} takes one score column (or one per class, 2), "
                                         f"got {len(score_cols)}: {score_cols}")
                    options["pos_label"] = pos
                    if present.size < 2:
                        why = (f"y_true holds one class ({present.tolist()}); {n!r} needs "
                               "both classes in the group")
            else:
                if scores.shape[1] == 1:
                    if C != 2:
                        raise ValueError(f"{n!r} needs one score column per class: dataset "
                                         f"{dataset} has {C} classes {classes.tolist()[:10]}; "
                                         "pass score_col= (--score-col) p_0,p_1,... or 'p_*'")
                    y_score = scores[:, 0]
                    options["pos_label"] = _positive(pos_label if pos_label is not None else 1,
                                                     classes, dataset, [n],
                                                     pos_label is not None)
                elif scores.shape[1] != C:
                    raise ValueError(f"{n!r}: dataset {dataset} has {C} classes "
                                     f"{classes.tolist()[:10]} but {scores.shape[1]} score "
                                     f"columns {score_cols} (one per class, in the classes' "
                                     "order)")
                else:
                    options["labels"] = classes
                if present.size < 2:
                    why = f"y_true holds one class ({present.tolist()}); {n!r} needs two"
            options = {k: v for k, v in options.items() if k in accepts[n]}
            if why is None:
                try:
                    value = float(info.function(y_true, y_score, sample_weight=weight,
                                                **options))
                except ValueError as exc:
                    raise ValueError(f"{n!r} in group ({', '.join(key)}): {exc}") from None
                if math.isnan(value):
                    why = "the index is undefined on this group"
            else:
                value = math.nan
            values[(key, n)] = value
            if why is not None:
                undefined.setdefault(n, {})[key] = why
            if level is not None:
                if interval_of is None:
                    intervals[(key, n)] = _no_interval(
                        level, "no interval: imbeval.scores offers none for indices of scores")
                elif why is None:
                    got = interval_of(n, y_true, y_score, ci=level, sample_weight=weight,
                                      seed=_seed_of(seed, key), **options)
                    intervals[(key, n)] = _interval_row(got)
