"""The audit as a figure: which conditions every audited index meets (mullick2020's Fig. 6
is this figure for the paper's indices).

Needs matplotlib (the ``plot`` extra).
"""

from __future__ import annotations

import pandas as pd

from imbeval.utils.plot import save_figure

__all__ = ["FIG6_COLUMNS", "fig6_data", "plot_fig6", "render_fig6"]

#: Columns of ``fig6.csv``: the verdicts drawn, whether the index is in panel (b), and
#: each verdict in words (what it rests on: the audit's search or mullick2020's theorem).
FIG6_COLUMNS = ["index", "paper", "condition1", "condition2", "condition3", "panel_b",
                "condition1_verdict", "condition2_verdict", "condition3_verdict",
                "condition1_theorem", "condition2_theorem", "condition3_theorem"]


def fig6_data(rows) -> pd.DataFrame:
    """The verdicts Fig. 6 draws, from audit rows (dicts of strings, as in ``audit.csv``).

    One row per index with :data:`FIG6_COLUMNS`; ``panel_b`` is ``"true"`` for the indices
    that meet Conditions 1 and 2 (the paper's panel (b)); ``condition<k>_verdict`` is the
    verdict in words (:func:`imbeval.audit.report.verdict_wording`; empty where the
    condition does not apply) and ``condition<k>_theorem`` the number of mullick2020's
    theorem it cites (empty for none).
    """
    from imbeval.audit.report import verdict_wording

    needed = [*FIG6_COLUMNS[:4], *(f"condition{k}_{part}" for part in ("verdict", "theorem")
                                   for k in (1, 2, 3))]
    records = []
    for r in rows:
        missing = [c for c in needed if c not in r]
        if missing:
            raise ValueError(f"audit row {r.get('index', '')!r} lacks {', '.join(missing)}: "
                             "write the table with `imbeval audit`")
        record = {k: r.get(k, "") for k in FIG6_COLUMNS[:5]}
        both = r["condition1"] == "true" and r["condition2"] == "true"
        record["panel_b"] = str(both).lower()
        for k in (1, 2, 3):
            record[f"condition{k}_verdict"] = (
                verdict_wording(r, k) if r.get(f"condition{k}", "") != "" else "")
            record[f"condition{k}_theorem"] = r[f"condition{k}_theorem"]
        records.append(record)
    return pd.DataFrame(records, columns=FIG6_COLUMNS, dtype=object)


def _cell_label(row, column):
    """'holds' / 'fails' / 'n/a', with the theorem where mullick2020 proves the verdict."""
    v = row[column]
    if v == "":
        return "n/a"
    word = "holds" if v == "true" else "fails"
    theorem = str(row.get(f"{column}_theorem", ""))
    return f"{word} (Th. {theorem})" if theorem not in ("", "nan") else word


def plot_fig6(data: pd.DataFrame, title=None):
    """mullick2020 Fig. 6 from :func:`fig6_data`: (a) Conditions 1 and 2, (b) Condition 3.

    (a) every index with its Condition 1 and 2 verdicts (two-class indices: Condition 1
    only); (b) the multi-class indices that meet Conditions 1 and 2, by Condition 3 -- the
    paper's grouping. Returns the matplotlib Figure.
    """
    from imbeval.utils._optional import import_optional

    plt = import_optional("matplotlib.pyplot")
    from matplotlib.patches import Rectangle

    rows = data.to_dict("records")
    colours = {"true": "#4daf4a", "false": "#e41a1c", "": "#dddddd"}
    both = [r for r in rows if r["panel_b"] == "true"]
    several_papers = len({r["paper"] for r in rows}) > 1
    n_a, n_b = len(rows), max(len(both), 1)
    height = 0.28 * max(n_a, n_b) + 1.6
    fig, (ax_a, ax_b) = plt.subplots(1, 2, figsize=(9.5, height))

    def grid(ax, items, cols, heading):
        ax.set_xlim(0, len(cols))
        ax.set_ylim(0, max(n_a, 1))  # same cell height in both panels
        ax.invert_yaxis()
        for i, r in enumerate(items):
            for j, c in enumerate(cols):
                v = r[c]
                ax.add_patch(Rectangle((j, i), 1, 1, facecolor=colours[v], edgecolor="white"))
                ax.text(j + 0.5, i + 0.5, _cell_label(r, c), ha="center", va="center",
                        fontsize=7)
        ax.set_yticks([i + 0.5 for i in range(len(items))])
        ax.set_yticklabels([_symbol(r, several_papers) for r in items], fontsize=7)
        ax.set_xticks([j + 0.5 for j in range(len(cols))])
        ax.set_xticklabels([c.replace("condition", "Cond. ") for c in cols], fontsize=8)
        ax.xaxis.tick_top()
        ax.tick_params(length=0)
        for s in ax.spines.values():
            s.set_visible(False)
        ax.set_title(heading, fontsize=9, pad=18)

    grid(ax_a, rows, ["condition1", "condition2"], "(a) Conditions 1 and 2")
    grid(ax_b, both, ["condition3"], "(b) Condition 3, among indices meeting 1 and 2")
    if title:
        fig.suptitle(title, fontsize=10)
    fig.text(0.01, 0.005, "holds: no counterexample found by the audit's search; "
             "Th. N: proved by mullick2020's Theorem N", fontsize=6.5, color="#555555")
    fig.tight_layout(rect=(0, 0.03, 1, 1))
    return fig


def _symbol(row, with_paper):
    """The paper's symbol of an index (``ζ^ (mPrecision)``), not the code name; with the
    paper's name when indices of several papers share a figure."""
    from imbeval.indices import registry

    info = registry().get(row["index"])
    label = info.symbol if info is not None else row["index"]
    return f"{label} — {row['paper']}" if with_paper else label


def render_fig6(rows, prefix, title=None):
    """Write Fig. 6 of audit ``rows`` as ``prefix.pdf``, ``prefix.png`` and ``prefix.csv``
    (the rows drawn); return the data."""
    data = fig6_data(rows)
    save_figure(plot_fig6(data, title), prefix, data)
    return data
