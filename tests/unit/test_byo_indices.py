"""A user's index: registered with add_index or named by import path."""

from __future__ import annotations

import sys
import types

import numpy as np
import pytest
from byo_helpers import clean_registry  # noqa: F401  (fixture)

from imbeval.audit import AuditSizes, audit_index
from imbeval.indices import add_index, compute, load_index, registry

pytestmark = pytest.mark.usefixtures("clean_registry")

CM3 = np.array([[50, 3, 2], [4, 20, 1], [1, 1, 8]])


@pytest.fixture
def usermod(monkeypatch):
    """A module of user functions, importable as ``usermod``."""
    mod = types.ModuleType("usermod")

    def acc(cm):
        cm = np.asarray(cm, dtype=float)
        return np.trace(cm, axis1=-2, axis2=-1) / cm.sum(axis=(-2, -1))

    def tpr(cm):
        cm = np.asarray(cm, dtype=float)
        if cm.shape[-1] != 2:
            raise ValueError("two-class only")
        return cm[..., 0, 0] / cm[..., 0, :].sum(-1)

    def wrong_shape(cm):
        return np.zeros(3)

    def raises(cm):
        raise ZeroDivisionError("boom")

    mod.acc, mod.tpr, mod.wrong_shape, mod.raises = acc, tpr, wrong_shape, raises
    mod.not_callable = 3
    monkeypatch.setitem(sys.modules, "usermod", mod)
    return mod


def test_import_path_registers_plain_function_like_a_builtin(usermod):
    info = load_index("usermod:acc")
    assert (info.name, info.paper, info.scope) == ("acc", "user", "multi-class")
    values = compute(CM3)
    assert "acc" in values
    assert values["acc"] == pytest.approx(values["accuracy"])
    # a stack keeps its shape, and names= selects it like any index
    stack = np.stack([CM3, CM3 * 2, CM3.T])
    np.testing.assert_allclose(compute(stack, names=["acc"])["acc"], compute(stack)["accuracy"])


def test_scope_detected_two_class(usermod):
    info = load_index("usermod:tpr")
    assert info.scope == "two-class"
    assert "tpr" in compute(np.array([[3, 1], [2, 4]]))
    assert "tpr" not in compute(CM3)


def test_add_index_keeps_metadata_and_function(clean_registry):
    @add_index(name="diag_share", formula="tr M / sum M", scope="multi-class", bounds=(0, 1),
               symbol="DS")
    def diag_share(cm, zero_division=np.nan):
        """Share of points on the diagonal."""
        cm = np.asarray(cm, dtype=float)
        return np.trace(cm, axis1=-2, axis2=-1) / cm.sum(axis=(-2, -1))

    info = registry()["diag_share"]
    assert (info.symbol, info.formula, info.bounds, info.description) == (
        "DS", "tr M / sum M", (0.0, 1.0), "Share of points on the diagonal.")
    assert diag_share(CM3) == pytest.approx(compute(CM3)["accuracy"])
    # the same function by import path is found under its registration
    mod = types.ModuleType("regmod")
    mod.diag_share = diag_share
    sys.modules["regmod"] = mod
    try:
        assert load_index("regmod:diag_share").name == "diag_share"
    finally:
        del sys.modules["regmod"]


def test_example_module_registers_on_import():
    info = load_index("byo_indices:nmacro_f1")
    assert info.name == "nmacro_f1" and info.bounds == (0.0, 1.0)
    # row normalisation: invariant to the test set's class sizes
    scaled = CM3 * np.array([[1.0], [7.0], [0.5]])
    assert compute(scaled)["nmacro_f1"] == pytest.approx(compute(CM3)["nmacro_f1"])


@pytest.mark.parametrize("spec, message", [
    ("usermod:wrong_shape", "returns shape (3,) for a stack of shape"),
    ("usermod:raises", "raises on a valid 2-class stack of shape (4, 2, 2): ZeroDivisionError: boom"),
    ("usermod:not_callable", "is not callable"),
    ("usermod:missing", "module 'usermod' has no attribute 'missing'"),
    ("no_such_module_xyz:f", "no module named 'no_such_module_xyz'"),
    ("not an index", "neither a registered index nor an import path"),
])
def test_bad_index_one_clear_message(usermod, spec, message):
    before = set(registry())
    with pytest.raises(ValueError) as err:
        load_index(spec, "experiment.indices[1]")
    text = str(err.value)
    assert text.startswith("experiment.indices[1]: ") and message in text
    assert set(registry()) == before  # nothing half-registered


def test_name_clash_with_builtin_is_refused(usermod, monkeypatch):
    mod = types.ModuleType("clash")
    mod.accuracy = usermod.acc
    monkeypatch.setitem(sys.modules, "clash", mod)
    with pytest.raises(ValueError, match="already the index of mortaz2020"):
        load_index("clash:accuracy")


def test_audit_of_user_copy_of_accuracy_matches_registered(usermod):
    info = load_index("usermod:acc")
    sizes = AuditSizes.quick()
    mine = audit_index(info.function, name="acc", scope=info.scope, sizes=sizes, seed=3,
                       influence_functions=False)
    ref = audit_index(registry()["accuracy"].function, name="accuracy", scope="multi-class",
                      sizes=sizes, seed=3, influence_functions=False)
    assert (mine.condition1, mine.condition2, mine.condition3) == (
        ref.condition1, ref.condition2, ref.condition3)
    assert mine.condition1 is False and mine.condition2 is True


# --- the command line ---------------------------------------------------------------------

def test_cli_audit_index_user_copy_of_accuracy(capsys, tmp_path):
    from imbeval.cli import main

    assert main(["audit", "--index", "byo_indices:my_accuracy", "--only", "accuracy", "--quick",
                 "--classes", "2-5", "--quiet", "--no-figure"]) == 0
    table = capsys.readouterr().out.partition("\n\n")[0]  # the verdicts in words follow
    lines = {line.split()[0]: line.split() for line in table.splitlines()[2:]}
    # index, paper, scope, C1, C2, C3: the same verdicts for the copy and the original
    assert lines["my_accuracy"][2:6] == lines["accuracy"][2:6] == [
        "multi-class", "fails", "holds", "fails"]
    assert lines["my_accuracy"][1] == "user"


def test_cli_indices_with_user_index(capsys, tmp_path):
    from imbeval.cli import main

    path = tmp_path / "m.json"
    path.write_text("[[40, 10], [30, 920]]")
    assert main(["indices", str(path), "--index", "byo_indices:my_accuracy",
                 "--only", "accuracy"]) == 0
    rows = {line.split()[0]: line.split()[1] for line in capsys.readouterr().out.splitlines()[2:]}
    assert rows == {"accuracy": "0.960000", "my_accuracy": "0.960000"}
    assert main(["indices", str(path), "--index", "byo_indices:nope"]) == 2
    assert "--index: 'byo_indices:nope' does not import" in capsys.readouterr().err
