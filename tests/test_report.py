"""The report a reader opens: `snakemake --report` on the test DAG, read in headless Chromium.

One session fixture runs the whole test DAG (config/test.yaml) on top of the experiment
``local_run`` already ran, then ``snakemake --report report.html``. The browser test clicks
through the report as a reader would and reads the rendered iframe documents through the
DevTools protocol (``tests/chromium.py``): HTML results are shown in an iframe, which
``chromium --dump-dom`` leaves out.
"""

from __future__ import annotations

import math
import re
import shutil

import pandas as pd
import pytest
import yaml
from chromium import Browser, find_chromium, frames, text_of, walk
from workflow_helpers import ROOT, snakemake

from imbeval.report import pages, verdicts
from imbeval.tables import comparison as cmp

pytestmark = pytest.mark.slow


@pytest.fixture(scope="session")
def report_run(local_run, tmp_path_factory):
    """A copy of ``local_run`` with every target of config/test.yaml and report.html."""
    work = tmp_path_factory.mktemp("report") / "work"
    # copy2 keeps modification times, so the experiment's results stay up to date
    shutil.copytree(local_run, work, copy_function=shutil.copy2, symlinks=True)
    snakemake(work, "--cores", "2", "--configfile", "config/test.yaml", timeout=1800)
    snakemake(work, "--configfile", "config/test.yaml", "--report", "report.html", timeout=600)
    return work


def test_rule_file_declares_every_page_of_the_catalog():
    catalog = pages.load_catalog(ROOT / "workflow/report/items.yaml")
    text = (ROOT / "workflow/rules/report.smk").read_text()
    assert 'REPORT_ITEMS = "workflow/report/items.yaml"' in text
    assert ('REPORT_PAGES = list(module_constant("imbeval.report.pages", "SITE_PAGES", '
            'root=SRC_DIR))') in text
    # the rule file builds its list the same way: overview, comparison, thresholds, catalogue,
    # properties, per paper
    expected = ["overview.html", "comparison.html", "claims.html", "catalogue.html",
                "properties.html", "compare.html"] + [
        page for paper, spec in yaml.safe_load(
            (ROOT / "workflow/report/items.yaml").read_text()).items()
        for page in [f"{paper}/{paper}_verdicts.html"]
        + [f"{paper}/{i['id']}.html" for i in spec["items"]]]
    assert pages.page_paths(catalog) == expected


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


FASHION = __import__("imbeval.data.labels", fromlist=["run_dataset"]).run_dataset(
    {"dataset": "fashion_mnist"})
RUN = cmp.run_basis(FASHION.label)


def test_every_status_has_a_colour_and_a_verdict():
    assert set(verdicts._KIND_CLASS) == set(cmp.STATUSES)
    assert set(verdicts._KIND_TO_VERDICT) == set(cmp.STATUSES)
    assert set(verdicts._KIND_TO_VERDICT.values()) <= set(verdicts.VERDICTS)
    css = {k: verdicts._KIND_CLASS[k] for k in cmp.STATUSES}
    assert css["claim inconclusive"] not in (css["claim holds"], css["claim does not hold"])
    assert css["differs from a re-run"] not in ("good", "neutral", "indistinct")
    assert len({css["finding"], css["match"], css["claim does not hold"],
                css["not distinguishable from a re-run"], css["differs from a re-run"],
                css["claim inconclusive"]}) == 6
    # the old names are gone from every table of the module
    for old in ("within the run's spread", "differs beyond the run's spread"):
        assert old not in verdicts.VERDICTS and old not in verdicts._LEGEND


