"""Every interval, test and multiplicity adjustment behind a run-based verdict.

A verdict on a run's number ("precision varies most", "the paper's model is selected
again", "a re-run could give the printed 0.681") is only as good as the uncertainty it is
judged with. This package holds that uncertainty, in one place, on scipy.stats and
statsmodels; this module is its face (it re-exports; each topic is its own module, and
none of them imports this one):

- **Levels and minima** (:data:`LEVEL`, :data:`INTERVAL_ALPHA`, :data:`DECISIVE_ALPHA`,
  :data:`MIN_DECISIVE_UNITS`, ...; module ``imbeval.inference._constants``, each with the
  reason for its value).
- **CV means** (:func:`cv_interval`, :func:`cv_estimate`; module
  ``imbeval.inference._estimate``, with :class:`Estimate`). The folds of a k-fold CV share
  training data and repeated CV runs share the data set, so the fold values are not
  independent: the variance of their mean is about ``(1/(r k) + n_test/n_train) s^2``
  (Nadeau and Bengio 2003, the *corrected resampled t*; Bouckaert and Frank 2004 for
  repeated k-fold CV, ``n_test/n_train = 1/(k - 1)``), not ``s^2/(r k)``. The interval of
  every mean over CV folds, and of every paired difference (model against model, index
  against index: the per-fold differences), is the t interval with that variance and
  ``r k - 1`` degrees of freedom -- for decisions with ``n_test/n_train = 2``
  (:data:`DECISION_TEST_TO_TRAIN`) and never on tied fold values (:data:`MAX_TIED_SHARE`):
  Nadeau and Bengio's ``1/(k - 1)`` assumes more stable learners than the pipeline's own
  (in simulation, at 10 minority points per fold, it covered down to 54 % for an SVM at
  IR 9 and 35-67 % for kNN and LDA at IR 40: ``benchmarks/coverage.py learners``). A
  smooth function of several CV means (a standard deviation over classifiers x test sets)
  goes through the same interval after linearisation (:func:`cv_delta_estimate`, the delta
  method).
- **Numbers over problems** (:func:`problem_clusters`, :func:`cluster_estimate`; module
  ``imbeval.inference._clustered``). Problems
  that share classes share images: they form one cluster, and a mean over problems is a
  t interval over the cluster means (the datasets as units: Demšar 2006), never decisive
  with fewer than :data:`MIN_DECISIVE_UNITS` clusters. Problems crossed with shared concepts (the
  stand-in's: every problem made of several of ten concepts) take the delete-one-concept
  jackknife instead (:func:`concept_jackknife`, :func:`problems_estimate`).
- **Extremes** (:func:`minimum_of`, :func:`simultaneous`; module
  ``imbeval.inference._cells``). The percentile bootstrap is inconsistent for extremes. A
  minimum over cells takes the smallest low end of the cells' intervals (only the true
  minimum's cell can make it miss) and the smallest Bonferroni high end (a union over the
  cells); :func:`simultaneous` is the Bonferroni box of any monotone combination. A cell
  with zero fold variance that could be the minimum makes it undecidable; so does an index
  undefined on some fold (:data:`UNDEFINED_FOLDS_RULE`).
- **Printed versus a re-run** (:func:`rerun_estimate`, :func:`compare_to_rerun`,
  :func:`tost`; module ``imbeval.inference._rerun``, TOST in ``_decision``). Whether a re-run of
  the pipeline (another partition) could give a printed number: a prediction interval
  ``ours ± t · SD · sqrt(1 + 1/R)`` widened by half the print unit; agreement within a
  declared tolerance by two one-sided tests (Schuirmann 1987).
  SD is the spread of R >= 2 repetitions' means (t with R - 1 df), or a spread pooled
  over cells (:func:`pooled_rerun_spread`, checked by :func:`spread_homogeneity`), or with
  one CV the corrected variance (conservative); TOST uses the same SD · sqrt(1 + 1/R) and
  a margin of the tolerance minus half the print unit (:func:`agreement_margin`).
- **Decisions and multiplicity** (:func:`decision_p_value`, module
  ``imbeval.inference._decision``; :func:`holm`, :func:`simes`, :func:`benjamini_hochberg`,
  module ``imbeval.inference._multiplicity``). The p-value of a
  decision is the smallest ``alpha`` at which the ``1 - alpha`` interval makes it; a family of
  decisions (a figure's, a table's) is adjusted by Holm (1979) with
  ``statsmodels.stats.multitest.multipletests``, and a verdict is decisive only when its
  adjusted p-value is at most :data:`DECISIVE_ALPHA` (0.005: the level at which a verdict is
  expected to be made again by a re-run at another seed; Goodman 1992, Benjamin et al.
  2018).

References: Nadeau, Bengio, Inference for the generalization error, Machine Learning 52
(2003) 239-281; Bouckaert, Frank, Evaluating the replicability of significance tests for
comparing learning algorithms, PAKDD 2004; Dietterich, Approximate statistical tests for
comparing supervised classification learning algorithms, Neural Computation 10 (1998);
Demšar, Statistical comparisons of classifiers over multiple data sets, JMLR 7 (2006) 1-30;
Holm, A simple sequentially rejective multiple test procedure, Scand. J. Statist. 6 (1979).
``benchmarks/coverage.py`` measures the coverage of these intervals by simulation.
"""

