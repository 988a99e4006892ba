"""Claim rows of results/verdicts.csv: the thresholds, the three outcomes decided on
the interval of a run's margin, and the rows built from the other stages' results."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from imbeval_repro.papers import claims
from imbeval_repro.papers.mullick2020 import claims as claims_mullick2020
from imbeval_repro import verdicts as cmp


def _kind(row):
    return row["verdict_kind"]


def test_mullick_fig2_rows_carry_the_theory_stage_values(tmp_path):
    numbers = tmp_path / "fig2_numbers.csv"
    pd.DataFrame({"quantity": list(claims_mullick2020._FIG2_KEYS), "printed": [0.93, 0.59, 0.70, 0.77],
                  "regenerated": [0.935, 0.591, 0.700, 0.760]}).to_csv(numbers, index=False)
    rows = {(r["item"], r["column"]): r for r in claims.mullick_fig2_rows(numbers)}
    assert rows[("Fig. 2c", "RRT 1")]["regenerated"] == pytest.approx(0.935)
    assert _kind(rows[("Fig. 2c", "RRT 1")]) == "match"  # 0.935 rounds to 0.93 or 0.94
    assert _kind(rows[("Fig. 2c", "RRT 10")]) == "match"
    assert _kind(rows[("Fig. 2f", "C = 3")]) == "match"
    # 0.760 exactly, printed 0.77 read off a curve ("on average"): a reading, not an erratum
    assert _kind(rows[("Fig. 2f", "C = 6")]) == "different_setting"
    status = rows[("Fig. 2f", "C = 6")]["status"]
    assert status.startswith("different setting: read from a curve") and "ours 0.76" in status
    bad = tmp_path / "bad.csv"
    pd.DataFrame({"quantity": ["something else"], "regenerated": [1.0]}).to_csv(bad, index=False)
    with pytest.raises(ValueError, match="unknown quantities"):
        list(claims.mullick_fig2_rows(bad))


BASIS = cmp.run_basis("a synthetic stand-in")
SCHEMES = ["balanced", "reversed", "minority_ir_halved", "original", "others_doubled"]


def _indices(levels, spread, units=10, problems=("m",), n_classes=10, shared=False):
    """A synthetic ``fold_indices.csv`` and ``problems.csv``: one multi-class problem per name
    in ``problems`` (its classes its own, or with ``shared`` one class common to all), one
    classifier, every test set, ``units`` (run, fold) pairs (runs of two folds).
    ``levels[index]`` is the index's value; on each pair it moves by ``spread[index]``
    times a fixed pattern of mean 0 (+1, -1, +0.5, -0.5, +1, ...), so every run x fold
    mean -- the point estimate -- is the level, and only the spread (the interval)
    differs."""
    # pairs (+a, -a), a alternating 1 and 0.5: mean 0 and no value on half the folds
    # (tied fold values are undecidable: imbeval.inference.MAX_TIED_SHARE)
    pattern = [(1.0 if u % 2 == 0 else -1.0) * (1.0 if u // 2 % 2 == 0 else 0.5)
               for u in range(units)]
    rows = []
    for problem in problems:
        for u in range(units):
            for s, scheme in enumerate(SCHEMES):
                for name, level in levels.items():
                    value = level + spread.get(name, 0.0) * pattern[u] + 1e-3 * s
                    rows.append({"problem": problem, "classifier": "a", "run": u // 2,
                                 "fold": u % 2, "scheme": scheme, "rrt": 1.0, "index": name,
                                 "value": value})
    rows = _with_identities(pd.DataFrame(rows), n_classes)
    problems_csv = pd.DataFrame({"problem": list(problems), "kind": "multi-class",
                                 "n_classes": n_classes, "ir": 20.0,
                                 "classes": [f"{p}_a;{'common' if shared else p + '_b'}"
                                             for p in problems]})
    return rows, problems_csv


def _with_identities(frame, n_classes):
    """``frame`` with AUROC-OVO, AUROC-OVA and nAUROC-OVA made from ACSA by the identities
    every confusion matrix satisfies (mullick2020 Lemma 2; AUROC-OVA = AUROC-OVO, as on a
    class-balanced test set), fold by fold, so Fig. 5's claims see consistent indices."""
    from imbeval_repro.papers.mullick2020.claim_units import identity_coefficients

    a, b, lam = identity_coefficients(n_classes)
    acsa = frame[frame["index"] == "acsa"]
    if acsa.empty:
        return frame
    keys = ["problem", "classifier", "run", "fold", "scheme"]
    derived = {"auroc_ovo": a * acsa["value"] + b, "auroc_ova": a * acsa["value"] + b,
               "nauroc_ova": (a * acsa["value"] + b - lam) / (1 - lam)}
    out = frame[~frame["index"].isin(list(derived))]
    made = [acsa.assign(index=name, value=values) for name, values in derived.items()]
    return pd.concat([out, *made], ignore_index=True).sort_values(keys + ["index"],
                                                                   ignore_index=True)


