"""The workflow's configuration and rule files, read without running Snakemake: the
schema's enums follow the library, every schema property is documented, config/README.md is
generated from the schemas, and the rules read the library's lists instead of copying them.

(Split from tests/workflow/test_workflow.py so the fast subset, ``pytest -m "not workflow
and not cluster"``, keeps them: none of them starts Snakemake.)
"""

from __future__ import annotations

import pytest
import yaml
from workflow_helpers import ROOT


def _schema():
    return yaml.safe_load((ROOT / "workflow/schemas/experiment.schema.yaml").read_text())



def test_schema_enums_follow_the_library():
    from imbeval_repro.experiment.classifiers import MULLICK_NAMES
    from imbeval.indices import registry
    from imbeval_repro.experiment.protocol import MULTI_CLASS_SCHEMES, TWO_CLASS_SCHEMES

    props = _schema()["properties"]
    assert set(props["classifiers"]["properties"]) == set(MULLICK_NAMES)
    enums = [a["enum"] for a in props["indices"]["oneOf"][1]["items"]["anyOf"] if "enum" in a]
    assert enums == [list(registry())]
    schemes = props["protocol"]["properties"]["schemes"]["properties"]
    assert tuple(schemes["two_class"]["items"]["enum"]) == TWO_CLASS_SCHEMES
    assert tuple(schemes["multi_class"]["items"]["enum"]) == MULTI_CLASS_SCHEMES




def test_every_schema_property_has_a_description():
    from imbeval_repro.cli._config_doc import undocumented

    assert undocumented(ROOT / "workflow/schemas") == []


def test_config_readme_is_generated_from_the_schemas():
    from imbeval_repro.cli._config_doc import render

    committed = (ROOT / "config/README.md").read_text(encoding="utf-8")
    assert committed == render(ROOT / "workflow/schemas"), (
        "config/README.md is stale: run `python -m imbeval_repro.cli._config_doc`")
    for key in ("experiment.protocol.min_count", "theory.audit.quick", "papers.grid_folds", "seed"):
        assert f"| `{key}` |" in committed


def test_keel_reuses_the_experiments_rules_and_derivations_live_in_common():
    """KEEL's classifier, collect and figures jobs are the experiment's rules with
    KEEL's paths (one command per job kind, so a change to one reaches both stages), and the
    rule files hold rules, paths and lists: what is computed from the config is a function in
    common.smk."""
    rules = ROOT / "workflow" / "rules"
    keel = (rules / "keel.smk").read_text()
    for base, reuse in [("experiment_fold", "keel_fold"), ("experiment_run", "keel_run"),
                        ("experiment_runs", "keel_runs"),
                        ("experiment_problem_runs", "keel_set_runs"),
                        ("experiment_collect", "keel_collect"),
                        ("experiment_figures", "keel_figures")]:
        assert f"use rule {base} as {reuse} with:" in keel, reuse
    # the only command of its own: building the sets' problems
    assert keel.count("    shell:") == 1 and "imbeval experiment keel-problems" in keel
    for name in ("experiment", "keel", "papers"):
        text = (rules / f"{name}.smk").read_text()
        assert "\ndef " not in text, name
    common = (rules / "common.smk").read_text()
    for function in ("get_grid_repeats", "get_grid_parts", "get_fold_resources",
                     "get_keel_job_resources", "get_unit_pattern", "sources"):
        assert f"\ndef {function}(" in common, function
