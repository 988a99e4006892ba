"""Loaders for the vendored UCI datasets (see ``vendored/<name>/PROVENANCE.md``).

- glass (German 1987, UCI id 42) and satimage (Srinivasan 1993, UCI id 146): the
  datasets of mortaz2020's model-selection tables (Tables 16 and 18).
- breast-cancer-wisconsin original (Wolberg 1992, UCI id 15): used by dembele.

All three are CC BY 4.0 at the UCI repository; cite them as in their PROVENANCE.md.
Each loader verifies the vendored file's SHA-256 (from PROVENANCE.md) before parsing, so
a damaged install fails loudly instead of giving different numbers.
"""

from __future__ import annotations

import hashlib
from importlib import resources
from pathlib import Path

import numpy as np

# SHA-256 of the vendored files, as recorded in their PROVENANCE.md.
SHA256 = {
    "glass/glass.data": "dd67373f4baf2807345df02cbfef2093d342e61ad0d82a4fb79af43ef8ce449d",
    "satimage/sat.trn": "e896dc88a960fa2404160fc4c3cb3dc53fcf4afd80ba920bf2d261bd42d12613",
    "satimage/sat.tst": "4b9167b8a92baafafed7c8809aef86d0683a5e685c19d98d119fa6974f0f2479",
    "breast-cancer-wisconsin/breast-cancer-wisconsin.data":
        "402c585309c399237740f635ef9919dc512cca12cbeb20de5e563a4593f22b64",
}

def vendored_path(relpath: str) -> Path:
    """Path of a vendored file, e.g. ``vendored_path("glass/glass.data")``."""
    return Path(str(resources.files("imbeval_repro.experiment.data").joinpath("vendored", relpath)))


def _read_verified(relpath: str) -> bytes:
    path = vendored_path(relpath)
    if not path.is_file():
        raise FileNotFoundError(f"vendored dataset file {path} is missing; reinstall imbeval")
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest != SHA256[relpath]:
        raise ValueError(
            f"vendored file {path} has SHA-256 {digest}, expected {SHA256[relpath]} "
            "(see its PROVENANCE.md); reinstall imbeval"
        )
    return data


def vendored_checksums() -> dict[str, str]:
    """Verify every vendored file and return ``{relative path: SHA-256}`` (the values of
    :data:`SHA256`, now checked against the installed files), for a run's provenance.

    Raises ``FileNotFoundError`` or ``ValueError`` as the loaders do for a missing or
    damaged file.
    """
    return {relpath: hashlib.sha256(_read_verified(relpath)).hexdigest() for relpath in SHA256}


def _parse(data: bytes, delimiter: str | None) -> list[list[str]]:
    rows = [line.split(delimiter) for line in data.decode("ascii").splitlines() if line.strip()]
    return [[c.strip() for c in row] for row in rows]


def load_glass() -> tuple[np.ndarray, np.ndarray]:
    """UCI Glass Identification: ``X`` (214 × 9 float64: RI and 8 oxides), ``y`` (types 1,2,3,5,6,7).

    The Id column is dropped.
    """
    rows = _parse(_read_verified("glass/glass.data"), ",")
    arr = np.array(rows, dtype=np.float64)
    return arr[:, 1:10], arr[:, 10].astype(np.int64)


def load_satimage(split: str = "all") -> tuple[np.ndarray, np.ndarray]:
    """UCI Statlog (Landsat Satellite): ``X`` (n × 36 float64), ``y`` (classes 1–5, 7).

    ``split``: ``"train"`` (sat.trn, 4435 rows), ``"test"`` (sat.tst, 2000 rows) or
    ``"all"`` (train then test, 6435 rows). The UCI documentation asks that the given
    split be used rather than cross-validation.
    """
    files = {"train": ["sat.trn"], "test": ["sat.tst"], "all": ["sat.trn", "sat.tst"]}
    if split not in files:
        raise ValueError(f"split must be one of {sorted(files)}, got {split!r}")
    arr = np.concatenate([
        np.array(_parse(_read_verified(f"satimage/{f}"), None), dtype=np.float64)
        for f in files[split]
    ])
    return arr[:, :36], arr[:, 36].astype(np.int64)


def load_breast_cancer_wisconsin(missing: str = "drop") -> tuple[np.ndarray, np.ndarray]:
    """UCI Breast Cancer Wisconsin (Original): ``X`` (9 attributes 1–10), ``y`` (2 benign, 4 malignant).

    16 rows have a missing Bare Nuclei value (``?``). ``missing="drop"`` removes them
    (683 rows); ``missing="nan"`` keeps them as NaN (699 rows). The id column is dropped.
    """
    if missing not in ("drop", "nan"):
        raise ValueError(f"missing must be 'drop' or 'nan', got {missing!r}")
    rows = _parse(_read_verified("breast-cancer-wisconsin/breast-cancer-wisconsin.data"), ",")
    arr = np.array([[np.nan if c == "?" else float(c) for c in r] for r in rows])
    if missing == "drop":
        arr = arr[~np.isnan(arr).any(axis=1)]
    return arr[:, 1:10], arr[:, 10].astype(np.int64)
