"""The figure registry: every entry resolves, the CLI agrees with it, and the files it
lists are the files the figure's writer produces."""

from __future__ import annotations

import pytest

from imbeval_repro.cli import theory as cli_theory
from imbeval_repro.figures.registry import FIGURES, STAGES, FigureInfo, figures


def test_every_named_function_imports():
    for info in FIGURES.values():
        assert info.stage in STAGES
        for what in ("data", "plot", "make"):
            if getattr(info, what) is not None:
                assert callable(info.load(what)), (info.name, what)


def test_names_are_paper_dash_figure_and_unique():
    names = [f.name for f in figures()]
    assert len(names) == len(set(names))
    assert all(n.startswith(f.paper + "-") for n, f in FIGURES.items())


def test_theory_cli_offers_exactly_the_registered_theory_figures():
    assert set(cli_theory.FIGURES) == {f.name for f in figures(stage="theory")}


def test_filters_and_errors():
    assert {f.paper for f in figures(paper="kluska")} == {"kluska"}
    assert all(f.stage == "papers" for f in figures(stage="papers"))
    with pytest.raises(ValueError, match="stage"):
        figures(stage="nope")
    with pytest.raises(ValueError, match="no plot"):
        FIGURES["ortigosa2016-fig6"].load("plot")


@pytest.mark.parametrize("name", ["dembele-fig2", "ortigosa2016-ssup", "ortigosa2016-fig6"])
def test_make_writes_the_listed_files(tmp_path, name):
    info: FigureInfo = FIGURES[name]
    info.load("make")(tmp_path / info.paper)
    written = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file())
    assert written == sorted(info.files(root=".")[i][2:] for i in range(len(info.files())))
