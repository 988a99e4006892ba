"""make_scorer(), get_scorer(), make_scorers(): imbeval's indices as scikit-learn scorers.

A scorer is pickled to every worker of a parallel search (joblib's loky processes). A
library index travels by name: the worker's ``imbeval.indices`` registers it on import. A
user's index (:func:`imbeval.indices.add_index`) is not registered in a fresh worker, so the
scorer carries its registry entry -- the :class:`~imbeval.indices.IndexInfo`, function
included -- by value, and the worker computes that very function (cloudpickle, which loky
uses, pickles a function defined in ``__main__`` or a notebook by value).
"""

from __future__ import annotations

import inspect
import warnings

import numpy as np

from imbeval.utils._param_validation import validate_params
from imbeval.metrics._labels import check_labels, label_matrix
from imbeval.metrics._resolve import _OPTION_NAMES, _positive_row, resolve_index
from imbeval.metrics._score import (UndefinedMetricWarning, UndefinedScoreWarning,
                                    check_metrics_zero_division, score, undefined_why)

__all__ = ["make_scorer", "get_scorer", "make_scorers"]

_REMEDY = ("use stratified folds (StratifiedKFold, or cv=<int>, which cross_val_score and "
           "GridSearchCV stratify for classifiers) with no more folds than the rarest class has "
           "samples, so that every fold holds every class")


def _is_library_index(info):
    """True for an index of imbeval's own modules (registered in every process that imports
    imbeval.indices); False for a user's, whose function lives elsewhere."""
    return inspect.unwrap(info.function).__module__.startswith("imbeval.")


class IndexScore:
    """``f(y_true, y_pred, **options)``: :func:`score` of one index, as a scorer calls it.

    The score function inside :func:`make_scorer`'s scorers, with the scorer's rule for an
    undefined fold (never NaN: see :func:`make_scorer`). It holds the name and, for a
    user's index, its :class:`~imbeval.indices.IndexInfo`, so that a pickled scorer computes
    the same index in a process where the user's code never registered it.

    Parameters
    ----------
    index : str
        The name asked for (a registered name or a library's).
    info : IndexInfo
        Its registry entry.

    Examples
    --------
    >>> import pickle
    >>> from imbeval.indices import get_info
    >>> from imbeval.metrics._scorer import IndexScore
    >>> f = IndexScore("acsa", get_info("acsa"))
    >>> f([0, 1, 1], [0, 1, 0]), pickle.loads(pickle.dumps(f)).carried is None  # by name
    (0.75, True)
    """

    def __init__(self, index, info):
        self.index = index
        self.carried = None if _is_library_index(info) else info
        self.__name__ = f"score_{info.name}"

    def __call__(self, y_true, y_pred, *, zero_division="warn", **kwargs):
        index = self.index if self.carried is None else self.carried
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", UndefinedMetricWarning)
            value = score(index, y_true, y_pred, zero_division=zero_division, **kwargs)
        undefined = False
        for w in caught:  # score's own warning becomes the scorer's, with the fold's remedy
            if issubclass(w.category, UndefinedMetricWarning):
                undefined = True
            else:
                warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
        if not undefined and not np.any(np.isnan(value)):
            return value
        cm, classes = label_matrix(y_true, y_pred, labels=kwargs.get("labels"),
                                   sample_weight=kwargs.get("sample_weight"), min_classes=1)
        why = undefined_why(cm, classes, kwargs.get("labels") is not None, "this fold's y_true")
        if np.any(np.isnan(value)):
            raise ValueError(f"make_scorer({self.index!r}): the index is undefined on this "
                             f"fold: {why}, and zero_division={zero_division!r} leaves it "
                             f"undefined; {_REMEDY}")
        warnings.warn(f"make_scorer({self.index!r}): the index is undefined on this fold: "
                      f"{why}; scored with zero_division=0. To avoid it, {_REMEDY}; to silence "
                      "it, pass zero_division=0", UndefinedScoreWarning, stacklevel=2)
        return value


