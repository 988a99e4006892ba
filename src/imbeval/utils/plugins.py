"""User code by import path: ``"package.module:attribute"``.

A user brings a classifier, a factory or an index as an *import path* (in the config, or
with ``--index`` on the command line). :func:`import_object` turns one into the object, and
every failure into one ``ValueError`` that names where the path came from (``what``: a
config key or a command-line option) and the cause, so a typo stops the run before any job.

Where user code is found: any installed package, or a *plugin folder* -- by default the
top-level ``plugins/`` folder of the workflow -- put on the import path with
:func:`add_plugin_dirs` (the workflow does this when it parses the config, and hands the
same folders to its jobs through ``PYTHONPATH``, so a job on a cluster node imports the same
code from the workflow folder).

This module is at the bottom of the layers (beside ``_io``): it imports nothing of imbeval.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from pathlib import Path

__all__ = ["IMPORT_PATH_RE", "is_import_path", "import_object", "add_plugin_dirs",
           "plugin_pythonpath", "plugin_sources", "add_command_line_dirs", "use_plugin_dirs"]

#: ``module.sub:attr`` or ``module.sub:Class.attr``: dotted Python identifiers around one colon.
IMPORT_PATH_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*"
                            r":[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")


def is_import_path(text) -> bool:
    """True if ``text`` looks like ``module:attribute`` (it may still fail to import)."""
    return isinstance(text, str) and bool(IMPORT_PATH_RE.match(text))


def import_object(spec: str, what: str):
    """Import ``"module:attribute"`` and return the attribute.

    Raises
    ------
    ValueError
        ``"<what>: <spec>: <cause>"`` when ``spec`` is malformed, the module cannot be
        found, importing it raises, or it has no such attribute.
    """
    if not is_import_path(spec):
        raise ValueError(f"{what}: {spec!r} is not an import path; expected "
                         "'package.module:name' (e.g. 'sklearn.svm:SVC')")
    module_name, _, attr = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        missing = exc.name or module_name
        raise ValueError(
            f"{what}: {spec!r} does not import: no module named {missing!r} (put it in a "
            f"plugin folder such as plugins/, or install the package that provides it)"
        ) from None
    except Exception as exc:  # noqa: BLE001 -- user code may raise anything on import
        raise ValueError(f"{what}: {spec!r} does not import: importing {module_name!r} raised "
                         f"{type(exc).__name__}: {exc}") from None
    obj = module
    for part in attr.split("."):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            raise ValueError(f"{what}: {spec!r} does not import: module {module_name!r} has "
                             f"no attribute {attr!r}") from None
    return obj


def add_plugin_dirs(dirs, base=None) -> list[str]:
    """Put each existing folder of ``dirs`` (relative to ``base``, default the current
    folder) at the front of ``sys.path``, once; return their absolute paths."""
    base = Path(base or os.getcwd())
    added = []
    for d in dirs or ():
        path = str((base / d).resolve())
        if not os.path.isdir(path):
            continue
        if path not in sys.path:
            sys.path.insert(0, path)
        added.append(path)
    importlib.invalidate_caches()
    return added


def plugin_pythonpath(dirs, base=None, current=None) -> str:
    """The ``PYTHONPATH`` value that puts the plugin folders before ``current``."""
    base = Path(base or os.getcwd())
    parts = [str((base / d).resolve()) for d in dirs or ()]
    current = os.environ.get("PYTHONPATH", "") if current is None else current
    parts += [p for p in current.split(os.pathsep) if p and p not in parts]
    return os.pathsep.join(parts)


def plugin_sources(import_paths, dirs, base=None) -> list[str]:
    """Files (relative to ``base``) of the modules of ``import_paths`` that live in one of
    the plugin folders ``dirs``; modules elsewhere (installed packages) are left out."""
    import importlib.util

    base = Path(base or os.getcwd()).resolve()
    roots = [str((base / d).resolve()) for d in dirs or ()]
    files = set()
    for spec in import_paths:
        try:
            found = importlib.util.find_spec(spec.partition(":")[0])
        except (ImportError, ValueError):
            continue
        origin = str(Path(found.origin).resolve()) if found and found.origin else None
        if origin and any(origin.startswith(r + os.sep) for r in roots):
            files.add(os.path.relpath(origin, base))
    return sorted(files)


def add_command_line_dirs() -> None:
    """For ``--index module:function`` on the command line: the current folder and its
    ``plugins/`` become importable, *after* everything else on ``sys.path`` (so a user file
    never shadows an installed module)."""
    for path in (os.getcwd(), os.path.join(os.getcwd(), "plugins")):
        if os.path.isdir(path) and path not in sys.path:
            sys.path.append(path)
    importlib.invalidate_caches()


def use_plugin_dirs(dirs, base=None) -> list[str]:
    """What the workflow does with the config's ``plugin_dirs``: put them on this process's
    import path (the config's import paths are checked while it parses) and at the front of
    ``PYTHONPATH``, which every job's shell command inherits (a cluster job re-reads the
    workflow in the workflow folder and so sets the same). Returns the folders added."""
    added = add_plugin_dirs(dirs, base)
    os.environ["PYTHONPATH"] = plugin_pythonpath(dirs, base)
    return added
