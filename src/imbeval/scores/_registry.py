"""The registry of indices of scores: name -> function, orientation, range, reference.

Kept apart from :func:`imbeval.indices.registry`, whose indices are functions of confusion
matrices: an index of scores takes ``(y_true, y_score)`` and is no function of one matrix.
"""

from __future__ import annotations

import difflib
import math
from dataclasses import dataclass, field
from functools import partial
from typing import Callable

from imbeval.scores import cost, prg, proper, ranking
from imbeval.utils._param_validation import validate_params

__all__ = ["ScoreInfo", "registry", "get_info"]

TWO_CLASS = "two-class"
MULTI_CLASS = "multi-class"


@dataclass(frozen=True)
class ScoreInfo:
    """Metadata of one index of scores.

    Attributes
    ----------
    name : the registry key.
    function : ``f(y_true, y_score, *, sample_weight=None) -> float`` with the options fixed.
    greater_is_better : orientation (False for losses, costs and miscalibration).
    bounds : (lower, upper) over all inputs (``-inf``/``inf`` where unbounded).
    scope : ``"two-class"`` (``y_score`` one column) or ``"multi-class"`` (one per class; a
        multi-class index of probabilities also takes one column for two classes).
    response : ``"score"`` (any decision value: only the ranking matters) or ``"proba"``
        (probabilities: thresholds or proper scores read their values).
    description : one line.
    reference : the value's reference implementation or source.

    Examples
    --------
    >>> from imbeval.scores import registry
    >>> info = registry()["roc_auc"]
    >>> info.greater_is_better, info.bounds, info.response
    (True, (0.0, 1.0), 'score')
    """

    name: str
    function: Callable = field(repr=False)
    greater_is_better: bool
    bounds: tuple[float, float]
    scope: str
    response: str
    description: str
    reference: str


def _component(kind: str, part: str, y_true, y_score, *, sample_weight=None,
               pos_label=None) -> float:
    """One term of the CORP decomposition (picklable, unlike a lambda)."""
    d = proper.corp_decomposition(y_true, y_score, score=kind, sample_weight=sample_weight,
                                  pos_label=pos_label)
    return float(getattr(d, part))


_INF = math.inf
_LOG2 = math.log(2.0)

