"""Grids: neighbours, opposite sides, Dominions names."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzles.errors import InvalidInputError
from puzzles.grids import (
    GRID_KINDS,
    dominions_name,
    grid,
    hex_distance,
    on_dominions_board,
    parse_dominions_name,
)

cells = st.tuples(st.integers(-50, 50), st.integers(-50, 50))


@pytest.mark.parametrize("kind", GRID_KINDS)
@given(cell=cells)
def test_opposite_points_back(kind: str, cell: tuple[int, int]) -> None:
    g = grid(kind)
    for d in g.directions(cell):
        other = g.neighbour(cell, d)
        back = g.opposite(cell, d)
        assert g.neighbour(other, back) == cell
        assert g.opposite(other, back) == d


def test_hexagon_directions_from_reference_table() -> None:
    # value: (dletter, dnumber) from i9, as in beam-sets.md
    table = {1: "j10", 2: "j9", 4: "i8", 8: "h8", 16: "h9", 32: "i10"}
    g = grid("hexagon")
    centre = parse_dominions_name("i9")
    for value, name in table.items():
        assert dominions_name(g.neighbour(centre, value)) == name
    assert {d: g.opposite(centre, d) for d in g.directions()} == {
        1: 8, 2: 16, 4: 32, 8: 1, 16: 2, 32: 4}


def test_dominions_board_has_217_cells_and_names_round_trip() -> None:
    names = [f"{chr(96 + L)}{n}" for L in range(1, 18) for n in range(1, 18)
             if on_dominions_board(L, n)]
    assert len(names) == 217
    for name in names:
        assert dominions_name(parse_dominions_name(name)) == name
    assert all(hex_distance(parse_dominions_name(n), (0, 0)) <= 8 for n in names)
    assert sum(1 for L in range(1, 16) for n in range(1, 16) if on_dominions_board(L, n, 8)) == 169


@pytest.mark.parametrize("bad", ["z9", "a10", "i", "9i", "q1", ""])
def test_bad_dominions_names(bad: str) -> None:
    with pytest.raises(InvalidInputError):
        parse_dominions_name(bad)


def test_unknown_grid() -> None:
    with pytest.raises(InvalidInputError, match="unknown grid"):
        grid("pentagon")


def test_triangle_orientation_and_sides() -> None:
    g = grid("triangle")
    assert g.orientation((0, 0)) == "up" and g.orientation((1, 0)) == "down"
    assert g.neighbour((0, 0), 4) == (0, 1)  # bottom of an up triangle
    assert g.neighbour((1, 0), 2) == (1, -1)  # top of a down triangle
    assert g.opposite((0, 0), 1) == 4  # right side of up meets left side of down
    with pytest.raises(InvalidInputError):
        next(g.ray((0, 0), 1))
    assert list(zip(range(3), grid("square").ray((0, 0), 1), strict=False))[-1][1] == (3, 0)
