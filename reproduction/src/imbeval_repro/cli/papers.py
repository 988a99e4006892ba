"""``imbeval papers ITEM``: the steps of the papers stage, the five papers' tables and figures
regenerated from their printed matrices, stated distributions and data; the Snakemake rules of
workflow/rules/papers.smk call these.

Items (each writes its outputs atomically; ``--verdicts FILE`` is this item's part of
``results/verdicts.csv``):

- ``mortaz2020-examples`` Tables 2, 3, 5, 6, 9 and the class-distribution tables;
- ``mortaz2020-grid``     Table 16 (glass) or 18 (satimage): the 18-model grid under CV
  (fitted here, or laid out from ``--parts`` of ``mortaz2020-grid-model`` jobs);
- ``mortaz2020-grid-model`` some models of that grid: their fold scores, and their fit times
  (a timing file: times stay out of the tables);
- ``mortaz2020-identity`` the finding IAM = 2·CBA − 1 (measured on the grids' fold
  matrices) and every printed (CBA, IAM) pair of the paper checked against it;
- ``mortaz2020-figures``  Figs. 1-4 (synthetic sweep) and their claims;
- ``dembele``             Tables 1-11 and the derived 2x2 / M~ matrices;
- ``dembele-mnist``       M8/M9 rebuilt from local MNIST files with LDA (optional);
- ``kluska``              the worked example, the ROC example and its figure;
- ``ortigosa2016``        Table 1 with RAND values;
- ``collate``             concatenate the parts into verdicts.csv and .md (not
  ``compare``: ``imbeval compare`` ranks classifiers, a different thing).
"""

from __future__ import annotations

from imbeval.cli._options import add_list_option

import argparse
import json
import time
from pathlib import Path

from imbeval_repro.cli import _papers_grid_model
from imbeval_repro.cli._papers_grid_model import write_timings as _write_timings

_OUT_DIR = "folder for this item's tables"
_VERDICTS = "this item's part of verdicts.csv (CSV file to write)"


