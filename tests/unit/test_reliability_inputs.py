"""Reliability without Snakemake: every shipped config passes the experiment check,
and fuzzed arrays and files give values or one clear error (beside
tests/workflow/test_reliability.py, so that the fast subset keeps them).
"""

from __future__ import annotations

import json

import numpy as np
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from workflow_helpers import ROOT

from imbeval.cli import main
from imbeval.indices import compute, registry


def test_check_experiment_accepts_every_shipped_config_and_the_digit_counts_are_right():
    from sklearn.datasets import load_digits

    from imbeval_repro.experiment.data.check import LEAF_COUNTS, check_experiment

    assert tuple(LEAF_COUNTS["digits"].values()) == tuple(np.bincount(load_digits().target))
    for name in ("config", "test", "paper"):
        exp = yaml.safe_load((ROOT / f"config/{name}.yaml").read_text())["experiment"]
        check_experiment(exp)


# ---------------------------------------------------------------- 5. fuzzing

_dtypes = (hnp.scalar_dtypes() | hnp.byte_string_dtypes() | hnp.unicode_string_dtypes()
           | st.just(np.dtype(object)))
_shapes = hnp.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=4)
_special = st.sampled_from([0.0, -1.0, 1e308, -1e308, np.inf, -np.inf, np.nan, 2.0**63, 1e-300])


@st.composite
def arbitrary_arrays(draw):
    kind = draw(st.integers(0, 3))
    if kind == 0:  # any dtype, any shape, any values
        dtype = draw(_dtypes)
        if dtype == np.dtype(object):
            return np.array(draw(st.lists(st.one_of(st.none(), st.text(max_size=3), st.floats(),
                                                    st.integers(), st.lists(st.integers(), max_size=2)),
                                          max_size=9)) + [None], dtype=object)
        return draw(hnp.arrays(dtype, draw(_shapes)))
    if kind == 1:  # square stacks of floats with NaN, inf, negative, huge, tiny values
        c = draw(st.integers(0, 5))
        lead = draw(st.lists(st.integers(0, 3), max_size=2))
        return draw(hnp.arrays(np.float64, (*lead, c, c), elements=st.floats() | _special))
    if kind == 2:  # counts: mostly valid, some huge
        c = draw(st.integers(1, 5))
        return draw(hnp.arrays(np.int64, (c, c), elements=st.integers(0, 2**62)))
    # nested Python lists, possibly ragged or mixed
    return draw(st.lists(st.lists(st.one_of(st.integers(-5, 10**20), st.floats(), st.text(max_size=2)),
                                  max_size=4), max_size=4))


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # huge counts overflow to inf/NaN: values, not crashes
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(arbitrary_arrays())
def test_fuzz_compute_returns_values_or_value_error(arr):
    try:
        out = compute(arr)
    except ValueError:
        return
    assert isinstance(out, dict) and out
    for name, value in out.items():
        assert np.asarray(value).dtype.kind == "f", name


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # huge counts overflow to inf/NaN: values, not crashes
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(arbitrary_arrays())
def test_fuzz_every_registered_index_returns_values_or_value_error(arr):
    for name, info in registry().items():
        try:
            value = info.function(arr)
        except ValueError:
            continue
        assert np.asarray(value).dtype.kind == "f", name


def _json_matrix(draw):
    c = draw(st.integers(0, 4))
    cell = st.floats() | st.integers(-3, 10**30) | _special
    return json.dumps(draw(st.lists(st.lists(cell, min_size=c, max_size=c), min_size=c, max_size=c)))


@st.composite
def file_contents(draw) -> bytes:
    kind = draw(st.integers(0, 3))
    if kind == 0:
        return draw(st.binary(max_size=200))
    if kind == 1:
        return draw(st.text(max_size=200)).encode("utf-8", "surrogatepass")
    if kind == 2:  # CSV-like text of numbers, words, blanks and separators
        cell = st.one_of(st.integers(-3, 10**6).map(str), st.sampled_from(["nan", "inf", "-1e400", "", "a", "1e309"]))
        sep = draw(st.sampled_from([",", ";", "\t", " "]))
        rows = draw(st.lists(st.lists(cell, max_size=4), max_size=4))
        return "\n".join(sep.join(r) for r in rows).encode()
    return _json_matrix(draw).encode()


@pytest.fixture(scope="module")
def fuzz_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("fuzz")


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # huge counts overflow to inf/NaN: values, not crashes
@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(content=file_contents(), fmt=st.sampled_from(["table", "json"]))
def test_fuzz_cli_indices_file_gives_values_or_one_line_error(fuzz_dir, capsys, content, fmt):
    path = fuzz_dir / "matrix.txt"
    path.write_bytes(content)
    capsys.readouterr()
    rc = main(["indices", str(path), "--format", fmt])
    out, err = capsys.readouterr()
    if rc == 0:
        assert out.strip() and not err
    else:
        assert rc == 2
        assert len(err.strip().splitlines()) == 1 and err.startswith("imbeval indices: error: ")
