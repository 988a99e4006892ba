# Stage "experiment": mullick2020's experiment (Section 5) end to end.
#
#   features   concept shards   results/experiment/features/<concept>.npz
#   problems   problem files    results/experiment/problems/<problem>.npz, problems.csv
#   fold/run/runs  the classifier jobs: outer CV, in-fold tuning, RRT test sets, confusion
#              matrices -> one fold file per outer fold,
#              results/experiment/runs/<problem>/<clf>/run<r>/fold<k>.json; a job computes one
#              fold (experiment.job_unit: fold, rule experiment_fold), one run (run,
#              experiment_run), every run of a (problem, classifier) (all_runs,
#              experiment_runs) or every classifier and run of a problem (problem,
#              experiment_problem_runs) -- the same files either way
#   collect    gathers the fold files (deterministic order) ->
#              results/experiment/{indices,confusion_matrices,test_sets,hyperparameters,summary}.csv
#   figures    results/figures/mullick2020/{fig3,fig4a,fig4b,fig5}.{pdf,png,csv}, claims.csv
#
#   snakemake --cores 2 experiment_all
#
# Rules call `imbeval experiment ITEM` (reproduction/src/imbeval_repro/cli/_experiment_<item>.py);
# their code inputs are the folders the item runs (`sources` in common.smk).


import json
import os
import shlex

from imbeval.utils.plugins import is_import_path


validate(config["experiment"], schema="../schemas/experiment.schema.yaml", set_default=True)
# What the schema cannot express (concept members of the dataset, problems built from known
# and disjoint concepts, an IR that leaves every class enough points for the folds) is
# checked by the library, still before any job.
# Inside a cluster job (--mode remote) the submitting Snakemake has checked it already; the
# check imports scikit-learn, 2 s of CPU per job, twice per SLURM job. (`remote_exec` is
# internal to Snakemake, one reason for the `snakemake<10` cap: the one documented hook of
# the main process, onstart, runs neither on a dry run nor when nothing is to be done, and
# this check must stop a dry run too.)
if not workflow.remote_exec:
    from imbeval_repro.experiment.data.check import check_experiment

    check_experiment(config["experiment"])
    # The user's classifiers and indices (import paths): each imports and behaves as one.
    from imbeval_repro.experiment.protocol.user_code import check_user_code

    check_user_code(config["experiment"])

EXP = config["experiment"]
EXP_DIR = "results/experiment"
EXP_FEATURES = f"{EXP_DIR}/features"
EXP_FIGURES = "results/figures/mullick2020"
EXP_CONCEPTS = list(EXP["concepts"])
EXP_PROBLEMS = [p["name"] for p in EXP["two_class"]] + [p["name"] for p in EXP["multi_class"]]
EXP_CLASSIFIERS = list(EXP["classifiers"])
EXP_RUNS = list(range(EXP["protocol"]["runs"]))
EXP_FOLDS = list(range(EXP["protocol"]["folds"]))
EXP_TABLES = ["fold_indices", "confusion_matrices", "test_sets", "hyperparameters", "summary",
                "run_indices"]
EXP_FIGS = ["fig3", "fig4a", "fig4b", "fig5"]
# the indices of scores of the fold files' scores (rule experiment_scores)
EXP_SCORE_TABLES = ["score_indices", "score_spread", "winner_flips"]
# The code each `imbeval experiment ITEM` runs (`sources`, common.smk): the experiment
# machinery and the item's command; the figures also mullick2020's folder and the verdict
# engine, the indices of scores the library-wide results.
_EXP_CLI = ["cli/experiment.py", "cli/_experiment_args.py"]
EXP_SOURCES = {
    item: sources("experiment", *_EXP_CLI, f"cli/_experiment_{item}.py")
    for item in ("features", "problems", "run", "collect")
}
EXP_SOURCES["figures"] = sources("experiment", "verdicts", "papers/mullick2020",
                                 *_EXP_CLI, "cli/_experiment_figures.py")
EXP_SOURCES["scores"] = sources("experiment", "library_results", *_EXP_CLI,
                                "cli/_experiment_scores.py")
