"""imbeval.scores: every index of scores against its reference.

scikit-learn's roc_auc_score, average_precision_score, brier_score_loss, log_loss and
f1_score are the references where they exist, held to 1e-10 on seeded random problems with
ties and weights; elsewhere a closed form or an independent brute-force computation written
here (an O(n²) pool-adjacent-violators, the cost lines' envelope on a fine grid, the PR-gain
curve sampled densely along its ROC segments). model-diagnostics and expected-cost are
compared by ``benchmarks/scores_references.py`` (their own venv; see docs/metrics.md).
"""

from __future__ import annotations

import numpy as np
import pytest
from sklearn import metrics as skm
from sklearn.linear_model import LogisticRegression

from imbeval import scores
from imbeval.indices.mullick2020 import mprecision

TOL = 1e-10


def _problems(seed, n_problems=40, classes=2):
    """Seeded problems with tied scores, both classes present, random weights."""
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < n_problems:
        n = int(rng.integers(6, 80))
        y = rng.integers(0, classes, n)
        if np.unique(y).size < classes:
            continue
        if classes == 2:
            s = np.round(rng.random(n) * 0.6 + 0.4 * y * rng.random(n), 2)
        else:
            s = rng.dirichlet(np.ones(classes), n)
        out.append((y, s, rng.random(n) + 0.05))
    return out


@pytest.mark.parametrize("weighted", [False, True])
def test_two_class_ranking_indices_equal_scikit_learn(weighted):
    for y, s, w in _problems(1):
        w = w if weighted else None
        assert scores.roc_auc_score(y, s, sample_weight=w) == pytest.approx(
            skm.roc_auc_score(y, s, sample_weight=w), abs=TOL)
        assert scores.average_precision_score(y, s, sample_weight=w) == pytest.approx(
            skm.average_precision_score(y, s, sample_weight=w), abs=TOL)


def test_multi_class_roc_auc_and_ap_equal_scikit_learn():
    for y, p, w in _problems(2, classes=3):
        for average in ("macro", "weighted"):
            assert scores.roc_auc_score(y, p, multi_class="ovr", average=average,
                                        sample_weight=w) == pytest.approx(
                skm.roc_auc_score(y, p, multi_class="ovr", average=average, sample_weight=w),
                abs=TOL)
            # scikit-learn's one-vs-one takes no weights; imbeval's does (docs/metrics.md)
            assert scores.roc_auc_score(y, p, multi_class="ovo", average=average) == \
                pytest.approx(skm.roc_auc_score(y, p, multi_class="ovo", average=average),
                              abs=TOL)
            assert scores.average_precision_score(y, p, average=average, sample_weight=w) == \
                pytest.approx(skm.average_precision_score(y, p, average=average,
                                                          sample_weight=w), abs=TOL)


def test_weighted_one_vs_one_is_the_one_vs_one_of_repeated_samples():
    rng = np.random.default_rng(3)
    y = rng.integers(0, 3, 40)
    p = rng.dirichlet(np.ones(3), 40)
    reps = rng.integers(1, 4, 40)
    got = scores.roc_auc_score(y, p, multi_class="ovo", sample_weight=reps)
    want = skm.roc_auc_score(np.repeat(y, reps), np.repeat(p, reps, axis=0), multi_class="ovo")
    assert got == pytest.approx(want, abs=TOL)


def test_proper_scores_equal_scikit_learn():
    for y, s, w in _problems(4):
        p = np.clip(s, 0, 1)
        assert scores.brier_score_loss(y, p, sample_weight=w) == pytest.approx(
            skm.brier_score_loss(y, p, sample_weight=w), abs=TOL)
        assert scores.log_loss(y, p, sample_weight=w) == pytest.approx(
            skm.log_loss(y, p, sample_weight=w), abs=TOL)
    for y, p, w in _problems(5, classes=4):
        assert scores.brier_score_loss(y, p, sample_weight=w) == pytest.approx(
            skm.brier_score_loss(y, p, sample_weight=w), abs=TOL)
        assert scores.log_loss(y, p, sample_weight=w) == pytest.approx(
            skm.log_loss(y, p, sample_weight=w), abs=TOL)


