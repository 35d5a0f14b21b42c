"""Atomic writes and JSON-lines streams that survive interruption."""

import json
from pathlib import Path

import pytest

from puzzles.errors import InvalidInputError
from reports.output import JsonLinesWriter, write_atomic


def test_write_atomic_replaces_whole_file(tmp_path: Path) -> None:
    target = tmp_path / "a.txt"
    target.write_text("old")
    write_atomic(target, "new")
    assert target.read_text() == "new"
    assert [p.name for p in tmp_path.iterdir()] == ["a.txt"]


def test_write_atomic_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(InvalidInputError, match="does not exist"):
        write_atomic(tmp_path / "missing" / "a.txt", "x")


def test_jsonl_kept_on_interrupt(tmp_path: Path) -> None:
    target = tmp_path / "s.jsonl"
    with pytest.raises(KeyboardInterrupt), JsonLinesWriter(target) as writer:
        writer.write({"n": 1})
        writer.write({"n": 2})
        raise KeyboardInterrupt
    assert [json.loads(line) for line in target.read_text().splitlines()] == [{"n": 1}, {"n": 2}]


def test_jsonl_dropped_on_error_and_old_file_kept(tmp_path: Path) -> None:
    target = tmp_path / "s.jsonl"
    target.write_text("old\n")
    with pytest.raises(RuntimeError), JsonLinesWriter(target) as writer:
        writer.write({"n": 1})
        raise RuntimeError("boom")
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["s.jsonl"]