# JSON handed to `imbeval experiment problems` (concepts are read from the shards).
EXP_PROBLEM_SETTINGS = json.dumps(
    {k: EXP[k] for k in ("two_class", "multi_class", "max_class_size")}, sort_keys=True
)
# Per-classifier JSON for `imbeval experiment run`: a change reruns that classifier only.
EXP_RUN_SETTINGS = {
    c: json.dumps({"protocol": EXP["protocol"], "classifier": EXP["classifiers"][c]}, sort_keys=True)
    for c in EXP_CLASSIFIERS
}
# every classifier's settings, for one job per problem (job_unit: problem)
EXP_PROBLEM_RUN_SETTINGS = json.dumps(
    {"protocol": EXP["protocol"], "classifiers": {c: EXP["classifiers"][c] for c in EXP_CLASSIFIERS}},
    sort_keys=True,
)
EXP_INDICES = "all" if EXP["indices"] == "all" else ",".join(EXP["indices"])
# Source files of the user's code in plugin folders: an edit reruns the jobs using it.
EXP_USER_INDEX_SOURCES = user_sources(
    [] if EXP["indices"] == "all" else [i for i in EXP["indices"] if is_import_path(i)]
)
EXP_USER_CLASSIFIER_SOURCES = {
    c: user_sources([spec["estimator"]]) if spec.get("estimator") else []
    for c, spec in EXP["classifiers"].items()
}
EXP_TARGETS = (
    [f"{EXP_DIR}/{t}.csv" for t in EXP_TABLES]
    + [f"{EXP_DIR}/problems.csv"]
    + [f"{EXP_FIGURES}/{f}.{ext}" for f in EXP_FIGS for ext in ("pdf", "png", "csv")]
    + [f"{EXP_FIGURES}/claims.csv"]
    + [f"{EXP_DIR}/{t}.csv" for t in EXP_SCORE_TABLES]
    + [f"{EXP_FIGURES}/fig3_scores.{ext}" for ext in ("pdf", "png", "csv")]
)
experiment_targets = lambda: EXP_TARGETS


wildcard_constraints:
    problem="|".join(EXP_PROBLEMS),
    classifier="|".join(EXP_CLASSIFIERS),
    run=r"\d+",
    fold=r"\d+",
    concept="|".join(EXP_CONCEPTS),


localrules:
    experiment_all,


rule experiment_all:
    input:
        EXP_TARGETS,


# Threads and resources of a features job per dataset. TensorFlow runs exactly the config's
# features.tf_threads threads (part of the experiment: see the schema), so that is what the
# job reserves. Fashion-MNIST: peak RSS 1.4 GB, 36 s on 2 quiet cores (docs/performance.md).
EXP_FEATURES_JOB = {
    "fashion_mnist": {"threads": EXP["features"]["tf_threads"], "mem_mb": 3000, "runtime": 30},
    "digits": {"threads": 1, "mem_mb": 1000, "runtime": 10},
    "imagenet": {"threads": EXP["features"]["tf_threads"], "mem_mb": 8000, "runtime": 240},
    # measured on config/paper-slice.yaml: 3.5 s of CPU, 306 MB for 22,100 x 2048 points
    "synthetic": {"threads": 1, "mem_mb": 2000, "runtime": 10},
    # a user's own data: a table is read, not computed; image folders go through
    # the same Inception V3 extraction as ImageNet
    "table": {"threads": 1, "mem_mb": 2000, "runtime": 10},
    "image_folder": {"threads": EXP["features"]["tf_threads"], "mem_mb": 8000, "runtime": 240},
}[EXP["dataset"]]


# One job per concept for ImageNet, one job for every shard otherwise (common.smk).
# Its priority: it heads the longest chain of the DAG and may take every core (TensorFlow
# threads), so left to the scheduler it waited until the other stages had drained (default
# run: started at 473 s of 721, then ran alone for 32 s). The scheduler maximises the sum of
# the chosen jobs' priorities, so 100 outweighs a core-full of mortaz2020 grid jobs (0-5 each).
rule experiment_features:
    input:
        EXP_SOURCES["features"],
        features_data(EXP),
    output:
        features_outputs(EXP, EXP_FEATURES),
    params:
        command=features_command(EXP, config["seed"]),
        out=lambda wildcards, output: os.path.dirname(output[0]),
    conda:
        "../../environment.yml"
    log:
        f"logs/experiment/features{features_suffix(EXP)}.log",
    benchmark:
        f"results/benchmarks/experiment/features{features_suffix(EXP)}.tsv"
    priority: 100
    threads: EXP_FEATURES_JOB["threads"]
    resources:
        mem_mb=EXP_FEATURES_JOB["mem_mb"],
        runtime=EXP_FEATURES_JOB["runtime"],
    shell:
        "imbeval experiment features {params.command} --out-dir {params.out} > {log} 2>&1"


