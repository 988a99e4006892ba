# Shared helpers: config validation, the source files a rule depends on, and every derivation
# from the config that the other files use, as get_* and features_* functions. (A file of
# rules holds rules, paths and plain lists; the linter wants functions here, in common.smk.)

import glob
import json
import math
import os
import re
import shlex

from snakemake.utils import validate

from imbeval.utils.plugins import plugin_sources, use_plugin_dirs


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
        raise ValueError(f"rule sources not found: {missing}")
    return sorted({_relative(f) for p in paths for f in _python_files(p)})


# ---- experiment_features (experiment.smk), one for every dataset: parameter functions ----
# ImageNet makes one job per concept shard (the expensive step, about 12 images/s); the
# other datasets write every shard in one job (the Fashion-MNIST CNN is trained once).


def features_per_concept(exp):
    """True if the feature extractor runs once per concept (ImageNet, a user's image folder:
    Inception V3)."""
    return exp["dataset"] in ("imagenet", "image_folder")


def features_data(exp):
    """Data files a features job reads that can change (a user's table): rule inputs."""
    return [exp["features"]["path"]] if exp["dataset"] == "table" else []


def features_outputs(exp, folder):
    """The shard(s) one features job writes: a {concept} pattern or every concept's file."""
    if features_per_concept(exp):
        return f"{folder}/{{concept}}.npz"
    return [f"{folder}/{concept}.npz" for concept in exp["concepts"]]


def features_suffix(exp):
    """Log/benchmark file suffix of a features job: per concept for ImageNet."""
    return "_{concept}" if features_per_concept(exp) else ""


def _concept_args(names, exp):
    return " ".join(
        f"--concept {name}={','.join(str(m) for m in exp['concepts'][name])}" for name in names
    )


def features_command(exp, seed):
    """A function of the wildcards: the `imbeval experiment features SOURCE ...` arguments
    (everything but --out-dir) for the config's dataset."""
    feats = exp["features"]

    def command(wildcards):
        if exp["dataset"] == "imagenet":
            return (
                f"inception --root {feats['imagenet_root']} "
                f"{_concept_args([wildcards.concept], exp)} --weights {feats['weights']} "
                f"--batch-size {feats['batch_size']} --seed {seed} "
                f"--threads {feats['tf_threads']} --quiet --force"
            )
        if exp["dataset"] == "image_folder":
            return (
                f"image-folder --root {shlex.quote(feats['root'])} "
                f"{_concept_args([wildcards.concept], exp)} --weights {feats['weights']} "
                f"--batch-size {feats['batch_size']} --seed {seed} "
                f"--threads {feats['tf_threads']} --quiet --force"
            )
        concepts = _concept_args(exp["concepts"], exp)
        if exp["dataset"] == "table":
            columns = feats["feature_columns"]
            return (
                f"table --path {shlex.quote(feats['path'])} {concepts} "
                f"--label-column {shlex.quote(feats['label_column'])}"
                + (f" --feature-columns {shlex.quote(','.join(columns))}" if columns else "")
                + " --force"
            )
        if exp["dataset"] == "digits":
            return f"digits {concepts} --force"
        if exp["dataset"] == "synthetic":
            return (
                f"synthetic {concepts} --seed {seed} --dim {feats['feature_dim']} "
                f"--points-per-leaf {feats['points_per_leaf']} --separation {feats['separation']} "
                f"--active-features {feats['active_features']} --force"
            )
        optional = ""
        if feats["n_train"]:
            optional += f" --n-train {feats['n_train']}"
        if feats["data_dir"]:
            optional += f" --data {feats['data_dir']}"
        return (
            f"fashion-mnist {concepts} --extractor {feats['extractor']} "
            f"--epochs {feats['epochs']} --feature-dim {feats['feature_dim']}{optional} "
            f"--seed {seed} --threads {feats['tf_threads']} --no-download --quiet --force"
        )

    return command