_ENTRIES = [
    ("roc_auc", ranking.roc_auc_score, {}, True, (0.0, 1.0), TWO_CLASS, "score",
     "area under the ROC curve", "sklearn.metrics.roc_auc_score"),
    ("roc_auc_ovr", ranking.roc_auc_score, {"multi_class": "ovr"}, True, (0.0, 1.0),
     MULTI_CLASS, "proba", "mean one-vs-rest ROC AUC",
     "roc_auc_score(multi_class='ovr')"),
    ("roc_auc_ovr_weighted", ranking.roc_auc_score,
     {"multi_class": "ovr", "average": "weighted"}, True, (0.0, 1.0), MULTI_CLASS, "proba",
     "one-vs-rest ROC AUC weighted by class prevalence",
     "roc_auc_score(multi_class='ovr', average='weighted')"),
    ("roc_auc_ovo", ranking.roc_auc_score, {"multi_class": "ovo"}, True, (0.0, 1.0),
     MULTI_CLASS, "proba", "Hand and Till's mean one-vs-one ROC AUC",
     "roc_auc_score(multi_class='ovo')"),
    ("roc_auc_ovo_weighted", ranking.roc_auc_score,
     {"multi_class": "ovo", "average": "weighted"}, True, (0.0, 1.0), MULTI_CLASS, "proba",
     "one-vs-one ROC AUC weighted by pair prevalence",
     "roc_auc_score(multi_class='ovo', average='weighted')"),
    ("average_precision", ranking.average_precision_score, {}, True, (0.0, 1.0), TWO_CLASS,
     "score", "average precision (step-wise)", "sklearn.metrics.average_precision_score"),
    ("average_precision_macro", ranking.average_precision_score, {}, True, (0.0, 1.0),
     MULTI_CLASS, "proba", "mean one-vs-rest average precision",
     "average_precision_score(average='macro')"),
    ("average_precision_weighted", ranking.average_precision_score, {"average": "weighted"},
     True, (0.0, 1.0), MULTI_CLASS, "proba",
     "one-vs-rest average precision weighted by class prevalence",
     "average_precision_score(average='weighted')"),
    ("calibrated_average_precision", ranking.calibrated_average_precision_score, {"pi0": 0.5},
     True, (0.0, 1.0), TWO_CLASS, "score", "average precision calibrated to pi0 = 0.5",
     "Siblini et al. 2020; average_precision_score at pi0 = the sample's share"),
    ("calibrated_precision", ranking.calibrated_precision_score, {"pi0": 0.5}, True,
     (0.0, 1.0), TWO_CLASS, "proba",
     "precision at pi0 = 0.5 of y_score >= 0.5 (mullick2020's mPrecision)",
     "Siblini et al. 2020; imbeval.indices mprecision"),
    ("calibrated_f1", ranking.calibrated_f_score, {"pi0": 0.5}, True, (0.0, 1.0), TWO_CLASS,
     "proba", "F1 with precision calibrated to pi0 = 0.5, at y_score >= 0.5",
     "Siblini et al. 2020; f1_score at pi0 = the sample's share"),
    ("auprg", prg.auprg_score, {}, True, (-_INF, 1.0), TWO_CLASS, "score",
     "area under the precision-recall-gain curve", "Flach & Kull 2015; worked examples"),
    ("brier_score", proper.brier_score_loss, {}, False, (0.0, 1.0), TWO_CLASS, "proba",
     "Brier score", "sklearn.metrics.brier_score_loss"),
    ("brier_score_multiclass", proper.brier_score_loss, {}, False, (0.0, 2.0), MULTI_CLASS, "proba",
     "Brier score summed over the classes", "sklearn.metrics.brier_score_loss"),
    ("log_loss", proper.log_loss, {}, False, (0.0, _INF), MULTI_CLASS, "proba",
     "log-loss (cross-entropy)", "sklearn.metrics.log_loss"),
    ("brier_miscalibration", partial(_component, "brier", "miscalibration"), {}, False,
     (0.0, 1.0), TWO_CLASS, "proba", "CORP miscalibration of the Brier score",
     "model-diagnostics decompose(SquaredError())"),
    ("brier_discrimination", partial(_component, "brier", "discrimination"), {}, True,
     (0.0, 0.25), TWO_CLASS, "proba", "CORP discrimination of the Brier score",
     "model-diagnostics decompose(SquaredError())"),
    ("brier_uncertainty", partial(_component, "brier", "uncertainty"), {}, False, (0.0, 0.25),
     TWO_CLASS, "proba", "CORP uncertainty of the Brier score, pi(1 - pi): the sample's",
     "model-diagnostics decompose(SquaredError())"),
    ("log_loss_miscalibration", partial(_component, "log_loss", "miscalibration"), {}, False,
     (0.0, _INF), TWO_CLASS, "proba", "CORP miscalibration of the log-loss",
     "model-diagnostics decompose(LogLoss())"),
    ("log_loss_discrimination", partial(_component, "log_loss", "discrimination"), {}, True,
     (0.0, _LOG2), TWO_CLASS, "proba", "CORP discrimination of the log-loss",
     "model-diagnostics decompose(LogLoss())"),
    ("log_loss_uncertainty", partial(_component, "log_loss", "uncertainty"), {}, False,
     (0.0, _LOG2), TWO_CLASS, "proba", "CORP uncertainty of the log-loss: the sample's entropy",
     "model-diagnostics decompose(LogLoss())"),
    ("expected_cost", cost.expected_cost, {}, False, (0.0, 1.0), MULTI_CLASS, "proba",
     "expected 0-1 cost of the Bayes decisions at the sample's priors",
     "expected-cost average_cost_for_bayes_decisions"),
    ("expected_cost_uniform", cost.expected_cost, {"priors": "uniform"}, False, (0.0, 1.0),
     MULTI_CLASS, "proba", "expected 0-1 cost of the Bayes decisions at uniform priors",
     "expected-cost average_cost(priors=uniform)"),
    ("normalized_expected_cost", cost.expected_cost, {"normalize": True}, False, (0.0, _INF),
     MULTI_CLASS, "proba", "expected cost over that of the best input-ignoring decision",
     "expected-cost average_cost(adjusted=True)"),
    ("cost_curve_area", cost.cost_curve_area, {}, False, (0.0, 0.25), TWO_CLASS, "score",
     "area under the Drummond-Holte cost curve's lower envelope",
     "Drummond & Holte 2006; a brute-force envelope"),
]


def _make(fn, options):
    return partial(fn, **options) if options else fn


_REGISTRY = {name: ScoreInfo(name, _make(fn, opts), gib, bounds, scope, response, desc, ref)
             for name, fn, opts, gib, bounds, scope, response, desc, ref in _ENTRIES}


def registry() -> dict[str, ScoreInfo]:
    """Every index of scores, by name (a copy: changing it changes nothing).

    Returns
    -------
    dict of str to ScoreInfo

    Examples
    --------
    >>> from imbeval.scores import registry
    >>> len(registry()) >= 20
    True
    """
    return dict(_REGISTRY)


@validate_params({"name": [str]})
def get_info(name: str) -> ScoreInfo:
    """The entry of ``name``; an unknown name gets the closest ones.

    Parameters
    ----------
    name : str
        A key of :func:`registry`.

    Returns
    -------
    ScoreInfo

    Raises
    ------
    ValueError
        For an unknown name, with the closest known ones.

    Examples
    --------
    >>> from imbeval.scores import get_info
    >>> get_info("log_loss").greater_is_better
    False
    >>> get_info("roc_aux")
    Traceback (most recent call last):
    ...
    ValueError: unknown index of scores 'roc_aux'; did you mean 'roc_auc', 'roc_auc_ovr', 'roc_auc_ovo'?
    """
    if name not in _REGISTRY:
        close = difflib.get_close_matches(str(name), list(_REGISTRY), n=3)
        hint = f"; did you mean {', '.join(map(repr, close))}?" if close else ""
        raise ValueError(f"unknown index of scores {name!r}{hint}")
    return _REGISTRY[name]
