"""Imports run only downward through the library's layers.

Layers, bottom to top: ``_io``/``_seeds``/``_settings``/``_bootstrap`` → indices → metrics → data → features →
classifiers → protocol → audit → baselines/figures/tables → report → cli. Every ``import`` of every module
under ``src/imbeval`` (module level and inside functions) is parsed with :mod:`ast`; a
module may import its own layer or a lower one, never a higher one; parts of one rank may
import each other one way only (no loop: figures import tables, never the reverse).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "imbeval"

#: Rank of each top-level part of the package (equal ranks may import each other one way).
LAYERS = {
    "_io": 0, "_seeds": 0, "_settings": 0, "_cluster": 0, "_plugins": 0, "_bootstrap": 0, "inference": 0,
    "_provenance": 0, "_params": 0,
    "indices": 1, "scores": 1,
    "metrics": 2,
    "data": 3,
    "features": 4,
    "classifiers": 5,
    "protocol": 6,
    "audit": 7,
    "baselines": 8,
    "figures": 8, "tables": 8, "evaluation": 8, "compare": 8,
    "report": 9,
    "cli": 10,
}


def _layer_of_module(parts: tuple[str, ...]) -> str:
    """The layer of ``imbeval.<parts>``: its first component ('__init__' = the package)."""
    return parts[0] if parts else "__init__"


def _imported_modules(path: Path) -> list[tuple[int, str]]:
    """(line, dotted name) of every imbeval module that ``path`` imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = ["imbeval", *path.relative_to(SRC).with_suffix("").parts]
    if package[-1] == "__init__":
        package = package[:-1]
    else:
        package = package[:-1]  # a module's own package, for relative imports
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            out.append((node.lineno, name))
            # `from imbeval import figures` names a subpackage; `__version__` an attribute
            if name == "imbeval":
                out += [(node.lineno, f"imbeval.{a.name}") for a in node.names
                        if (SRC / a.name).is_dir() or (SRC / f"{a.name}.py").is_file()]
    return [(line, name) for line, name in out if name == "imbeval" or name.startswith("imbeval.")]


def _modules():
    return sorted(p for p in SRC.rglob("*.py"))


def _violations(path: Path) -> list[str]:
    own = _layer_of_module(path.relative_to(SRC).with_suffix("").parts)
    if own == "__init__":
        return []  # the package's own __init__ may name any layer
    bad = []
    for line, name in _imported_modules(path):
        parts = tuple(name.split(".")[1:])
        if not parts:
            continue
        target = parts[0]
        assert target in LAYERS, f"{path}:{line} imports imbeval.{target}, which has no layer"
        if LAYERS[target] > LAYERS[own]:
            bad.append(f"{path.relative_to(SRC)}:{line} ({own}) imports {name} ({target})")
    return bad


def _same_rank_edges(src: Path) -> dict[str, set[str]]:
    """``{part: {parts of its rank it imports}}`` over every module under ``src``."""
    edges: dict[str, set[str]] = {}
    for path in sorted(src.rglob("*.py")):
        own = _layer_of_module(path.relative_to(src).with_suffix("").parts)
        if own not in LAYERS:
            continue
        for _, name in _imported_modules_of(path, src):
            target = name.split(".")[1] if "." in name else ""
            if target in LAYERS and target != own and LAYERS[target] == LAYERS[own]:
                edges.setdefault(own, set()).add(target)
    return edges


def _imported_modules_of(path: Path, src: Path):
    previous = globals()["SRC"]
    globals()["SRC"] = src
    try:
        return _imported_modules(path)
    finally:
        globals()["SRC"] = previous


