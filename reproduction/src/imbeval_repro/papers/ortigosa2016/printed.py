"""The printed numbers of ortigosa2016 that the project compares with, as printed (the
convention: :mod:`imbeval_repro.papers`)."""

from __future__ import annotations

__all__ = ["TABLE1", "FOOTNOTES"]


#: Table 1 (symbol, name, formula as printed) with the Hölder exponent p and weights of
#: each global score; Section 4 states that every score gives RAND the value 1/K.
TABLE1 = [
    ("P^i", "Precision", "a_ii (Σ_j a_ji)^-1", "local", None, None),
    ("R^i", "Recall", "a_ii (Σ_j a_ij)^-1", "local", None, None),
    ("Acc", "Classification accuracy", "Σ_i η_i R^i", "global", 1.0, "η"),
    ("A", "Arithmetic mean among the recalls (a-mean)", "(1/K) Σ_i R^i", "global", 1.0, "1/K"),
    ("G", "Geometric mean among the recalls (g-mean)", "(Π_i R^i)^(1/K)", "global", 0.0, "1/K"),
    ("H", "Harmonic mean among the recalls (h-mean)", "K (Σ_i 1/R^i)^-1", "global", -1.0, "1/K"),
    ("max", "Maximum value among the recalls", "max_i R^i", "global", float("inf"), "1/K"),
    ("min", "Minimum value among the recalls", "min_i R^i", "global", float("-inf"), "1/K"),
]



#: ortigosa2016 footnotes 6-7: the degree of overlapping e_B (eq. 4, the Bayes error) of K
#: equiprobable unit-variance normals δ apart, at the integration limits δ = 10 and 0.01.
FOOTNOTES = {
    ("footnote 6", "e_B at δ = 10", "K = 2"): "2.9e-7",
    ("footnote 6", "e_B at δ = 0.01", "K = 2"): "0.498",
    ("footnote 7", "e_B at δ = 10", "K = 3"): "3.8e-7",
    ("footnote 7", "e_B at δ = 10", "K = 4"): "4.3e-7",
    ("footnote 7", "e_B at δ = 10", "K = 5"): "4.6e-7",
    ("footnote 7", "e_B at δ = 0.01", "K = 3"): "0.64",
    ("footnote 7", "e_B at δ = 0.01", "K = 4"): "0.72",
    ("footnote 7", "e_B at δ = 0.01", "K = 5"): "0.77",
}
