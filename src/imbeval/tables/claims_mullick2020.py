"""mullick2020's claims checked on our results: Fig. 2's numbers, the experiment's
Figs. 3, 4a, 4b and 5, and Fig. 6 against the audit.

Each experiment claim's margin is an :class:`imbeval.inference.Estimate` decided by
:func:`imbeval.tables.claim_rules.judge`:

- Figs. 3 and 4a are about means over datasets: the datasets are the units. An ordering
  ("varies most") holds when the named index's mean exceeds each competitor's: each
  contrast a mean over problems, the margin the smallest (:func:`imbeval.inference.minimum_of`:
  its low end from each contrast's own interval, an intersection-union test; its high end
  Bonferroni). The interval of a mean over problems (:func:`imbeval.inference.problems_estimate`):
  KEEL's problems fall into independent families, a t interval over at least ten of them;
  the stand-in's problems are crossed with ten shared Fashion-MNIST concepts (no two
  independent clusters), the delete-one-concept jackknife with ``C - 1`` degrees of freedom
  (:func:`imbeval.inference.concept_jackknife`), decisive from ten concept groups.
- Fig. 4b's margin is a ratio of means over datasets each normalised by a minimum over the
  datasets: a number over problems, under the same rule.
- Fig. 5 is about each C = max dataset: "well above" is a minimum of differences of minima
  (the AUROC gap) of cell means, with the asymmetric intervals of
  :mod:`imbeval.inference._cells` (a constant cell that could be the minimum makes it
  undecidable); "GMean drops to 0" is the largest share of fold values on which GMean is
  exactly 0 over the cells, with exact binomial intervals (:mod:`imbeval.inference._shares`).
- Undefined folds (:data:`imbeval.inference.UNDEFINED_FOLDS_RULE`): a cell mean with an
  undefined fold is undecidable, and so is a number over problems on which one of its
  indices is undefined on some fold; the row names the index, the problems and the folds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pandas as pd

from imbeval import inference
from imbeval.tables import claim_units as cu
from imbeval.audit.core import MULLICK2020_THEOREMS
from imbeval.tables import comparison as cmp
from imbeval.tables import mullick2020_experiment as ex
from imbeval.tables import printed as pr
from imbeval.tables.claim_rules import THRESHOLDS, decide, judge

__all__ = ["FIG3_LABELS", "FIG4_LABELS", "PAPER_FIG6", "AUDIT_BASIS", "USER_ITEMS",
           "mullick_fig2_rows", "mullick_experiment_rows", "mullick_user_rows",
           "mullick_fig6_rows", "problem_clusters_of", "problem_concepts_of", "claims_table"]

#: the two-class indices' names (Fig. 3's, as the figure labels them)
FIG3_LABELS = ex.FIG3_INDICES
#: the multi-class indices' names (Figs. 4a and 5's)
FIG4_LABELS = {**ex.FIG4A_INDICES, **ex.FIG5_INDICES}


# ---------------------------------------------------------------------------------------
# mullick2020
# ---------------------------------------------------------------------------------------

#: Fig. 2 numbers: our quantity (fig2_numbers.csv) -> the key of printed.MULLICK_FIG2
_FIG2_KEYS = {
    "Precision at x = 4, RRT 1": ("Fig. 2c", "Precision at boundary x = 4", "RRT 1"),
    "Precision at x = 4, RRT 10": ("Fig. 2c", "Precision at boundary x = 4", "RRT 10"),
    "AUROC-OVA at 60% mean class accuracy, C = 3":
        ("Fig. 2f", "AUROC-OVA at 60 % per-class accuracy", "C = 3"),
    "AUROC-OVA at 60% mean class accuracy, C = 6":
        ("Fig. 2f", "AUROC-OVA at 60 % per-class accuracy", "C = 6"),
}
_FIG2_SETTING = ("our synthetic sample (two Gaussians, the config's points per class and "
                 "seed) and sweep; the paper's sample and classifier positions are in its "
                 "unavailable supplement")
#: what Fig. 2c's numbers rest on: a sample we draw, not the paper's (no interval: a
#: single seeded sample of 5,000 points per class, compared as "different setting")
_FIG2_SAMPLE = "a seeded synthetic two-Gaussian sample (the theory stage's)"
#: how Fig. 2c's numbers are made: no interval, and no verdict rests on them
_FIG2_METHOD = ("one seeded synthetic sample, no interval: compared as a different setting, "
                "never decided")
_FIG2_ERRATA: dict = {}
#: Fig. 2f's C = 6 number is read off a curve (the text: "correctly predicts 60% points from
#: each class on average ... reaches from 0.70 to 0.77"), not computed in the text, so a
#: difference at its second decimal is a reading, not an erratum
_FIG2_READ = {
    ("Fig. 2f", "AUROC-OVA at 60 % per-class accuracy", "C = 6"):
        "read from a curve (the text's \"on average\", Fig. 2f); ours 0.76, exact for equal "
        "class sizes: AUROC-OVA = (1 + a − (1 − a)/(C − 1))/2 = 0.760 at a = 0.6, C = 6",
}


def mullick_fig2_rows(numbers_csv):
    """Fig. 2c/2f's stated numbers against the theory stage's ``fig2_numbers.csv``."""
    numbers = pd.read_csv(numbers_csv)
    unknown = set(numbers["quantity"]) - set(_FIG2_KEYS)
    if unknown:
        raise ValueError(f"{numbers_csv}: unknown quantities {sorted(unknown)}")
    values = dict(zip(numbers["quantity"], numbers["regenerated"]))
    for quantity, key in _FIG2_KEYS.items():
        printed = pr.MULLICK_FIG2[key]
        if quantity not in values:
            raise ValueError(f"{numbers_csv}: no row for {quantity!r}")
        sampled = key[0] == "Fig. 2c"
        yield cmp.row("mullick2020", *key, printed, values[quantity],
                      erratum=_FIG2_ERRATA.get(key),
                      setting=_FIG2_SETTING if sampled else _FIG2_READ.get(key),
                      basis=cmp.run_basis(_FIG2_SAMPLE) if sampled else cmp.PRINTED_BASIS,
                      method=_FIG2_METHOD if sampled else "")


def _names(indices, labels):
    return ", ".join(labels.get(i, i) for i in indices)


def _span(ci, fmt="+.4f") -> str:
    if ci is None or any(v is None or math.isnan(v) for v in ci):
        return "none"
    return f"[{ci[0]:{fmt}}, {ci[1]:{fmt}}]"


def _as_plotted(frame, column):
    """``frame`` with ``column`` as the figure's CSV stores it (``%.10g``, see
    :func:`imbeval._io.write_csv`): the claim's numbers are those a reader recomputes
    from ``fig3.csv`` ... ``fig5.csv``."""
    frame = frame.copy()
    frame[column] = frame[column].map(lambda v: float(f"{v:.10g}"))
    return frame


def problem_concepts_of(problems: pd.DataFrame) -> dict:
    """``{problem: set of concepts}`` from ``problems.csv``'s ``classes`` column (class
    labels separated by ``;``, a class's concepts by ``+``). A ``family`` column (KEEL
    problems) gives the units directly: a problem's one "concept" is its family."""
    if "family" in problems.columns:
        return {str(p): {str(f)} for p, f in zip(problems["problem"], problems["family"])}
    if "classes" not in problems.columns:
        raise ValueError("problems.csv has no 'classes' column: the clusters of problems that "
                         "share classes cannot be formed (rerun `imbeval experiment problems`)")
    return {str(p): {c for label in str(cl).split(";") for c in label.split("+")}
            for p, cl in zip(problems["problem"], problems["classes"])}


