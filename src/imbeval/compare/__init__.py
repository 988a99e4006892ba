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
  between every two indices, and each index's winner against a reference index's (by
  default the first index named): where it differs, and whether decisively, with the
  evidence, every index on the same problems (:data:`MISSING_POLICIES`);
- :func:`save_cd_diagram`: the critical-difference diagram (PDF, PNG, SVG, CSV), its bars
  drawn by Nemenyi's test under its ruler, or by Wilcoxon-Holm without one (:data:`BARS`),
  the test named in a caption file beside it;
- :func:`latex_table` / :func:`write_latex_table`: the mean ranks as a booktabs table, the
  winner in bold, the groups no test separates as superscript letters;
- :func:`paragraph` / ``RankResult.summary()``: the comparison in words, autorank-style;
- :func:`write_comparison`: all of it into one folder (``imbeval compare``).

The value of a (problem, classifier) is its mean over runs and folds; problems of one
unit (``unit`` column: e.g. problems that share classes, or a dataset family) are averaged
into it; the rules for undefined values and missing rows are stated in every result
(:data:`NAN_RULE`, :data:`MISSING_RULE`), and every missing value is named in a
:class:`MissingValuesWarning`. A registered index (a label index, or an index of scores
such as ``roc_auc``) carries its orientation; any other needs it declared
(:data:`DECLARE_ORIENTATION`). ``imbeval compare TABLE.csv --index ...`` is the
command line.

The names load on first use (``import imbeval.compare`` imports no pandas or SciPy), so
the command line starts quickly.
"""

import importlib

_LAZY = {
    "signed_rank_posterior": "imbeval.compare._bayes",
    "signed_rank_probabilities": "imbeval.compare._bayes",
    "BARS": "imbeval.compare._diagram",
    "bars_caption": "imbeval.compare._diagram",
    "diagram_caption": "imbeval.compare._diagram",
    "cd_diagram_data": "imbeval.compare._diagram",
    "plot_cd_diagram": "imbeval.compare._diagram",
    "save_cd_diagram": "imbeval.compare._diagram",
    "control_comparison": "imbeval.compare._nemenyi",
    "nemenyi_cd": "imbeval.compare._nemenyi",
    "nemenyi_cliques": "imbeval.compare._nemenyi",
    "nemenyi_pairwise": "imbeval.compare._nemenyi",
    "BAYES_THRESHOLD": "imbeval.compare._rank",
    "ID_FORMULA": "imbeval.compare._rank",
    "MIN_RANKING_UNITS": "imbeval.compare._rank",
    "ROPE_SHARE": "imbeval.compare._rank",
    "RankResult": "imbeval.compare._rank",
    "iman_davenport": "imbeval.compare._rank",
    "rank_classifiers": "imbeval.compare._rank",
    "effect_sizes": "imbeval.compare._summary",
    "paragraph": "imbeval.compare._summary",
    "summary_text": "imbeval.compare._summary",
    "StabilityResult": "imbeval.compare._stability",
    "kendall_w": "imbeval.compare._stability",
    "winner_stability": "imbeval.compare._stability",
    "DECLARE_ORIENTATION": "imbeval.compare._table",
    "MISSING_POLICIES": "imbeval.compare._table",
    "MissingValuesWarning": "imbeval.compare._table",
    "value_gaps": "imbeval.compare._table",
    "write_latex_table": "imbeval.compare._latex",
    "latex_table": "imbeval.compare._latex",
    "MISSING_RULE": "imbeval.compare._table",
    "NAN_RULE": "imbeval.compare._table",
    "check_table": "imbeval.compare._table",
    "read_table": "imbeval.compare._table",
    "units_from_clusters": "imbeval.compare._table",
    "problem_concepts_of": "imbeval.compare._table",
    "render_compare_page": "imbeval.compare._html",
    "write_compare_html": "imbeval.compare._html",
    "problem_clusters_of": "imbeval.compare._table",
    "FILES": "imbeval.compare._write",
    "diagram_name": "imbeval.compare._write",
    "write_comparison": "imbeval.compare._write",
}

__all__ = ["rank_classifiers", "RankResult", "winner_stability", "StabilityResult",
           "nemenyi_cd", "iman_davenport", "kendall_w", "signed_rank_probabilities",
           "signed_rank_posterior", "cd_diagram_data", "plot_cd_diagram", "save_cd_diagram",
           "check_table", "read_table", "units_from_clusters", "problem_concepts_of",
           "problem_clusters_of", "render_compare_page", "write_compare_html", "write_comparison",
           "diagram_name", "FILES", "MIN_RANKING_UNITS", "ROPE_SHARE", "NAN_RULE", "MISSING_RULE",
           "BARS", "bars_caption", "nemenyi_pairwise", "nemenyi_cliques", "control_comparison",
           "BAYES_THRESHOLD", "ID_FORMULA", "effect_sizes", "paragraph", "summary_text",
           "DECLARE_ORIENTATION", "MISSING_POLICIES", "MissingValuesWarning", "value_gaps",
           "latex_table", "write_latex_table", "diagram_caption"]


def __getattr__(name):
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'imbeval.compare' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(__all__))

