"""score(): imbeval's indices of true and predicted labels, with scikit-learn's options."""

from __future__ import annotations

from imbeval.utils._param_validation import validate_params

import math
import numbers
import warnings


from imbeval.indices import IndexInfo
from imbeval.metrics._labels import label_matrix
from imbeval.metrics._rates import AVERAGES, RATE_NAMES, averaged_rate
from imbeval.metrics._resolve import (DEFAULT_AVERAGE, NAME_OPTIONS, _base, _positive_row,
                                      indices_of_matrix, resolve_index)
# the rule for undefined values lives below score() so the intervals can share it
from imbeval.metrics._undefined import (UndefinedMetricWarning, UndefinedScoreWarning,  # noqa: F401
                                        _undefined_rule, check_metrics_zero_division,
                                        undefined_why)

__all__ = ["score", "UndefinedMetricWarning", "UndefinedScoreWarning",
           "check_metrics_zero_division"]


@validate_params({"y_true": ["array-like"], "y_pred": ["array-like"],
                  "labels": ["array-like", None], "sample_weight": ["array-like", None],
                  "ci_method": [str]})
def score(index, y_true, y_pred, *, labels=None, pos_label=1, sample_weight=None,
          zero_division="warn", average=DEFAULT_AVERAGE, adjusted=None, weights=None,
          beta=None, ci=None, ci_method="auto"):
    """A registered index of true and predicted labels, scikit-learn style.

    The confusion matrix is built from the labels (rows true, columns predicted, in
    ``labels`` order, weights counted as repetitions) and the index computed on it with
    :func:`imbeval.indices.compute`. Every name of :func:`imbeval.indices.registry` works,
    the catalogue's (``registry(catalogue=True)``) and a user's index registered with
    :func:`imbeval.indices.add_index` included.

    scikit-learn's and imbalanced-learn's names are accepted too, with their options:
    ``score("balanced_accuracy", ...)`` is ``sklearn.metrics.balanced_accuracy_score``,
    ``score("recall", ..., average="macro")`` or ``score("recall_macro", ...)`` its
    ``recall_score(average="macro")``, ``score("f1", ..., average=None)`` its per-class
    array, ``score("fbeta", ..., beta=2)`` its ``fbeta_score``
    (:data:`imbeval.indices.LIBRARY_NAMES`, :data:`NAME_OPTIONS`); an unknown name gets the
    closest names, a metric of scores (``roc_auc``, ``log_loss``) says what to use.

    Parameters
    ----------
    index : str
        A registered index name (``"gmean"``, ``"iam"``, ``"precision"``, ...) or a
        library's (``"balanced_accuracy"``, ``"matthews_corrcoef"``, ``"f1_macro"``,
        ``"geometric_mean_score"``, ...).
    y_true, y_pred : array_like of shape (n_samples,)
        True and predicted labels: strings or numbers (the same kind in both).
    labels : array_like of shape (C,), optional
        The classes; may name classes absent from the data (a cross-validation fold
        missing a class), whose rows and columns are then zero. Default: the sorted
        distinct labels of ``y_true`` and ``y_pred``. A label outside ``labels`` is an
        error (scikit-learn drops such samples).
    pos_label : label, default 1
        Two-class indices (``precision``, ``gmean2``, ``mprecision``, ...): the positive
        class, as in scikit-learn; the matrix is reordered so that it is imbeval's first
        row. Multi-class indices ignore ``pos_label`` (they treat every class alike).
    sample_weight : array_like of shape (n_samples,), optional
        Non-negative finite weights, not all zero; a sample of weight w counts w times.
    zero_division : "warn", NaN or float in [0, 1], default "warn"
        Value of a ratio whose denominator is 0. ``"warn"`` (scikit-learn's default): 0,
        with an :class:`UndefinedMetricWarning` naming the classes concerned; NaN: the
        index is NaN. A number never makes an undefined index report its best value (1 for
        a rate, 0 for a lower-is-better ratio): the result is then NaN (docs/metrics.md).
    average : str or None, default "default"
        scikit-learn's ``average`` of recall, precision, f1, fbeta, jaccard, sensitivity,
        specificity ("binary", their default, "micro", "macro", "weighted") and
        geometric_mean ("multiclass", its default, too); None: the per-class values.
    adjusted, weights : optional
        ``adjusted`` of balanced_accuracy, ``weights`` ("linear", "quadratic") of
        cohen_kappa. None: the library's default.
    beta : float, optional
        For ``fbeta`` (and ``fbeta_score``) only, as scikit-learn's (required there).
    ci : float, optional
        A level (0.95): return the value with its interval from this one test set, an
        :class:`imbeval.metrics.IndexInterval` (``value``, ``low``, ``high``, ``method``),
        for any registered index (:func:`imbeval.metrics.interval`; docs/metrics.md). Its
        value is the one returned without ``ci``; where the index is undefined (that value
        set by ``zero_division``) it has no interval; per-class values (``average=None``)
        and ``fbeta`` take no ``ci``.
    ci_method : str, default "auto"
        ``"auto"`` (the method the coverage table chooses in the nearest regime, at 95 %
        with a calibrated level: ``calibrated_level``; the interval's ``coverage_flag``
        says how that method's measured coverage compares with the level), ``"wilson"``, ``"jeffreys"`` (single rates), ``"dirichlet"``,
        ``"delta"`` or ``"bootstrap"``.

    Returns
    -------
    float, or ndarray of shape (C,) with ``average=None`` (in ``labels`` order)
        The index's value; for a lower-is-better index (CEN, MCEN: see
        :attr:`imbeval.indices.IndexInfo.greater_is_better`) smaller is better. With
        ``ci``: an :class:`imbeval.metrics.IndexInterval`.

    Raises
    ------
    ValueError
        For an unknown index (the message gives the closest names) or an option it does
        not take; lengths that differ; continuous values (probabilities or scores passed
        as predictions), multilabel or multi-output targets, empty or mixed string/number
        labels (:func:`imbeval.metrics.check_target`); a label outside ``labels``; one
        class only, except for accuracy, balanced accuracy and MCC, which scikit-learn
        defines there (1.0, 1.0 and 0.0); ``pos_label`` not among the labels (two-class
        indices); a two-class index asked of more than two classes; a bad
        ``sample_weight`` (negative, non-finite, all zero, wrong length) or
        ``zero_division``.

    Warns
    -----
    UndefinedMetricWarning
        With ``zero_division="warn"``, where the index is undefined (0 is used).
    DataConversionWarning
        For a column vector ``y_true`` or ``y_pred`` (shape (n, 1)), read as shape (n,).

    Examples
    --------
    >>> from imbeval.metrics import score
    >>> y_true = [1, 1, 1, 0, 0, 0, 0, 0, 0, 0]
    >>> y_pred = [1, 1, 0, 1, 0, 0, 0, 0, 0, 0]
    >>> round(score("precision", y_true, y_pred), 4)  # class 1 positive: 2 / (2 + 1)
    0.6667
    >>> round(score("precision", y_true, y_pred, pos_label=0), 4)  # 6 / (6 + 1)
    0.8571
    >>> round(score("gmean", ["a", "b", "b", "c"], ["a", "b", "c", "c"]), 4)  # (1·½·1)^⅓
    0.7937
    >>> score("acsa", [0, 1, 1], [0, 1, 0], sample_weight=[2, 1, 1])  # (1 + ½) / 2
    0.75
    >>> score("balanced_accuracy", [0, 1, 1], [0, 1, 0])  # scikit-learn's name: acsa
    0.75
    >>> score("f1", [0, 0, 1, 1, 1], [0, 1, 1, 1, 0], average=None).round(4)
    array([0.5   , 0.6667])
    >>> round(score("fbeta", [0, 0, 1, 1, 1], [0, 1, 1, 1, 0], beta=2), 4)
    0.6667
    >>> score("precision", ["a", "b"], ["a", "a"])
    Traceback (most recent call last):
    ...
    ValueError: pos_label=1 is not among the labels ['a', 'b']; pass pos_label= one of them (the default is 1, as in scikit-learn)
    """
    zero_division = check_metrics_zero_division(zero_division)
    if ci is not None:
        return _score_interval(index, y_true, y_pred, labels, pos_label, sample_weight,
                               average, adjusted, weights, beta, ci, ci_method, zero_division)
    if isinstance(index, IndexInfo):  # carried by a scorer: computed as it is, by its name
        info, index = index, index.name
        base = None
    else:
        base = _base(index) if isinstance(index, str) else None
    if beta is not None and base != "fbeta":
        raise ValueError(f"{index!r} takes no beta= (only fbeta and fbeta_score do)")
    request = _rate_request(index, average) if base is not None else None
    if request is not None:
        if base == "fbeta":
            beta = _check_beta(beta, index)
        return _score_rate(index, *request, y_true, y_pred, labels, pos_label, sample_weight,
                           zero_division, 1.0 if beta is None else beta)
    if base == "fbeta":
        raise ValueError(f"{index!r} takes average= one of 'binary', 'micro', 'macro', "
                         f"'weighted' or None, got {average!r}")
    if base is not None or not isinstance(index, str):
        info = resolve_index(index, average=average, adjusted=adjusted, weights=weights)
    cm, classes = label_matrix(y_true, y_pred, labels=labels, sample_weight=sample_weight,
                               min_classes=1)
    if classes.size == 1:
        return _one_class(info, index)
    if info.scope == "two-class" and classes.size != 2:
        if NAME_OPTIONS.get(base, ("",))[0] == "average":
            raise ValueError(
                f"{index!r} is two-class only (scikit-learn's default average='binary': the "
                f"positive class's score), but the labels give C = {classes.size} "
                f"{classes.tolist()[:10]}; pass average='macro', 'weighted' or 'micro' (or "
                f"the name '{base}_macro', ...)")
    return _undefined_rule(
        lambda z: float(indices_of_matrix(cm, classes, [info], pos_label, z, index)[info.name]),
        zero_division, lambda: f"{index!r} is undefined here: "
                               f"{undefined_why(cm, classes, labels is not None)}")


