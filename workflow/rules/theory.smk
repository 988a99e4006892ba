# Stage "theory": the index audit (mullick2020 Conditions 1-3, ortigosa2016 influence
# functions) and the theory and synthetic figures, computed rather than typed.
#
#   snakemake --cores 2 theory_all
#
# Rules call `imbeval theory ITEM` (reproduction/src/imbeval_repro/cli/theory.py; its audit item is
# src/imbeval/cli/audit.py); their library inputs are derived from its imports.


import os


validate(config["theory"], schema="../schemas/theory.schema.yaml", set_default=True)

THEORY = config["theory"]
AUDIT_DIR = "results/audit"
# the audit's classes, sizes and seed: the same for the audit and the catalogue it decides
AUDIT_ARGS = (
    f"--classes {THEORY['audit']['min_classes']}-{THEORY['audit']['max_classes']} "
    f"--seed {config['seed']}" + (" --quick" if THEORY["audit"]["quick"] else "")
)
THEORY_DIR = "results/theory"
THEORY_FIGURES = "results/figures"
# The code `imbeval theory` runs (`sources`, common.smk): the papers' theory, the verdict
# engine and the library-wide results.
THEORY_SOURCES = sources("papers", "verdicts", "library_results", "cli/theory.py")
# item of `imbeval theory` -> (paper directory, file stem)
THEORY_FIGURE_FILES = {
    "ortigosa2016-fig1": ("ortigosa2016", "fig1"),
    "ortigosa2016-fig2": ("ortigosa2016", "fig2"),
    "ortigosa2016-fig3": ("ortigosa2016", "fig3"),
    "ortigosa2016-fig4": ("ortigosa2016", "fig4"),
    "ortigosa2016-fig6": ("ortigosa2016", "fig6"),
    "ortigosa2016-fig7": ("ortigosa2016", "fig7"),
    "dembele-fig1": ("dembele", "fig1"),
    "dembele-fig2": ("dembele", "fig2"),
}


THEORY_TARGETS = [
    f"{AUDIT_DIR}/audit.csv",
    f"{AUDIT_DIR}/audit.md",
    f"{THEORY_FIGURES}/mullick2020/fig6.png",
    f"{THEORY_FIGURES}/mullick2020/fig1.png",
    f"{THEORY_FIGURES}/mullick2020/fig2.png",
    f"{THEORY_FIGURES}/mullick2020/fig2_numbers.csv",
    f"{THEORY_FIGURES}/ortigosa2016/ssup_table.md",
    f"{THEORY_DIR}/catalogue.csv",
    f"{THEORY_DIR}/catalogue_conditions.png",
    f"{THEORY_DIR}/properties.csv",
    f"{THEORY_DIR}/dutch_draw.csv",
    f"{THEORY_DIR}/properties_heatmap.png",
    f"{THEORY_DIR}/prior_shift_scores.csv",
    f"{THEORY_DIR}/statements.csv",
] + [
    f"{THEORY_FIGURES}/{paper}/{stem}.{ext}"
    for paper, stem in THEORY_FIGURE_FILES.values()
    for ext in ("pdf", "png", "csv")
]
theory_targets = lambda: THEORY_TARGETS


rule theory_all:
    input:
        theory_targets(),


rule theory_audit:
    input:
        THEORY_SOURCES,
    output:
        csv=f"{AUDIT_DIR}/audit.csv",
        md=f"{AUDIT_DIR}/audit.md",
        bounds=f"{AUDIT_DIR}/audit_bounds.csv",
        limits=f"{AUDIT_DIR}/audit_condition3.csv",
        fig_pdf=f"{AUDIT_DIR}/fig6.pdf",
        fig_png=f"{AUDIT_DIR}/fig6.png",
        fig_csv=f"{AUDIT_DIR}/fig6.csv",
    params:
        audit=AUDIT_ARGS,
        out=lambda wildcards, output: os.path.dirname(output.csv),
    log:
        "logs/theory/audit.log",
    benchmark:
        "results/benchmarks/theory/audit.tsv"
    threads: 1
    conda:
        "../../environment.yml"
    shell:
        "imbeval theory audit --out-dir {params.out} {params.audit} > {log} 2>&1"


