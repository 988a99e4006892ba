"""imbeval.utils.io: atomic writes leave no temporary file behind, even after a killed write."""

from __future__ import annotations

import tempfile

import pytest

from imbeval.utils.io import atomic_write, atomic_write_text


def test_a_failed_write_leaves_neither_target_nor_temporary(tmp_path):
    def fail(tmp):
        open(tmp, "w").write("half")
        raise RuntimeError("killed")

    with pytest.raises(RuntimeError):
        atomic_write(tmp_path / "fold0.json", fail)
    assert list(tmp_path.iterdir()) == []


def test_the_next_write_removes_what_a_killed_write_left(tmp_path):
    # a SIGKILLed writer cannot clean up: its temporary file stays until the target is
    # written again (found by tests/workflow/test_reliability.py's kill-and-resume run)
    target = tmp_path / "fold0.json"
    fd, leftover = tempfile.mkstemp(dir=tmp_path, prefix=".fold0.json.", suffix=".json")
    open(fd, "w").write('{"half": ')
    other = tmp_path / ".fold1.json.abcdefgh.json"  # another target's: kept
    other.write_text("x")
    unrelated = tmp_path / ".fold0.json.notes.json"  # not mkstemp's name: kept
    unrelated.write_text("x")
    atomic_write_text(target, "{}")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["fold0.json", other.name, unrelated.name])
    assert target.read_text() == "{}"