def register(subparsers):
    """Add ``papers`` and its items to the top-level subparsers."""
    parser = subparsers.add_parser(
        "papers", help="stage 'papers': paper tables and figures, printed vs regenerated",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="item", metavar="ITEM")
    sub.required = True

    def add(name, help_text, func, out_dir_help=_OUT_DIR, verdicts=True):
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.set_defaults(func=func)
        if out_dir_help:
            p.add_argument("--out-dir", required=True, type=Path, metavar="DIR", help=out_dir_help)
        if verdicts:
            p.add_argument("--verdicts", required=True, type=Path, metavar="CSV", help=_VERDICTS)
        return p

    add("mortaz2020-examples", "mortaz2020 Tables 1-7, 9-15, 17", _mortaz_examples)

    p = add("mortaz2020-grid", "mortaz2020 Table 16 / 18 (18 models under CV)", _mortaz_grid)
    _papers_grid_model.add_grid_arguments(p)
    p.add_argument("--n-jobs", type=int, default=1, help="worker processes (default 1)")
    add_list_option(p, "--models", item="MODEL", nargs="+",
                    help="a subset of the 18 (default all), also space-separated")
    p.add_argument("--parts", nargs="+", default=None, type=Path, metavar="CSV",
                   help="fold scores of `mortaz2020-grid-model` jobs: lay out these instead of "
                        "fitting (the workflow's way: one job per part of the grid)")
    p.add_argument("--timings", type=Path, default=None, metavar="CSV",
                   help="where to write the fit + predict seconds per (model, fold); they are "
                        "kept out of the tables, which must not change from run to run")

    _papers_grid_model.register(sub)

    p = add("mortaz2020-identity", "mortaz2020: the finding IAM = 2·CBA − 1, measured on the "
            "grids, and every printed (CBA, IAM) pair checked against it", _mortaz_identity,
            out_dir_help=None)
    p.add_argument("--grid-folds", nargs="*", default=[], metavar="DATASET=CSV",
                   help="fold scores of the grids this run made (`mortaz2020-grid`'s "
                        "grid_DATASET_folds.csv), e.g. glass=results/tables/mortaz2020/"
                        "grid_glass_folds.csv")

    p = add("mortaz2020-figures", "mortaz2020 Figs. 1-4", _mortaz_figures,
            out_dir_help="folder for the figures, the sweep and its claims")
    p.add_argument("--seed", type=int, required=True, help="the config's seed (synthetic sweep)")
    p.add_argument("--points", type=int, default=21, help="points of the sweep (default 21)")

    add("dembele", "dembele Tables 1-11", _dembele)

    p = add("dembele-mnist", "dembele M8/M9 from local MNIST with LDA", _dembele_mnist,
            verdicts=False)
    p.add_argument("--mnist", required=True, type=Path, metavar="DIR",
                   help="directory of the 4 MNIST IDX files")

    p = add("dembele-data", "dembele M3 (breast cancer, SVM) and M4 (iris) regenerated, the "
            "stated imbalance ratios, and M8/M9 when MNIST was rebuilt", _dembele_data)
    p.add_argument("--seed", type=int, required=True, help="the config's seed (CV folds)")
    p.add_argument("--mnist-tables", type=Path, default=None, metavar="DIR",
                   help="folder of M8_mnist_lda.csv and M9_mnist_lda.csv (`dembele-mnist`); "
                        "without it one row says why M8/M9 are not rebuilt")

    p = add("kluska", "kluska worked example and ROC example", _kluska)
    p.add_argument("--figure-dir", required=True, type=Path, metavar="DIR",
                   help="folder for the ROC figure (PDF, PNG, CSV)")

    p = add("ortigosa2016", "ortigosa2016 Table 1", _ortigosa)

    p = add("collate", "assemble results/verdicts.csv and .md from the items' parts "
            "(printed against regenerated; not `imbeval compare`, which ranks classifiers)",
            _collate,
            out_dir_help=None, verdicts=False)
    p.add_argument("parts", nargs="+", type=Path, metavar="PART",
                   help="the items' --verdicts files")
    p.add_argument("--out", required=True, type=Path, metavar="CSV",
                   help="the verdict table to write (its Markdown goes beside, as .md)")
    # the claims of the figures other stages draw, checked on their CSVs
    p.add_argument("--fig2-numbers", type=Path, metavar="CSV",
                   help="mullick2020 fig2_numbers.csv of the theory stage")
    p.add_argument("--experiment", type=Path, metavar="DIR",
                   help="the experiment's result folder (run_indices.csv, problems.csv): "
                        "mullick2020's claims in its text (Section 5.5); Figs. 3-5's too, "
                        "decided here, unless --experiment-claims gives them as decided")
    p.add_argument("--experiment-claims", type=Path, metavar="CSV",
                   help="claims.csv of `imbeval experiment figures`: mullick2020 Figs. 3-5's "
                        "claims with their intervals as decided there (decided once)")
    p.add_argument("--run-dataset", default=None, metavar="JSON",
                   help="the config's experiment dataset section, {\"dataset\": ..., "
                        "\"features\": {...}}: names what the run's rows rest on")
    p.add_argument("--keel", type=Path, metavar="DIR",
                   help="the KEEL run's result folder (run_indices.csv, problems.csv): mullick2020 "
                        "Figs. 3-5's claims decided again on KEEL, rows of their own")
    p.add_argument("--keel-claims", type=Path, metavar="CSV",
                   help="claims.csv of `imbeval experiment figures --keel`: the KEEL rows as "
                        "decided there (instead of --keel)")
    p.add_argument("--reference", type=Path, metavar="DIR",
                   help="shipped reference results of the whole KEEL collection "
                        "(reference/keel: claims.csv, provenance.json): their claim "
                        "rows beside the run's, marked as the reference run with its commit")
    p.add_argument("--audit-fig6", type=Path, metavar="CSV", help="the audit's fig6.csv")
    p.add_argument("--ortigosa-figures", type=Path, metavar="DIR",
                   help="folder of ortigosa2016 fig2..fig7.csv and ssup_table.csv")
    p.add_argument("--statements", type=Path, metavar="CSV",
                   help="statements.csv of `imbeval theory statements`: the papers' theorems, "
                        "lemmas and results, and ortigosa2016's Study 2")


def _write_part(rows, path):
    from imbeval_repro import verdicts as cmp
    from imbeval.utils.tables import write_table

    table = cmp.frame(rows)
    write_table(table, path, None, index=False)
    return table


def _mortaz_examples(args):
    from imbeval_repro import verdicts as cmp
    from imbeval_repro.papers.mortaz2020 import tables as mt
    from imbeval.utils.tables import write_table

    examples = mt.example_tables()
    write_table(examples, args.out_dir / "tables_2_3_5_6_9.csv",
                args.out_dir / "tables_2_3_5_6_9.md",
                title="mortaz2020 Tables 2, 3, 5, 6 (ACC..CBA) and 9 (IAM), from CM1-CM4",
                floatfmt=".4f")
    write_table(mt.distribution_table(), args.out_dir / "class_distributions.csv",
                args.out_dir / "class_distributions.md", index=False,
                title="mortaz2020 class distributions (Tables 1, 4, 7, 11-15, 17)")
    rows = [*mt.example_verdict_rows(), *mt.distribution_verdict_rows(),
            *mt.not_comparable_rows()]
    table = _write_part(rows, args.verdicts)
    print(cmp.summary(table).to_string())
    return 0


