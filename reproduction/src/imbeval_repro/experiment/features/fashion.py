"""The embedded default features: Fashion-MNIST through a small CNN (or raw pixels), and
scikit-learn's digits (pixels) for the test configuration.

The CNN stands in for Inception V3 pre-trained on ImageNet: it is trained on the official
60,000-image training split and then applied to the disjoint 10,000-image test split,
whose images make up the concepts. The feature vector is the output of the
penultimate dense layer (``features``, ReLU, ``feature_dim`` units).

Training is deterministic given ``seed``: ``keras.utils.set_random_seed`` seeds Python,
NumPy and TensorFlow, and TensorFlow's op determinism is switched on, so two runs give
bit-identical features on the same machine and TensorFlow build.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Iterable, Mapping

import numpy as np

from imbeval_repro.experiment.data import fashion_mnist as fm
from imbeval_repro.experiment.data.digits import digits_concept_tables, parse_digit_concepts
from imbeval_repro.experiment.data.shards import (
    load_shard,
    make_meta,
    shard_is_complete,
    shard_path,
    write_shard,
)

EXTRACTORS = ("cnn", "pixels")


def build_cnn(feature_dim: int = 128, n_classes: int = 10):
    """Two conv blocks, a ``features`` dense layer and a softmax head (≈ 0.2 M weights)."""
    import keras
    from keras import layers

    inputs = keras.Input((28, 28, 1), name="image")
    x = layers.Rescaling(1.0 / 255.0)(inputs)
    x = layers.Conv2D(32, 3, activation="relu")(x)
    x = layers.MaxPooling2D(2)(x)
    x = layers.Conv2D(64, 3, activation="relu")(x)
    x = layers.MaxPooling2D(2)(x)
    x = layers.Flatten()(x)
    x = layers.Dense(feature_dim, activation="relu", name="features")(x)
    outputs = layers.Dense(n_classes, activation="softmax", name="class")(x)
    return keras.Model(inputs, outputs, name="fashion_cnn")


def train_cnn(
    images: np.ndarray,
    labels: np.ndarray,
    *,
    seed: int = 0,
    epochs: int = 2,
    batch_size: int = 128,
    feature_dim: int = 128,
    verbose: int = 2,
):
    """Train :func:`build_cnn` on ``images`` (n × 28 × 28 uint8) and ``labels`` (0–9).

    Returns the trained classifier; :func:`cnn_features` reads its ``features`` layer.
    """
    import keras
    import tensorflow as tf

    if epochs < 1:
        raise ValueError(f"epochs must be at least 1, got {epochs}")
    keras.utils.set_random_seed(seed)
    tf.config.experimental.enable_op_determinism()
    model = build_cnn(feature_dim, n_classes=10)
    model.compile(
        optimizer=keras.optimizers.Adam(1e-3),
        loss="sparse_categorical_crossentropy",
        metrics=["accuracy"],
    )
    x = np.asarray(images, dtype=np.float32)[..., None]
    y = np.asarray(labels, dtype=np.int64)
    model.fit(x, y, epochs=epochs, batch_size=batch_size, shuffle=True, verbose=verbose)
    return model


def cnn_features(model, images: np.ndarray, batch_size: int = 1000) -> np.ndarray:
    """Output of the trained model's ``features`` layer for ``images`` (float32, n × d)."""
    import keras

    extractor = keras.Model(model.inputs, model.get_layer("features").output)
    x = np.asarray(images, dtype=np.float32)[..., None]
    return np.asarray(extractor.predict(x, batch_size=batch_size, verbose=0), dtype=np.float32)


def pixel_features(images: np.ndarray) -> np.ndarray:
    """Raw pixels scaled to [0, 1], flattened (float32, n × 784)."""
    images = np.asarray(images)
    return (images.reshape(images.shape[0], -1) / 255.0).astype(np.float32)


