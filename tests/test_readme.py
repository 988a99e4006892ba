"""The README stays true: its two set-up commands, CI running the test one, the index table."""

from __future__ import annotations

import re
from pathlib import Path

from imbeval.indices import registry

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()


def setup_commands():
    section = README.split("## Set up on a fresh machine", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```bash\n(.*?)\n```", section, flags=re.S)


def test_exactly_two_setup_commands_one_line_each():
    commands = setup_commands()
    assert len(commands) == 2
    assert all("\n" not in c for c in commands)
    run, test = commands
    assert "snakemake" in run and "pip install -e ." in run
    assert "pytest" in test and "[test]" in test


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text()
    lines = [l.strip() for l in ci.splitlines() if l.strip() and not l.lstrip().startswith("#")]
    assert setup_commands()[1] in lines


def test_readme_table_lists_every_registered_index():
    table = README.split("### Registered indices", 1)[1].split("\n\n", 2)[1]
    listed = set(re.findall(r"^\| `([a-z0-9_]+)` \|", table, flags=re.M))
    assert listed == set(registry())
