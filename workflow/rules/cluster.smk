# On SLURM, check before the first submission what the executor plugin would otherwise wait
# on without a word (status polling that cannot work, a job larger than any node); the
# checks and their messages are in imbeval_repro/cluster.py. onstart runs after the DAG is
# built, so every job's threads and resources are final (profiles, --set-* applied).
#
# The `workflow.*` attributes below are Snakemake internals, the reason for the
# `snakemake>=9,<10` cap in reproduction/pyproject.toml. Snakemake's documented interface to
# a Snakefile (`config`, `workflow.basedir`, rules, onstart/onsuccess/onerror handlers that
# receive only the log's path) exposes neither the planned jobs nor the executor's settings,
# and its Python API (snakemake.api) builds a DAG of its own, not the running one. A separate
# command fed by `snakemake --dry-run` would miss the profile's and command line's executor
# settings and the group sums, and would have to be remembered before every run.
onstart:
    # the executor plugin and its settings (--slurm-status-command, --slurm-init-seconds-...):
    # no public accessor; the command line's --executor is parsed by Snakemake only
    plugin = workflow.executor_plugin
    if plugin is not None and plugin.name.split("-")[-1] == "slurm":
        from imbeval_repro.cluster import job_requests, slurm_preflight

        requests = job_requests(
            # the jobs to be run, with their final threads and resources: only the DAG has them
            workflow.dag.needrun_jobs(),
            # a job's group, whose resources are the members' summed: computed by the DAG only
            workflow.dag.get_job_group,
            # the group's name as the profile gives it (--group-components takes that name):
            # the DAG renames groups to unique ids and keeps the map here only
            lambda group: workflow.parent_groupids.get(group.groupid, group.groupid),
        )
        settings = workflow.executor_settings
        slurm_preflight(requests, getattr(settings, "status_command", None),
                        int(getattr(settings, "init_seconds_before_status_checks", 40) or 40))
