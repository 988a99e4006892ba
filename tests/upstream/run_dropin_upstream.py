"""Run scikit-learn's and imbalanced-learn's own metric tests on imbeval's drop-ins.

``python tests/upstream/run_dropin_upstream.py [-n WORKERS] [--json PATH] [pytest args...]``

The installed test modules run (nothing is copied) with ``dropin_plugin.py`` putting
``imbeval.metrics``' 15 drop-ins in place of the originals. Printed: the tests run, passed,
skipped, and the failures by reason: the documented refusals (``multilabel``,
``labels-subset``) and ``other``. Exit status 1 if any failure is ``other`` (or pytest itself
fails), 0 otherwise. Without scikit-learn or imbalanced-learn installed, their modules are
skipped with a message (exit 0 if none is left).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

MODULES = {
    "sklearn": ("sklearn.metrics.tests.test_classification", "sklearn.metrics.tests.test_common"),
    "imblearn": ("imblearn.metrics.tests.test_classification",),
}


def available_modules():
    """The upstream test modules that are installed, and a note for each package that is not."""
    modules, notes = [], []
    for package, names in MODULES.items():
        if importlib.util.find_spec(package) is None:
            notes.append(f"{package} is not installed: its tests are skipped")
            continue
        modules.extend(names)
    return modules, notes


def run(modules, workers=None, extra=(), report_path=None):
    """Run ``modules`` under the plugin; return (pytest's exit status, the counts)."""
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(report_path or Path(tmp) / "counts.json")
        env = dict(os.environ, IMBEVAL_UPSTREAM_REPORT=str(report),
                   PYTHONPATH=os.pathsep.join(filter(None, [str(HERE),
                                                            os.environ.get("PYTHONPATH")])))
        command = [sys.executable, "-m", "pytest", "--pyargs", *modules, "-p", "dropin_plugin",
                   "-q", "-p", "no:cacheprovider", "--no-header", "-o", "addopts=",
                   "-W", "ignore::pytest.PytestUnraisableExceptionWarning", "--tb=short", "-rN"]
        if workers:
            command += ["-n", str(workers)]
        command += list(extra)
        # an empty folder as the root: the project's pytest settings (its doctests, its
        # addopts) are not the upstream suites'
        proc = subprocess.run(command, cwd=tmp, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
        if not report.exists():
            sys.stdout.write(proc.stdout)
            raise SystemExit(f"pytest wrote no counts (exit status {proc.returncode})")
        return proc.returncode, json.loads(report.read_text()), proc.stdout


def summary(counts):
    """The counts as the lines printed (and written in docs/metrics.md)."""
    reasons = counts["failed_by_reason"]
    lines = [f"run {counts['run']}, passed {counts['passed']}, skipped {counts['skipped']}, "
             f"xfailed {counts['xfailed']}, failed {counts['failed']}"]
    for reason in sorted(reasons, key=lambda r: (r == "other", r)):
        lines.append(f"  failed, {reason}: {reasons[reason]}")
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", "--workers", type=int, default=None,
                        help="pytest-xdist workers (default: none, one process)")
    parser.add_argument("--json", default=None, help="write the counts and failures here")
    parser.add_argument("--show", action="store_true",
                        help="print each failure's test id, reason and error")
    args, extra = parser.parse_known_args(argv)
    modules, notes = available_modules()
    for note in notes:
        print(note)
    if not modules:
        return 0
    status, counts, output = run(modules, args.workers, extra, args.json)
    print("upstream metric tests on imbeval's drop-ins (" + ", ".join(modules) + "):")
    print("\n".join(summary(counts)))
    other = {k: v for k, v in counts["failures"].items() if v["reason"] == "other"}
    for nodeid, failure in sorted(counts["failures"].items() if args.show else other.items()):
        print(f"{failure['reason']}: {nodeid}\n    {failure['error']}")
    if other:
        print(f"{len(other)} failure(s) outside the documented refusals")
        return 1
    if status not in (0, 1):  # 1: tests failed, all of them refusals; else pytest broke
        sys.stdout.write(output[-4000:])
        print(f"pytest exit status {status}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
