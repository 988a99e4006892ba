"""Inception-V3 features of ImageNet concepts (mullick2020, Section 5).

Keras ``InceptionV3(include_top=False, pooling="avg")`` on 299 × 299 inputs scaled by
``inception_v3.preprocess_input``: one 2048-d vector per image. Weights are
``"imagenet"`` (Keras downloads them where the network allows), a local weights file
(``.h5``, e.g. ``inception_v3_weights_tf_dim_ordering_tf_kernels_notop.h5``), or
``None`` (random initialisation from ``seed``: for tests of the code path).

Input pipeline (``tf.data``): file names in a fixed order → parallel read, decode and
resize (order kept, ``deterministic=True``) → unreadable images dropped → batches →
prefetch, so decoding overlaps the forward pass. Images that cannot be read or decoded
are not lost silently: the paths that did not come out of the pipeline are reported,
with the decoder's error message.
"""

from __future__ import annotations

import hashlib
import os
import sys
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Mapping

import numpy as np

from imbeval_repro.experiment.data.imagenet import list_concept_images, train_folder
from imbeval_repro.experiment.data.shards import (
    load_shard,
    make_meta,
    shard_is_complete,
    shard_path,
    write_shard,
)

IMAGE_SIZE = 299


@dataclass
class ConceptReport:
    """What happened to one concept's shard."""

    name: str
    path: Path
    n_images: int  # images listed
    n_read: int  # rows in the shard
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (path, reason)
    reused: bool = False  # the shard was already complete; nothing was computed

    def summary(self) -> str:
        """The log entry: images read of those listed, and each skipped image with why."""
        if self.reused:
            text = f"{self.name}: shard {self.path} already complete, not recomputed; it has"
        else:
            text = f"{self.name}:"
        text += f" read {self.n_read} of {self.n_images} images, skipped {len(self.skipped)}"
        for p, why in self.skipped:
            text += f"\n  skipped {p}: {why}"
        return text


def resolve_weights(weights: str | os.PathLike | None) -> str | None:
    """``None``/``"none"`` → None, ``"imagenet"`` → ``"imagenet"``, else an existing file path."""
    if weights is None or str(weights).lower() == "none":
        return None
    if str(weights) == "imagenet":
        return "imagenet"
    path = Path(weights).expanduser()
    if not path.is_file():
        raise FileNotFoundError(
            f"Inception V3 weights file {path} does not exist (give 'imagenet' to let Keras "
            "download them, or the path of the notop .h5 weights file)"
        )
    return str(path.resolve())


def _weights_id(weights: str | None, seed: int) -> dict:
    if weights is None:
        return {"weights": "none", "seed": int(seed)}
    if weights == "imagenet":
        return {"weights": "imagenet"}
    st = os.stat(weights)
    return {"weights": weights, "weights_bytes": st.st_size, "weights_mtime_ns": st.st_mtime_ns}


def build_inception(weights: str | None = "imagenet", seed: int = 0):
    """Keras Inception V3 without its top, average-pooled: (n, 299, 299, 3) → (n, 2048)."""
    import keras

    if weights is None:
        keras.utils.set_random_seed(seed)  # random init must be reproducible
    try:
        return keras.applications.InceptionV3(
            include_top=False,
            weights=weights,
            input_shape=(IMAGE_SIZE, IMAGE_SIZE, 3),
            pooling="avg",
        )
    except Exception as exc:  # noqa: BLE001 - Keras raises a bare Exception on fetch failure
        if weights != "imagenet":
            raise
        raise OSError(
            f"could not get the Inception V3 ImageNet weights through Keras ({exc}). Without "
            "network, copy inception_v3_weights_tf_dim_ordering_tf_kernels_notop.h5 to this "
            "machine and pass its path as the weights (--weights PATH)"
        ) from exc


