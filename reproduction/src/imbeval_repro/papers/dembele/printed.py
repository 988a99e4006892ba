"""The printed numbers of dembele that the project compares with, as printed (the
convention: :mod:`imbeval_repro.papers`)."""

from __future__ import annotations

from imbeval_repro.verdicts.errata import Erratum

__all__ = ["MATRICES", "TABLES", "TABLE11_DROP", "ROW_ALIASES", "ERRATA", "TEXT", "TEXT_EXAMPLE", "parse_table", "errata_cells", "erratum"]


#: The paper's matrices as printed: rows = predicted class, columns = true class
#: (transpose for the project's layout).
MATRICES = {
    "Ma": [[15, 25], [15, 25]],
    "Mb": [[45, 5], [5, 45]],
    "Mc": [[5, 45], [45, 5]],
    "M1": [[125, 30], [15, 130]],
    "M2": [[9, 80], [1, 210]],
    "M3": [[434, 7], [10, 232]],
    "M4": [[50, 0, 0], [0, 35, 7], [0, 15, 43]],
    "M5": [[48, 28, 19], [5, 42, 23], [14, 9, 44]],
    "M6": [[17, 2, 0, 0, 0], [28, 127, 0, 0, 0], [16, 0, 122, 6, 0], [6, 0, 4, 3, 0],
           [0, 0, 0, 0, 127]],
    "M7": [[17, 2, 0, 0, 0], [28, 127, 0, 3, 0], [16, 0, 122, 6, 0], [6, 0, 4, 0, 0],
           [0, 0, 0, 0, 127]],
    "M8": [
        [939, 0, 17, 5, 1, 23, 17, 5, 14, 17],
        [1, 1106, 58, 17, 21, 16, 9, 40, 52, 11],
        [2, 2, 820, 21, 6, 4, 11, 17, 9, 4],
        [3, 2, 26, 887, 1, 90, 0, 8, 30, 16],
        [1, 1, 16, 2, 873, 17, 19, 19, 32, 66],
        [11, 1, 0, 12, 5, 616, 18, 1, 44, 0],
        [13, 5, 34, 12, 10, 23, 874, 2, 17, 1],
        [1, 2, 17, 24, 1, 15, 0, 872, 11, 74],
        [8, 16, 39, 18, 12, 62, 10, 5, 741, 12],
        [1, 0, 5, 12, 52, 26, 0, 59, 24, 808],
    ],
    "M9": [
        [358.72, 28.22, 77.91, 78.47, 43.83, 87.26, 76.82, 61.75, 65.44, 48.65],
        [39.85, 559.51, 91.05, 87.34, 60.11, 58.08, 62.44, 62.06, 90.47, 60.28],
        [73.24, 82.13, 304.03, 92.69, 59.87, 49.34, 88.77, 81.59, 75.25, 53.07],
        [76.46, 89.64, 106.79, 302.24, 57.14, 99.99, 51.23, 81.44, 81.89, 65.30],
        [49.64, 45.77, 64.79, 55.22, 318.28, 66.97, 86.53, 64.93, 81.98, 141.22],
        [90.80, 47.62, 55.54, 109.30, 70.59, 231.95, 73.20, 58.43, 108.59, 64.39],
        [86.12, 57.39, 92.38, 55.86, 82.26, 67.64, 336.46, 47.78, 69.91, 61.94],
        [67.03, 58.02, 75.59, 78.50, 67.47, 58.59, 50.64, 366.61, 51.59, 130.04],
        [78.81, 104.32, 98.75, 83.29, 85.08, 111.45, 66.51, 59.52, 272.41, 83.02],
        [59.33, 62.38, 65.16, 67.07, 137.37, 60.72, 65.39, 143.88, 76.47, 301.09],
    ],
}

