"""The Snakemake workflow: config validation and its generated reference, the linter, the
CI-sized experiment DAG (local and through the cluster-generic executor with a fake
submitter), derived rule inputs, the report, the SLURM dry run.

Snakemake runs in temporary copies of the repository, so the checkout's results/ is never
touched. These tests take about two minutes in all.
"""

from __future__ import annotations

from pathlib import Path

import os
import re

import pandas as pd
import pytest
import yaml
from workflow_helpers import (
    JOB_RULE,
    ROOT,
    SNAKEMAKE,
    copy_repo,
    n_classifier_jobs,
    snakemake,
    snakemake_env,
)

pytestmark = pytest.mark.skipif(not SNAKEMAKE.exists(), reason="snakemake is not installed in this environment")

# The local and cluster runs of the test DAG are session fixtures (tests/conftest.py),
# shared with tests/workflow/test_reliability.py.


@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    return copy_repo(tmp_path_factory.mktemp("repo"))


@pytest.fixture(scope="module")
def dry_run(repo):
    """``snakemake -n ARGS`` in ``repo``, each distinct command run once for the module:
    tests that read the same plan share it. Every start-up parses the workflow and builds
    the DAG again (the paper config's 2,250 jobs: 11-15 s of CPU), so a plan that two
    tests read is made once (docs/performance.md, "The test suite")."""
    plans = {}

    def run(*args):
        if args not in plans:
            plans[args] = snakemake(repo, "-n", *args)
        return plans[args]

    return run


# The plans read by more than one test.
def default_config_plan(cores="1"):
    return ("experiment_all", "-p", "--cores", cores, "--configfile", "config/config.yaml")


PAPER_SLURM_PLAN = ("--profile", "profiles/slurm", "--configfile", "config/paper.yaml")


def _bad_config(repo: Path, name: str, edit) -> str:
    cfg = yaml.safe_load((repo / "config/test.yaml").read_text())
    edit(cfg)
    (repo / "config" / name).write_text(yaml.safe_dump(cfg))
    return f"config/{name}"


@pytest.mark.parametrize("name,edit,expected", [
    ("unknown_key.yaml", lambda c: c["experiment"]["protocol"].update(foldz=3), "foldz"),
    ("bad_classifier.yaml", lambda c: c["experiment"]["classifiers"].update(svm={}), "svm"),
    ("bad_scheme.yaml", lambda c: c["experiment"]["protocol"].update(schemes={"two_class": ["3IR"]}), "3IR"),
    ("bad_runs.yaml", lambda c: c["experiment"]["protocol"].update(runs=0), "runs"),
    ("bad_index.yaml", lambda c: c["experiment"].update(indices=["precission"]), "precission"),
    ("bad_top.yaml", lambda c: c.update(experimnt={}), "experimnt"),
])
def test_bad_config_stops_before_any_job_naming_the_key(repo, name, edit, expected):
    path = _bad_config(repo, name, edit)
    proc = snakemake(repo, "-n", "--cores", "1", "--configfile", path, check=False)
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0
    assert expected in out
    assert "Job stats" not in out and not (repo / "results").exists()


def test_slurm_profile_dry_run_lists_jobs_with_resources(dry_run):
    # A dry run caps threads at --cores (1 if not given); a SLURM run does not.
    proc = dry_run("--profile", "profiles/slurm", "--cores", "64")
    out = proc.stdout + proc.stderr
    cfg = yaml.safe_load((ROOT / "config/config.yaml").read_text())["experiment"]
    rule = JOB_RULE[cfg.get("job_unit", "run")]
    assert out.count(f"rule {rule}:") == n_classifier_jobs(cfg)
    blocks = out.split(f"rule {rule}:")[1:]
    # The rule's own reservation: one thread (what the command uses), mem_mb and runtime
    # (30 min per run; an all_runs job holds every run, a problem job every classifier's).
    minutes = 30 * {"experiment_runs": cfg["protocol"]["runs"],
                    "experiment_problem_runs": cfg["protocol"]["runs"] * len(cfg["classifiers"]),
                    }.get(rule, 1)
    assert all("mem_mb=3000" in b.split("\n\n")[0] and f"runtime={minutes}\n" in b.split("\n\n")[0]
               for b in blocks)
    assert not any("threads:" in b.split("\n\n")[0] for b in blocks)
    features = out.split("rule experiment_features:")[1].split("\n\n")[0]
    assert f"threads: {cfg['features'].get('tf_threads', 2)}" in features  # schema default 2


