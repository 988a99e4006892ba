"""Issue 31, item 7: runs differing only in their seed compared verdict by verdict --
reversals, the share of each run's decisive verdicts on sampled numbers kept at the other
seed (exact-arithmetic verdicts left out), the total; the command and the report."""

from __future__ import annotations

import json
import math

import pandas as pd
import pytest

from imbeval.cli import main
from imbeval_repro.report import pages
from imbeval_repro.report import reliability
from imbeval_repro import verdicts as cmp
from imbeval_repro.verdicts import replication as rep

RUN = cmp.run_basis("d")


def _claim(item, holds, p=0.001):
    return cmp.claim("p", item, "c", 0.1, holds, basis=RUN, ci=(0.05, 0.2), p_value=p,
                     method="t")


def _number(item, ours, low, high, p=0.001):
    # printed 0.50 against ours and its re-run interval
    return cmp.row("m", item, "RF", "ACC", "0.50", ours, setting="our CV", basis=RUN,
                   ci=(low, high), p_value=p if not low <= 0.5 <= high else 1.0,
                   method="rerun")


def _exact():
    # the audit's exact search: decisive, a run basis, no p-value
    return cmp.claim("p", "Fig. 6", "search", 0.0, True, basis=RUN, method="search")


def _runs():
    a = cmp.adjust(cmp.frame([
        _claim("Fig. 1", True),            # reversed at b
        _claim("Fig. 2", True),            # kept
        _number("T1", 0.7, 0.6, 0.8),      # differs, ours above: kept
        _number("T2", 0.7, 0.6, 0.8),      # differs at a, inside at b: lost
        _number("T3", 0.7, 0.6, 0.8),      # ours above at a, below at b: reversed
        _claim("Fig. 4", True),            # not in b: absent
        _claim("Fig. 5", None, p=0.4),     # inconclusive: not decisive, not counted
        _exact()]))
    b = cmp.adjust(cmp.frame([
        _claim("Fig. 1", False),
        _claim("Fig. 2", True),
        _number("T1", 0.65, 0.55, 0.75),
        _number("T2", 0.55, 0.45, 0.65),
        _number("T3", 0.3, 0.2, 0.4),
        _claim("Fig. 5", True),            # decisive at b only: lost at a
        _exact()]))
    return [("a", a), ("b", b)]


def test_reversals_and_the_share_kept_are_counted_run_by_run():
    runs = _runs()
    verdicts = rep.seed_agreement(runs)
    outcome = {(r["run"], r["item"]): r["outcome"] for _, r in verdicts.iterrows()}
    assert outcome == {("a", "Fig. 1"): "reversed", ("a", "Fig. 2"): "kept",
                       ("a", "T1"): "kept", ("a", "T2"): "lost", ("a", "T3"): "reversed",
                       ("a", "Fig. 4"): "absent",
                       ("b", "Fig. 1"): "reversed", ("b", "Fig. 2"): "kept",
                       ("b", "T1"): "kept", ("b", "T3"): "reversed", ("b", "Fig. 5"): "lost"}
    # the exact search (Fig. 6) is decisive in both and counted in neither
    assert "Fig. 6" not in set(verdicts["item"])
    t3 = verdicts[(verdicts["run"] == "b") & (verdicts["item"] == "T3")].iloc[0]
    assert (t3["direction"], t3["other_direction"]) == ("ours below printed",
                                                        "ours above printed")
    summary = rep.summarise(verdicts, runs, {"a": 1, "b": 2})
    a, b = (summary[summary["run"] == x].iloc[0] for x in "ab")
    assert (a["decisive"], a["kept"], a["reversed"], a["lost"], a["absent"]) == (6, 2, 2, 1, 1)
    assert a["share_kept"] == pytest.approx(2 / 6) and b["share_kept"] == pytest.approx(2 / 5)
    assert (a["exact_decisive"], b["exact_decisive"], a["other_seed"]) == (1, 1, 2)
    met = rep.criteria(summary)
    assert (met["no_reversal"], met["reversals"], met["share"]) == (False, 4, False)
    assert (met["total"], met["decisive_total"]) == (True, 11)


def test_identical_runs_keep_everything_and_one_run_is_refused():
    a = _runs()[0][1]
    summary = rep.summarise(rep.seed_agreement([("x", a), ("y", a.copy())]),
                            [("x", a), ("y", a)])
    assert (summary["share_kept"] == 1.0).all() and (summary["reversed"] == 0).all()
    assert rep.criteria(summary)["no_reversal"] and rep.criteria(summary)["share"]
    # runs that decide nothing have no share, and do not meet the condition
    empty = a[~a["verdict_kind"].isin(cmp.DECISIVE)]
    none = rep.summarise(rep.seed_agreement([("x", empty), ("y", empty)]),
                         [("x", empty), ("y", empty)])
    met = rep.criteria(none)
    assert none["share_kept"].isna().all() and math.isnan(met["lowest_share"])
    assert (met["share"], met["total"], met["no_reversal"]) == (False, False, True)
    with pytest.raises(ValueError, match="at least two runs"):
        rep.seed_agreement([("x", a)])