def _mortaz_grid(args):
    from imbeval_repro.papers.mortaz2020.grid_fit import grid_fold_scores, split_timings
    from imbeval_repro.papers.mortaz2020.grid_run import read_grid_parts, write_grid

    if args.folds < 2:
        raise ValueError(f"--folds must be at least 2, got {args.folds}")
    if args.parts:
        scores = read_grid_parts(args.parts, seed=args.seed, models=args.models)
    else:
        start = time.perf_counter()
        scores, timings = split_timings(grid_fold_scores(args.dataset, folds=args.folds,
                                                         seed=args.seed, models=args.models,
                                                         n_jobs=args.n_jobs,
                                                         repeats=args.repeats))
        if args.timings is not None:
            _write_timings(timings, args.timings, time.perf_counter() - start)
    summary, rows = write_grid(scores, args.dataset, folds=args.folds, repeats=args.repeats,
                               seed=args.seed, out_dir=args.out_dir)
    _write_part(rows, args.verdicts)
    print(json.dumps(summary))
    return 0


def _mortaz_identity(args):
    import pandas as pd

    from imbeval_repro.papers.mortaz2020 import tables as mt

    grids = {}
    for spec in args.grid_folds:
        dataset, sep, path = spec.partition("=")
        if not sep or dataset not in mt.GRID_DATASETS or not path:
            raise ValueError(f"--grid-folds takes DATASET=CSV with DATASET one of "
                             f"{sorted(mt.GRID_DATASETS)}, got {spec!r}")
        if dataset in grids:
            raise ValueError(f"--grid-folds names {dataset} twice")
        grids[dataset] = pd.read_csv(path)
    table = _write_part(mt.identity_rows(grids), args.verdicts)
    print(table[["row", "regenerated"]].head(2).to_string(index=False))
    return 0


def _mortaz_figures(args):
    from imbeval_repro.papers.mortaz2020 import figures as fm
    from imbeval.utils.plot import save_figure
    from imbeval_repro.papers.mortaz2020 import claims as cm
    from imbeval.utils.tables import write_table

    from imbeval.utils.seeds import derive_seed

    data = fm.sweep(args.seed, args.points)
    write_table(data, args.out_dir / "figs_1_4_sweep.csv", None, index=False)
    claims = cm.figure_claims(data)[cm.CLAIM_COLUMNS]
    write_table(claims, args.out_dir / "figs_1_4_claims.csv", args.out_dir / "figs_1_4_claims.md",
                index=False, title="mortaz2020 Figs. 1-4: the paper's statements, measured",
                floatfmt=".3f")
    for figure in fm.FIGURES:
        fig = fm.plot(data, figure)
        save_figure(fig, args.out_dir / f"fig{figure.split()[-1]}")
    # the claims are decided over the figure's sweep and more seeded sweeps (milliseconds)
    replicates = [fm.sweep(derive_seed(args.seed, "mortaz2020-sweep", i), args.points)
                  for i in range(cm.REPLICATE_SWEEPS)]
    _write_part(cm.figure_verdict_rows(data, replicates, seed=args.seed), args.verdicts)
    print(claims.to_string())
    # a claim that does not hold is a finding (it goes to the verdict table), not a failure
    return 0


def _dembele(args):
    from imbeval_repro.papers.dembele import tables as td
    from imbeval.utils.tables import write_table

    regenerated = td.tables()
    for table, frame in regenerated.items():
        stem = "table_" + table.split()[-1].zfill(2)
        write_table(frame, args.out_dir / f"{stem}.csv", args.out_dir / f"{stem}.md",
                    title=f"dembele {table} (regenerated; his layout)")
    write_table(td.derived_matrices(), args.out_dir / "derived_matrices.csv", None, index=False)
    _write_part(td.verdict_rows(regenerated), args.verdicts)
    return 0


def _dembele_mnist(args):
    import numpy as np

    from imbeval_repro.papers.dembele.mnist_lda import mnist_confusions
    from imbeval_repro.papers.dembele import tables as td
    from imbeval.utils.tables import write_table

    rebuilt = mnist_confusions(args.mnist)
    cm = {**td.matrices(), **rebuilt}
    for table in ("Table 10", "Table 11"):
        stem = "table_" + table.split()[-1].zfill(2) + "_mnist_lda"
        write_table(td.regenerate(table, cm), args.out_dir / f"{stem}.csv",
                    args.out_dir / f"{stem}.md",
                    title=f"dembele {table} from M8/M9 rebuilt from MNIST with LDA")
    for name, m in rebuilt.items():
        import pandas as pd

        his = pd.DataFrame(np.asarray(m).T)  # his layout: rows predicted
        write_table(his, args.out_dir / f"{name}_mnist_lda.csv", None, floatfmt=".2f")
    return 0


