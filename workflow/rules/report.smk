# Stage "report": results/verdicts.csv (every printed number and stated claim of the
# five papers against ours) and the HTML pages `snakemake --report report.html` shows: one
# landing page per paper with each figure and table's verdict, one page per item (the
# paper's statement beside ours, the figure, the tables rendered as tables), the comparison
# and an overview. The catalog of items is workflow/report/items.yaml.
#
#   snakemake --cores 2 report_all && snakemake --report report.html
#
# Rules call `imbeval papers collate` and `imbeval report pages`
# (reproduction/src/imbeval_repro/cli/{papers,report}.py); the code is the verdict engine
# (imbeval_repro/verdicts), the papers' folders and imbeval_repro/report.


import yaml
from imbeval_repro.report import SITE_PAGES


REPORT_DIR = "results/report"
REPORT_ITEMS = "workflow/report/items.yaml"
with open(os.path.join(workflow.basedir, REPORT_ITEMS), encoding="utf-8") as _handle:
    _CATALOG = yaml.safe_load(_handle)
# the pages of imbeval_repro.report.pages.page_paths: the site's, then each paper's
REPORT_PAGES = list(SITE_PAGES) + [
    page
    for paper, spec in _CATALOG.items()
    for page in [f"{paper}/{paper}_verdicts.html"]
    + [f"{paper}/{item['id']}.html" for item in spec["items"]]
]
# The code `imbeval report` and `imbeval papers compare` run (`sources`, common.smk): all
# of the reproduction but the experiment's classifiers and features.
REPORT_SOURCES = sources("report", "verdicts", "papers", "library_results", "experiment/data",
                         "experiment/protocol", "cli/report.py", "cli/papers.py",
                         "cli/_papers_grid_model.py")
REPORT_TARGETS = ["results/verdicts.csv", "results/verdicts.md"] + [
    f"{REPORT_DIR}/{page}" for page in REPORT_PAGES
]
report_targets = lambda: REPORT_TARGETS
# `imbeval replicate agreement ... --out-dir results/replication` writes it (imbeval_repro.report.
# reliability.REPLICATION_SUMMARY under results/)
REPLICATION_SUMMARY = "results/replication/summary.csv"


rule report_all:
    input:
        report_targets(),


rule report_verdicts:
    input:
        parts=PAPERS_PARTS,
        fig2=f"{THEORY_FIGURES}/mullick2020/fig2_numbers.csv",
        # the experiment's claims, decided once with their intervals on its runs' values
        # (experiment_figures: each run's confusion matrices summed over its folds), read
        # back from its claims.csv
        claims=f"{EXP_FIGURES}/claims.csv",
        # the claims of mullick2020's text (Section 5.5) are decided here, on the same runs
        run_indices=f"{EXP_DIR}/run_indices.csv",
        # and the cells' fold values beside them (Section 5.5's within-cell intervals)
        fold_indices=f"{EXP_DIR}/fold_indices.csv",
        problems=f"{EXP_DIR}/problems.csv",
        # the KEEL run's claims, rows of their own, as keel_figures decided them (keel.smk;
        # none without a keel section)
        keel=[f"{KEEL_FIGURES}/claims.csv"] if KEEL_ON else [],
        # the shipped reference run of the whole KEEL collection (in the repository)
        reference=get_reference_files(),
        audit=f"{AUDIT_DIR}/fig6.csv",
        ortigosa=[
            f"{THEORY_FIGURES}/ortigosa2016/{f}.csv"
            for f in ("fig2", "fig3", "fig4", "fig7", "ssup_table")
        ],
        statements=f"{THEORY_DIR}/statements.csv",
        sources=REPORT_SOURCES,
    output:
        csv="results/verdicts.csv",
        md="results/verdicts.md",
    params:
        # folders derived from the inputs (lint: no hard-coded path prefixes)
        experiment=lambda w, input: os.path.dirname(input.run_indices),
        ortigosa=lambda w, input: os.path.dirname(input.ortigosa[0]),
        dataset=RUN_DATASET,
        keel=lambda w, input: f"--keel-claims {input.keel[0]} " if input.keel else "",
        # the folder of the shipped reference files (lint: no hard-coded path prefixes)
        reference=lambda w, input: (os.path.dirname(input.reference[0]) if input.reference
                                    else REFERENCE_DIR),
    conda:
        "../../environment.yml"
    log:
        "logs/report/verdicts.log",
    threads: 1
    # the command's warning lines (shipped reference results missing) also on the terminal
    shell:
        "imbeval papers collate {input.parts} --out {output.csv} "
        "--fig2-numbers {input.fig2} --experiment {params.experiment} "
        "--experiment-claims {input.claims} "
        "--run-dataset {params.dataset:q} {params.keel}--reference {params.reference:q} "
        "--audit-fig6 {input.audit} --ortigosa-figures {params.ortigosa} "
        "--statements {input.statements} > {log} 2>&1 && (grep '^warning:' {log} >&2 || true)"


rule report_pages:
    input:
        experiment_targets(),
        keel_targets(),
        theory_targets(),
        papers_targets(),
        # the page "Which classifier wins, by index" (compare.smk)
        compare_targets(),
        REPORT_SOURCES,
        catalog=REPORT_ITEMS,
        verdicts="results/verdicts.csv",
        # the overview shows what made the run (provenance.smk)
        provenance="results/provenance.json",
        # the overview states the verdicts' stability across seeds when `imbeval replicate`
        # wrote this table (never made by this workflow: an input only once it exists, so
        # that the pages are rewritten when it appears or changes)
        replication=lambda w: [REPLICATION_SUMMARY] if os.path.exists(REPLICATION_SUMMARY) else [],
        # the shipped reference results the overview and the properties page show
        reference=get_reference_files(),
    output:
        overview=report(
            f"{REPORT_DIR}/overview.html",
            category="0 overview",
            caption="../report/report/overview.rst",
        ),
        verdicts=report(
            f"{REPORT_DIR}/verdicts.html",
            category="0 overview",
            caption="../report/report/verdicts.rst",
        ),
        thresholds=report(
            f"{REPORT_DIR}/claims.html",
            category="0 overview",
            caption="../report/report/claims.rst",
        ),
        catalogue=report(
            f"{REPORT_DIR}/catalogue.html",
            category="0 overview",
            caption="../report/report/catalogue.rst",
        ),
        properties=report(
            f"{REPORT_DIR}/properties.html",
            category="0 overview",
            caption="../report/report/properties.rst",
        ),
        compare=report(
            f"{REPORT_DIR}/compare.html",
            category="0 overview",
            caption="../report/report/compare.rst",
        ),
        # one entry per paper, so each paper is a category of its own
        **{
            paper: report(
                [f"{REPORT_DIR}/{p}" for p in REPORT_PAGES if p.startswith(f"{paper}/")],
                category=paper,
                caption="../report/report/item.rst",
            )
            for paper in _CATALOG
        },
    params:
        out_dir=lambda w, output: os.path.dirname(output.overview),
        dataset=RUN_DATASET,
        # the folder of the shipped reference files (lint: no hard-coded path prefixes)
        reference=lambda w, input: (os.path.dirname(input.reference[0]) if input.reference
                                    else REFERENCE_DIR),
    log:
        "logs/report/pages.log",
    conda:
        "../../environment.yml"
    threads: 1
    shell:
        "imbeval report pages --items {input.catalog} --results results "
        "--verdicts {input.verdicts} --run-dataset {params.dataset:q} "
        "--reference {params.reference:q} --out-dir {params.out_dir} > {log} 2>&1 "
        "&& (grep '^warning:' {log} >&2 || true)"
