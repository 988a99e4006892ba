"""ImageNet (ILSVRC-2012) higher-level concepts: listing the training images.

A concept is a set of 1–5 ILSVRC-2012 leaf classes (wnids), e.g. ``bear =
n02132136,n02133161,n02134084,n02134418``. The images live in the ILSVRC training
folder as ``<root>/<wnid>/*.JPEG`` (``<root>/train/<wnid>`` is accepted too).
A proposed set of 12 concepts, derived from WordNet, is
``shared/data/imagenet/higher_level_groups.yaml``; the config decides.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Iterable, Mapping

from imbeval_repro.experiment.data.shards import check_concepts

WNID_RE = re.compile(r"^n\d{8}$")
IMAGE_SUFFIXES = (".jpeg", ".jpg")  # ILSVRC uses .JPEG; compared case-insensitively
MAX_LEAVES = 5


def parse_imagenet_concepts(concepts: Mapping[str, Iterable[str]]) -> dict[str, list[str]]:
    """Validate ``{concept: [wnid, ...]}``: wnids well-formed, 1–5 per concept, disjoint."""
    concepts = check_concepts(concepts, "wnid")
    for name, wnids in concepts.items():
        for w in wnids:
            if not isinstance(w, str) or not WNID_RE.match(w):
                raise ValueError(f"concept {name!r}: {w!r} is not a WordNet id like n01440764")
        if len(wnids) > MAX_LEAVES:
            raise ValueError(
                f"concept {name!r} has {len(wnids)} wnids; mullick2020 uses 1-{MAX_LEAVES}"
            )
    return concepts


def train_folder(root: str | os.PathLike) -> Path:
    """The folder holding ``<wnid>/`` subfolders: ``root`` itself, or ``root/train``."""
    root = Path(root)
    if not root.is_dir():
        raise FileNotFoundError(f"ImageNet training folder {root} does not exist")
    if not any(WNID_RE.match(p.name) for p in root.iterdir() if p.is_dir()):
        if (root / "train").is_dir():
            return root / "train"
    return root


def list_concept_images(
    root: str | os.PathLike, concepts: Mapping[str, Iterable[str]]
) -> dict[str, list[str]]:
    """``{concept: [relative path, ...]}`` of every image of each concept's wnids.

    Paths are relative to the training folder (``<wnid>/<file>``), sorted by wnid (in
    the order given) then file name, so the image order is deterministic. A missing or
    empty wnid folder is an error naming it; all such problems are reported at once.
    """
    concepts = parse_imagenet_concepts(concepts)
    folder = train_folder(root)
    out: dict[str, list[str]] = {}
    problems = []
    for name, wnids in concepts.items():
        paths: list[str] = []
        for wnid in wnids:
            d = folder / wnid
            if not d.is_dir():
                problems.append(f"concept {name!r}: wnid folder {d} does not exist")
                continue
            files = sorted(
                p.name for p in d.iterdir()
                if p.suffix.lower() in IMAGE_SUFFIXES and p.is_file()
            )
            if not files:
                problems.append(f"concept {name!r}: wnid folder {d} holds no *.JPEG images")
            paths.extend(f"{wnid}/{f}" for f in files)
        out[name] = paths
    if problems:
        raise FileNotFoundError("; ".join(problems))
    return out


def load_higher_level_groups(path: str | os.PathLike) -> dict[str, list[str]]:
    """``{group: [wnid, ...]}`` from a ``higher_level_groups.yaml`` (groups → leaves → wnid)."""
    import yaml

    with open(path) as fh:
        doc = yaml.safe_load(fh)
    try:
        return {g["name"]: [leaf["wnid"] for leaf in g["leaves"]] for g in doc["groups"]}
    except (KeyError, TypeError) as exc:
        raise ValueError(f"{path}: expected groups: [{{name, leaves: [{{wnid}}]}}]: {exc}") from exc
