"""mortaz2020: Tables 2-6 and 9 from the printed matrices, the class distributions, and
Tables 16/18 from the 18-model grid's fold scores
(:func:`imbeval.protocol.mortaz_grid.grid_fold_scores` fits the models; this module only
lays the numbers out).

Tables 16/18 protocol (the paper states only "5-fold cross-validation" and the library):
``StratifiedKFold(n_splits=folds, shuffle=True, random_state=seed)``; each model is the
pipeline of :func:`imbeval.classifiers.mortaz_grid` (StandardScaler inside the pipeline, so
scaling and resampling see the training folds only); each index is computed on each fold's
confusion matrix and averaged over folds ("average accuracies" in the paper). A class that
is never predicted in a fold has an undefined precision: it counts as 0 (``zero_division=0``,
scikit-learn's convention), which lowers MAP, F, CBA and IAM of that fold. Classes are the
labels present in the data (glass: 6, type 4 being empty; satimage: 6).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pandas as pd

from imbeval import inference
from imbeval.protocol.mortaz_grid import INDEX_FUNCTIONS, load_grid_dataset
from imbeval.tables import comparison as cmp
from imbeval.tables.claim_rules import AGREEMENT_TOLERANCE
from imbeval.tables import printed as pr

__all__ = [
    "INDEX_FUNCTIONS", "MULTIPLE_METRICS", "example_tables", "example_comparison_rows",
    "distribution_table", "distribution_comparison_rows", "not_comparable_rows",
    "grid_table", "grid_selection", "grid_comparison_rows", "CI_METHOD", "KNOWN_DIFFERENCES",
    "fold_interval", "grid_intervals", "SELECTION_RULES", "printed_selection",
    "printed_selection_rows", "selection_claim_rows", "SELECTION_ITEM", "IDENTITY_ITEM",
    "printed_identity_pairs", "identity_check", "identity_rows",
]

PAPER = "mortaz2020"

#: The five indices of the "multiple metric approach" (Tables 16/18, row minimum over them).
MULTIPLE_METRICS = ("ACC", "CBA", "MAR", "MAP", "F")
GRID_DATASETS = {"glass": "Table 16", "satimage": "Table 18"}


def _matrix(name):
    return np.asarray(pr.MORTAZ_MATRICES[name], dtype=float)


def _with_repeat(fold_scores: pd.DataFrame) -> pd.DataFrame:
    """Fold scores with a ``repeat`` column (a single CV's scores, without one, are
    repetition 0)."""
    return fold_scores if "repeat" in fold_scores.columns else fold_scores.assign(repeat=0)


def _by_repeat(series: pd.Series) -> np.ndarray:
    """A (repeat, fold)-indexed Series as the ``(repeats, folds)`` matrix of its values."""
    return series.unstack("fold").sort_index().to_numpy(dtype=float)


# ---------------------------------------------------------------------------------------
# Tables 2, 3, 5, 6, 9 -- from the printed matrices
# ---------------------------------------------------------------------------------------

def example_tables() -> pd.DataFrame:
    """All six indices of CM1..CM4 (Tables 2, 3, 5, 6 and the IAM of Table 9), unrounded."""
    examples = {"CM1": ("Example 1a", "Table 2"), "CM2": ("Example 1b", "Table 3"),
                "CM3": ("Example 2a", "Table 5"), "CM4": ("Example 2b", "Table 6")}
    records = []
    for name, (example, table) in examples.items():
        m = _matrix(name)
        record = {"matrix": name, "example": example, "table": table}
        record.update({col: float(f(m)) for col, f in INDEX_FUNCTIONS.items()})
        records.append(record)
    return pd.DataFrame(records).set_index("matrix")


def example_comparison_rows():
    """The printed indices of Tables 2, 3, 5, 6 and 9 against :func:`example_tables`."""
    values = example_tables()
    for table, (matrix, printed) in pr.MORTAZ_METRIC_TABLES.items():
        for column, text in printed.items():
            yield cmp.row(PAPER, table, matrix, column, text, values.loc[matrix, column],
                          erratum=pr.MORTAZ_ERRATA.get((table, matrix, column)))
    for example, (matrix, text) in pr.MORTAZ_TABLE9.items():
        yield cmp.row(PAPER, "Table 9", "IAM", example, text, values.loc[matrix, "IAM"],
                      erratum=pr.MORTAZ_ERRATA.get(("Table 9", "IAM", example)))


# ---------------------------------------------------------------------------------------
# Class distributions (Tables 1, 4, 7, 11-15, 17)
# ---------------------------------------------------------------------------------------

def _data_counts(dataset, n_classes):
    """Counts of classes 1..n_classes in the vendored data (0 for absent labels)."""
    X, y = load_grid_dataset(dataset)
    return [int(np.sum(y == c)) for c in range(1, n_classes + 1)]


def _regenerated_distribution(table):
    if table == "Table 1":
        return _matrix("CM1").sum(axis=1), "row sums of CM1 (CM2 gives the same)"
    if table == "Table 4":
        return _matrix("CM3").sum(axis=1), "row sums of CM3 (CM4 gives the same)"
    if table == "Table 15":
        return _data_counts("glass", 7), "UCI glass (vendored), Type of glass 1-7"
    if table == "Table 17":
        return _data_counts("satimage", 7), "UCI satimage sat.trn + sat.tst (6435 rows)"
    return None, None


def distribution_table() -> pd.DataFrame:
    """Printed and regenerated class counts of every distribution table, one row per class."""
    records = []
    for table, counts in pr.MORTAZ_DISTRIBUTIONS.items():
        regenerated, source = _regenerated_distribution(table)
        for i, text in enumerate(counts):
            records.append({
                "table": table, "class": i + 1, "printed": int(cmp.printed_number(text)),
                "regenerated": None if regenerated is None else int(regenerated[i]),
                "source": source or "input of the Figs. 1-4 sweep / Example 3 (no data)",
            })
    return pd.DataFrame(records)


def distribution_comparison_rows():
    """The printed class distributions against the matrices' row sums, the vendored
    data and the sweep's class sizes."""
    sweep = {"Table 11": "Fig. 1", "Table 12": "Fig. 2", "Table 13": "Fig. 3", "Table 14": "Fig. 4"}
    for table, counts in pr.MORTAZ_DISTRIBUTIONS.items():
        regenerated, _ = _regenerated_distribution(table)
        for i, text in enumerate(counts):
            label = f"class {i + 1}"
            if table in sweep:
                # an input, not a result: the sweep's generated rows have these class sizes
                yield cmp.row(PAPER, table, "frequency", label, text, float(cmp.printed_number(text)),
                              note=f"an input: the {sweep[table]} sweep draws exactly these "
                                   "class sizes")
            elif regenerated is None:
                yield cmp.row(PAPER, table, "frequency", label, text, None,
                              not_comparable="Example 3 prints no confusion matrices or data")
            elif table == "Table 17":
                yield cmp.row(PAPER, table, "frequency", label, text, regenerated[i],
                              setting="the UCI files hold 6435 rows; the paper's OpenML copy "
                                      "had 6430 (5 rows fewer in classes 1, 3, 4)")
            else:
                yield cmp.row(PAPER, table, "frequency", label, text, regenerated[i])


