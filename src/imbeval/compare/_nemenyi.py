"""Nemenyi's test on mean ranks: every pair's p-value, the cliques a critical-difference
diagram draws, and the comparison of every classifier with a control.

Demšar, *Statistical comparisons of classifiers over multiple data sets*, JMLR 7 (2006),
Section 3.2.2. With ``k`` classifiers over ``N`` units, the standard error of a difference
of two mean ranks is ``SE = sqrt(k (k + 1) / (6 N))``;

- Nemenyi (every pair): the pair differs when ``|R_i - R_j| >= CD = q_alpha SE``,
  ``q_alpha`` the studentized range quantile (``k`` groups, infinite df) over ``sqrt 2``;
  its p-value is the studentized range survival function at ``sqrt 2 |R_i - R_j| / SE``
  (so ``p <= alpha`` exactly when the difference reaches the CD);
- the cliques: maximal runs of classifiers, in mean-rank order, whose first and last
  differ by less than the CD -- Demšar's thick lines. Two classifiers closer than the CD
  are always in one clique (every classifier between them is closer still), two at least
  the CD apart never are;
- against a control (Bonferroni-Dunn's setting, Holm's step-down as Demšar advises): ``z =
  (R_i - R_control) / SE``, two-sided normal p-values, Holm over the ``k - 1`` comparisons.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

__all__ = ["rank_se", "nemenyi_cd", "nemenyi_pairwise", "nemenyi_cliques", "control_comparison",
           "decision_text"]


def rank_se(k: int, n: int) -> float:
    """The standard error of a difference of two mean ranks, ``sqrt(k (k + 1) / (6 n))``.

    Examples
    --------
    >>> round(rank_se(4, 14), 4)
    0.488
    """
    if k < 2 or n < 1:
        raise ValueError(f"need k >= 2 classifiers and n >= 1 units, got k={k}, n={n}")
    return math.sqrt(k * (k + 1) / (6.0 * n))


def nemenyi_cd(k: int, n: int, alpha: float = 0.05) -> float:
    """Nemenyi's critical difference of mean ranks, ``k`` classifiers, ``n`` units.

    Examples
    --------
    >>> round(nemenyi_cd(4, 14, 0.05), 2)     # Demšar (2006), Section 3.2.2
    1.25
    """
    from scipy.stats import studentized_range

    if k < 2 or n < 1:
        raise ValueError(f"need k >= 2 classifiers and n >= 1 units, got k={k}, n={n}")
    q = float(studentized_range.ppf(1 - alpha, k, np.inf)) / math.sqrt(2)
    return q * math.sqrt(k * (k + 1) / (6.0 * n))


def nemenyi_pairwise(mean_ranks: pd.Series, n: int, alpha: float = 0.05,
                     critical_difference: float | None = None) -> pd.DataFrame:
    """Nemenyi's test of every pair of mean ranks.

    Parameters
    ----------
    mean_ranks : Series classifier -> mean rank (1 = best), any order.
    n : the number of independent units the ranks are means over.
    alpha : the level of the decisions.
    critical_difference : the CD to decide on (default :func:`imbeval.compare.nemenyi_cd`);
        passed by :func:`imbeval.compare.rank_classifiers` so that the table and the
        diagram's ruler are one number.

    Returns
    -------
    DataFrame with columns ``a, b, rank_difference`` (``R_a - R_b``: negative means ``a``
    ranks better), ``p`` (Nemenyi's), ``decision`` (``"<name> better"`` when the
    difference reaches the CD, else ``"no difference shown"``) and ``better`` (that name
    as data, ``""`` for none: what a program reads).

    Examples
    --------
    >>> r = pd.Series({"x": 1.2, "y": 2.0, "z": 2.8})
    >>> nemenyi_pairwise(r, n=10)[["a", "b", "decision"]].values.tolist()
    [['x', 'y', 'no difference shown'], ['x', 'z', 'x better'], ['y', 'z', 'no difference shown']]
    """
    from scipy.stats import studentized_range

    names = list(mean_ranks.index)
    k = len(names)
    se = rank_se(k, n)
    cd = nemenyi_cd(k, n, alpha) if critical_difference is None else critical_difference
    rows = []
    for i in range(k):
        for j in range(i + 1, k):
            a, b = names[i], names[j]
            diff = float(mean_ranks[a] - mean_ranks[b])
            q = math.sqrt(2.0) * abs(diff) / se
            p = float(studentized_range.sf(q, k, np.inf)) if q > 0 else 1.0
            better = "" if abs(diff) < cd - 1e-12 else (a if diff < 0 else b)
            rows.append({"a": a, "b": b, "rank_difference": diff, "p": min(p, 1.0),
                         "decision": decision_text(better, "no difference shown"),
                         "better": better})
    return pd.DataFrame(rows, columns=["a", "b", "rank_difference", "p", "decision", "better"])


def nemenyi_cliques(mean_ranks: pd.Series, critical_difference: float) -> list[tuple[int, int]]:
    """The maximal runs ``(first, last)`` (positions in best-first order) of classifiers
    whose mean ranks span less than ``critical_difference``; runs of one are left out.

    Examples
    --------
    >>> nemenyi_cliques(pd.Series([1.0, 1.5, 2.4, 3.0]), 1.0)
    [(0, 1), (1, 2), (2, 3)]
    >>> nemenyi_cliques(pd.Series([1.0, 1.2, 1.4, 3.0]), 1.0)
    [(0, 2)]
    """
    ranks = np.sort(np.asarray(mean_ranks, dtype=float))
    if not math.isfinite(critical_difference):
        return []
    cliques = []
    for i in range(len(ranks)):
        j = i
        while j + 1 < len(ranks) and ranks[j + 1] - ranks[i] < critical_difference - 1e-12:
            j += 1
        # a run inside the previous one is not maximal
        if j > i and not (cliques and cliques[-1][1] >= j):
            cliques.append((i, j))
    return cliques


def control_comparison(mean_ranks: pd.Series, n: int, control: str,
                       alpha: float = 0.05) -> pd.DataFrame:
    """Every classifier against ``control`` on mean ranks: ``z``, p, Holm-adjusted p.

    Parameters
    ----------
    mean_ranks : Series classifier -> mean rank (1 = best).
    n : the number of independent units.
    control : the control classifier (a name in ``mean_ranks``).
    alpha : the level of Holm's step-down.

    Returns
    -------
    DataFrame
        Columns ``control, classifier, rank_difference`` (``R_classifier -
        R_control``: positive means the control ranks better), ``z``, ``p``, ``p_holm``,
        ``decision`` and ``better`` (the name it says is better, ``""`` for none).

    Examples
    --------
    >>> r = pd.Series({"x": 1.1, "y": 2.2, "z": 2.7})
    >>> control_comparison(r, 20, "x")[["classifier", "decision"]].values.tolist()
    [['y', 'x better'], ['z', 'x better']]
    """
    from scipy.stats import norm

    from imbeval import inference

    if control not in mean_ranks.index:
        raise ValueError(f"control {control!r} is not a classifier of the table "
                         f"(classifiers: {', '.join(map(str, mean_ranks.index))})")
    se = rank_se(len(mean_ranks), n)
    rows = []
    for name, rank in mean_ranks.items():
        if name == control:
            continue
        diff = float(rank - mean_ranks[control])
        z = diff / se
        rows.append({"control": control, "classifier": name, "rank_difference": diff,
                     "z": z, "p": float(2 * norm.sf(abs(z)))})
    frame = pd.DataFrame(rows, columns=["control", "classifier", "rank_difference", "z", "p"])
    reject, adjusted = inference.holm(frame["p"].to_numpy(), alpha=alpha)
    frame["p_holm"] = adjusted
    frame["better"] = ["" if not rej else control if d > 0 else c
                       for rej, d, c in zip(reject, frame["rank_difference"],
                                            frame["classifier"])]
    frame["decision"] = [decision_text(b, "no difference shown") for b in frame["better"]]
    return frame[["control", "classifier", "rank_difference", "z", "p", "p_holm", "decision",
                  "better"]]


def decision_text(better: str, otherwise: str) -> str:
    """A pair's decision in words: ``"<better> better"``, or ``otherwise`` when no
    classifier is shown better (``better == ""``); the ``better`` column holds the name.

    >>> decision_text("lr", "no difference shown"), decision_text("", "undecided")
    ('lr better', 'undecided')
    """
    return f"{better} better" if better else otherwise
