"""LexiBoost / Dual-LexiBoost: the LPs against their closed forms, the weighted-kNN base
learner against a brute-force reference, and the Dual-LexiBoost stopping rule."""

import numpy as np
import pytest
from scipy.spatial.distance import cdist

from imbeval_repro.experiment.classifiers import DualLexiBoost, LexiBoost
from imbeval_repro.experiment.classifiers import lexi_lp
from imbeval_repro.experiment.classifiers.knn_base import neighbour_table, weighted_knn_predict


def _class_means(U, codes):
    return np.vstack([U[codes == j].mean(axis=0) for j in range(codes.max() + 1)])


def test_stage2_matches_hand_solved_table():
    # Learner 1 is right on all of class 0 and on 1 of 4 points of class 1; learner 2 on 2
    # of 4 of class 0 and all of class 1: e = [[1, 0], [-0.5, 1]]. By hand: L* = 0, and
    # with alpha = (a, 1-a) the per-class excesses are 1 - a and 1.5 a, equal at a = 0.4:
    # alpha = (0.4, 0.6), z = 0.6.
    codes = np.array([0, 0, 0, 0, 1, 1, 1, 1])
    U = np.array([[1, 1], [1, 1], [1, -1], [1, -1],
                  [1, 1], [-1, 1], [-1, 1], [-1, 1]], dtype=float)
    losses = lexi_lp.stage1(U, codes, 2)
    np.testing.assert_allclose(losses, [0.0, 0.0], atol=1e-9)
    alpha, z, _, _ = lexi_lp.stage2(U, codes, losses)
    np.testing.assert_allclose(alpha, [0.4, 0.6], atol=1e-7)
    np.testing.assert_allclose(z, 0.6, atol=1e-7)


@pytest.mark.parametrize("seed", range(5))
def test_stage1_and_stage2_match_closed_form_on_random_tables(seed):
    rng = np.random.default_rng(seed)
    K, T = 3, 4
    codes = np.repeat(np.arange(K), [9, 5, 3])
    U = np.where(rng.random((codes.size, T)) < 0.7, 1.0, -1.0)
    e = _class_means(U, codes)
    losses = lexi_lp.stage1(U, codes, K)
    # L_j* = n_j (1 - max_s e_js)  (derived: xi_i = 1 - margin_i for +-1 outputs)
    np.testing.assert_allclose(losses, np.bincount(codes) * (1 - e.max(axis=1)), atol=1e-8)
    alpha, z, _, _ = lexi_lp.stage2(U, codes, losses)
    assert np.all(alpha >= 0) and np.isclose(alpha.sum(), 1.0)
    # the LP objective equals the closed-form value at the LP's alpha ...
    np.testing.assert_allclose(lexi_lp.stage2_closed_form_value(U, codes, alpha), z,
                               atol=1e-8)
    # ... and no point of a fine grid over the simplex does better
    grid = rng.dirichlet(np.ones(T), size=20000)
    best = np.min(np.max(e.max(axis=1)[None, :] - grid @ e.T, axis=1))
    assert z <= best + 1e-9


def test_dual_weights_are_a_distribution_respecting_the_edges():
    rng = np.random.default_rng(3)
    codes = np.repeat([0, 1], [12, 4])
    U = np.where(rng.random((16, 3)) < 0.75, 1.0, -1.0)
    losses = lexi_lp.stage1(U, codes, 2)
    d = lexi_lp.dual_weights(U, codes, losses)
    assert np.all(d >= 0) and np.isclose(d.sum(), 1.0)
    # d minimises (among others) the largest edge of the learners so far: it cannot be
    # beaten by class-balanced weights on the dfin objective.
    def objective(w):
        caps = np.array([w[codes == j].max() * (codes == j).sum() for j in range(2)])
        return (losses / np.bincount(codes)) @ caps - w.sum() + np.max(U.T @ w)
    balanced = 0.5 / np.bincount(codes)[codes]
    assert objective(d) <= objective(balanced) + 1e-9
    # points of one class with the same margin row share their group's weight equally
    key = [tuple(r) + (c,) for r, c in zip(U, codes)]
    for k in set(key):
        members = [i for i, kk in enumerate(key) if kk == k]
        np.testing.assert_allclose(d[members], d[members[0]])


def test_neighbour_table_matches_brute_force_with_ties_by_index():
    rng = np.random.default_rng(0)
    X = rng.integers(0, 3, size=(40, 2)).astype(float)   # many exact ties
    Q = rng.integers(0, 3, size=(25, 2)).astype(float)
    table = neighbour_table(X, Q, 4)
    d = cdist(Q, X, "sqeuclidean")
    expected = np.array([np.lexsort((np.arange(40), row))[:4] for row in d])
    np.testing.assert_array_equal(table, expected)


