"""``imbeval experiment problems``: the two-class and multi-class problems from concept
feature shards (``OUT_DIR/<problem>.npz``) and their summary table. Registered by
:mod:`imbeval_repro.cli.experiment`; no classifier code is reached from here.
"""

from __future__ import annotations

from imbeval_repro.cli._experiment_args import settings_json


def _run_problems(args) -> int:
    import pandas as pd

    from imbeval_repro.experiment.data.problems import build_problems, problem_specs, save_problem
    from imbeval_repro.experiment.features import load_concept_features
    from imbeval.utils.io import write_csv

    settings = settings_json(args.settings)
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


def register(sub) -> None:
    """Add this item to ``imbeval experiment``'s subparsers."""
    p = sub.add_parser("problems", help="build the problems from concept shards")
    p.add_argument("--features", required=True, metavar="DIR", help="folder of concept shards NAME.npz")
    p.add_argument("--settings", required=True, metavar="JSON", help="the config's experiment section")
    p.add_argument("--seed", required=True, type=int, help="the config's seed (class subsampling)")
    p.add_argument("--out-dir", required=True, metavar="DIR", help="folder for the PROBLEM.npz files")
    p.add_argument("--table", required=True, metavar="CSV", help="summary of the problems")
    p.set_defaults(func=_run_problems)
