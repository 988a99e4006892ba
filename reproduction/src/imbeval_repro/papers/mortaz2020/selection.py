"""mortaz2020 Tables 16/18: which model each index selects, by the printed numbers and by
our run, and the claims that the paper's selection is the best in our run too (rule
``papers_mortaz2020_grid``): the paper's model against every other on the corrected CV test
(:func:`selection_test`): "holds" by the intersection-union test on the raw p-values
(Berger 1982), "does not hold" by Holm over the comparisons."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pandas as pd

from imbeval import inference
from imbeval_repro import verdicts as cmp
from imbeval_repro.papers.mortaz2020 import printed as pr
from imbeval_repro.papers.mortaz2020._common import (GRID_DATASETS, MULTIPLE_METRICS, PAPER, _by_repeat,
                                        _dataset_basis, _with_repeat)
from imbeval_repro.papers.mortaz2020.grid import grid_table

__all__ = ["SELECTION_RULES", "SELECTION_ITEM", "printed_selection", "printed_selection_rows",
           "SelectionTest", "selection_test", "selection_claim_rows"]

#: The selection rules of Tables 16/18: each index's column, and the max of row minima.
SELECTION_RULES = ("ACC", "CBA", "MAR", "MAP", "F", "IAM", "row_minimum")


#: The item of the selection rows (claims and findings about which model each rule
#: selects): one item for both tables, so the paper's selections and ours sit together.
SELECTION_ITEM = "Tables 16, 18: model selection"


def _rule_label(rule):
    return "the max of row minima" if rule == "row_minimum" else rule


def printed_selection(item, rule):
    """``(models, best value, runner-up model, its value)`` by ``rule`` in the printed
    Table 16/18 (``models``: every model printed with the best value; ties are kept)."""
    if item not in pr.GRID_TABLES:
        raise ValueError(f"item must be one of {sorted(pr.GRID_TABLES)}, got {item!r}")
    if rule not in SELECTION_RULES:
        raise ValueError(f"rule must be one of {SELECTION_RULES}, got {rule!r}")
    values = _printed_values(item, rule)
    best = max(values.values())
    models = [m for m, v in values.items() if v == best]
    others = {m: v for m, v in values.items() if m not in models}
    runner = max(others, key=others.get)
    return models, best, runner, others[runner]


def printed_selection_rows(dataset):
    """Which model the printed Table 16/18 selects by each index (basis *printed numbers*).

    Where the paper's text states the selection (:data:`imbeval_repro.papers.mortaz2020.printed.GRID_STATED`)
    the row is a claim checked on the printed column (its number: the stated model's value
    minus the best other's); elsewhere a finding naming the model the printed column selects.
    """
    item = GRID_DATASETS[dataset]
    stated, words = pr.GRID_STATED[item]
    for rule in SELECTION_RULES:
        models, best, runner, second = printed_selection(item, rule)
        label = _rule_label(rule)
        chosen = " and ".join(models)
        if rule in stated:
            claim_model = stated[rule]
            values = _printed_values(item, rule)
            margin = values[claim_model] - max(v for m, v in values.items() if m != claim_model)
            holds = claim_model in models and len(models) == 1
            yield cmp.claim(
                PAPER, SELECTION_ITEM, f"{item}: {claim_model} is selected by {label} on "
                f"{dataset} (the paper's text)", margin, holds,
                detail=f"the printed {item} selects {chosen} by {label} ({best:.3f}; next "
                       f"{runner} {second:.3f}); number: {claim_model}'s printed value minus "
                       f"the best other model's, threshold 0; the paper: \"{words}\"")
        else:
            yield cmp.finding(
                PAPER, SELECTION_ITEM, f"{item}: the printed numbers select {chosen} by "
                f"{label} on {dataset}",
                best - second,
                detail=f"{chosen} {best:.3f}, next {runner} {second:.3f} (number: the gap); "
                       f"the paper's text names no model for {label} here, and its choice by "
                       f"IAM and by the max of row minima is "
                       f"{pr.GRID_SELECTED[item]['IAM']}")


def _printed_values(item, rule):
    rows = pr.GRID_TABLES[item]
    if rule == "row_minimum":
        return {m: min(float(r[c]) for c in MULTIPLE_METRICS) for m, r in rows.items()}
    return {m: float(r[rule]) for m, r in rows.items()}


def _rule_fold_values(fold_scores, table, rule):
    """Per (model, fold) the value whose fold mean is the model's score by ``rule``: the
    index's column, or (row minimum) the fold values of the index that is the row minimum
    of the model's means -- so that the fold mean is the table's ``row_min`` exactly."""
    per_fold = _with_repeat(fold_scores).set_index(["model", "repeat", "fold"])
    if rule != "row_minimum":
        return per_fold[rule]
    of = table["row_min_of"]
    return pd.Series([per_fold.at[key, of[key[0]]] for key in per_fold.index],
                     index=per_fold.index)


def _same_claim_as_cba(item, rule):
    """Is the selection by ``rule`` on ``item`` the selection by CBA (IAM = 2·CBA − 1 on
    every matrix, and the printed tables select the same model by both)?"""
    return rule == "IAM" and printed_selection(item, "IAM")[0] == printed_selection(item, "CBA")[0]


@dataclass(frozen=True)
class SelectionTest:
    """The paper's model against every other (:func:`selection_test`).

    Attributes
    ----------
    estimates : dict
        model -> corrected CV estimate of the per-fold difference paper_model - model.
    adjusted : dict
        model -> Holm-adjusted two-sided p-value.
    verdict : bool or None
        True: ahead of every other; False: some other is ahead; None: neither shown.
    p_value : float
        The decision's p: for "holds", the largest RAW p (the intersection-union test,
        Berger 1982: "ahead of every other" is an intersection of alternatives, shown at
        level alpha when every comparison is significant at alpha, with no multiplicity
        adjustment); for "does not hold" ("some model is ahead": a union), the smallest
        Holm-adjusted p of a model ahead; else the smaller of the two (NaN with ``why``).
    raw : dict
        model -> unadjusted two-sided p-value.
    margin : Estimate
        The smallest difference, with Bonferroni-simultaneous intervals.
    why : str or None
        Why no decision can be made, or None.
    reason : Reason or None
        ``why`` as data (:class:`imbeval.inference.Reason`).
    """

    estimates: dict
    adjusted: dict
    verdict: bool | None
    p_value: float
    margin: inference.Estimate
    why: str | None
    raw: dict | None = None
    reason: inference.Reason | None = None


def selection_test(values, paper_model, others, level=inference.LEVEL) -> SelectionTest:
    """The paper's model against every other on the corrected CV test, adjusted by Holm.

    Parameters
    ----------
    values : Series indexed by (model, repeat, fold): each model's fold values by the rule.
    paper_model : the model the printed table selects.
    others : the other models.
    level : the level of the tests (Holm at ``1 - level``).

    Returns
    -------
    :class:`SelectionTest`.
    """
    est = {m: inference.cv_estimate(_by_repeat(values.loc[paper_model] - values.loc[m]))
           for m in others}
    two_sided = lambda ci: True if ci[0] > 0 or ci[1] < 0 else None  # noqa: E731
    raw = [inference.decision_p_value(e, two_sided) for e in est.values()]
    reject, adjusted = inference.holm(raw, 1 - level)
    adjusted = dict(zip(est, adjusted))
    ahead = [m for m in est if est[m].value < 0]
    # "ahead of every other" is an intersection of alternatives: the intersection-union
    # test (Berger 1982) rejects at alpha when every comparison does, on RAW p-values
    p_hold = max(raw) if not ahead else 1.0
    p_fail = min([adjusted[m] for m in ahead], default=1.0)
    why = next((e.undecidable for e in est.values() if e.undecidable), None)
    verdict = None
    if why is None and not any(math.isnan(v) for v in raw):
        verdict = True if p_hold <= 1 - level else False if p_fail <= 1 - level else None
    # a difference of two scores lies in [-span, span]: the ends are clipped to it
    span = 2.0 if values.abs().max() > 1 or values.min() < 0 else 1.0
    margin = inference.minimum_of(list(est.values()), low=-span, high=span)
    reason = next((e.reason for e in est.values() if e.undecidable), None)
    return SelectionTest(est, adjusted, verdict, math.nan if why else min(p_hold, p_fail),
                         margin, why, dict(zip(est, raw)), reason)


def selection_claim_rows(fold_scores: pd.DataFrame, dataset, folds):
    """Claims: by each index, the model the printed Table 16/18 selects is the best in our
    run too (basis ``run on UCI <dataset>``).

    The paper's model is compared with each of the other models on the corrected CV test
    of the per-fold differences (:func:`imbeval.inference.cv_estimate`)
    (:func:`selection_test`): the claim holds when it is ahead of every other (the
    intersection-union test: every raw p at most 0.05, Berger 1982), does not hold when
    some other is ahead of it (Holm over the comparisons), and is inconclusive
    otherwise (the models are not separable on this run, or there are fewer than 5 folds).
    The claim's number is the smallest difference (the paper's model minus the best other),
    its interval Bonferroni-simultaneous over the comparisons. The selection by IAM is the
    selection by CBA (IAM = 2·CBA − 1 on every matrix): where the printed table selects
    the same model by both, the two are one claim, reported once (under CBA).
    """
    table = grid_table(fold_scores)
    item = GRID_DATASETS[dataset]
    basis = _dataset_basis(dataset)
    for rule in SELECTION_RULES:
        if _same_claim_as_cba(item, rule):
            continue
        models, _, _, _ = printed_selection(item, rule)
        label = _rule_label(rule)
        if rule == "CBA" and _same_claim_as_cba(item, "IAM"):
            label = "CBA (and by IAM = 2·CBA − 1: the same claim)"
        means = table["row_min"] if rule == "row_minimum" else table[rule]
        claim_text = (f"{item}: {' or '.join(models)} is selected by {label} on {dataset} "
                      "(as by the printed numbers)")
        present = [m for m in models if m in means.index]
        if not present or len(means) < 2:
            yield cmp.claim(PAPER, SELECTION_ITEM, claim_text, None, None, basis=basis,
                            detail="the paper's model was not run in this configuration")
            continue
        paper_model = max(present, key=means.get)
        others = [m for m in means.index if m != paper_model]
        values = _rule_fold_values(fold_scores, table, rule)
        test = selection_test(values, paper_model, others)
        margin = test.margin
        low, high = margin.interval()
        ours = str(means.idxmax())
        best_other = min(test.estimates, key=lambda m: test.estimates[m].value)
        ahead = [m for m, e in test.estimates.items() if e.value < 0]
        who = (f"ours selects {paper_model} too ({means[paper_model]:.3f}); runner-up "
               f"{best_other} {means[best_other]:.3f}" if ours == paper_model else
               f"ours selects {ours} ({means[ours]:.3f}); {paper_model} {means[paper_model]:.3f}")
        significant = [m for m in test.estimates
                       if test.adjusted[m] <= 1 - inference.LEVEL]
        why = f"; inconclusive: {test.why}" if test.why else ""
        ci = None if math.isnan(low) else (low, high)
        yield cmp.claim(
            PAPER, SELECTION_ITEM, claim_text, margin.value, test.verdict, basis=basis,
            ci=ci, method=margin.method + "; each comparison a corrected CV test; holds by "
                                          "the intersection-union test (Berger 1982: every "
                                          "raw p at most 0.05, the largest is the claim's "
                                          "p), does not hold when a model ahead is "
                                          f"significant after Holm over the {len(others)}",
            p_value=test.p_value, method_kind=margin.method_kind, reason_kind=test.reason,
            reason=test.why or "",
            detail=f"{who}; number: {paper_model} minus the best other ({best_other}) by "
                   f"{label}, {margin.value:+.3f}, 95% simultaneous interval "
                   f"[{low:+.3f}, {high:+.3f}]; {len(others)} comparisons, Holm-significant: "
                   f"{len(significant)}; models ahead of {paper_model} on average: "
                   f"{', '.join(ahead) if ahead else 'none'}{why}")

