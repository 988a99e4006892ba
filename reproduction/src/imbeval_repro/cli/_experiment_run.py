"""``imbeval experiment run``: outer folds of one problem, classifier(s) and run(s) -> fold
files (``--out-dir``; ``--runs-dir`` for several classifiers) or one run file (``--out``). Registered by
:mod:`imbeval_repro.cli.experiment`; reaches the protocol and the classifiers, no figure, table,
report or theory code.
"""

from __future__ import annotations

import json

from imbeval.cli._options import add_list_option
from imbeval_repro.cli._experiment_args import non_negative_int, settings_json


def _classifier_jobs(args) -> list[tuple[str, dict, str | None]]:
    """(classifier, its settings, its fold-file directory) for each ``--classifier`` name.

    One name: ``--settings`` is ``{"protocol": ..., "classifier": ...}`` and ``--out-dir``
    (or ``--out``) is that classifier's. Several (``experiment.job_unit: problem``, one job
    per problem where a classifier's work is as short as Python's start-up):
    ``{"protocol": ..., "classifiers": {name: ...}}`` and ``--runs-dir DIR``, each writing
    ``DIR/<classifier>/run<r>/fold<k>.json`` -- the files one job per classifier writes.
    """
    names = args.classifier
    settings = settings_json(args.settings)
    if len(names) == 1 and args.runs_dir is None:
        if (args.out is None) == (args.out_dir is None):
            raise ValueError("give one of --out (a run file, all folds of one run) or --out-dir "
                             "(fold files RUN_DIR/run<r>/fold<k>.json)")
        if args.out is not None and (len(args.run) != 1 or args.folds is not None):
            raise ValueError("--out writes one whole run: give one --run and no --folds "
                             "(or use --out-dir for fold files)")
        return [(names[0], settings, args.out_dir)]
    if args.runs_dir is None or args.out is not None or args.out_dir is not None:
        raise ValueError("several classifiers (--classifier a,b,...) write their fold files "
                         "under --runs-dir DIR (DIR/<classifier>/run<r>/fold<k>.json): give "
                         "--runs-dir and neither --out nor --out-dir")
    per = settings.get("classifiers")
    if not isinstance(per, dict) or set(names) - set(per):
        missing = sorted(set(names) - set(per or {}))
        raise ValueError(f"--settings: 'classifiers' must hold the settings of every classifier "
                         f"given to --classifier; missing: {', '.join(missing) or 'the key'}")
    protocol = settings.get("protocol", {})
    return [(n, {"protocol": protocol, "classifier": per[n]}, f"{args.runs_dir}/{n}")
            for n in names]


def _run_run(args) -> int:
    from imbeval_repro.experiment.data.problems import load_problem
    from imbeval.utils.io import atomic_write_text
    from imbeval_repro.experiment.protocol import ProtocolSettings, run_folds

    jobs = _classifier_jobs(args)
    problem = load_problem(args.problem)
    for name, settings, out_dir in jobs:
        proto = settings.get("protocol", {})
        ps = ProtocolSettings.from_config(proto)
        clf = settings.get("classifier", {})
        kw = dict(seed=args.seed, n_folds=ps.folds, params=clf.get("params", {}),
                  grid=clf.get("grid", {}), inner_folds=ps.inner_folds, scoring=ps.scoring,
                  min_count=ps.min_count, infeasible=ps.infeasible,
                  schemes=proto.get("schemes"), estimator=clf.get("estimator"))
        for run in args.run:
            parts = run_folds(problem, name, run, args.folds, **kw)
            if out_dir is None:
                from imbeval_repro.experiment.protocol import gather_folds

                targets = [(args.out, gather_folds(parts))]
            else:
                targets = [(f"{out_dir}/run{run}/fold{p['folds'][0]['fold']}.json", p)
                           for p in parts]
            for path, result in targets:
                atomic_write_text(path, json.dumps(result, indent=1, sort_keys=True))
            rules = [ts["rule"] for p in parts for f in p["folds"] for ts in f["test_sets"]]
            print(f"{problem['name']} / {name} / run {run}: folds "
                  f"{[p['folds'][0]['fold'] for p in parts]}, {len(rules)} test sets "
                  f"({rules.count('subsample')} subsampled, "
                  f"{len(rules) - rules.count('subsample')} by the fallback rule) -> "
                  f"{', '.join(str(t) for t, _ in targets)}")
    return 0


def register(sub) -> None:
    """Add this item to ``imbeval experiment``'s subparsers."""
    p = sub.add_parser("run", help="outer folds of one problem, classifier(s) and run(s)")
    p.add_argument("--problem", required=True, metavar="NPZ",
                   help="a problem file written by `imbeval experiment problems`")
    add_list_option(p, "--classifier", required=True,
                    help="a classifier of mullick2020 (e.g. nbsvm, lexiboost), or several "
                         "(with --runs-dir and --settings' 'classifiers')")
    add_list_option(p, "--run", item="R", item_type=non_negative_int, required=True,
                    help="run number(s) (each seeds its run's folds and resampling)")
    add_list_option(p, "--folds", item="K", item_type=non_negative_int,
                    help="outer folds to compute (default: all of each run)")
    p.add_argument("--settings", default="{}", metavar="JSON",
                   help='{"protocol": {...}, "classifier": {"params": {...}, "grid": {...}}}, '
                        'or with several classifiers {"protocol": {...}, "classifiers": '
                        '{NAME: {...}, ...}}')
    p.add_argument("--seed", required=True, type=int, help="the config's seed")
    p.add_argument("--out", metavar="JSON", help="one run file (all folds of one run)")
    p.add_argument("--out-dir", metavar="DIR",
                   help="fold files DIR/run<r>/fold<k>.json, one per fold (the workflow's)")
    p.add_argument("--runs-dir", metavar="DIR",
                   help="fold files DIR/<classifier>/run<r>/fold<k>.json of each classifier "
                        "(the workflow's job_unit: problem)")
    p.set_defaults(func=_run_run)
