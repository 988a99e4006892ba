"""The critical-difference diagram of one :class:`~imbeval.compare.RankResult`.

Demšar's (2006) layout: a rank axis (1 = best, on the left), each classifier at its mean
rank. Which test draws the thick bars is chosen (``bars``, :data:`BARS`) and named in the
caption (:func:`diagram_caption`, written beside the figure as ``<prefix>.caption.txt``:
a paper sets its own caption, so the figure holds none):

- ``"nemenyi"`` (the default, Demšar's figure): Nemenyi's critical difference as a ruler
  above the axis, and bars joining the maximal runs of classifiers whose mean ranks span
  less than it (:func:`imbeval.compare._nemenyi.nemenyi_cliques`): a bar never joins two
  classifiers the CD apart, and two closer than the CD always share one;
- ``"wilcoxon-holm"``: no ruler (the CD does not decide these bars); bars joining maximal
  runs of neighbours in rank order with no pair separated by the Wilcoxon signed-rank tests
  with Holm's adjustment (Benavoli et al. 2016's pairwise tests).

With too few units there is no test: the ranks are drawn, the ruler and bars are not, and
the caption says why.
Written by the one figure saver, :func:`imbeval.utils.plot.save_figure`.
"""

from __future__ import annotations

import math

import pandas as pd

__all__ = ["BARS", "cd_diagram_data", "plot_cd_diagram", "save_cd_diagram", "bars_caption",
           "diagram_caption", "FORMATS"]

#: the files of a diagram, besides its CSV and caption
FORMATS = ("pdf", "png", "svg")

#: the tests that can draw the bars (``--bars``); the first is the default
from imbeval.compare._defaults import BARS


def check_bars(bars) -> str:
    """``bars`` if it is one of :data:`BARS`, else a ValueError naming ``--bars``."""
    if bars not in BARS:
        raise ValueError(f"bars (--bars) must be one of {', '.join(BARS)}, got {bars!r}")
    return bars


def bars_caption(bars, alpha=0.05, critical_difference=math.nan) -> str:
    """What the bars of a diagram mean, in the words the figure and the pages print.

    Examples
    --------
    >>> bars_caption("wilcoxon-holm")
    'bars: Wilcoxon signed-rank + Holm (alpha 0.05) separate no pair under a bar; no CD ruler'
    """
    if check_bars(bars) == "nemenyi":
        cd = f" = {critical_difference:.2f}" if math.isfinite(critical_difference) else ""
        return (f"bars: Nemenyi, mean ranks under a bar span less than the CD{cd} "
                f"(alpha {alpha:g})")
    return (f"bars: Wilcoxon signed-rank + Holm (alpha {alpha:g}) separate no pair under a "
            "bar; no CD ruler")


def _separated(result, a, b) -> bool:
    return result.better(a, b) != ""


def cd_diagram_data(result, bars="nemenyi") -> pd.DataFrame:
    """What the diagram draws: classifier, mean_rank (best first), group (the numbers of
    the bars it is under, ``;``-separated), critical_difference (NaN under
    ``"wilcoxon-holm"``: no ruler is drawn), bars (the test), undecidable.

    Examples
    --------
    >>> from imbeval.compare import rank_classifiers
    >>> rows = [{"problem": f"p{u}", "classifier": c, "index": "acsa", "value": v + 0.01 * u}
    ...         for u in range(8) for c, v in (("x", 0.7), ("y", 0.8), ("z", 0.6))]
    >>> r = rank_classifiers(pd.DataFrame(rows), index="acsa", n_samples=1000)
    >>> cd_diagram_data(r)[["classifier", "group"]].values.tolist()
    [['y', '1'], ['x', '1;2'], ['z', '2']]
    """
    from imbeval.compare._nemenyi import nemenyi_cliques

    check_bars(bars)
    names = result.classifiers
    groups = []
    if result.undecidable:
        pass
    elif bars == "nemenyi":
        groups = nemenyi_cliques(result.mean_ranks, result.critical_difference)
    else:
        for i in range(len(names)):
            j = i
            while j + 1 < len(names) and not any(_separated(result, names[a], names[j + 1])
                                                 for a in range(i, j + 1)):
                j += 1
            if j > i and not any(g[0] <= i and j <= g[1] for g in groups):
                groups.append((i, j))
    member = {n: [] for n in names}
    for g, (i, j) in enumerate(groups, start=1):
        for n in names[i:j + 1]:
            member[n].append(str(g))
    return pd.DataFrame({"classifier": names, "mean_rank": result.mean_ranks.to_numpy(),
                         "group": [";".join(member[n]) for n in names],
                         "critical_difference": (result.critical_difference
                                                 if bars == "nemenyi" else math.nan),
                         "bars": bars, "alpha": result.alpha,
                         "undecidable": result.undecidable or ""})


