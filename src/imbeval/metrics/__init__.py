"""imbeval's indices of true and predicted labels, in scikit-learn's shape.

:mod:`imbeval.indices` takes confusion matrices (rows true, columns predicted, the positive
class first). This module takes labels, like ``sklearn.metrics`` and ``imblearn.metrics``:

- :func:`registry` and :func:`get_info` -- every index of labels (name -> :class:`MetricInfo`
  with the core fields every registry of the library has: ``name``, ``function``,
  ``greater_is_better``, ``bounds``, ``scope``, ``description``, ``reference``) and one
  of them by name, with "did you mean" (the shape of :mod:`imbeval.indices` and
  :mod:`imbeval.scores`);
- :func:`score` -- ``score(index, y_true, y_pred, *, labels, pos_label, sample_weight,
  zero_division, average, ...)`` for every registered index (a user's too), with
  scikit-learn's options (``average=None``: per-class values; ``beta=`` of ``fbeta``);
- scikit-learn's and imbalanced-learn's functions under their own names and signatures
  (:data:`DROP_IN`): ``accuracy_score``, ``balanced_accuracy_score``, ``precision_score``,
  ``recall_score``, ``f1_score``, ``fbeta_score``, ``jaccard_score``,
  ``matthews_corrcoef``, ``cohen_kappa_score``, ``zero_one_loss``, ``hamming_loss``,
  ``sensitivity_score``, ``specificity_score``, ``geometric_mean_score``,
  ``macro_averaged_mean_absolute_error``;
- named functions for the indices scikit-learn and imbalanced-learn lack:
  ``gmean_score``, ``acsa_score``, ``iam_score``, ``cba_score``, ``auroc_ovo_score``,
  ``auroc_ova_score``, ``maurpc_ova_score``, ``eve_score``, ``mprecision_score``, ``maurpc_score``,
  and ``cen_loss``, ``mcen_loss`` for the two lower-is-better entropies
  (:data:`NAMED_SCORES`; scikit-learn's convention: ``*_score`` greater is better,
  ``*_loss`` lower is better);
- :func:`make_scorer`, :func:`get_scorer`, :func:`make_scorers` -- scikit-learn scorers
  for ``cross_val_score``, ``cross_validate`` and ``GridSearchCV(scoring=...)``, negated
  for lower-is-better indices (CEN, MCEN); a user's index works in parallel searches too;
- :func:`interval`, :func:`intervals`, :func:`paired_interval` (and ``score(..., ci=0.95)``)
  -- every index of one test set with its interval (Wilson/Jeffreys, Dirichlet posterior,
  delta method, percentile bootstrap, or ``"auto"`` by measured coverage), and the
  difference of two classifiers on the same test set: :class:`IndexInterval`;
- :func:`classification_report` -- per-class precision, recall, specificity, F1, G-mean
  and support, then the chosen overall indices (with ``y_score`` the indices of scores of
  :mod:`imbeval.scores` too), as text, a dict or a DataFrame;
- :func:`confusion_matrix` -- scikit-learn's matrix (rows true, in ``labels`` order,
  ``normalize=``); :func:`class_labels` its classes, :func:`label_matrix` both;
- :func:`check_target` -- the label checks every entry point runs first, as scikit-learn's
  ``type_of_target``: continuous values (probabilities passed as predictions), multilabel
  and multi-output targets are refused; a column vector is read as 1-D with a
  :class:`DataConversionWarning`;
- :func:`resolve_index` -- scikit-learn's and imbalanced-learn's names with their options
  (``score("recall", y, p, average="macro")``, ``score("balanced_accuracy", y, p,
  adjusted=True)``; :data:`NAME_OPTIONS`, :data:`imbeval.indices.LIBRARY_NAMES`).

Undefined values: ``zero_division="warn"`` (the default, as scikit-learn's) counts an undefined
ratio as 0 with an :class:`UndefinedMetricWarning`; in :func:`score` a number never reports
an undefined index's best value (NaN there), while the drop-in functions give scikit-learn's
value (``f1_score([0], [0], zero_division=1)`` is 1.0); a scorer never returns NaN: an undefined fold is scored with ``zero_division="warn"`` and an
:class:`UndefinedScoreWarning`, or the scorer raises (see :func:`make_scorer`;
docs/metrics.md).

Conventions: ``pos_label`` is scikit-learn's (default 1) and matters only for two-class
indices, whose positive class becomes imbeval's first row; multi-class indices ignore it.
Labels are sorted distinct values of ``y_true`` and ``y_pred`` unless ``labels`` is given;
a label outside ``labels`` is an error. Sample weights count as repetitions. Importing this
module loads neither TensorFlow nor Snakemake; scikit-learn is imported by
:func:`make_scorer` only, pandas by :func:`classification_report` with ``as_frame=True``.

Examples
--------
>>> from imbeval.metrics import score, gmean_score
>>> y_true = ["cat", "cat", "cat", "dog", "dog", "fox"]
>>> y_pred = ["cat", "cat", "dog", "dog", "fox", "fox"]
>>> round(score("acsa", y_true, y_pred), 4)  # (2/3 + 1/2 + 1) / 3
0.7222
>>> round(gmean_score(y_true, y_pred), 4)  # (2/3 · 1/2 · 1)^(1/3)
0.6934
"""

