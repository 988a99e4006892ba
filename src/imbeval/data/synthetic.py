"""Synthetic concept tables: the shapes of the paper's data, generated from the seed.

The ``synthetic`` dataset stands in for ImageNet + Inception V3 where only the *shapes*
matter -- the paper-shaped slice (config/paper-slice.yaml) that measures what a paper-scale
job costs on a machine without ImageNet. Each concept is a union of leaf classes (named
like ImageNet wnids, or anything else); each leaf holds ``points_per_leaf`` points (1300,
ImageNet's training images per class) of ``dim`` features (2048, Inception V3's pooled
output), so problems built from it have the paper config's class sizes exactly.

Class structure (Gaussian, so that classifiers face overlapping classes rather than a
trivial or an impossible task): a concept has a mean ``m_c ~ N(0, s^2 I)`` with
``s = separation / sqrt(2 dim)`` -- two concept means are ``separation`` noise standard
deviations apart on average -- a leaf adds an offset ``N(0, (s/2)^2 I)``, and a point adds
``N(0, I)`` noise. Every draw is seeded from ``(seed, "synthetic", concept[, leaf])``, so a
concept's points do not depend on which other concepts are generated.

What this does not reproduce: the distribution of real Inception features (non-negative,
sparse, heavy-tailed) and hence the classifiers' accuracies; the number of support vectors
and boosting rounds that data needs may differ from ImageNet's. Costs that follow from
n, d and C (kernel and distance computations, neighbour tables) are those of the paper.
"""

from __future__ import annotations

from typing import Iterable, Mapping

import numpy as np

from imbeval.features.shards import check_concepts
from imbeval.protocol.seeds import derive_rng

__all__ = ["parse_synthetic_concepts", "synthetic_concept_tables"]

DEFAULT_DIM = 2048
DEFAULT_POINTS_PER_LEAF = 1300
DEFAULT_SEPARATION = 3.0


def parse_synthetic_concepts(concepts: Mapping[str, Iterable]) -> dict[str, list[str]]:
    """Validate ``{concept: [leaf, ...]}``: leaf names (strings or integers), disjoint."""
    return check_concepts({name: [str(m) for m in members] for name, members in concepts.items()},
                          "leaf class")


def synthetic_concept_tables(concepts: Mapping[str, Iterable], *, seed: int,
                             dim: int = DEFAULT_DIM,
                             points_per_leaf: int = DEFAULT_POINTS_PER_LEAF,
                             separation: float = DEFAULT_SEPARATION) -> dict[str, dict]:
    """``{concept: {"X", "paths", "labels"}}`` generated as the module docstring says.

    ``X`` is float32 ``(points_per_leaf * leaves, dim)``; ``paths`` are
    ``synthetic/<leaf>/<i>``; ``labels`` the leaf of each row.
    """
    if dim < 2 or points_per_leaf < 1 or not separation > 0:
        raise ValueError(f"synthetic features need dim >= 2, points_per_leaf >= 1 and "
                         f"separation > 0 (got {dim}, {points_per_leaf}, {separation})")
    concepts = parse_synthetic_concepts(concepts)
    s = separation / np.sqrt(2.0 * dim)
    out = {}
    for name, leaves in concepts.items():
        center = s * derive_rng(seed, "synthetic", name).standard_normal(dim, dtype=np.float32)
        parts = []
        for leaf in leaves:
            rng = derive_rng(seed, "synthetic", name, leaf)
            offset = (s / 2) * rng.standard_normal(dim, dtype=np.float32)
            parts.append(center + offset
                         + rng.standard_normal((points_per_leaf, dim), dtype=np.float32))
        out[name] = {
            "X": np.concatenate(parts).astype(np.float32, copy=False),
            "paths": np.array([f"synthetic/{leaf}/{i}" for leaf in leaves
                               for i in range(points_per_leaf)]),
            "labels": np.repeat(np.asarray(leaves, dtype=str), points_per_leaf),
        }
    return out
