"""Figures of the five papers, one module per paper, plotted from result files or from
numbers computed on the spot (theory and synthetic figures).

Modules: experiment and table figures (e.g. :mod:`~imbeval_repro.papers.mortaz2020.figures`,
:mod:`~imbeval_repro.papers.kluska.figures`); theory figures :mod:`~imbeval_repro.papers.mullick2020.theory_figures`
(Fig. 2, Fig. 6), :mod:`~imbeval_repro.papers.ortigosa2016.figures` (Figs. 2, 3, 4, 6, 7, the S_sup
table) and :mod:`~imbeval_repro.papers.dembele.figures` (Fig. 2).

Convention: ``<fig>_data(...) -> DataFrame`` computes what is drawn, ``plot...(data) ->
Figure`` draws it, and :func:`imbeval.utils.plot.save_figure` writes PDF + PNG + CSV.
:mod:`imbeval_repro.figures.registry` lists every figure (name -> paper, stage, files, function).
"""

import matplotlib

# Set once for the package: figures are written to files, never shown, and the jobs run
# without a display.
matplotlib.use("Agg")