def test_slurm_dry_run_of_the_paper_config_lists_per_fold_jobs_in_groups(repo, dry_run):
    """The paper's grid as one job per outer fold, each with the resources measured on the
    paper-shaped slice (by classifier and problem kind), five to a SLURM submission."""
    proc = dry_run(*PAPER_SLURM_PLAN)
    out = proc.stdout + proc.stderr
    exp = yaml.safe_load((ROOT / "config/paper.yaml").read_text())["experiment"]
    assert exp["job_unit"] == "fold"
    blocks = [b.split("\n\n")[0] for b in out.split("rule experiment_fold:")[1:]]
    assert len(blocks) == n_classifier_jobs(exp) == 22 * 4 * 5 * 5
    two = {p["name"] for p in exp["two_class"]}
    from imbeval_repro.workflow import FOLD_RESOURCES as resources

    seen = set()
    for b in blocks:
        wc = dict(kv.split("=") for kv in b.split("wildcards: ")[1].split("\n")[0].split(", "))
        expected = resources[(wc["classifier"], wc["problem"] in two)]
        assert f"mem_mb={expected['mem_mb']}," in b and f"runtime={expected['runtime']}\n" in b, b
        assert "--folds " + wc["fold"] + " " in b
        seen.add((wc["problem"], wc["classifier"], wc["run"], wc["fold"]))
    assert len(seen) == len(blocks)
    # the slurm profile's grouping: five folds of one problem and classifier per submission
    groups = out.split("Group job folds_")[1:]
    assert len(groups) == len(blocks) // 5
    for g in groups:
        name = g.split(" ")[0]
        # a group's members are its experiment_fold jobs (the last group's text runs on
        # into the plan's other jobs, e.g. the compare stage's, with wildcards of their own)
        members = [dict(kv.split("=") for kv in
                        m.split("\n\n")[0].split("wildcards: ")[1].split("\n")[0].split(", "))
                   for m in g.split("rule experiment_fold:")[1:]]
        assert len(members) == 5, name
        assert {f"{m['problem']}_{m['classifier']}" for m in members} == {name}


# ---------------------------------------------------------------- the DAG

def test_test_dag_writes_every_result(local_run):
    res = local_run / "results/experiment"
    cfg = yaml.safe_load((ROOT / "config/test.yaml").read_text())["experiment"]
    problems = [p["name"] for p in cfg["two_class"] + cfg["multi_class"]]
    idx = pd.read_csv(res / "fold_indices.csv")
    assert list(idx.columns) == ["problem", "classifier", "run", "fold", "scheme", "rrt", "index", "value"]
    assert set(idx["problem"]) == set(problems)
    assert set(idx["classifier"]) == set(cfg["classifiers"])
    n_matrices = len(problems) * len(cfg["classifiers"]) * cfg["protocol"]["runs"] * cfg["protocol"]["folds"] * 5
    assert idx.groupby(["problem", "classifier", "run", "fold", "scheme"]).ngroups == n_matrices
    # confusion matrices: rows sum to the test-set class counts recorded beside them
    cm = pd.read_csv(res / "confusion_matrices.csv")
    ts = pd.read_csv(res / "test_sets.csv")
    assert len(ts) == n_matrices and set(ts["rule"]) <= {"subsample", "bootstrap"}
    totals = cm.groupby(["problem", "classifier", "run", "fold", "scheme"])["count"].sum()
    n = ts.set_index(["problem", "classifier", "run", "fold", "scheme"])["n"]
    assert totals.sort_index().equals(n.sort_index().rename("count"))
    hp = pd.read_csv(res / "hyperparameters.csv")
    assert set(hp[hp.classifier == "nbsvm"]["params"].map(lambda s: yaml.safe_load(s)["C"])) <= {1.0, 10.0}
    figs = local_run / "results/figures/mullick2020"
    for name in ("fig3", "fig4a", "fig4b", "fig5"):
        for ext in ("pdf", "png", "csv"):
            assert (figs / f"{name}.{ext}").stat().st_size > 0
    # claims.csv: the verdict table's rows of the experiment's claims (tables decide them)
    claims = pd.read_csv(figs / "claims.csv")
    assert set(claims["item"]) == {"Fig. 3", "Fig. 4a", "Fig. 4b", "Fig. 5"}
    assert set(claims["verdict_kind"]) <= {"claim_holds", "claim_fails", "claim_inconclusive"}
    # every job logged, costly ones benchmarked, no temporary file left anywhere
    assert (local_run / "logs/experiment/collect.log").exists()
    # (one benchmark record per classifier job: config/test.yaml's job_unit is problem)
    assert len(list((local_run / "results/benchmarks/experiment/runs").rglob("*.tsv"))) == n_classifier_jobs(cfg)
    assert not [p for p in (local_run / "results").rglob(".*") if p.is_file()]


