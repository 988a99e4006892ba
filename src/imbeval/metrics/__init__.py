"""imbeval's indices of true and predicted labels, in scikit-learn's shape.

:mod:`imbeval.indices` takes confusion matrices (rows true, columns predicted, the positive
class first). This module takes labels, like ``sklearn.metrics`` and ``imblearn.metrics``:

- :func:`score` -- ``score(index, y_true, y_pred, *, labels, pos_label, sample_weight,
  zero_division)`` for every registered index (a user's too);
- named functions for the indices scikit-learn and imbalanced-learn lack:
  ``gmean_score``, ``acsa_score``, ``iam_score``, ``cba_score``, ``auroc_ovo_score``,
  ``auroc_ova_score``, ``maurpc_ova_score``, ``eve_score``, ``cen_score``, ``mcen_score``,
  ``mprecision_score``, ``maurpc_score`` (:data:`NAMED_SCORES`);
- :func:`make_scorer` -- a scikit-learn scorer for ``cross_val_score`` and
  ``GridSearchCV(scoring=...)``, negated for lower-is-better indices (CEN, MCEN);
- :func:`classification_report` -- per-class precision, recall, specificity, F1, G-mean
  and support, then the chosen overall indices, as text, a dict or a DataFrame;
- :func:`confusion_matrix` -- the matrix behind them (rows true, in ``labels`` order);
- :func:`check_target` -- the label checks every entry point runs first, as scikit-learn's
  ``type_of_target``: continuous values (probabilities passed as predictions), multilabel
  and multi-output targets are refused; a column vector is read as 1-D with a
  :class:`DataConversionWarning`;
- :func:`resolve_index` -- scikit-learn's and imbalanced-learn's names with their options
  (``score("recall", y, p, average="macro")``, ``score("balanced_accuracy", y, p,
  adjusted=True)``; :data:`NAME_OPTIONS`, :data:`imbeval.indices.LIBRARY_NAMES`).

A number ``zero_division`` never reports an undefined index's best value (NaN there), and a
scorer never returns NaN: an undefined fold is scored with ``zero_division="warn"`` and an
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

from imbeval.metrics._labels import DataConversionWarning, check_target, confusion_matrix
from imbeval.metrics._report import classification_report
from imbeval.metrics._score import (NAME_OPTIONS, NAMED_SCORES, UndefinedScoreWarning,
                                    make_scorer, resolve_index, score)
from imbeval.metrics import _score

globals().update({name: getattr(_score, name) for name in NAMED_SCORES})

__all__ = ["score", "make_scorer", "classification_report", "confusion_matrix",
           "check_target", "resolve_index", "DataConversionWarning", "UndefinedScoreWarning",
           "NAME_OPTIONS", "NAMED_SCORES", *NAMED_SCORES]