def _score_interval(index, y_true, y_pred, labels, pos_label, sample_weight, average,
                    adjusted, weights, beta, ci, ci_method, zero_division):
    """score(..., ci=): the interval of the registered index the name and options give."""
    from imbeval.metrics._ci import interval  # loads imbeval.inference: only ci= needs it

    if average is None:
        raise ValueError("ci= gives the interval of one index; average=None (per-class "
                         "values) takes no ci: ask for each class's rate by name instead")
    if beta is not None or (isinstance(index, str) and _base(index) == "fbeta"):
        raise ValueError("ci= needs a registered index; fbeta with beta= is not one: use "
                         "f1, f05_macro, f2_macro (or their _weighted forms)")
    if isinstance(index, str) and average == DEFAULT_AVERAGE:
        request = _rate_request(index, average)
        if request is not None:  # scikit-learn's rate names: recall_macro -> acsa, ...
            index, average = request
    average = None if average in (DEFAULT_AVERAGE, "multiclass") else average
    return interval(index, y_true, y_pred, ci=ci, ci_method=ci_method, labels=labels,
                    pos_label=pos_label, sample_weight=sample_weight, average=average,
                    adjusted=adjusted, weights=weights, zero_division=zero_division)


def _one_class(info, index):
    """scikit-learn's values where y_true and y_pred hold one class: every prediction is
    right (accuracy and the recall of the class 1.0) and MCC is 0/0, which scikit-learn sets
    to 0. imbeval's other indices are functions of C >= 2 classes."""
    if info.name == "accuracy" or info.name == "acsa":
        return 1.0
    if info.name == "mcc":
        warnings.warn("MCC is undefined (0/0) with a single class in y_true and y_pred; it is "
                      "set to 0.0, as scikit-learn does. Pass labels= naming every class",
                      UndefinedMetricWarning, stacklevel=3)
        return 0.0
    raise ValueError(f"y_true and y_pred hold one class only; {index!r} needs at least two: "
                     "pass labels= to name the others")


