"""Near-Bayesian support vector machine (NBSVM) of Datta & Das (Neural Networks 70, 2015)."""

from __future__ import annotations

import numbers

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.svm import SVC
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted, validate_data

from ._decided import Decided


class NBSVM(ClassifierMixin, BaseEstimator):
    r"""Near-Bayesian SVM: prior-dependent margins and costs, one-vs-all for many classes.

    **What the paper and the authors' code compute.** Two classes, labels :math:`\pm1`,
    :math:`p_i = n_{y_i}/n`. The dual is

    .. math::  \max_\alpha \sum_i p_i\alpha_i - \tfrac12\sum_{ij}\alpha_i\alpha_j y_i y_j
               K(x_i,x_j) \quad\text{s.t.}\quad 0\le\alpha_i\le C/p_i,\ \sum_i y_i\alpha_i=0,

    equivalently the primal :math:`\min \tfrac12\|w\|^2+\sum_i (C/p_i)\xi_i` with
    :math:`y_i(w\cdot\phi(x_i)+b)\ge p_i-\xi_i`: the minority class gets a smaller margin
    target and a larger penalty. The decision function is
    :math:`f(x)=\sum_i\alpha_i y_i K(x_i,x)+b`, prediction :math:`\operatorname{sign} f`.
    Kernel (one code parameter :math:`\sigma`): RBF :math:`\exp(-\|u-v\|^2/(2\sigma^2))`,
    or linear (the code's :math:`\sigma=-1`). Unequal costs :math:`w_j`: :math:`p_j\propto
    n_j w_j`, normalised to sum to 1, box constraints unchanged. More than two classes: one
    binary NBSVM per class (class vs rest, :math:`p=n_j/n` against :math:`1-n_j/n`), predict
    the arg-max of the decision values.

    **How it is solved here (exact reduction, derived).** Because :math:`\sum_i y_i\alpha_i
    =0` and :math:`p_++p_-=1`, the linear term equals :math:`\tfrac12\sum_i\alpha_i`, so
    :math:`\beta=2\alpha` solves an ordinary C-SVM dual with per-class bounds
    :math:`2C\,n/n_j`. We fit libsvm (:class:`sklearn.svm.SVC`) with ``C=2C`` and
    ``class_weight={j: n/n_j}`` and obtain :math:`\alpha=\beta/2`. The KKT conditions of the
    free support vectors (:math:`y_i f(x_i)=p_i` here, :math:`y_i g(x_i)=1` for the C-SVM
    decision :math:`g`) give :math:`f(x)=\tfrac12\,(g(x)+p_+-p_-)`, which
    :meth:`decision_function` returns. The test-suite checks :math:`\alpha` and :math:`f`
    against a direct solve of the NBSVM dual.

    **Choices made here.** ``sigma="scale"`` (the default) sets :math:`\sigma` from the data
    like scikit-learn's ``gamma="scale"`` (:math:`2\sigma^2 = d\cdot\operatorname{Var}(X)`);
    the code has no default and the paper's values are in an unavailable supplementary, so
    tune ``C`` and ``sigma`` inside the training folds. Decision values of 0 predict
    ``classes_[0]``. libsvm's bias, when no support vector is free, is the midpoint of its
    feasible interval; the shift above is applied to it unchanged.

    **Where the authors' code differs (docs/classifiers.md).** Its SMO solver stops early,
    once at most 5 % of the points violate the KKT conditions; libsvm here solves to
    ``tol``. The same predictions result on the cases compared; decision values can differ
    slightly.

    Parameters
    ----------
    C : float, default=1.0
        Cost parameter of the NBSVM dual (box :math:`C/p_i`).
    kernel : {"rbf", "linear"}, default="rbf"
    sigma : float or "scale", default="scale"
        RBF width; ``gamma = 1/(2 sigma^2)``. Ignored for the linear kernel.
    class_cost : dict or None, default=None
        Unequal-cost variant: ``{label: w_j}``; missing labels get cost 1. Only the priors
        :math:`p_j\propto n_j w_j` change (hence the bias shift), as in the code.
    tol : float, default=1e-3
        libsvm stopping tolerance.
    max_iter : int, default=-1
        libsvm iteration limit (-1: none).

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    priors_ : ndarray of shape (n_classes,)
        :math:`p_j` (after costs) of each class, summing to 1.
    estimators_ : list of SVC
        One fitted C-SVM for two classes; one per class (class vs rest) otherwise.
    shifts_ : ndarray
        The bias shift :math:`p_+-p_-` of each binary machine.
    dual_coef_ : ndarray (two classes only)
        :math:`\alpha_i y_i` of the NBSVM dual for the support vectors ``support_``
        (sign: positive for ``classes_[1]``).
    support_ : ndarray (two classes only)
    intercept_ : float (two classes only)
        The NBSVM bias :math:`b`.
    n_iter_ : ndarray
        libsvm iterations of each binary machine.
    """

    def __init__(self, C=1.0, kernel="rbf", sigma="scale", class_cost=None, tol=1e-3,
                 max_iter=-1):
        self.C = C
        self.kernel = kernel
        self.sigma = sigma
        self.class_cost = class_cost
        self.tol = tol
        self.max_iter = max_iter

    def _validate_params_local(self):
        if not isinstance(self.C, numbers.Real) or not self.C > 0:
            raise ValueError(f"NBSVM: C must be a positive number, got {self.C!r}")
        if self.kernel not in ("rbf", "linear"):
            raise ValueError(f"NBSVM: kernel must be 'rbf' or 'linear', got {self.kernel!r}")
        if self.kernel == "rbf" and not (
            self.sigma == "scale" or (isinstance(self.sigma, numbers.Real) and self.sigma > 0)
        ):
            raise ValueError(f"NBSVM: sigma must be a positive number or 'scale', "
                             f"got {self.sigma!r}")

    def _gamma(self, X):
        if self.kernel == "linear":
            return "scale"  # unused by libsvm's linear kernel
        if self.sigma == "scale":
            var = X.var()
            return 1.0 / (X.shape[1] * var) if var > 0 else 1.0
        return 1.0 / (2.0 * float(self.sigma) ** 2)

    def _costs(self):
        costs = np.ones(len(self.classes_))
        if self.class_cost:
            unknown = set(self.class_cost) - set(self.classes_.tolist())
            if unknown:
                raise ValueError(f"NBSVM: class_cost names unknown labels {sorted(unknown)!r}; "
                                 f"classes are {self.classes_.tolist()!r}")
            for j, label in enumerate(self.classes_):
                if label in self.class_cost:
                    costs[j] = float(self.class_cost[label])
            if np.any(costs <= 0):
                raise ValueError("NBSVM: class_cost values must be positive")
        return costs

    def _prepare(self, X, y):
        """Validate; set ``classes_``, ``gamma_``; return (X, y_codes, counts, costs)."""
        self._validate_params_local()
        X, y = validate_data(self, X, y, dtype=np.float64)
        check_classification_targets(y)
        self.classes_, y_codes = np.unique(y, return_inverse=True)
        if self.classes_.size < 2:
            raise ValueError("NBSVM needs samples of at least 2 classes in the data, "
                             f"but the data contain only one class: {self.classes_[0]!r}")
        counts = np.bincount(y_codes, minlength=self.classes_.size).astype(float)
        self.gamma_ = self._gamma(X)
        return X, y_codes, counts, self._costs()

    def _machines(self, y_codes, counts, costs, fit_binary):
        """Fit the binary machine(s) with ``fit_binary(targets, prior_pos) -> svc, shift``."""
        self.estimators_, shifts = [], []
        if self.classes_.size == 2:
            weighted = counts * costs
            self.priors_ = weighted / weighted.sum()
            svc, shift = fit_binary(y_codes, self.priors_[1])
            self.estimators_.append(svc)
            shifts.append(shift)
            # NBSVM dual variables: alpha = beta / 2; libsvm's dual_coef_ = beta_i * y_i
            # with y = +1 for classes_[1].
            self.dual_coef_ = svc.dual_coef_[0] / 2.0
            self.support_ = svc.support_
            self.intercept_ = 0.5 * (svc.intercept_[0] + shift)
        else:
            self.priors_ = counts / counts.sum()
            for j in range(self.classes_.size):
                # class vs rest, p = n_j w_j / (n_j w_j + (n - n_j)) (costs on the target).
                pos = counts[j] * costs[j]
                prior = pos / (pos + counts.sum() - counts[j])
                svc, shift = fit_binary((y_codes == j).astype(int), prior)
                self.estimators_.append(svc)
                shifts.append(shift)
        self.shifts_ = np.asarray(shifts)
        # libsvm iterations of each binary machine (scikit-learn's convention for
        # estimators with max_iter).
        self.n_iter_ = np.concatenate([svc.n_iter_ for svc in self.estimators_])

    def _svc(self, t, kernel, gamma, cache_size=200):
        n = t.size
        n_pos = int(t.sum())
        weights = {0: n / (n - n_pos), 1: n / n_pos}
        return SVC(C=2.0 * self.C, kernel=kernel, gamma=gamma, class_weight=weights,
                   tol=self.tol, max_iter=self.max_iter, shrinking=True,
                   cache_size=cache_size)

    def _fit_kernel(self, K, y_codes, counts, costs):
        """Fit every machine on the precomputed training kernel ``K`` (n x n, shared)."""
        def fit_binary(t, prior_pos):
            svc = self._svc(t, "precomputed", "scale").fit(K, t)
            return svc, prior_pos - (1.0 - prior_pos)
        self._machines(y_codes, counts, costs, fit_binary)
        # One coefficient matrix over the union of all machines' support vectors, so that
        # a test kernel is computed once and every machine's decision is one product.
        sv = np.unique(np.concatenate([svc.support_ for svc in self.estimators_]))
        W = np.zeros((sv.size, len(self.estimators_)))
        for m, svc in enumerate(self.estimators_):
            W[np.searchsorted(sv, svc.support_), m] = svc.dual_coef_[0]
        self._sv_index = sv
        self._sv_coef = W
        self._sv_intercept = np.array([svc.intercept_[0] for svc in self.estimators_])

    def _decision_from_kernel(self, K_sv):
        """Decision values from the kernel between queries and the support-vector union."""
        g = K_sv @ self._sv_coef + self._sv_intercept
        f = 0.5 * (g + self.shifts_)
        return f[:, 0] if f.shape[1] == 1 else f

    def fit(self, X, y):
        """Fit one NBSVM machine (two classes) or one per class (class vs rest).

        The training kernel is computed once and shared by every machine when it fits in
        ``GRAM_MAX_BYTES``; otherwise libsvm computes kernel rows itself. Returns ``self``.
        """
        X, y_codes, counts, costs = self._prepare(X, y)
        n = X.shape[0]
        if n * n * 8 <= GRAM_MAX_BYTES:
            # The kernel of the training set once (BLAS), shared by every machine.
            K = kernel_from_base(base_matrix(X, None, self.kernel), self.kernel, self.gamma_)
            self._fit_kernel(K, y_codes, counts, costs)
            self.support_vectors_X_ = X[self._sv_index]
        else:
            # Too large to hold: libsvm computes kernel rows itself. A cache that holds
            # every row (float32) when it fits in memory gives the same solution faster.
            cache = float(min(max(200.0, n * n * 4 / 2 ** 20 + 1), CACHE_MAX_MB))

            def fit_binary(t, prior_pos):
                svc = self._svc(t, self.kernel, self.gamma_, cache).fit(X, t)
                return svc, prior_pos - (1.0 - prior_pos)
            self._machines(y_codes, counts, costs, fit_binary)
            self._sv_index = None
        return self

    def decision_function(self, X):
        """NBSVM decision values f(x): shape (n,) for two classes (positive means
        ``classes_[1]``), (n, n_classes) otherwise (class-vs-rest machines)."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        if self._sv_index is not None:
            K = kernel_from_base(base_matrix(X, self.support_vectors_X_, self.kernel),
                                 self.kernel, self.gamma_)
            return self._decision_from_kernel(K)
        cols = [0.5 * (svc.decision_function(X) + s)
                for svc, s in zip(self.estimators_, self.shifts_)]
        if len(cols) == 1:
            return cols[0]
        return np.column_stack(cols)

    def predict(self, X):
        """``classes_[1]`` where f(x) > 0 for two classes, else the arg-max machine."""
        return self._predict_from_decision(self.decision_function(X))

    def _predict_from_decision(self, f):
        if f.ndim == 1:
            return self.classes_[(f > 0).astype(int)]
        return self.classes_[np.argmax(f, axis=1)]

    def _shared_grid_search(self, candidates, X, y, splits, scorer, choose):
        """Grid search over ``candidates`` on the inner ``splits`` with one kernel base.

        Called by :func:`imbeval_repro.experiment.classifiers.tune` (same splits, scorer and choice rule as
        its :class:`~sklearn.model_selection.GridSearchCV` path). The squared distances
        (RBF) or inner products (linear) of the training set (X, y) are computed once by
        BLAS; every inner fold's training and test kernels are sub-blocks of them (with
        the fold's own gamma, as a direct fit on the fold computes it), shared by every
        candidate with that kernel and gamma and by every one-vs-rest machine; the refit
        of the chosen candidate reuses them again. Returns ``(best_estimator,
        fold_scores)`` or ``None`` when the kernel matrices would not fit in
        :data:`GRAM_MAX_BYTES` (the caller then uses the plain grid search).
        """
        X = np.asarray(X, dtype=np.float64) if not hasattr(X, "tocsr") else None
        if X is None or X.ndim != 2:
            return None
        y = np.asarray(y)
        n = X.shape[0]
        ests = [clone(self).set_params(**params) for params in candidates]
        for est in ests:
            est._validate_params_local()
        kernels = sorted({est.kernel for est in ests})
        # Bases of the training set, plus one fold's training and test kernels.
        if (len(kernels) + 1.0) * n * n * 8 > GRAM_MAX_BYTES:
            return None
        bases = {k: base_matrix(X, None, k) for k in kernels}
        scores = np.empty((len(ests), len(splits)))
        for s, (tr, te) in enumerate(splits):
            X_tr, X_te = X[tr], X[te]
            groups = {}
            for i, est in enumerate(ests):
                groups.setdefault((est.kernel, est._gamma(X_tr)), []).append(i)
            for (kernel, gamma), members in groups.items():
                base = bases[kernel]
                K_tr = kernel_from_base(base[np.ix_(tr, tr)], kernel, gamma)
                K_te = kernel_from_base(base[np.ix_(te, tr)], kernel, gamma)
                for i in members:
                    fitted = clone(ests[i])._fit_from_kernel(X_tr, y[tr], K_tr)
                    f = fitted._decision_from_kernel(K_te[:, fitted._sv_index])
                    decided = Decided(fitted.classes_, X_te,
                                      fitted._predict_from_decision(f), f)
                    scores[i, s] = scorer(decided, X_te, y[te])
                del K_tr, K_te
        best = choose(scores)
        est = clone(ests[best])
        base = bases.pop(est.kernel)
        bases.clear()
        est._prepare(X, y)
        # The refit's kernel, in place of its base (no longer needed).
        K = kernel_from_base(base, est.kernel, est.gamma_, out=base)
        est._fit_from_kernel(X, y, K)
        est.support_vectors_X_ = X[est._sv_index]
        return est, scores

    def _fit_from_kernel(self, X, y, K):
        """``fit(X, y)`` with the training kernel ``K`` already computed (for X and the
        gamma this estimator derives from X)."""
        X, y_codes, counts, costs = self._prepare(X, y)
        self._fit_kernel(K, y_codes, counts, costs)
        return self


#: Largest kernel storage (bytes) the precomputed-kernel path may use: one n x n float64
#: matrix for ``fit``, the training set's base plus one fold's kernels for the shared
#: grid search. Above it, libsvm computes kernel rows itself (today's path). At the paper's
#: largest outer training fold (17,708 points) the grid search needs about 4.2 GB.
GRAM_MAX_BYTES = 8 * 2 ** 30
#: Largest libsvm kernel cache (MB) of the direct path.
CACHE_MAX_MB = 4096.0
# Query rows per block of the distance products: bounds the temporaries.
_BLOCK_ROWS = 2048


def base_matrix(A, B, kernel):
    """Kernel base between rows of A and B (B None: A with itself, symmetric).

    RBF: squared Euclidean distances ``|a|^2 + |b|^2 - 2 a.b``, clipped at 0 (the formula
    libsvm uses for training kernels), the diagonal of A with itself exactly 0. Linear:
    inner products. Blocked BLAS products in float64; for A with itself only the blocks on
    and above the diagonal are computed and mirrored (half the work, exactly symmetric).
    """
    A = np.ascontiguousarray(A, dtype=np.float64)
    sym = B is None
    B = A if sym else np.ascontiguousarray(B, dtype=np.float64)
    rbf = kernel == "rbf"
    out = np.empty((A.shape[0], B.shape[0]))
    a_sq = np.einsum("ij,ij->i", A, A) if rbf else None
    b_sq = a_sq if sym else (np.einsum("ij,ij->i", B, B) if rbf else None)
    for start in range(0, A.shape[0], _BLOCK_ROWS):
        stop = min(start + _BLOCK_ROWS, A.shape[0])
        cols = slice(start, None) if sym else slice(None)
        block = out[start:stop, cols]
        np.matmul(A[start:stop], B[cols].T, out=block)
        if rbf:
            block *= -2.0
            block += a_sq[start:stop, None]
            block += b_sq[None, cols]
            np.maximum(block, 0.0, out=block)
    if sym:
        # Mirror: the blocks left of each diagonal block were never written. Within a
        # diagonal block the product is computed whole; make it exactly symmetric too.
        for start in range(0, A.shape[0], _BLOCK_ROWS):
            stop = min(start + _BLOCK_ROWS, A.shape[0])
            out[start:stop, :start] = out[:start, start:stop].T
            diag = out[start:stop, start:stop]
            diag[np.tril_indices(stop - start, -1)] = diag.T[np.tril_indices(stop - start, -1)]
        if rbf:
            np.fill_diagonal(out, 0.0)
    return out


def kernel_from_base(base, kernel, gamma, out=None):
    """RBF ``exp(-gamma * D2)`` from squared distances; linear: the inner products."""
    if kernel == "linear":
        return base
    if out is None:
        out = np.empty_like(base)
    np.multiply(base, -float(gamma), out=out)
    return np.exp(out, out=out)
