"""pyproject.toml and environment.yml list the same dependencies."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
# conda-forge spells a few PyPI names differently
CONDA_NAME = {"tensorflow": "tensorflow"}


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~ ;\[]", requirement.strip(), maxsplit=1)[0].lower().replace("_", "-")


def _pyproject():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    deps = data["project"]["dependencies"] + data["project"]["optional-dependencies"]["test"]
    return {_name(d): d for d in deps}


def _conda():
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    deps = [d for d in env["dependencies"] if isinstance(d, str)]
    return {_name(d): d for d in deps if _name(d) not in {"python", "pip"}}


def test_environment_yml_lists_the_same_packages_as_pyproject():
    pip_names = {CONDA_NAME.get(n, n) for n in _pyproject()}
    assert pip_names == set(_conda())


def test_version_bounds_agree():
    conda = _conda()
    for name, requirement in _pyproject().items():
        pip_bound = requirement[len(name):].split(";")[0].replace(" ", "")
        conda_bound = conda[CONDA_NAME.get(name, name)][len(name):].replace(" ", "")
        assert pip_bound == conda_bound, f"{name}: pyproject {pip_bound!r} vs environment.yml {conda_bound!r}"


def test_environment_installs_this_package():
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    pip_section = next(d["pip"] for d in env["dependencies"] if isinstance(d, dict))
    assert "-e ." in pip_section
