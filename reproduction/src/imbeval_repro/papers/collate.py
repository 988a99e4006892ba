"""The verdict table: every item's verdict part with the claims the other stages' results
decide, Holm-adjusted within each family (``results/verdicts.csv`` and its ``.md``;
``imbeval papers collate``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pandas as pd

from imbeval_repro import verdicts as cmp

__all__ = ["REFERENCE_FILES", "collate", "missing_reference"]

#: what the shipped reference results must hold for their rows to be shown
REFERENCE_FILES = ("claims.csv", "provenance.json")


def missing_reference(folder) -> list[str]:
    """The files of :data:`REFERENCE_FILES` that ``folder`` lacks (all of them when the
    folder does not exist)."""
    folder = Path(folder)
    return [name for name in REFERENCE_FILES if not (folder / name).is_file()]


def collate(parts, out, *, fig2_numbers=None, experiment=None, experiment_claims=None,
            run_dataset=None, keel=None, keel_claims=None, reference=None, audit_fig6=None,
            ortigosa_figures=None, statements=None) -> pd.DataFrame:
    """Write the verdict table ``out`` (a ``.csv``; its Markdown beside it as ``.md``).

    Parameters
    ----------
    parts : the items' verdict parts (CSV files of ``imbeval papers ITEM --verdicts``).
    out : the CSV to write.
    fig2_numbers : mullick2020 ``fig2_numbers.csv`` of the theory stage.
    experiment : the experiment's result folder (``run_indices.csv``,
        ``fold_indices.csv``, ``problems.csv``): mullick2020's text claims, and Figs.
        3-5's unless ``experiment_claims`` gives them as decided.
    experiment_claims : ``claims.csv`` of ``imbeval experiment figures``.
    run_dataset : dict, the config's experiment dataset section (names what the run's rows
        rest on).
    keel, keel_claims : the KEEL run's result folder (its claims decided here) or its
        ``claims.csv`` as decided by ``imbeval experiment figures --keel``; not both.
    reference : the folder of the shipped reference results; when it lacks
        :data:`REFERENCE_FILES` a warning line on standard error names what is missing and
        the table has no reference rows.
    audit_fig6 : the audit's ``fig6.csv``.
    ortigosa_figures : folder of ortigosa2016 ``fig2..fig7.csv`` and ``ssup_table.csv``.
    statements : ``statements.csv`` of ``imbeval theory statements``.

    Returns
    -------
    DataFrame
        The table written.
    """
    from imbeval_repro.experiment.protocol.collect import FOLD_TABLE, RUN_TABLE
    from imbeval_repro.papers import claims
    from imbeval_repro.papers.mullick2020 import text_claims as text

    out = Path(out)
    if out.suffix != ".csv":
        raise ValueError(f"out must name a .csv file (the .md goes beside it), got {out}")
    parts = [Path(p) for p in parts]
    missing = [str(p) for p in parts if not p.exists()]
    if missing:
        raise FileNotFoundError(f"verdict parts not found: {', '.join(missing)}")
    if keel is not None and keel_claims is not None:
        raise ValueError("give keel (decide the KEEL claims here) or keel_claims (as decided "
                         "by `imbeval experiment figures --keel`), not both")
    inputs = {"fig2_numbers": fig2_numbers, "audit_fig6": audit_fig6,
              "statements": statements, "experiment_claims": experiment_claims,
              "keel_claims": keel_claims}
    absent = [f"{name} {path}" for name, path in inputs.items()
              if path is not None and not Path(path).exists()]
    if absent:
        raise FileNotFoundError(f"verdict table inputs not found: {', '.join(absent)}")
    experiment = None if experiment is None else Path(experiment)
    table = cmp.read_parts(parts)
    dataset = None
    if run_dataset is not None:
        from imbeval_repro.experiment.data.labels import run_dataset as label_of

        dataset = label_of(run_dataset).label
    # the experiment's claims are decided once, by `imbeval experiment figures`, when its
    # claims.csv is given; else here, from the run's values
    decide_here = experiment if experiment_claims is None else None
    stage = cmp.frame(claims.stage_rows(
        fig2_numbers=fig2_numbers, experiment_dir=decide_here,
        experiment_claims=experiment_claims,
        audit_fig6=audit_fig6, ortigosa_dir=ortigosa_figures, dataset=dataset))
    table = pd.concat([table, stage], ignore_index=True) if len(stage) else table
    extra = []
    if experiment is not None and dataset:
        extra += text.mullick_text_rows(experiment / RUN_TABLE, experiment / "problems.csv",
                                        basis=cmp.run_basis(dataset),
                                        folds=experiment / FOLD_TABLE)
    if audit_fig6 is not None:
        extra += text.mullick_section6_rows(audit_fig6)
    if extra:
        table = pd.concat([table, cmp.frame(extra)], ignore_index=True)
    if statements is not None:
        from imbeval_repro.verdicts.theory_rows import statement_rows

        table = pd.concat([table, cmp.frame(statement_rows(statements))], ignore_index=True)
    if keel_claims is not None:
        rows = cmp.frame(claims.decided_rows(keel_claims))
        table = pd.concat([table, rows], ignore_index=True) if len(rows) else table
    elif keel is not None:
        from imbeval_repro.papers.mullick2020.keel_claims import keel_rows

        keel = Path(keel)
        rows = cmp.frame(keel_rows(keel / RUN_TABLE, keel / "problems.csv"))
        table = pd.concat([table, rows], ignore_index=True) if len(rows) else table
    if reference is not None:
        lacking = missing_reference(reference)
        if lacking:
            print(f"warning: the shipped reference results are missing from {reference} "
                  f"({', '.join(lacking)}): the verdict table has no reference rows",
                  file=sys.stderr)
        else:
            # the shipped reference run of the whole collection, beside the configured run's
            from imbeval_repro.papers.mullick2020.keel_claims import reference_rows

            table = pd.concat([table, reference_rows(reference)], ignore_index=True)
    # Holm within each figure's or table's family of decisions (docs/claims.md, Methods)
    table = cmp.adjust(table)
    cmp.write(table, out, out.with_suffix(".md"))
    return table

