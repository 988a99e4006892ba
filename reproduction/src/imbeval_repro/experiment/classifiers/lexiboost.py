"""LexiBoost and Dual-LexiBoost with weighted-kNN base learners (Datta, Nag & Das, TKDE 2020)."""

from __future__ import annotations

import numbers

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted, validate_data

from . import lexi_lp
from ._decided import Decided
from .knn_base import neighbour_table, weighted_knn_predict

_COMMON_DOC = r"""
    **Base learner (authors' code).** Weighted kNN: the score of a class among the
    ``n_neighbors`` nearest training points (squared Euclidean distance) is the sum of their
    boosting weights; arg-max, ties to the first label (``classes_`` order). Training-set
    predictions include the point itself. The neighbour table is computed once per fit (and
    once per ``predict`` call) and reused by every round, see :mod:`.knn_base`.

    **Final weights (both variants).** Stage 1 finds each class's best achievable hinge loss
    L_j*; Stage 2 minimises the largest per-class excess loss (per class size) over the
    simplex of learner weights, see :mod:`.lexi_lp` (SciPy HiGHS, sparse matrices).
    Prediction: ``sign(sum_t alpha_t h_t(x))`` for two classes.

    **Multi-class extension (choice made here; the released code is two-class only).** The
    margin of point i under learner t is ``U[i, t] = +1`` if ``h_t(x_i) = y_i`` else ``-1``
    (the kNN learner is natively multi-class), the LPs keep one constraint per class, and
    the prediction is the class with the largest weighted vote ``sum_t alpha_t [h_t(x)=c]``.
    For two classes this is exactly the binary algorithm (``y_i h_t(x_i)`` and the sign of
    ``sum_t alpha_t h_t``). A positive margin guarantees the true class has more than half
    the vote, so the LPs keep their meaning. One-vs-all would need one boosting run per
    class and was not chosen.
"""


def _validate_common(est):
    if not isinstance(est.n_neighbors, numbers.Integral) or est.n_neighbors < 1:
        raise ValueError(f"{type(est).__name__}: n_neighbors must be a positive integer, "
                         f"got {est.n_neighbors!r}")
    if not isinstance(est.n_estimators, numbers.Integral) or est.n_estimators < 1:
        raise ValueError(f"{type(est).__name__}: n_estimators must be a positive integer, "
                         f"got {est.n_estimators!r}")


