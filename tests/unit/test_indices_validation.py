"""Every public index function validates its own parameters, once; aliases are aliases.

The library's promise (``imbeval.indices``): a bad argument raises a ``ValueError`` naming
the parameter whichever way an index is called -- directly, through another index, or
through ``compute`` -- and a stack is checked once per call, not once per nested call.
"""

from __future__ import annotations

import inspect
from pathlib import Path

import numpy as np
import pytest

import imbeval.indices as indices
from imbeval.indices import _validation, compute, registry
from imbeval.indices import dembele, kluska, mortaz2020, mullick2020, ortigosa2016

FULL3 = np.array([[5, 1, 0], [1, 3, 1], [0, 2, 4]])
EMPTY_ROW3 = np.array([[5, 1, 0], [0, 0, 0], [0, 2, 4]])
FULL2 = np.array([[3, 1], [2, 4]])
EMPTY_ROW2 = np.array([[3, 1], [0, 0]])

MODULES = [mullick2020, mortaz2020, ortigosa2016, dembele, kluska]


def _matrices(info):
    if info.scope == "two-class":
        return FULL2, EMPTY_ROW2
    return FULL3, EMPTY_ROW3


@pytest.mark.parametrize("name", list(registry()))
@pytest.mark.parametrize("bad", ["warn", None, "nan please", [1, 2]])
def test_bad_zero_division_is_rejected_by_every_index(name, bad):
    # Before: acsa(cm, zero_division="warn") returned a number on a full matrix and raised
    # "could not convert string to float" once a row was empty; only compute() checked.
    info = registry()[name]
    for cm in _matrices(info):
        with pytest.raises(ValueError, match="zero_division"):
            info.function(cm, zero_division=bad)
        with pytest.raises(ValueError, match="zero_division"):
            info.function(cm, bad)  # positionally too


@pytest.mark.parametrize("name", list(registry()))
def test_bad_matrix_is_rejected_by_every_index(name):
    info = registry()[name]
    good, _ = _matrices(info)
    for bad, message in [
        (-good, "negative"),
        (good[:, :1], "square"),
        ([["a", "b"], ["c", "d"]], "numeric"),
        (np.where(good > 1, np.nan, good), "non-finite"),
    ]:
        with pytest.raises(ValueError, match=message):
            info.function(bad)


