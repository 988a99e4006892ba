"""scikit-learn's and imbalanced-learn's names of registered indices, and "did you mean".

A user coming from scikit-learn types ``balanced_accuracy``, ``matthews_corrcoef``,
``recall_macro`` or ``f1_weighted`` (its scoring strings) or ``geometric_mean_score`` (a
function's name). :data:`LIBRARY_NAMES` maps each such name that is not a registered name
already to the registered index it computes; :func:`get_info` looks a name up in the
registry, then here, and answers an unknown name with the closest known ones. The names
are not registered indices: :func:`registry` and the pipeline's tables do not list them,
but :func:`compute` (``names=``), the command line's ``--only`` and every function of
:mod:`imbeval.metrics` accept them.

Two-class names (``recall``, ``precision``, ``f1``, ``jaccard``, ``sensitivity``,
``specificity``) are scikit-learn's ``average="binary"``: the positive class is imbeval's
first row (``compute(..., positive=1)``, or ``pos_label`` in :mod:`imbeval.metrics`).
``<name>_micro`` of recall, precision, F1 and sensitivity is the accuracy (every class
counted, as scikit-learn does when ``labels`` names every class).
"""

from __future__ import annotations

import difflib

from imbeval.indices._registry import _REGISTRY, IndexInfo

__all__ = ["LIBRARY_NAMES", "SCORE_BASED_NAMES", "get_info", "unknown_name_message"]

#: A library's name -> the registered index it computes (names registered already, such as
#: ``accuracy``, ``f1``, ``f1_macro``, ``cohen_kappa``, ``jaccard_macro``, ``specificity``,
#: are not repeated here).
LIBRARY_NAMES: dict[str, str] = {
    # scikit-learn's scoring strings
    "balanced_accuracy": "acsa",
    "matthews_corrcoef": "mcc",
    "recall": "sensitivity",
    "recall_micro": "accuracy",
    "recall_macro": "acsa",
    "recall_weighted": "weighted_recall",
    "precision_micro": "accuracy",
    "precision_macro": "macro_precision",
    "precision_weighted": "weighted_precision",
    "f1_micro": "accuracy",
    "adjusted_rand_score": "adjusted_rand_index",
    "rand_score": "rand_index",
    "completeness_score": "completeness",
    "homogeneity_score": "homogeneity",
    "v_measure_score": "v_measure",
    "mutual_info_score": "mutual_information_nats",
    "normalized_mutual_info_score": "nmi_arithmetic",
    "fowlkes_mallows_score": "fowlkes_mallows",
    # scikit-learn's function names (their default arguments)
    "accuracy_score": "accuracy",
    "balanced_accuracy_score": "acsa",
    "recall_score": "sensitivity",
    "precision_score": "precision",
    "f1_score": "f1",
    "jaccard_score": "jaccard",
    "cohen_kappa_score": "kappa",
    # imbalanced-learn's names (function names and their averages)
    "geometric_mean": "gmean",
    "geometric_mean_score": "gmean",
    "geometric_mean_micro": "gmean_sens_spec_micro",
    "geometric_mean_macro": "gmean_sens_spec_macro",
    "geometric_mean_weighted": "gmean_sens_spec_weighted",
    "sensitivity_score": "sensitivity",
    "sensitivity_micro": "accuracy",
    "sensitivity_macro": "acsa",
    "sensitivity_weighted": "weighted_recall",
    "specificity_score": "specificity",
    "specificity_micro": "tnr_micro",
    "specificity_macro": "tnr_macro",
    "specificity_weighted": "tnr_weighted",
    "macro_averaged_mean_absolute_error": "macro_averaged_mae",
}


#: scikit-learn's metrics of scores (probabilities or decision values), not of labels: no
#: confusion matrix gives them. The name -> (scikit-learn's function, its scoring name).
SCORE_BASED_NAMES: dict[str, tuple[str, str]] = {
    **{name: ("roc_auc_score", "roc_auc") for name in (
        "roc_auc", "roc_auc_score", "roc_auc_ovr", "roc_auc_ovo", "roc_auc_ovr_weighted",
        "roc_auc_ovo_weighted")},
    **{name: ("average_precision_score", "average_precision") for name in (
        "average_precision", "average_precision_score")},
    **{name: ("log_loss", "neg_log_loss") for name in ("log_loss", "neg_log_loss")},
    **{name: ("brier_score_loss", "neg_brier_score") for name in (
        "brier_score_loss", "neg_brier_score", "neg_brier_score_loss")},
    **{name: ("top_k_accuracy_score", "top_k_accuracy") for name in (
        "top_k_accuracy", "top_k_accuracy_score")},
}


