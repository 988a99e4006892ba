"""The report's pages and verdicts built from hand-made tables, without a Snakemake run.

The report of a real run (the test DAG, ``snakemake --report``, read in headless Chromium) is
tested in tests/workflow/test_report_run.py.
"""

from __future__ import annotations

import math
import re

import pytest

from imbeval_repro.report import pages
from imbeval_repro.report import verdicts
from imbeval_repro import verdicts as cmp


def test_catalog_errors_name_the_problem(tmp_path):
    bad = tmp_path / "items.yaml"
    bad.write_text("p: {title: t, items: [{id: a, label: A, name: n}, {id: a, label: B, name: m}]}")
    with pytest.raises(ValueError, match="id 'a' repeats"):
        pages.load_catalog(bad)
    bad.write_text("p: {title: t}")
    with pytest.raises(ValueError, match="has no 'items'"):
        pages.load_catalog(bad)


def test_item_verdict_worst_row_decides():
    rows = cmp.frame([
        cmp.row("p", "Fig. 1", "a", "x", "0.5", 0.5),
        cmp.row("p", "Fig. 1", "b", "x", "0.41", 0.4154),
        cmp.claim("p", "Fig. 1", "G reaches 0", 0.72, False, detail="min 0.72"),
    ])
    verdict, counts, evidence = pages.item_verdict(rows, {"label": "Fig. 1"})
    assert verdict == "claim does not hold"
    assert counts == f"1 match, 1 {cmp.TRUNCATED}, 1 claim does not hold"
    assert any("G reaches 0" in e and "ours 0.72" in e for e in evidence)
    assert pages.item_verdict(rows.iloc[:2], {"label": "Fig. 1"})[0] == "matches"
    assert pages.item_verdict(rows.iloc[:0], {"label": "x"})[0] == "no printed numbers"
    assert pages.item_verdict(rows, {"label": "x", "omitted": "schematic"})[0] == "not drawn"


FASHION = __import__("imbeval_repro.experiment.data.labels", fromlist=["run_dataset"]).run_dataset(
    {"dataset": "fashion_mnist"})
RUN = cmp.run_basis(FASHION.label)


def test_every_status_has_a_colour_and_a_verdict():
    # the colours are the report's, the words the verdict table's one table
    assert set(verdicts.KIND_CSS) == set(cmp.STATUSES)
    assert {cmp.verdict_of(k) for k in cmp.STATUSES} <= set(verdicts.VERDICTS)
    assert not any(hasattr(s, "css") for s in cmp.Status)
    css = {k: verdicts.KIND_CSS[cmp.Status(k)] for k in cmp.STATUSES}
    assert css["claim_inconclusive"] not in (css["claim_holds"], css["claim_fails"])
    assert css["differs"] not in ("good", "neutral", "indistinct")
    assert len({css["finding"], css["match"], css["claim_fails"],
                css["not_distinguishable"], css["differs"],
                css["claim_inconclusive"]}) == 6
    # the old names are gone from every table of the module
    for old in ("within the run's spread", "differs beyond the run's spread"):
        assert old not in verdicts.VERDICTS and old not in verdicts.LEGEND