def not_comparable_rows():
    """Tables 8 and 10 (Example 3): printed without matrices."""
    for model, values in pr.MORTAZ_TABLE8.items():
        for column, text in values.items():
            yield cmp.row(PAPER, "Table 8", model, column, text, None,
                          not_comparable="Example 3 prints no confusion matrices")
    for model, text in pr.MORTAZ_TABLE10.items():
        yield cmp.row(PAPER, "Table 10", "IAM", model, text, None,
                      not_comparable="Example 3 prints no confusion matrices")


# ---------------------------------------------------------------------------------------
# Tables 16 and 18 -- the 18-model grid under stratified CV
# ---------------------------------------------------------------------------------------

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
    ours, paper = grid_selection(table)[rule], pr.MORTAZ_GRID_SELECTED[item][rule]
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
    ours, paper = grid_selection(table), pr.MORTAZ_GRID_SELECTED[item]
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


def printed_identity_gap(item):
    """max |IAM - (2 CBA - 1)| over the printed rows of Table 16 or 18."""
    return max(abs(p["gap"]) for p in printed_identity_pairs() if p["table"] == item)


#: How a grid score is compared with the printed one (stated in the comparison rows).
CI_METHOD = (f"{inference.METHODS['rerun']}: ours ± t·SD·sqrt(1 + 1/R) + half the printed "
             "unit, SD the replication spread (with fewer than 10 CV repetitions, the "
             "corrected variance of one repetition's mean, (1/k + 1/(k − 1))·s², which is "
             "conservative)")