def _draw(ax, data: pd.DataFrame, title: str) -> None:
    """One diagram of :func:`cd_diagram_data`'s table on ``ax``."""
    k = len(data)
    half = math.ceil(k / 2)
    low, high = 1, max(k, 2)
    ax.set_xlim(low - 0.4, high + 0.4)
    top = 0.0
    ax.hlines(top, low, high, color="black", lw=1)
    for r in range(low, high + 1):
        ax.vlines(r, top, top + 0.15, color="black", lw=1)
        ax.text(r, top + 0.25, str(r), ha="center", va="bottom", fontsize=8)
    for pos, (_, row) in enumerate(data.iterrows()):
        left = pos < half
        level = -(pos + 1 if left else k - pos) * 0.8 / max(half, 1) * 1.2 - 0.3
        x_end = low - 0.3 if left else high + 0.3
        ax.plot([row["mean_rank"], row["mean_rank"], x_end], [top, level, level],
                color="black", lw=0.8)
        ax.text(x_end + (-0.05 if left else 0.05), level,
                f"{row['classifier']} ({row['mean_rank']:.2f})", ha="right" if left else "left",
                va="center", fontsize=8)
    ax.set_ylim(-(half * 0.96 / max(half, 1) + 0.3) - 0.4, 1.45)
    groups = sorted({g for cell in data["group"] for g in str(cell).split(";") if g}, key=int)
    for n, g in enumerate(groups):
        members = data[data["group"].astype(str).str.split(";").map(lambda s: g in s)]
        y = -0.12 - 0.12 * n
        ax.hlines(y, members["mean_rank"].min() - 0.03, members["mean_rank"].max() + 0.03,
                  color="tab:red", lw=3)
    cd = float(data["critical_difference"].iloc[0]) if k else math.nan
    if math.isfinite(cd):
        ax.hlines(1.05, low, low + cd, color="black", lw=1.5)
        ax.vlines([low, low + cd], 0.98, 1.12, color="black", lw=1)
        ax.text(low + cd / 2, 1.15, f"CD (Nemenyi) = {cd:.2f}", ha="center", va="bottom",
                fontsize=8)
    why = str(data["undecidable"].iloc[0]) if k else ""
    if why and title:
        title = f"{title}; no test: {why}"
    if title:
        ax.set_title(title, fontsize=9)
    ax.axis("off")


def plot_cd_diagram(panels, width=6.4):
    """A figure of one diagram per panel, stacked; ``panels``: ``[(title, data)]`` with
    ``data`` from :func:`cd_diagram_data` (or one ``(title, data)`` pair); ``width`` in
    inches."""
    from imbeval.utils._optional import import_optional

    plt = import_optional("matplotlib.pyplot")

    if isinstance(panels, tuple):
        panels = [panels]
    heights = [1.3 + 0.28 * math.ceil(len(data) / 2) for _, data in panels]
    fig, axes = plt.subplots(len(panels), 1, figsize=(width, sum(heights)),
                             gridspec_kw={"height_ratios": heights}, squeeze=False)
    for ax, (title, data) in zip(axes[:, 0], panels):
        _draw(ax, data, title)
    fig.tight_layout()
    return fig


