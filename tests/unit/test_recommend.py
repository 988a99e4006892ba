"""imbeval recommend: the rules applied to the audit, every reason citing a row that exists."""

import json
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from imbeval.cli import main
from imbeval.recommend import (COST_INDEX, EFFECTS, evidence, explain, recommend, rules)
from imbeval.recommend._evidence import shipped_evidence

FINGERPRINTS = [
    dict(classes=2, prior="shifted", output="labels", focus="minority"),
    dict(classes=2, prior="shifted", output="scores", focus="minority"),
    dict(classes=2, prior="shifted", output="probabilities", focus="overall", n_min=20),
    dict(classes=3, prior="shifted", output="probabilities", focus="all-classes"),
    dict(classes=5, prior="shifted", output="labels", focus="all-classes", n_min=5),
    dict(classes=10, prior="same", output="labels", focus="overall"),
    dict(classes=2, prior="unknown", output="probabilities", focus="calibration"),
    dict(classes=2, prior="shifted", deployment_prior=0.01, output="probabilities",
         costs=[[0, 10], [1, 0]], focus="minority"),
]

ROWS = {r["id"]: r for r in shipped_evidence()}


def _row(rec, name, kind):
    return rec.evidence.get(f"{kind}:{name}") or ROWS.get(f"{kind}:{name}")


@pytest.mark.parametrize("fp", FINGERPRINTS[:5] + FINGERPRINTS[7:])
def test_under_a_shifted_prior_no_prior_dependent_index_is_recommended(fp):
    rec = recommend(**fp, top=100)
    assert rec.ranked
    for c in rec.ranked:
        c1 = ROWS.get(f"condition1:{c.index}")
        shift = ROWS.get(f"prior_shift:{c.index}")
        assert not (c1 and c1["outcome"] == "fails"), c.index
        assert not (shift and shift["outcome"] == "moves"), c.index
    # and the audit's prior-dependent indices are there, excluded, each with its verdict
    assert any(r.rule.startswith("prior_shifted") for c in rec.excluded for r in c.reasons)


@pytest.mark.parametrize("output", ["labels", "scores", "probabilities"])
@pytest.mark.parametrize("classes", [2, 4])
def test_with_known_costs_an_expected_cost_index_comes_first(output, classes):
    costs = np.ones((classes, classes)) - np.eye(classes)
    costs[0, 1:] = 20  # missing class 0 is expensive
    rec = recommend(classes, prior="same", costs=costs, output=output)
    first = rec.shortlist[0]
    assert first.required
    row = rec.evidence[f"costs:{first.index}"]
    assert row["outcome"] == "reads"
    if output == "labels":
        assert first.index == COST_INDEX


def test_without_costs_the_cost_index_of_labels_is_not_offered():
    rec = recommend(2, prior="same")
    assert COST_INDEX not in [c.index for c in rec.ranked + rec.excluded]


@pytest.mark.parametrize("fp", FINGERPRINTS)
def test_every_reason_cites_an_audit_row_that_exists(fp):
    rec = recommend(**fp)
    cited = [r for c in rec.ranked + rec.excluded for r in c.reasons]
    assert cited
    for reason in cited:
        row = rec.evidence[reason.row]
        assert row["text"] == reason.outcome
        if reason.row in ROWS:  # shipped: the same row by id
            assert ROWS[reason.row]["outcome"] == row["outcome"]
        elif reason.row.startswith("interval@"):  # computed: explain recomputes it
            assert explain(reason.row)["text"] == reason.outcome
        else:  # the cost index of a stated matrix is audited for the fingerprint
            assert reason.row.endswith(f":{COST_INDEX}")
    assert set(rec.to_dict()["evidence"]) == {r.row for r in cited}


def test_a_rule_reads_only_kinds_of_rows_there_are():
    kinds = {r["kind"].partition("@")[0] for r in shipped_evidence()} | {"interval"}
    for rule in rules():
        assert rule["reads"] in kinds, rule["rule"]
        assert rule["effect"] in EFFECTS
        assert rule["why"]


def test_an_unknown_row_is_an_error_naming_the_kinds():
    with pytest.raises(ValueError, match="no audit row 'condition9:mcc'.*condition1"):
        explain("condition9:mcc")


def test_the_shipped_rows_agree_with_a_recomputed_sample():
    from imbeval.recommend.build import build_rows

    fresh = build_rows(["mcc", "gmean2", "cen"], ["roc_auc", "average_precision", "brier_score"])
    assert len(fresh) > 60
    for row in fresh:
        shipped = ROWS[row["id"]]
        assert shipped["outcome"] == row["outcome"], row["id"]
        assert shipped["text"] == row["text"], row["id"]


@pytest.fixture
def user_module(tmp_path, monkeypatch):
    (tmp_path / "myrecindices.py").write_text(textwrap.dedent("""
        import numpy as np

        def share_right(cm):  # accuracy under another name: moves with the class sizes
            cm = np.asarray(cm, dtype=float)
            return np.trace(cm, axis1=-2, axis2=-1) / cm.sum(axis=(-2, -1))

        def mean_right(cm):  # the mean recall: invariant to the class sizes
            cm = np.asarray(cm, dtype=float)
            return (np.diagonal(cm, axis1=-2, axis2=-1) / cm.sum(-1)).mean(-1)
        """))
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "myrecindices"
    from imbeval.indices import unregister_index

    for name in ("share_right", "mean_right"):
        try:
            unregister_index(name)
        except (KeyError, ValueError):
            pass
    sys.modules.pop("myrecindices", None)


