"""MNIST from its four IDX files, for dembele's Tables 10-11 (the optional target).

The files (``train-images-idx3-ubyte`` etc., optionally ``.gz``) are looked for in the
folder named by the config key ``papers.mnist_dir``; nothing is downloaded.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from imbeval_repro.experiment.data.idx import read_idx

__all__ = ["MNISTNotFound", "MNIST_FILES", "load_mnist"]


class MNISTNotFound(FileNotFoundError):
    """One of MNIST's four IDX files is missing; the message names the folder and the
    config key that points to it."""


#: The four IDX files of MNIST, by role (each may also be stored as ``NAME.gz``).
MNIST_FILES = {
    "train_images": "train-images-idx3-ubyte", "train_labels": "train-labels-idx1-ubyte",
    "test_images": "t10k-images-idx3-ubyte", "test_labels": "t10k-labels-idx1-ubyte",
}


def load_mnist(directory) -> dict[str, np.ndarray]:
    """MNIST from the four IDX files (optionally .gz) in ``directory``.

    Returns ``{"train_images", "train_labels", "test_images", "test_labels"}`` arrays
    (images n × 28 × 28 uint8, labels n uint8).
    """
    directory = Path(directory)
    arrays = {}
    for key, stem in MNIST_FILES.items():
        candidates = [directory / stem, directory / f"{stem}.gz"]
        path = next((c for c in candidates if c.exists()), None)
        if path is None:
            raise MNISTNotFound(
                f"MNIST file {stem}[.gz] not found in {directory}; download the four IDX files "
                "of http://yann.lecun.com/exdb/mnist/ there and set the config key "
                "papers.mnist_dir to that folder")
        arrays[key] = read_idx(path)
    for split in ("train", "test"):
        images, labels = arrays[f"{split}_images"], arrays[f"{split}_labels"]
        if images.shape[0] != labels.shape[0]:
            raise ValueError(f"MNIST {split}: {images.shape[0]} images, {labels.shape[0]} labels")
    return arrays
