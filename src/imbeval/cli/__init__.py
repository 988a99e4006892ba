"""Command-line interface: ``imbeval <command> ...``.

The tree is the pipeline: ``imbeval experiment|theory|papers ITEM`` are the steps of the
three stages (the Snakemake rules call them), beside ``imbeval indices`` (indices of a
confusion matrix), ``imbeval audit`` (the index auditor) and ``imbeval data`` (datasets).
Options: ``--out-dir DIR`` names a folder to write into, ``--out FILE`` a file.

Each command lives in its own module ``imbeval.cli.<command>`` exposing
``register(subparsers)``, which adds its parser and sets ``func`` (called with the parsed
arguments, returning an exit code). Modules must keep heavy imports (TensorFlow,
scikit-learn) inside ``func`` so that ``imbeval --help`` stays fast.

The Snakemake rules call these commands, so rules stay thin.
"""

from __future__ import annotations

import argparse
import importlib
import sys

# One entry per command module; add a module here to add a command.
COMMANDS = ("experiment", "theory", "papers", "report", "indices", "audit", "data", "evaluate",
            "provenance", "compare", "replicate")


def build_parser() -> argparse.ArgumentParser:
    """The ``imbeval`` parser with every command of :data:`COMMANDS`."""
    from imbeval import __version__

    parser = argparse.ArgumentParser(
        prog="imbeval",
        description="Performance indices for imbalanced classification, and the "
        "stages of the reproduction pipeline.",
    )
    parser.add_argument("--version", action="version", version=f"imbeval {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    subparsers.required = True
    for name in COMMANDS:
        importlib.import_module(f"imbeval.cli.{name}").register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run ``imbeval`` with ``argv`` (default: the command line); returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except (ValueError, OSError, KeyError) as exc:
        # Bad input is the user's to fix: one line, no traceback, non-zero exit.
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        print(f"imbeval {args.command}: error: {message}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
