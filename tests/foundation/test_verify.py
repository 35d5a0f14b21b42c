"""The independent verifier on hand-built arrangements (engines are tested in tests/arrange)."""

import json
from collections.abc import Mapping
from pathlib import Path

import pytest

from puzzles.arrangements import (
    FAULT_KINDS,
    Arrangement,
    InvalidArrangementError,
    arrangement_from_json,
    faults,
    is_valid,
    read_arrangement,
    verify,
)
from puzzles.errors import ParseError
from puzzles.grids import Cell
from puzzles.regions import parse_region


def messages(arr: Arrangement, fixed: Mapping[Cell, int] | None = None) -> list[str]:
    """The verifier's fault sentences."""
    return [f.message for f in faults(arr, fixed)]


def compact_pair(border: str = "blank") -> Arrangement:
    region = parse_region("2x1", "square", border)
    return Arrangement("square", "compact", {(0, 0): 1, (1, 0): 4}, region, pieces=(1, 4))


def test_compact_pair_is_valid_and_round_trips() -> None:
    arr = compact_pair()
    verify(arr)
    doc = arr.to_json()
    assert doc["directions"] == {"1": [1, 0], "2": [0, -1], "4": [-1, 0], "8": [0, 1]}
    assert doc["placements"] == [{"cell": [0, 0], "piece": 1}, {"cell": [1, 0], "piece": 4}]
    again = arrangement_from_json(json.loads(json.dumps(doc)))
    assert again.placements == arr.placements and again.region == arr.region


def test_compact_faults_are_named() -> None:
    region = parse_region("2x1", "square")
    swapped = Arrangement("square", "compact", {(0, 0): 4, (1, 0): 1}, region, pieces=(1, 4))
    found = messages(swapped)
    assert any("pointing out of the region" in m for m in found)
    with pytest.raises(InvalidArrangementError, match=r"cell \[0, 0\]"):
        verify(swapped)
    clash = Arrangement("square", "compact", {(0, 0): 1, (1, 0): 0}, region, pieces=(0, 1))
    assert messages(clash) == [
        "cell [0, 0]: piece 1 does not match piece 0 at [1, 0] (side E: beam against blank)"]
    free = Arrangement("square", "compact", {(0, 0): 5, (1, 0): 5}, region.with_border("free"),
                       pieces=(5,))
    assert any("placed twice" in m for m in messages(free))


def test_free_border_allows_beams_out() -> None:
    region = parse_region("2x1", "square", "free")
    arr = Arrangement("square", "compact", {(0, 0): 5, (1, 0): 7}, region, pieces=(5, 7))
    verify(arr)
    assert not is_valid(Arrangement("square", "compact", {(0, 0): 5, (1, 0): 7},
                                    region.with_border("blank"), pieces=(5, 7)))


def test_torus_wraps() -> None:
    region = parse_region("torus:2x1", "square")
    arr = Arrangement("square", "compact", {(0, 0): 5, (1, 0): 5 | 0}, region, pieces=(5,))
    assert any("placed twice" in m for m in messages(arr))
    ok = Arrangement("square", "compact", {(0, 0): 5, (1, 0): 0}, region, pieces=(5, 0))
    assert any("does not match" in m for m in messages(ok))


def test_transcendental_rules() -> None:
    good = Arrangement("square", "transcendental", {(0, 0): 1, (1, 0): 4, (5, 5): 0},
                       pieces=(0, 1, 4))
    verify(good)
    touching_blank = Arrangement("square", "transcendental", {(0, 0): 1, (1, 0): 4, (0, 1): 0},
                                 pieces=(0, 1, 4))
    assert any("blank side" in m for m in messages(touching_blank))
    open_beam = Arrangement("square", "transcendental", {(0, 0): 1, (5, 5): 0}, pieces=(0, 1))
    assert any("meets an empty cell" in m for m in messages(open_beam))
    two_groups = Arrangement("square", "transcendental",
                             {(0, 0): 1, (1, 0): 4, (0, 5): 1, (1, 5): 4}, single_group=True,
                             pieces=(1, 4))
    assert any("placed twice" in m for m in messages(two_groups))