def _fig5(levels, spread):
    indices, problems = _indices(levels, spread)
    rows = {r["row"]: r for r in claims.mullick_experiment_rows(indices, problems, basis=BASIS)}
    return (rows["on C = 10, AUROC-OVA/OVO minima well above ACSA and nAUROC-OVA"],
            rows["GMean drops to 0 on some C = 10 dataset"])


#: AUROC-OVA, AUROC-OVO and nAUROC-OVA follow from ACSA (:func:`_with_identities`): at
#: C = 10 the gap of Fig. 5 is (8/12)(10/18)(1 - ACSA) = 0.0667 at ACSA 0.82
LEVELS = {"acsa": 0.82, "gmean": 0.005, "aurpc_ova": 0.5, "maurpc_ova": 0.6}
#: the gap at ACSA = a: (C-2)C/(2(C-1)(C+2)) (1 - a) at C = 10
GAP = lambda acsa: (8 * 10) / (2 * 9 * 12) * (1 - acsa)


def test_equal_margins_are_decided_by_their_interval():
    # the same margin (0.08 against "well above" = 0.05) from narrow and from wide
    # run-to-run spreads
    narrow, _ = _fig5(LEVELS, {n: 0.0005 for n in LEVELS})
    wide, _ = _fig5(LEVELS, {"acsa": -0.1, "gmean": 0.02})
    assert narrow["regenerated"] == pytest.approx(wide["regenerated"])
    assert narrow["ci_high"] - narrow["ci_low"] < 0.02 < wide["ci_high"] - wide["ci_low"]
    assert "Bonferroni" in narrow["method"]
    assert _kind(narrow) == "claim_holds"
    assert _kind(wide) == "claim_inconclusive"
    assert narrow["basis"] == wide["basis"] == BASIS
    assert narrow["regenerated"] == pytest.approx(GAP(0.82))
    assert "95% interval" in narrow["status"] and "must be > 0.05" in narrow["status"]
    assert narrow["ci_low"] <= narrow["regenerated"] <= narrow["ci_high"]


def test_a_margin_wholly_on_the_wrong_side_does_not_hold():
    levels = dict(LEVELS, acsa=0.88, gmean=0.4)
    gap, gmean = _fig5(levels, {n: 0.0005 for n in levels})
    assert gap["regenerated"] == pytest.approx(GAP(0.88)) and gap["ci_high"] < 0.05
    assert _kind(gap) == "claim_fails"
    # GMean's lowest cell value 0.4, far above five points of 0
    assert _kind(gmean) == "claim_fails" and gmean["regenerated"] == pytest.approx(0.4)
    assert gmean["ci_low"] > 0.05


def test_fig5_gap_interval_follows_the_identities_not_four_boxes():
    # the same cells, with the AUROCs made from ACSA: the identities' interval (one minimum
    # and a nuisance) is narrower than the gap of four independent boxes of minima
    from imbeval import inference
    from imbeval_repro.papers.mullick2020 import experiment as ex
    from imbeval_repro.verdicts.claim_rules import FIG5_TEST_TO_TRAIN

    gap, _ = _fig5(LEVELS, {"acsa": 0.01, "gmean": 0.01})
    indices, problems = _indices(LEVELS, {"acsa": 0.01, "gmean": 0.01})
    names = ["auroc_ova", "auroc_ovo", "acsa", "nauroc_ova"]
    _, pooled, x = ex.cell_fold_values(indices, None, "m", names)
    cells = {("m", n): ex.cell_estimates(x[:, :, :, j], pooled[:, j],
                                         test_to_train=FIG5_TEST_TO_TRAIN)
             for j, n in enumerate(names)}
    boxes = inference.gap_interval(
        {k: v for k, v in cells.items() if k[1].startswith("auroc")},
        {k: v for k, v in cells.items() if not k[1].startswith("auroc")},
        [(("m", a), ("m", b)) for a in names[:2] for b in names[2:]], gap["regenerated"])
    lo, hi = boxes.interval()
    assert gap["ci_low"] <= gap["regenerated"] <= gap["ci_high"]
    assert 0 < gap["ci_high"] - gap["ci_low"] < 0.7 * (hi - lo)


