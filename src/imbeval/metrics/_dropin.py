"""scikit-learn's and imbalanced-learn's label metrics under their own names and signatures.

``from imbeval.metrics import f1_score`` in place of ``from sklearn.metrics import f1_score``:
each function takes the library's arguments and gives its values, warnings and errors,
computed by :func:`imbeval.metrics.score` (one implementation). Where imbeval differs on
purpose, the function's Notes say so (docs/metrics.md lists every difference).
"""

from __future__ import annotations

import functools
import math
import numbers
import warnings

import numpy as np
from scipy import sparse

from imbeval.metrics._labels import _REMEDY, confusion_matrix, label_matrix
from imbeval.metrics._params import LABEL_ARGUMENTS
from imbeval.metrics._score import UndefinedMetricWarning, score, _sklearn_rate, undefined_why
from imbeval.utils._param_validation import validate_params

__all__ = ["accuracy_score", "balanced_accuracy_score", "precision_score", "recall_score",
           "f1_score", "fbeta_score", "jaccard_score", "matthews_corrcoef",
           "cohen_kappa_score", "zero_one_loss", "hamming_loss", "sensitivity_score",
           "specificity_score", "geometric_mean_score", "macro_averaged_mean_absolute_error"]

_AVERAGE_DOC = """\
    average : {"binary", "micro", "macro", "weighted"} or None, default "binary"
        "binary": the score of ``pos_label`` (two classes only); "micro": of all classes'
        counts together (the accuracy, as ``labels`` names every class); "macro": the mean
        of the per-class scores; "weighted": their mean weighted by each class's support;
        None: the per-class scores, an array in ``labels`` order."""


_ONE_LABEL = ("imbeval.metrics scores one class label per sample: pass a 1-D array of labels "
              "(for one-hot rows, np.argmax(y, axis=1))")


def _as_array(y):
    """``y`` as an ndarray (a sparse matrix as it is), or None if numpy cannot read it."""
    if sparse.issparse(y):
        return y
    try:
        return np.asarray(y)
    except Exception:  # ragged input: imbeval's own check names it
        return None


def _finite_check(values, name):
    # scikit-learn's check_array words it so; its tests and users' filters match the text
    if values.dtype.kind in "fc" and not np.all(np.isfinite(values)):
        if np.any(np.isnan(values)):
            problem = "NaN."
        else:
            problem = f"infinity or a value too large for {values.dtype!r}."
        raise ValueError(f"Input {name} contains {problem} imbeval: {name} must hold finite "
                         "class labels or weights")


def _target_type(y, name):
    """scikit-learn's ``type_of_target`` of the kinds the drop-ins meet, named as it does."""
    if sparse.issparse(y):
        if y.shape[1] > 1 and np.all(np.isin(y.data, (0, 1))):
            return "multilabel-indicator"
        return "multiclass-multioutput"
    if y.ndim == 0 or y.ndim > 2:
        return "unknown"
    if y.dtype.kind in "fc":
        _finite_check(y, name)
    if y.ndim == 2 and y.shape[1] > 1:
        if y.dtype.kind in "biuf" and np.all(np.isin(np.unique(y), (0, 1))):
            return "multilabel-indicator"
        if y.dtype.kind == "f" and np.any(np.floor(y) != y):
            return "continuous-multioutput"
        return "multiclass-multioutput"
    if y.dtype.kind == "f" and np.any(np.floor(y) != y):
        return "continuous"
    if y.dtype.kind == "O":
        for v in y.ravel().tolist():
            if not isinstance(v, (str, bytes, numbers.Number)) and hasattr(v, "__len__"):
                raise ValueError("You appear to be using a legacy multi-label data "
                                 "representation. Sequence of sequences are no longer "
                                 f"supported. imbeval: {name} holds {v!r}; {_ONE_LABEL}")
            if isinstance(v, float) and math.isfinite(v) and v != math.floor(v):
                return "continuous"
    return "binary" if np.unique(y.ravel()).size <= 2 else "multiclass"


def _label_kinds(y):
    if y.dtype.kind in "US":
        return {"string"}
    if y.dtype.kind == "O":
        return {"string" if isinstance(v, str) else "number" for v in set(y.ravel().tolist())}
    return {"number"}


