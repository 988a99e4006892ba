"""Figures of the five papers, one module per paper, plotted from result files or from
numbers computed on the spot (theory and synthetic figures).

Modules: experiment and table figures (e.g. :mod:`~imbeval.figures.mortaz2020`,
:mod:`~imbeval.figures.kluska`); theory figures :mod:`~imbeval.figures.mullick2020_theory`
(Fig. 2, Fig. 6), :mod:`~imbeval.figures.ortigosa2016` (Figs. 2, 3, 4, 6, 7, the S_sup
table) and :mod:`~imbeval.figures.dembele` (Fig. 2).

Convention: ``<fig>_data(...) -> DataFrame`` computes what is drawn, ``plot...(data) ->
Figure`` draws it, and :func:`imbeval.figures._output.save_figure` writes PDF + PNG + CSV.
:mod:`imbeval.figures.registry` lists every figure (name -> paper, stage, files, function).
"""

import matplotlib

# Set once for the package: figures are written to files, never shown, and the jobs run
# without a display.
matplotlib.use("Agg")