#: Known differences between our grid and what the paper most likely ran, by classifier:
#: scikit-learn 0.22 (December 2019) changed three defaults of the grid's models, and our
#: own settings raise two iteration limits (:func:`imbeval.classifiers.mortaz_grid`).
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


def _dataset_basis(dataset):
    return cmp.run_basis(f"UCI {dataset}")


def _printed_identity_break(item, model):
    """The printed IAM's distance from 2·CBA − 1 of the printed CBA when it exceeds print
    precision (see :func:`printed_identity_pairs`), else None."""
    for pair in printed_identity_pairs():
        if pair["table"] == item and pair["row"] == model and not pair["agrees"]:
            return pair
    return None


def rerun_estimate(values, printed: str, low=-math.inf, high=math.inf):
    """The comparison of a printed grid number with a re-run of ours.

    Parameters
    ----------
    values : the fold values of our number, ``(folds,)`` for one CV repetition or
        ``(repeats, folds)``.
    printed : the printed string (its last digit sets the half unit the interval widens by).
    low, high : the index's range (the interval is clipped to it).

    Returns
    -------
    :class:`imbeval.inference.RerunComparison`: the 95% prediction interval of a re-run
    (``interval``), the p-value of "differs from a re-run" (``p_value``), the replication
    spread and where it came from (``estimate.sd``, ``estimate.source``) and the TOST
    p-value of agreement within :data:`imbeval.tables.claim_rules.AGREEMENT_TOLERANCE`
    (``tost_p``, on the corrected standard error of our mean, ``estimate.se``).

    Examples
    --------
    >>> c = rerun_estimate([0.60, 0.62, 0.61, 0.63, 0.59], "0.61")
    >>> c.interval[0] < 0.61 < c.interval[1], c.p_value, c.estimate.source
    (True, 1.0, 'corrected variance')
    """
    return inference.compare_to_rerun(values, cmp.printed_number(printed),
                                      half_unit=0.5 * _unit(printed),
                                      tolerance=AGREEMENT_TOLERANCE, low=low, high=high)


