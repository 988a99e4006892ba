"""Does the winner depend on the index? :func:`winner_stability`.

Per RRT scheme, the classifiers' mean ranks under each index (:func:`rank_classifiers`)
are compared across indices:

- Kendall's W of the indices' rankings (the indices as judges, the classifiers as
  objects): ``W = chi2_F / (m (k - 1))``, Friedman's chi-square with the indices as blocks
  (``scipy.stats.friedmanchisquare``, tie-corrected), and its p-value; W = 1 when every
  index ranks the classifiers alike. It describes the indices' agreement on these data: the
  indices are not independent judges (they are functions of the same confusion matrices),
  so its p-value is descriptive;
- Kendall's tau between every two indices' mean ranks (``scipy.stats.kendalltau``);
- each index's winner beside the reference index's winner (by default the first index
  named), and whether it differs *decisively*: the index's winner beats the reference's winner under that index by the
  Holm-adjusted Wilcoxon test of :func:`rank_classifiers` (its p-value and the Bayesian
  P(winner better) are the evidence; the evidence also gives the pair's decision under the
  reference).

Every index ranks the same problems (``missing="drop-problem"``, the default): a problem
where some classifier has no value under some index is dropped for every index, so a winner
that differs between indices differs by the index, not by the problems left out. With
``missing="drop-problem-per-index"`` each index keeps its own problems, and an index's
winner is compared with the reference's on the problems both kept; ``missing="fail"``
refuses a table with any missing or undefined value. The missing values are named in a
:class:`~imbeval.compare.MissingValuesWarning` per index and kept in
``StabilityResult.missing``.
"""

from __future__ import annotations

from imbeval.compare._params import COMMON, MIN_UNITS
from imbeval.utils._param_validation import Check, validate_params

import gc
import math
import warnings
from dataclasses import dataclass, field, replace
from itertools import combinations

import numpy as np
import pandas as pd

from imbeval.compare._bayes import N_SAMPLES
from imbeval.compare._rank import BAYES_THRESHOLD, MIN_RANKING_UNITS, RankResult, rank_checked
from imbeval.compare._table import (GAP_COLUMNS, MISSING_POLICIES, MissingValuesWarning,
                                    check_table, gaps_message, lost_problems, orientation,
                                    table_index_name, value_gaps)

__all__ = ["StabilityResult", "winner_stability", "kendall_w"]


def kendall_w(rankings: pd.DataFrame) -> tuple[float, float]:
    """Kendall's ``(W, p)`` of ``rankings`` (judges x objects, any scores: ranked per row,
    ties averaged); ``p`` from Friedman's chi-square (NaN for fewer than 3 objects).

    Examples
    --------
    >>> kendall_w(pd.DataFrame([[1, 2, 3], [1, 2, 3]]))
    (1.0, 0.1353352832366127)
    """
    from scipy import stats

    r = np.asarray(rankings, dtype=float)
    m, k = r.shape
    if m < 2 or k < 2:
        return math.nan, math.nan
    ranks = np.apply_along_axis(stats.rankdata, 1, r)
    if k >= 3:
        res = stats.friedmanchisquare(*ranks.T)
        if not np.isfinite(res.statistic):      # every judge gives every object one rank
            return math.nan, math.nan
        return float(res.statistic) / (m * (k - 1)), float(res.pvalue)
    # two objects: W from its definition with the tie correction
    s = float(((ranks.sum(axis=0) - m * (k + 1) / 2) ** 2).sum())
    ties = sum(float((c ** 3 - c).sum()) for c in
               (np.unique(row, return_counts=True)[1] for row in ranks))
    denominator = m ** 2 * (k ** 3 - k) - m * ties
    return (12 * s / denominator if denominator > 0 else math.nan), math.nan


