"""score(), the named ``*_score`` functions and make_scorer(): imbeval's indices of labels."""

from __future__ import annotations

import math
import warnings

import numpy as np

from imbeval.indices import check_zero_division, compute, index_info
from imbeval.metrics._labels import check_labels, confusion_matrix

__all__ = ["score", "make_scorer", "NAMED_SCORES", "NAME_OPTIONS", "UndefinedScoreWarning",
           "resolve_index"]


class UndefinedScoreWarning(UserWarning):
    """A scorer met a fold on which its index is undefined and scored it with
    ``zero_division=0`` (the scorer's default ``zero_division="warn"``, as scikit-learn's
    ``UndefinedMetricWarning``); the message names the fold's missing classes."""


_AVERAGED = {  # scikit-learn's average= of a name -> the registered index
    "recall": {"binary": "sensitivity", "micro": "accuracy", "macro": "acsa",
               "weighted": "weighted_recall"},
    "precision": {"binary": "precision", "micro": "accuracy", "macro": "macro_precision",
                  "weighted": "weighted_precision"},
    "f1": {"binary": "f1", "micro": "accuracy", "macro": "macro_f1", "weighted": "weighted_f1"},
    "jaccard": {"binary": "jaccard", "micro": "jaccard_micro", "macro": "jaccard_macro",
                "weighted": "jaccard_weighted"},
    "sensitivity": {"binary": "sensitivity", "micro": "accuracy", "macro": "acsa",
                    "weighted": "weighted_recall"},
    "specificity": {"binary": "specificity", "micro": "tnr_micro", "macro": "tnr_macro",
                    "weighted": "tnr_weighted"},
    "geometric_mean": {"multiclass": "gmean", "binary": "gmean2",
                       "micro": "gmean_sens_spec_micro", "macro": "gmean_sens_spec_macro",
                       "weighted": "gmean_sens_spec_weighted"},
}

#: The names that take scikit-learn's or imbalanced-learn's options, as their functions do:
#: name -> (option, {value: registered index}, default value). ``<name>_score`` takes the
#: same (``recall_score``, ``balanced_accuracy_score``, ``geometric_mean_score``, ...).
NAME_OPTIONS = {
    **{name: ("average", table, "multiclass" if name == "geometric_mean" else "binary")
       for name, table in _AVERAGED.items()},
    "balanced_accuracy": ("adjusted", {False: "acsa", True: "balanced_accuracy_adjusted"}, False),
    "cohen_kappa": ("weights", {None: "kappa", "linear": "kappa_linear",
                                "quadratic": "kappa_quadratic"}, None),
}
_OPTION_NAMES = ("average", "adjusted", "weights")


