"""The theory stage's checks of the papers' statements (each paper's theory module, ortigosa2016's study2) and
their verdict rows (imbeval_repro.verdicts.theory_rows)."""

import numpy as np
import pandas as pd
import pytest

from imbeval_repro.papers.dembele.theory import dembele_results
from imbeval_repro.papers.mortaz2020.theory import mortaz_theorems
from imbeval_repro.papers.mullick2020.theory import mullick_lemmas
from imbeval_repro.verdicts import statements as st
from imbeval_repro.papers.ortigosa2016 import study2
from imbeval.indices import mortaz2020 as mz
from imbeval_repro import verdicts as cmp
from imbeval_repro.verdicts.theory_rows import STATEMENT_ITEMS, statement_rows


def test_count_matrices_is_every_matrix_of_the_domain():
    # two classes, at most 3 points, both rows non-empty: C(n + 3, 3) compositions of n
    # minus those with an empty row, summed over n
    stack = st.count_matrices(2, 3)
    assert len({m.tobytes() for m in stack}) == len(stack)
    assert (stack.sum(axis=-1) >= 1).all() and stack.sum(axis=(-2, -1)).max() == 3
    # n = 2: 4 matrices; n = 3: 20 - 2 * 4 = 12 (a row holding all three points: 4 ways
    # for each of the two rows)
    assert len(stack) == 4 + 12


def _by(rows, item, text=None):
    found = [r for r in rows if r.item == item and (text is None or text in r.statement)]
    assert found, (item, text)
    return found


def test_mortaz_theorem_4_fails_from_five_classes_and_shows_its_counterexample():
    rows = mortaz_theorems(sizes=((2, 8), (3, 5)), n_random=500)
    assert all(r.holds for r in rows if r.item in ("Theorem 1", "Theorem 2", "Theorem 3"))
    five = _by(rows, "Theorem 4", "C = 5")[0]
    assert five.holds is False and five.counterexample
    m = np.array(eval(five.counterexample))
    assert mz.iam(m) - mz.accuracy(m) == pytest.approx(five.measured) and five.measured > 0.1


def test_dembele_result_4_counterexample_is_real():
    rows = dembele_results(sizes=((2, 6), (3, 6)), n_random=200)
    r4 = _by(rows, "Result 4")[0]
    assert r4.holds is False
    x = np.array(eval(r4.counterexample), dtype=float)
    p = (x / x.sum(axis=1, keepdims=True)).T
    nonzero = lambda a: int(np.sum(np.abs(np.linalg.eigvals(a)) > 1e-6))  # noqa: E731
    assert nonzero(x) != nonzero(p)
    # Result 3: the counterexample meets eq. 25 and B has a negative eigenvalue
    r3 = _by(rows, "Result 3", "B has")[0]
    assert r3.holds is False and r3.measured < 0
    # eqs. 34-38 are identities
    assert all(r.holds for r in rows if r.item.startswith("eq"))


def test_mullick_lemmas_hold_on_the_domain():
    rows = mullick_lemmas(sizes=((2, 6), (3, 4)), n_random=200)
    assert all(r.holds for r in rows), [r for r in rows if not r.holds]


def test_study2_pieces():
    foot = study2._footnote12()
    assert foot[0].holds and foot[1].holds  # optimal for p <= 1; beaten for p > 1 at some δ
    both, neither = study2._definitions()
    assert both.holds and neither.holds


def test_rows_carry_basis_tolerance_and_counterexample(tmp_path):
    rows = mortaz_theorems(sizes=((2, 6),), n_random=100)
    rows.append(st.Statement("ortigosa2016", "Section 2.1", "a fact", None, 3.0, "why",
                             st.EXACT, "counts"))
    path = tmp_path / "statements.csv"
    st.statements_frame(rows).to_csv(path, index=False)
    table = cmp.adjust(cmp.frame(statement_rows(path)))
    kinds = table["verdict_kind"]
    assert set(kinds) == {"claim_holds", "claim_fails", "finding"}
    assert set(table["basis"]) <= {st.EXACT, st.COMPUTED}
    assert table["method"].str.contains("tolerance").all()
    bad = table[(kinds == "claim_fails") & (table["item"] == "Theorem 4")]
    assert len(bad) == 1 and "[[1, 0, 0, 0, 0]" in bad["status"].iloc[0]
    # Section 2.4.1 read over instances fails already on two classes: [[3, 1], [1, 0]]
    sign = table[(table["item"] == "Section 2.4.1") & (kinds == "claim_fails")]
    assert len(sign) == 1 and "[[3, 1], [1, 0]]" in sign["status"].iloc[0]
    assert bad["adjustment"].iloc[0].startswith("none: not a sampled number")
    for paper, items in STATEMENT_ITEMS.items():
        assert len(items) == len(set(items)), paper