def problem_clusters_of(problems: pd.DataFrame) -> dict:
    """``{problem: cluster}``: problems sharing a concept (:func:`problem_concepts_of`; a
    KEEL problem's family) are one cluster (:func:`imbeval.inference.problem_clusters`)."""
    return inference.problem_clusters(problem_concepts_of(problems))


def undefined_folds_of(indices: pd.DataFrame, names) -> dict:
    """``{index: {problem: (k, n)}}``: the problems on which an index of ``names`` is
    undefined (NaN) on ``k`` of its ``n`` values (runs or folds)
    (:data:`imbeval.inference.UNDEFINED_FOLDS_RULE`)."""
    sub = indices[indices["index"].isin(list(names))]
    counts = sub.assign(undefined=sub["value"].isna()).groupby(["index", "problem"])["undefined"]
    k, n = counts.sum(), counts.size()
    out: dict = {}
    for (name, problem), bad in k.items():
        if bad:
            out.setdefault(name, {})[problem] = (int(bad), int(n[(name, problem)]))
    return out


@dataclass(frozen=True)
class Measured:
    """A claim's margin with the units it is computed from
    (:mod:`imbeval.tables.claim_units`; the claim row keeps them as ``units``)."""

    estimate: inference.Estimate
    units: tuple


def _ordering(per_problem, concepts, pairs, undefined=None) -> Measured:
    """``min over (a, b) in pairs`` of ``mean over problems (stat_a - stat_b)``, each
    contrast's interval by :func:`imbeval.inference.problems_estimate`; undecidable where
    ``a`` or ``b`` is undefined on some value of a problem (``undefined``,
    :func:`undefined_folds_of`). Computed from its units
    (:func:`imbeval.tables.claim_units.ordering_estimate`)."""
    names = list(dict.fromkeys(n for pair in pairs for n in pair))
    _, highs = ex._ranges(names, "std_pooled")
    highest = {n: h for n, h in zip(names, highs) if np.isfinite(h)}
    units = cu.ordering_units(per_problem, concepts, pairs, undefined, highest)
    return Measured(cu.ordering_estimate(pd.DataFrame(units)), tuple(units))


