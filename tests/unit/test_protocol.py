"""The mullick2020 protocol: seeds, RRT test-set schemes and sampling rules, outer CV."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from imbeval_repro.experiment.protocol import (
    MULTI_CLASS_SCHEMES, TWO_CLASS_SCHEMES, derive_seed, draw_test_set, outer_folds,
    plan_test_set, rrt_test_sets, run_protocol, target_weights,
)
from imbeval_repro.experiment.protocol.collect import collect_runs


# ---------------------------------------------------------------- seeds

def test_derived_seeds_depend_on_every_key_and_only_on_them():
    a = derive_seed(5, "cv", "p1", 0)
    assert a == derive_seed(5, "cv", "p1", 0)
    others = {derive_seed(6, "cv", "p1", 0), derive_seed(5, "rrt", "p1", 0),
              derive_seed(5, "cv", "p2", 0), derive_seed(5, "cv", "p1", 1),
              derive_seed(5, "cv", "p1", "0")}
    assert a not in others and len(others) == 5


def test_derived_seeds_are_the_same_in_another_process():
    # Python's hash() of a str changes between processes; derive_seed must not.
    code = "from imbeval_repro.experiment.protocol import derive_seed; print(derive_seed(11, 'cv', 'bag_vs_tops', 3))"
    env = {"PYTHONHASHSEED": "123"}
    import os
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**os.environ, **env}, check=True).stdout
    assert int(out) == derive_seed(11, "cv", "bag_vs_tops", 3)


@pytest.mark.parametrize("bad", [-1, 1.5, True, "3"])
def test_bad_seed_is_rejected(bad):
    with pytest.raises(ValueError):
        derive_seed(bad, "x")


# ---------------------------------------------------------------- schemes

def test_two_class_targets_are_the_papers_rrts():
    ir = 20.0
    rrts = [target_weights((10, 200), s, ir=ir) for s in TWO_CLASS_SCHEMES]
    assert [w[1] / w[0] for w in rrts] == [1.0, 0.5, 10.0, 20.0, 40.0]


def test_two_class_plans_subsample_exact_ratios():
    counts = (10, 200)    # minority, majority: IR 20
    got = {s: plan_test_set(counts, target_weights(counts, s, ir=20.0)) for s in TWO_CLASS_SCHEMES}
    assert got["1"].counts == (10, 10)
    assert got["0.5"].counts == (10, 5)
    assert got["IR/2"].counts == (10, 100)
    assert got["IR"].counts == (10, 200)
    assert got["2IR"].counts == (5, 200)
    assert {p.rule for p in got.values()} == {"subsample"}
    assert got["2IR"].rrt == 40.0 and got["0.5"].rrt == 0.5


def test_multi_class_targets():
    n = np.array([100, 40, 10])
    assert np.array_equal(target_weights(n, "balanced"), [1, 1, 1])
    assert np.array_equal(target_weights(n, "reversed"), [10, 40, 100])
    assert np.array_equal(target_weights(n, "minority_ir_halved"), [100, 40, 20])
    assert np.array_equal(target_weights(n, "original"), [100, 40, 10])
    assert np.array_equal(target_weights(n, "others_doubled"), [200, 80, 10])
    # the ranking, not the position, decides: classes in another order
    assert np.array_equal(target_weights([40, 10, 100], "reversed"), [40, 100, 10])


def test_infeasible_reversal_falls_back_to_the_recorded_bootstrap_rule():
    counts = (100, 40, 10)
    w = target_weights(counts, "reversed")
    plan = plan_test_set(counts, w, min_count=3)
    # without replacement the majority would get 10 * 10 / 100 = 1 point < 3
    assert plan.rule == "bootstrap"
    assert plan.counts == (3, 12, 30)
    assert plan.replaced == (2,)          # only the minority needs replacement
    clip = plan_test_set(counts, w, min_count=3, infeasible="clip")
    assert clip.rule == "clip" and clip.counts == (3, 4, 10) and clip.replaced == ()


@pytest.mark.parametrize("seed", range(20))
def test_subsample_plans_fit_the_fold_and_hit_the_ratio(seed):
    rng = np.random.default_rng(seed)
    C = int(rng.integers(2, 8))
    counts = rng.integers(3, 400, size=C)
    schemes = TWO_CLASS_SCHEMES if C == 2 else MULTI_CLASS_SCHEMES
    for s in schemes:
        w = target_weights(counts, s, ir=float(counts[1] / counts[0]) if C == 2 else None)
        plan = plan_test_set(counts, w, min_count=1)
        scale = np.min(counts / w)
        if plan.rule != "subsample":
            # only when the largest fitting set would leave some class empty
            assert plan.rule == "bootstrap" and np.floor(scale * w + 1e-9).min() < 1
            continue
        c = np.asarray(plan.counts)
        assert np.all(c <= counts) and np.all(c >= 1)
        # every count is floor(scale * target): the largest set with these proportions
        assert np.array_equal(c, np.floor(scale * w + 1e-9).astype(int))
        assert np.any(c == counts)        # some class is used up


def test_draws_follow_the_plan():
    y = np.repeat([0, 1, 2], [100, 40, 10])
    rng = np.random.default_rng(0)
    plan = plan_test_set((100, 40, 10), target_weights((100, 40, 10), "reversed"), min_count=3)
    idx = draw_test_set(y, plan, rng)
    assert np.array_equal(np.bincount(y[idx], minlength=3), plan.counts)
    for c in (0, 1):                      # drawn without replacement
        members = idx[y[idx] == c]
        assert len(set(members)) == len(members)
    assert len(set(idx[y[idx] == 2])) <= 10   # 30 draws of 10 points: repeats


def test_rrt_test_sets_are_reproducible_from_the_seed():
    y = np.repeat([0, 1], [12, 240])
    a = rrt_test_sets(y, 20.0, np.random.default_rng(derive_seed(1, "rrt", "p", 0, 0)))
    b = rrt_test_sets(y, 20.0, np.random.default_rng(derive_seed(1, "rrt", "p", 0, 0)))
    assert [t["scheme"] for t in a] == list(TWO_CLASS_SCHEMES)
    assert all(np.array_equal(s["index"], t["index"]) for s, t in zip(a, b))


# ---------------------------------------------------------------- outer CV

def _toy_problem(C=2, seed=0):
    rng = np.random.default_rng(seed)
    sizes = [20, 200] if C == 2 else [150, 60, 24]
    X = np.concatenate([rng.normal(loc=2.0 * k, size=(n, 4)) for k, n in enumerate(sizes)])
    y = np.repeat(np.arange(C), sizes)
    return {"name": f"toy{C}", "kind": "two-class" if C == 2 else "multi-class",
            "X": X.astype(np.float32), "y": y, "class_names": [f"c{k}" for k in range(C)],
            "ir": max(sizes) / min(sizes)}


def test_outer_folds_partition_and_depend_on_run():
    y = np.repeat([0, 1], [20, 200])
    folds = outer_folds(y, 4, 3, "p", 0)
    test = np.concatenate([t for _, t in folds])
    assert sorted(test) == list(range(220))
    assert all(np.bincount(y[t])[0] == 5 for _, t in folds)       # stratified
    other = outer_folds(y, 4, 3, "p", 1)
    assert any(not np.array_equal(a[1], b[1]) for a, b in zip(folds, other))


@pytest.mark.parametrize("C", [2, 3])
def test_run_protocol_is_deterministic_and_keeps_every_matrix(C):
    p = _toy_problem(C)
    kw = dict(seed=9, n_folds=3, grid={"C": [0.1, 10.0]}, inner_folds=2)
    a = run_protocol(p, "nbsvm", 0, **kw)
    assert a == run_protocol(p, "nbsvm", 0, **kw)
    assert len(a["folds"]) == 3
    for f in a["folds"]:
        assert f["params"]["C"] in (0.1, 10.0)
        assert len(f["test_sets"]) == 5
        for ts in f["test_sets"]:
            m = np.asarray(ts["confusion"])
            assert m.shape == (C, C)
            assert m.sum(axis=1).tolist() == ts["counts"]     # rows: true classes
            assert ts["rule"] in ("subsample", "bootstrap")
            assert (ts["rule"] == "subsample") == (ts["replaced"] == [])


def test_classifiers_see_the_same_test_sets():
    p = _toy_problem(2)
    a = run_protocol(p, "nbsvm", 1, seed=4, n_folds=3)
    b = run_protocol(p, "dual_lexiboost", 1, seed=4, n_folds=3, params={"n_estimators": 3})
    for fa, fb in zip(a["folds"], b["folds"]):
        assert fa["test_counts"] == fb["test_counts"]
        assert [t["counts"] for t in fa["test_sets"]] == [t["counts"] for t in fb["test_sets"]]


def test_collect_computes_every_applicable_index(tmp_path):
    import json

    from imbeval.indices import compute, registry

    paths = []
    for C in (2, 3):
        r = run_protocol(_toy_problem(C), "nbsvm", 0, seed=2, n_folds=2)
        path = tmp_path / f"run{C}.json"
        path.write_text(json.dumps(r))
        paths.append(path)
    t = collect_runs(paths)
    idx = t["fold_indices"]
    assert list(idx.columns) == ["problem", "classifier", "run", "fold", "scheme", "rrt", "index", "value"]
    two = set(idx[idx.problem == "toy2"]["index"])
    multi = set(idx[idx.problem == "toy3"]["index"])
    reg = registry()
    assert two == set(reg)
    assert multi == {n for n, i in reg.items() if i.scope == "multi-class"}
    # one value per (matrix, index), equal to compute() on the matrix rebuilt from the long table
    cm = t["confusion_matrices"]
    sel = cm[(cm.problem == "toy3") & (cm.fold == 1) & (cm.scheme == "reversed")]
    m = sel.pivot(index="true", columns="predicted", values="count").loc[["c0", "c1", "c2"], ["c0", "c1", "c2"]].to_numpy()
    row = idx[(idx.problem == "toy3") & (idx.fold == 1) & (idx.scheme == "reversed") & (idx["index"] == "acsa")]
    assert row["value"].item() == pytest.approx(float(compute(m, ["acsa"])["acsa"]))
    assert len(t["test_sets"]) == 2 * 2 * 5
    assert set(t["hyperparameters"]["params"]) == {json.dumps({}, sort_keys=True)}


# ---------------------------------------------------------------- per-fold jobs, gathered

def _test_config_problem(name):
    """A problem of config/test.yaml (digits), built as the workflow builds it."""
    from pathlib import Path

    import yaml

    from imbeval_repro.experiment.data import digits_concept_tables
    from imbeval_repro.experiment.data.problems import build_problems

    cfg = yaml.safe_load((Path(__file__).resolve().parents[2] / "config/test.yaml").read_text())
    exp = cfg["experiment"]
    concepts = {k: t["X"] for k, t in digits_concept_tables(exp["concepts"]).items()}
    problem = next(p for p in build_problems(exp, concepts, cfg["seed"]) if p["name"] == name)
    return problem, cfg


@pytest.mark.parametrize("name,classifier", [("c3", "nbsvm"), ("three_vs_five", "smote_mlp")])
def test_folds_computed_apart_and_gathered_equal_the_whole_run(name, classifier, tmp_path):
    """Per-fold jobs (each fold alone, in any order, in its own file) gathered give the
    same run -- and the same result tables, byte for byte -- as the run computed at once."""
    import json

    from imbeval_repro.experiment.protocol import gather_folds, run_folds
    from imbeval.utils.io import write_csv

    problem, cfg = _test_config_problem(name)
    proto, spec = cfg["experiment"]["protocol"], cfg["experiment"]["classifiers"][classifier]
    kw = dict(seed=cfg["seed"], n_folds=proto["folds"], params=spec.get("params", {}),
              grid=spec.get("grid", {}), inner_folds=proto["inner_folds"])
    whole = run_protocol(problem, classifier, 0, **kw)
    parts = [run_folds(problem, classifier, 0, [k], **kw)[0] for k in reversed(range(proto["folds"]))]
    assert [p["folds"][0]["fold"] for p in parts] == list(reversed(range(proto["folds"])))
    assert all(p["n_folds"] == proto["folds"] and len(p["folds"]) == 1 for p in parts)
    gathered = gather_folds(parts)
    assert json.dumps(gathered, indent=1, sort_keys=True) == json.dumps(whole, indent=1, sort_keys=True)

    # as files: a run file against fold files in run<r>/fold<k>.json, with a second run
    # (run 10: sorts before run 2 as a file name, as today's run files do)
    other = run_protocol(problem, classifier, 10, **kw)
    run_dir, fold_dir = tmp_path / "runs", tmp_path / "folds"
    for r, result in ((0, whole), (10, other)):
        (run_dir / f"run{r}.json").parent.mkdir(parents=True, exist_ok=True)
        (run_dir / f"run{r}.json").write_text(json.dumps(result, indent=1, sort_keys=True))
        for part in run_folds(problem, classifier, r, **kw):
            path = fold_dir / f"run{r}" / f"fold{part['folds'][0]['fold']}.json"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(part, indent=1, sort_keys=True))
    a = collect_runs(sorted(run_dir.glob("*.json")))
    b = collect_runs(sorted(fold_dir.rglob("*.json"), reverse=True))
    for table in a:
        pa, pb = write_csv(a[table], tmp_path / f"a_{table}.csv"), write_csv(b[table], tmp_path / f"b_{table}.csv")
        assert pa.read_bytes() == pb.read_bytes(), table
    assert list(a["hyperparameters"]["run"]) == [0] * proto["folds"] + [10] * proto["folds"]


def test_gather_refuses_a_missing_a_repeated_or_a_foreign_fold():
    from imbeval_repro.experiment.protocol import gather_folds, run_folds

    p = _toy_problem(2)
    parts = run_folds(p, "nbsvm", 0, seed=3, n_folds=3)
    with pytest.raises(ValueError, match=r"folds \[1\] missing"):
        gather_folds([parts[0], parts[2]])
    with pytest.raises(ValueError, match="fold 2 .* given twice .*b.json and c.json"):
        gather_folds([parts[2], parts[2], parts[0]], sources=["b.json", "c.json", "a.json"])
    foreign = run_folds(p, "nbsvm", 1, [1], seed=3, n_folds=3)[0]
    with pytest.raises(ValueError, match="x.json belongs to another run"):
        gather_folds([parts[0], foreign, parts[2]], sources=["a.json", "x.json", "c.json"])
    with pytest.raises(ValueError, match="fold 3 is out of range: the run has 3 folds"):
        run_folds(p, "nbsvm", 0, [3], seed=3, n_folds=3)