def _check_targets(y_true, y_pred, sample_weight=None):
    """Refuse what scikit-learn's ``_check_targets`` refuses, with its words first.

    scikit-learn's message opens each error (its tests, and users' ``pytest.raises(match=)``
    or ``except`` clauses, match on it); imbeval's explanation follows. Multilabel and
    multi-output targets get imbeval's refusal: the drop-ins score one label per sample.
    What this does not recognise is left to imbeval's own checks.
    """
    arrays = [_as_array(y_true), _as_array(y_pred)]
    if any(a is None for a in arrays) or any(a.ndim == 0 for a in arrays):
        return
    weights = None if sample_weight is None else _as_array(sample_weight)
    lengths = [a.shape[0] for a in arrays]
    if weights is not None and weights.ndim:
        lengths.append(weights.shape[0])
    if len(set(lengths)) > 1:
        raise ValueError(f"Found input variables with inconsistent numbers of samples: "
                         f"{lengths}. imbeval: y_true, y_pred" +
                         (" and sample_weight" if len(lengths) == 3 else "") +
                         " need one entry per sample")
    types = [_target_type(a, name) for a, name in zip(arrays, ("y_true", "y_pred"))]
    if lengths[0] == 0:
        raise ValueError("Found empty input array (e.g., `y_true` or `y_pred`) while a minimum "
                         "of 1 sample is required. imbeval: y_true and y_pred are empty")
    if weights is not None and not sparse.issparse(weights):
        if weights.dtype.kind == "c":
            raise ValueError("Complex data not supported: sample_weight must be real numbers "
                             "(imbeval does not drop the imaginary part)")
        if weights.dtype.kind in "biuf":
            _finite_check(weights, "sample_weight")
            if weights.ndim != 1:
                raise ValueError("Sample weights must be 1D array or scalar. imbeval: one "
                                 f"weight per sample, got shape {weights.shape}")
    kinds = set(types)
    if kinds == {"binary", "multiclass"}:
        kinds = {"multiclass"}
    if len(kinds) > 1:
        message = (f"Classification metrics can't handle a mix of {types[0]} and {types[1]} "
                   "targets")
        continuous = [n for n, t in zip(("y_true", "y_pred"), types) if t == "continuous"]
        if continuous:
            message += f". imbeval: {continuous[0]} holds continuous values; {_REMEDY}"
        raise ValueError(message)
    kind = kinds.pop()
    if kind in ("multilabel-indicator", "multiclass-multioutput", "continuous-multioutput"):
        raise ValueError(f"{kind} targets are refused: {_ONE_LABEL}")
    if kind not in ("binary", "multiclass"):
        message = f"{kind} is not supported. imbeval: "
        raise ValueError(message + (f"continuous values are not class labels; {_REMEDY}"
                                    if kind == "continuous" else _ONE_LABEL))
    label_kinds = _label_kinds(arrays[0]) | _label_kinds(arrays[1])
    if len(label_kinds) > 1:
        raise ValueError("Mix of label input types (string and number). imbeval: labels must "
                         f"be all strings or all numbers (y_true holds "
                         f"{' and '.join(sorted(_label_kinds(arrays[0])))}s, y_pred "
                         f"{' and '.join(sorted(_label_kinds(arrays[1])))}s)")


def _sklearn_targets(function):
    """Run :func:`_check_targets` on the first two arguments before ``function``."""
    @functools.wraps(function)
    def checked(y_true, y_pred, *args, **kwargs):
        _check_targets(y_true, y_pred, kwargs.get("sample_weight"))
        return function(y_true, y_pred, *args, **kwargs)
    return checked


def _check_bool(value, name):
    if not isinstance(value, (bool, np.bool_)):
        raise ValueError(f"{name} must be True or False, got {value!r}")
    return bool(value)