def _units_text(problems, concepts) -> str:
    """How many units a number over ``problems`` rests on, as a row states it."""
    clusters = inference.problem_clusters({p: concepts[p] for p in problems})
    n = len(set(clusters.values()))
    if n >= inference.MIN_DECISIVE_UNITS:
        return f"{n} independent"
    groups = len({frozenset(q for q in problems if c in concepts[q])
                  for p in problems for c in concepts[p]})
    return f"{n} independent, {groups} concept groups"


def _std_per_problem(data, labels, concepts):
    """A variability figure's plotted std per problem (rows) and index (columns), as its
    CSV stores them, its mean over problems and the units they rest on (text); Nones
    when the figure has no problem."""
    data = _as_plotted(data, "std_pooled")
    data = data[data["index"].isin(list(labels))]
    if data.empty:
        return None, None, ""
    per = data.pivot(index="problem", columns="index", values="std_pooled")
    return per, per.mean(), _units_text(list(per.index), concepts)


def _claim(item, text, key, estimate, basis, detail, printed=""):
    """A claim row decided by :func:`judge` on ``estimate`` (an Estimate, or a
    :class:`Measured` whose units the row keeps as ``units``), stating interval and method."""
    units = ()
    if isinstance(estimate, Measured):
        estimate, units = estimate.estimate, estimate.units
    if math.isnan(estimate.value):
        # e.g. Fig. 4b's normalisation when an index's std is 0 on a dataset: no number
        undefined = f"{detail} is undefined on this run (0/0), so the claim cannot be checked"
        return cmp.claim("mullick2020", item, text, math.nan, None, basis=basis,
                         method=estimate.method, method_kind=estimate.method_kind,
                         detail=undefined, reason_kind=inference.Reason.UNDEFINED_NUMBER,
                         reason=undefined)
    j = judge(key, estimate)
    rule = THRESHOLDS[key]
    why = f"; inconclusive: {j.why}" if j.why else ""
    text_detail = (f"{detail} = {estimate.value:+.4f}, 95% interval {_span(j.ci)}; must be "
                   f"{rule.rule_text} ({rule.wording}, docs/claims.md){why}")
    ci = None if any(math.isnan(v) for v in j.ci) else j.ci
    return {**cmp.claim("mullick2020", item, text, estimate.value, j.verdict,
                        detail=text_detail, basis=basis, ci=ci, printed=printed,
                        method=j.method, p_value=j.p_value, method_kind=j.method_kind,
                        reason_kind=j.reason, reason=j.why or ""),
            "units": [{"item": item, "claim": text, "rule": key, **u} for u in units]}


