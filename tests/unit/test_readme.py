"""The README stays true: its two set-up commands, CI running the test one, the index table."""

from __future__ import annotations

import re
from pathlib import Path

from imbeval.indices import registry

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()


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
    table = README.split("### Registered indices", 1)[1].split("\n\n", 2)[1]
    listed = set(re.findall(r"^\| `([a-z0-9_]+)` \|", table, flags=re.M))
    assert listed == set(registry())


def test_readme_table_orientation_is_the_registry_s():
    table = README.split("### Registered indices", 1)[1].split("\n\n", 2)[1]
    shown = dict(re.findall(r"^\| `([a-z0-9_]+)` \|.*\| (higher|lower) is better \|$", table,
                            flags=re.M))
    assert shown == {n: "higher" if i.greater_is_better else "lower"
                     for n, i in registry().items() if n in shown}
    assert shown["cen"] == shown["mcen"] == "lower" and len(shown) == len(registry())


def _command_paths():
    """Every `imbeval WORD ...` in the README, alternatives (a|b) expanded, options dropped."""
    paths = set()
    for code in re.findall(r"`(imbeval [^`]+)`", README):
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
    top = {p[0] for p in paths}
    assert top >= {"experiment", "theory", "papers", "indices", "audit", "data"}
