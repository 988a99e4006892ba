"""The import walker behind the workflow's rule inputs (imbeval.cli._sources)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from imbeval.cli._sources import module_sources

SRC = Path(__file__).resolve().parents[2] / "src"


def _package(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    return root


@pytest.fixture
def fake(tmp_path):
    """A small fake ``imbeval`` with every kind of import the walker must follow."""
    return _package(tmp_path, {
        "imbeval/__init__.py": "",
        "imbeval/_io.py": "import os\n",
        "imbeval/unused.py": "",
        "imbeval/cli/__init__.py": "import argparse\n",
        "imbeval/cli/run.py": """
            from imbeval.cli import helper            # a submodule named in from-import
            def main():
                from imbeval.lib.deep import thing    # function-level import
                import imbeval.other                  # plain import
            """,
        "imbeval/cli/helper.py": "from . import sibling\n",          # relative import
        "imbeval/cli/sibling.py": "from ..lib import shallow\n",     # relative, two levels
        "imbeval/lib/__init__.py": "",
        "imbeval/lib/deep.py": "from imbeval._io import write\nthing = 1\n",  # transitive
        "imbeval/lib/shallow.py": "import numpy\n",
        "imbeval/other.py": "",
    })


def rel(files, root):
    return sorted(str(Path(f).relative_to(root)) for f in files)


def test_follows_every_kind_of_import_transitively(fake):
    got = rel(module_sources("imbeval.cli.run", root=fake), fake)
    assert got == sorted([
        "imbeval/__init__.py", "imbeval/_io.py", "imbeval/other.py",
        "imbeval/cli/__init__.py", "imbeval/cli/run.py", "imbeval/cli/helper.py",
        "imbeval/cli/sibling.py", "imbeval/lib/__init__.py", "imbeval/lib/deep.py",
        "imbeval/lib/shallow.py",
    ])  # not unused.py; no numpy, os or argparse


def test_paths_relative_to_a_folder(fake):
    got = module_sources("imbeval.cli.helper", root=fake, relative_to=fake.parent)
    assert f"{fake.name}/imbeval/lib/shallow.py" in got and not Path(got[0]).is_absolute()


def test_an_import_cycle_ends(fake):
    _package(fake, {"imbeval/a.py": "import imbeval.b\n", "imbeval/b.py": "from imbeval import a\n"})
    assert rel(module_sources("imbeval.a", root=fake), fake) == [
        "imbeval/__init__.py", "imbeval/a.py", "imbeval/b.py"]


def test_unknown_module_is_a_clear_error(fake):
    with pytest.raises(ValueError, match="imbeval.nope"):
        module_sources("imbeval.nope", root=fake)
    with pytest.raises(ValueError, match="numpy"):
        module_sources("numpy", root=fake)


def test_the_real_commands_reach_the_files_the_old_lists_left_out():
    experiment = module_sources("imbeval.cli.experiment", root=SRC, relative_to=SRC)
    assert "imbeval/_io.py" in experiment
    assert "imbeval/cli/_experiment_features.py" in experiment
    assert "imbeval/protocol/collect.py" in experiment and "imbeval/figures/mullick2020.py" in experiment
    papers = module_sources("imbeval.cli.papers", root=SRC, relative_to=SRC)
    assert "imbeval/tables/comparison.py" in papers and "imbeval/figures/kluska.py" in papers
    assert not [f for f in papers if f.startswith("imbeval/cli/") and "papers" not in f
                and not f.endswith("__init__.py")]
    theory = module_sources("imbeval.cli.theory", root=SRC, relative_to=SRC)
    assert "imbeval/cli/audit.py" in theory and "imbeval/figures/ortigosa2016.py" in theory
    # each stage reaches its own library only: edits elsewhere rerun nothing of it
    assert not [f for f in theory if f.startswith(("imbeval/classifiers/", "imbeval/protocol/"))]
    features = module_sources("imbeval.cli._experiment_features", root=SRC, relative_to=SRC)
    assert not [f for f in features if f.startswith(("imbeval/classifiers/", "imbeval/protocol/"))]


def _item(item: str) -> list[str]:
    return module_sources(f"imbeval.cli._experiment_{item}", root=SRC, relative_to=SRC)


def test_each_experiment_item_reaches_only_its_own_code():
    """A fold or run job executes `imbeval experiment run`: its rule inputs (this derivation)
    hold the protocol and the classifiers, no figure, table, report or theory code; the
    features and problems jobs reach no classifier (issue 21)."""
    upper = ("imbeval/figures/", "imbeval/tables/", "imbeval/report/", "imbeval/audit/",
             "imbeval/cli/theory.py", "imbeval/cli/papers.py", "imbeval/cli/report.py")
    run = _item("run")
    assert "imbeval/classifiers/nbsvm.py" in run and "imbeval/protocol/__init__.py" in run
    assert "imbeval/_io.py" in run and "imbeval/cli/_experiment_args.py" in run
    assert not [f for f in run if f.startswith(upper)], run
    assert not [f for f in run if f.startswith("imbeval/cli/_experiment_") and
                not f.endswith(("_run.py", "_args.py"))]
    for item in ("features", "problems"):
        files = _item(item)
        assert "imbeval/_io.py" in files
        assert not [f for f in files if f.startswith(upper + ("imbeval/classifiers/", "imbeval/protocol/"))], item
    assert "imbeval/figures/mullick2020.py" in _item("figures")
    assert not [f for f in _item("figures") if f.startswith("imbeval/classifiers/")]
    # the dispatcher registers every item, so it reaches them all
    assert {f"imbeval/cli/_experiment_{i}.py" for i in ("features", "problems", "run", "collect",
                                                        "figures")} <= set(experiment_sources())


def experiment_sources() -> list[str]:
    return module_sources("imbeval.cli.experiment", root=SRC, relative_to=SRC)


def test_the_grid_model_item_reaches_no_table_figure_or_report_code():
    """`imbeval papers mortaz2020-grid-model` fits the grid (minutes on satimage): its rule
    inputs hold the protocol, classifiers and data, so editing a table's layout does not
    re-plan the fits; the papers dispatcher still reaches the item."""
    files = module_sources("imbeval.cli._papers_grid_model", root=SRC, relative_to=SRC)
    assert "imbeval/protocol/mortaz_grid.py" in files and "imbeval/data/uci.py" in files
    upper = ("imbeval/figures/", "imbeval/tables/", "imbeval/report/", "imbeval/audit/",
             "imbeval/cli/papers.py")
    assert not [f for f in files if f.startswith(upper)], files
    papers = module_sources("imbeval.cli.papers", root=SRC, relative_to=SRC)
    assert "imbeval/cli/_papers_grid_model.py" in papers
    rules = (Path(__file__).resolve().parents[2] / "workflow/rules/papers.smk").read_text()
    assert 'cli_sources("_papers_grid_model", command="papers")' in rules


def test_function_sources_follow_one_function_and_the_helpers_it_calls(tmp_path):
    root = _package(tmp_path, {
        "imbeval/__init__.py": "",
        "imbeval/cli/__init__.py": "",
        "imbeval/cli/items.py": """
            import json
            from imbeval.cli import registered     # top level, used by no item below
            from imbeval.lib import shared          # top level, called by item_a's helper
            def _write(rows):
                from imbeval.lib import writer
                return shared.f(rows)
            def item_a(args):
                from imbeval.lib import a
                return _write(a.rows())
            def item_b(args):
                from imbeval.lib import b
            """,
        "imbeval/cli/registered.py": "def register():\n    from imbeval.lib import heavy\n",
        "imbeval/lib/__init__.py": "",
        "imbeval/lib/a.py": "", "imbeval/lib/b.py": "", "imbeval/lib/writer.py": "",
        "imbeval/lib/shared.py": "", "imbeval/lib/heavy.py": "",
    })
    from imbeval.cli._sources import function_sources

    common = ["imbeval/__init__.py", "imbeval/cli/__init__.py", "imbeval/cli/items.py",
              "imbeval/cli/registered.py", "imbeval/lib/__init__.py"]
    a = rel(function_sources("imbeval.cli.items", "item_a", root=root), root)
    assert a == sorted(common + ["imbeval/lib/a.py", "imbeval/lib/shared.py",
                                 "imbeval/lib/writer.py"])
    b = rel(function_sources("imbeval.cli.items", "item_b", root=root), root)
    assert b == sorted(common + ["imbeval/lib/b.py", "imbeval/lib/shared.py"])
    # the whole module's walk holds both items and what the registered module's function reaches
    assert {"imbeval/lib/heavy.py", "imbeval/lib/a.py", "imbeval/lib/b.py"} <= set(
        rel(module_sources("imbeval.cli.items", root=root), root))
    with pytest.raises(ValueError, match="no top-level function 'item_c'"):
        function_sources("imbeval.cli.items", "item_c", root=root)


def test_each_papers_rule_lists_its_own_items_files():
    """Issue 45: every papers rule listed the 96 files `imbeval papers` reaches; now each
    lists its item's (kluska's job does not rerun when dembele's tables change)."""
    from imbeval.cli._sources import function_sources

    every = set(module_sources("imbeval.cli.papers", root=SRC, relative_to=SRC))
    kluska = set(function_sources("imbeval.cli.papers", "_kluska", root=SRC, relative_to=SRC))
    assert kluska < every and "imbeval/tables/kluska.py" in kluska
    assert not {"imbeval/tables/dembele.py", "imbeval/classifiers/__init__.py"} & kluska
    rules = (Path(__file__).resolve().parents[2] / "workflow/rules/papers.smk").read_text()
    assert 'PAPERS_SOURCES["_kluska"]' in rules and "PAPERS_SOURCES,\n" not in rules
