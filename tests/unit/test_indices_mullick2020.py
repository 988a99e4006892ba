"""mullick2020: definitions, Lemmas 1-3, and Condition 1 (invariance to row scaling)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from imblearn.metrics import geometric_mean_score
from sklearn.metrics import balanced_accuracy_score

from imbeval.indices import compute, mullick2020 as mk, registry

from conftest import confusion_matrices, row_scalings


def labels_from_matrix(m):
    """y_true, y_pred reproducing an integer confusion matrix."""
    y_true, y_pred = [], []
    for i, row in enumerate(np.asarray(m, dtype=int)):
        for j, count in enumerate(row):
            y_true += [i] * count
            y_pred += [j] * count
    return np.array(y_true), np.array(y_pred)


def test_two_class_definitions_by_hand():
    tp, fn, fp, tn = 40, 10, 30, 920  # positive (minority) class first
    m = np.array([[tp, fn], [fp, tn]])
    tpr, tnr = tp / (tp + fn), tn / (fp + tn)
    prec = tp / (tp + fp)
    mprec = (tp / 50) / (tp / 50 + fp / 950)
    assert mk.gmean2(m) == pytest.approx(np.sqrt(tpr * tnr))
    assert mk.auroc2(m) == pytest.approx((tpr + tnr) / 2)
    assert mk.precision(m) == pytest.approx(prec)
    assert mk.aurpc(m) == pytest.approx((tpr + prec) / 2)
    assert mk.mprecision(m) == pytest.approx(mprec)
    assert mk.maurpc(m) == pytest.approx((tpr + mprec) / 2)


def test_multi_class_definitions_by_hand():
    m = np.array([[30, 5, 5], [10, 80, 10], [2, 3, 5]], dtype=float)
    n = m.sum(1)
    k = m.sum(0)
    r = np.diag(m) / n
    c = 3
    assert mk.gmean(m) == pytest.approx(np.prod(r) ** (1 / 3))
    assert mk.acsa(m) == pytest.approx(r.mean())
    ovo = sum(1 + r[i] - sum(m[j, i] / ((c - 1) * n[j]) for j in range(c) if j != i) for i in range(c)) / (2 * c)
    assert mk.auroc_ovo(m) == pytest.approx(ovo)
    ova = sum(1 + r[i] - (k[i] - m[i, i]) / (n.sum() - n[i]) for i in range(c)) / (2 * c)
    assert mk.auroc_ova(m) == pytest.approx(ova)
    lam = (c - 2) / (2 * c)
    assert mk.nauroc_ova(m) == pytest.approx((ova - lam) / (1 - lam))
    assert mk.aurpc_ova(m) == pytest.approx(sum(m[i, i] / k[i] + r[i] for i in range(c)) / (2 * c))
    norm = m / n[:, None]
    assert mk.maurpc_ova(m) == pytest.approx(sum(r[i] / norm[:, i].sum() + r[i] for i in range(c)) / (2 * c))


@given(confusion_matrices(max_classes=6))
def test_acsa_and_gmean_match_scikit_learn_and_imbalanced_learn(m):
    y_true, y_pred = labels_from_matrix(m)
    assert mk.acsa(m) == pytest.approx(balanced_accuracy_score(y_true, y_pred), abs=1e-12)
    expected = geometric_mean_score(y_true, y_pred, average="multiclass", correction=0.0,
                                    labels=np.arange(m.shape[0]))
    assert mk.gmean(m) == pytest.approx(expected, abs=1e-9)


# ------------------------------------------------------------------ Lemmas 1, 2 and 3


@given(confusion_matrices(max_classes=8))
def test_lemma1_acsa_lies_in_unit_interval(m):
    assert 0.0 <= mk.acsa(m) <= 1.0


@pytest.mark.parametrize("c", range(2, 11))
def test_lemma1_extremes_are_attained(c):
    perfect = np.diag(np.arange(1, c + 1) * 7.0)
    all_wrong = np.roll(perfect, 1, axis=1)
    assert mk.acsa(perfect) == 1.0
    assert mk.acsa(all_wrong) == 0.0


@given(confusion_matrices(max_classes=8))
def test_lemma2_auroc_ovo_is_affine_in_acsa(m):
    c = m.shape[0]
    expected = c / (2 * (c - 1)) * mk.acsa(m) + (c - 2) / (2 * (c - 1))
    assert mk.auroc_ovo(m) == pytest.approx(expected, abs=1e-12)
    assert mk.auroc_ovo(m) >= (c - 2) / (2 * (c - 1)) - 1e-12
    assert mk.auroc_ovo(m) <= 1 + 1e-12


@pytest.mark.parametrize("c", range(2, 11))
def test_lemma2_lower_bound_is_attained_and_grows_with_c(c):
    all_wrong = np.roll(np.eye(c) * 10, 1, axis=1)
    assert mk.auroc_ovo(all_wrong) == pytest.approx((c - 2) / (2 * (c - 1)))


def lemma3_bound(m):
    n_sorted = np.sort(m.sum(axis=1))
    c, n = len(n_sorted), n_sorted.sum()
    return (c - 1 - n_sorted[-1] / (n - n_sorted[-2])) / (2 * c)


@given(confusion_matrices(min_classes=3, max_classes=7))
def test_lemma3_auroc_ova_lower_bound_holds(m):
    assert mk.auroc_ova(m) >= lemma3_bound(m) - 1e-12
    assert mk.auroc_ova(m) <= 1 + 1e-12


@given(st.lists(st.integers(1, 1000), min_size=3, max_size=8))
def test_lemma3_lower_bound_is_attained(sizes):
    """The extremal matrix of the proof: every point of the other classes predicted as the
    largest class, and the largest class predicted as the second largest."""
    n = np.sort(np.array(sizes, dtype=float))
    c = len(n)
    m = np.zeros((c, c))
    m[: c - 1, c - 1] = n[: c - 1]
    m[c - 1, c - 2] = n[c - 1]
    assert mk.auroc_ova(m) == pytest.approx(lemma3_bound(m), abs=1e-12)


# ---------------------------------------------------------------- Condition 1 invariance

# Which indices are invariant to scaling the rows is the paper's Theorems 1-5 (and, for the
# other families, what their formulas imply). Here it is checked both ways: invariant
# indices never move, the others move on a concrete counterexample.
ROW_SCALING_INVARIANT = {
    "gmean2", "auroc2", "mprecision", "maurpc",
    "gmean", "acsa", "auroc_ovo", "maurpc_ova",
    "macro_recall", "a_mean", "g_mean", "h_mean", "min_recall", "max_recall",
    "eve",
}


@given(confusion_matrices(max_classes=6, positive_cols=True), st.data())
def test_condition1_invariant_indices_do_not_move_under_row_scaling(m, data):
    b = data.draw(row_scalings(m.shape[0]))
    scaled = m * b[:, None]
    before, after = compute(m), compute(scaled)
    for name in ROW_SCALING_INVARIANT & set(before):
        np.testing.assert_allclose(after[name], before[name], rtol=1e-9, atol=1e-12, err_msg=name)


@pytest.mark.parametrize(
    "name", sorted(set(registry()) - ROW_SCALING_INVARIANT)
)
def test_condition1_counterexample_for_non_invariant_indices(name):
    c = 2 if registry()[name].scope == "two-class" else 3
    m = np.array([[8, 2], [3, 7]]) if c == 2 else np.array([[8, 1, 1], [2, 6, 2], [1, 3, 6]])
    b = np.array([1.0, 10.0]) if c == 2 else np.array([1.0, 10.0, 0.2])
    value, scaled = compute(m, [name])[name], compute(m * b[:, None], [name])[name]
    assert abs(float(value) - float(scaled)) > 1e-3, f"{name}: {value} vs {scaled}"
