"""NBSVM equals its definition (a direct solve of its dual) and behaves as documented."""

import numpy as np
import pytest
from scipy.optimize import minimize
from scipy.spatial.distance import cdist

from imbeval_repro.experiment.classifiers import NBSVM


def _problem(seed=0, n_pos=8, n_neg=24, d=2):
    rng = np.random.default_rng(seed)
    X = np.vstack([rng.normal(0.0, 1.0, (n_neg, d)), rng.normal(1.2, 1.0, (n_pos, d))])
    y = np.array([0] * n_neg + [1] * n_pos)
    return X, y


def _kernel(A, B, kernel, sigma):
    if kernel == "linear":
        return A @ B.T
    return np.exp(-cdist(A, B, "sqeuclidean") / (2.0 * sigma ** 2))


def _direct_nbsvm(X, y01, C, kernel, sigma, priors):
    """Solve the NBSVM dual of Datta & Das by a generic solver (SLSQP), independently of
    libsvm: max sum p_i a_i - 1/2 a'Qa, 0 <= a_i <= C/p_i, sum y_i a_i = 0."""
    y = np.where(y01 == 1, 1.0, -1.0)
    n = y.size
    counts = np.array([(y01 == 0).sum(), (y01 == 1).sum()], float)
    p = priors[y01]
    upper = C * n / counts[y01]          # C / p_i with p_i = n_{y_i}/n
    Q = (y[:, None] * y[None, :]) * _kernel(X, X, kernel, sigma)
    res = minimize(lambda a: 0.5 * a @ Q @ a - p @ a, np.zeros(n), jac=lambda a: Q @ a - p,
                   bounds=list(zip(np.zeros(n), upper)),
                   constraints=[{"type": "eq", "fun": lambda a: y @ a, "jac": lambda a: y}],
                   method="SLSQP", options={"ftol": 1e-14, "maxiter": 2000})
    assert res.success, res.message
    a = res.x
    Kx = _kernel(X, X, kernel, sigma)
    # bias from the KKT conditions of the free support vectors: y_i f(x_i) = p_i
    free = (a > 1e-6) & (a < upper - 1e-6)
    assert free.any()
    b = np.mean(p[free] * y[free] - (a * y) @ Kx[:, free])
    return a, b, upper


@pytest.mark.parametrize("kernel,sigma,C", [("rbf", 1.0, 0.5), ("rbf", 0.7, 2.0),
                                            ("linear", "scale", 0.3)])
def test_dual_and_decision_values_match_direct_solve(kernel, sigma, C):
    X, y = _problem()
    model = NBSVM(C=C, kernel=kernel, sigma=sigma, tol=1e-10).fit(X, y)
    priors = np.array([24, 8]) / 32
    np.testing.assert_allclose(model.priors_, priors)
    a, b, upper = _direct_nbsvm(X, y, C, kernel, sigma if kernel == "rbf" else None, priors)
    # Some multipliers sit at the (class-dependent) upper bound, some are free: the box
    # constraints C/p_i are exercised.
    assert np.any(np.isclose(a, upper, atol=1e-6))
    alpha = np.zeros(y.size)
    alpha[model.support_] = np.abs(model.dual_coef_)
    if kernel == "rbf":  # strictly convex dual: unique alpha
        np.testing.assert_allclose(alpha, a, atol=1e-4)
    X_test = np.random.default_rng(1).normal(0.5, 1.5, (50, 2))
    f_direct = (a * np.where(y == 1, 1.0, -1.0)) @ _kernel(
        X, X_test, kernel, sigma if kernel == "rbf" else None) + b
    np.testing.assert_allclose(model.decision_function(X_test), f_direct, atol=1e-4)
    np.testing.assert_allclose(model.intercept_, b, atol=1e-4)


def test_decision_is_half_the_shifted_weighted_svm():
    """The NBSVM decision is 1/2 (g + p+ - p-), g the C-SVM with costs 2C n/n_j. For a
    minority positive class the shift is negative: the prior-dependent margins move the
    boundary towards the minority (Bayes-like), the costs 2C n/n_j push it back."""
    X, y = _problem(seed=3, n_pos=6, n_neg=30)
    m = NBSVM(C=1.0, sigma=1.0).fit(X, y)
    svc = m.estimators_[0]
    np.testing.assert_allclose(svc.C, 2.0)
    np.testing.assert_allclose(svc.class_weight[1] / svc.class_weight[0], 30 / 6)
    np.testing.assert_allclose(m.shifts_[0], 6 / 36 - 30 / 36)
    # The machines are fitted on the precomputed training kernel (gamma = 1/(2 sigma^2)).
    assert svc.kernel == "precomputed"
    K = _kernel(X, X, "rbf", 1.0)
    np.testing.assert_allclose(m.decision_function(X),
                               0.5 * (svc.decision_function(K) + m.shifts_[0]), atol=1e-12)