def test_weighted_knn_sums_weights_and_includes_the_point_itself():
    X = np.array([[0.0], [0.1], [0.2], [5.0]])
    codes = np.array([1, 0, 0, 1])
    table = neighbour_table(X, X, 3)
    # point 0's neighbours: itself (class 1) and points 1, 2 (class 0)
    pred = weighted_knn_predict(table, codes, np.array([3.0, 1.0, 1.0, 1.0]), 2)
    assert pred[0] == 1          # 3 > 1 + 1: its own weight wins
    pred = weighted_knn_predict(table, codes, np.array([1.0, 1.0, 1.0, 1.0]), 2)
    assert pred[0] == 0
    pred = weighted_knn_predict(table, codes, np.array([2.0, 1.0, 1.0, 1.0]), 2)
    assert pred[0] == 0          # tie 2 = 1 + 1 goes to the first label


class _ScriptedDual(DualLexiBoost):
    """Dual-LexiBoost whose second learner is the first one flipped (a scripted weak
    learner: right exactly where the first was wrong)."""

    def _learner_outputs(self, table, weights):
        pred = super()._learner_outputs(table, weights)
        self._calls = getattr(self, "_calls", 0) + 1
        if self._calls == 1:
            self._first = pred
        if self._calls == 2:
            return 1 - self._first
        return pred


def test_dual_lexiboost_stops_on_weighted_accuracy_rule():
    rng = np.random.default_rng(1)
    X = np.vstack([rng.normal(0, 1, (40, 2)), rng.normal(1.0, 1, (10, 2))])
    y = np.repeat([0, 1], [40, 10])
    model = _ScriptedDual(n_estimators=10).fit(X, y)
    assert DualLexiBoost(n_estimators=10).fit(X, y).stop_reason_ != "weighted_accuracy"
    assert model.stop_reason_ == "weighted_accuracy"
    assert len(model.estimator_weights_) == 1 == len(model.weighted_accuracies_) - 1
    assert all(a >= 0.5 for a in model.weighted_accuracies_[:-1])
    # recompute the rejected learner's weighted accuracy from the definition: weights are
    # the dfin d of the one-learner LP; the flipped learner is right where learner 1 was
    # wrong.
    table = neighbour_table(X, X, 3)
    U = np.column_stack([np.where(weighted_knn_predict(table, y, w, 2) == y, 1.0, -1.0)
                         for w in model.learner_weights_])
    d = lexi_lp.dual_weights(U, y, lexi_lp.stage1(U, y, 2))
    expected = d[U[:, 0] < 0].sum()
    assert expected < 0.5
    np.testing.assert_allclose(model.weighted_accuracies_[-1], expected, atol=1e-9)
    # first learner trained on class-balanced weights 0.5 / n_j
    np.testing.assert_allclose(model.learner_weights_[0], 0.5 / np.array([40, 10])[y])


def test_dual_lexiboost_decision_is_alpha_weighted_vote():
    rng = np.random.default_rng(2)
    X = np.vstack([rng.normal(0, 1, (60, 3)), rng.normal(1.5, 1, (12, 3))])
    y = np.repeat([-1, 1], [60, 12])
    model = DualLexiBoost(n_estimators=5).fit(X, y)
    Q = rng.normal(0.7, 1.2, (30, 3))
    table = neighbour_table(X, Q, 3)
    h = np.column_stack([np.where(weighted_knn_predict(table, (y > 0).astype(int), w, 2) == 1,
                                  1.0, -1.0) for w in model.learner_weights_])
    f = h @ model.estimator_weights_
    np.testing.assert_allclose(model.decision_function(Q), f, atol=1e-12)
    np.testing.assert_array_equal(model.predict(Q), np.where(f > 0, 1, -1))
    # training margins come from the Stage-2 alpha and the stored learners
    assert np.isclose(model.estimator_weights_.sum(), 1.0)


@pytest.mark.parametrize("Est", [LexiBoost, DualLexiBoost])
def test_multiclass_votes(Est):
    rng = np.random.default_rng(4)
    centres = np.array([[0, 0], [3, 0], [0, 3]])
    sizes = [80, 20, 10]
    X = np.vstack([rng.normal(c, 0.9, (s, 2)) for c, s in zip(centres, sizes)])
    y = np.repeat(np.array(["a", "b", "c"]), sizes)
    model = Est(n_estimators=5).fit(X, y)
    votes = model.decision_function(X)
    assert votes.shape == (110, 3)
    np.testing.assert_allclose(votes.sum(axis=1), 1.0)
    np.testing.assert_array_equal(model.predict(X), model.classes_[votes.argmax(axis=1)])
    recalls = [(model.predict(X)[y == c] == c).mean() for c in "abc"]
    assert min(recalls) > 0.6


