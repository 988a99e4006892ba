"""Provenance of a run: what made ``results/`` (``results/provenance.json``).

A record says which code (imbeval's version, the git commit and whether the tree had
uncommitted changes), which environment (Python, the version of every installed package
imbeval requires, transitively), which settings (the config as resolved, its hash, the seed),
which data (the sha256 of every input data file read) and which machine made the result
tables, whose sha256 it lists too: a table found on a disk is traced to its record by its
hash (``sha256sum results/verdicts.csv``).

The workflow's rule ``provenance`` (workflow/rules/provenance.smk) writes it; its inputs are
what the record holds (the tables, the small data files) and its params the config, the
package versions and the commit, so a rerun that changes none of them does not run it
again, and the record keeps the date it was written.

This module is the lowest layer (standard library and :mod:`imbeval.utils.io` only); the command
``imbeval provenance`` (:mod:`imbeval_repro.cli.provenance`) finds the data files of a config.
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import re
import subprocess
import sys
from datetime import datetime, timezone
from importlib import metadata
from pathlib import Path
from typing import Iterable, Mapping

from imbeval.utils.io import atomic_write_text

#: Version of the record's layout.
FORMAT = 1
#: Packages the overview names first (every other one is in the record too).
KEY_PACKAGES = ("numpy", "scipy", "pandas", "scikit-learn", "imbalanced-learn", "tensorflow",
                "keras", "matplotlib", "snakemake", "pyyaml")

_CHUNK = 1 << 20


def file_sha256(path: str | os.PathLike) -> str:
    """The sha256 (hex) of a file's bytes, as ``sha256sum`` prints it.

    Parameters
    ----------
    path : path-like
        A readable file.

    Returns
    -------
    str
        64 hexadecimal digits.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "x"
    >>> _ = p.write_bytes(b"abc")
    >>> file_sha256(p)[:16]
    'ba7816bf8f01cfea'
    """
    path = Path(path)
    if not path.is_file():
        raise ValueError(f"path {str(path)!r} is not a file")
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(_CHUNK), b""):
            digest.update(block)
    return digest.hexdigest()


def files_digest(files: Mapping[str, str | os.PathLike]) -> dict:
    """One digest of many files (a folder of images): their count and the sha256 of the
    sorted lines ``name<TAB>sha256 of the file``.

    Parameters
    ----------
    files : mapping
        ``{name: path}``; the name (e.g. the path relative to the dataset's root) is part of
        the digest, so a renamed file changes it.

    Returns
    -------
    dict
        ``{"files": count, "sha256": hex digest}``.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (d / "a").write_bytes(b"1"); _ = (d / "b").write_bytes(b"2")
    >>> one = files_digest({"a": d / "a", "b": d / "b"})
    >>> one == files_digest({"b": d / "b", "a": d / "a"}), one["files"]
    (True, 2)
    """
    if not isinstance(files, Mapping):
        raise ValueError(f"files must be a mapping name -> path, got {type(files).__name__}")
    lines = "".join(f"{name}\t{file_sha256(path)}\n" for name, path in sorted(files.items()))
    return {"files": len(files), "sha256": hashlib.sha256(lines.encode("utf-8")).hexdigest()}


def canonical_json(value) -> str:
    """JSON with sorted keys and no spaces: equal values give equal text (and hashes).

    Examples
    --------
    >>> canonical_json({"b": 1, "a": [1, 2]})
    '{"a":[1,2],"b":1}'
    """
    try:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                          allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"value is not plain JSON data: {exc}") from exc


def config_hash(config: Mapping) -> str:
    """sha256 of a config's canonical JSON (:func:`canonical_json`).

    Parameters
    ----------
    config : mapping
        The config as resolved (schema defaults filled in).

    Returns
    -------
    str
        64 hexadecimal digits; key order does not matter.

    Examples
    --------
    >>> config_hash({"seed": 1, "a": 2}) == config_hash({"a": 2, "seed": 1})
    True
    """
    if not isinstance(config, Mapping):
        raise ValueError(f"config must be a mapping, got {type(config).__name__}")
    return hashlib.sha256(canonical_json(dict(config)).encode("utf-8")).hexdigest()


_NAME = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[([^\]]*)\])?")


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def own_distribution() -> str:
    """The installed distribution of the reproduction, :data:`imbeval_repro.DISTRIBUTION`.

    Returns
    -------
    str

    Examples
    --------
    >>> own_distribution()
    'imbeval-reproduction'
    """
    from imbeval_repro import DISTRIBUTION

    try:
        metadata.distribution(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        raise ValueError(f"the reproduction is not installed as a distribution "
                         f"({DISTRIBUTION}): pip install --no-deps -e ./reproduction") from None
    return DISTRIBUTION


def distribution_versions(root: str | None = None) -> dict[str, str]:
    """Installed versions of ``root``'s requirements, transitively (extras left out).

    A requirement that is not installed (one for another platform) is skipped; ``root``
    itself is not listed.

    Parameters
    ----------
    root : str, optional
        An installed distribution's name (default: :func:`own_distribution`, the
        reproduction's); a requirement with extras brings the extras' requirements.

    Returns
    -------
    dict
        ``{normalized name: version}``, sorted by name.

    Examples
    --------
    >>> versions = distribution_versions()
    >>> "numpy" in versions and own_distribution() not in versions
    True
    """
    root = own_distribution() if root is None else root
    installed = {}
    for dist in metadata.distributions():  # one scan of sys.path (a lookup per name is slow)
        name = dist.metadata["Name"]
        if name:
            installed.setdefault(_normal(name), dist)
    if _normal(root) not in installed:
        raise ValueError(f"root {root!r} is not an installed distribution")
    found: dict[str, str] = {}
    todo, seen = [(_normal(root), frozenset())], set()
    while todo:
        name, extras = todo.pop()
        if (name, extras) in seen or name not in installed:
            continue
        seen.add((name, extras))
        dist = installed[name]
        if name != _normal(root):
            found[name] = dist.version
        for requirement in dist.requires or []:
            marker = requirement.partition(";")[2]
            wanted = re.search(r"""\bextra\s*==\s*["']([^"']+)["']""", marker)
            if wanted and _normal(wanted.group(1)) not in extras:
                continue  # an extra this requirement chain did not ask for
            match = _NAME.match(requirement)
            if match:
                asked = frozenset(_normal(e) for e in (match.group(2) or "").split(",") if e.strip())
                todo.append((_normal(match.group(1)), asked))
    return dict(sorted(found.items()))


def installed_fingerprint() -> str:
    """sha256 of the names of every installed distribution's metadata folder on
    ``sys.path`` (``numpy-2.4.6.dist-info``, ...): it changes when a package is installed,
    removed or upgraded. A cheap stand-in for :func:`distribution_versions` (reading every
    package's metadata takes seconds) where only a change matters: the workflow's rerun
    trigger of the provenance record.

    Examples
    --------
    >>> len(installed_fingerprint())
    64
    """
    names = set()
    for entry in sys.path:
        try:
            with os.scandir(entry or ".") as it:
                names.update(e.name for e in it if e.name.endswith((".dist-info", ".egg-info")))
        except OSError:
            continue
    return hashlib.sha256("\n".join(sorted(names)).encode("utf-8")).hexdigest()


def git_state(path: str | os.PathLike) -> dict:
    """The commit checked out at ``path`` and whether tracked files differ from it.

    Parameters
    ----------
    path : path-like
        A folder inside the repository (an existing folder).

    Returns
    -------
    dict
        ``{"commit": hex or None, "dirty": bool or None}``; both None outside a git
        checkout (an unpacked archive) or without git.

    Examples
    --------
    >>> import tempfile
    >>> git_state(tempfile.mkdtemp())
    {'commit': None, 'dirty': None}
    """
    path = Path(path)
    if not path.is_dir():
        raise ValueError(f"path {str(path)!r} is not a folder")

    def git(*args):
        return subprocess.run(["git", "-C", str(path), *args], capture_output=True, text=True,
                              timeout=60, check=True).stdout.strip()

    try:
        if git("rev-parse", "--is-inside-work-tree") != "true":
            return {"commit": None, "dirty": None}
        commit = git("rev-parse", "HEAD")
        dirty = bool(git("status", "--porcelain", "--untracked-files=no"))
    except (OSError, subprocess.SubprocessError):
        return {"commit": None, "dirty": None}
    return {"commit": commit, "dirty": dirty}


def machine() -> dict:
    """The machine: logical cores, CPU model, architecture, operating system.

    Examples
    --------
    >>> sorted(machine())
    ['cores', 'cpu', 'machine', 'system']
    """
    cpu = platform.processor() or None
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as handle:
            for line in handle:
                if line.lower().startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {"cores": os.cpu_count(), "cpu": cpu, "machine": platform.machine(),
            "system": f"{platform.system()} {platform.release()}"}


def build_record(*, imbeval_version: str, config: Mapping, data: Mapping, results: Mapping,
                 git: Mapping, versions: Mapping | None = None, host: Mapping | None = None,
                 date: str | None = None) -> dict:
    """A provenance record (what ``results/provenance.json`` holds).

    Parameters
    ----------
    imbeval_version : str
        ``imbeval.__version__``.
    config : mapping
        The config as resolved; its ``seed`` and ``experiment.dataset`` are shown apart.
    data : mapping
        ``{dataset: {file name: sha256 or files_digest dict}}`` of the input data read.
    results : mapping
        ``{path: sha256}`` of the result tables the record stands for.
    git : mapping
        :func:`git_state`.
    versions, host : mapping, optional
        Default :func:`distribution_versions` and :func:`machine`.
    date : str, optional
        ISO 8601 UTC; default now (the time of writing).

    Returns
    -------
    dict
        The record; ``record_sha256`` hashes everything but the date, so two records of the
        same run compare equal by it.

    Examples
    --------
    >>> r = build_record(imbeval_version="0.1.0", config={"seed": 3}, data={}, results={},
    ...                  git={"commit": None, "dirty": None}, versions={"numpy": "2.4.6"},
    ...                  host={"cores": 2}, date="2026-01-01T00:00:00Z")
    >>> r["seed"], r["packages"]["numpy"], len(r["record_sha256"])
    (3, '2.4.6', 64)
    """
    for name, value in (("config", config), ("data", data), ("results", results), ("git", git)):
        if not isinstance(value, Mapping):
            raise ValueError(f"{name} must be a mapping, got {type(value).__name__}")
    if not isinstance(imbeval_version, str) or not imbeval_version:
        raise ValueError(f"imbeval_version must be a non-empty string, got {imbeval_version!r}")
    experiment = config.get("experiment") or {}
    record = {
        "format": FORMAT,
        "imbeval": {"version": imbeval_version, "commit": git.get("commit"),
                    "dirty": git.get("dirty")},
        "python": {"version": platform.python_version(),
                   "implementation": platform.python_implementation(),
                   "executable": sys.executable},
        "packages": dict(versions if versions is not None else distribution_versions()),
        "dataset": experiment.get("dataset"),
        "seed": config.get("seed"),
        "config_sha256": config_hash(config),
        "config": dict(config),
        "data": {k: dict(v) for k, v in data.items()},
        "results": dict(sorted(results.items())),
        "machine": dict(host if host is not None else machine()),
    }
    record["record_sha256"] = hashlib.sha256(canonical_json(record).encode("utf-8")).hexdigest()
    record["date"] = date or datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    return record


def write_record(path: str | os.PathLike, record: Mapping) -> Path:
    """Write ``record`` as indented JSON, atomically (no half-written file on failure).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> out = write_record(pathlib.Path(tempfile.mkdtemp()) / "p.json", {"format": 1})
    >>> json.loads(out.read_text())["format"]
    1
    """
    if not isinstance(record, Mapping):
        raise ValueError(f"record must be a mapping, got {type(record).__name__}")
    return Path(atomic_write_text(path, json.dumps(record, indent=1, sort_keys=True,
                                                   ensure_ascii=False) + "\n"))


def results_digests(paths: Iterable[str | os.PathLike]) -> dict[str, str]:
    """``{path: sha256}`` of result files; a directory (a stage whose output is a folder, as
    the compare stage's ``results/compare/<set>``) stands for every CSV file under it, each
    listed by its own path (the folder's figures carry dates and are left out).

    Examples
    --------
    >>> results_digests([])
    {}
    >>> import tempfile, pathlib
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (d / "ranks.csv").write_text("a\\n1\\n"); _ = (d / "cd.pdf").write_bytes(b"%PDF")
    >>> [pathlib.Path(p).name for p in results_digests([d])]
    ['ranks.csv']
    """
    out = {}
    for p in paths:
        if Path(p).is_dir():
            for f in sorted(Path(p).rglob("*.csv")):
                out[str(f)] = file_sha256(f)
        else:
            out[str(p)] = file_sha256(p)
    return out
