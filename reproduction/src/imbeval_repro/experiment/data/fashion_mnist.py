"""Fashion-MNIST (Xiao, Rasul & Vollgraf 2017, MIT licence): the embedded default data.

Four IDX files, found by :func:`resolve_fashion_mnist` in this order:

1. the folder given by the config / ``--path``;
2. ``/usr/share/datasets/fashion-mnist`` (Debian package ``dataset-fashion-mnist``,
   which installs the four files gzip-compressed, ``*-ubyte.gz``);
3. the Keras cache, ``$KERAS_HOME/datasets/fashion-mnist`` (default ``~/.keras``), where
   ``keras.datasets.fashion_mnist.load_data()`` puts them;
4. otherwise a download through Keras (needs network), into that cache.

Each file may be stored gzip-compressed (``NAME.gz``) or plain (``NAME``). The check
is on the *decompressed* bytes: Debian's ``.gz`` files are recompressed (their
compressed checksums differ from the upstream README's MD5s) but hold the same data.

Higher-level concepts are unions of the 10 classes, e.g. footwear = sandal + sneaker +
ankle_boot. The experiment uses the 10,000-image test split (``t10k``); the 60,000-image
training split is used only to train the feature CNN, so features are computed on
images the network never saw, as with a pre-trained network applied to new images.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import re
from pathlib import Path
from typing import Callable, Iterable, Mapping, Sequence

import numpy as np

from imbeval_repro.experiment.data.idx import read_bytes, read_idx
from imbeval_repro.experiment.data.shards import check_concepts

CLASSES = (
    "t_shirt_top", "trouser", "pullover", "dress", "coat",
    "sandal", "shirt", "sneaker", "bag", "ankle_boot",
)

FILES = {
    "train_images": "train-images-idx3-ubyte",
    "train_labels": "train-labels-idx1-ubyte",
    "test_images": "t10k-images-idx3-ubyte",
    "test_labels": "t10k-labels-idx1-ubyte",
}

# SHA-256 of the decompressed IDX files (computed from Debian's dataset-fashion-mnist
# 0.0~git20200523.55506a9-1; same bytes as the upstream repository's data/fashion).
SHA256 = {
    "train-images-idx3-ubyte": "c59f468a2f672dc815687fe0f83887768d799fd8a3f3276145d20f83aa44d888",
    "train-labels-idx1-ubyte": "bad3541b69d912435c50bb6ba87bec294ff4f6a2e1246121d8633921760443d9",
    "t10k-images-idx3-ubyte": "5b4141f0afbad91edebe8549f8fcffe087ea10ca49f1dbef5c9a5cd8815ce37b",
    "t10k-labels-idx1-ubyte": "0402a96d92fd2663957122ceb108a494c5af83dab82d92729df917d7dec38c34",
}

DEBIAN_DIR = Path("/usr/share/datasets/fashion-mnist")
DEBIAN_PACKAGE = "dataset-fashion-mnist"


def keras_cache_dir() -> Path:
    """Where Keras keeps Fashion-MNIST (``$KERAS_HOME`` or ``~/.keras``, then ``datasets/fashion-mnist``)."""
    home = os.environ.get("KERAS_HOME") or os.path.join(os.path.expanduser("~"), ".keras")
    return Path(home) / "datasets" / "fashion-mnist"


def default_search_dirs(path: str | os.PathLike | None = None) -> list[Path]:
    """The folders tried, in order: ``path`` (if given), Debian's, the Keras cache."""
    dirs = [Path(path)] if path else []
    return dirs + [DEBIAN_DIR, keras_cache_dir()]


class FashionMNISTNotFound(FileNotFoundError):
    """The four Fashion-MNIST files are in none of the searched folders."""


def _find_file(directory: Path, name: str) -> Path | None:
    for candidate in (directory / f"{name}.gz", directory / name):
        if candidate.is_file():
            return candidate
    return None


def find_in(directory: str | os.PathLike) -> dict[str, Path] | None:
    """The four files in ``directory`` (``.gz`` or plain), or None if any is missing."""
    directory = Path(directory)
    found = {name: _find_file(directory, name) for name in FILES.values()}
    if any(p is None for p in found.values()):
        return None
    return found  # type: ignore[return-value]


def verify(files: Mapping[str, Path]) -> dict[str, str]:
    """Check each file's decompressed SHA-256; raise ValueError naming the bad file.
    Returns ``{file name: decompressed SHA-256}`` (the upstream values, now checked), for
    the run's provenance."""
    digests = {}
    for name, path in files.items():
        try:
            digest = hashlib.sha256(read_bytes(Path(path))).hexdigest()
        except (OSError, EOFError, gzip.BadGzipFile) as exc:
            raise ValueError(f"Fashion-MNIST file {path} cannot be read: {exc}") from exc
        if digest != SHA256[name]:
            raise ValueError(
                f"Fashion-MNIST file {path} has SHA-256 {digest} (decompressed), expected "
                f"{SHA256[name]}: it is damaged or not Fashion-MNIST; delete it and run "
                "`imbeval data fashion-mnist`"
            )
        digests[name] = digest
    return digests