def make_image_dataset(files: list[str], batch_size: int = 32, image_size: int = IMAGE_SIZE):
    """``tf.data`` pipeline yielding ``(images, paths)`` batches, in the order of ``files``.

    Images are decoded as RGB (grayscale and CMYK JPEGs are converted; PNG/GIF data
    under a .JPEG name, which ILSVRC has, decode too), resized bilinearly to
    ``image_size`` squared and scaled with ``inception_v3.preprocess_input``. Files that
    fail to read or decode are dropped here and reported by the caller.
    """
    import keras
    import tensorflow as tf

    preprocess = keras.applications.inception_v3.preprocess_input

    def load(path):
        raw = tf.io.read_file(path)
        image = tf.io.decode_image(raw, channels=3, expand_animations=False)
        image = tf.image.resize(image, (image_size, image_size))  # float32, 0..255
        return preprocess(image), path

    ds = tf.data.Dataset.from_tensor_slices(tf.constant(files, dtype=tf.string))
    ds = ds.map(load, num_parallel_calls=tf.data.AUTOTUNE, deterministic=True)
    ds = ds.ignore_errors()  # before batching, so one bad file costs only itself
    return ds.batch(batch_size).prefetch(tf.data.AUTOTUNE)


def _decode_error(path: str) -> str:
    """Why ``path`` failed in the pipeline (re-tried eagerly, only for dropped files)."""
    import re

    import tensorflow as tf

    try:
        tf.io.decode_image(tf.io.read_file(path), channels=3, expand_animations=False)
    except Exception as exc:  # noqa: BLE001 - we only want the message
        text = str(getattr(exc, "message", exc)).strip().splitlines()[0]
        text = re.sub(r"^\{\{function_node [^}]*\}\}\s*", "", text)
        return re.sub(r"\s*\[Op:\w+\].*$", "", text) or type(exc).__name__
    return "dropped by the input pipeline"


class Progress:
    """A progress bar on stderr: redrawn in place on a terminal, every 10 % in a log file."""

    def __init__(self, total: int, label: str, stream=None):
        import time

        self.total, self.label = total, label
        self.stream = stream or sys.stderr
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.start = time.perf_counter()
        self.next_decile = 1

    def update(self, done: int) -> None:
        """Report ``done`` images processed and the rate so far: a bar redrawn in place on a
        terminal, one line per tenth of the work otherwise."""
        import time

        elapsed = max(time.perf_counter() - self.start, 1e-9)
        frac = done / self.total if self.total else 1.0
        bar = "#" * int(20 * frac)
        line = f"{self.label}: [{bar:<20}] {done}/{self.total} images, {done / elapsed:.1f}/s"
        if self.tty:
            self.stream.write("\r" + line + ("\n" if done >= self.total else ""))
            self.stream.flush()
        elif frac * 10 >= self.next_decile or done >= self.total:
            self.stream.write(line + "\n")
            self.next_decile = int(frac * 10) + 1


#: each model's compiled forward pass (:func:`_forward`), dropped with the model
_FORWARD = weakref.WeakKeyDictionary()


def _forward(model):
    """The model's forward pass as one ``tf.function``, traced once for any batch size and
    kept for the model: tracing Inception V3 costs seconds, and a function made per call
    (per concept) traced it again for every concept and for a shorter last batch."""
    forward = _FORWARD.get(model)
    if forward is None:
        import tensorflow as tf

        spec = tf.TensorSpec([None, *model.input_shape[1:]], tf.float32)
        forward = tf.function(lambda x: model(x, training=False), input_signature=[spec])
        _FORWARD[model] = forward
    return forward


