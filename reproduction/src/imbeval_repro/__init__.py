"""imbeval_repro: the reproduction of five papers on performance indices for imbalanced
classification, run by the Snakemake workflow (``snakemake --cores N``).

Packages, each using the ones before it and the library :mod:`imbeval`:

- :mod:`~imbeval_repro.experiment` -- the experiment machinery: data, features,
  classifiers and the protocol (cross-validation, RRT test sets, result tables);
- :mod:`~imbeval_repro.verdicts` -- the verdict engine: statuses, verdict rows, print
  precision, multiplicity, claim rules, replication and the collation of a run's rows;
- :mod:`~imbeval_repro.papers` -- one package per paper (its printed numbers, experiment or
  theory, claims, tables and figures);
- :mod:`~imbeval_repro.library_results` -- results about the library as a whole: the
  catalogue, Gösgens et al.'s properties, the indices of scores under RRT;
- :mod:`~imbeval_repro.report` -- the HTML report;
- :mod:`~imbeval_repro.cli` -- the commands the workflow's rules call (``imbeval
  experiment|theory|papers|report|data|provenance|replicate``).
"""

__version__ = "0.2.0"

#: The distribution's name (reproduction/pyproject.toml); its metadata lists what a run
#: rests on (:func:`imbeval_repro.provenance.distribution_versions`).
DISTRIBUTION = "imbeval-reproduction"