rule experiment_problems:
    input:
        EXP_SOURCES["problems"],
        shards=expand(f"{EXP_FEATURES}/{{concept}}.npz", concept=EXP_CONCEPTS),
    output:
        problems=expand(f"{EXP_DIR}/problems/{{problem}}.npz", problem=EXP_PROBLEMS),
        table=f"{EXP_DIR}/problems.csv",
    params:
        settings=EXP_PROBLEM_SETTINGS,
        seed=config["seed"],
        features=lambda wildcards, input: os.path.dirname(input.shards[0]),
        out=lambda wildcards, output: os.path.dirname(output.problems[0]),
    conda:
        "../../environment.yml"
    log:
        "logs/experiment/problems.log",
    priority: 100
    threads: 1
    resources:
        mem_mb=4000,
        runtime=15,
    shell:
        "imbeval experiment problems --features {params.features} --settings {params.settings:q} "
        "--seed {params.seed} --out-dir {params.out} --table {output.table} > {log} 2>&1"


# The classifier jobs: each writes fold files runs/<problem>/<classifier>/run<r>/fold<k>.json
# (imbeval_repro.experiment.protocol.run_folds); experiment.job_unit says how many folds one job computes.
EXP_FOLD = f"{EXP_DIR}/runs/{{problem}}/{{classifier}}/run{{run}}/fold{{fold}}.json"
EXP_FOLD_FILES = expand(
    EXP_FOLD, problem=EXP_PROBLEMS, classifier=EXP_CLASSIFIERS, run=EXP_RUNS, fold=EXP_FOLDS
)


# Fold-file patterns of the given runs and folds (wildcards problem, classifier left).
exp_fold_files = lambda runs, folds: [
    f"{EXP_DIR}/runs/{{problem}}/{{classifier}}/run{r}/fold{k}.json" for r in runs for k in folds
]


# measured fold-job sizes of the paper's shapes: imbeval_repro.workflow.FOLD_RESOURCES
EXP_FOLD_RESOURCES = FOLD_RESOURCES
EXP_TWO_CLASS = {p["name"] for p in EXP["two_class"]}


# paper-shaped datasets take the measured sizes, the others 3000 MB / 30 min (common.smk)
exp_fold_resources = get_fold_resources(EXP, EXP_FOLD_RESOURCES, EXP_TWO_CLASS)


EXP_RUN_ARGS = dict(
    settings=lambda wc: EXP_RUN_SETTINGS[wc.classifier],
    seed=config["seed"],
    out=f"{EXP_DIR}/runs/{{problem}}/{{classifier}}",
)
# Minutes of one run (run and all_runs units): at paper scale the ten-class jobs are long.
EXP_RUN_MINUTES = 360 if EXP["dataset"] == "imagenet" else 30


# The four job units' rules are all defined (keel.smk reuses them, `use rule ... as keel_*`),
# and only the config's experiment.job_unit can make jobs: the others' {problem} matches no
# name (get_unit_pattern, common.smk), so exactly one rule writes each fold file.


# One job per outer fold: the paper's grid as many short jobs that fill a cluster.
rule experiment_fold:
    input:
        EXP_SOURCES["run"],
        lambda wc: EXP_USER_CLASSIFIER_SOURCES[wc.classifier],
        problem=f"{EXP_DIR}/problems/{{problem}}.npz",
    output:
        EXP_FOLD,
    wildcard_constraints:
        problem=get_unit_pattern(EXP_PROBLEMS, EXP["job_unit"], "fold"),
    params:
        **EXP_RUN_ARGS,
    conda:
        "../../environment.yml"
    log:
        "logs/experiment/runs/{problem}/{classifier}/run{run}/fold{fold}.log",
    benchmark:
        "results/benchmarks/experiment/runs/{problem}/{classifier}/run{run}/fold{fold}.tsv",
    # One thread: the command fits one model at a time (Snakemake sets OMP/BLAS threads to 1).
    threads: 1
    resources:
        mem_mb=lambda wc: exp_fold_resources(wc)["mem_mb"],
        runtime=lambda wc: exp_fold_resources(wc)["runtime"],
    shell:
        "imbeval experiment run --problem {input.problem} --classifier {wildcards.classifier} "
        "--run {wildcards.run} --folds {wildcards.fold} --seed {params.seed} --settings {params.settings:q} "
        "--out-dir {params.out} > {log} 2>&1"


