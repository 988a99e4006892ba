"""Command-line interface: ``imbeval <command> ...``.

The library's commands are ``imbeval indices`` (indices of a confusion matrix), ``imbeval
audit`` (the index auditor), ``imbeval score`` (per-fold predictions to a score table),
``imbeval compare`` (which classifier wins, by index), ``imbeval evaluate`` (how much of
a score is the test set's class ratio), ``imbeval check`` (are a table's reported scores
possible, and what they imply) and ``imbeval recommend`` (which indices for a problem,
with the audit's reasons). Other
distributions add commands through the entry-point group :data:`ENTRY_POINT_GROUP` (the
reproduction adds ``experiment``, ``theory``, ``papers``, ``report``, ``data``,
``provenance`` and ``replicate``). Options: ``--out-dir DIR`` names a folder to write into,
``--out FILE`` a file; a list option takes its items comma-separated, repeated or both, and
``--pos-label`` defaults to scikit-learn's ``1`` (:mod:`imbeval.cli._options`, shared by
every command).

Each command is a module exposing ``register(subparsers)``, which adds its parser and sets
``func`` (called with the parsed arguments, returning an exit code). Modules keep heavy
imports inside ``func`` so that ``imbeval --help`` stays fast.
"""

from __future__ import annotations

import argparse
import importlib
import sys

#: The library's own command modules, ``imbeval.cli.<name>``.
COMMANDS = ("indices", "audit", "score", "compare", "evaluate", "check", "recommend")

#: The entry-point group through which an installed distribution adds commands: each entry
#: names a module with ``register(subparsers)``.
ENTRY_POINT_GROUP = "imbeval.commands"


def command_modules() -> dict:
    """``{command: module name}``: the library's commands, then those of the entry points
    (sorted by name; an entry point cannot replace a library command)."""
    from importlib.metadata import entry_points

    modules = {name: f"imbeval.cli.{name}" for name in COMMANDS}
    for entry in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        modules.setdefault(entry.name, entry.value)
    return modules


def build_parser() -> argparse.ArgumentParser:
    """The ``imbeval`` parser with every command of :data:`COMMANDS`."""
    from imbeval import __version__

    parser = argparse.ArgumentParser(
        prog="imbeval",
        description="Performance indices for imbalanced classification.",
    )
    parser.add_argument("--version", action="version", version=f"imbeval {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    subparsers.required = True
    for module in command_modules().values():
        importlib.import_module(module).register(subparsers)
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
