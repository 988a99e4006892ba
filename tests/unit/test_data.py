"""Datasets: vendored UCI loaders, digits concepts, Fashion-MNIST resolver, ImageNet listing."""

from __future__ import annotations

import gzip
import hashlib
import re
import struct
from pathlib import Path

import numpy as np
import pytest

from imbeval.cli import main
from imbeval_repro.experiment.data import fashion_mnist as fm
from imbeval_repro.experiment.data import uci
from imbeval_repro.experiment.data.digits import digits_concept_tables, load_digits_concepts
from imbeval_repro.experiment.data.idx import read_bytes, read_idx
from imbeval_repro.experiment.data.imagenet import list_concept_images, load_higher_level_groups

REAL_FASHION = fm.find_in(fm.DEBIAN_DIR) is not None


# --- vendored UCI -------------------------------------------------------------------

def test_vendored_checksums_match_provenance():
    for relpath, sha in uci.SHA256.items():
        path = uci.vendored_path(relpath)
        assert hashlib.sha256(path.read_bytes()).hexdigest() == sha
        provenance = (path.parent / "PROVENANCE.md").read_text()
        assert sha in provenance, f"{relpath}: checksum not recorded in PROVENANCE.md"


def test_glass_matches_documented_counts():
    X, y = uci.load_glass()
    assert X.shape == (214, 9)
    assert dict(zip(*np.unique(y, return_counts=True))) == {1: 70, 2: 76, 3: 17, 5: 13, 6: 9, 7: 29}
    assert X[:, 0].min() == pytest.approx(1.51115) and X[:, 0].max() == pytest.approx(1.53393)


def test_satimage_splits():
    Xtr, ytr = uci.load_satimage("train")
    Xte, yte = uci.load_satimage("test")
    X, y = uci.load_satimage()
    assert Xtr.shape == (4435, 36) and Xte.shape == (2000, 36) and X.shape == (6435, 36)
    assert dict(zip(*np.unique(y, return_counts=True))) == {
        1: 1533, 2: 703, 3: 1358, 4: 626, 5: 707, 7: 1508}
    np.testing.assert_array_equal(X[:4435], Xtr)
    with pytest.raises(ValueError, match="split"):
        uci.load_satimage("val")


def test_breast_cancer_missing_values():
    X, y = uci.load_breast_cancer_wisconsin()
    assert X.shape == (683, 9) and not np.isnan(X).any()
    assert dict(zip(*np.unique(y, return_counts=True))) == {2: 444, 4: 239}
    Xn, yn = uci.load_breast_cancer_wisconsin(missing="nan")
    assert Xn.shape == (699, 9) and np.isnan(Xn).sum() == 16 and np.isnan(Xn[:, 5]).sum() == 16


def test_damaged_vendored_file_is_an_error(monkeypatch):
    monkeypatch.setitem(uci.SHA256, "glass/glass.data", "0" * 64)
    with pytest.raises(ValueError, match="glass.data.*SHA-256"):
        uci.load_glass()


# --- digits -------------------------------------------------------------------------

def test_digits_concepts_are_unions_of_digits():
    from sklearn.datasets import load_digits

    y = load_digits().target
    tables = digits_concept_tables({"low": [0, 1], "nine": ["9"]})
    assert tables["low"]["X"].shape == ((y == 0).sum() + (y == 1).sum(), 64)
    assert tables["low"]["X"].dtype == np.float32 and tables["low"]["X"].max() <= 1.0
    assert set(tables["low"]["labels"]) == {"0", "1"} and set(tables["nine"]["labels"]) == {"9"}
    idx = [int(p.split("/")[1]) for p in tables["nine"]["paths"]]
    assert (y[idx] == 9).all() and idx == sorted(idx)
    assert list(load_digits_concepts({"a": [3]})) == ["a"]


@pytest.mark.parametrize("concepts, match", [
    ({"a": [0, 1], "b": [1]}, "digit 1 is also in concept 'a'"),
    ({"a": [10]}, "not one of 0..9"),
    ({"a": []}, "no digits"),
    ({"bad name": [1]}, "concept name"),
])
def test_digits_bad_concepts(concepts, match):
    with pytest.raises(ValueError, match=match):
        digits_concept_tables(concepts)


# --- Fashion-MNIST ------------------------------------------------------------------

def write_idx(path: Path, array: np.ndarray, compress: bool = True) -> None:
    array = np.ascontiguousarray(array, dtype=np.uint8)
    data = b"\x00\x00\x08" + bytes([array.ndim]) + struct.pack(f">{array.ndim}I", *array.shape)
    data += array.tobytes()
    if compress:
        with gzip.open(str(path) + ".gz", "wb") as fh:
            fh.write(data)
    else:
        path.write_bytes(data)