def accuracy_score(y_true, y_pred, *, normalize=True, sample_weight=None):
    """Accuracy: the share of samples whose predicted label is the true one.

    scikit-learn's ``accuracy_score``; one class in ``y_true`` and ``y_pred`` gives 1.0.

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,)
        True and predicted labels.
    normalize : bool, default True
        False: the (weighted) number of correct predictions instead of their share.
    sample_weight : array_like of shape (n_samples,), optional
        Non-negative weights, not all zero.

    Returns
    -------
    float

    Examples
    --------
    >>> from imbeval.metrics import accuracy_score
    >>> accuracy_score([0, 1, 2, 3], [0, 2, 1, 3])
    0.5
    >>> accuracy_score([0, 1, 2, 3], [0, 2, 1, 3], normalize=False)
    2.0
    """
    normalize = _check_bool(normalize, "normalize")
    cm, _ = label_matrix(y_true, y_pred, sample_weight=sample_weight, min_classes=1)
    correct = float(np.trace(cm))
    return correct / float(cm.sum()) if normalize else correct


def zero_one_loss(y_true, y_pred, *, normalize=True, sample_weight=None):
    """Zero-one loss: the share (or, with ``normalize=False``, the weighted number) of
    misclassified samples; scikit-learn's ``zero_one_loss``. Lower is better.

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,)
    normalize : bool, default True
    sample_weight : array_like of shape (n_samples,), optional

    Returns
    -------
    float

    Examples
    --------
    >>> from imbeval.metrics import zero_one_loss
    >>> zero_one_loss([0, 1, 2, 3], [0, 2, 1, 3]), zero_one_loss([1, 2], [1, 3], normalize=False)
    (0.5, 1.0)
    """
    normalize = _check_bool(normalize, "normalize")
    cm, _ = label_matrix(y_true, y_pred, sample_weight=sample_weight, min_classes=1)
    wrong = float(cm.sum() - np.trace(cm))
    return wrong / float(cm.sum()) if normalize else wrong


def hamming_loss(y_true, y_pred, *, sample_weight=None):
    """Hamming loss of one label per sample: the share of misclassified samples (the
    zero-one loss); scikit-learn's ``hamming_loss`` for binary and multiclass targets.

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,)
    sample_weight : array_like of shape (n_samples,), optional

    Returns
    -------
    float

    Examples
    --------
    >>> from imbeval.metrics import hamming_loss
    >>> hamming_loss([1, 2, 3, 4], [2, 2, 3, 4])
    0.25
    """
    return zero_one_loss(y_true, y_pred, sample_weight=sample_weight)


def balanced_accuracy_score(y_true, y_pred, *, sample_weight=None, adjusted=False):
    """Balanced accuracy: the mean of the recalls of the classes of ``y_true``.

    scikit-learn's ``balanced_accuracy_score``, to the letter: a class that is predicted but
    never true has no recall and is left out, with a ``UserWarning`` ("y_pred contains
    classes not in y_true"). ``score("balanced_accuracy")`` and ``score("acsa")`` are
    imbeval's ACSA instead, which counts that class's undefined recall (0 under
    ``zero_division="warn"``, with a warning): the two differ only there.

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,)
    sample_weight : array_like of shape (n_samples,), optional
    adjusted : bool, default False
        Rescale so that chance scores 0 and a perfect classifier 1: (B − 1/K) / (1 − 1/K),
        K the number of classes of ``y_true``.

    Returns
    -------
    float

    Examples
    --------
    >>> from imbeval.metrics import balanced_accuracy_score
    >>> balanced_accuracy_score([0, 1, 0, 0, 1, 0], [0, 1, 0, 0, 0, 1])  # (3/4 + 1/2) / 2
    0.625
    >>> round(balanced_accuracy_score([0, 1, 0, 0, 1, 0], [0, 1, 0, 0, 0, 1], adjusted=True), 4)
    0.25
    """
    adjusted = _check_bool(adjusted, "adjusted")
    # confusion_matrix warns of a single label, as scikit-learn's does here
    cm = confusion_matrix(y_true, y_pred, sample_weight=sample_weight).astype(float)
    support = cm.sum(axis=1)
    if np.any(support == 0):
        warnings.warn("y_pred contains classes not in y_true: their recall is undefined and "
                      "left out of the balanced accuracy, as scikit-learn does", UserWarning,
                      stacklevel=2)
    recalls = np.diagonal(cm)[support > 0] / support[support > 0]
    value = float(np.mean(recalls))
    if adjusted:
        chance = 1.0 / recalls.size
        value = (value - chance) / (1.0 - chance) if recalls.size > 1 else math.nan
    return value


