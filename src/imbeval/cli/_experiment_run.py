"""``imbeval experiment run``: outer folds of one (problem, classifier) and run(s) -> fold
files (``--out-dir``) or one run file (``--out``). Registered by
:mod:`imbeval.cli.experiment`; reaches the protocol and the classifiers, no figure, table,
report or theory code.
"""

from __future__ import annotations

import json

from imbeval.cli._experiment_args import int_list, settings_json


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
    settings = settings_json(args.settings)
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


def register(sub) -> None:
    """Add this item to ``imbeval experiment``'s subparsers."""
    p = sub.add_parser("run", help="outer folds of one (problem, classifier) and run(s)")
    p.add_argument("--problem", required=True, metavar="NPZ",
                   help="a problem file written by `imbeval experiment problems`")
    p.add_argument("--classifier", required=True, metavar="NAME",
                   help="a classifier of mullick2020 (e.g. nbsvm, lexiboost)")
    p.add_argument("--run", required=True, type=int_list, metavar="R[,R...]",
                   help="run number(s) (each seeds its run's folds and resampling)")
    p.add_argument("--folds", type=int_list, default=None, metavar="K[,K...]",
                   help="outer folds to compute (default: all of each run)")
    p.add_argument("--settings", default="{}", metavar="JSON",
                   help='{"protocol": {...}, "classifier": {"params": {...}, "grid": {...}}}')
    p.add_argument("--seed", required=True, type=int, help="the config's seed")
    p.add_argument("--out", metavar="JSON", help="one run file (all folds of one run)")
    p.add_argument("--out-dir", metavar="DIR",
                   help="fold files DIR/run<r>/fold<k>.json, one per fold (the workflow's)")
    p.set_defaults(func=_run_run)
