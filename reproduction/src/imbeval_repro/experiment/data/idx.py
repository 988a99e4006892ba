"""The IDX file format of MNIST and Fashion-MNIST (one reader for both).

An IDX file is a 4-byte magic number (two zero bytes, a type code, the number of
dimensions), one big-endian 32-bit size per dimension, then the values in C order. Only
unsigned bytes (type code ``0x08``) occur in these datasets. Files may be stored
gzip-compressed (name ending in ``.gz``).
"""

from __future__ import annotations

import gzip
import os
import struct
from pathlib import Path

import numpy as np

__all__ = ["read_bytes", "read_idx"]


def read_bytes(path: str | os.PathLike) -> bytes:
    """The content of ``path``, decompressed if its name ends in ``.gz``."""
    path = Path(path)
    if path.suffix == ".gz":
        with gzip.open(path, "rb") as fh:
            return fh.read()
    return path.read_bytes()


def read_idx(path: str | os.PathLike) -> np.ndarray:
    """Read one IDX file (unsigned-byte data, optionally gzip-compressed) into an array.

    Raises ValueError naming ``path`` when the magic number is not that of unsigned-byte
    IDX data, or when the header or the data are truncated.
    """
    path = Path(path)
    data = read_bytes(path)
    if len(data) < 4 or data[0:2] != b"\x00\x00" or data[2] != 0x08:
        raise ValueError(f"{path} is not an unsigned-byte IDX file")
    ndim = data[3]
    offset = 4 + 4 * ndim
    if len(data) < offset:
        raise ValueError(f"{path}: header truncated ({len(data)} bytes for {ndim} dimensions)")
    dims = struct.unpack(f">{ndim}I", data[4:offset])
    if len(data) - offset != int(np.prod(dims)):
        raise ValueError(f"{path}: header says {dims}, file has {len(data) - offset} data bytes "
                         "(truncated?)")
    return np.frombuffer(data, dtype=np.uint8, offset=offset).reshape(dims)
