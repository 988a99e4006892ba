"""mullick2020 experiment figures (Figs. 3, 4a, 4b, 5) and the check of their claims.

Plotted from the result files only: ``indices.csv`` (see :mod:`imbeval.protocol.collect`)
and ``problems.csv`` (kind and number of classes of each problem).

Statistic of Figs. 3 and 4a (Sec. 5.3): per problem, average each index over runs x folds
for every (classifier, test set); the plotted value is the standard deviation of those
5 test sets x 4 classifiers means (``std_pooled``, population std, ddof = 0). The CSV also
gives ``std_within``: the std over the 5 test sets for each classifier, averaged over the
classifiers -- the RRT effect alone, without the spread between classifiers.
Fig. 4b divides each dataset's ``std_pooled`` of ACSA and nAUROC-OVA by that index's
smallest value over the multi-class datasets. Fig. 5 is, per multi-class dataset, the
minimum over (classifier, test set) of the run x fold mean of AUROC-OVA, AUROC-OVO,
nAUROC-OVA, ACSA and GMean.

Intervals (``ci_low``, ``ci_high`` of each figure's CSV, the error bars of the figures): the
95% percentile interval of the plotted value over a seeded bootstrap of the problem's
resampling units, its (run, outer fold) pairs (:mod:`imbeval._bootstrap`). A replicate
draws the pairs with replacement -- every classifier and test set of a drawn pair comes
with it, so their correlation is kept -- and recomputes the cell means and the statistic.
The draws of a problem are seeded by the config's seed and the problem's name
(:func:`unit_counts`), so Figs. 4a, 4b and 5 and the claims on them share them. Fig. 4b's
replicate divides by the smallest std of the same replicate.

A user's own indices (names in ``indices.csv`` that are not built-in registered indices, see
:mod:`imbeval.indices.user`) join the figures of their problems' kind: Fig. 3 for those
computed on two-class problems, Figs. 4a and 5 for multi-class ones; :func:`claims` adds a
row per user index and figure comparing it with the paper's indices.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from imbeval import _bootstrap
from imbeval._io import write_csv
from imbeval.figures._output import save_figure

__all__ = ["FIG3_INDICES", "FIG4A_INDICES", "FIG4B_INDICES", "FIG5_INDICES", "cell_means",
           "variability", "unit_counts",
           "cell_mean_replicates", "replicate_stats", "fig3_data", "fig4a_data", "fig4b_data", "fig5_data", "claims",
           "draw_all"]

FIG3_INDICES = {"gmean2": "GMean", "auroc2": "AUROC", "precision": "Precision",
                "aurpc": "AURPC", "mprecision": "mPrecision", "maurpc": "mAURPC"}
FIG4A_INDICES = {"gmean": "GMean", "acsa": "ACSA", "nauroc_ova": "nAUROC-OVA",
                 "aurpc_ova": "AURPC-OVA", "maurpc_ova": "mAURPC-OVA"}
FIG4B_INDICES = {"acsa": "ACSA", "nauroc_ova": "nAUROC-OVA"}
FIG5_INDICES = {"auroc_ova": "AUROC-OVA", "auroc_ovo": "AUROC-OVO", "nauroc_ova": "nAUROC-OVA",
                "acsa": "ACSA", "gmean": "GMean"}



def cell_means(indices: pd.DataFrame, names) -> pd.DataFrame:
    """Mean over runs x folds per (problem, classifier, scheme, index), for ``names``."""
    sub = indices[indices["index"].isin(list(names))]
    return (sub.groupby(["problem", "classifier", "scheme", "index"], sort=True)["value"]
            .mean().reset_index())


def variability(indices: pd.DataFrame, names) -> pd.DataFrame:
    """Per (problem, index): ``std_pooled`` and ``std_within`` (see the module docstring)."""
    cells = cell_means(indices, names)
    pooled = cells.groupby(["problem", "index"])["value"].std(ddof=0).rename("std_pooled")
    within = (cells.groupby(["problem", "index", "classifier"])["value"].std(ddof=0)
              .groupby(["problem", "index"]).mean().rename("std_within"))
    return pd.concat([pooled, within], axis=1).reset_index()


def unit_counts(problem: str, n_units: int, seed: int,
                replicates: int = _bootstrap.REPLICATES) -> np.ndarray:
    """Bootstrap draws of one problem's resampling units, its (run, fold) pairs.

    Parameters
    ----------
    problem : the problem's name (it keys the draws, with ``seed``).
    n_units : its number of (run, fold) pairs.
    seed : the config's seed.
    replicates : number of bootstrap replicates.

    Returns
    -------
    numpy.ndarray of int, ``(replicates, n_units)``: how often each pair is drawn, pairs in
    sorted (run, fold) order.

    Examples
    --------
    >>> unit_counts("c3", 4, 7, replicates=2).sum(axis=1).tolist()
    [4, 4]
    """
    if not isinstance(problem, str) or not problem:
        raise ValueError(f"problem must be a non-empty name, got {problem!r}")
    return _bootstrap.draw_counts(n_units, seed, "mullick2020", "units", problem,
                                  replicates=replicates)


def cell_mean_replicates(indices: pd.DataFrame, problem: str, names, seed: int,
                         replicates: int = _bootstrap.REPLICATES):
    """Bootstrap replicates of :func:`cell_means` on one problem.

    Parameters
    ----------
    indices : ``indices.csv`` of the experiment.
    problem : the problem.
    names : the indices (order kept; one missing on the problem gives NaN).
    seed : the config's seed (:func:`unit_counts`).
    replicates : number of replicates.

    Returns
    -------
    ``(cells, M)``: the (classifier, scheme) cells in sorted order and an array of shape
    ``(replicates, len(cells), len(names))``, the mean over the drawn (run, fold) pairs of
    each cell and index (undefined values left out, as :func:`cell_means` does).

    Examples
    --------
    >>> frame = pd.DataFrame({"problem": "p", "classifier": "c", "scheme": "s",
    ...                       "run": 0, "fold": [0, 1], "index": "acsa", "value": [0.5, 0.7]})
    >>> cells, m = cell_mean_replicates(frame, "p", ["acsa"], 7, replicates=3)
    >>> cells, m.shape, bool(((m >= 0.5) & (m <= 0.7)).all())
    ([('c', 's')], (3, 1, 1), True)
    """
    names = list(names)
    sub = indices[(indices["problem"] == problem) & indices["index"].isin(names)]
    if sub.empty:
        raise ValueError(f"indices has no value of {names} on problem {problem!r}")
    values = sub.set_index(["run", "fold", "classifier", "scheme", "index"])["value"]
    if values.index.duplicated().any():
        raise ValueError(f"indices has repeated (run, fold, classifier, scheme, index) rows "
                         f"on problem {problem!r}")
    wide = values.unstack(["classifier", "scheme", "index"]).sort_index()
    cells = sorted(set(zip(sub["classifier"], sub["scheme"])))
    columns = pd.MultiIndex.from_tuples([(c, s, n) for c, s in cells for n in names])
    x = wide.reindex(columns=columns).to_numpy(dtype=float)
    x = x.reshape(len(wide), len(cells), len(names))
    counts = unit_counts(problem, len(wide), seed, replicates).astype(float)
    valid = ~np.isnan(x)
    total = np.einsum("bu,uci->bci", counts, np.where(valid, x, 0.0))
    weight = np.einsum("bu,uci->bci", counts, valid.astype(float))
    with np.errstate(invalid="ignore", divide="ignore"):
        return cells, np.where(weight > 0, total / weight, np.nan)


def replicate_stats(indices: pd.DataFrame, problems, names, seed: int, stat: str,
                    replicates: int = _bootstrap.REPLICATES) -> np.ndarray:
    """A figure's statistic on each bootstrap replicate, per problem and index.

    Parameters
    ----------
    indices : ``indices.csv``.
    problems : the problems (names), in the order wanted.
    names : the indices.
    seed : the config's seed.
    stat : ``"std_pooled"`` (Figs. 3, 4a: the std over classifiers x test sets of the cell
        means) or ``"minimum"`` (Fig. 5: their minimum).
    replicates : number of replicates.

    Returns
    -------
    numpy.ndarray ``(replicates, len(problems), len(names))``.

    Examples
    --------
    >>> frame = pd.DataFrame({"problem": "p", "classifier": "c", "scheme": ["s", "t"] * 2,
    ...                       "run": 0, "fold": [0, 0, 1, 1], "index": "acsa",
    ...                       "value": [0.5, 0.7, 0.5, 0.7]})
    >>> replicate_stats(frame, ["p"], ["acsa"], 7, "std_pooled", replicates=2).ravel().round(3).tolist()
    [0.1, 0.1]
    """
    reducers = {"std_pooled": lambda m: np.nanstd(m, axis=1),
                "minimum": lambda m: np.nanmin(m, axis=1)}
    if stat not in reducers:
        raise ValueError(f"stat must be one of {sorted(reducers)}, got {stat!r}")
    names = list(names)
    out = np.full((replicates, len(problems), len(names)), np.nan)
    import warnings

    for k, problem in enumerate(problems):
        _, m = cell_mean_replicates(indices, problem, names, seed, replicates)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # an index undefined everywhere
            out[:, k, :] = reducers[stat](m)
    return out


def _add_intervals(data: pd.DataFrame, reps: np.ndarray, problems, names) -> pd.DataFrame:
    """``ci_low``, ``ci_high`` of each (problem, index) row from its replicates."""
    where = {(p, n): (i, j) for i, p in enumerate(problems) for j, n in enumerate(names)}
    bounds = [_bootstrap.percentile_interval(reps[:, i, j])
              for i, j in (where[(p, n)] for p, n in zip(data["problem"], data["index"]))]
    data = data.copy()
    data["ci_low"] = [b[0] for b in bounds]
    data["ci_high"] = [b[1] for b in bounds]
    return data


def _problems_of(problems: pd.DataFrame, kind: str) -> pd.DataFrame:
    sel = problems[problems["kind"] == kind]
    return sel.sort_values(["n_classes", "ir", "problem"]) if kind == "multi-class" else sel.sort_values(["ir", "problem"])


def _std_table(indices, problems, kind, labels):
    order = _problems_of(problems, kind)
    v = variability(indices[indices["problem"].isin(order["problem"])], labels)
    v = v.merge(order[["problem", "n_classes", "ir"]], on="problem")
    v["label"] = v["index"].map(labels)
    pos = {p: i for i, p in enumerate(order["problem"])}
    return v.sort_values(["problem", "index"], key=lambda s: s.map(pos) if s.name == "problem" else s).reset_index(drop=True)


def user_indices(indices: pd.DataFrame, problems: pd.DataFrame, kind: str) -> dict[str, str]:
    """``{name: name}`` of the user's indices (not built-in) in ``indices`` that were
    computed on problems of ``kind``, in order of appearance."""
    from imbeval.indices import registry

    builtin = {n for n, info in registry().items() if info.paper != "user"}
    of_kind = set(problems.loc[problems["kind"] == kind, "problem"])
    names = indices.loc[indices["problem"].isin(of_kind), "index"]
    return {n: n for n in dict.fromkeys(names) if n not in builtin}


def _with_std_intervals(data, indices, seed, labels):
    if seed is None or data.empty:
        return data
    problems = list(dict.fromkeys(data["problem"]))
    reps = replicate_stats(indices, problems, list(labels), seed, "std_pooled")
    return _add_intervals(data, reps, problems, list(labels))


def fig3_data(indices, problems, seed=None):
    """Fig. 3's data: per two-class problem and index of :data:`FIG3_INDICES` (and the
    user's two-class indices, :func:`user_indices`), the spread over RRT test sets x
    classifiers (:func:`variability`); with the config's ``seed``, the 95% interval of
    ``std_pooled`` (``ci_low``, ``ci_high``, see the module docstring)."""
    labels = {**FIG3_INDICES, **user_indices(indices, problems, "two-class")}
    return _with_std_intervals(_std_table(indices, problems, "two-class", labels), indices,
                               seed, labels)


def fig4a_data(indices, problems, seed=None):
    """Fig. 4a's data: as :func:`fig3_data` for the multi-class problems and
    :data:`FIG4A_INDICES` (and the user's indices)."""
    labels = {**FIG4A_INDICES, **user_indices(indices, problems, "multi-class")}
    return _with_std_intervals(_std_table(indices, problems, "multi-class", labels), indices,
                               seed, labels)


def normalised_replicates(reps: np.ndarray) -> np.ndarray:
    """Fig. 4b's statistic on replicates of ``std_pooled`` ``(B, problems, indices)``: each
    replicate divided by its own smallest value over the problems."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return reps / np.nanmin(reps, axis=1, keepdims=True)


def fig4b_data(indices, problems, seed=None):
    """Fig. 4b's data: ``std_pooled`` of ACSA and nAUROC-OVA per multi-class problem, and
    ``normalised_std`` = that divided by the index's smallest value over the problems;
    with ``seed``, the 95% interval of ``normalised_std``."""
    v = _std_table(indices, problems, "multi-class", FIG4B_INDICES)
    v["normalised_std"] = v["std_pooled"] / v.groupby("index")["std_pooled"].transform("min")
    if seed is None or v.empty:
        return v
    order = list(dict.fromkeys(v["problem"]))
    reps = replicate_stats(indices, order, list(FIG4B_INDICES), seed, "std_pooled")
    return _add_intervals(v, normalised_replicates(reps), order, list(FIG4B_INDICES))


def fig5_data(indices, problems, seed=None):
    """Fig. 5's data: per multi-class problem and index of :data:`FIG5_INDICES` (and the
    user's indices), the minimum over (classifier, test set) of the run x fold mean (column
    ``minimum``); with ``seed``, its 95% interval."""
    order = _problems_of(problems, "multi-class")
    labels = {**FIG5_INDICES, **user_indices(indices, problems, "multi-class")}
    cells = cell_means(indices[indices["problem"].isin(order["problem"])], labels)
    mins = cells.groupby(["problem", "index"])["value"].min().rename("minimum").reset_index()
    mins = mins.merge(order[["problem", "n_classes", "ir"]], on="problem")
    mins["label"] = mins["index"].map(labels)
    pos = {p: i for i, p in enumerate(order["problem"])}
    mins = mins.sort_values(["problem", "index"], key=lambda s: s.map(pos) if s.name == "problem" else s).reset_index(drop=True)
    if seed is None or mins.empty:
        return mins
    present = list(dict.fromkeys(mins["problem"]))
    reps = replicate_stats(indices, present, list(labels), seed, "minimum")
    return _add_intervals(mins, reps, present, list(labels))


def _bars(ax, data, value, labels, title, ylabel):
    problems = list(dict.fromkeys(data["problem"]))
    width = 0.8 / len(labels)
    x = np.arange(len(problems))
    for k, (name, label) in enumerate(labels.items()):
        part = data[data["index"] == name].set_index("problem").reindex(problems)
        col = part[value]
        yerr = None
        if "ci_low" in part:  # the 95% interval as an error bar (clipped: a percentile
            # interval need not contain the point)
            yerr = np.vstack([(col - part["ci_low"]).clip(lower=0).to_numpy(),
                              (part["ci_high"] - col).clip(lower=0).to_numpy()])
        ax.bar(x + (k - (len(labels) - 1) / 2) * width, col.to_numpy(), width, label=label,
               yerr=yerr, error_kw={"elinewidth": 0.7, "capsize": 1.5, "ecolor": "0.25"})
    ticks = [f"{p} (C={int(c)}, IR={ir:.0f})" for p, c, ir in
             data.drop_duplicates("problem").set_index("problem").reindex(problems)[["n_classes", "ir"]].itertuples()]
    # labels rotated 35° with room per dataset (see draw_all's width): at 60° and 0.7 inch
    # per dataset the two-line labels of ten multi-class datasets ran into each other
    ax.set_xticks(x, ticks, rotation=35, ha="right", rotation_mode="anchor", fontsize=7)
    ax.set_xlim(-0.6, len(problems) - 0.4)
    ax.set_title(title)
    ax.set_ylabel(ylabel)
    # outside the axes: inside, it covered the bars of the last datasets (Fig. 5's c5)
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    ax.grid(axis="y", alpha=0.3)


def claims(indices, problems) -> pd.DataFrame:
    """Each figure's claim, measured on these results: ``figure, claim, measured, holds``."""
    rows = []
    # The paper's claims are about the paper's indices: a user's index is measured in its
    # own rows (_user_claims) and never changes these.
    f3_all = fig3_data(indices, problems)
    f3 = f3_all[f3_all["index"].isin(list(FIG3_INDICES))]
    if not f3.empty:
        for stat in ("std_pooled", "std_within"):
            mean = f3.groupby("index")[stat].mean()
            top = mean.idxmax()
            per = f3.pivot(index="problem", columns="index", values=stat)
            share = float((per.idxmax(axis=1) == "precision").mean())
            rows.append({"figure": "fig3", "claim": f"Precision varies most ({stat})",
                         "measured": f"mean std by index: {_fmt(mean)}; Precision largest on {share:.0%} of datasets",
                         "holds": bool(top == "precision")})
            low = sorted(mean.index, key=mean.get)
            rows.append({"figure": "fig3", "claim": f"GMean and AUROC vary least ({stat})",
                         "measured": f"two lowest: {FIG3_INDICES[low[0]]}, {FIG3_INDICES[low[1]]}",
                         "holds": set(low[:2]) == {"gmean2", "auroc2"}})
            robust = ["gmean2", "auroc2", "mprecision", "maurpc"]
            rows.append({"figure": "fig3",
                         "claim": f"GMean, AUROC, mPrecision, mAURPC all vary less than Precision and AURPC ({stat})",
                         "measured": f"max of the four = {mean[robust].max():.4f} vs min(Precision, AURPC) = "
                                     f"{min(mean['precision'], mean['aurpc']):.4f}",
                         "holds": bool(mean[robust].max() < min(mean["precision"], mean["aurpc"]))})
            rows.append({"figure": "fig3",
                         "claim": f"mPrecision and mAURPC close to GMean/AUROC, below Precision/AURPC ({stat})",
                         "measured": f"max(mPrecision, mAURPC) = {max(mean['mprecision'], mean['maurpc']):.4f}"
                                     f" vs min(Precision, AURPC) = {min(mean['precision'], mean['aurpc']):.4f}",
                         "holds": bool(max(mean["mprecision"], mean["maurpc"]) < min(mean["precision"], mean["aurpc"]))})
    f4_all = fig4a_data(indices, problems)
    f4 = f4_all[f4_all["index"].isin(list(FIG4A_INDICES))]
    if not f4.empty:
        for stat in ("std_pooled", "std_within"):
            mean = f4.groupby("index")[stat].mean()
            per = f4.pivot(index="problem", columns="index", values=stat)
            share = float((per.idxmin(axis=1) == "maurpc_ova").mean())
            rows.append({"figure": "fig4a", "claim": f"mAURPC-OVA varies least ({stat})",
                         "measured": f"mean std by index: {_fmt(mean)}; mAURPC-OVA lowest on {share:.0%} of datasets",
                         "holds": bool(mean.idxmin() == "maurpc_ova")})
        f4b = fig4b_data(indices, problems)
        m = f4b.groupby("index")["normalised_std"].mean()
        rows.append({"figure": "fig4b", "claim": "normalised std of nAUROC-OVA slightly above ACSA's",
                     "measured": f"mean normalised std: ACSA {m['acsa']:.3f}, nAUROC-OVA {m['nauroc_ova']:.3f}",
                     "holds": bool(m["nauroc_ova"] > m["acsa"])})
        f5 = fig5_data(indices, problems)
        ten = f5[(f5["n_classes"] == f5["n_classes"].max()) & f5["index"].isin(list(FIG5_INDICES))]
        if not ten.empty:
            piv = ten.pivot(index="problem", columns="index", values="minimum")
            gap = piv[["auroc_ova", "auroc_ovo"]].min(axis=1) - piv[["acsa", "nauroc_ova"]].max(axis=1)
            C = int(ten["n_classes"].max())
            rows.append({"figure": "fig5",
                         "claim": f"on C={C}, AUROC-OVA/OVO minima above ACSA and nAUROC-OVA minima",
                         "measured": "min(AUROC-OVA, AUROC-OVO) - max(ACSA, nAUROC-OVA) per dataset: "
                                     + ", ".join(f"{p} {g:+.3f}" for p, g in gap.items()),
                         "holds": bool((gap > 0).all())})
            others = piv.drop(columns="gmean").min(axis=1)
            rows.append({"figure": "fig5", "claim": f"GMean minima lowest of the five indices on C={C}",
                         "measured": "GMean minus the lowest other minimum: "
                                     + ", ".join(f"{p} {g:+.3f}" for p, g in (piv["gmean"] - others).items()),
                         "holds": bool((piv["gmean"] <= others).all())})
            rows.append({"figure": "fig5", "claim": f"GMean reaches 0 on some C={C} dataset",
                         "measured": "GMean minima: " + ", ".join(f"{p} {v:.3f}" for p, v in piv["gmean"].items())
                                     + "; smallest GMean of any single C=%d confusion matrix: %.3f" % (C, _raw_min(indices, piv.index, "gmean")),
                         "holds": bool((piv["gmean"] == 0).any())})
    rows += _user_claims(indices, problems, f3_all, f4_all)
    return pd.DataFrame(rows, columns=["figure", "claim", "measured", "holds"])


