"""The levels, minima and method texts every interval and decision of
:mod:`imbeval.inference` is made with: one name per meaning.

Two levels are at work and they are not the same number:

- :data:`INTERVAL_ALPHA` (0.05) is the complement of :data:`LEVEL`, the coverage of every
  interval a row prints (its 95% interval);
- :data:`DECISIVE_ALPHA` (0.005) is the level a decision's adjusted p-value must reach for the
  verdict to be *decisive*.

The reasons behind each value are kept here, next to it, in full; the report's Methods
(docs/claims.md: "Numbers over problems", "Printed versus a re-run", "The level of a decisive
verdict") give them to its readers, with these constants' values filled in.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["LEVEL", "INTERVAL_ALPHA", "DECISIVE_ALPHA", "REPLICATION_POWER",
           "MIN_DECISIVE_UNITS", "MIN_FOLD_VALUES", "MIN_RERUN_DF", "DECISION_TEST_TO_TRAIN",
           "MAX_TIED_SHARE", "Method", "METHODS", "Reason"]

#: coverage of every interval of a single decision
LEVEL = 0.95
#: the level of the intervals, the complement of :data:`LEVEL`: a row's interval is its
#: ``1 - INTERVAL_ALPHA`` interval. It is not the level of a decisive verdict, which is
#: :data:`DECISIVE_ALPHA`
INTERVAL_ALPHA = round(1 - LEVEL, 10)
#: the level a decision's p-value (after its family's adjustment) must reach for the verdict
#: to be *decisive*: 0.005, not :data:`INTERVAL_ALPHA`. A decisive verdict must be made again
#: by a re-run at another seed, and a verdict at p just under its level is made
#: again only about half the time: with the observed effect taken as the truth, a re-run's z
#: is centred on ours, so it clears the same critical value with probability 0.5 (Goodman
#: 1992). At p <= 0.005 (two-sided z >= 2.81; Benjamin et al. 2018's level for new claims)
#: the same model gives a re-run p <= 0.05 with probability Phi(2.81 - 1.96) = 0.80
#: (:data:`REPLICATION_POWER`). Intervals stay 95% (:data:`LEVEL`); a verdict between the
#: two levels is shown with its interval and p-values and is not decisive.
#: Goodman, S. N. (1992) A comment on replication, p-values and evidence. Statistics in
#: Medicine 11, 875-879. Benjamin, D. J. et al. (2018) Redefine statistical significance.
#: Nature Human Behaviour 2, 6-10.
DECISIVE_ALPHA = 0.005
#: the chance, under :data:`DECISIVE_ALPHA`'s model, that a re-run of a verdict at exactly
#: p = DECISIVE_ALPHA reaches p <= INTERVAL_ALPHA: Phi(z(DECISIVE_ALPHA / 2) -
#: z(INTERVAL_ALPHA / 2)), 0.80 (tests/unit/test_inference.py computes it with scipy.stats)
REPLICATION_POWER = 0.80
#: independent units (clusters of problems, a figure's seeded sweeps) a mean over units
#: needs to be decisive. The interval it guards is the t interval over the units' means; its
#: measured coverage (benchmarks/crossed_concepts.py, 20,000 replicates, docs/performance.md)
#: at 5 / 10 / 20 units: 95.0 / 95.2 / 95.1 % for normal units, 92.9 / 93.7 / 94.1 % for
#: skewness 1 (Gamma(4); the KEEL slice's per-family contrasts have sample skewness -1.4 to
#: 0.6), 88.3 / 89.6 / 91.8 % for skewness 2 (exponential). Ten is where skewness-1 units
#: reach 93.5 %; strongly skewed units stay below it at any size the slices afford.
#: (Not :data:`imbeval.compare.MIN_RANKING_UNITS`, the data sets a ranking test of classifiers
#: needs.)
MIN_DECISIVE_UNITS = 10
#: fold values a CV number needs to be decisive: with fewer, the fold variance (df <= 3)
#: is too poorly known, and a zero variance (two equal folds) would make a point interval
MIN_FOLD_VALUES = 5

#: degrees of freedom the spread of a re-run needs before a printed number can be decisively
#: "differs from a re-run" (R >= 10 repetitions; one CV's corrected variance has k - 1).
#: With 3-4 df the spread estimate itself varies so much between seeds that the verdict does
#: not replicate: on glass (R = 4) and satimage (one CV) the seeds 31337 and 4242 regenerate
#: the same numbers within 0.01-0.03, their interval half-widths differ up to 4 times (fold
#: values are heavier-tailed than normal), and none of seed 4242's 10 decisive numbers was
#: decisive at 31337. Even under normal spreads (a printed number 0.5-40 re-run SDs away,
#: benchmarks/rerun_replication.py) a decision is made again at another seed 73-85% of the
#: time with R = 4 (3 df), 37-72% with one CV (4 df), 93-94% with R = 10 (9 df). Such rows
#: stay "outside our 95% interval, not decisive" with their p-values.
MIN_RERUN_DF = 9

#: the n_test/n_train of the interval that decides on CV means and per-fold differences
#: (:func:`cv_estimate`): 2, not Nadeau and Bengio's 1/(k - 1). Their correction assumes
#: fold values correlated by n_test/n; the pipeline's own learners (SVM, kNN, LDA at 10-50
#: minority points per fold, IR 4-40) are more unstable than that: the ratio that would make
#: the corrected variance unbiased for the CV mean's error reached 1.41 (an SVM at IR 9),
#: 1/(k - 1) covered down to 54 %, and 2 covers >= 93 % in every setting simulated
#: (``python benchmarks/coverage.py learners``; docs/performance.md, "Intervals and
#: decisions")
DECISION_TEST_TO_TRAIN = 2.0
#: a CV number is undecidable when at least this share of its fold values are one value: a
#: learner stuck at a floor or ceiling (an SVM predicting only the majority class: balanced
#: accuracy 0.5 on most folds) gives tied fold values whose spread says nothing of how its
#: mean varies between data sets (in simulation such estimates missed their target about
#: half the time, at any width)
MAX_TIED_SHARE = 0.5

class Method(StrEnum):
    """How an interval is made, as data: :attr:`Estimate.method_kind
    <imbeval.inference.Estimate>` and a comparison row's ``method_kind`` column
    (:data:`METHODS` and the modules' ``*_METHOD`` say each in words; ``Estimate.method``
    is those words with detail). ``METHODS["rerun"]`` and ``METHODS[Method.RERUN]`` are one."""

    CV = "cv"
    CV_DELTA = "cv_delta"
    CLUSTERS = "clusters"
    SIMULTANEOUS = "simultaneous"
    RERUN = "rerun"
    #: the minimum over cells (:data:`imbeval.inference._cells.MINIMUM_METHOD`)
    MINIMUM = "minimum"
    #: Fig. 5's gap of minima (:data:`imbeval.inference._cells.GAP_METHOD`)
    GAP = "gap"
    #: the delete-one-concept jackknife (:func:`imbeval.inference.concept_jackknife`)
    CONCEPT_JACKKNIFE = "concept_jackknife"
    #: the largest of binomial shares (:func:`imbeval.inference._shares.largest_share`)
    LARGEST_SHARE = "largest_share"
    #: a t interval over independently seeded sweeps
    #: (:func:`imbeval_repro.papers.mortaz2020.claims.sweep_estimate`)
    SWEEPS = "sweeps"


class Reason(StrEnum):
    """Why a number cannot decide, as data: :attr:`Estimate.reason
    <imbeval.inference.Estimate>` beside its words (``Estimate.undecidable``), and a
    comparison row's ``reason_kind`` column beside its ``reason``."""

    #: fewer than :data:`MIN_FOLD_VALUES` fold values
    TOO_FEW_FOLDS = "too_few_folds"
    #: at least :data:`MAX_TIED_SHARE` of the fold values are one value
    TIED_FOLDS = "tied_folds"
    #: cells of zero fold variance that could be a minimum (a point interval)
    ZERO_VARIANCE = "zero_variance"
    #: an index undefined on some fold (:data:`imbeval.inference.UNDEFINED_FOLDS_RULE`)
    UNDEFINED_FOLDS = "undefined_folds"
    #: fewer than :data:`MIN_DECISIVE_UNITS` independent units (clusters of problems)
    TOO_FEW_UNITS = "too_few_units"
    #: too few concept groups for the delete-one-concept jackknife, or a concept in every
    #: problem
    TOO_FEW_CONCEPTS = "too_few_concepts"
    #: the number itself is undefined (NaN)
    UNDEFINED_NUMBER = "undefined_number"
    #: no interval to judge with
    NO_INTERVAL = "no_interval"
    #: a re-run's spread rests on fewer than :data:`MIN_RERUN_DF` degrees of freedom
    TOO_FEW_DF = "too_few_df"
    #: decisive alone, not after its family's adjustment (adjusted p above
    #: :data:`DECISIVE_ALPHA`)
    ADJUSTED = "adjusted"
    #: any other reason, stated in words (a rule of the claim's own)
    OTHER = "other"


#: how each kind of interval is made, as rows and docs name it (keyed by :class:`Method`)
METHODS = {
    Method.CV: "corrected repeated k-fold t interval with n_test/n_train = 2, decisive only "
               "with untied fold values (Nadeau & Bengio 2003's variance, made conservative "
               "for unstable learners: benchmarks/coverage.py learners)",
    Method.CV_DELTA: "corrected repeated k-fold t interval of the linearised statistic, "
                     "n_test/n_train = 2 (delta method; Nadeau & Bengio 2003, made "
                     "conservative: benchmarks/coverage.py learners)",
    Method.CLUSTERS: "mean of the cluster means with the t interval over them, G - 1 df "
                     "(problems sharing classes or a source are one cluster, every cluster "
                     "weighted equally; Demšar 2006)",
    Method.SIMULTANEOUS: "Bonferroni-simultaneous corrected CV t intervals of the cells, "
                         "combined monotonely (the minimum of the cells lies between the "
                         "minima of their ends)",
    Method.RERUN: "prediction interval for a re-run of the pipeline (another CV partition)",
}
