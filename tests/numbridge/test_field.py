"""Fields: formats, refusals naming the cell and the rule, the plain verifier."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.errors import InvalidInputError, ParseError
from puzzles.numbridge.field import (
    REGULAR_BLOCKS,
    Field,
    cell_name,
    check_blocks,
    parse_cell,
    verify_solution,
)

SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def test_cell_names_round_trip() -> None:
    assert [cell_name(i) for i in (0, 8, 9, 40, 80)] == ["a1", "i1", "a2", "e5", "i9"]
    assert all(parse_cell(cell_name(i)) == i for i in range(81))
    with pytest.raises(ParseError, match="bad cell name 'j1'"):
        parse_cell("j1")


def test_text_formats() -> None:
    f = Field.from_text(PUZZLE)
    assert f.givens == PUZZLE.replace(".", "0")
    assert f.blocks == REGULAR_BLOCKS and f.regular and f.given_count == 30
    nine = "\n".join(PUZZLE[r * 9:(r + 1) * 9] for r in range(9))
    assert Field.from_text("# a comment\n" + nine) == f
    assert Field.from_text(f.to_text()) == f
    assert Field.from_json(json.dumps(f.to_json())) == f
    assert Field.parse(json.dumps({"givens": PUZZLE})) == f


def test_bad_sizes_are_refused() -> None:
    with pytest.raises(ParseError, match="80 cells"):
        Field.from_text(PUZZLE[:80])
    with pytest.raises(InvalidInputError, match="80 cells, a field needs 81"):
        Field.make("0" * 80)
    with pytest.raises(InvalidInputError, match="cell c1: 'x' is not a digit"):
        Field.make("00x" + "0" * 78)


@pytest.mark.parametrize(("givens", "message"), [
    ("11" + "0" * 79, "cell b1: given 1 repeats in row 1 (also at a1)"),
    ("1" + "0" * 8 + "1" + "0" * 71, "cell a2: given 1 repeats in column a (also at a1)"),
    ("1" + "0" * 9 + "1" + "0" * 70, "cell b2: given 1 repeats in block 1 (also at a1)"),
])
def test_repeated_digit_names_cell_and_unit(givens: str, message: str) -> None:
    with pytest.raises(InvalidInputError) as err:
        Field.make(givens)
    assert str(err.value) == message


def test_bad_blocks_are_refused() -> None:
    swapped = list(REGULAR_BLOCKS)
    swapped[0], swapped[40] = swapped[40], swapped[0]  # a1 to block 5, e5 to block 1
    with pytest.raises(InvalidInputError, match="block 1: not connected, cell e5 is cut off"):
        check_blocks("".join(swapped))
    ten = "2" + REGULAR_BLOCKS[1:]
    with pytest.raises(InvalidInputError, match=r"block 1 \(cell b1\): 8 cells"):
        check_blocks(ten)
    with pytest.raises(InvalidInputError, match="block id '0' is not 1-9"):
        check_blocks("0" + REGULAR_BLOCKS[1:])
    # a repeated digit in an irregular block names that block: d1 and a2 share block 1 only
    irregular = ("111122222111322242153334444155333444655377748655377888655997888666997778"
                 "666999998")
    message = r"cell a2: given 4 repeats in block 1 \(also at d1"
    with pytest.raises(InvalidInputError, match=message):
        Field.make("0004" + "0" * 5 + "4" + "0" * 71, irregular)
    assert Field.make("0004" + "0" * 5 + "4" + "0" * 71).given_count == 2  # fine when regular


def test_verify_solution_finds_faults() -> None:
    f = Field.from_text(PUZZLE)
    assert verify_solution(f, SOLVED) == []
    bad = "6" + SOLVED[1:]
    faults = verify_solution(f, bad)
    assert "cell a1: given 5 changed" in faults
    assert "row 1 does not hold each digit once" in faults
    assert verify_solution(f, "1" * 80) == ["solution is not 81 digits 1-9"]


@settings(max_examples=50, deadline=None)
@given(st.lists(st.booleans(), min_size=81, max_size=81))
def test_any_subset_of_a_solution_round_trips(keep: list[bool]) -> None:
    givens = "".join(d if k else "0" for d, k in zip(SOLVED, keep, strict=True))
    f = Field.make(givens)
    assert Field.from_text(f.to_text()) == f
    assert f.given_count == sum(keep)
