"""The CLI tree is the pipeline: its commands, help on every argument, one meaning of
``--out`` / ``--out-dir``, and a fast ``imbeval --help``."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from imbeval.cli import build_parser, main


def _subparsers(parser):
    return [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]


def walk(parser, path=("imbeval",)):
    """(command path, parser) for every parser of the tree, the root included."""
    yield path, parser
    for action in _subparsers(parser):
        for name, sub in action.choices.items():
            yield from walk(sub, (*path, name))


def leaf_arguments():
    """(command, argument action) for every argument a user can give, -h/--version aside."""
    for path, parser in walk(build_parser()):
        for action in parser._actions:
            if isinstance(action, (argparse._HelpAction, argparse._VersionAction)):
                continue
            yield " ".join(path), action


def test_top_level_commands_are_the_stages_and_the_tools():
    (action,) = _subparsers(build_parser())
    assert list(action.choices) == ["indices", "audit", "score", "compare", "evaluate", "check",
                                    "recommend", "data",
                                    "experiment", "papers", "provenance", "replicate", "report",
                                    "theory"]


def test_every_stage_item_is_a_subcommand():
    tree = {" ".join(path) for path, _ in walk(build_parser())}
    for item in ("problems", "run", "collect", "figures", "features fashion-mnist",
                 "features digits", "features inception", "features image-folder",
                 "features table"):
        assert f"imbeval experiment {item}" in tree
    for item in ("audit", "mullick2020-fig2", "mullick2020-fig6", "ortigosa2016-fig7",
                 "ortigosa2016-ssup", "dembele-fig2"):
        assert f"imbeval theory {item}" in tree
    for item in ("mortaz2020-examples", "mortaz2020-grid", "mortaz2020-identity",
                 "mortaz2020-figures", "dembele",
                 "dembele-mnist", "kluska", "ortigosa2016", "collate"):
        assert f"imbeval papers {item}" in tree


def test_every_argument_and_subcommand_has_help():
    missing = [f"{cmd} {action.option_strings or action.dest}"
               for cmd, action in leaf_arguments()
               if not isinstance(action, argparse._SubParsersAction) and not (action.help or "").strip()]
    assert missing == []
    for path, parser in walk(build_parser()):
        for action in _subparsers(parser):
            # a subcommand added without help= has no entry in _choices_actions
            helped = {c.dest for c in action._choices_actions if (c.help or "").strip()}
            assert helped == set(action.choices), " ".join(path)


def test_out_is_a_file_and_out_dir_a_folder_everywhere():
    seen = {"--out": 0, "--out-dir": 0}
    for cmd, action in leaf_arguments():
        options = set(action.option_strings)
        # a file option takes a path; recommend's --output names a kind of classifier output
        file_like = {"--output"} if action.choices is None else set()
        assert not options & ({"--out-folder", "--table-dir", "--csv", "--md"} | file_like), cmd
        if "--out-dir" in options:
            seen["--out-dir"] += 1
            assert action.metavar == "DIR", cmd
        if "--out" in options:
            seen["--out"] += 1
            assert action.metavar not in (None, "DIR"), cmd      # names a kind of file
    assert seen["--out-dir"] >= 15 and seen["--out"] >= 2


def test_papers_has_no_second_entry_point():
    import imbeval_repro.cli.papers as papers

    assert not hasattr(papers, "main")


def test_help_imports_no_heavy_library():
    code = ("import sys; from imbeval.cli import build_parser; build_parser(); "
            "print(','.join(m for m in ('pandas', 'sklearn', 'matplotlib', 'tensorflow', 'scipy') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


@pytest.mark.parametrize("argv", [["papers", "collate", "x.csv", "--out", "table.md"]])
def test_collate_out_must_be_a_csv(argv, capsys):
    assert main(argv) == 2
    assert "--out must name a .csv" in capsys.readouterr().err


def test_every_registered_figure_names_a_command_of_the_tree():
    from imbeval_repro.figures.registry import figures

    tree = {" ".join(path) for path, _ in walk(build_parser())}
    assert [f.command for f in figures() if f.command not in tree] == []