def test_a_claim_that_holds_is_never_a_match_and_says_where_it_was_tested():
    held = cmp.frame([cmp.row("p", "Fig. 3", "a", "x", "0.5", 0.5),
                      cmp.claim("p", "Fig. 3", "Precision varies most", 0.08, True,
                                detail="gap", basis=RUN, ci=(0.04, 0.1))])
    verdict, _, evidence = pages.item_verdict(held, {"label": "Fig. 3"}, dataset=FASHION)
    assert verdict == "claim holds on the Fashion-MNIST stand-in"
    assert "matches" not in verdicts.verdict_badge(verdict) and 'class="verdict good"' in verdicts.verdict_badge(verdict)
    assert any("ours 0.08 [0.04, 0.1]" in e for e in evidence)
    # on printed numbers (exact arithmetic) a claim names no dataset
    exact = cmp.frame([cmp.claim("p", "Fig. 3", "x", 0.0, True, detail="d")])
    assert pages.item_verdict(exact, {"label": "Fig. 3"}, dataset=FASHION)[0] == "claim holds"
    open_ = cmp.frame([cmp.claim("p", "Fig. 4a", "y", 0.0004, None, detail="d", basis=RUN,
                                 ci=(-0.001, 0.002))])
    verdict = pages.item_verdict(open_, {"label": "Fig. 4a"}, dataset=FASHION)[0]
    assert verdict == "claim inconclusive on the Fashion-MNIST stand-in"
    assert 'class="verdict inconclusive"' in verdicts.verdict_badge(verdict)
    page = pages.render_item("p", {"title": "T"}, {"label": "Fig. 4a", "name": "n"}, open_,
                             ".", FASHION)
    assert "on the Fashion-MNIST stand-in" in page and "0.0004 [-0.001, 0.002]" in page
    # a claim run on other data than the experiment's (mortaz2020's selection on UCI glass)
    # names its own basis, never the stand-in
    glass = cmp.frame([cmp.claim("m", "Tables 16, 18: model selection", "RF is best", 0.01,
                                 None, detail="d", basis=cmp.run_basis("UCI glass"),
                                 ci=(-0.02, 0.04))])
    verdict = pages.item_verdict(glass, {"label": "Tables 16, 18: model selection"},
                                 dataset=FASHION)[0]
    assert verdict == "claim inconclusive (run on UCI glass)"
    assert 'class="verdict inconclusive"' in verdicts.verdict_badge(verdict)


def test_run_rows_differ_from_or_are_not_distinguishable_from_a_rerun():
    rows = cmp.frame([
        cmp.row("m", "Table 16", "RF", "IAM", "0.34", 0.50, setting="our CV", basis=RUN,
                ci=(0.45, 0.55)),
        cmp.row("m", "Table 16", "RF", "CBA", "0.68", 0.70, setting="our CV", basis=RUN,
                ci=(0.6, 0.8)),
        cmp.finding("m", "Table 16", "IAM = 2 CBA - 1", 0.0, detail="proved")])
    verdict, counts, _ = pages.item_verdict(rows, {"label": "Table 16"}, dataset=FASHION)
    assert verdict == "differs from a re-run"
    assert "1 differs from a re-run" in counts and "1 not distinguishable from a re-run" in counts
    assert "1 finding" in counts
    assert pages.item_verdict(rows.iloc[1:], {"label": "Table 16"})[0] == \
        "not distinguishable from a re-run"
    html = pages.verdicts_html(rows)
    assert 'class="status differs"' in html and 'class="status indistinct"' in html
    assert 'class="status finding"' in html


def test_overview_names_the_dataset_and_counts_printed_and_run_rows_apart():
    catalog = {"p": {"title": "Paper", "items": [{"id": "f3", "label": "Fig. 3", "name": "n"}]}}
    rows = cmp.frame([cmp.row("p", "Table 1", "a", "x", "0.5", 0.5),
                      cmp.row("p", "Table 1", "b", "x", "0.5", 0.5),
                      cmp.claim("p", "Fig. 3", "z", 0.1, False, detail="d", basis=RUN,
                                ci=(0.05, 0.2))])
    page = pages.render_overview(catalog, rows, ".", FASHION)
    assert page.index("Fashion-MNIST (stand-in for ImageNet)") < page.index("<h2>")
    assert "printed numbers (exact arithmetic): 2 rows" in page
    assert "From the run (empirical, with 95% intervals): 1 rows" in page
    assert "claim thresholds" in page
    assert "claim does not hold on the Fashion-MNIST stand-in" in page


def test_thresholds_page_is_the_claims_table_and_the_methods():
    import html as _html
    import inspect

    from imbeval_repro.papers import claims

    page = pages.render_thresholds()
    for t in claims.THRESHOLDS.values():
        assert _html.escape(t.reason) in page and _html.escape(t.rule_text) in page
    # the Methods section of docs/claims.md, rendered: its heading, each paragraph's title
    # in bold, no Markdown left over
    methods = claims.methods_markdown()
    assert "<h2>Methods</h2>" in page and "**" not in page and "`" not in page
    titles = [line.split(".**")[0].lstrip("*") for line in methods.splitlines()
              if line.startswith("**")]
    assert len(titles) >= 3
    for title in titles:
        assert f"<b>{_html.escape(title, quote=False)}.</b>" in page, title
    assert page.index("<table>") < page.index("<h2>Methods</h2>")


