"""Problem construction from concept features (mullick2020 Sec. 5.1)."""

from __future__ import annotations

import numpy as np
import pytest

from imbeval_repro.experiment.data.problems import (
    build_problem, build_problems, class_sizes, load_problem, problem_specs, save_problem,
)


def _concepts(sizes, dim=3, seed=0):
    rng = np.random.default_rng(seed)
    # each row is unique and remembers its concept and row number
    return {name: np.column_stack([np.full(n, k), np.arange(n), rng.normal(size=(n, dim - 2))]).astype(np.float32)
            for k, (name, n) in enumerate(sizes.items())}


def test_two_class_sizes_keep_the_majority_and_divide_by_ir():
    assert class_sizes([500, 3000], "two-class", 40, None) == [75, 3000]
    assert class_sizes([500, 3000], "two-class", 40, 1000) == [25, 1000]
    # minority too small for the IR: the majority shrinks instead
    assert class_sizes([20, 3000], "two-class", 40, None) == [20, 800]


@pytest.mark.parametrize("C,ir", [(3, 20), (5, 25), (10, 30)])
def test_multi_class_sizes_fall_geometrically_to_the_ir(C, ir):
    sizes = class_sizes([1000] * C, "multi-class", ir, None)
    assert sizes[0] == 1000
    assert all(a > b for a, b in zip(sizes, sizes[1:]))
    assert sizes[0] / sizes[-1] == pytest.approx(ir, rel=0.05)
    ratios = np.array(sizes[:-1]) / np.array(sizes[1:])
    assert np.allclose(ratios, ir ** (1 / (C - 1)), rtol=0.1)


def test_multi_class_sizes_respect_what_each_class_can_supply():
    sizes = class_sizes([1000, 100, 1000], "multi-class", 25, None)
    assert sizes[1] <= 100 and sizes == sorted(sizes, reverse=True)


def test_build_problem_unions_concepts_and_is_deterministic():
    concepts = _concepts({"a": 300, "b": 200, "c": 40})
    spec = {"name": "p", "kind": "two-class", "ir": 10, "classes": ["c", ["a", "b"]]}
    p = build_problem(spec, concepts, seed=3)
    q = build_problem(spec, concepts, seed=3)
    assert np.array_equal(p["X"], q["X"]) and np.array_equal(p["y"], q["y"])
    assert p["sizes"] == [40, 400]                    # minority first, majority from a + b
    assert p["class_names"] == ["c", "a+b"]
    maj = p["X"][p["y"] == 1]
    assert set(maj[:, 0]) == {0.0, 1.0}               # rows from both concepts
    assert len({tuple(r) for r in p["X"]}) == len(p["X"])   # no row twice
    r = build_problem(spec, concepts, seed=4)
    assert not np.array_equal(p["X"], r["X"])


def test_problem_errors_name_the_problem():
    concepts = _concepts({"a": 100, "b": 100})
    with pytest.raises(ValueError, match="'p'.*unknown concept"):
        build_problem({"name": "p", "kind": "two-class", "ir": 5, "classes": ["a", "zzz"]}, concepts, 0)
    with pytest.raises(ValueError, match="'q'.*more than one class"):
        build_problem({"name": "q", "kind": "two-class", "ir": 5, "classes": ["a", ["a", "b"]]}, concepts, 0)
    with pytest.raises(ValueError, match="used twice"):
        problem_specs({"two_class": [{"name": "x", "minority": "a", "majority": "b", "ir": 5}],
                       "multi_class": [{"name": "x", "classes": ["a", "b", "c"], "ir": 5}]})


def test_save_and_load_round_trip(tmp_path):
    concepts = _concepts({"a": 200, "b": 150, "c": 100})
    exp = {"multi_class": [{"name": "m", "classes": ["a", "b", "c"], "ir": 20}], "max_class_size": 120}
    (p,) = build_problems(exp, concepts, seed=1)
    assert p["sizes"][0] == 120 and p["kind"] == "multi-class"
    path = save_problem(p, tmp_path / "m.npz")
    assert not list(tmp_path.glob(".*tmp"))           # no temporary file left behind
    back = load_problem(path)
    assert np.array_equal(back["X"], p["X"]) and back["class_names"] == ["a", "b", "c"]
    assert back["ir"] == pytest.approx(p["ir"])
    with pytest.raises(FileNotFoundError, match="imbeval experiment problems"):
        load_problem(tmp_path / "missing.npz")