def fake_fashion(folder: Path, n_train=200, n_test=100, seed=0, compress=True) -> dict[str, str]:
    """Generated IDX files in Fashion-MNIST's layout; returns their decompressed SHA-256."""
    rng = np.random.default_rng(seed)
    folder.mkdir(parents=True, exist_ok=True)
    arrays = {
        "train-images-idx3-ubyte": rng.integers(0, 256, (n_train, 28, 28)),
        "train-labels-idx1-ubyte": np.arange(n_train) % 10,
        "t10k-images-idx3-ubyte": rng.integers(0, 256, (n_test, 28, 28)),
        "t10k-labels-idx1-ubyte": np.arange(n_test)[::-1] % 10,
    }
    sums = {}
    for name, arr in arrays.items():
        write_idx(folder / name, arr, compress)
        raw = read_bytes(folder / (name + ".gz" if compress else name))
        sums[name] = hashlib.sha256(raw).hexdigest()
    return sums


def no_network():
    raise OSError("no network in tests")


def test_read_idx_round_trip_and_bad_header(tmp_path):
    arr = np.arange(2 * 3 * 4).reshape(2, 3, 4) % 256
    write_idx(tmp_path / "a", arr, compress=True)
    write_idx(tmp_path / "b", arr, compress=False)
    np.testing.assert_array_equal(read_idx(tmp_path / "a.gz"), arr)
    np.testing.assert_array_equal(read_idx(tmp_path / "b"), arr)
    (tmp_path / "c").write_bytes(b"\x00\x00\x08\x01" + struct.pack(">I", 5) + b"abc")
    with pytest.raises(ValueError, match="header says"):
        read_idx(tmp_path / "c")
    (tmp_path / "d").write_bytes(b"hello world")
    with pytest.raises(ValueError, match="not an unsigned-byte IDX"):
        read_idx(tmp_path / "d")


def test_class_names_and_concepts():
    assert fm.class_index("Ankle boot") == 9 and fm.class_index("T-shirt/top") == 0
    assert fm.class_index(7) == 7 and fm.class_index("sneaker") == 7
    with pytest.raises(ValueError, match="not one of"):
        fm.class_index("hat")
    with pytest.raises(ValueError, match="also in concept"):
        fm.parse_fashion_concepts({"shoes": ["sandal", "sneaker"], "sport": ["sneaker"]})
    labels = np.array([5, 0, 7, 9, 1, 9])
    rows = fm.concept_indices(labels, {"footwear": ["sandal", "sneaker", "ankle_boot"]})
    np.testing.assert_array_equal(rows["footwear"], [0, 2, 3, 5])


def test_resolver_absent_names_paths_and_fix(tmp_path):
    dirs = [tmp_path / "config", tmp_path / "debian", tmp_path / "keras"]
    with pytest.raises(fm.FashionMNISTNotFound) as err:
        fm.resolve_fashion_mnist(search_dirs=dirs, downloader=no_network)
    message = str(err.value)
    for d in dirs:
        assert str(d) in message
    assert "apt-get install dataset-fashion-mnist" in message
    assert "imbeval data fashion-mnist" in message
    assert "no network in tests" in message


def test_resolver_order_and_checksums(tmp_path, monkeypatch):
    sums = fake_fashion(tmp_path / "second", compress=False)
    monkeypatch.setattr(fm, "SHA256", sums)
    found = fm.resolve_fashion_mnist(search_dirs=[tmp_path / "first", tmp_path / "second"],
                                     downloader=no_network)
    assert {p.parent for p in found.values()} == {tmp_path / "second"}
    # A complete but damaged copy is an error, not silently passed over.
    fake_fashion(tmp_path / "first", seed=1)
    with pytest.raises(ValueError, match=r"first/t(rain|10k)-.*SHA-256"):
        fm.resolve_fashion_mnist(search_dirs=[tmp_path / "first", tmp_path / "second"])