def mullick_experiment_rows(indices, problems, *, basis, folds=None):
    """The claims of Figs. 3, 4a, 4b and 5 on our experiment, each with the interval of
    its margin (see the module docstring).

    Parameters
    ----------
    indices, problems : the experiment's ``run_indices.csv`` (or ``indices.csv``) and
        ``problems.csv`` (paths or DataFrames; ``problems`` needs its ``classes`` column).
    basis : the rows' basis, ``comparison.run_basis(<the run's dataset>)``.
    folds : the experiment's ``indices.csv`` (path or DataFrame) when ``indices`` is its
        run table: Fig. 5's cells rest on their fold values
        (:func:`imbeval.tables.mullick2020_experiment.cell_fold_values`).

    Returns
    -------
    iterator of claim rows (:func:`imbeval.tables.comparison.claim`).
    """
    if basis == cmp.PRINTED_BASIS:
        raise ValueError("basis must name the run's dataset (comparison.run_basis)")
    indices = indices if isinstance(indices, pd.DataFrame) else pd.read_csv(indices)
    problems = problems if isinstance(problems, pd.DataFrame) else pd.read_csv(problems)
    folds = ex.read_fold_table(folds, ex.multi_class_problems(problems))
    concepts = problem_concepts_of(problems)
    undefined = undefined_folds_of(indices, [*FIG3_LABELS, *FIG4_LABELS])
    setting = "mean over our datasets of the plotted std"
    per, m, n_units = _std_per_problem(ex.fig3_data(indices, problems), FIG3_LABELS,
                                       concepts)
    if per is not None:
        others = m.drop("precision")
        yield _claim(
            "Fig. 3", "Precision varies most", "ordering",
            _ordering(per, concepts, [("precision", o) for o in others.index],
                      undefined), basis,
            f"{setting} ({len(per)} two-class datasets, {n_units}): Precision "
            f"{m['precision']:.4f} minus the largest other ({FIG3_LABELS[others.idxmax()]} "
            f"{others.max():.4f})")
        low = list(m.sort_values().index)
        rest = m.drop(["gmean2", "auroc2"])
        yield _claim(
            "Fig. 3", "GMean and AUROC vary least", "ordering",
            _ordering(per, concepts, [(r, s) for r in rest.index for s in ("gmean2", "auroc2")],
                      undefined),
            basis, f"{setting}: the two lowest are {_names(low[:2], FIG3_LABELS)}; smallest "
                   f"other ({FIG3_LABELS[rest.idxmin()]} {rest.min():.4f}) minus max(GMean, "
                   f"AUROC) ({m[['gmean2', 'auroc2']].max():.4f})")
        yield _claim(
            "Fig. 3", "mPrecision and mAURPC vary less than Precision and AURPC", "ordering",
            _ordering(per, concepts, [(r, s) for r in ("precision", "aurpc")
                                      for s in ("mprecision", "maurpc")], undefined),
            basis, f"{setting}: min(Precision, AURPC) minus max(mPrecision, mAURPC)")
        # Section 5.3's two statements are contrasts of Fig. 3's plotted stds: decided in
        # Fig. 3's family (one Holm adjustment for every contrast of those stds), not
        # tested again in a family of their own
        yield _claim(
            "Fig. 3", "Section 5.3: Recall mitigates AURPC's sensitivity to RRT: AURPC varies "
            "less than Precision", "mitigates",
            _ordering(per, concepts, [("precision", "aurpc")], undefined),
            basis, f"{setting}: Precision {m['precision']:.4f} minus AURPC {m['aurpc']:.4f}")
        yield _claim(
            "Fig. 3", "Section 5.3: AURPC still suffers from RRT: it varies more than GMean "
            "and AUROC", "ordering",
            _ordering(per, concepts, [("aurpc", "gmean2"), ("aurpc", "auroc2")], undefined),
            basis, f"{setting}: AURPC {m['aurpc']:.4f} minus max(GMean, AUROC) "
                   f"({m[['gmean2', 'auroc2']].max():.4f})")
    per, m, n_units = _std_per_problem(ex.fig4a_data(indices, problems), FIG4_LABELS,
                                       concepts)
    if per is not None:
        others = m.drop("maurpc_ova")
        yield _claim(
            "Fig. 4a", "mAURPC-OVA varies least", "ordering",
            _ordering(per, concepts, [(o, "maurpc_ova") for o in others.index], undefined),
            basis,
            f"{setting} ({len(per)} multi-class datasets, {n_units}): smallest "
            f"other ({FIG4_LABELS[others.idxmin()]} {others.min():.4f}) minus mAURPC-OVA "
            f"({m['maurpc_ova']:.4f})")
    f4b = _as_plotted(ex.fig4b_data(indices, problems), "normalised_std")
    if not f4b.empty:
        per = f4b.pivot(index="problem", columns="index", values="normalised_std")
        m = per.mean()
        margin = m["nauroc_ova"] / m["acsa"] - 1
        # a ratio of means over datasets, each normalised by a minimum over the datasets:
        # a number over problems: the interval over problems (problems_estimate) of the
        # per-problem linearised ratio (the delta method; the normalisers held fixed)
        lin = {p: (row["nauroc_ova"] - (margin + 1) * row["acsa"]) / m["acsa"]
               for p, row in per.iterrows()}
        undefined_text = {p: "; ".join(f"{name} on {k} of {n} values of {p}"
                                       for name in ("nauroc_ova", "acsa")
                                       for q, (k, n) in undefined.get(name, {}).items() if q == p)
                          for p in per.index}
        units = cu.linearised_units(lin, concepts, undefined_text, float(margin))
        est = Measured(cu.linearised_estimate(pd.DataFrame(units)), tuple(units))
        yield _claim(
            "Fig. 4b", "normalised std of nAUROC-OVA slightly above ACSA's", "slightly higher",
            est, basis,
            f"mean normalised std: nAUROC-OVA {m['nauroc_ova']:.3f}, ACSA {m['acsa']:.3f}; "
            "nAUROC-OVA's relative excess over ACSA")
    f5 = _as_plotted(ex.fig5_data(indices, problems), "minimum")
    f5 = f5[f5["index"].isin(list(ex.FIG5_INDICES))]
    if not f5.empty:
        c = int(f5["n_classes"].max())
        top = f5[f5["n_classes"] == c].pivot(index="problem", columns="index", values="minimum")
        names = ["auroc_ova", "auroc_ovo", "acsa", "nauroc_ova", "gmean"]
        # the cells' values of every C = max dataset: the units of "well above"
        units = []
        for p in top.index:
            cell_names, pooled, x = ex.cell_fold_values(indices, folds, p, names)
            units += cu.cell_units(x, pooled, cell_names, p, names[:4])
        gap = top[["auroc_ova", "auroc_ovo"]].min(axis=1) - top[["acsa", "nauroc_ova"]].max(axis=1)
        # a cell with an undefined value is undecidable (UNDEFINED_FOLDS_RULE)
        est = Measured(cu.cell_estimate(pd.DataFrame(units), float(gap.min())), tuple(units))
        yield _claim(
            "Fig. 5", f"on C = {c}, AUROC-OVA/OVO minima well above ACSA and nAUROC-OVA",
            "well above", est, basis,
            f"min(AUROC-OVA, AUROC-OVO) - max(ACSA, nAUROC-OVA) per C = {c} dataset: "
            + ", ".join(f"{p} {g:+.3f}" for p, g in gap.items()) + "; the smallest")
        g = top["gmean"]
        # how often GMean collapses: the share of exact zeros among each cell's fold values,
        # the largest over the cells (exact binomial intervals; exact zeros are the event
        # counted, so the tie rule of a CV mean does not apply)
        counts = {(p, f"{cl}|{sc}"): zc for p in top.index
                  for (cl, sc), zc in zip(ex.fold_values(indices, p, ["gmean"])[0],
                                          ex.zero_counts(indices, p, "gmean"))}
        units = cu.share_units(counts)
        est = Measured(cu.share_estimate(pd.DataFrame(units)), tuple(units))
        worst = max(counts, key=lambda key: counts[key][0] / max(counts[key][1], 1))
        yield _claim(
            "Fig. 5", f"GMean drops to 0 on some C = {c} dataset", "drops to 0", est, basis,
            f"share of fold values with GMean exactly 0, the largest over the "
            f"{len(counts)} cells of C = {c}: {est.estimate.value:.3f} ({counts[worst][0]} of "
            f"{counts[worst][1]} on {worst[0]}); GMean minima of the cell means "
            f"{g.min():.3f} to {g.max():.3f} (the paper's bar: 0)")