def _same_label(a, b):
    # a string label never equals a number label (1 is not "1"), as in _positive_row
    return isinstance(a, str) == isinstance(b, str) and a == b


def _binary_labels(y_true, y_pred, labels, pos_label):
    """scikit-learn's checks of ``average="binary"``; the ``labels`` to compute with.

    One class in ``y_true`` and ``y_pred`` and ``pos_label`` not among it (a fold with no
    positive sample): scikit-learn scores ``pos_label`` as a class with no sample (0/0,
    ``zero_division``); the labels returned name it beside the one class.
    """
    present = label_matrix(y_true, y_pred, min_classes=1)[1]
    if present.size > 2:
        raise ValueError("Target is multiclass but average='binary'. Please choose another "
                         "average setting, one of [None, 'micro', 'macro', 'weighted']. "
                         f"imbeval: y_true and y_pred hold {present.size} classes "
                         f"{present.tolist()[:10]}; average='binary' scores the positive class "
                         "of two")
    if any(_same_label(c, pos_label) for c in present.tolist()):
        return labels
    if present.size == 2:
        raise ValueError(f"pos_label={pos_label} is not a valid label. It should be one of "
                         f"{present}. imbeval: pass pos_label= one of the two classes")
    if labels is None and isinstance(pos_label, str) == (present.dtype.kind in "US"):
        return [present[0].item(), pos_label]
    return labels


def _pos_label_ignored(pos_label, average):
    if average != "binary" and pos_label not in (None, 1):
        warnings.warn(f"Note that pos_label (set to {pos_label!r}) is ignored when average != "
                      f"'binary' (got {average!r}). You may use labels=[pos_label] to specify "
                      "a single positive class.", UserWarning, stacklevel=6)


#: scikit-learn's and imbalanced-learn's words for an undefined rate (their warnings' texts
#: open imbeval's, for filters and tests that match on them): the name, what has no sample
_SKLEARN_UNDEFINED = {"precision": ("Precision", "predicted"), "recall": ("Recall", "true"),
                      "f1": ("F-score", "true nor predicted"),
                      "fbeta": ("F-score", "true nor predicted"),
                      "jaccard": ("Jaccard", "true or predicted"),
                      "sensitivity": ("Sensitivity", "true"),
                      "specificity": ("Specificity", "predicted")}


def _averaged(name, y_true, y_pred, labels, pos_label, average, sample_weight, zero_division,
              beta=None):
    if average == "samples":
        raise ValueError("average='samples' averages over the samples of multilabel targets, "
                         f"which are refused: {_ONE_LABEL}")
    if average is not None and average not in ("binary", "micro", "macro", "weighted"):
        raise ValueError(f"average must be 'binary', 'micro', 'macro', 'weighted' or None, got "
                         f"{average!r}")
    if average == "binary":
        labels = _binary_labels(y_true, y_pred, labels, pos_label)
    else:
        _pos_label_ignored(pos_label, average)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        value = _sklearn_rate(name, y_true, y_pred, labels=labels, pos_label=pos_label,
                             average=average, sample_weight=sample_weight,
                             zero_division=zero_division, beta=beta)
    for w in caught:  # told again, from the caller's line, through the caller's filters
        message = w.message
        if isinstance(message, UndefinedMetricWarning) and name in _SKLEARN_UNDEFINED:
            what, no = _SKLEARN_UNDEFINED[name]
            where = "due to" if average == "binary" else "in labels with"
            message = type(message)(f"{what} is ill-defined and being set to 0.0 {where} no "
                                    f"{no} samples. Use `zero_division` parameter to control "
                                    f"this behavior. imbeval: {message}")
        warnings.warn(message, stacklevel=5)
    return value


