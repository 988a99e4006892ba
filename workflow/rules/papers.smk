# Stage "papers": the tables and figures of the five papers regenerated from their printed
# matrices, stated distributions and data, and the verdict parts that the report stage
# merges into results/verdicts.csv (one row per printed number: printed,
# regenerated, difference, status).
#
#   snakemake --cores 2 papers          everything below, offline (satimage grid: ~630 s of
#                                       CPU in 18 one-model jobs)
#   snakemake --cores 2 papers_mnist    dembele M8/M9 rebuilt from MNIST with LDA, needs the
#       four MNIST IDX files (part of `all` once the config points at them), e.g.
#       snakemake --cores 2 papers_mnist --config 'papers={mnist_dir: /data/mnist}'
#
# Rules call `imbeval papers ITEM` (reproduction/src/imbeval_repro/cli/papers.py); their code
# inputs are the item's paper folder, the verdict engine and the library (`sources`,
# common.smk).


import os

from imbeval_repro.experiment.classifiers.names import GRID_FIT_COST, GRID_NAMES
from imbeval_repro.papers.mortaz2020 import GRID_DATASETS as MORTAZ_GRID_DATASETS


validate(config["papers"], schema="../schemas/papers.schema.yaml")

PAPERS = config["papers"]
TABLES = "results/tables"
FIGURES = "results/figures"
PARTS = "results/papers/verdicts"
# the grid's datasets (Table 16, Table 18)
GRID_DATASETS = list(MORTAZ_GRID_DATASETS)
# The code each `imbeval papers ITEM` runs: its paper's folder, the verdict engine, the
# command and the library (`sources`, common.smk); kluska's job does not rerun when
# dembele's folder changes.
_PAPERS_CLI = ["verdicts", "cli/papers.py", "cli/_papers_grid_model.py"]
PAPERS_SOURCES = {
    "mortaz2020": sources("papers/mortaz2020", "experiment/classifiers", "experiment/data",
                          *_PAPERS_CLI),
    "dembele": sources("papers/dembele", "experiment/data", *_PAPERS_CLI),
    "kluska": sources("papers/kluska", *_PAPERS_CLI),
    "ortigosa2016": sources("papers/ortigosa2016", *_PAPERS_CLI),
}
# the grid's fits: no table, figure or report code
GRID_MODEL_SOURCES = sources("papers/mortaz2020/grid_fit.py", "experiment/classifiers",
                             "experiment/data", "cli/papers.py", "cli/_papers_grid_model.py")
DEMBELE_TABLES = [f"table_{k:02d}" for k in range(1, 12)]
MORTAZ_FIGURES = ["fig1", "fig2", "fig3", "fig4"]


# Plain lists (no functions in rule files): what `report_verdicts` merges, and what
# `rule all` / `rule papers` ask for.
PAPERS_PARTS = [
    f"{PARTS}/{p}.csv"
    for p in ["mortaz2020_examples", "mortaz2020_figures", "mortaz2020_identity", "dembele",
              "kluska", "ortigosa2016", "dembele_data"]
    + [f"mortaz2020_grid_{d}" for d in PAPERS["grid_datasets"]]
]
PAPERS_TARGETS = (
    [
        f"{TABLES}/mortaz2020/tables_2_3_5_6_9.md",
        f"{TABLES}/ortigosa2016/table_01.md",
        f"{TABLES}/kluska/worked_example.md",
        f"{FIGURES}/kluska/roc_curve.png",
    ]
    + expand(f"{TABLES}/mortaz2020/grid_{{dataset}}.md", dataset=PAPERS["grid_datasets"])
    + [f"{PARTS}/mortaz2020_identity.csv"]
    + expand(f"{FIGURES}/mortaz2020/{{fig}}.png", fig=MORTAZ_FIGURES)
    + expand(f"{TABLES}/dembele/{{table}}.md", table=DEMBELE_TABLES)
    + [f"{TABLES}/dembele/m3_regenerated.md", f"{TABLES}/dembele/m4_regenerated.md"]
)
papers_targets = lambda: PAPERS_TARGETS


rule papers:
    input:
        papers_targets(),