#: Fig. 5's "well above" margin from cells' estimates (Section 5.5 uses it too)
_fig5_gap = cu.fig5_gap


#: the item of a user's index's claims, per figure: a family of its own, so the user's
#: indices never change the Holm adjustment of the paper's claims
USER_ITEMS = {"fig3": "Fig. 3 (your indices)", "fig4a": "Fig. 4a (your indices)",
              "fig5": "Fig. 5 (your indices)"}


def mullick_user_rows(indices, problems, *, basis, folds=None):
    """Claims about the user's own indices (names in ``indices.csv`` that are not built-in,
    :func:`imbeval.tables.mullick2020_experiment.user_indices`), decided as the paper's:
    each varies less under RRT than the paper's least robust index of its figure
    (Precision in Fig. 3, AURPC-OVA in Fig. 4a; THRESHOLDS ``"ordering"``), and stays
    clear of 0 on every C = max dataset (Fig. 5; THRESHOLDS ``"stays above 0"``).

    Parameters, returns: as :func:`mullick_experiment_rows` (items :data:`USER_ITEMS`).
    """
    if basis == cmp.PRINTED_BASIS:
        raise ValueError("basis must name the run's dataset (comparison.run_basis)")
    indices = indices if isinstance(indices, pd.DataFrame) else pd.read_csv(indices)
    problems = problems if isinstance(problems, pd.DataFrame) else pd.read_csv(problems)
    folds = ex.read_fold_table(folds, ex.multi_class_problems(problems))
    concepts = problem_concepts_of(problems)
    for figure, data_of, kind, reference, labels in (
            ("fig3", ex.fig3_data, "two-class", "precision", FIG3_LABELS),
            ("fig4a", ex.fig4a_data, "multi-class", "aurpc_ova", FIG4_LABELS)):
        users = ex.user_indices(indices, problems, kind)
        if not users:
            continue
        data = data_of(indices, problems)
        for u in users:
            per, m, n_units = _std_per_problem(data, {reference: reference, u: u}, concepts)
            if per is None or u not in per.columns or reference not in per.columns:
                continue
            yield _claim(
                USER_ITEMS[figure], f"user index {u} varies less than {labels[reference]}",
                "ordering", _ordering(per, concepts, [(reference, u)],
                                     undefined_folds_of(indices, (reference, u))), basis,
                f"mean over our datasets of the plotted std ({len(per)} {kind} datasets, "
                f"{n_units}): {labels[reference]} {m[reference]:.4f} minus "
                f"{u} {m[u]:.4f}")
    users = ex.user_indices(indices, problems, "multi-class")
    if not users:
        return
    f5 = _as_plotted(ex.fig5_data(indices, problems), "minimum")
    if f5.empty:
        return
    c = int(f5["n_classes"].max())
    top = f5[f5["n_classes"] == c]
    for u in users:
        mins = top.loc[top["index"] == u].set_index("problem")["minimum"]
        if mins.empty:
            continue
        flat = []
        for p in mins.index:
            _, pooled, x = ex.cell_fold_values(indices, folds, p, [u])
            flat += ex.cell_estimates(x[:, :, :, 0], pooled[:, 0])
        yield _claim(
            USER_ITEMS["fig5"], f"user index {u} stays above 0 on C = {c}", "stays above 0",
            inference.minimum_of(flat), basis,
            f"{u} minima on C = {c}: " + ", ".join(f"{p} {v:.3f}" for p, v in mins.items())
            + "; the lowest")


