"""classification_report(): per-class scores and overall indices of labels."""

from __future__ import annotations

import math

import numpy as np

from numbers import Integral

from imbeval.metrics._params import LABEL_ARGUMENTS
from imbeval.utils._param_validation import Interval, validate_params
from imbeval.indices import check_confusion_stack, safe_divide
# Per-class F-beta from counts (defined for a class that occurs but is never predicted):
# the one implementation the F indices use, not re-derived here.
from imbeval.indices._common import f_beta_scores
from imbeval.indices.dembele import one_vs_rest_2x2
from imbeval.indices.mullick2020 import gmean2
from imbeval.indices.ortigosa2016 import class_precisions, class_recalls
from imbeval.metrics._labels import label_matrix
from imbeval.metrics._resolve import _index_info, indices_of_matrix
from imbeval.metrics._score import _undefined_rule, check_metrics_zero_division, undefined_why

__all__ = ["classification_report", "CLASS_COLUMNS", "DEFAULT_INDICES", "SCORE_INDICES"]

#: Per-class columns of the report, in order. ``gmean_ovr`` is a class's G-mean against the
#: others, sqrt(recall x specificity) (imbalanced-learn's ``geo``); it is not the index
#: ``gmean`` of the overall rows (the geometric mean of the C recalls), hence its own name:
#: one name for two numbers showed a macro average of 0.76 above a ``gmean`` of 0.63.
CLASS_COLUMNS = ("precision", "recall", "specificity", "f1", "gmean_ovr", "support")
#: Overall indices reported by default.
DEFAULT_INDICES = ("accuracy", "acsa", "gmean", "iam", "mcc")
_AVERAGES = ("macro avg", "weighted avg")
#: Indices of scores reported with ``y_score`` (the two losses only where it is in [0, 1]).
SCORE_INDICES = ("roc_auc", "average_precision", "brier_score", "log_loss")
_LOSSES = ("brier_score", "log_loss")


def _per_class(cm, zero_division):
    """Columns of CLASS_COLUMNS for each class of ``cm`` (one-vs-rest), shape (C,) each."""
    cm = check_confusion_stack(cm)
    ovr = one_vs_rest_2x2(cm)  # (C, 2, 2): class k positive against the others
    recall_and_specificity = class_recalls(ovr, zero_division)
    return {
        "precision": class_precisions(cm, zero_division),
        "recall": recall_and_specificity[:, 0],
        "specificity": recall_and_specificity[:, 1],
        "f1": f_beta_scores(cm, 1.0, zero_division),
        "gmean_ovr": gmean2(ovr, zero_division=zero_division),
        "support": cm.sum(axis=1),
    }


def _averages(columns, zero_division):
    support = columns["support"]
    total = support.sum()
    out = {}
    for name in _AVERAGES:
        row = {}
        for column, values in columns.items():
            if column == "support":
                row[column] = float(total)
            elif name == "macro avg":
                row[column] = float(np.mean(values))
            else:  # a class with no true point has weight 0 and adds nothing
                weighted = np.where(support > 0, values, 0.0) * support
                row[column] = float(safe_divide(weighted.sum(), total, zero_division))
        out[name] = row
    return out


def _check_digits(digits):
    if isinstance(digits, bool) or not isinstance(digits, (int, np.integer)) or digits < 0:
        raise ValueError(f"digits must be a non-negative integer, got {digits!r}")
    return int(digits)


@validate_params({**LABEL_ARGUMENTS, "target_names": ["array-like", None],
                  "indices": [str, "array-like", None], "digits": [Interval(Integral, 0, None, closed="left")],
                  "output_dict": ["boolean"], "as_frame": ["boolean"],
                  "y_score": ["array-like", None], "score_ci_method": [str, dict]},
                 shared=True)