def test_lexiboost_primal_generates_adaboost_learners():
    rng = np.random.default_rng(5)
    X = np.vstack([rng.normal(0, 1, (50, 2)), rng.normal(1.0, 1, (15, 2))])
    y = np.repeat([0, 1], [50, 15])
    model = LexiBoost(n_estimators=4).fit(X, y)
    # first learner: uniform AdaBoost weights; pseudo-loss = plain weighted error for K = 2
    np.testing.assert_allclose(model.learner_weights_[0], 1 / 65)
    table = neighbour_table(X, X, 3)
    err = (weighted_knn_predict(table, y, model.learner_weights_[0], 2) != y).mean()
    np.testing.assert_allclose(model.pseudo_losses_[0], err)
    assert np.isclose(model.estimator_weights_.sum(), 1.0)


def test_bad_parameters_are_named():
    X, y = np.zeros((4, 2)), np.array([0, 1, 0, 1])
    with pytest.raises(ValueError, match="n_neighbors"):
        DualLexiBoost(n_neighbors=0).fit(X, y)
    with pytest.raises(ValueError, match="n_estimators"):
        LexiBoost(n_estimators=0).fit(X, y)


# --- Shared neighbour lists in tune(): inner-fold tables read off the outer fold's lists ---

def _knn_problem(seed, sizes, d=5, duplicates=6):
    rng = np.random.default_rng(seed)
    centres = rng.normal(0.0, 1.5, (len(sizes), d))
    X = np.vstack([rng.normal(c, 1.0, (s, d)) for c, s in zip(centres, sizes)])
    y = np.repeat(np.arange(len(sizes)), sizes)
    # exact duplicates (ties at distance 0, broken by index) and a coarse grid of values
    # (many equal distances): the cases where the order of ties matters
    X[-duplicates:] = X[:duplicates]
    X[: len(X) // 3] = np.round(X[: len(X) // 3])
    return X, y


@pytest.mark.parametrize("k", [1, 3, 7])
def test_subset_tables_equal_direct_queries(monkeypatch, k):
    from sklearn.model_selection import StratifiedKFold

    from imbeval_repro.experiment.classifiers import lexiboost as mod

    X, y = _knn_problem(3, (70, 30, 12))
    splits = list(StratifiedKFold(3, shuffle=True, random_state=1).split(X, y))
    for factor, margin in [(3, 10), (1, 0)]:   # long lists; lists that often run out
        monkeypatch.setattr(mod, "LIST_FACTOR", factor)
        monkeypatch.setattr(mod, "LIST_MARGIN", margin)
        lists = neighbour_table(X, X, min(len(X), factor * k + margin))
        for tr, te in splits:
            np.testing.assert_array_equal(mod._subset_table(lists, X, tr, tr, k),
                                          neighbour_table(X[tr], X[tr], k))
            np.testing.assert_array_equal(mod._subset_table(lists, X, tr, te, k),
                                          neighbour_table(X[tr], X[te], k))


@pytest.mark.parametrize("sizes,grid", [
    ((60, 20), {"n_neighbors": [1, 3, 5], "n_estimators": [2, 10]}),
    ((50, 25, 10), {"n_neighbors": [3, 7]}),
])
def test_shared_grid_search_equals_gridsearchcv(monkeypatch, sizes, grid):
    from sklearn.metrics import check_scoring
    from sklearn.model_selection import GridSearchCV, ParameterGrid, StratifiedKFold

    from imbeval_repro.experiment.classifiers import tune
    from imbeval_repro.experiment.classifiers import tuning

    from imbeval_repro.experiment.classifiers import lexiboost as mod

    X, y = _knn_problem(8, sizes)
    X_test = np.random.default_rng(9).normal(0.0, 2.0, (60, X.shape[1]))
    est, chosen = tune(DualLexiBoost(), grid, X, y, inner_folds=3, random_state=4)
    cv = StratifiedKFold(3, shuffle=True, random_state=4)
    with monkeypatch.context() as mp:
        # today's path: GridSearchCV over plain fits, each computing its own table
        mp.setattr(mod._LexiBoostBase, "_shared_grid_search", None)
        ref, ref_chosen = tune(DualLexiBoost(), grid, X, y, inner_folds=3, random_state=4)
        search = GridSearchCV(DualLexiBoost(), grid, scoring="balanced_accuracy",
                              cv=cv).fit(X, y)
    assert chosen == ref_chosen
    np.testing.assert_array_equal(est.predict(X_test), ref.predict(X_test))
    np.testing.assert_array_equal(est.estimator_weights_, ref.estimator_weights_)
    scores = DualLexiBoost()._shared_grid_search(
        list(ParameterGrid(grid)), X, y, list(cv.split(X, y)),
        check_scoring(DualLexiBoost(), "balanced_accuracy"), tuning._first_best)[1]
    expected = np.column_stack([search.cv_results_[f"split{i}_test_score"] for i in range(3)])
    np.testing.assert_array_equal(scores, expected)
