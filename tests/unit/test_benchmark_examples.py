"""The docstring examples of the benchmark scripts run with the tests (pytest collects
``--doctest-modules`` over ``src/imbeval`` only): every script under ``benchmarks/`` whose
docstrings hold an example is imported and its examples checked."""

from __future__ import annotations

import doctest
import importlib.util
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
WITH_EXAMPLES = sorted(p.name for p in BENCHMARKS.glob("*.py")
                       if ">>>" in p.read_text(encoding="utf-8"))


def test_the_scripts_with_examples_are_found():
    # the scripts known to carry examples are among them (a glob that finds nothing would
    # make the test below vacuous)
    assert {"grid_verdicts.py"} <= set(WITH_EXAMPLES)


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_a_benchmark_scripts_examples_hold(name, monkeypatch):
    monkeypatch.syspath_prepend(str(BENCHMARKS))  # scripts import their siblings
    spec = importlib.util.spec_from_file_location(f"benchmarks_{name[:-3]}", BENCHMARKS / name)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