# Tables 1-11, transcribed row by row. Column keys: Mx = the matrix, Mtx = its estimate M~,
# M7J = M7 + J5/5; in Tables 6-9 "j" = class j against the rest and "jm" = the same with
# M~ of that 2x2 ("modified CM"). Table 10 prints σ(A), σ(B) as sets in decreasing order,
# transcribed here as rows mu1.., lam1... Row labels as printed (κ for kappa).
TABLES = {
    "Table 1": """
        Ma     Mb     Mc     M1     M2     M3
thr_min 0.000  0.888  -8.00  0.827  0.767  0.973
thr_max 2.000  1.111  10.00  1.173  1.233  1.026
mu1     2.000  1.111  10.00  1.173  1.233  1.026
mu2     0.000  0.888  -8.00  0.827  0.767  0.973
lam1    1.000  1.000  1.000  1.005  1.019  1.000
lam2    0.000  0.800  -0.80  0.699  0.604  0.948
""",
    "Table 2": """
            Ma     Mb    Mc    M1     M2     M3     Mt2    Mt3
sensitivity 0.500  0.90  0.10  0.893  0.900  0.977  0.626  0.983
specificity 0.500  0.90  0.10  0.812  0.724  0.971  0.933  0.960
precision   0.375  0.90  0.10  0.806  0.101  0.984  0.377  0.978
accuracy    0.500  0.90  0.10  0.850  0.730  0.975  0.915  0.975
F1-score    0.428  0.90  0.10  0.847  0.182  0.980  0.470  0.981
fmi         0.433  0.90  0.10  0.848  0.302  0.981  0.486  0.981
auc         0.500  0.90  0.10  0.853  0.812  0.974  0.779  0.972
κ           0.000  0.800 -0.8  0.701  0.129  0.945  0.423  0.946
mcc.s       0.500  0.90  0.10  0.852  0.623  0.973  0.722  0.973
nmi         0.000  0.361 0.361 0.249  0.038  0.699  0.113  0.700
cen.s       0.028  0.57  -0.04 0.452  0.580  0.844  0.702  0.845
mcen.s      0.123  0.55  0.00  0.455  0.638  0.826  0.687  0.827
eve         0.000  0.99  0.00  0.976  0.952  0.999  0.912  0.999
""",
    "Table 3": """
        M4     M5     M6     M7J
thr_min 0.716  0.279  0.144  -3.361
thr_max 1.283  1.721  1.855  5.361
mu1     1.283  1.712  1.765  3.871
mu2     1.000  0.654  1.322  1.179
mu3     0.716  0.633  1.000  0.999
mu4     -      -      0.541  0.597
mu5     -      -      0.371  -1.65
lam1    1.014  1.018  1.149  1.150
lam2    1.000  0.411  1.033  0.994
lam3    0.545  0.330  1.000  0.987
lam4    -      -      0.185  0.181
lam5    -      -      0.171  -0.104
""",
    "Table 4": """
       M4     M5     M6     M7     Mt5    Mt6    Mt7
acc    0.853  0.577  0.865  0.858  0.584  0.818  0.798
κ      0.780  0.371  0.816  0.806  0.379  0.756  0.730
mcc.s  0.892  0.689  0.912  0.908  0.691  0.887  0.875
nmi    0.523  0.079  0.629  0.618  0.081  0.592  0.552
cen.s  0.774  0.354  0.861  0.852  0.352  0.847  0.822
mcen.s 0.697  0.237  0.799  0.784  0.231  0.794  0.726
eve    0.968  0.883  0.859  0.776  0.889  0.756  0.761
""",
    "Table 5": """
       M4     M5     M6     M7     Mt5    Mt6    Mt7
sen    0.775  0.433  0.912  0.912  0.435  0.910  0.893
spe    0.881  0.707  0.918  0.912  0.713  0.878  0.862
pre    0.762  0.426  0.789  0.778  0.431  0.694  0.654
acc    0.846  0.616  0.916  0.912  0.621  0.886  0.869
f1-s   0.768  0.429  0.846  0.840  0.433  0.787  0.755
fmi    0.768  0.429  0.848  0.842  0.433  0.795  0.765
auc    0.828  0.570  0.915  0.912  0.574  0.894  0.878
κ      0.653  0.140  0.789  0.779  0.149  0.712  0.669
mcc.s  0.827  0.570  0.896  0.892  0.574  0.862  0.842
nmi    0.207  0.008  0.371  0.359  0.009  0.291  0.251
cen.s  0.445  0.117  0.645  0.635  0.122  0.584  0.549
mcen.s 0.697  0.237  0.799  0.784  0.183  0.584  0.554
eve    0.966  0.483  0.994  0.993  0.501  0.989  0.986
""",
    "Table 6": """
       1    2     3     1m   2m    3m
pre    1.0  0.833 0.741 1.0  0.876 0.802
f1-s   1.0  0.781 0.796 1.0  0.728 0.807
fmi    1.0  0.764 0.798 1.0  0.738 0.807
auc    1.0  0.815 0.855 1.0  0.786 0.851
acc    1.0  0.853 0.853 1.0  0.830 0.862
κ      1.0  0.656 0.682 1.0  0.609 0.699
mcc.s  1.0  0.831 0.844 1.0  0.814 0.850
nmi    1.0  0.218 0.238 1.0  0.198 0.246
cen.s  1.0  0.479 0.470 1.0  0.465 0.742
mcen.s 1.0  0.481 0.473 1.0  0.484 0.472
eve    1.0  0.948 0.979 1.0  0.913 0.976
""",
    "Table 7": """
       1     2     3     1m    2m    3m
pre    0.505 0.600 0.657 0.616 0.676 0.713
f1-s   0.592 0.564 0.575 0.616 0.539 0.549
fmi    0.602 0.565 0.579 0.616 0.551 0.564
auc    0.716 0.674 0.677 0.707 0.665 0.660
acc    0.715 0.719 0.720 0.735 0.700 0.698
κ      0.384 0.358 0.371 0.414 0.330 0.339
mcc.s  0.699 0.680 0.689 0.707 0.673 0.680
nmi    0.066 0.053 0.059 0.071 0.050 0.055
cen.s  0.257 0.237 0.248 0.247 0.249 0.261
mcen.s 0.307 0.275 0.291 0.283 0.302 0.319
eve    0.883 0.789 0.781 0.860 0.709 0.713
""",
    "Table 8": """
       1     2     3     4     5   1m    2m    3m    4m    5m
pre    0.895 0.819 0.847 0.231 1.0 0.953 0.878 0.900 0.679 1.0
f1-s   0.395 0.894 0.904 0.272 1.0 0.218 0.924 0.924 0.120 1.0
fmi    0.476 0.898 0.906 0.277 1.0 0.343 0.926 0.924 0.212 1.0
auc    0.624 0.949 0.951 0.655 1.0 0.560 0.960 0.953 0.531 1.0
acc    0.886 0.934 0.943 0.965 1.0 0.769 0.953 0.956 0.909 1.0
κ      0.353 0.847 0.864 0.255 1.0 0.169 0.891 0.893 0.106 1.0
mcc    0.720 0.927 0.933 0.630 1.0 0.647 0.947 0.947 0.596 1.0
nmi    0.118 0.494 0.506 0.056 1.0 0.057 0.563 0.552 0.027 1.0
cen.s  0.705 0.727 0.737 0.857 1.0 0.613 0.772 0.766 0.775 1.0
mcen.s 0.711 0.719 0.724 0.839 1.0 0.661 0.756 0.747 0.768 1.0
eve    0.393 0.997 0.998 0.585 1.0 0.000 0.998 0.998 0.000 1.0
""",
    "Table 9": """
       1     2     3     4     5   1m    2m    3m    4m    5m
pre    0.895 0.804 0.847 0.000 1.0 0.953 0.867 0.900 0.242 1.0
f1s    0.395 0.885 0.904 NA    1.0 0.218 0.918 0.924 0.015 1.0
fmi    0.476 0.889 0.906 0.000 1.0 0.343 0.919 0.924 0.043 1.0
auc    0.624 0.945 0.951 0.489 1.0 0.560 0.957 0.953 0.502 1.0
acc    0.886 0.928 0.943 0.958 1.0 0.769 0.949 0.956 0.871 1.0
κ      0.353 0.833 0.864 -0.02 1.0 0.169 0.882 0.893 0.007 1.0
mcc.s  0.720 0.920 0.933 0.489 1.0 0.647 0.942 0.947 0.511 1.0
nmi    0.118 0.472 0.506 0.002 1.0 0.057 0.544 0.552 0.000 1.0
cen.s  0.705 0.711 0.737 0.843 1.0 0.613 0.758 0.766 0.728 1.0
mcen.s 0.711 0.706 0.724 0.820 1.0 0.661 0.744 0.747 0.728 1.0
eve    0.393 0.996 0.998 0.000 1.0 0.000 0.998 0.998 0.000 1.0
""",
    "Table 10": """
        M8      M9
thr_min 0.731   -1.469
thr_max 1.269   3.469
mu1     1.198   3.119
mu2     1.074   1.115
mu3     1.025   0.967
mu4     1.013   0.913
mu5     0.999   0.884
mu6     0.985   0.738
mu7     0.966   0.672
mu8     0.946   0.652
mu9     0.899   0.488
mu10    0.893   0.451
lam1    1.019   1.001
lam2    0.965   0.439
lam3    0.933   0.359
lam4    0.908   0.311
lam5    0.893   0.273
lam6    0.852   0.255
lam7    0.785   0.213
lam8    0.763   0.194
lam9    0.738   0.150
lam10   0.649   0.128
""",
    "Table 11": """
       M8    M9
acc    0.854 0.335
κ      0.837 0.261
mcc.s  0.919 0.630
nmi    0.555 0.054
cen.s  0.784 0.251
eve    0.996 0.912
""",
}