def test_unequal_costs_only_shift_the_bias():
    X, y = _problem(seed=4)
    plain = NBSVM(C=1.0, sigma=1.0, tol=1e-8).fit(X, y)
    costly = NBSVM(C=1.0, sigma=1.0, tol=1e-8, class_cost={1: 3.0}).fit(X, y)
    p = np.array([24, 8 * 3.0]) / (24 + 24.0)
    np.testing.assert_allclose(costly.priors_, p)
    diff = costly.decision_function(X) - plain.decision_function(X)
    np.testing.assert_allclose(diff, 0.5 * ((p[1] - p[0]) - (8 - 24) / 32), atol=1e-8)
    # More weight on the positive class can only move predictions towards it.
    assert (costly.predict(X) == 1).sum() >= (plain.predict(X) == 1).sum()
    with pytest.raises(ValueError, match="unknown labels"):
        NBSVM(class_cost={7: 2.0}).fit(X, y)


def test_multiclass_one_vs_all_argmax():
    rng = np.random.default_rng(5)
    centres = np.array([[0, 0], [3, 0], [0, 3]])
    sizes = [60, 20, 8]
    X = np.vstack([rng.normal(c, 0.8, (s, 2)) for c, s in zip(centres, sizes)])
    y = np.repeat(np.array(["a", "b", "c"]), sizes)
    m = NBSVM(C=1.0, sigma=1.0).fit(X, y)
    f = m.decision_function(X)
    assert f.shape == (X.shape[0], 3)
    # each column is the binary NBSVM of class j vs rest with p = n_j / n
    for j, (s, label) in enumerate(zip(sizes, "abc")):
        binary = NBSVM(C=1.0, sigma=1.0).fit(X, (y == label).astype(int))
        np.testing.assert_allclose(f[:, j], binary.decision_function(X), atol=1e-8)
        np.testing.assert_allclose(binary.priors_[1], s / sum(sizes))
    np.testing.assert_array_equal(m.predict(X), m.classes_[np.argmax(f, axis=1)])
    assert (m.predict(X) == y).mean() > 0.9


def test_parameter_errors_name_the_parameter():
    X, y = _problem()
    with pytest.raises(ValueError, match="kernel"):
        NBSVM(kernel="poly").fit(X, y)
    with pytest.raises(ValueError, match="sigma"):
        NBSVM(sigma=-1.0).fit(X, y)
    with pytest.raises(ValueError, match="C must"):
        NBSVM(C=0).fit(X, y)


# --- The precomputed kernel (BLAS, shared by every machine) against libsvm's own kernel ---

def _random_problem(seed, sizes, d=6, n_test=80):
    """Overlapping Gaussian classes (many support vectors, bounded and free)."""
    rng = np.random.default_rng(seed)
    centres = rng.normal(0.0, 1.0, (len(sizes), d))
    X = np.vstack([rng.normal(c, 1.3, (s, d)) for c, s in zip(centres, sizes)])
    y = np.repeat(np.arange(len(sizes)), sizes)
    X_test = rng.normal(0.0, 1.8, (n_test, d))
    return X, y, X_test


def _direct(monkeypatch):
    """Force today's path: libsvm computes the kernel itself from X."""
    from imbeval_repro.experiment.classifiers import nbsvm as mod
    monkeypatch.setattr(mod, "GRAM_MAX_BYTES", 0)


@pytest.mark.parametrize("sizes", [(70, 12), (50, 25, 9, 6)])
@pytest.mark.parametrize("kernel,sigma,C", [("rbf", "scale", 1.0), ("rbf", 0.9, 10.0),
                                            ("linear", "scale", 0.3)])
def test_precomputed_kernel_equals_direct_fit(monkeypatch, sizes, kernel, sigma, C):
    X, y, X_test = _random_problem(11 + len(sizes), sizes)
    shared = NBSVM(C=C, kernel=kernel, sigma=sigma).fit(X, y)
    assert all(svc.kernel == "precomputed" for svc in shared.estimators_)
    with monkeypatch.context() as mp:
        _direct(mp)
        direct = NBSVM(C=C, kernel=kernel, sigma=sigma).fit(X, y)
    assert all(svc.kernel == kernel for svc in direct.estimators_)
    assert len(shared.estimators_) == (1 if len(sizes) == 2 else len(sizes))
    np.testing.assert_array_equal(shared.predict(X_test), direct.predict(X_test))
    np.testing.assert_array_equal(shared.predict(X), direct.predict(X))
    # Same libsvm problem up to the last bits of the kernel values: same support vectors,
    # decision values equal far below the solver tolerance (1e-3).
    for a, b in zip(shared.estimators_, direct.estimators_):
        np.testing.assert_array_equal(a.support_, b.support_)
    np.testing.assert_allclose(shared.decision_function(X_test),
                               direct.decision_function(X_test), atol=1e-6)
    assert shared.gamma_ == direct.gamma_


