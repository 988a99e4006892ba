"""The protocol's defaults are held once (imbeval_repro.experiment.protocol.settings) and agree with the schema."""

from __future__ import annotations

import inspect
from dataclasses import asdict, fields
from pathlib import Path

import yaml

from imbeval_repro.experiment.protocol.settings import DEFAULTS, ProtocolSettings
from imbeval_repro.experiment.protocol import cv
from imbeval import rrt

ROOT = Path(__file__).resolve().parents[2]


def _schema_protocol():
    schema = yaml.safe_load(open(ROOT / "workflow" / "schemas" / "experiment.schema.yaml"))
    return schema["properties"]["protocol"]["properties"]


def test_defaults_equal_the_schema_defaults():
    props = _schema_protocol()
    for f in fields(ProtocolSettings):
        assert f.name in props, f"{f.name} is not a key of the schema's protocol block"
        assert props[f.name]["default"] == getattr(DEFAULTS, f.name), f.name


def test_library_functions_default_to_the_settings():
    for fn, names in ((rrt.plan_test_set, ("min_count", "infeasible")),
                      (cv.rrt_test_sets, ("min_count", "infeasible")),
                      (cv.run_protocol, ("inner_folds", "scoring", "min_count", "infeasible"))):
        params = inspect.signature(fn).parameters
        for name in names:
            assert params[name].default == getattr(DEFAULTS, name), (fn.__name__, name)


def test_from_config_overlays_and_ignores_other_keys():
    s = ProtocolSettings.from_config({"folds": 2, "min_count": 7, "schemes": {"two_class": ["1"]}})
    assert (s.folds, s.min_count, s.inner_folds) == (2, 7, DEFAULTS.inner_folds)
    assert ProtocolSettings.from_config(None) == DEFAULTS
    assert asdict(ProtocolSettings.from_config({})) == asdict(DEFAULTS)