# One job per run: its outer folds one after the other (peak RSS 0.2 GB on the test config).
rule experiment_run:
    input:
        EXP_SOURCES["run"],
        lambda wc: EXP_USER_CLASSIFIER_SOURCES[wc.classifier],
        problem=f"{EXP_DIR}/problems/{{problem}}.npz",
    output:
        exp_fold_files(["{run}"], EXP_FOLDS),
    wildcard_constraints:
        problem=get_unit_pattern(EXP_PROBLEMS, EXP["job_unit"], "run"),
    params:
        **EXP_RUN_ARGS,
    conda:
        "../../environment.yml"
    log:
        "logs/experiment/runs/{problem}/{classifier}/run{run}.log",
    benchmark:
        "results/benchmarks/experiment/runs/{problem}/{classifier}/run{run}.tsv",
    # One thread: the command fits one model at a time (Snakemake sets OMP/BLAS threads to 1).
    threads: 1
    resources:
        mem_mb=3000,
        runtime=EXP_RUN_MINUTES,
    shell:
        "imbeval experiment run --problem {input.problem} --classifier {wildcards.classifier} "
        "--run {wildcards.run} --seed {params.seed} --settings {params.settings:q} "
        "--out-dir {params.out} > {log} 2>&1"


# One job per (problem, classifier), every run: Python's start-up and imports (1-2 s of
# CPU) paid once instead of per run, where a run's work is a few seconds.
rule experiment_runs:
    input:
        EXP_SOURCES["run"],
        lambda wc: EXP_USER_CLASSIFIER_SOURCES[wc.classifier],
        problem=f"{EXP_DIR}/problems/{{problem}}.npz",
    output:
        exp_fold_files(EXP_RUNS, EXP_FOLDS),
    wildcard_constraints:
        problem=get_unit_pattern(EXP_PROBLEMS, EXP["job_unit"], "all_runs"),
    params:
        **EXP_RUN_ARGS,
        runs=",".join(map(str, EXP_RUNS)),
    conda:
        "../../environment.yml"
    log:
        "logs/experiment/runs/{problem}/{classifier}/runs.log",
    benchmark:
        "results/benchmarks/experiment/runs/{problem}/{classifier}/runs.tsv",
    # One thread: the command fits one model at a time (Snakemake sets OMP/BLAS threads to 1).
    threads: 1
    resources:
        mem_mb=3000,
        runtime=EXP_RUN_MINUTES * len(EXP_RUNS),
    shell:
        "imbeval experiment run --problem {input.problem} --classifier {wildcards.classifier} "
        "--run {params.runs} --seed {params.seed} --settings {params.settings:q} "
        "--out-dir {params.out} > {log} 2>&1"


# One job per problem, every classifier and run (job_unit: problem): where a classifier's
# whole CV takes about as long as Python's start-up and imports (1.3-1.5 s of the 2-4 s
# of a default-config job, docs/performance.md), paid once per problem instead of per
# classifier. The same fold files, each classifier's from the same seeds.
rule experiment_problem_runs:
    input:
        EXP_SOURCES["run"],
        [f for c in EXP_CLASSIFIERS for f in EXP_USER_CLASSIFIER_SOURCES[c]],
        problem=f"{EXP_DIR}/problems/{{problem}}.npz",
    output:
        [f"{EXP_DIR}/runs/{{problem}}/{c}/run{r}/fold{k}.json"
         for c in EXP_CLASSIFIERS for r in EXP_RUNS for k in EXP_FOLDS],
    wildcard_constraints:
        problem=get_unit_pattern(EXP_PROBLEMS, EXP["job_unit"], "problem"),
    params:
        settings=EXP_PROBLEM_RUN_SETTINGS,
        seed=config["seed"],
        out=f"{EXP_DIR}/runs/{{problem}}",
        classifiers=",".join(EXP_CLASSIFIERS),
        runs=",".join(map(str, EXP_RUNS)),
    conda:
        "../../environment.yml"
    log:
        "logs/experiment/runs/{problem}/runs.log",
    benchmark:
        "results/benchmarks/experiment/runs/{problem}/runs.tsv",
    # One thread: the command fits one model at a time (Snakemake sets OMP/BLAS threads to 1).
    # priority: before the short theory/papers jobs (0), after the long grid jobs (3-5): the chain to the report starts earlier
    priority: 1
    threads: 1
    resources:
        mem_mb=3000,
        runtime=EXP_RUN_MINUTES * len(EXP_RUNS) * len(EXP_CLASSIFIERS),
    shell:
        "imbeval experiment run --problem {input.problem} --classifier {params.classifiers} "
        "--run {params.runs} --seed {params.seed} --settings {params.settings:q} "
        "--runs-dir {params.out} > {log} 2>&1"