def extract_fashion_features(
    concepts: Mapping[str, Iterable],
    out_dir: str | os.PathLike,
    extractor: str = "cnn",
    *,
    path: str | os.PathLike | None = None,
    files: Mapping[str, Path] | None = None,
    download: bool = True,
    seed: int = 0,
    epochs: int = 2,
    feature_dim: int = 128,
    batch_size: int = 128,
    n_train: int | None = None,
    force: bool = False,
    verbose: int = 2,
) -> list[dict]:
    """Write ``out_dir/<concept>.npz`` for each concept of Fashion-MNIST's test split.

    ``concepts`` maps a name to Fashion-MNIST classes (names such as ``"ankle_boot"`` or
    numbers 0–9), disjoint across concepts. ``extractor`` is ``"cnn"`` (train the CNN on
    the training split — its first ``n_train`` images if given — then take its
    ``features`` layer) or ``"pixels"``. Data come from ``files`` or from
    :func:`imbeval_repro.experiment.data.fashion_mnist.resolve_fashion_mnist` (``path`` first). If every
    shard is already complete for these settings, nothing is loaded or trained.

    Returns one ``{"name", "path", "n", "reused"}`` dict per concept.
    """
    if extractor not in EXTRACTORS:
        raise ValueError(f"extractor must be one of {EXTRACTORS}, got {extractor!r}")
    parsed = fm.parse_fashion_concepts(concepts)
    settings: dict = {"extractor": f"fashion_mnist_{extractor}", "split": "t10k"}
    if extractor == "cnn":
        settings.update(seed=int(seed), epochs=int(epochs), feature_dim=int(feature_dim),
                        batch_size=int(batch_size), n_train=None if n_train is None else int(n_train))
    metas = {
        name: make_meta(classes=[fm.CLASSES[c] for c in members], **settings)
        for name, members in parsed.items()
    }
    todo = [n for n in parsed if force or not shard_is_complete(shard_path(out_dir, n), metas[n])]
    reports = []
    if todo:
        files = files or fm.resolve_fashion_mnist(path, download=download)
        test_x, test_y = fm.load_fashion_mnist(files, "test")
        if extractor == "cnn":
            train_x, train_y = fm.load_fashion_mnist(files, "train")
            if n_train is not None:
                if not 0 < n_train <= len(train_y):
                    raise ValueError(f"n_train must be in 1..{len(train_y)}, got {n_train}")
                train_x, train_y = train_x[:n_train], train_y[:n_train]
            start = time.perf_counter()
            model = train_cnn(train_x, train_y, seed=seed, epochs=epochs, batch_size=batch_size,
                              feature_dim=feature_dim, verbose=verbose)
            if verbose:
                print(f"CNN trained on {len(train_y)} images in {time.perf_counter() - start:.1f} s",
                      file=sys.stderr)
        rows = fm.concept_indices(test_y, {n: parsed[n] for n in todo})
        for name in todo:
            idx = rows[name]
            X = cnn_features(model, test_x[idx]) if extractor == "cnn" else pixel_features(test_x[idx])
            write_shard(
                shard_path(out_dir, name), X,
                [f"fashion-mnist/t10k/{i:05d}" for i in idx],
                [fm.CLASSES[c] for c in test_y[idx]],
                metas[name],
            )
    for name in parsed:
        p = shard_path(out_dir, name)
        reports.append({"name": name, "path": p, "n": int(load_shard(p)["X"].shape[0]),
                        "reused": name not in todo})
    return reports


def extract_digits_features(
    concepts: Mapping[str, Iterable], out_dir: str | os.PathLike, *, force: bool = False
) -> list[dict]:
    """Write ``out_dir/<concept>.npz`` from scikit-learn's digits (pixels / 16, 64-d)."""
    parsed = parse_digit_concepts(concepts)
    tables = None
    reports = []
    for name, members in parsed.items():
        p = shard_path(out_dir, name)
        meta = make_meta(extractor="digits_pixels", classes=members)
        reused = not force and shard_is_complete(p, meta)
        if not reused:
            tables = tables or digits_concept_tables(parsed)
            t = tables[name]
            write_shard(p, t["X"], t["paths"], t["labels"], meta)
        reports.append({"name": name, "path": p, "n": int(load_shard(p)["X"].shape[0]),
                        "reused": reused})
    return reports
