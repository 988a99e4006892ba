"""Tables of mortaz2020 (examples, distributions), dembele, kluska, ortigosa2016, and the
``imbeval papers`` command on the quick items."""

from __future__ import annotations

import gzip
from pathlib import Path
import struct

import numpy as np
import pandas as pd
import pytest
import yaml

from imbeval.cli import main
from imbeval_repro.experiment.data.mnist import MNISTNotFound, load_mnist
from imbeval_repro.papers.dembele.mnist_lda import mnist_confusions
from imbeval_repro.papers.dembele import tables as td
from imbeval_repro.papers.kluska import tables as tk
from imbeval_repro.papers.mortaz2020 import tables as tm
from imbeval_repro.papers.ortigosa2016 import tables as to
from imbeval_repro.papers.ortigosa2016 import printed as pr

ROOT = Path(__file__).resolve().parents[2]


def test_mortaz_example_tables_in_order_and_iam_is_the_minimum():
    table = tm.example_tables()
    assert list(table.index) == ["CM1", "CM2", "CM3", "CM4"]
    others = table[["ACC", "MAP", "MAR", "F", "CBA"]]
    assert (table["IAM"].to_numpy()[:, None] <= others.to_numpy()).all()
    # IAM = 2 CBA - 1 for every matrix
    np.testing.assert_allclose(table["IAM"], 2 * table["CBA"] - 1, atol=1e-12)


def test_mortaz_distributions_from_data():
    dist = tm.distribution_table()
    glass = dist[dist.table == "Table 15"]
    assert (glass["printed"] == glass["regenerated"]).all()
    sat = dist[dist.table == "Table 17"]
    assert sat["regenerated"].sum() == 6435 and sat["printed"].sum() == 6430


def test_dembele_tables_keep_his_layout():
    t5 = td.regenerate("Table 5")
    assert list(t5.columns) == ["M4", "M5", "M6", "M7", "Mt5", "Mt6", "Mt7"]
    assert list(t5.index)[:3] == ["sen", "spe", "pre"]
    t3 = td.regenerate("Table 3")
    assert np.isnan(t3.loc["mu4", "M4"]) and not np.isnan(t3.loc["mu4", "M6"])
    t11 = td.regenerate("Table 11")
    assert "drop %" in t11.index
    # pair counting of M4, printed his way [[2849, 890], [826, 6610]]
    derived = td.derived_matrices()
    pc = derived[derived.name == "pair counting M4"].sort_values(["row", "column"])["value"]
    np.testing.assert_allclose(pc.to_numpy(), [2849, 890, 826, 6610])


def test_dembele_measure_rejects_unknown():
    with pytest.raises(ValueError, match="unknown measure"):
        td.measure("youden", np.eye(2))
    with pytest.raises(ValueError, match="unknown table"):
        td.columns("Table 12")


def _write_idx(path, array):
    array = np.asarray(array, dtype=np.uint8)
    header = b"\x00\x00\x08" + bytes([array.ndim]) + struct.pack(">" + "I" * array.ndim, *array.shape)
    with gzip.open(path, "wb") as handle:
        handle.write(header + array.tobytes())


def test_mnist_lda_path_on_small_generated_idx_files(tmp_path):
    rng = np.random.default_rng(0)

    def images(n):
        labels = rng.integers(0, 10, n)
        x = rng.integers(0, 40, size=(n, 28, 28))
        for k in range(10):  # each digit lights its own block of pixels
            x[labels == k, 2 * k:2 * k + 3, 5:20] += 200
        return np.clip(x, 0, 255), labels

    for stem, n in (("train", 400), ("t10k", 150)):
        x, y = images(n)
        _write_idx(tmp_path / f"{stem}-images-idx3-ubyte.gz", x)
        _write_idx(tmp_path / f"{stem}-labels-idx1-ubyte.gz", y)
    m = mnist_confusions(tmp_path)
    assert m["M8"].sum() == 150 and m["M9"].sum() == pytest.approx(150)
    np.testing.assert_allclose(m["M8"].sum(axis=1), m["M9"].sum(axis=1))  # true counts
    assert np.trace(m["M8"]) / 150 > 0.9


