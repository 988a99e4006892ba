"""Feature shards: one ``NAME.npz`` per higher-level concept.

Every extractor (Inception V3 on ImageNet, the Fashion-MNIST CNN, raw pixels of
Fashion-MNIST or scikit-learn's digits) writes the same format, so that later stages
(problem construction, cross-validation) read all of them through
:func:`load_concept_features`:

``X``      float32 array, one row per image (n × d);
``paths``  str array, one identifier per row (a path relative to the image root, or
           ``<dataset>/<split>/<index>`` for datasets that ship as arrays);
``labels`` str array, the leaf class of each row (a wnid, a class name, a digit);
``skipped`` str array, ``"path<TAB>reason"`` of images that could not be read;
``meta``   a JSON string describing how the shard was made (extractor, weights,
           members of the concept, ...). A rerun skips a shard whose ``meta`` equals the
           one it would write, and rebuilds it otherwise.

Shards are written atomically (temporary file in the same folder, then ``os.replace``),
so a killed job never leaves a half-written shard under the final name.
"""

from __future__ import annotations

import json
import os
import re
import zipfile
from pathlib import Path
from typing import Iterable, Mapping

import numpy as np

from imbeval.utils.io import atomic_write

_NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")


def check_concept_name(name: str) -> str:
    """Return ``name`` if it is usable as a shard file name, else raise ValueError."""
    if not isinstance(name, str) or not _NAME_RE.match(name):
        raise ValueError(
            f"concept name {name!r} must start with a letter or digit and contain only "
            "letters, digits, '_', '.', '-' (it becomes the shard file name)"
        )
    return name


def parse_concept_specs(specs: Iterable[str]) -> dict[str, list[str]]:
    """Parse command-line concept specs ``NAME=MEMBER[,MEMBER...]`` into a dict.

    Members are kept as strings in the order given; each extractor validates them.
    """
    concepts: dict[str, list[str]] = {}
    for spec in specs:
        name, sep, members = spec.partition("=")
        name = name.strip()
        if not sep:
            raise ValueError(f"concept {spec!r}: expected NAME=MEMBER[,MEMBER...]")
        check_concept_name(name)
        items = [m.strip() for m in members.split(",") if m.strip()]
        if not items:
            raise ValueError(f"concept {name!r}: no members after '='")
        if name in concepts:
            raise ValueError(f"concept {name!r} given twice")
        concepts[name] = items
    if not concepts:
        raise ValueError("no concept given (use --concept NAME=MEMBER[,MEMBER...])")
    return concepts


def check_concepts(concepts: Mapping[str, Iterable], what: str = "member",
                   known: Iterable | None = None, source: str = "the dataset",
                   key: str = "experiment.concepts") -> dict[str, list]:
    """Validate a concept → members mapping: names usable, members non-empty, disjoint.

    Higher-level concepts are unions of leaf classes; a leaf in two concepts would put
    the same images on both sides of a problem, so it is an error. With ``known`` (the
    dataset's classes), every member must be one of them; the error names the config key
    (``key``), the unknown members, where they were looked for (``source``) and the
    allowed ones.
    """
    if not isinstance(concepts, Mapping) or not concepts:
        raise ValueError("concepts must be a non-empty mapping of name -> list of classes")
    owner: dict = {}
    out: dict[str, list] = {}
    for name, members in concepts.items():
        check_concept_name(name)
        if isinstance(members, (str, bytes)) or not isinstance(members, Iterable):
            raise ValueError(f"concept {name!r}: members must be a list, got {members!r}")
        members = list(members)
        if not members:
            raise ValueError(f"concept {name!r} has no {what}s")
        for m in members:
            if m in owner:
                where = "twice in it" if owner[m] == name else f"also in concept {owner[m]!r}"
                raise ValueError(f"concept {name!r}: {what} {m!r} is {where}")
            owner[m] = name
        out[name] = members
    if known is not None:
        allowed = set(known)
        for name, members in out.items():
            unknown = [m for m in members if m not in allowed]
            if unknown:
                raise ValueError(f"{key}.{name}: {what}(s) {unknown} not in {source}; "
                                 f"allowed: {sorted(allowed)}")
    return out


