"""Concept shards of a user's data: ``image_folder`` and ``table`` datasets.

- :func:`extract_image_folder_features` -- the images of each concept's class folders
  through the same Inception V3 extraction as ImageNet (one 2048-d row per image);
- :func:`extract_table_features` -- the rows of each concept's labels, features as given.

Both write the shard format of :mod:`imbeval_repro.experiment.data.shards` (a rerun keeps a shard whose
meta is unchanged) and validate everything before writing anything.
"""

from __future__ import annotations

import hashlib

from pathlib import Path
from typing import Iterable, Mapping

from imbeval_repro.experiment.data.image_folder import list_folder_concept_images
from imbeval_repro.experiment.data.table import table_concept_rows
from imbeval_repro.experiment.data.shards import (
    load_shard, make_meta, shard_is_complete, shard_path, write_shard,
)

__all__ = ["extract_image_folder_features", "extract_table_features"]


def extract_image_folder_features(root, concepts: Mapping[str, Iterable], out_dir,
                                  weights="imagenet", *, batch_size: int = 32, seed: int = 0,
                                  progress: bool = True, force: bool = False):
    """Write ``out_dir/<concept>.npz`` for an image folder (``root/<class>/<image>``);
    returns the per-concept reports of :mod:`imbeval_repro.experiment.features.inception`."""
    from imbeval_repro.experiment.features.inception import extract_listing_features, resolve_weights

    listing = list_folder_concept_images(root, concepts)  # validates everything up front
    return extract_listing_features(
        root, listing, out_dir, resolve_weights(weights), batch_size=batch_size, seed=seed,
        progress=progress, force=force,
        meta_for=lambda rel: {"dataset": "image_folder",
                              "classes": list(dict.fromkeys(p.split("/")[0] for p in rel))},
    )


def _file_sha256(path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def extract_table_features(path, concepts: Mapping[str, Iterable], out_dir, *,
                           label_column: str = "label", feature_columns=None,
                           force: bool = False) -> list[dict]:
    """Write ``out_dir/<concept>.npz`` from a table file's rows (see
    :mod:`imbeval_repro.experiment.data.table`); a shard is kept when the file's content, the columns and
    the concept's labels are unchanged."""
    path = Path(path)
    rows = table_concept_rows(path, concepts, label_column, feature_columns)
    digest = _file_sha256(path)
    reports = []
    for name, t in rows.items():
        p = shard_path(out_dir, name)
        meta = make_meta(extractor="table", file_sha256=digest, label_column=label_column,
                         feature_columns=list(feature_columns) if feature_columns else None,
                         labels=sorted(set(t["labels"].tolist())))
        reused = not force and shard_is_complete(p, meta)
        if not reused:
            write_shard(p, t["X"], t["paths"], t["labels"], meta)
        reports.append({"name": name, "path": p, "n": int(load_shard(p)["X"].shape[0]),
                        "reused": reused})
    return reports
