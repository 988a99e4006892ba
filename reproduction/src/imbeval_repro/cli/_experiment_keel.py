"""``imbeval experiment keel-problems``: the KEEL datasets of a config's ``keel`` section as
problem files (``OUT_DIR/<name>.npz``, the format of ``imbeval experiment problems``), their
table (with each problem's ``family``, its independent unit), the catalogue of the whole
collection and the list of left-out sets with their reasons. Registered by
:mod:`imbeval_repro.cli.experiment`; no classifier code is reached from here.

A KEEL problem keeps every row of its dataset and its own features (the documented
encoding of :mod:`imbeval_repro.experiment.data.keel`); classes are coded minority first for a two-class
set (class 0 is the positive class of the two-class indices) and by decreasing count for a
multi-class one. Its ``standardize`` flag makes every fold job impute the training median
and standardise inside the outer training fold (:func:`imbeval_repro.experiment.protocol.cv.standardise_in_fold`).
"""

from __future__ import annotations

from imbeval_repro.cli._experiment_args import settings_json


def keel_problem(name: str, kind: str, family: str) -> dict:
    """One KEEL set as a problem dict (see :func:`imbeval_repro.experiment.data.problems.save_problem`)."""
    import numpy as np

    from imbeval_repro.experiment.data import keel

    X, y = keel.load(name)
    labels, counts = np.unique(y, return_counts=True)
    # minority first for two classes; by decreasing count (then label) for more
    order = (np.argsort(counts, kind="stable") if kind == "two-class"
             else np.lexsort((labels, -counts)))
    labels, counts = labels[order], counts[order]
    code = {label: i for i, label in enumerate(labels)}
    sizes = [int(c) for c in counts]
    ir = max(sizes) / min(sizes)
    return {"name": name, "kind": kind, "ir_target": ir, "ir": ir, "sizes": sizes,
            "X": X.astype(np.float32), "y": np.array([code[v] for v in y], dtype=np.int64),
            "class_names": [str(v) for v in labels], "family": family, "standardize": True}


def _run_keel_problems(args) -> int:
    import pandas as pd

    from imbeval.utils.io import write_csv
    from imbeval_repro.experiment.data import keel
    from imbeval_repro.experiment.data.keel_plan import plan_keel
    from imbeval_repro.experiment.data.problems import save_problem

    settings = settings_json(args.settings)
    plan = plan_keel(settings.get("keel", {}), settings.get("classifiers", {}))
    write_csv(keel.datasets(), args.catalogue)
    left = pd.DataFrame(plan["left_out"], columns=["name", "kind", "family", "rule", "reason"])
    write_csv(left, args.left_out)
    for row in plan["left_out"]:
        print(f"left out {row['name']} ({row['kind']}): {row['rule']}: {row['reason']}")
    rows = []
    for item in plan["usable"]:
        p = keel_problem(item["name"], item["kind"], item["family"])
        path = save_problem(p, f"{args.out_dir}/{p['name']}.npz")
        rows.append({"problem": p["name"], "kind": p["kind"], "n_classes": len(p["sizes"]),
                     "ir_target": p["ir_target"], "ir": p["ir"], "n": int(sum(p["sizes"])),
                     "sizes": ";".join(map(str, p["sizes"])),
                     "classes": ";".join(p["class_names"]), "family": p["family"],
                     "features": int(p["X"].shape[1])})
        print(f"{p['name']}: {p['kind']}, family {p['family']}, sizes {p['sizes']}, "
              f"{p['X'].shape[1]} features -> {path}")
    write_csv(pd.DataFrame(rows), args.table)
    units = {k: len({r["family"] for r in rows if r["kind"] == k}) for k in keel.KINDS}
    print(f"{len(rows)} KEEL problems ({units['two-class']} two-class families, "
          f"{units['multi-class']} multi-class sets), {len(plan['left_out'])} left out")
    return 0


def register(sub) -> None:
    """Add this item to ``imbeval experiment``'s subparsers."""
    p = sub.add_parser("keel-problems", help="KEEL datasets as problem files, catalogue, "
                                             "left-out list")
    p.add_argument("--settings", required=True, metavar="JSON",
                   help='{"keel": <the config\'s keel section>, "classifiers": {...}}')
    p.add_argument("--out-dir", required=True, metavar="DIR", help="folder for PROBLEM.npz")
    p.add_argument("--table", required=True, metavar="CSV", help="the problems' table")
    p.add_argument("--catalogue", required=True, metavar="CSV",
                   help="every dataset of the collection (imbeval_repro.experiment.data.keel.datasets())")
    p.add_argument("--left-out", required=True, metavar="CSV",
                   help="the sets the plan leaves out, with rule and reason")
    p.set_defaults(func=_run_keel_problems)
