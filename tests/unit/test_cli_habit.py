"""One habit across the ``imbeval`` commands: list options take commas and repeats, the
positive class defaults to scikit-learn's ``1``, probabilities passed as labels get the
Python API's message, ``evaluate`` prints a short summary and ``audit`` its
counterexamples."""

from __future__ import annotations

import argparse
import sys
import warnings

import numpy as np
import pandas as pd
import pytest

from byo_helpers import clean_registry  # noqa: F401  (fixture)
from imbeval.cli import build_parser, main
from imbeval.cli._options import CommaList, add_list_option
from imbeval.evaluation import evaluate_predictions



def walk(parser, path=("imbeval",)):
    """(command path, parser) for every parser of the tree, the root included."""
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from walk(sub, (*path, name))

# Options that take several values but no commas: file names (a comma is a legal character
# in a path) and specs whose own syntax holds commas (NAME=member,member).
NOT_COMMA_LISTS = {
    ("imbeval papers mortaz2020-grid", "--parts"),
    ("imbeval papers mortaz2020-identity", "--grid-folds"),
    ("imbeval provenance", "--results"),
    ("imbeval experiment features", "--concept"),      # every feature source's
}


def _exempt(command, option):
    return any(command.startswith(prefix) and option == name
               for prefix, name in NOT_COMMA_LISTS)


def _looks_like_a_list(action):
    return (isinstance(action, argparse._AppendAction) or action.nargs in ("+", "*")
            or "," in str(action.metavar or ""))


def list_options():
    """(command path, parser, action) of every list option of the tree."""
    for path, parser in walk(build_parser()):
        for action in parser._actions:
            if action.option_strings and isinstance(action, CommaList):
                yield path, parser, action


def test_every_option_that_takes_several_values_is_a_comma_list():
    stray = [(" ".join(path), action.option_strings[0])
             for path, parser in walk(build_parser()) for action in parser._actions
             if action.option_strings and _looks_like_a_list(action)
             and not isinstance(action, CommaList)
             and not _exempt(" ".join(path), action.option_strings[0])]
    assert stray == []
    found = {(" ".join(p), a.option_strings[0]) for p, _, a in list_options()}
    assert {("imbeval evaluate", "--index"), ("imbeval audit", "--only"),
            ("imbeval indices", "--only"), ("imbeval compare", "--index"),
            ("imbeval experiment run", "--run"), ("imbeval replicate run", "--seeds"),
            ("imbeval theory properties", "--problem")} <= found
    assert len(found) >= 18


def test_every_command_s_index_option_is_a_comma_list():
    index = {" ".join(path): action for path, parser in walk(build_parser())
             for action in parser._actions if "--index" in action.option_strings}
    assert {"imbeval evaluate", "imbeval audit", "imbeval indices", "imbeval compare",
            "imbeval score", "imbeval recommend"} <= set(index)
    assert [path for path, action in index.items() if not isinstance(action, CommaList)] == []


def _required_filler(parser, skip):
    """Arguments that make ``parser`` parse: a value for every positional and every required
    option but ``skip``."""
    argv, positionals = [], []
    for action in parser._actions:
        if action is skip or isinstance(action, (argparse._HelpAction,
                                                  argparse._SubParsersAction)):
            continue
        value = str(action.choices[0]) if action.choices else "1"
        if not action.option_strings:
            positionals.append(value)
        elif action.required:
            argv += [action.option_strings[0], value]
    return argv + positionals


@pytest.mark.parametrize("path, option", sorted(
    {(path, action.option_strings[0]) for path, _, action in list_options()}))
def test_each_list_option_takes_commas_repeats_and_a_mix(path, option):
    parser = dict(walk(build_parser()))[path]
    action = next(a for a in parser._actions if option in a.option_strings)
    base = list(path[1:]) + _required_filler(parser, action)
    forms = [[option, "1,2"], [option, "1", option, "2"], [option, "1,2", option, "2,1"],
             [option, " 1 , 2 "]]
    parsed = [getattr(build_parser().parse_args(base + form), action.dest) for form in forms]
    assert parsed == [[action.item_type("1"), action.item_type("2")]] * len(forms)