class _Tables(__import__("html.parser", fromlist=["HTMLParser"]).HTMLParser):
    """Every <table> of a page: its class and rows, each cell (tag, class, title, text)."""

    def __init__(self):
        super().__init__()
        self.tables, self._stack, self._cell = [], [], None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table":
            self._stack.append({"class": attrs.get("class", ""), "rows": []})
        elif tag == "tr" and self._stack:
            self._stack[-1]["rows"].append([])
        elif tag in ("td", "th") and self._stack:
            self._cell = [tag, attrs.get("class", ""), attrs.get("title", ""), ""]
            self._stack[-1]["rows"][-1].append(self._cell)

    def handle_endtag(self, tag):
        if tag == "table" and self._stack:
            self.tables.append(self._stack.pop())
        elif tag in ("td", "th"):
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell[3] += data


def _tables(page, css=None):
    parser = _Tables()
    parser.feed(page)
    return [t for t in parser.tables if css is None or css in t["class"].split()]


UCI = cmp.run_basis("UCI glass")
RERUN = "prediction interval for a re-run of the pipeline (test method text)"


def _grid_rows():
    """3 models x 6 measures (in the CSV's order, not the paper's), every status a grid
    cell can have, adjusted as the pipeline does; plus a selection row and a claim."""
    measures = ["ACC", "CBA", "MAR", "MAP", "F", "IAM"]
    rows = []
    for model in ("A", "B", "C"):
        for m in measures:
            # default: printed inside the interval, a large p-value
            spec = dict(printed="0.50", ours=0.52, ci=(0.45, 0.60), p=0.6)
            if (model, m) == ("B", "IAM"):  # far outside: differs, survives Holm
                spec = dict(printed="0.34", ours=0.50, ci=(0.45, 0.55), p=1e-6)
            if (model, m) == ("C", "F"):  # outside but p = 0.04: not after Holm over 17
                spec = dict(printed="0.20", ours=0.50, ci=(0.45, 0.55), p=0.04)
            if (model, m) == ("C", "CBA"):  # equal at print precision
                spec = dict(printed="0.700", ours=0.7, ci=(0.6, 0.8), p=math.nan)
            r = cmp.row("m", "Table 16", model, m, spec["printed"], spec["ours"],
                        setting="our CV", basis=UCI, ci=spec["ci"], method=RERUN,
                        p_value=spec["p"])
            if (model, m) == ("C", "MAP"):  # too few folds to decide
                r = cmp.restated(r, cmp.Status.SETTING, "not decided: 2 folds")
                r["p_value"] = math.nan
            rows.append(r)
    selection = cmp.verdict_row("m", "Table 16", "selected model", "row_minimum", "RF",
                                   None, cmp.Status.SETTING, "ours selects RF-ROS", basis=UCI,
                                   method="names compared")
    rows.append(selection)
    rows.append(cmp.claim("m", "Table 16", "RF is best", 0.1, True, detail="gap",
                          basis=UCI, ci=(0.05, 0.2), method="corrected CV t", p_value=0.001))
    return cmp.adjust(cmp.frame(rows))


def test_grid_cells_are_the_model_by_measure_rows_only():
    rows = _grid_rows()
    grid = pages.grid_cells(rows)
    assert len(grid) == 18 and set(grid["row"]) == {"A", "B", "C"}
    assert set(grid["column"]) == {"ACC", "MAP", "MAR", "F", "CBA", "IAM"}
    # a single row of run cells, or printed-number rows, are no grid
    assert pages.grid_cells(rows[rows["row"] == "A"]).empty
    exact = cmp.frame([cmp.row("p", "T", r, c, "0.5", 0.5) for r in "ab" for c in "xy"])
    assert pages.grid_cells(exact).empty
    # what every cell's status says is stated once above the table; what differs is not
    same = cmp.frame([cmp.row("p", "T", r, c, "0.9", 0.5, setting=f"our CV; TOST p = {r}{c}",
                              basis=UCI, ci=(0.4, 0.6), method=RERUN)
                      for r in "ab" for c in "xy"])
    top = pages.grid_html(pages.grid_cells(same)).split("<table")[0]
    assert "<b>Every cell's status also says:</b> our CV." in top
    assert "TOST" not in top and "differs from a re-run: 4" in top


