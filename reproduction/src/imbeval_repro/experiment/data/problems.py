"""Imbalanced problems built from higher-level concepts (mullick2020, Sec. 5.1).

A problem's class is one concept or the union of several (its shards concatenated). Sizes:

- **two-class** ``{name, majority, minority, ir}``: the majority keeps
  ``n_maj = min(points available, max_class_size)`` points, the minority
  ``n_min = round(n_maj / ir)``. Classes are stored minority first: class 0 is the positive
  class of the two-class indices (Precision, Recall of the minority), class 1 the majority.
- **multi-class** ``{name, classes, ir}`` with C classes: sizes fall geometrically from the
  first class to the last, ``n_k = n_0 * ir ** (-k / (C - 1))`` (rounded), with ``n_0`` the
  largest value that every class can supply and at most ``max_class_size``.

Points are chosen without replacement with a generator seeded from ``(seed, "problem",
name)``, so a problem is the same in every run of the same config.
"""

from __future__ import annotations

import json
import os
import zipfile
import zlib
from pathlib import Path
from typing import Mapping, Sequence

import numpy as np

from imbeval.utils.io import atomic_write
from imbeval.utils.seeds import derive_rng

__all__ = ["class_sizes", "build_problem", "build_problems", "save_problem", "load_problem",
           "problem_specs", "class_members", "class_label"]


def class_members(spec) -> list[str]:
    """The concepts making up one class of a problem: a concept name, or a list of names
    merged into one class."""
    return [spec] if isinstance(spec, str) else list(spec)


def class_label(spec) -> str:
    """The class's name in results: its concepts joined by ``+``."""
    return "+".join(class_members(spec))


def problem_specs(experiment: Mapping) -> list[dict]:
    """The config's problems as one list of ``{name, kind, classes, ir}`` dicts.

    Two-class problems get ``classes = [minority, majority]`` (minority first).
    """
    out = []
    for p in experiment.get("two_class", []):
        out.append({"name": p["name"], "kind": "two-class", "ir": float(p["ir"]),
                    "classes": [p["minority"], p["majority"]]})
    for p in experiment.get("multi_class", []):
        out.append({"name": p["name"], "kind": "multi-class", "ir": float(p["ir"]),
                    "classes": list(p["classes"])})
    names = [p["name"] for p in out]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        raise ValueError(f"experiment: problem name(s) used twice: {dup}")
    return out


def class_sizes(available: Sequence[int], kind: str, ir: float, max_class_size: int | None) -> list[int]:
    """Sizes of each class (in the order of ``available``; two-class = (minority, majority))."""
    avail = np.asarray(available, dtype=float)
    if not ir >= 1:
        raise ValueError(f"IR must be >= 1, got {ir}")
    cap = np.inf if max_class_size is None else float(max_class_size)
    if kind == "two-class":
        n_maj = min(avail[1], cap)
        n_min = int(round(n_maj / ir))
        if n_min > avail[0]:
            # The minority concept is too small for this IR at this majority size:
            # shrink the majority instead of failing.
            n_min = int(avail[0])
            n_maj = min(n_maj, np.floor(n_min * ir))
        return [n_min, int(n_maj)]
    C = avail.size
    factors = ir ** (-np.arange(C) / (C - 1))
    n0 = min(cap, float(np.min(avail / factors)))
    return [int(v) for v in np.maximum(np.rint(n0 * factors), 1)]


def build_problem(spec: Mapping, concepts: Mapping[str, np.ndarray], seed: int,
                  max_class_size: int | None = None) -> dict:
    """Subsample one problem from ``concepts`` (name -> feature matrix)."""
    used = [m for cls in spec["classes"] for m in class_members(cls)]
    repeated = sorted({m for m in used if used.count(m) > 1})
    if repeated:
        raise ValueError(f"problem {spec['name']!r}: concept(s) {repeated} in more than one class")
    parts = []
    for cls in spec["classes"]:
        missing = [m for m in class_members(cls) if m not in concepts]
        if missing:
            raise ValueError(f"problem {spec['name']!r}: unknown concept(s) {missing}; "
                             f"known: {sorted(concepts)}")
        parts.append(np.concatenate([concepts[m] for m in class_members(cls)]))
    sizes = class_sizes([len(p) for p in parts], spec["kind"], spec["ir"], max_class_size)
    rng = derive_rng(seed, "problem", spec["name"])
    X, y = [], []
    for code, (part, k) in enumerate(zip(parts, sizes)):
        rows = np.sort(rng.choice(len(part), size=k, replace=False))
        X.append(part[rows])
        y.append(np.full(k, code, dtype=np.int64))
    return {
        "name": spec["name"], "kind": spec["kind"], "ir_target": float(spec["ir"]),
        "X": np.concatenate(X).astype(np.float32), "y": np.concatenate(y),
        "class_names": [class_label(c) for c in spec["classes"]], "sizes": sizes,
        "ir": max(sizes) / min(sizes),
    }


def save_problem(problem: Mapping, path: str | os.PathLike) -> Path:
    """Write a problem as ``.npz`` (X, y, class_names, meta JSON) atomically."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    meta = {k: problem[k] for k in ("name", "kind", "ir_target", "sizes", "ir")}
    # a KEEL problem's family (its independent unit) and its in-fold preprocessing
    # (imbeval_repro.experiment.protocol.cv); a problem without them is written as before
    meta.update({k: problem[k] for k in ("family", "standardize") if k in problem})

    def write(tmp):
        with open(tmp, "wb") as fh:
            np.savez(fh, X=problem["X"], y=problem["y"],
                     class_names=np.asarray(problem["class_names"], dtype=str),
                     meta=np.asarray(json.dumps(meta, sort_keys=True)))

    return atomic_write(path, write)


def load_problem(path: str | os.PathLike) -> dict:
    """A problem written by :func:`save_problem` (``X``, ``y``, class names, sizes, IR...).

    Raises FileNotFoundError if ``path`` is missing and ValueError naming ``path`` if it is
    damaged, so that a rerun of the problems step repairs it."""
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"problem file {path} does not exist (run `imbeval experiment problems`)")
    # A damaged file (truncated, emptied, not an .npz) raises many kinds of error inside
    # numpy and zipfile: report each one as the file being damaged.
    try:
        with np.load(path, allow_pickle=False) as z:
            meta = json.loads(str(z["meta"]))
            return {**meta, "X": z["X"], "y": z["y"], "class_names": [str(s) for s in z["class_names"]]}
    except (zipfile.BadZipFile, EOFError, ValueError, KeyError, OSError, zlib.error) as exc:
        raise ValueError(f"problem file {path} is damaged ({type(exc).__name__}: {exc}); "
                         "delete it and rerun") from None


def build_problems(experiment: Mapping, concepts: Mapping[str, np.ndarray], seed: int) -> list[dict]:
    """Every problem of the config's ``experiment`` section."""
    cap = experiment.get("max_class_size")
    return [build_problem(spec, concepts, seed, cap) for spec in problem_specs(experiment)]
