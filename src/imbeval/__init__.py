"""imbeval: performance indices for imbalanced classification and a pipeline that
regenerates the figures and tables of five papers on them.

Layers (each a subpackage with one job): ``indices`` (pure functions of confusion-matrix
stacks), ``audit``, ``data``, ``features``, ``classifiers``, ``protocol``, ``figures``,
``tables`` and the ``cli`` that the Snakemake rules call.
"""

__version__ = "0.1.0"