def _write_run(folder, table, seed):
    folder.mkdir(parents=True)
    table.to_csv(folder / "verdicts.csv", index=False)
    (folder / "provenance.json").write_text(json.dumps({"seed": seed}), encoding="utf-8")
    return folder


def test_the_command_writes_the_tables_and_the_overview_states_the_stability(tmp_path, capsys):
    (label_a, a), (label_b, b) = _runs()
    ra = _write_run(tmp_path / "a" / "results", a, 20200)
    rb = _write_run(tmp_path / "b" / "results", b, 31337)
    out = ra / "replication"
    assert main(["replicate", "agreement", str(ra), str(rb / "verdicts.csv"),
                 "--out-dir", str(out)]) == 0
    assert "reversals: 4" in capsys.readouterr().out
    summary = pd.read_csv(out / "summary.csv")
    assert summary["seed"].tolist() == [20200, 31337]
    assert summary["decisive"].tolist() == [6, 5]
    assert len(pd.read_csv(out / "seed_agreement.csv")) == 11
    text = (out / "replication.md").read_text(encoding="utf-8")
    assert "no verdict reverses: **no** (4 reversals)" in text
    # the overview of run a states it; without the table it says it was not measured
    catalog = {"p": {"title": "P", "items": [{"id": "f1", "label": "Fig. 1", "name": "n"}]}}
    page = pages.render_overview(catalog, a, ra)
    assert "seeds 20200, 31337" in page and "<b>4 reversed</b>" in page
    assert "<b>33%</b>" in page and "not met" in page
    assert "Not measured" in reliability.replication_html(tmp_path)
    # a missing run says where it looked
    assert main(["replicate", "agreement", str(ra), str(tmp_path / "none"),
                 "--out-dir", str(out)]) == 2
    assert "no verdict table at" in capsys.readouterr().err


def test_run_makes_one_folder_per_seed_then_checks_agreement(tmp_path, monkeypatch):
    import imbeval_repro.cli.replicate as cli

    repo = tmp_path / "repo"
    (repo / "plugins").mkdir(parents=True)
    (repo / "results").mkdir()  # the repository's own results are never linked
    (repo / "Snakefile").write_text("", encoding="utf-8")
    (repo / "c.yaml").write_text("seed: 1\n", encoding="utf-8")
    tables = dict(zip((20200, 31337), (t for _, t in _runs())))
    calls = []

    def fake_snakemake(command, check):
        calls.append(command)
        workdir = command[command.index("--directory") + 1]
        seed = int(command[command.index("--config") + 1].split("=")[1])
        results = tmp_path / workdir / "results"
        results.mkdir(parents=True)
        tables[seed].to_csv(results / "verdicts.csv", index=False)
        return type("Done", (), {"returncode": 0})()

    monkeypatch.setattr(cli.subprocess, "run", fake_snakemake)
    out = tmp_path / "out"
    assert main(["replicate", "run", "--seeds", "20200", "31337", "--configfile",
                 str(repo / "c.yaml"), "--snakefile", str(repo / "Snakefile"),
                 "--cores", "1", "--out", str(out)]) == 0
    assert [c[c.index("--config") + 1] for c in calls] == ["seed=20200", "seed=31337"]
    assert all(c[c.index("--configfile") + 1] == str(repo / "c.yaml") for c in calls)
    # each seed's folder links to the repository's files, not to its results
    assert (out / "seed-20200" / "plugins").resolve() == (repo / "plugins").resolve()
    assert (out / "seed-31337" / "c.yaml").is_symlink()
    assert not (out / "seed-20200" / "results").is_symlink()
    assert pd.read_csv(out / "replication" / "summary.csv")["reversed"].tolist() == [2, 2]
    # a failed run stops, names its seed and keeps the other's results
    monkeypatch.setattr(cli.subprocess, "run",
                        lambda command, check: type("Done", (), {"returncode": 1})())
    assert main(["replicate", "run", "--seeds", "1", "2", "--configfile",
                 str(repo / "c.yaml"), "--snakefile", str(repo / "Snakefile"),
                 "--out", str(out)]) == 2
    assert main(["replicate", "run", "--seeds", "3", "3", "--configfile",
                 str(repo / "c.yaml"), "--snakefile", str(repo / "Snakefile"),
                 "--out", str(out)]) == 2
    assert not math.isnan(float(pd.read_csv(out / "replication" / "summary.csv")
                                ["share_kept"].iloc[0]))
