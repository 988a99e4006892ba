"""Feature shards, the digits and Fashion-MNIST extractors and the `features` CLI.

The Inception-V3 path is in test_features_inception.py.
"""

from __future__ import annotations

import numpy as np
import pytest

from imbeval.cli import main
from imbeval_repro.experiment.data import fashion_mnist as fm
from imbeval_repro.experiment.features import load_concept_features, load_shard, parse_concept_specs, write_shard
from imbeval_repro.experiment.data.shards import make_meta, shard_is_complete

from test_data import REAL_FASHION, fake_fashion, no_network


# --- shard format -------------------------------------------------------------------

def test_shard_round_trip_and_atomic_write(tmp_path):
    X = np.arange(12, dtype=np.float64).reshape(3, 4)
    meta = make_meta(extractor="x", classes=[1, 2])
    write_shard(tmp_path / "a.npz", X, ["p0", "p1", "p2"], ["c", "c", "d"], meta, [("bad", "why")])
    s = load_shard(tmp_path / "a.npz")
    assert s["X"].dtype == np.float32 and np.array_equal(s["X"], X)
    assert s["paths"].tolist() == ["p0", "p1", "p2"] and s["labels"].tolist() == ["c", "c", "d"]
    assert s["meta"] == {"extractor": "x", "classes": [1, 2]}
    assert s["skipped"] == [("bad", "why")]
    assert shard_is_complete(tmp_path / "a.npz", meta)
    assert not shard_is_complete(tmp_path / "a.npz", make_meta(extractor="x", classes=[1]))
    assert [p.name for p in tmp_path.iterdir()] == ["a.npz"]  # no temp file left behind


def test_failed_write_leaves_nothing(tmp_path):
    with pytest.raises(ValueError, match="do not match"):
        write_shard(tmp_path / "a.npz", np.zeros((3, 2)), ["p"], ["c"], "{}")
    assert list(tmp_path.iterdir()) == []