@given(st.integers(1, 400).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))),
       st.sampled_from([0.5, 0.9, 0.95, 0.99, 0.995, 0.999375]))
def test_clopper_pearson_is_scipys_exact_binomial_interval(case, level):
    # the beta-quantile form against scipy's root-finding on the binomial cdf
    from scipy.stats import binomtest

    from imbeval.inference._shares import clopper_pearson

    count, n = case
    ref = binomtest(count, n).proportion_ci(confidence_level=level, method="exact")
    low, high = clopper_pearson(count, n, level)
    assert low == pytest.approx(ref.low, abs=1e-9) and high == pytest.approx(ref.high, abs=1e-9)
    assert (low == 0) == (count == 0) and (high == 1) == (count == n)


def test_gmean_drops_to_0_is_the_lowest_cell_value():
    # GMean near 0 on the 'balanced' cell (varying folds), 0.3 elsewhere: the lowest cell
    # value is that cell's, and its interval lies below five points of 0
    indices, problems = _indices(dict(LEVELS, gmean=0.3), {"gmean": 0.0005})
    cell = (indices["index"] == "gmean") & (indices["scheme"] == "balanced")
    indices.loc[cell, "value"] = indices.loc[cell, "value"] - 0.3 + 0.01
    rows = {r["row"]: r for r in claims.mullick_experiment_rows(indices, problems,
                                                                 basis=BASIS)}
    row = rows["GMean drops to 0 on some C = 10 dataset"]
    assert row["regenerated"] == pytest.approx(0.01, abs=1e-6)
    assert _kind(row) == "claim_holds" and row["ci_high"] < 0.05
    assert "minimum of corrected CV t intervals" in row["method"]
    # exactly 0 on every fold of the cell: a point interval the folds cannot give, which
    # could be the minimum -- undecidable, not "holds"
    indices.loc[cell, "value"] = 0.0
    row = {r["row"]: r for r in claims.mullick_experiment_rows(indices, problems,
                                                                basis=BASIS)}[
        "GMean drops to 0 on some C = 10 dataset"]
    assert row["regenerated"] == 0 and _kind(row) == "claim_inconclusive"


def _ordering_row(slopes, shared=False):
    """mAURPC-OVA varies least (Fig. 4a) on problems p0, p1, ...: ``slopes[k]`` sets each
    index's std over test sets on problem k (the per-scheme slope)."""
    frames = []
    names = [f"p{k}" for k in range(len(slopes))]
    for problem, spread in zip(names, slopes):
        f, _ = _indices(LEVELS, {}, problems=(problem,))
        for name, slope in spread.items():
            sel = f["index"] == name
            base = f.loc[sel, "value"].iloc[0] if name not in LEVELS else LEVELS[name]
            f.loc[sel, "value"] = base + slope * f.loc[sel, "scheme"].map(
                {s: k for k, s in enumerate(SCHEMES)})
        frames.append(f)
    _, problems = _indices(LEVELS, {}, problems=names, shared=shared)
    problems["n_classes"] = 3  # not Fig. 5's C = max, which this test does not need
    out = claims.mullick_experiment_rows(pd.concat(frames), problems, basis=BASIS)
    return {r["row"]: r for r in out}["mAURPC-OVA varies least (RRT reading)"]


OTHERS = ["gmean", "acsa", "nauroc_ova", "aurpc_ova"]