class _LexiBoostBase(ClassifierMixin, BaseEstimator):
    """Shared fit preamble, prediction and LP bookkeeping."""

    def fit(self, X, y):
        """Fit the ensemble on ``X`` (n, d) and labels ``y`` (n,); returns ``self``."""
        return self._fit(X, y, None)

    def _prepare(self, X, y, table=None):
        """Validate and store the training set; its neighbour table (given, or computed)."""
        _validate_common(self)
        X, y = validate_data(self, X, y, dtype=np.float64)
        check_classification_targets(y)
        self.classes_, codes = np.unique(y, return_inverse=True)
        if self.classes_.size < 2:
            raise ValueError(f"{type(self).__name__} needs samples of at least 2 classes in "
                             f"the data, but the data contain only one class: "
                             f"{self.classes_[0]!r}")
        self.fit_X_ = X
        self.fit_codes_ = codes.astype(np.intp)
        if table is None:
            table = neighbour_table(X, X, self.n_neighbors)
        return X, self.fit_codes_, table

    def _learner_outputs(self, table, weights):
        return weighted_knn_predict(table, self.fit_codes_, weights, self.classes_.size)

    def _solve_lps(self, U, codes):
        losses = lexi_lp.stage1(U, codes, self.classes_.size)
        alpha, z, _, _ = lexi_lp.stage2(U, codes, losses)
        return losses, alpha, z

    def _votes(self, X):
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        return self._votes_from_table(neighbour_table(self.fit_X_, X, self.n_neighbors))

    def _votes_from_table(self, table):
        votes = np.zeros((table.shape[0], self.classes_.size))
        rows = np.arange(table.shape[0])
        for a, w in zip(self.estimator_weights_, self.learner_weights_):
            pred = self._learner_outputs(table, w)
            votes[rows, pred] += a
        return votes

    def decision_function(self, X):
        """Weighted votes. Two classes: ``sum_t alpha_t h_t(x)`` with h in {-1, +1}, shape
        (n,), positive meaning ``classes_[1]``; otherwise the vote of every class,
        shape (n, n_classes), rows summing to 1."""
        return self._decision_from_votes(self._votes(X))

    def _decision_from_votes(self, votes):
        if self.classes_.size == 2:
            return votes[:, 1] - votes[:, 0]
        return votes

    def predict(self, X):
        """The class with the largest weighted vote for each row of ``X``."""
        votes = self._votes(X)
        # arg-max, ties to the first label; for two classes the same as f > 0 -> classes_[1].
        return self.classes_[np.argmax(votes, axis=1)]


    def _shared_grid_search(self, candidates, X, y, splits, scorer, choose):
        """Grid search over ``candidates`` on the inner ``splits`` with one neighbour table.

        Called by :func:`imbeval_repro.experiment.classifiers.tune` (same splits, scorer and choice rule as
        its GridSearchCV path). The training set's neighbour lists are computed once, long
        enough (``LIST_FACTOR`` times the largest ``n_neighbors``, plus a margin) that the
        k nearest points *within an inner training fold* of every point are, for almost
        every point, the first k fold members of its list. That is exact, not an
        approximation: the lists are ordered by (distance, index) and the inner training
        indices keep the order of the outer ones, so filtering a prefix of the order of
        the whole set gives a prefix of the order of the subset. Rows whose list holds
        fewer than k fold members are queried directly. The refit's table is the first k
        entries of the lists. Returns ``(best_estimator, fold_scores)``, or ``None`` when
        this does not apply (the caller then uses the plain grid search).
        """
        if hasattr(X, "tocsr"):
            return None
        X = np.asarray(X, dtype=np.float64)
        y = np.asarray(y)
        if X.ndim != 2 or X.shape[0] < 2:
            return None
        ests = [clone(self).set_params(**params) for params in candidates]
        for est in ests:
            _validate_common(est)
        n = X.shape[0]
        if any(np.any(np.diff(tr) <= 0) for tr, _ in splits):
            return None
        k_max = max(est.n_neighbors for est in ests)
        length = min(n, LIST_FACTOR * k_max + LIST_MARGIN)
        lists = neighbour_table(X, X, length)
        scores = np.empty((len(ests), len(splits)))
        for s, (tr, te) in enumerate(splits):
            X_tr, X_te = X[tr], X[te]
            tables = {}
            for i, est in enumerate(ests):
                k = est.n_neighbors
                if k not in tables:
                    tables[k] = (_subset_table(lists, X, tr, tr, k),
                                 _subset_table(lists, X, tr, te, k))
                fit_table, test_table = tables[k]
                fitted = clone(est)._fit(X_tr, y[tr], fit_table)
                votes = fitted._votes_from_table(test_table)
                decided = Decided(fitted.classes_, X_te,
                                  fitted.classes_[np.argmax(votes, axis=1)],
                                  fitted._decision_from_votes(votes))
                scores[i, s] = scorer(decided, X_te, y[te])
        best = clone(ests[choose(scores)])
        k = min(best.n_neighbors, n)
        best._fit(X, y, lists[:, :k] if k <= length else None)
        return best, scores


#: Neighbour lists of the shared grid search hold ``LIST_FACTOR * k + LIST_MARGIN``
#: entries: an inner training fold of a 3-fold CV holds 2/3 of the points, so a list of
#: 3k + 10 misses k fold members only for very few points (those are queried directly).
LIST_FACTOR = 3
LIST_MARGIN = 10