def make_scorer(index, **kwargs):
    """A scikit-learn scorer of a registered index, for ``cross_val_score``, ``GridSearchCV``.

    Built with :func:`sklearn.metrics.make_scorer` on :func:`score`, with scikit-learn's
    sign convention: a lower-is-better index (``greater_is_better`` False in the
    registry: CEN, MCEN) is negated, so that larger scorer values are always better
    (``GridSearchCV`` maximises). Sample weights given to the scorer are passed on.
    scikit-learn's names work too (``make_scorer("balanced_accuracy")``,
    ``make_scorer("f1", average="macro")``). A user's index
    (:func:`imbeval.indices.add_index`) gives the same scores with ``n_jobs=2``: the scorer
    carries its definition to the worker processes.

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
        :func:`score`, ``average``, ``adjusted``, ``weights`` for the names that take
        them and ``beta`` for ``fbeta``. Pass ``labels`` (all the classes) for
        cross-validation: every fold's matrix is then C x C, so an index that depends on C
        (nAUROC, EVE, ...) has the same meaning on every fold.

    Returns
    -------
    sklearn.metrics._scorer._Scorer
        Callable ``scorer(estimator, X, y_true, sample_weight=None)``.

    Raises
    ------
    ValueError
        For an unknown index (with the closest names), a keyword other than those above,
        ``average=None`` (a scorer gives one number), bad ``labels``, ``zero_division`` or
        options, or a ``pos_label`` not among ``labels`` (two-class indices).

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn.model_selection import cross_val_score
    >>> from imbeval.metrics import make_scorer
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
    ValueError: make_scorer takes labels, pos_label, zero_division, average, adjusted, weights, beta; got normalize
    """
    allowed = ("labels", "pos_label", "zero_division", *_OPTION_NAMES, "beta")
    unknown = sorted(set(kwargs) - set(allowed))
    if unknown:
        raise ValueError(f"make_scorer takes {', '.join(allowed)}; got {', '.join(unknown)}")
    if "average" in kwargs and kwargs["average"] is None:
        raise ValueError("a scorer gives one number: pass average='macro', 'weighted', 'micro' "
                         "or 'binary', not None (per-class values: score(..., average=None))")
    options = {k: kwargs[k] for k in _OPTION_NAMES if k in kwargs}
    base = index[:-len("_score")] if isinstance(index, str) and index.endswith("_score") \
        else index
    if base == "fbeta":
        info = resolve_index("f1", **options)  # fbeta's orientation and scope are f1's
        if kwargs.get("beta") is None:
            raise ValueError(f"{index!r} needs beta=, as scikit-learn's fbeta_score")
    else:
        if "beta" in kwargs:
            raise ValueError(f"{index!r} takes no beta= (only fbeta and fbeta_score do)")
        info = resolve_index(index, **options)
    if "zero_division" in kwargs:
        kwargs["zero_division"] = check_metrics_zero_division(kwargs["zero_division"])
    if kwargs.get("labels") is not None:
        labels, _ = check_labels(kwargs["labels"])
        if info.scope == "two-class" and options.get("average", "binary") == "binary":
            if labels.size != 2:
                raise ValueError(f"index {index!r} is two-class only, but labels name "
                                 f"{labels.size} classes")
            _positive_row(kwargs.get("pos_label", 1), labels)
    from imbeval.utils._optional import import_optional

    sklearn_make_scorer = import_optional("sklearn.metrics").make_scorer

    return sklearn_make_scorer(IndexScore(index, info), greater_is_better=info.greater_is_better,
                               **kwargs)


@validate_params({"name": [str]})
def get_scorer(name):
    """The scorer of an imbeval name with its defaults: :func:`make_scorer` ``(name)``.

    The counterpart of ``sklearn.metrics.get_scorer`` for every name :func:`score` takes
    (registered, a user's, scikit-learn's and imbalanced-learn's: ``"gmean"``, ``"iam"``,
    ``"balanced_accuracy"``, ``"f1_macro"``, ...). For options (``labels=``, ...) use
    :func:`make_scorer`; for several names at once, :func:`make_scorers`.

    Parameters
    ----------
    name : str

    Returns
    -------
    sklearn.metrics._scorer._Scorer

    Examples
    --------
    >>> from sklearn.dummy import DummyClassifier
    >>> from imbeval.metrics import get_scorer
    >>> X, y = [[0], [0], [0], [0]], [0, 0, 1, 1]
    >>> get_scorer("iam")(DummyClassifier(strategy="constant", constant=0).fit(X, y), X, y)
    -0.5
    """
    return make_scorer(name)


@validate_params({"names": [str, "array-like"]})
def make_scorers(names, **kwargs):
    """A dict of scorers, ``{name: make_scorer(name, **kwargs)}``, for scikit-learn's
    ``scoring=``: ``cross_validate(model, X, y, scoring=make_scorers(["gmean", "iam"]))``.

    scikit-learn looks a string up in its own table, which has no imbeval names
    (``scoring=["gmean", "iam"]`` fails there); a dict of scorers is what ``scoring=``
    takes for several metrics, in ``cross_validate``, ``GridSearchCV`` (with ``refit=`` one
    of the names) and ``RandomizedSearchCV``. The results are named
    ``test_<name>`` / ``mean_test_<name>``.

    Parameters
    ----------
    names : iterable of str
        imbeval names (or scikit-learn's, with the imbeval rule for undefined folds).
    **kwargs
        :func:`make_scorer`'s keywords, the same for every name (``labels=`` is the usual
        one; two-class names ignore nothing: pass names that suit the classes).

    Returns
    -------
    dict mapping each name to its scorer

    Raises
    ------
    ValueError
        For a name given twice, or as :func:`make_scorer`.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn.model_selection import cross_validate
    >>> from imbeval.metrics import make_scorers
    >>> rng = np.random.default_rng(0)
    >>> X, y = rng.normal(size=(60, 2)), np.repeat([0, 1, 2], 20)
    >>> X[y == 1] += 2
    >>> result = cross_validate(LogisticRegression(), X, y, cv=3,
    ...                         scoring=make_scorers(["gmean", "iam"], labels=[0, 1, 2]))
    >>> sorted(k for k in result if k.startswith("test_"))
    ['test_gmean', 'test_iam']
    """
    if isinstance(names, str):
        names = [names]
    names = list(names)
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise ValueError(f"make_scorers: {repeated} given more than once")
    return {name: make_scorer(name, **kwargs) for name in names}
