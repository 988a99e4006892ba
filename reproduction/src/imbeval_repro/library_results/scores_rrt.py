"""mullick2020's RRT protocol for the indices of scores: their spread over the RRT test sets
(Fig. 3's question), and how often a deployment prior other than the test prior changes which
of two classifiers wins.

The classifier jobs keep each test fold's scores (:mod:`imbeval_repro.experiment.protocol.fold_scores`);
:func:`score_indices` computes every fitting index of scores per RRT test set, at the test
set's own class prior (``prior = "test"``) and reweighted to a stated deployment prior.

- :func:`score_spread` -- per problem and index, the spread of the (classifier, scheme) cell
  means (``std_pooled``) and the mean over classifiers of their spread over the schemes
  (``std_within``), as :func:`imbeval_repro.papers.mullick2020.experiment.variability` computes
  them for Fig. 3. An index that does not move with the prior is expected to spread only by
  sampling; one that moves spreads with the RRT.
- :func:`winner_flips` -- per index, over every problem and pair of classifiers, the share of
  pairs whose winner (the larger mean over runs, folds and test sets, on the index's
  orientation) at the test prior is the loser at the deployment prior;
  :func:`winner_flip_pairs` the same counts per problem (what the sums are made of).
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import pandas as pd

from imbeval_repro.library_results import DEPLOY_PRIOR
from imbeval_repro.experiment.protocol.fold_scores import score_index_rows
from imbeval.scores import registry as score_registry
from imbeval_repro.papers.mullick2020.experiment import variability

__all__ = ["DEPLOY_PRIOR", "RRT_INDICES", "RRT_KINDS", "score_indices", "score_spread",
           "winner_flip_pairs", "winner_flips"]


#: The indices of scores the pipeline computes per RRT test set: one of each kind (ranking,
#: calibrated, PR gain, proper scores, cost), leaving out the CORP terms, the cost curve and
#: the multi-class averages, which cost 1-1.5 ms each per test set (docs/metrics.md).
RRT_INDICES = ("roc_auc", "average_precision", "calibrated_average_precision",
               "calibrated_precision", "calibrated_f1", "auprg", "brier_score", "log_loss",
               "expected_cost", "expected_cost_uniform", "roc_auc_ovo")

#: The kinds of problem the pipeline computes them for: Fig. 3's, the two-class problems.
RRT_KINDS = ("two-class",)


def score_indices(fold_files, *, deploy_prior: float | None = DEPLOY_PRIOR,
                  names=RRT_INDICES, kinds=RRT_KINDS) -> pd.DataFrame:
    """Every fitting index of scores of every RRT test set of the given fold files.

    Parameters
    ----------
    fold_files : iterable of path
        Fold files of ``imbeval experiment run`` (each ``{header..., "folds": [...]}``).
    deploy_prior : float or None
        Also the values reweighted so that the minority class has this share (None: only the
        test prior).
    names : iterable of str or None
        Indices of scores (of these, those fitting each problem and response; None: all).
    kinds : iterable of str or None
        The kinds of problem (``"two-class"``, ``"multi-class"``) to compute; None: all.

    Returns
    -------
    pandas.DataFrame
        ``problem, kind, classifier, run, fold, scheme, prior, index, value``; ``prior`` is
        ``"test"`` or the deployment prior as text. Folds without scores add no row.

    Examples
    --------
    >>> score_indices([]).empty
    True
    """
    if deploy_prior is not None and not 0 < float(deploy_prior) < 1:
        raise ValueError(f"deploy_prior must lie strictly between 0 and 1, got {deploy_prior!r}")
    columns = ["problem", "kind", "classifier", "run", "fold", "scheme", "prior", "index",
               "value"]
    rows = []
    for path in fold_files:
        result = json.loads(Path(path).read_text(encoding="utf-8"))
        if kinds is not None and result["kind"] not in kinds:
            continue
        C = len(result["classes"])
        head = {"problem": result["problem"], "kind": result["kind"],
                "classifier": result["classifier"], "run": int(result["run"])}
        for fold in result["folds"]:
            for prior in ["test"] + ([] if deploy_prior is None else [deploy_prior]):
                shift = None if prior == "test" else float(prior)
                for r in score_index_rows(fold, C, names=names, deploy_prior=shift):
                    rows.append({**head, "fold": int(fold["fold"]), "scheme": r["scheme"],
                                 "prior": "test" if shift is None else f"{shift:g}",
                                 "index": r["index"], "value": r["value"]})
    frame = pd.DataFrame(rows, columns=columns)
    return frame.sort_values(["problem", "classifier", "run", "fold", "scheme", "prior",
                              "index"], kind="stable").reset_index(drop=True)


def score_spread(values: pd.DataFrame) -> pd.DataFrame:
    """Fig. 3's spread for the indices of scores, at the test prior.

    Parameters
    ----------
    values : pandas.DataFrame
        :func:`score_indices`' table.

    Returns
    -------
    pandas.DataFrame
        ``problem, kind, index, std_pooled, std_within, greater_is_better``.

    Examples
    --------
    >>> score_spread(score_indices([])).empty
    True
    """
    cols = ["problem", "kind", "index", "std_pooled", "std_within", "greater_is_better"]
    test = values[values["prior"] == "test"]
    if test.empty:
        return pd.DataFrame(columns=cols)
    spread = variability(test, sorted(test["index"].unique()))
    kinds = test.drop_duplicates("problem").set_index("problem")["kind"]
    spread["kind"] = spread["problem"].map(kinds)
    registry = score_registry()
    spread["greater_is_better"] = spread["index"].map(lambda n: registry[n].greater_is_better)
    return spread[cols]


def winner_flip_pairs(values: pd.DataFrame, deploy_prior: float = DEPLOY_PRIOR) -> pd.DataFrame:
    """Per index and problem, the classifier pairs whose winner changes at the deployment prior.

    A pair's winner is the classifier with the larger mean over runs, folds and test sets, on
    the index's orientation, at the test prior and at ``deploy_prior``. A pair counts (in
    ``pairs``) when both means differ at both priors; it flips when the winners differ.

    Parameters
    ----------
    values : pandas.DataFrame
        :func:`score_indices`' table with both priors.
    deploy_prior : float
        The deployment prior it was computed at.

    Returns
    -------
    pandas.DataFrame
        ``index, problem, classifiers, candidates, pairs, flips, tied, undefined``: the
        classifiers with a value at the test prior and their ``candidates`` = k (k - 1) / 2
        pairs, of which ``pairs`` are counted, ``flips`` change winner, ``tied`` have
        equal means at either prior and ``undefined`` a mean that is not a number (or no
        value at the deployment prior): ``candidates = pairs + tied + undefined``.

    Examples
    --------
    >>> winner_flip_pairs(score_indices([])).empty
    True
    """
    cols = ["index", "problem", "classifiers", "candidates", "pairs", "flips", "tied",
            "undefined"]
    tag = f"{float(deploy_prior):g}"
    means = (values[values["prior"].isin(["test", tag])]
             .groupby(["index", "problem", "prior", "classifier"])["value"].mean())
    if means.empty:
        return pd.DataFrame(columns=cols)
    registry = score_registry()
    out = []
    for (name, problem), part in means.groupby(level=["index", "problem"]):
        sign = 1.0 if registry[name].greater_is_better else -1.0
        part = part.droplevel(["index", "problem"])
        test = part.loc["test"] if "test" in part.index.get_level_values("prior") else None
        shifted = part.loc[tag] if tag in part.index.get_level_values("prior") else None
        clfs = [] if test is None else sorted(test.index)
        row = {"index": name, "problem": problem, "classifiers": len(clfs),
               "candidates": len(clfs) * (len(clfs) - 1) // 2, "pairs": 0, "flips": 0,
               "tied": 0, "undefined": 0}
        for a, b in itertools.combinations(clfs, 2):
            d0 = sign * (test[a] - test[b])
            d1 = (np.nan if shifted is None
                  else sign * (shifted.get(a, np.nan) - shifted.get(b, np.nan)))
            if not (np.isfinite(d0) and np.isfinite(d1)):
                row["undefined"] += 1
            elif d0 == 0 or d1 == 0:
                # a tie has no winner to lose: e.g. two classifiers both at ROC AUC 1
                row["tied"] += 1
            else:
                row["pairs"] += 1
                row["flips"] += bool(np.sign(d0) != np.sign(d1))
        out.append(row)
    return pd.DataFrame(out, columns=cols)


def winner_flips(values: pd.DataFrame, deploy_prior: float = DEPLOY_PRIOR) -> pd.DataFrame:
    """Per index, the share of classifier pairs whose winner changes at the deployment prior.

    The sums over the problems of :func:`winner_flip_pairs`.

    Parameters
    ----------
    values : pandas.DataFrame
        :func:`score_indices`' table with both priors.
    deploy_prior : float
        The deployment prior it was computed at.

    Returns
    -------
    pandas.DataFrame
        ``index, deploy_prior, problems, pairs, flips, share, tied, undefined``: the problems
        with a value of the index, the pairs counted and flipped over them (``share`` =
        flips / pairs), the pairs not counted because tied at either prior or undefined.

    Examples
    --------
    >>> winner_flips(score_indices([])).empty
    True
    """
    cols = ["index", "deploy_prior", "problems", "pairs", "flips", "share", "tied",
            "undefined"]
    per_problem = winner_flip_pairs(values, deploy_prior)
    if per_problem.empty:
        return pd.DataFrame(columns=cols)
    sums = per_problem.groupby("index", sort=True).agg(
        problems=("problem", "nunique"), pairs=("pairs", "sum"), flips=("flips", "sum"),
        tied=("tied", "sum"), undefined=("undefined", "sum")).reset_index()
    sums["deploy_prior"] = float(deploy_prior)
    sums["share"] = sums["flips"] / sums["pairs"].where(sums["pairs"] > 0)
    return sums[cols]
