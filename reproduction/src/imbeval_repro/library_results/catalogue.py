"""catalogue.csv: every catalogue index audited against Conditions 1-3 and the influence analysis.

One row per index of :mod:`imbeval.indices.catalogue`: ``index`` (the name
:func:`imbeval.indices.compute` accepts), ``source`` (``pycm``, ``sklearn``, ``imblearn``),
``source_name`` (its name in that library), ``also`` (the same quantity elsewhere), ``twin``
(the registered index it coincides with), ``greater_is_better`` (its orientation), ``scope``,
``condition1``, ``condition2``, ``condition3`` (``true``/``false``/empty), then the audit's
evidence columns (:meth:`imbeval.audit.AuditResult.row`).

An index implemented here is audited with :func:`imbeval.audit.audit_index` (the same sizes,
classes and tolerances as ``imbeval theory audit``). A twin is not audited again: it is the
very function of its twin, so its verdicts and evidence are copied from its twin's row -- of
``audit.csv`` for a registered index (the pipeline's audit, so the verdicts are equal by
construction, not by a second search that could land elsewhere), of this table for a
catalogue index.
"""

from __future__ import annotations

import time
from pathlib import Path

import pandas as pd

from imbeval.utils.io import write_csv
from imbeval.utils.tables import read_string_table

__all__ = ["CATALOGUE_COLUMNS", "audit_catalogue", "write_catalogue", "read_catalogue",
           "common_passing"]

#: The leading columns of catalogue.csv (the evidence columns of the audit follow).
CATALOGUE_COLUMNS = ("index", "source", "source_name", "also", "twin", "greater_is_better",
                     "scope", "condition1", "condition2", "condition3")


def audit_catalogue(*, audit_rows=None, classes=None, sizes=None, seed=0, names=None,
                    progress=None):
    """Audit the catalogue's indices; return a DataFrame of catalogue.csv.

    Parameters
    ----------
    audit_rows : list of dict, optional
        Rows of the pipeline's ``audit.csv`` (:func:`imbeval.audit.report.read_audit_csv`):
        the verdicts of the registered indices, copied to their twins. Without it a twin of a
        registered index is audited like the others (same seed as ``audit_registry``).
    classes : iterable of int, optional
        Numbers of classes searched (default :data:`imbeval.audit.DEFAULT_CLASSES`).
    sizes : AuditSizes, optional
        Search sizes (default the full ones).
    seed : int
        Seed of the searches; the k-th index of the catalogue (:func:`entries` order) uses
        ``seed + 1000 + k`` whichever ``names`` are asked for.
    names : list of str, optional
        Only these catalogue indices (and the catalogue twins' targets they need).
    progress : callable, optional
        Called with each index name before it is audited.

    Returns
    -------
    pandas.DataFrame with the columns :data:`CATALOGUE_COLUMNS` and the evidence.

    Raises
    ------
    ValueError
        For an unknown name in ``names``.

    Examples
    --------
    >>> from imbeval.audit import AuditSizes
    >>> table = audit_catalogue(names=["bennett_s"], classes=(2, 3), sizes=AuditSizes.quick())
    >>> table.loc[0, ["index", "source", "source_name", "condition1"]].tolist()
    ['bennett_s', 'pycm', 'Bennett S', 'false']
    """
    from imbeval.audit import DEFAULT_CLASSES, audit_index
    from imbeval.indices import registry
    from imbeval.indices.catalogue import entries

    classes = tuple(DEFAULT_CLASSES if classes is None else classes)
    everything = registry(catalogue=True)
    papers = list(registry())
    catalogue = entries()
    position = {e.index: k for k, e in enumerate(catalogue)}  # seeds do not depend on names=
    by_name = {e.index: e for e in catalogue}
    if names is not None:
        unknown = [n for n in names if n not in by_name]
        if unknown:
            raise ValueError(f"names: {unknown[0]!r} is not a catalogue index")
        wanted = set(names)
        wanted |= {by_name[n].twin for n in names if by_name[n].twin in by_name}
        catalogue = [e for e in catalogue if e.index in wanted]
    from_audit = {r["index"]: r for r in (audit_rows or [])}
    audited: dict[str, dict] = {}

    def audit(name, function_name, k_seed):
        info = everything[function_name]
        if progress:
            progress(name)
        return audit_index(info.function, name=name, scope=info.scope, classes=classes,
                           sizes=sizes, seed=k_seed).row()

    rows = []
    for e in catalogue:
        info = everything[e.index]
        if e.twin is None:
            evidence = audit(e.index, e.index, seed + 1000 + position[e.index])
        elif e.twin in audited:
            evidence = dict(audited[e.twin])
        elif e.twin in from_audit:
            evidence = dict(from_audit[e.twin])
            evidence.pop("paper", None)
        else:
            # a twin of a registered index without audit.csv: the seed audit_registry gives it
            evidence = audit(e.index, e.twin, seed + papers.index(e.twin))
        audited[e.index] = evidence
        rows.append({
            **evidence,
            "index": e.index,
            "source": e.source,
            "source_name": e.source_name,
            "also": "; ".join(e.also),
            "twin": e.twin or "",
            "greater_is_better": "true" if info.greater_is_better else "false",
            "scope": info.scope,
        })
    frame = pd.DataFrame([{k: _fmt(v) for k, v in r.items()} for r in rows])
    evidence_columns = [c for c in frame.columns if c not in CATALOGUE_COLUMNS]
    return frame[list(CATALOGUE_COLUMNS) + evidence_columns]


def _fmt(value):
    # as audit.csv writes its evidence: 6 significant digits, NaN empty; so a twin's copied
    # row and an audited row read the same
    if isinstance(value, float):
        return "" if value != value else f"{value:.6g}"
    return value


def write_catalogue(table, out_dir):
    """Write ``catalogue.csv`` into ``out_dir`` (atomically) and return its path."""
    return write_csv(table, Path(out_dir) / "catalogue.csv", float_format="%.6g")


def read_catalogue(path):
    """catalogue.csv as a DataFrame of strings (verdicts ``true``/``false``/empty)."""
    return read_string_table(path, CATALOGUE_COLUMNS, "imbeval theory catalogue")


def common_passing(table):
    """The multi-class indices of ``table`` that meet all three conditions (index names)."""
    ok = ((table["condition1"] == "true") & (table["condition2"] == "true")
          & (table["condition3"] == "true"))
    return table.loc[ok, "index"].tolist()


def timed_audit(**kwargs):
    """(table, seconds) of :func:`audit_catalogue`."""
    start = time.perf_counter()
    table = audit_catalogue(**kwargs)
    return table, time.perf_counter() - start