rule experiment_collect:
    input:
        EXP_SOURCES["collect"],
        EXP_USER_INDEX_SOURCES,
        runs=EXP_FOLD_FILES,
    output:
        fold_indices=f"{EXP_DIR}/fold_indices.csv",
        confusion=f"{EXP_DIR}/confusion_matrices.csv",
        test_sets=f"{EXP_DIR}/test_sets.csv",
        hyperparameters=f"{EXP_DIR}/hyperparameters.csv",
        summary=f"{EXP_DIR}/summary.csv",
        run_indices=f"{EXP_DIR}/run_indices.csv",
    params:
        out=lambda wildcards, output: os.path.dirname(output.fold_indices),
        indices=EXP_INDICES,
    conda:
        "../../environment.yml"
    log:
        "logs/experiment/collect.log",
    benchmark:
        "results/benchmarks/experiment/collect.tsv"
    # priority: the serial chain from the classifier jobs to the report runs as soon as it can (docs/performance.md)
    priority: 50
    threads: 1
    resources:
        mem_mb=4000,
        runtime=15,
    shell:
        "imbeval experiment collect {input.runs} --indices {params.indices} "
        "--out-dir {params.out} > {log} 2>&1"


# The indices of scores per RRT test set from the scores the fold jobs kept, at the test
# prior and at the deployment prior imbeval_repro.library_results.scores_rrt.DEPLOY_PRIOR; their spread over
# the RRT schemes (Fig. 3 for the indices of scores) and the classifier pairs whose winner
# changes at that prior (docs/metrics.md). Two-class problems, RRT_INDICES: ~20 s.
rule experiment_scores:
    input:
        EXP_SOURCES["scores"],
        runs=EXP_FOLD_FILES,
    output:
        values=f"{EXP_DIR}/score_indices.csv",
        spread=f"{EXP_DIR}/score_spread.csv",
        flips=f"{EXP_DIR}/winner_flips.csv",
        fig_pdf=f"{EXP_FIGURES}/fig3_scores.pdf",
        fig=f"{EXP_FIGURES}/fig3_scores.png",
        fig_csv=f"{EXP_FIGURES}/fig3_scores.csv",
    params:
        out=lambda wildcards, output: os.path.dirname(output.spread),
        figure=lambda wildcards, output: os.path.splitext(output.fig)[0],
    conda:
        "../../environment.yml"
    log:
        "logs/experiment/scores.log",
    benchmark:
        "results/benchmarks/experiment/scores.tsv"
    threads: 1
    resources:
        mem_mb=2000,
        runtime=15,
    shell:
        "imbeval experiment scores {input.runs} --out-dir {params.out} "
        "--figure {params.figure} > {log} 2>&1"


rule experiment_figures:
    input:
        EXP_SOURCES["figures"],
        # the claims and figures rest on each run's pooled confusion matrices
        run_indices=f"{EXP_DIR}/run_indices.csv",
        # Fig. 5's cell intervals on the fold values (one run's value misses the variance
        # between training sets: imbeval.inference.pooled_cv_estimate)
        fold_indices=f"{EXP_DIR}/fold_indices.csv",
        problems=f"{EXP_DIR}/problems.csv",
    output:
        [f"{EXP_FIGURES}/{f}.pdf" for f in EXP_FIGS],
        [f"{EXP_FIGURES}/{f}.csv" for f in EXP_FIGS],
        fig3=f"{EXP_FIGURES}/fig3.png",
        fig4a=f"{EXP_FIGURES}/fig4a.png",
        fig4b=f"{EXP_FIGURES}/fig4b.png",
        fig5=f"{EXP_FIGURES}/fig5.png",
        claims=f"{EXP_FIGURES}/claims.csv",
        units=f"{EXP_FIGURES}/claim_units.csv",
    params:
        out=lambda wildcards, output: os.path.dirname(output.fig3),
        # what the rows rest on (keel_figures, the same rule, passes --keel instead)
        dataset=f"--run-dataset {shlex.quote(RUN_DATASET)}",
    conda:
        "../../environment.yml"
    log:
        "logs/experiment/figures.log",
    # priority: the serial chain from the classifier jobs to the report runs as soon as it can (docs/performance.md)
    priority: 50
    threads: 1
    resources:
        mem_mb=2000,
        runtime=10,
    shell:
        "imbeval experiment figures --indices {input.run_indices} --folds {input.fold_indices} "
        "--problems {input.problems} "
        "--intervals {params.dataset} --out-dir {params.out} > {log} 2>&1"
