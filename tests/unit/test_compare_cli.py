"""``imbeval compare``: the README's example runs as printed, the files it
writes, units from the experiment's problems.csv, and bad input as one-line errors."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from imbeval.cli import main
from imbeval.compare import FILES

ROOT = Path(__file__).resolve().parents[2]


def _readme_example():
    # the guide's page (docs/compare.md, once the README's section), up to its first subsection
    section = (ROOT / "docs" / "compare.md").read_text().split(
        "# Which classifier wins, by index: `imbeval compare`", 1)[1].split("\n## ", 1)[0]
    csv = re.search(r"```csv\n(.*?)```", section, re.S).group(1)
    command = re.search(r"```bash\n(.*?)\n```", section, re.S).group(1)
    printed = re.search(r"```\n(index.*?)```", section, re.S).group(1)
    return csv, command, printed


def test_the_readme_example_prints_what_the_readme_shows(tmp_path):
    csv, command, printed = _readme_example()
    (tmp_path / "scores.csv").write_text(csv)
    assert command.startswith("imbeval compare ")
    argv = command.split()[1:]
    done = subprocess.run([sys.executable, "-m", "imbeval.cli", *argv], cwd=tmp_path,
                          capture_output=True, text=True, check=True)
    assert done.stdout == printed
    out = tmp_path / "compare"
    for name in FILES:
        assert (out / f"{name}.csv").is_file(), name
    for index in ("acsa", "mcc"):     # a diagram per index
        assert all((out / f"cd_{index}.{ext}").is_file()
                   for ext in ("pdf", "png", "svg", "csv", "caption.txt", "tex"))
        assert pd.read_csv(out / f"cd_{index}.csv")["index"].tolist() == [index] * 2
    bayes = pd.read_csv(out / "bayesian.csv").set_index("index")
    assert bayes.loc["mcc", "p_a"] > 0.95 and bayes.loc["mcc", "a"] == "nbsvm"


def _experiment_like(tmp_path):
    """An fold_indices.csv shaped like the experiment's, with problems sharing classes."""
    rows = []
    for p in range(6):
        for c, base in (("nbsvm", 0.8), ("rusboost", 0.7), ("smote_mlp", 0.6)):
            for scheme in ("IR", "2IR"):
                for fold in range(2):
                    for index in ("acsa", "mcc"):
                        rows.append({"problem": f"p{p}", "classifier": c, "run": 0,
                                     "fold": fold, "scheme": scheme, "rrt": 5.0,
                                     "index": index, "value": base + 0.01 * p + 0.001 * fold})
    pd.DataFrame(rows).to_csv(tmp_path / "fold_indices.csv", index=False)
    classes = ["a;b", "b;c", "d;e", "f;g", "g;h", "i;j"]   # p0-p1 share b, p3-p4 share g
    pd.DataFrame({"problem": [f"p{p}" for p in range(6)], "classes": classes}).to_csv(
        tmp_path / "problems.csv", index=False)


def test_problems_sharing_classes_are_one_unit(tmp_path, capsys):
    _experiment_like(tmp_path)
    code = main(["compare", str(tmp_path / "fold_indices.csv"), "--index", "acsa,mcc",
                 "--problems", str(tmp_path / "problems.csv"), "--out-dir", str(tmp_path / "o")])
    assert code == 0
    tests = pd.read_csv(tmp_path / "o" / "tests.csv")
    assert set(tests["units"]) == {4} and set(tests["problems"]) == {6}
    assert tests["undecidable"].str.contains("4 independent units").all()
    units = pd.read_csv(tmp_path / "o" / "units.csv")
    assert "p0;p1" in set(units["problems"]) and "p3;p4" in set(units["problems"])
    assert sorted({p.name for p in (tmp_path / "o").glob("cd*.png")}) == [
        "cd_acsa_2IR.png", "cd_acsa_IR.png", "cd_mcc_2IR.png", "cd_mcc_IR.png"]


@pytest.mark.parametrize("argv, message", [
    (["--index", "acsa,mcx"], "index 'mcx' is not in the table; did you mean 'mcc'"),
    (["--index", "acsa", "--scheme", "IRR"], "scheme 'IRR' is not in the table"),
])
def test_bad_input_is_one_line(tmp_path, capsys, argv, message):
    _experiment_like(tmp_path)
    code = main(["compare", str(tmp_path / "fold_indices.csv"), "--out-dir", str(tmp_path / "o"),
                 *argv])
    err = capsys.readouterr().err
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "o" / "tests.csv").exists()


def test_a_missing_table_is_named(tmp_path, capsys):
    assert main(["compare", str(tmp_path / "nope.csv"), "--index", "acsa",
                 "--out-dir", str(tmp_path)]) == 2
    assert "nope.csv does not exist" in capsys.readouterr().err


def test_the_report_page_states_how_many_winners_differ(tmp_path):
    from imbeval.compare import render_compare_page
    from imbeval_repro.report.pages import page_paths

    csv, _, _ = _readme_example()
    (tmp_path / "scores.csv").write_text(csv)
    results = tmp_path / "results"
    assert main(["compare", str(tmp_path / "scores.csv"), "--index", "acsa,mcc", "--label",
                 "hand-made", "--out-dir", str(results / "compare" / "mine")]) == 0
    page = render_compare_page(results)
    assert "<h2>hand-made</h2>" in page
    assert "1 of the 1 indices compared with acsa have another winner" in page
    assert "decisively: 1</b> (mcc)" in page
    # one diagram per index
    assert page.count("data:image/png;base64,") == 2 and 'class="decisive"' in page
    assert "compare.html" in page_paths({})
