"""The two pyproject.toml files, requirements.lock, environment.yml and the README's set-up
agree.

The lock pins every package the pipeline and the tests install; pyproject.toml gives the
ranges the library supports, reproduction/pyproject.toml the reproduction's, and
environment.yml the conda spelling of the lock's versions.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
import yaml
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
LOCK = ROOT / "requirements.lock"
# conda-forge spells a few PyPI names differently
CONDA_NAME = {"tensorflow": "tensorflow"}
# What the pipeline needs at least: each must be pinned by the lock.
ESSENTIAL = ("numpy", "scipy", "pandas", "matplotlib", "scikit-learn", "imbalanced-learn",
             "tensorflow", "snakemake", "pyyaml", "pytest", "hypothesis", "pycm", "keras")


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~ ;\[]", requirement.strip(), maxsplit=1)[0].lower().replace("_", "-")


#: the distributions of this repository (their own requirements of each other are not pins)
OWN = {"imbeval-indices", "imbeval-reproduction"}


def _project(path="pyproject.toml") -> dict:
    return tomllib.loads((ROOT / path).read_text())["project"]


def _requirements() -> list[str]:
    """Every requirement of both distributions: the library's (base and every extra) and
    the reproduction's, the two distributions' requirements of each other left out."""
    library, reproduction = _project(), _project("reproduction/pyproject.toml")
    texts = (library["dependencies"]
             + [r for extra in library["optional-dependencies"].values() for r in extra]
             + reproduction["dependencies"])
    return [t for t in texts if _name(t) not in OWN]


def _pyproject():
    return {_name(d): d for d in _requirements()}


def _conda():
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    deps = [d for d in env["dependencies"] if isinstance(d, str)]
    return {_name(d): d for d in deps if _name(d) not in {"python", "pip"}}


def parse_lock(text: str) -> dict[str, dict]:
    """``{canonical name: {"version", "marker", "hashes"}}`` of a pip-compile style lock
    (``name==version [; marker] \\`` then ``--hash=sha256:...`` lines)."""
    entries: dict[str, dict] = {}
    current = None
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip().rstrip("\\").strip()
        if not line:
            continue
        if line.startswith("--hash="):
            if current is None:
                raise ValueError(f"a hash before any requirement: {raw!r}")
            current["hashes"].append(line.removeprefix("--hash="))
            continue
        requirement = Requirement(line)
        specs = list(requirement.specifier)
        if len(specs) != 1 or specs[0].operator != "==" or "*" in specs[0].version:
            raise ValueError(f"not an exact pin: {raw!r}")
        name = canonicalize_name(requirement.name)
        if name in entries:
            raise ValueError(f"{name} pinned twice")
        current = entries[name] = {"version": Version(specs[0].version),
                                   "marker": requirement.marker, "hashes": []}
    return entries


def _lock() -> dict[str, dict]:
    return parse_lock(LOCK.read_text())


def test_environment_yml_lists_the_same_packages_as_pyproject():
    pip_names = {CONDA_NAME.get(n, n) for n in _pyproject()}
    assert pip_names == set(_conda())


def test_environment_yml_pins_the_locks_versions():
    lock = _lock()
    for name, requirement in _pyproject().items():
        conda = _conda()[CONDA_NAME.get(name, name)]
        pin = conda[len(CONDA_NAME.get(name, name)):].replace(" ", "")
        assert pin == f"=={lock[canonicalize_name(name)]['version']}", (
            f"{name}: environment.yml {pin!r} vs requirements.lock "
            f"=={lock[canonicalize_name(name)]['version']}")


def test_environment_installs_this_package():
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    pip_section = next(d["pip"] for d in env["dependencies"] if isinstance(d, dict))
    assert "-e ." in pip_section


def test_every_lock_entry_is_an_exact_pin_with_hashes():
    lock = _lock()
    assert len(lock) >= 60
    for name, entry in lock.items():
        assert entry["hashes"], f"{name} has no hash"
        assert all(re.fullmatch(r"sha256:[0-9a-f]{64}", h) for h in entry["hashes"]), name
    assert set(map(canonicalize_name, ESSENTIAL)) <= set(lock)


@pytest.mark.parametrize("python", ["3.11", "3.12", "3.13"])
def test_lock_satisfies_every_range_of_pyproject(python):
    """Every requirement of both pyproject.toml files (dependencies and every extra) is
    pinned by the lock, for Linux x86-64 and each Python the lock covers, to a version in its range."""
    lock = _lock()
    env = {**default_environment(), "python_version": python, "python_full_version": f"{python}.0",
           "sys_platform": "linux", "platform_system": "Linux", "platform_machine": "x86_64"}
    for project in (_project(), _project("reproduction/pyproject.toml")):
        assert Requirement(f"python{project['requires-python']}").specifier.contains(f"{python}.0")
    for text in _requirements():
        requirement = Requirement(text)
        name = canonicalize_name(requirement.name)
        assert name in lock, f"{name} (pyproject.toml) is not in requirements.lock"
        entry = lock[name]
        assert entry["marker"] is None or entry["marker"].evaluate(env), f"{name} not for {python}"
        assert requirement.specifier.contains(entry["version"], prereleases=True), (
            f"requirements.lock pins {name}=={entry['version']}, outside pyproject's {requirement.specifier}")


def test_parse_lock_rejects_a_range_and_a_missing_hash():
    with pytest.raises(ValueError, match="exact pin"):
        parse_lock("numpy>=1.26 \\\n    --hash=sha256:" + "0" * 64 + "\n")
    assert parse_lock("numpy==2.4.6\n")["numpy"]["hashes"] == []


def _lock_command() -> str:
    header = LOCK.read_text().splitlines()[:3]
    command = next(line.removeprefix("#").strip() for line in header[1:] if line.startswith("#    "))
    return command


def test_lock_is_generated_by_the_documented_command():
    """The refresh command of docs/reproducibility.md is the lock header's (what uv writes),
    run by a pinned uv, on requirements.in: both distributions, the library's test extra."""
    command = _lock_command()
    assert command.startswith("uv pip compile requirements.in ")
    assert "--generate-hashes" in command and command.endswith("-o requirements.lock")
    sources = [line.strip() for line in (ROOT / "requirements.in").read_text().splitlines()
               if line.strip() and not line.startswith("#")]
    assert sources == ["-e .[test]", "-e ./reproduction"]
    assert re.search(r"pip install uv==\d+\.\d+\.\d+ && " + re.escape(command),
                     (ROOT / "docs" / "reproducibility.md").read_text()), (
        "docs/reproducibility.md: pip install uv==X.Y.Z && <command>")


def _readme_commands() -> list[str]:
    blocks = re.findall(r"```bash\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
    return [line for block in blocks for line in block.splitlines() if line.startswith("python3 -m venv")]


def test_readme_set_up_commands_install_from_the_lock():
    commands = _readme_commands()
    assert len(commands) == 2, commands
    for command in commands:
        assert "pip install -r requirements.lock && pip install --no-deps -e . -e ./reproduction" in command
    assert commands[1].endswith("&& pytest")


def test_the_distribution_name_is_the_one_constant_and_not_the_taken_one():
    # "imbeval" on PyPI is another project; the import name is imbeval
    import imbeval
    import imbeval_repro
    from imbeval_repro.provenance import own_distribution

    assert _project()["name"] == imbeval.DISTRIBUTION == "imbeval-indices"
    assert _project("reproduction/pyproject.toml")["name"] == imbeval_repro.DISTRIBUTION
    assert own_distribution() == imbeval_repro.DISTRIBUTION
    assert imbeval.__version__ == imbeval_repro.__version__ == _project()["version"]
