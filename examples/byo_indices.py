"""Example indices a user brings (config/example-byo.yaml, README "Bring your own").

Two ways to hand an index to imbeval:

- ``nmacro_f1`` is *registered* with :func:`imbeval.indices.add_index` (name, formula,
  scope, bounds): importing this module (``experiment.indices: ["byo_indices:nmacro_f1"]``
  or ``import byo_indices``) makes it a registered index like the built-ins;
- ``my_accuracy`` is a *plain function* of a stack ``(..., C, C) -> (...)``: named by
  import path it is registered under its function name, scope detected, bounds unknown.
  It is a copy of accuracy, so ``imbeval audit --index byo_indices:my_accuracy`` must give
  accuracy's verdicts (Condition 1 fails, Condition 2 holds).
"""

import numpy as np

from imbeval.indices import add_index


@add_index(name="nmacro_f1", symbol="nF1",
           formula="(1/C) sum_i 2 r_ii / (1 + sum_j r_ji), r = the row-normalised matrix",
           scope="multi-class", bounds=(0.0, 1.0))
def nmacro_f1(cm):
    """Macro F1 of the row-normalised matrix: per class 2 r_ii / (r_i. + r_.i) with r_i. = 1.

    Normalising the rows first (as mPrecision does for precision) makes the index
    independent of the class sizes of the test set (Condition 1).
    """
    cm = np.asarray(cm, dtype=np.float64)
    r = cm / cm.sum(axis=-1, keepdims=True)
    diag = np.diagonal(r, axis1=-2, axis2=-1)
    return np.mean(2.0 * diag / (1.0 + r.sum(axis=-2)), axis=-1)


def my_accuracy(cm):
    """Accuracy, written by a user: trace / total."""
    cm = np.asarray(cm, dtype=np.float64)
    return np.trace(cm, axis1=-2, axis2=-1) / cm.sum(axis=(-2, -1))
