"""StarMaps by lines of sight: the hexagon StarMap on hexagon:16/17, square ones with options."""

import pytest

from puzzles.arrangements import faults, verify
from puzzles.errors import InvalidInputError
from puzzles.regions import parse_region
from solver.arrange import ArrangementProblem, first, solutions


def test_hexagon_starmap_board() -> None:
    board = parse_region("hexagon:16/17", "hexagon")
    assert len(board) == 768
    # 32 lines in each of the three directions
    assert len({q for q, _ in board.cells}) == len({r for _, r in board.cells}) == 32
    assert len({q + r for q, r in board.cells}) == 32
    with pytest.raises(InvalidInputError, match="B/B\\+1"):
        parse_region("hexagon:16/18", "hexagon")


def test_hexagon_starmap_is_found_and_verified() -> None:
    arr = first(ArrangementProblem.create("hexagon", "starmap", "hexagon:16/17"))
    assert sorted(arr.placements.values()) == list(range(64))
    verify(arr)  # independent judge: every beam sees a piece, every blank side sees nothing


def test_square_starmap_with_fixed_pieces_and_no_adjacent() -> None:
    problem = ArrangementProblem.create("square", "starmap", "8x8", no_adjacent=True,
                                        fixed={(0, 0): 9, (7, 7): 6})
    found = list(solutions(problem, limit=5))
    assert len(found) == 5 and len({tuple(sorted(a.placements.items())) for a in found}) == 5
    for arr in found:
        assert arr.placements[(0, 0)] == 9 and arr.placements[(7, 7)] == 6
        assert list(faults(arr)) == []


def test_too_small_square_board_is_infeasible() -> None:
    from puzzles.errors import InfeasibleError

    with pytest.raises(InfeasibleError):
        first(ArrangementProblem.create("square", "starmap", "4x4"))