def test_grid_page_is_one_heat_map_table_not_a_bullet_per_cell():
    rows = _grid_rows()
    kinds = dict(zip(zip(rows["row"], rows["column"]), rows["verdict_kind"]))
    # the fixture has what it says: Holm turned C/F from differs into outside, not decisive
    assert kinds[("B", "IAM")] == "differs"
    assert kinds[("C", "F")] == "outside_not_decisive"
    assert kinds[("C", "CBA")] == "match"
    item = {"label": "Table 16", "name": "grid", "compare": ["Table 16"]}
    verdict = pages.item_verdict(rows, item)[0]
    assert verdict == "differs from a re-run"
    page = pages.render_item("m", {"title": "T"}, item, rows, ".", None)

    grids = _tables(page, "grid")
    assert len(grids) == 1
    head, *body = grids[0]["rows"]
    assert [c[3] for c in head] == ["model", "ACC", "MAP", "MAR", "F", "CBA", "IAM"]
    assert [r[0][3] for r in body] == ["A", "B", "C"]
    cell = {(r[0][3], head[k][3]): c for r in body for k, c in enumerate(r) if k}
    assert len(cell) == 18
    differs = cell[("B", "IAM")]
    assert differs[1] == verdicts.KIND_CSS[cmp.Status.DIFFERS] == "differs"
    assert "printed 0.34" in differs[3] and "ours 0.500" in differs[3]
    assert "[0.450, 0.550]" in differs[3]
    assert differs[2].startswith("B / IAM: differs from a re-run: our CV")
    assert "Holm over m Table 16" in differs[2]
    assert cell[("C", "F")][1] == "outside"
    assert "not decisive: after Holm over m Table 16, 17 decisions (p = 0.04 alone" in \
        cell[("C", "F")][2]
    assert cell[("C", "CBA")][1] == "good"
    assert cell[("C", "MAP")][1] == "setting"
    assert cell[("A", "ACC")][1] == "indistinct"
    assert sum(c[1] == "differs" for c in cell.values()) == 1

    # the basis and the method are stated once, above the table (the collapsed list of the
    # rows, one by one, aside)
    top, _, rest = page.partition('<table class="grid">')
    outside = re.sub(r"<details>.*?</details>", "", page, flags=re.S)
    assert outside.count(RERUN) == 1 and RERUN in top
    assert "Holm over m Table 16, 17 decisions." in top
    # the cells' statuses share no part here (a match, a "not decided" cell), so none is
    # claimed for every cell
    assert "Every cell" not in top
    # the "what we got" list has one line for the grid, not 18
    bullets = re.findall(r"<li>(.*?)</li>", page, flags=re.S)
    assert len(bullets) == 3, bullets  # the grid, the selection row, the claim
    assert any("18 printed numbers (3 models × 6 measures)" in b
               and "1 differs from a re-run" in b for b in bullets)
    assert not any("B / IAM" in b for b in bullets)
    # ... and every row stays readable in a collapsed list with its method and adjustment
    details = re.search(r"<details>.*?</details>", page, flags=re.S).group(0)
    listed = _tables(details)[0]["rows"]
    assert len(listed) == 1 + 18
    assert [c[3] for c in listed[0]][-3:] == ["method", "p", "adjustment"]
    assert listed[1][8][3] == RERUN and listed[2][8][3] == "as above"
    assert listed[2][8][2] == RERUN  # the tooltip keeps the text
    assert all(r[10][3].startswith("Holm over m Table 16, 17 decisions (adjusted p = ")
               for r in listed[1:] if r[9][3])
    # the non-grid rows are listed in the open
    open_rows = _tables(outside.split('<table class="grid">')[1])
    assert any("RF is best" in c[3] for t in open_rows for r in t["rows"] for c in r)


