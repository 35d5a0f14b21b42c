"""The input layer (``puzzles.documents``, ``puzzles.schemas``), the output layer
(``reports.output``) and the error style (``solver.cli.errors``), case by case."""

from __future__ import annotations

import json
import os
import re
import stat
import time
from pathlib import Path

import pytest
from cli_helpers import run

from puzzles.documents import decode, load_json, parse_int, read_text
from puzzles.errors import InvalidInputError, ParseError
from puzzles.regions import parse_region, read_region_file
from puzzles.schemas import SCHEMAS, schema_text
from reports.output import JsonLinesWriter, OutputError, write_atomic

DOCS = Path(__file__).resolve().parents[2] / "docs" / "schemas"


@pytest.mark.parametrize("data, message", [
    (b"\xef\xbb\xbf{}", "byte-order mark (byte offset 0)"),
    ("{}".encode("utf-16"), "looks like UTF-16"),
    ("{}".encode("utf-16-le"), "looks like UTF-16"),
    (b'{"a": "\xff"}', "not UTF-8: byte 0xff at byte offset 7"),
    (b"ab\x00", "NUL character at byte offset 2"),
])
def test_bytes_that_are_not_utf8_are_refused_with_their_offset(data: bytes, message: str
                                                                ) -> None:
    with pytest.raises(ParseError, match=re.escape(message)) as info:
        decode(data, "f.json")
    assert str(info.value).startswith("f.json: ")


@pytest.mark.parametrize("text, message", [
    ("[" * 100 + "]" * 100, "line 1 column 33: nested deeper than 32 levels"),
    ('{"a": ' + "9" * 5000 + "}", "a number of 5000 digits"),
    ("[1e999]", "number 1e999 is out of range"),
    ("[NaN]", "NaN is not allowed"),
    ('{"a":\n -Infinity}', "line 2 column 2: -Infinity is not allowed"),
    ('{"a": 1,}', "line 1 column 9: bad JSON"),
])
def test_json_limits(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        load_json(text, "doc")


def test_schemas_in_docs_match_the_models() -> None:
    for name in SCHEMAS:
        assert (DOCS / f"{name}.schema.json").read_text() == schema_text(name), (
            f"regenerate with: python3 -m puzzles.schemas docs/schemas ({name})")


def test_ascii_digits_only() -> None:
    assert parse_int("-12", -20, 20, "n") == -12
    for bad in ("²", "٣", "１", "1_0", "0x1", "1.0", ""):
        with pytest.raises(ParseError, match="not a whole number"):
            parse_int(bad, 0, 99, "n")
    with pytest.raises(ParseError, match="far out of range"):
        parse_int("1" + "0" * 100, 0, 99, "n")


def test_absurd_and_disconnected_regions_are_refused_at_once(tmp_path: Path) -> None:
    far = tmp_path / "far.txt"
    far.write_text("0 0\n1 0\n" + "1" + "0" * 100 + " 0\n")
    start = time.monotonic()
    with pytest.raises(ParseError, match=r"far.txt: line 3 column 1: .* far out of range"):
        read_region_file(far, "square")
    apart = tmp_path / "apart.json"
    apart.write_text(json.dumps({"cells": [[0, 0], [1, 0], [5, 5]]}))
    with pytest.raises(InvalidInputError, match=r"not connected: cell \[5, 5\] is cut off"):
        read_region_file(apart, "square")
    wide = tmp_path / "wide.json"
    wide.write_text(json.dumps({"cells": [[0, 0], [10**6, 0]]}))
    with pytest.raises(InvalidInputError, match="absurdly far away"):
        read_region_file(wide, "square")
    assert time.monotonic() - start < 2
    with pytest.raises(InvalidInputError, match="hexagon:B/B"):
        parse_region("hexagon:²/3", "hexagon")


def test_region_json_errors_name_the_pointer(tmp_path: Path) -> None:
    bad = tmp_path / "r.json"
    bad.write_text(json.dumps({"cells": [[0, 0], [0, {"q": 1}]]}))
    with pytest.raises(ParseError, match=r"r.json: at /cells/1/1: expected an integer"):
        read_region_file(bad, "square")
    bad.write_text(json.dumps({"cells": [[0, 0]], "wrap": True}))
    with pytest.raises(ParseError, match=r"at /wrap: expected a list, got true"):
        read_region_file(bad, "square")


def test_dominimum_record_result_of_the_wrong_shape(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    for result, where in ((5, "/result"), ("won", "/result"), ([1, 2], "/result"),
                          ({"scores": "x"}, "/result/scores")):
        record = tmp_path / "game.json"
        record.write_text(json.dumps({"game": "dominimum", "players": 2, "seed": 1,
                                      "moves": [], "result": result}))
        code, out, err = run(["dominimum", "replay", str(record)], capsys)
        assert code == 2 and out == "" and f"at {where}:" in err
        assert len(err.splitlines()) == 1


def test_stdin_is_read_strictly(monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"\xff\xfe1\x002\x00")))
    with pytest.raises(ParseError, match="<stdin>: looks like UTF-16"):
        read_text("-")


def test_special_files_folders_and_loops_are_never_replaced(tmp_path: Path) -> None:
    before = os.stat("/dev/null")
    with pytest.raises(OutputError, match="device or special file"):
        write_atomic("/dev/null", "x")
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_ino == before.st_ino
    with pytest.raises(OutputError, match="it is a folder"):
        write_atomic(tmp_path, "x")
    os.symlink(tmp_path / "b", tmp_path / "a")
    os.symlink(tmp_path / "a", tmp_path / "b")
    with pytest.raises(OutputError, match="a symlink loop"):
        write_atomic(tmp_path / "a", "x")
    with pytest.raises(OutputError, match="does not exist"):
        JsonLinesWriter(tmp_path / "no" / "x.jsonl")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a", "b"]


def test_symlink_to_a_file_replaces_the_file_and_keeps_the_link(tmp_path: Path) -> None:
    real = tmp_path / "real.txt"
    real.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    write_atomic(link, "new")
    assert link.is_symlink() and real.read_text() == "new"


def test_unwritable_targets_are_refused_before_the_run(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    start = time.monotonic()
    code, out, err = run(["dominimum", "tournament", "--games", "100000", "--records",
                          "/dev/full"], capsys)
    assert code == 2 and out == "" and "/dev/full: it is a device" in err
    code, _, err = run(["arrange", "count", "compact", "--region", "4x4", "--out",
                        str(tmp_path / "missing" / "x.json")], capsys)
    assert code == 2 and "folder" in err and "does not exist" in err
    assert time.monotonic() - start < 10
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


@pytest.mark.parametrize("argv, message", [
    (["dominimum", "extremes", "--mission", "1", "2", "--time-limit", "nan"], "not a decimal"),
    (["dominions", "best", "x", "--time-limit", "inf"], "not a decimal"),
    (["dominions", "best", "x", "--time-limit", "1e400"], "not a finite number"),
    (["dominions", "best", "x", "--time-limit", "1_0"], "decimal number"),
    (["numbridge", "solve", "x", "--cap", str(10**30)], "at most 19 digits"),
    (["numbridge", "solve", "x", "--cap", str(10**19)], "out of range"),
    (["numbridge", "solve", "x", "--cap", "٣"], "whole number"),
    (["sets", "show", "square", "--colour", "red"], "(see 'solver sets show --help')"),
    (["frobnicate"], "No such command 'frobnicate'. (see 'solver --help')"),
])
def test_usage_errors_are_one_line(argv: list[str], message: str,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(argv, capsys)
    assert code == 2 and out == ""
    assert err.startswith("solver: error: ") and message in err and err.count("\n") == 1
