"""dembele's M8 and M9 rebuilt from MNIST with linear discriminant analysis (Tables 10-11).

The model fitting lives here, below the tables layer: :mod:`imbeval_repro.papers.dembele.tables` only
lays the two matrices out in the paper's format.
"""

from __future__ import annotations

import numpy as np

from imbeval_repro.experiment.data.mnist import load_mnist

__all__ = ["mnist_confusions"]


def mnist_confusions(directory) -> dict[str, np.ndarray]:
    """M8 (hard LDA assignments) and M9 (summed LDA memberships), project layout.

    LDA (scikit-learn, solver "svd") is fitted on the 60,000 training images (pixels / 255)
    and applied to the 10,000 test images; M8 counts argmax predictions, M9 sums each test
    image's membership vector (predict_proba: posteriors summing to one) into the row of its
    true digit. The paper's LDA (an R package) differs in details, so counts differ slightly.
    ``directory`` holds MNIST's four IDX files (:func:`imbeval_repro.experiment.data.mnist.load_mnist`).
    """
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis

    data = load_mnist(directory)
    X_train = data["train_images"].reshape(len(data["train_images"]), -1) / 255.0
    X_test = data["test_images"].reshape(len(data["test_images"]), -1) / 255.0
    y_train, y_test = data["train_labels"].astype(int), data["test_labels"].astype(int)
    lda = LinearDiscriminantAnalysis().fit(X_train, y_train)
    classes = list(lda.classes_)
    proba = lda.predict_proba(X_test)
    predicted = np.asarray(classes)[proba.argmax(axis=1)]
    n = len(classes)
    m8, m9 = np.zeros((n, n)), np.zeros((n, n))
    index = {c: i for i, c in enumerate(classes)}
    rows = np.array([index[c] for c in y_test])
    np.add.at(m8, (rows, np.array([index[c] for c in predicted])), 1)
    np.add.at(m9, rows, proba)
    return {"M8": m8, "M9": m9}