def test_single_group_option() -> None:
    arr = Arrangement("hexagon", "transcendental", {(0, 0): 32, (1, 0): 4, (5, 5): 0},
                      single_group=True, pieces=(0, 4, 32))
    verify(arr)
    split = Arrangement("hexagon", "transcendental",
                        {(0, 0): 32, (1, 0): 4, (0, 3): 16, (0, 4): 2}, single_group=True,
                        pieces=(2, 4, 16, 32))
    assert "2 groups" in messages(split)[0]


def test_starmap_rules() -> None:
    board = parse_region("4x4", "square")
    verify(Arrangement("square", "starmap", {(0, 0): 1, (3, 0): 4}, board, pieces=(1, 4)))
    near = Arrangement("square", "starmap", {(0, 0): 1, (1, 0): 4}, board, no_adjacent=True,
                       pieces=(1, 4))
    assert any("adjacent" in m for m in messages(near))
    blind = Arrangement("square", "starmap", {(0, 0): 1, (3, 1): 4}, board, pieces=(1, 4))
    assert any("meets nothing" in m for m in messages(blind))
    # a blank side facing a piece: the blank piece at (0, 2) sees piece 1 to the north, and
    # piece 1 sees it along its blank south side (issue 25: deleting that rule passed the suite)
    seen = Arrangement("square", "starmap", {(0, 0): 1, (3, 0): 4, (0, 2): 0}, board,
                       pieces=(0, 1, 4))
    assert [m for m in messages(seen)] == [
        "cell [0, 0]: looking S along a blank side of piece 1 meets piece 0 at [0, 2]",
        "cell [0, 2]: looking N along a blank side of piece 0 meets piece 1 at [0, 0]"]


def test_wrong_orientation_on_triangles() -> None:
    region = parse_region("2x1", "triangle")
    arr = Arrangement("triangle", "compact", {(0, 0): 9, (1, 0): 1}, region, pieces=(1, 9))
    assert any("points down but the cell points up" in m for m in messages(arr))


def test_faults_name_their_kind_cells_and_pieces() -> None:
    """Structured faults: what the server marks and filters reads these fields, never the
    sentence."""
    region = parse_region("2x1", "square")
    clash = Arrangement("square", "compact", {(0, 0): 1, (1, 0): 0}, region, pieces=(0, 1))
    (fault,) = faults(clash)
    assert (fault.kind, fault.cells, fault.pieces) == ("mismatch", ((0, 0), (1, 0)), (1, 0))
    assert str(fault) == fault.message
    twice = Arrangement("square", "compact", {(0, 0): 5, (1, 0): 5}, region, pieces=(0, 5))
    found = {f.kind: f for f in faults(twice)}
    assert found["duplicate"].cells == ((0, 0), (1, 0)) and found["duplicate"].pieces == (5,)
    assert found["missing"].pieces == (0,) and found["missing"].cells == ()
    gap = Arrangement("square", "compact", {(0, 0): 0}, parse_region("3x1", "square"),
                      pieces=(0,))
    assert [(f.kind, f.cells) for f in faults(gap)] == [("empty", ((1, 0), (2, 0)))]
    blind = Arrangement("square", "starmap", {(0, 0): 1, (3, 1): 4}, parse_region("4x4",
                        "square"), pieces=(1, 4))
    assert {f.kind for f in faults(blind)} == {"sight"}
    assert {f.kind for f in faults(clash, {(1, 0): 4})} == {"mismatch", "fixed"}
    assert all(f.kind in FAULT_KINDS for f in faults(twice))


def test_reading_files(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{oops")
    with pytest.raises(ParseError, match="line 1"):
        read_arrangement(bad)
    bad.write_text('{"set": "square", "kind": "compact", "placements": [{"cell": [0]}]}')
    with pytest.raises(ParseError, match="at /placements/0/cell: list should have at least 2"):
        read_arrangement(bad)
    bad.write_text('{"set": "square", "kind": "pretty", "placements": []}')
    with pytest.raises(ParseError, match="at /kind: expected 'compact', 'transcendental'"):
        read_arrangement(bad)