def claims_table(indices, problems, *, basis, with_units=False, folds=None):
    """The experiment's claims (Figs. 3-5 and the user's indices) as comparison rows
    (:data:`imbeval.tables.comparison.COLUMNS`), Holm-adjusted within each figure: the rows
    ``paper_comparison.csv`` holds for them, written as ``claims.csv`` beside the figures.
    With ``with_units``, also the rows as built, each with its ``units``
    (:func:`imbeval.tables.claim_units.units_frame` makes ``claim_units.csv`` of them).
    ``folds``: as :func:`mullick_experiment_rows`."""
    problems = problems if isinstance(problems, pd.DataFrame) else pd.read_csv(problems)
    folds = ex.read_fold_table(folds, ex.multi_class_problems(problems))
    rows = [*mullick_experiment_rows(indices, problems, basis=basis, folds=folds),
            *mullick_user_rows(indices, problems, basis=basis, folds=folds)]
    table = cmp.adjust(cmp.frame(rows))
    return (table, rows) if with_units else table


#: Theorems 1-5 as summarised by Fig. 6: index -> (Condition 1, Condition 2, Condition 3);
#: None where the paper states nothing (binary indices have no Conditions 2, 3). Read from
#: the auditor's one table of the theorems (:data:`imbeval.audit.core.MULLICK2020_THEOREMS`).
PAPER_FIG6 = {name: tuple(proved.get(k, (None,))[0] for k in (1, 2, 3))
              for name, proved in MULLICK2020_THEOREMS.items()}
