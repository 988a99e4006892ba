"""Atomic writers shared by the figure modules (PDF + PNG + CSV per figure)."""

from __future__ import annotations

from pathlib import Path

import matplotlib

from imbeval._io import atomic_write

matplotlib.use("Agg")

__all__ = ["save_figure", "write_csv", "write_text"]


_atomic = atomic_write


def save_figure(fig, prefix, dpi=150):
    """Write ``prefix.pdf`` and ``prefix.png``; returns the two paths."""
    import matplotlib.pyplot as plt

    prefix = Path(prefix)
    out = []
    for suffix in (".pdf", ".png"):
        out.append(
            _atomic(prefix.with_suffix(suffix), lambda tmp, s=suffix: fig.savefig(tmp, format=s[1:], dpi=dpi))
        )
    plt.close(fig)
    return out


def write_csv(frame, path):
    """Write a pandas DataFrame as CSV (no index), atomically."""
    return _atomic(path, lambda tmp: frame.to_csv(tmp, index=False, float_format="%.10g"))


def write_text(text, path):
    def w(tmp):
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(text)

    return _atomic(path, w)