# Snakemake internals (pinned `snakemake<10` in pyproject.toml while they are used): this
# preflight reads the executor plugin (`workflow.executor_plugin`, `workflow.executor_settings`),
# the planned jobs (`workflow.dag.needrun_jobs()`), their SLURM groups with summed resources
# (`workflow.dag.get_job_group`) and a group's name as the profile gives it
# (`workflow.parent_groupids`). None has a public equivalent: Snakemake's documented
# interface to a Snakefile (`config`, `workflow.basedir`, rules, the onstart/onsuccess
# handlers, which receive only the log's path) exposes neither the DAG nor the executor's
# settings, and its Python API (snakemake.api) builds a DAG but is not reachable from inside a
# running workflow. experiment.smk's `workflow.remote_exec` (skip a check inside a cluster
# job) has none either: the only documented main-process hook, onstart, is not run on a dry
# run or when nothing is to be done, and the check must stop a dry run too.
# On SLURM, check before the first submission what the executor plugin would otherwise wait
# on without a word (status polling that cannot work, a job larger than any node); the
# checks and their messages are in src/imbeval/_cluster.py. onstart runs after the DAG is
# built, so every job's threads and resources are final (profiles, --set-* applied).
onstart:
    plugin = workflow.executor_plugin
    if plugin is not None and plugin.name.split("-")[-1] == "slurm":
        from imbeval_repro.cluster import JobRequest, slurm_preflight

        def _number(value):
            return float(value) if isinstance(value, (int, float)) else None

        requests, groups_seen = [], set()
        for job in workflow.dag.needrun_jobs():
            if job.is_local:
                continue
            # A grouped job is submitted with its group (profiles/slurm: five experiment_fold
            # jobs per submission), which asks for the members' cores and memory summed; the
            # group is named as in the profile (folds_{problem}_{classifier}), which is what
            # --group-components takes.
            group = workflow.dag.get_job_group(job)
            if group is not None:
                if id(group) in groups_seen:
                    continue
                groups_seen.add(id(group))
            unit = job if group is None else group
            res = unit.resources
            cpus = int(res.get("cpus_per_task") or unit.threads)
            mem = _number(res.get("mem_mb"))
            if _number(res.get("mem_mb_per_cpu")) is not None:
                mem = _number(res.get("mem_mb_per_cpu")) * cpus
            requests.append(JobRequest(job.rule.name, cpus, mem, res.get("slurm_partition") or None,
                                       group=None if group is None else
                                       workflow.parent_groupids.get(group.groupid, group.groupid)))
        settings = workflow.executor_settings
        slurm_preflight(requests, getattr(settings, "status_command", None),
                        int(getattr(settings, "init_seconds_before_status_checks", 40) or 40))


# ---- papers_mortaz2020_grid_model (papers.smk) --------------------------------------------


def get_grid_repeats(papers, datasets):
    """``{dataset: CV repetitions}``: papers.grid_repeats is one number or
    ``{dataset: number}`` (a dataset it leaves out gets 1, the paper's single CV)."""
    repeats = papers["grid_repeats"]
    return {d: (repeats.get(d, 1) if isinstance(repeats, dict) else repeats) for d in datasets}


def get_grid_parts(models, repeats):
    """``{dataset: {part: [models]}}``: the grid's jobs. satimage's ANN and GBM models take
    30-100 s each and get a job each; its twelve others (3-12 s each) share one. glass: one
    job at R = 1 (15 s of CPU); with repetitions (R = 10, the default config's: 149 s of CPU,
    GBM's job 62 s, ANN's 60 s, the twelve others' 27 s) three jobs, so that the scheduler
    packs them among others."""
    costly = [m for m in models if m.partition("-")[0] in ("ANN", "GBM")]
    return {
        "glass": {"all": list(models)} if repeats.get("glass", 1) == 1 else {
            "gbm": [m for m in models if m.partition("-")[0] == "GBM"],
            "ann": [m for m in models if m.partition("-")[0] == "ANN"],
            "cheap": [m for m in models if m not in costly],
        },
        "satimage": {
            **{m: [m] for m in costly},
            "others": [m for m in models if m not in costly],
        },
    }


# ---- the classifier jobs (experiment.smk, keel.smk) -----------------------------------------

# a wildcard pattern no name matches: the constraint of a rule the config does not use
NO_NAME = "(?!)"


def get_unit_pattern(names, job_unit, unit):
    """The wildcard pattern of the problem (or set) names of a classifier rule of job unit
    ``unit``: the names when it is the config's ``job_unit``, else :data:`NO_NAME`, so that
    the rule is defined (another stage can reuse it) but plans no job."""
    if job_unit != unit or not names:
        return NO_NAME
    return "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))


# ---- the classifier jobs' resources (experiment.smk, keel.smk) ----------------------------


def get_fold_resources(exp, measured, two_class):
    """A function of the wildcards: memory and minutes of one experiment fold job. The
    measured sizes (``measured``: ``{(classifier, two-class?): resources}``) hold for the
    paper's shapes (imagenet, and synthetic, the slice); the other datasets' problems are
    orders of magnitude smaller, and a run job's 3000 MB is ample for them (a SLURM group of
    five paper-sized reservations would not fit a small node)."""
    paper_shaped = exp["dataset"] in ("imagenet", "synthetic")
    return lambda wc: (measured[(wc.classifier, wc.problem in two_class)] if paper_shaped
                       else {"mem_mb": 3000, "runtime": 30})


def get_keel_job_resources(rows, n_folds, folds):
    """Memory (MB) and minutes of a KEEL job fitting ``folds`` outer folds of a set of
    ``rows`` points (``n_folds``-fold CV): NBSVM's kernel matrix grows with the square of the
    training rows (5.8 GB at 17,700 training points, docs/performance.md), at least 3000 MB;
    minutes from the KEEL cost model (docs/performance.md, KEEL: seconds per fold grow with
    the rows), at least 10 (cluster nodes may be slower)."""
    train_rows = rows * (n_folds - 1) / n_folds
    return {
        "mem_mb": max(3000, 1000 * math.ceil((500 + 5800 * (train_rows / 17700) ** 2) / 1000)),
        "runtime": max(10, math.ceil(folds * (0.5 + rows / 500))),
    }


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