#: How the Fig. 6 verdicts are reached: a search, not a sample estimate (no interval).
AUDIT_METHOD = ("the index audit's seeded search: a failed condition is shown by a "
                "counterexample matrix (exact); a condition is taken to hold when the search "
                "finds none, and the theorems prove it (no interval)")
#: What the Fig. 6 rows rest on: the audit's seeded search, not a printed number.
AUDIT_BASIS = cmp.run_basis("the index audit's seeded matrices (theory stage, C = 2-10)")


def mullick_fig6_rows(fig6_csv):
    """Fig. 6a/6b: the audit's verdicts on the mullick2020 indices against Theorems 1-5."""
    audit = pd.read_csv(fig6_csv).set_index("index")
    for panel, conditions in (("Fig. 6a", (0, 1)), ("Fig. 6b", (2,))):
        disagree, checked = [], 0
        for name, expected in PAPER_FIG6.items():
            for k in conditions:
                if expected[k] is None or name not in audit.index:
                    continue
                value = audit.loc[name, f"condition{k + 1}"]
                checked += 1
                if pd.isna(value) or bool(value) != expected[k]:
                    disagree.append(f"{FIG3_LABELS.get(name, FIG4_LABELS.get(name, name))} "
                                    f"Condition {k + 1}")
        claim = ("Theorems 1-4: which indices satisfy Conditions 1 and 2" if panel == "Fig. 6a"
                 else "Theorem 5: GMean violates Condition 3, ACSA and mAURPC-OVA satisfy it")
        yield cmp.claim("mullick2020", panel, claim, len(disagree),
                        decide("theorems", len(disagree)), basis=AUDIT_BASIS,
                        method=AUDIT_METHOD,
                        detail=f"the index audit disagrees with the theorems on {len(disagree)} "
                               f"of {checked} verdicts"
                               + (f" ({', '.join(disagree)})" if disagree else ""))