def test_a_claim_that_holds_is_never_a_match_and_says_where_it_was_tested():
    held = cmp.frame([cmp.row("p", "Fig. 3", "a", "x", "0.5", 0.5),
                      cmp.claim("p", "Fig. 3", "Precision varies most", 0.08, True,
                                detail="gap", basis=RUN, ci=(0.04, 0.1))])
    verdict, _, evidence = pages.item_verdict(held, {"label": "Fig. 3"}, dataset=FASHION)
    assert verdict == "claim holds on the Fashion-MNIST stand-in"
    assert "matches" not in verdicts._badge(verdict) and 'class="verdict good"' in verdicts._badge(verdict)
    assert any("ours 0.08 [0.04, 0.1]" in e for e in evidence)
    # on printed numbers (exact arithmetic) a claim names no dataset
    exact = cmp.frame([cmp.claim("p", "Fig. 3", "x", 0.0, True, detail="d")])
    assert pages.item_verdict(exact, {"label": "Fig. 3"}, dataset=FASHION)[0] == "claim holds"
    open_ = cmp.frame([cmp.claim("p", "Fig. 4a", "y", 0.0004, None, detail="d", basis=RUN,
                                 ci=(-0.001, 0.002))])
    verdict = pages.item_verdict(open_, {"label": "Fig. 4a"}, dataset=FASHION)[0]
    assert verdict == "claim inconclusive on the Fashion-MNIST stand-in"
    assert 'class="verdict inconclusive"' in verdicts._badge(verdict)
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
    assert 'class="verdict inconclusive"' in verdicts._badge(verdict)


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
    html = pages.comparison_html(rows)
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

    from imbeval.tables import claims

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
    # the bootstrap is no longer the report's method: nothing of it is imported or named
    assert "_bootstrap" not in inspect.getsource(pages)


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
    selection = cmp.comparison_row("m", "Table 16", "selected model", "row_minimum", "RF",
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
    kinds = dict(zip(zip(rows["row"], rows["column"]), rows["kind"]))
    # the fixture has what it says: Holm turned C/F from differs into outside, not decisive
    assert kinds[("B", "IAM")] == "differs from a re-run"
    assert kinds[("C", "F")] == "outside our 95% interval, not decisive"
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
    assert differs[1] == verdicts._KIND_CLASS["differs from a re-run"] == "differs"
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
    comparison = cmp.adjust(cmp.frame(fig + table + undecided))
    families = pages.decision_families(comparison)
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
    page = pages.render_overview(catalog, comparison, ".", FASHION)
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


def test_comparison_spot_cases(report_run):
    table = pd.read_csv(report_run / "results/paper_comparison.csv", dtype={"printed": str},
                        keep_default_na=False, na_values={"regenerated": [""]})
    kinds = table["status"].map(cmp.status_kind)
    assert not (kinds == "MISMATCH").any()

    def one(paper, item, row=None, column=None):
        sel = (table.paper == paper) & (table["item"] == item)
        if row is not None:
            sel &= table["row"] == row
        if column is not None:
            sel &= table["column"] == column
        assert sel.sum() == 1, (paper, item, row, column, sel.sum())
        return table[sel].iloc[0]

    # truncated, not rounded: a status of its own, not an erratum
    for paper, item, row, column in [("mortaz2020", "Table 5", "CM3", "F"),
                                     ("mortaz2020", "Table 6", "CM4", "CBA"),
                                     ("kluska", "ROC example", "T = 4", "TPR")]:
        assert one(paper, item, row, column)["status"] == cmp.TRUNCATED
    # mullick2020 Fig. 2c/2f carry the theory stage's values (no "not comparable")
    fig2 = pd.read_csv(report_run / "results/figures/mullick2020/fig2_numbers.csv")
    c6 = one("mullick2020", "Fig. 2f", column="C = 6")
    assert c6["regenerated"] == pytest.approx(fig2["regenerated"].iloc[3])
    assert c6["status"].startswith("different setting: read from a curve")
    assert one("mullick2020", "Fig. 2f", column="C = 3")["status"] == "match"
    assert not table[table.paper == "mullick2020"]["status"].str.startswith("not comparable").any()
    # RAND's precision on unequal classes is the prior, not 1/K
    rand = table[(table.paper == "ortigosa2016") & table["row"].str.startswith("P^i of RAND")]
    assert len(rand) == 1 and rand.iloc[0]["status"].startswith("claim does not hold")
    assert rand.iloc[0]["regenerated"] == pytest.approx(0.6)
    # claim rows of every paper with figures
    for paper, item in [("mullick2020", "Fig. 3"), ("mullick2020", "Fig. 4a"),
                        ("mullick2020", "Fig. 5"), ("mullick2020", "Fig. 6a"),
                        ("ortigosa2016", "Fig. 4a"), ("ortigosa2016", "Fig. 7"),
                        ("mortaz2020", "Fig. 4")]:
        part = kinds[(table.paper == paper) & (table["item"] == item)]
        assert part.isin(["claim holds", "claim does not hold", "claim inconclusive"]).any(), \
            (paper, item)
    # the contradictions of ortigosa2016's text are flagged
    assert one("ortigosa2016", "Fig. 4a")["status"].startswith("claim does not hold")
    cut = one("ortigosa2016", "Fig. 7", row="G-DR and H-DR limits bounded by the EDR and the "
                                          "min-DR (Ω₂|Ω₃)")
    assert cut["status"].startswith("claim does not hold")
    # mortaz2020: a printed "about 0.32" is not matched by a span of 1.33
    span = one("mortaz2020", "Fig. 2", "skewed (Table 12)", "IAM span")
    assert span["status"].startswith("different setting") and span["regenerated"] > 1
    # numbers quoted in the text
    assert one("dembele", "text, Section 5.1", "EVE", "M7")["status"] == "match"
    assert one("dembele", "text, Section 5.1", "EVE", "M7 + J5/5")["status"] == "match"
    assert one("ortigosa2016", "footnote 6", "e_B at δ = 10", "K = 2")["status"] == "match"
    assert one("ortigosa2016", "footnote 7", "e_B at δ = 0.01", "K = 3")["status"].startswith(
        "erratum")


def test_missing_figures_are_drawn_or_explained(report_run):
    for figure in ("mullick2020/fig1.png", "ortigosa2016/fig1.png", "dembele/fig1.png"):
        assert (report_run / "results/figures" / figure).stat().st_size > 10_000, figure
    page = (report_run / "results/report/ortigosa2016/fig5.html").read_text(encoding="utf-8")
    assert "not drawn" in page and "schematic" in page
    landing = (report_run / "results/report/mullick2020/mullick2020_verdicts.html").read_text(
        encoding="utf-8")
    for label in ("Fig. 1", "Fig. 2", "Fig. 3", "Fig. 4a", "Fig. 4b", "Fig. 5", "Fig. 6"):
        assert f"<b>{label}</b>" in landing


def test_properties_page_and_tables_of_the_run(report_run):
    """Issue 27: the theory stage's properties.csv and dutch_draw.csv, and their page."""
    from imbeval.tables.properties import read_properties

    page = (report_run / "results/report/properties.html").read_text(encoding="utf-8")
    assert "Gösgens" in page and "Dutch Draw" in page and "data:image/png;base64," in page
    assert "C1 imbalance" in page and "<td>GM1</td>" in page
    table = read_properties(report_run / "results/theory/properties.csv").set_index(
        ["index", "classes", "property"])["verdict"]
    assert table[("hamming_loss", "2", "distance")] == "holds"
    assert table[("mcc", "2", "constant_baseline")] == "holds"
    assert table[("f1", "2", "constant_baseline")] == "fails"
    dutch = pd.read_csv(report_run / "results/theory/dutch_draw.csv")
    problems = [p["name"] for p in yaml.safe_load(
        (ROOT / "config/test.yaml").read_text())["experiment"]["two_class"]]
    assert list(dict.fromkeys(dutch["problem"])) == problems
    acc = dutch[dutch["index"] == "accuracy"]
    assert (acc["baseline"] - acc[["positives", "negatives"]].max(axis=1)
            / (acc["positives"] + acc["negatives"])).abs().max() < 1e-9


def _open_result(browser, session, category, path):
    """Click a category, then the eye button of one result; return the iframe's document."""
    has = ('Array.from(document.querySelectorAll("a")).some(a => a.textContent.trim() === %r)'
           % category)
    assert browser.wait_for(session, has), f"category {category} not in the report"
    browser.evaluate(session, 'Array.from(document.querySelectorAll("a")).find('
                              'a => a.textContent.trim() === %r).click()' % category)
    row = ('Array.from(document.querySelectorAll("tr")).find('
           'r => r.firstChild && r.firstChild.textContent.trim() === %r)' % path)
    assert browser.wait_for(session, f"!!({row})"), f"{path} not listed under {category}"
    browser.evaluate(session, f'({row}).querySelector("a[iconname=eye]").click()')
    assert browser.wait_for(session, 'document.querySelector("iframe") !== null')
    # the iframe document is loaded once it has a body with children
    for _ in range(100):
        docs = frames(browser.document(session))
        # every page ends with a footer: once it is parsed, the page is complete
        if docs and any(n.get("nodeName") == "FOOTER" for n in walk(docs[-1])):
            return docs[-1]
        browser.evaluate(session, "new Promise(r => setTimeout(r, 200))")
    raise AssertionError(f"{path}: the iframe never rendered")


def test_report_in_a_browser(report_run, tmp_path):
    executable = find_chromium()
    if executable is None:
        pytest.skip("no Chromium: not installed, and it cannot be installed here "
                    "(apt-get needs root); install Debian's chromium to run this test")
    report = report_run / "report.html"
    assert report.stat().st_size > 100_000
    with Browser(executable, tmp_path / "profile") as browser:
        session = browser.open(report.as_uri())
        comparison = _open_result(browser, session, "0 overview",
                                  "results/report/comparison.html")
        tables = [n for n in walk(comparison) if n.get("nodeName") == "TABLE"]
        assert len(tables) >= 2  # the counts and one table per paper
        assert "MISMATCH" not in text_of(comparison)
        assert "within print precision (printed truncated)" in text_of(comparison)

        session = browser.open(report.as_uri())
        dembele = _open_result(browser, session, "dembele", "results/report/dembele/table_02.html")
        assert any(n.get("nodeName") == "TABLE" for n in walk(dembele))
        text = text_of(dembele)
        assert "sensitivity" in text and "Verdict:" in text

        session = browser.open(report.as_uri())
        fig5 = _open_result(browser, session, "mullick2020", "results/report/mullick2020/fig5.html")
        text = text_of(fig5)
        # config/test.yaml runs 2 CV folds: a CV number from fewer than 5 fold values is
        # never decisive (docs/claims.md, Methods), so the claim is inconclusive, and says why
        assert "claim inconclusive" in text and "at least 5 needed" in text
        assert "claim does not hold" not in text
        assert "GMean drops to 0 on some C = 5 dataset" in text
        assert any(n.get("nodeName") == "IMG" for n in walk(fig5))


def test_the_run_records_its_provenance_and_a_noop_rerun_keeps_it(report_run):
    """Issue 21: results/provenance.json of the whole test DAG: the config, the seed, the
    input data's and every result table's sha256 (paper_comparison.csv traced by its hash),
    shown on the overview; a rerun with nothing to do leaves the file as it is."""
    import hashlib
    import json

    from imbeval.data import uci

    path = report_run / "results/provenance.json"
    record = json.loads(path.read_text())
    config = yaml.safe_load((report_run / "config/test.yaml").read_text())
    assert record["seed"] == config["seed"] and record["dataset"] == config["experiment"]["dataset"]
    assert record["config"]["experiment"]["concepts"] == config["experiment"]["concepts"]
    comparison = report_run / "results/paper_comparison.csv"
    assert record["results"]["results/paper_comparison.csv"] == hashlib.sha256(
        comparison.read_bytes()).hexdigest()
    assert "results/experiment/indices.csv" in record["results"]
    assert record["data"]["uci"]["files"] == uci.SHA256 and record["data"]["digits"]["files"]
    for name in ("numpy", "scipy", "pandas", "scikit-learn", "imbalanced-learn", "tensorflow",
                 "snakemake", "matplotlib"):
        assert record["packages"][name], name
    overview = (report_run / "results/report/overview.html").read_text()
    assert "<h2>Provenance</h2>" in overview and record["record_sha256"] in overview
    assert f"<td>{record['packages']['numpy']}</td>" in overview
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    proc = snakemake(report_run, "--cores", "1", "--configfile", "config/test.yaml")
    assert "Nothing to be done" in proc.stdout + proc.stderr
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before


def test_the_stand_in_wording_is_only_for_rows_run_on_the_experiment_dataset():
    # mortaz2020's grid runs on UCI data: its page must not say "on the Fashion-MNIST
    # stand-in"; no page names one method for every run number (each row names its own)
    import pandas as pd

    from imbeval.data.labels import RunDataset
    from imbeval.report import pages
    from imbeval.tables import comparison as cmp

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


def test_the_test_config_decides_no_sampled_number(report_run):
    """config/test.yaml runs one CV of two folds and two problems per kind: no run-based
    number may be decisive, and each says why; every run-based row names its method. The
    only decisive run rows are the audit's exact search against the theorems (Fig. 6) and
    against Section 6's recommendations, which rest on the same verdicts."""
    table = pd.read_csv(report_run / "results/paper_comparison.csv", dtype={"printed": str},
                        keep_default_na=False, na_values={"p_value": [""]})
    run = table[table["basis"].str.startswith("run on")]
    assert len(run) > 100 and (run["method"].str.len() > 0).all()
    kinds = run["status"].map(cmp.status_kind)
    decisive = run[kinds.isin(cmp.DECISIVE)]
    assert set(decisive["item"]) <= {"Fig. 6a", "Fig. 6b", "Section 6"}
    assert decisive["method"].str.startswith("the index audit's seeded search").all()
    assert decisive["adjustment"].str.startswith("none: not a sampled number").all()
    assert run["p_value"].isna().all()  # no number of this run supports a decision
    # every claim left open, and every grid number with an interval, says why
    undecided = run[(kinds == "claim inconclusive")
                    | ((kinds == "different setting") & (run["ci_low"].astype(str) != ""))]
    assert len(undecided) > 100
    says_why = undecided["status"].str.contains(
        "at least 5 needed|at least 10 needed|not run in this configuration|undefined")
    assert says_why.all(), undecided.loc[~says_why, "status"].tolist()[:3]


def test_no_report_page_is_wider_than_a_1280_px_window(report_run, tmp_path):
    """Issue 42: every page the report writes, opened at 1280 px, needs no sideways
    scrolling (its DOM ``scrollWidth`` is at most its ``clientWidth``)."""
    from chromium import page_widths

    executable = find_chromium()
    if executable is None:
        pytest.skip("no Chromium: not installed, and it cannot be installed here "
                    "(apt-get needs root); install Debian's chromium to run this test")
    paths = sorted((report_run / "results" / "report").rglob("*.html"))
    assert len(paths) > 20
    widths = page_widths(executable, tmp_path / "profile", paths, width=1280)
    wide = {str(p.relative_to(report_run)): w for p, w in widths.items() if w[0] > w[1]}
    assert not wide, f"pages wider than a 1280 px window (scrollWidth, clientWidth): {wide}"
