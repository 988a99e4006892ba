"""The README and the guide pages stay true: the README's two set-up commands, CI running the
test one, its length and its links; the index table of docs/indices.md; every `imbeval ...`
command the README and the pages name exists."""

from __future__ import annotations

import re
from pathlib import Path

from imbeval.indices import registry

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()
# the guide's pages (the reference the README points to)
DOCS = {p.name: p.read_text(encoding="utf-8") for p in sorted((ROOT / "docs").glob("*.md"))}
INDICES_PAGE = DOCS["indices.md"]


def setup_commands():
    section = README.split("## Set up on a fresh machine", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```bash\n(.*?)\n```", section, flags=re.S)


def test_exactly_two_setup_commands_one_line_each():
    commands = setup_commands()
    assert len(commands) == 2
    assert all("\n" not in c for c in commands)
    run, test = commands
    # both install the locked versions (requirements.lock holds the test extra too)
    for command in commands:
        assert "pip install -r requirements.lock && pip install --no-deps -e ." in command
    assert "snakemake" in run and "pytest" in test


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text()
    lines = [l.strip() for l in ci.splitlines() if l.strip() and not l.lstrip().startswith("#")]
    assert setup_commands()[1] in lines


def test_readme_table_lists_every_registered_index():
    table = INDICES_PAGE.split("## Registered indices", 1)[1].split("\n\n", 2)[1]
    listed = set(re.findall(r"^\| `([a-z0-9_]+)` \|", table, flags=re.M))
    assert listed == set(registry())


def test_readme_table_orientation_is_the_registry_s():
    table = INDICES_PAGE.split("## Registered indices", 1)[1].split("\n\n", 2)[1]
    shown = dict(re.findall(r"^\| `([a-z0-9_]+)` \|.*\| (higher|lower) is better \|$", table,
                            flags=re.M))
    assert shown == {n: "higher" if i.greater_is_better else "lower"
                     for n, i in registry().items() if n in shown}
    assert shown["cen"] == shown["mcen"] == "lower" and len(shown) == len(registry())


def _command_paths(text=None):
    """Every `imbeval WORD ...` in ``text`` (the README and every page of docs/ by default),
    alternatives (a|b) expanded, options dropped."""
    text = README + "".join(DOCS.values()) if text is None else text
    paths = set()
    for code in re.findall(r"`(imbeval [^`]+)`", text):
        words = []
        for token in code.replace("\\|", "|").split()[1:]:
            if token.startswith("-") or not re.fullmatch(r"[a-z0-9|…-]+", token):
                break
            words.append([t for t in token.split("|") if t != "…"])  # "a|…|z": the named ones
        prefix = [()]
        for options in words:
            prefix = [(*p, o) for p in prefix for o in options]
        paths.update(p for p in prefix if p)
    return paths


def test_readme_commands_exist_and_every_command_is_named():
    from imbeval.cli import build_parser

    def resolve(parser, words):
        for word in words:
            subs = [a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction"]
            if not subs:
                return True  # the rest are positional values (e.g. `imbeval indices FILE`)
            if word not in subs[0].choices:
                return False
            parser = subs[0].choices[word]
        return True

    paths = _command_paths()
    parser = build_parser()
    assert [p for p in paths if not resolve(parser, p)] == []
    assert not resolve(parser, ("papers", "no-such-item"))  # the check can fail
    # the README's tour names every stage and the everyday commands
    top = {p[0] for p in _command_paths(README)}
    assert top >= {"experiment", "theory", "papers", "indices", "audit", "data", "compare"}


def test_readme_is_a_short_guide_whose_links_resolve():
    """Issue 45: what it is, the two commands, a tour, where to read more -- at most 300
    lines; the reference is in docs/, and every page of the guide is linked from it."""
    assert len(README.splitlines()) <= 300
    for heading in ("## Set up on a fresh machine", "## A tour", "## Where to read more"):
        assert heading in README
    links = set(re.findall(r"\]\(([^)#]+)\)", README))
    assert [link for link in links if not (ROOT / link).exists()] == []
    for page in ("pipeline", "metrics", "indices", "audit", "compare", "inference", "cluster",
                 "reproducibility", "testing", "performance", "troubleshooting", "byo"):
        assert f"docs/{page}.md" in links, page
    # each page's own relative links resolve too
    broken = [(name, link) for name, text in DOCS.items()
              for link in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", text)
              if not (ROOT / "docs" / link).exists()]
    assert broken == []