def classification_report(y_true, y_pred, *, labels=None, target_names=None,
                          indices=DEFAULT_INDICES, pos_label=1, sample_weight=None,
                          digits=2, zero_division="warn", output_dict=False, as_frame=False,
                          y_score=None, ci=None, ci_method="auto", score_ci_method="auto"):
    """Per-class scores and overall indices of labels, as text, a dict or a DataFrame.

    In the spirit of ``imblearn.metrics.classification_report_imbalanced``: for each class
    (against the others) its precision, recall, specificity, F1, ``gmean_ovr`` (the geometric
    mean of its recall and specificity; the index ``gmean`` of the overall rows is another
    number, the geometric mean of the C recalls) and support, their macro and support-weighted averages,
    then the chosen overall indices of the whole matrix.

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,)
        True and predicted labels: strings or numbers.
    labels : array_like of shape (C,), optional
        The classes and their order (default: sorted distinct labels of both).
    target_names : list of str, optional
        Names printed for the classes (default: the labels as strings).
    indices : sequence of str, default ("accuracy", "acsa", "gmean", "iam", "mcc")
        Registered indices computed on the whole matrix (two-class ones only for C = 2,
        with ``pos_label`` positive).
    pos_label : label, default 1
        The positive class of two-class ``indices``; nothing else depends on it.
    sample_weight : array_like of shape (n_samples,), optional
        Non-negative finite weights, counted as repetitions (support is weighted too).
    digits : int, default 2
        Decimals of the text report.
    zero_division : "warn", NaN or float in [0, 1], default "warn"
        Value of a 0/0 ratio (a class never predicted has an undefined precision):
        ``"warn"``, scikit-learn's default, counts it 0 with an
        :class:`~imbeval.metrics.UndefinedMetricWarning`; NaN shows it as ``nan``.
    output_dict : bool, default False
        Return a dict ``{class: {column: value}, "macro avg": ..., "weighted avg": ...,
        "accuracy": value, "indices": {name: value}}`` (``"accuracy"`` at the top level,
        as in scikit-learn's report).
    as_frame : bool, default False
        Return a pandas DataFrame: one row per class, then ``macro avg``, ``weighted avg``
        and one row per index; columns precision, recall, specificity, f1, gmean_ovr, support
        and ``value`` (the index rows' value; NaN in the other rows, as the index rows'
        per-class columns are NaN).
    y_score : array_like of shape (n_samples,), optional
        Two classes: a score or probability of the ``pos_label`` class per sample
        (``predict_proba(X)[:, 1]`` or ``decision_function(X)``). The report then gets a
        block of indices of scores after the overall indices: ROC AUC, average precision
        and, where every score lies in [0, 1], the Brier score and log-loss
        (:data:`SCORE_INDICES`), each the value :func:`imbeval.scores.score` gives (it
        raises where that raises: ROC AUC of one class only is undefined). In the dict
        ``"score_indices": {name: value}`` (and with ``ci`` ``"score_intervals"``, as
        ``"intervals"``), in the DataFrame one row each after the overall indices, in the
        text a block of their own. Several classes' scores (2-D ``y_score``) are refused:
        the intervals of :mod:`imbeval.scores` are two-class.
    ci : float, optional
        A level (0.95): each overall index gets its interval from this one test set
        (:func:`imbeval.metrics.intervals`, one stack of draws for all): in the text
        ``[low, high]``, the method and its measured coverage with its flag
        (:attr:`imbeval.metrics.IndexInterval.coverage_flag`) after the value, in the dict
        ``"intervals": {name: {"value", "low", "high", "method", "calibrated_level",
        "coverage", "coverage_se", "coverage_flag"}}`` (``calibrated_level``: the level
        the method was computed at, which ``"auto"`` at 95 % may calibrate; the text
        says ``logit at 98%``), in the DataFrame columns of those names; each
        class's row (dict and DataFrame) gets the Wilson intervals of its recall and
        precision (one-sided at 0 and 1), ``recall_low``, ``recall_high``,
        ``precision_low``, ``precision_high``.
        With ``y_score``, each index of scores gets
        :func:`imbeval.scores.interval` (its value, method and coverage flag) the same way.
    ci_method : str, default "auto"
        As :func:`imbeval.metrics.score`.
    score_ci_method : str or dict, default "auto"
        With ``y_score`` and ``ci``: the method of the indices of scores' intervals
        (:func:`imbeval.scores.interval`), one for all (``"auto"``, ``"bootstrap"``) or
        ``{name: method}`` (``{"roc_auc": "newcombe"}``; the others ``"auto"``).

    Returns
    -------
    str, dict or pandas.DataFrame

    Raises
    ------
    ValueError
        As :func:`imbeval.metrics.score`, and for ``target_names`` of the wrong length,
        a bad ``digits``, or ``output_dict`` and ``as_frame`` both set; as
        :func:`imbeval.scores.score` for ``y_score``, and for a ``y_score`` that is not
        1-D, not of ``y_true``'s length, not numbers or finite, or of more than two classes.

    Examples
    --------
    >>> from imbeval.metrics import classification_report
    >>> y_true = ["cat", "cat", "cat", "cat", "dog", "dog", "fox", "fox"]
    >>> y_pred = ["cat", "cat", "cat", "dog", "dog", "fox", "fox", "fox"]
    >>> print(classification_report(y_true, y_pred, indices=["acsa", "iam", "cen"]))
                  precision  recall  specificity     f1  gmean_ovr  support
    <BLANKLINE>
             cat       1.00    0.75         1.00   0.86       0.87        4
             dog       0.50    0.50         0.83   0.50       0.65        2
             fox       0.67    1.00         0.83   0.80       0.91        2
    <BLANKLINE>
       macro avg       0.72    0.75         0.89   0.72       0.81        8
    weighted avg       0.79    0.75         0.92   0.75       0.82        8
    <BLANKLINE>
            acsa       0.75
             iam       0.28
             cen       0.29  (lower is better)
    >>> frame = classification_report(y_true, y_pred, as_frame=True)
    >>> float(frame.loc["dog", "recall"]), round(float(frame.loc["gmean", "value"]), 4)
    (0.5, 0.7211)
    >>> report = classification_report(y_true, y_pred, output_dict=True)
    >>> report["indices"]["acsa"], report["accuracy"]
    (0.75, 0.75)
    >>> print(classification_report(y_true * 5, y_pred * 5, indices=["acsa"], ci=0.95,
    ...                             ci_method="bootstrap").splitlines()[-1])
            acsa       0.75  [0.62, 0.87]  bootstrap, coverage 93.0% (ok)

    With the scores of the positive class, the indices of scores follow the indices of
    labels (the Brier score and log-loss because the scores are probabilities):

    >>> y = [0] * 8 + [1] * 4
    >>> p = [0.1, 0.2, 0.3, 0.35, 0.4, 0.5, 0.6, 0.7, 0.45, 0.65, 0.8, 0.9]
    >>> labels = [int(v >= 0.5) for v in p]
    >>> text = classification_report(y, labels, y_score=p, indices=["mcc"], ci=0.95,
    ...                              score_ci_method={"roc_auc": "newcombe"})
    >>> for line in text.splitlines()[-6:]:
    ...     print(line)
                  mcc       0.35  [-0.30, 0.73]  logit at 96%, coverage 97.4% (ok)
    <BLANKLINE>
              roc_auc       0.88  [0.51, 0.98]  newcombe, coverage 97.5% (ok)
    average_precision       0.83  [0.57, 1.00]  bootstrap, coverage 100.0% (ok)
          brier_score       0.17  [0.07, 0.26]  t, coverage 83.5% (low)  (lower is better)
             log_loss       0.50  [0.28, 0.72]  t, coverage 82.5% (low)  (lower is better)
    >>> classification_report(y, labels, y_score=p, output_dict=True)["score_indices"]["roc_auc"]
    0.875
    """
    zero_division = check_metrics_zero_division(zero_division)
    digits = _check_digits(digits)
    if output_dict and as_frame:
        raise ValueError("output_dict and as_frame cannot both be set")
    if isinstance(indices, str):
        indices = [indices]
    indices = list(indices)
    infos = [_index_info(name) for name in indices]
    cm, classes = label_matrix(y_true, y_pred, labels=labels, sample_weight=sample_weight)
    if y_score is not None:
        y_score = _check_score(y_score, np.asarray(y_true).reshape(-1).shape[0], classes)
        score_names = [n for n in SCORE_INDICES if n not in _LOSSES
                       or (y_score.min() >= 0 and y_score.max() <= 1)]
    else:
        score_names = []
    if target_names is None:
        names = [str(c) for c in classes.tolist()]
    else:
        names = [str(n) for n in target_names]
        if len(names) != classes.size:
            raise ValueError(f"target_names has {len(names)} names for {classes.size} classes "
                             f"{classes.tolist()[:10]}")
    clash = sorted(set(names) & (set(_AVERAGES) | set(indices) | set(score_names)))
    if clash or len(set(names)) != len(names):
        raise ValueError(f"class names must be distinct and differ from the averages and "
                         f"index names; {clash or names} clash (pass target_names=)")
    why = lambda: f"the report is undefined in places: {undefined_why(cm, classes, labels is not None)}"  # noqa: E731
    # the indices of scores first (one class only: scores.score's error), then those of
    # labels: a two-class index of three classes stops before any warning
    by_score, score_spans, notes = _score_block(y_true, y_score, score_names, pos_label,
                                                sample_weight, ci, score_ci_method)
    overall = {name: float(v) for name, v in _undefined_rule(
        lambda z: indices_of_matrix(cm, classes, indices, pos_label, z), zero_division,
        why).items()} if indices else {}
    columns = _undefined_rule(lambda z: _per_class(cm, z), zero_division, why)
    averages = _undefined_rule(lambda z: _averages(_per_class(cm, z), z), zero_division, why) \
        if zero_division == "warn" else _averages(columns, zero_division)
    report = {name: {column: float(values[k]) for column, values in columns.items()}
              for k, name in enumerate(names)}
    report.update(averages)
    spans = _intervals(cm, classes, indices, pos_label, ci, ci_method, overall)
    if ci is not None:  # each class's recall and precision: Wilson intervals of k of m
        for k, name in enumerate(names):
            report[name].update(_class_spans(cm, k, ci))
    if output_dict:
        # scikit-learn's top-level "accuracy" (its micro average), then imbeval's indices
        out = {**report, "accuracy": float(np.trace(cm) / cm.sum()), "indices": overall}
        if spans is not None:
            out["intervals"] = spans
        if score_names:
            out["score_indices"] = by_score
            if score_spans is not None:
                out["score_intervals"] = score_spans
        return out
    if as_frame:
        import pandas as pd

        rows = {name: {**row, "value": math.nan} for name, row in report.items()}
        total = float(columns["support"].sum())
        for block, block_spans in ((overall, spans), (by_score, score_spans)):
            for name, value in block.items():
                rows[name] = {**{c: math.nan for c in CLASS_COLUMNS}, "support": total,
                              "value": value}
                if block_spans is not None:
                    rows[name].update({k: block_spans[name][k] for k in _SPAN_KEYS})
        extra = [*_SPAN_KEYS, *_CLASS_SPANS] if ci is not None else []
        return pd.DataFrame.from_dict(rows, orient="index",
                                      columns=[*CLASS_COLUMNS, "value", *extra])
    lower = {info.name for info in infos if not info.greater_is_better} | {
        n for n in score_names if not _score_info(n).greater_is_better}
    return _text(report, names, overall, lower, digits, spans, by_score, score_spans, notes,
                 level=ci)


