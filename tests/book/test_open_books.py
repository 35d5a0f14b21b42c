"""StarMap and transcendental books: the open search proves the one answer, CP-SAT (a second
engine) confirms it and every clue, the open deduction steps grade, and a ramp reaches every
level."""

from __future__ import annotations

import random

import pytest

from puzzles.arrangements import verify
from solver.arrange.api import count as engine_count
from solver.arrange.problem import ArrangementProblem
from solver.book.arrange import LEVEL_OF_RUNG, OpenCompletion
from solver.book.build import build_book, ramp_levels
from solver.book.open_deduction import OpenBoard, count, rate
from solver.book.types import puzzle_type


def _kind(name: str) -> OpenCompletion:
    kind = puzzle_type(name)
    assert isinstance(kind, OpenCompletion)
    return kind


@pytest.mark.parametrize("name", ["starmap", "transcendental"])
def test_open_search_counts_agree_with_cpsat(name: str) -> None:
    """Exhaustive counts of loosened puzzles (an irreducible clue set less one or two clues)
    by both engines."""
    kind = _kind(name)
    rng = random.Random(5)
    answer = kind._answer(rng)
    clues, _ = kind._reduce(answer, rng)
    cells = sorted(clues, key=lambda c: (c[1], c[0]))
    for drop in (1, 2) if name == "transcendental" else (1,):
        given = {c: clues[c] for c in cells[drop:]}
        problem = kind.problem.with_fixed(given)
        ours, nodes, found = count(problem, limit=100_000)
        assert 2 <= ours < 100_000 and nodes >= ours
        assert ours == engine_count(problem, engine="cpsat")
        assert answer in found and len({tuple(sorted(f.items())) for f in found}) == ours
        for placements in found[:20]:
            verify(kind.problem.arrangement(placements), given)


@pytest.mark.parametrize("name", ["starmap", "transcendental"])
def test_open_puzzle_proof_and_regeneration(name: str) -> None:
    kind = _kind(name)
    made = kind.make(3)
    assert made is not None
    proof = made.proof
    assert proof["solutions"] == 1 and proof["second_count"] == 1
    assert proof["second_engine"] == "CP-SAT count to 2" and proof["irreducible"] is True
    assert int(proof["nodes"]) > 0  # type: ignore[call-overload]
    steps = made.details["deduction"]
    assert made.level == LEVEL_OF_RUNG[steps["rung"]]  # type: ignore[index]
    again = kind.make(3)
    assert again is not None and again.id == made.id and again.to_json() == made.to_json()


def test_deduction_rungs_on_open_puzzles() -> None:
    kind = _kind("starmap")
    answer = kind._answer(random.Random(2))
    board = OpenBoard.build(kind.problem)
    # every piece but one given: one cell (or piece) single places it, all agree with the answer
    cells = sorted(answer)
    given = {c: answer[c] for c in cells[1:]}
    r = rate(kind.problem.with_fixed(given))
    assert r.rung <= 2 and r.left == 0
    assert {board.cells[i]: v for i, v in r.solution.items()} == answer
    # nothing given: deduction stops, many answers
    assert rate(kind.problem).hardest == "search"
    assert count(kind.problem, limit=2)[0] == 2


def test_open_board_lines_of_sight() -> None:
    star = OpenBoard.build(ArrangementProblem.create("square", "starmap", "8x8"))
    corner = star.cells.index((0, 0))
    assert sorted(len(line) for line in star.lines[corner]) == [0, 0, 7, 7]
    trans = OpenBoard.build(ArrangementProblem.create("square", "transcendental", "6x6"))
    assert sorted(len(line) for line in trans.lines[trans.cells.index((2, 2))]) == [1, 1, 1, 1]


def test_starmap_ramp_reaches_every_level() -> None:
    book = build_book(puzzle_type("starmap"), 3, "ramp", seed=1)
    assert [p.level for p in book.puzzles] == ramp_levels(("easy", "medium", "hard"), 3)
    assert len({p.key for p in book.puzzles}) == 3


@pytest.mark.slow
def test_transcendental_ramp_reaches_every_level() -> None:
    """Slow (about a minute): ``pytest -m slow tests/book``."""
    book = build_book(puzzle_type("transcendental"), 3, "ramp", seed=1)
    assert [p.level for p in book.puzzles] == ["easy", "medium", "hard"]