from imbeval.metrics._dropin import (accuracy_score, balanced_accuracy_score, cohen_kappa_score,
                                     f1_score, fbeta_score, geometric_mean_score, hamming_loss,
                                     jaccard_score, macro_averaged_mean_absolute_error,
                                     matthews_corrcoef, precision_score, recall_score,
                                     sensitivity_score, specificity_score, zero_one_loss)
from imbeval.metrics._labels import (DataConversionWarning, check_target, class_labels,
                                     confusion_matrix, label_matrix)
from imbeval.metrics._named import (NAMED_SCORES, acsa_score, auroc_ova_score, auroc_ovo_score,
                                    cba_score, cen_loss, eve_score, gmean_score, iam_score,
                                    maurpc_ova_score, maurpc_score, mcen_loss, mprecision_score)
from imbeval.metrics._named import cen_score, mcen_score  # noqa: F401  (deprecated names)
from imbeval.metrics._info import MetricInfo, get_info, registry
from imbeval.metrics._report import classification_report
from imbeval.metrics._resolve import NAME_OPTIONS, resolve_index
from imbeval.metrics._score import (UndefinedMetricWarning, UndefinedScoreWarning,
                                    check_metrics_zero_division, score)
from imbeval.metrics._scorer import get_scorer, make_scorer, make_scorers

#: scikit-learn's and imbalanced-learn's functions offered under their names.
DROP_IN = ("accuracy_score", "balanced_accuracy_score", "precision_score", "recall_score",
           "f1_score", "fbeta_score", "jaccard_score", "matthews_corrcoef", "cohen_kappa_score",
           "zero_one_loss", "hamming_loss", "sensitivity_score", "specificity_score",
           "geometric_mean_score", "macro_averaged_mean_absolute_error")

#: the interval API, imported on first use (PEP 562): it builds on imbeval.inference, which
#: a plain ``import imbeval.metrics`` need not load
_LAZY = ("interval", "intervals", "paired_interval", "IndexInterval", "CI_METHODS")


def __getattr__(name):
    if name in _LAZY:
        from imbeval.metrics import _ci

        return getattr(_ci, name)
    raise AttributeError(f"module 'imbeval.metrics' has no attribute {name!r}")


__all__ = ["registry", "get_info", "MetricInfo", "score", "make_scorer", "get_scorer", "make_scorers", "classification_report",
           "confusion_matrix", "class_labels", "label_matrix", "check_target",
           "check_metrics_zero_division", "resolve_index", "DataConversionWarning",
           "UndefinedMetricWarning", "UndefinedScoreWarning", "NAME_OPTIONS", "NAMED_SCORES",
           "DROP_IN", "interval", "intervals", "paired_interval", "IndexInterval",
           "CI_METHODS", *DROP_IN, *NAMED_SCORES]
