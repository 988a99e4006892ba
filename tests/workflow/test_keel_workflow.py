"""The KEEL stage of the workflow (workflow/rules/keel.smk): config/keel.yaml plans every
usable set and lists the left-out ones with reasons; a malformed keel section stops before
any job naming the key; the default config's slice has at least ten independent units behind
each Fig. 3/4a/4b claim. Dry runs only (the test DAG of tests/workflow/test_workflow.py runs the
test config's tiny KEEL slice)."""

from __future__ import annotations

import pytest
import yaml
from workflow_helpers import ROOT, SNAKEMAKE, copy_repo, snakemake

from imbeval_repro.experiment.data.keel_plan import plan_keel

pytestmark = pytest.mark.skipif(not SNAKEMAKE.exists(), reason="snakemake is not installed")


@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    return copy_repo(tmp_path_factory.mktemp("repo"))


def _config(name):
    return yaml.safe_load((ROOT / "config" / name).read_text())


def test_default_slice_has_ten_units_behind_each_claim():
    cfg = _config("config.yaml")
    plan = plan_keel(cfg["keel"], cfg["experiment"]["classifiers"])
    assert plan["left_out"] == []
    for kind in ("two-class", "multi-class"):
        units = {u["family"] for u in plan["usable"] if u["kind"] == kind}
        assert len(units) >= 10, kind
    # small: the default run's budget (docs/performance.md)
    assert max(u["rows"] for u in plan["usable"]) <= 1100


def test_keel_config_plans_every_usable_set_and_lists_the_left_out(repo):
    proc = snakemake(repo, "keel_all", "-n", "--cores", "1", "--configfile", "config/keel.yaml")
    out = proc.stdout + proc.stderr
    default = _config("config.yaml")
    section = {**default["keel"], **_config("keel.yaml")["keel"]}
    plan = plan_keel(section, default["experiment"]["classifiers"])
    # job_unit all_runs: one job per set and classifier (its runs x folds)
    assert section["job_unit"] == "all_runs"
    n_jobs = len(plan["usable"]) * len(default["experiment"]["classifiers"])
    assert any(line.split() == ["keel_runs", str(n_jobs)] for line in out.splitlines()), out[-2000:]
    assert len(plan["usable"]) >= 120
    for row in plan["left_out"]:
        assert f"keel: left out {row['name']} ({row['kind']}): {row['rule']}" in out
    assert "fars (multi-class): too many rows" in out
    assert f"{len(plan['left_out'])} left out" in out


@pytest.mark.parametrize("edit,expected", [
    (lambda k: k["protocol"].update(foldz=3), "foldz"),
    (lambda k: k.update(two_class=["iris0", "glass_0"]), "keel.two_class[1]: unknown KEEL dataset 'glass_0'"),
    (lambda k: k.update(multi_class=["iris0"]), "keel.multi_class[0]: 'iris0' is a two-class"),
    (lambda k: k.update(job_unit="job"), "job"),
])
def test_bad_keel_section_stops_before_any_job_naming_the_key(repo, edit, expected):
    cfg = _config("test.yaml")
    edit(cfg["keel"])
    (repo / "config" / "bad_keel.yaml").write_text(yaml.safe_dump(cfg))
    proc = snakemake(repo, "-n", "--cores", "1", "--configfile", "config/bad_keel.yaml",
                     check=False)
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0 and expected in out, out[-2000:]
    assert "Job stats" not in out