def test_an_ordering_over_datasets_needs_ten_independent_units():
    least = {**{n: 0.02 for n in OTHERS}, "maurpc_ova": 0.01}
    row = _ordering_row([least] * 3)
    assert _kind(row) == "claim_inconclusive"
    assert "3 independent units" in row["status"] and "at least 10 needed" in row["status"]
    # twelve problems with classes of their own: twelve units, the ordering holds
    jitter = [{**{n: 0.02 + 0.001 * k for n in OTHERS}, "maurpc_ova": 0.01 + 0.0005 * k}
              for k in range(12)]
    row = _ordering_row(jitter)
    assert _kind(row) == "claim_holds" and row["ci_low"] > 0
    assert "12 clusters" in row["method"] and row["p_value"] < 0.05
    # the same twelve sharing a class are one cluster, crossed with the shared concept: the
    # delete-one-concept jackknife, which has no replicate without a concept in every problem
    row = _ordering_row(jitter, shared=True)
    assert _kind(row) == "claim_inconclusive" and "jackknife" in row["method"]
    assert "a concept occurs in every problem" in row["status"]


def test_an_ordering_over_datasets_is_inconclusive_when_the_datasets_disagree():
    # mAURPC-OVA varies least on half the datasets, most on the other half: no gap on
    # average, the interval over the twelve units straddles 0
    slopes = [{**{n: 0.02 for n in OTHERS}, "maurpc_ova": 0.01 if k % 2 else 0.03 + 0.001 * k}
              for k in range(12)]
    row = _ordering_row(slopes)
    assert row["ci_low"] < 0 < row["ci_high"]
    assert _kind(row) == "claim_inconclusive"


def test_experiment_claims_are_deterministic():
    indices, problems = _indices(LEVELS, {})
    indices["value"] += 0.05 * np.sin(np.arange(len(indices)) * 1.7)

    def intervals():
        rows = claims.mullick_experiment_rows(indices, problems, basis=BASIS)
        return [(r["ci_low"], r["ci_high"], r["status"]) for r in rows]

    first = intervals()
    assert len(first) == 6  # Figs. 4a and 4b on both readings, and the two of Fig. 5
    assert first == intervals()


def test_experiment_rows_rest_on_the_run_never_on_printed_numbers():
    indices, problems = _indices(LEVELS, {"acsa": 0.01})
    with pytest.raises(ValueError, match="basis must name the run's dataset"):
        list(claims.mullick_experiment_rows(indices, problems, basis=cmp.PRINTED_BASIS))
    rows = list(claims.mullick_experiment_rows(indices, problems, basis=BASIS))
    assert rows and all(r["basis"] == BASIS for r in rows)
    assert all(r["method"] for r in rows)
    decided = [r for r in rows if not np.isnan(r["ci_low"])]
    assert decided and all(r["ci_low"] <= r["ci_high"] for r in decided)
    with pytest.raises(ValueError, match="classes"):
        list(claims.mullick_experiment_rows(indices, problems.drop(columns="classes"),
                                            basis=BASIS))


def _with_user_index(slope_user, slope_reference, n=12):
    """Twelve multi-class problems of their own classes, with a user's index ``mine`` (not
    registered) whose std over test sets is set by ``slope_user``, AURPC-OVA's by
    ``slope_reference``."""
    frames, names = [], [f"p{k}" for k in range(n)]
    levels = dict(LEVELS, mine=0.6)
    for k, problem in enumerate(names):
        f, _ = _indices(levels, {}, problems=(problem,))
        for name, slope in (("mine", slope_user + 0.0002 * k),
                            ("aurpc_ova", slope_reference + 0.0003 * k)):
            sel = f["index"] == name
            f.loc[sel, "value"] = levels[name] + slope * f.loc[sel, "scheme"].map(
                {s: j for j, s in enumerate(SCHEMES)})
        # a small fold-to-fold spread of mean 0: fold values all tied at one number are
        # undecidable (imbeval.inference.MAX_TIED_SHARE), a real index's are not
        sel = f["index"] == "mine"
        f.loc[sel, "value"] += 0.001 * (f.loc[sel, "run"] % 3 - 1)
        frames.append(f)
    _, problems = _indices(levels, {}, problems=names)
    return pd.concat(frames, ignore_index=True), problems


