"""Which classifier wins, and does it depend on the index? Comparing classifiers across
problems.

Over a long table of index values (columns ``problem, classifier, index, value`` and
optionally ``run, fold, scheme, unit``), per (index, scheme):

- :func:`rank_classifiers`: mean ranks over the independent units, Friedman's test and
  Iman-Davenport's F (:data:`ID_FORMULA`), Nemenyi's critical difference, pairwise
  p-values and the comparison with a control (Demšar, JMLR 7, 2006), every pair by
  the Wilcoxon signed-rank test with Holm's adjustment (Benavoli, Corani and Mangili,
  JMLR 17, 2016) and by the Bayesian signed-rank test with a region of practical
  equivalence (Benavoli, Corani, Demšar and Zaffalon, JMLR 18, 2017), in a
  :class:`RankResult` that keeps every number;
- :func:`winner_stability`: Kendall's W of the rankings over indices, Kendall's tau
  between every two indices, and each index's winner against a reference index's (ACSA
  by default): where it differs, and whether decisively, with the evidence;
- :func:`save_cd_diagram`: the critical-difference diagram (PDF, PNG, CSV), its bars
  drawn by Nemenyi's test under its ruler, or by Wilcoxon-Holm without one (:data:`BARS`);
- :func:`paragraph` / ``RankResult.summary()``: the comparison in words, autorank-style;
- :func:`write_comparison`: all of it into one folder (``imbeval compare``).

The value of a (problem, classifier) is its mean over runs and folds; problems of one
unit (``unit`` column: e.g. problems that share classes, or a dataset family) are averaged
into it; the rules for undefined values and missing rows are stated in every result
(:data:`NAN_RULE`, :data:`MISSING_RULE`). An index the registry does not know needs its
orientation declared (:data:`DECLARE_ORIENTATION`). ``imbeval compare TABLE.csv --index ...`` is the
command line.

Layer: uses :mod:`imbeval.inference` (Holm), the index registry (names, orientation,
ranges) and the figure saver; it sits at the level of ``figures`` and ``tables``.
"""

from imbeval.compare._bayes import signed_rank_posterior, signed_rank_probabilities
from imbeval.compare._diagram import (BARS, bars_caption, cd_diagram_data, plot_cd_diagram,
                                      save_cd_diagram)
from imbeval.compare._nemenyi import control_comparison, nemenyi_cliques, nemenyi_pairwise
from imbeval.compare._rank import (BAYES_THRESHOLD, ID_FORMULA, MIN_RANKING_UNITS, ROPE_SHARE,
                                   RankResult, iman_davenport, nemenyi_cd, rank_classifiers)
from imbeval.compare._summary import effect_sizes, paragraph, summary_text
from imbeval.compare._stability import StabilityResult, kendall_w, winner_stability
from imbeval.compare._table import (DECLARE_ORIENTATION, MISSING_RULE, NAN_RULE,
                                    check_table, read_table, units_from_clusters)
from imbeval.compare._write import FILES, diagram_name, write_comparison

__all__ = ["rank_classifiers", "RankResult", "winner_stability", "StabilityResult",
           "nemenyi_cd", "iman_davenport", "kendall_w", "signed_rank_probabilities",
           "signed_rank_posterior", "cd_diagram_data", "plot_cd_diagram", "save_cd_diagram",
           "check_table", "read_table", "units_from_clusters", "write_comparison",
           "diagram_name", "FILES", "MIN_RANKING_UNITS", "ROPE_SHARE", "NAN_RULE", "MISSING_RULE",
           "BARS", "bars_caption", "nemenyi_pairwise", "nemenyi_cliques", "control_comparison",
           "BAYES_THRESHOLD", "ID_FORMULA", "effect_sizes", "paragraph", "summary_text",
           "DECLARE_ORIENTATION"]