def score_based_message(name):
    """What to do with a scikit-learn metric of scores asked of labels (``"roc_auc"``, ...).

    >>> from imbeval.indices._names import score_based_message
    >>> print(score_based_message("log_loss"))
    'log_loss' needs scores, not labels: the estimator's predict_proba(X) or decision_function(X), which no confusion matrix holds; compute it with sklearn.metrics.log_loss(y_true, model.predict_proba(X)), or pass scoring='neg_log_loss' to scikit-learn's cross_validate or GridSearchCV (imbeval's label-based AUROCs of predicted labels are auroc2, auroc_ova, auroc_ovo)
    """
    function, scoring = SCORE_BASED_NAMES[name]
    return (f"{name!r} needs scores, not labels: the estimator's predict_proba(X) or "
            "decision_function(X), which no confusion matrix holds; compute it with "
            f"sklearn.metrics.{function}(y_true, model.predict_proba(X)), or pass "
            f"scoring={scoring!r} to scikit-learn's cross_validate or GridSearchCV (imbeval's "
            "label-based AUROCs of predicted labels are auroc2, auroc_ova, auroc_ovo)")


def unknown_name_message(name, known=None, what="index"):
    """A short message for an unknown name: the closest known names, not all of them.

    Parameters
    ----------
    name : object
        The name asked for.
    known : iterable of str, optional
        The names to suggest from (default: every registered name and
        :data:`LIBRARY_NAMES`).
    what : str, default "index"
        The word for what is named.

    Returns
    -------
    str

    Examples
    --------
    >>> from imbeval.indices._names import unknown_name_message
    >>> unknown_name_message("matthews_corr")
    "unknown index 'matthews_corr'; did you mean 'matthews_corrcoef'? (registry(catalogue=True) and imbeval.indices.LIBRARY_NAMES list every name)"
    """
    known = list(_REGISTRY) + list(LIBRARY_NAMES) if known is None else list(known)
    close = difflib.get_close_matches(str(name), known, n=4, cutoff=0.6)
    if not close:  # a prefix or a part of a name ("kappa" in "kappa_linear")
        close = [k for k in known if str(name).lower() in k][:4]
    hint = ("; did you mean " + ", ".join(repr(c) for c in close) + "?") if close else ""
    return (f"unknown {what} {name!r}{hint} (registry(catalogue=True) and "
            "imbeval.indices.LIBRARY_NAMES list every name)")


def get_info(name) -> IndexInfo:
    """The registry entry of a registered name or of a library's name (:data:`LIBRARY_NAMES`).

    Parameters
    ----------
    name : str
        ``"gmean"``, ``"balanced_accuracy"``, ``"recall_macro"``, ...

    Returns
    -------
    IndexInfo
        The registered index the name computes (its own :attr:`IndexInfo.name`).

    Raises
    ------
    ValueError
        For a name that is not a string, or unknown: the message gives the closest names.

    Examples
    --------
    >>> from imbeval.indices import get_info
    >>> get_info("balanced_accuracy").name, get_info("f1_weighted").name
    ('acsa', 'f1_weighted')
    >>> get_info("matthews_corrcoef").name
    'mcc'
    >>> get_info("mathews_corrcoef")
    Traceback (most recent call last):
    ...
    ValueError: unknown index 'mathews_corrcoef'; did you mean 'matthews_corrcoef'? (registry(catalogue=True) and imbeval.indices.LIBRARY_NAMES list every name)
    """
    if not isinstance(name, str):
        raise ValueError(f"an index is named by a string, got {name!r}")
    if name in _REGISTRY:
        return _REGISTRY[name]
    if name in LIBRARY_NAMES and LIBRARY_NAMES[name] in _REGISTRY:
        return _REGISTRY[LIBRARY_NAMES[name]]
    if name in SCORE_BASED_NAMES:
        raise ValueError(score_based_message(name))
    raise ValueError(unknown_name_message(name))