# The catalogue of PyCM, scikit-learn and imbalanced-learn indices, audited with the audit's
# classes, sizes and seed; the twins of registered indices take their verdicts from audit.csv.
rule theory_catalogue:
    input:
        THEORY_SOURCES,
        audit=f"{AUDIT_DIR}/audit.csv",
    output:
        csv=f"{THEORY_DIR}/catalogue.csv",
        fig_pdf=f"{THEORY_DIR}/catalogue_conditions.pdf",
        fig_png=f"{THEORY_DIR}/catalogue_conditions.png",
        fig_csv=f"{THEORY_DIR}/catalogue_conditions.csv",
    params:
        audit=AUDIT_ARGS,
        out=lambda wildcards, output: os.path.dirname(output.csv),
    log:
        "logs/theory/catalogue.log",
    benchmark:
        "results/benchmarks/theory/catalogue.tsv"
    # priority: a long single job (about 50 s), started before the many short ones so that it does not end the run alone
    priority: 2
    threads: 1
    conda:
        "../../environment.yml"
    shell:
        "imbeval theory catalogue --audit {input.audit} --out-dir {params.out} "
        "{params.audit} > {log} 2>&1"


# Gösgens et al.'s properties of every index (the papers' and the catalogue's; two classes
# exhaustively, C = 3 by a seeded search) and the Dutch Draw baseline of every two-class index
# at the class sizes of the experiment's two-class problems (majority experiment.max_class_size,
# 1000 when unset: the baseline depends on the ratio; minority round(majority / IR)).
THEORY_PROBLEMS = [
    f"{p['name']}:{p['ir']}" for p in config.get("experiment", {}).get("two_class", [])
]


rule theory_properties:
    input:
        THEORY_SOURCES,
    output:
        csv=f"{THEORY_DIR}/properties.csv",
        dutch=f"{THEORY_DIR}/dutch_draw.csv",
        fig_pdf=f"{THEORY_DIR}/properties_heatmap.pdf",
        fig_png=f"{THEORY_DIR}/properties_heatmap.png",
        fig_csv=f"{THEORY_DIR}/properties_heatmap.csv",
    params:
        problems=" ".join(f"--problem {p}" for p in THEORY_PROBLEMS) or "--problem balanced:1",
        majority=config.get("experiment", {}).get("max_class_size") or 1000,
        seed=config["seed"],
        out=lambda wildcards, output: os.path.dirname(output.csv),
    log:
        "logs/theory/properties.log",
    benchmark:
        "results/benchmarks/theory/properties.tsv"
    threads: 1
    conda:
        "../../environment.yml"
    shell:
        "imbeval theory properties --out-dir {params.out} {params.problems} "
        "--majority {params.majority} --seed {params.seed} > {log} 2>&1"


# Condition 1 for indices of scores: every index of imbeval.scores reweighted to
# class priors 0.5 ... 0.001 and searched; the properties page shows the verdicts (~15 s).
rule theory_prior_shift:
    input:
        THEORY_SOURCES,
    output:
        csv=f"{THEORY_DIR}/prior_shift_scores.csv",
    params:
        seed=config["seed"],
        out=lambda wildcards, output: os.path.dirname(output.csv),
    log:
        "logs/theory/prior_shift.log",
    benchmark:
        "results/benchmarks/theory/prior_shift.tsv"
    threads: 1
    conda:
        "../../environment.yml"
    shell:
        "imbeval theory prior-shift --out-dir {params.out} --seed {params.seed} > {log} 2>&1"


rule theory_mullick2020_fig6:
    input:
        THEORY_SOURCES,
        audit=f"{AUDIT_DIR}/audit.csv",
    output:
        pdf=f"{THEORY_FIGURES}/mullick2020/fig6.pdf",
        png=f"{THEORY_FIGURES}/mullick2020/fig6.png",
        csv=f"{THEORY_FIGURES}/mullick2020/fig6.csv",
    params:
        out=lambda wildcards, output: os.path.dirname(output.csv),
    log:
        "logs/theory/mullick2020_fig6.log",
    threads: 1
    conda:
        "../../environment.yml"
    shell:
        "imbeval theory mullick2020-fig6 --audit {input.audit} "
        "--out-dir {params.out} > {log} 2>&1"