rule papers_mortaz2020_examples:
    input:
        PAPERS_SOURCES["mortaz2020"],
    output:
        csv=f"{TABLES}/mortaz2020/tables_2_3_5_6_9.csv",
        md=f"{TABLES}/mortaz2020/tables_2_3_5_6_9.md",
        dist=f"{TABLES}/mortaz2020/class_distributions.csv",
        dist_md=f"{TABLES}/mortaz2020/class_distributions.md",
        part=f"{PARTS}/mortaz2020_examples.csv",
    conda:
        "../../environment.yml"
    log:
        "logs/papers/mortaz2020_examples.log",
    params:
        out_dir=lambda wildcards, output: os.path.dirname(output.csv),
    threads: 1
    shell:
        "imbeval papers mortaz2020-examples --out-dir {params.out_dir} "
        "--verdicts {output.part} > {log} 2>&1"


# The 18-model grid as single-threaded jobs (so that the scheduler packs them among the
# other stages' jobs instead of waiting for a two-core job), then one job laying out the
# tables. A job fits a part of the grid (get_grid_parts, common.smk): satimage's ANN and GBM
# models take 30-100 s each and get a job each; its twelve others (3-12 s each) and all of
# glass's 18 (2-10 s) share one job per dataset, since a job's start-up (Python,
# scikit-learn's imports: about 2 s) is most of a cheap model's job (docs/performance.md).
# Costlier parts first.
GRID_MODELS = list(GRID_NAMES)
GRID_PRIORITY = GRID_FIT_COST
# CV repetitions per grid dataset, and the grid's jobs (common.smk)
GRID_REPEATS = get_grid_repeats(PAPERS, GRID_DATASETS)
GRID_PARTS = get_grid_parts(GRID_MODELS, GRID_REPEATS)
GRID_DIR = "results/papers/mortaz2020_grid"
grid_repeats = lambda wildcards: GRID_REPEATS[wildcards.dataset]
grid_part_models = lambda wildcards: GRID_PARTS[wildcards.dataset][wildcards.part]


rule papers_mortaz2020_grid_model:
    input:
        GRID_MODEL_SOURCES,
    output:
        f"{GRID_DIR}/{{dataset}}/{{part}}.csv",
    wildcard_constraints:
        dataset="|".join(GRID_DATASETS),
        part="|".join(sorted({p for parts in GRID_PARTS.values() for p in parts}, key=len, reverse=True)),
    params:
        folds=PAPERS["grid_folds"],
        repeats=grid_repeats,
        seed=config["seed"],
        models=lambda wildcards: " ".join(grid_part_models(wildcards)),
        timings="results/benchmarks/papers/mortaz2020_grid/{dataset}/{part}_fits.csv",
    priority: lambda wildcards: max(GRID_PRIORITY[m.partition("-")[0]] for m in grid_part_models(wildcards))
    conda:
        "../../environment.yml"
    log:
        "logs/papers/mortaz2020_grid/{dataset}/{part}.log",
    benchmark:
        "results/benchmarks/papers/mortaz2020_grid/{dataset}/{part}.tsv"
    threads: 1
    resources:
        mem_mb=1000,
        runtime=15,
    shell:
        "imbeval papers mortaz2020-grid-model --dataset {wildcards.dataset} "
        "--folds {params.folds} --repeats {params.repeats} --seed {params.seed} "
        "--model {params.models} "
        "--out {output} --timings {params.timings} > {log} 2>&1"