#: the per-class interval columns of a report with ``ci``
_CLASS_SPANS = ("recall_low", "recall_high", "precision_low", "precision_high")


def _class_spans(cm, k, level):
    """Wilson intervals of class ``k``'s recall (of its true points) and precision (of its
    predictions), one-sided at 0 and 1 as every interval; NaN where the class has none."""
    from imbeval.metrics._ci_methods import holding, wilson

    def span(hits, total):
        if not total > 0:
            return math.nan, math.nan
        return holding(lambda lv: wilson(hits, total, lv), hits / total, 0.0, 1.0)(level)

    recall = span(float(cm[k, k]), float(cm[k].sum()))
    precision = span(float(cm[k, k]), float(cm[:, k].sum()))
    return dict(zip(_CLASS_SPANS, (*recall, *precision)))


#: what the report gives of each overall index's interval
_SPAN_KEYS = ("low", "high", "method", "calibrated_level", "coverage", "coverage_se",
              "coverage_flag")


def _intervals(cm, classes, indices, pos_label, ci, ci_method, overall):
    """{index: {"value", "low", "high", "method", "calibrated_level", "coverage",
    "coverage_se", "coverage_flag"}} of the overall indices (``value`` the report's), or
    None."""
    if ci is None or not indices:
        return None
    from imbeval.metrics._ci import matrix_intervals

    # the values are the report's (zero_division applied and warned there)
    out = matrix_intervals(cm, list(indices), classes=classes, pos_label=pos_label, ci=ci,
                           ci_method=ci_method, zero_division=np.nan)
    return {name: {"value": overall[name], **{k: getattr(e, k) for k in _SPAN_KEYS}}
            for name, e in out.items()}