def _loops(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every loop of the graph (each once, from its smallest part)."""
    found = []

    def walk(start, node, path):
        for nxt in sorted(edges.get(node, ())):
            if nxt == start:
                found.append(path + [start])
            elif nxt > start and nxt not in path:
                walk(start, nxt, path + [nxt])

    for start in sorted(edges):
        walk(start, start, [start])
    return found


def test_no_loop_between_parts_of_one_rank():
    loops = _loops(_same_rank_edges(SRC))
    assert not loops, "parts of one rank import each other in a loop:\n" + "\n".join(
        " -> ".join(loop) for loop in loops)


def test_the_checker_sees_a_loop_between_equal_ranks(tmp_path):
    fake_src = tmp_path / "imbeval"
    for part in ("figures", "tables", "baselines"):
        (fake_src / part).mkdir(parents=True)
    (fake_src / "figures" / "a.py").write_text("from imbeval.tables import b\n")
    (fake_src / "baselines" / "c.py").write_text("from imbeval.tables import b\n")
    (fake_src / "tables" / "b.py").write_text("def f():\n    from imbeval.figures import a\n")
    assert _loops(_same_rank_edges(fake_src)) == [["figures", "tables", "figures"]]
    (fake_src / "tables" / "b.py").write_text("x = 1\n")
    assert _loops(_same_rank_edges(fake_src)) == []


def test_every_part_of_the_package_has_a_layer():
    parts = {p.relative_to(SRC).parts[0].removesuffix(".py") for p in _modules()}
    parts -= {"__init__", "__main__"}
    assert parts <= set(LAYERS), sorted(parts - set(LAYERS))


def test_imports_only_run_downward():
    bad = [v for path in _modules() for v in _violations(path)]
    assert not bad, "imports from a higher layer:\n" + "\n".join(bad)


@pytest.mark.parametrize("source, expected", [
    ("from imbeval.protocol.seeds import derive_rng\n", ["protocol"]),
    ("def f():\n    from imbeval.figures import x\n", ["figures"]),
    ("import imbeval.cli.main\n", ["cli"]),
    ("from imbeval import tables\n", ["tables"]),
    ("from ..protocol import cv\n", ["protocol"]),
])
def test_the_checker_sees_upward_imports(tmp_path, monkeypatch, source, expected):
    """A data module importing these is flagged: module-level, function-level, absolute
    and relative imports alike."""
    fake_src = tmp_path / "imbeval"
    for part in ("data", "tables"):
        (fake_src / part).mkdir(parents=True)
    module = fake_src / "data" / "bad.py"
    module.write_text(source)
    monkeypatch.setitem(globals(), "SRC", fake_src)
    found = _violations(module)
    assert [v.rsplit("(", 1)[1].rstrip(")") for v in found] == expected


# ---------------------------------------------------------------- a package's face

def _imports_of_own_face(path: Path, src: Path) -> list[str]:
    """Names a module imports from its own package's ``__init__`` when that ``__init__``
    imports the module: a cycle hidden inside one package (the module runs while its
    ``__init__`` is half done, and reads whatever the ``__init__`` defined so far). Importing
    a sibling submodule through the package (``from pkg import _sibling``) is not counted."""
    if path.name == "__init__.py":
        return []
    package = ["imbeval", *path.relative_to(src).parent.parts]
    dotted, folder = ".".join(package), path.parent
    face = folder / "__init__.py"
    if not face.exists():
        return []
    face_imports = {name for _, name in _imported_modules_of(face, src)}
    if f"{dotted}.{path.stem}" not in face_imports:
        return []  # the face does not import this module (a __main__, say): no cycle
    bad = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target != dotted:
                continue
            bad += [f"{path.relative_to(src)}:{node.lineno} imports {a.name} from {dotted}"
                    for a in node.names if not ((folder / f"{a.name}.py").is_file()
                                                or (folder / a.name).is_dir())]
        elif isinstance(node, ast.Import):
            bad += [f"{path.relative_to(src)}:{node.lineno} imports {dotted}"
                    for a in node.names if a.name == dotted]
    return bad


def test_no_module_imports_the_package_init_that_imports_it():
    bad = [b for path in _modules() for b in _imports_of_own_face(path, SRC)]
    assert not bad, "\n".join(bad)


def test_the_checker_sees_a_module_importing_its_face(tmp_path):
    fake_src = tmp_path / "imbeval"
    (fake_src / "pkg").mkdir(parents=True)
    (fake_src / "pkg" / "__init__.py").write_text("X = 1\nfrom imbeval.pkg._a import f\n")
    (fake_src / "pkg" / "_a.py").write_text("from imbeval.pkg import X, _b\n\ndef f():\n    return X\n")
    (fake_src / "pkg" / "_b.py").write_text("")
    (fake_src / "pkg" / "__main__.py").write_text("from imbeval.pkg import f\n")
    assert _imports_of_own_face(fake_src / "pkg" / "_a.py", fake_src) == [
        "pkg/_a.py:1 imports X from imbeval.pkg"]
    assert _imports_of_own_face(fake_src / "pkg" / "__main__.py", fake_src) == []


def test_the_names_that_meant_two_things_are_not_used_by_the_package():
    """``inference.ALPHA`` (0.05; 0.005 in tables.comparison) and ``inference.MIN_UNITS`` (10;
    5 in compare) are gone: the package says INTERVAL_ALPHA, DECISIVE_ALPHA,
    MIN_DECISIVE_UNITS and MIN_RANKING_UNITS."""
    import imbeval.compare
    import imbeval.inference
    import imbeval.tables.comparison

    for module in (imbeval.inference, imbeval.tables.comparison, imbeval.compare):
        assert not hasattr(module, "ALPHA") and not hasattr(module, "MIN_UNITS"), module
    old = re.compile(r"\binference\.(ALPHA|MIN_UNITS)\b"
                     r"|from imbeval\.inference import [^\n]*\b(ALPHA|MIN_UNITS)\b"
                     r"|from imbeval\.inference import \([^)]*\b(ALPHA|MIN_UNITS)\b")
    users = [str(p.relative_to(SRC)) for p in _modules()
             if p.parent.name != "inference" and old.search(p.read_text(encoding="utf-8"))]
    assert users == []
    assert old.search("from imbeval.inference import (LEVEL,\n    ALPHA)")
