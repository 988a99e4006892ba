#!/usr/bin/env python3
"""Fake cluster submitter for the cluster-generic executor (a test tool, see config.yaml here).

Called as ``submit.py JOBSCRIPT``: starts the job script in the background (its own
session, output in ``.snakemake/local-cluster/<id>.out``) and prints a job id, like
``sbatch --parsable``. Snakemake then waits for the job's success/failure marker files.

For testing retries: if ``IMBEVAL_FAKE_CLUSTER_FAIL_ONCE`` names a rule, the first
submission of a job of that rule fails (non-zero exit, as a refused ``sbatch`` would) and
leaves ``.snakemake/local-cluster/failed-once-<rule>``; later submissions run normally.
"""

import json
import os
import subprocess
import sys
import uuid

LOG_DIR = os.path.join(".snakemake", "local-cluster")


def job_rule(script: str) -> str | None:
    """The rule name from the ``# properties = {...}`` line of a Snakemake job script."""
    with open(script, encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("# properties = "):
                return json.loads(line[len("# properties = "):]).get("rule")
    return None


def main() -> int:
    script = sys.argv[-1]
    os.makedirs(LOG_DIR, exist_ok=True)
    fail_rule = os.environ.get("IMBEVAL_FAKE_CLUSTER_FAIL_ONCE")
    if fail_rule and job_rule(script) == fail_rule:
        marker = os.path.join(LOG_DIR, f"failed-once-{fail_rule}")
        if not os.path.exists(marker):
            open(marker, "w").close()
            print(f"submit.py: simulated submission failure of a {fail_rule} job", file=sys.stderr)
            return 1
    job_id = uuid.uuid4().hex[:12]
    with open(os.path.join(LOG_DIR, f"{job_id}.out"), "wb") as out:
        subprocess.Popen(["/bin/bash", script], stdout=out, stderr=subprocess.STDOUT,
                         stdin=subprocess.DEVNULL, start_new_session=True)
    print(job_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
