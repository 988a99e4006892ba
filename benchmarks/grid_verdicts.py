"""What the printed grid numbers of mortaz2020 (Tables 16, 18) decide against a re-run.

Usage::

    python benchmarks/grid_verdicts.py PART.csv [PART.csv ...]

The PARTs are verdict parts (``results/papers/verdicts/mortaz2020_grid_<dataset>.csv``,
as ``imbeval papers mortaz2020-grid --verdicts`` writes them). They are read and adjusted
the way the report's merge does it (:func:`imbeval_repro.verdicts.adjust`: its families
are one paper item each, so the parts holding all of an item's rows give that item's
adjustment exactly; the model-selection claims span both grids, so give both parts for
them). For each item with a p-value it prints:

- the kinds after the adjustment (``differs`` = decisively "differs from a re-run");
- how many printed numbers lie outside our 95% prediction interval of a re-run;
- how many "differs" p-values are at most :data:`imbeval.inference.DECISIVE_ALPHA` raw,
  after Holm (``adjusted_p``) and after Benjamini-Hochberg (``bh_q``, which decides);
- how many rows are held back for a spread of too few degrees of freedom
  (:data:`imbeval.inference.MIN_RERUN_DF`);
- agreement (TOST, Holm over the table): shown, not shown, or out of reach (the re-run's
  prediction half-width exceeds the tolerance), and of the latter how many no number of
  repetitions would bring within reach.

The numbers measured for the default config are in docs/performance.md.
"""

from __future__ import annotations

import argparse

import pandas as pd

from imbeval import inference
from imbeval_repro.verdicts import adjust, outside_interval, read_parts

#: the phrases of a grid row's detail (imbeval_repro.papers.mortaz2020.grid) counted here
AGREEMENT = {
    # "(0.02 minus half the printed unit) shown" / "... not shown"
    "shown": r"agreement within [^;]*printed unit\) shown",
    "not shown": r"agreement within [^;]*printed unit\) not shown",
    "out of reach": r"agreement out of reach",
    "out of reach at any R": r"no number of repetitions brings it within",
}


def verdict_counts(table: pd.DataFrame) -> pd.DataFrame:
    """One row per paper item with a p-value: the counts above, of an adjusted table.

    Parameters
    ----------
    table : pandas.DataFrame
        Comparison rows after :func:`imbeval_repro.verdicts.adjust`.

    Returns
    -------
    pandas.DataFrame
        Indexed by item; columns ``rows``, ``outside``, ``differs``, ``outside_not_decisive``,
        ``too_few_df``, ``p_raw``, ``p_holm``, ``q_bh`` (counts at most the decisive level),
        ``global_p`` and one column per :data:`AGREEMENT` phrase.

    Examples
    --------
    >>> from imbeval_repro.verdicts import frame, row, run_basis
    >>> rows = frame([row("p", "T", r, "x", "0.20", 0.5, setting="ours", ci=(0.4, 0.6),
    ...                   basis=run_basis("d"), p_value=v) for r, v in (("a", 1e-4), ("b", 0.3))])
    >>> counts = verdict_counts(adjust(rows))
    >>> counts.loc["T", ["rows", "outside", "differs", "p_raw"]].tolist()
    [2, 0, 1, 1]
    """
    alpha = inference.DECISIVE_ALPHA
    p = pd.to_numeric(table["p_value"], errors="coerce")
    decided = table[p.notna()]
    outside = outside_interval(table)
    out = {}
    for item, part in decided.groupby("item", sort=False):
        numeric = lambda c: pd.to_numeric(part[c], errors="coerce")  # noqa: E731
        counts = {
            "rows": len(part),
            "outside": int(outside[part.index].sum()),
            "differs": int((part["verdict_kind"] == "differs").sum()),
            "outside_not_decisive": int((part["verdict_kind"] == "outside_not_decisive").sum()),
            "too_few_df": int((part["reason_kind"] == str(inference.Reason.TOO_FEW_DF)).sum()),
            "p_raw": int((numeric("p_value") <= alpha).sum()),
            "p_holm": int((numeric("adjusted_p") <= alpha).sum()),
            "q_bh": int((numeric("bh_q") <= alpha).sum()),
            "global_p": float(numeric("global_p").min()),
        }
        for name, pattern in AGREEMENT.items():
            counts[name] = int(part["detail"].str.contains(pattern, regex=True).sum())
        out[item] = counts
    return pd.DataFrame.from_dict(out, orient="index")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("parts", nargs="+", help="verdict parts (CSV)")
    args = parser.parse_args(argv)
    table = adjust(read_parts(args.parts))
    counts = verdict_counts(table)
    with pd.option_context("display.width", 200, "display.max_columns", 20):
        print(counts.to_string())
    kinds = table.groupby("item", sort=False)["verdict_kind"].value_counts()
    print()
    print(kinds.to_string())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