def resolve_index(index, average=None, adjusted=None, weights=None):
    """The registered index a name and scikit-learn's options compute.

    Parameters
    ----------
    index : str
        A registered name, or scikit-learn's / imbalanced-learn's
        (:data:`imbeval.indices.LIBRARY_NAMES`, :data:`NAME_OPTIONS`).
    average : str, optional
        For ``recall``, ``precision``, ``f1``, ``jaccard``, ``sensitivity``,
        ``specificity`` (``"binary"``, the default, ``"micro"``, ``"macro"``,
        ``"weighted"``) and ``geometric_mean`` (also ``"multiclass"``, its default), and
        their ``*_score`` forms. Per-class values (scikit-learn's ``average=None``) are
        :func:`imbeval.metrics.classification_report`'s.
    adjusted : bool, optional
        For ``balanced_accuracy``: True gives ``balanced_accuracy_adjusted``.
    weights : {None, "linear", "quadratic"}, optional
        For ``cohen_kappa``: the weighted kappas.

    Returns
    -------
    imbeval.indices.IndexInfo

    Raises
    ------
    ValueError
        For an unknown name (with the closest names), an option the name does not take, or
        a value the option does not have.

    Examples
    --------
    >>> from imbeval.metrics import resolve_index
    >>> resolve_index("recall", average="macro").name
    'acsa'
    >>> resolve_index("balanced_accuracy_score", adjusted=True).name
    'balanced_accuracy_adjusted'
    >>> resolve_index("gmean", average="macro")
    Traceback (most recent call last):
    ...
    ValueError: 'gmean' takes no average= (only recall, precision, f1, jaccard, sensitivity, specificity, geometric_mean and their *_score forms do)
    """
    given = {k: v for k, v in (("average", average), ("adjusted", adjusted),
                               ("weights", weights)) if v is not None}
    if not isinstance(index, str):
        raise ValueError(f"index must be the name of a registered index, got {index!r}")
    base = index[:-len("_score")] if index.endswith("_score") else index
    if base not in NAME_OPTIONS:
        for option in given:
            takers = [n for n, (o, _, _) in NAME_OPTIONS.items() if o == option]
            listed = (", ".join(takers) + " and their *_score forms"
                      if len(takers) > 1 else f"{takers[0]} and {takers[0]}_score")
            raise ValueError(f"{index!r} takes no {option}= (only {listed} do)")
        return _index_info(index)
    option, table, default = NAME_OPTIONS[base]
    for other in given:
        if other != option:
            raise ValueError(f"{index!r} takes {option}=, not {other}=")
    value = given.get(option, default)
    if option == "adjusted":
        if not isinstance(value, (bool, np.bool_)):
            raise ValueError(f"adjusted must be True or False, got {value!r}")
        value = bool(value)
    if value not in table:
        raise ValueError(f"{index!r} takes {option}= one of "
                         f"{', '.join(repr(v) for v in table)}, got {value!r}")
    return _index_info(table[value])

# The named functions: index -> its value on the example labels below, the doctest of each
# function (checked by hand where the formula is short: see each line). Indices with no scikit-learn or imbalanced-learn function
# of their own, where `gmean_score(y, p)` reads better than `score("gmean", y, p)`.
_MULTI_EXAMPLE = ([0, 0, 0, 0, 1, 1, 2, 2], [0, 0, 0, 1, 1, 2, 2, 2])  # rows [3,1,0] [0,1,1] [0,0,2]
_TWO_EXAMPLE = ([1, 1, 1, 0, 0, 0, 0, 0, 0, 0], [1, 1, 0, 1, 0, 0, 0, 0, 0, 0])  # TP 2 FN 1 FP 1 TN 6
_EXAMPLES = {
    "gmean": "0.7211",       # recalls 3/4, 1/2, 1: (3/8)^(1/3)
    "acsa": "0.75",          # (3/4 + 1/2 + 1) / 3
    "iam": "0.2778",         # ((3 − 1)/4 + (1 − 1)/2 + (2 − 1)/3) / 3
    "cba": "0.6389",         # (3/4 + 1/2 + 2/3) / 3
    "auroc_ovo": "0.8125",   # (1.75 + 1.375 + 1.75) / 6
    "auroc_ova": "0.8194",   # (1.75 + (1.5 − 1/6) + (2 − 1/6)) / 6
    "maurpc_ova": "0.7639",  # ((1 + 3/4) + (2/3 + 1/2) + (2/3 + 1)) / 6
    "eve": "0.919",          # the index's own implementation (tested on Dembélé's tables)
    "cen": "0.2853",         # idem
    "mcen": "0.3377",        # idem
    "mprecision": "0.8235",  # (2/3) / (2/3 + 1/7)
    "maurpc": "0.7451",      # (2/3 + 0.8235) / 2
}


def _index_info(index):
    """The registry entry of ``index`` (a registered name or a library's), or a ValueError
    naming it with the closest names."""
    if not isinstance(index, str):
        raise ValueError(f"index must be the name of a registered index, got {index!r}")
    return index_info(index)  # the catalogue's indices are computed by name, as here


def _positive_row(pos_label, classes):
    # a string label never equals a number label (1 is not "1")
    matches = [k for k, c in enumerate(classes.tolist())
               if isinstance(c, str) == isinstance(pos_label, str) and c == pos_label]
    if not matches:
        raise ValueError(f"pos_label={pos_label!r} is not among the labels "
                         f"{classes.tolist()}; pass pos_label= one of them (the default is 1, "
                         "as in scikit-learn)")
    return matches[0]


