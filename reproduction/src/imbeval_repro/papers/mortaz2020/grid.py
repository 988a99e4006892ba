"""mortaz2020 Tables 16/18 from the 18-model grid's fold scores, and every printed number
of them against the prediction interval of a re-run of our pipeline (rule
``papers_mortaz2020_grid``; :func:`imbeval_repro.papers.mortaz2020.grid_fit.grid_fold_scores` fits the
models, this module only lays the numbers out).

Tables 16/18 protocol (the paper states only "5-fold cross-validation" and the library):
``StratifiedKFold(n_splits=folds, shuffle=True, random_state=seed)``; each model is the
pipeline of :func:`imbeval_repro.experiment.classifiers.mortaz_grid` (StandardScaler inside the pipeline, so
scaling and resampling see the training folds only); each index is computed on each fold's
confusion matrix and averaged over folds ("average accuracies" in the paper). A class that
is never predicted in a fold has an undefined precision: it counts as 0 (``zero_division=0``,
scikit-learn's convention), which lowers MAP, F, CBA and IAM of that fold. Classes are the
labels present in the data (glass: 6, type 4 being empty; satimage: 6).
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from imbeval import inference
from imbeval_repro.papers.mortaz2020.grid_fit import INDEX_FUNCTIONS
from imbeval_repro import verdicts as cmp
from imbeval_repro.papers.mortaz2020 import printed as pr
from imbeval_repro.papers.mortaz2020._common import (GRID_DATASETS, MULTIPLE_METRICS, PAPER, _by_repeat,
                                        _dataset_basis, _unit, _with_repeat)
from imbeval_repro.verdicts.claim_rules import AGREEMENT_TOLERANCE
from imbeval_repro.papers.mortaz2020.identity import printed_identity_gap, printed_identity_pairs

__all__ = ["grid_table", "grid_selection", "selection_margin", "grid_markdown_notes",
           "CI_METHOD", "KNOWN_DIFFERENCES", "fold_interval", "grid_intervals",
           "grid_rerun_check", "grid_verdict_rows", "pooled_spreads", "POOL_BELOW",
           "SPREAD_TOO_POOR"]

def grid_table(fold_scores: pd.DataFrame) -> pd.DataFrame:
    """Tables 16/18: fold means per model, the row minimum and whether IAM is below it.

    Columns ACC, CBA, MAR, MAP, F, IAM (means), ``row_min`` (minimum of the five multiple
    metrics), ``row_min_of`` (which of them), ``iam_is_row_min`` (IAM <= every other index
    of the row), ``selected_row_min`` / ``selected_iam`` (✓ on the selected model). Fit
    times are not part of the table (they differ from run to run): the command writes them
    to a benchmark file.
    """
    order = list(dict.fromkeys(fold_scores["model"]))
    means = fold_scores.groupby("model")[list(INDEX_FUNCTIONS)].mean().loc[order]
    table = means[["ACC", "CBA", "MAR", "MAP", "F", "IAM"]].copy()
    multi = table[list(MULTIPLE_METRICS)]
    table["row_min"] = multi.min(axis=1)
    table["row_min_of"] = multi.idxmin(axis=1)
    table["iam_is_row_min"] = table["IAM"].le(multi.min(axis=1))
    best_min, best_iam = table["row_min"].idxmax(), table["IAM"].idxmax()
    table["selected_row_min"] = np.where(table.index == best_min, "✓", "")
    table["selected_iam"] = np.where(table.index == best_iam, "✓", "")
    table.index.name = "model"
    return table


def grid_selection(table: pd.DataFrame) -> dict:
    """The model each rule selects from a :func:`grid_table`: ``{"row_minimum": name,
    "IAM": name}``."""
    return {"row_minimum": str(table["row_min"].idxmax()), "IAM": str(table["IAM"].idxmax())}


def selection_margin(fold_scores, table, dataset, rule="IAM"):
    """Our choice versus the paper's under one rule: means, and the fold-to-fold spread.

    Returns (ours, paper's, mean difference, standard deviation over folds of the paired
    difference) for the IAM rule (for the row-minimum rule the column is the row minimum).
    """
    item = GRID_DATASETS[dataset]
    ours, paper = grid_selection(table)[rule], pr.GRID_SELECTED[item][rule]
    metric = "IAM" if rule == "IAM" else list(MULTIPLE_METRICS)
    per_fold = _with_repeat(fold_scores).set_index(["model", "repeat", "fold"])
    values = per_fold["IAM"] if rule == "IAM" else per_fold[metric].min(axis=1)
    if paper not in values.index.get_level_values(0):
        return ours, paper, float("nan"), float("nan")
    diff = values.loc[ours] - values.loc[paper]
    return ours, paper, float(diff.mean()), float(diff.std(ddof=1))


def grid_markdown_notes(table, dataset, folds, seed, fold_scores=None):
    """The notes under the Markdown rendering of Table 16/18: protocol, both
    selections, how often IAM is the row minimum, the IAM = 2 CBA - 1 identity."""
    item = GRID_DATASETS[dataset]
    ours, paper = grid_selection(table), pr.GRID_SELECTED[item]
    notes = [
        f"{folds}-fold stratified CV (shuffled, seed {seed}); StandardScaler and the "
        "resampler inside the pipeline; indices per fold, averaged; undefined precision = 0.",
        f"Selected by max of row minima: ours {ours['row_minimum']}, paper {paper['row_minimum']}.",
        f"Selected by IAM: ours {ours['IAM']}, paper {paper['IAM']}.",
        f"IAM is the row minimum in {int(table['iam_is_row_min'].sum())} of {len(table)} rows "
        "(IAM <= CBA, MAP, MAR, F always hold; IAM <= ACC, the paper's Theorem 4, can fail: "
        "e.g. [[3,0,0,1,0],[0,1,0,0,0],[0,0,1,0,0],[0,0,0,0,44],[1,0,0,0,0]] has IAM 0.100 > "
        "ACC 0.098 -- so it is checked here, not assumed).",
        "IAM = 2 CBA - 1 holds exactly for every matrix (c_ii - max(n_i - c_ii, k_i - c_ii) "
        "= 2 c_ii - max(n_i, k_i)), hence for fold means; the paper's printed rows deviate "
        f"from it by up to {printed_identity_gap(item):.3f}.",
        "Values differ from the paper's: its folds, library versions and preprocessing are "
        "unstated.",
    ]
    if fold_scores is not None:
        ours_iam, paper_iam, diff, spread = selection_margin(fold_scores, table, dataset)
        if ours_iam != paper_iam:
            notes.append(f"IAM of {ours_iam} minus IAM of {paper_iam}: {diff:+.3f} on average, "
                         f"fold-to-fold standard deviation of that difference {spread:.3f}.")
    return notes


#: repetitions below which a cell's spread may be pooled over its model family (the model
#: and its -RUS, -ROS variants, one index; ``grid_verdict_rows(pool=True)``): R − 1 df
#: alone give a wide t quantile. Not the default: on glass (seed 20200, 10 repetitions,
#: intervals from the first 2, 3 or 5 checked on the held-out ones) the pooled intervals
#: left 8.6-14.1% of re-runs outside where each cell's own left 4.6-10.0%
#: (benchmarks/grid_pooling.py, docs/performance.md): the family's spreads differ more than
#: Bartlett's test on so few repetitions can see.
POOL_BELOW = 10
#: the level of the homogeneity test a pool must pass (Bartlett 1937)
POOL_ALPHA = 0.05
#: the words of a row outside our interval whose re-run spread has too few degrees of
#: freedom to decide on (:data:`imbeval.inference.MIN_RERUN_DF`); the row says it as data
#: too (``reason_kind`` :attr:`imbeval.inference.Reason.TOO_FEW_DF`), which the overview
#: counts
SPREAD_TOO_POOR = "a decision needs at least"


#: How a grid score is compared with the printed one (stated in the verdict rows).
CI_METHOD = (f"{inference.METHODS['rerun']}: ours ± t·SD·sqrt(1 + 1/R) + half the printed "
             "unit, SD the spread of one re-run's mean: with R ≥ 2 CV repetitions the "
             "standard deviation of their means (t with R − 1 df, each cell its own: "
             "pooling a model family's cells under-covered on glass, docs/performance.md), "
             "with one CV the corrected variance of its mean, (1/k + 1/(k − 1))·s² (t with "
             "k − 1 df; conservative)")

#: Known differences between our grid and what the paper most likely ran, by classifier:
#: scikit-learn 0.22 (December 2019) changed three defaults of the grid's models, and our
#: own settings raise two iteration limits (:func:`imbeval_repro.experiment.classifiers.mortaz_grid`).
KNOWN_DIFFERENCES = {
    "LR": "LogisticRegression fitted liblinear one-vs-rest by default before scikit-learn "
          "0.22 (ours: lbfgs multinomial, max_iter 1000)",
    "SVM": "SVC's default gamma was 'auto' (1/n_features) before scikit-learn 0.22 "
           "(ours: 'scale')",
    "RF": "RandomForestClassifier grew 10 trees by default before scikit-learn 0.22 "
          "(ours: 100)",
    "ANN": "our MLP runs up to 1000 iterations (default 200)",
}


def fold_interval(values, low=-math.inf, high=math.inf) -> tuple[float, float]:
    """The 95% corrected CV interval of the mean of ``values`` (one repetition's k fold
    values of one number, or ``(repeats, folds)``), clipped to ``[low, high]`` (an index's
    range).

    :func:`imbeval.inference.cv_interval`: ``mean ± t(k − 1)·sqrt((1/k + 1/(k − 1))·s²)``
    (Nadeau and Bengio 2003): the folds share training data, so the plain ``s/√k`` would be
    too narrow.

    Examples
    --------
    >>> lo, hi = fold_interval([0.5, 0.7], 0.0, 1.0)
    >>> (lo, hi)
    (0.0, 1.0)
    >>> fold_interval([0.6, 0.6, 0.6])
    (0.6, 0.6)
    """
    v = np.asarray(values, dtype=float)
    v = v[None, :] if v.ndim == 1 else v
    if v.ndim != 2 or v.shape[1] < 2 or not np.isfinite(v).all():
        raise ValueError(f"values must be at least two finite fold values, got {values!r}")
    if not low <= high:
        raise ValueError(f"low must not exceed high, got low={low}, high={high}")
    lo, hi = inference.cv_interval(v)
    return max(lo, low), min(hi, high)


def _bounds(column):
    return (-1.0, 1.0) if column == "IAM" else (0.0, 1.0)


def grid_intervals(fold_scores: pd.DataFrame) -> pd.DataFrame:
    """Per (model, index): the fold mean and its 95% interval (:func:`fold_interval`).

    Returns a frame indexed by ``(model, index)`` with columns ``mean, ci_low, ci_high,
    folds``, models in grid order, indices in :data:`INDEX_FUNCTIONS` order.

    Examples
    --------
    >>> folds = pd.DataFrame({"model": ["RF"] * 2, "fold": [0, 1],
    ...                       **{c: [0.5, 0.7] for c in INDEX_FUNCTIONS}})
    >>> float(grid_intervals(folds).loc[("RF", "ACC"), "mean"])
    0.6
    """
    missing = {"model", "fold", *INDEX_FUNCTIONS} - set(fold_scores.columns)
    if missing:
        raise ValueError(f"fold_scores lacks the columns {sorted(missing)}")
    records = []
    scores = _with_repeat(fold_scores)
    for model, part in scores.groupby("model", sort=False):
        part = part.set_index(["repeat", "fold"])
        for column in INDEX_FUNCTIONS:
            low, high = fold_interval(_by_repeat(part[column]), *_bounds(column))
            records.append({"model": model, "index": column, "mean": float(part[column].mean()),
                            "ci_low": low, "ci_high": high, "folds": len(part)})
    return pd.DataFrame(records).set_index(["model", "index"])


def _printed_identity_break(item, model):
    """The printed IAM's distance from 2·CBA − 1 of the printed CBA when it exceeds print
    precision (see :func:`printed_identity_pairs`), else None."""
    for pair in printed_identity_pairs():
        if pair["table"] == item and pair["row"] == model and not pair["agrees"]:
            return pair
    return None


def grid_rerun_check(values, printed: str, low=-math.inf, high=math.inf, spread=None):
    """The check of a printed grid number against a re-run of ours (built on
    :func:`imbeval.inference.rerun_estimate`, which returns the estimate it rests on).

    Parameters
    ----------
    values : the fold values of our number, ``(folds,)`` for one CV repetition or
        ``(repeats, folds)``.
    printed : the printed string (its last digit sets the half unit the interval widens by,
        and narrows the agreement margin by).
    low, high : the index's range (the interval is clipped to it).
    spread : ``(sd, df)`` pooled over cells (:func:`imbeval.inference.pooled_rerun_spread`),
        or None for the cell's own.

    Returns
    -------
    :class:`imbeval.inference.RerunComparison`: the 95% prediction interval of a re-run
    (``interval``), the p-value of "differs from a re-run" (``p_value``), the replication
    spread and where it came from (``estimate.sd``, ``estimate.source``) and the raw TOST
    p-value of agreement within :data:`imbeval_repro.verdicts.claim_rules.AGREEMENT_TOLERANCE`
    minus half the print unit (``tost_p``, on the re-run spread ``SD·sqrt(1 + 1/R)``).

    Examples
    --------
    >>> c = grid_rerun_check([0.60, 0.62, 0.61, 0.63, 0.59], "0.61")
    >>> c.interval[0] < 0.61 < c.interval[1], c.p_value, c.estimate.source
    (True, 1.0, 'corrected variance')
    """
    return inference.compare_to_rerun(values, cmp.printed_number(printed),
                                      half_unit=0.5 * _unit(printed),
                                      tolerance=AGREEMENT_TOLERANCE, low=low, high=high,
                                      spread=spread)


def _family(model):
    return model.partition("-")[0]


def pooled_spreads(per_fold, repeats, alpha=POOL_ALPHA):
    """``{(model, index): (sd, df, bartlett_p)}`` for the cells whose re-run spread is
    pooled over their model family (:data:`POOL_BELOW`): with ``2 <= repeats <
    POOL_BELOW``, the three cells of a family (KNN, KNN-RUS, KNN-ROS) and one index share
    one pooled spread (:func:`imbeval.inference.pooled_rerun_spread`, ``3 (R − 1)`` df) when
    Bartlett's test does not reject that their repetitions' means have equal variances at
    ``alpha``; otherwise (and with one CV or ``R >= POOL_BELOW``) each cell keeps its own.

    ``per_fold``: fold scores indexed by ``(model, repeat, fold)``.
    """
    if not 2 <= repeats < POOL_BELOW:
        return {}
    models = list(dict.fromkeys(per_fold.index.get_level_values("model")))
    out = {}
    for family in dict.fromkeys(map(_family, models)):
        members = [m for m in models if _family(m) == family]
        if len(members) < 2:
            continue
        for column in INDEX_FUNCTIONS:
            cells = [_by_repeat(per_fold.loc[m, column]) for m in members]
            p = inference.spread_homogeneity(cells)
            if math.isfinite(p) and p > alpha:
                sd, df = inference.pooled_rerun_spread(cells)
                out.update({(m, column): (sd, df, p) for m in members})
    return out


def _repeats_for_agreement(sd: float, tolerance: float) -> str:
    """What would make agreement within ``tolerance`` reachable: the repetitions ``R`` at
    which a re-run's prediction half-width ``t(0.975, R - 1) · sd · sqrt(1 + 1/R)`` falls
    below it, or none when even ``1.96 · sd`` (R -> infinity) does not.

    >>> _repeats_for_agreement(0.02, 0.0195)
    'one re-run varies by SD 0.020: no number of repetitions brings it within'
    >>> _repeats_for_agreement(0.005, 0.0195)
    'one re-run varies by SD 0.005: 4 repetitions would bring it within'
    """
    from scipy.stats import t

    if not (sd > 0 and math.isfinite(sd)):
        return "the re-run's spread is unknown"
    if 1.959964 * sd >= tolerance:
        return f"one re-run varies by SD {sd:.3f}: no number of repetitions brings it within"
    for r in range(2, 1001):
        if t.ppf(0.975, r - 1) * sd * math.sqrt(1 + 1 / r) < tolerance:
            return f"one re-run varies by SD {sd:.3f}: {r} repetitions would bring it within"
    return f"one re-run varies by SD {sd:.3f}: more than 1000 repetitions would be needed"


def _interval_text(rerun, pooled=None):
    """``prediction interval ±w (how SD was made)``: the row's statement of its interval."""
    e = rerun.estimate
    how = e.spread_text()
    if pooled is not None:
        how += (f", over the model family's 3 cells (Bartlett p = {pooled[2]:.2g}: spreads "
                "not distinguishable; pool=True)")
    return f"prediction interval ±{e.half_width():.3f} ({how})"


