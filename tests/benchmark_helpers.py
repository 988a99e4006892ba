"""Loading a script of ``benchmarks/`` as a module in a test (the scripts are not a package;
they import their siblings, as ``python benchmarks/<script>.py`` lets them)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def load_benchmark(name: str):
    """The module of ``benchmarks/<name>.py``, with ``benchmarks/`` on ``sys.path`` so that
    its imports of sibling scripts resolve."""
    if str(BENCHMARKS) not in sys.path:
        sys.path.insert(0, str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
