"""Theory figures: the papers' stated numbers come out of the constructions, and every
figure is written as PDF + PNG + CSV."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from imbeval.cli import main
from imbeval_repro.papers.dembele import figures as dembele
from imbeval_repro.papers.mullick2020 import theory_figures as mullick2020_theory
from imbeval_repro.papers.ortigosa2016 import figures as ortigosa2016


@pytest.fixture(scope="module")
def fig2():
    return mullick2020_theory.fig2_data(seed=0)


def _number(data, text):
    n = data["numbers"]
    return float(n.loc[n["quantity"].str.contains(text, regex=False), "regenerated"].iloc[0])


def test_fig2_precision_at_boundary_falls_with_rrt(fig2):
    p1 = _number(fig2, "RRT 1")
    p10 = _number(fig2, "RRT 10")
    assert p1 == pytest.approx(0.93, abs=0.015)  # paper: 0.93
    assert p10 == pytest.approx(0.59, abs=0.015)  # paper: 0.59
    at4 = fig2["sweep"][np.isclose(fig2["sweep"]["threshold"], 4.0)].sort_values("rrt")
    assert np.all(np.diff(at4["precision"]) < 0)  # falls monotonically with RRT


@pytest.mark.parametrize("seed", [1, 2])
def test_fig2_precision_numbers_are_not_a_lucky_seed(seed):
    d = mullick2020_theory.fig2_data(seed=seed, hexagon_classes=(3, 6), hexagon_points=100)
    assert _number(d, "RRT 1") == pytest.approx(0.93, abs=0.015)
    assert _number(d, "RRT 10") == pytest.approx(0.59, abs=0.015)


def test_fig2_auroc_ova_rises_with_c_at_60_percent(fig2):
    c3 = _number(fig2, "C = 3")
    c6 = _number(fig2, "C = 6")
    assert c3 == pytest.approx(0.70, abs=0.01)  # paper: 0.70
    assert c6 == pytest.approx(0.77, abs=0.011)  # paper: 0.77
    # the identity for equal class sizes: (1 + a − (1 − a)/(C − 1))/2 at a = 0.6
    assert c3 == pytest.approx(0.70, abs=1e-3) and c6 == pytest.approx(0.76, abs=1e-3)
    curves = fig2["curves"]
    for c in (3, 4, 5, 6):
        d = curves[curves["C"] == c]
        assert d["mean_class_accuracy"].min() < 1 / c + 0.03  # starts at random guessing
        assert d["mean_class_accuracy"].max() > 0.995  # ends (nearly) perfect


def test_fig7_cuts_match_the_notes():
    cuts = ortigosa2016.fig7_cuts(0.5).set_index("rule")
    assert (cuts.loc["EDR", "cut_1_2"], cuts.loc["EDR", "cut_2_3"]) == pytest.approx((4.0, 5.5), abs=1e-9)
    assert (cuts.loc["BDR", "cut_1_2"], cuts.loc["BDR", "cut_2_3"]) == pytest.approx((4.0866, 5.7747), abs=1e-4)
    assert (cuts.loc["min-DR", "cut_1_2"], cuts.loc["min-DR", "cut_2_3"]) == pytest.approx((3.4986, 5.5014), abs=1e-3)
    assert cuts.loc["min-DR", ["R1", "R2", "R3"]].to_numpy() == pytest.approx([0.8407] * 3, abs=1e-4)
    # each optimised rule is optimal for its own score among the drawn rules
    for rule, score in (("G-DR", "G"), ("H-DR", "H"), ("min-DR", "min")):
        assert cuts.loc[rule, score] >= cuts[score].max() - 1e-9


def test_ssup_table_values_and_erratum():
    t = ortigosa2016.ssup_table().set_index(["K", "p"])
    assert t.loc[(2, -1.0), "S_sup"] == pytest.approx(0.6667, abs=1e-4)
    assert t.loc[(2, 1.0), "S_sup"] == pytest.approx(0.75, abs=1e-4)
    assert t.loc[(3, -1.0), "S_sup"] == pytest.approx(0.6, abs=1e-4)
    assert t.loc[(3, 1.0), "S_sup"] == pytest.approx(0.7778, abs=1e-4)
    assert t.loc[(2, 0.0), "S_sup"] == pytest.approx(2 ** -0.5)
    assert t.loc[(2, 1.0), "S_sup_eq22_as_printed"] > 1  # not a score value: the erratum


def test_dembele_lambda2_vanishes_on_the_stated_curve():
    curve = dembele.zero_curve(21)
    p11, p22 = curve["p11"].to_numpy(), curve["p22"].to_numpy()
    root = np.sqrt((p11 - p22) ** 2 + (2 - p11 - p22) ** 2)
    assert 0.5 * (p11 + p22 - root) == pytest.approx(0.0, abs=1e-12)
    grid = dembele.lambda2_grid(11)
    corner = grid[(grid["p11"] == 1) & (grid["p22"] == 1)]
    assert float(corner["lambda2"].iloc[0]) == pytest.approx(1.0)
    assert float(grid["lambda2"].min()) < 0  # negative below the curve


def test_figures_are_written_as_pdf_png_csv(tmp_path):
    dembele.make_fig2(tmp_path / "d", n=21)
    ortigosa2016.make_fig6(tmp_path / "o")
    ortigosa2016.make_ssup_table(tmp_path / "o")
    for f in ("d/fig2.pdf", "d/fig2.png", "d/fig2.csv", "o/fig6.pdf", "o/fig6.png", "o/fig6.csv",
              "o/ssup_table.md"):
        assert (tmp_path / f).stat().st_size > 0, f
    assert not list(tmp_path.rglob(".*"))  # no temporary files left behind
    assert len(pd.read_csv(tmp_path / "d/fig2.csv")) == 21 * 21


def test_cli_fig6_from_an_audit_table(tmp_path, capsys):
    audit = tmp_path / "audit.csv"
    words = ",".join(f"condition{k}_verdict" for k in (1, 2, 3))
    theorems = ",".join(f"condition{k}_theorem" for k in (1, 2, 3))
    audit.write_text(
        f"index,condition1,condition2,condition3,paper,{words},{theorems}\n"
        "acsa,true,true,true,mullick2020,holds (mullick2020 Theorem 3),holds (mullick2020 "
        "Theorem 4),holds (mullick2020 Theorem 5),3,4,5\n"
        "gmean2,true,,,mullick2020,holds (no counterexample in 10 matrices C = 2),,,,,\n"
        "kappa,false,true,true,dembele,fails,holds,holds,,,\n"
    )
    old = tmp_path / "old.csv"
    old.write_text("index,condition1,condition2,condition3,paper\nacsa,true,true,true,mullick2020\n")
    assert main(["theory", "mullick2020-fig6", "--audit", str(old), "--out-dir", str(tmp_path)]) == 2
    assert "imbeval audit" in capsys.readouterr().err
    assert main(["theory", "mullick2020-fig6", "--audit", str(audit), "--out-dir", str(tmp_path / "f")]) == 0
    drawn = pd.read_csv(tmp_path / "f/fig6.csv")
    assert list(drawn["index"]) == ["acsa", "gmean2"]  # only the paper's indices
    assert (tmp_path / "f/fig6.png").stat().st_size > 0


def test_cli_fig6_needs_the_audit_table(tmp_path, capsys):
    assert main(["theory", "mullick2020-fig6", "--out-dir", str(tmp_path)]) == 2
    assert "--audit" in capsys.readouterr().err
    assert main(["theory", "mullick2020-fig6", "--audit", str(tmp_path / "no.csv"),
                 "--out-dir", str(tmp_path)]) == 2
    assert "not found" in capsys.readouterr().err