def test_a_users_index_is_claimed_against_the_papers_least_robust_in_its_own_family():
    indices, problems = _with_user_index(0.002, 0.03)
    rows = {r["row"]: r for r in claims.mullick_user_rows(indices, problems, basis=BASIS)}
    less = rows["user index mine varies less than AURPC-OVA"]
    assert less["item"] == "Fig. 4a (your indices)" and less["verdict_kind"] == "claim_holds"
    assert less["ci_low"] > 0 and "ordering" not in less["item"]
    above = rows["user index mine stays above 0 on C = 10"]
    assert above["item"] == "Fig. 5 (your indices)" and above["verdict_kind"] == "claim_holds"
    assert "must be > 0.05" in above["status"]
    # the other way round, the claim does not hold
    indices, problems = _with_user_index(0.03, 0.002)
    rows = {r["row"]: r for r in claims.mullick_user_rows(indices, problems, basis=BASIS)}
    assert rows["user index mine varies less than AURPC-OVA"]["verdict_kind"] == "claim_fails"


def test_claims_csv_is_the_verdict_rows_of_the_experiment(tmp_path):
    # claims.csv (claims_table) and the comparison (stage_rows, then adjust) hold the very
    # same rows for the experiment's figures: one place decides
    indices, problems = _with_user_index(0.002, 0.03)
    table = claims.claims_table(indices, problems, basis=BASIS)
    assert list(table.columns) == cmp.COLUMNS
    assert set(table["item"]) >= {"Fig. 4a", "Fig. 5", "Fig. 4a (your indices)"}
    # the comparison reads the experiment's run table (here fold values: both are read)
    from imbeval_repro.experiment.protocol.collect import RUN_TABLE

    indices.to_csv(tmp_path / RUN_TABLE, index=False)
    problems.to_csv(tmp_path / "problems.csv", index=False)
    staged = cmp.adjust(cmp.frame(claims.stage_rows(experiment_dir=tmp_path,
                                                    dataset="a synthetic stand-in")))
    pd.testing.assert_frame_equal(staged, table)
    # the user's rows are a family of their own: the paper's claims are adjusted alone
    paper = cmp.adjust(cmp.frame(claims.mullick_experiment_rows(indices, problems,
                                                                basis=BASIS)))
    pd.testing.assert_frame_equal(
        table[~table["item"].str.contains("your indices")].reset_index(drop=True), paper)
    # the workflow decides once: the comparison reads claims.csv back; the rows
    # and, after adjust over them again, the verdicts and adjustments are the same
    from imbeval.utils.io import write_csv

    write_csv(table, tmp_path / "claims.csv")
    read = cmp.adjust(cmp.frame(claims.stage_rows(experiment_claims=tmp_path / "claims.csv")))
    for column in ("item", "row", "verdict_kind", "status", "detail", "adjustment", "family_id",
                   "reason_kind", "method_kind", "basis_kind"):
        assert read[column].tolist() == table[column].tolist(), column
    np.testing.assert_allclose(read["adjusted_p"], table["adjusted_p"], rtol=1e-9)
    with pytest.raises(ValueError, match="not both"):
        claims.stage_rows(experiment_claims=tmp_path / "claims.csv", experiment_dir=tmp_path)


def test_too_few_fold_values_decide_nothing():
    # runs of two folds, two units: 2 fold values per cell (the test config's 1 x 2)
    indices, problems = _indices(LEVELS, {n: 0.0005 for n in LEVELS}, units=2)
    rows = list(claims.mullick_experiment_rows(indices, problems, basis=BASIS))
    assert rows and all(_kind(r) == "claim_inconclusive" for r in rows)
    assert all("needed" in r["status"] for r in rows)


@pytest.mark.parametrize("key, value, ci, expected", [
    ("ordering", 0.01, (0.002, 0.02), True),
    ("ordering", 0.01, (-0.002, 0.02), None),      # contains the threshold 0
    ("ordering", -0.01, (-0.02, -0.001), False),
    ("ordering", 0.01, (0.02, 0.03), True),         # the hull with the point: still > 0
    ("ordering", 0.01, (-0.03, -0.02), None),       # the point disagrees with the interval
    ("slightly higher", 0.2, (0.1, 0.3), True),
    ("slightly higher", 0.2, (-0.1, 0.3), None),
    ("slightly higher", 0.2, (-0.1, 0.7), None),    # spans the whole band
    ("slightly higher", 0.7, (0.6, 0.8), False),
    ("drops to 0", 0.01, (0.0, 0.03), True),
    ("drops to 0", 0.04, (0.0, 0.1), None),
    ("drops to 0", 0.3, (0.2, 0.4), False),
    ("closely follow", 0.004, (0.001, 0.006), True),
    ("closely follow", 0.004, (-0.002, 0.006), None),
    ("well above", 0.08, None, True),               # exact arithmetic: the point decides
    ("well above", 0.04, None, False),
])
def test_decide_has_three_outcomes(key, value, ci, expected):
    assert claims.decide(key, value, ci) is expected


