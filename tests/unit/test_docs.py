"""Every public name of the library says what it is (a newcomer reads the docstrings).

Public means: a module whose dotted path has no part starting with ``_``, and a function or
class defined in that module whose name does not start with ``_``; for classes, their public
methods too (an inherited docstring counts, as ``help()`` shows it).
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import imbeval


def _public_modules():
    yield imbeval
    for info in pkgutil.walk_packages(imbeval.__path__, prefix="imbeval."):
        if any(part.startswith("_") for part in info.name.split(".")[1:]):
            continue
        yield importlib.import_module(info.name)


def _undocumented():
    missing = []
    for module in _public_modules():
        if not inspect.getdoc(module):
            missing.append(f"{module.__name__} (module)")
        for name, obj in vars(module).items():
            if name.startswith("_") or getattr(obj, "__module__", None) != module.__name__:
                continue
            if not (inspect.isfunction(obj) or inspect.isclass(obj)):
                continue
            if not inspect.getdoc(obj):
                missing.append(f"{module.__name__}.{name}")
            if inspect.isclass(obj):
                for attr, member in vars(obj).items():
                    if attr.startswith("_") or not inspect.isfunction(member):
                        continue
                    if not inspect.getdoc(getattr(obj, attr)):
                        missing.append(f"{module.__name__}.{name}.{attr}")
    return missing


def test_every_public_name_has_a_docstring():
    assert _undocumented() == []


def test_the_check_sees_a_missing_docstring(monkeypatch):
    # The check itself can fail: a public function without a docstring is reported.
    from imbeval.indices import mullick2020

    def undocumented_index(cm):
        return cm

    undocumented_index.__module__ = mullick2020.__name__
    monkeypatch.setattr(mullick2020, "undocumented_index", undocumented_index, raising=False)
    assert "imbeval.indices.mullick2020.undocumented_index" in _undocumented()
