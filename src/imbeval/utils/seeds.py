"""Per-job seeds derived from the config's seed.

Every random choice of the experiment (problem subsampling, outer folds, inner tuning folds,
classifier randomness, RRT test-set draws) takes its seed from :func:`derive_seed` with the
config's ``seed`` and a tuple of keys naming the choice, e.g. ``("cv", problem, run)``.
Keys are turned into integers with SHA-256 (Python's ``hash()`` of a string changes from
one process to the next), then mixed by :class:`numpy.random.SeedSequence`.
"""

from __future__ import annotations

import hashlib

import numpy as np

__all__ = ["derive_seed", "derive_rng"]


def _key_to_int(key) -> int:
    if isinstance(key, (bool, np.bool_)):
        raise TypeError("seed keys must be str or int, not bool")
    if isinstance(key, (int, np.integer)):
        if key < 0:
            raise ValueError(f"integer seed keys must be >= 0, got {key}")
        # Tag integers so that 3 and "3" give different seeds.
        return (int(key) << 1) | 1
    if isinstance(key, str):
        digest = hashlib.sha256(key.encode("utf-8")).digest()
        return int.from_bytes(digest[:8], "little") << 1
    raise TypeError(f"seed keys must be str or int, got {type(key).__name__}")


def derive_seed(seed: int, *keys) -> int:
    """A 32-bit seed determined by ``seed`` and ``keys`` only (stable across processes)."""
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer, got {seed!r}")
    ss = np.random.SeedSequence(entropy=int(seed), spawn_key=tuple(_key_to_int(k) for k in keys))
    return int(ss.generate_state(1, dtype=np.uint32)[0])


def derive_rng(seed: int, *keys) -> np.random.Generator:
    """A NumPy generator seeded with :func:`derive_seed`."""
    return np.random.default_rng(derive_seed(seed, *keys))
