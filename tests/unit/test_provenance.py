"""A run's provenance record (imbeval_repro.provenance, `imbeval provenance`, the workflow rule)."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from imbeval_repro import provenance as prov
from imbeval.cli import main
from imbeval_repro.cli.provenance import data_files, data_record
from imbeval_repro.experiment.data import fashion_mnist as fm
from imbeval_repro.experiment.data import uci

ROOT = Path(__file__).resolve().parents[2]
GIT = {"commit": "a" * 40, "dirty": False}

json_scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=5),
                         st.floats(allow_nan=False, allow_infinity=False))
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=4), inner, max_size=3), max_leaves=8)


def test_file_sha256_is_sha256sum(tmp_path):
    path = tmp_path / "f.bin"
    data = os.urandom(3 * (1 << 20) + 17)  # several read blocks
    path.write_bytes(data)
    assert prov.file_sha256(path) == hashlib.sha256(data).hexdigest()
    with pytest.raises(ValueError, match="path"):
        prov.file_sha256(tmp_path)


def test_files_digest_depends_on_names_and_contents_not_order(tmp_path):
    for name, data in (("a", b"1"), ("b", b"2"), ("c", b"2")):
        (tmp_path / name).write_bytes(data)
    one = prov.files_digest({"x/a": tmp_path / "a", "x/b": tmp_path / "b"})
    assert one["files"] == 2
    assert one == prov.files_digest({"x/b": tmp_path / "b", "x/a": tmp_path / "a"})
    assert one != prov.files_digest({"x/a": tmp_path / "a", "x/c": tmp_path / "b"})  # renamed
    assert one != prov.files_digest({"x/a": tmp_path / "b", "x/b": tmp_path / "b"})  # content
    with pytest.raises(ValueError, match="files"):
        prov.files_digest([tmp_path / "a"])


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.text(max_size=6), json_values, max_size=6), st.randoms())
def test_config_hash_ignores_key_order_and_sees_every_value(config, rnd):
    items = list(config.items())
    rnd.shuffle(items)
    assert prov.config_hash(dict(items)) == prov.config_hash(config)
    changed = {**config, "seed-x": ["changed", len(config)]}
    assert prov.config_hash(changed) != prov.config_hash(config)


def test_canonical_json_and_config_hash_reject_what_is_not_json():
    with pytest.raises(ValueError, match="JSON"):
        prov.canonical_json({"x": float("nan")})
    with pytest.raises(ValueError, match="config"):
        prov.config_hash(["seed", 1])


def test_distribution_versions_are_the_installed_ones():
    versions = prov.distribution_versions()
    assert versions == prov.distribution_versions(prov.own_distribution())
    import numpy
    import pandas
    import sklearn

    assert versions["numpy"] == numpy.__version__
    assert versions["pandas"] == pandas.__version__
    assert versions["scikit-learn"] == sklearn.__version__
    for name in ("scipy", "imbalanced-learn", "tensorflow", "keras", "snakemake", "matplotlib",
                 "pyyaml", "joblib", "threadpoolctl"):  # direct and transitive
        assert versions[name] == metadata.version(name), name
    assert prov.own_distribution() not in versions and "pytest" not in versions  # extras out
    with pytest.raises(ValueError, match="root"):
        prov.distribution_versions("no-such-distribution-x")


def test_installed_fingerprint_changes_when_a_package_appears(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    before = prov.installed_fingerprint()
    assert before == prov.installed_fingerprint()
    (tmp_path / "newpkg-1.0.dist-info").mkdir()
    after = prov.installed_fingerprint()
    assert after != before
    (tmp_path / "newpkg-1.0.dist-info").rename(tmp_path / "newpkg-1.1.dist-info")
    assert prov.installed_fingerprint() not in (before, after)


def _git(path, *args):
    subprocess.run(["git", "-C", str(path), "-c", "user.name=t", "-c", "user.email=t@t", *args],
                   check=True, capture_output=True)


def test_git_state_commit_and_dirty_flag(tmp_path):
    assert prov.git_state(tmp_path) == {"commit": None, "dirty": None}
    _git(tmp_path, "init", "-q")
    (tmp_path / "a.txt").write_text("1")
    _git(tmp_path, "add", "a.txt")
    _git(tmp_path, "commit", "-q", "-m", "one")
    head = subprocess.run(["git", "-C", str(tmp_path), "rev-parse", "HEAD"], capture_output=True,
                          text=True, check=True).stdout.strip()
    assert prov.git_state(tmp_path) == {"commit": head, "dirty": False}
    (tmp_path / "results.csv").write_text("untracked output")
    assert prov.git_state(tmp_path)["dirty"] is False  # results/ is ignored or untracked
    (tmp_path / "a.txt").write_text("2")
    assert prov.git_state(tmp_path) == {"commit": head, "dirty": True}
    with pytest.raises(ValueError, match="path"):
        prov.git_state(tmp_path / "a.txt")


def test_machine_reports_this_machine():
    host = prov.machine()
    assert host["cores"] == os.cpu_count() and host["cpu"]


def test_build_record_fields_and_hash_without_the_date():
    config = {"seed": 11, "experiment": {"dataset": "digits"}}
    kw = dict(imbeval_version="0.1.0", config=config, data={"uci": {"path": "p", "files": {"f": "0" * 64}}},
              results={"results/b.csv": "1" * 64, "results/a.csv": "2" * 64}, git=GIT,
              versions={"numpy": "2.4.6"}, host={"cores": 2})
    a = prov.build_record(**kw, date="2026-01-01T00:00:00Z")
    b = prov.build_record(**kw, date="2027-01-01T00:00:00Z")
    assert a["record_sha256"] == b["record_sha256"] and a["date"] != b["date"]
    assert (a["seed"], a["dataset"], a["imbeval"]) == (11, "digits", {"version": "0.1.0", **GIT})
    assert a["config_sha256"] == prov.config_hash(config) and a["config"] == config
    assert list(a["results"]) == ["results/a.csv", "results/b.csv"]
    assert a["python"]["version"] == ".".join(map(str, sys.version_info[:3]))
    other = prov.build_record(**{**kw, "config": {**config, "seed": 12}}, date=a["date"])
    assert other["record_sha256"] != a["record_sha256"]
    default = prov.build_record(**{k: v for k, v in kw.items() if k not in ("versions", "host")})
    assert default["packages"]["numpy"] and default["machine"]["cores"] == os.cpu_count()
    assert default["date"].endswith("Z")
    with pytest.raises(ValueError, match="results"):
        prov.build_record(**{**kw, "results": ["a.csv"]})
    with pytest.raises(ValueError, match="imbeval_version"):
        prov.build_record(**{**kw, "imbeval_version": ""})


def test_write_record_is_atomic_json(tmp_path, monkeypatch):
    path = prov.write_record(tmp_path / "p.json", {"format": 1, "x": [1]})
    assert json.loads(path.read_text()) == {"format": 1, "x": [1]}
    with pytest.raises(ValueError, match="record"):
        prov.write_record(tmp_path / "q.json", [1])
    assert not (tmp_path / "q.json").exists()


# ---------------------------------------------------------------- the loaders' checksums

def test_loaders_surface_their_verified_checksums(tmp_path):
    assert uci.vendored_checksums() == uci.SHA256
    for rel, digest in uci.SHA256.items():
        assert prov.file_sha256(uci.vendored_path(rel)) == digest
    from test_data import fake_fashion

    sums = fake_fashion(tmp_path / "fm", n_train=20, n_test=10)
    files = fm.find_in(tmp_path / "fm")
    with pytest.raises(ValueError, match="SHA-256"):
        fm.verify(files)  # fake data: not Fashion-MNIST
    real = fm.find_in(fm.DEBIAN_DIR)
    if real is not None:  # where the dataset is installed, the digests come back
        assert fm.verify(real) == fm.SHA256
    assert len(sums) == 4


def test_data_record_of_a_table_an_image_folder_and_the_uci_files(tmp_path):
    table = tmp_path / "t.csv"
    table.write_text("label,x\na,1\nb,2\n")
    config = {"seed": 1, "papers": {}, "experiment": {"dataset": "table", "features": {"path": str(table)}}}
    assert data_files(config) == sorted([str(table)] + [str(uci.vendored_path(r)) for r in uci.SHA256])
    record = data_record(config)
    assert record["table"]["files"] == {"t.csv": hashlib.sha256(table.read_bytes()).hexdigest()}
    assert record["uci"]["files"] == uci.SHA256

    root = tmp_path / "images"
    for cls, n in (("cat", 2), ("dog", 3)):
        (root / cls).mkdir(parents=True)
        for i in range(n):
            (root / cls / f"{i}.jpg").write_bytes(f"{cls}{i}".encode())
    folder = {"experiment": {"dataset": "image_folder", "concepts": {"pets": ["cat", "dog"]},
                             "features": {"root": str(root), "weights": "none"}}}
    record = data_record(folder)
    assert record["image_folder"]["files"]["pets"]["files"] == 5
    first = record["image_folder"]["files"]["pets"]["sha256"]
    (root / "dog" / "0.jpg").write_bytes(b"changed")
    assert data_record(folder)["image_folder"]["files"]["pets"]["sha256"] != first
    assert "uci" not in record and data_files(folder) == []
    with pytest.raises(ValueError, match="config"):
        data_files(["x"])
    import sklearn.datasets

    bundled = Path(sklearn.datasets.__file__).parent / "data" / "digits.csv.gz"
    digits = data_record({"experiment": {"dataset": "digits"}})
    assert digits == {"digits": {"path": str(bundled.parent),
                                 "files": {"digits.csv.gz": prov.file_sha256(bundled)}}}


def test_the_command_writes_a_record_of_the_tables(tmp_path, capsys):
    table = tmp_path / "fold_indices.csv"
    table.write_text("a,b\n1,2\n")
    out = tmp_path / "results" / "provenance.json"
    config = {"seed": 5, "papers": {}, "experiment": {"dataset": "synthetic"}}
    assert main(["provenance", "--config", json.dumps(config), "--results", str(table),
                 "--repo", str(ROOT), "--out", str(out)]) == 0
    record = json.loads(out.read_text())
    assert record["results"] == {str(table): hashlib.sha256(table.read_bytes()).hexdigest()}
    assert record["seed"] == 5 and record["dataset"] == "synthetic" and record["config"] == config
    assert record["data"]["uci"]["files"] == uci.SHA256
    assert record["packages"]["numpy"] and record["imbeval"]["version"]
    assert main(["provenance", "--config", "{bad", "--out", str(tmp_path / "x.json")]) == 2
    assert main(["provenance", "--config", "{}", "--results", str(tmp_path / "none.csv"),
                 "--out", str(tmp_path / "x.json")]) == 2
    assert "--config is not valid JSON" in capsys.readouterr().err
    assert not (tmp_path / "x.json").exists()


def test_a_stage_folder_is_recorded_as_its_csv_files(tmp_path):
    # the compare stage's output is a folder per result set: its tables are in
    # the record, each by its own path; its dated figures are not
    folder = tmp_path / "compare" / "keel"
    folder.mkdir(parents=True)
    (folder / "ranks.csv").write_text("a\n1\n")
    (folder / "tests.csv").write_text("b\n2\n")
    (folder / "cd_rrt.pdf").write_bytes(b"%PDF dated")
    out = tmp_path / "provenance.json"
    assert main(["provenance", "--config", "{}", "--results", str(folder),
                 "--repo", str(ROOT), "--out", str(out)]) == 0
    record = json.loads(out.read_text())["results"]
    assert record == {str(folder / n): hashlib.sha256((folder / n).read_bytes()).hexdigest()
                      for n in ("ranks.csv", "tests.csv")}