def test_a_malformed_statements_file_names_the_problem(tmp_path):
    path = tmp_path / "s.csv"
    pd.DataFrame({"paper": ["p"]}).to_csv(path, index=False)
    with pytest.raises(ValueError, match="lacks the columns"):
        statement_rows(path)


def test_dembele_data_rows_ratios_match_and_mnist_says_why_not():
    from imbeval_repro.papers.dembele import data as td

    ratios = list(td.ratio_rows())
    assert {r["column"] for r in ratios} == set(td.RATIOS)
    assert all(r["status"] == "match" for r in ratios)
    m3 = np.array([[430, 7], [14, 232]])
    m4 = np.array([[50, 0, 0], [0, 48, 1], [0, 2, 49]])
    rows = list(td.data_rows(m3, m4, "s3", "s4"))
    kinds = {r["verdict_kind"] for r in rows}
    assert kinds <= {"match", "different_setting"}
    facts = [r for r in rows if r["column"] == "dataset"]
    assert [r["status"] for r in facts] == ["match"] * 4  # 683, 65 %, 35 %, 0.538
    assert all(r["basis"].startswith("run on") for r in rows)
    (absent,) = td.mnist_rows()
    assert absent["status"].startswith("not comparable: MNIST is not on this machine")


def test_dembele_data_mnist_rows_compare_the_rebuilt_matrices(tmp_path):
    from imbeval_repro.papers.dembele import data as td
    from imbeval_repro.papers.dembele import printed as pr

    paths = []
    for name in ("M8", "M9"):
        path = tmp_path / f"{name}.csv"
        pd.DataFrame(np.asarray(pr.MATRICES[name])).to_csv(path)  # as dembele-mnist
        paths.append(path)
    rows = list(td.mnist_rows(*paths))
    assert len(rows) == 2 * 11
    assert all(r["verdict_kind"] == "match" for r in rows)


def test_mullick_text_rows_section_5_5_and_6(tmp_path):
    from test_claims import LEVELS, _indices

    from imbeval_repro.papers.mullick2020 import text_claims as text

    spread = {n: 0.0005 for n in LEVELS}
    top, p_top = _indices(LEVELS, spread, problems=("big",))
    # a 3-class problem at ACSA 0.88: by the identities its AUROC minima sit
    # (1/5)(3/4)(1 - 0.88) = 0.018 above ACSA / nAUROC-OVA: "almost equal"
    near = dict(LEVELS, acsa=0.88)
    small, p_small = _indices(near, spread, problems=("small",), n_classes=3)
    rows = list(text.mullick_text_rows(pd.concat([top, small]), pd.concat([p_top, p_small]),
                                       basis=cmp.run_basis("synthetic")))
    (r55,) = [r for r in rows if r["item"] == "Section 5.5"]
    assert "small (C = 3)" in r55["row"] and r55["regenerated"] == pytest.approx(0.018)
    assert r55["verdict_kind"] == "claim_holds" and "in (-0.05, 0.05)" in r55["status"]
    fig6 = tmp_path / "fig6.csv"
    pd.DataFrame({"index": list(text.SECTION6),
                  "condition1": [w.get(1) for w in text.SECTION6.values()],
                  "condition2": [w.get(2) for w in text.SECTION6.values()],
                  "condition3": [w.get(3) for w in text.SECTION6.values()]}).to_csv(fig6,
                                                                                  index=False)
    (r6,) = text.mullick_section6_rows(fig6)
    assert r6["verdict_kind"] == "claim_holds" and r6["regenerated"] == 0
