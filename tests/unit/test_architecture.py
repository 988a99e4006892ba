"""The two packages' import structure: the library never imports the reproduction, and the
reproduction's parts import one way only.

Every ``import`` of every module (module level and inside functions, absolute and relative)
is parsed with :mod:`ast`.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = ROOT / "src" / "imbeval"
REPRODUCTION = ROOT / "reproduction" / "src" / "imbeval_repro"

#: Rank of each part of the reproduction: a part imports parts of a lower rank only (or
#: itself). ``papers/<paper>`` are parts of their own: no paper imports another.
RANKS = {
    "figures": 0, "cluster": 0, "provenance": 0,
    "experiment": 1,
    "verdicts": 2,
    "papers/mullick2020": 3, "papers/mortaz2020": 3, "papers/ortigosa2016": 3,
    "papers/dembele": 3, "papers/kluska": 3,
    "papers": 4, "library_results": 4,
    "report": 5,
    "cli": 6,
}


def imported_modules(path: Path, root: Path) -> list[tuple[int, str]]:
    """(line, dotted name) of every module ``path`` imports; ``root`` is the folder of
    its top-level package."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = [root.name, *path.relative_to(root).parent.parts]
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
            out += [(node.lineno, f"{name}.{a.name}") for a in node.names]
    return out


def part_of(dotted: str, root: Path) -> str | None:
    """The part of the reproduction a dotted name of ``imbeval_repro`` is in."""
    parts = dotted.split(".")[1:]
    if not parts:
        return None
    first = parts[0]
    if first == "papers" and len(parts) > 1 and (root / "papers" / parts[1]).is_dir():
        return f"papers/{parts[1]}"
    return first if first in RANKS else None


def library_violations(root: Path) -> list[str]:
    return [f"{path.relative_to(root)}:{line} imports {name}"
            for path in sorted(root.rglob("*.py"))
            for line, name in imported_modules(path, root)
            if name == "imbeval_repro" or name.startswith("imbeval_repro.")]


def reproduction_violations(root: Path) -> list[str]:
    bad = []
    for path in sorted(root.rglob("*.py")):
        own = part_of(".".join([root.name, *path.relative_to(root).with_suffix("").parts]), root)
        if own is None:
            continue
        for line, name in imported_modules(path, root):
            if not name.startswith("imbeval_repro."):
                continue
            target = part_of(name, root)
            if target is None or target == own:
                continue
            if RANKS[target] >= RANKS[own]:
                bad.append(f"{path.relative_to(root)}:{line} ({own}) imports {name} ({target})")
    return bad


def test_the_library_never_imports_the_reproduction():
    bad = library_violations(LIBRARY)
    assert not bad, "the library imports the reproduction:\n" + "\n".join(bad)


def test_every_part_of_the_reproduction_has_a_rank():
    unranked = []
    for path in REPRODUCTION.rglob("*.py"):
        rel = path.relative_to(REPRODUCTION).with_suffix("").parts
        if rel != ("__init__",) and part_of(".".join(["imbeval_repro", *rel]), REPRODUCTION) is None:
            unranked.append("/".join(rel))
    assert not unranked, sorted(unranked)


def test_the_reproduction_imports_one_way():
    bad = reproduction_violations(REPRODUCTION)
    assert not bad, "imports against the reproduction's order:\n" + "\n".join(bad)


@pytest.mark.parametrize("source", [
    "import imbeval_repro\n",
    "from imbeval_repro.papers import claims\n",
    "def f():\n    from imbeval_repro.verdicts import rows\n",
])
def test_the_checker_sees_the_library_import_the_reproduction(tmp_path, source):
    fake = tmp_path / "imbeval"
    (fake / "metrics").mkdir(parents=True)
    (fake / "metrics" / "bad.py").write_text(source)
    assert library_violations(fake)


@pytest.mark.parametrize("module, source, flagged", [
    ("verdicts/rows.py", "from imbeval_repro.papers.mullick2020 import claims\n", True),
    ("verdicts/rows.py", "def f():\n    from ..papers.dembele import tables\n", True),
    ("papers/dembele/tables.py", "from imbeval_repro.papers.kluska import printed\n", True),
    ("papers/dembele/tables.py", "from imbeval_repro.verdicts import rows\n", False),
    ("papers/dembele/tables.py", "from . import printed\n", False),
    ("experiment/cv.py", "from imbeval_repro import verdicts\n", True),
    ("cli/papers.py", "from imbeval_repro.report import pages\n", False),
])
def test_the_checker_sees_imports_against_the_order(tmp_path, module, source, flagged):
    fake = tmp_path / "imbeval_repro"
    for folder in ("verdicts", "experiment", "cli", "report", "papers/dembele", "papers/kluska",
                   "papers/mullick2020"):
        (fake / folder).mkdir(parents=True, exist_ok=True)
    (fake / module).write_text(source)
    assert bool(reproduction_violations(fake)) is flagged