def _title(result) -> str:
    return (f"{result.index}" + (f", {result.scheme}" if result.scheme else "")
            + f": {result.n_units} unit{'s' if result.n_units != 1 else ''}")


def diagram_caption(result, bars="nemenyi") -> str:
    """The caption of ``result``'s diagram: the index, the units, Friedman's test and what
    the bars mean (or why no test was made), in plain text.

    Examples
    --------
    >>> from imbeval.compare import rank_classifiers
    >>> rows = [{"problem": f"p{u}", "classifier": c, "index": "acsa", "value": v + 0.01 * u}
    ...         for u in range(8) for c, v in (("x", 0.7), ("y", 0.8), ("z", 0.6))]
    >>> r = rank_classifiers(pd.DataFrame(rows), index="acsa", n_samples=1000)
    >>> diagram_caption(r).split(". ")[0]
    'Critical-difference diagram of 3 classifiers under acsa (higher is better), mean ranks over 8 independent units (1 = best, left)'
    """
    check_bars(bars)
    scheme = f", scheme {result.scheme}" if result.scheme else ""
    head = (f"Critical-difference diagram of {len(result.mean_ranks)} classifiers under "
            f"{result.index}{scheme} ({'higher' if result.greater_is_better else 'lower'} is "
            f"better), mean ranks over {result.n_units} independent unit"
            f"{'s' if result.n_units != 1 else ''} (1 = best, left).")
    if result.undecidable:
        return (f"{head} No test: {result.undecidable}; the mean ranks describe these data "
                "only.")
    friedman = ""
    if math.isfinite(result.friedman_p):
        friedman = (f" Friedman's test: chi2 = {result.friedman_statistic:.2f}, p = "
                    f"{result.friedman_p:.3g}; Iman-Davenport F = {result.iman_davenport_f:.2f}"
                    f", p = {result.iman_davenport_p:.3g}.")
    if bars == "nemenyi":
        what = (f" A bar joins classifiers whose mean ranks span less than Nemenyi's critical "
                f"difference, CD = {result.critical_difference:.2f} at alpha = "
                f"{result.alpha:g} (the ruler; Demšar 2006): Nemenyi's test does not "
                "separate them.")
    else:
        what = (" A bar joins classifiers no pair of which the Wilcoxon signed-rank tests "
                f"with Holm's adjustment separate at alpha = {result.alpha:g} (Benavoli, "
                "Corani and Mangili 2016); no CD ruler.")
    return head + friedman + what


def save_cd_diagram(results, prefix, title=None, bars="nemenyi", formats=FORMATS) -> list:
    """Write ``prefix.{pdf,png,svg}`` (``formats``), ``prefix.csv`` and
    ``prefix.caption.txt``: the diagram of a :class:`RankResult` (no title unless ``title``
    is given; the caption file names the test), or one titled panel per result of a list
    (the CSV stacks their tables with ``index`` and ``scheme`` columns, the caption file
    has a line per panel), through the one figure saver. ``bars``: the test whose groups
    the bars draw (:data:`BARS`)."""
    from pathlib import Path

    from imbeval.utils.io import atomic_write_text
    from imbeval.utils.plot import save_figure

    single = not isinstance(results, (list, tuple))
    results = [results] if single else list(results)
    panels = [((title or "") if single else _title(r), cd_diagram_data(r, bars))
              for r in results]
    data = pd.concat([d.assign(index=r.index, scheme=r.scheme or "")
                      for r, (_, d) in zip(results, panels)], ignore_index=True)
    data = data[["index", "scheme"] + [c for c in data.columns if c not in ("index", "scheme")]]
    # one diagram narrower than a page, so its labels stay legible scaled to a column
    figure = plot_cd_diagram(panels, width=4.8 if single else 6.4)
    written = save_figure(figure, prefix, data, formats=tuple(formats),
                          bbox_inches="tight")
    caption = "\n".join(diagram_caption(r, bars) for r in results) + "\n"
    written.append(atomic_write_text(Path(f"{prefix}.caption.txt"), caption))
    return written
