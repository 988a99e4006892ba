"""score(), the named ``*_score`` functions and make_scorer(): imbeval's indices of labels."""

from __future__ import annotations

import numpy as np

from imbeval.indices import check_zero_division, compute, registry
from imbeval.metrics._labels import check_labels, confusion_matrix

__all__ = ["score", "make_scorer", "NAMED_SCORES"]

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
    """The registry entry of ``index`` (a registered name), or a ValueError naming it."""
    if not isinstance(index, str):
        raise ValueError(f"index must be the name of a registered index, got {index!r}")
    reg = registry(catalogue=True)  # the catalogue's indices are computed by name, as here
    if index not in reg:
        raise ValueError(f"unknown index {index!r}; known indices: {', '.join(reg)}")
    return reg[index]


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
          zero_division=np.nan):
    """A registered index of true and predicted labels, scikit-learn style.

    The confusion matrix is built from the labels (rows true, columns predicted, in
    ``labels`` order, weights counted as repetitions) and the index computed on it with
    :func:`imbeval.indices.compute`. Every name of :func:`imbeval.indices.registry` works,
    the catalogue's (``registry(catalogue=True)``) and a user's index registered with
    :func:`imbeval.indices.add_index` included.

    Parameters
    ----------
    index : str
        A registered index name (``"gmean"``, ``"iam"``, ``"precision"``, ...).
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
        :mod:`imbeval.indices`); scikit-learn's default ``"warn"`` corresponds to 0.

    Returns
    -------
    float
        The index's value; for a lower-is-better index (CEN, MCEN: see
        :attr:`imbeval.indices.IndexInfo.greater_is_better`) smaller is better.

    Raises
    ------
    ValueError
        For an unknown index; lengths that differ; empty, non-1-D or mixed string/number
        labels; a label outside ``labels``; one class only; ``pos_label`` not among the
        labels (two-class indices); a two-class index asked of more than two classes; a
        bad ``sample_weight`` (negative, non-finite, wrong length) or ``zero_division``.

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
    >>> score("precision", ["a", "b"], ["a", "a"])
    Traceback (most recent call last):
    ...
    ValueError: pos_label=1 is not among the labels ['a', 'b']; pass pos_label= one of them (the default is 1, as in scikit-learn)
    """
    _index_info(index)
    zero_division = check_zero_division(zero_division)
    cm, classes = confusion_matrix(y_true, y_pred, labels=labels, sample_weight=sample_weight)
    return float(indices_of_matrix(cm, classes, [index], pos_label, zero_division)[index])


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


def _score_for_scorer(y_true, y_pred, *, index, **kwargs):
    """score(index, y_true, y_pred, **kwargs) in the argument order scikit-learn calls."""
    return score(index, y_true, y_pred, **kwargs)


def make_scorer(index, **kwargs):
    """A scikit-learn scorer of a registered index, for ``cross_val_score``, ``GridSearchCV``.

    Built with :func:`sklearn.metrics.make_scorer` on :func:`score`, with scikit-learn's
    sign convention: a lower-is-better index (``greater_is_better`` False in the
    registry: CEN, MCEN) is negated, so that larger scorer values are always better
    (``GridSearchCV`` maximises). Sample weights given to the scorer are passed on.

    Parameters
    ----------
    index : str
        A registered index name.
    **kwargs
        ``labels``, ``pos_label``, ``zero_division`` of :func:`score`. Pass ``labels`` (all
        the classes) for cross-validation: a fold missing a class then still gives a
        C x C matrix (that class's row and column zero), not a smaller one.

    Returns
    -------
    sklearn.metrics._scorer._Scorer
        Callable ``scorer(estimator, X, y_true, sample_weight=None)``.

    Raises
    ------
    ValueError
        For an unknown index, a keyword other than those above, bad ``labels`` or
        ``zero_division``, or a ``pos_label`` not among ``labels`` (two-class indices).

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
    ValueError: make_scorer takes labels, pos_label, zero_division; got average
    """
    info = _index_info(index)
    allowed = ("labels", "pos_label", "zero_division")
    unknown = sorted(set(kwargs) - set(allowed))
    if unknown:
        raise ValueError(f"make_scorer takes {', '.join(allowed)}; got {', '.join(unknown)}")
    if "zero_division" in kwargs:
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
                               index=index, **kwargs)
