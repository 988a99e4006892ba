"""Claim rows of results/paper_comparison.csv built from the other stages' figure CSVs."""

from __future__ import annotations

import pandas as pd
import pytest

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


def _experiment_csvs(tmp_path, gmean_minima):
    idx3 = ["gmean2", "auroc2", "precision", "aurpc", "mprecision", "maurpc"]
    std3 = [0.01, 0.012, 0.2, 0.1, 0.02, 0.03]
    pd.DataFrame({"problem": "p", "index": idx3, "std_pooled": std3}).to_csv(
        tmp_path / "fig3.csv", index=False)
    idx4 = ["gmean", "acsa", "nauroc_ova", "aurpc_ova", "maurpc_ova"]
    pd.DataFrame({"problem": "q", "index": idx4, "std_pooled": [0.05, 0.04, 0.04, 0.06, 0.01]}
                 ).to_csv(tmp_path / "fig4a.csv", index=False)
    pd.DataFrame({"problem": "q", "index": ["acsa", "nauroc_ova"], "std_pooled": [0.04, 0.04],
                  "normalised_std": [1.0, 1.1]}).to_csv(tmp_path / "fig4b.csv", index=False)
    rows = []
    for k, g in enumerate(gmean_minima):
        for name, v in [("auroc_ova", 0.9), ("auroc_ovo", 0.88), ("acsa", 0.7),
                        ("nauroc_ova", 0.75), ("gmean", g)]:
            rows.append({"problem": f"d{k}", "index": name, "minimum": v, "n_classes": 10})
    pd.DataFrame(rows).to_csv(tmp_path / "fig5.csv", index=False)
    return [tmp_path / f"{f}.csv" for f in ("fig3", "fig4a", "fig4b", "fig5")]


def test_mullick_experiment_claims_hold_and_fail_on_the_numbers(tmp_path):
    rows = list(claims.mullick_experiment_rows(*_experiment_csvs(tmp_path, [0.72, 0.78])))
    by = {r["row"]: r for r in rows}
    assert _kind(by["Precision varies most"]) == "claim holds"
    assert _kind(by["GMean and AUROC vary least"]) == "claim holds"
    assert _kind(by["mAURPC-OVA varies least"]) == "claim holds"
    assert _kind(by["normalised std of nAUROC-OVA slightly above ACSA's"]) == "claim holds"
    g = by["GMean drops to 0 on some C = 10 dataset"]
    # the default run's case: GMean minima 0.72-0.78 never approach 0
    assert _kind(g) == "claim does not hold" and g["regenerated"] == pytest.approx(0.72)
    assert "0.720 to 0.780" in g["status"]
    rows = list(claims.mullick_experiment_rows(*_experiment_csvs(tmp_path, [0.0, 0.5])))
    assert _kind({r["row"]: r for r in rows}["GMean drops to 0 on some C = 10 dataset"]) \
        == "claim holds"


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
