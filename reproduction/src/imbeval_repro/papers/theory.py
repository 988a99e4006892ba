"""The theory stage's statements: every paper's theorems, lemmas, results and conjectures
checked by computation, and ortigosa2016's Study 2, as one table (``statements.csv``)."""

from __future__ import annotations

import time

import pandas as pd

from imbeval_repro.papers.dembele.theory import dembele_results
from imbeval_repro.papers.mortaz2020.theory import mortaz_theorems
from imbeval_repro.papers.mullick2020.theory import mullick_lemmas
from imbeval_repro.papers.ortigosa2016 import study2
from imbeval_repro.verdicts.statements import statements_frame

__all__ = ["statements_table"]


def statements_table(seed: int = 0, progress=None) -> pd.DataFrame:
    """Every paper's statements checked, one row each (:data:`~imbeval_repro.verdicts.statements.COLUMNS`).

    ``seed`` seeds the searches; ``progress(name, seconds)``, if given, is called after each
    paper's checks.
    """
    rows = []
    for part in (mortaz_theorems, mullick_lemmas, dembele_results,
                 study2.ordering_statements, study2.study2_statements):
        tick = time.perf_counter()
        rows += part() if part is study2.ordering_statements else part(seed=seed)
        if progress is not None:
            progress(f"{part.__module__}.{part.__name__}", time.perf_counter() - tick)
    return statements_frame(rows)
