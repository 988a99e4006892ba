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
    "figures": 0, "cluster": 0, "workflow": 0, "provenance": 0,
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


# --- Import circles -------------------------------------------------------------------------
#
# A module's imports are the modules it needs run before it can run. An import names the most
# specific module it reaches: ``import a.b.c`` and ``from a.b import c`` (``c`` a submodule)
# need ``a.b.c``; ``from a.b import name`` (``name`` defined or re-exported by ``a/b/__init__``)
# needs ``a.b`` itself, that is its ``__init__``. The packages an import passes through on the
# way (``a``, ``a.b`` for ``import a.b.c``) are not counted: a module inside ``a`` runs only
# once ``a`` is in ``sys.modules``, and from outside ``a`` the import counts as one on ``a``
# anyway at the level where it is looked at (below).
#
# A lazy package face (``__getattr__``, PEP 562) loads its names from modules it names by string
# (``"imbeval.compare._rank"``, ``".factories"``): such a string in a package's ``__init__``
# that is the name of one of the package's modules counts as an import of it, so that
# ``from imbeval.compare import name`` inside ``imbeval.compare`` reaches the module behind
# ``name``.
#
# A package's ``__init__`` is a module like the others: a face that imports its submodules to
# re-export their names is fine; a submodule that imports its own package's ``__init__`` while
# that ``__init__`` imports it (directly or through others) closes a circle.
#
# Levels: for every package, each module and subpackage directly in it is one node, a
# subpackage standing for everything inside it; an import between two modules under the
# package is an edge between the nodes that hold them. A circle among the modules of one
# package shows at that package; a circle between subpackages (``verdicts`` -> ``papers`` ->
# ``verdicts``) shows at the package holding both, so the top packages check the parts of the
# library and of the reproduction against each other.