def precision_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
                    sample_weight=None, zero_division="warn"):
    """Precision, TP / (TP + FP): of the samples predicted as a class, the share that are.

    scikit-learn's ``precision_score``. A class never predicted has an undefined precision:
    ``zero_division`` says what it counts ("warn": 0 and an
    :class:`~imbeval.metrics.UndefinedMetricWarning`; a number: that value, 1.0 included, as
    in scikit-learn, where ``score("precision", ...)`` gives NaN rather than the best
    value). A label outside ``labels`` is an error (docs/metrics.md).

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,)
    labels : array_like, optional
        The classes and their order (every label of the data must be among them).
    pos_label : label, default 1
        The positive class of ``average="binary"``.
{average}
    sample_weight : array_like of shape (n_samples,), optional
    zero_division : "warn", NaN or float in [0, 1], default "warn"

    Returns
    -------
    float, or ndarray of shape (C,) for ``average=None``

    Examples
    --------
    >>> from imbeval.metrics import precision_score
    >>> y_true, y_pred = [0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1]
    >>> round(precision_score(y_true, y_pred, average="macro"), 4)
    0.2222
    >>> precision_score(y_true, y_pred, average=None).round(4)
    array([0.6667, 0.    , 0.    ])
    """
    return _averaged("precision", y_true, y_pred, labels, pos_label, average, sample_weight,
                     zero_division)


def recall_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
                 sample_weight=None, zero_division="warn"):
    """Recall, TP / (TP + FN): of the samples of a class, the share predicted as it.

    scikit-learn's ``recall_score`` (``average="macro"`` is imbeval's ACSA). A class of
    ``labels`` with no true sample has an undefined recall: ``zero_division`` says what it
    counts, as in scikit-learn (``zero_division=1`` gives 1.0 there).

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,)
    labels : array_like, optional
    pos_label : label, default 1
{average}
    sample_weight : array_like of shape (n_samples,), optional
    zero_division : "warn", NaN or float in [0, 1], default "warn"

    Returns
    -------
    float, or ndarray of shape (C,) for ``average=None``

    Examples
    --------
    >>> from imbeval.metrics import recall_score
    >>> recall_score([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1], average=None)
    array([1., 0., 0.])
    >>> recall_score([0, 1, 1, 2], [0, 1, 2, 2], labels=[0, 1, 2, 3], average="macro",
    ...              zero_division=0)  # class 3 has no sample: its recall counts 0
    0.625
    """
    return _averaged("recall", y_true, y_pred, labels, pos_label, average, sample_weight,
                     zero_division)


def f1_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
             sample_weight=None, zero_division="warn"):
    """F1, the harmonic mean of precision and recall: 2 TP / (2 TP + FP + FN).

    scikit-learn's ``f1_score``; undefined (0/0) only for a class neither true nor
    predicted.

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,)
    labels : array_like, optional
    pos_label : label, default 1
{average}
    sample_weight : array_like of shape (n_samples,), optional
    zero_division : "warn", NaN or float in [0, 1], default "warn"

    Returns
    -------
    float, or ndarray of shape (C,) for ``average=None``

    Examples
    --------
    >>> from imbeval.metrics import f1_score
    >>> f1_score([0, 0, 1, 1, 1], [0, 1, 1, 1, 0], average=None).round(4)
    array([0.5   , 0.6667])
    >>> round(f1_score([0, 0, 1, 1, 1], [0, 1, 1, 1, 0]), 4)
    0.6667
    """
    return _averaged("f1", y_true, y_pred, labels, pos_label, average, sample_weight,
                     zero_division)


def fbeta_score(y_true, y_pred, *, beta, labels=None, pos_label=1, average="binary",
                sample_weight=None, zero_division="warn"):
    """F-beta: (1 + β²) TP / ((1 + β²) TP + β² FN + FP), recall weighted β times precision.

    scikit-learn's ``fbeta_score``.

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,)
    beta : float
        The weight of recall (β > 1 favours recall, β < 1 precision, β = 1 is F1;
        ``np.inf``: the recall, the limit, as scikit-learn).
    labels : array_like, optional
    pos_label : label, default 1
{average}
    sample_weight : array_like of shape (n_samples,), optional
    zero_division : "warn", NaN or float in [0, 1], default "warn"

    Returns
    -------
    float, or ndarray of shape (C,) for ``average=None``

    Examples
    --------
    >>> from imbeval.metrics import fbeta_score
    >>> y_true, y_pred = [0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1]
    >>> round(fbeta_score(y_true, y_pred, beta=0.5, average="macro"), 4)
    0.2381
    >>> fbeta_score(y_true, y_pred, beta=0.5, average=None).round(4)
    array([0.7143, 0.    , 0.    ])
    """
    if isinstance(beta, numbers.Real) and not isinstance(beta, bool) and beta == math.inf:
        # F-beta tends to the recall as beta grows; scikit-learn gives that limit
        return _averaged("recall", y_true, y_pred, labels, pos_label, average, sample_weight,
                         zero_division)
    return _averaged("fbeta", y_true, y_pred, labels, pos_label, average, sample_weight,
                     zero_division, beta=beta)