def grid_comparison_rows(fold_scores: pd.DataFrame, dataset, folds, seed=None):
    """Every printed number of Table 16/18 against ours, with the prediction interval of a
    re-run; then the two selections.

    Each number's status is *consistent with a re-run* when the printed value lies in the
    95% prediction interval of a re-run of our pipeline (:func:`rerun_estimate`,
    :data:`CI_METHOD`), else *differs from a re-run* (kept only after Holm's adjustment over
    the table, :func:`imbeval.tables.comparison.adjust`); a consistent one also says whether
    ours and the printed value are shown to agree within
    :data:`imbeval.tables.claim_rules.AGREEMENT_TOLERANCE` (TOST). The status names the
    known differences of the model's settings (:data:`KNOWN_DIFFERENCES`) and, for an IAM
    whose printed pair breaks IAM = 2·CBA − 1, says so. Basis: ``run on UCI <dataset>``.
    """
    table = grid_table(fold_scores)
    item = GRID_DATASETS[dataset]
    basis = _dataset_basis(dataset)
    split = f"{folds}-fold stratified CV" + (f" (seed {seed})" if seed is not None else "")
    setting = (f"ours: one {split} of scikit-learn defaults + scaling on UCI {dataset}; the "
               "paper's folds, versions and preprocessing are unstated")
    if dataset == "satimage":
        setting += "; the UCI files hold 6435 rows, the paper's copy 6430"
    per_fold = _with_repeat(fold_scores).set_index(["model", "repeat", "fold"]).sort_index()
    repeats = int(per_fold.index.get_level_values("repeat").max()) + 1
    method = (f"{CI_METHOD}; here R = {repeats} repetition{'s' if repeats > 1 else ''} of "
              f"{folds} folds, so SD is "
              + ("the repetitions' spread" if repeats >= 10 else "the corrected variance"))
    for model, printed_row in pr.MORTAZ_GRID_TABLES[item].items():
        for column, text in printed_row.items():
            if model not in table.index:
                yield cmp.row(PAPER, item, model, column, text, None,
                              not_comparable="model not run in this configuration",
                              basis=basis)
                continue
            values = _by_repeat(per_fold.loc[model, column])
            rerun = rerun_estimate(values, text, *_bounds(column))
            ci, p = rerun.interval, rerun.p_value
            why = [setting]
            if rerun.inside:
                verdict = "shown" if rerun.tost_p <= inference.ALPHA else "not shown"
                why.append(f"agreement within ±{AGREEMENT_TOLERANCE:g} {verdict} (TOST p = "
                           f"{rerun.tost_p:.3g})")
            known = KNOWN_DIFFERENCES.get(model.partition("-")[0])
            if known:
                why.append(f"known difference: {known}")
            broken = _printed_identity_break(item, model) if column == "IAM" else None
            if broken:
                why.append(f"the printed IAM is not 2·CBA − 1 = {broken['implied']:.3f} of the "
                           f"printed CBA {broken['cba']} (see the IAM = 2·CBA − 1 rows)")
            if values.size < inference.MIN_FOLD_VALUES:
                # too few folds to know the spread: no decision, the interval stays shown
                why.insert(0, f"not decided: {values.size} fold values, at least "
                              f"{inference.MIN_FOLD_VALUES} needed")
                p = math.nan
            row = cmp.row(PAPER, item, model, column, text, table.loc[model, column],
                          setting="; ".join(why), basis=basis, ci=ci, method=method,
                          p_value=p)
            if math.isnan(p) and row["kind"] in (cmp.Status.DIFFERS.value,
                                                 cmp.Status.CONSISTENT.value):
                row = cmp.restated(row, cmp.Status.SETTING, "; ".join(why))
            yield row
    ours, paper = grid_selection(table), pr.MORTAZ_GRID_SELECTED[item]
    for rule in ("row_minimum", "IAM"):
        if ours[rule] == paper[rule]:
            status, detail = cmp.Status.MATCH, f"both select {ours[rule]}"
        else:
            status, detail = cmp.Status.SETTING, (
                f"ours selects {ours[rule]}, the paper {paper[rule]} (our {folds}-fold CV of "
                f"scikit-learn defaults on UCI {dataset}; the paper's folds, versions and "
                "preprocessing are unstated; the claim rows give the uncertainty)")
        # the selection is a name, not a number: it is reported in the status
        yield cmp.comparison_row(
            PAPER, item, "selected model", rule, paper[rule], None, status, detail,
            basis=basis, method="names compared, no verdict: the selection claims carry the "
                                "test (corrected CV test against every other model, Holm)")


