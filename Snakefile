# imbeval: regenerate the figures and tables of five papers on performance indices.
#
#   snakemake --cores N                               embedded default (Fashion-MNIST)
#   snakemake --cores N --configfile config/test.yaml  tiny run used by CI
#   snakemake --profile profiles/slurm --configfile config/paper.yaml   paper scale
#
# Each stage lives in workflow/rules/<stage>.smk and defines <stage>_targets(), the files
# `rule all` asks for. Rules call the `imbeval` CLI; the library is in src/imbeval.

from snakemake.utils import min_version

min_version("9.0")


# The embedded default, unless config files are given with --configfile: Snakemake would
# otherwise merge them into the default recursively (concepts and problems of both).
if not workflow.overwrite_configfiles:

    configfile: "config/config.yaml"



report: "workflow/report/workflow.rst"


include: "workflow/rules/common.smk"
include: "workflow/rules/experiment.smk"
include: "workflow/rules/theory.smk"
include: "workflow/rules/papers.smk"
include: "workflow/rules/report.smk"


rule all:
    input:
        experiment_targets(),
        theory_targets(),
        papers_targets(),
        report_targets(),
    default_target: True
