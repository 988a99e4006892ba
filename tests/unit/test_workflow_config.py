"""The workflow's configuration and rule files, read without running Snakemake: the
schema's enums follow the library, every schema property is documented, config/README.md is
generated from the schemas, and the rules read the library's lists instead of copying them.

(Split from tests/workflow/test_workflow.py so the fast subset, ``pytest -m "not workflow
and not cluster"``, keeps them: none of them starts Snakemake.)
"""

from __future__ import annotations

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


def test_unit_pattern_matches_the_configs_names_and_no_name_for_another_unit():
    import re

    from imbeval_repro.workflow import NO_NAME, get_unit_pattern

    pattern = get_unit_pattern(["c5", "c5x", "a.b"], "problem", "problem")
    assert {n for n in ("c5", "c5x", "a.b", "aXb", "c") if re.fullmatch(pattern, n)} == {
        "c5", "c5x", "a.b"}
    assert get_unit_pattern(["c5"], "fold", "problem") == NO_NAME
    assert get_unit_pattern([], "problem", "problem") == NO_NAME
    assert re.fullmatch(NO_NAME, "") is None


def test_grid_parts_give_satimages_costly_models_a_job_each_and_glass_one_or_three():
    from imbeval_repro.workflow import get_grid_parts

    models = ["ANN-1", "GBM-2", "RF-1", "KNN-3"]
    parts = get_grid_parts(models, {"glass": 1, "satimage": 1})
    assert parts["glass"] == {"all": models}
    assert parts["satimage"] == {"ANN-1": ["ANN-1"], "GBM-2": ["GBM-2"], "others": ["RF-1", "KNN-3"]}
    glass = get_grid_parts(models, {"glass": 10})["glass"]
    assert glass == {"gbm": ["GBM-2"], "ann": ["ANN-1"], "cheap": ["RF-1", "KNN-3"]}


def test_keel_job_resources_grow_with_the_rows_from_a_floor():
    from imbeval_repro.workflow import get_keel_job_resources

    assert get_keel_job_resources(100, 5, 1) == {"mem_mb": 3000, "runtime": 10}
    big = get_keel_job_resources(22125, 5, 5)  # 17,700 training rows: NBSVM's 5.8 GB
    assert big["mem_mb"] == 7000 and big["runtime"] == 224


def test_fold_resources_are_measured_only_for_the_paper_shaped_datasets():
    from types import SimpleNamespace

    from imbeval_repro.workflow import FOLD_RESOURCES, get_fold_resources

    wc = SimpleNamespace(classifier="nbsvm", problem="p")
    paper = get_fold_resources({"dataset": "synthetic"}, FOLD_RESOURCES, {"q"})
    assert paper(wc) == FOLD_RESOURCES[("nbsvm", False)]
    assert get_fold_resources({"dataset": "digits"}, FOLD_RESOURCES, set())(wc) == {
        "mem_mb": 3000, "runtime": 30}


def test_slurm_requests_sum_a_group_once_and_skip_local_jobs():
    from types import SimpleNamespace

    from imbeval_repro.cluster import JobRequest, job_requests

    def job(rule, local=False, threads=1, **resources):
        return SimpleNamespace(rule=SimpleNamespace(name=rule), is_local=local, threads=threads,
                               resources=resources)

    group = SimpleNamespace(groupid="g1", threads=10, resources={"mem_mb": 5000})
    folds = [job("fold", mem_mb=1000) for _ in range(5)]
    jobs = [job("collect", local=True), *folds,
            job("figures", threads=2, mem_mb_per_cpu=500, slurm_partition="short")]
    requests = job_requests(jobs, lambda j: group if j in folds else None,
                            lambda g: {"g1": "folds_c5_nbsvm"}[g.groupid])
    assert requests == [JobRequest("fold", 10, 5000.0, None, group="folds_c5_nbsvm"),
                        JobRequest("figures", 2, 1000.0, "short")]
