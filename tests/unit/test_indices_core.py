"""Validation, the undefined-value policy, the registry, compute() and vectorisation."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from imbeval import indices
from imbeval.indices import check_confusion_stack, compute, registry

from conftest import confusion_matrices

EXPECTED_NAMES = (
    "gmean2 auroc2 precision aurpc mprecision maurpc "
    "gmean acsa auroc_ovo auroc_ova nauroc_ova aurpc_ova maurpc_ova "
    "accuracy macro_precision macro_recall macro_f1 cba iam "
    "a_mean g_mean h_mean min_recall max_recall "
    "eve cen mcen nmi kappa mcc "
    "weighted_precision weighted_recall weighted_f1"
).split()


def test_registry_holds_every_canonical_name_with_metadata():
    reg = registry()
    assert set(EXPECTED_NAMES) <= set(reg)
    for name, info in reg.items():
        assert info.name == name
        assert name == name.lower() and " " not in name
        assert info.paper in {"mullick2020", "mortaz2020", "ortigosa2016", "dembele", "kluska"}
        assert info.formula and info.description and info.symbol
        assert info.scope in {"two-class", "multi-class"}
        assert info.bounds[0] < info.bounds[1]
        assert info.function.__doc__, f"{name} has no docstring"
    two_class = {n for n, i in reg.items() if i.scope == "two-class"}
    assert two_class == {"gmean2", "auroc2", "precision", "aurpc", "mprecision", "maurpc"}


def test_compute_selects_by_number_of_classes():
    m2 = np.array([[8, 2], [3, 7]])
    m3 = np.array([[8, 1, 1], [2, 6, 2], [1, 1, 8]])
    assert "gmean2" in compute(m2) and "acsa" in compute(m2)
    assert "gmean2" not in compute(m3)
    assert set(compute(m3)) == {n for n, i in registry().items() if i.scope == "multi-class"}
    with pytest.raises(ValueError, match="two-class only"):
        compute(m3, names=["precision"])
    with pytest.raises(ValueError, match="unknown index 'nope'"):
        compute(m3, names=["acsa", "nope"])
    assert list(compute(m3, names="acsa")) == ["acsa"]


@pytest.mark.parametrize(
    "bad, message",
    [
        ([[1, 2, 3], [4, 5, 6]], "square"),
        ([1, 2, 3], "shape"),
        ([[5]], "at least 2 classes"),
        ([[1, -1], [0, 3]], "negative"),
        ([[1, np.nan], [0, 3]], "non-finite"),
        ([[1, np.inf], [0, 3]], "non-finite"),
        ([["a", "b"], ["c", "d"]], "numeric"),
        ([[True, False], [False, True]], "booleans"),
        ([[1, 2], [3]], "numeric|read"),
        (np.array([[1 + 1j, 0], [0, 1]]), "numeric"),
    ],
)
def test_invalid_input_raises_value_error_naming_the_problem(bad, message):
    with pytest.raises(ValueError, match=message):
        check_confusion_stack(bad)
    with pytest.raises(ValueError, match=message):
        compute(bad)


def test_every_registered_function_validates_its_input():
    for name, info in registry().items():
        size = 2 if info.scope == "two-class" else 3
        bad = -np.eye(size)
        with pytest.raises(ValueError, match="negative"):
            info.function(bad)
    with pytest.raises(ValueError, match="2 x 2"):
        indices.mullick2020.precision(np.eye(3))


def test_zero_division_policy():
    # class 2 has no true points and is never predicted: its recall is 0/0
    m = np.array([[5, 1, 0], [2, 4, 0], [0, 0, 0]])
    assert np.isnan(indices.mullick2020.acsa(m))
    assert indices.mullick2020.acsa(m, zero_division=1.0) == pytest.approx((5 / 6 + 4 / 6 + 1) / 3)
    assert indices.mullick2020.acsa(m, zero_division=0.0) == pytest.approx((5 / 6 + 4 / 6) / 3)
    # a zero recall makes a geometric mean 0, not undefined
    assert indices.mullick2020.gmean(np.array([[0, 5], [1, 4]])) == 0.0
    # compute passes zero_division through to every index
    out = compute(m, names=["acsa", "macro_precision"], zero_division=0.5)
    assert np.isfinite(out["acsa"]) and np.isfinite(out["macro_precision"])
    with pytest.raises(ValueError, match="zero_division"):
        compute(m, zero_division="abc")
    # an all-zero matrix: everything undefined by default, nothing crashes
    zeros = compute(np.zeros((3, 3)))
    assert np.isnan(zeros["accuracy"]) and np.isnan(zeros["acsa"])


def test_zero_division_never_leaves_nan_where_a_number_is_given():
    rng = np.random.default_rng(0)
    stack = rng.integers(0, 3, size=(200, 4, 4)).astype(float)
    stack[:50, 1, :] = 0  # empty rows
    stack[50:100, :, 2] = 0  # never-predicted classes
    undefined = compute(stack)
    for name, value in compute(stack, zero_division=0.0).items():
        if name in {"eve"}:
            continue  # EVE follows its paper's own rule for empty columns
        # except where 0 would give an undefined index its best value: there
        # compute() says NaN; the index function called directly shows the substitution
        info = registry()[name]
        plain = info.function(stack, zero_division=0.0)
        best = info.bounds[1] if info.greater_is_better else info.bounds[0]
        withheld = np.isnan(value)
        assert np.all(np.isnan(undefined[name][withheld])), name
        reached = (plain[withheld] >= best - 1e-12 if info.greater_is_better
                   else plain[withheld] <= best + 1e-12)  # or passed it
        assert np.all(reached), name


@given(st.lists(confusion_matrices(max_classes=5), min_size=1, max_size=1), st.integers(1, 4))
def test_stack_results_equal_per_matrix_results(ms, copies):
    m = ms[0]
    rng = np.random.default_rng(int(m.sum()) % 1000)
    stack = np.stack([m] + [rng.permutation(m.ravel()).reshape(m.shape) for _ in range(copies)])
    stacked = compute(stack)
    for i in range(stack.shape[0]):
        single = compute(stack[i])
        for name in single:
            np.testing.assert_allclose(stacked[name][i], single[name], rtol=1e-12, atol=1e-12,
                                       err_msg=name)


def test_shapes_of_nested_stacks():
    rng = np.random.default_rng(1)
    stack = rng.integers(1, 20, size=(4, 3, 5, 5))
    for name, value in compute(stack).items():
        assert value.shape == (4, 3), name
    single = compute(stack[0, 0])
    assert all(np.ndim(v) == 0 for v in single.values())
    empty = compute(np.zeros((0, 4, 4)))
    assert all(v.shape == (0,) for v in empty.values())


def test_integer_and_float_inputs_agree():
    m = np.array([[7, 2, 1], [0, 9, 3], [4, 1, 6]])
    a = compute(m.astype(np.int32))
    b = compute(m.astype(np.float32))
    for name in a:
        assert a[name] == pytest.approx(b[name], rel=1e-6), name


@pytest.mark.parametrize("chunk_size", [1, 7, 50, None])
def test_chunked_compute_equals_one_pass(chunk_size):
    rng = np.random.default_rng(3)
    stack = rng.integers(0, 30, size=(5, 10, 4, 4))
    whole = compute(stack, chunk_size=None)
    chunked = compute(stack, chunk_size=chunk_size)
    for name, values in whole.items():
        assert chunked[name].shape == (5, 10)
        np.testing.assert_array_equal(chunked[name], values, err_msg=name)
    with pytest.raises(ValueError, match="chunk_size"):
        compute(stack, chunk_size=0)