def module_names(root: Path) -> dict[str, Path]:
    """Dotted name -> file of every module of the top-level package at ``root``; a package
    is named by its ``__init__``."""
    names = {}
    for path in sorted(root.rglob("*.py")):
        parts = [root.name, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if all((root.parent.joinpath(*parts[:i]) / "__init__.py").is_file()
               for i in range(1, len(parts))):
            names[".".join(parts)] = path
    return names


def import_edges(path: Path, root: Path, modules: dict[str, Path]) -> list[tuple[int, str]]:
    """(line, module) of every module of ``modules`` that ``path`` needs, module level and
    inside functions, following the rules above."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    rel = path.relative_to(root).with_suffix("").parts
    package = [root.name, *rel[:-1]]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names if a.name in modules]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                if node.level - 1 > len(package) - 1:
                    raise ValueError(f"{path}:{node.lineno}: relative import beyond the top")
                base = package[: len(package) - (node.level - 1)]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            for a in node.names:
                sub = f"{name}.{a.name}"
                if sub in modules:
                    out.append((node.lineno, sub))
                elif name in modules:
                    out.append((node.lineno, name))
        elif (path.name == "__init__.py" and isinstance(node, ast.Constant)
              and isinstance(node.value, str)):
            # a lazy face (PEP 562) names the submodules it loads its names from
            named = ".".join(package) + node.value if node.value.startswith(".") else node.value
            if named in modules and named.startswith(".".join(package) + "."):
                out.append((node.lineno, named))
    return out


def import_graph(root: Path) -> dict[str, dict[str, tuple[str, int]]]:
    """module -> {imported module: (file, line) of the first import of it}."""
    modules = module_names(root)
    graph: dict[str, dict[str, tuple[str, int]]] = {}
    for name, path in modules.items():
        edges = graph.setdefault(name, {})
        for line, target in import_edges(path, root, modules):
            if target != name:
                edges.setdefault(target, (str(path.relative_to(root.parent)), line))
    return graph


def _node_in(package: str, module: str) -> str | None:
    """The node of ``package``'s graph that holds ``module``, or None if it is outside."""
    if module == package:
        return f"{package}.__init__"
    if not module.startswith(package + "."):
        return None
    return ".".join(module.split(".")[: package.count(".") + 2])


def _one_cycle(component: set[str], edges: dict[str, set[str]]) -> list[str]:
    """A shortest circle through the first node of a strongly connected ``component``."""
    start = min(component)
    parent = {start: None}
    queue = [start]
    for here in queue:
        for there in sorted(edges[here] & component):
            if there == start:
                path = [here]
                while parent[path[-1]] is not None:
                    path.append(parent[path[-1]])
                return [*reversed(path), start]
            if there not in parent:
                parent[there] = here
                queue.append(there)
    raise AssertionError("not strongly connected")


def _components(edges: dict[str, set[str]]) -> list[set[str]]:
    """Strongly connected components of more than one node (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        out.append(component)
    return out


def import_cycles(root: Path) -> list[str]:
    """Every import circle of the top-level package at ``root``, at every level, each as
    ``a -> b -> a`` followed by the imports that make its edges."""
    graph = import_graph(root)
    packages = sorted({name for name, path in module_names(root).items()
                       if path.name == "__init__.py"})
    found = []
    for package in packages:
        edges: dict[str, set[str]] = {}
        where: dict[tuple[str, str], tuple[str, int]] = {}
        for module, targets in graph.items():
            here = _node_in(package, module)
            if here is None:
                continue
            edges.setdefault(here, set())
            for target, place in targets.items():
                there = _node_in(package, target)
                if there is not None and there != here:
                    edges[here].add(there)
                    where.setdefault((here, there), place)
                    edges.setdefault(there, set())
        for component in _components(edges):
            cycle = _one_cycle(component, edges)
            lines = [f"  {a} -> {b}: {where[a, b][0]}:{where[a, b][1]}"
                     for a, b in zip(cycle, cycle[1:])]
            also = sorted(component - set(cycle))
            found.append(f"in {package}: " + " -> ".join(cycle)
                         + (f" (circles also through {', '.join(also)})" if also else "")
                         + "\n" + "\n".join(lines))
    return found


@pytest.mark.parametrize("root", [LIBRARY, REPRODUCTION], ids=["library", "reproduction"])
def test_no_import_circles(root):
    cycles = import_cycles(root)
    assert not cycles, "import circles:\n" + "\n".join(cycles)


@pytest.mark.parametrize("files, circle", [
    # module level, relative and absolute
    ({"a.py": "from . import b\n", "b.py": "from pkg.a import x\n"},
     "pkg.a -> pkg.b -> pkg.a"),
    # through an import inside a function
    ({"a.py": "import pkg.b\n", "b.py": "def f():\n    from .a import x\n"},
     "pkg.a -> pkg.b -> pkg.a"),
    # a submodule takes a name from its package's __init__, which imports it
    ({"__init__.py": "from pkg.a import x\n", "a.py": "from pkg import y\n"},
     "pkg.__init__ -> pkg.a -> pkg.__init__"),
    # ... or from a lazy face (PEP 562) that names it
    ({"__init__.py": "_LAZY = {'x': 'pkg.a'}\n", "a.py": "from pkg import y\n"},
     "pkg.__init__ -> pkg.a -> pkg.__init__"),
    ({"__init__.py": "_LAZY = {'x': '.a'}\n", "a.py": "def f():\n    from pkg import y\n"},
     "pkg.__init__ -> pkg.a -> pkg.__init__"),
    # two subpackages that import each other, through different modules
    ({"s/__init__.py": "", "s/m.py": "from pkg.t import n\n", "s/k.py": "",
      "t/__init__.py": "", "t/n.py": "from ..s import k\n"},
     "in pkg: pkg.s -> pkg.t -> pkg.s"),
    # a circle inside a subpackage
    ({"s/__init__.py": "", "s/m.py": "from .k import x\n", "s/k.py": "import pkg.s.m\n"},
     "in pkg.s: pkg.s.k -> pkg.s.m -> pkg.s.k"),
    # a face that re-exports its submodules, which import each other one way
    ({"__init__.py": "from .a import x\nfrom .b import y\n", "a.py": "from pkg.b import y\n",
      "b.py": "import math\n"}, None),
    # ``from pkg import b`` reaches the submodule b, not the __init__
    ({"__init__.py": "from .a import x\n", "a.py": "from pkg import b\n", "b.py": ""}, None),
    # a subpackage's module that imports its parent's module, which does not import back
    ({"s/__init__.py": "", "s/m.py": "from pkg import c\n", "c.py": ""}, None),
])
def test_the_checker_sees_import_circles(tmp_path, files, circle):
    fake = tmp_path / "pkg"
    for name, source in {"__init__.py": "", **files}.items():
        (fake / name).parent.mkdir(parents=True, exist_ok=True)
        (fake / name).write_text(source)
    found = import_cycles(fake)
    if circle is None:
        assert not found
    else:
        assert len(found) == 1 and circle in found[0], found
