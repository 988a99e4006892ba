"""mullick2020's statements in the text of Sections 5.3, 5.5 and 6, checked on our results.

- Section 5.3 ("Due to having Precision as a component AURPC also suffers from the same
  issue, though the additional consideration of Recall helps to mitigate the effect of
  altering RRT to some extent") is decided with Fig. 3's claims, in their family
  (:mod:`imbeval_repro.papers.mullick2020.claims`);
- Section 5.5: "on three and five class datasets the AUROC-OVA, and AUROC-OVO performs almost
  equivalently to their normalized counterparts": on Fig. 5's minima, per dataset with fewer
  classes than the run's largest C, min(AUROC-OVA, AUROC-OVO) − max(ACSA, nAUROC-OVA) within
  the band of :data:`imbeval_repro.verdicts.claim_rules.THRESHOLDS` ``"almost equivalently"``, its
  interval from the identities between the indices, as Fig. 5's
  (:func:`imbeval_repro.papers.mullick2020.claim_units.identity_gap_estimate`);
- Section 6's recommendations: the indices it recommends satisfy the conditions that apply
  and those it allows only for unequal costs violate Condition 1, against the audit.

Each is decided like the figures' claims (:mod:`imbeval_repro.papers.mullick2020.claims`: the same
intervals over problems, the same intervals of minima, the same undefined-fold rule, Holm within
the item's family).
"""

from __future__ import annotations

import pandas as pd

from imbeval_repro import verdicts as cmp
from imbeval_repro.papers.mullick2020 import experiment as ex
from imbeval_repro.verdicts.claim_rules import decide
from imbeval_repro.papers.mullick2020 import claim_units as cu
from imbeval_repro.papers.mullick2020.claims import (AUDIT_BASIS, AUDIT_METHOD, Measured, _as_plotted,
                                               _claim)

__all__ = ["mullick_text_rows", "mullick_section6_rows", "SECTION6"]

#: Section 6: index -> the conditions (1, 2, 3) it must satisfy (True) or violate (False)
SECTION6 = {
    "gmean2": {1: True}, "auroc2": {1: True}, "mprecision": {1: True}, "maurpc": {1: True},
    "acsa": {1: True, 2: True, 3: True}, "maurpc_ova": {1: True, 2: True, 3: True},
    "gmean": {1: True, 2: True, 3: False},
    "nauroc_ova": {1: False}, "aurpc_ova": {1: False},
}


def mullick_text_rows(indices, problems, *, basis, folds=None):
    """Section 5.5 on the experiment's ``run_indices.csv`` and ``problems.csv`` (Section
    5.3's statements are contrasts of Fig. 3's stds: rows of Fig. 3's family,
    :func:`imbeval_repro.papers.mullick2020.claims.mullick_experiment_rows`); ``folds``, its
    ``fold_indices.csv`` (the cells' fold values, as Fig. 5's)."""
    indices = indices if isinstance(indices, pd.DataFrame) else pd.read_csv(indices)
    problems = problems if isinstance(problems, pd.DataFrame) else pd.read_csv(problems)
    folds = ex.read_fold_table(folds, ex.multi_class_problems(problems))
    f5 = _as_plotted(ex.fig5_data(indices, problems), "minimum")
    f5 = f5[f5["index"].isin(list(ex.FIG5_INDICES))]
    if f5.empty:
        return
    top_c = int(f5["n_classes"].max())
    names = ["acsa", "auroc_ova", "auroc_ovo", "nauroc_ova"]
    for p, part in f5[f5["n_classes"] < top_c].groupby("problem", sort=True):
        c = int(part["n_classes"].iloc[0])
        mins = part.set_index("index")["minimum"]
        cells, pooled, x = ex.cell_fold_values(indices, folds, p, names)
        units = cu.cell_units(x, pooled, cells, p, names, classes=c)
        gap = float(min(mins["auroc_ova"], mins["auroc_ovo"])
                    - max(mins["acsa"], mins["nauroc_ova"]))
        est = cu.identity_gap_estimate(
            pd.DataFrame(units).assign(rule="almost equivalently"), gap)
        yield _claim(
            "Section 5.5", f"on {p} (C = {c}), AUROC-OVA/OVO minima almost equal to their "
            "normalised forms (ACSA, nAUROC-OVA)", "almost equivalently",
            Measured(est, tuple(units)), basis,
            f"min(AUROC-OVA {mins['auroc_ova']:.3f}, AUROC-OVO {mins['auroc_ovo']:.3f}) − "
            f"max(ACSA {mins['acsa']:.3f}, nAUROC-OVA {mins['nauroc_ova']:.3f})")


def mullick_section6_rows(fig6_csv):
    """Section 6's recommendations against the audit's verdicts (Fig. 6's CSV)."""
    audit = pd.read_csv(fig6_csv).set_index("index")
    disagree, checked = [], 0
    for name, wanted in SECTION6.items():
        for k, expected in wanted.items():
            if name not in audit.index:
                disagree.append(f"{name}: not audited")
                continue
            value = audit.loc[name, f"condition{k}"]
            checked += 1
            if pd.isna(value) or bool(value) != expected:
                disagree.append(f"{name} Condition {k}")
    yield cmp.claim(
        "mullick2020", "Section 6", "the recommended indices (two-class: GMean, AUROC, "
        "mPrecision, mAURPC; multi-class: ACSA, mAURPC-OVA) satisfy every condition that "
        "applies; GMean fails only Condition 3; nAUROC-OVA and AURPC-OVA, allowed for unequal "
        "costs, violate Condition 1", len(disagree), decide("theorems", len(disagree)),
        basis=AUDIT_BASIS, method=AUDIT_METHOD,
        detail=f"the index audit disagrees on {len(disagree)} of {checked} verdicts"
               + (f" ({', '.join(disagree)})" if disagree else ""))
