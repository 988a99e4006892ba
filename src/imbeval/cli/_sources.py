"""The imbeval source files a module reaches through its imports: derived rule inputs.

Snakemake does not notice edits to imported Python modules, so each rule lists as inputs the
library files the command it runs can execute. Kept by hand such lists go stale (a module
added, a helper moved); :func:`module_sources` derives them by reading the code: it parses
the module with :mod:`ast`, follows every ``import``/``from ... import`` of ``imbeval``
(top-level and inside functions, absolute and relative) transitively, and returns the files
reached, each package's ``__init__.py`` included (importing ``a.b`` runs ``a/__init__.py``).

Only static imports are seen: ``importlib.import_module(name)`` with a computed name is not
followed (``imbeval.cli`` loads its command modules that way; a rule names the one it runs).

    >>> files = module_sources("imbeval.cli.papers")
    >>> any(f.endswith("imbeval/tables/comparison.py") for f in files)
    True
"""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

PACKAGE = "imbeval"


def package_root() -> Path:
    """The folder holding the ``imbeval`` package (``src/`` in a checkout)."""
    return Path(__file__).resolve().parents[2]


def _module_file(root: Path, name: str) -> Path | None:
    """The file of module ``name`` (``a.b`` -> ``a/b.py`` or ``a/b/__init__.py``), or None."""
    base = root.joinpath(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _with_parents(name: str) -> list[str]:
    """``a.b.c`` -> ``[a, a.b, a.b.c]``: importing a module runs its packages first."""
    parts = name.split(".")
    return [".".join(parts[: i + 1]) for i in range(len(parts))]


def _imported_names(path: Path, name: str) -> frozenset[str]:
    """Every imbeval module named by an import statement anywhere in ``path``."""
    stat = path.stat()
    return _parsed_imports(str(path), name, stat.st_mtime_ns, stat.st_size)


# One parse per file and version: a workflow derives the inputs of about ten commands whose
# imports overlap (each `imbeval experiment ITEM`, theory, papers, ...), at every Snakemake
# start-up, cluster jobs included; parsing each file once per command was 40% of a dry run.
@lru_cache(maxsize=None)
def _parsed_imports(path_name: str, name: str, mtime_ns: int, size: int) -> frozenset[str]:
    path = Path(path_name)
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=path_name)
    return _names_imported_by(ast.walk(tree), _package_of(path, name))