def test_mnist_missing_says_where_it_looked(tmp_path):
    with pytest.raises(MNISTNotFound, match=str(tmp_path)) as err:
        load_mnist(tmp_path)
    # the hint names the config key the papers schema knows
    assert "papers.mnist_dir" in str(err.value)
    schema = yaml.safe_load(open(ROOT / "workflow" / "schemas" / "papers.schema.yaml"))
    assert "mnist_dir" in schema["properties"]
    (tmp_path / "train-images-idx3-ubyte").write_bytes(b"\x00\x00\x08\x03" + b"\x00" * 5)
    for stem in ("train-labels-idx1-ubyte", "t10k-images-idx3-ubyte", "t10k-labels-idx1-ubyte"):
        (tmp_path / stem).write_bytes(b"\x00\x00\x08\x01\x00\x00\x00\x01\x07")
    with pytest.raises(ValueError, match="truncated"):
        load_mnist(tmp_path)


def test_kluska_tables():
    roc = tk.roc_table()
    assert set(roc["row"]) >= {"D1", "D0", "T = 0", "T = 4", "AUC"}
    # eq. 13 corrected: each unordered pair once; a perfect scorer gives 1
    scores = np.eye(3)[[0, 1, 2, 2, 0]]
    assert tk.ovo_auc(scores, [0, 1, 2, 2, 0]) == 1.0
    assert tk.sample_auc([1, 2], [0, 2]) == pytest.approx(0.625)
    assert 0.5 < tk.binormal_auc() < 1


def test_ortigosa_table1_rand_values():
    table = to.table1()
    assert list(table.index) == [row[0] for row in pr.TABLE1]
    np.testing.assert_allclose(table["RAND, K = 2"], 0.5)
    np.testing.assert_allclose(table["RAND, K = 3"], 1 / 3)
    skewed = table[[c for c in table.columns if "η" in c][0]]
    assert skewed["P^i"] == pytest.approx(0.6)  # precision of RAND is the prior
    np.testing.assert_allclose(skewed.drop("P^i"), 1 / 3)


def test_cli_quick_items_write_tables_and_parts(tmp_path, capsys):
    parts = tmp_path / "parts"
    assert main(["papers", "mortaz2020-examples", "--out-dir", str(tmp_path / "m"),
                        "--verdicts", str(parts / "m.csv")]) == 0
    assert main(["papers", "dembele", "--out-dir", str(tmp_path / "d"),
                        "--verdicts", str(parts / "d.csv")]) == 0
    assert main(["papers", "kluska", "--out-dir", str(tmp_path / "k"), "--figure-dir",
                        str(tmp_path / "kf"), "--verdicts", str(parts / "k.csv")]) == 0
    assert main(["papers", "ortigosa2016", "--out-dir", str(tmp_path / "o"),
                        "--verdicts", str(parts / "o.csv")]) == 0
    assert main(["papers", "collate", *map(str, sorted(parts.glob("*.csv"))),
                        "--out", str(tmp_path / "pc.csv")]) == 0
    table = pd.read_csv(tmp_path / "pc.csv", dtype={"printed": str}, keep_default_na=False)
    assert not table["status"].str.startswith("mismatch").any()
    # mullick2020's rows come from the other stages' files (tests/unit/test_claims.py)
    assert {"mortaz2020", "dembele", "kluska", "ortigosa2016"} == set(table.paper)
    assert (tmp_path / "d" / "table_05.md").read_text().startswith("# dembele Table 5")
    assert (tmp_path / "kf" / "roc_curve.png").stat().st_size > 10_000
    assert (tmp_path / "kf" / "roc_curve.pdf").exists()


def test_cli_errors_are_one_line(tmp_path, capsys):
    assert main(["papers", "collate", str(tmp_path / "nope.csv"), "--out", str(tmp_path / "a.csv")]) == 2
    err = capsys.readouterr().err
    assert "nope.csv" in err and "Traceback" not in err
    assert not (tmp_path / "a.csv").exists()