#: Table 11's last row: the relative drop from M8 to M9, in per cent.
TABLE11_DROP = {"acc": "60.8", "kappa": "68.8", "mcc.s": "31.4", "nmi": "90.3",
                        "cen.s": "67.9", "eve": "8.4"}

#: Row labels as printed -> the measure names used by the code.
ROW_ALIASES = {
    "sensitivity": "sen", "specificity": "spe", "precision": "pre", "accuracy": "acc",
    "F1-score": "f1", "f1-s": "f1", "f1s": "f1", "κ": "kappa", "mcc": "mcc.s",
}


def parse_table(text, canonical=True):
    """``{(row, column): printed}`` of one transcribed table ('-' cells are absent).

    With ``canonical`` the row labels are mapped through :data:`ROW_ALIASES`.
    """
    lines = [line.split() for line in text.strip().splitlines()]
    header, entries = lines[0], {}
    for label, *values in lines[1:]:
        if len(values) != len(header):
            raise ValueError(f"row {label!r} has {len(values)} values for {len(header)} columns")
        row = ROW_ALIASES.get(label, label) if canonical else label
        for column, value in zip(header, values):
            if value != "-":
                entries[(row, column)] = value
    return entries


_ALL_ROWS = object()  # marker: the erratum covers every row of that column