def _subset_table(lists, X, members, queries, k):
    """Neighbour table (len(queries), k) among ``X[members]`` (indices into ``members``),
    read off the whole set's (distance, index)-ordered ``lists``; rows whose list holds
    fewer than k members are computed directly."""
    n = lists.shape[0]
    k = min(k, members.size)
    pos = np.full(n, -1, dtype=np.intp)
    pos[members] = np.arange(members.size)
    cand = lists[queries]
    is_member = pos[cand] >= 0
    # stable sort of "not a member" keeps the members first, in list order
    first = np.argsort(~is_member, axis=1, kind="stable")[:, :k]
    table = pos[np.take_along_axis(cand, first, axis=1)]
    short = np.flatnonzero(is_member.sum(axis=1) < k)
    if short.size:
        table[short] = neighbour_table(X[members], X[queries[short]], k)
    return table


class DualLexiBoost(_LexiBoostBase):
    __doc__ = r"""Dual-LexiBoost: totally corrective lexicographic boosting of weighted kNN.

    **What the paper and the authors' code do.** Start from class-balanced weights
    ``D_i = 0.5 / n_{y_i}``; each round trains a weighted kNN with weights D; if its
    weighted accuracy ``sum_i D_i [h(x_i) = y_i]`` is below 0.5 it is discarded and boosting
    stops; otherwise it joins the ensemble, the restricted Stage-1/Stage-2 LPs are solved
    over the learners so far, and the next weights are the optimal point variables d of the
    code's dual ("dfin") LP (LPBoost-style column generation). At most
    ``n_estimators`` rounds (T = 10 in the paper). Final alpha from Stage 2.
    """ + _COMMON_DOC + r"""
    **Other choices made here.** Multi-class balanced start ``D_i = 1/(K n_{y_i})``. The
    first learner is always kept (an empty ensemble cannot predict). One extra stop, for a
    case the code leaves undefined: a learner whose training outputs equal an earlier
    learner's adds nothing to the LP and the weights would repeat forever
    (``stop_reason_ = "repeated_learner"``). The dfin LP is normalised by ``sum d = 1`` as
    in the code; :mod:`.lexi_lp` explains how it differs from the exact dual of Stage 2.
    Optimal duals are not always unique; we take HiGHS's.

    **Where the authors' code differs (docs/classifiers.md).** Run side by side, both give
    the same predictions, but the internals differ: the authors' code fixes the per-class
    losses L_j* after its first round and its learner weights collapse onto the first
    learner, while this class re-solves Stage 1 every round, as the paper's algorithm states.

    Parameters
    ----------
    n_neighbors : int, default=3
    n_estimators : int, default=10
        Maximum number of boosting rounds T.

    Attributes
    ----------
    classes_, n_features_in_
    estimator_weights_ : ndarray (n_learners,)   -- alpha from Stage 2
    learner_weights_ : ndarray (n_learners, n_train) -- the kNN weights of every learner
    class_losses_ : ndarray (n_classes,)          -- L_j* of the final Stage 1
    stage2_objective_ : float                     -- z of the final Stage 2
    weighted_accuracies_ : list of float          -- of every trained learner, incl. a
                                                     rejected last one
    stop_reason_ : {"weighted_accuracy", "repeated_learner", "n_estimators"}
    """

    def __init__(self, n_neighbors=3, n_estimators=10):
        self.n_neighbors = n_neighbors
        self.n_estimators = n_estimators

    def _fit(self, X, y, table):
        X, codes, table = self._prepare(X, y, table)
        K = self.classes_.size
        counts = np.bincount(codes, minlength=K).astype(float)
        D = 1.0 / (K * counts[codes])
        columns, weights, accuracies = [], [], []
        alpha = losses = z = None
        self.stop_reason_ = "n_estimators"
        for t in range(self.n_estimators):
            pred = self._learner_outputs(table, D)
            correct = pred == codes
            acc = float(D[correct].sum() / D.sum())
            accuracies.append(acc)
            if acc < 0.5 and columns:
                self.stop_reason_ = "weighted_accuracy"
                break
            u = np.where(correct, 1.0, -1.0)
            if any(np.array_equal(u, c) for c in columns):
                self.stop_reason_ = "repeated_learner"
                break
            columns.append(u)
            weights.append(D.copy())
            U = np.column_stack(columns)
            losses, alpha, z = self._solve_lps(U, codes)
            if t == self.n_estimators - 1:
                break
            D = lexi_lp.dual_weights(U, codes, losses)
        self.estimator_weights_ = alpha
        self.learner_weights_ = np.vstack(weights)
        self.class_losses_ = losses
        self.stage2_objective_ = z
        self.weighted_accuracies_ = accuracies
        self.training_margins_ = np.column_stack(columns) @ alpha
        return self


