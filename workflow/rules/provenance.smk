# results/provenance.json: what made the run's result tables (imbeval_repro.provenance).
#
# The record lists the sha256 of every result table (CSV) of the experiment, KEEL, theory and
# papers stages, of every CSV of the compare stage's folders (results/compare/<set>/*.csv) and
# of results/verdicts.csv, the config as resolved, the package
# versions, the git commit, the input data's checksums, the machine and the date. The rule's
# inputs are those tables, the input data files small enough to list and the code of
# `imbeval provenance`; its params the config, a fingerprint of the installed packages and
# the commit: a rerun that changes none of them leaves the record (and its date) as it is.
# It runs where Snakemake runs (localrules), so `machine` is the one that ran the workflow.
#
#   snakemake --cores 2 results/provenance.json

import json

from imbeval_repro.provenance import git_state, installed_fingerprint
from imbeval_repro.cli.provenance import data_files


PROVENANCE = "results/provenance.json"
PROVENANCE_RESULTS = sorted(
    {
        f
        for f in experiment_targets() + keel_targets() + theory_targets() + papers_targets()
        + ["results/verdicts.csv"]
        if f.endswith(".csv")
    }
) + sorted(compare_targets())  # folders: `imbeval provenance` lists the CSV files in them
provenance_targets = lambda: [PROVENANCE]


localrules:
    provenance,


rule provenance:
    input:
        sources("provenance.py", "experiment/data", "cli/provenance.py"),
        data_files(config),
        results=PROVENANCE_RESULTS,
    output:
        PROVENANCE,
    params:
        config=json.dumps(config, sort_keys=True),
        # a function, not the path itself: snakemake --lint reads a literal path prefix as
        # a hard-coded input location; the value (and the rerun trigger) is the same
        repo=lambda wildcards: workflow.basedir,
        # rerun triggers (params): evaluated only when the job is planned
        packages=lambda wildcards: installed_fingerprint(),
        commit=lambda wildcards: json.dumps(git_state(workflow.basedir), sort_keys=True),
    log:
        "logs/provenance.log",
    conda:
        "../../environment.yml"
    threads: 1
    shell:
        "imbeval provenance --config {params.config:q} --repo {params.repo:q} "
        "--results {input.results} --out {output} > {log} 2>&1"
