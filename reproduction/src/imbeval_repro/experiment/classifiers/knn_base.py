"""Weighted k-nearest-neighbour base learner of (Dual-)LexiBoost, as table operations.

The authors' LexiBoost code uses a weighted kNN as its base learner: "training" stores
(X, y, weights); the score of a class among the k nearest training points (squared Euclidean
distance) is the sum of their boosting weights, and the prediction is the arg-max, ties going
to the first label. Training-set predictions include the point itself (no leave-one-out).

Every boosting round uses the same training points and only changes the weights, so the
k-neighbour table (indices of the k nearest training points of every query point) is
computed once and each round's predictions are a weighted vote over that table. This is
what makes 2048-d, 6,500-point problems cheap: one blocked matrix product instead of T
neighbour searches.
"""

from __future__ import annotations

import numpy as np

# Rows of queries per block in the distance computation: bounds memory at
# block x n_train float64 (64 MiB for 1024 x 8192).
_BLOCK_ROWS = 1024


def neighbour_table(X_train: np.ndarray, X_query: np.ndarray, k: int) -> np.ndarray:
    """Indices (n_query, k) of the k nearest training points, nearest first.

    Squared Euclidean distance ``|q|^2 - 2 q.x + |x|^2`` computed blockwise with one BLAS
    product per block. Equal distances are ordered by training index (stable), so the result
    does not depend on the block size. ``k`` is clipped to the number of training points.
    """
    X_train = np.asarray(X_train, dtype=np.float64)
    X_query = np.asarray(X_query, dtype=np.float64)
    n_train = X_train.shape[0]
    k = min(int(k), n_train)
    train_sq = np.einsum("ij,ij->i", X_train, X_train)
    out = np.empty((X_query.shape[0], k), dtype=np.intp)
    for start in range(0, X_query.shape[0], _BLOCK_ROWS):
        q = X_query[start:start + _BLOCK_ROWS]
        d2 = np.einsum("ij,ij->i", q, q)[:, None] - 2.0 * (q @ X_train.T) + train_sq[None, :]
        # Rounding can make a point's distance to itself slightly negative or positive;
        # clipping at 0 keeps exact duplicates tied (then broken by index).
        np.maximum(d2, 0.0, out=d2)
        if k < n_train:
            cand = np.argpartition(d2, k - 1, axis=1)[:, :k]
            cand_d = np.take_along_axis(d2, cand, axis=1)
            # Order the k candidates by (distance, index).
            order = np.lexsort((cand, cand_d), axis=1)
            block = np.take_along_axis(cand, order, axis=1)
            # argpartition picks arbitrarily among points tied at the k-th distance; redo
            # those (rare) rows exactly so ties always go to the lowest training index.
            kth = cand_d.max(axis=1)
            ambiguous = np.flatnonzero((d2 <= kth[:, None]).sum(axis=1) > k)
            for r in ambiguous:
                sel = np.flatnonzero(d2[r] <= kth[r])
                block[r] = sel[np.lexsort((sel, d2[r, sel]))[:k]]
            out[start:start + q.shape[0]] = block
        else:
            out[start:start + q.shape[0]] = np.argsort(d2, axis=1, kind="stable")[:, :k]
    return out


def weighted_vote(table: np.ndarray, y_codes: np.ndarray, weights: np.ndarray,
                  n_classes: int) -> np.ndarray:
    """Class scores (n_query, n_classes): sum of the weights of the neighbours of each class."""
    w = weights[table]                      # (n_query, k)
    labels = y_codes[table]                 # (n_query, k)
    scores = np.zeros((table.shape[0], n_classes))
    rows = np.repeat(np.arange(table.shape[0]), table.shape[1])
    np.add.at(scores, (rows, labels.ravel()), w.ravel())
    return scores


def weighted_knn_predict(table: np.ndarray, y_codes: np.ndarray, weights: np.ndarray,
                         n_classes: int) -> np.ndarray:
    """Predicted class codes: arg-max of :func:`weighted_vote`, ties to the lowest code.

    Weights are scaled to sum to n as in the authors' code; the scale does not change the
    arg-max but keeps the scores in the code's units.
    """
    weights = np.asarray(weights, dtype=np.float64)
    total = weights.sum()
    if total > 0:
        weights = weights * (weights.size / total)
    scores = weighted_vote(table, y_codes, weights, n_classes)
    # np.argmax returns the first maximum: ties go to the first label (classes_ order).
    return np.argmax(scores, axis=1)