def run_extraction(
    model, files: list[str], batch_size: int = 32, progress: bool = True, label: str = "images"
):
    """Features of ``files`` through ``model``: ``(X, kept_files, skipped[(path, reason)])``."""
    forward = _forward(model)
    bar = Progress(len(files), label) if progress and files else None
    position = {f: i for i, f in enumerate(files)}
    feats, kept = [], []
    for images, paths in make_image_dataset(files, batch_size):
        feats.append(forward(images).numpy())
        kept.extend(p.decode() for p in paths.numpy())
        if bar is not None:
            # Files consumed so far, counting any dropped before this batch's last one.
            bar.update(position[kept[-1]] + 1)
    if bar is not None and (not kept or position[kept[-1]] + 1 < len(files)):
        bar.update(len(files))
    kept_set = set(kept)
    skipped = [(f, _decode_error(f)) for f in files if f not in kept_set]
    dim = model.output_shape[-1]
    X = np.concatenate(feats).astype(np.float32) if feats else np.zeros((0, dim), np.float32)
    return X, kept, skipped


def extract_inception_features(
    root: str | os.PathLike,
    concepts: Mapping[str, Iterable[str]],
    out_dir: str | os.PathLike,
    weights: str | os.PathLike | None = "imagenet",
    *,
    batch_size: int = 32,
    seed: int = 0,
    progress: bool = True,
    force: bool = False,
) -> list[ConceptReport]:
    """Write ``out_dir/<concept>.npz`` for each concept (see :mod:`imbeval_repro.experiment.data.shards`).

    ``concepts`` maps a name to its ILSVRC wnids; ``root`` is the training folder
    (``<root>/<wnid>/*.JPEG``). ``X`` is n × 2048 float32, ``paths`` the image paths
    relative to the training folder, ``labels`` their wnids. A shard that is already
    complete for the same images, weights and settings is kept (unless ``force``).
    The model is built only if some shard needs computing.
    """
    weights = resolve_weights(weights)
    folder = train_folder(root)
    listing = list_concept_images(folder, concepts)  # validates everything up front
    return extract_listing_features(
        folder, listing, out_dir, weights, batch_size=batch_size, seed=seed,
        progress=progress, force=force,
        meta_for=lambda rel: {"wnids": list(dict.fromkeys(p.split("/")[0] for p in rel))},
    )


def extract_listing_features(
    folder: str | os.PathLike,
    listing: Mapping[str, list[str]],
    out_dir: str | os.PathLike,
    weights: str | None,
    *,
    batch_size: int = 32,
    seed: int = 0,
    progress: bool = True,
    force: bool = False,
    meta_for=None,
) -> list[ConceptReport]:
    """Inception V3 features of ``listing`` (``{concept: ["class/file", ...]}``, paths
    relative to ``folder``) into ``out_dir/<concept>.npz``; ``labels`` are the first path
    component (the class folder). ``weights`` as returned by :func:`resolve_weights`;
    ``meta_for(rel_paths)`` adds fields to the shard's meta. Shared by ImageNet and
    ``image_folder`` datasets."""
    folder = Path(folder)
    reports: list[ConceptReport] = []
    model = None
    for name, rel_paths in listing.items():
        path = shard_path(out_dir, name)
        meta = make_meta(
            extractor="inception_v3",
            image_size=IMAGE_SIZE,
            **(meta_for(rel_paths) if meta_for else {}),
            images_sha256=hashlib.sha256("\n".join(rel_paths).encode()).hexdigest(),
            n_images=len(rel_paths),
            **_weights_id(weights, seed),
        )
        if not force and shard_is_complete(path, meta):
            old = load_shard(path)
            reports.append(ConceptReport(
                name, path, len(rel_paths), old["X"].shape[0], old["skipped"], reused=True
            ))
            continue
        if model is None:
            model = build_inception(weights, seed)
        files = [str(folder / p) for p in rel_paths]
        X, kept, skipped = run_extraction(model, files, batch_size, progress, label=name)
        prefix = str(folder) + os.sep
        kept_rel = [k[len(prefix):] if k.startswith(prefix) else k for k in kept]
        skipped_rel = [(s[len(prefix):] if s.startswith(prefix) else s, why) for s, why in skipped]
        write_shard(path, X, kept_rel, [k.split("/")[0] for k in kept_rel], meta, skipped_rel)
        reports.append(ConceptReport(name, path, len(rel_paths), len(kept), skipped_rel))
    return reports