def _check_beta(beta, index):
    if beta is None:
        raise ValueError(f"{index!r} needs beta= (the weight of recall), as scikit-learn's "
                         "fbeta_score")
    if isinstance(beta, bool) or not isinstance(beta, numbers.Real) or not beta >= 0 \
            or math.isinf(beta):
        raise ValueError(f"beta must be a finite number >= 0, got {beta!r}")
    return float(beta)


def _rate_request(index, average):
    """(name, average) where ``index`` is scikit-learn's or imbalanced-learn's rate with an
    average (:mod:`imbeval.metrics._rates` computes it as they do); None otherwise."""
    base = _base(index)
    if base in RATE_NAMES:
        if average == DEFAULT_AVERAGE:
            average = "multiclass" if base == "geometric_mean" else "binary"
        if base == "fbeta":
            if average is not None and average not in AVERAGES:
                raise ValueError(f"{index!r} takes average= one of 'binary', 'micro', 'macro', "
                                 f"'weighted' or None, got {average!r}")
        elif average is not None:
            resolve_index(index, average=average)  # checks the value
        return None if average == "multiclass" else (base, average)
    head, _, tail = base.rpartition("_")
    if head in RATE_NAMES and head != "fbeta" and tail in ("micro", "macro", "weighted") \
            and average == DEFAULT_AVERAGE:
        return head, tail
    return None


