"""Check a published table: are the reported scores possible, what else do they imply, and
could the ranking be noise?

- :func:`check_reported` -- given reported values (any name :func:`imbeval.metrics.score`
  accepts) with their rounding and the test set's class counts, is there a confusion matrix
  (one per fold, for a k-fold mean) whose indices round to them? Two-class test sets are
  searched exactly (every (TP, TN)); multi-class ones exactly when their matrices are few,
  else by a branch and bound with interval bounds (a proof of inconsistency, a witness of
  consistency, or "undecided"); k-fold means (two or more classes) by an exhaustive
  search of tiny folds, a direct witness search, or a branch and bound over the folds. The
  result (:class:`CheckResult`) names the smallest inconsistent subset, and the range of
  every registered index over the feasible matrices;
- :func:`compare_reported` -- for methods reported on one test set, McNemar's exact test
  under the most and the least favourable pairing the numbers allow
  (:class:`RankingNoise`), and the test-set size a decisive difference would need.

The command ``imbeval check`` runs both on a CSV of reported values (docs/check.md).
"""

from imbeval.check._api import EXACT_LIMIT, CheckResult, check_reported
from imbeval.check._compare import compare_reported
from imbeval.check._folds import stratified_folds
from imbeval.check._noise import RankingNoise, mcnemar_p, size_needed
from imbeval.check._reported import decimals_of

__all__ = ["CheckResult", "EXACT_LIMIT", "RankingNoise", "check_reported",
           "compare_reported", "decimals_of", "mcnemar_p", "size_needed", "stratified_folds"]
