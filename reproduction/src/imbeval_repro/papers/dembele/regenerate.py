"""Dembélé's M3 and M4 regenerated from their datasets (both offline).

- M3: "a Support Vector Machine classification results for the breast cancer dataset, which
  consists of 683 instances, 65% benign and 35% malignant" (UCI Breast Cancer Wisconsin,
  Original, vendored: :func:`imbeval_repro.experiment.data.uci.load_breast_cancer_wisconsin`, the 16 rows
  with a missing value dropped). The paper states only "SVM": we take scikit-learn's SVC
  with its defaults (RBF kernel, C = 1, gamma "scale") on the raw attributes (all on the
  same 1-10 scale), and out-of-fold predictions of a stratified 10-fold CV, seeded. The 683
  points of M3 are the whole dataset, so its predictions are out-of-sample for each point
  only under a CV like this one (or they are resubstitution): the paper does not say.
- M4: "a classifier result for the iris dataset" (scikit-learn's bundled copy); the paper
  names no classifier. We take linear discriminant analysis (the classifier the paper uses
  for MNIST), out-of-fold over the same CV.

Both return the matrix in Dembélé's layout (rows predicted, columns true), as he prints it.
"""

from __future__ import annotations

import numpy as np

__all__ = ["M3_SETTING", "M4_SETTING", "m3_confusion", "m4_confusion", "FOLDS"]

FOLDS = 10
M3_SETTING = ("scikit-learn SVC with its defaults (RBF, C = 1, gamma 'scale') on the 683 "
              "complete rows, out-of-fold predictions of a seeded stratified 10-fold CV: the "
              "paper states only 'SVM'")
M4_SETTING = ("the paper names no classifier for M4: ours is linear discriminant analysis, "
              "out-of-fold predictions of a seeded stratified 10-fold CV on scikit-learn's "
              "iris")


def _out_of_fold(model, x, y, seed):
    from sklearn.metrics import confusion_matrix
    from sklearn.model_selection import StratifiedKFold, cross_val_predict

    cv = StratifiedKFold(n_splits=FOLDS, shuffle=True, random_state=seed)
    predicted = cross_val_predict(model, x, y, cv=cv)
    labels = np.unique(y)
    return confusion_matrix(y, predicted, labels=labels).T  # his layout: rows predicted


def m3_confusion(seed: int) -> np.ndarray:
    """M3 regenerated (benign first, as the paper's 444 benign / 239 malignant columns)."""
    from sklearn.svm import SVC

    from imbeval_repro.experiment.data.uci import load_breast_cancer_wisconsin

    x, y = load_breast_cancer_wisconsin("drop")
    return _out_of_fold(SVC(), x, y, seed)  # labels 2 (benign), 4 (malignant)


def m4_confusion(seed: int) -> np.ndarray:
    """M4 regenerated (setosa, versicolor, virginica)."""
    from sklearn.datasets import load_iris
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis

    x, y = load_iris(return_X_y=True)
    return _out_of_fold(LinearDiscriminantAnalysis(), x, y, seed)
