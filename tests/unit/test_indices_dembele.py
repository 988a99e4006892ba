"""Tests of imbeval.indices.dembele against Dembélé's worked examples and the theory.

The paper prints matrices with rows = predicted, columns = true; they are encoded below as
printed and transposed once (``CM``) into the library's layout (rows = true class).
Table entries are encoded as printed (strings, so the number of printed decimals is kept)
and compared with values computed by the library; an entry agrees when it is within one
unit of its last printed digit (the paper sometimes truncates, sometimes rounds; 0.001 for
the usual three decimals, 0.01 for the few two-decimal entries). Entries the notes list as
errata are excluded from the table comparison and asserted as errata separately.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from imbeval.indices import dembele as dm
from imbeval.indices import registry
from imbeval.indices.mortaz2020 import accuracy
from imbeval_repro.papers.dembele.printed import MATRICES, TABLES, errata_cells

DETERMINISTIC = settings(
    derandomize=True, deadline=None, max_examples=150,
    suppress_health_check=[HealthCheck.too_slow],
)

# ---------------------------------------------------------------------------------------
# The paper's matrices, as printed (rows = predicted class, columns = true class), from
# imbeval_repro.papers.dembele.printed
# ---------------------------------------------------------------------------------------

PRINTED = MATRICES
CM = {name: np.array(m, dtype=float).T for name, m in PRINTED.items()}  # rows = true
J5 = np.full((5, 5), 1 / 5)

# ---------------------------------------------------------------------------------------
# Measures as the tables use them
# ---------------------------------------------------------------------------------------


def _binary_rates(x):
    """sen, spe, pre, f1, fmi, auc of a 2x2 [[TP, FN], [FP, TN]] (eqs. 1-7)."""
    tp, fn, fp, tn = x[..., 0, 0], x[..., 0, 1], x[..., 1, 0], x[..., 1, 1]
    with np.errstate(divide="ignore", invalid="ignore"):
        sen = tp / (tp + fn)
        spe = tn / (tn + fp)
        pre = tp / (tp + fp)
        f1 = 2 * pre * sen / (pre + sen)  # as eq. 5: NA when pre = sen = 0 (Table 9)
    return {"sen": sen, "spe": spe, "pre": pre, "f1": f1, "fmi": np.sqrt(pre * sen),
            "auc": (sen + spe) / 2}


def measure(name, x):
    """The value a table row ``name`` reports for the matrix x (rows true)."""
    if name in ("sen", "spe", "pre", "f1", "fmi", "auc"):
        return _binary_rates(x)[name]
    return {
        "acc": lambda: accuracy(x),
        "kappa": lambda: dm.kappa(x),
        "mcc.s": lambda: (dm.mcc(x) + 1) / 2,
        "nmi": lambda: dm.nmi(x),
        "cen.s": lambda: 1 - dm.cen(x),
        "mcen.s": lambda: 1 - dm.mcen(x),
        "eve": lambda: dm.eve(x),
        "thr_min": lambda: dm.eigenvalue_bounds(x)[0],
        "thr_max": lambda: dm.eigenvalue_bounds(x)[1],
    }[name]() if not name[:2] in ("mu", "la") else _eig(name, x)


def _eig(name, x):
    which, index = ("A", int(name[2:])) if name.startswith("mu") else ("B", int(name[3:]))
    return dm.eigenvalues(x, matrix=which)[..., index - 1]


# Row labels as printed -> measure names above.
ALIASES = {"sensitivity": "sen", "specificity": "spe", "precision": "pre",
           "accuracy": "acc", "F1-score": "f1", "f1-s": "f1", "f1s": "f1", "κ": "kappa",
           "mcc": "mcc.s"}


def parse_table(text):
    """Rows of 'label v1 v2 ...' under a header of column keys -> {(row, col): printed}."""
    lines = [line.split() for line in text.strip().splitlines()]
    header = lines[0]
    entries = {}
    for row in lines[1:]:
        label, values = ALIASES.get(row[0], row[0]), row[1:]
        assert len(values) == len(header), row
        for col, value in zip(header, values):
            if value != "-":
                entries[(label, col)] = value
    return entries


def tolerance(printed):
    """One unit of the last printed digit, at most 0.01 (so '1.0' must be within 0.01)."""
    decimals = len(printed.split(".")[1]) if "." in printed else 0
    return min(10.0 ** -decimals, 0.01) + 1e-9


def agrees(printed, value):
    if printed == "NA":
        return bool(np.isnan(value))
    return bool(abs(float(value) - float(printed)) <= tolerance(printed))


def ovr(name, j, modified=False):
    """Class j (1-based) against the rest; 'modified' = M~ of that 2x2 (Tables 6-9)."""
    x = dm.one_vs_rest_2x2(CM[name])[j - 1]
    return dm.m_tilde(x) if modified else x


# ---------------------------------------------------------------------------------------
# The tables, as printed. Column keys -> the matrix the paper used (in our layout).
# ---------------------------------------------------------------------------------------

TABLE1 = TABLES["Table 1"]
TABLE1_COLUMNS = {k: CM[k] for k in ["Ma", "Mb", "Mc", "M1", "M2", "M3"]}

TABLE2 = TABLES["Table 2"]
TABLE2_COLUMNS = {**TABLE1_COLUMNS, "Mt2": dm.m_tilde(CM["M2"]), "Mt3": dm.m_tilde(CM["M3"])}

TABLE3 = TABLES["Table 3"]
TABLE3_COLUMNS = {"M4": CM["M4"], "M5": CM["M5"], "M6": CM["M6"], "M7J": CM["M7"] + J5}

TABLE4 = TABLES["Table 4"]
MULTI_COLUMNS = {
    "M4": CM["M4"], "M5": CM["M5"], "M6": CM["M6"], "M7": CM["M7"],
    "Mt5": dm.m_tilde(CM["M5"]), "Mt6": dm.m_tilde(CM["M6"]), "Mt7": dm.m_tilde(CM["M7"]),
}

TABLE5 = TABLES["Table 5"]
TABLE5_COLUMNS = {k: dm.pair_counting_2x2(v) for k, v in MULTI_COLUMNS.items()}

# Tables 6-9: column "j" = class j against the rest, "jm" = the same with M~ of that 2x2.
TABLE6 = TABLES["Table 6"]
TABLE7 = TABLES["Table 7"]
TABLE8 = TABLES["Table 8"]
TABLE9 = TABLES["Table 9"]


def ovr_columns(name, n_classes):
    cols = {str(j): ovr(name, j) for j in range(1, n_classes + 1)}
    cols.update({f"{j}m": ovr(name, j, modified=True) for j in range(1, n_classes + 1)})
    return cols


# Table 10 lists σ(A) and σ(B) in decreasing order.
TABLE10 = TABLES["Table 10"]
TABLE11 = TABLES["Table 11"]
MNIST_COLUMNS = {"M8": CM["M8"], "M9": CM["M9"]}

TABLES = {
    "Table 1": (TABLE1, TABLE1_COLUMNS),
    "Table 2": (TABLE2, TABLE2_COLUMNS),
    "Table 3": (TABLE3, TABLE3_COLUMNS),
    "Table 4": (TABLE4, MULTI_COLUMNS),
    "Table 5": (TABLE5, TABLE5_COLUMNS),
    "Table 6": (TABLE6, ovr_columns("M4", 3)),
    "Table 7": (TABLE7, ovr_columns("M5", 3)),
    "Table 8": (TABLE8, ovr_columns("M6", 5)),
    "Table 9": (TABLE9, ovr_columns("M7", 5)),
    "Table 10": (TABLE10, MNIST_COLUMNS),
    "Table 11": (TABLE11, MNIST_COLUMNS),
}

# Entries the notes list as errata, (row, column) per table (imbeval_repro.papers.dembele.printed, with
# their explanations): checked in the errata tests. Two were found while writing these
# tests (Table 7 auc(2m), Table 9 mcc.s(2)).
ERRATA = errata_cells()


# ---------------------------------------------------------------------------------------
# Worked examples and tables
# ---------------------------------------------------------------------------------------


def test_notes_test_vectors_m4():
    x = CM["M4"]
    assert dm.eve(x) == pytest.approx(0.968, abs=5e-4)
    assert accuracy(x) == pytest.approx(0.853, abs=5e-4)
    assert dm.kappa(x) == pytest.approx(0.780, abs=5e-4)
    assert (dm.mcc(x) + 1) / 2 == pytest.approx(0.892, abs=5e-4)
    assert dm.nmi(x) == pytest.approx(0.523, abs=5e-4)
    assert 1 - dm.cen(x) == pytest.approx(0.774, abs=5e-4)
    assert 1 - dm.mcen(x) == pytest.approx(0.697, abs=5e-4)


def test_notes_test_vector_m1_eigenvalues():
    lam = dm.eigenvalues(CM["M1"])
    assert lam[0] == pytest.approx(1.005, abs=1e-3)
    assert lam[1] == pytest.approx(0.699, abs=1e-3)


def test_pair_counting_of_m4():
    # Printed his way [[2849, 890], [826, 6610]] (rows predicted); ours is the transpose.
    got = dm.pair_counting_2x2(CM["M4"])
    np.testing.assert_allclose(got, [[2849, 826], [890, 6610]])
    np.testing.assert_allclose(got.T, [[2849, 890], [826, 6610]])


@pytest.mark.parametrize("table", list(TABLES))
def test_table_entries_reproduce(table):
    text, columns = TABLES[table]
    entries = parse_table(text)
    skipped = ERRATA.get(table, set())
    assert skipped <= set(entries)
    checked, wrong = 0, []
    for (row, col), printed in entries.items():
        if (row, col) in skipped:
            continue
        value = measure(row, columns[col])
        checked += 1
        if not agrees(printed, value):
            wrong.append(f"{row}({col}) printed {printed}, computed {float(value):.4f}")
    assert checked == len(entries) - len(skipped)
    assert not wrong, f"{table}: " + "; ".join(wrong)


def test_eve_of_m7_and_its_j5_modification_as_in_the_text():
    # Section 4.2: "The EVE values for M7 and M7 + J5/5 are 0.77604 and 0.77539".
    assert dm.eve(CM["M7"]) == pytest.approx(0.77604, abs=1e-5)
    assert dm.eve(CM["M7"] + J5) == pytest.approx(0.77539, abs=1e-5)


def test_section_3_1_imbalance_example():
    # ir = 1/5, m21 = m11/4, m12 = m22/4 (his layout): sen, spe, pre, auc
    # = 0.8, 0.8, 0.44, 0.8 on M and 0.64, 0.9, 0.64, 0.77 on M~.
    his = np.array([[0.8, 1.0], [0.2, 4.0]])
    x = his.T
    for matrix, expected in [(x, [0.8, 0.8, 0.44, 0.8]), (dm.m_tilde(x), [0.64, 0.9, 0.64, 0.77])]:
        rates = _binary_rates(matrix)
        got = [rates["sen"], rates["spe"], rates["pre"], rates["auc"]]
        np.testing.assert_allclose(got, expected, atol=0.01)


def test_section_3_3_eve_zero_examples():
    # p11 = p22 = 0.5 and p11 = 0.9, p22 = 0.1 both give EVE 0; eigenvalue products 0, −0.16.
    for p11, p22, product in [(0.5, 0.5, 0.0), (0.9, 0.1, -0.16)]:
        x = np.array([[p11, 1 - p11], [1 - p22, p22]]) * 100
        lam = dm.eigenvalues(x)
        assert lam[0] * lam[1] == pytest.approx(product, abs=1e-12)
        assert dm.eve(x) == pytest.approx(0.0, abs=1e-12)


# ---------------------------------------------------------------------------------------
# Errata: the printed value is not what the formula gives; the corrected value is
# ---------------------------------------------------------------------------------------


def test_erratum_table2_kappa_of_m_tilde_2():
    value = dm.kappa(TABLE2_COLUMNS["Mt2"])
    assert not agrees("0.423", value)
    assert agrees("0.428", value)


def test_erratum_table4_mcen_of_m_tilde_7_uses_m7_plus_j5():
    assert not agrees("0.726", 1 - dm.mcen(dm.m_tilde(CM["M7"])))
    assert agrees("0.757", 1 - dm.mcen(dm.m_tilde(CM["M7"])))
    assert agrees("0.726", 1 - dm.mcen(dm.m_tilde(CM["M7"] + J5)))


def test_erratum_table5_mcen_row_copies_table4():
    table4, table5 = parse_table(TABLE4), parse_table(TABLE5)
    corrected = {"M4": "0.446", "M5": "0.179", "M6": "0.632", "M7": "0.624"}
    for col, value_ok in corrected.items():
        printed = table5[("mcen.s", col)]
        assert printed == table4[("mcen.s", col)]  # the copy
        computed = 1 - dm.mcen(TABLE5_COLUMNS[col])
        assert not agrees(printed, computed)
        assert agrees(value_ok, computed)


def test_erratum_table5_m_tilde_7_column_uses_m7_plus_j5():
    entries = {row: v for (row, col), v in parse_table(TABLE5).items() if col == "Mt7"}
    plain = dm.pair_counting_2x2(dm.m_tilde(CM["M7"]))
    with_j = dm.pair_counting_2x2(dm.m_tilde(CM["M7"] + J5))
    not_plain = [row for row, printed in entries.items() if not agrees(printed, measure(row, plain))]
    assert all(agrees(printed, measure(row, with_j)) for row, printed in entries.items())
    # all but acc/mcc.s/... agree only with the J5 version; the column as a whole is M7 + J5
    assert len(not_plain) >= 10, not_plain


def test_erratum_table6_f1_class2_and_modified_cen_class3():
    f1 = measure("f1", ovr("M4", 2))
    assert not agrees("0.781", f1) and agrees("0.761", f1)
    cen_s = measure("cen.s", ovr("M4", 3, modified=True))
    assert not agrees("0.742", cen_s) and agrees("0.476", cen_s)


def test_erratum_table9_modified_class4_uses_2x2_plus_j2():
    entries = {row: v for (row, col), v in parse_table(TABLE9).items() if col == "4m"}
    plain = ovr("M7", 4, modified=True)
    with_j = dm.m_tilde(ovr("M7", 4) + 0.5)
    assert all(agrees(printed, measure(row, with_j)) for row, printed in entries.items())
    not_plain = [row for row, printed in entries.items() if not agrees(printed, measure(row, plain))]
    assert {"pre", "f1", "fmi", "kappa", "mcc.s"} <= set(not_plain), not_plain


def test_new_erratum_table7_modified_auc_class2():
    # Printed 0.665; M~ of class 2 vs rest of M5 gives sen 0.449, spe 0.861, auc 0.655
    # (the other entries of that column agree, so the matrix is right: a digit slip).
    auc = measure("auc", ovr("M5", 2, modified=True))
    assert not agrees("0.665", auc) and agrees("0.655", auc)


def test_new_erratum_table9_mcc_class2():
    # Class 2 vs rest of M7 is [[127, 2], [31, 298]]: MCC = 37784 / sqrt(129·329·158·300)
    # = 0.8424, mcc.s = 0.9212; printed 0.920 (the same entry of M6 in Table 8 agrees).
    x = ovr("M7", 2)
    np.testing.assert_array_equal(x, [[127, 2], [31, 298]])
    mcc_s = measure("mcc.s", x)
    assert not agrees("0.920", mcc_s) and agrees("0.921", mcc_s)


# ---------------------------------------------------------------------------------------
# Properties (hypothesis, derandomised)
# ---------------------------------------------------------------------------------------


@st.composite
def matrices(draw, min_classes=2, max_classes=6, real=None, zero_columns=True):
    """Any non-negative C x C matrix: counts or reals, with rows/columns zeroed at will."""
    c = draw(st.integers(min_classes, max_classes))
    if real is None:
        real = draw(st.booleans())
    if real:
        elements = st.floats(0, 1e3, allow_nan=False, allow_infinity=False)
        x = draw(hnp.arrays(np.float64, (c, c), elements=elements))
    else:
        x = draw(hnp.arrays(np.int64, (c, c), elements=st.integers(0, 60))).astype(float)
    if zero_columns:
        rows = draw(st.lists(st.integers(0, c - 1), max_size=2))
        cols = draw(st.lists(st.integers(0, c - 1), max_size=2))
        x[rows, :] = 0
        x[:, cols] = 0
    return x


def _nonempty(x):
    return x.sum() > 0


@DETERMINISTIC
@given(matrices())
def test_eve_in_unit_interval(x):
    value = dm.eve(x)
    if _nonempty(x):
        assert 0.0 <= value <= 1.0
    else:
        assert np.isnan(value)
        assert dm.eve(x, zero_division=0.25) == 0.25


@DETERMINISTIC
@given(st.integers(2, 12), st.floats(0.5, 1e4))
def test_eve_of_diagonal_is_one_and_of_uniform_is_zero(c, scale):
    assert dm.eve(np.eye(c) * scale) == pytest.approx(1.0, abs=1e-12)
    assert dm.eve(np.ones((c, c)) * scale) == pytest.approx(0.0, abs=1e-12)


@DETERMINISTIC
@given(matrices())
def test_kappa_mcc_nmi_cen_mcen_ranges(x):
    k, r, n = dm.kappa(x), dm.mcc(x), dm.nmi(x)
    assert np.isnan(k) or -1.0 - 1e-12 <= k <= 1.0 + 1e-12
    assert np.isnan(r) or -1.0 <= r <= 1.0
    assert np.isnan(n) or 0.0 <= n <= 1.0
    c_value, mc_value = dm.cen(x), dm.mcen(x)
    if _nonempty(x):
        upper = 1.0 if x.shape[0] > 2 else 2 / (np.e * np.log(2))
        assert -1e-12 <= c_value <= upper + 1e-12
        assert -1e-12 <= mc_value <= 1.0 + 1e-12
        assert not np.isnan(k) or np.isnan(r)  # kappa undefined only in a degenerate case
    else:
        assert all(np.isnan(v) for v in (k, r, n, c_value, mc_value))


@DETERMINISTIC
@given(matrices(max_classes=8))
def test_symmetric_indices_do_not_depend_on_layout(x):
    # CEN, MCEN, NMI, kappa, MCC are symmetric in truth/prediction; EVE is not.
    xt = x.T.copy()
    for f in (dm.cen, dm.mcen, dm.nmi, dm.kappa, dm.mcc):
        np.testing.assert_allclose(f(xt), f(x), rtol=1e-9, atol=1e-12, equal_nan=True)


@DETERMINISTIC
@given(matrices(min_classes=2, max_classes=2))
def test_binary_eigenvalues_closed_form_and_auc(x):
    lam = dm.eigenvalues(x)
    np.testing.assert_allclose(dm.binary_eigenvalues(x), lam, atol=1e-9)
    assert lam[0] >= lam[1]
    filled = x + 0.5 if np.any(x.sum(axis=1) == 0) else x  # the paper's empty-class rule
    auc = np.mean(np.diagonal(filled) / filled.sum(axis=1))  # (sen + spe)/2 = mean recall
    assert lam.sum() == pytest.approx(2 * auc, abs=1e-9)  # eq. 36


@DETERMINISTIC
@given(matrices(max_classes=7, zero_columns=False), st.floats(0.01, 1.0))
def test_eigenvalues_within_bounds_and_below_those_of_a(x, shift):
    x = x + shift  # every class predicted correctly at least a little: A is defined
    lam, mu = dm.eigenvalues(x), dm.eigenvalues(x, matrix="A")
    thr_min, thr_max = dm.eigenvalue_bounds(x)
    # Gershgorin: thr_min/thr_max bound σ(A) ...
    assert np.all(mu >= thr_min - 1e-9) and np.all(mu <= thr_max + 1e-9)
    # ... and Conjecture 1 holds for this pair: B = Q^{1/2} A Q^{1/2} with 0 < q_i <= 1, so
    # by Ostrowski's theorem λ_k = θ_k μ_k with θ_k in (0, 1] (same decreasing order).
    assert np.all(np.abs(lam) <= np.abs(mu) + 1e-9)
    assert np.all(np.sign(lam[np.abs(mu) > 1e-9]) == np.sign(mu[np.abs(mu) > 1e-9]))
    # Hence for B only min(thr_min, 0) <= λ <= thr_max holds; λ < thr_min does occur (the
    # paper's own Table 3: M4 has thr_min 0.716 and λ_3 0.545).
    assert np.all(lam >= min(thr_min, 0.0) - 1e-9) and np.all(lam <= thr_max + 1e-9)


def test_gershgorin_bounds_are_for_a_not_b():
    lam = dm.eigenvalues(CM["M4"])
    thr_min, _ = dm.eigenvalue_bounds(CM["M4"])
    assert lam[-1] < thr_min  # 0.545 < 0.716, as printed in Table 3


def test_bounds_and_a_undefined_without_correct_predictions():
    x = CM["M7"]  # class 4 has no correct prediction
    assert all(np.isnan(v) for v in dm.eigenvalue_bounds(x))
    assert np.all(np.isnan(dm.eigenvalues(x, matrix="A")))
    assert dm.eigenvalue_bounds(x, zero_division=0.0) == (0.0, 0.0)


@DETERMINISTIC
@given(matrices(max_classes=6, zero_columns=False, real=False))
def test_m_tilde_properties(x):
    x = x + np.eye(x.shape[0])  # no empty class
    xt = dm.m_tilde(x)
    n = x.sum(axis=1)
    np.testing.assert_allclose(xt, x * np.sqrt(n[None, :] / n[:, None]))
    np.testing.assert_allclose(np.diagonal(xt), np.diagonal(x))
    # Result 1: same eigenvalues as the matrix itself (a similarity transform).
    np.testing.assert_allclose(np.sort_complex(np.linalg.eigvals(xt)),
                               np.sort_complex(np.linalg.eigvals(x)), atol=1e-6 * x.sum())
    # With equal class sizes M~ = M.
    balanced = x / n[:, None] * 10
    np.testing.assert_allclose(dm.m_tilde(balanced), balanced)


def test_m_tilde_matches_the_papers_layout():
    # m~_ij = m_ij sqrt(m_.i / m_.j) in his layout (eq. 22) is the transpose of ours.
    his = np.array(PRINTED["M5"], dtype=float)
    col = his.sum(axis=0)
    his_tilde = his * np.sqrt(col[:, None] / col[None, :])
    np.testing.assert_allclose(dm.m_tilde(his.T), his_tilde.T)


def test_empty_class_rule_adds_one_over_c():
    x = np.array([[5.0, 1.0, 0.0], [0.0, 0.0, 0.0], [2.0, 0.0, 7.0]])
    assert dm.eve(x) == dm.eve(x + 1 / 3)
    np.testing.assert_allclose(dm.m_tilde(x), dm.m_tilde(x + 1 / 3))
    np.testing.assert_allclose(dm.b_matrix(x), dm.b_matrix(x + 1 / 3))


@DETERMINISTIC
@given(st.integers(2, 5), st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4)),
                                   min_size=2, max_size=25))
def test_pair_counting_counts_pairs(c, pairs):
    labels = np.array([(t % c, p % c) for t, p in pairs])
    x = np.zeros((c, c))
    np.add.at(x, (labels[:, 0], labels[:, 1]), 1)
    counts = np.zeros((2, 2))
    for i in range(len(labels)):
        for j in range(i + 1, len(labels)):
            same_true = labels[i, 0] == labels[j, 0]
            same_pred = labels[i, 1] == labels[j, 1]
            counts[1 - same_true, 1 - same_pred] += 1
    np.testing.assert_allclose(dm.pair_counting_2x2(x), counts)


@DETERMINISTIC
@given(matrices(max_classes=6))
def test_one_vs_rest(x):
    blocks = dm.one_vs_rest_2x2(x)
    assert blocks.shape == (x.shape[0], 2, 2)
    np.testing.assert_allclose(blocks.sum(axis=(-2, -1)), x.sum())
    for k in range(x.shape[0]):
        tp = x[k, k]
        expected = [[tp, x[k].sum() - tp], [x[:, k].sum() - tp, x.sum() - x[k].sum() - x[:, k].sum() + tp]]
        # atol: TN = m − n_k − k_k + x_kk is a difference of sums; a true 0 comes out as
        # rounding noise of the order of eps · m in either way of summing
        np.testing.assert_allclose(blocks[k], expected, atol=1e-12 * max(1.0, x.sum()))


# ---------------------------------------------------------------------------------------
# Stacks, registry, validation
# ---------------------------------------------------------------------------------------

SCALAR_FUNCTIONS = [dm.eve, dm.cen, dm.mcen, dm.nmi, dm.kappa, dm.mcc]
ARRAY_FUNCTIONS = [dm.m_tilde, dm.b_matrix, dm.eigenvalues, dm.pair_counting_2x2,
                   dm.one_vs_rest_2x2, lambda x: dm.eigenvalues(x, matrix="A"),
                   lambda x: np.stack(dm.eigenvalue_bounds(x))]


@pytest.mark.parametrize("c", [2, 3, 7])
def test_stack_equals_per_matrix(c):
    rng = np.random.default_rng(c)
    stack = rng.integers(0, 30, size=(4, 6, c, c)).astype(float)
    stack[0, 0, 1, :] = 0  # an empty class
    stack[0, 1] = 0  # an empty matrix
    stack[1, 0] = np.eye(c)
    stack[2] += rng.random((6, c, c))  # real-valued
    for f in SCALAR_FUNCTIONS + ARRAY_FUNCTIONS:
        whole = np.asarray(f(stack))
        for idx in np.ndindex(4, 6):
            one = np.asarray(f(stack[idx]))
            if whole.shape[:2] == (4, 6):
                got = whole[idx]
            else:  # eigenvalue_bounds stacked first
                got = whole[(slice(None),) + idx]
            np.testing.assert_allclose(got, one, rtol=1e-10, atol=1e-12, equal_nan=True)
    for f in SCALAR_FUNCTIONS:
        assert f(stack).shape == (4, 6)


def test_binary_eigenvalues_stack_and_two_class_only():
    stack = np.random.default_rng(1).integers(0, 9, size=(5, 2, 2))
    np.testing.assert_allclose(dm.binary_eigenvalues(stack), dm.eigenvalues(stack), atol=1e-12)
    with pytest.raises(ValueError, match="2 x 2"):
        dm.binary_eigenvalues(np.eye(3))


def test_registered_indices():
    infos = {name: info for name, info in registry().items() if info.paper == "dembele"}
    assert set(infos) == {"eve", "cen", "mcen", "nmi", "kappa", "mcc"}
    for name, info in infos.items():
        assert info.scope == "multi-class"
        assert info.function is getattr(dm, name)
        assert info.function.__doc__ and "ndefined" in info.function.__doc__
    assert "1 − CEN" in infos["cen"].description


@pytest.mark.parametrize("f", SCALAR_FUNCTIONS + ARRAY_FUNCTIONS)
@pytest.mark.parametrize(
    "bad, message",
    [
        (np.ones((2, 3)), "square"),
        (np.array([[1.0, -1.0], [0.0, 2.0]]), "negative"),
        (np.array([[1.0, np.nan], [0.0, 2.0]]), "non-finite"),
        (np.ones(3), "shape"),
        ([["a", "b"], ["c", "d"]], "numeric"),
    ],
)
def test_invalid_input_raises(f, bad, message):
    with pytest.raises(ValueError, match=message):
        f(bad)


def test_eigenvalues_rejects_unknown_matrix():
    with pytest.raises(ValueError, match="matrix"):
        dm.eigenvalues(np.eye(2), matrix="P")


# ---------------------------------------------------------------------------------------
# Differential checks against scikit-learn
# ---------------------------------------------------------------------------------------


@pytest.mark.filterwarnings("ignore:A single label was found:UserWarning")
def test_kappa_and_mcc_match_scikit_learn():
    metrics = pytest.importorskip("sklearn.metrics")
    rng = np.random.default_rng(2024)
    compared = 0
    for trial in range(300):
        c = int(rng.integers(2, 7))
        size = int(rng.integers(1, 60))
        y_true = rng.integers(0, c, size)
        # mostly-correct predictions with noise, sometimes pure noise
        y_pred = np.where(rng.random(size) < rng.random(), y_true, rng.integers(0, c, size))
        x = np.zeros((c, c))
        np.add.at(x, (y_true, y_pred), 1)
        k, r = dm.kappa(x), dm.mcc(x)
        if not np.isnan(k):
            assert k == pytest.approx(metrics.cohen_kappa_score(y_true, y_pred), abs=1e-10)
            compared += 1
        if not np.isnan(r):
            assert r == pytest.approx(metrics.matthews_corrcoef(y_true, y_pred), abs=1e-10)
        else:  # scikit-learn's convention for the undefined case
            assert metrics.matthews_corrcoef(y_true, y_pred) == 0.0
    assert compared > 250
