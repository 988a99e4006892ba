"""``imbeval experiment ITEM``: the steps of the experiment stage (mullick2020 Section 5);
the Snakemake rules of workflow/rules/experiment.smk call these.

- ``features``  per-concept feature shards (``features fashion-mnist|digits|inception``,
  :mod:`imbeval.cli._experiment_features`);
- ``problems``  build the two-class and multi-class problems from concept feature shards:
  ``OUT_DIR/<problem>.npz`` and a summary table;
- ``run``       outer folds of one (problem, classifier) and run(s): outer stratified CV, in-fold
  tuning, the five RRT test sets per fold, a confusion matrix per test set -> one JSON fold
  file per fold (``--out-dir``), or a run file of one whole run (``--out``);
- ``collect``   fold files (or run files) -> indices.csv, confusion_matrices.csv, test_sets.csv,
  hyperparameters.csv, summary.csv;
- ``figures``   Figs. 3, 4a, 4b, 5 (PDF, PNG, CSV) and claims.csv.

``--settings`` takes JSON: for ``problems`` the config's ``experiment`` section (``concepts``
is not needed), for ``run`` ``{"protocol": {...}, "classifier": {"params": {...},
"grid": {...}}}`` (plus ``"estimator": "module:name"`` for a user's classifier).
``collect --indices`` takes registered names, ``all`` and import paths of user indices.
"""

from __future__ import annotations

import argparse
import json

from imbeval.cli import _experiment_features


def _settings(text: str) -> dict:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"--settings is not valid JSON: {exc}") from exc
    if not isinstance(value, dict):
        raise ValueError("--settings must be a JSON object")
    return value


def _run_problems(args) -> int:
    import pandas as pd

    from imbeval.data.problems import build_problems, problem_specs, save_problem
    from imbeval.features import load_concept_features
    from imbeval._io import write_csv

    settings = _settings(args.settings)
    specs = problem_specs(settings)
    needed = sorted({m for s in specs for cls in s["classes"]
                     for m in ([cls] if isinstance(cls, str) else cls)})
    concepts = load_concept_features(args.features, needed)
    rows = []
    for p in build_problems(settings, concepts, args.seed):
        path = save_problem(p, f"{args.out_dir}/{p['name']}.npz")
        rows.append({"problem": p["name"], "kind": p["kind"], "n_classes": len(p["sizes"]),
                     "ir_target": p["ir_target"], "ir": p["ir"], "n": int(sum(p["sizes"])),
                     "sizes": ";".join(map(str, p["sizes"])), "classes": ";".join(p["class_names"])})
        print(f"{p['name']}: {p['kind']}, sizes {p['sizes']} -> {path}")
    write_csv(pd.DataFrame(rows), args.table)
    return 0


