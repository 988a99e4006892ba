"""Atomic file writing, used by every stage that writes a result (figures go through
:func:`imbeval.figures._output.save_figure`, built on :func:`atomic_write`).

A job killed half-way must leave no half-written result that a rerun would take as
complete: each file is written to a temporary name in its target folder (so the final
``os.replace`` is atomic on the same file system) and moved into place only once complete.
A process killed by SIGKILL cannot remove its temporary file; the next write of the same
target removes such leftovers, so a resumed run leaves the folder as a clean run does.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

__all__ = ["atomic_write", "atomic_write_text", "write_csv"]


def atomic_write(path, write) -> Path:
    """Call ``write(tmp_path)``, then move ``tmp_path`` onto ``path``.

    ``tmp_path`` (a str) is in the same folder and ends with the same suffix as ``path``,
    so writers that infer the format from the name (``savefig``, ``np.savez``) behave as
    for ``path``. On any exception the temporary file is removed and ``path`` is untouched.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    _remove_leftovers(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=path.suffix)
    os.close(fd)
    try:
        write(tmp)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return path


def _remove_leftovers(path: Path) -> None:
    """Remove temporary files an earlier, killed write of ``path`` left beside it.

    They are named as :func:`tempfile.mkstemp` names them here: ``.<name>.`` + 8 characters
    of its alphabet (no dot) + the suffix, so no other file can match.
    """
    pattern = re.compile(re.escape(f".{path.name}.") + r"[a-z0-9_]{8}" + re.escape(path.suffix))
    for entry in path.parent.iterdir():
        if pattern.fullmatch(entry.name) and entry.is_file():
            entry.unlink(missing_ok=True)


def atomic_write_text(path, text: str) -> Path:
    """Write ``text`` (UTF-8, newlines as given) to ``path`` atomically."""

    def write(tmp):
        with open(tmp, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)

    return atomic_write(path, write)


def write_csv(frame, path, *, index=False, float_format="%.10g") -> Path:
    """Write a pandas DataFrame as CSV atomically (no index, ``%.10g`` floats by default;
    ``float_format=None`` keeps pandas' full-precision repr)."""
    return atomic_write(path, lambda tmp: frame.to_csv(tmp, index=index, float_format=float_format))
