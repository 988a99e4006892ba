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

import numpy as np
import pandas as pd

from imbeval.protocol.mortaz_grid import INDEX_FUNCTIONS, load_grid_dataset
from imbeval.tables import comparison as cmp
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
    per_fold = fold_scores.set_index(["model", "fold"])
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


#: How a grid score's 95% interval is made (stated in the comparison rows).
CI_METHOD = ("95% t-interval over the CV folds: mean ± t(0.975, k − 1)·s/√k, s the standard "
             "deviation of the k fold values, clipped to the index's range")

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
    """The 95% t-interval of the mean of ``values`` (the k CV folds' values of one number).

    ``mean ± t(0.975, k − 1)·s/√k`` with ``s`` the sample standard deviation (ddof 1),
    clipped to ``[low, high]`` (an index's range). The folds are treated as independent
    samples; their training sets overlap, so the interval is, if anything, too narrow
    (Nadeau and Bengio 2003): a printed value outside it lies beyond this run's spread,
    which says the settings differ, not that the paper is wrong.

    Parameters
    ----------
    values : sequence of float
        One value per CV fold (at least two, all finite).
    low, high : float
        The range of the index (the interval is clipped to it).

    Returns
    -------
    (float, float)
        The interval's ends.

    Examples
    --------
    >>> lo, hi = fold_interval([0.5, 0.7], 0.0, 1.0)
    >>> (lo, round(hi, 6))
    (0.0, 1.0)
    >>> fold_interval([0.6, 0.6, 0.6])
    (0.6, 0.6)
    """
    from scipy import stats

    v = np.asarray(values, dtype=float)
    if v.ndim != 1 or v.size < 2 or not np.isfinite(v).all():
        raise ValueError(f"values must be at least two finite fold values, got {values!r}")
    if not low <= high:
        raise ValueError(f"low must not exceed high, got low={low}, high={high}")
    half = float(stats.t.ppf(0.975, v.size - 1) * v.std(ddof=1) / math.sqrt(v.size))
    mean = float(v.mean())
    return max(mean - half, low), min(mean + half, high)


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
    for model, part in fold_scores.groupby("model", sort=False):
        for column in INDEX_FUNCTIONS:
            low, high = fold_interval(part[column].to_numpy(), *_bounds(column))
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


def grid_comparison_rows(fold_scores: pd.DataFrame, dataset, folds, seed=None):
    """Every printed number of Table 16/18 against ours, with our 95% interval; then the
    two selections.

    Each number's status is *within the run's spread* when the printed value lies in the
    interval of :func:`grid_intervals` (:data:`CI_METHOD`), else *differs beyond the run's
    spread*; the status names the known differences of the model's settings
    (:data:`KNOWN_DIFFERENCES`) and, for an IAM whose printed pair breaks IAM = 2·CBA − 1,
    says so. Basis: ``run on UCI <dataset>``.
    """
    table = grid_table(fold_scores)
    intervals = grid_intervals(fold_scores)
    item = GRID_DATASETS[dataset]
    basis = _dataset_basis(dataset)
    split = f"{folds}-fold stratified CV" + (f" (seed {seed})" if seed is not None else "")
    setting = (f"ours: {split} of scikit-learn defaults + scaling on UCI {dataset}, 95% "
               f"t-interval over the {folds} folds; the paper's folds, versions and "
               "preprocessing are unstated")
    if dataset == "satimage":
        setting += "; the UCI files hold 6435 rows, the paper's copy 6430"
    for model, printed_row in pr.MORTAZ_GRID_TABLES[item].items():
        for column, text in printed_row.items():
            if model not in table.index:
                yield cmp.row(PAPER, item, model, column, text, None,
                              not_comparable="model not run in this configuration",
                              basis=basis)
                continue
            ci = tuple(intervals.loc[(model, column), ["ci_low", "ci_high"]])
            why = [setting]
            known = KNOWN_DIFFERENCES.get(model.partition("-")[0])
            if known:
                why.append(f"known difference: {known}")
            broken = _printed_identity_break(item, model) if column == "IAM" else None
            if broken:
                why.append(f"the printed IAM is not 2·CBA − 1 = {broken['implied']:.3f} of the "
                           f"printed CBA {broken['cba']} (see the IAM = 2·CBA − 1 rows)")
            yield cmp.row(PAPER, item, model, column, text, table.loc[model, column],
                          setting="; ".join(why), basis=basis, ci=ci)
    ours, paper = grid_selection(table), pr.MORTAZ_GRID_SELECTED[item]
    for rule in ("row_minimum", "IAM"):
        if ours[rule] == paper[rule]:
            status = f"match (both select {ours[rule]})"
        else:
            status = (f"different setting: ours selects {ours[rule]}, the paper "
                      f"{paper[rule]} (our {folds}-fold CV of scikit-learn defaults on UCI "
                      f"{dataset}; the paper's folds, versions and preprocessing are "
                      "unstated; the claim rows give the uncertainty)")
        # the selection is a name, not a number: it is reported in the status
        yield {"paper": PAPER, "item": item, "row": "selected model", "column": rule,
               "printed": paper[rule], "regenerated": np.nan, "difference": np.nan,
               "status": status, "basis": basis, "ci_low": np.nan, "ci_high": np.nan}


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
    per_fold = fold_scores.set_index(["model", "fold"])
    if rule != "row_minimum":
        return per_fold[rule]
    of = table["row_min_of"]
    return pd.Series([per_fold.at[(m, f), of[m]] for m, f in per_fold.index],
                     index=per_fold.index)