rule papers_mortaz2020_grid:
    input:
        PAPERS_SOURCES["mortaz2020"],
        parts=lambda wildcards: expand(
            f"{GRID_DIR}/{wildcards.dataset}/{{part}}.csv", part=GRID_PARTS[wildcards.dataset]
        ),
    output:
        csv=f"{TABLES}/mortaz2020/grid_{{dataset}}.csv",
        md=f"{TABLES}/mortaz2020/grid_{{dataset}}.md",
        folds=f"{TABLES}/mortaz2020/grid_{{dataset}}_folds.csv",
        summary=f"{TABLES}/mortaz2020/grid_{{dataset}}_summary.json",
        part=f"{PARTS}/mortaz2020_grid_{{dataset}}.csv",
    wildcard_constraints:
        dataset="|".join(GRID_DATASETS),
    params:
        folds=PAPERS["grid_folds"],
        repeats=grid_repeats,
        seed=config["seed"],
        out_dir=lambda wildcards, output: os.path.dirname(output.csv),
    conda:
        "../../environment.yml"
    log:
        "logs/papers/mortaz2020_grid_{dataset}.log",
    benchmark:
        "results/benchmarks/papers/mortaz2020_grid_{dataset}.tsv"
    threads: 1
    shell:
        "imbeval papers mortaz2020-grid --dataset {wildcards.dataset} "
        "--folds {params.folds} --repeats {params.repeats} --seed {params.seed} "
        "--parts {input.parts} "
        "--out-dir {params.out_dir} --verdicts {output.part} > {log} 2>&1"


# IAM = 2·CBA − 1: a finding measured on the grids' fold matrices, and the paper's printed
# (CBA, IAM) pairs checked against it (one verdict part for every grid of the config).
rule papers_mortaz2020_identity:
    input:
        PAPERS_SOURCES["mortaz2020"],
        folds=expand(f"{TABLES}/mortaz2020/grid_{{dataset}}_folds.csv", dataset=PAPERS["grid_datasets"]),
    output:
        part=f"{PARTS}/mortaz2020_identity.csv",
    params:
        # DATASET=CSV pairs, from the inputs (expand keeps the datasets' order)
        grids=lambda w, input: " ".join(
            f"{d}={path}" for d, path in zip(PAPERS["grid_datasets"], input.folds)
        ),
    conda:
        "../../environment.yml"
    log:
        "logs/papers/mortaz2020_identity.log",
    threads: 1
    shell:
        "imbeval papers mortaz2020-identity --grid-folds {params.grids} "
        "--verdicts {output.part} > {log} 2>&1"


rule papers_mortaz2020_figures:
    input:
        PAPERS_SOURCES["mortaz2020"],
    output:
        pngs=expand(f"{FIGURES}/mortaz2020/{{fig}}.png", fig=MORTAZ_FIGURES),
        pdfs=expand(f"{FIGURES}/mortaz2020/{{fig}}.pdf", fig=MORTAZ_FIGURES),
        data=f"{FIGURES}/mortaz2020/figs_1_4_sweep.csv",
        claims=f"{FIGURES}/mortaz2020/figs_1_4_claims.md",
        claims_csv=f"{FIGURES}/mortaz2020/figs_1_4_claims.csv",
        part=f"{PARTS}/mortaz2020_figures.csv",
    params:
        seed=config["seed"],
        points=PAPERS["sweep_points"],
        out_dir=lambda wildcards, output: os.path.dirname(output.data),
    conda:
        "../../environment.yml"
    log:
        "logs/papers/mortaz2020_figures.log",
    threads: 1
    shell:
        "imbeval papers mortaz2020-figures --seed {params.seed} --points {params.points} "
        "--out-dir {params.out_dir} --verdicts {output.part} > {log} 2>&1"


rule papers_dembele:
    input:
        PAPERS_SOURCES["dembele"],
    output:
        csv=expand(f"{TABLES}/dembele/{{table}}.csv", table=DEMBELE_TABLES),
        md=expand(f"{TABLES}/dembele/{{table}}.md", table=DEMBELE_TABLES),
        derived=f"{TABLES}/dembele/derived_matrices.csv",
        part=f"{PARTS}/dembele.csv",
    conda:
        "../../environment.yml"
    log:
        "logs/papers/dembele.log",
    params:
        out_dir=lambda wildcards, output: os.path.dirname(output.derived),
    threads: 1
    shell:
        "imbeval papers dembele --out-dir {params.out_dir} --verdicts {output.part} "
        "> {log} 2>&1"


# Dembélé's M3 (SVM on the vendored breast-cancer data) and M4 (iris) regenerated, the stated
# imbalance ratios compared, and M8/M9 compared when MNIST is configured (papers.mnist_dir:
# then the MNIST rebuild below is an input, hence part of `all`). About 3 s.
DEMBELE_MNIST_TABLES = (
    [f"{TABLES}/dembele/M8_mnist_lda.csv", f"{TABLES}/dembele/M9_mnist_lda.csv"]
    if PAPERS["mnist_dir"]
    else []
)


