"""Argument types shared by the ``imbeval experiment`` items (each in its own module, so that
a job's rule inputs are the code of its item only: see :mod:`imbeval_repro.cli.experiment`)."""

from __future__ import annotations

import argparse
import json


def settings_json(text: str) -> dict:
    """The JSON object of a ``--settings`` option; ``ValueError`` if it is not one."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"--settings is not valid JSON: {exc}") from exc
    if not isinstance(value, dict):
        raise ValueError("--settings must be a JSON object")
    return value


def non_negative_int(text: str) -> int:
    """One item of ``--run`` and ``--folds`` (list options: ``N,N`` or repeated)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("expected a non-negative integer") from None
    if value < 0:
        raise argparse.ArgumentTypeError("expected a non-negative integer")
    return value