def test_calibrated_indices_at_the_sample_share_are_the_plain_ones():
    # Siblini et al.: at pi0 = the sample's positive share, calibration changes nothing
    for y, s, w in _problems(6):
        share = w[y == 1].sum() / w.sum()
        assert scores.calibrated_average_precision_score(
            y, s, pi0=share, sample_weight=w) == pytest.approx(
            skm.average_precision_score(y, s, sample_weight=w), abs=TOL)
        pred = (s >= 0.5).astype(int)
        if pred.sum() == 0:
            continue
        assert scores.calibrated_precision_score(y, s, pi0=share, sample_weight=w) == \
            pytest.approx(skm.precision_score(y, pred, sample_weight=w), abs=TOL)
        assert scores.calibrated_f_score(y, s, pi0=share, beta=2, sample_weight=w) == \
            pytest.approx(skm.fbeta_score(y, pred, beta=2, sample_weight=w), abs=TOL)


def test_calibrated_precision_at_one_half_is_mullick2020_mprecision():
    for y, s, _ in _problems(7):
        pred = s >= 0.5
        if not pred.any():
            continue
        # imbeval's matrices: rows true, columns predicted, positive class first
        cm = np.array([[np.sum(pred & (y == 1)), np.sum(~pred & (y == 1))],
                       [np.sum(pred & (y == 0)), np.sum(~pred & (y == 0))]])
        assert scores.calibrated_precision_score(y, s, pi0=0.5) == pytest.approx(
            float(mprecision(cm)), abs=TOL)


def test_auprg_worked_example():
    # P = N = 2, pi = 1/2: thresholds give (recG, precG) = (0, 1), (0, 0), (1, 1/2), (1, 0)
    pg, rg, _ = scores.prg_curve([1, 0, 1, 0], [4, 3, 2, 1])
    assert rg.tolist() == [0.0, 0.0, 1.0, 1.0]
    assert pg.tolist() == [1.0, 0.0, 0.5, 0.0]
    assert scores.auprg_score([1, 0, 1, 0], [4, 3, 2, 1]) == 0.25
    # P = 2, N = 3: recall gain 0 at TP = P²/n = 0.8 on the segment (TP, FP) (0, 1) -> (1, 1)
    pg, rg, _ = scores.prg_curve([0, 1, 0, 0, 1], [5, 4, 3, 2, 1])
    assert rg[0] == 0.0 and pg[0] == pytest.approx(1 - (2 / 3) * 1 / 0.8, abs=TOL)


def _auprg_dense(y, s, w, steps=4000):
    """AUPRG by sampling every ROC segment densely in count space, mapping each sample to
    PR-gain space and integrating the part with recall gain >= 0 by trapezoids."""
    order = np.argsort(-s, kind="stable")
    ys, ss, ws = y[order] == 1, s[order], w[order]
    ends = np.r_[np.nonzero(np.diff(ss))[0], ss.size - 1]
    tp = np.r_[0, np.cumsum(ws * ys)[ends]]
    fp = np.r_[0, np.cumsum(ws * ~ys)[ends]]
    P, N = tp[-1], fp[-1]
    a = np.linspace(0, 1, steps)
    TP = np.concatenate([tp[i] + a * (tp[i + 1] - tp[i]) for i in range(tp.size - 1)])
    FP = np.concatenate([fp[i] + a * (fp[i + 1] - fp[i]) for i in range(fp.size - 1)])
    keep = TP * (P + N) >= P * P
    rg = 1 - (P / N) * (P - TP[keep]) / TP[keep]
    pg = 1 - (P / N) * FP[keep] / TP[keep]
    return float(np.sum(np.diff(rg) * (pg[1:] + pg[:-1]) / 2)), rg[0]


def test_auprg_equals_the_densely_sampled_curve():
    for y, s, w in _problems(8, n_problems=15):
        got = scores.auprg_score(y, s, sample_weight=w)
        want, start = _auprg_dense(y, s, w)
        # the dense curve starts at the first sample past recall gain 0: its error is that gap
        assert got == pytest.approx(want, abs=2e-3 + 2 * start)


def _pav(y, w):
    """Weighted isotonic (increasing) fit by repeated pooling of adjacent violators."""
    blocks = [[float(v), float(x), 1] for v, x in zip(y, w)]
    merged = True
    while merged:
        merged = False
        for i in range(len(blocks) - 1):
            if blocks[i][0] > blocks[i + 1][0] + 1e-15:
                (a, wa, na), (b, wb, nb) = blocks[i], blocks[i + 1]
                blocks[i:i + 2] = [[(a * wa + b * wb) / (wa + wb), wa + wb, na + nb]]
                merged = True
                break
    return np.concatenate([[v] * n for v, _, n in blocks])


