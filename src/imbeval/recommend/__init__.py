"""Which index for my problem: a problem's fingerprint to a ranked shortlist of indices, every
inclusion and exclusion citing the audit row it rests on.

- :func:`recommend` -- the fingerprint (number of classes, whether the deployment prior is
  the test set's, known costs, what the classifier outputs, what matters, the smallest
  class of the test set) to a :class:`Recommendation` (``summary()``, ``to_frame()``,
  ``to_dict()``, ``to_markdown()``, ``paragraph()``);
- :func:`rules` -- the rules, data shipped as ``rules.csv``: each names the fingerprint
  terms it applies to, the verdict kind it reads, the outcomes it acts on, its effect
  (require, exclude, rank up, rank down, note) and why it matters;
- :func:`evidence` and :func:`explain` -- the audit rows the rules read, by stable id
  (``condition1:mcc``, ``prior_shift:roc_auc``, ``dutch_draw:acsa``), shipped as
  ``evidence.csv`` (written by ``python -m imbeval.recommend.build``).

No index is named in code: the candidates are the registries' (:mod:`imbeval.indices`,
:mod:`imbeval.scores`), and the rules read what the audit (:mod:`imbeval.audit`,
:mod:`imbeval.baselines`, :mod:`imbeval.metrics` intervals) found. docs/recommend.md shows
ten fingerprints and their answers beside PyCM's and Metrics Reloaded's.
"""

import sys
import types

from imbeval.recommend._core import COST_INDEX, EFFECTS, evidence, explain, recommend, rules
from imbeval.recommend._fingerprint import Fingerprint, read_cost_matrix
from imbeval.recommend._result import Candidate, Reason, Recommendation

__all__ = ["COST_INDEX", "Candidate", "EFFECTS", "Fingerprint", "Reason", "Recommendation",
           "evidence", "explain", "read_cost_matrix", "recommend", "rules"]


class _CallableModule(types.ModuleType):
    """``imbeval.recommend(...)`` is :func:`recommend`: importing the package makes
    ``imbeval.recommend`` the package itself, so the package answers the call."""

    def __call__(self, *args, **kwargs):
        return recommend(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
