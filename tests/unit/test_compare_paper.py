"""``imbeval compare`` says what it did and writes what a paper includes: missing values
named on stderr, a policy for them, every index on the same problems, the registry's
orientation for indices of scores, a LaTeX table whose winners are bold, one diagram per
index, and a LaTeX document built from them."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import warnings

import numpy as np
import pandas as pd
import pytest

from imbeval.cli import main
from imbeval.compare import MissingValuesWarning, winner_stability

CLASSIFIERS = {"lr": 0.80, "brf": 0.78, "rf": 0.72, "svm": 0.68}


def _table(problems=12, seed=3):
    rng = np.random.default_rng(seed)
    rows = [{"problem": f"d{p:02d}", "classifier": c, "fold": f, "index": index,
             "value": round(base + offset + rng.normal(0, 0.03), 4)}
            for p in range(problems) for c, base in CLASSIFIERS.items() for f in range(3)
            for index, offset in (("roc_auc", 0.05), ("mcc", -0.3), ("acsa", 0.0))]
    return pd.DataFrame(rows)


def _with_gaps(path):
    table = _table()
    table["value"] = table["value"].astype(object)
    table.loc[(table["problem"] == "d03") & (table["classifier"] == "lr")
              & (table["fold"] == 1) & (table["index"] == "mcc"), "value"] = np.nan
    table.loc[(table["problem"] == "d05") & (table["classifier"] == "rf")
              & (table["fold"] == 2) & (table["index"] == "acsa"), "value"] = "n/a"
    table = table[~((table["problem"] == "d07") & (table["classifier"] == "brf")
                    & (table["index"] == "mcc"))]
    table.to_csv(path, index=False)


def test_a_nan_cell_a_typed_na_and_a_missing_cell_are_named_on_stderr(tmp_path, capsys):
    _with_gaps(tmp_path / "t.csv")
    assert main(["compare", str(tmp_path / "t.csv"), "--index", "roc_auc,mcc,acsa",
                 "--n-samples", "200", "--out-dir", str(tmp_path / "o")]) == 0
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if "warning" in line]
    mcc = next(line for line in lines if "index mcc" in line)
    assert "d03/lr fold 1 (NaN)" in mcc and "d07/brf (no row)" in mcc
    assert "dropped for every index: d07" in mcc
    acsa = next(line for line in lines if "index acsa" in line)
    assert "d05/rf fold 2 ('n/a')" in acsa
    assert not [line for line in lines if "index roc_auc" in line]   # it has no gap
    missing = pd.read_csv(tmp_path / "o" / "missing.csv", keep_default_na=False)
    assert len(missing) == 3 and set(missing["what"]) == {"NaN", "no row", "'n/a'"}
    # every index ranked the same 11 problems
    assert set(pd.read_csv(tmp_path / "o" / "tests.csv")["problems"]) == {11}


def test_the_policy_fail_exits_2_naming_the_cells(tmp_path, capsys):
    _with_gaps(tmp_path / "t.csv")
    assert main(["compare", str(tmp_path / "t.csv"), "--index", "mcc,acsa", "--missing",
                 "fail", "--out-dir", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "--missing fail" in err
    assert "d07/brf (no row)" in err and "--missing drop-problem" in err
    assert not (tmp_path / "o" / "tests.csv").exists()


def test_a_long_list_of_cells_is_cut_with_a_count():
    table = _table()
    table.loc[(table["index"] == "mcc") & (table["fold"] == 0), "value"] = np.nan
    with pytest.warns(MissingValuesWarning, match=r"48 missing .*\.\.\. and 40 more"):
        winner_stability(table, indices=["mcc"], n_samples=100)


def _flipping_table():
    """acsa and mcc rank the classifiers alike on every problem; over d01-d07 brf is the
    best, and d00, where lr leads, tips the whole set to lr. mcc has no value for lr on
    d00: dropped for mcc alone, mcc's winner is brf and acsa's lr, a change the data made."""
    order = {"d00": {"lr": 0.80, "svm": 0.70, "brf": 0.60}}
    order.update({f"d0{p}": {"brf": 0.80, "lr": 0.78, "svm": 0.60} for p in range(1, 5)})
    order.update({f"d0{p}": {"lr": 0.80, "brf": 0.78, "svm": 0.60} for p in range(5, 8)})
    rows = [{"problem": problem, "classifier": c, "index": index,
             "value": v - (0.3 if index == "mcc" else 0.0)}
            for problem, values in order.items() for c, v in values.items()
            for index in ("acsa", "mcc")]
    table = pd.DataFrame(rows)
    return table[~((table["index"] == "mcc") & (table["classifier"] == "lr")
                   & (table["problem"] == "d00"))]


def test_a_dropped_problem_does_not_change_the_headline():
    table = _flipping_table()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MissingValuesWarning)
        every = winner_stability(table, indices=["acsa", "mcc"], n_samples=200)
        each = winner_stability(table, indices=["acsa", "mcc"], n_samples=200,
                                missing="drop-problem-per-index")
    # each index on its own problems: the winners differ, by the dropped problem alone
    assert each.results[("acsa", None)].winner == "lr"
    assert each.results[("mcc", None)].winner == "brf"
    # the headline compares the indices on the same problems, under either policy
    for s in (every, each):
        row = s.winners.set_index("index").loc["mcc"]
        assert not row["differs"] and s.differing() == [] and row["problems"] == 7
    assert every.results[("acsa", None)].winner == "brf"
    assert every.results[("acsa", None)].dropped["problem"].tolist() == ["d00"]


def test_roc_auc_and_brier_score_need_no_orientation_option(tmp_path, capsys):
    table = _table()
    brier = table[table["index"] == "roc_auc"].assign(index="brier_score_loss")
    brier["value"] = 1 - brier["value"]          # lower is better: lr still the best
    pd.concat([table, brier]).to_csv(tmp_path / "t.csv", index=False)
    assert main(["compare", str(tmp_path / "t.csv"), "--index", "roc_auc",
                 "--n-samples", "200", "--out-dir", str(tmp_path / "o")]) == 0
    assert main(["compare", str(tmp_path / "t.csv"), "--index", "roc_auc,brier_score_loss",
                 "--n-samples", "200", "--out-dir", str(tmp_path / "b")]) == 0
    tests = pd.read_csv(tmp_path / "b" / "tests.csv").set_index("index")
    assert tests.loc["brier_score_loss", "orientation"] == "registry (brier_score)"
    assert tests.loc["roc_auc", "winner"] == tests.loc["brier_score_loss", "winner"] == "lr"


def _latex_cells(text):
    body = text.split("\\midrule", 1)[1].split("\\bottomrule", 1)[0]
    rows = [r.strip().removesuffix("\\\\").strip() for r in body.strip().splitlines()]
    return {cells[0]: cells[1:] for cells in (re.split(r"\s*&\s*", r) for r in rows)}


def test_the_latex_table_bolds_each_winner_and_one_diagram_per_index(tmp_path):
    table = _table()
    # svm wins mcc: the columns have different winners
    table.loc[(table["index"] == "mcc") & (table["classifier"] == "svm"), "value"] += 0.5
    table.to_csv(tmp_path / "t.csv", index=False)
    out = tmp_path / "o"
    assert main(["compare", str(tmp_path / "t.csv"), "--index", "roc_auc,mcc,acsa",
                 "--n-samples", "200", "--latex", "--out-dir", str(out)]) == 0
    text = (out / "ranks.tex").read_text()
    header = text.split("\\toprule", 1)[1].split("\\midrule", 1)[0]
    indices = [c.strip().removesuffix("\\\\").strip().replace("\\_", "_")
               for c in header.split("&")][1:]
    cells = _latex_cells(text)
    ranks = pd.read_csv(out / "ranks.csv")
    for j, index in enumerate(indices):
        part = ranks[ranks["index"] == index]
        best = set(part.loc[part["mean_rank"] == part["mean_rank"].min(), "classifier"])
        bold = {c for c, row in cells.items() if row[j].startswith("\\textbf{")}
        assert bold == best, index
        for c, row in cells.items():
            number = float(re.search(r"\d+\.\d+", row[j]).group())
            rank = part.set_index("classifier").loc[c, "mean_rank"]
            assert number == pytest.approx(rank, abs=0.005)
            assert re.search(r"\$\^\{\\mathrm\{[a-z,]+\}\}\$", row[j])   # its group's letter
    assert {indices[1]: "svm"} == {"mcc": next(c for c, r in cells.items()
                                              if r[1].startswith("\\textbf"))}
    for index in ("roc_auc", "mcc", "acsa"):
        for ext in ("pdf", "png", "svg", "csv", "caption.txt", "tex"):
            assert (out / f"cd_{index}.{ext}").is_file(), (index, ext)
        assert "Nemenyi" in (out / f"cd_{index}.caption.txt").read_text()
    assert len(list(out.glob("cd_*.pdf"))) == 3


def _predictions(problems=8, folds=3, n=40, seed=5):
    """Per-fold predictions of the four classifiers (labels and positive-class scores), each
    classifier right with its CLASSIFIERS probability."""
    rng = np.random.default_rng(seed)
    rows = []
    for p in range(problems):
        for c, skill in CLASSIFIERS.items():
            for f in range(folds):
                y = (rng.random(n) < 0.3).astype(int)
                right = rng.random(n) < skill
                pred = np.where(right, y, 1 - y)
                score = np.clip(np.where(pred == 1, 0.7, 0.3) + rng.normal(0, 0.15, n), 0, 1)
                rows += [{"dataset": f"d{p:02d}", "classifier": c, "fold": f, "y_true": t,
                          "y_pred": q, "y_score": round(v, 3)}
                         for t, q, v in zip(y, pred, score)]
    return pd.DataFrame(rows)


def _predictions_to_paper_folder(tmp_path):
    """The user's path of docs/compare.md: predictions -> imbeval score -> imbeval compare
    --latex --html, as commands."""
    _predictions().to_csv(tmp_path / "predictions.csv", index=False)
    for argv in (["score", "predictions.csv", "--index", "acsa,mcc", "--index", "roc_auc",
                  "--out", "scores.csv"],
                 ["compare", "scores.csv", "--index", "roc_auc,mcc,acsa", "--n-samples", "200",
                  "--latex", "--html", "--out-dir", "compare"]):
        done = subprocess.run([sys.executable, "-m", "imbeval.cli", *argv], cwd=tmp_path,
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stderr[-2000:]
    return tmp_path / "compare"


def test_predictions_through_score_and_compare_give_the_paper_s_files(tmp_path):
    out = _predictions_to_paper_folder(tmp_path)
    scores = pd.read_csv(tmp_path / "scores.csv")
    assert set(scores["index"]) == {"acsa", "mcc", "roc_auc"}
    assert len(scores) == 8 * 4 * 3 * 3
    assert "\\toprule" in (out / "ranks.tex").read_text()
    assert "fig:cd-mcc" in (out / "cd_mcc.tex").read_text()
    assert (out / "cd_mcc.pdf").stat().st_size > 0 and (out / "compare.html").is_file()


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
def test_the_table_and_a_diagram_compile_in_a_latex_document(tmp_path):
    _predictions_to_paper_folder(tmp_path)
    (tmp_path / "paper.tex").write_text(
        "\\documentclass{article}\n\\usepackage{booktabs}\n\\usepackage{graphicx}\n"
        "\\graphicspath{{compare/}}\n\\begin{document}\n"
        "Table~\\ref{tab:mean-ranks} and Figure~\\ref{fig:cd-mcc}.\n"
        "\\input{compare/ranks.tex}\n\\input{compare/cd_mcc.tex}\n\\end{document}\n")
    for _ in range(2):              # the second run resolves the references
        done = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error",
                               "paper.tex"], cwd=tmp_path, capture_output=True, text=True)
        assert done.returncode == 0, done.stdout[-2000:]
    assert (tmp_path / "paper.pdf").stat().st_size > 10_000
    log = (tmp_path / "paper.log").read_text(errors="replace")
    assert "undefined" not in log.split("Output written")[0].lower()


def test_the_page_opens_with_each_index_winner_and_diagram_and_folds_the_methods(tmp_path):
    _table().to_csv(tmp_path / "t.csv", index=False)
    out = tmp_path / "o"
    assert main(["compare", str(tmp_path / "t.csv"), "--index", "roc_auc,mcc,acsa",
                 "--n-samples", "200", "--html", "--out-dir", str(out)]) == 0
    page = (out / "compare.html").read_text(encoding="utf-8")
    first, folded = page.split("<details", 1)
    winners = pd.read_csv(out / "stability.csv").set_index("index")["winner"]
    for index in ("roc_auc", "mcc", "acsa"):
        card = first.split(f"<h3>{index}: ", 1)[1].split('<div class="card', 1)[0]
        assert card.startswith(f"{winners[index]}</h3>")
        assert "Wilcoxon-Holm" in card and "data:image/png;base64," in card
    assert first.count("data:image/png;base64,") == 3
    assert "Friedman" not in first and "Iman-Davenport" in folded     # the methods, folded