@dataclass(frozen=True)
class StabilityResult:
    """Winner stability across indices (:func:`winner_stability`).

    ``results``: ``{(index, scheme): RankResult}``; ``kendall_w``: one row per scheme
    (scheme, indices, classifiers, units, W, p); ``kendall_tau``: (scheme, index_a,
    index_b, tau, p); ``winners``: (scheme, index, winner, mean_rank, reference,
    reference_winner, differs, decisive, p_holm, p_bayes, evidence, problems: how many
    problems the comparison with the reference ran on); ``reference``; ``missing``: every
    missing or undefined value (:func:`imbeval.compare._table.value_gaps`' columns and
    ``dropped``: whether its problem was dropped from the index's comparison); ``policy``:
    the ``missing`` policy applied.
    """

    reference: str
    results: dict = field(repr=False)
    kendall_w: pd.DataFrame = field(repr=False)
    kendall_tau: pd.DataFrame = field(repr=False)
    winners: pd.DataFrame = field(repr=False)
    missing: pd.DataFrame = field(repr=False, default_factory=pd.DataFrame)
    policy: str = MISSING_POLICIES[0]

    def differing(self, decisive: bool = False) -> list[str]:
        """Indices whose winner differs from the reference's under some scheme (only
        decisively, with ``decisive=True``)."""
        col = "decisive" if decisive else "differs"
        rows = self.winners[self.winners[col] == True]  # noqa: E712 (object column)
        return sorted(set(rows["index"]))

    def paragraphs(self) -> str:
        """One autorank-style paragraph per (index, scheme)
        (:func:`imbeval.compare.paragraph`), then the indices' agreement."""
        from imbeval.compare._summary import paragraph

        out = [paragraph(r) for r in self.results.values()]
        for _, w in self.kendall_w.iterrows():
            scheme = f" under scheme {w['scheme']}" if w["scheme"] else ""
            if w["indices"] < 2 or not np.isfinite(w["W"]):
                continue
            out.append(f"Agreement of the {int(w['indices'])} indices{scheme}: Kendall's W = "
                       f"{w['W']:.2f} (1 = every index ranks the classifiers alike; "
                       f"descriptive: the indices are functions of the same predictions)."
                       + (f" Computed from {int(w['units'])} unit(s): the rankings rest on "
                          "too few units to read W as agreement."
                          if w["units"] < MIN_RANKING_UNITS else ""))
        return "\n\n".join(out)

    def summary(self) -> str:
        """Plain text: the paragraphs, W per scheme, then the winners."""
        return "\n".join([self.paragraphs(), "", self.kendall_w.to_string(index=False),
                          self.winners.drop(columns=["evidence"]).to_string(index=False)])


def _pair(result: RankResult, a, b):
    """``(decision, p_holm, P(a better), P(equivalent))`` of a pair under ``result``."""
    pw = result.pairwise
    row = pw[((pw["a"] == a) & (pw["b"] == b)) | ((pw["a"] == b) & (pw["b"] == a))].iloc[0]
    bay = result.bayesian
    brow = bay[(bay["a"] == row["a"]) & (bay["b"] == row["b"])].iloc[0]
    p_a = brow["p_a"] if row["a"] == a else brow["p_b"]
    return str(row["decision"]), float(row["p_holm"]), float(p_a), float(brow["p_rope"])


def _winner_row(scheme, name, result, reference, ref_result):
    winner, ref_winner = result.winner, ref_result.winner
    # classifiers tied for first are all winners: another winner means no common one
    best, ref_best = winner.split(" = "), ref_winner.split(" = ")
    row = {"scheme": scheme or "", "index": name, "winner": winner,
           "mean_rank": float(result.mean_ranks.iloc[0]), "reference": reference,
           "reference_winner": ref_winner, "differs": not set(best) & set(ref_best),
           "decisive": False, "p_holm": math.nan, "p_bayes": math.nan, "evidence": ""}
    if name == reference or not row["differs"]:
        row["evidence"] = ("the reference" if name == reference else "same winner"
                           if winner == ref_winner else "a winner in common (tied for first)")
        return row
    if result.undecidable:
        row["decisive"] = None
        row["evidence"] = f"no test: {result.undecidable}"
        return row
    # several tied for first: the first named stands for them
    top, ref_top = best[0], ref_best[0]
    decision, p_holm, p_bayes, p_rope = _pair(result, top, ref_top)
    ref_decision, ref_p, _, _ = _pair(ref_result, ref_top, top)
    # decisive: under this index its winner beats the reference's winner by the
    # Holm-adjusted Wilcoxon test (a lead of the reference's winner under the reference
    # alone is no decisive change: this index may just not separate the two)
    row.update(p_holm=p_holm, p_bayes=p_bayes, decisive=decision == f"{top} better")
    row["evidence"] = (f"under {name}: {decision} (Wilcoxon, Holm p = {p_holm:.3g}; "
                       f"Bayesian P({top} better) = {p_bayes:.3f}, P(practically "
                       f"equivalent, rope {result.rope:.3g}) = {p_rope:.3f}); under {reference}: "
                       f"{ref_decision} (Holm p = {ref_p:.3g})")
    return row


