"""Near-Bayesian support vector machine (NBSVM) of Datta & Das (Neural Networks 70, 2015)."""

from __future__ import annotations

import numbers

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.svm import SVC
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted, validate_data


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

    def _fit_binary(self, X, t, prior_pos, gamma):
        """C-SVM for targets t in {0, 1}; returns (svc, shift) with shift = p+ - p-."""
        n = t.size
        n_pos = int(t.sum())
        weights = {0: n / (n - n_pos), 1: n / n_pos}
        svc = SVC(C=2.0 * self.C, kernel=self.kernel, gamma=gamma, class_weight=weights,
                  tol=self.tol, max_iter=self.max_iter, shrinking=True)
        svc.fit(X, t)
        return svc, prior_pos - (1.0 - prior_pos)

    def fit(self, X, y):
        self._validate_params_local()
        X, y = validate_data(self, X, y, dtype=np.float64)
        check_classification_targets(y)
        self.classes_, y_codes = np.unique(y, return_inverse=True)
        if self.classes_.size < 2:
            raise ValueError("NBSVM needs samples of at least 2 classes in the data, "
                             f"but the data contain only one class: {self.classes_[0]!r}")
        counts = np.bincount(y_codes, minlength=self.classes_.size).astype(float)
        gamma = self._gamma(X)
        self.gamma_ = gamma
        costs = self._costs()
        self.estimators_, shifts = [], []
        if self.classes_.size == 2:
            weighted = counts * costs
            self.priors_ = weighted / weighted.sum()
            svc, shift = self._fit_binary(X, y_codes, self.priors_[1], gamma)
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
                svc, shift = self._fit_binary(X, (y_codes == j).astype(int), prior, gamma)
                self.estimators_.append(svc)
                shifts.append(shift)
        self.shifts_ = np.asarray(shifts)
        # libsvm iterations of each binary machine (scikit-learn's convention for
        # estimators with max_iter).
        self.n_iter_ = np.concatenate([svc.n_iter_ for svc in self.estimators_])
        return self

    def decision_function(self, X):
        """NBSVM decision values f(x): shape (n,) for two classes (positive means
        ``classes_[1]``), (n, n_classes) otherwise (class-vs-rest machines)."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        cols = [0.5 * (svc.decision_function(X) + s)
                for svc, s in zip(self.estimators_, self.shifts_)]
        if len(cols) == 1:
            return cols[0]
        return np.column_stack(cols)

    def predict(self, X):
        f = self.decision_function(X)
        if f.ndim == 1:
            return self.classes_[(f > 0).astype(int)]
        return self.classes_[np.argmax(f, axis=1)]
