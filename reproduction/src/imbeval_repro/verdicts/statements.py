"""A paper's statement checked by computation: the record and its table.

Each check returns :class:`Statement` records: the paper's statement, whether it holds on the
domain searched, the number that decides it (the largest violation, or a deviation from an
identity), the counterexample where one fails, and the basis:

- ``exact arithmetic``: every matrix of a finite domain evaluated (all C x C count matrices
  with at most ``n`` points, every class present); the identities and inequalities are
  decided with a stated floating-point tolerance (:data:`TOL`), and integer quantities
  (principal minors, ranks) exactly;
- ``computed``: a seeded search (:func:`imbeval.audit.matrices.random_matrices`) or
  quadrature on the paper's stated distributions, with the tolerance named in ``method``.

The checks are each paper's ``theory`` module and ortigosa2016's
:mod:`imbeval_repro.papers.ortigosa2016.study2`; their verdict rows are made from the CSV
these write (:mod:`imbeval_repro.verdicts.theory_rows`).
"""

from __future__ import annotations

import itertools
import json
from dataclasses import asdict, dataclass

import numpy as np
import pandas as pd

__all__ = ["Statement", "TOL", "EXACT", "COMPUTED", "COLUMNS", "count_matrices",
           "domain_text", "matrix_json", "statements_frame"]

#: floating-point tolerance of an identity or inequality decided on exact-count matrices
TOL = 1e-9
EXACT = "exact arithmetic"
COMPUTED = "computed"
COLUMNS = ["paper", "item", "statement", "holds", "measured", "detail", "basis", "method",
           "tolerance", "n_checked", "counterexample"]


@dataclass(frozen=True)
class Statement:
    """One statement of a paper and its check (see the module docstring)."""

    paper: str
    item: str
    statement: str
    holds: bool | None  # None: a finding (a fact the paper does not state)
    measured: float
    detail: str
    basis: str
    method: str
    tolerance: float = TOL
    n_checked: int = 0
    counterexample: str = ""


def matrix_json(matrix) -> str:
    return json.dumps(np.asarray(matrix).tolist())


def count_matrices(c: int, n_max: int, *, min_row: int = 1, min_col: int = 0) -> np.ndarray:
    """Every C x C matrix of non-negative counts with at most ``n_max`` points whose row sums
    are at least ``min_row`` and column sums at least ``min_col``; shape (K, C, C), int64.

    >>> count_matrices(2, 2).shape  # both rows non-empty: 4 with two points, none with fewer
    (4, 2, 2)
    """
    cells = c * c
    out = []
    for n in range(n_max + 1):
        for combo in itertools.combinations_with_replacement(range(cells), n):
            out.append(np.bincount(np.asarray(combo, dtype=np.int64), minlength=cells))
    stack = np.asarray(out, dtype=np.int64).reshape(-1, c, c)
    keep = (stack.sum(axis=-1).min(axis=-1) >= min_row) & (stack.sum(axis=-2).min(axis=-1)
                                                             >= min_col)
    return stack[keep]


def domain_text(sizes) -> str:
    return ", ".join(f"C = {c}: n ≤ {n}" for c, n in sizes)


def statements_frame(rows) -> pd.DataFrame:
    """The records as a table with :data:`COLUMNS`."""
    return pd.DataFrame([asdict(r) for r in rows], columns=COLUMNS)
