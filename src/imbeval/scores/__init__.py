"""Indices of true labels and scores: ROC AUC, average precision, PR gain, proper scores and
their CORP decomposition, expected cost, cost curves -- with scikit-learn's conventions.

The indices of :mod:`imbeval.indices` are functions of confusion matrices; these take
``y_true`` and ``y_score`` (a score or probability per sample, or one column per class), with
scikit-learn's keywords ``sample_weight``, ``pos_label``, ``average``, ``multi_class`` and
``labels``. Every function accepts ``sample_weight``: a shift of the class prior of a test
sample is a reweighting of its classes, which is how :mod:`imbeval.audit.prior_shift` decides
which of these indices stay put when the deployment prior differs from the test prior.

>>> from imbeval.scores import score, roc_auc_score
>>> roc_auc_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
0.75
>>> score("calibrated_precision", [0, 0, 0, 1], [0.6, 0.2, 0.1, 0.9])
0.75

The named measures have the shape of :mod:`imbeval.indices` and :mod:`imbeval.metrics`:
:func:`registry` (name -> :class:`ScoreInfo` with ``name``, ``function``,
``greater_is_better``, ``bounds``, ``scope``, ``description``, ``reference``),
:func:`get_info` (one entry; an unknown name gets the closest ones), :func:`score` (the
value of one by name) and :func:`make_scorer` (a scikit-learn scorer of one, negated where
lower is better; docs/metrics.md). :func:`interval` (or ``score(..., ci=0.95)``) gives a
two-class index with its interval from one test set -- DeLong's, Newcombe's or a bootstrap
for ROC AUC, Boyd et al.'s logit for average precision, a t interval for the Brier score and
log-loss, the labels' :class:`imbeval.metrics.IndexInterval` with its measured coverage --
and :func:`paired_interval` the difference of two scorers on one test set (DeLong's paired
test for ROC AUC). As scikit-learn's, a ``*_score`` function is
greater-is-better and a ``*_loss`` lower-is-better (``brier_score_loss``, ``log_loss``).
"""

from __future__ import annotations


from imbeval.scores._intervals import PairedScoreInterval, interval, paired_interval
from imbeval.scores._registry import ScoreInfo, get_info, registry
from imbeval.scores.cost import bayes_decisions, cost_curve, cost_curve_area, expected_cost
from imbeval.scores.prg import auprg_score, prg_curve
from imbeval.scores.proper import (CorpDecomposition, brier_score, brier_score_loss,  # noqa: F401
                                   corp_decomposition, log_loss)
from imbeval.utils._deprecation import deprecated_alias
from imbeval.utils._param_validation import validate_params
from imbeval.scores.ranking import (average_precision_score,
                                    calibrated_average_precision_score, calibrated_f_score,
                                    calibrated_precision_score, roc_auc_score)

__all__ = ["CorpDecomposition", "ScoreInfo", "auprg_score", "average_precision_score",
           "bayes_decisions", "brier_score_loss", "calibrated_average_precision_score",
           "calibrated_f_score", "calibrated_precision_score", "corp_decomposition",
           "cost_curve", "cost_curve_area", "expected_cost", "get_info", "interval", "log_loss",
           "make_scorer", "paired_interval", "PairedScoreInterval", "prg_curve",
           "registry", "roc_auc_score", "score"]


@validate_params({"name": [str], "y_true": ["array-like"], "y_score": ["array-like"],
                  "sample_weight": ["array-like", None]})
def score(name: str, y_true, y_score, *, sample_weight=None, ci=None, ci_method="auto",
          **options):
    """The value of the registered index of scores ``name``.

    Parameters
    ----------
    name : str
        A key of :func:`registry`.
    y_true : array-like of shape (n,)
    y_score : array-like of shape (n,) or (n, C)
        As the index's ``scope`` and ``response`` say.
    sample_weight : array-like of shape (n,), optional
    ci : float, optional
        A level (0.95): return the value with its interval from this one test set, an
        :class:`imbeval.metrics.IndexInterval` (:func:`interval`; docs/metrics.md), as
        :func:`imbeval.metrics.score` does for labels.
    ci_method : str, default "auto"
        With ``ci``: the method (:func:`interval`).
    **options
        Passed to the index's function (``pos_label``, ``labels``, ...); with ``ci`` also
        ``random_state`` and ``n_resamples`` of the bootstrap.

    Returns
    -------
    float, or IndexInterval with ``ci``

    Examples
    --------
    >>> score("brier_score", [0, 1, 1], [0.2, 0.6, 0.9])
    0.07
    >>> e = score("roc_auc", [0, 0, 0, 1, 1], [0.1, 0.3, 0.6, 0.5, 0.9], ci=0.95)
    >>> round(e.value, 4), e.low < e.value < e.high
    (0.8333, True)
    """
    if ci is not None:
        return interval(name, y_true, y_score, ci=ci, ci_method=ci_method,
                        sample_weight=sample_weight, **options)
    return float(get_info(name).function(y_true, y_score, sample_weight=sample_weight,
                                        **options))


@validate_params({"name": [str]})
def make_scorer(name: str, **options):
    """A scikit-learn scorer of a registered index of scores (``GridSearchCV(scoring=...)``).

    The scorer asks the estimator for ``predict_proba`` (indices of probabilities) or for
    ``decision_function``, else ``predict_proba`` (indices of a ranking); scikit-learn passes
    the positive class's column for two classes. A lower-is-better index is negated, so that
    larger is better, as scikit-learn's ``neg_log_loss``.

    Parameters
    ----------
    name : str
        A key of :func:`registry`.
    **options
        Fixed keywords of the index (``pos_label``, ``labels``).

    Returns
    -------
    callable
        ``scorer(estimator, X, y, sample_weight=None)``.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn.linear_model import LogisticRegression
    >>> X = np.r_[np.zeros((20, 1)), np.ones((20, 1))] + np.linspace(0, 0.9, 40)[:, None]
    >>> y = np.r_[np.zeros(20), np.ones(20)].astype(int)
    >>> scorer = make_scorer("brier_score")
    >>> float(scorer(LogisticRegression().fit(X, y), X, y)) < 0
    True
    """
    info = get_info(name)
    response = ("predict_proba" if info.response == "proba"
                else ("decision_function", "predict_proba"))
    from imbeval.utils._optional import import_optional

    make_scorer = import_optional("sklearn.metrics").make_scorer
    return make_scorer(info.function, response_method=response,
                       greater_is_better=info.greater_is_better, **options)


#: the names before the measures' modules shared one shape, for one version
compute_score = deprecated_alias(score, "compute_score", "imbeval.scores.score")
make_score_scorer = deprecated_alias(make_scorer, "make_score_scorer", "imbeval.scores.make_scorer")
score_registry = deprecated_alias(registry, "score_registry", "imbeval.scores.registry")
