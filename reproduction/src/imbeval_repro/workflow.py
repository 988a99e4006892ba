"""Pure derivations the workflow makes from its config: features jobs' commands and outputs,
the mortaz2020 grid's jobs, the classifier rules' wildcard patterns and resources.

workflow/rules/common.smk imports them (the rule files call them by these names); they
take plain values (config sections, lists), so the tests call them directly. No import of
Snakemake.
"""

from __future__ import annotations

import math
import re
import shlex


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


# Resources of one fold job, measured on the paper-shaped slice (config/paper-slice.yaml,
# docs/performance.md: the whole slice on a quiet machine, 5 folds of each pair; wall
# seconds of the slowest fold and peak RSS): runtime = the slowest fold x 3 (cluster nodes
# may be slower or shared), at least 10 min; memory = peak RSS x 2, rounded up to 1000 MB.
# Two-class problems from its IR-20 pair (6825 points), multi-class from its 10-class
# problem (22,135 points, the paper's largest shape).
FOLD_RESOURCES = {
    ("dual_lexiboost", True): {"mem_mb": 2000, "runtime": 10},  # 7.8 s, 0.58 GB
    ("dual_lexiboost", False): {"mem_mb": 3000, "runtime": 10},  # 51 s, 1.37 GB
    ("nbsvm", True): {"mem_mb": 2000, "runtime": 10},  # 10 s, 0.97 GB
    ("nbsvm", False): {"mem_mb": 12000, "runtime": 15},  # 218 s, 5.80 GB
    ("rusboost", True): {"mem_mb": 1000, "runtime": 10},  # 58 s, 0.36 GB
    ("rusboost", False): {"mem_mb": 2000, "runtime": 45},  # 838 s, 0.70 GB
    ("smote_mlp", True): {"mem_mb": 2000, "runtime": 10},  # 44 s, 0.52 GB
    ("smote_mlp", False): {"mem_mb": 3000, "runtime": 15},  # 217 s, 1.44 GB
}


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
