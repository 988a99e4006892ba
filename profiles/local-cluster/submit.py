#!/usr/bin/env python3
"""Fake cluster submitter for the cluster-generic executor.

Called as ``submit.py JOBSCRIPT``: starts the job script in the background (its own
session, output in ``.snakemake/local-cluster/<id>.out``) and prints a job id, like
``sbatch --parsable``. Snakemake then waits for the job's success/failure marker files.
"""

import os
import subprocess
import sys
import uuid


def main() -> int:
    script = sys.argv[-1]
    job_id = uuid.uuid4().hex[:12]
    log_dir = os.path.join(".snakemake", "local-cluster")
    os.makedirs(log_dir, exist_ok=True)
    with open(os.path.join(log_dir, f"{job_id}.out"), "wb") as out:
        subprocess.Popen(["/bin/bash", script], stdout=out, stderr=subprocess.STDOUT,
                         stdin=subprocess.DEVNULL, start_new_session=True)
    print(job_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
