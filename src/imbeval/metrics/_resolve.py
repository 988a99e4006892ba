"""Which registered index a name and scikit-learn's options give, and the registered
indices of a label matrix: the ground that :func:`~imbeval.metrics.score`, the intervals
(:func:`~imbeval.metrics.interval`), the report and the scorers share."""

from __future__ import annotations

import numpy as np

from imbeval.indices import LIBRARY_NAMES, IndexInfo, compute, get_info

__all__ = ["resolve_index", "indices_of_matrix", "NAME_OPTIONS", "DEFAULT_AVERAGE"]


#: The default of ``average=`` in :func:`score`: the name's own default ("binary", or
#: "multiclass" for geometric_mean). ``average=None`` asks for per-class values, as in
#: scikit-learn.
DEFAULT_AVERAGE = "default"

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


def _base(index):
    return index[:-len("_score")] if index.endswith("_score") else index


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
        their ``*_score`` forms. None or ``"default"``: the name's default. Per-class values
        (scikit-learn's ``average=None``) are not one index: :func:`score` gives them.
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
        For an unknown name (with the closest names), a metric of scores (``roc_auc``,
        ``log_loss``, ...: what to use instead), an option the name does not take, or a value
        the option does not have.

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
    if average == DEFAULT_AVERAGE:
        average = None
    given = {k: v for k, v in (("average", average), ("adjusted", adjusted),
                               ("weights", weights)) if v is not None}
    if not isinstance(index, str):
        raise ValueError(f"index must be the name of a registered index, got {index!r}")
    base = _base(index)
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


def _index_info(index):
    """The registry entry of ``index`` (a registered name, a library's, or an IndexInfo
    carried by a scorer), or a ValueError naming it with the closest names."""
    if isinstance(index, IndexInfo):
        return index
    if not isinstance(index, str):
        raise ValueError(f"index must be the name of a registered index, got {index!r}")
    if index.endswith("_score") and index not in LIBRARY_NAMES:
        try:  # a named function's name: gmean_score is gmean
            return get_info(index[:-len("_score")])
        except ValueError:
            pass
    if index.endswith("_loss") and index not in LIBRARY_NAMES:
        try:  # a lower-is-better named function's name: cen_loss is cen
            return get_info(index)
        except ValueError:
            try:
                return get_info(index[:-len("_loss")])
            except ValueError:
                pass
    return get_info(index)  # the catalogue's indices are computed by name, as here


def _positive_row(pos_label, classes):
    # a string label never equals a number label (1 is not "1")
    matches = [k for k, c in enumerate(classes.tolist())
               if isinstance(c, str) == isinstance(pos_label, str) and c == pos_label]
    if not matches:
        raise ValueError(f"pos_label={pos_label!r} is not among the labels "
                         f"{classes.tolist()}; pass pos_label= one of them (the default is 1, "
                         "as in scikit-learn)")
    return matches[0]


def indices_of_matrix(cm, classes, names, pos_label=1, zero_division=np.nan, index=None):
    """Registered indices ``names`` of a label matrix ``cm`` (rows in ``classes`` order).

    The one place where ``pos_label`` turns into imbeval's positive row: two-class
    indices are computed with the row of ``pos_label`` first, multi-class ones on ``cm``
    as it is; the macro-averaged MAE gets the numeric labels as its class values (the
    distance between labels 0 and 2 is 2, as imbalanced-learn measures it).

    Parameters
    ----------
    cm : ndarray of shape (C, C)
        From :func:`imbeval.metrics.label_matrix`.
    classes : ndarray of shape (C,)
        The labels of its rows.
    names : list of str or IndexInfo
        Registered index names (or their registry entries).
    pos_label : label, default 1
        The positive class of two-class indices.
    zero_division : float, default NaN
    index : str, optional
        The name asked for, for the messages.

    Returns
    -------
    dict mapping each name as given (an IndexInfo: its name) to a 0-dimensional ndarray.

    Examples
    --------
    >>> import numpy as np
    >>> from imbeval.metrics._resolve import indices_of_matrix
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
            raise ValueError(f"index {index or two_class[0]!r} is two-class only, but the "
                             f"labels give C = {classes.size} classes {classes.tolist()[:10]}")
        positive = _positive_row(pos_label, classes)
    keys = [name.name if isinstance(name, IndexInfo) else name for name in names]
    mae = [k for k, info in zip(keys, infos) if info.name == "macro_averaged_mae"]
    if mae and classes.dtype.kind not in "biuf":
        raise ValueError("the macro-averaged mean absolute error measures distances between "
                         f"labels: it needs number labels, got {classes.tolist()[:10]}")
    rest = [name for name, key in zip(names, keys) if key not in mae]
    # compute() never reports an undefined index's best value for a number zero_division
    out = dict(compute(cm, names=rest, zero_division=zero_division, positive=positive)) \
        if rest else {}
    for key in mae:  # the label values are the classes' positions (imbalanced-learn's MAE)
        out[key] = _label_mae(cm, classes, zero_division)
    return {key: out[key] for key in keys}


def _label_mae(cm, classes, zero_division):
    function = get_info("macro_averaged_mae").function
    value = function(cm, zero_division=zero_division, values=classes.astype(float))
    if not np.isnan(zero_division) and value <= 0:  # 0 is its best: never for an undefined one
        if np.isnan(function(cm, values=classes.astype(float))):
            return np.asarray(np.nan)
    return np.asarray(value)