def score(index, y_true, y_pred, *, labels=None, pos_label=1, sample_weight=None,
          zero_division=np.nan, average=None, adjusted=None, weights=None):
    """A registered index of true and predicted labels, scikit-learn style.

    The confusion matrix is built from the labels (rows true, columns predicted, in
    ``labels`` order, weights counted as repetitions) and the index computed on it with
    :func:`imbeval.indices.compute`. Every name of :func:`imbeval.indices.registry` works,
    the catalogue's (``registry(catalogue=True)``) and a user's index registered with
    :func:`imbeval.indices.add_index` included.

    scikit-learn's and imbalanced-learn's names are accepted too, with their options:
    ``score("balanced_accuracy", ...)`` is ``sklearn.metrics.balanced_accuracy_score``,
    ``score("recall", ..., average="macro")`` or ``score("recall_macro", ...)`` its
    ``recall_score(average="macro")`` (:data:`imbeval.indices.LIBRARY_NAMES`,
    :data:`NAME_OPTIONS`); an unknown name gets the closest names.

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
        row. With labels {0, 1} and the default ``pos_label=1`` that means class 1 is
        positive, exactly as ``sklearn.metrics.precision_score``. Multi-class indices
        ignore ``pos_label`` (they treat every class alike: they are invariant to
        relabelling the classes).
    sample_weight : array_like of shape (n_samples,), optional
        Non-negative finite weights; a sample of weight w counts w times in the matrix.
    zero_division : float, default NaN
        Value of a ratio whose denominator is 0 (imbeval's policy: see
        :mod:`imbeval.indices`); scikit-learn's default ``"warn"`` corresponds to 0. It never
        makes an undefined index report its best value: where the index is undefined (NaN
        with the default) and the number given would give the index's best value (1 for
        a quadratic kappa of an empty class, 0 for a negative likelihood ratio), the
        result is NaN (docs/metrics.md has the rule per index family).
    average, adjusted, weights : optional
        scikit-learn's options of the names that take them (:data:`NAME_OPTIONS`):
        ``average`` ("binary", "micro", "macro", "weighted"; imbalanced-learn's
        ``geometric_mean`` also "multiclass") for recall, precision, f1, jaccard,
        sensitivity, specificity, geometric_mean; ``adjusted`` for balanced_accuracy;
        ``weights`` ("linear", "quadratic") for cohen_kappa. None: the library's default.

    Returns
    -------
    float
        The index's value; for a lower-is-better index (CEN, MCEN: see
        :attr:`imbeval.indices.IndexInfo.greater_is_better`) smaller is better.

    Raises
    ------
    ValueError
        For an unknown index (the message gives the closest names) or an option it does
        not take; lengths that differ; continuous values (probabilities or scores passed
        as predictions), multilabel or multi-output targets, empty or mixed string/number
        labels (:func:`imbeval.metrics.check_target`), all refused before any matrix is
        built; a label outside ``labels``; one class only; ``pos_label`` not among the
        labels (two-class indices); a two-class index asked of more than two classes; a
        bad ``sample_weight`` (negative, non-finite, wrong length) or ``zero_division``.

    Warns
    -----
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
    >>> round(score("recall", [0, 1, 1, 2], [0, 1, 2, 2], average="weighted"), 4)
    0.75
    >>> score("precision", ["a", "b"], ["a", "a"])
    Traceback (most recent call last):
    ...
    ValueError: pos_label=1 is not among the labels ['a', 'b']; pass pos_label= one of them (the default is 1, as in scikit-learn)
    """
    info = resolve_index(index, average=average, adjusted=adjusted, weights=weights)
    zero_division = check_zero_division(zero_division)
    cm, classes = confusion_matrix(y_true, y_pred, labels=labels, sample_weight=sample_weight)
    if info.scope == "two-class" and classes.size != 2:
        base = index[:-len("_score")] if index.endswith("_score") else index
        if NAME_OPTIONS.get(base, ("",))[0] == "average":
            raise ValueError(
                f"{index!r} is two-class only (scikit-learn's default average='binary': the "
                f"positive class's score), but the labels give C = {classes.size} "
                f"{classes.tolist()[:10]}; pass average='macro', 'weighted' or 'micro' (or "
                f"the name '{base}_macro', ...)")
    return float(indices_of_matrix(cm, classes, [info.name], pos_label, zero_division)[info.name])


