# imbeval: regenerate the figures and tables of five papers on performance indices.
#
#   snakemake --cores N                               embedded default (Fashion-MNIST)
#   snakemake --cores N --configfile config/test.yaml  tiny run used by CI
#   snakemake --profile profiles/slurm --configfile config/paper.yaml   paper scale
#   snakemake --profile profiles/slurm --configfile config/keel.yaml    the whole KEEL collection
#
# Each stage lives in workflow/rules/<stage>.smk and defines <stage>_targets(), the files
# `rule all` asks for. Rules call the `imbeval` CLI; the library is in src/imbeval.

from snakemake.utils import min_version

min_version("9.0")


# The embedded default, unless a whole config is given with --configfile (it has the
# `experiment` section the schema requires): Snakemake would otherwise merge it into the
# default recursively (concepts and problems of both). `config` already holds what
# --configfile/--config gave when this line runs (public API; this replaces Snakemake's
# internal `workflow.overwrite_configfiles`). `--config key=value` alone still overrides the
# default's keys.
if "experiment" not in config:

    configfile: "config/config.yaml"



report: "workflow/report/workflow.rst"


include: "workflow/rules/common.smk"
include: "workflow/rules/experiment.smk"
include: "workflow/rules/keel.smk"
include: "workflow/rules/theory.smk"
include: "workflow/rules/papers.smk"
include: "workflow/rules/compare.smk"
include: "workflow/rules/report.smk"
include: "workflow/rules/provenance.smk"
include: "workflow/rules/cluster.smk"


rule all:
    input:
        experiment_targets(),
        keel_targets(),
        theory_targets(),
        papers_targets(),
        compare_targets(),
        report_targets(),
        provenance_targets(),
    default_target: True
