"""mullick2020's claims checked on our results: Fig. 2's numbers, the experiment's
Figs. 3, 4a, 4b and 5, and Fig. 6 against the audit.

Each experiment claim's margin is an :class:`imbeval.inference.Estimate` decided by
:func:`imbeval_repro.verdicts.claim_rules.judge`:

- Figs. 3, 4a and 4b are about the std of each index over the RRT test sets, per dataset,
  averaged over datasets; every claim is decided on the RRT reading (per classifier the std
  over its five test sets, averaged over the classifiers: the paper's argument) and shown
  again on the literal reading (the std over all classifier x test set cells), a row of its
  own (:data:`READINGS`, :data:`imbeval_repro.verdicts.LITERAL_READING`). The datasets
  are the units: an ordering ("varies most") holds when the named index's mean exceeds each
  competitor's, each contrast a number over problems, the margin the smallest
  (:func:`imbeval.inference.minimum_of`: its low end from each contrast's own interval, an
  intersection-union test; its high end Bonferroni); "closely follow" is an equivalence
  within :data:`imbeval_repro.verdicts.claim_rules.CLOSELY_FOLLOW` (two one-sided contrasts per
  pair). A number over problems (:func:`imbeval.inference.problems_estimate`): KEEL's
  problems fall into independent families, the mean of family means with the t interval
  over at least ten of them; the stand-in's problems are crossed with ten shared
  Fashion-MNIST concepts, the delete-one-concept jackknife (decisive from ten concept
  groups). Every number a row prints is over the datasets its margin uses.
- Fig. 4b's margin is the geometric mean over datasets of nAUROC-OVA's std over ACSA's,
  minus 1 (each dataset's log ratio a unit); the paper's normalisation by a minimum over
  the datasets is shown beside it.
- Fig. 5 is about the datasets with at least :data:`FIG5_MIN_CLASSES` classes: "well above"
  is the smallest gap of minima of cell values, its interval from the exact identities
  between the indices (:func:`imbeval_repro.papers.mullick2020.claim_units.identity_gap_estimate`); "GMean
  drops to 0" is GMean's lowest cell value, with the interval of a minimum. Both take
  Fig. 5's calibrated n_test/n_train (:data:`imbeval_repro.verdicts.claim_rules.FIG5_TEST_TO_TRAIN`).
- Undefined folds (:data:`imbeval.inference.UNDEFINED_FOLDS_RULE`): a cell mean with an
  undefined fold is undecidable, and a number over problems leaves out the problems on
  which an index of its row is undefined on some run value; the row names the index, the
  problems and the folds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pandas as pd

from imbeval.compare import problem_concepts_of
from imbeval import inference
from imbeval_repro.papers.mullick2020 import claim_units as cu
from imbeval.audit.core import MULLICK2020_THEOREMS
from imbeval_repro import verdicts as cmp
from imbeval_repro.papers.mullick2020 import experiment as ex
from imbeval_repro.papers.mullick2020 import printed as pr
from imbeval_repro.verdicts.claim_rules import CLOSELY_FOLLOW, THRESHOLDS, decide, judge

__all__ = ["FIG3_LABELS", "FIG4_LABELS", "PAPER_FIG6", "AUDIT_BASIS", "USER_ITEMS",
           "READINGS", "PAPER_READING", "FIG5_MIN_CLASSES", "fig5_problems",
           "mullick_fig2_rows", "mullick_experiment_rows", "mullick_user_rows",
           "mullick_fig6_rows", "claims_table"]

#: the two-class indices' names (Fig. 3's, as the figure labels them)
FIG3_LABELS = ex.FIG3_INDICES
#: the multi-class indices' names (Figs. 4a and 5's)
FIG4_LABELS = {**ex.FIG4A_INDICES, **ex.FIG5_INDICES}


# ---------------------------------------------------------------------------------------
# mullick2020
# ---------------------------------------------------------------------------------------

#: Fig. 2 numbers: our quantity (fig2_numbers.csv) -> the key of printed.FIG2
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
        printed = pr.FIG2[key]
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
    :func:`imbeval.utils.io.write_csv`): the claim's numbers are those a reader recomputes
    from ``fig3.csv`` ... ``fig5.csv``."""
    frame = frame.copy()
    frame[column] = frame[column].map(lambda v: float(f"{v:.10g}"))
    return frame


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
    (:mod:`imbeval_repro.papers.mullick2020.claim_units`; the claim row keeps them as ``units``)."""

    estimate: inference.Estimate
    units: tuple


def _ordering(per_problem, concepts, pairs, undefined=None) -> Measured:
    """``min over (a, b) in pairs`` of ``mean over problems (stat_a - stat_b)``, each
    contrast's interval by :func:`imbeval.inference.problems_estimate`; undecidable where
    ``a`` or ``b`` is undefined on some value of a problem (``undefined``,
    :func:`undefined_folds_of`). Computed from its units
    (:func:`imbeval_repro.papers.mullick2020.claim_units.ordering_estimate`)."""
    names = list(dict.fromkeys(n for pair in pairs for n in pair))
    _, highs = ex._ranges(names, "std_pooled")
    highest = {n: h for n, h in zip(names, highs) if np.isfinite(h)}
    units = cu.ordering_units(per_problem, concepts, pairs, undefined, highest)
    return Measured(cu.ordering_estimate(pd.DataFrame(units)), tuple(units))


def _equivalence(per_problem, concepts, pairs, undefined, delta) -> Measured:
    """``delta`` minus the largest ``|mean over problems (stat_a - stat_b)|`` over ``pairs``:
    two one-sided contrasts per pair, ``delta - (a - b)`` and ``delta + (a - b)``, their
    smallest decided as an ordering (an intersection-union test of the equivalences;
    Schuirmann 1987's two one-sided tests per pair)."""
    names = list(dict.fromkeys(n for pair in pairs for n in pair))
    _, highs = ex._ranges(names, "std_pooled")
    highest = {n: h for n, h in zip(names, highs) if np.isfinite(h)}
    units = cu.equivalence_units(per_problem, concepts, pairs, delta, undefined, highest)
    return Measured(cu.ordering_estimate(pd.DataFrame(units)), tuple(units))


def _units_text(problems, concepts, total=None) -> str:
    """How many datasets and independent units a number over ``problems`` rests on, as a
    row states it, and how many of ``total`` it leaves out."""
    clusters = inference.problem_clusters({p: concepts[p] for p in problems})
    n = len(set(clusters.values()))
    if n >= inference.MIN_DECISIVE_UNITS:
        units = f"{n} independent"
    else:
        groups = len({frozenset(q for q in problems if c in concepts[q])
                      for p in problems for c in concepts[p]})
        units = f"{n} independent, {groups} concept groups"
    left = "" if total is None or total == len(problems) else (
        f"; {total - len(problems)} left out: an index of the row undefined on a run value")
    return f"{len(problems)} datasets ({units}{left})"


def _std_per_problem(data, labels, concepts, stat="std_pooled"):
    """A variability figure's std ``stat`` (a :data:`READINGS` column) per problem (rows)
    and index (columns), as its CSV stores them, its mean over problems and the units they
    rest on (text); Nones when the figure has no problem."""
    data = _as_plotted(data, stat)
    data = data[data["index"].isin(list(labels))]
    if data.empty:
        return None, None, ""
    per = data.pivot(index="problem", columns="index", values=stat)
    return per, _means(per, concepts), _units_text(list(per.index), concepts)


def _claim(item, text, key, estimate, basis, detail, printed="", column=cmp.CLAIM_COLUMN,
           beside=""):
    """A claim row decided by :func:`judge` on ``estimate`` (an Estimate, or a
    :class:`Measured` whose units the row keeps as ``units``), stating interval and method:
    ``detail`` names the margin (its value follows it), ``beside`` what the row shows beside
    the decision (another reading's number, a sensitivity)."""
    units = ()
    if isinstance(estimate, Measured):
        estimate, units = estimate.estimate, estimate.units
    if math.isnan(estimate.value):
        # e.g. Fig. 4b's normalisation when an index's std is 0 on a dataset: no number
        undefined = f"{detail} is undefined on this run (0/0), so the claim cannot be checked"
        return cmp.claim("mullick2020", item, text, math.nan, None, basis=basis,
                         method=estimate.method, method_kind=estimate.method_kind,
                         detail=undefined, reason_kind=inference.Reason.UNDEFINED_NUMBER,
                         reason=undefined, column=column)
    j = judge(key, estimate)
    rule = THRESHOLDS[key]
    why = f"; inconclusive: {j.why}" if j.why else ""
    text_detail = (f"{detail} = {estimate.value:+.4f}, 95% interval {_span(j.ci)}; must be "
                   f"{rule.rule_text} ({rule.wording}, docs/claims.md){why}"
                   + (f"; beside it: {beside}" if beside else ""))
    ci = None if any(math.isnan(v) for v in j.ci) else j.ci
    return {**cmp.claim("mullick2020", item, text, estimate.value, j.verdict,
                        detail=text_detail, basis=basis, ci=ci, printed=printed,
                        method=j.method, p_value=j.p_value, method_kind=j.method_kind,
                        reason_kind=j.reason, reason=j.why or "", column=column),
            "units": [{"item": item, "claim": text, "rule": key, **u} for u in units]}


#: the two readings of the paper's "standard deviation ... over the five test sets and four
#: classifiers" (Sec. 5.3): the figures' CSV column each reads -> how a row names it and what
#: it measures. The paper's argument is about the test sets ("the highest variability over
#: the test sets for a given training set"), so its claims are decided on the RRT reading;
#: the literal reading, which adds the spread between classifiers, is shown beside it
#: (:data:`imbeval_repro.verdicts.LITERAL_READING` rows).
READINGS = {
    "std_within": ("RRT reading", "the std over the five RRT test sets within each "
                   "classifier, mean over the classifiers"),
    "std_pooled": ("literal reading", "the std over the classifier x RRT test set cells"),
}
#: the reading the paper's argument needs (its rows are the claims)
PAPER_READING = "std_within"
#: mullick2020 Fig. 5 is about its "ten-class" datasets: those with at least this many
#: classes (the paper's three have 10-15); a run with none takes its largest C
FIG5_MIN_CLASSES = 10


def _reading_row(text: str, stat: str) -> str:
    """A Figs. 3-4 claim's row text naming its reading: ``"<claim> (RRT reading)"``."""
    return f"{text} ({READINGS[stat][0]})"


def _reading_column(stat: str) -> str:
    return cmp.CLAIM_COLUMN if stat == PAPER_READING else cmp.LITERAL_READING


#: what a row prints when no dataset has every index of the row defined
_NO_DATASET = "no dataset on which every index of the row is defined on every run value"


def _means(per: pd.DataFrame, concepts) -> pd.Series:
    """Each index's number over the problems of ``per`` as its claims estimate it (the mean
    of family means, :func:`imbeval.inference.problems_estimate`): what a row prints beside
    its margin."""
    return pd.Series({c: inference.problems_estimate(dict(per[c].items()), concepts).value
                      for c in per.columns})


def _row_problems(per: pd.DataFrame, names, undefined) -> pd.DataFrame:
    """``per`` restricted to the problems on which every index of ``names`` is defined on
    every run value: every number a row prints is over the problems its margin uses."""
    bad = {p for n in names for p in (undefined or {}).get(n, {})}
    return per.loc[[p for p in per.index if p not in bad]]


def _fig3_rows(data, concepts, undefined, basis):
    """Fig. 3's claims and Section 5.3's on both readings (:data:`READINGS`)."""
    g = ("gmean2", "auroc2")
    m_pair = ("mprecision", "maurpc")
    for stat in READINGS:
        per_all, _, _ = _std_per_problem(data, FIG3_LABELS, concepts, stat)
        if per_all is None:
            return
        reading = READINGS[stat][1]

        def row(text, key, pairs, detail, est=None, beside=""):
            names = list(dict.fromkeys(n for pair in pairs for n in pair))
            per = _row_problems(per_all, names, undefined)
            m = _means(per, concepts)
            head = (f"mean over {_units_text(list(per.index), concepts, len(per_all))} of "
                    f"{reading}")
            est = est if est is not None else _ordering(per_all, concepts, pairs, undefined)
            what = detail(m) if m.notna().all() else _NO_DATASET
            return _claim("Fig. 3", _reading_row(text, stat), key, est, basis,
                          f"{head}: {what}", column=_reading_column(stat), beside=beside)

        others = [o for o in FIG3_LABELS if o != "precision"]
        yield row("Precision varies most", "ordering", [("precision", o) for o in others],
                  lambda m: (f"Precision {m['precision']:.4f} minus the largest other "
                             f"({FIG3_LABELS[m.drop('precision').idxmax()]} "
                             f"{m.drop('precision').max():.4f})"),
                  beside="its contrast with AURPC is Section 5.3's statement that Recall "
                         "mitigates AURPC's sensitivity to RRT (AURPC varies less than "
                         "Precision), decided in this row")
        rest = [r for r in FIG3_LABELS if r not in g]
        yield row("GMean and AUROC vary least", "ordering",
                  [(r, s) for r in rest for s in g],
                  lambda m: (f"the two lowest are {_names(list(m.sort_values().index[:2]), FIG3_LABELS)}; "
                             f"smallest other ({FIG3_LABELS[m[rest].idxmin()]} "
                             f"{m[rest].min():.4f}) minus max(GMean, AUROC) "
                             f"({m[list(g)].max():.4f})"))
        yield row("mPrecision and mAURPC closely follow GMean and AUROC", "closely follow",
                  [(a, b) for a in m_pair for b in g],
                  lambda m: (f"{CLOSELY_FOLLOW:g} minus the largest |difference| "
                             + ", ".join(f"{FIG3_LABELS[a]} {m[a]:.4f} − {FIG3_LABELS[b]} "
                                         f"{m[b]:.4f}" for a in m_pair for b in g)),
                  _equivalence(per_all, concepts, [(a, b) for a in m_pair for b in g],
                               undefined, CLOSELY_FOLLOW))
        yield row("mPrecision and mAURPC vary less than Precision and AURPC", "ordering",
                  [(r, s) for r in ("precision", "aurpc") for s in m_pair],
                  lambda m: (f"min(Precision {m['precision']:.4f}, AURPC {m['aurpc']:.4f}) "
                             f"minus max(mPrecision {m['mprecision']:.4f}, mAURPC "
                             f"{m['maurpc']:.4f})"))
        yield row("Section 5.3: AURPC still suffers from RRT: it varies more than GMean "
                  "and AUROC", "ordering", [("aurpc", "gmean2"), ("aurpc", "auroc2")],
                  lambda m: (f"AURPC {m['aurpc']:.4f} minus max(GMean {m['gmean2']:.4f}, "
                             f"AUROC {m['auroc2']:.4f})"))


def _fig4_rows(data, concepts, undefined, basis):
    """Fig. 4a's claim and Fig. 4b's (its std ratio, scale-free per dataset) on both
    readings."""
    for stat in READINGS:
        per_all, _, _ = _std_per_problem(data, FIG4_LABELS, concepts, stat)
        if per_all is None:
            return
        reading = READINGS[stat][1]
        others = [o for o in ex.FIG4A_INDICES if o != "maurpc_ova"]
        per = _row_problems(per_all, list(ex.FIG4A_INDICES), undefined)
        m = _means(per, concepts)
        yield _claim(
            "Fig. 4a", _reading_row("mAURPC-OVA varies least", stat), "ordering",
            _ordering(per_all, concepts, [(o, "maurpc_ova") for o in others], undefined),
            basis,
            f"mean over {_units_text(list(per.index), concepts, len(per_all))} of {reading}: "
            + (f"smallest other ({FIG4_LABELS[m[others].idxmin()]} {m[others].min():.4f}) "
               f"minus mAURPC-OVA ({m['maurpc_ova']:.4f})" if m.notna().all() else _NO_DATASET),
            column=_reading_column(stat))
        yield _fig4b_row(per_all, concepts, undefined, basis, stat)


def _fig4b_row(per_all, concepts, undefined, basis, stat):
    """Fig. 4b: nAUROC-OVA's std against ACSA's, as the geometric mean over datasets of
    their ratio (each dataset's log ratio a unit: no normalising minimum), with the
    paper's normalised means and how one dataset moves them, beside it."""
    pair = ("nauroc_ova", "acsa")
    undefined_text = {p: "; ".join(f"{name} on {k} of {n} values of {p}" for name in pair
                                   for q, (k, n) in undefined.get(name, {}).items() if q == p)
                      for p in per_all.index}
    units = cu.log_ratio_units(per_all, concepts, *pair, undefined_text)
    est = Measured(cu.log_ratio_estimate(pd.DataFrame(units)), tuple(units))
    kept = per_all.loc[[u["problem"] for u in units if not u["undefined"]], list(pair)]
    ratio = kept["nauroc_ova"] / kept["acsa"]
    beside = ""
    if len(kept) >= 2:
        argmins = sorted(set(kept.idxmin()))
        without = kept.drop(index=argmins)
        paper, moved = (_normalised_excess(part) for part in (kept, without))
        beside = (f"the paper's ratio of normalised means (each std over its smallest over "
                  f"the datasets, on {', '.join(argmins)}) minus 1, {paper:+.4f}; without "
                  f"{', '.join(argmins)} {moved:+.4f}: a target set by one dataset's minimum")
    return _claim(
        "Fig. 4b", _reading_row("std of nAUROC-OVA slightly above ACSA's, per dataset", stat),
        "slightly higher", est, basis,
        f"{READINGS[stat][1]} over {_units_text(list(kept.index), concepts, len(per_all))}: "
        f"nAUROC-OVA's std over ACSA's, geometric mean {1 + est.estimate.value:.4f} "
        f"(median {ratio.median():.4f}), minus 1", column=_reading_column(stat),
        beside=beside)


def _normalised_excess(stds: pd.DataFrame) -> float:
    """Fig. 4b as the paper computes it: nAUROC-OVA's mean normalised std (each dataset's
    std over the smallest over the datasets) over ACSA's, minus 1 (NaN without datasets)."""
    if stds.empty:
        return math.nan
    normalised = stds / stds.min()
    return float(normalised["nauroc_ova"].mean() / normalised["acsa"].mean() - 1)


def fig5_problems(problems: pd.DataFrame) -> tuple[list, str]:
    """The multi-class problems Fig. 5's claims are about (C >= :data:`FIG5_MIN_CLASSES`,
    or the largest C where none has as many), sorted, and how a row names them."""
    multi = problems[problems["kind"] == "multi-class"]
    if multi.empty:
        return [], ""
    top = int(multi["n_classes"].max())
    least = min(FIG5_MIN_CLASSES, top)
    chosen = multi[multi["n_classes"] >= least].sort_values(["n_classes", "problem"])
    name = f"C >= {least}" if least < top else f"C = {top}"
    return list(chosen["problem"]), name


def _fig5_rows(indices, folds, problems, basis):
    """Fig. 5's claims on its datasets (:func:`_fig5_problems`): "well above" from the
    identities between the indices, "GMean drops to 0" as the lowest cell value."""
    chosen, name = fig5_problems(problems)
    f5 = _as_plotted(ex.fig5_data(indices, problems), "minimum")
    f5 = f5[f5["index"].isin(list(ex.FIG5_INDICES)) & f5["problem"].isin(chosen)]
    if f5.empty:
        return
    top = f5.pivot(index="problem", columns="index", values="minimum").loc[
        [p for p in chosen if p in set(f5["problem"])]]
    classes = f5.groupby("problem")["n_classes"].first()
    names = ["acsa", "auroc_ova", "auroc_ovo", "nauroc_ova"]
    units, gmean_units = [], []
    for p in top.index:
        cell_names, pooled, x = ex.cell_fold_values(indices, folds, p, [*names, "gmean"])
        units += cu.cell_units(x, pooled, cell_names, p, names, classes=int(classes[p]))
        gmean_units += cu.cell_units(x[:, :, :, 4:], pooled[:, 4:], cell_names, p, ["gmean"],
                                     classes=int(classes[p]), unit_type="cell_minimum")
    gap = top[["auroc_ova", "auroc_ovo"]].min(axis=1) - top[["acsa", "nauroc_ova"]].max(axis=1)
    est = Measured(cu.identity_gap_estimate(pd.DataFrame(units).assign(rule="well above"),
                                            float(gap.min())), tuple(units))
    coefficient = {p: cu.identity_slope(int(classes[p])) for p in top.index}
    yield _claim(
        "Fig. 5", f"on {name}, AUROC-OVA/OVO minima well above ACSA and nAUROC-OVA",
        "well above", est, basis,
        "min(AUROC-OVA, AUROC-OVO) - max(ACSA, nAUROC-OVA) per dataset: "
        + ", ".join(f"{p} (C = {int(classes[p])}) {g:+.3f} = {coefficient[p]:.3f} x (1 - "
                    f"its smallest ACSA {top.loc[p, 'acsa']:.3f}) up to the AUROC-OVA/OVO "
                    "difference" for p, g in gap.items()) + "; the smallest")
    est = Measured(cu.cell_minimum_estimate(pd.DataFrame(gmean_units).assign(rule="drops to 0")),
                   tuple(gmean_units))
    lowest = top["gmean"].idxmin()
    zeros = {p: ex.zero_counts(indices, p, "gmean") for p in top.index}
    worst = max(((p, z, n) for p, counts in zeros.items() for z, n, _ in counts),
                key=lambda t: t[1] / max(t[2], 1))
    fold_mean = ex.cell_means(folds if folds is not None else indices, ["gmean"])
    fold_mean = fold_mean[fold_mean["problem"].isin(list(top.index))]["value"].min()
    yield _claim(
        "Fig. 5", f"GMean drops to 0 on some {name} dataset", "drops to 0", est, basis,
        "GMean's lowest cell value (each cell the mean of its runs' values; lowest per "
        "dataset " + ", ".join(f"{p} {v:.3f}" for p, v in top["gmean"].items())
        + f"), on {lowest}",
        beside=f"the lowest cell mean of fold values {fold_mean:.3f}; the most exact zeros "
               f"among a cell's fold values {worst[1]} of {worst[2]} ({worst[0]})")


def mullick_experiment_rows(indices, problems, *, basis, folds=None):
    """The claims of Figs. 3, 4a, 4b and 5 on our experiment, each with the interval of
    its margin (see the module docstring).

    Parameters
    ----------
    indices, problems : the experiment's ``run_indices.csv`` (or ``fold_indices.csv``) and
        ``problems.csv`` (paths or DataFrames; ``problems`` needs its ``classes`` column).
    basis : the rows' basis, ``verdicts.run_basis(<the run's dataset>)``.
    folds : the experiment's ``fold_indices.csv`` (path or DataFrame) when ``indices`` is its
        run table: Fig. 5's cells rest on their fold values
        (:func:`imbeval_repro.papers.mullick2020.experiment.cell_fold_values`).

    Returns
    -------
    iterator of claim rows (:func:`imbeval_repro.verdicts.claim`).
    """
    if basis == cmp.PRINTED_BASIS:
        raise ValueError("basis must name the run's dataset (verdicts.run_basis)")
    indices = indices if isinstance(indices, pd.DataFrame) else pd.read_csv(indices)
    problems = problems if isinstance(problems, pd.DataFrame) else pd.read_csv(problems)
    folds = ex.read_fold_table(folds, ex.multi_class_problems(problems))
    concepts = problem_concepts_of(problems)
    undefined = undefined_folds_of(indices, [*FIG3_LABELS, *FIG4_LABELS])
    yield from _fig3_rows(ex.fig3_data(indices, problems), concepts, undefined, basis)
    yield from _fig4_rows(ex.fig4a_data(indices, problems), concepts, undefined, basis)
    yield from _fig5_rows(indices, folds, problems, basis)


#: the item of a user's index's claims, per figure: a family of its own, so the user's
#: indices never change the Holm adjustment of the paper's claims
USER_ITEMS = {"fig3": "Fig. 3 (your indices)", "fig4a": "Fig. 4a (your indices)",
              "fig5": "Fig. 5 (your indices)"}


def mullick_user_rows(indices, problems, *, basis, folds=None):
    """Claims about the user's own indices (names in ``fold_indices.csv`` that are not built-in,
    :func:`imbeval_repro.papers.mullick2020.experiment.user_indices`), decided as the paper's:
    each varies less under RRT than the paper's least robust index of its figure
    (Precision in Fig. 3, AURPC-OVA in Fig. 4a; THRESHOLDS ``"ordering"``) on the RRT
    reading (:data:`PAPER_READING`), and stays clear of 0 on every dataset of Fig. 5
    (:func:`fig5_problems`; THRESHOLDS ``"stays above 0"``).

    Parameters, returns: as :func:`mullick_experiment_rows` (items :data:`USER_ITEMS`).
    """
    if basis == cmp.PRINTED_BASIS:
        raise ValueError("basis must name the run's dataset (verdicts.run_basis)")
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
            per, m, n_units = _std_per_problem(data, {reference: reference, u: u}, concepts,
                                               PAPER_READING)
            if per is None or u not in per.columns or reference not in per.columns:
                continue
            yield _claim(
                USER_ITEMS[figure], f"user index {u} varies less than {labels[reference]}",
                "ordering", _ordering(per, concepts, [(reference, u)],
                                     undefined_folds_of(indices, (reference, u))), basis,
                f"mean over our datasets of {READINGS[PAPER_READING][1]} ({len(per)} {kind} "
                f"datasets, {n_units}): {labels[reference]} {m[reference]:.4f} minus "
                f"{u} {m[u]:.4f}")
    users = ex.user_indices(indices, problems, "multi-class")
    if not users:
        return
    f5 = _as_plotted(ex.fig5_data(indices, problems), "minimum")
    if f5.empty:
        return
    chosen, name = fig5_problems(problems)
    top = f5[f5["problem"].isin(chosen)]
    for u in users:
        mins = top.loc[top["index"] == u].set_index("problem")["minimum"]
        if mins.empty:
            continue
        units = []
        for p in mins.index:
            cells, pooled, x = ex.cell_fold_values(indices, folds, p, [u])
            units += cu.cell_units(x, pooled, cells, p, [u], unit_type="cell_minimum")
        est = cu.cell_minimum_estimate(pd.DataFrame(units).assign(rule="stays above 0"))
        yield _claim(
            USER_ITEMS["fig5"], f"user index {u} stays above 0 on {name}", "stays above 0",
            Measured(est, tuple(units)), basis,
            f"{u} minima on {name}: " + ", ".join(f"{p} {v:.3f}" for p, v in mins.items())
            + "; the lowest")


def claims_table(indices, problems, *, basis, with_units=False, folds=None):
    """The experiment's claims (Figs. 3-5 and the user's indices) as verdict rows
    (:data:`imbeval_repro.verdicts.COLUMNS`), Holm-adjusted within each figure: the rows
    ``verdicts.csv`` holds for them, written as ``claims.csv`` beside the figures.
    With ``with_units``, also the rows as built, each with its ``units``
    (:func:`imbeval_repro.papers.mullick2020.claim_units.units_frame` makes ``claim_units.csv`` of them).
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
