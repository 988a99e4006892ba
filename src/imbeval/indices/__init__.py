"""Performance indices of confusion-matrix stacks.

Every index is a pure, vectorised function of a stack of confusion matrices of shape
``(..., C, C)`` -- rows are true classes, columns predicted classes -- returning an array
of shape ``(...)``. One module per source paper:

- :mod:`~imbeval.indices.mullick2020` -- GMean, AUROC, Precision, AURPC and their modified
  versions (two-class); GMean, ACSA, AUROC-OVO/OVA, nAUROC-OVA, AURPC-OVA, mAURPC-OVA
  (multi-class);
- :mod:`~imbeval.indices.mortaz2020` -- ACC, MAP, MAR, F, CBA, IAM;
- :mod:`~imbeval.indices.ortigosa2016` -- Hölder means of recalls, competitiveness bounds;
- :mod:`~imbeval.indices.dembele` -- EVE, CEN, MCEN, NMI, kappa, MCC, 2x2 conversions;
- :mod:`~imbeval.indices.kluska` -- support-weighted precision, recall, F-beta.

Undefined values (a 0/0 ratio) are NaN unless ``zero_division=`` gives a number; invalid
input raises ``ValueError`` (see :mod:`imbeval.indices._validation`).

Use :func:`compute` for many indices at once and :func:`registry` for their metadata.
"""

from imbeval.indices._registry import IndexInfo, compute, registry
from imbeval.indices._validation import check_confusion_stack, safe_divide
from imbeval.indices import mullick2020, mortaz2020, ortigosa2016, dembele, kluska  # noqa: F401  (registers)

__all__ = [
    "IndexInfo",
    "check_confusion_stack",
    "compute",
    "registry",
    "safe_divide",
    "mullick2020",
    "mortaz2020",
    "ortigosa2016",
    "dembele",
    "kluska",
]
