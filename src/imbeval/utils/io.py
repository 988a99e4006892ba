"""Atomic file writing, used by every stage that writes a result (figures go through
:func:`imbeval.utils.plot.save_figure`, built on :func:`atomic_write`).

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

__all__ = ["atomic_write", "atomic_write_text", "write_csv", "rounded_frame", "FLOAT_DIGITS",
           "FLOAT_FORMAT"]


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


#: The most significant digits a result table's float keeps (``%.12g``). Two environments
#: from one lock can sum the same numbers in another order (BLAS, pandas, NumPy's pairwise
#: sums) and differ in the last bit; a table written with every digit then differs in its
#: 17th one. Rounding hides such a difference unless the two values straddle a rounding
#: boundary: of 100,000 values each one ulp from its twin, 8.3 % still printed differently
#: at 15 digits, 0.81 % at 14, 0.01 % at 12, none at 10 (docs/reproducibility.md). Twelve
#: digits are far more than any index needs (a relative error below 5e-13).
FLOAT_DIGITS = 12
FLOAT_FORMAT = f"%.{FLOAT_DIGITS}g"


def _capped(float_format: str | None) -> str:
    """``float_format`` if it keeps at most :data:`FLOAT_DIGITS` significant digits, else
    :data:`FLOAT_FORMAT` (None, pandas' full-precision repr, included)."""
    if float_format is None:
        return FLOAT_FORMAT
    match = re.fullmatch(r"%\.(\d+)g", float_format)
    if match is None:
        raise ValueError(f"float_format must be like '%.10g' (significant digits), got "
                         f"{float_format!r}")
    return float_format if int(match.group(1)) <= FLOAT_DIGITS else FLOAT_FORMAT


def rounded_frame(frame, float_format: str | None = None):
    """``frame`` with the floats of its object columns (mixed text and numbers) written as
    ``float_format`` strings, capped at :data:`FLOAT_DIGITS` digits; float columns are left
    to ``to_csv``'s ``float_format``. NaN stays NaN (an empty field)."""
    fmt = _capped(float_format)
    out = None
    for column in frame.columns[frame.dtypes.to_numpy() == object]:
        values = frame[column]
        is_float = values.map(lambda v: isinstance(v, float) and v == v)
        if is_float.any():
            out = frame.copy() if out is None else out
            out[column] = values.where(~is_float, values[is_float].map(lambda v: fmt % v))
    return frame if out is None else out


def write_csv(frame, path, *, index=False, float_format="%.10g") -> Path:
    """Write a pandas DataFrame as CSV atomically: the one writer of every result table.

    Parameters
    ----------
    frame : pandas.DataFrame
    path : str or Path
    index : bool
        Write the index as the first column.
    float_format : str or None
        ``"%.Ng"``: N significant digits (``%.10g`` by default). Capped at
        :data:`FLOAT_DIGITS` (12), None included, so that two environments that differ
        only in a sum's order write the same bytes (see :data:`FLOAT_DIGITS`).

    Returns
    -------
    Path
        ``path``.

    Examples
    --------
    >>> import pandas as pd, tempfile, os
    >>> frame = pd.DataFrame({"a": [0.1 + 0.2], "b": ["x"]})
    >>> out = write_csv(frame, os.path.join(tempfile.mkdtemp(), "t.csv"), float_format=None)
    >>> out.read_text().splitlines()[1]
    '0.3,x'
    """
    fmt = _capped(float_format)
    table = rounded_frame(frame, fmt)
    return atomic_write(path, lambda tmp: table.to_csv(tmp, index=index, float_format=fmt))