def _sklearn_rate(index, y_true, y_pred, *, labels, pos_label, average, sample_weight,
                 zero_division, beta=None):
    """scikit-learn's rate function (``precision_score``, ``recall_score``, ...) of the rate
    ``index`` with ``average``: ``score(index, ...)`` except that a number
    ``zero_division`` is the value of every undefined ratio, the best value 1.0 included,
    as in scikit-learn. The drop-in functions compute with it; ``score`` keeps imbeval's
    rule (NaN rather than an undefined index's best value)."""
    zero_division = check_metrics_zero_division(zero_division)
    base, average = _rate_request(index, average)
    if base == "fbeta":
        beta = _check_beta(beta, index)
    return _score_rate(index, base, average, y_true, y_pred, labels, pos_label, sample_weight,
                       zero_division, 1.0 if beta is None else beta, best_allowed=True)


def _score_rate(index, base, average, y_true, y_pred, labels, pos_label, sample_weight,
                zero_division, beta, best_allowed=False):
    cm, classes = label_matrix(y_true, y_pred, labels=labels, sample_weight=sample_weight,
                               min_classes=1)
    positive = None
    if average == "binary":
        if classes.size > 2:
            raise ValueError(
                f"{index!r} is two-class only (scikit-learn's default average='binary': the "
                f"positive class's score), but the labels give C = {classes.size} "
                f"{classes.tolist()[:10]}; pass average='macro', 'weighted' or 'micro' (or "
                f"the name '{base}_macro', ...), or None for the per-class values")
        positive = _positive_row(pos_label, classes)
    z = 0.0 if zero_division == "warn" else zero_division
    value, undefined = averaged_rate(base, cm, average, z, positive, beta,
                                     best_allowed=best_allowed)
    if undefined and zero_division == "warn":
        warnings.warn(f"{index!r} is undefined for some class: "
                      f"{undefined_why(cm, classes, labels is not None)}; the undefined ratios "
                      "are set to 0 (zero_division='warn'). Pass zero_division=0 to silence "
                      "this, or np.nan to leave such classes out", UndefinedMetricWarning,
                      stacklevel=3)
    return value