rule theory_mullick2020_fig2:
    input:
        THEORY_SOURCES,
    output:
        pdf=f"{THEORY_FIGURES}/mullick2020/fig2.pdf",
        png=f"{THEORY_FIGURES}/mullick2020/fig2.png",
        csv=f"{THEORY_FIGURES}/mullick2020/fig2.csv",
        points=f"{THEORY_FIGURES}/mullick2020/fig2_points.csv",
        numbers=f"{THEORY_FIGURES}/mullick2020/fig2_numbers.csv",
    params:
        seed=config["seed"],
        n=THEORY["mullick2020_fig2"]["n_per_class"],
        h=THEORY["mullick2020_fig2"]["half_separation"],
        out=lambda wildcards, output: os.path.dirname(output.csv),
    log:
        "logs/theory/mullick2020_fig2.log",
    threads: 1
    conda:
        "../../environment.yml"
    shell:
        "imbeval theory mullick2020-fig2 --out-dir {params.out} "
        "--seed {params.seed} --n-per-class {params.n} --half-separation {params.h} "
        "> {log} 2>&1"


rule theory_ortigosa2016_ssup:
    input:
        THEORY_SOURCES,
    output:
        csv=f"{THEORY_FIGURES}/ortigosa2016/ssup_table.csv",
        md=f"{THEORY_FIGURES}/ortigosa2016/ssup_table.md",
    params:
        out=lambda wildcards, output: os.path.dirname(output.csv),
    log:
        "logs/theory/ortigosa2016_ssup.log",
    threads: 1
    conda:
        "../../environment.yml"
    shell:
        "imbeval theory ortigosa2016-ssup --out-dir {params.out} "
        "> {log} 2>&1"


rule theory_figure:
    input:
        THEORY_SOURCES,
    output:
        pdf=f"{THEORY_FIGURES}/{{paper}}/{{stem}}.pdf",
        png=f"{THEORY_FIGURES}/{{paper}}/{{stem}}.png",
        csv=f"{THEORY_FIGURES}/{{paper}}/{{stem}}.csv",
    wildcard_constraints:
        paper="ortigosa2016|dembele",
        stem="fig[0-9]+",
    params:
        figure=lambda wc: f"{wc.paper}-{wc.stem}",
        out=lambda wildcards, output: os.path.dirname(output.csv),
        # Fig. 7 of ortigosa2016 takes the class sd, its Fig. 1 the seed of its samples
        options=lambda wc: {
            "ortigosa2016-fig7": f"--sd {THEORY['ortigosa2016_fig7_sd']}",
            "ortigosa2016-fig1": f"--seed {config['seed']}",
        }.get(f"{wc.paper}-{wc.stem}", ""),
    log:
        "logs/theory/{paper}_{stem}.log",
    threads: 1
    conda:
        "../../environment.yml"
    shell:
        "imbeval theory {params.figure} --out-dir {params.out} "
        "{params.options} > {log} 2>&1"


rule theory_mullick2020_fig1:
    input:
        THEORY_SOURCES,
    output:
        pdf=f"{THEORY_FIGURES}/mullick2020/fig1.pdf",
        png=f"{THEORY_FIGURES}/mullick2020/fig1.png",
        csv=f"{THEORY_FIGURES}/mullick2020/fig1.csv",
    params:
        out=lambda wildcards, output: os.path.dirname(output.csv),
    log:
        "logs/theory/mullick2020_fig1.log",
    threads: 1
    conda:
        "../../environment.yml"
    shell:
        "imbeval theory mullick2020-fig1 --out-dir {params.out} > {log} 2>&1"


# The papers' theorems, lemmas, results and conjectures checked by computation (every count
# matrix up to a small size, a seeded search, or quadrature) and ortigosa2016's Study 2
# (each paper's theory.py, ortigosa2016's study2.py); the comparison turns each into a row
# (reproduction/src/imbeval_repro/verdicts/theory_rows.py). About 20 s of one core.
rule theory_statements:
    input:
        THEORY_SOURCES,
    output:
        csv=f"{THEORY_DIR}/statements.csv",
    params:
        seed=config["seed"],
        out=lambda wildcards, output: os.path.dirname(output.csv),
    log:
        "logs/theory/statements.log",
    benchmark:
        "results/benchmarks/theory/statements.tsv"
    threads: 1
    conda:
        "../../environment.yml"
    shell:
        "imbeval theory statements --out-dir {params.out} --seed {params.seed} > {log} 2>&1"