def test_rerun_has_nothing_to_do_and_report_builds(local_run):
    proc = snakemake(local_run, "experiment_all", "-n", "--configfile", "config/test.yaml")
    assert "Nothing to be done" in proc.stdout + proc.stderr
    snakemake(local_run, "experiment_all", "--configfile", "config/test.yaml", "--report", "report.html")
    html = (local_run / "report.html").read_text(errors="replace")
    # the results' pages belong to the report stage (tests/unit/test_report.py reads them in a
    # browser); the experiment's own report shows its rules and their runtimes
    assert len(html) > 10_000 and "experiment_collect" in html and "experiment_figures" in html


@pytest.mark.parametrize("configfile", ["config/config.yaml", "config/paper.yaml",
                                        "config/paper-slice.yaml", "config/test.yaml"])
def test_every_shipped_config_validates_and_plans_its_classifier_jobs(dry_run, configfile):
    # The default and paper configs' plans are the ones other tests read (the paper's as the
    # SLURM profile plans every target: its experiment_fold count is the experiment's).
    shared = {"config/config.yaml": default_config_plan(), "config/paper.yaml": PAPER_SLURM_PLAN}
    proc = dry_run(*shared.get(configfile, ("experiment_all", "--cores", "1", "--configfile", configfile)))
    out = proc.stdout + proc.stderr
    cfg = yaml.safe_load((ROOT / configfile).read_text())
    exp = cfg["experiment"]
    assert set(cfg) >= {"seed", "experiment", "theory", "papers"}
    rule = JOB_RULE[exp.get("job_unit", "run")]
    assert any(line.split() == [rule, str(n_classifier_jobs(exp))] for line in out.splitlines())


def test_feature_command_does_not_depend_on_cores(dry_run):
    # TensorFlow's CNN features change with the thread count: it comes from the config.
    def features_command(cores):
        out = dry_run(*default_config_plan(cores)).stdout
        return [line for line in out.splitlines() if "imbeval experiment features" in line]

    one = features_command("1")
    assert len(one) == 1 and "--threads 2" in one[0]
    assert one == features_command("2")


def _dry_run_after_editing(work: Path, module: str, triggers=("mtime", "input")) -> str:
    """`snakemake -n` (mtime and input triggers, as the workflow's runs; ``triggers=None``:
    Snakemake's defaults) after appending a comment to ``module``; the file's bytes and time
    are restored afterwards. An edit, not a touch: Snakemake skips an input that is newer but
    has its recorded checksum."""
    path = work / module
    text, before = path.read_bytes(), path.stat()
    try:
        path.write_bytes(text + b"\n# an edit\n")
        proc = snakemake(work, "experiment_all", "-n", "--configfile", "config/test.yaml",
                         *(["--rerun-triggers", *triggers] if triggers else []))
    finally:
        path.write_bytes(text)
        os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    return proc.stdout + proc.stderr


def test_editing_a_library_module_reruns_the_jobs_that_reach_it(local_run):
    # src/imbeval/utils/io.py was left out of the hand-kept input lists; the derived ones have it.
    out = _dry_run_after_editing(local_run, "src/imbeval/utils/io.py")
    exp = yaml.safe_load((local_run / "config/test.yaml").read_text())["experiment"]
    for rule in ("experiment_features", "experiment_problems", JOB_RULE[exp.get("job_unit", "run")],
                 "experiment_collect", "experiment_figures"):
        assert f"rule {rule}:" in out, rule
    assert "src/imbeval/utils/io.py" in out
    # a module no experiment command reaches reruns nothing of the experiment
    out = _dry_run_after_editing(local_run, "reproduction/src/imbeval_repro/papers/dembele/tables.py")
    assert "Nothing to be done" in out, out[-2000:]


def _planned(out: str) -> dict[str, int]:
    """``{rule: jobs}`` of a dry run's job-stats table."""
    stats = out.split("Job stats:")[1].split("\n\n")[0] if "Job stats:" in out else ""
    return {parts[0]: int(parts[1]) for line in stats.splitlines()
            if len(parts := line.split()) == 2 and parts[1].isdigit() and parts[0] != "total"}