def test_decide_validates_its_parameters():
    with pytest.raises(ValueError, match="key must be one of"):
        claims.decide("large", 0.1)
    with pytest.raises(ValueError, match="value must be a number"):
        claims.decide("ordering", float("nan"))


def test_every_threshold_has_a_reason_and_the_doc_is_in_sync():
    for key, t in claims.THRESHOLDS.items():
        assert t.reason and t.margin and t.op in (">", "<", "<=", "in"), key
    doc = Path(__file__).resolve().parents[2] / "docs" / "claims.md"
    assert doc.read_text(encoding="utf-8") == claims.thresholds_markdown(), (
        "docs/claims.md is out of date: regenerate it from claims.THRESHOLDS (see its header)")
    for t in claims.THRESHOLDS.values():
        assert f"| {t.wording} |" in doc.read_text(encoding="utf-8")


def test_ortigosa_fig7_cuts_are_the_same_from_every_start():
    # the claim "bounded by" treats the G-DR/H-DR cuts as exact (no interval): restarting
    # the search from other points of the grid finds the same optimum
    from scipy.optimize import minimize

    from imbeval_repro.papers.ortigosa2016 import figures as fo
    from imbeval.indices import ortigosa2016 as og

    cuts = fo.fig7_cuts().set_index("rule")
    for rule, p in (("G-DR", 0.0), ("H-DR", -1.0)):
        best = (cuts.loc[rule, "cut_1_2"], cuts.loc[rule, "cut_2_3"])
        for start in ([3.0, 5.0], [4.5, 6.5], [3.8, 5.8], [4.2, 5.2]):
            res = minimize(lambda v: -og.holder_mean(fo._recalls_for_cuts(v[0], v[1], 0.5), p),
                           start, method="Nelder-Mead",
                           options={"xatol": 1e-9, "fatol": 1e-14, "maxiter": 8000})
            assert res.x == pytest.approx(best, abs=1e-5), (rule, start)


def test_ortigosa_fig7_cuts_outside_the_stated_bracket_are_flagged(tmp_path):
    f7 = pd.DataFrame({"rule": ["EDR", "BDR", "G-DR", "H-DR", "min-DR", "max-DR"],
                       "cut_1_2": [4.0, 4.09, 3.979, 3.959, 3.499, float("inf")],
                       "cut_2_3": [5.5, 5.77, 5.5048, 5.5071, 5.5014, float("inf")]})
    path = tmp_path / "fig7.csv"
    f7.to_csv(path, index=False)
    first, second = _fig7_rows(path, tmp_path)
    assert _kind(first) == "claim_holds"
    assert _kind(second) == "claim_fails"
    assert second["regenerated"] == pytest.approx(5.5071 - 5.5014)


def _fig7_rows(path, d):
    # ortigosa_figure_rows fed with minimal companion files; returns the Fig. 7 rows
    eta = [i / 100 for i in range(1, 100)]
    pd.DataFrame({"score": ["P1"] * 99 + ["R1"] * 99, "reading": "x", "eta": eta * 2,
                  "influence": [-abs(e - 0.5) for e in eta] + [0.5 - e for e in eta]}
                 ).to_csv(d / "fig2.csv", index=False)
    pd.DataFrame([{"score": s, "eta": e, "influence": abs(e - 0.5)} for s in
                  ("Acc", "max", "A", "G", "H", "min") for e in eta]).to_csv(d / "fig3.csv",
                                                                              index=False)
    eps = [i / 300 for i in range(-99, 200)]
    pd.DataFrame([{"score": s, "epsilon": e, "influence": e} for s in
                  ("Acc", "A", "G", "H", "min", "max") for e in eps]).to_csv(d / "fig4.csv",
                                                                              index=False)
    pd.DataFrame({"K": [2], "p": [1.0], "S_sup": [0.75], "S_sup_eq22_as_printed": [4.0],
                  "S_inf": [0.5]}).to_csv(d / "ssup.csv", index=False)
    rows = list(claims.ortigosa_figure_rows(d / "fig2.csv", d / "fig3.csv", d / "fig4.csv",
                                            d / "ssup.csv", path))
    eq22 = [r for r in rows if r["item"] == "eq. 22 (Fig. 6)"]
    assert len(eq22) == 1 and _kind(eq22[0]) == "erratum"
    acc4 = [r for r in rows if r["item"] == "Fig. 4a"][0]
    assert _kind(acc4) == "claim_fails"  # I(Acc) = ε > 0 on the positive side
    return [r for r in rows if r["item"] == "Fig. 7"]


