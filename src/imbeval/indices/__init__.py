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
- :mod:`~imbeval.indices.kluska` -- support-weighted precision, recall, F-beta;
- :mod:`~imbeval.indices.catalogue` -- PyCM's, scikit-learn's and imbalanced-learn's
  confusion-matrix indices, computed by name only (``compute(cm, names=[...])``), never
  in the default set.

Undefined values (a 0/0 ratio) are NaN unless ``zero_division=`` gives a number; invalid
input raises ``ValueError`` (see :mod:`imbeval.indices._validation`).

Use :func:`compute` for many indices at once and :func:`registry` for their metadata.
Two-class indices score the first row as the positive class; ``compute(cm, positive=1)``
takes row 1 instead (e.g. for ``sklearn.metrics.confusion_matrix`` on labels {0, 1},
which puts the negative class first). From labels rather than matrices, see
:mod:`imbeval.metrics`.
Every public function validates its own arguments (:func:`validate_params`), so a bad
``zero_division`` or matrix raises a ``ValueError`` naming the parameter whichever way the
index is called. Some quantities carry several papers' names: ``macro_recall`` is an alias
of ``acsa`` (:attr:`IndexInfo.aliases`).
scikit-learn's and imbalanced-learn's names (``balanced_accuracy``, ``matthews_corrcoef``,
``recall_macro``, ``geometric_mean_score``, ...: :data:`LIBRARY_NAMES`) are accepted
wherever a name is (:func:`get_info` looks one up; an unknown name gets the closest ones).

The named measures of :mod:`imbeval.indices`, :mod:`imbeval.metrics` and
:mod:`imbeval.scores` share one shape: :func:`registry` maps a name to its entry (here
:class:`IndexInfo`), whose core fields ``name``, ``function``, ``greater_is_better``,
``bounds``, ``scope``, ``description`` and ``reference`` every module's entries have;
:func:`get_info` looks one name up ("did you mean" for an unknown one). Here
:func:`compute` computes many indices of a stack at once; the other two modules compute
one by name with ``score`` and make scikit-learn scorers with ``make_scorer``.

Adding an index: decorate ``f(cm, zero_division=nan) -> ndarray`` with
:func:`register_index` (see its docstring); :func:`register_alias` gives an existing index
another name, :func:`unregister_index` removes one. A user's own index (a function of a
stack with or without ``zero_division``) joins the registry with :func:`add_index`, which
checks it on valid stacks first, or by import path with :func:`load_index`: see
:mod:`~imbeval.indices.user`.

Examples
--------
>>> from imbeval.indices import compute
>>> values = compute([[5, 1, 0], [1, 3, 1], [0, 2, 4]], names=["acsa", "mcc"])
>>> {name: round(float(v), 4) for name, v in values.items()}
{'acsa': 0.7, 'mcc': 0.5625}
"""

from imbeval.indices._compute import check_positive, compute
from imbeval.indices._names import LIBRARY_NAMES, get_info
from imbeval.indices._registry import (
    IndexInfo,
    register_alias,
    register_index,
    registry,
    unregister_index,
)
from imbeval.indices._validation import (
    check_confusion_stack,
    check_zero_division,
    safe_divide,
    validate_params,
)
from imbeval.indices import mullick2020, mortaz2020, ortigosa2016, dembele, kluska  # noqa: F401  (registers)
from imbeval.indices import catalogue  # noqa: F401  (registers, by name only: see its docstring)
from imbeval.indices.user import add_index, load_index
from imbeval.utils._deprecation import deprecated_alias

#: the name before the measures' modules shared one shape, for one version
index_info = deprecated_alias(get_info, "index_info", "imbeval.indices.get_info")

__all__ = [
    "IndexInfo",
    "LIBRARY_NAMES",
    "get_info",
    "add_index",
    "load_index",
    "check_confusion_stack",
    "check_positive",
    "check_zero_division",
    "compute",
    "register_alias",
    "register_index",
    "registry",
    "safe_divide",
    "unregister_index",
    "validate_params",
    "mullick2020",
    "mortaz2020",
    "ortigosa2016",
    "dembele",
    "kluska",
    "catalogue",
]
