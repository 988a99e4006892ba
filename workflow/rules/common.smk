# Shared helpers: config validation, the source files a rule depends on, and the derivations
# from the config that the other files use, as get_* and features_* functions (the pure ones
# in imbeval_repro/workflow.py, which the tests call). A file of rules holds rules, paths and
# plain lists; the linter wants functions here, in a file without rules.

import glob
import json
import os

from snakemake.utils import validate

from imbeval.utils.plugins import plugin_sources, use_plugin_dirs
from imbeval_repro.workflow import (  # noqa: F401 (the rule files call them)
    FOLD_RESOURCES,
    NO_NAME,
    features_command,
    features_data,
    features_outputs,
    features_per_concept,
    features_suffix,
    get_fold_resources,
    get_grid_parts,
    get_grid_repeats,
    get_keel_job_resources,
    get_unit_pattern,
)


# Validate before any job: an unknown key or a wrong value stops here, naming the key.
validate(config, schema="../schemas/config.schema.yaml", set_default=True)

# The user's own modules (plugins/ and the config's plugin_dirs): importable here, where the
# config's import paths are checked, and in every job -- shell commands inherit
# PYTHONPATH, and a cluster job re-reads this file in the workflow folder, so it gets the
# same path there.
PLUGIN_DIRS = config.get("plugin_dirs", ["plugins"])
use_plugin_dirs(PLUGIN_DIRS)

# The run's dataset (its name on every run-derived row: the experiment's claims, the
# comparison, the overview): the config's dataset section, named by
# imbeval_repro.experiment.data.labels.run_dataset in the commands.
RUN_DATASET = json.dumps(
    {"dataset": config["experiment"]["dataset"],
     "features": {k: config["experiment"].get("features", {}).get(k) for k in ("path", "root")}},
    sort_keys=True,
)


def user_sources(import_paths):
    """Plugin-folder files of the modules of ``import_paths``: rule inputs, so that editing
    a user's classifier or index reruns the jobs that use it."""
    return plugin_sources(import_paths, PLUGIN_DIRS)


# Snakemake does not notice edits to imported modules: a rule lists as inputs the .py files
# of the folders its command runs code from -- the library (src/imbeval), the
# reproduction's top level and its shared figure helpers, and the rule's own parts of the
# reproduction (its paper's folder, the verdict engine, the experiment machinery, its
# command's modules). What an edit reruns: docs/pipeline.md.
LIBRARY_DIR = os.path.join(workflow.basedir, "src", "imbeval")
REPRO_DIR = os.path.join(workflow.basedir, "reproduction", "src", "imbeval_repro")


def _python_files(path):
    """The .py files of ``path`` (a file or a folder, searched recursively)."""
    if path.endswith(".py"):
        return [path]
    return sorted(glob.glob(os.path.join(path, "**", "*.py"), recursive=True))


def _relative(path):
    here = os.getcwd()
    return os.path.relpath(path, here) if path.startswith(here + os.sep) else path


def sources(*parts):
    """The rule inputs of a command that runs the reproduction's ``parts`` (folders or
    files of reproduction/src/imbeval_repro, e.g. ``"papers/dembele"``,
    ``"cli/papers.py"``): those, the library, and the reproduction's top level and
    figure helpers, relative to the working directory when inside it."""
    paths = [LIBRARY_DIR, os.path.join(REPRO_DIR, "__init__.py"),
             os.path.join(REPRO_DIR, "figures"), *(os.path.join(REPRO_DIR, p) for p in parts)]
    missing = [p for p in paths if not os.path.exists(p)]
    if missing:
        raise ValueError(f"a rule's sources are missing: {missing}")
    return sorted({_relative(f) for p in paths for f in _python_files(p)})


# The shipped reference results of the whole KEEL collection (in the repository, made by
# `imbeval experiment reference`), outside results/ so that a run from clean keeps
# them: the verdict table shows their claim rows beside the run's, the report their
# half-split replication and winner flips. A checkout without them (a fork that removed
# them) shows none, and the report rules print a warning line naming what is missing.
REFERENCE_DIR = "reference/keel"
REFERENCE_FILES = ["claims.csv", "provenance.json", "replication.csv", "winner_flips.csv"]


def get_reference_files():
    """The shipped reference files present (inputs of the report rules: a change reruns them)."""
    files = [f"{REFERENCE_DIR}/{name}" for name in REFERENCE_FILES]
    return [f for f in files if os.path.exists(f)]