def indices_of_matrix(cm, classes, names, pos_label=1, zero_division=np.nan):
    """Registered indices ``names`` of a label matrix ``cm`` (rows in ``classes`` order).

    The one place where ``pos_label`` turns into imbeval's positive row: two-class
    indices are computed with the row of ``pos_label`` first, multi-class ones on ``cm``
    as it is.

    Parameters
    ----------
    cm : ndarray of shape (C, C)
        From :func:`imbeval.metrics.confusion_matrix`.
    classes : ndarray of shape (C,)
        The labels of its rows.
    names : list of str
        Registered index names.
    pos_label : label, default 1
        The positive class of two-class indices.
    zero_division : float, default NaN

    Returns
    -------
    dict mapping each name to a 0-dimensional ndarray.

    Examples
    --------
    >>> import numpy as np
    >>> from imbeval.metrics._score import indices_of_matrix
    >>> cm = np.array([[6.0, 1.0], [1.0, 2.0]])  # labels 0, 1; class 1 has 3 true points
    >>> {k: round(float(v), 4) for k, v in indices_of_matrix(cm, np.array([0, 1]),
    ...  ["precision", "acsa"]).items()}
    {'precision': 0.6667, 'acsa': 0.7619}
    """
    infos = [_index_info(name) for name in names]
    positive = 0
    two_class = [info.name for info in infos if info.scope == "two-class"]
    if two_class:
        if classes.size != 2:
            raise ValueError(f"index {two_class[0]!r} is two-class only, but the labels give "
                             f"C = {classes.size} classes {classes.tolist()[:10]}")
        positive = _positive_row(pos_label, classes)
    # compute() never reports an undefined index's best value for a number zero_division
    return compute(cm, names=list(names), zero_division=zero_division, positive=positive)


_PARAMETERS = """\
    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,)
        True and predicted labels: strings or numbers (the same kind in both).
    labels : array_like of shape (C,), optional
        The classes (default: the sorted distinct labels of ``y_true`` and ``y_pred``).
{pos_label}    sample_weight : array_like of shape (n_samples,), optional
        Non-negative finite weights, counted as repetitions.
    zero_division : float, default NaN
        Value of a ratio whose denominator is 0.

    Returns
    -------
    float

    Raises
    ------
    ValueError
        As :func:`imbeval.metrics.score`.
"""

_POS_LABEL = """\
    pos_label : label, default 1
        The positive class (scikit-learn's convention; imbeval's first row).
"""


def _named_doc(function_name, info):
    two_class = info.scope == "two-class"
    y_true, y_pred = _TWO_EXAMPLE if two_class else _MULTI_EXAMPLE
    orientation = ("Lower is better (0 = perfect); :func:`make_scorer` negates it."
                   if not info.greater_is_better else "Greater is better.")
    scope = ("Two-class: ``pos_label`` names the positive class."
             if two_class else "Any number of classes; no positive class.")
    return (
        f"{info.symbol} ({info.paper}) of true and predicted labels.\n\n"
        f"    {info.description[0].upper()}{info.description[1:]}.\n"
        f"    ``{function_name}(y_true, y_pred, ...)`` is ``score({info.name!r}, y_true, "
        f"y_pred, ...)``.\n    Formula (rows true, columns predicted): {info.formula}.\n"
        f"    {scope} {orientation}\n\n"
        + _PARAMETERS.format(pos_label=_POS_LABEL if two_class else "")
        + "\n    Examples\n    --------\n"
        f"    >>> from imbeval.metrics import {function_name}\n"
        f"    >>> round({function_name}({y_true}, {y_pred}), 4)\n"
        f"    {_EXAMPLES[info.name]}\n"
    )