def jaccard_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
                  sample_weight=None, zero_division="warn"):
    """Jaccard index of each class: TP / (TP + FP + FN).

    scikit-learn's ``jaccard_score`` (its micro average counts TP, FP and FN over all
    classes: TP / (2n − TP)).

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,)
    labels : array_like, optional
    pos_label : label, default 1
{average}
    sample_weight : array_like of shape (n_samples,), optional
    zero_division : "warn", NaN or float in [0, 1], default "warn"

    Returns
    -------
    float, or ndarray of shape (C,) for ``average=None``

    Examples
    --------
    >>> from imbeval.metrics import jaccard_score
    >>> jaccard_score([0, 1, 1, 1], [0, 1, 1, 0])  # 2 / (2 + 0 + 1)
    0.6666666666666666
    >>> jaccard_score([0, 1, 2, 1], [0, 2, 2, 1], average=None)
    array([1. , 0.5, 0.5])
    """
    return _averaged("jaccard", y_true, y_pred, labels, pos_label, average, sample_weight,
                     zero_division)


def sensitivity_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
                      sample_weight=None):
    """Sensitivity, the recall: imbalanced-learn's ``sensitivity_score`` (an undefined
    sensitivity counts 0, with an :class:`~imbeval.metrics.UndefinedMetricWarning`).

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,)
    labels : array_like, optional
    pos_label : label, default 1
{average}
    sample_weight : array_like of shape (n_samples,), optional

    Returns
    -------
    float, or ndarray of shape (C,) for ``average=None``

    Examples
    --------
    >>> from imbeval.metrics import sensitivity_score
    >>> sensitivity_score([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1], average="macro")
    0.3333333333333333
    """
    return _averaged("sensitivity", y_true, y_pred, labels, pos_label, average,
                     sample_weight, "warn")


def specificity_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
                      sample_weight=None):
    """Specificity, TN / (TN + FP): of the samples not of a class, the share not predicted as
    it. imbalanced-learn's ``specificity_score``, except with ``sample_weight``, where
    imbalanced-learn 0.14 is wrong (negative values) and imbeval gives the weighted count
    (docs/metrics.md).

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,)
    labels : array_like, optional
    pos_label : label, default 1
{average}
    sample_weight : array_like of shape (n_samples,), optional

    Returns
    -------
    float, or ndarray of shape (C,) for ``average=None``

    Examples
    --------
    >>> from imbeval.metrics import specificity_score
    >>> specificity_score([0, 0, 1, 1], [0, 1, 1, 1], sample_weight=[1, 3, 1, 1])  # 1 / (1 + 3)
    0.25
    """
    if average == "binary" and labels is None and \
            _binary_labels(y_true, y_pred, None, pos_label) is not None:
        # one class, pos_label absent: imbalanced-learn counts only the samples of
        # labels=[pos_label], none, so TN / (TN + FP) is 0/0, set to 0 with its warning
        warnings.warn("Specificity is ill-defined and being set to 0.0 due to no true "
                      f"negative samples: pos_label={pos_label!r} is not in y_true or y_pred",
                      UndefinedMetricWarning, stacklevel=3)
        return 0.0
    return _averaged("specificity", y_true, y_pred, labels, pos_label, average,
                     sample_weight, "warn")


