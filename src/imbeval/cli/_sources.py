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
    is_package = path.name == "__init__.py"
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
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
    root_path = Path(root).resolve() if root is not None else package_root()
    if not (module == PACKAGE or module.startswith(PACKAGE + ".")) or _module_file(root_path, module) is None:
        raise ValueError(f"{module!r} is not a module of {PACKAGE} under {root_path}")
    files = _reached(module, str(root_path))
    if relative_to is not None:
        base = Path(relative_to).resolve()
        return sorted(str(Path(f).relative_to(base)) if Path(f).is_relative_to(base) else str(f)
                      for f in files)
    return sorted(str(f) for f in files)


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
