"""``imbeval replicate``: do the decisive verdicts survive a change of seed?

Items:

- ``run``      run the workflow once per ``--seeds`` value, each in its own folder
  ``OUT/seed-N`` (``snakemake --snakefile SNAKEFILE --directory OUT/seed-N --config
  seed=N``; the folder links to the repository's files, :func:`link_workflow`, and holds
  its own ``results/``, ``logs/`` and ``.snakemake/``), then check the runs' agreement as
  ``agreement`` does into ``OUT/replication``. A whole default run takes about 10 minutes on
  2 cores per seed; the seeds run one after the other.
- ``agreement``  look up two or more runs' ``verdicts.csv`` (their results folders,
  or the CSVs) verdict by verdict (:mod:`imbeval_repro.verdicts.replication`): ``summary.csv``,
  ``seed_agreement.csv`` and ``replication.md`` into ``--out-dir``. Written as
  ``results/replication/`` of a run, the report's overview states the measured stability
  (the default workflow never runs a replication).

Examples::

    imbeval replicate run --seeds 20200 31337 --configfile config/config.yaml --cores 2 \\
        --out-dir replication
    imbeval replicate agreement replication/seed-20200/results replication/seed-31337/results \\
        --out-dir results/replication
"""

from __future__ import annotations

from imbeval.cli._options import add_list_option

import argparse
import os
import subprocess
import sys
from pathlib import Path


def register(subparsers):
    """Add ``replicate`` and its items to the top-level subparsers."""
    parser = subparsers.add_parser(
        "replicate", help="do the decisive verdicts survive another seed? run the workflow "
                          "at several seeds, look the runs' verdicts up in each other",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="item", metavar="ITEM")
    sub.required = True

    p = sub.add_parser("agreement", help="look runs' verdicts.csv up verdict by verdict",
                       description="Look two or more runs (results folders or their "
                                   "verdicts.csv) verdict by verdict.")
    p.add_argument("runs", nargs="+", type=Path, metavar="RESULTS",
                   help="a run's results folder (with verdicts.csv) or the CSV")
    p.add_argument("--out-dir", required=True, type=Path, metavar="DIR",
                   help="folder for summary.csv, seed_agreement.csv and replication.md "
                        "(results/replication of a run: its report's overview shows it)")
    p.set_defaults(func=run_agreement)

    p = sub.add_parser("run", help="run the workflow at each seed, then check their agreement",
                       description="Run the workflow once per seed in OUT/seed-N, then "
                                   "check the runs' agreement into OUT/replication.")
    add_list_option(p, "--seeds", item="N", item_type=int, nargs="+", required=True,
                    help="two or more seeds (the config's seed is replaced by each), also "
                    "space-separated")
    p.add_argument("--configfile", required=True, type=Path, metavar="YAML",
                   help="the config every run uses (e.g. config/config.yaml)")
    p.add_argument("--cores", type=int, default=2, help="snakemake --cores (default 2)")
    p.add_argument("--out-dir", required=True, type=Path, metavar="DIR",
                   help="folder of the runs (DIR/seed-N) and of the verdict table "
                        "(DIR/replication)")
    p.add_argument("--snakefile", type=Path, default=Path("Snakefile"),
                   help="the workflow's Snakefile (default: ./Snakefile)")
    p.add_argument("--dry-run", action="store_true",
                   help="show what each run would do (snakemake -n); check nothing")
    p.add_argument("--snakemake-args", nargs=argparse.REMAINDER, default=[],
                   metavar="...", help="further snakemake arguments, after everything else")
    p.set_defaults(func=run_runs)
    return parser


def run_agreement(args):
    """Look ``args.runs``' verdicts up in each other into ``args.out_dir``."""
    if len(args.runs) < 2:
        raise ValueError(f"replicate agreement needs at least two runs, got {len(args.runs)}")
    from imbeval_repro.verdicts.replication import replicate

    replicate(args.runs, args.out_dir)
    return 0


#: what a seed's folder does not share with the repository: its own results, logs and
#: report (and no hidden entry: Snakemake's state, the history, caches)
OWN = frozenset({"results", "logs", "report.html"})


def link_workflow(repo: Path, workdir: Path) -> list[Path]:
    """Make ``workdir`` a view of the repository: a symbolic link to each of its top-level
    files and folders but :data:`OWN` and hidden ones. The rules name some files relative
    to the working folder (the report's catalog, the config's plugin folders, a config's
    data paths), so a run in ``workdir`` finds them there while its ``results/`` are its
    own. Returns the links made (an existing entry is left alone)."""
    made = []
    for entry in sorted(repo.iterdir()):
        link = workdir / entry.name
        hidden = entry.name.startswith(".")
        if entry.name in OWN or hidden or link.exists() or link.is_symlink():
            continue
        os.symlink(entry, link, target_is_directory=entry.is_dir())
        made.append(link)
    return made


def seed_command(snakefile: Path, workdir: Path, configfile: Path, seed: int, cores: int,
                 dry_run: bool = False, extra=()) -> list[str]:
    """The snakemake command of one seed's run (its results: ``workdir/results``).

    >>> seed_command(Path("/w/Snakefile"), Path("/o/seed-7"), Path("/w/c.yaml"), 7, 2)[3:]
    ['--snakefile', '/w/Snakefile', '--directory', '/o/seed-7', '--configfile', '/w/c.yaml', '--config', 'seed=7', '--cores', '2']
    """
    command = [sys.executable, "-m", "snakemake", "--snakefile", str(snakefile),
               "--directory", str(workdir), "--configfile", str(configfile),
               "--config", f"seed={seed}", "--cores", str(cores)]
    return command + (["-n"] if dry_run else []) + list(extra)


def run_runs(args):
    """Run the workflow at each seed in its own folder, then check the runs' agreement."""
    if len(set(args.seeds)) < 2:
        raise ValueError(f"--seeds needs two or more different seeds, got {args.seeds}")
    snakefile, configfile = args.snakefile.resolve(), args.configfile.resolve()
    for flag, path in (("--snakefile", snakefile), ("--configfile", configfile)):
        if not path.is_file():
            raise FileNotFoundError(f"{flag} {path} not found")
    repo = snakefile.parent
    results = []
    for seed in args.seeds:
        workdir = (args.out_dir / f"seed-{seed}").resolve()
        workdir.mkdir(parents=True, exist_ok=True)
        link_workflow(repo, workdir)
        command = seed_command(snakefile, workdir, configfile, seed, args.cores,
                               args.dry_run, args.snakemake_args)
        print(f"seed {seed}: {' '.join(command)}", flush=True)
        done = subprocess.run(command, check=False)
        if done.returncode != 0:
            raise OSError(f"the run at seed {seed} failed (snakemake exit code "
                          f"{done.returncode}); its folder is {workdir}, its logs "
                          f"{workdir / 'logs'}; the other seeds' runs are kept")
        results.append(workdir / "results")
    if args.dry_run:
        return 0
    from imbeval_repro.verdicts.replication import replicate

    replicate(results, args.out_dir / "replication")
    return 0
