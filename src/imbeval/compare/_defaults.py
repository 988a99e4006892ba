"""Defaults of a comparison that the command line shows in its help (no heavy imports)."""

#: Draws from the posterior of the Bayesian signed-rank test.
N_SAMPLES = 10_000

#: The tests whose groups a critical-difference diagram's bars can join.
BARS = ("nemenyi", "wilcoxon-holm")

#: The posterior probability at which the Bayesian signed-rank test decides.
BAYES_THRESHOLD = 0.95

#: what a comparison does with a problem where a classifier has no value under some index;
#: the first is the default (:data:`imbeval.compare.MISSING_POLICIES`)
MISSING_POLICIES = ("drop-problem", "drop-problem-per-index", "fail")