def test_an_empty_item_is_an_error_naming_the_option(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["indices", "-", "--only", "gmean2,,precision"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "argument --only: empty item in 'gmean2,,precision'" in err


def test_item_type_errors_name_the_option_and_the_item():
    parser = argparse.ArgumentParser()
    add_list_option(parser, "--seeds", item="N", item_type=int, help="seeds")
    with pytest.raises(SystemExit):
        parser.parse_args(["--seeds", "1,x"])
    assert parser.parse_args([]).seeds is None
    assert parser.parse_args(["--seeds", "3,1", "--seeds", "3"]).seeds == [3, 1]


def test_a_list_default_stands_until_the_option_is_given():
    parser = argparse.ArgumentParser()
    add_list_option(parser, "--index", default=("acsa",), help="indices")
    assert parser.parse_args([]).index == ("acsa",)
    assert parser.parse_args(["--index", "mcc"]).index == ["mcc"]
    assert parser.parse_args([]).index == ("acsa",)       # the default is not mutated


# --- behaviour per command: the comma form and the repeated form give the same output ---


def _same_output(capsys, *argvs):
    outputs = []
    for argv in argvs:
        assert main(argv) == 0, argv
        outputs.append(capsys.readouterr().out)
    assert all(o == outputs[0] for o in outputs)
    return outputs[0]


def _predictions(tmp_path, y_true, y_pred, name="pred.csv"):
    path = tmp_path / name
    pd.DataFrame({"y_true": y_true, "y_pred": y_pred}).to_csv(path, index=False)
    return path


def _two_class(n_pos=30, n_neg=200, seed=0):
    rng = np.random.default_rng(seed)
    y = np.array([1] * n_pos + [0] * n_neg)
    return y, np.where(rng.random(y.size) < 0.85, y, 1 - y)


def test_evaluate_index_commas_and_repeats(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = _predictions(tmp_path, *_two_class())
    common = [str(path), "--repeats", "2", "--audit", "none"]
    out = _same_output(capsys, ["evaluate", *common, "--index", "acsa,mcc"],
                       ["evaluate", *common, "--index", "acsa", "--index", "mcc"],
                       ["evaluate", *common, "--index", "acsa,mcc", "--index", "acsa"])
    rows = [line.split()[0] for line in out.splitlines() if line.startswith(("acsa", "mcc"))]
    assert rows == ["acsa", "mcc"]


def test_indices_only_and_index_commas_and_repeats(tmp_path, capsys):
    (tmp_path / "cm.csv").write_text("40,10\n30,920\n")
    cm = str(tmp_path / "cm.csv")
    out = _same_output(capsys, ["indices", cm, "--only", "gmean2,precision"],
                       ["indices", cm, "--only", "gmean2", "--only", "precision"])
    assert [line.split()[0] for line in out.splitlines()[2:]] == ["gmean2", "precision"]


@pytest.fixture
def user_indices(tmp_path, monkeypatch, clean_registry):
    """Two user indices in ./habit_indices.py, unregistered after the test."""
    (tmp_path / "habit_indices.py").write_text(
        "import numpy as np\n"
        "def first_precision(cm):\n"
        "    cm = np.asarray(cm, float)\n"
        "    with np.errstate(invalid='ignore', divide='ignore'):\n"
        "        return cm[..., 0, 0] / cm[..., :, 0].sum(-1)\n"
        "def diagonal_share(cm):\n"
        "    cm = np.asarray(cm, float)\n"
        "    return np.trace(cm, axis1=-2, axis2=-1) / cm.sum((-2, -1))\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "habit_indices", raising=False)
    yield
    sys.modules.pop("habit_indices", None)


@pytest.mark.usefixtures("user_indices")
def test_audit_index_commas_and_repeats(capsys):
    a, b = "habit_indices:first_precision", "habit_indices:diagonal_share"
    common = ["audit", "--quick", "--quiet", "--classes", "2-3"]
    out = _same_output(capsys, [*common, "--index", f"{a},{b}"],
                       [*common, "--index", a, "--index", b])
    assert "first_precision" in out and "diagonal_share" in out


def test_compare_index_and_scheme_commas_and_repeats(tmp_path, capsys):
    rng = np.random.default_rng(3)
    rows = [{"problem": f"p{p}", "classifier": c, "index": i, "value": v, "scheme": s}
            for p in range(6) for c, shift in (("a", 0.1), ("b", 0.0), ("c", -0.1))
            for i in ("acsa", "mcc") for s in ("1", "IR")
            for v in [0.6 + shift + 0.05 * rng.standard_normal()]]
    table = tmp_path / "scores.csv"
    pd.DataFrame(rows).to_csv(table, index=False)
    common = ["compare", str(table), "--out-dir", str(tmp_path / "out"), "--n-samples", "200"]
    out = _same_output(capsys, [*common, "--index", "acsa,mcc", "--scheme", "1,IR"],
                       [*common, "--index", "acsa", "--index", "mcc", "--scheme", "1",
                        "--scheme", "IR"])
    assert "mcc" in out


# --- the positive class: scikit-learn's 1, in the CLI and the API ---


def test_every_pos_label_help_states_the_default():
    seen = 0
    for path, parser in walk(build_parser()):
        for action in parser._actions:
            if "--pos-label" in action.option_strings:
                seen += 1
                assert action.default == "1" and "default: 1" in action.help, path
    assert seen >= 1


def test_cli_positive_class_is_label_1_not_the_minority(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    y, pred = _two_class(n_pos=200, n_neg=30)     # 1 is the majority
    path = _predictions(tmp_path, y, pred)
    assert main(["evaluate", str(path), "--index", "acsa,precision", "--repeats", "2",
                 "--audit", "none"]) == 0
    out = capsys.readouterr().out
    assert "positive class 1;" in out
    precision = float(next(line.split()[1] for line in out.splitlines()
                           if line.startswith("precision ")))
    expected = float(np.mean(y[pred == 1] == 1))     # the precision of class 1
    assert precision == pytest.approx(expected, abs=5e-5)


@pytest.mark.parametrize("y_map, found", [
    ({1: "yes", 0: "no"}, "'no', 'yes'"),
    ({1: 3, 0: 2}, "'2', '3'"),
])
def test_cli_labels_without_1_need_pos_label(tmp_path, capsys, y_map, found):
    y, pred = _two_class()
    path = _predictions(tmp_path, [y_map[v] for v in y], [y_map[v] for v in pred])
    assert main(["evaluate", str(path), "--audit", "none", "--repeats", "2"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and found in err and "--pos-label" in err
    assert main(["evaluate", str(path), "--audit", "none", "--repeats", "2", "--index",
                 "precision", "--pos-label", str(y_map[1]), "--out",
                 str(tmp_path / "r.txt")]) == 0
    assert f"positive class {y_map[1]};" in capsys.readouterr().out


def test_cli_minus_one_one_labels_take_1(tmp_path, capsys):
    y, pred = _two_class()
    path = _predictions(tmp_path, np.where(y == 1, 1, -1), np.where(pred == 1, 1, -1))
    assert main(["evaluate", str(path), "--audit", "none", "--repeats", "2", "--index",
                 "precision", "--out", str(tmp_path / "r.txt")]) == 0
    assert "positive class 1;" in capsys.readouterr().out


def test_api_positive_class_is_1():
    y, pred = _two_class(n_pos=200, n_neg=30)
    ev = evaluate_predictions(y, pred, indices=["precision"], repeats=2, audit="none")
    assert ev.classes == [1, 0]
    with pytest.raises(ValueError, match=r"pos_label=1 is not among the labels \['a', 'b'\]"):
        evaluate_predictions(["a", "b", "a"], ["a", "b", "b"], audit="none")
    ev = evaluate_predictions(["a", "b", "a"], ["a", "b", "b"], pos_label="b", min_count=1,
                              indices=["precision"], repeats=1, audit="none")
    assert ev.classes == ["b", "a"]


def test_api_positive_keyword_is_deprecated_and_still_works():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ev = evaluate_predictions(["a", "b", "a"], ["a", "b", "b"], positive="a", min_count=1,
                                  indices=["precision"], repeats=1, audit="none")
    assert ev.classes == ["a", "b"]
    assert any(issubclass(w.category, FutureWarning) and "pos_label" in str(w.message)
               for w in caught)


# --- probabilities passed as labels ---


def test_cli_probabilities_get_the_api_message(tmp_path, capsys):
    y, _ = _two_class()
    proba = np.random.default_rng(1).random(y.size).round(3)
    path = _predictions(tmp_path, y, proba)
    assert main(["evaluate", str(path), "--audit", "none"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and len(err) < 500
    assert "y_pred holds continuous values" in err and "predict(X)" in err
    assert "unknown label" not in err and "pred.csv" in err


def test_api_probabilities_get_the_same_message():
    y, _ = _two_class()
    proba = np.random.default_rng(1).random(y.size)
    with pytest.raises(ValueError, match=r"continuous values .* predict\(X\)") as err:
        evaluate_predictions(y, proba, audit="none")
    assert "unknown label" not in str(err.value)


# --- evaluate: a short summary, the full report in a file ---


def test_evaluate_prints_a_short_summary_with_f1_and_names_the_report(tmp_path, capsys,
                                                                      monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = _predictions(tmp_path, *_two_class())
    assert main(["evaluate", str(path), "--repeats", "2"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert len(lines) < 60
    assert lines[0].startswith(f"evaluated {path}")
    assert any(line.startswith("f1 ") for line in lines)
    report = tmp_path / "pred.evaluate.txt"
    assert str(report.name) in lines[-1] and report.is_file()
    text = report.read_text()
    assert "Condition 1: " in text and "Condition 1: " not in out  # the words in the file
    assert len(text.splitlines()) > len(lines)


def test_evaluate_report_goes_to_out_or_out_dir(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = _predictions(tmp_path, *_two_class())
    common = [str(path), "--repeats", "2", "--audit", "none", "--index", "acsa"]
    assert main(["evaluate", *common, "--out", "mine.txt"]) == 0
    assert (tmp_path / "mine.txt").is_file() and not (tmp_path / "pred.evaluate.txt").exists()
    assert main(["evaluate", *common, "--out-dir", "eval", "--ci", "0.9",
                 "--ci-method", "dirichlet"]) == 0
    out = capsys.readouterr().out
    assert (tmp_path / "eval" / "evaluate.txt").is_file()
    assert "intervals from this one test set" in (tmp_path / "eval" / "evaluate.txt").read_text()
    assert "intervals from this one test set" in out


# --- audit: the counterexample on the terminal ---


@pytest.mark.usefixtures("user_indices")
def test_audit_prints_its_counterexample_without_out_dir(tmp_path, capsys):
    assert main(["audit", "--index", "habit_indices:first_precision", "--quick", "--quiet",
                 "--classes", "2-3"]) == 0
    out = capsys.readouterr().out
    block = out.split("first_precision, condition1_counterexample:", 1)[1]
    rows = block.split("  matrix:\n", 1)[1].splitlines()[:2]
    assert [len(r.split()) for r in rows] == [2, 2]
    assert all(float(x) >= 0 for r in rows for x in r.split())
    assert "matrix with its rows scaled" in block
    assert not list(tmp_path.glob("**/audit*"))
