"""The one writer of figures: PDF + PNG (+ the CSV of the plotted data), each atomic.

Every figure of the project goes through :func:`save_figure`, so all share the same
formats, resolution and atomicity (see :mod:`imbeval.utils.io`; data files that are not a
figure's own CSV are written with :func:`imbeval.utils.io.write_csv` directly). Needs matplotlib (the
``plot`` extra); the backend is the user's (the reproduction sets Agg).
"""

from __future__ import annotations

from pathlib import Path

from imbeval.utils.io import atomic_write, write_csv

__all__ = ["DPI", "save_figure"]

#: Resolution of the PNG (the PDF is vector; dpi only affects its embedded rasters).
DPI = 150


def save_figure(fig, prefix, data=None, *, dpi=DPI, formats=("pdf", "png"),
                **savefig_kwargs) -> list[Path]:
    """Write ``prefix.pdf``, ``prefix.png`` (``formats``: any of matplotlib's, e.g.
    ``"svg"``) and, if ``data`` (a DataFrame) is given, ``prefix.csv``; close ``fig``;
    return the paths written.

    ``savefig_kwargs`` go to :meth:`matplotlib.figure.Figure.savefig` (e.g.
    ``bbox_inches="tight"``).
    """
    from imbeval.utils._optional import import_optional

    plt = import_optional("matplotlib.pyplot")

    prefix = Path(prefix)
    out = []
    for fmt in formats:
        out.append(atomic_write(
            prefix.with_suffix(f".{fmt}"),
            lambda tmp, fmt=fmt: fig.savefig(tmp, format=fmt, dpi=dpi, **savefig_kwargs)))
    if data is not None:
        out.append(write_csv(data, prefix.with_suffix(".csv")))
    plt.close(fig)
    return out