rule papers_dembele_data:
    input:
        PAPERS_SOURCES["dembele"],
        mnist=DEMBELE_MNIST_TABLES,
    output:
        m3=f"{TABLES}/dembele/m3_regenerated.csv",
        m3_md=f"{TABLES}/dembele/m3_regenerated.md",
        m4=f"{TABLES}/dembele/m4_regenerated.csv",
        m4_md=f"{TABLES}/dembele/m4_regenerated.md",
        part=f"{PARTS}/dembele_data.csv",
    conda:
        "../../environment.yml"
    log:
        "logs/papers/dembele_data.log",
    benchmark:
        "results/benchmarks/papers/dembele_data.tsv"
    params:
        out_dir=lambda wildcards, output: os.path.dirname(output.m3),
        seed=config["seed"],
        mnist=lambda wildcards, input: (
            f"--mnist-tables {os.path.dirname(input.mnist[0])}" if input.mnist else ""
        ),
    threads: 1
    shell:
        "imbeval papers dembele-data --out-dir {params.out_dir} --seed {params.seed} "
        "{params.mnist} --verdicts {output.part} > {log} 2>&1"


# Optional, not part of `papers` or `all` unless papers.mnist_dir is set: needs MNIST on disk.
rule papers_dembele_mnist:
    input:
        PAPERS_SOURCES["dembele"],
        mnist=PAPERS["mnist_dir"] or "resources/mnist",
    output:
        t10=f"{TABLES}/dembele/table_10_mnist_lda.md",
        t11=f"{TABLES}/dembele/table_11_mnist_lda.md",
        m8=f"{TABLES}/dembele/M8_mnist_lda.csv",
        m9=f"{TABLES}/dembele/M9_mnist_lda.csv",
    conda:
        "../../environment.yml"
    log:
        "logs/papers/dembele_mnist.log",
    benchmark:
        "results/benchmarks/papers/dembele_mnist.tsv"
    params:
        out_dir=lambda wildcards, output: os.path.dirname(output.m8),
    threads: 2
    shell:
        "imbeval papers dembele-mnist --mnist {input.mnist} --out-dir {params.out_dir} "
        "> {log} 2>&1"


rule papers_mnist:
    input:
        rules.papers_dembele_mnist.output,


rule papers_kluska:
    input:
        PAPERS_SOURCES["kluska"],
    output:
        example=f"{TABLES}/kluska/worked_example.md",
        example_csv=f"{TABLES}/kluska/worked_example.csv",
        roc=f"{TABLES}/kluska/roc_example.md",
        roc_csv=f"{TABLES}/kluska/roc_example.csv",
        png=f"{FIGURES}/kluska/roc_curve.png",
        pdf=f"{FIGURES}/kluska/roc_curve.pdf",
        data=f"{FIGURES}/kluska/roc_curve.csv",
        part=f"{PARTS}/kluska.csv",
    conda:
        "../../environment.yml"
    log:
        "logs/papers/kluska.log",
    params:
        out_dir=lambda wildcards, output: os.path.dirname(output.example_csv),
        figure_dir=lambda wildcards, output: os.path.dirname(output.data),
    threads: 1
    shell:
        "imbeval papers kluska --out-dir {params.out_dir} --figure-dir {params.figure_dir} "
        "--verdicts {output.part} > {log} 2>&1"


rule papers_ortigosa2016:
    input:
        PAPERS_SOURCES["ortigosa2016"],
    output:
        csv=f"{TABLES}/ortigosa2016/table_01.csv",
        md=f"{TABLES}/ortigosa2016/table_01.md",
        part=f"{PARTS}/ortigosa2016.csv",
    conda:
        "../../environment.yml"
    log:
        "logs/papers/ortigosa2016.log",
    params:
        out_dir=lambda wildcards, output: os.path.dirname(output.csv),
    threads: 1
    shell:
        "imbeval papers ortigosa2016 --out-dir {params.out_dir} "
        "--verdicts {output.part} > {log} 2>&1"
