"""The report a researcher reads right: findings first on the overview, claim
rows as a verdict word with a one-line reason, and no page wider than a 1280 px window
(headless Chromium, ``scrollWidth <= clientWidth``)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
import chromium
from chromium import find_chromium

from imbeval_repro.report import findings
from imbeval_repro.report import pages
from imbeval.compare import render_compare_page, write_compare_html
from imbeval.inference import Reason
from imbeval_repro import verdicts as cmp
from imbeval_repro.verdicts.errata import Erratum

RUN = cmp.run_basis("Fashion-MNIST (stand-in for ImageNet)")
CATALOG = {
    "p": {"title": "Paper P", "items": [
        {"id": "fig3", "label": "Fig. 3", "name": "claims of Fig. 3"},
        {"id": "table_01", "label": "Table 1", "name": "a printed table"}]},
    "q": {"title": "Paper Q", "items": [{"id": "t2", "label": "Table 2", "name": "errata"}]},
}


def _comparison():
    rows = [cmp.row("p", "Table 1", f"r{i}", "x", "0.5", 0.5) for i in range(3)]
    rows += [cmp.claim("p", "Fig. 3", f"fails {i}", 0.1, False, detail=f"margin {i} below; more",
                       basis=RUN, ci=(0.05, 0.2), p_value=10.0 ** -(i + 3)) for i in range(4)]
    rows += [cmp.claim("p", "Fig. 3", "open", 0.1, None,
                       detail="2 fold values, at least 5 needed; interval contains 0",
                       basis=RUN, ci=(-0.1, 0.3), reason_kind=Reason.TOO_FEW_FOLDS,
                       reason="2 fold values, at least 5 needed")]
    rows += [cmp.row("q", "Table 2", "a", "x", "0.77", 0.71,
                     erratum=Erratum("the paper's formula gives 0.71"))]
    rows += [cmp.claim("q", "Table 2", "holds", 0.9, True, detail="well above")]
    return cmp.adjust(cmp.frame(rows))


def test_every_status_is_in_exactly_one_outcome():
    seen = [s for statuses in findings.OUTCOMES.values() for s in statuses]
    assert sorted(set(seen), key=str) == sorted(set(cmp.Status), key=str)
    assert len(seen) == len(set(seen))


def test_counts_per_paper_add_up_to_its_rows():
    verdict_table = _comparison()
    counts = findings.paper_counts(verdict_table).set_index("paper")
    for paper, part in verdict_table.groupby("paper"):
        assert counts.loc[paper].sum() == len(part)
    assert counts.loc["p", "refuted"] == (verdict_table["verdict_kind"] == "claim_fails").sum()
    assert counts.loc["q", "errata"] == 1


def test_top_findings_put_refutations_first_and_cap_each_item():
    top = findings.top_findings(_comparison(), n=10, per_item=2)
    kinds = top["verdict_kind"].tolist()
    assert kinds[:2] == ["claim_fails"] * 2           # two of Fig. 3's four
    assert kinds.index("erratum") < kinds.index("claim_holds")
    # the smallest adjusted p-value first within a status
    fails = top[top["verdict_kind"] == "claim_fails"]
    assert fails["adjusted_p"].is_monotonic_increasing


def test_the_overview_opens_with_findings_linked_to_their_pages_and_methods_below():
    page = pages.render_overview(CATALOG, _comparison(), ".", None)
    first, methods = page.index("Findings first"), page.index("Methods: what the verdicts")
    assert first < methods < page.index("Decisions, family by family")
    assert '<a href="p/fig3.html">p Fig. 3</a>' in page
    assert '<a href="q/t2.html">q Table 2</a>' in page
    # what would decide the undecided claim, from its reason (as data), in general terms
    block = page[first:methods]
    assert "what would decide them" in block and "at least 5 needed" in block


def test_a_claim_row_is_a_verdict_word_and_a_one_line_reason():
    verdict_table = _comparison()
    landing = pages.render_landing("p", CATALOG["p"], verdict_table, ".", None)
    # the verdict cell carries the deciding row's first clause, not its whole detail
    assert '<div class="reason">margin 0 below</div>' in landing
    assert "margin 0 below; more" not in landing.split("<details>")[0]
    item = pages.render_item("p", CATALOG["p"], CATALOG["p"]["items"][0], verdict_table, ".")
    assert "<b>claim does not hold</b>: margin 0 below" in item
    assert '<div class="more">margin 0 below; more</div>' in item


# --- widths in a browser ------------------------------------------------------------------

WIDTH = 1280


def page_widths(paths, width=WIDTH) -> dict:
    """``{path: (scrollWidth, clientWidth)}`` at ``width`` px (:func:`chromium.page_widths`)."""
    executable = find_chromium()
    if executable is None:
        pytest.skip("no Chromium: install Debian's chromium (apt-get needs root)")
    import tempfile

    with tempfile.TemporaryDirectory() as profile:
        return chromium.page_widths(executable, profile, paths, width)


def _wide_verdicts():
    """Rows with long words and many columns: what used to push pages sideways."""
    long_word = "results/papers/mortaz2020_grid/satimage/" + "x" * 120 + ".csv"
    rows = [cmp.claim("p", "Fig. 3", f"claim {i} " + long_word, 0.1, None,
                      detail="interval [-0.5, 0.5] " + long_word + "; " + "words " * 80,
                      basis=RUN, ci=(-0.5, 0.5), method="corrected CV t " + long_word)
            for i in range(6)]
    return cmp.adjust(cmp.frame(rows))


def test_no_page_is_wider_than_a_1280_px_window(tmp_path):
    from imbeval.compare import write_comparison

    verdict_table = _wide_verdicts()
    written = {
        "overview.html": pages.render_overview(CATALOG, verdict_table, tmp_path, None),
        "verdicts.html": pages.render_verdicts(verdict_table),
        "landing.html": pages.render_landing("p", CATALOG["p"], verdict_table, tmp_path),
        "item.html": pages.render_item("p", CATALOG["p"], CATALOG["p"]["items"][0],
                                       verdict_table, tmp_path),
        "claims.html": pages.render_thresholds(),
    }
    # a comparison of 9 indices x 5 schemes: a wide glance table
    rng = np.random.default_rng(0)
    table = pd.DataFrame([{"problem": f"p{u}", "classifier": c, "scheme": s,
                           "index": i, "value": rng.uniform()}
                          for u in range(6) for c in ("a", "b", "c")
                          for s in ("1", "0.5", "IR/2", "IR", "2IR")
                          for i in ("acsa", "gmean", "mcc", "macro_f1", "accuracy", "iam",
                                    "cba", "kappa", "macro_precision")])
    out = tmp_path / "compare" / "set"
    write_comparison(table, out, indices=["gmean", "mcc", "macro_f1", "accuracy", "iam",
                                          "cba", "kappa", "macro_precision"], n_samples=200)
    written["compare.html"] = render_compare_page(tmp_path)
    for name, text in written.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    paths = [tmp_path / name for name in written] + [write_compare_html(out)]
    widths = page_widths(paths)
    wide = {p.name: w for p, w in widths.items() if w[0] > w[1]}
    assert not wide, f"pages wider than {WIDTH} px: {wide}"
    assert all(w[1] <= WIDTH for w in widths.values())


def test_a_claim_on_a_reading_beside_the_papers_is_never_a_finding():
    # the literal reading's refutation stays on its item's page; the RRT reading's
    # inconclusive row is what the overview counts as the paper's claim
    table = cmp.adjust(cmp.frame([
        cmp.claim("p", "Fig. 3", "GMean and AUROC vary least (literal reading)", -0.03, False,
                  basis="run on d", ci=(-0.05, -0.01), p_value=1e-6,
                  column=cmp.LITERAL_READING),
        cmp.claim("p", "Fig. 3", "GMean and AUROC vary least (RRT reading)", 0.0002, None,
                  basis="run on d", ci=(-0.0002, 0.0007), p_value=0.3),
        cmp.claim("p", "Fig. 4", "another claim", 0.1, True, basis="run on d",
                  ci=(0.05, 0.2), p_value=1e-4)]))
    top = findings.top_findings(table)
    assert top["row"].tolist() == ["another claim"]
    assert "literal reading" not in findings.findings_html(table).split("most important")[1]
    with pytest.raises(ValueError, match="column must be"):
        cmp.claim("p", "Fig. 3", "x", 0.1, True, column="another reading")
