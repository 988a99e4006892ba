"""``imbeval experiment ITEM``: the steps of the experiment stage (mullick2020 Section 5);
the Snakemake rules of workflow/rules/experiment.smk call these.

- ``features``  per-concept feature shards (``features fashion-mnist|digits|inception``,
  :mod:`imbeval_repro.cli._experiment_features`);
- ``problems``  build the two-class and multi-class problems from concept feature shards:
  ``OUT_DIR/<problem>.npz`` and a summary table;
- ``run``       outer folds of one (problem, classifier) and run(s): outer stratified CV, in-fold
  tuning, the five RRT test sets per fold, a confusion matrix per test set -> one JSON fold
  file per fold (``--out-dir``), or a run file of one whole run (``--out``);
- ``collect``   fold files (or run files) -> fold_indices.csv, confusion_matrices.csv, test_sets.csv,
  hyperparameters.csv, summary.csv;
- ``figures``   Figs. 3, 4a, 4b, 5 (PDF, PNG, CSV) and claims.csv;
- ``keel-problems``  the config's KEEL datasets as problem files, their table, the
  collection's catalogue and the left-out sets (:mod:`imbeval_repro.cli._experiment_keel`).

``--settings`` takes JSON: for ``problems`` the config's ``experiment`` section (``concepts``
is not needed), for ``run`` ``{"protocol": {...}, "classifier": {"params": {...},
"grid": {...}}}`` (plus ``"estimator": "module:name"`` for a user's classifier).
``collect --indices`` takes registered names, ``all`` and import paths of user indices.

Each item lives in its own module ``imbeval_repro.cli._experiment_<item>`` (this module only
adds their parsers); a rule lists its item's module among its inputs (``sources`` in
workflow/rules/common.smk), so an edit of one item's command reruns that item's jobs only.
"""

from __future__ import annotations

import argparse

from imbeval_repro.cli import _experiment_collect
from imbeval_repro.cli import _experiment_features
from imbeval_repro.cli import _experiment_figures
from imbeval_repro.cli import _experiment_keel
from imbeval_repro.cli import _experiment_problems
from imbeval_repro.cli import _experiment_reference
from imbeval_repro.cli import _experiment_run
from imbeval_repro.cli import _experiment_scores

#: The items, in the order of the stage; each module has ``register(subparsers)``.
ITEMS = (_experiment_features, _experiment_problems, _experiment_run, _experiment_collect,
         _experiment_figures, _experiment_scores, _experiment_keel, _experiment_reference)


def register(subparsers) -> None:
    """Add ``experiment`` and its items to the top-level subparsers."""
    parser = subparsers.add_parser(
        "experiment", help="stage 'experiment': features, problems, runs, result tables, figures",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="item", metavar="ITEM")
    sub.required = True
    for item in ITEMS:
        item.register(sub)
