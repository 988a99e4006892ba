"""Synthetic concept tables: the shapes of the paper's data, generated from the seed.

The ``synthetic`` dataset stands in for ImageNet + Inception V3 where only the *shapes*
matter -- the paper-shaped slice (config/paper-slice.yaml) that measures what a paper-scale
job costs on a machine without ImageNet. Each concept is a union of leaf classes (named
like ImageNet wnids, or anything else); each leaf holds ``points_per_leaf`` points (1300,
ImageNet's training images per class) of ``dim`` features (2048, Inception V3's pooled
output), so problems built from it have the paper config's class sizes exactly.

Class structure (Gaussian, so that classifiers face overlapping classes rather than a
trivial or an impossible task; sparse, as a CNN's pooled features are: a class shows in a
few units): a concept shifts ``active_features`` randomly chosen features by
``delta = separation / sqrt(2 * active_features)`` -- two concept means are about
``separation`` noise standard deviations apart -- a leaf adds an offset ``N(0, (delta/2)^2)``
on those features, and a point adds ``N(0, I)`` noise on all ``dim``. A single feature thus
carries a visible share of a concept's signal, which tree learners (RUSBoost) need: with the
signal spread evenly over 2048 features no depth-limited tree is better than chance on ten
classes and AdaBoost stops. Every draw is seeded from ``(seed, "synthetic", concept[,
leaf])``, so a concept's points do not depend on which other concepts are generated.

What this does not reproduce: the distribution of real Inception features (non-negative,
sparse, heavy-tailed) and hence the classifiers' accuracies; the number of support vectors
and boosting rounds that data needs may differ from ImageNet's. Costs that follow from
n, d and C (kernel and distance computations, neighbour tables) are those of the paper.
"""

from __future__ import annotations

from typing import Iterable, Mapping

import numpy as np

from imbeval_repro.experiment.data.shards import check_concepts
from imbeval.utils.seeds import derive_rng

__all__ = ["parse_synthetic_concepts", "synthetic_concept_tables"]

DEFAULT_DIM = 2048
DEFAULT_POINTS_PER_LEAF = 1300
DEFAULT_SEPARATION = 8.0
DEFAULT_ACTIVE_FEATURES = 16


def parse_synthetic_concepts(concepts: Mapping[str, Iterable]) -> dict[str, list[str]]:
    """Validate ``{concept: [leaf, ...]}``: leaf names (strings or integers), disjoint."""
    return check_concepts({name: [str(m) for m in members] for name, members in concepts.items()},
                          "leaf class")


def synthetic_concept_tables(concepts: Mapping[str, Iterable], *, seed: int,
                             dim: int = DEFAULT_DIM,
                             points_per_leaf: int = DEFAULT_POINTS_PER_LEAF,
                             separation: float = DEFAULT_SEPARATION,
                             active_features: int = DEFAULT_ACTIVE_FEATURES) -> dict[str, dict]:
    """``{concept: {"X", "paths", "labels"}}`` generated as the module docstring says.

    ``X`` is float32 ``(points_per_leaf * leaves, dim)``; ``paths`` are
    ``synthetic/<leaf>/<i>``; ``labels`` the leaf of each row.
    """
    if dim < 2 or points_per_leaf < 1 or not separation > 0 or not 1 <= active_features <= dim:
        raise ValueError(f"synthetic features need dim >= 2, points_per_leaf >= 1, separation > 0 "
                         f"and 1 <= active_features <= dim (got {dim}, {points_per_leaf}, "
                         f"{separation}, {active_features})")
    concepts = parse_synthetic_concepts(concepts)
    delta = separation / np.sqrt(2.0 * active_features)
    out = {}
    for name, leaves in concepts.items():
        active = np.sort(derive_rng(seed, "synthetic", name).choice(dim, active_features,
                                                                      replace=False))
        center = np.zeros(dim, dtype=np.float32)
        center[active] = delta
        parts = []
        for leaf in leaves:
            rng = derive_rng(seed, "synthetic", name, leaf)
            mean = center.copy()
            mean[active] += (delta / 2) * rng.standard_normal(active_features, dtype=np.float32)
            parts.append(mean + rng.standard_normal((points_per_leaf, dim), dtype=np.float32))
        out[name] = {
            "X": np.concatenate(parts).astype(np.float32, copy=False),
            "paths": np.array([f"synthetic/{leaf}/{i}" for leaf in leaves
                               for i in range(points_per_leaf)]),
            "labels": np.repeat(np.asarray(leaves, dtype=str), points_per_leaf),
        }
    return out