def _package_of(path: Path, name: str) -> str:
    """The package relative imports in module ``name`` (file ``path``) start from."""
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def _names_imported_by(nodes, package: str) -> frozenset[str]:
    """Every imbeval module named by the import statements among ``nodes``."""
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                # `from ..x import y` in package p.q: drop level-1 trailing parts of p.q.
                parts = package.split(".")
                anchor = parts[: len(parts) - (node.level - 1)]
                base = ".".join(anchor + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            found.add(base)
            # `from a import b` may name the submodule a.b: kept only if such a file exists.
            found.update(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
    return frozenset(n for n in found if n == PACKAGE or n.startswith(PACKAGE + "."))


@lru_cache(maxsize=None)
def _reached(name: str, root: str) -> frozenset[Path]:
    root_path = Path(root)
    todo, seen, files = [name], set(), set()
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        for module in _with_parents(current):
            path = _module_file(root_path, module)
            if path is None:
                continue  # an attribute (`from a import function`), not a module
            files.add(path)
            if module not in seen:
                todo.append(module)
        path = _module_file(root_path, current)
        if path is not None:
            todo.extend(_imported_names(path, current) - seen)
    return frozenset(files)


@lru_cache(maxsize=None)
def _top_level_reached(name: str, root: str) -> frozenset[Path]:
    """The files importing ``name`` runs: its top-level imports, transitively (not the
    imports inside its functions, which run only when a function is called)."""
    root_path = Path(root)
    todo, seen, files = [name], set(), set()
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        for module in _with_parents(current):
            path = _module_file(root_path, module)
            if path is None:
                continue
            files.add(path)
            if module not in seen:
                todo.append(module)
        path = _module_file(root_path, current)
        if path is not None:
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            nodes = [node for stmt in tree.body
                     if not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                     for node in ast.walk(stmt)]
            todo.extend(_names_imported_by(nodes, _package_of(path, current)) - seen)
    return frozenset(files)


def module_sources(module: str, root: str | Path | None = None, relative_to: str | Path | None = None
                   ) -> list[str]:
    """The sorted ``.py`` files of imbeval that ``module`` reaches through its imports.

    Parameters
    ----------
    module : str
        A dotted module name inside imbeval, e.g. ``"imbeval.cli.experiment"``.
    root : path, optional
        The folder holding the ``imbeval`` package (default: where this one is installed).
    relative_to : path, optional
        Return paths relative to this folder (e.g. the workflow's working directory);
        default absolute.

    Returns
    -------
    list of str
        The module's own file, every imbeval module it imports (transitively, including
        imports inside functions) and their packages' ``__init__.py`` files.

    Raises
    ------
    ValueError
        If ``module`` is not a module of imbeval under ``root``.
    """
    root_path = _checked_root(module, root)
    return _as_listed(_reached(module, str(root_path)), relative_to)


def _checked_root(module: str, root) -> Path:
    root_path = Path(root).resolve() if root is not None else package_root()
    if not (module == PACKAGE or module.startswith(PACKAGE + ".")) or _module_file(root_path, module) is None:
        raise ValueError(f"{module!r} is not a module of {PACKAGE} under {root_path}")
    return root_path


def _as_listed(files, relative_to) -> list[str]:
    if relative_to is not None:
        base = Path(relative_to).resolve()
        return sorted(str(Path(f).relative_to(base)) if Path(f).is_relative_to(base) else str(f)
                      for f in files)
    return sorted(str(f) for f in files)


def function_sources(module: str, function: str, root: str | Path | None = None,
                     relative_to: str | Path | None = None) -> list[str]:
    """The ``.py`` files of imbeval one function of ``module`` can execute: the module's own
    file, its module-level imports, the imports inside ``function`` and inside the module's
    functions it names (transitively), and everything those reach (:func:`module_sources`).

    A command module that keeps each item's imports inside the item's function
    (``imbeval.cli.papers``: ``_mortaz_examples``, ``_kluska``, ...) then gives each item's
    rule the files that item reads, not the union over every item.

    Parameters
    ----------
    module : str
        A dotted module name inside imbeval, e.g. ``"imbeval.cli.papers"``.
    function : str
        The name of a function defined at the module's top level.
    root, relative_to : path, optional
        As for :func:`module_sources`.

    Returns
    -------
    list of str
        The sorted files.

    Raises
    ------
    ValueError
        If ``module`` is not a module of imbeval or defines no top-level ``function``.

    Examples
    --------
    >>> kluska = function_sources("imbeval.cli.papers", "_kluska")
    >>> any(f.endswith("imbeval/tables/kluska.py") for f in kluska)
    True
    >>> any(f.endswith("imbeval/tables/dembele.py") for f in kluska)
    False
    """
    root_path = _checked_root(module, root)
    path = _module_file(root_path, module)
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    defs = {n.name: n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    if function not in defs:
        raise ValueError(f"{module} defines no top-level function {function!r}")
    # the module's functions the item calls (helpers such as a shared writer) run too
    todo, reached = [function], set()
    while todo:
        name = todo.pop()
        if name in reached:
            continue
        reached.add(name)
        todo += [n.id for n in ast.walk(defs[name]) if isinstance(n, ast.Name) and n.id in defs]
    top_level = [n for n in tree.body if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                             ast.ClassDef))]
    package = _package_of(path, module)
    inside = _names_imported_by([node for name in sorted(reached) for node in ast.walk(defs[name])],
                                package)
    # A module imported at the top but used by none of the reached functions (papers.py
    # imports its grid-model module to register its arguments) only runs its own top level.
    used = {n.id for name in reached for n in ast.walk(defs[name]) if isinstance(n, ast.Name)}
    full, top_only = set(inside), set()
    for stmt in top_level:
        for node in ast.walk(stmt):
            if not isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            names = _names_imported_by([node], package)
            bound = {(a.asname or a.name).split(".")[0] for a in node.names}
            (full if bound & used else top_only).update(names)
    files = {path}
    for name in sorted(full | top_only | {module}):
        for parent in _with_parents(name):
            if _module_file(root_path, parent) is None:
                continue
            if parent == module:
                files.add(path)
            elif name in full and parent == name:
                files |= _reached(parent, str(root_path))
            else:
                files |= _top_level_reached(parent, str(root_path))
    return _as_listed(files, relative_to)


def module_constant(module: str, name: str, root: str | Path | None = None):
    """The value of a module's literal constant ``name = <literal>``, read without importing
    the module (a rule file reads the library's lists this way: importing the classifiers
    at every Snakemake start-up would cost seconds).

    Parameters
    ----------
    module : dotted name of an ``imbeval`` module.
    name : a module-level name assigned a literal (tuple, list, dict, str, number).
    root : the folder holding ``imbeval`` (default :func:`package_root`).

    Examples
    --------
    >>> module_constant("imbeval.classifiers.factories", "GRID_SUFFIXES")
    ('', '-RUS', '-ROS')
    """
    path = _module_file(Path(root) if root is not None else package_root(), module)
    if path is None:
        raise ValueError(f"no module {module!r}")
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in tree.body:
        targets = (node.targets if isinstance(node, ast.Assign)
                   else [node.target] if isinstance(node, ast.AnnAssign) and node.value else [])
        if any(isinstance(t, ast.Name) and t.id == name for t in targets):
            try:
                return ast.literal_eval(node.value)
            except ValueError:
                raise ValueError(f"{module}.{name} is not a literal") from None
    raise ValueError(f"{module} assigns no {name!r}")
