"""The catalogue: the confusion-matrix indices of PyCM, scikit-learn and imbalanced-learn.

Every label-based classification index of PyCM's overall statistics and of its class
statistics averaged (macro: ``cm.average``; support-weighted: ``cm.weighted_average``), of
``sklearn.metrics`` and of ``imblearn.metrics``, as a vectorised function of stacks
``(..., C, C)`` (rows true, columns predicted) like the papers' indices. One module per
source: :mod:`._pycm`, :mod:`._sklearn`, :mod:`._imblearn` (an index found in several
libraries is listed once, under the first, with the others in :attr:`CatalogueEntry.also`),
and :mod:`._goesgens`: the measures of Gösgens et al. (NeurIPS 2021) that none of the
libraries has (``sba``, ``gm1``, ``correlation_distance``).

Design: computed by name, never by default
-------------------------------------------
Catalogue indices are registered with ``register_index(..., catalogue=True)`` (a twin with
``register_alias(..., catalogue=True)``) and carry :attr:`IndexInfo.catalogue`. Hence

- ``compute(cm, names=[...])``, ``load_index`` (so ``evaluate(indices=...)``) and
  ``imbeval indices --only`` accept every catalogue name -- the ``index`` column of
  ``catalogue.csv``; the pipeline's ``experiment.indices`` (its config schema lists the
  registered names) does not;
- ``registry()`` (default ``catalogue=False``) and ``compute(cm)`` without ``names`` stay
  the papers' indices and the user's: the experiment's tables (``fold_indices.csv``, ...), the
  audit of ``imbeval theory audit`` and every listing of registered indices do not change,
  nor does the pipeline's cost; ``registry(catalogue=True)`` lists everything.

Twins
-----
An index that is a registered index under another name (PyCM's ``Overall ACC`` is
``accuracy``, ``TPR Macro`` is ``acsa``, ``Kappa`` is ``kappa``, ...) is registered as a
catalogue alias of it: one function, hence the same values and the same verdicts
(:attr:`CatalogueEntry.twin`).

Undefined values
----------------
As for every index (:mod:`imbeval.indices._validation`): a ratio with a zero denominator is
``zero_division`` (NaN by default) and an average with an undefined class is undefined.
PyCM returns the string ``"None"`` where imbeval returns NaN. The few places where a library
decides otherwise are listed in :data:`DEVIATIONS` (checked by tests/unit/test_catalogue.py).

Out of scope
------------
:data:`OUT_OF_SCOPE` lists the libraries' metrics that are not functions of a confusion
matrix (scores, probabilities, rankings) and PyCM's overall statistics that are not
performance indices (intervals, p-values, verbal interpretations, marginal descriptions).

Examples
--------
>>> from imbeval.indices import compute
>>> m = [[5, 1, 0], [1, 3, 1], [0, 2, 4]]
>>> values = compute(m, names=["gwet_ac1", "scott_pi", "tpr_macro", "acsa"])
>>> {k: round(float(v), 4) for k, v in values.items()}
{'gwet_ac1': 0.559, 'scott_pi': 0.5584, 'tpr_macro': 0.7, 'acsa': 0.7}
>>> "gwet_ac1" in compute(m)  # not in the default set
False
>>> len(catalogue_names()) >= 60
True
"""

from __future__ import annotations

from imbeval.indices.catalogue._base import CATALOGUE, SOURCES, CatalogueEntry
from imbeval.indices.catalogue import _pycm, _sklearn, _imblearn, _goesgens  # noqa: F401  (registers)

__all__ = ["CATALOGUE", "CatalogueEntry", "DEVIATIONS", "OUT_OF_SCOPE", "SOURCES",
           "catalogue_names", "entries"]