def _policy(value, name):
    if value not in MISSING_POLICIES:
        raise ValueError(f"{name} (--missing) must be one of {', '.join(MISSING_POLICIES)}, "
                         f"got {value!r}")
    return value


#: the ``missing`` parameter's constraint, shared with :func:`write_comparison`
MISSING = [Check(_policy, f"one of {', '.join(MISSING_POLICIES)}", invalid="drop",
                 valid=MISSING_POLICIES[0])]


@validate_params({"indices": [str, "array-like"], "reference": [str, None],
                  "schemes": [str, "array-like", None], "missing": MISSING,
                  "min_units": MIN_UNITS, **COMMON})
def winner_stability(table, *, indices, reference=None, schemes=None, alpha=0.05,
                     seed=0, rope=None, n_samples=None, min_units=MIN_RANKING_UNITS,
                     greater_is_better=None, bayes_threshold=BAYES_THRESHOLD,
                     control=None, missing=MISSING_POLICIES[0]) -> StabilityResult:
    """Whether the winner, and the ranking, move between indices.

    Parameters
    ----------
    table : the long table of :func:`rank_classifiers`.
    indices : the indices to compare (names in the table, or library names of them).
    reference : the index the others' winners are compared with; default the first of
        ``indices``. A reference not among ``indices`` is compared too.
    schemes : the RRT schemes (default: every scheme of the table; None without a scheme
        column).
    alpha, seed, rope, min_units : as :func:`rank_classifiers` (``rope`` a number applies
        to every index; default each index's own).
    n_samples : Monte Carlo draws of the Bayesian test (default its own).
    greater_is_better : ``{index name: bool}`` for indices the registry does not know (or
        to override it); one bool applies to every index. An unknown index without one is
        refused (``ValueError`` naming this parameter and the command line's options).
        Registered indices, label indices (:mod:`imbeval.indices`) and indices of scores
        (:mod:`imbeval.scores`: ``roc_auc``, ``brier_score``, ...), carry their own.
    bayes_threshold, control : as :func:`rank_classifiers`.
    missing : what a problem where some classifier has no value under some index does
        (:data:`imbeval.compare.MISSING_POLICIES`): ``"drop-problem"`` (default) drops it
        for every index, so every index ranks the same problems; ``"drop-problem-per-index"``
        drops it for that index only (the winners are then compared on the problems both
        indices kept); ``"fail"`` raises ``ValueError`` naming every missing or undefined
        value. Either way each index's missing values are named in a
        :class:`~imbeval.compare.MissingValuesWarning`.

    Returns
    -------
    :class:`StabilityResult`

    Examples
    --------
    >>> rows = [{"problem": f"p{u}", "classifier": c, "index": i, "value": v}
    ...         for u in range(6) for i, vals in (("acsa", (0.9, 0.8)), ("mcc", (0.5, 0.6)))
    ...         for c, v in zip(("a", "b"), vals)]
    >>> s = winner_stability(pd.DataFrame(rows), indices=["acsa", "mcc"], n_samples=2000)
    >>> s.winners[["index", "winner", "differs", "decisive"]].values.tolist()
    [['acsa', 'a', False, False], ['mcc', 'b', True, True]]
    """
    frame = check_table(table)
    if isinstance(indices, str):
        indices = [i.strip() for i in indices.split(",") if i.strip()]
    names = []
    for i in indices:
        name = table_index_name(frame, i)
        if name not in names:
            names.append(name)
    if not names:
        raise ValueError("indices (--index) names no index")
    if reference is None:
        reference = names[0]
    else:
        try:
            reference = table_index_name(frame, reference)
        except ValueError as exc:
            raise ValueError(f"the reference index: {exc}; name one of the table's indices "
                             "with --reference INDEX (reference= in Python; default the "
                             "first index)") from None
    names = [reference] + [n for n in names if n != reference]
    orient = _orientations(frame, names, greater_is_better)
    known = sorted(frame["scheme"].unique()) if "scheme" in frame.columns else [None]
    if schemes is None:
        schemes = known
    elif isinstance(schemes, str):
        schemes = [schemes]
    for scheme in schemes:
        if scheme not in known:
            import difflib

            close = difflib.get_close_matches(str(scheme), [str(k) for k in known], n=3,
                                              cutoff=0.3)
            raise ValueError(f"scheme {scheme!r} is not in the table" + (
                f"; did you mean {', '.join(map(repr, close))}?" if close else
                f" (schemes: {', '.join(map(str, known))})"))
    # statsmodels' Holm adjustment (inference.holm) runs gc.collect() on every call: with a
    # large table in memory that is most of the time of a comparison of many (index,
    # scheme) pairs. Objects alive now are frozen out of the collections meanwhile.
    gc.freeze()
    try:
        return _stability(frame, names, reference, schemes, alpha, seed, rope, n_samples,
                          min_units, orient, bayes_threshold, control, missing)
    finally:
        gc.unfreeze()


