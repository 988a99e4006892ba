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


def int_list(text: str) -> list[int]:
    """``N`` or ``N,N,...`` (non-negative integers) of ``--run`` and ``--folds``."""
    try:
        values = [int(v) for v in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected N or N,N,... (integers), got {text!r}") from None
    if any(v < 0 for v in values):
        raise argparse.ArgumentTypeError(f"expected non-negative integers, got {text!r}")
    return values