def _rank_claims(figure, data, user, reference, stat="std_pooled"):
    """A user index against the paper's index ``reference`` in one variability figure."""
    mean = data.groupby("index")[stat].mean()
    if user not in mean or reference not in mean:
        return []
    ranked = list(mean.sort_values().index)
    return [{"figure": figure,
             "claim": f"user index {user} varies less than {reference} ({stat})",
             "measured": f"mean std {user} {mean[user]:.4f}, {reference} {mean[reference]:.4f}; "
                         f"{user} ranks {ranked.index(user) + 1} of {len(ranked)} (1 = least varying)",
             "holds": bool(mean[user] < mean[reference])}]


def _user_claims(indices, problems, f3, f4):
    """Claims rows of the user's indices: RRT variability against the paper's least
    robust index (Precision in Fig. 3, AURPC-OVA in Fig. 4a), and Fig. 5's collapse."""
    rows = []
    if not f3.empty:
        for u in user_indices(indices, problems, "two-class"):
            rows += _rank_claims("fig3", f3, u, "precision")
    if not f4.empty:
        multi = user_indices(indices, problems, "multi-class")
        for u in multi:
            rows += _rank_claims("fig4a", f4, u, "aurpc_ova")
        f5 = fig5_data(indices, problems)
        top = f5[f5["n_classes"] == f5["n_classes"].max()]
        for u in multi:
            mins = top.loc[top["index"] == u].set_index("problem")["minimum"]
            if mins.empty:
                continue
            C = int(top["n_classes"].max())
            rows.append({"figure": "fig5", "claim": f"user index {u} stays above 0 on C={C}",
                         "measured": f"{u} minima: " + ", ".join(f"{p} {v:.3f}" for p, v in mins.items()),
                         "holds": bool((mins > 0).all())})
    return rows