from __future__ import annotations

from imbeval.inference._cells import (POOLED_CELL_METHOD, UNDEFINED_FOLDS_RULE,
                                      BoundedEstimate, defined_cv_estimate,
                                      pooled_cv_estimate, gap_interval, minimum_interval,
                                      minimum_of, simultaneous, undefined_folds)
from imbeval.inference._clustered import (MIN_CONCEPTS, cluster_estimate, cluster_means,
                                          concept_jackknife,
                                          problem_clusters, problems_estimate)
from imbeval.inference._constants import (DECISION_TEST_TO_TRAIN, DECISIVE_ALPHA,
                                          INTERVAL_ALPHA, LEVEL, MAX_TIED_SHARE, METHODS,
                                          MIN_DECISIVE_UNITS, MIN_FOLD_VALUES, MIN_RERUN_DF,
                                          REPLICATION_POWER, Method, Reason)
from imbeval.inference._decision import decision_p_value, tost
from imbeval.inference._estimate import (Estimate, cv_delta_estimate, cv_estimate,
                                         cv_interval)
from imbeval.inference._multiplicity import benjamini_hochberg, holm, simes
from imbeval.inference._rerun import (RerunComparison, RerunEstimate, agreement_margin,
                                      compare_to_rerun, pooled_rerun_spread, rerun_estimate,
                                      spread_homogeneity)

__all__ = ["LEVEL", "INTERVAL_ALPHA", "DECISIVE_ALPHA", "REPLICATION_POWER",
           "MIN_DECISIVE_UNITS", "MIN_FOLD_VALUES", "MIN_RERUN_DF", "DECISION_TEST_TO_TRAIN",
           "MAX_TIED_SHARE", "Estimate", "RerunEstimate",
           "RerunComparison", "cv_interval", "cv_estimate", "cv_delta_estimate",
           "problem_clusters", "cluster_estimate", "cluster_means", "simultaneous", "minimum_of",
           "rerun_estimate", "compare_to_rerun", "pooled_rerun_spread",
           "spread_homogeneity", "agreement_margin", "tost", "decision_p_value",
           "holm", "METHODS", "Method", "Reason", "MIN_CONCEPTS", "concept_jackknife",
           "problems_estimate",
           "BoundedEstimate", "minimum_interval", "gap_interval", "undefined_folds",
           "defined_cv_estimate", "UNDEFINED_FOLDS_RULE", "simes", "benjamini_hochberg",
           "pooled_cv_estimate", "POOLED_CELL_METHOD"]
