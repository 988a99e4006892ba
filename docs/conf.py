"""Sphinx configuration: the guides (docs/*.md, through MyST) and the API reference of the
library ``imbeval``, rendered from its numpydoc docstrings.

The reference's pages (``api/imbeval.*.rst``) are written here, at every build, from each
module's ``__all__``, so that a name added, renamed or moved in the code is documented
without editing a page. Each object is documented once, where its package exports it; a
submodule's page links to it.
"""

import importlib
import inspect
import pkgutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
# the checkout's library, whatever else is installed
sys.path.insert(0, str(ROOT / "src"))

import imbeval  # noqa: E402

project = "imbeval"
author = "the imbeval authors"
copyright = "the imbeval authors"
release = version = imbeval.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.mathjax",
    "numpydoc",
    "myst_parser",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build", "requirements.txt", "**/generated/*.md",
                    "recommend_examples.md"]  # included by recommend.md
templates_path = ["_templates"]
html_theme = "furo"
html_title = f"imbeval {release}"

autosummary_generate = True
autosummary_ignore_module_all = False
autodoc_default_options = {"member-order": "bysource"}
autodoc_typehints = "none"  # the numpydoc Parameters sections carry the types
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
myst_heading_anchors = 3
myst_enable_extensions = ["dollarmath"]
# the guides link to the code and tests by their paths in the repository
myst_url_schemes = ["http", "https", "mailto"]


def _repository_files():
    """The repository's files outside docs/, as the guides' Markdown links name them."""
    try:
        listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True,
                                text=True, check=True).stdout.splitlines()
    except (OSError, subprocess.CalledProcessError):  # not a git checkout: what is there
        listed = [str(p.relative_to(ROOT)) for p in ROOT.rglob("*") if p.is_file()]
    return [f for f in listed if not f.startswith("docs/")]


# A guide's link to a file of the repository outside docs/ (a config file, the changelog,
# a test) has no page in the built guide: it is rendered as its text. Links to anything
# else that does not exist stay warnings.
nitpick_ignore = []
for _f in _repository_files():
    nitpick_ignore += [("myst", _f), ("myst", f"../{_f}"),
                       ("myst", str((ROOT / _f).with_suffix("")))]

#: The library's public packages and modules, in the reference's order: each gets a page,
#: with its public submodules (those not starting with ``_``) as sections.
PAGES = [
    "imbeval.indices",
    "imbeval.indices.catalogue",
    "imbeval.metrics",
    "imbeval.scores",
    "imbeval.inference",
    "imbeval.compare",
    "imbeval.audit",
    "imbeval.baselines",
    "imbeval.rrt",
    "imbeval.evaluation",
    "imbeval.recommend",
    "imbeval.scoring",
    "imbeval.utils",
]


def _public_names(module):
    names = getattr(module, "__all__", None)
    return [] if names is None else list(names)


def _submodules(name):
    module = importlib.import_module(name)
    if not hasattr(module, "__path__"):
        return []
    found = []
    for info in pkgutil.iter_modules(module.__path__):
        full = f"{name}.{info.name}"
        if info.name.startswith("_") or full in PAGES:
            continue
        found.append(full)
    return sorted(found)


def _heading(text, mark):
    return [text, mark * len(text), ""]


def _autosummary(names, toctree, module=None):
    lines = [f".. currentmodule:: {module}", ""] if module else []
    lines.append(".. autosummary::")
    if toctree:
        lines.append("   :toctree: generated")
    lines += ["   :nosignatures:", ""] + [f"   {n}" for n in names] + [""]
    return lines


def _page(name, documented):
    """The reST of one page; ``documented`` maps id(object) to the name it is documented
    under, and is filled here."""
    module = importlib.import_module(name)
    lines = _heading(f"``{name}``", "=")
    lines += [f".. automodule:: {name}", "   :no-members:", ""]
    sections = [(name, module)]
    sections += [(sub, importlib.import_module(sub)) for sub in _submodules(name)]
    for full, mod in sections:
        own, elsewhere = [], []
        for attr in _public_names(mod):
            obj = getattr(mod, attr)
            if inspect.ismodule(obj):  # a submodule: a section of its own
                continue
            # plain values (numbers, strings) are documented where each module names them
            key = id(obj) if callable(obj) else (full, attr)
            if key in documented:
                elsewhere.append(documented[key])
            else:
                documented[key] = f"{full}.{attr}"
                own.append(attr)
        if full != name:
            lines += _heading(f"``{full}``", "-")
            lines += [f".. automodule:: {full}", "   :no-members:"]
            # a package attribute of the module's name (a function ``dutch_draw`` of the
            # module ``dutch_draw``) owns the name: the module is described, not indexed
            if getattr(module, full.rsplit(".", 1)[1], mod) is not mod:
                lines.append("   :no-index:")
            lines.append("")
        if own:
            lines += _autosummary(own, toctree=True, module=full)
        if elsewhere:
            lines += ["Exported here too, documented where the package exports them:", ""]
            lines += _autosummary(elsewhere, toctree=False)
    return "\n".join(lines)


def write_api_pages():
    documented = {}
    out = HERE / "api"
    # packages first, so that a re-exported object is documented under its package
    for name in PAGES:
        text = _page(name, documented)
        path = out / f"{name}.rst"
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")


write_api_pages()


def setup(app):
    # Pygments has no CSV lexer; the guides' ```csv blocks (read by tests) show as text
    from pygments.lexers.special import TextLexer

    app.add_lexer("csv", TextLexer)