def selection_claim_rows(fold_scores: pd.DataFrame, dataset, folds):
    """Claims: by each index, the model the printed Table 16/18 selects is the best in our
    run too (basis ``run on UCI <dataset>``).

    The claim's number is its margin: the paper's model's score minus the best other
    model's (our runner-up when we select the paper's model, our choice otherwise); its
    95% interval is :func:`fold_interval` of the paired per-fold differences. The claim
    holds when the interval lies above 0, does not hold when it lies below 0, and is
    inconclusive when it contains 0 (the two models are not separable on this run). The
    status also says in how many folds the paper's model is ahead.
    """
    table = grid_table(fold_scores)
    item = GRID_DATASETS[dataset]
    basis = _dataset_basis(dataset)
    for rule in SELECTION_RULES:
        models, _, _, _ = printed_selection(item, rule)
        label = _rule_label(rule)
        means = table["row_min"] if rule == "row_minimum" else table[rule]
        claim_text = (f"{item}: {' or '.join(models)} is selected by {label} on {dataset} "
                      "(as by the printed numbers)")
        present = [m for m in models if m in means.index]
        if not present or len(means) < 2:
            yield cmp.claim(PAPER, SELECTION_ITEM, claim_text, None, None, basis=basis,
                            detail="the paper's model was not run in this configuration")
            continue
        paper_model = max(present, key=means.get)
        rest = means.drop(paper_model)
        other = str(rest.idxmax())
        values = _rule_fold_values(fold_scores, table, rule)
        diff = (values.loc[paper_model] - values.loc[other]).to_numpy()
        margin = float(means[paper_model] - means[other])
        low, high = fold_interval(diff, -2.0, 2.0)
        holds = True if low > 0 else False if high < 0 else None
        ours = str(means.idxmax())
        ahead = int((diff > 0).sum())
        who = (f"ours selects {paper_model} too ({means[paper_model]:.3f}); runner-up "
               f"{other} {means[other]:.3f}" if ours == paper_model else
               f"ours selects {ours} ({means[ours]:.3f}); {paper_model} {means[paper_model]:.3f}")
        yield cmp.claim(
            PAPER, SELECTION_ITEM, claim_text, margin, holds, basis=basis, ci=(low, high),
            detail=f"{who}; number: {paper_model} minus {other} by {label}, {margin:+.3f}, "
                   f"95% interval [{low:+.3f}, {high:+.3f}] (t-interval over the {len(diff)} "
                   f"CV folds of the paired difference), threshold 0; {paper_model} ahead in "
                   f"{ahead} of {len(diff)} folds")


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