def test_resolver_falls_back_to_download(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    sums = fake_fashion(cache)
    monkeypatch.setattr(fm, "SHA256", sums)
    calls = []

    def fake_download():
        calls.append(1)
        return cache

    found = fm.resolve_fashion_mnist(search_dirs=[tmp_path / "empty"], downloader=fake_download)
    assert calls == [1] and found["t10k-images-idx3-ubyte"] == cache / "t10k-images-idx3-ubyte.gz"
    images, labels = fm.load_fashion_mnist(found, "test")
    assert images.shape == (100, 28, 28) and labels.shape == (100,)
    with pytest.raises(fm.FashionMNISTNotFound):
        fm.resolve_fashion_mnist(search_dirs=[tmp_path / "empty"], download=False,
                                 downloader=fake_download)
    assert calls == [1]


def test_cli_data_absent_offline(tmp_path, monkeypatch, capsys):
    """Without the Debian package and without network: non-zero exit, paths and fix named."""
    monkeypatch.setattr(fm, "DEBIAN_DIR", tmp_path / "usr-share-datasets")
    monkeypatch.setenv("KERAS_HOME", str(tmp_path / "keras-home"))
    monkeypatch.setattr(fm, "_keras_download", no_network)
    rc = main(["data", "fashion-mnist", "--no-install", "--path", str(tmp_path / "cfg")])
    err = capsys.readouterr().err
    assert rc != 0
    for d in ("cfg", "usr-share-datasets", "keras-home/datasets/fashion-mnist"):
        assert str(tmp_path / d) in err
    assert "apt-get install dataset-fashion-mnist" in err


def test_cli_data_never_installs_when_not_root(tmp_path, monkeypatch, capsys):
    import imbeval_repro.cli.data as cli_data

    monkeypatch.setattr(fm, "DEBIAN_DIR", tmp_path / "none")
    monkeypatch.setenv("KERAS_HOME", str(tmp_path / "keras-home"))
    monkeypatch.setattr(fm, "_keras_download", no_network)
    monkeypatch.setattr(cli_data.os, "geteuid", lambda: 1000)
    ran = []
    monkeypatch.setattr(cli_data.subprocess, "run", lambda *a, **k: ran.append(a))
    assert main(["data", "fashion-mnist"]) != 0
    assert ran == []


@pytest.mark.skipif(not REAL_FASHION, reason="Debian's dataset-fashion-mnist is not installed")
def test_real_fashion_mnist_offline(monkeypatch, capsys):
    monkeypatch.setattr(fm, "_keras_download", no_network)
    files = fm.resolve_fashion_mnist()
    assert all(str(p).startswith(str(fm.DEBIAN_DIR)) for p in files.values())
    x, y = fm.load_fashion_mnist(files, "train")
    assert x.shape == (60000, 28, 28) and np.bincount(y).tolist() == [6000] * 10
    x, y = fm.load_fashion_mnist(files, "test")
    assert x.shape == (10000, 28, 28) and np.bincount(y).tolist() == [1000] * 10
    assert main(["data", "fashion-mnist", "--no-install", "--no-download"]) == 0
    assert "checksums verified" in capsys.readouterr().out


# --- ImageNet listing ---------------------------------------------------------------

def make_tree(root: Path, layout: dict[str, int]) -> None:
    for wnid, n in layout.items():
        (root / wnid).mkdir(parents=True)
        for i in reversed(range(n)):  # created out of order on purpose
            (root / wnid / f"{wnid}_{i}.JPEG").write_bytes(b"x")


def test_listing_is_sorted_and_relative(tmp_path):
    make_tree(tmp_path / "train", {"n00000002": 3, "n00000001": 2})
    (tmp_path / "train" / "n00000001" / "notes.txt").write_text("not an image")
    listing = list_concept_images(tmp_path, {"c": ["n00000002", "n00000001"]})
    assert listing["c"] == [
        "n00000002/n00000002_0.JPEG", "n00000002/n00000002_1.JPEG", "n00000002/n00000002_2.JPEG",
        "n00000001/n00000001_0.JPEG", "n00000001/n00000001_1.JPEG",
    ]


def test_listing_errors_name_the_folder(tmp_path):
    make_tree(tmp_path, {"n00000001": 1, "n00000002": 0})
    with pytest.raises(FileNotFoundError) as err:
        list_concept_images(tmp_path, {"a": ["n00000001", "n00000009"], "b": ["n00000002"]})
    assert str(tmp_path / "n00000009") in str(err.value) and "does not exist" in str(err.value)
    assert str(tmp_path / "n00000002") in str(err.value) and "no *.JPEG" in str(err.value)
    with pytest.raises(FileNotFoundError, match="does not exist"):
        list_concept_images(tmp_path / "nope", {"a": ["n00000001"]})


@pytest.mark.parametrize("concepts, match", [
    ({"a": ["n0000001"]}, "not a WordNet id"),
    ({"a": [f"n0000000{i}" for i in range(6)]}, "has 6 wnids"),
    ({"a": ["n00000001"], "b": ["n00000001"]}, "also in concept 'a'"),
])
def test_listing_bad_concepts(tmp_path, concepts, match):
    with pytest.raises(ValueError, match=re.escape(match)):
        list_concept_images(tmp_path, concepts)


def test_higher_level_groups_yaml(tmp_path):
    (tmp_path / "g.yaml").write_text(
        "groups:\n- name: bear\n  leaves:\n  - wnid: n02132136\n  - wnid: n02133161\n"
        "- name: shore\n  leaves:\n  - {wnid: n09332890, name: lakeside}\n")
    assert load_higher_level_groups(tmp_path / "g.yaml") == {
        "bear": ["n02132136", "n02133161"], "shore": ["n09332890"]}
    (tmp_path / "h.yaml").write_text("groups:\n- name: bear\n")
    with pytest.raises(ValueError, match="expected groups"):
        load_higher_level_groups(tmp_path / "h.yaml")
