"""Every figure the pipeline draws, by name: its paper, stage, files and functions.

One :class:`FigureInfo` per figure, so that the CLI and the Snakemake rules can list the
figures (and their output files) from here instead of keeping their own lists. Functions
are named as ``"module:function"`` strings and imported only by :meth:`FigureInfo.load`,
so reading the registry (e.g. while Snakemake parses the rules) imports no plotting code.

Conventions of the functions named:

- ``data`` computes what is drawn as a DataFrame (or a dict of them for Fig. 2 of mullick2020);
- ``plot`` draws it and returns a matplotlib Figure;
- ``make`` writes the figure's files into a folder (``make(out_dir, ...)``), through
  :func:`imbeval.utils.plot.save_figure`. Figures drawn by a stage's CLI command
  together with tables (mortaz2020 Figs. 1-4, the kluska ROC curve, the experiment
  figures) name the command instead (``command``).

Example::

    >>> from imbeval_repro.figures.registry import FIGURES, figures
    >>> [f.name for f in figures(stage="theory", paper="dembele")]
    ['dembele-fig1', 'dembele-fig2']
    >>> FIGURES["dembele-fig2"].files()
    ['results/figures/dembele/fig2.pdf', 'results/figures/dembele/fig2.png', 'results/figures/dembele/fig2.csv', 'results/figures/dembele/fig2_zero_curve.csv']
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

__all__ = ["FigureInfo", "FIGURES", "STAGES", "figures"]

#: The pipeline stages that draw figures.
STAGES = ("experiment", "theory", "papers")

_PDF_PNG_CSV = ("pdf", "png", "csv")


@dataclass(frozen=True)
class FigureInfo:
    """One figure: where its files go and which functions compute, draw and write it.

    Attributes
    ----------
    name : the figure's name, ``<paper>-<figure>`` (what ``imbeval theory`` takes).
    paper : the paper; files go to ``<root>/<paper>/``.
    stage : ``"experiment"``, ``"theory"`` or ``"papers"``.
    stem : file name without suffix; the files are ``<stem>.<fmt>`` for ``formats``.
    formats : suffixes written under ``stem`` (``pdf``, ``png``, ``csv``, ``md``).
    extra : other files written beside them (names relative to the paper's folder).
    data, plot, make : ``"module:function"`` names (None where the figure has none).
    command : the CLI command that writes the figure.
    needs : inputs beyond the config (e.g. ``"audit.csv"``).
    """

    name: str
    paper: str
    stage: str
    stem: str
    command: str
    formats: tuple[str, ...] = _PDF_PNG_CSV
    extra: tuple[str, ...] = ()
    data: str | None = None
    plot: str | None = None
    make: str | None = None
    needs: tuple[str, ...] = ()

    def files(self, root: str = "results/figures") -> list[str]:
        """The files this figure writes, as paths under ``root`` (forward slashes)."""
        folder = f"{root}/{self.paper}"
        return [f"{folder}/{self.stem}.{fmt}" for fmt in self.formats] + [
            f"{folder}/{name}" for name in self.extra]

    def load(self, what: str = "make"):
        """The function named by ``what`` (``"data"``, ``"plot"`` or ``"make"``), imported."""
        if what not in ("data", "plot", "make"):
            raise ValueError(f"what must be 'data', 'plot' or 'make', got {what!r}")
        target = getattr(self, what)
        if target is None:
            raise ValueError(f"figure {self.name!r} has no {what} function")
        module, _, function = target.partition(":")
        return getattr(importlib.import_module(module), function)


def _theory(paper, stem, module, data=None, plot=None, make=None, **kw):
    return FigureInfo(name=f"{paper}-{stem}", paper=paper, stage="theory", stem=stem,
                      command=f"imbeval theory {paper}-{stem}",
                      data=data and f"{module}:{data}", plot=plot and f"{module}:{plot}",
                      make=f"{module}:{make or 'make_' + stem}", **kw)


_MU = "imbeval_repro.papers.mullick2020.figures"
_MU_T = "imbeval_repro.papers.mullick2020.theory_figures"
_OG = "imbeval_repro.papers.ortigosa2016.figures"
_MZ = "imbeval_repro.papers.mortaz2020.figures"

_ALL = [
    # experiment stage: drawn together by `imbeval experiment figures` (draw_all)
    *[FigureInfo(name=f"mullick2020-{stem}", paper="mullick2020", stage="experiment",
                 stem=stem, command="imbeval experiment figures", data=f"{_MU}:{stem}_data",
                 make=f"{_MU}:draw_all", extra=("claims.csv",),
                 needs=("fold_indices.csv", "problems.csv"))
      for stem in ("fig3", "fig4a", "fig4b", "fig5")],
    # theory stage: one `imbeval theory NAME` each
    _theory("mullick2020", "fig1", _MU_T, data="fig1_data", plot="plot_fig1"),
    _theory("mullick2020", "fig2", _MU_T, data="fig2_data", plot="plot_fig2",
            extra=("fig2_points.csv", "fig2_numbers.csv")),
    _theory("mullick2020", "fig6", _MU_T, data="fig6_data", plot="plot_fig6",
            needs=("audit.csv",)),
    _theory("ortigosa2016", "fig1", _OG, data="fig1_data", plot="plot_fig1"),
    _theory("ortigosa2016", "fig2", _OG, data="influence_data"),
    _theory("ortigosa2016", "fig3", _OG, data="influence_data"),
    _theory("ortigosa2016", "fig4", _OG, data="influence_data"),
    _theory("ortigosa2016", "fig6", _OG),
    _theory("ortigosa2016", "fig7", _OG, data="fig7_cuts"),
    FigureInfo(name="ortigosa2016-ssup", paper="ortigosa2016", stage="theory",
               stem="ssup_table", command="imbeval theory ortigosa2016-ssup",
               formats=("csv", "md"), data=f"{_OG}:ssup_table", make=f"{_OG}:make_ssup_table"),
    _theory("dembele", "fig1", "imbeval_repro.papers.dembele.figures", data="fig1_data", plot="plot_fig1"),
    _theory("dembele", "fig2", "imbeval_repro.papers.dembele.figures", data="lambda2_grid",
            extra=("fig2_zero_curve.csv",)),
    # papers stage: drawn by `imbeval papers ...` beside the tables
    *[FigureInfo(name=f"mortaz2020-fig{k}", paper="mortaz2020", stage="papers",
                 stem=f"fig{k}", command="imbeval papers mortaz2020-figures",
                 formats=("pdf", "png"), extra=("figs_1_4_sweep.csv",),
                 data=f"{_MZ}:sweep", plot=f"{_MZ}:plot")
      for k in (1, 2, 3, 4)],
    FigureInfo(name="kluska-roc_curve", paper="kluska", stage="papers", stem="roc_curve",
               command="imbeval papers kluska", data="imbeval_repro.papers.kluska.figures:curve_data",
               plot="imbeval_repro.papers.kluska.figures:plot"),
]

#: Every figure by name, in pipeline order (experiment, theory, papers).
FIGURES: dict[str, FigureInfo] = {f.name: f for f in _ALL}


def figures(stage: str | None = None, paper: str | None = None) -> list[FigureInfo]:
    """The figures of one stage and/or paper (all if both are None), in registry order."""
    if stage is not None and stage not in STAGES:
        raise ValueError(f"stage must be one of {STAGES}, got {stage!r}")
    return [f for f in FIGURES.values()
            if (stage is None or f.stage == stage) and (paper is None or f.paper == paper)]
