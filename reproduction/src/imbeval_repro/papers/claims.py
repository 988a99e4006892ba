"""Verdict rows for what the papers *state* about their figures, checked on our results.

:mod:`imbeval_repro.verdicts` compares printed numbers; a figure mostly carries claims
("Precision varies most", "the G-DR cuts lie between the EDR and the min-DR"). Each claim
becomes one row of ``results/verdicts.csv`` with the number that decides it (the
claim's *margin*), the threshold it is checked against and, for a run's number, the
interval of the margin, its method and the decision's p-value, so the verdict is visible
beside the evidence.

The module is the face of three of one idea each:

- :mod:`imbeval_repro.verdicts.claim_rules`: what a claim's words require (:data:`THRESHOLDS`,
  written out as ``docs/claims.md`` with its Methods) and the decision rule
  (:func:`decide`, :func:`judge`);
- :mod:`imbeval_repro.papers.mullick2020.claims`: Fig. 2's numbers, the experiment's Figs. 3,
  4a, 4b and 5 (and the user's indices beside them; ``claims.csv`` is these rows), and
  Fig. 6 against the audit;
- :mod:`imbeval_repro.papers.mortaz2020.claims`: the statements about Figs. 1-4's sweep;
- :mod:`imbeval_repro.papers.ortigosa2016.claims`: the statements of Section 3.3 and the appendix.

:func:`stage_rows` gathers the rows whose inputs a run has.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from imbeval_repro import verdicts as cmp
from imbeval_repro.verdicts.claim_rules import (SIGN_TOL, THRESHOLDS, Judgement, Threshold, decide,
                                        judge, methods_markdown, thresholds_markdown)
from imbeval_repro.papers.mullick2020.claims import (AUDIT_BASIS, FIG3_LABELS, FIG4_LABELS,
                                               PAPER_FIG6, claims_table,
                                               mullick_experiment_rows, mullick_fig2_rows,
                                               mullick_fig6_rows, mullick_user_rows)
from imbeval_repro.papers.ortigosa2016.claims import ortigosa_figure_rows

__all__ = ["Threshold", "THRESHOLDS", "SIGN_TOL", "Judgement", "decide", "judge",
           "thresholds_markdown", "methods_markdown", "FIG3_LABELS", "FIG4_LABELS",
           "PAPER_FIG6", "AUDIT_BASIS", "mullick_fig2_rows", "mullick_experiment_rows",
           "mullick_fig6_rows", "mullick_user_rows", "claims_table", "ortigosa_figure_rows",
           "stage_rows", "decided_rows"]


def stage_rows(*, fig2_numbers=None, experiment_dir=None, audit_fig6=None,
               ortigosa_dir=None, dataset=None, experiment_claims=None):
    """Every row above whose inputs are given (directories hold the figure CSVs).

    ``experiment_claims`` is the experiment's ``claims.csv`` (``imbeval experiment
    figures``): its claims as decided there, once, read back (the workflow's way).
    ``experiment_dir`` instead is the experiment's result folder (``run_indices.csv``,
    ``fold_indices.csv``, ``problems.csv``), whose claims are then decided here; they need ``dataset``, the run's
    dataset as :func:`imbeval_repro.experiment.data.labels.run_dataset` names it.
    """
    if experiment_claims is not None and experiment_dir is not None:
        raise ValueError("give the experiment's claims.csv or its result folder, not both")
    rows = []
    if fig2_numbers is not None:
        rows += mullick_fig2_rows(fig2_numbers)
    if experiment_claims is not None:
        rows += decided_rows(experiment_claims)
    if experiment_dir is not None:
        if not dataset:
            raise ValueError("the experiment's claims need the run's dataset")
        d = Path(experiment_dir)
        from imbeval_repro.experiment.protocol.collect import FOLD_TABLE, RUN_TABLE
        from imbeval_repro.papers.mullick2020 import experiment as ex

        indices, problems = pd.read_csv(d / RUN_TABLE), pd.read_csv(d / "problems.csv")
        # a run table's Fig. 5 cells rest on the fold values beside it
        folds = (ex.read_fold_table(d / FOLD_TABLE, ex.multi_class_problems(problems))
                 if ex.is_run_table(indices) else None)
        rows += mullick_experiment_rows(indices, problems, basis=cmp.run_basis(dataset),
                                        folds=folds)
        rows += mullick_user_rows(indices, problems, basis=cmp.run_basis(dataset),
                                  folds=folds)
    if audit_fig6 is not None:
        rows += mullick_fig6_rows(audit_fig6)
    if ortigosa_dir is not None:
        d = Path(ortigosa_dir)
        rows += ortigosa_figure_rows(d / "fig2.csv", d / "fig3.csv", d / "fig4.csv",
                                     d / "ssup_table.csv", d / "fig7.csv")
    return rows


def decided_rows(claims_csv) -> list[dict]:
    """The rows of a ``claims.csv`` that ``imbeval experiment figures`` decided (and
    adjusted within each figure), read back as verdict rows: the verdict table takes the
    claims as decided there rather than deciding them again from the same runs.
    :func:`imbeval_repro.verdicts.adjust` of the whole verdict table forms the same families
    (a figure's claims are the whole of its family) and leaves their verdicts as they are.
    """
    return cmp.read_parts([claims_csv]).to_dict("records")
