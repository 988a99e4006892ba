"""The index auditor: decide numerically which conditions an index meets.

- :func:`audit_index` -- mullick2020's Conditions 1-3 (row-scaling invariance, bounds
  independent of the number of classes, no collapse when one class fails) and
  ortigosa2016's influence-function criteria, for any function of confusion-matrix stacks;
- :func:`audit_registry` -- the same for every registered index;
- :func:`check_properties` -- the properties of Gösgens et al. (NeurIPS 2021): maximal and
  minimal agreement, symmetry, class symmetry, distance, monotonicity, strong monotonicity,
  constant and approximately constant baseline (:mod:`~imbeval.audit.properties`);
- :mod:`~imbeval.audit.influence` -- the Bayes-rule influence functions I_K^S;
- :mod:`~imbeval.audit.report` -- the audit table (CSV, Markdown) and its evidence files
  (the figure of an audit, mullick2020's Fig. 6: :mod:`imbeval.audit.figure`).

Verdicts are computed, never looked up: see :mod:`~imbeval.audit.conditions` for how, and
:mod:`~imbeval.audit.matrices` for the matrices the searches evaluate. A lower-is-better
index (``IndexInfo.greater_is_better`` False, or a function attribute
``greater_is_better = False``) is audited as −f: Condition 3 and the influence analysis
look at its worst side. A search's "holds" means no counterexample was found; each verdict
says so in words (:func:`~imbeval.audit.core.verdict_text`), a failure keeps its
counterexample, and mullick2020's theorems are cited where they prove the verdict.
"""

from imbeval.audit.conditions import AuditSizes
from imbeval.audit.core import (DEFAULT_CLASSES, AuditResult, audit_index, audit_registry,
                                oriented_index)
from imbeval.audit.properties import PROPERTIES, PropertyVerdict, check_properties

__all__ = ["AuditResult", "AuditSizes", "DEFAULT_CLASSES", "PROPERTIES", "PropertyVerdict",
           "audit_index", "audit_registry", "check_properties", "oriented_index"]