#: Errata: (table, row, column) -> Erratum; row = canonical measure name, or a whole
#: column (expanded by :func:`errata_cells`).
ERRATA = {
    ("Table 2", "kappa", "Mt2"): Erratum(
        "κ of M~2 is 0.428, printed 0.423 (a digit slip: every other entry of the column agrees)",
        0.428),
    ("Table 4", "mcen.s", "Mt7"): Erratum(
        "1-MCEN of M~7 is 0.757; the printed 0.726 is that of M~ of M7 + J5/5 (the modification "
        "the paper uses for Table 3)", 0.757),
    ("Table 5", "mcen.s", "M4"): Erratum(
        "the mcen.s row of Table 5 copies Table 4; 1-MCEN of the pair-counting 2x2 of M4 is 0.446",
        0.446),
    ("Table 5", "mcen.s", "M5"): Erratum(
        "the mcen.s row of Table 5 copies Table 4; the pair-counting value is 0.179", 0.179),
    ("Table 5", "mcen.s", "M6"): Erratum(
        "the mcen.s row of Table 5 copies Table 4; the pair-counting value is 0.632", 0.632),
    ("Table 5", "mcen.s", "M7"): Erratum(
        "the mcen.s row of Table 5 copies Table 4; the pair-counting value is 0.624", 0.624),
    ("Table 5", _ALL_ROWS, "Mt7"): Erratum(
        "the M~7 column is computed from M~ of M7 + J5/5, not of M7 (it agrees with that "
        "reading everywhere)"),
    ("Table 6", "f1", "2"): Erratum(
        "f1-s of class 2 vs rest of M4 is 0.761, printed 0.781", 0.761),
    ("Table 6", "cen.s", "3m"): Erratum(
        "1-CEN of the modified class-3 2x2 of M4 is 0.476, printed 0.742", 0.476),
    ("Table 7", "auc", "2m"): Erratum(
        "auc of the modified class-2 2x2 of M5 is 0.655 (sen 0.449, spe 0.861), printed 0.665",
        0.655),
    ("Table 9", _ALL_ROWS, "4m"): Erratum(
        "the modified class-4 column uses M~ of the class-4 2x2 plus J2/2 (its diagonal entry "
        "is 0); it agrees with that reading everywhere"),
    ("Table 9", "mcc.s", "2"): Erratum(
        "class 2 vs rest of M7 is [[127, 2], [31, 298]]: mcc.s = 0.9212, printed 0.920", 0.921),
}