def test_kernel_base_blocks_are_exact_and_symmetric(monkeypatch):
    from imbeval_repro.experiment.classifiers import nbsvm as mod
    rng = np.random.default_rng(2)
    A, B = rng.normal(size=(23, 5)), rng.normal(size=(9, 5))
    monkeypatch.setattr(mod, "_BLOCK_ROWS", 4)     # several blocks, a ragged last one
    D = mod.base_matrix(A, None, "rbf")
    np.testing.assert_array_equal(D, D.T)
    np.testing.assert_array_equal(np.diag(D), 0.0)
    np.testing.assert_allclose(D, cdist(A, A, "sqeuclidean"), atol=1e-12)
    np.testing.assert_allclose(mod.base_matrix(B, A, "rbf"), cdist(B, A, "sqeuclidean"),
                               atol=1e-12)
    G = mod.base_matrix(A, None, "linear")
    np.testing.assert_array_equal(G, G.T)
    np.testing.assert_allclose(G, A @ A.T, atol=1e-12)
    np.testing.assert_allclose(mod.kernel_from_base(D, "rbf", 0.3), np.exp(-0.3 * D))


@pytest.mark.parametrize("sizes,grid", [
    ((90, 15), {"C": [0.01, 0.1, 1.0, 10.0], "sigma": ["scale", 1.5]}),
    ((60, 30, 14, 9), {"C": [0.1, 1.0, 100.0]}),
    ((60, 30, 14), {"kernel": ["linear", "rbf"], "C": [0.05, 5.0]}),
])
def test_shared_grid_search_equals_gridsearchcv(monkeypatch, sizes, grid):
    """tune() with the shared kernel base chooses, fits and predicts as GridSearchCV over
    direct fits (today's path): same candidate, same predictions, decisions within
    solver tolerance. 'scale' gives every inner fold its own gamma, as a direct fit."""
    from imbeval_repro.experiment.classifiers import tune
    from imbeval_repro.experiment.classifiers import tuning

    X, y, X_test = _random_problem(21 + len(sizes), sizes)
    calls = []
    original = NBSVM._shared_grid_search

    def spy(self, *args):
        out = original(self, *args)
        calls.append(out is not None)
        return out

    monkeypatch.setattr(NBSVM, "_shared_grid_search", spy)
    est, chosen = tune(NBSVM(), grid, X, y, inner_folds=3, random_state=5)
    assert calls == [True]
    assert est.estimators_[0].kernel == "precomputed"
    with monkeypatch.context() as mp:
        _direct(mp)   # shared search declines (too large), fits compute kernels in libsvm
        ref, ref_chosen = tune(NBSVM(), grid, X, y, inner_folds=3, random_state=5)
    assert calls == [True, False]
    assert ref.estimators_[0].kernel != "precomputed"
    assert chosen == ref_chosen
    np.testing.assert_array_equal(est.predict(X_test), ref.predict(X_test))
    np.testing.assert_allclose(est.decision_function(X_test),
                               ref.decision_function(X_test), atol=1e-6)
    # The fold scores are GridSearchCV's: recompute them from its cv_results_.
    from sklearn.model_selection import GridSearchCV, StratifiedKFold
    cv = StratifiedKFold(3, shuffle=True, random_state=5)
    with monkeypatch.context() as mp:
        _direct(mp)
        search = GridSearchCV(NBSVM(), grid, scoring="balanced_accuracy", cv=cv).fit(X, y)
    splits = list(cv.split(X, y))
    from sklearn.metrics import check_scoring
    from sklearn.model_selection import ParameterGrid
    scores = NBSVM()._shared_grid_search(list(ParameterGrid(grid)), X, y, splits,
                                         check_scoring(NBSVM(), "balanced_accuracy"),
                                         tuning._first_best)[1]
    expected = np.column_stack([search.cv_results_[f"split{i}_test_score"] for i in range(3)])
    np.testing.assert_array_equal(scores, expected)
    assert tuning._first_best(scores) == search.best_index_


def test_first_best_breaks_ties_like_gridsearchcv():
    from imbeval_repro.experiment.classifiers.tuning import _first_best
    assert _first_best([[0.5, 0.7], [0.7, 0.5], [0.6, 0.6]]) == 0   # equal means: first
    assert _first_best([[0.5, 0.5], [0.9, 0.8], [0.9, 0.8]]) == 1
    assert _first_best([[np.nan, 0.5], [0.1, 0.2]]) == 1
    assert _first_best([[np.nan], [np.nan]]) == 0
