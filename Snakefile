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


configfile: "config/config.yaml"


include: "workflow/rules/common.smk"
include: "workflow/rules/experiment.smk"
include: "workflow/rules/theory.smk"
include: "workflow/rules/papers.smk"


rule all:
    input:
        experiment_targets(),
        theory_targets(),
        papers_targets(),
    default_target: True
