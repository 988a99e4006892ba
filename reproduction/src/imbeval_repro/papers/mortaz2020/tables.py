"""mortaz2020: Tables 2-6 and 9 from the printed matrices and the class distributions
(rule ``papers_mortaz2020_examples``), and the face of the modules of its other rules:

- :mod:`imbeval_repro.papers.mortaz2020.grid`: Tables 16/18 from the grid's fold scores, every
  printed number against a re-run (``papers_mortaz2020_grid``);
- :mod:`imbeval_repro.papers.mortaz2020.selection`: the models each index selects, and the
  selection claims (``papers_mortaz2020_grid``);
- :mod:`imbeval_repro.papers.mortaz2020.identity`: IAM = 2·CBA − 1 and the printed pairs
  (``papers_mortaz2020_identity``);
- :mod:`imbeval_repro.papers.mortaz2020.claims`: the statements about Figs. 1-4
  (``papers_mortaz2020_figures``).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from imbeval_repro.papers.mortaz2020.grid_fit import INDEX_FUNCTIONS, load_grid_dataset
from imbeval_repro import verdicts as cmp
from imbeval_repro.papers.mortaz2020 import printed as pr
from imbeval_repro.papers.mortaz2020._common import GRID_DATASETS, MULTIPLE_METRICS, PAPER, _matrix
from imbeval_repro.papers.mortaz2020.grid import (CI_METHOD, KNOWN_DIFFERENCES, fold_interval,
                                            grid_verdict_rows, grid_intervals,
                                            grid_markdown_notes, grid_selection, grid_table,
                                            grid_rerun_check, selection_margin)
from imbeval_repro.papers.mortaz2020.identity import (IDENTITY_ITEM, identity_check, identity_rows,
                                                printed_identity_gap, printed_identity_pairs)
from imbeval_repro.papers.mortaz2020.selection import (SELECTION_ITEM, SELECTION_RULES,
                                                 SelectionTest, printed_selection,
                                                 printed_selection_rows, selection_claim_rows,
                                                 selection_test)

__all__ = [
    "PAPER", "GRID_DATASETS", "INDEX_FUNCTIONS", "MULTIPLE_METRICS", "example_tables",
    "example_verdict_rows", "distribution_table", "distribution_verdict_rows",
    "not_comparable_rows",
    # the grid, the selections and the identity (their modules, named here too)
    "grid_table", "grid_selection", "selection_margin", "grid_markdown_notes",
    "grid_verdict_rows", "CI_METHOD", "KNOWN_DIFFERENCES", "fold_interval",
    "grid_intervals", "grid_rerun_check", "SELECTION_RULES", "SELECTION_ITEM",
    "printed_selection", "printed_selection_rows", "SelectionTest", "selection_test",
    "selection_claim_rows", "IDENTITY_ITEM", "printed_identity_pairs", "printed_identity_gap",
    "identity_check", "identity_rows",
]

def example_tables() -> pd.DataFrame:
    """All six indices of CM1..CM4 (Tables 2, 3, 5, 6 and the IAM of Table 9), unrounded."""
    examples = {"CM1": ("Example 1a", "Table 2"), "CM2": ("Example 1b", "Table 3"),
                "CM3": ("Example 2a", "Table 5"), "CM4": ("Example 2b", "Table 6")}
    records = []
    for name, (example, table) in examples.items():
        m = _matrix(name)
        record = {"matrix": name, "example": example, "table": table}
        record.update({col: float(f(m)) for col, f in INDEX_FUNCTIONS.items()})
        records.append(record)
    return pd.DataFrame(records).set_index("matrix")


def example_verdict_rows():
    """The printed indices of Tables 2, 3, 5, 6 and 9 against :func:`example_tables`."""
    values = example_tables()
    for table, (matrix, printed) in pr.METRIC_TABLES.items():
        for column, text in printed.items():
            yield cmp.row(PAPER, table, matrix, column, text, values.loc[matrix, column],
                          erratum=pr.ERRATA.get((table, matrix, column)))
    for example, (matrix, text) in pr.TABLE9.items():
        yield cmp.row(PAPER, "Table 9", "IAM", example, text, values.loc[matrix, "IAM"],
                      erratum=pr.ERRATA.get(("Table 9", "IAM", example)))


def _data_counts(dataset, n_classes):
    """Counts of classes 1..n_classes in the vendored data (0 for absent labels)."""
    X, y = load_grid_dataset(dataset)
    return [int(np.sum(y == c)) for c in range(1, n_classes + 1)]


def _regenerated_distribution(table):
    if table == "Table 1":
        return _matrix("CM1").sum(axis=1), "row sums of CM1 (CM2 gives the same)"
    if table == "Table 4":
        return _matrix("CM3").sum(axis=1), "row sums of CM3 (CM4 gives the same)"
    if table == "Table 15":
        return _data_counts("glass", 7), "UCI glass (vendored), Type of glass 1-7"
    if table == "Table 17":
        return _data_counts("satimage", 7), "UCI satimage sat.trn + sat.tst (6435 rows)"
    return None, None


def distribution_table() -> pd.DataFrame:
    """Printed and regenerated class counts of every distribution table, one row per class."""
    records = []
    for table, counts in pr.DISTRIBUTIONS.items():
        regenerated, source = _regenerated_distribution(table)
        for i, text in enumerate(counts):
            records.append({
                "table": table, "class": i + 1, "printed": int(cmp.printed_number(text)),
                "regenerated": None if regenerated is None else int(regenerated[i]),
                "source": source or "input of the Figs. 1-4 sweep / Example 3 (no data)",
            })
    return pd.DataFrame(records)


def distribution_verdict_rows():
    """The printed class distributions against the matrices' row sums, the vendored
    data and the sweep's class sizes."""
    sweep = {"Table 11": "Fig. 1", "Table 12": "Fig. 2", "Table 13": "Fig. 3", "Table 14": "Fig. 4"}
    for table, counts in pr.DISTRIBUTIONS.items():
        regenerated, _ = _regenerated_distribution(table)
        for i, text in enumerate(counts):
            label = f"class {i + 1}"
            if table in sweep:
                # an input, not a result: the sweep's generated rows have these class sizes
                yield cmp.row(PAPER, table, "frequency", label, text, float(cmp.printed_number(text)),
                              note=f"an input: the {sweep[table]} sweep draws exactly these "
                                   "class sizes")
            elif regenerated is None:
                yield cmp.row(PAPER, table, "frequency", label, text, None,
                              not_comparable="Example 3 prints no confusion matrices or data")
            elif table == "Table 17":
                yield cmp.row(PAPER, table, "frequency", label, text, regenerated[i],
                              setting="the UCI files hold 6435 rows; the paper's OpenML copy "
                                      "had 6430 (5 rows fewer in classes 1, 3, 4)")
            else:
                yield cmp.row(PAPER, table, "frequency", label, text, regenerated[i])


def not_comparable_rows():
    """Tables 8 and 10 (Example 3): printed without matrices."""
    for model, values in pr.TABLE8.items():
        for column, text in values.items():
            yield cmp.row(PAPER, "Table 8", model, column, text, None,
                          not_comparable="Example 3 prints no confusion matrices")
    for model, text in pr.TABLE10.items():
        yield cmp.row(PAPER, "Table 10", "IAM", model, text, None,
                      not_comparable="Example 3 prints no confusion matrices")

