"""Cost of the KEEL run: CPU seconds of one outer fold per (set, classifier), measured, and
the core-hours of a config's KEEL section from them (docs/performance.md, KEEL).

    python benchmarks/keel_cost.py measure iris0 ecoli1 segment satimage ... > cost.tsv
    python benchmarks/keel_cost.py estimate cost.tsv --configfile config/keel.yaml

``measure`` runs ``imbeval experiment run`` for fold 0 of run 0 of each set and classifier
(the default config's classifiers, folds = 5, inner folds = 3: the paper's design) and
writes ``set, kind, rows, classes, features, classifier, cpu_s, wall_s`` (CPU of the
process: user + system, Python's start-up included). ``estimate`` fits, per classifier and
kind, ``cpu = s0 + a * rows ** b`` to the measured folds (``s0``: the smallest measured
fold, the start-up; ``a, b`` by least squares on log(cpu - s0)), and sums over the config's
usable sets: ``runs`` jobs of one start-up and ``folds`` folds each (``job_unit: run``).
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]


def measure(names, out=sys.stdout):
    import yaml

    from imbeval_repro.cli._experiment_keel import keel_problem
    from imbeval_repro.experiment.data import keel
    from imbeval_repro.experiment.data.problems import save_problem

    classifiers = yaml.safe_load((ROOT / "config/config.yaml").read_text())["experiment"]["classifiers"]
    protocol = {"runs": 5, "folds": 5, "inner_folds": 3}
    tmp = Path(tempfile.mkdtemp(prefix="keel_cost_"))
    print("set\tkind\trows\tclasses\tfeatures\tclassifier\tcpu_s\twall_s", file=out, flush=True)
    for name in names:
        entry = keel.resolve(name)
        p = keel_problem(name, entry["kind"], entry["family"])
        path = save_problem(p, tmp / f"{name}.npz")
        for clf, spec in classifiers.items():
            settings = json.dumps({"protocol": protocol, "classifier": spec})
            start, before = time.time(), resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run(["imbeval", "experiment", "run", "--problem", str(path),
                            "--classifier", clf, "--run", "0", "--folds", "0", "--seed", "20200",
                            "--settings", settings, "--out-dir", str(tmp / name / clf)],
                           check=True, stdout=subprocess.DEVNULL)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            print(f"{name}\t{entry['kind']}\t{len(p['y'])}\t{len(p['sizes'])}\t{p['X'].shape[1]}"
                  f"\t{clf}\t{cpu:.2f}\t{time.time() - start:.1f}", file=out, flush=True)


def estimate(tsv, configfile):
    import pandas as pd
    import yaml

    from imbeval_repro.experiment.data.keel_plan import plan_keel

    cost = pd.read_csv(tsv, sep="\t")
    default = yaml.safe_load((ROOT / "config/config.yaml").read_text())
    section = {**default["keel"], **yaml.safe_load(Path(configfile).read_text())["keel"]}
    plan = plan_keel(section, default["experiment"]["classifiers"])
    runs, folds = section["protocol"]["runs"], section["protocol"]["folds"]
    s0 = float(cost["cpu_s"].min())
    models = {}
    for (clf, kind), part in cost.groupby(["classifier", "kind"]):
        work = np.maximum(part["cpu_s"].to_numpy() - s0, 0.01)
        b, log_a = np.polyfit(np.log(part["rows"].to_numpy()), np.log(work), 1)
        models[(clf, kind)] = (float(np.exp(log_a)), float(b))
    rows = []
    for u in plan["usable"]:
        for clf in default["experiment"]["classifiers"]:
            a, b = models[(clf, u["kind"])]
            fold = a * u["rows"] ** b
            rows.append({"set": u["name"], "kind": u["kind"], "rows": u["rows"], "classifier": clf,
                         "fold_s": fold, "cpu_s": runs * (s0 + folds * fold)})
    frame = pd.DataFrame(rows)
    print(f"start-up s0 = {s0:.2f} s; fits cpu - s0 = a * rows ** b:")
    for (clf, kind), (a, b) in sorted(models.items()):
        print(f"  {clf:15s} {kind:12s} a = {a:.3g}, b = {b:.2f}")
    print(f"{len(plan['usable'])} sets x {len(default['experiment']['classifiers'])} classifiers, "
          f"{runs} x {folds} CV: {frame['cpu_s'].sum() / 3600:.1f} core-hours")
    top = frame.groupby("set")["cpu_s"].sum().sort_values(ascending=False)
    print("largest sets (core-hours):", ", ".join(f"{s} {v / 3600:.2f}" for s, v in top.head(8).items()))
    return frame


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    m = sub.add_parser("measure")
    m.add_argument("names", nargs="+")
    e = sub.add_parser("estimate")
    e.add_argument("tsv")
    e.add_argument("--configfile", default=str(ROOT / "config/keel.yaml"))
    args = parser.parse_args(argv)
    if args.what == "measure":
        measure(args.names)
    else:
        estimate(args.tsv, args.configfile)


if __name__ == "__main__":
    main()