def geometric_mean_score(y_true, y_pred, *, labels=None, pos_label=1, average="multiclass",
                         sample_weight=None, correction=0.0):
    """Geometric mean: of the per-class recalls ("multiclass"), or of sensitivity and
    specificity (the other averages); imbalanced-learn's ``geometric_mean_score``.

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,)
    labels : array_like, optional
    pos_label : label, default 1
    average : {"multiclass", "binary", "micro", "macro", "weighted"} or None, default "multiclass"
        "multiclass": (Π_i recall_i)^(1/C), imbeval's ``gmean``; "binary":
        sqrt(sensitivity specificity) of ``pos_label``; "micro", "macro", "weighted":
        sqrt of the averaged sensitivity times the averaged specificity; None: per class.
    sample_weight : array_like of shape (n_samples,), optional
    correction : float, default 0.0
        With "multiclass": the value of a zero recall (so that one failed class does not
        make the mean 0).

    Returns
    -------
    float, or ndarray of shape (C,) for ``average=None``

    Examples
    --------
    >>> from imbeval.metrics import geometric_mean_score
    >>> y_true, y_pred = [0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1]
    >>> geometric_mean_score(y_true, y_pred)
    0.0
    >>> round(geometric_mean_score(y_true, y_pred, correction=0.001), 4)
    0.01
    >>> round(geometric_mean_score(y_true, y_pred, average="macro"), 4)
    0.4714
    >>> geometric_mean_score([1, 1, 1], [1, 1, 1])  # one class: imbalanced-learn's 1.0
    1.0
    """
    if isinstance(correction, bool) or not isinstance(correction, numbers.Real) \
            or not 0 <= correction <= 1:
        raise ValueError(f"correction must be a number in [0, 1], got {correction!r}")
    if average == "multiclass" and labels is None:
        _, classes = label_matrix(y_true, y_pred, sample_weight=sample_weight, min_classes=1)
        if classes.size == 1:
            # one class in y_true and y_pred: its recall is 1 (every sample predicted as it),
            # and so is the mean of the one recall, as imbalanced-learn says (score's
            # "gmean" refuses one class: the C recalls it is defined on are not there)
            return 1.0
    if average != "multiclass" or correction == 0:
        return score("geometric_mean", y_true, y_pred, labels=labels, pos_label=pos_label,
                     average=average, sample_weight=sample_weight)
    recalls = score("recall", y_true, y_pred, labels=labels, average=None,
                    sample_weight=sample_weight)
    recalls = np.where(recalls == 0, float(correction), recalls)
    return float(np.exp(np.mean(np.log(recalls))))


def _single_label_warning():
    # scikit-learn (1.9) warns of one label with a plain UserWarning (its confusion matrix's),
    # not its UndefinedMetricWarning: the same class here, so that a filter written for
    # scikit-learn's warnings treats imbeval's alike
    warnings.warn("A single label was found in y_true and y_pred: the confusion matrix is "
                  "1 x 1; pass labels= with every known label for its full shape",
                  UserWarning, stacklevel=3)


def matthews_corrcoef(y_true, y_pred, *, sample_weight=None):
    """Matthews correlation coefficient (MCC) of the C x C matrix, in [−1, 1].

    scikit-learn's ``matthews_corrcoef``: where MCC is 0/0 (every sample predicted as one
    class, or one class only) it is 0.0, as scikit-learn says (silently; with one class
    scikit-learn's and imbeval's warning say to pass all labels). ``score("mcc")`` is NaN
    there with ``zero_division=np.nan``.

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,)
    sample_weight : array_like of shape (n_samples,), optional

    Returns
    -------
    float

    Examples
    --------
    >>> from imbeval.metrics import matthews_corrcoef
    >>> round(matthews_corrcoef([1, 1, 1, 0], [1, 0, 1, 1]), 4)
    -0.3333
    >>> matthews_corrcoef([0, 1, 1], [1, 1, 1])  # constant predictions: 0/0
    0.0
    """
    _, classes = label_matrix(y_true, y_pred, sample_weight=sample_weight, min_classes=1)
    if classes.size == 1:
        _single_label_warning()
        return 0.0  # 0/0, which scikit-learn sets to 0.0 (score("mcc") warns apart of it)
    return score("mcc", y_true, y_pred, sample_weight=sample_weight, zero_division=0.0)