@pytest.mark.parametrize("kind", ["brier", "log_loss"])
def test_corp_decomposition_against_a_plain_pav(kind):
    for y, s, w in _problems(9, n_problems=20):
        p = np.clip(s, 0.01, 0.99)
        d = scores.corp_decomposition(y, p, score=kind, sample_weight=w)
        values, inv = np.unique(p, return_inverse=True)
        gw = np.bincount(inv, weights=w)
        gy = np.bincount(inv, weights=w * y) / gw
        recal = _pav(gy, gw)[inv]
        assert d.recalibrated == pytest.approx(recal, abs=1e-12)
        share = np.average(y, weights=w)

        def loss(q):
            if kind == "brier":
                return np.average((q - y) ** 2, weights=w)
            with np.errstate(divide="ignore", invalid="ignore"):
                per = -np.where(y == 1, np.log(q), np.log(1 - q))
            return np.average(np.nan_to_num(per, nan=0.0, posinf=0.0), weights=w)

        assert d.score == pytest.approx(loss(p), abs=TOL)
        assert d.miscalibration == pytest.approx(loss(p) - loss(recal), abs=TOL)
        assert d.discrimination == pytest.approx(loss(np.full_like(p, share)) - loss(recal),
                                                 abs=TOL)
        assert d.score == pytest.approx(d.miscalibration - d.discrimination + d.uncertainty,
                                        abs=TOL)
        assert d.miscalibration >= -TOL and d.discrimination >= -TOL
        if kind == "brier":
            assert d.uncertainty == pytest.approx(share * (1 - share), abs=TOL)


def test_expected_cost_closed_forms():
    for y, p, w in _problems(10, classes=3):
        decided = np.argmax(p, axis=1)
        # 0-1 costs: the sample's priors give the error rate, uniform priors 1 - balanced acc.
        assert scores.expected_cost(y, p, sample_weight=w) == pytest.approx(
            1 - skm.accuracy_score(y, decided, sample_weight=w), abs=TOL)
        assert scores.expected_cost(y, p, priors="uniform", sample_weight=w) == pytest.approx(
            1 - skm.balanced_accuracy_score(y, decided, sample_weight=w), abs=TOL)
        share = np.bincount(y, weights=w) / w.sum()
        assert scores.expected_cost(y, p, normalize=True, sample_weight=w) == pytest.approx(
            (1 - skm.accuracy_score(y, decided, sample_weight=w)) / (1 - share.max()), abs=TOL)
    # two classes, costs: a false negative costs 4, so p > 0.2 is decided positive
    y, p = np.array([0, 0, 1, 1, 1]), np.array([0.1, 0.3, 0.15, 0.25, 0.9])
    costs = [[0, 1], [4, 0]]
    # R: negatives 1 of 2 decided positive, positives 1 of 3 decided negative
    assert scores.expected_cost(y, p, costs=costs, priors=[0.5, 0.5]) == pytest.approx(
        0.5 * 1 * 0.5 + 0.5 * 4 * (1 / 3), abs=TOL)


def test_bayes_decisions_at_the_deployment_prior():
    rng = np.random.default_rng(15)
    y = rng.integers(0, 2, 300)
    p = np.clip(rng.random(300) * 0.7 + 0.3 * y, 0.001, 0.999)
    train, deploy = np.array([0.5, 0.5]), np.array([0.95, 0.05])
    # two classes, 0-1 costs: positive iff p·0.05/0.5 > (1 − p)·0.95/0.5, i.e. p > 0.95
    decided = (p > 0.95).astype(int)
    R = np.array([[np.mean(decided[y == i] == j) for j in (0, 1)] for i in (0, 1)])
    want = deploy[0] * R[0, 1] + deploy[1] * R[1, 0]
    got = scores.expected_cost(y, p, priors=deploy, score_priors=train)
    assert got == pytest.approx(want, abs=TOL)
    # probabilities made at the deployment prior already: nothing moves
    assert scores.expected_cost(y, p, priors=deploy, score_priors=deploy) == pytest.approx(
        scores.expected_cost(y, p, priors=deploy), abs=TOL)
    with pytest.raises(ValueError, match="priors"):
        scores.expected_cost(y, p, score_priors=train)