@pytest.mark.parametrize("module,expected", [
    # figure code: the figures job only
    ("reproduction/src/imbeval_repro/papers/mullick2020/figures.py", {"experiment_figures": 1}),
    # the verdict table's rows: the figures job only (claims.csv is made of them)
    ("reproduction/src/imbeval_repro/verdicts/__init__.py", {"experiment_figures": 1}),
    # another paper's tables and report code: nothing of the experiment
    ("reproduction/src/imbeval_repro/papers/dembele/tables.py", {}),
    ("reproduction/src/imbeval_repro/report/pages.py", {}),
])
def test_an_edit_replans_only_the_jobs_whose_code_changed(local_run, module, expected):
    """Each job depends on the folders of code its command runs, under Snakemake's default
    triggers (an edit of the library or the experiment machinery reruns every experiment
    job: tests/workflow/test_reruns.py)."""
    out = _dry_run_after_editing(local_run, module, triggers=None)
    planned = _planned(out)
    planned.pop("experiment_all", None)
    assert planned == expected, out[-3000:]
    assert not {"experiment_features", "experiment_problems"} & set(planned)


def _commands(out: str) -> dict[str, set[str]]:
    """``{rule: {its jobs' `imbeval GROUP COMMAND` words}}`` of a dry run with -p."""
    commands, rule = {}, None
    for line in out.splitlines():
        if match := re.match(r"(?:local)?rule (\S+):", line):
            rule = match.group(1)
        elif line.startswith("Shell command: imbeval ") and rule:
            commands.setdefault(rule, set()).add(" ".join(line.split()[2:5]))
    return commands


def test_keel_jobs_run_the_experiments_commands(dry_run):
    """KEEL's classifier, collect, scores and figures jobs run the experiment's commands (a
    change to one reaches both stages); its only command of its own builds the sets'
    problems."""
    commands = _commands(dry_run("-p", "--configfile", "config/test.yaml").stdout)
    keel = {c for r, cs in commands.items() if r.startswith("keel_") for c in cs}
    experiment = {c for r, cs in commands.items() if r.startswith("experiment_") for c in cs}
    assert keel - experiment == {"imbeval experiment keel-problems"}
    assert len(keel & experiment) >= 4


def test_provenance_records_every_stages_results(dry_run):
    """The provenance job waits for (and hashes) the results of every stage, the compare
    stage's folders included."""
    out = dry_run("-p", "--configfile", "config/test.yaml").stdout
    block = out.split("rule provenance:")[1].split("\n\n")[0]
    inputs = set(block.split("input: ")[1].split("\n")[0].split(", "))
    compare = {f for b in out.split("rule compare:")[1:]
               for f in b.split("output: ")[1].split("\n")[0].split(", ")}
    assert compare and compare <= inputs
    for stage in ("experiment", "keel", "theory", "papers", "figures"):
        assert any(f.startswith(f"results/{stage}/") for f in inputs), stage


def test_grid_repeats_reach_every_grid_command_and_split_glass_in_three(repo):
    """papers.grid_repeats: each grid job and the table's job run that many CV repetitions;
    glass's grid with repetitions is three jobs (so that the scheduler packs them)."""
    cfg = yaml.safe_load((repo / "config/test.yaml").read_text())
    cfg["papers"]["grid_repeats"] = {"glass": 3}
    (repo / "config/grid_repeats.yaml").write_text(yaml.safe_dump(cfg))
    out = snakemake(repo, "-n", "-p", "--configfile", "config/grid_repeats.yaml").stdout
    grid = [line for line in out.splitlines()
            if line.startswith("Shell command: imbeval papers mortaz2020-grid")]
    assert len(grid) == 3 + 1
    assert all(" --repeats 3 " in line for line in grid), grid


def test_the_report_job_writes_every_page_of_the_catalog(dry_run):
    from imbeval_repro.report import pages

    out = dry_run("-p", "--configfile", "config/test.yaml").stdout
    outputs = out.split("rule report_pages:")[1].split("output: ")[1].split("\n")[0].split(", ")
    folder = os.path.dirname(outputs[0])
    catalog = pages.load_catalog(ROOT / "workflow/report/items.yaml")
    assert outputs == [f"{folder}/{page}" for page in pages.page_paths(catalog)]


# ---------------------------------------------------------------- lint, config reference

@pytest.mark.parametrize("configfile", [None, "config/test.yaml"],
                         ids=["default-config", "test-config"])
def test_snakemake_lint_is_clean(repo, configfile):
    # The default config too: its rules see other inputs (the data files), and a
    # hard-coded path prefix in a rule would show only there.
    # imbeval imported from the copy (as in a clone that installed itself), so that its
    # vendored data files lie under the workflow's folder, as they do in the checkout.
    args = ["--lint"] + (["--configfile", configfile] if configfile else [])
    proc = snakemake(repo, *args, check=False, env=snakemake_env(
        PYTHONPATH=os.pathsep.join([str(repo / "src"), str(repo / "reproduction" / "src")])))
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out[-3000:]
    assert "Lints for" not in out, out[-3000:]
    assert "your workflow is in a good condition" in out
