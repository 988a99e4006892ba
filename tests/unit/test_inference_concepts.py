"""Issue 31's intervals: the delete-one-concept jackknife over problems that share concepts,
the asymmetric interval of a minimum, constant cells and the undefined-fold rule."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from imbeval import inference
from imbeval_repro.papers.mullick2020 import claims
from imbeval_repro import verdicts as cmp
from imbeval_repro.verdicts.claim_rules import judge


def test_the_jackknife_variance_of_a_hand_worked_example():
    # four problems on concepts a-d; leaving out a concept leaves the problems without it:
    #   -a: {bc: 2, cd: 4}  -> 3      -b: {cd: 4, da: 6} -> 5
    #   -c: {da: 6, ab: 1}  -> 3.5    -d: {ab: 1, bc: 2} -> 1.5
    # mean of the replicates 3.25; squares 0.0625 + 3.0625 + 0.0625 + 3.0625 = 6.25;
    # v = 3/4 * 6.25 = 4.6875, 3 degrees of freedom, around the mean 13/4 over problems
    values = {"ab": 1.0, "bc": 2.0, "cd": 4.0, "da": 6.0}
    e = inference.concept_jackknife(values, {p: set(p) for p in values}, min_concepts=4)
    assert e.value == pytest.approx(3.25)
    assert e.se ** 2 == pytest.approx(4.6875) and e.df == 3 and e.units == 4
    assert e.undecidable is None
    half = stats.t.ppf(0.975, 3) * math.sqrt(4.6875)
    assert e.interval() == pytest.approx((3.25 - half, 3.25 + half))
    # with the default minimum (5 groups) the same number is undecidable, and says why
    assert "4 concept groups" in inference.concept_jackknife(
        values, {p: set(p) for p in values}).undecidable


def test_concepts_in_the_same_problems_are_one_group_and_a_universal_concept_blocks():
    values = {"p": 1.0, "q": 2.0, "r": 4.0}
    # x and y always together: one group, so three groups (x/y, z, w), not four
    e = inference.concept_jackknife(values, {"p": {"x", "y"}, "q": {"x", "y", "z"},
                                             "r": {"w"}}, min_concepts=3)
    assert e.units == 3
    # a concept in every problem: no replicate without it
    e = inference.concept_jackknife(values, {"p": {"u"}, "q": {"u", "v"}, "r": {"u", "w"}},
                                    min_concepts=1)
    assert e.undecidable.startswith("a concept occurs in every problem")
    assert math.isnan(e.interval()[0])


def test_problems_estimate_takes_the_jackknife_only_for_crossed_problems():
    independent = {f"p{i}": {f"c{i}"} for i in range(12)}
    values = {p: float(i % 3) for i, p in enumerate(independent)}
    assert "clusters" in inference.problems_estimate(values, independent).method
    crossed = {f"p{i}": {f"c{i % 10}", f"c{(i + 3) % 10}"} for i in range(12)}
    e = inference.problems_estimate(values, crossed)
    assert "jackknife" in e.method and e.units == 10 and e.undecidable is None
    # six families of two problems (KEEL's units): not crossed, so the t over families and
    # its ten-unit rule, not a delete-one-family jackknife decisive from five
    families = {f"p{i}": {f"family{i // 2}"} for i in range(12)}
    e = inference.problems_estimate(values, families)
    assert "clusters" in e.method and "at least 10 needed" in e.undecidable


def _cells(means, folds=6, seed=0, spread=0.02):
    rng = np.random.default_rng(seed)
    return [inference.cv_estimate(m + spread * rng.standard_normal(folds)) for m in means]


def test_the_minimum_takes_each_cells_own_low_end_and_bonferroni_high_ends():
    cells = _cells([0.30, 0.32, 0.5, 0.6])
    m = inference.minimum_of(cells)
    own = np.array([c.interval(0.95) for c in cells])
    bonferroni = np.array([c.interval(1 - 0.05 / 4) for c in cells])
    assert m.interval() == pytest.approx((own[:, 0].min(), bonferroni[:, 1].min()))
    # the low end sits higher than a Bonferroni box's
    box = inference.simultaneous(cells, lambda lo, hi: (lo.min(), hi.min()), m.value)
    assert box.interval()[0] < m.interval()[0] and box.interval()[1] == m.interval()[1]


def test_the_minimum_covers_tied_cells_where_the_observed_argmin_would_not():
    # ten tied cells (true minimum 0), six independent folds each (test_to_train=0: each
    # cell's t interval exact): the shipped interval covers at least its 95%; the observed
    # argmin cell's own upper end (no multiplicity on the high end) misses ~1 - 0.975^10
    rng = np.random.default_rng(31)
    reps, hits, argmin_hits = 200, 0, 0
    for _ in range(reps):
        x = rng.standard_normal((10, 6))
        cells = [inference.cv_estimate(row, test_to_train=0.0) for row in x]
        low, high = inference.minimum_of(cells).interval()
        hits += low <= 0.0 <= high
        argmin_hits += cells[int(np.argmin(x.mean(axis=1)))].interval()[1] >= 0.0
    assert hits / reps >= 0.93
    assert argmin_hits / reps <= 0.85


def test_a_constant_cell_that_could_be_the_minimum_is_undecidable():
    zero = inference.cv_estimate([0.0] * 6)          # GMean 0 on every fold
    others = _cells([0.3, 0.4])
    m = inference.minimum_of([zero, *others], low=0.0, high=1.0)
    assert m.interval() == (0.0, 0.0)                 # the point interval of before
    # the coverage rule's tie check (half or more fold values equal) refuses the cell first;
    # either reason makes the minimum undecidable
    assert m.undecidable and ("zero fold variance" in m.undecidable
                              or "tied fold values: 6 of 6" in m.undecidable)
    j = judge("stays above 0", m)
    assert j.verdict is None and ("zero fold variance" in j.why
                                  or "tied fold values: 6 of 6" in j.why)
    # a constant cell far above the others cannot be the minimum: no effect
    top = inference.minimum_of([inference.cv_estimate([1.0] * 6), *others])
    assert top.undecidable is None
    # nor can a cell at the index's maximum (1 on every fold) among cells whose Bonferroni
    # high ends pass 1: it is the minimum only if every cell is 1
    wide = _cells([0.95, 0.97], spread=0.1)
    assert inference.minimum_of([inference.cv_estimate([1.0] * 6), *wide]).undecidable
    assert inference.minimum_of([inference.cv_estimate([1.0] * 6), *wide],
                                high=1.0).undecidable is None


def test_the_gap_interval_is_narrower_than_the_bonferroni_box_and_contains_the_gap():
    ups = {"u": _cells([0.9, 0.92], seed=1)}
    downs = {"a": _cells([0.8, 0.85], seed=2), "b": _cells([0.78, 0.9], seed=3)}
    terms = [("u", "a"), ("u", "b")]
    least = {k: min(c.value for c in v) for k, v in {**ups, **downs}.items()}
    value = min(least[u] - least[d] for u, d in terms)
    g = inference.gap_interval(ups, downs, terms, value)
    flat = [*ups["u"], *downs["a"], *downs["b"]]

    def box(lo, hi):
        return (min(lo[:2].min() - hi[2:4].min(), lo[:2].min() - hi[4:].min()),
                min(hi[:2].min() - lo[2:4].min(), hi[:2].min() - lo[4:].min()))
    b = inference.simultaneous(flat, box, value)
    assert g.interval()[0] <= value <= g.interval()[1]
    assert b.interval()[0] < g.interval()[0] and g.interval()[1] <= b.interval()[1]


def test_a_mean_with_an_undefined_fold_is_undecidable():
    values = [[0.5, np.nan, 0.7], [0.6, 0.6, 0.5]]
    e = inference.defined_cv_estimate(values)
    assert e.undecidable.startswith("undefined on 1 of 6 folds")
    # (fold values all distinct: half or more tied would be undecidable for that reason)
    assert inference.defined_cv_estimate([[0.5, 0.6, 0.7], [0.65, 0.55, 0.45]]).undecidable is None


def test_undefined_folds_are_stated_in_the_claim_rows():
    # one C = 10 problem; GMean undefined on one fold of one cell: the GMean claim is
    # inconclusive, the row says why
    rows = []
    for u in range(6):
        for s, scheme in enumerate(["balanced", "reversed"]):
            for name, level in {"auroc_ova": 0.9, "auroc_ovo": 0.9, "acsa": 0.7,
                                "nauroc_ova": 0.7, "gmean": 0.005, "aurpc_ova": 0.5,
                                "maurpc_ova": 0.6}.items():
                value = level + 0.001 * u + 0.0005 * s  # no tied fold values
                if name == "gmean" and u == 0 and s == 0:
                    value = np.nan
                rows.append({"problem": "m", "classifier": "a", "run": u // 3, "fold": u % 3,
                             "scheme": scheme, "rrt": 1.0, "index": name, "value": value})
    problems = pd.DataFrame({"problem": ["m"], "kind": "multi-class", "n_classes": 10,
                             "ir": 20.0, "classes": ["x;y"]})
    out = {r["row"]: r for r in claims.mullick_experiment_rows(
        pd.DataFrame(rows), problems, basis=cmp.run_basis("a test"))}
    g = out["GMean drops to 0 on some C = 10 dataset"]
    assert g["verdict_kind"] == "claim_inconclusive"
    assert "undefined on 1 of 6 folds" in g["status"]
    gap = out["on C = 10, AUROC-OVA/OVO minima well above ACSA and nAUROC-OVA"]
    assert gap["verdict_kind"] == "claim_holds"


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 5), st.integers(2, 5), st.floats(0.0, 1.0), st.integers(0, 2**31 - 1))
def test_a_pooled_cells_interval_is_its_fold_values_interval_moved(runs, folds, value, seed):
    # pooled_cv_estimate: the corrected interval of the R x k fold values (the delta
    # method's linearised values for an index linear in the rates), centred on the pooled
    # value; its width and decidability are the fold values' own
    x = np.random.default_rng(seed).uniform(0.3, 0.9, size=(runs, folds))
    pooled = inference.pooled_cv_estimate(x, value)
    base = inference.cv_estimate(x)
    assert pooled.value == value and pooled.units == base.units == runs * folds
    assert pooled.method_kind == inference.Method.CV_DELTA
    assert bool(pooled.undecidable) == bool(base.undecidable)
    if not base.undecidable:
        lo, hi = pooled.interval()
        blo, bhi = base.interval()
        assert hi - lo == pytest.approx(bhi - blo, rel=1e-9, abs=1e-12)
        assert (lo + hi) / 2 == pytest.approx(value, abs=1e-9)
    # an undefined fold leaves it undecidable: the linearisation needs every fold
    x[0, 0] = np.nan
    e = inference.pooled_cv_estimate(x, value)
    assert e.undecidable
    if not base.undecidable:
        assert e.reason == inference.Reason.UNDEFINED_FOLDS and "1 of" in e.undecidable
