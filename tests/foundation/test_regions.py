"""Regions: named shapes, wrap-around, files and errors."""

from pathlib import Path

import pytest

from puzzles.errors import InvalidInputError, ParseError
from puzzles.regions import parse_region


@pytest.mark.parametrize(
    ("name", "kind", "size"),
    [("4x4", "square", 16), ("8x2", "triangle", 16), ("2x8", "triangle", 16),
     ("rhombus:8x8", "hexagon", 64), ("hexagon:9", "hexagon", 217), ("hexagon:5", "hexagon", 61),
     ("8x8", "hexagon", 64), ("torus:4x4", "square", 16), ("torus:rhombus:8x8", "hexagon", 64),
     ("16x16", "square2", 256)],
)
def test_named_regions(name: str, kind: str, size: int) -> None:
    assert len(parse_region(name, kind)) == size


def test_wrap_and_border() -> None:
    plain = parse_region("4x4", "square")
    torus = parse_region("torus:4x4", "square")
    assert plain.neighbour((0, 0), 4) is None
    assert torus.neighbour((0, 0), 4) == (3, 0)
    assert torus.neighbour((0, 0), 2) == (0, 3)
    assert plain.with_border("free").border == "free"
    with pytest.raises(InvalidInputError, match="border"):
        parse_region("4x4", "square", border="open")


@pytest.mark.parametrize(
    ("name", "kind", "message"),
    [("rhombus:4x4", "square", "hexagon sets"), ("4by4", "square", "expected a size"),
     ("star:5", "square", "unknown region"),
     ("hexagon:0", "hexagon", "base"), ("torus:4x4", "hexagon", "rhombus"),
     ("torus:3x2", "triangle", "even width"), ("0x4", "square", "between 1 and 200")],
)
def test_bad_regions(name: str, kind: str, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        parse_region(name, kind)


def test_region_files(tmp_path: Path) -> None:
    text = tmp_path / "r.txt"
    text.write_text("# an L\n0 0\n1 0\n0 1\n")
    assert parse_region(str(text), "square").cells == {(0, 0), (1, 0), (0, 1)}
    js = tmp_path / "r.json"
    js.write_text('{"cells": [[0, 0], [1, 0]], "wrap": [2, 1]}')
    region = parse_region(f"file:{js}", "square")
    assert region.wrap == (2, 1) and region.neighbour((1, 0), 1) == (0, 0)
    bad = tmp_path / "bad.txt"
    bad.write_text("0 0\n1 x\n")
    with pytest.raises(ParseError, match="line 2"):
        parse_region(str(bad), "square")
    dup = tmp_path / "dup.txt"
    dup.write_text("0 0\n0 0\n")
    with pytest.raises(ParseError, match="twice"):
        parse_region(str(dup), "square")
    with pytest.raises(InvalidInputError, match="cannot read"):
        parse_region(str(tmp_path / "missing.txt"), "square")