def _int_list(text: str) -> list[int]:
    try:
        values = [int(v) for v in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected N or N,N,... (integers), got {text!r}") from None
    if any(v < 0 for v in values):
        raise argparse.ArgumentTypeError(f"expected non-negative integers, got {text!r}")
    return values


def _run_run(args) -> int:
    from imbeval.data.problems import load_problem
    from imbeval._io import atomic_write_text
    from imbeval.protocol import ProtocolSettings, run_folds

    if (args.out is None) == (args.out_dir is None):
        raise ValueError("give one of --out (a run file, all folds of one run) or --out-dir "
                         "(fold files RUN_DIR/run<r>/fold<k>.json)")
    if args.out is not None and (len(args.run) != 1 or args.folds is not None):
        raise ValueError("--out writes one whole run: give one --run and no --folds "
                         "(or use --out-dir for fold files)")
    settings = _settings(args.settings)
    proto = settings.get("protocol", {})
    ps = ProtocolSettings.from_config(proto)
    clf = settings.get("classifier", {})
    problem = load_problem(args.problem)
    kw = dict(seed=args.seed, n_folds=ps.folds, params=clf.get("params", {}),
              grid=clf.get("grid", {}), inner_folds=ps.inner_folds, scoring=ps.scoring,
              min_count=ps.min_count, infeasible=ps.infeasible, schemes=proto.get("schemes"),
              estimator=clf.get("estimator"))
    for run in args.run:
        parts = run_folds(problem, args.classifier, run, args.folds, **kw)
        if args.out is not None:
            from imbeval.protocol import gather_folds

            targets = [(args.out, gather_folds(parts))]
        else:
            targets = [(f"{args.out_dir}/run{run}/fold{p['folds'][0]['fold']}.json", p) for p in parts]
        for path, result in targets:
            atomic_write_text(path, json.dumps(result, indent=1, sort_keys=True))
        rules = [ts["rule"] for p in parts for f in p["folds"] for ts in f["test_sets"]]
        print(f"{problem['name']} / {args.classifier} / run {run}: folds "
              f"{[p['folds'][0]['fold'] for p in parts]}, {len(rules)} test sets "
              f"({rules.count('subsample')} subsampled, {len(rules) - rules.count('subsample')} "
              f"by the fallback rule) -> {', '.join(str(t) for t, _ in targets)}")
    return 0


def _run_collect(args) -> int:
    from imbeval._io import write_csv
    from imbeval.protocol.collect import collect_runs
    from imbeval.protocol.user_code import index_names

    indices = index_names(args.indices, "--indices")
    tables = collect_runs(args.runs, indices)
    for name, frame in tables.items():
        path = write_csv(frame, f"{args.out_dir}/{name}.csv")
        print(f"{name}: {len(frame)} rows -> {path}")
    return 0


def _run_figures(args) -> int:
    from imbeval.figures.mullick2020 import draw_all

    for path in draw_all(args.indices, args.problems, args.out_dir, seed=args.seed):
        print(path)
    return 0


def register(subparsers) -> None:
    """Add ``experiment`` and its items to the top-level subparsers."""
    parser = subparsers.add_parser(
        "experiment", help="stage 'experiment': features, problems, runs, result tables, figures",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="item", metavar="ITEM")
    sub.required = True
    _experiment_features.register(sub)

    p = sub.add_parser("problems", help="build the problems from concept shards")
    p.add_argument("--features", required=True, metavar="DIR", help="folder of concept shards NAME.npz")
    p.add_argument("--settings", required=True, metavar="JSON", help="the config's experiment section")
    p.add_argument("--seed", required=True, type=int, help="the config's seed (class subsampling)")
    p.add_argument("--out-dir", required=True, metavar="DIR", help="folder for the PROBLEM.npz files")
    p.add_argument("--table", required=True, metavar="CSV", help="summary of the problems")
    p.set_defaults(func=_run_problems)

    p = sub.add_parser("run", help="outer folds of one (problem, classifier) and run(s)")
    p.add_argument("--problem", required=True, metavar="NPZ",
                   help="a problem file written by `imbeval experiment problems`")
    p.add_argument("--classifier", required=True, metavar="NAME",
                   help="a classifier of mullick2020 (e.g. nbsvm, lexiboost)")
    p.add_argument("--run", required=True, type=_int_list, metavar="R[,R...]",
                   help="run number(s) (each seeds its run's folds and resampling)")
    p.add_argument("--folds", type=_int_list, default=None, metavar="K[,K...]",
                   help="outer folds to compute (default: all of each run)")
    p.add_argument("--settings", default="{}", metavar="JSON",
                   help='{"protocol": {...}, "classifier": {"params": {...}, "grid": {...}}}')
    p.add_argument("--seed", required=True, type=int, help="the config's seed")
    p.add_argument("--out", metavar="JSON", help="one run file (all folds of one run)")
    p.add_argument("--out-dir", metavar="DIR",
                   help="fold files DIR/run<r>/fold<k>.json, one per fold (the workflow's)")
    p.set_defaults(func=_run_run)

    p = sub.add_parser("collect", help="fold files or run files -> result tables")
    p.add_argument("runs", nargs="+", metavar="FOLD_OR_RUN_JSON",
                   help="fold files (or run files) of `imbeval experiment run`")
    p.add_argument("--out-dir", required=True, metavar="DIR", help="folder for the result tables")
    p.add_argument("--indices", default="all", metavar="NAME[,NAME...]",
                   help="indices to compute: registered names, 'all', import paths "
                   "module:function of user indices (default: every registered index that applies)")
    p.set_defaults(func=_run_collect)

    p = sub.add_parser("figures", help="Figs. 3, 4a, 4b, 5 and the claims table")
    p.add_argument("--indices", required=True, metavar="CSV", help="indices.csv of `imbeval experiment collect`")
    p.add_argument("--problems", required=True, metavar="CSV", help="problems.csv of `imbeval experiment problems`")
    p.add_argument("--out-dir", required=True, metavar="DIR", help="folder for the figures and claims.csv")
    p.add_argument("--seed", type=int, default=None,
                   help="the config's seed: seeds the bootstrap of each value's 95%% interval "
                        "(error bars, ci_low/ci_high; without it, no intervals)")
    p.set_defaults(func=_run_figures)