def _method_text(span, level):
    from imbeval.metrics._ci import IndexInterval

    return IndexInterval(math.nan, span["method"], 0, None, level=level,
                         calibrated_level=span["calibrated_level"]).method_text


def _score_info(name):
    from imbeval.scores import get_info

    return get_info(name)


def _check_score(y_score, n, classes):
    """``y_score`` as finite floats, one per sample of a two-class report."""
    s = np.asarray(y_score)
    if s.ndim != 1:
        raise ValueError(f"y_score must be 1-D, one score of the positive class per sample, "
                         f"got shape {s.shape}; the report's indices of scores are two-class "
                         "(for several classes' scores use imbeval.scores.score, e.g. "
                         "'roc_auc_ovr')")
    if s.shape[0] != n:
        raise ValueError(f"y_true and y_score have different lengths ({n} and {s.shape[0]})")
    if classes.size != 2:
        raise ValueError(f"y_score is for two classes; the report has {classes.size} "
                         f"{classes.tolist()[:10]} (the report's indices of scores are "
                         "two-class)")
    if s.dtype.kind not in "biuf":
        raise ValueError(f"y_score must hold numbers (scores or probabilities), got dtype "
                         f"{s.dtype}")
    s = s.astype(float)
    if not np.all(np.isfinite(s)):
        raise ValueError("y_score holds NaN or infinity")
    return s