def _named_score(function_name, index):
    """A function ``<index>_score(y_true, y_pred, ...)`` = ``score(index, ...)``."""
    info = _index_info(index)
    if info.scope == "two-class":
        def named(y_true, y_pred, *, labels=None, pos_label=1, sample_weight=None,
                  zero_division=np.nan):
            return score(index, y_true, y_pred, labels=labels, pos_label=pos_label,
                         sample_weight=sample_weight, zero_division=zero_division)
    else:
        def named(y_true, y_pred, *, labels=None, sample_weight=None, zero_division=np.nan):
            return score(index, y_true, y_pred, labels=labels, sample_weight=sample_weight,
                         zero_division=zero_division)
    named.__name__ = named.__qualname__ = function_name
    named.__doc__ = _named_doc(function_name, info)
    return named


#: The named functions, function name -> index name.
NAMED_SCORES = {f"{index}_score": index for index in _EXAMPLES}
for _function_name, _index in NAMED_SCORES.items():
    globals()[_function_name] = _named_score(_function_name, _index)
__all__ += list(NAMED_SCORES)


_REMEDY = ("use stratified folds (StratifiedKFold, or cv=<int>, which cross_val_score and "
           "GridSearchCV stratify for classifiers) with no more folds than the rarest class has "
           "samples, so that every fold holds every class")


def _undefined_why(y_true, y_pred, labels, sample_weight):
    """Which classes of a scorer's fold have no true or no predicted sample (for messages)."""
    cm, classes = confusion_matrix(y_true, y_pred, labels=labels, sample_weight=sample_weight)
    no_true = classes[cm.sum(axis=1) == 0].tolist()
    no_pred = classes[cm.sum(axis=0) == 0].tolist()
    # a class missing from y_true is the usual cause (and the one stratified folds cure);
    # classes never predicted are named only when no class is missing
    if no_true:
        return (f"class(es) {no_true[:10]} of labels have no sample in this fold's y_true "
                "(their recall is undefined)")
    if no_pred:
        return (f"class(es) {no_pred[:10]} are never predicted in this fold (their precision "
                "is undefined)")
    return "a ratio it is built from has a zero denominator on this fold"


def _score_for_scorer(y_true, y_pred, *, index, zero_division="warn", **kwargs):
    """score(index, y_true, y_pred, **kwargs) in the argument order scikit-learn calls, with
    the scorer's rule for an undefined fold (see :func:`make_scorer`): never NaN."""
    given = np.nan if isinstance(zero_division, str) else zero_division
    value = score(index, y_true, y_pred, zero_division=given, **kwargs)
    if not math.isnan(value):
        return value
    why = _undefined_why(y_true, y_pred, kwargs.get("labels"), kwargs.get("sample_weight"))
    if isinstance(zero_division, str):  # "warn": count the undefined ratios as 0, and say so
        value = score(index, y_true, y_pred, zero_division=0.0, **kwargs)
        if not math.isnan(value):
            warnings.warn(f"make_scorer({index!r}): the index is undefined on this fold: {why}; "
                          f"scored with zero_division=0. To avoid it, {_REMEDY}; to silence "
                          "it, pass zero_division=0", UndefinedScoreWarning, stacklevel=2)
            return value
    raise ValueError(f"make_scorer({index!r}): the index is undefined on this fold: {why}, and "
                     f"zero_division={zero_division!r} leaves it undefined; {_REMEDY}")