def _orientations(frame, names, greater_is_better) -> dict:
    """``{table name: bool or None}`` from ``greater_is_better`` (None, a bool, or a dict
    keyed by the table's or the library's names); every name checked up front, so an index
    of unknown orientation is refused before any test runs."""
    if greater_is_better is None or isinstance(greater_is_better, (bool, np.bool_)):
        given = {name: greater_is_better for name in names}
    elif isinstance(greater_is_better, dict):
        given = {name: None for name in names}
        for key, value in greater_is_better.items():
            try:
                name = table_index_name(frame, str(key))
            except ValueError as exc:
                raise ValueError(f"greater_is_better names {key!r}: {exc}") from None
            given[name] = value
    else:
        raise ValueError("greater_is_better must be None, True/False or a dict {index: bool}, "
                         f"got {type(greater_is_better).__name__}")
    for name in names:
        orientation(name, given.get(name))
    return given


def _scheme_rows(frame, scheme):
    return frame if scheme is None else frame[frame["scheme"] == str(scheme)]


def _gaps(frame, names, reference, schemes):
    """``{scheme: (indices present, {index: gaps})}``, the gaps over the scheme's problems
    of every index compared (a problem no row of an index has is a gap of it too)."""
    out = {}
    for scheme in schemes:
        rows = _scheme_rows(frame, scheme)
        # an index without values under this scheme (a two-class index under a multi-class
        # scheme) is left out of this scheme's comparison
        present = [n for n in names if n in set(rows["index"])]
        if reference not in present:
            raise ValueError(f"the reference index {reference!r} has no values under scheme "
                             f"{scheme!r}")
        universe = sorted(rows.loc[rows["index"].isin(present), "problem"].unique())
        out[scheme] = present, {n: value_gaps(rows, n, problems=universe) for n in present}
    return out


def _problems_of(result) -> set:
    return {p for ps in result.problems.values() for p in ps}