def _score_block(y_true, y_score, names, pos_label, sample_weight, ci, ci_method):
    """``({name: value}, {name: span} or None, {name: why there is no interval})`` of the
    indices of scores ``names``: the value :func:`imbeval.scores.score`'s, the span
    :func:`imbeval.scores.interval`'s."""
    if not names:
        return {}, None, {}
    from imbeval.scores import interval, score

    values = {n: score(n, y_true, y_score, sample_weight=sample_weight, pos_label=pos_label)
              for n in names}
    if ci is None:
        return values, None, {}
    if isinstance(ci_method, dict):
        unknown = sorted(set(ci_method) - set(SCORE_INDICES))
        if unknown:
            raise ValueError(f"score_ci_method names {unknown}; the report's indices of "
                             f"scores are {', '.join(SCORE_INDICES)}")
    spans, notes = {}, {}
    for n in names:
        method = ci_method.get(n, "auto") if isinstance(ci_method, dict) else ci_method
        e = interval(n, y_true, y_score, ci=ci, ci_method=method,
                     sample_weight=sample_weight, pos_label=pos_label)
        spans[n] = {"value": values[n], **{k: getattr(e, k) for k in _SPAN_KEYS}}
        notes[n] = e.undecidable
    return values, spans, notes


def _flag_text(span):
    if span["coverage_flag"] == "not measured":
        return "not measured"
    return f"{span['coverage']:.1%} ({span['coverage_flag']})"


def _text(report, names, overall, lower, digits, spans=None, by_score=None,
          score_spans=None, notes=None, level=None):
    by_score, notes = by_score or {}, notes or {}
    width = max(len(n) for n in [*names, *_AVERAGES, *overall, *by_score])
    headers = CLASS_COLUMNS
    col = [max(len(h), digits + 3) for h in headers]

    def fmt(value, column):
        if column == "support":
            return f"{value:.0f}" if float(value).is_integer() else f"{value:.{digits}f}"
        return "nan" if math.isnan(value) else f"{value:.{digits}f}"

    def line(name, row):
        cells = [fmt(row[h], h).rjust(w) for h, w in zip(headers, col)]
        return name.rjust(width) + "  " + "  ".join(cells)

    def block(values, block_spans):
        out = [""]
        for name, value in values.items():
            cell = fmt(value, "value").rjust(col[0])
            if block_spans is not None:
                span = block_spans[name]
                if math.isnan(span["low"]):
                    cell += f"  {notes.get(name) or 'no interval (undefined)'}"
                else:
                    cell += (f"  [{fmt(span['low'], 'value')}, {fmt(span['high'], 'value')}]"
                             f"  {_method_text(span, level)}, coverage {_flag_text(span)}")
            note = "  (lower is better)" if name in lower else ""
            out.append(name.rjust(width) + "  " + cell + note)
        return out

    out = [" " * width + "  " + "  ".join(h.rjust(w) for h, w in zip(headers, col)), ""]
    out += [line(name, report[name]) for name in names]
    out += [""] + [line(name, report[name]) for name in _AVERAGES]
    if overall:
        out += block(overall, spans)
    if by_score:
        out += block(by_score, score_spans)
    return "\n".join(line.rstrip() for line in out)