def _raw_min(indices, problems, name):
    sel = indices[indices["problem"].isin(list(problems)) & (indices["index"] == name)]
    return float(sel["value"].min())


def _fmt(series):
    return ", ".join(f"{FIG3_INDICES.get(k, FIG4A_INDICES.get(k, k))} {v:.4f}" for k, v in series.sort_values().items())


def draw_all(indices_csv, problems_csv, out_dir, seed=None) -> list[Path]:
    """Write fig3, fig4a, fig4b, fig5 (.pdf, .png, .csv) and claims.csv into ``out_dir``;
    with the config's ``seed``, each value with its 95% interval (error bars, ``ci_low``
    and ``ci_high`` columns)."""
    import matplotlib.pyplot as plt

    indices = pd.read_csv(indices_csv)
    problems = pd.read_csv(problems_csv)
    out = Path(out_dir)
    written = []
    specs = [
        ("fig3", fig3_data, "std_pooled", FIG3_INDICES,
         "Fig. 3: effect of RRT on two-class indices", "std over test sets x classifiers"),
        ("fig4a", fig4a_data, "std_pooled", FIG4A_INDICES,
         "Fig. 4a: effect of RRT on multi-class indices", "std over test sets x classifiers"),
        ("fig4b", fig4b_data, "normalised_std", FIG4B_INDICES,
         "Fig. 4b: stability of ACSA vs nAUROC-OVA", "std / minimum std over datasets"),
        ("fig5", fig5_data, "minimum", FIG5_INDICES,
         "Fig. 5: minimum index value per multi-class dataset", "minimum over test sets x classifiers"),
    ]
    for name, fn, value, labels, title, ylabel in specs:
        data = fn(indices, problems, seed)
        if seed is not None:
            title += "\n(error bars: 95% bootstrap interval over runs x folds)"
        fig, ax = plt.subplots(figsize=(max(6.0, 1.0 * max(1, data["problem"].nunique()) + 2), 4.2))
        if data.empty:
            ax.text(0.5, 0.5, "no problem of this kind in the config", ha="center", va="center")
            ax.set_title(title)
        else:
            _bars(ax, data, value, labels, title, ylabel)
        save_figure(fig, out / name, data, bbox_inches="tight")
        written += [out / f"{name}.{s}" for s in ("pdf", "png", "csv")]
    c = claims(indices, problems)
    write_csv(c, out / "claims.csv", float_format=None)
    written.append(out / "claims.csv")
    return written