def _stability(frame, names, reference, schemes, alpha, seed, rope, n_samples, min_units,
               orient, bayes_threshold, control, missing):
    gaps = _gaps(frame, names, reference, schemes)
    if missing == "fail":
        found = [gaps_message(g, shown=3) for _, per in gaps.values() for g in per.values()
                 if len(g)]
        if found:
            raise ValueError("the table has missing or undefined values (--missing fail, "
                             "missing='fail'): " + "; ".join(found) + ". Fill them in, or "
                             "pass --missing drop-problem to drop those problems for every "
                             "index")
    every = missing == "drop-problem"

    def rank(rows, name):
        return rank_checked(rows, index=name, scheme=scheme, alpha=alpha, seed=seed,
                            rope=rope, min_units=min_units, greater_is_better=orient.get(name),
                            n_samples=n_samples or N_SAMPLES, bayes_threshold=bayes_threshold,
                            control=control)

    results, w_rows, tau_rows, winner_rows, missing_rows = {}, [], [], [], []
    for scheme in schemes:
        present, per = gaps[scheme]
        rows = _scheme_rows(frame, scheme)
        lost = {n: lost_problems(per[n]) for n in present}
        drop = {}                           # problem -> the first index and reason
        for n in present:
            for problem, why in lost[n].items():
                drop.setdefault(problem, f"{n}: {why}")
        if every:
            rows = rows[~rows["problem"].isin(drop)]
            if rows.empty:
                raise ValueError(f"every problem{f' under scheme {scheme}' if scheme else ''} "
                                 "has a missing value under some index, so none is left to "
                                 "rank on (--missing drop-problem); pass --missing "
                                 "drop-problem-per-index to drop problems for each index "
                                 "alone")
        here = {}
        for n in present:
            gone = sorted(drop) if every else sorted(lost[n])
            reasons = [lost[n].get(p) or f"dropped for every index ({drop[p]})" for p in gone]
            here[n] = replace(rank(rows, n), dropped=pd.DataFrame(
                {"problem": gone, "reason": reasons}, columns=["problem", "reason"]))
            if len(per[n]):
                warnings.warn(gaps_message(per[n], gone, every_index=every),
                              MissingValuesWarning, stacklevel=4)
                missing_rows.append(per[n].assign(dropped=per[n]["problem"].isin(gone)))
        results.update({(name, scheme): r for name, r in here.items()})
        rankings = pd.DataFrame({name: r.mean_ranks for name, r in here.items()}).T
        w, p = kendall_w(rankings.dropna(axis=1))
        w_rows.append({"scheme": scheme or "", "indices": len(here),
                       "classifiers": rankings.shape[1],
                       "units": min(r.n_units for r in here.values()), "W": w, "p": p})
        for a, b in combinations(list(here), 2):
            from scipy import stats

            common = rankings.loc[[a, b]].dropna(axis=1)
            res = stats.kendalltau(common.loc[a], common.loc[b])
            tau_rows.append({"scheme": scheme or "", "index_a": a, "index_b": b,
                             "tau": float(res.statistic), "p": float(res.pvalue)})
        ref = here[reference]
        for name, r in here.items():
            own, theirs = _problems_of(r), _problems_of(ref)
            if own == theirs:
                row = _winner_row(scheme, name, r, reference, ref)
                row["problems"] = len(own)
            else:
                # the winners are compared on the problems both indices kept: a winner that
                # only the problems one index lost made is not the index's
                common = rows[rows["problem"].isin(own & theirs)]
                if common.empty:
                    row = _winner_row(scheme, name, r, reference, ref)
                    row.update(differs=None, decisive=None, evidence=(
                        f"no problem in common with {reference}: not compared"))
                    row["problems"] = 0
                else:
                    row = _winner_row(scheme, name, rank(common, name), reference,
                                      rank(common, reference))
                    row["evidence"] += (f" (on the {len(own & theirs)} problems both indices "
                                        f"kept; on its own {len(own)} problems {name}'s "
                                        f"winner is {r.winner})")
                    row["problems"] = len(own & theirs)
            winner_rows.append(row)
    gaps_table = (pd.concat(missing_rows, ignore_index=True) if missing_rows
                  else pd.DataFrame(columns=[*GAP_COLUMNS, "dropped"]))
    return StabilityResult(reference, results, pd.DataFrame(w_rows), pd.DataFrame(tau_rows),
                           pd.DataFrame(winner_rows), gaps_table, missing)
