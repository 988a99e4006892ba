"""A user's data: ``table`` (CSV, Parquet, NPZ) and ``image_folder`` datasets."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from imbeval_repro.experiment.data.check import check_experiment
from imbeval_repro.experiment.data.image_folder import list_class_folders, list_folder_concept_images
from imbeval_repro.experiment.data.table import read_table, table_classes
from imbeval_repro.experiment.data.uci import load_glass
from imbeval_repro.experiment.features import load_shard
from imbeval_repro.experiment.features.user_data import extract_image_folder_features, extract_table_features


@pytest.fixture(scope="module")
def glass_csv(tmp_path_factory):
    """The vendored UCI glass table as a user would hold it: a CSV with a label column."""
    X, y = load_glass()
    frame = pd.DataFrame(X, columns=["RI", "Na", "Mg", "Al", "Si", "K", "Ca", "Ba", "Fe"])
    frame.insert(4, "type", y)  # the label column need not be last
    path = tmp_path_factory.mktemp("glass") / "glass.csv"
    frame.to_csv(path, index=False)
    return path, X, y


def test_csv_table_vendored_uci(glass_csv, tmp_path):
    path, X, y = glass_csv
    counts = table_classes(path, "type")
    assert counts == {str(k): int(v) for k, v in zip(*np.unique(y, return_counts=True))}
    Xr, labels, cols = read_table(path, "type")
    assert cols == ["RI", "Na", "Mg", "Al", "Si", "K", "Ca", "Ba", "Fe"]
    np.testing.assert_allclose(Xr, X.astype(np.float32))
    # concepts are unions of labels; the shards hold exactly the rows of their labels
    concepts = {"float": [1, 3], "nonfloat": ["2"], "other": [5, 6, 7]}
    reports = extract_table_features(path, concepts, tmp_path, label_column="type")
    assert [r["reused"] for r in reports] == [False] * 3
    shard = load_shard(tmp_path / "float.npz")
    assert set(shard["labels"]) == {"1", "3"}
    assert shard["X"].shape == (int(np.isin(y, [1, 3]).sum()), 9)
    # a rerun keeps the shards
    assert all(r["reused"] for r in extract_table_features(path, concepts, tmp_path,
                                                            label_column="type"))


def test_parquet_and_npz_tables(tmp_path):
    rng = np.random.default_rng(1)
    X = rng.normal(size=(30, 3))
    labels = np.array(["cat"] * 10 + ["dog"] * 12 + ["eel"] * 8)
    frame = pd.DataFrame(X, columns=["e0", "e1", "e2"]).assign(label=labels)
    frame.to_parquet(tmp_path / "emb.parquet")
    np.savez(tmp_path / "emb.npz", X=X, label=labels)
    for name in ("emb.parquet", "emb.npz"):
        Xr, lab, _ = read_table(tmp_path / name)
        np.testing.assert_allclose(Xr, X.astype(np.float32))
        assert lab.tolist() == labels.tolist()
        assert table_classes(tmp_path / name) == {"cat": 10, "dog": 12, "eel": 8}


def _table_config(path, **features):
    return {"dataset": "table", "features": {"path": str(path), **features},
            "concepts": {"a": ["cat"], "b": ["dog", "eel"]},
            "two_class": [{"name": "p", "minority": "a", "majority": "b", "ir": 2}],
            "multi_class": [], "protocol": {"folds": 2, "inner_folds": 2}}


def test_table_config_checked_before_any_job(tmp_path):
    labels = ["cat"] * 10 + ["dog"] * 12 + ["eel"] * 8
    pd.DataFrame({"x": np.arange(30.0), "label": labels}).to_csv(tmp_path / "t.csv", index=False)
    check_experiment(_table_config(tmp_path / "t.csv"))
    with pytest.raises(ValueError, match=r"^experiment.features.path: .*t.csv has no label "
                                         r"column 'kind'"):
        check_experiment(_table_config(tmp_path / "t.csv", label_column="kind"))
    bad = _table_config(tmp_path / "t.csv")
    bad["concepts"]["b"] = ["dog", "emu"]
    with pytest.raises(ValueError, match=r"experiment.concepts.b: label\(s\) \['emu'\] not in"):
        check_experiment(bad)
    with pytest.raises(ValueError, match=r"^experiment.features.path: table .*nope.csv does not exist"):
        check_experiment(_table_config(tmp_path / "nope.csv"))


@pytest.mark.parametrize("frame, message", [
    (pd.DataFrame({"x": [1.0, 2.0], "y": [0, 1]}), "no label column 'label'"),
    (pd.DataFrame({"x": [1.0, 2.0, 3.0], "label": ["a", "a", "a"]}), "holds 1 class(es) ['a']"),
    (pd.DataFrame({"x": [1.0, 2.0], "label": ["a", None]}), "is empty in 1 row(s)"),
])
def test_bad_tables(tmp_path, frame, message):
    path = tmp_path / "t.csv"
    frame.to_csv(path, index=False)
    with pytest.raises(ValueError) as err:
        table_classes(path)
    assert str(err.value).startswith("experiment.features.path: ") and message in str(err.value)


def test_bad_feature_columns(tmp_path):
    path = tmp_path / "t.csv"
    pd.DataFrame({"x": [1.0, np.nan], "s": ["u", "v"], "label": ["a", "b"]}).to_csv(path, index=False)
    with pytest.raises(ValueError, match=r"feature column\(s\) \['s'\] are not numeric"):
        read_table(path)
    with pytest.raises(ValueError, match=r"1 row\(s\) have missing or infinite feature values"):
        read_table(path, feature_columns=["x"])


# --- image_folder -------------------------------------------------------------------------

@pytest.fixture(scope="module")
def image_root(tmp_path_factory):
    import tensorflow as tf

    root = tmp_path_factory.mktemp("images")
    rng = np.random.default_rng(0)
    for cls, n in {"cat": 3, "dog": 2, "eel": 2}.items():
        (root / cls).mkdir()
        for i in range(n):
            image = rng.integers(0, 256, (int(rng.integers(30, 60)), 40, 3), dtype=np.uint8)
            tf.io.write_file(str(root / cls / f"{cls}_{i}.jpg"), tf.io.encode_jpeg(image))
    (root / "cat" / "notes.txt").write_text("not an image")
    return root


def test_image_folder_listing_and_concepts(image_root):
    listing = list_class_folders(image_root)
    assert {c: len(f) for c, f in listing.items()} == {"cat": 3, "dog": 2, "eel": 2}
    concepts = list_folder_concept_images(image_root, {"pets": ["cat", "dog"], "fish": ["eel"]})
    assert concepts["pets"] == ["cat/cat_0.jpg", "cat/cat_1.jpg", "cat/cat_2.jpg",
                                "dog/dog_0.jpg", "dog/dog_1.jpg"]


@pytest.mark.slow
def test_image_folder_through_inception(image_root, tmp_path):
    reports = extract_image_folder_features(image_root, {"pets": ["cat", "dog"], "fish": ["eel"]},
                                            tmp_path, weights="none", batch_size=4,
                                            progress=False)
    assert [(r.name, r.n_read, len(r.skipped)) for r in reports] == [("pets", 5, 0), ("fish", 2, 0)]
    shard = load_shard(tmp_path / "pets.npz")
    assert shard["X"].shape == (5, 2048) and np.isfinite(shard["X"]).all()
    assert shard["labels"].tolist() == ["cat"] * 3 + ["dog"] * 2
    assert shard["meta"]["dataset"] == "image_folder"


def test_bad_image_folders(tmp_path, image_root):
    one = tmp_path / "one"
    (one / "cat").mkdir(parents=True)
    (one / "cat" / "a.jpg").write_bytes((image_root / "cat" / "cat_0.jpg").read_bytes())
    with pytest.raises(ValueError, match=r"^experiment.features.root: .*one has 1 class folder"):
        list_class_folders(one, what="experiment.features.root")
    (one / "dog").mkdir()
    with pytest.raises(ValueError, match=r"^experiment.features.root: class folder\(s\) .*dog "
                                         r"hold no image"):
        list_class_folders(one, what="experiment.features.root")
    with pytest.raises(ValueError, match=r"is not a folder"):
        list_class_folders(tmp_path / "missing", what="experiment.features.root")
    config = {"dataset": "image_folder", "features": {"root": str(image_root)},
              "concepts": {"a": ["cat"], "b": ["dog", "wolf"]}}
    with pytest.raises(ValueError, match=r"experiment.concepts.b: class folder\(s\) \[.wolf.\] not in the dataset"):
        check_experiment(config)