def _dembele_data(args):
    import pandas as pd

    from imbeval_repro.papers.dembele import regenerate as dd
    from imbeval_repro.papers.dembele import data as td
    from imbeval.utils.tables import write_table

    m3, m4 = dd.m3_confusion(args.seed), dd.m4_confusion(args.seed)
    for name, m, labels, note in (("M3", m3, ("benign", "malignant"), dd.M3_SETTING),
                                  ("M4", m4, ("setosa", "versicolor", "virginica"),
                                   dd.M4_SETTING)):
        frame = pd.DataFrame(m, index=pd.Index([f"predicted {x}" for x in labels], name=name),
                             columns=[f"true {x}" for x in labels])
        write_table(frame, args.out_dir / f"{name.lower()}_regenerated.csv",
                    args.out_dir / f"{name.lower()}_regenerated.md", floatfmt=".0f",
                    title=f"dembele {name} regenerated, his layout (rows predicted, columns "
                          "true)", notes=[note])
    mnist = args.mnist_tables
    if mnist is not None:
        missing = [p for p in (mnist / "M8_mnist_lda.csv", mnist / "M9_mnist_lda.csv")
                   if not p.exists()]
        if missing:
            raise FileNotFoundError(f"--mnist-tables {mnist}: not found: "
                                    f"{', '.join(map(str, missing))} (run `imbeval papers "
                                    "dembele-mnist` first)")
    rows = [*td.ratio_rows(), *td.data_rows(m3, m4, dd.M3_SETTING, dd.M4_SETTING),
            *td.mnist_rows(*((mnist / "M8_mnist_lda.csv", mnist / "M9_mnist_lda.csv")
                             if mnist is not None else ()))]
    _write_part(rows, args.verdicts)
    return 0


def _kluska(args):
    from imbeval_repro.papers.kluska import figures as fk
    from imbeval.utils.plot import save_figure
    from imbeval_repro.papers.kluska import tables as tk
    from imbeval.utils.tables import write_table

    write_table(tk.example_table(), args.out_dir / "worked_example.csv",
                args.out_dir / "worked_example.md", index=False,
                title="kluska worked example (t = [0,1,2,2,0], p = [0,0,2,1,0])", floatfmt=".4f")
    write_table(tk.roc_table(), args.out_dir / "roc_example.csv",
                args.out_dir / "roc_example.md", index=False,
                title="kluska ROC example", floatfmt=".4f")
    data = fk.curve_data()
    write_table(data, args.figure_dir / "roc_curve.csv", None, index=False)
    fig = fk.plot(data)
    save_figure(fig, args.figure_dir / "roc_curve")
    _write_part(tk.verdict_rows(), args.verdicts)
    return 0


def _ortigosa(args):
    from imbeval_repro.papers.ortigosa2016 import tables as to
    from imbeval.utils.tables import write_table

    write_table(to.table1(), args.out_dir / "table_01.csv", args.out_dir / "table_01.md",
                title="ortigosa2016 Table 1, with the values of the RAND classifier",
                notes=["Precision of RAND is η_i, not 1/K, when classes are unbalanced "
                       "(last column); recalls and every Hölder mean of them stay 1/K."])
    _write_part(to.verdict_rows(), args.verdicts)
    return 0


def _collate(args):
    from imbeval_repro import verdicts as cmp
    from imbeval_repro.papers.collate import collate

    if args.out.suffix != ".csv":
        raise ValueError(f"--out must name a .csv file (the .md goes beside it), got {args.out}")
    if args.keel is not None and args.keel_claims is not None:
        raise ValueError("give --keel (decide the KEEL claims here) or --keel-claims (as "
                         "decided by `imbeval experiment figures --keel`), not both")
    table = collate(
        args.parts, args.out, fig2_numbers=args.fig2_numbers, experiment=args.experiment,
        experiment_claims=args.experiment_claims,
        run_dataset=None if args.run_dataset is None else json.loads(args.run_dataset),
        keel=args.keel, keel_claims=args.keel_claims, reference=args.reference,
        audit_fig6=args.audit_fig6, ortigosa_figures=args.ortigosa_figures,
        statements=args.statements)
    print(cmp.summary(table).to_string())
    return 0