def test_cost_curve_area_equals_the_envelope_of_every_line():
    for y, s, w in _problems(11):
        # one line per threshold: every distinct score, ties not split
        thresholds = np.r_[np.inf, np.unique(s)]
        tp = np.array([w[(s >= t) & (y == 1)].sum() for t in thresholds])
        fp = np.array([w[(s >= t) & (y == 0)].sum() for t in thresholds])
        tpr, fpr = tp / tp.max(), fp / fp.max()
        pc, _ = scores.cost_curve(y, s, sample_weight=w)
        grid = np.union1d(np.linspace(0, 1, 1001), pc)
        envelope = np.min(np.outer(1 - tpr, grid) + np.outer(fpr, 1 - grid), axis=0)
        assert scores.cost_curve_area(y, s, sample_weight=w) == pytest.approx(
            np.trapezoid(envelope, grid), abs=TOL)


def test_registry_has_20_indices_each_within_its_range():
    reg = scores.registry()
    assert len(reg) >= 20
    two = _problems(12, n_problems=10)
    multi = _problems(13, n_problems=10, classes=3)
    for name, info in reg.items():
        data = two if info.scope == "two-class" else multi
        for y, s, w in data:
            s = np.clip(s, 0, 1) if s.ndim == 1 else s
            value = scores.score(name, y, s, sample_weight=w)
            lo, hi = info.bounds
            assert lo - 1e-12 <= value <= hi + 1e-12, (name, value)
    losses = {n for n, i in reg.items() if not i.greater_is_better}
    assert {"brier_score", "log_loss", "expected_cost", "cost_curve_area"} <= losses
    assert reg["roc_auc"].greater_is_better and reg["auprg"].greater_is_better


def test_scorers_equal_scikit_learn_s():
    rng = np.random.default_rng(14)
    X = rng.normal(size=(120, 3))
    y = (X[:, 0] + rng.normal(size=120) > 0.8).astype(int)
    model = LogisticRegression().fit(X, y)
    assert scores.make_scorer("roc_auc")(model, X, y) == pytest.approx(
        skm.get_scorer("roc_auc")(model, X, y), abs=TOL)
    assert scores.make_scorer("brier_score")(model, X, y) == pytest.approx(
        skm.get_scorer("neg_brier_score")(model, X, y), abs=TOL)
    assert scores.make_scorer("log_loss")(model, X, y) == pytest.approx(
        skm.get_scorer("neg_log_loss")(model, X, y), abs=TOL)
    y3 = np.digitize(X[:, 0], [-0.5, 0.5])
    m3 = LogisticRegression().fit(X, y3)
    assert scores.make_scorer("roc_auc_ovo")(m3, X, y3) == pytest.approx(
        skm.get_scorer("roc_auc_ovo")(m3, X, y3), abs=TOL)


@pytest.mark.parametrize("call, word", [
    (lambda: scores.roc_auc_score([0, 1, 1], [0.1, np.nan, 0.3]), "y_score"),
    (lambda: scores.roc_auc_score([0, 1], [0.1, 0.2, 0.3]), "y_score"),
    (lambda: scores.roc_auc_score([1, 1], [0.1, 0.2]), "negative"),
    (lambda: scores.roc_auc_score(["a", "b"], [0.1, 0.2]), "pos_label"),
    (lambda: scores.roc_auc_score([0, 1, 2], np.eye(3)), "multi_class"),
    (lambda: scores.brier_score_loss([0, 1], [0.5, 1.5]), "y_proba"),
    (lambda: scores.log_loss([0, 1, 2], [[.5, .5, .5]] * 3), "y_proba"),
    (lambda: scores.calibrated_precision_score([0, 1], [0.2, 0.7], pi0=1.0), "pi0"),
    (lambda: scores.expected_cost([0, 1], [0.2, 0.7], costs=[[0, 1]]), "costs"),
    (lambda: scores.roc_auc_score([0, 1], [0.2, 0.7], sample_weight=[1, -1]), "sample_weight"),
    (lambda: scores.score("roc_auk", [0, 1], [0.2, 0.7]), "roc_auc"),
])
def test_bad_input_names_the_argument(call, word):
    with pytest.raises(ValueError, match=word):
        call()
