# Stage "compare": which classifier wins, by index.
#
# One job per result set: `imbeval compare` over the set's long table of per-fold index
# values (src/imbeval/cli/compare.py, library src/imbeval/compare/) writes
# results/compare/<set>/{tests,ranks,pairwise,nemenyi,control,bayesian,stability,kendall_w,
# kendall_tau,units,dropped,missing}.csv, summary.txt, about.json and a critical-difference diagram per index
# and RRT scheme, cd_<index>_<scheme>.{pdf,png,svg,csv} with its caption; the report's page "Which classifier wins, by index"
# (reproduction/src/imbeval_repro/report/compare.py) shows every set. A set's folder is the job's one output
# (a directory: the diagrams' names follow the table's schemes), so a failed job leaves none.
#
#   snakemake --cores 2 compare_all
#
# Adding a result set is one entry of COMPARE_SETS: its table (columns problem, classifier,
# index, value, and optionally run, fold, scheme, unit) and, when the table has no unit
# column, the problems.csv that makes the independent units (shared classes, or a family
# column as KEEL's has).


COMPARE_DIR = "results/compare"
# ACSA (the reference), GMean, MCC, F1 (macro), accuracy and IAM: the registry's names
COMPARE_INDICES = ["acsa", "gmean", "mcc", "macro_f1", "accuracy", "iam"]
COMPARE_SETS = {
    # the experiment: problems that share classes are one independent unit
    # (imbeval.inference.problem_clusters); on the Fashion-MNIST stand-in every problem
    # shares a class with another, so each scheme has one unit: no test, said on the page
    "experiment": {
        "table": f"{EXP_DIR}/fold_indices.csv",
        "problems": f"{EXP_DIR}/problems.csv",
        "label": "The experiment (units: clusters of problems that share classes)",
    },
    # the same table with every problem its own unit, as the papers treat them: the
    # problems are NOT independent (they share classes), so its tests are optimistic --
    # a sensitivity view, labelled so on the page
    "experiment_problems": {
        "table": f"{EXP_DIR}/fold_indices.csv",
        "problems": None,
        "label": "The experiment, problems as units (NOT independent: they share classes; "
        "tests optimistic, for comparison with the papers' practice)",
    },
}
# KEEL (workflow/rules/keel.smk), when the config has a KEEL slice: problems.csv's family
# column makes the units (two-class sets cut from one source are one unit; each multi-class
# set its own)
if KEEL_ON:
    COMPARE_SETS["keel"] = {
        "table": f"{KEEL_DIR}/fold_indices.csv",
        "problems": f"{KEEL_DIR}/problems.csv",
        "label": "KEEL (units: dataset families; each multi-class set its own unit)",
    }
COMPARE_SOURCES = sources()
COMPARE_TARGETS = [f"{COMPARE_DIR}/{name}" for name in COMPARE_SETS]
compare_targets = lambda: COMPARE_TARGETS


wildcard_constraints:
    result_set="|".join(COMPARE_SETS),


localrules:
    compare_all,


rule compare_all:
    input:
        COMPARE_TARGETS,


rule compare:
    input:
        COMPARE_SOURCES,
        table=lambda wc: COMPARE_SETS[wc.result_set]["table"],
        problems=lambda wc: COMPARE_SETS[wc.result_set]["problems"] or [],
    output:
        directory(f"{COMPARE_DIR}/{{result_set}}"),
    params:
        indices=",".join(COMPARE_INDICES),
        units=lambda wc, input: f"--problems {input.problems}" if input.problems else "",
        label=lambda wc: COMPARE_SETS[wc.result_set]["label"],
        seed=config["seed"],
        # Monte Carlo draws of the Bayesian test (compare.n_samples): 10,000 by default
        # (standard error <= 0.005, about 0.002 near the 0.95 decision line) instead of the
        # library's 50,000 keeps the job at seconds (360 tests on the problems-as-units set)
        n_samples=config["compare"]["n_samples"],
    conda:
        "../../environment.yml"
    log:
        "logs/compare/{result_set}.log",
    benchmark:
        "results/benchmarks/compare/{result_set}.tsv"
    # priority: the serial chain from the classifier jobs to the report runs as soon as it can (docs/performance.md)
    priority: 50
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    # --missing drop-problem (the library's default, named): a problem where a classifier has
    # no value under some index leaves every index, so the page's "another winner" is the
    # index's doing, not the problems'
    shell:
        "imbeval compare {input.table} --index {params.indices} {params.units} "
        "--missing drop-problem "
        "--seed {params.seed} --n-samples {params.n_samples} --label {params.label:q} "
        "--out-dir {output} > {log} 2>&1"
