# Stage "theory": the index audit (mullick2020 Conditions 1-3, ortigosa2016 influence
# functions) and the theory and synthetic figures, computed rather than typed.
#
#   snakemake --cores 2 theory_all
#
# Rules call `imbeval theory ITEM` (src/imbeval/cli/theory.py; its audit item is
# src/imbeval/cli/audit.py); their library inputs are derived from its imports.


import os
from pathlib import Path


validate(config["theory"], schema="../schemas/theory.schema.yaml", set_default=True)

THEORY = config["theory"]
AUDIT_DIR = "results/audit"
THEORY_FIGURES = "results/figures"
# The library files `imbeval theory` reaches (derived from its imports, common.smk).
THEORY_SOURCES = cli_sources("theory")
# item of `imbeval theory` -> (paper directory, file stem)
THEORY_FIGURE_FILES = {
    "ortigosa2016-fig2": ("ortigosa2016", "fig2"),
    "ortigosa2016-fig3": ("ortigosa2016", "fig3"),
    "ortigosa2016-fig4": ("ortigosa2016", "fig4"),
    "ortigosa2016-fig6": ("ortigosa2016", "fig6"),
    "ortigosa2016-fig7": ("ortigosa2016", "fig7"),
    "dembele-fig2": ("dembele", "fig2"),
}


THEORY_TARGETS = [
    f"{AUDIT_DIR}/audit.csv",
    f"{AUDIT_DIR}/audit.md",
    f"{THEORY_FIGURES}/mullick2020/fig6.png",
    f"{THEORY_FIGURES}/mullick2020/fig2.png",
    f"{THEORY_FIGURES}/mullick2020/fig2_numbers.csv",
    f"{THEORY_FIGURES}/ortigosa2016/ssup_table.md",
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
        csv=report(
            f"{AUDIT_DIR}/audit.csv",
            category="audit",
            caption="../report/theory/audit.rst",
        ),
        md=report(
            f"{AUDIT_DIR}/audit.md",
            category="audit",
            caption="../report/theory/audit.rst",
        ),
        bounds=f"{AUDIT_DIR}/audit_bounds.csv",
        limits=f"{AUDIT_DIR}/audit_condition3.csv",
        fig_pdf=f"{AUDIT_DIR}/fig6.pdf",
        fig_png=report(
            f"{AUDIT_DIR}/fig6.png",
            category="audit",
            caption="../report/theory/audit_fig6.rst",
        ),
        fig_csv=f"{AUDIT_DIR}/fig6.csv",
    params:
        classes=f"{THEORY['audit']['min_classes']}-{THEORY['audit']['max_classes']}",
        quick="--quick" if THEORY["audit"]["quick"] else "",
        seed=config["seed"],
        out=lambda wildcards, output: os.path.dirname(output.csv),
    log:
        "logs/theory/audit.log",
    benchmark:
        "results/benchmarks/theory/audit.tsv"
    threads: 1
    conda:
        "../../environment.yml"
    shell:
        "imbeval theory audit --out-dir {params.out} --classes {params.classes} --seed {params.seed} "
        "{params.quick} > {log} 2>&1"


rule theory_mullick2020_fig6:
    input:
        THEORY_SOURCES,
        audit=f"{AUDIT_DIR}/audit.csv",
    output:
        pdf=f"{THEORY_FIGURES}/mullick2020/fig6.pdf",
        png=report(
            f"{THEORY_FIGURES}/mullick2020/fig6.png",
            category="mullick2020",
            caption="../report/theory/mullick2020_fig6.rst",
        ),
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
        png=report(
            f"{THEORY_FIGURES}/mullick2020/fig2.png",
            category="mullick2020",
            caption="../report/theory/mullick2020_fig2.rst",
        ),
        csv=f"{THEORY_FIGURES}/mullick2020/fig2.csv",
        points=f"{THEORY_FIGURES}/mullick2020/fig2_points.csv",
        numbers=report(
            f"{THEORY_FIGURES}/mullick2020/fig2_numbers.csv",
            category="mullick2020",
            caption="../report/theory/mullick2020_fig2.rst",
        ),
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
        md=report(
            f"{THEORY_FIGURES}/ortigosa2016/ssup_table.md",
            category="ortigosa2016",
            caption="../report/theory/ortigosa2016_ssup.rst",
        ),
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
        png=report(
            f"{THEORY_FIGURES}/{{paper}}/{{stem}}.png",
            category="{paper}",
            # Snakemake does not fill wildcards into a caption path: one template that
            # prints the figure's own caption, read here per (paper, stem).
            caption="../report/theory/figure.rst",
        ),
        csv=f"{THEORY_FIGURES}/{{paper}}/{{stem}}.csv",
    wildcard_constraints:
        paper="ortigosa2016|dembele",
        stem="fig[0-9]+",
    params:
        figure=lambda wc: f"{wc.paper}-{wc.stem}",
        caption=lambda wc: Path(workflow.basedir, "workflow/report/theory", f"{wc.paper}_{wc.stem}.rst").read_text(),
        out=lambda wildcards, output: os.path.dirname(output.csv),
        # only Fig. 7 of ortigosa2016 takes an option
        options=lambda wc: f"--sd {THEORY['ortigosa2016_fig7_sd']}" if wc.stem == "fig7" else "",
    log:
        "logs/theory/{paper}_{stem}.log",
    threads: 1
    conda:
        "../../environment.yml"
    shell:
        "imbeval theory {params.figure} --out-dir {params.out} "
        "{params.options} > {log} 2>&1"
