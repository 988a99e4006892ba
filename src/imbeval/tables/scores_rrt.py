"""mullick2020's RRT protocol for the indices of scores: their spread over the RRT test sets
(Fig. 3's question), and how often a deployment prior other than the test prior changes which
of two classifiers wins.

The classifier jobs keep each test fold's scores (:mod:`imbeval.protocol.fold_scores`);
:func:`score_indices` computes every fitting index of scores per RRT test set, at the test
set's own class prior (``prior = "test"``) and reweighted to a stated deployment prior.

- :func:`score_spread` -- per problem and index, the spread of the (classifier, scheme) cell
  means (``std_pooled``) and the mean over classifiers of their spread over the schemes
  (``std_within``), as :func:`imbeval.tables.mullick2020_experiment.variability` computes
  them for Fig. 3. An index that does not move with the prior is expected to spread only by
  sampling; one that moves spreads with the RRT.
- :func:`winner_flips` -- per index, over every problem and pair of classifiers, the share of
  pairs whose winner (the larger mean over runs, folds and test sets, on the index's
  orientation) at the test prior is the loser at the deployment prior.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import pandas as pd

from imbeval.protocol.fold_scores import score_index_rows
from imbeval.scores import score_registry
from imbeval.tables.mullick2020_experiment import variability

__all__ = ["DEPLOY_PRIOR", "RRT_INDICES", "RRT_KINDS", "score_indices", "score_spread",
           "winner_flips"]

#: The default deployment prior of the positive (minority) class: 1 in 100.
DEPLOY_PRIOR = 0.01

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


def winner_flips(values: pd.DataFrame, deploy_prior: float = DEPLOY_PRIOR) -> pd.DataFrame:
    """Per index, the share of classifier pairs whose winner changes at the deployment prior.

    Parameters
    ----------
    values : pandas.DataFrame
        :func:`score_indices`' table with both priors.
    deploy_prior : float
        The deployment prior it was computed at.

    Returns
    -------
    pandas.DataFrame
        ``index, deploy_prior, problems, pairs, flips, share`` (a pair tied at either prior
        is not counted).

    Examples
    --------
    >>> winner_flips(score_indices([])).empty
    True
    """
    cols = ["index", "deploy_prior", "problems", "pairs", "flips", "share"]
    tag = f"{float(deploy_prior):g}"
    means = (values[values["prior"].isin(["test", tag])]
             .groupby(["index", "problem", "prior", "classifier"])["value"].mean())
    if means.empty:
        return pd.DataFrame(columns=cols)
    registry = score_registry()
    out = []
    for name, part in means.groupby(level="index"):
        sign = 1.0 if registry[name].greater_is_better else -1.0
        pairs = flips = 0
        problems = part.index.get_level_values("problem").unique()
        for problem in problems:
            try:
                test = part.loc[(name, problem, "test")]
                shifted = part.loc[(name, problem, tag)]
            except KeyError:
                continue
            for a, b in itertools.combinations(sorted(test.index), 2):
                d0 = sign * (test[a] - test[b])
                d1 = sign * (shifted.get(a, np.nan) - shifted.get(b, np.nan))
                if not (np.isfinite(d0) and np.isfinite(d1)) or d0 == 0 or d1 == 0:
                    continue
                pairs += 1
                flips += bool(np.sign(d0) != np.sign(d1))
        out.append({"index": name, "deploy_prior": float(deploy_prior),
                    "problems": int(len(problems)), "pairs": pairs, "flips": flips,
                    "share": flips / pairs if pairs else np.nan})
    return pd.DataFrame(out, columns=cols)
