"""``imbeval indices``: file formats, layouts, output formats, and clean failures."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import numpy as np
import pytest

from imbeval.cli import main
from imbeval.indices import compute

M = [[4900, 90, 10, 0], [255, 245, 0, 0], [45, 5, 45, 5], [11, 3, 1, 10]]


def run_cli(capsys, *args):
    code = main(["indices", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_csv_table_lists_every_applicable_index(tmp_path, capsys):
    path = write(tmp_path, "m.csv", "\n".join(",".join(map(str, r)) for r in M))
    code, out, err = run_cli(capsys, path)
    assert code == 0 and err == ""
    expected = compute(np.array(M))
    for name, value in expected.items():
        line = next(l for l in out.splitlines() if l.split()[0] == name)
        assert f"{float(value):.6f}" in line
    assert "gmean2" not in out  # two-class indices do not apply to 4 classes


def test_json_output_with_only_and_nan_as_null(tmp_path, capsys):
    path = write(tmp_path, "m.json", json.dumps([[3, 0], [0, 0]]))
    code, out, _ = run_cli(capsys, path, "--format", "json", "--only", "gmean2,precision,accuracy")
    assert code == 0
    data = json.loads(out)
    assert list(data) == ["gmean2", "precision", "accuracy"]
    assert data["gmean2"] is None  # the negative class has no true points: undefined
    assert data["precision"] == 1.0 and data["accuracy"] == 1.0


def test_zero_division_flag(tmp_path, capsys):
    path = write(tmp_path, "m.json", json.dumps([[3, 1], [0, 0]]))
    _, out, _ = run_cli(capsys, path, "--format", "json", "--only", "gmean2", "--zero-division", "1")
    assert json.loads(out)["gmean2"] == pytest.approx((3 / 4) ** 0.5)  # specificity 0/0 = 1
    # no negative at all and every positive found: 1 would be gmean2's best value for an
    # undefined index, so it stays undefined
    path = write(tmp_path, "m.json", json.dumps([[3, 0], [0, 0]]))
    _, out, _ = run_cli(capsys, path, "--format", "json", "--only", "gmean2", "--zero-division", "1")
    assert json.loads(out)["gmean2"] is None


def test_transpose_reads_predicted_rows_layout(tmp_path, capsys):
    m = np.array([[8, 1, 1], [2, 6, 2], [1, 3, 6]])
    path = write(tmp_path, "t.json", json.dumps(m.T.tolist()))
    _, out, _ = run_cli(capsys, path, "--transpose", "--format", "json", "--only", "acsa,macro_precision")
    data = json.loads(out)
    expected = compute(m, names=["acsa", "macro_precision"])
    assert data["acsa"] == pytest.approx(float(expected["acsa"]))
    assert data["macro_precision"] == pytest.approx(float(expected["macro_precision"]))


def test_csv_with_labels_and_semicolons(tmp_path, capsys):
    path = write(tmp_path, "l.csv", "true\\pred;cat;dog\ncat;5;1\ndog;2;7\n")
    _, out, _ = run_cli(capsys, path, "--format", "json", "--only", "accuracy")
    assert json.loads(out)["accuracy"] == pytest.approx(12 / 15)


def test_stdin_and_stacks(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps([[[5, 1], [2, 7]], [[1, 1], [1, 1]]])))
    code, out, _ = run_cli(capsys, "-", "--format", "json", "--only", "auroc2")
    assert code == 0
    data = json.loads(out)
    assert [d["auroc2"] for d in data] == pytest.approx([(5 / 6 + 7 / 9) / 2, 0.5])
    monkeypatch.setattr(sys, "stdin", io.StringIO("5,1\n2,7\n"))
    code, out, _ = run_cli(capsys, "-")
    assert code == 0 and "auroc2" in out


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("ragged.json", "[[1, 2], [3]]", "different lengths"),
        ("text.csv", "1,2\n3,x\n", "non-numeric entry 'x'"),
        ("neg.csv", "1,-2\n3,4\n", "negative"),
        ("rect.csv", "1,2,3\n4,5,6\n", "square"),
        ("empty.csv", "", "empty"),
        ("bad.json", "[[1, 2], [3, 4]", "not valid JSON"),
        ("obj.json", '{"a": 1}', "JSON object"),
        ("str.json", '[["1", 2], [3, 4]]', "not a number"),
        ("vec.json", "[1, 2, 3]", "expected a C x C matrix"),
        ("nan.csv", "1,nan\n2,3\n", "non-finite"),
    ],
)
def test_bad_files_exit_nonzero_with_one_line(tmp_path, capsys, name, content, message):
    path = write(tmp_path, name, content)
    code, out, err = run_cli(capsys, path)
    assert code != 0 and out == ""
    assert err.count("\n") == 1 and message in err and err.startswith("imbeval indices: error:")


def test_missing_file_and_unknown_index(tmp_path, capsys):
    code, _, err = run_cli(capsys, str(tmp_path / "absent.csv"))
    assert code != 0 and "absent.csv" in err and err.count("\n") == 1
    path = write(tmp_path, "m.csv", "1,2\n3,4\n")
    code, _, err = run_cli(capsys, path, "--only", "acsa,bogus")
    assert code != 0 and "bogus" in err
    code, _, err = run_cli(capsys, path, "--zero-division", "x")
    assert code != 0 and "--zero-division" in err


def test_console_script_is_installed(tmp_path):
    path = write(tmp_path, "m.csv", "1,2\n3,4\n")
    result = subprocess.run(
        [sys.executable, "-m", "imbeval.cli", "indices", path, "--format", "json", "--only", "accuracy"],
        capture_output=True, text=True, check=True,
    )
    assert json.loads(result.stdout)["accuracy"] == pytest.approx(0.5)