@given(key=st.sampled_from(sorted(claims.THRESHOLDS)), value=st.floats(-1, 1),
       width=st.floats(0, 1), nan_end=st.sampled_from([0, 1]))
def test_an_interval_with_a_nan_end_is_inconclusive(key, value, width, nan_end):
    ci = [value - width, value + width]
    ci[nan_end] = float("nan")
    assert claims.decide(key, value, tuple(ci)) is None


def _threshold_ends(key):
    t = claims.THRESHOLDS[key]
    return list(t.value) if t.op == "in" else [t.value]


@given(key=st.sampled_from(sorted(claims.THRESHOLDS)), end=st.sampled_from([0, 1]),
       which=st.integers(0, 1), width=st.floats(0, 1))
def test_an_interval_ending_on_a_threshold_is_inconclusive(key, end, which, width):
    ends = _threshold_ends(key)
    edge = ends[which % len(ends)]
    ci = (edge, edge + width) if end == 0 else (edge - width, edge)
    assert claims.decide(key, edge, ci) is None
    assert claims.decide(key, ci[0] if end == 1 else ci[1], ci) is None


def test_exact_arithmetic_on_a_threshold_follows_the_rule():
    assert claims.decide("theorems", 0) is True          # <= 0 holds at 0
    assert claims.decide("ordering", 0.0) is False       # > 0 does not hold at 0
    assert claims.decide("slightly higher", 0.5) is False  # the band is open


@given(key=st.sampled_from(sorted(claims.THRESHOLDS)),
       value=st.floats(-1, 1), below=st.floats(0, 1), above=st.floats(0, 1),
       widen=st.floats(0, 1))
def test_a_wider_interval_never_decides_what_a_narrower_one_leaves_open(key, value, below,
                                                                        above, widen):
    # the hull of an interval and its point: a verdict on an interval is the verdict of
    # every number in it, so it agrees with the point's and survives narrowing
    narrow = (value - below, value + above)
    wide = (narrow[0] - widen, narrow[1] + widen)
    on_wide, on_narrow = claims.decide(key, value, wide), claims.decide(key, value, narrow)
    if on_wide is not None:
        assert on_narrow is on_wide
    if on_narrow is not None:
        assert claims.decide(key, value) is on_narrow


def _as_run_table(folds):
    """The run table (``run_indices.csv``) of a fold table: each run's value the mean of its
    folds (an index linear in the class-wise rates, with equal fold sizes)."""
    return (folds.assign(zero=folds["value"] == 0, undefined=folds["value"].isna())
            .groupby(["problem", "classifier", "run", "scheme", "index"], sort=True)
            .agg(value=("value", "mean"), zero_folds=("zero", "sum"),
                 undefined_folds=("undefined", "sum"), folds=("value", "size"))
            .reset_index())


