"""Piece sets: counts per beam number, classes, numbering and I Ching data."""

from collections import Counter
from math import comb

import pytest

from puzzles.beamsets import SET_NAMES, piece_set
from puzzles.errors import InvalidInputError
from puzzles.iching import IChingRule, hexagram_of_lines, hexagram_of_piece


@pytest.mark.parametrize(
    ("name", "size", "sides", "orientations"),
    [
        ("hexagon", 64, 6, 1),
        ("square", 16, 4, 1),
        ("triangle", 16, 3, 2),
        ("square2", 256, 8, 1),
        ("triangle2", 128, 6, 2),
        ("hexagon2", 4096, 12, 1),
    ],
)
def test_piece_counts_per_beam_number(name: str, size: int, sides: int, orientations: int) -> None:
    ps = piece_set(name)
    assert len(ps.pieces) == size
    counts = Counter(p.beam_count for p in ps.pieces)
    assert counts == {k: orientations * comb(sides, k) for k in range(sides + 1)}
    assert len({p.number for p in ps.pieces}) == size
    assert len({(p.beams, p.orientation) for p in ps.pieces}) == size


def test_hexagon_counts_from_the_reference() -> None:
    counts = Counter(p.beam_count for p in piece_set("hexagon").pieces)
    assert [counts[k] for k in (6, 5, 4, 3, 2, 1, 0)] == [1, 6, 15, 20, 15, 6, 1]


def test_hexagon_shape_classes_match_the_seed() -> None:
    classes = Counter(p.shape_class for p in piece_set("hexagon").pieces)
    assert classes["compact four"] == 6
    assert classes["forked four"] == 6
    assert classes["split four"] == 3
    assert classes["compact three"] == 6
    assert classes["forked three"] == 12
    assert classes["alternating three"] == 2
    assert classes["compact two"] == 6
    assert classes["bent two"] == 6
    assert classes["straight two"] == 3
    # opposite sides are 1-8, 2-16, 4-32: those are the straight twos
    assert sorted(p.number for p in piece_set("hexagon").pieces
                  if p.shape_class == "straight two") == [9, 18, 36]
    assert sorted(p.number for p in piece_set("hexagon").pieces
                  if p.shape_class == "alternating three") == [21, 42]


def test_square_classes() -> None:
    classes = Counter(p.shape_class for p in piece_set("square").pieces)
    assert classes == {"four": 1, "three": 4, "straight two": 2, "hooked two": 4, "one": 4,
                       "blank": 1}


def test_one_beam_hexagon_pieces_are_powers_of_two() -> None:
    ones = [p.number for p in piece_set("hexagon").pieces if p.beam_count == 1]
    assert ones == [1, 2, 4, 8, 16, 32]


def test_triangle_numbering_project_rule() -> None:
    ps = piece_set("triangle")
    assert [p.orientation for p in ps.pieces].count("up") == 8
    assert ps.piece(9).orientation == "down" and ps.piece(9).beams == 1
    assert ps.piece(7).orientation == "up" and ps.piece(7).beams == 7


def test_unknown_set_and_piece() -> None:
    with pytest.raises(InvalidInputError, match="unknown set"):
        piece_set("octagon")
    with pytest.raises(InvalidInputError, match="no piece numbered 64"):
        piece_set("hexagon").piece(64)
    assert set(SET_NAMES) == {"hexagon", "square", "triangle", "square2", "triangle2", "hexagon2"}


def test_iching_king_wen_is_a_bijection_with_known_values() -> None:
    numbers = {p.number: p.hexagram.king_wen for p in piece_set("hexagon").pieces if p.hexagram}
    assert sorted(numbers.values()) == list(range(1, 65))
    assert numbers[63] == 1  # all beams: six solid lines, The Creative
    assert numbers[0] == 2  # blank: The Receptive
    # line 1 (side 1) solid only: thunder below earth = 24 Return
    assert numbers[1] == 24
    # lines 1-3 solid, 4-6 broken: heaven below earth = 11 Peace
    assert numbers[7] == 11
    assert hexagram_of_lines((1, 0, 1, 0, 1, 0)).king_wen == 63
    assert hexagram_of_lines((0, 1, 0, 1, 0, 1)).king_wen == 64


def test_iching_rule_is_configurable() -> None:
    inverted = IChingRule(beam_is_yang=False)
    assert hexagram_of_piece(63, inverted).king_wen == 2
    reversed_lines = IChingRule(line_of_side=(6, 5, 4, 3, 2, 1))
    assert hexagram_of_piece(1, reversed_lines).king_wen == 23  # top line solid: Splitting Apart
    with pytest.raises(ValueError):
        IChingRule(line_of_side=(1, 1, 2, 3, 4, 5))


def test_piece_count_without_making_the_pieces() -> None:
    from puzzles.beamsets import piece_count

    assert [piece_count(n) for n in SET_NAMES] == [len(piece_set(n).pieces) for n in SET_NAMES]
    assert piece_count("hexagon2") == 4096
    with pytest.raises(InvalidInputError, match="unknown set"):
        piece_count("octagon")
