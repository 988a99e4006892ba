"""Claim rows of results/paper_comparison.csv: the thresholds, the three outcomes decided on
the interval of a run's margin, and the rows built from the other stages' results."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from imbeval.tables import claims
from imbeval.tables import comparison as cmp


def _kind(row):
    return cmp.status_kind(row["status"])


def test_mullick_fig2_rows_carry_the_theory_stage_values(tmp_path):
    numbers = tmp_path / "fig2_numbers.csv"
    pd.DataFrame({"quantity": list(claims._FIG2_KEYS), "printed": [0.93, 0.59, 0.70, 0.77],
                  "regenerated": [0.935, 0.591, 0.700, 0.760]}).to_csv(numbers, index=False)
    rows = {(r["item"], r["column"]): r for r in claims.mullick_fig2_rows(numbers)}
    assert rows[("Fig. 2c", "RRT 1")]["regenerated"] == pytest.approx(0.935)
    assert _kind(rows[("Fig. 2c", "RRT 1")]) == "match"  # 0.935 rounds to 0.93 or 0.94
    assert _kind(rows[("Fig. 2c", "RRT 10")]) == "match"
    assert _kind(rows[("Fig. 2f", "C = 3")]) == "match"
    assert _kind(rows[("Fig. 2f", "C = 6")]) == "erratum"  # 0.760 exactly, printed 0.77
    bad = tmp_path / "bad.csv"
    pd.DataFrame({"quantity": ["something else"], "regenerated": [1.0]}).to_csv(bad, index=False)
    with pytest.raises(ValueError, match="unknown quantities"):
        list(claims.mullick_fig2_rows(bad))


BASIS = cmp.run_basis("a synthetic stand-in")
SCHEMES = ["balanced", "reversed", "minority_ir_halved", "original", "others_doubled"]


def _indices(levels, spread, units=10, problems=("m",), n_classes=10):
    """A synthetic ``indices.csv`` and ``problems.csv``: one multi-class problem per name
    in ``problems``, one classifier, every test set, ``units`` (run, fold) pairs.
    ``levels[index]`` is the index's value; on each pair it moves by ``spread[index]``
    times a fixed pattern of mean 0 (+1, -1, +1, ...), so every run x fold mean -- the
    point estimate -- is the level, and only the spread (the interval) differs."""
    pattern = [1.0 if u % 2 == 0 else -1.0 for u in range(units)]
    rows = []
    for problem in problems:
        for u in range(units):
            for s, scheme in enumerate(SCHEMES):
                for name, level in levels.items():
                    value = level + spread.get(name, 0.0) * pattern[u] + 1e-3 * s
                    rows.append({"problem": problem, "classifier": "a", "run": u // 2,
                                 "fold": u % 2, "scheme": scheme, "rrt": 1.0, "index": name,
                                 "value": value})
    problems_csv = pd.DataFrame({"problem": list(problems), "kind": "multi-class",
                                 "n_classes": n_classes, "ir": 20.0})
    return pd.DataFrame(rows), problems_csv


def _fig5(levels, spread, seed=3):
    indices, problems = _indices(levels, spread)
    rows = {r["row"]: r for r in claims.mullick_experiment_rows(indices, problems, seed=seed,
                                                                basis=BASIS)}
    return (rows["on C = 10, AUROC-OVA/OVO minima well above ACSA and nAUROC-OVA"],
            rows["GMean drops to 0 on some C = 10 dataset"])


LEVELS = {"auroc_ova": 0.9, "auroc_ovo": 0.9, "acsa": 0.82, "nauroc_ova": 0.82,
          "gmean": 0.005, "aurpc_ova": 0.5, "maurpc_ova": 0.6}


def test_equal_margins_are_decided_by_their_interval():
    # the same margin (0.08 against "well above" = 0.05; GMean 0.005 against "drops to 0"
    # = 0.01) from narrow and from wide run-to-run spreads
    narrow = _fig5(LEVELS, {n: 0.001 for n in LEVELS})
    wide = _fig5(LEVELS, {"auroc_ova": 0.1, "auroc_ovo": 0.1, "acsa": -0.1,
                          "nauroc_ova": -0.1, "gmean": 0.02})
    for n, w in zip(narrow, wide):
        assert n["regenerated"] == pytest.approx(w["regenerated"])
        assert n["ci_high"] - n["ci_low"] < 0.01 < w["ci_high"] - w["ci_low"]
        assert _kind(n) == "claim holds"
        assert _kind(w) == "claim inconclusive"
        assert n["basis"] == w["basis"] == BASIS
    assert narrow[0]["regenerated"] == pytest.approx(0.08)
    assert "95% interval" in narrow[0]["status"] and "must be > 0.05" in narrow[0]["status"]


def test_a_margin_wholly_on_the_wrong_side_does_not_hold():
    levels = dict(LEVELS, acsa=0.88, nauroc_ova=0.88, gmean=0.4)
    gap, gmean = _fig5(levels, {n: 0.001 for n in levels})
    assert gap["regenerated"] == pytest.approx(0.02) and gap["ci_high"] < 0.05
    assert _kind(gap) == "claim does not hold"
    assert _kind(gmean) == "claim does not hold" and gmean["ci_low"] > 0.01


def test_an_ordering_over_datasets_is_inconclusive_when_the_datasets_disagree():
    # mAURPC-OVA varies least on one dataset, most on the other: equal means over the two
    # (no gap) -> the interval straddles 0; varying least on both -> holds
    def rows(spread_first, spread_second):
        frames = []
        for problem, spread in (("m1", spread_first), ("m2", spread_second)):
            f, _ = _indices(LEVELS, {}, problems=(problem,))
            # the std over test sets is set by the per-scheme slope: scale it per index
            for name, slope in spread.items():
                sel = f["index"] == name
                f.loc[sel, "value"] = LEVELS[name] + slope * f.loc[sel, "scheme"].map(
                    {s: k for k, s in enumerate(SCHEMES)})
            frames.append(f)
        problems = pd.DataFrame({"problem": ["m1", "m2"], "kind": "multi-class",
                                 "n_classes": [3, 10], "ir": 20.0})
        out = claims.mullick_experiment_rows(pd.concat(frames), problems, seed=5, basis=BASIS)
        return {r["row"]: r for r in out}["mAURPC-OVA varies least"]

    names = ["gmean", "acsa", "nauroc_ova", "aurpc_ova"]
    split = rows({**{n: 0.02 for n in names}, "maurpc_ova": 0.01},
                 {**{n: 0.02 for n in names}, "maurpc_ova": 0.03})
    assert split["regenerated"] == pytest.approx(0.0, abs=1e-9)  # the CSV's %.10g
    assert split["ci_low"] < 0 < split["ci_high"]
    assert _kind(split) == "claim inconclusive"
    both = rows({**{n: 0.02 for n in names}, "maurpc_ova": 0.01},
                {**{n: 0.03 for n in names}, "maurpc_ova": 0.01})
    assert _kind(both) == "claim holds" and both["ci_low"] > 0


def test_experiment_claims_are_deterministic_in_the_seed():
    indices, problems = _indices(LEVELS, {})
    # irregular values, so that intervals from different draws differ
    indices["value"] += 0.05 * np.sin(np.arange(len(indices)) * 1.7)

    def intervals(seed):
        rows = claims.mullick_experiment_rows(indices, problems, seed=seed, basis=BASIS)
        return [(r["ci_low"], r["ci_high"]) for r in rows]

    first = intervals(3)
    assert len(first) == 4  # Figs. 4a, 4b, and the two of Fig. 5
    assert first == intervals(3)
    assert first != intervals(4)


def test_experiment_rows_rest_on_the_run_never_on_printed_numbers():
    indices, problems = _indices(LEVELS, {"acsa": 0.01})
    with pytest.raises(ValueError, match="basis must name the run's dataset"):
        list(claims.mullick_experiment_rows(indices, problems, seed=1,
                                            basis=cmp.PRINTED_BASIS))
    rows = list(claims.mullick_experiment_rows(indices, problems, seed=1, basis=BASIS))
    assert rows and all(r["basis"] == BASIS for r in rows)
    assert all(r["ci_low"] <= r["ci_high"] for r in rows)


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
    ("drops to 0", 0.005, (0.0, 0.009), True),
    ("drops to 0", 0.005, (0.0, 0.02), None),
    ("drops to 0", 0.3, (0.2, 0.4), False),
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
    doc = Path(__file__).resolve().parents[1] / "docs" / "claims.md"
    assert doc.read_text(encoding="utf-8") == claims.thresholds_markdown(), (
        "docs/claims.md is out of date: regenerate it from claims.THRESHOLDS (see its header)")
    for t in claims.THRESHOLDS.values():
        assert f"| {t.wording} |" in doc.read_text(encoding="utf-8")


def test_ortigosa_fig7_cuts_are_the_same_from_every_start():
    # the claim "bounded by" treats the G-DR/H-DR cuts as exact (no interval): restarting
    # the search from other points of the grid finds the same optimum
    from scipy.optimize import minimize

    from imbeval.figures import ortigosa2016 as fo
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
    assert _kind(first) == "claim holds"
    assert _kind(second) == "claim does not hold"
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
    assert _kind(acc4) == "claim does not hold"  # I(Acc) = ε > 0 on the positive side
    return [r for r in rows if r["item"] == "Fig. 7"]


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
