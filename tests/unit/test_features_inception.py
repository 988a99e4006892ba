"""The real Inception-V3 extraction (weights=None) on a small generated ILSVRC-layout folder."""

from __future__ import annotations

import numpy as np
import pytest

from imbeval.cli import main
from imbeval_repro.experiment.features import load_concept_features, load_shard

LAYOUT = {"n01484850": 3, "n01491361": 2, "n02132136": 2}
CORRUPT = "n01491361/n01491361_9999.JPEG"
ARGS = ["--concept", "shark=n01484850,n01491361", "--concept", "bear=n02132136",
        "--weights", "none", "--batch-size", "4", "--quiet"]


@pytest.fixture(scope="module")
def ilsvrc(tmp_path_factory):
    import tensorflow as tf

    root = tmp_path_factory.mktemp("ilsvrc") / "train"
    rng = np.random.default_rng(0)
    for wnid, n in LAYOUT.items():
        (root / wnid).mkdir(parents=True)
        for i in range(n):
            shape = (int(rng.integers(40, 90)), int(rng.integers(40, 90)), 3)
            image = rng.integers(0, 256, shape, dtype=np.uint8)
            tf.io.write_file(str(root / wnid / f"{wnid}_{i}.JPEG"), tf.io.encode_jpeg(image))
    # One grayscale image (ILSVRC has some) and one corrupt file.
    gray = rng.integers(0, 256, (50, 60, 1), dtype=np.uint8)
    tf.io.write_file(str(root / "n02132136" / "n02132136_gray.JPEG"), tf.io.encode_jpeg(gray))
    (root / CORRUPT).write_bytes(b"\xff\xd8\xff\xe0 this is not really a JPEG")
    return root


def test_pipeline_matches_preprocess_input(ilsvrc):
    import keras
    import tensorflow as tf

    from imbeval_repro.experiment.features.inception import make_image_dataset

    path = str(ilsvrc / "n01484850" / "n01484850_0.JPEG")
    images, paths = next(iter(make_image_dataset([path], batch_size=1)))
    decoded = tf.io.decode_jpeg(tf.io.read_file(path), channels=3)
    expected = keras.applications.inception_v3.preprocess_input(
        tf.image.resize(decoded, (299, 299)).numpy())
    assert images.shape == (1, 299, 299, 3) and paths.numpy().tolist() == [path.encode()]
    np.testing.assert_allclose(images[0].numpy(), expected, atol=1e-6)
    assert -1.0 <= float(tf.reduce_min(images)) and float(tf.reduce_max(images)) <= 1.0


def test_inception_extraction_end_to_end(ilsvrc, tmp_path, capsys):
    out = tmp_path / "features"
    assert main(["experiment", "features", "inception", "--root", str(ilsvrc.parent), *ARGS,
                 "--out-dir", str(out)]) == 0
    report = capsys.readouterr().out
    assert "shark: read 5 of 6 images, skipped 1" in report
    assert f"skipped {CORRUPT}" in report
    assert "bear: read 3 of 3 images, skipped 0" in report
    assert "total: read 8 images, skipped 1" in report

    assert sorted(p.name for p in out.iterdir()) == ["bear.npz", "shark.npz"]
    shark = load_shard(out / "shark.npz")
    assert shark["X"].shape == (5, 2048) and shark["X"].dtype == np.float32
    assert shark["paths"].tolist() == [
        "n01484850/n01484850_0.JPEG", "n01484850/n01484850_1.JPEG", "n01484850/n01484850_2.JPEG",
        "n01491361/n01491361_0.JPEG", "n01491361/n01491361_1.JPEG"]
    assert shark["labels"].tolist() == ["n01484850"] * 3 + ["n01491361"] * 2
    assert [p for p, _ in shark["skipped"]] == [CORRUPT]
    assert np.isfinite(shark["X"]).all() and (shark["X"] >= 0).all()  # ReLU then average
    assert len({row.tobytes() for row in shark["X"]}) == 5  # distinct images, distinct rows
    first = load_concept_features(out, ["shark", "bear"])

    # Rerun: complete shards are kept untouched, and the corrupt file is still reported.
    mtimes = {p.name: p.stat().st_mtime_ns for p in out.iterdir()}
    assert main(["experiment", "features", "inception", "--root", str(ilsvrc), *ARGS, "--out-dir", str(out)]) == 0
    report = capsys.readouterr().out
    assert report.count("already complete") == 2 and f"skipped {CORRUPT}" in report
    assert {p.name: p.stat().st_mtime_ns for p in out.iterdir()} == mtimes

    # Recomputed from scratch (the same seed for the random weights): identical output.
    assert main(["experiment", "features", "inception", "--root", str(ilsvrc), *ARGS, "--force",
                 "--out-dir", str(out)]) == 0
    second = load_concept_features(out, ["shark", "bear"])
    for name in first:
        np.testing.assert_array_equal(first[name], second[name])


def test_inception_cli_bad_input(ilsvrc, tmp_path, capsys):
    rc = main(["experiment", "features", "inception", "--root", str(ilsvrc), "--concept", "x=n09999999",
               "--weights", "none", "--out-dir", str(tmp_path / "o")])
    assert rc == 2 and str(ilsvrc / "n09999999") in capsys.readouterr().err
    rc = main(["experiment", "features", "inception", "--root", str(ilsvrc), "--concept", "bear=n02132136",
               "--weights", str(tmp_path / "missing.h5"), "--out-dir", str(tmp_path / "o")])
    assert rc == 2 and "missing.h5" in capsys.readouterr().err
    assert not (tmp_path / "o").exists()


def test_imagenet_weights_offline_gives_advice(ilsvrc, tmp_path, monkeypatch, capsys):
    from keras.src.applications import inception_v3

    def no_network(*args, **kwargs):
        raise Exception("URL fetch failure: no network in tests")

    monkeypatch.setattr(inception_v3.file_utils, "get_file", no_network)
    rc = main(["experiment", "features", "inception", "--root", str(ilsvrc), "--concept", "bear=n02132136",
               "--weights", "imagenet", "--quiet", "--out-dir", str(tmp_path / "o")])
    err = capsys.readouterr().err
    assert rc == 2 and "no network in tests" in err and "--weights PATH" in err
    assert not (tmp_path / "o").exists()
