"""``image_folder`` datasets: one sub-folder of images per class.

The layout of ILSVRC's training folder and of most labelled image sets::

    root/
      cat/   img001.jpg img002.png ...
      dog/   ...

Each sub-folder is a (leaf) class named after the folder; a higher-level concept of the
config is a union of sub-folder names, as an ImageNet concept is a union of wnids. Images
go through the same Inception V3 extraction as ImageNet
(:func:`imbeval_repro.experiment.features.user_data.extract_image_folder_features`).

Checked before any job (:func:`list_class_folders`): the root exists, holds at least two
class folders, and no class folder is empty; a concept member that is not a sub-folder is
an error naming it. Hidden files and folders (``.name``) are ignored.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterable, Mapping

__all__ = ["IMAGE_SUFFIXES", "list_class_folders", "parse_folder_concepts",
           "list_folder_concept_images"]

#: File types TensorFlow's ``decode_image`` reads (compared case-insensitively).
IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".gif")


def _images(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir()
                  if p.is_file() and not p.name.startswith(".")
                  and p.suffix.lower() in IMAGE_SUFFIXES)


def list_class_folders(root: str | os.PathLike, what: str = "image folder") -> dict[str, list[str]]:
    """``{class: [file name, ...]}`` of every class sub-folder of ``root``, sorted.

    Raises ValueError (``what`` names the config key) when ``root`` is not a folder, holds
    fewer than two class folders, or a class folder holds no image.
    """
    root = Path(root)
    if not root.is_dir():
        raise ValueError(f"{what}: {root} is not a folder (expected one sub-folder of images "
                         "per class)")
    classes = sorted(p.name for p in root.iterdir() if p.is_dir() and not p.name.startswith("."))
    if len(classes) < 2:
        raise ValueError(f"{what}: {root} has {len(classes)} class folder(s) "
                         f"{classes}; a classification problem needs at least two (one "
                         "sub-folder of images per class)")
    listing = {c: _images(root / c) for c in classes}
    empty = [c for c, files in listing.items() if not files]
    if empty:
        raise ValueError(f"{what}: class folder(s) {', '.join(str(root / c) for c in empty)} "
                         f"hold no image ({', '.join(IMAGE_SUFFIXES)})")
    return listing


def parse_folder_concepts(concepts: Mapping[str, Iterable], classes: Iterable[str],
                          what: str = "experiment.concepts") -> dict[str, list[str]]:
    """Validate ``{concept: [class folder, ...]}`` against the folder's classes."""
    from imbeval_repro.experiment.data.shards import check_concepts

    return check_concepts({n: [str(m) for m in ms] for n, ms in concepts.items()},
                          "class folder", known=classes, source="the dataset's folder", key=what)


def list_folder_concept_images(root: str | os.PathLike, concepts: Mapping[str, Iterable]
                               ) -> dict[str, list[str]]:
    """``{concept: ["class/file", ...]}``: paths relative to ``root``, by member then name."""
    listing = list_class_folders(root)
    parsed = parse_folder_concepts(concepts, listing)
    return {name: [f"{c}/{f}" for c in members for f in listing[c]]
            for name, members in parsed.items()}