def shard_path(out_dir: str | os.PathLike, name: str) -> Path:
    """``out_dir/NAME.npz``, the shard of concept ``name`` (checked by
    :func:`check_concept_name`)."""
    return Path(out_dir) / f"{check_concept_name(name)}.npz"


def make_meta(**fields) -> str:
    """Canonical JSON for a shard's ``meta`` (sorted keys, so equal specs compare equal)."""
    return json.dumps(fields, sort_keys=True, separators=(",", ":"))


def shard_is_complete(path: str | os.PathLike, meta: str) -> bool:
    """True if ``path`` is a readable shard whose ``meta`` equals ``meta``."""
    path = Path(path)
    if not path.is_file():
        return False
    try:
        with np.load(path, allow_pickle=False) as z:
            if not {"X", "paths", "labels", "meta"} <= set(z.files):
                return False
            return str(z["meta"]) == meta and z["X"].shape[0] == z["paths"].shape[0]
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
        # Unreadable or truncated (e.g. written by something else): rebuild it.
        return False


def write_shard(
    path: str | os.PathLike,
    X: np.ndarray,
    paths: Iterable[str],
    labels: Iterable[str],
    meta: str,
    skipped: Iterable[tuple[str, str]] = (),
) -> Path:
    """Write one shard atomically: temp file in the same folder, then ``os.replace``.

    ``skipped`` lists ``(path, reason)`` of images that could not be read, kept in the
    shard (as ``skipped``, ``"path<TAB>reason"``) so a rerun can still report them.
    """
    path = Path(path)
    X = np.asarray(X, dtype=np.float32)
    paths = np.asarray(list(paths), dtype=str)
    labels = np.asarray(list(labels), dtype=str)
    if X.ndim != 2 or X.shape[0] != paths.shape[0] or X.shape[0] != labels.shape[0]:
        raise ValueError(
            f"shard {path.name}: X {X.shape}, paths {paths.shape}, labels {labels.shape} "
            "do not match"
        )
    skipped = np.asarray([f"{p}\t{why}" for p, why in skipped], dtype=str)

    def write(tmp):
        with open(tmp, "wb") as fh:
            np.savez(fh, X=X, paths=paths, labels=labels, meta=np.asarray(meta), skipped=skipped)
            fh.flush()
            os.fsync(fh.fileno())

    return atomic_write(path, write)


def load_shard(path: str | os.PathLike) -> dict:
    """Read one shard: ``{"X", "paths", "labels", "meta"}`` (meta parsed from JSON)."""
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"feature shard {path} does not exist (run `imbeval experiment features ...`)")
    try:
        z = np.load(path, allow_pickle=False)
    except (zipfile.BadZipFile, EOFError, ValueError) as exc:
        raise ValueError(f"feature shard {path} is damaged ({exc}); delete it and rerun") from exc
    with z:
        missing = {"X", "paths", "labels", "meta"} - set(z.files)
        if missing:
            raise ValueError(f"{path} is not a feature shard: missing {sorted(missing)}")
        return {
            "X": z["X"],
            "paths": z["paths"],
            "labels": z["labels"],
            "meta": json.loads(str(z["meta"])),
            "skipped": [
                tuple(s.split("\t", 1)) for s in (z["skipped"] if "skipped" in z.files else [])
            ],
        }


def load_concept_features(
    directory: str | os.PathLike, names: Iterable[str] | None = None
) -> dict[str, np.ndarray]:
    """Return ``{concept: X}`` (float32, n × d) from the shards in ``directory``.

    ``names`` selects and orders the concepts; by default every ``*.npz`` in the folder,
    sorted by name. All shards must have the same feature dimension.
    """
    directory = Path(directory)
    if names is None:
        names = sorted(p.stem for p in directory.glob("*.npz"))
        if not names:
            raise FileNotFoundError(f"no feature shards (*.npz) in {directory}")
    out = {name: load_shard(shard_path(directory, name))["X"] for name in names}
    dims = {name: X.shape[1] for name, X in out.items()}
    if len(set(dims.values())) > 1:
        raise ValueError(f"shards in {directory} have different feature dimensions: {dims}")
    return out
