"""The report a reader opens: `snakemake --report` on the test DAG, read in headless Chromium.

One session fixture runs the whole test DAG (config/test.yaml) on top of the experiment
``local_run`` already ran, then ``snakemake --report report.html``. The browser test clicks
through the report as a reader would and reads the rendered iframe documents through the
DevTools protocol (``tests/chromium.py``): HTML results are shown in an iframe, which
``chromium --dump-dom`` leaves out. The report's pages built from hand-made tables, without a
run, are tested in tests/unit/test_report.py.
"""

from __future__ import annotations

import shutil

import pandas as pd
import pytest
import yaml
from chromium import Browser, find_chromium, frames, text_of, walk
from workflow_helpers import ROOT, snakemake

from imbeval_repro import verdicts as cmp

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


def test_verdict_table_spot_cases(report_run):
    table = pd.read_csv(report_run / "results/verdicts.csv", dtype={"printed": str},
                        keep_default_na=False, na_values={"regenerated": [""]})
    kinds = table["verdict_kind"]
    assert set(kinds) <= set(cmp.STATUSES) and not (kinds == "mismatch").any()

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
        assert part.isin(["claim_holds", "claim_fails", "claim_inconclusive"]).any(), \
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
    from imbeval_repro.library_results.properties import read_properties

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
        verdict_table = _open_result(browser, session, "0 overview",
                                  "results/report/verdicts.html")
        tables = [n for n in walk(verdict_table) if n.get("nodeName") == "TABLE"]
        assert len(tables) >= 2  # the counts and one table per paper
        assert "MISMATCH" not in text_of(verdict_table)
        assert "within print precision (printed truncated)" in text_of(verdict_table)

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
    input data's and every result table's sha256 (verdicts.csv traced by its hash),
    shown on the overview; a rerun with nothing to do leaves the file as it is."""
    import hashlib
    import json

    from imbeval_repro.experiment.data import uci

    path = report_run / "results/provenance.json"
    record = json.loads(path.read_text())
    config = yaml.safe_load((report_run / "config/test.yaml").read_text())
    assert record["seed"] == config["seed"] and record["dataset"] == config["experiment"]["dataset"]
    assert record["config"]["experiment"]["concepts"] == config["experiment"]["concepts"]
    verdict_table = report_run / "results/verdicts.csv"
    assert record["results"]["results/verdicts.csv"] == hashlib.sha256(
        verdict_table.read_bytes()).hexdigest()
    assert "results/experiment/fold_indices.csv" in record["results"]
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



def test_the_test_config_decides_no_sampled_number(report_run):
    """config/test.yaml runs one CV of two folds and two problems per kind: no run-based
    number may be decisive, and each says why; every run-based row names its method. The
    only decisive run rows are the audit's exact search against the theorems (Fig. 6) and
    against Section 6's recommendations, which rest on the same verdicts."""
    table = pd.read_csv(report_run / "results/verdicts.csv", dtype={"printed": str},
                        keep_default_na=False, na_values={"p_value": [""]})
    run = table[table["basis_kind"] == "run"]
    assert len(run) > 100 and (run["method"].str.len() > 0).all()
    kinds = run["verdict_kind"]
    decisive = run[kinds.isin(cmp.DECISIVE)]
    assert set(decisive["item"]) <= {"Fig. 6a", "Fig. 6b", "Section 6"}
    assert decisive["method"].str.startswith("the index audit's seeded search").all()
    assert decisive["adjustment"].str.startswith("none: not a sampled number").all()
    assert run["p_value"].isna().all()  # no number of this run supports a decision
    # every claim left open, and every grid number with an interval, says why
    undecided = run[(kinds == "claim_inconclusive")
                    | ((kinds == "different_setting") & (run["ci_low"].astype(str) != ""))]
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
