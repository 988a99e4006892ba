"""Synthetic 2048-d concept shards (the paper-shaped slice), see :mod:`imbeval_repro.experiment.data.synthetic`."""

from __future__ import annotations

import os
from typing import Iterable, Mapping

from imbeval_repro.experiment.data.shards import load_shard, make_meta, shard_is_complete, shard_path, write_shard

__all__ = ["extract_synthetic_features"]


def extract_synthetic_features(
    concepts: Mapping[str, Iterable], out_dir: str | os.PathLike, *, seed: int,
    dim: int = 2048, points_per_leaf: int = 1300, separation: float = 8.0,
    active_features: int = 16, force: bool = False,
) -> list[dict]:
    """Write ``out_dir/<concept>.npz`` of generated features (reusing complete shards with
    the same settings unless ``force``)."""
    from imbeval_repro.experiment.data.synthetic import parse_synthetic_concepts, synthetic_concept_tables

    parsed = parse_synthetic_concepts(concepts)
    reports = []
    for name, members in parsed.items():
        p = shard_path(out_dir, name)
        meta = make_meta(extractor="synthetic", classes=members, seed=seed, dim=dim,
                         points_per_leaf=points_per_leaf, separation=separation,
                         active_features=active_features)
        reused = not force and shard_is_complete(p, meta)
        if not reused:
            # one concept at a time: its draws do not depend on the others
            t = synthetic_concept_tables({name: members}, seed=seed, dim=dim,
                                         points_per_leaf=points_per_leaf,
                                         separation=separation,
                                         active_features=active_features)[name]
            write_shard(p, t["X"], t["paths"], t["labels"], meta)
        reports.append({"name": name, "path": p, "n": int(load_shard(p)["X"].shape[0]),
                        "reused": reused})
    return reports
