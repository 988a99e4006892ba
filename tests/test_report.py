"""The report a reader opens: `snakemake --report` on the test DAG, read in headless Chromium.

One session fixture runs the whole test DAG (config/test.yaml) on top of the experiment
``local_run`` already ran, then ``snakemake --report report.html``. The browser test clicks
through the report as a reader would and reads the rendered iframe documents through the
DevTools protocol (``tests/chromium.py``): HTML results are shown in an iframe, which
``chromium --dump-dom`` leaves out.
"""

from __future__ import annotations

import shutil

import pandas as pd
import pytest
import yaml
from chromium import Browser, find_chromium, frames, text_of, walk
from workflow_helpers import ROOT, snakemake

from imbeval.report import pages
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
    assert ('REPORT_PAGES = ["overview.html", "comparison.html", "claims.html", "catalogue.html",\n'
            '                "properties.html"]') in text
    # the rule file builds its list the same way: overview, comparison, thresholds, catalogue,
    # properties, per paper
    expected = ["overview.html", "comparison.html", "claims.html", "catalogue.html",
                "properties.html"] + [
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
    assert set(pages._KIND_CLASS) == set(cmp.STATUSES)
    assert set(pages._KIND_TO_VERDICT) == set(cmp.STATUSES)
    assert set(pages._KIND_TO_VERDICT.values()) <= set(pages.VERDICTS)
    css = {k: pages._KIND_CLASS[k] for k in cmp.STATUSES}
    assert css["claim inconclusive"] not in (css["claim holds"], css["claim does not hold"])
    assert css["differs beyond the run's spread"] not in ("good", "neutral", "spread")
    assert len({css["finding"], css["match"], css["claim does not hold"],
                css["within the run's spread"], css["claim inconclusive"]}) == 5


def test_a_claim_that_holds_is_never_a_match_and_says_where_it_was_tested():
    held = cmp.frame([cmp.row("p", "Fig. 3", "a", "x", "0.5", 0.5),
                      cmp.claim("p", "Fig. 3", "Precision varies most", 0.08, True,
                                detail="gap", basis=RUN, ci=(0.04, 0.1))])
    verdict, _, evidence = pages.item_verdict(held, {"label": "Fig. 3"}, dataset=FASHION)
    assert verdict == "claim holds on the Fashion-MNIST stand-in"
    assert "matches" not in pages._badge(verdict) and 'class="verdict good"' in pages._badge(verdict)
    assert any("ours 0.08 [0.04, 0.1]" in e for e in evidence)
    # on printed numbers (exact arithmetic) a claim names no dataset
    exact = cmp.frame([cmp.claim("p", "Fig. 3", "x", 0.0, True, detail="d")])
    assert pages.item_verdict(exact, {"label": "Fig. 3"}, dataset=FASHION)[0] == "claim holds"
    open_ = cmp.frame([cmp.claim("p", "Fig. 4a", "y", 0.0004, None, detail="d", basis=RUN,
                                 ci=(-0.001, 0.002))])
    verdict = pages.item_verdict(open_, {"label": "Fig. 4a"}, dataset=FASHION)[0]
    assert verdict == "claim inconclusive on the Fashion-MNIST stand-in"
    assert 'class="verdict inconclusive"' in pages._badge(verdict)
    page = pages.render_item("p", {"title": "T"}, {"label": "Fig. 4a", "name": "n"}, open_,
                             ".", FASHION)
    assert "on the Fashion-MNIST stand-in" in page and "0.0004 [-0.001, 0.002]" in page


def test_run_rows_deviate_or_stay_within_their_spread():
    rows = cmp.frame([
        cmp.row("m", "Table 16", "RF", "IAM", "0.34", 0.50, setting="our CV", basis=RUN,
                ci=(0.45, 0.55)),
        cmp.row("m", "Table 16", "RF", "CBA", "0.68", 0.70, setting="our CV", basis=RUN,
                ci=(0.6, 0.8)),
        cmp.finding("m", "Table 16", "IAM = 2 CBA - 1", 0.0, detail="proved")])
    verdict, counts, _ = pages.item_verdict(rows, {"label": "Table 16"}, dataset=FASHION)
    assert verdict == "differs beyond the run's spread"
    assert "1 differs beyond the run's spread" in counts and "1 finding" in counts
    assert pages.item_verdict(rows.iloc[1:], {"label": "Table 16"})[0] == \
        "within the run's spread"
    html = pages.comparison_html(rows)
    assert 'class="status deviation"' in html and 'class="status finding"' in html


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


def test_thresholds_page_is_the_claims_table():
    from imbeval.tables import claims

    page = pages.render_thresholds()
    import html as _html

    for t in claims.THRESHOLDS.values():
        assert _html.escape(t.reason) in page and _html.escape(t.rule_text) in page


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
    assert c6["status"].startswith("erratum")
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
        assert "claim does not hold" in text
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
    # stand-in" nor name the experiment's bootstrap as its interval method
    import pandas as pd

    from imbeval.data.labels import RunDataset
    from imbeval.report import pages
    from imbeval.tables import comparison as cmp

    fashion = RunDataset("Fashion-MNIST", stand_in=True)
    uci = pd.DataFrame({"basis": [cmp.run_basis("UCI glass"), cmp.PRINTED_BASIS],
                        "status": ["within the run's spread: x", "match"]})
    note = pages._basis_note(uci, fashion)
    assert "UCI glass" in note and "stand-in" not in note and "bootstrap" not in note
    ours = pd.DataFrame({"basis": [cmp.run_basis(fashion.label)],
                         "status": ["claim holds: x"]})
    note = pages._basis_note(ours, fashion)
    assert "not on the paper&#x27;s data" in note and "bootstrap" in note