def test_a_users_index_is_placed_by_its_audit(user_module):
    rec = recommend(2, prior="shifted", index=[f"{user_module}:share_right",
                                               f"{user_module}:mean_right"], top=50)
    excluded = {c.index: c for c in rec.excluded}
    ranked = {c.index: c for c in rec.ranked}
    # share_right is accuracy's twin: placed as accuracy would be, or merged into it
    assert "share_right" in excluded or "share_right" in excluded["accuracy"].equivalents
    if "share_right" in excluded:
        reason = next(r for r in excluded["share_right"].reasons if r.effect == "exclude")
        assert reason.row == "condition1:share_right" and "fails" in reason.outcome
    holders = [c for c in rec.ranked if c.index == "mean_right" or "mean_right" in c.equivalents]
    assert holders
    if "mean_right" in ranked:
        assert any(r.row == "condition1:mean_right" and "holds" in r.outcome
                   for r in ranked["mean_right"].reasons)


def test_a_users_function_is_audited_when_no_registered_index_equals_it():
    def squared_mean_recall(cm):
        cm = np.asarray(cm, dtype=float)
        return ((np.diagonal(cm, axis1=-2, axis2=-1) / cm.sum(-1)) ** 2).mean(-1)

    rec = recommend(3, prior="shifted", index=squared_mean_recall, top=50)
    c = next(c for c in rec.ranked if c.index == "squared_mean_recall")
    assert any(r.row == "condition1:squared_mean_recall" and "holds" in r.outcome
               for r in c.reasons)


def test_the_result_has_summary_frame_and_dict():
    rec = recommend(2, prior="shifted", n_min=10)
    frame = rec.to_frame()
    assert list(frame.columns[:4]) == ["rank", "index", "family", "status"]
    assert (frame["status"] == "shortlist").sum() == len(rec.shortlist) == 5
    assert set(frame.loc[frame["status"] == "excluded", "index"]) == {c.index for c in rec.excluded}
    d = rec.to_dict()
    assert [c["index"] for c in d["shortlist"]] == [c.index for c in rec.shortlist]
    assert rec.shortlist[0].index in rec.summary() and rec.shortlist[0].index in rec.paragraph()
    json.dumps(d)


def test_the_interval_width_shrinks_with_the_smallest_class():
    small = recommend(2, prior="same", n_min=5).evidence
    large = recommend(2, prior="same", n_min=500).evidence
    w = {k.partition(":")[2]: v["value"] for k, v in small.items() if k.startswith("interval@")}
    wl = {k.partition(":")[2]: v["value"] for k, v in large.items() if k.startswith("interval@")}
    common = set(w) & set(wl)
    assert common and all(wl[n] < w[n] for n in common)


@pytest.mark.parametrize("fmt", ["text", "json", "markdown"])
def test_the_cli_formats(fmt, capsys):
    code = main(["recommend", "--classes", "2", "--prior", "shifted", "--n-min", "10",
                 "--format", fmt])
    out = capsys.readouterr().out
    assert code == 0
    if fmt == "json":
        d = json.loads(out)
        assert d["fingerprint"]["prior"] == "shifted" and d["shortlist"] and d["paragraph"]
    elif fmt == "markdown":
        assert "| rank | index |" in out
    else:
        assert out.startswith("Recommended indices for: 2 classes")


def test_the_cli_reads_a_cost_matrix(tmp_path, capsys):
    path = tmp_path / "costs.csv"
    path.write_text("0, 1\n10, 0\n")
    code = main(["recommend", "--classes", "2", "--prior", "same", "--costs", "known",
                 "--cost-matrix", str(path), "--format", "json"])
    assert code == 0
    assert json.loads(capsys.readouterr().out)["shortlist"][0]["index"] == COST_INDEX


@pytest.mark.parametrize("argv, message", [
    (["--classes", "1"], "--classes must be at least 2"),
    (["--classes", "3", "--costs", "known", "--cost-matrix", "COSTS"], "must be 3 x 3"),
    (["--classes", "2", "--costs", "known"], "needs --cost-matrix"),
    (["--classes", "2", "--index", "no_such_module_here:f"], "does not import"),
    (["--classes", "2", "--focus", "calibration"], "needs probabilities"),
    (["--classes", "2", "--deployment-prior", "0.2,0.3,0.5"], "deployment prior must be 2"),
    (["--classes", "2", "--prior", "same", "--deployment-prior", "0.2"], "'shifted'"),
])
def test_bad_input_is_a_clear_error_with_exit_code_2(argv, message, tmp_path, capsys):
    costs = tmp_path / "costs.csv"
    costs.write_text("0 1\n1 0\n")
    argv = [str(costs) if a == "COSTS" else a for a in argv]
    assert main(["recommend", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("imbeval recommend: error:") and message in err
    assert "Traceback" not in err


def test_importing_imbeval_does_not_load_the_recommender_and_the_call_works():
    code = ("import sys, imbeval; assert 'imbeval.recommend' not in sys.modules; "
            "r = imbeval.recommend(2, prior='same'); import imbeval.recommend as m; "
            "assert m(2).shortlist and r.shortlist")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_evidence_is_a_table_with_stable_ids():
    table = evidence()
    assert table["id"].is_unique
    assert {"condition1:mcc", "prior_shift:roc_auc", "dutch_draw:acsa",
            "winner_flips:average_precision"} <= set(table["id"])


def test_the_documented_answers_are_what_the_recommender_gives_now():
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "docs" / "recommend_examples.py"
    spec = importlib.util.spec_from_file_location("recommend_examples", path)
    examples = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(examples)
    assert len(examples.FINGERPRINTS) == 10
    assert examples.render() == examples.OUT.read_text(encoding="utf-8"), \
        "docs/recommend_examples.md is stale: run python docs/recommend_examples.py"