def test_overview_counts_each_family_of_decisions_against_chance():
    fig = [cmp.claim("p", "Fig. 1", f"c{k}", 0.1, True, detail="d", basis=RUN,
                     ci=(0.05, 0.2), method="m", p_value=v)
           for k, v in enumerate((0.0001, 0.0002, 0.04, 0.5))]
    table = [cmp.row("p", "Table 2", "x", c, pr, 0.5, setting="s", basis=RUN,
                     ci=(0.45, 0.55), method="m", p_value=v)
             for c, pr, v in (("a", "0.20", 1e-4), ("b", "0.50", 0.3), ("c", "0.51", 0.8))]
    undecided = [cmp.row("p", "Fig. 1", "y", "z", "0.5", 0.5),
                 cmp.claim("p", "Table 3", "exact", 0.0, True, detail="d")]
    verdict_table = cmp.adjust(cmp.frame(fig + table + undecided))
    families = pages.decision_families(verdict_table)
    assert families[["paper", "item", "decisions", "decisive"]].values.tolist() == [
        ["p", "Fig. 1", 4, 2], ["p", "Table 2", 3, 1]]
    assert families["chance"].tolist() == pytest.approx([0.02, 0.015])  # 0.005 x decisions
    # claims keep Holm (FWER); a table against a re-run is tested whole, then located (FDR)
    assert families["adjustment"].tolist() == [
        "Holm over p Fig. 1, 4 decisions",
        "Simes, then Benjamini-Hochberg over p Table 2, 3 numbers"]
    assert families["error_rate"].tolist() == ["FWER", "FDR"]
    assert families["global_p"].tolist() == pytest.approx([0.0004, 3e-4])
    assert families["kinds"].tolist() == ["2 claim holds", "1 differs from a re-run"]

    catalog = {"p": {"title": "Paper", "items": [{"id": "f1", "label": "Fig. 1", "name": "n"}]}}
    page = pages.render_overview(catalog, verdict_table, ".", FASHION)
    shown = _tables(page, "families")
    assert len(shown) == 1
    rows = [[c[3] for c in r] for r in shown[0]["rows"]]
    assert rows[0][2:5] == ["decisions", "decisive", "expected by chance (0.005 × decisions)"]
    assert rows[1] == ["p", "Fig. 1", "4", "2 (2 claim holds)", "0.02", "FWER",
                       "Holm over p Fig. 1, 4 decisions"]
    assert rows[2] == ["p", "Table 2", "3", "1 (1 differs from a re-run)", "0.015",
                       "FDR (the table as a whole: global p = 0.0003)",
                       "Simes, then Benjamini-Hochberg over p Table 2, 3 numbers"]
    assert rows[3][:4] == ["all 2 families", "7", "3", "0.035"]
    # the decisions come before the per-paper sections
    assert page.index('class="families"') < page.index("<h2>p</h2>")
    # without p-values there is no family, and the overview says so
    plain = pages.render_overview(catalog, cmp.frame(undecided), ".", FASHION)
    assert not _tables(plain, "families") and "no decision was made" in plain


def test_the_stand_in_wording_is_only_for_rows_run_on_the_experiment_dataset():
    # mortaz2020's grid runs on UCI data: its page must not say "on the Fashion-MNIST
    # stand-in"; no page names one method for every run number (each row names its own)
    import pandas as pd

    from imbeval_repro.experiment.data.labels import RunDataset
    from imbeval_repro.report import pages
    from imbeval_repro import verdicts as cmp

    fashion = RunDataset("Fashion-MNIST", stand_in=True)
    glass = cmp.run_basis("UCI glass")
    uci = cmp.adjust(cmp.frame(
        [cmp.row("m", "Table 16", m, "ACC", "0.50", 0.52, setting="x", basis=glass,
                 ci=(0.4, 0.6), p_value=0.5, method="m") for m in ("RF", "NB")]
        + [cmp.row("m", "Table 16", "x", "y", "0.5", 0.5)]))
    note = pages._basis_note(uci, fashion)
    assert "UCI glass" in note and "stand-in" not in note and "bootstrap" not in note
    assert "<i>method</i>" in note and "adjusted within their figure or table" in note
    # the family's adjustment is named, without one row's adjusted p-value
    assert "Here: Simes, then Benjamini-Hochberg over m Table 16, 2 numbers." in note \
        and "0.5" not in note
    ours = cmp.frame([cmp.claim("m", "Fig. 3", "c", 0.1, True, detail="x",
                                basis=cmp.run_basis(fashion.label))])
    note = pages._basis_note(ours, fashion)
    assert "not on the paper&#x27;s data" in note and "bootstrap" not in note
    assert "Here:" not in note  # no adjustment column, nothing named