# ---------------------------------------------------------------------------------------
# Which model each index selects: the printed tables, and our run
# ---------------------------------------------------------------------------------------

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
    if item not in pr.MORTAZ_GRID_TABLES:
        raise ValueError(f"item must be one of {sorted(pr.MORTAZ_GRID_TABLES)}, got {item!r}")
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

    Where the paper's text states the selection (:data:`imbeval.tables.printed.MORTAZ_GRID_STATED`)
    the row is a claim checked on the printed column (its number: the stated model's value
    minus the best other's); elsewhere a finding naming the model the printed column selects.
    """
    item = GRID_DATASETS[dataset]
    stated, words = pr.MORTAZ_GRID_STATED[item]
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
                       f"{pr.MORTAZ_GRID_SELECTED[item]['IAM']}")


def _printed_values(item, rule):
    rows = pr.MORTAZ_GRID_TABLES[item]
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
        The decision's p: for "holds", the largest adjusted p; for "does not hold", the
        smallest adjusted p of a model ahead; else the smaller of the two (NaN with ``why``).
    margin : Estimate
        The smallest difference, with Bonferroni-simultaneous intervals.
    why : str or None
        Why no decision can be made, or None.
    """

    estimates: dict
    adjusted: dict
    verdict: bool | None
    p_value: float
    margin: inference.Estimate
    why: str | None


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
    p_hold = max(adjusted.values()) if not ahead else 1.0
    p_fail = min([adjusted[m] for m in ahead], default=1.0)
    why = next((e.undecidable for e in est.values() if e.undecidable), None)
    verdict = None
    if why is None and not any(math.isnan(v) for v in raw):
        verdict = True if p_hold <= 1 - level else False if p_fail <= 1 - level else None
    # a difference of two scores lies in [-span, span]: the ends are clipped to it
    span = 2.0 if values.abs().max() > 1 or values.min() < 0 else 1.0
    margin = inference.minimum_of(list(est.values()), low=-span, high=span)
    return SelectionTest(est, adjusted, verdict, math.nan if why else min(p_hold, p_fail),
                         margin, why)


def selection_claim_rows(fold_scores: pd.DataFrame, dataset, folds):
    """Claims: by each index, the model the printed Table 16/18 selects is the best in our
    run too (basis ``run on UCI <dataset>``).

    The paper's model is compared with each of the other models on the corrected CV test
    of the per-fold differences (:func:`imbeval.inference.cv_estimate`), adjusted by Holm
    over those comparisons (:func:`selection_test`): the claim holds when it is ahead of
    every other, does not hold when some other is ahead of it, and is inconclusive
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
            ci=ci, method=margin.method + "; each comparison a corrected CV test, Holm over "
                                          f"the {len(others)}",
            p_value=test.p_value,
            detail=f"{who}; number: {paper_model} minus the best other ({best_other}) by "
                   f"{label}, {margin.value:+.3f}, 95% simultaneous interval "
                   f"[{low:+.3f}, {high:+.3f}]; {len(others)} comparisons, Holm-significant: "
                   f"{len(significant)}; models ahead of {paper_model} on average: "
                   f"{', '.join(ahead) if ahead else 'none'}{why}")


# ---------------------------------------------------------------------------------------
# IAM = 2·CBA − 1: the finding, and the paper's printed (CBA, IAM) pairs
# ---------------------------------------------------------------------------------------

IDENTITY_ITEM = "IAM = 2·CBA − 1"


def _unit(text):
    places = cmp.decimals(text)
    return 0.0 if places is None else 10.0 ** -places


def printed_identity_pairs() -> list[dict]:
    """Every (CBA, IAM) pair the paper prints for one model or matrix, checked against
    IAM = 2·CBA − 1.

    Pairs: Tables 16 and 18 (each row), Tables 2/3/5/6 with Table 9 (CM1-CM4), Table 8
    with Table 10 (ML_5-ML_7). A pair agrees when ``|IAM − (2·CBA − 1)| <= 2·u(CBA) +
    u(IAM)``, ``u`` one unit of the last printed digit: the slack of a rounded or a
    truncated print (the paper does both). Each dict: ``table, row, cba, iam`` (printed
    strings), ``implied`` (2·CBA − 1), ``gap`` (printed IAM minus implied), ``tolerance``,
    ``agrees``.
    """
    pairs = []
    for table, rows in pr.MORTAZ_GRID_TABLES.items():
        pairs += [(table, model, r["CBA"], r["IAM"]) for model, r in rows.items()]
    by_matrix = {m: values["CBA"] for m, values in pr.MORTAZ_METRIC_TABLES.values()}
    pairs += [(f"{t} / Table 9", m, by_matrix[m], iam)
              for t, (m, _) in pr.MORTAZ_METRIC_TABLES.items()
              for m9, iam in pr.MORTAZ_TABLE9.values() if m9 == m]
    pairs += [("Table 8 / Table 10", model, values["CBA"], pr.MORTAZ_TABLE10[model])
              for model, values in pr.MORTAZ_TABLE8.items()]
    return [{"table": table, "row": row, "cba": cba, "iam": iam, **identity_check(cba, iam)}
            for table, row, cba, iam in pairs]


def identity_check(cba: str, iam: str) -> dict:
    """Do a printed CBA and a printed IAM agree with IAM = 2·CBA − 1 at print precision?

    Parameters
    ----------
    cba, iam : str
        The printed values (e.g. ``"0.681"``, ``"-0.175"``).

    Returns
    -------
    dict
        ``implied`` (2·CBA − 1 of the printed CBA), ``gap`` (printed IAM minus implied),
        ``tolerance`` (2 units of CBA's last printed digit + 1 of IAM's: what rounding or
        truncating both values can do) and ``agrees`` (``|gap| <= tolerance``).

    Examples
    --------
    >>> identity_check("0.681", "0.342")["agrees"]
    False
    >>> identity_check("0.661", "0.321")["agrees"]
    True
    """
    if not all(isinstance(v, str) and v.strip() for v in (cba, iam)):
        raise ValueError(f"cba and iam must be printed numbers (strings), got {cba!r}, {iam!r}")
    implied = 2 * cmp.printed_number(cba) - 1
    gap = cmp.printed_number(iam) - implied
    tolerance = 2 * _unit(cba) + _unit(iam)
    return {"implied": implied, "gap": gap, "tolerance": tolerance,
            "agrees": bool(abs(gap) <= tolerance * (1 + 1e-9))}


def identity_rows(fold_scores_by_dataset: dict):
    """The finding IAM = 2·CBA − 1 with its measured gap on our grids, and the paper's
    printed (CBA, IAM) pairs checked against it.

    ``fold_scores_by_dataset``: ``{dataset: fold scores}`` of the grids this run made (may
    be empty). Rows (item :data:`IDENTITY_ITEM`): the finding (number: max |IAM − (2·CBA −
    1)| over every fold's confusion matrix of our grids); one row counting the printed
    pairs that agree within print precision; one row per pair that breaks the identity
    (number: 2·CBA − 1 of its printed CBA, printed: its IAM). Those are findings, not
    errata: the paper's fold matrices are not printed, so which of the two numbers is off
    cannot be said, only that they cannot come from the same matrices.
    """
    gaps = [float((f["IAM"] - (2 * f["CBA"] - 1)).abs().max())
            for f in fold_scores_by_dataset.values()]
    n_matrices = sum(len(f) for f in fold_scores_by_dataset.values())
    datasets = sorted(fold_scores_by_dataset)
    proof = ("per class c_ii − max(n_i − c_ii, k_i − c_ii) = 2·c_ii − max(n_i, k_i), so each "
             "IAM term is 2·c_ii/max(n_i, k_i) − 1 and IAM = 2·CBA − 1 for every confusion "
             "matrix (proof: imbeval.indices.mortaz2020); an increasing affine map, so IAM "
             "ranks and selects models exactly as CBA, and Theorem 2 (IAM <= CBA) is "
             "1 − CBA >= 0")
    if datasets:
        yield cmp.finding(
            PAPER, IDENTITY_ITEM, "IAM = 2·CBA − 1 (so IAM ranks models exactly as CBA)",
            max(gaps), basis=cmp.run_basis(", ".join(f"UCI {d}" for d in datasets)),
            method="an exact identity, measured on every fold's confusion matrix (no sampling "
                   "uncertainty: no interval)",
            detail=f"{proof}; measured max |IAM − (2·CBA − 1)| over the {n_matrices} fold "
                   f"confusion matrices of our grids ({', '.join(datasets)}): {max(gaps):.1e}")
    else:
        yield cmp.finding(PAPER, IDENTITY_ITEM,
                          "IAM = 2·CBA − 1 (so IAM ranks models exactly as CBA)", None,
                          detail=f"{proof}; no grid in this configuration to measure it on")
    pairs = printed_identity_pairs()
    agree = [p for p in pairs if p["agrees"]]
    where = sorted({p["table"] for p in agree})
    yield cmp.finding(
        PAPER, IDENTITY_ITEM, "printed (CBA, IAM) pairs that agree with IAM = 2·CBA − 1",
        len(agree),
        detail=f"{len(agree)} of {len(pairs)} printed pairs agree within print precision "
               f"(|IAM − (2·CBA − 1)| <= 2 units of CBA's last digit + 1 of IAM's: rounded or "
               f"truncated prints) in {', '.join(where)}; the {len(pairs) - len(agree)} "
               "others are rows of their own")
    for p in pairs:
        if p["agrees"]:
            continue
        yield cmp.finding(
            PAPER, IDENTITY_ITEM, f"{p['table']} {p['row']}: printed CBA {p['cba']}, IAM "
            f"{p['iam']}", p["implied"], printed=p["iam"],
            detail=f"the printed pair breaks IAM = 2·CBA − 1: CBA {p['cba']} gives IAM "
                   f"{p['implied']:.3f}, printed {p['iam']} (off by {abs(p['gap']):.3f}; print "
                   f"precision allows {p['tolerance']:.3f}); the two printed numbers cannot "
                   "come from the same confusion matrices -- an inconsistency of the paper's "
                   "table (erratum-like), reported as a finding because without the paper's "
                   "matrices neither number can be corrected")