def _keras_download() -> Path:
    """Download the four files through Keras into its cache (needs network)."""
    import keras

    keras.datasets.fashion_mnist.load_data()
    return keras_cache_dir()


def how_to_get(tried: Sequence[Path]) -> str:
    """The error message when Fashion-MNIST is missing: the folders ``tried`` and the ways
    to put the four IDX files in place (Keras cache, a folder in the config, download)."""
    lines = ["Fashion-MNIST (the four *-ubyte[.gz] IDX files) was not found. Looked in:"]
    lines += [f"  - {d}" for d in tried]
    lines += [
        "To get it, do one of:",
        f"  - sudo apt-get install {DEBIAN_PACKAGE}   (Debian/Ubuntu; installs to {DEBIAN_DIR})",
        "  - imbeval data fashion-mnist   (tries apt-get as root, then the Keras download)",
        "  - with network: python -c 'import keras; keras.datasets.fashion_mnist.load_data()'",
        "  - copy train-images-idx3-ubyte.gz, train-labels-idx1-ubyte.gz, "
        "t10k-images-idx3-ubyte.gz, t10k-labels-idx1-ubyte.gz from the Fashion-MNIST "
        "repository (data/fashion) into a folder and pass it as the dataset path",
    ]
    return "\n".join(lines)


def resolve_fashion_mnist(
    path: str | os.PathLike | None = None,
    *,
    search_dirs: Sequence[str | os.PathLike] | None = None,
    download: bool = True,
    downloader: Callable[[], Path] | None = None,
) -> dict[str, Path]:
    """Find, verify and return the four files as ``{file name: path}``.

    ``search_dirs`` replaces the default search list (``path``, Debian's folder, the
    Keras cache). The first folder holding all four files is used, and its checksums
    must match (a damaged copy is an error, not skipped). If none has them and
    ``download`` is true, ``downloader`` (default: Keras's ``fashion_mnist.load_data``)
    is tried and its folder checked. Raises :class:`FashionMNISTNotFound` listing the
    folders tried and how to get the data.
    """
    dirs = [Path(d) for d in (search_dirs if search_dirs is not None else default_search_dirs(path))]
    for d in dirs:
        found = find_in(d)
        if found is not None:
            verify(found)
            return found
    tried = list(dirs)
    download_error = None
    if download:
        downloader = downloader or _keras_download
        try:
            target = Path(downloader())
        except Exception as exc:  # noqa: BLE001 - any failure means "no download here"
            download_error = exc
        else:
            found = find_in(target)
            if found is not None:
                verify(found)
                return found
            download_error = f"the download left no complete set in {target}"
            tried.append(target)
    message = how_to_get(tried)
    if download:
        message += f"\n(The Keras download was tried and failed: {download_error})"
    raise FashionMNISTNotFound(message)


def load_fashion_mnist(
    files: Mapping[str, Path] | None = None, split: str = "test", **resolve_kwargs
) -> tuple[np.ndarray, np.ndarray]:
    """Images (n × 28 × 28 uint8) and labels (n,) of the ``"train"`` or ``"test"`` split.

    ``files`` comes from :func:`resolve_fashion_mnist` (called with ``resolve_kwargs``
    if omitted).
    """
    if split not in ("train", "test"):
        raise ValueError(f"split must be 'train' or 'test', got {split!r}")
    files = files or resolve_fashion_mnist(**resolve_kwargs)
    images = read_idx(files[FILES[f"{split}_images"]])
    labels = read_idx(files[FILES[f"{split}_labels"]])
    if images.shape[0] != labels.shape[0]:
        raise ValueError(f"Fashion-MNIST {split}: {images.shape[0]} images, {labels.shape[0]} labels")
    return images, labels


def class_index(value) -> int:
    """Class number 0–9 from a number or a name (case and punctuation free: 'Ankle boot',
    'ankle_boot', 'T-shirt/top', 9)."""
    text = str(value).strip()
    if re.fullmatch(r"\d", text):
        return int(text)
    key = re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")
    if key in CLASSES:
        return CLASSES.index(key)
    raise ValueError(f"Fashion-MNIST class {value!r} is not one of {', '.join(CLASSES)} (or 0-9)")


def parse_fashion_concepts(concepts: Mapping[str, Iterable]) -> dict[str, list[int]]:
    """Validate ``{concept: [class, ...]}`` (names or numbers) into disjoint class indices."""
    return check_concepts(
        {name: [class_index(v) for v in members] for name, members in concepts.items()}, "class"
    )


def concept_indices(labels: np.ndarray, concepts: Mapping[str, Iterable]) -> dict[str, np.ndarray]:
    """Row indices (ascending) of each concept's images."""
    parsed = parse_fashion_concepts(concepts)
    return {name: np.flatnonzero(np.isin(labels, members)) for name, members in parsed.items()}