def make_scorer(index, **kwargs):
    """A scikit-learn scorer of a registered index, for ``cross_val_score``, ``GridSearchCV``.

    Built with :func:`sklearn.metrics.make_scorer` on :func:`score`, with scikit-learn's
    sign convention: a lower-is-better index (``greater_is_better`` False in the
    registry: CEN, MCEN) is negated, so that larger scorer values are always better
    (``GridSearchCV`` maximises). Sample weights given to the scorer are passed on.
    scikit-learn's names work too (``make_scorer("balanced_accuracy")``,
    ``make_scorer("f1", average="macro")``).

    **A scorer never returns NaN.** A fold on which the index is undefined -- a class of
    ``labels`` with no sample in the fold's ``y_true`` (its recall is 0/0), a class never
    predicted (its precision) -- is scored with ``zero_division="warn"``, the default and
    scikit-learn's: the undefined ratios count as 0 and an :class:`UndefinedScoreWarning`
    names the fold's missing classes and the remedy (stratified folds with no more folds
    than the rarest class has samples). Where 0 still leaves the index undefined (it would
    be the index's best value, e.g. a negative likelihood ratio), or with
    ``zero_division=np.nan``, the scorer raises ``ValueError`` with that message;
    ``GridSearchCV`` then reports it (``error_score="raise"`` stops the search there).
    A number ``zero_division`` is used as :func:`score` uses it, without warning.

    Parameters
    ----------
    index : str
        A registered index name, or scikit-learn's / imbalanced-learn's.
    **kwargs
        ``labels``, ``pos_label``, ``zero_division`` (default ``"warn"``, see above) of
        :func:`score`, and ``average``, ``adjusted``, ``weights`` for the names that take
        them. Pass ``labels`` (all the classes) for cross-validation: every fold's matrix
        is then C x C, so an index that depends on C (nAUROC, EVE, ...) has the same
        meaning on every fold.

    Returns
    -------
    sklearn.metrics._scorer._Scorer
        Callable ``scorer(estimator, X, y_true, sample_weight=None)``.

    Raises
    ------
    ValueError
        For an unknown index (with the closest names), a keyword other than those above,
        bad ``labels``, ``zero_division`` or options, or a ``pos_label`` not among
        ``labels`` (two-class indices).

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn.model_selection import cross_val_score
    >>> from imbeval.metrics import make_scorer, score
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(90, 2))
    >>> y = np.repeat([0, 1, 2], 30)
    >>> X[y == 1] += 1.5
    >>> X[y == 2] -= 1.5
    >>> gmeans = cross_val_score(LogisticRegression(), X, y, cv=3,
    ...                          scoring=make_scorer("gmean", labels=[0, 1, 2]))
    >>> bool(np.all((gmeans > 0.5) & (gmeans <= 1)))
    True
    >>> cens = cross_val_score(LogisticRegression(), X, y, cv=3, scoring=make_scorer("cen"))
    >>> bool(np.all(cens < 0))  # -CEN: larger is better
    True
    >>> make_scorer("gmean", average="macro")
    Traceback (most recent call last):
    ...
    ValueError: 'gmean' takes no average= (only recall, precision, f1, jaccard, sensitivity, specificity, geometric_mean and their *_score forms do)
    >>> make_scorer("gmean", normalize=True)
    Traceback (most recent call last):
    ...
    ValueError: make_scorer takes labels, pos_label, zero_division, average, adjusted, weights; got normalize
    """
    allowed = ("labels", "pos_label", "zero_division", *_OPTION_NAMES)
    unknown = sorted(set(kwargs) - set(allowed))
    if unknown:
        raise ValueError(f"make_scorer takes {', '.join(allowed)}; got {', '.join(unknown)}")
    options = {k: kwargs.pop(k) for k in _OPTION_NAMES if k in kwargs}
    info = resolve_index(index, **options)
    if "zero_division" in kwargs and kwargs["zero_division"] != "warn":
        kwargs["zero_division"] = check_zero_division(kwargs["zero_division"])
    if kwargs.get("labels") is not None:
        labels, _ = check_labels(kwargs["labels"])
        if info.scope == "two-class":
            if labels.size != 2:
                raise ValueError(f"index {index!r} is two-class only, but labels name "
                                 f"{labels.size} classes")
            _positive_row(kwargs.get("pos_label", 1), labels)
    from sklearn.metrics import make_scorer as sklearn_make_scorer

    return sklearn_make_scorer(_score_for_scorer, greater_is_better=info.greater_is_better,
                               index=index, **options, **kwargs)