def cohen_kappa_score(y1, y2, *, labels=None, weights=None, sample_weight=None,
                      replace_undefined_by=np.nan):
    """Cohen's kappa of two labelings: agreement corrected for chance, in [−1, 1].

    scikit-learn's ``cohen_kappa_score``. Undefined where the expected disagreement is 0 (one
    label in common): ``replace_undefined_by`` then, with an
    :class:`~imbeval.metrics.UndefinedMetricWarning`.

    Parameters
    ----------
    y1, y2 : array_like of shape (n_samples,)
        The two labelings (kappa is symmetric).
    labels : array_like, optional
    weights : {None, "linear", "quadratic"}, default None
        The weighted kappas (disagreement weighted by the distance of the label positions).
    sample_weight : array_like of shape (n_samples,), optional
    replace_undefined_by : float, default NaN
        The value where kappa is undefined.

    Returns
    -------
    float

    Examples
    --------
    >>> from imbeval.metrics import cohen_kappa_score
    >>> round(cohen_kappa_score([0, 1, 1, 2], [0, 1, 2, 2]), 4)
    0.6364
    >>> round(cohen_kappa_score([0, 1, 1, 2], [0, 1, 2, 2], weights="quadratic"), 4)
    0.8
    """
    if weights not in (None, "linear", "quadratic"):
        raise ValueError(f"weights must be None, 'linear' or 'quadratic', got {weights!r}")
    if labels is not None:
        seen = set(np.asarray(y1).ravel().tolist())
        if not any(_same_label(v, label) for label in np.asarray(labels).tolist()
                   for v in seen):
            raise ValueError("At least one label in `labels` must be present in `y1`. imbeval: "
                             f"labels {np.asarray(labels).tolist()[:10]}, y1 holds "
                             f"{sorted(map(str, seen))[:10]}")
    if isinstance(replace_undefined_by, bool) or not isinstance(replace_undefined_by,
                                                                numbers.Real):
        raise ValueError(f"replace_undefined_by must be a number, got {replace_undefined_by!r}")
    cm, classes = label_matrix(y1, y2, labels=labels, sample_weight=sample_weight,
                               min_classes=1)
    value = math.nan
    if classes.size == 1:
        _single_label_warning()
    if classes.size > 1:
        value = score("cohen_kappa", y1, y2, labels=labels, weights=weights,
                      sample_weight=sample_weight, zero_division=np.nan)
    if math.isnan(value):
        warnings.warn(f"Cohen's kappa is undefined here ({undefined_why(cm, classes, labels is not None)}, "
                      f"or one label in common); it is set to replace_undefined_by="
                      f"{replace_undefined_by!r}", UndefinedMetricWarning, stacklevel=2)
        return float(replace_undefined_by)
    return value


def macro_averaged_mean_absolute_error(y_true, y_pred, *, sample_weight=None):
    """Macro-averaged mean absolute error of ordinal labels; imbalanced-learn's.

    For each class of ``y_true``, the mean distance ``|y_true − y_pred|`` between the label
    *values* of its samples and their predictions, averaged over the classes: labels 0 and
    2 are 2 apart. Lower is better.

    Parameters
    ----------
    y_true, y_pred : array_like of shape (n_samples,)
        Ordinal labels: numbers.
    sample_weight : array_like of shape (n_samples,), optional

    Returns
    -------
    float

    Raises
    ------
    ValueError
        For string labels, or a class predicted but absent from ``y_true`` (as
        imbalanced-learn).

    Examples
    --------
    >>> from imbeval.metrics import macro_averaged_mean_absolute_error
    >>> macro_averaged_mean_absolute_error([0, 2, 2], [2, 0, 2])  # (2 + (2 + 0) / 2) / 2
    1.5
    """
    cm, classes = label_matrix(y_true, y_pred, sample_weight=sample_weight, min_classes=1)
    absent = classes[cm.sum(axis=1) == 0].tolist()
    if absent:  # imbalanced-learn raises too (a mean over no sample)
        raise ValueError(f"y_pred has class(es) {absent[:10]} that y_true lacks: their mean "
                         "absolute error is a mean over no sample")
    if classes.size == 1:
        return 0.0
    return score("macro_averaged_mean_absolute_error", y_true, y_pred,
                 sample_weight=sample_weight, zero_division=np.nan)


for _function in (precision_score, recall_score, f1_score, fbeta_score, jaccard_score,
                  sensitivity_score, specificity_score):
    _function.__doc__ = _function.__doc__.replace("{average}", _AVERAGE_DOC)


# declared after the docstrings are filled in: the wrapper copies the finished text
for _name in __all__:
    globals()[_name] = validate_params(
        {**LABEL_ARGUMENTS, "adjusted": ["boolean"], "normalize": ["boolean"]},
        shared=True)(_sklearn_targets(globals()[_name]))