def errata_cells():
    """``{table: {(row, column), ...}}`` of every cell covered by :data:`ERRATA`."""
    cells = {}
    for (table, row, column) in ERRATA:
        if row is _ALL_ROWS:
            rows = {r for (r, c) in parse_table(TABLES[table]) if c == column}
        else:
            rows = {row}
        cells.setdefault(table, set()).update((r, column) for r in rows)
    return cells


def erratum(table, row, column):
    """The :class:`Erratum` covering one cell, or ``None``."""
    return ERRATA.get((table, row, column)) or ERRATA.get((table, _ALL_ROWS, column))




#: dembele, Section 5: (item, quantity, column) -> printed. Percentage drops are relative
#: changes (100 (a - b) / a) of the measure between the two matrices named.
TEXT = {
    ("text, Section 5.1", "EVE", "M7"): "0.77604",
    ("text, Section 5.1", "EVE", "M7 + J5/5"): "0.77539",
    ("text, Table 2", "drop % M1 -> M2", "precision"): "87",
    ("text, Table 2", "drop % M1 -> M2", "F1-score"): "78",
    ("text, Table 2", "drop % M1 -> M2", "accuracy"): "14",
    ("text, Table 2", "drop % M1 -> M2", "auc"): "5",
    ("text, Table 2", "drop % M1 -> M2", "eve"): "2.4",
    ("text, Table 2", "change % M2 -> M~2", "eve"): "-4.2",
    ("text, Table 4", "drop % M6 -> M7", "eve"): "9.7",
    ("text, Table 11", "drop % M8 -> M9", "eve"): "8.4",
}

#: dembele, Section 3: a binary problem with ir = 1/5 and off-diagonal entries a quarter
#: of the diagonal ones (rows true: [[80, 20], [100, 400]]); measures of M and of M~, and
#: the relative changes M -> M~ in per cent.
TEXT_EXAMPLE = {
    "matrix": [[80, 20], [100, 400]],
    "values": {("M", "sen"): "0.8", ("M", "spe"): "0.8", ("M", "pre"): "0.44",
               ("M", "auc"): "0.8", ("M~", "sen"): "0.64", ("M~", "spe"): "0.9",
               ("M~", "pre"): "0.64", ("M~", "auc"): "0.77"},
    "changes": {"spe": "12.5", "pre": "45.45", "sen": "-20", "auc": "-3.75"},
}