def grid_verdict_rows(fold_scores: pd.DataFrame, dataset, folds, seed=None, pool=False):
    """Every printed number of Table 16/18 against ours, with the prediction interval of a
    re-run; then the two selections.

    Each number's status is *not distinguishable from a re-run* when the printed value lies
    in the 95% prediction interval of a re-run of our pipeline
    (:func:`grid_rerun_check`,
    :data:`CI_METHOD`), else *differs from a re-run* (kept only if the table fails its global
    test and Benjamini-Hochberg locates it, else *outside our 95% interval, not decisive*:
    :func:`imbeval_repro.verdicts.adjust`). Every row's ``detail`` starts with
    ``prediction interval ±w (how SD was made)`` and says whether the printed value lies
    outside it (:func:`imbeval_repro.verdicts.outside_interval` reads it from the
    interval). Each decided number also says whether ours and the printed value are shown
    to agree within :data:`imbeval_repro.verdicts.claim_rules.AGREEMENT_TOLERANCE` minus half the
    print unit (TOST on the re-run spread), Holm-adjusted over the table's agreement
    tests: "shown" only after that adjustment. The detail names the known differences of
    the model's settings (:data:`KNOWN_DIFFERENCES`) and, for an IAM whose printed pair
    breaks IAM = 2·CBA − 1, says so. Basis: ``run on UCI <dataset>``. ``pool``: pool the
    spreads of a model family's cells (:func:`pooled_spreads`); off by default, since it
    under-covered where measured (:data:`POOL_BELOW`).
    """
    table = grid_table(fold_scores)
    item = GRID_DATASETS[dataset]
    basis = _dataset_basis(dataset)
    split = f"{folds}-fold stratified CV" + (f" (seed {seed})" if seed is not None else "")
    per_fold = _with_repeat(fold_scores).set_index(["model", "repeat", "fold"]).sort_index()
    repeats = int(per_fold.index.get_level_values("repeat").max()) + 1
    times = "one" if repeats == 1 else f"{repeats} repetitions of a"
    setting = (f"ours: {times} {split} of scikit-learn defaults + scaling on UCI {dataset}; "
               "the paper's folds, versions and preprocessing are unstated")
    if dataset == "satimage":
        setting += "; the UCI files hold 6435 rows, the paper's copy 6430"
    method = (f"{CI_METHOD}; here R = {repeats} repetition{'s' if repeats > 1 else ''} of "
              f"{folds} folds, so SD is "
              + ("the repetitions' spread" if repeats >= 2 else "the corrected variance"))
    pools = pooled_spreads(per_fold, repeats) if pool else {}
    cells = []
    for model, printed_row in pr.GRID_TABLES[item].items():
        for column, text in printed_row.items():
            if model not in table.index:
                cells.append((model, column, text, None, None, None))
                continue
            values = _by_repeat(per_fold.loc[model, column])
            pooled = pools.get((model, column))
            rerun = grid_rerun_check(values, text, *_bounds(column),
                                   spread=None if pooled is None else pooled[:2])
            decided = values.size >= inference.MIN_FOLD_VALUES
            cells.append((model, column, text, values, rerun if decided else None,
                          (rerun, pooled)))
    # agreement (TOST) is a family of its own: Holm over the table's decided numbers
    tost_raw = [c[4].tost_p if c[4] is not None else math.nan for c in cells]
    _, tost_adjusted = inference.holm(tost_raw)
    tested = int(np.isfinite(tost_raw).sum())
    for (model, column, text, values, decided, made), adjusted in zip(cells, tost_adjusted):
        if values is None:
            yield cmp.row(PAPER, item, model, column, text, None,
                          not_comparable="model not run in this configuration", basis=basis)
            continue
        rerun, pooled = made
        ci, p = rerun.interval, rerun.p_value
        where = ("the printed value lies outside it" if not rerun.inside
                 else "the printed value lies inside it")
        why = [f"{_interval_text(rerun, pooled)}: {where}", setting]
        half_width = (ci[1] - ci[0]) / 2 if ci is not None else math.nan
        if decided is not None and half_width > rerun.tolerance:
            # TOST needs the re-run's prediction interval inside ±tolerance: with a wider
            # prediction interval no printed value could be shown to agree
            why.append(f"agreement out of reach: a re-run's 95% prediction half-width "
                       f"{half_width:.3f} exceeds the tolerance ±{rerun.tolerance:g} "
                       f"(TOST p = {rerun.tost_p:.3g}); "
                       + _repeats_for_agreement(rerun.estimate.sd, rerun.tolerance))
        elif decided is not None:
            verdict = "shown" if adjusted <= inference.DECISIVE_ALPHA else "not shown"
            why.append(f"agreement within ±{rerun.tolerance:g} ({AGREEMENT_TOLERANCE:g} minus "
                       f"half the printed unit) {verdict} (TOST p = {rerun.tost_p:.3g} on "
                       f"SD·sqrt(1 + 1/R), Holm over the table's {tested} agreement tests: "
                       f"adjusted p = {adjusted:.3g})")
        known = KNOWN_DIFFERENCES.get(_family(model))
        if known:
            why.append(f"known difference: {known}")
        broken = _printed_identity_break(item, model) if column == "IAM" else None
        if broken:
            why.append(f"the printed IAM is not 2·CBA − 1 = {broken['implied']:.3f} of the "
                       f"printed CBA {broken['cba']} (see the IAM = 2·CBA − 1 rows)")
        if decided is None:
            # too few folds to know the spread: no decision, the interval stays shown
            why.insert(0, f"not decided: {values.size} fold values, at least "
                          f"{inference.MIN_FOLD_VALUES} needed")
            p = math.nan
        row = cmp.row(PAPER, item, model, column, text, table.loc[model, column],
                      setting="; ".join(why), basis=basis, ci=ci, method=method,
                      p_value=p, method_kind=inference.Method.RERUN)
        if math.isnan(p) and row["verdict_kind"] in (cmp.Status.DIFFERS.value,
                                             cmp.Status.NOT_DISTINGUISHABLE.value):
            row = cmp.restated(row, cmp.Status.SETTING, "; ".join(why))
        elif (row["verdict_kind"] == cmp.Status.DIFFERS.value
              and rerun.estimate.sd_df < inference.MIN_RERUN_DF):
            # outside, but the spread is too poorly known for the verdict to survive another
            # seed; the p-value stays (the table's global test and q-values count it)
            reason = (f"the re-run spread rests on {rerun.estimate.sd_df:g} df, "
                      f"{SPREAD_TOO_POOR} {inference.MIN_RERUN_DF} "
                      f"(R >= {inference.MIN_RERUN_DF + 1} repetitions, papers.grid_repeats)")
            why.insert(1, f"not decisive: {reason}")
            row = cmp.restated(row, cmp.Status.OUTSIDE, "; ".join(why),
                               reason_kind=inference.Reason.TOO_FEW_DF, reason=reason)
        yield row
    ours, paper = grid_selection(table), pr.GRID_SELECTED[item]
    for rule in ("row_minimum", "IAM"):
        if ours[rule] == paper[rule]:
            status, detail = cmp.Status.MATCH, f"both select {ours[rule]}"
        else:
            status, detail = cmp.Status.SETTING, (
                f"ours selects {ours[rule]}, the paper {paper[rule]} (our {folds}-fold CV of "
                f"scikit-learn defaults on UCI {dataset}; the paper's folds, versions and "
                "preprocessing are unstated; the claim rows give the uncertainty)")
        # the selection is a name, not a number: it is reported in the status
        yield cmp.verdict_row(
            PAPER, item, "selected model", rule, paper[rule], None, status, detail,
            basis=basis, method="names compared, no verdict: the selection claims carry the "
                                "test (corrected CV test against every other model; holds "
                                "by the intersection-union test)")