class LexiBoost(_LexiBoostBase):
    __doc__ = r"""LexiBoost (primal): AdaBoost.M2 generates the learners, the LPs weigh them.

    **What the paper and the authors' code do.** Generate ``n_estimators`` weighted-kNN
    learners by AdaBoost.M2, then discard AdaBoost's learner weights and set alpha by the
    Stage-1 / Stage-2 lexicographic LPs.
    """ + _COMMON_DOC + r"""
    **AdaBoost.M2 with hard-label learners (as implemented).** Mislabel distribution
    ``D(i, y), y != y_i`` starting uniform; the kNN learner is trained with the per-point
    weights ``sum_y D(i, y)``; pseudo-loss ``eps = 1/2 sum D(i, y)(1 - [h_i = y_i] +
    [h_i = y])``; ``beta = eps / (1 - eps)``; ``D(i, y) *= beta ** (1/2 (1 + [h_i = y_i] -
    [h_i = y]))``. For two classes this is AdaBoost.M1. Generation stops early when
    ``eps = 0`` (the weights would vanish; the perfect learner is kept) or ``eps >= 1/2``
    (the learner is discarded; the first learner is always kept).

    **Where the authors' code differs (docs/classifiers.md).** Its AdaBoost.M2 always builds
    ``n_estimators`` learners; this one stops at ``eps >= 1/2`` or ``eps = 0``, where the
    algorithm's weight update is undefined or degenerate. Predictions agree on the cases
    compared.

    Parameters
    ----------
    n_neighbors : int, default=3
    n_estimators : int, default=10

    Attributes
    ----------
    classes_, n_features_in_, estimator_weights_, learner_weights_, class_losses_,
    stage2_objective_, pseudo_losses_ (AdaBoost.M2's eps of every trained learner)
    """

    def __init__(self, n_neighbors=3, n_estimators=10):
        self.n_neighbors = n_neighbors
        self.n_estimators = n_estimators

    def _fit(self, X, y, table):
        X, codes, table = self._prepare(X, y, table)
        n, K = codes.size, self.classes_.size
        # Mislabel distribution over (i, y); the true-label entries are kept at zero.
        Dm = np.full((n, K), 1.0 / (n * (K - 1)))
        Dm[np.arange(n), codes] = 0.0
        rows = np.arange(n)
        columns, weights, eps_list = [], [], []
        for t in range(self.n_estimators):
            w = Dm.sum(axis=1)
            pred = self._learner_outputs(table, w)
            correct = pred == codes
            h_true = correct.astype(float)[:, None]           # [h_i = y_i]
            h_other = np.zeros((n, K))
            h_other[rows, pred] = 1.0                          # [h_i = y]
            h_other[rows, codes] = 0.0
            exponent = 0.5 * (1.0 + h_true - h_other)          # for y != y_i
            eps = float(0.5 * np.sum(Dm * (1.0 - h_true + h_other)))
            eps_list.append(eps)
            if eps >= 0.5 and columns:
                break
            columns.append(np.where(correct, 1.0, -1.0))
            weights.append(w.copy())
            if eps <= 0.0 or eps >= 0.5:
                break
            beta = eps / (1.0 - eps)
            Dm = Dm * beta ** exponent
            Dm[rows, codes] = 0.0
            Dm /= Dm.sum()
        U = np.column_stack(columns)
        losses, alpha, z = self._solve_lps(U, codes)
        self.estimator_weights_ = alpha
        self.learner_weights_ = np.vstack(weights)
        self.class_losses_ = losses
        self.stage2_objective_ = z
        self.pseudo_losses_ = eps_list
        self.training_margins_ = U @ alpha
        return self
