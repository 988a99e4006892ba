"""Shared by the bring-your-own tests: a registry that forgets user indices afterwards,
the examples/ folder on the import path, and the test config with the user's code."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


@pytest.fixture
def clean_registry(monkeypatch):
    """User indices registered by a test are gone after it (and example modules are
    re-imported by the next test, so their add_index runs again)."""
    from imbeval.indices import registry, unregister_index

    before = set(registry())
    monkeypatch.syspath_prepend(str(EXAMPLES))
    for name in ("byo_indices", "byo_models"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    yield
    for name in set(registry()) - before:
        if name in registry():
            unregister_index(name)
    for name in ("byo_indices", "byo_models"):
        sys.modules.pop(name, None)


USER_CLASSIFIER = {"estimator": "byo_models:make_model", "grid": {"logreg__C": [0.1, 1.0]}}
USER_INDICES = ["all", "byo_indices:nmacro_f1", "byo_indices:my_accuracy"]


def with_user_code(cfg):
    """config/test.yaml's ``cfg`` with the examples' classifier and indices added."""
    cfg["plugin_dirs"] = ["plugins", "examples"]
    cfg["experiment"]["classifiers"]["byo_logreg"] = USER_CLASSIFIER
    cfg["experiment"]["indices"] = USER_INDICES
    return cfg
