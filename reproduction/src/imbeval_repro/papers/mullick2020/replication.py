"""Does a claim over datasets replicate on other datasets? mullick2020's claims decided on
two random halves of the KEEL families."""

from __future__ import annotations

import numpy as np
import pandas as pd

__all__ = ["HALF_SPLITS", "half_split_replication"]


#: seeded half-splits of the families per claim (:func:`half_split_replication`): the
#: share's Monte Carlo standard error is at most 0.5/sqrt(200) = 0.035
HALF_SPLITS = 200


def half_split_replication(claims: pd.DataFrame, units: pd.DataFrame, *, seed: int,
                           n_splits: int = HALF_SPLITS) -> pd.DataFrame:
    """Does a claim over datasets replicate on other datasets? Its families split at random
    into two halves, the claim decided on each half alone, ``n_splits`` times.

    Another seed of the pipeline redraws only the CV noise of the same data sets (2-9 % of
    the between-family variance on the KEEL slice), so a verdict over data sets that
    "replicates" across seeds says little; two disjoint halves of the families are two
    independent samples of data sets. Only claims whose units are families' values
    (``contrast``, ``linearised``, ``log_ratio``) are split.

    Parameters
    ----------
    claims, units : a ``claims.csv`` and its ``claim_units.csv``.
    seed : the seed of the splits (a split is ``numpy.random.default_rng((seed, k))``'s
        permutation of the sorted families).
    n_splits : how many splits.

    Returns
    -------
    DataFrame ``item, claim, families, verdict, splits, both_decide, same_direction,
    share_same, decisive_both``: the full claim's verdict (holds / does not hold /
    inconclusive, before the adjustment), how many splits, in how many both halves decide
    (their 95% intervals exclude the threshold) and in how many in the full claim's direction,
    its share, and in how many both halves are decisive (p <= DECISIVE_ALPHA).
    """
    from imbeval import inference
    from imbeval_repro.verdicts.claim_rules import judge
    from imbeval_repro.papers.mullick2020.claim_units import estimate_from_units

    rows = []
    for (item, claim), part in units.groupby(["item", "claim"], sort=False):
        kind = str(part["unit_type"].iloc[0])
        if kind not in ("contrast", "linearised", "log_ratio"):
            continue
        rule = str(part["rule"].iloc[0])
        full = judge(rule, estimate_from_units(part))
        # the families the claim rests on: those with a unit it keeps (a problem left out for
        # an undefined index is not split, and not counted)
        kept = part["undefined"].fillna("").astype(str) == ""
        families = sorted(set(part.loc[kept, "family"].astype(str)))
        both = same = decisive = 0
        for k in range(n_splits):
            order = np.random.default_rng((int(seed), k)).permutation(len(families))
            half = {families[i] for i in order[: len(families) // 2]}
            verdicts = []
            for members in (half, set(families) - half):
                sub = part[part["family"].astype(str).isin(members)]
                verdicts.append(judge(rule, estimate_from_units(sub)))
            if all(v.verdict is not None for v in verdicts):
                both += 1
                if full.verdict is not None and all(v.verdict == full.verdict
                                                    for v in verdicts):
                    same += 1
                if all(v.p_value <= inference.DECISIVE_ALPHA for v in verdicts):
                    decisive += 1
        verdict = {True: "holds", False: "does not hold"}.get(full.verdict, "inconclusive")
        rows.append({"item": item, "claim": claim, "families": len(families),
                     "verdict": verdict, "splits": n_splits, "both_decide": both,
                     "same_direction": same, "share_same": same / n_splits,
                     "decisive_both": decisive})
    return pd.DataFrame(rows, columns=["item", "claim", "families", "verdict", "splits",
                                       "both_decide", "same_direction", "share_same",
                                       "decisive_both"])