@pytest.mark.parametrize("name", [n for n, i in registry().items() if i.scope == "two-class"])
def test_two_class_index_rejects_three_classes(name):
    with pytest.raises(ValueError, match="2 x 2"):
        registry()[name].function(FULL3)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: dembele.eigenvalues(FULL3, matrix="C"), "matrix must be 'A' or 'B'"),
        (lambda: dembele.eigenvalues(FULL3, zero_division="warn"), "zero_division"),
        (lambda: dembele.eigenvalue_bounds(EMPTY_ROW3, zero_division="x"), "zero_division"),
        (lambda: dembele.m_tilde(-FULL3), "negative"),
        (lambda: dembele.b_matrix(FULL3[:2]), "square"),
        (lambda: dembele.binary_eigenvalues(FULL3), "2 x 2"),
        (lambda: dembele.pair_counting_2x2([[1.0, np.inf], [0, 1]]), "non-finite"),
        (lambda: dembele.one_vs_rest_2x2([1, 2, 3]), r"\(\.\.\., C, C\)"),
        (lambda: kluska.weighted_fbeta(FULL3, beta="two"), "beta must be a real number"),
        (lambda: kluska.weighted_fbeta(FULL3, beta=-1), "beta must be a finite non-negative"),
        (lambda: kluska.weighted_fbeta(EMPTY_ROW3, zero_division="warn"), "zero_division"),
        (lambda: ortigosa2016.holder_mean([0.5, 1.0], "one"), "p must be a real number"),
        (lambda: ortigosa2016.holder_mean([0.5, 1.0], np.nan), "p must be a real number"),
        (lambda: ortigosa2016.holder_mean_of_recalls(FULL3, 1, weights="uniform"), "weights"),
        (lambda: ortigosa2016.holder_mean_of_recalls(FULL3, None), "p must be a real number"),
        (lambda: ortigosa2016.weighted_accuracy(FULL3, zero_division="warn"), "zero_division"),
        (lambda: ortigosa2016.class_recalls(EMPTY_ROW3, zero_division="warn"), "zero_division"),
        (lambda: ortigosa2016.class_precisions(-FULL3), "negative"),
        (lambda: ortigosa2016.s_sup(1.0, 1), r"n_classes\) must be an integer >= 2"),
        (lambda: ortigosa2016.s_inf(1.0, 2.5), r"n_classes\) must be an integer >= 2"),
        (lambda: ortigosa2016.s_sup("p", 3), "p must be a real number"),
        (lambda: ortigosa2016.competitiveness("high", 1.0, 3), "score must be a real number"),
        (lambda: ortigosa2016.competitiveness(0.5, 1.0, "three"), "n_classes"),
        (lambda: compute(FULL3, zero_division="warn"), "zero_division"),
        (lambda: compute(FULL3, chunk_size="big"), "chunk_size"),
        (lambda: compute(FULL3, chunk_size=0), "chunk_size"),
    ],
)
def test_every_public_helper_names_the_bad_parameter(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def _count_checks(monkeypatch):
    calls = []
    original = _validation.check_confusion_stack

    def counting(*args, **kwargs):
        calls.append(args[0].shape if hasattr(args[0], "shape") else None)
        return original(*args, **kwargs)

    monkeypatch.setattr(_validation, "check_confusion_stack", counting)
    import imbeval.indices._compute as engine

    monkeypatch.setattr(engine, "check_confusion_stack", counting)
    return calls


def test_nested_calls_validate_the_stack_once(monkeypatch):
    calls = _count_checks(monkeypatch)
    # maurpc calls mprecision, nauroc_ova calls auroc_ova, eve calls eigenvalues and
    # b_matrix, weighted_f1 calls weighted_fbeta: one check each all the same.
    for function, cm in [
        (mullick2020.maurpc, FULL2),
        (mullick2020.nauroc_ova, FULL3),
        (dembele.eve, FULL3),
        (kluska.weighted_f1, FULL3),
        (ortigosa2016.competitiveness, None),
    ]:
        calls.clear()
        if cm is None:
            function([0.5], 1.0, 3)
            assert calls == []
        else:
            function(cm)
            assert len(calls) == 1, function.__name__


def test_compute_validates_each_chunk_once(monkeypatch):
    calls = _count_checks(monkeypatch)
    rng = np.random.default_rng(0)
    stack = rng.integers(0, 9, size=(25, 3, 3))
    values = compute(stack, chunk_size=10)
    assert [shape[0] for shape in calls] == [10, 10, 5]
    calls.clear()
    compute(stack.astype(float), chunk_size=None)
    assert len(calls) == 1
    assert set(values) == {n for n, i in registry().items() if i.applies_to(3)}


def test_validation_inside_one_call_does_not_leak_to_the_next():
    # after a validated call returns, the next top-level call checks again
    mullick2020.acsa(FULL3)
    with pytest.raises(ValueError, match="zero_division"):
        mullick2020.acsa(EMPTY_ROW3, zero_division="warn")
    with pytest.raises(ValueError, match="zero_division"):
        compute(FULL3, names=["acsa"], zero_division="warn")
    mullick2020.acsa(FULL3)


# ------------------------------------------------------------------------------- aliases


def test_macro_recall_is_an_alias_of_acsa():
    reg = registry()
    assert reg["macro_recall"].alias_of == "acsa"
    assert reg["acsa"].aliases == ("macro_recall",)
    assert reg["macro_recall"].function is reg["acsa"].function
    assert mortaz2020.macro_recall is mullick2020.acsa
    assert reg["macro_recall"].paper == "mortaz2020" and reg["macro_recall"].symbol == "MAR"
    for name, info in reg.items():
        assert (info.alias_of is None) or (info.aliases == ()), name


def test_compute_lists_an_alias_under_its_own_name_with_equal_values():
    rng = np.random.default_rng(1)
    stack = rng.integers(0, 4, size=(300, 4, 4))  # many empty rows
    for zd in (np.nan, 0.0, 1.0):
        out = compute(stack, zero_division=zd)
        names = list(out)
        assert names.index("acsa") < names.index("macro_recall")
        np.testing.assert_array_equal(out["acsa"], out["macro_recall"])
        assert out["acsa"] is not out["macro_recall"]  # not one shared buffer


@pytest.mark.parametrize(
    "first, second, note",
    [
        ("acsa", "a_mean", "Hölder mean, negative zero_division raises"),
        ("gmean", "g_mean", "Hölder mean"),
        ("accuracy", "weighted_recall", "weighted sum; empty matrix differs"),
    ],
)
def test_same_quantity_kept_separate_agree_up_to_rounding(first, second, note):
    # These pairs are one quantity under two papers' names but computed differently; they
    # stay separate indices (not aliases) because they are not equal bit for bit.
    reg = registry()
    assert reg[second].alias_of is None and second not in reg[first].aliases
    rng = np.random.default_rng(2)
    stack = rng.integers(0, 30, size=(2000, 5, 5)) + np.eye(5, dtype=int)
    np.testing.assert_allclose(
        reg[first].function(stack), reg[second].function(stack), rtol=1e-14, atol=0
    )


def test_weighted_recall_and_accuracy_differ_on_an_empty_matrix():
    empty = np.zeros((3, 3))
    assert float(mortaz2020.accuracy(empty, zero_division=1.0)) == 1.0
    assert float(kluska.weighted_recall(empty, zero_division=1.0)) == 3.0


def test_registering_a_user_index_validates_it_and_compute_uses_it():
    seen = []

    @indices.register_index(
        name="test_only_trace_share", paper="test", symbol="T", formula="tr/Σ",
        scope="multi-class", bounds=(0, 1), description="test",
    )
    def share(cm, zero_division=np.nan):
        seen.append(cm.dtype)
        return np.trace(cm, axis1=-2, axis2=-1) / cm.sum(axis=(-2, -1))

    try:
        assert float(share([[1, 1], [0, 2]])) == 0.75
        assert seen == [np.float64]  # validated and converted before the call
        with pytest.raises(ValueError, match="zero_division"):
            share([[1, 1], [0, 2]], zero_division="warn")
        with pytest.raises(ValueError, match="registered twice"):
            indices.register_index(
                name="test_only_trace_share", paper="t", symbol="t", formula="t",
                scope="multi-class", bounds=(0, 1), description="t",
            )(share)
        assert compute(FULL3, names=["test_only_trace_share"])["test_only_trace_share"] == 12 / 17
        assert "Parameters" not in (share.__doc__ or "")  # no Examples: left alone
    finally:
        indices.unregister_index("test_only_trace_share")
    assert "test_only_trace_share" not in registry()


# -------------------------------------------------------------------- documentation


def _public_functions():
    seen = {}
    for module in MODULES + [indices]:
        for name in module.__all__:
            obj = getattr(module, name)
            if callable(obj) and not inspect.isclass(obj):
                seen.setdefault(id(obj), (f"{module.__name__}.{name}", obj))
    return list(seen.values())


@pytest.mark.parametrize("qualname, function", _public_functions(), ids=lambda x: x if isinstance(x, str) else "")
def test_every_public_function_has_parameters_returns_and_an_example(qualname, function):
    doc = inspect.getdoc(function) or ""
    assert ">>> " in doc and "Examples\n--------" in doc, qualname
    if function.__name__ not in ("validated_call",):
        assert "Parameters\n----------" in doc or "Returns\n-------" in doc, qualname
    if qualname.split(".")[2] in {m.__name__.split(".")[-1] for m in MODULES}:
        # index-family functions cite their source (a paper name or equation)
        assert any(p in doc for p in ("mullick2020", "mortaz2020", "ortigosa2016", "Dembélé",
                                      "dembele", "kluska", "eq.")), qualname


def test_no_index_source_file_is_over_400_lines():
    root = Path(indices.__file__).parent
    lengths = {p.name: len(p.read_text().splitlines()) for p in root.glob("*.py")}
    assert all(n <= 400 for n in lengths.values()), lengths


# ----------------------------------------------------------- shared per-chunk quantities


@pytest.mark.parametrize("zero_division", [np.nan, 0.0, 1.0])
@pytest.mark.parametrize("n_classes", [2, 3, 6])
def test_compute_with_shared_quantities_equals_direct_calls_bit_for_bit(zero_division, n_classes):
    # compute() shares row sums, recalls, precisions ... between the indices of a chunk;
    # every value must be exactly what the index gives on its own.
    rng = np.random.default_rng(n_classes)
    stack = rng.integers(0, 4, size=(500, n_classes, n_classes)) * (
        rng.random((500, n_classes, n_classes)) < 0.6
    )
    out = compute(stack, zero_division=zero_division, chunk_size=128)
    undefined = compute(stack, chunk_size=128)
    for name, values in out.items():
        info = registry()[name]
        direct = info.function(stack, zero_division=zero_division)
        # compute() withholds an undefined index's best value; the function
        # called directly keeps the plain substitution
        withheld = np.isnan(values) & ~np.isnan(direct)
        best = info.bounds[1] if info.greater_is_better else info.bounds[0]
        assert np.all(np.isnan(undefined[name][withheld])), name
        reached = (direct[withheld] >= best - 1e-12 if info.greater_is_better
                   else direct[withheld] <= best + 1e-12)  # or passed it
        assert np.all(reached), name
        assert np.array_equal(values[~withheld], direct[~withheld], equal_nan=True), name


def test_shared_quantities_are_read_only_and_only_for_that_stack():
    from imbeval.indices import _common

    stack = np.asarray(FULL3, dtype=float)
    other = stack.copy()
    with _common.shared_quantities(stack):
        first = _common.recalls(stack, np.nan)
        assert _common.recalls(stack, np.nan) is first  # computed once
        assert not first.flags.writeable
        assert _common.recalls(stack, 0.0) is not first  # another zero_division
        assert _common.recalls(other, np.nan) is not first  # another stack
        assert _common.recalls(other, np.nan).flags.writeable
    assert _common.recalls(stack, np.nan).flags.writeable  # outside the block: fresh