#: (source, name, reason) of the metrics left out.
OUT_OF_SCOPE = (
    ("sklearn", "roc_auc_score", "needs scores or probabilities"),
    ("sklearn", "average_precision_score", "needs scores"),
    ("sklearn", "top_k_accuracy_score", "needs scores (a ranking of the classes)"),
    ("sklearn", "log_loss", "needs probabilities"),
    ("sklearn", "brier_score_loss", "needs probabilities"),
    ("sklearn", "hinge_loss", "needs decision values"),
    ("sklearn", "d2_log_loss_score, d2_brier_score", "need probabilities"),
    ("sklearn", "det_curve, roc_curve, precision_recall_curve", "curves of scores"),
    ("sklearn", "dcg_score, ndcg_score, coverage_error, label_ranking_*", "ranking metrics of scores"),
    ("sklearn", "confusion_matrix, multilabel_confusion_matrix, classification_report, "
     "precision_recall_fscore_support, pair_confusion_matrix", "tables, not indices (their entries are in the catalogue)"),
    ("sklearn", "adjusted_mutual_info_score", "a function of the matrix, but its expected mutual "
     "information is a hypergeometric sum over every cell: not implemented here"),
    ("imblearn", "classification_report_imbalanced, sensitivity_specificity_support",
     "tables, not indices (their entries are in the catalogue)"),
    ("pycm", "Overall RACC, Overall RACCU, RACC, RACCU", "chance agreement, an ingredient of kappa and pi"),
    ("pycm", "Reference Entropy, Response Entropy, NIR, RR, PRE, PR, TOPR, P, N, TOP, TON, POP",
     "describe the true or predicted class distribution alone"),
    ("pycm", "TP, TN, FP, FN, HD, AM, Chi-Squared DF", "counts and degrees of freedom"),
    ("pycm", "Kappa Standard Error, Kappa 95% CI, Standard Error, 95% CI, P-Value",
     "sampling statistics of an index, not an index"),
    ("pycm", "SOA1-SOA10, PLRI, NLRI, DPI, AUCI, MCCI, QI", "verbal interpretations of an index"),
    ("pycm", "Overall J (first element)", "a sum over the classes, the second element (the mean) is jaccard_macro"),
    ("pycm", "AUC (per class, from vectors with probability thresholds), Log Loss, Brier Score, "
     "weighted_kappa, weighted_alpha, aickin_alpha, NB, TI, distance()",
     "need probabilities, a user weight matrix or a user parameter; or an iterative estimate"),
)

#: index -> where a library decides an undefined case otherwise (the tests check the rest).
DEVIATIONS = {
    "q_macro": "PyCM computes Yule's Q through the odds ratio TP TN/(FP FN) and returns None "
               "when FP FN = 0; imbeval uses (TP TN − FP FN)/(TP TN + FP FN), defined "
               "unless both products are 0",
    "kl_divergence": "PyCM returns None when a true class is absent (0 log 0); imbeval "
                     "counts that term as 0",
    "adjusted_rand_index": "scikit-learn returns 1.0 for the degenerate partitions where the "
                           "formula is 0/0; imbeval and PyCM leave it undefined",
    "rand_index": "scikit-learn returns 1.0 when n < 2; imbeval leaves it undefined",
    "fowlkes_mallows": "scikit-learn returns 0.0 when no pair agrees, even if a partition "
                       "has no pairs; imbeval leaves 0/0 undefined",
    "rci": "scikit-learn's homogeneity_score (this index's twin) returns 1.0 when the true "
           "classes' entropy is 0; imbeval and PyCM leave 0/0 undefined (also completeness, "
           "nmi_arithmetic, v_measure)",
    "overall_cen": "a class that neither occurs nor is predicted: PyCM returns None (0/0 in "
                   "its class CEN), the registered cen (Dembélé) gives it weight 0",
    "overall_mcen": "as overall_cen, for a class that neither occurs nor is predicted",
    "tpr_weighted": "a class without true points: PyCM's weighted average returns None (its "
                    "TPR is None, weight 0); the registered weighted_recall (kluska) leaves it out",
    "ppv_weighted": "as tpr_weighted (weighted_precision)",
    "f1_weighted": "as tpr_weighted (weighted_f1)",
    "*": "scikit-learn with zero_division=np.nan and imbalanced-learn average over the classes "
         "where a per-class value is defined; imbeval (as its registered indices) makes the "
         "average undefined",
}


def entries() -> list[CatalogueEntry]:
    """The catalogue's entries, in registration order (PyCM, scikit-learn, imbalanced-learn).

    Returns
    -------
    list of CatalogueEntry

    Examples
    --------
    >>> from imbeval.indices.catalogue import entries
    >>> e = {x.index: x for x in entries()}
    >>> e["overall_acc"].twin, e["gwet_ac1"].source_name
    ('accuracy', 'Gwet AC1')
    """
    return list(CATALOGUE)


def catalogue_names() -> list[str]:
    """The names of the catalogue's indices (the names ``compute(names=...)`` accepts).

    Returns
    -------
    list of str

    Examples
    --------
    >>> from imbeval.indices.catalogue import catalogue_names
    >>> "krippendorff_alpha" in catalogue_names()
    True
    """
    return [e.index for e in CATALOGUE]
