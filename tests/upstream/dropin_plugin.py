"""A pytest plugin: scikit-learn's and imbalanced-learn's metric tests, run on imbeval's drop-ins.

Loaded with ``-p dropin_plugin`` by ``run_dropin_upstream.py`` (this folder on ``sys.path``).
At configuration, before any test module is imported, it puts the 15 functions of
``imbeval.metrics.DROP_IN`` in place of the originals in ``sklearn.metrics``,
``sklearn.metrics._classification``, ``imblearn.metrics`` and
``imblearn.metrics._classification``: the upstream modules' ``from sklearn.metrics import
f1_score`` and test_common.py's dictionaries of metrics then hold imbeval's functions.

Selection: every test of the two test_classification.py modules runs; of test_common.py,
whose tests are parametrised over all of scikit-learn's metrics (regression, curves, scores),
the parametrisations of a metric that is not a drop-in are deselected (they would test
scikit-learn's own functions), and every test not parametrised by a metric runs.

Each failure is classified (:func:`failure_reason`) and the counts are written as JSON to the
path in the environment variable ``IMBEVAL_UPSTREAM_REPORT``. Two kinds of failure are the
refusals docs/metrics.md documents, ``multilabel`` and ``labels-subset``, each told by
imbeval's error message in the failure; any other failure is ``other``.
"""

from __future__ import annotations

import functools
import json
import os
import re

import pytest

PATCHED_MODULES = ("sklearn.metrics", "sklearn.metrics._classification", "imblearn.metrics",
                   "imblearn.metrics._classification")

#: the refusals docs/metrics.md documents, each recognised by imbeval's message in the
#: failure (the exception raised, or the one pytest.raises saw): multilabel indicator and
#: multi-output targets, and a label outside ``labels=`` (scikit-learn's labels subset)
REFUSALS = {
    "multilabel": re.compile(r"imbeval\.metrics scores one class label per sample"),
    "labels-subset": re.compile(r"has label\(s\) \S.* not among the labels"),
}

#: test parameters that name or hold the metric under test in test_common.py
METRIC_PARAMETERS = ("name", "metric_name", "metric")

_DROP_INS: dict = {}
_COUNTS: dict = {}


def failure_reason(text):
    """The documented refusal a failure's text shows, else ``"other"``."""
    for reason, pattern in REFUSALS.items():
        if pattern.search(text):
            return reason
    return "other"


def _patch():
    import importlib

    import imbeval.metrics as ours

    for name in ours.DROP_IN:
        _DROP_INS[name] = getattr(ours, name)
    for module_name in PATCHED_MODULES:
        module = importlib.import_module(module_name)
        for name, function in _DROP_INS.items():
            if hasattr(module, name):
                setattr(module, name, function)


def _metric_of(value, module):
    """The function a test_common parameter stands for, or None if it names no metric."""
    if isinstance(value, str):
        value = getattr(module, "ALL_METRICS", {}).get(value)
    while isinstance(value, functools.partial):
        value = value.func
    return value if callable(value) else None


def _is_drop_in(function):
    return any(function is f for f in _DROP_INS.values())


def pytest_configure(config):
    _patch()
    _COUNTS.update({"run": 0, "passed": 0, "failed": 0, "skipped": 0, "xfailed": 0,
                    "xpassed": 0, "deselected": 0, "failed_by_reason": {}, "failures": {}})


def pytest_collection_modifyitems(session, config, items):
    keep, drop = [], []
    for item in items:
        callspec = getattr(item, "callspec", None)
        if item.module.__name__.endswith("test_common") and callspec is not None:
            metrics = [_metric_of(callspec.params[p], item.module) for p in METRIC_PARAMETERS
                       if p in callspec.params]
            metrics = [m for m in metrics if m is not None]
            if metrics and not any(_is_drop_in(m) for m in metrics):
                drop.append(item)
                continue
        keep.append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        _COUNTS["deselected"] += len(drop)
    items[:] = keep


def pytest_runtest_logreport(report):
    counts = _COUNTS
    xfail = hasattr(report, "wasxfail")
    if report.when == "call" or (report.when == "setup" and not report.passed):
        counts["run"] += 1
        if report.passed:
            counts["xpassed" if xfail else "passed"] += 1
        elif report.skipped:
            counts["xfailed" if xfail else "skipped"] += 1
        else:
            reason = failure_reason(report.longreprtext)
            counts["failed"] += 1
            counts["failed_by_reason"][reason] = counts["failed_by_reason"].get(reason, 0) + 1
            counts["failures"][_test_id(report)] = {"reason": reason,
                                                  "error": _last_error(report.longreprtext)}
    elif report.when == "teardown" and report.failed:
        counts["failed_by_reason"]["teardown"] = counts["failed_by_reason"].get("teardown", 0) + 1
        counts["failures"][_test_id(report) + " (teardown)"] = {
            "reason": "other", "error": _last_error(report.longreprtext)}


def _test_id(report):
    # under --pyargs the node id lacks the module; its file is in the location
    module = os.path.splitext(os.path.basename(report.location[0]))[0]
    package = "imblearn" if "imblearn" in report.location[0] else "sklearn"
    return f"{package}.{module}::{report.nodeid.split('::', 1)[-1]}"


def _last_error(text):
    lines = [line[1:].strip() for line in text.splitlines() if line.startswith("E ")]
    return " ".join(lines)[:600]


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session):
    config = session.config
    if hasattr(config, "workerinput"):  # an xdist worker: the controller counts
        return
    path = os.environ.get("IMBEVAL_UPSTREAM_REPORT")
    if path:
        with open(path, "w") as fh:
            json.dump(_COUNTS, fh, indent=1, sort_keys=True)
