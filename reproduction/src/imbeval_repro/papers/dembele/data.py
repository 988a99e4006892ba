"""Dembélé's experiments on data, and the imbalance ratios he states, against ours.

Rows of the verdict table (item names in :data:`ITEMS`):

- ``text, imbalance ratios``: the ratios the text states (ir = smallest / largest class
  size): 0.034 (M2), 0.538 (M3), ≈ 0.8 (M5), ≈ 0.07 (M6, M7), 0.786 (M8, M9), recomputed
  from the printed matrices' column sums (his columns are the true classes): exact
  arithmetic;
- ``M3 (breast cancer, SVM)``: the dataset's size and class shares as the text states them,
  and the matrix regenerated (:func:`imbeval_repro.papers.dembele.regenerate.m3_confusion`) entry by
  entry: a *different setting* (the paper states only "SVM");
- ``M4 (iris)``: the same for M4 (:func:`imbeval_repro.papers.dembele.regenerate.m4_confusion`; the
  paper names no classifier);
- ``M8, M9 (MNIST, LDA)``: rebuilt from MNIST when the run has it (``papers.mnist_dir``,
  rule ``papers_mnist``), else one row saying why not.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from imbeval_repro import verdicts as cmp
from imbeval_repro.papers.dembele import printed as pr

__all__ = ["ITEMS", "RATIOS", "ratio_rows", "data_rows", "mnist_rows", "MNIST_ABSENT"]

ITEMS = ["text, imbalance ratios", "M3 (breast cancer, SVM)", "M4 (iris)",
         "M8, M9 (MNIST, LDA)"]
#: matrix -> the ratio as the text prints it (Sections 4.1, 4.2.1, 4.2.4)
RATIOS = {"M2": "0.034", "M3": "0.538", "M5": "0.8", "M6": "0.07", "M7": "0.07",
          "M8": "0.786", "M9": "0.786"}
MNIST_ABSENT = ("MNIST is not on this machine and the default run uses no network: Debian "
                "packages no MNIST (apt-cache has dataset-fashion-mnist only, checked 25 Nov "
                "2026); give the four IDX files as papers.mnist_dir and `all` rebuilds M8/M9 "
                "with LDA (rule papers_dembele_mnist) and compares them here")
_BC = "UCI Breast Cancer Wisconsin (Original), vendored"
_IRIS = "iris (scikit-learn's bundled copy)"
_RUN_METHOD = ("one seeded 10-fold CV's out-of-fold predictions, no interval: compared as a "
               "different setting, never decided")


def _ratio(matrix) -> float:
    sizes = np.asarray(matrix, dtype=float).sum(axis=0)  # his layout: columns are true classes
    return float(sizes.min() / sizes.max())


def ratio_rows():
    """The stated imbalance ratios against the printed matrices' class sizes."""
    for name, printed in RATIOS.items():
        yield cmp.row("dembele", ITEMS[0], "ir = smallest / largest class size", name, printed,
                      _ratio(pr.MATRICES[name]))


def _entries(item, name, ours, setting, basis, labels):
    paper = np.asarray(pr.MATRICES[name])
    for i, predicted in enumerate(labels):
        for j, true in enumerate(labels):
            yield cmp.row("dembele", item, f"predicted {predicted}", f"true {true}",
                          str(int(paper[i, j])), float(ours[i, j]), setting=setting,
                          basis=basis, method=_RUN_METHOD)


def data_rows(m3, m4, m3_setting, m4_setting):
    """M3's dataset facts and entries, M4's entries (``m3``, ``m4`` in his layout)."""
    m3, m4 = np.asarray(m3), np.asarray(m4)
    basis = cmp.run_basis(_BC)
    sizes = m3.sum(axis=0)
    n = int(sizes.sum())
    yield cmp.row("dembele", ITEMS[1], "instances (complete rows)", "dataset", "683", n,
                  basis=basis, method="rows of the vendored file without a missing value")
    yield cmp.row("dembele", ITEMS[1], "benign share, %", "dataset", "65", 100 * sizes[0] / n,
                  basis=basis, method="class counts")
    yield cmp.row("dembele", ITEMS[1], "malignant share, %", "dataset", "35",
                  100 * sizes[1] / n, basis=basis, method="class counts")
    yield cmp.row("dembele", ITEMS[1], "ir = smallest / largest class size", "dataset",
                  RATIOS["M3"], float(sizes.min() / sizes.max()), basis=basis,
                  method="class counts")
    yield from _entries(ITEMS[1], "M3", m3, m3_setting, basis, ("benign", "malignant"))
    yield cmp.row("dembele", ITEMS[1], "accuracy (trace / n of the printed M3: 666/683)",
                  "M3", f"{np.trace(pr.MATRICES['M3']) / 683:.3f}",
                  float(np.trace(m3) / m3.sum()), setting=m3_setting, basis=basis,
                  method=_RUN_METHOD)
    iris = cmp.run_basis(_IRIS)
    yield from _entries(ITEMS[2], "M4", m4, m4_setting, iris,
                        ("setosa", "versicolor", "virginica"))


def mnist_rows(m8_csv=None, m9_csv=None):
    """M8/M9 rebuilt from MNIST (their CSVs, his layout), or the row saying why not."""
    if m8_csv is None:
        yield cmp.row("dembele", ITEMS[3], "M8, M9 rebuilt from MNIST with LDA", "", "",
                      None, not_comparable=MNIST_ABSENT)
        return
    basis = cmp.run_basis("MNIST (the config's papers.mnist_dir)")
    setting = "scikit-learn's LDA on MNIST's 60,000 training images, scored on its 10,000 test images"
    for name, path in (("M8", m8_csv), ("M9", m9_csv)):
        ours = pd.read_csv(path, index_col=0).to_numpy(dtype=float)  # as write_table writes it
        yield cmp.row("dembele", ITEMS[3], "ir = smallest / largest class size", name,
                      RATIOS[name], _ratio(ours), basis=basis,
                      method="class counts of the test set")
        paper = np.asarray(pr.MATRICES[name], dtype=float)
        for k in range(paper.shape[0]):
            printed = f"{paper[k, k]:.2f}" if name == "M9" else str(int(paper[k, k]))
            yield cmp.row("dembele", ITEMS[3], f"digit {k} correctly assigned", name, printed,
                          float(ours[k, k]), setting=setting, basis=basis,
                          method="one fit on the fixed training set, no interval: a "
                                 "different setting, never decided")