def test_truncated_shard_is_not_complete(tmp_path):
    meta = make_meta(e=1)
    write_shard(tmp_path / "a.npz", np.zeros((5, 2)), list("abcde"), list("ccccc"), meta)
    data = (tmp_path / "a.npz").read_bytes()
    (tmp_path / "a.npz").write_bytes(data[: len(data) // 2])
    assert not shard_is_complete(tmp_path / "a.npz", meta)
    with pytest.raises(ValueError, match="damaged"):
        load_shard(tmp_path / "a.npz")


def test_load_concept_features(tmp_path):
    write_shard(tmp_path / "b.npz", np.ones((2, 3)), ["x", "y"], ["1", "1"], "{}")
    write_shard(tmp_path / "a.npz", np.zeros((1, 3)), ["z"], ["0"], "{}")
    feats = load_concept_features(tmp_path)
    assert list(feats) == ["a", "b"] and feats["b"].shape == (2, 3)
    assert list(load_concept_features(tmp_path, ["b", "a"])) == ["b", "a"]
    with pytest.raises(FileNotFoundError, match="c.npz"):
        load_concept_features(tmp_path, ["c"])
    write_shard(tmp_path / "c.npz", np.ones((2, 5)), ["x", "y"], ["1", "1"], "{}")
    with pytest.raises(ValueError, match="different feature dimensions"):
        load_concept_features(tmp_path)
    with pytest.raises(FileNotFoundError, match="no feature shards"):
        load_concept_features(tmp_path / "empty")


@pytest.mark.parametrize("specs, match", [
    (["a"], "NAME=MEMBER"),
    (["a="], "no members"),
    (["a=1", "a=2"], "given twice"),
    (["../x=1"], "concept name"),
    ([], "no concept"),
])
def test_parse_concept_specs_errors(specs, match):
    with pytest.raises(ValueError, match=match):
        parse_concept_specs(specs)


def test_parse_concept_specs():
    assert parse_concept_specs(["shoes= sandal, sneaker", "bag=8"]) == {
        "shoes": ["sandal", "sneaker"], "bag": ["8"]}


# --- digits through the CLI ---------------------------------------------------------

def test_cli_digits_writes_shards_and_skips_on_rerun(tmp_path, capsys):
    out = tmp_path / "shards"
    assert main(["experiment", "features", "digits", "--concept", "low=0,1,2", "--concept", "nine=9",
                 "--out-dir", str(out)]) == 0
    assert "written" in capsys.readouterr().out
    feats = load_concept_features(out, ["low", "nine"])
    assert feats["low"].shape[1] == 64 and feats["nine"].shape[0] == 180
    mtime = (out / "low.npz").stat().st_mtime_ns
    assert main(["experiment", "features", "digits", "--concept", "low=0,1,2", "--concept", "nine=9",
                 "--out-dir", str(out)]) == 0
    assert capsys.readouterr().out.count("already complete") == 2
    assert (out / "low.npz").stat().st_mtime_ns == mtime
    # A changed definition is rebuilt, not reused.
    assert main(["experiment", "features", "digits", "--concept", "low=0,1", "--out-dir", str(out)]) == 0
    assert load_concept_features(out, ["low"])["low"].shape[0] == 178 + 182


def test_cli_concepts_file(tmp_path, capsys):
    (tmp_path / "c.yaml").write_text("concepts:\n  odd: [1, 3]\n  even: [0, 2]\n")
    assert main(["experiment", "features", "digits", "--concepts", str(tmp_path / "c.yaml"),
                 "--out-dir", str(tmp_path / "o")]) == 0
    assert sorted(load_concept_features(tmp_path / "o")) == ["even", "odd"]
    rc = main(["experiment", "features", "digits", "--concept", "odd=5", "--concepts", str(tmp_path / "c.yaml"),
               "--out-dir", str(tmp_path / "o")])
    assert rc == 2 and "given in both" in capsys.readouterr().err


# --- Fashion-MNIST CNN --------------------------------------------------------------

def synthetic_images(n: int, seed: int = 0):
    """Images whose class shows as a bright horizontal band, plus noise."""
    rng = np.random.default_rng(seed)
    y = np.arange(n) % 10
    x = rng.integers(0, 60, (n, 28, 28)).astype(np.uint8)
    for i, c in enumerate(y):
        x[i, 2 + 2 * c: 4 + 2 * c, :] = 250
    return x, y


def test_cnn_training_is_deterministic():
    from imbeval_repro.experiment.features.fashion import cnn_features, train_cnn

    x, y = synthetic_images(600)
    f1 = cnn_features(train_cnn(x, y, seed=3, epochs=1, feature_dim=32, verbose=0), x[:50])
    f2 = cnn_features(train_cnn(x, y, seed=3, epochs=1, feature_dim=32, verbose=0), x[:50])
    f3 = cnn_features(train_cnn(x, y, seed=4, epochs=1, feature_dim=32, verbose=0), x[:50])
    assert f1.shape == (50, 32) and f1.dtype == np.float32
    np.testing.assert_array_equal(f1, f2)
    assert not np.array_equal(f1, f3)


@pytest.mark.parametrize("extractor, dim", [("pixels", 784), ("cnn", 16)])
def test_fashion_extraction_on_generated_files(tmp_path, monkeypatch, extractor, dim):
    from imbeval_repro.experiment.features.fashion import extract_fashion_features

    monkeypatch.setattr(fm, "SHA256", fake_fashion(tmp_path / "data"))
    concepts = {"footwear": ["sandal", "sneaker", "ankle_boot"], "bag": ["bag"]}
    reports = extract_fashion_features(
        concepts, tmp_path / "out", extractor, path=tmp_path / "data",
        download=False, epochs=1, feature_dim=16, verbose=0,
    )
    assert [r["n"] for r in reports] == [30, 10] and not any(r["reused"] for r in reports)
    shard = load_shard(tmp_path / "out" / "footwear.npz")
    assert shard["X"].shape == (30, dim) and shard["X"].dtype == np.float32
    assert set(shard["labels"]) == {"sandal", "sneaker", "ankle_boot"}
    test_labels = np.arange(100)[::-1] % 10
    rows = [int(p.rsplit("/", 1)[1]) for p in shard["paths"]]
    assert np.isin(test_labels[rows], [5, 7, 9]).all() and rows == sorted(rows)
    again = extract_fashion_features(concepts, tmp_path / "out", extractor, path=tmp_path / "data",
                                     download=False, epochs=1, feature_dim=16, verbose=0)
    assert all(r["reused"] for r in again)


def test_fashion_cli_absent_offline(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(fm, "DEBIAN_DIR", tmp_path / "debian")
    monkeypatch.setenv("KERAS_HOME", str(tmp_path / "kh"))
    monkeypatch.setattr(fm, "_keras_download", no_network)
    rc = main(["experiment", "features", "fashion-mnist", "--concept", "bag=bag", "--out-dir", str(tmp_path / "o")])
    err = capsys.readouterr().err
    assert rc == 2 and str(tmp_path / "debian") in err and "apt-get install" in err
    assert not (tmp_path / "o").exists() or not list((tmp_path / "o").iterdir())


@pytest.mark.skipif(not REAL_FASHION, reason="Debian's dataset-fashion-mnist is not installed")
def test_default_features_offline_from_debian_package(tmp_path, monkeypatch, capsys):
    """The real default path, offline: Debian's files, CNN on (a slice of) the train split."""
    monkeypatch.setattr(fm, "_keras_download", no_network)
    rc = main(["experiment", "features", "fashion-mnist", "--concept", "footwear=sandal,sneaker,ankle_boot",
               "--concept", "bag=bag", "--n-train", "3000", "--epochs", "1", "--feature-dim", "64",
               "--quiet", "--out-dir", str(tmp_path / "o")])
    assert rc == 0, capsys.readouterr().err
    feats = load_concept_features(tmp_path / "o", ["footwear", "bag"])
    assert feats["footwear"].shape == (3000, 64) and feats["bag"].shape == (1000, 64)
    assert np.isfinite(feats["footwear"]).all() and feats["footwear"].std() > 0
