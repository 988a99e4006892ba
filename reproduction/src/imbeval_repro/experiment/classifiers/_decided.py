"""A fitted classifier's answers on one query set, computed beforehand, for a scorer.

The shared grid searches of :mod:`.nbsvm` and :mod:`.lexiboost` compute an inner fold's
test-side kernel or neighbour table once for every candidate and derive the decisions
from it; scikit-learn scorers still call ``predict`` / ``decision_function``. This object
answers them with those decisions, and refuses any other data.
"""

from __future__ import annotations

from sklearn.base import BaseEstimator, ClassifierMixin


class Decided(ClassifierMixin, BaseEstimator):
    """Stands for a fitted classifier on the query set ``X`` (identity-checked)."""

    def __init__(self, classes=None, X=None, prediction=None, decision=None):
        self.classes = classes
        self.X = X
        self.prediction = prediction
        self.decision = decision

    @property
    def classes_(self):
        return self.classes

    def _check(self, X):
        if X is not self.X:
            raise RuntimeError("shared grid search: the scorer asked about other data "
                               "than the inner test fold")

    def decision_function(self, X):
        self._check(X)
        return self.decision

    def predict(self, X):
        self._check(X)
        return self.prediction