def test_fig5_cells_on_a_run_table_rest_on_the_fold_values():
    # fold values that swing by 0.1 around each run's value while the runs agree: five run
    # values alone would make the cells look certain; the fold values show the variance
    # between training sets, so the margin (0.08 against 0.05) cannot be decided
    levels = LEVELS
    folds, problems = _indices(levels, {"auroc_ova": 0.1, "auroc_ovo": 0.1, "acsa": -0.1,
                                        "nauroc_ova": -0.1, "gmean": 0.02})
    runs = _as_run_table(folds)
    row = {r["row"]: r for r in claims.mullick_experiment_rows(runs, problems, basis=BASIS,
                                                               folds=folds)}[
        "on C = 10, AUROC-OVA/OVO minima well above ACSA and nAUROC-OVA"]
    on_folds = {r["row"]: r for r in claims.mullick_experiment_rows(folds, problems,
                                                                    basis=BASIS)}[
        "on C = 10, AUROC-OVA/OVO minima well above ACSA and nAUROC-OVA"]
    # the same numbers as deciding on the fold table itself (the pooled values are the fold
    # means here)
    assert row["regenerated"] == pytest.approx(on_folds["regenerated"])
    assert row["ci_low"] == pytest.approx(on_folds["ci_low"])
    assert row["ci_high"] == pytest.approx(on_folds["ci_high"])
    assert _kind(row) == "claim_inconclusive" and row["ci_high"] - row["ci_low"] > 0.1
    # the units are the fold values, each cell's pooled value beside them
    units = pd.DataFrame(list(claims.mullick_experiment_rows(runs, problems, basis=BASIS,
                                                             folds=folds))[-2]["units"])
    assert set(units["fold"]) == {0, 1} and len(units) == 4 * 5 * 10
    from imbeval_repro.papers.mullick2020.claim_units import estimate_from_units

    again = estimate_from_units(units, row["regenerated"])
    assert again.interval() == pytest.approx((row["ci_low"], row["ci_high"]))
    # without the fold values the run table cannot make these intervals: a clear error
    with pytest.raises(ValueError, match="fold_indices.csv"):
        list(claims.mullick_experiment_rows(runs, problems, basis=BASIS))


def test_fig5_cells_shift_the_fold_interval_to_the_pooled_value():
    # a run table whose pooled values sit 0.01 above the fold means (a ratio index's Jensen
    # gap): the cells' intervals keep the fold values' width, centred on the pooled values
    folds, problems = _indices(LEVELS, {n: 0.01 for n in LEVELS})
    runs = _as_run_table(folds)
    moved = runs.assign(value=runs["value"] + 0.01)
    from imbeval_repro.papers.mullick2020 import experiment as ex

    _, pooled, x = ex.cell_fold_values(moved, folds, "m", ["acsa"])
    assert pooled.shape == (5, 1) and x.shape == (5, 2, 5, 1)
    e = ex.minimum_estimate(x[:, :, :, 0], pooled[:, 0])
    base = ex.minimum_estimate(x[:, :, :, 0])
    assert e.value == pytest.approx(base.value + 0.01)
    assert np.subtract(e.interval(), base.interval()) == pytest.approx([0.01, 0.01])
    bad = folds[~((folds["scheme"] == "balanced") & (folds["index"] == "acsa"))]
    with pytest.raises(ValueError, match="different cells"):
        ex.cell_fold_values(moved, bad, "m", ["acsa"])


@given(st.integers(3, 15), st.integers(1, 6), st.randoms(use_true_random=False))
def test_the_identity_bounds_contain_fig5s_gap_on_any_confusion_matrices(c, cells, rnd):
    # Fig. 5's interval rests on identity_gap_bounds: on random count matrices of C classes
    # (any class sizes), the gap computed from the registered indices lies in the bounds
    # made from the smallest ACSA and the largest AUROC-OVA - AUROC-OVO alone
    from imbeval.indices import compute
    from imbeval_repro.papers.mullick2020.claim_units import identity_coefficients, identity_gap_bounds

    rng = np.random.default_rng(rnd.getrandbits(32))
    values = {n: [] for n in ("acsa", "auroc_ova", "auroc_ovo", "nauroc_ova")}
    for _ in range(cells):
        sizes = rng.integers(2, 40, size=c)
        cm = np.array([rng.multinomial(n, rng.dirichlet(np.ones(c) + 4 * np.eye(c)[i]))
                       for i, n in enumerate(sizes)])
        out = compute(cm)
        for n in values:
            values[n].append(float(out[n]))
    v = {n: np.array(x) for n, x in values.items()}
    a, b, lam = identity_coefficients(c)
    assert np.allclose(v["auroc_ovo"], a * v["acsa"] + b)           # Lemma 2, every matrix
    gap = min(v["auroc_ova"].min(), v["auroc_ovo"].min()) - max(v["acsa"].min(),
                                                                 v["nauroc_ova"].min())
    lo, hi = identity_gap_bounds(c, v["acsa"].min(),
                                 np.abs(v["auroc_ova"] - v["auroc_ovo"]).max())
    assert lo - 1e-12 <= gap <= hi + 1e-12
