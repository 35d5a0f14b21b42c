"""Arrangement books: unique answers checked by another engine, irreducible clues, levels,
no two puzzles alike up to the board's symmetries, reproducible."""

from __future__ import annotations

import numpy as np
import pytest

from puzzles.arrangements import verify
from solver.arrange.api import count
from solver.arrange.instance import EdgeInstance
from solver.arrange.problem import ArrangementProblem
from solver.book.arrange import LEVEL_OF_RUNG, CompactCompletion
from solver.book.build import build_book, ramp_levels
from solver.book.deduction import rate
from solver.book.types import puzzle_type


@pytest.fixture(scope="module")
def square_book():  # type: ignore[no-untyped-def]
    return build_book(puzzle_type("square"), 6, "ramp", seed=3)


def test_square_book_unique_irreducible_by_cpsat(square_book) -> None:  # type: ignore[no-untyped-def]
    kind = puzzle_type("square")
    assert isinstance(kind, CompactCompletion)
    assert len(square_book.puzzles) == 6 and square_book.complete
    for p in square_book.puzzles:
        made = kind.make(p.seed, p.level)
        assert made is not None and made.id == p.id  # the seed regenerates the puzzle
        assert p.proof["solutions"] == 1 and p.proof["second_count"] == 1
        assert p.proof["irreducible"] is True and int(p.proof["nodes"]) > 0


def test_cpsat_confirms_uniqueness_and_irreducibility() -> None:
    kind = puzzle_type("square")
    assert isinstance(kind, CompactCompletion)
    import random

    for seed in (11, 12, 13):
        rng = random.Random(seed)
        row = kind._random_answer(rng)
        clues, _ = kind._reduce(row, rng)
        puzzle = kind._puzzle(row, clues)
        verify(kind.problem.arrangement(kind.inst.placements(row)), puzzle.problem.fixed_map)
        assert count(puzzle, engine="cpsat") == 1
        for i in clues:
            looser = kind._puzzle(row, [c for c in clues if c != i])
            assert count(looser, engine="cpsat") >= 2


def test_levels_ramp_and_single_level(square_book) -> None:  # type: ignore[no-untyped-def]
    levels = [p.level for p in square_book.puzzles]
    assert levels == ramp_levels(("easy", "medium", "hard"), 6)
    easy = build_book(puzzle_type("square"), 4, "easy", seed=5)
    assert {p.level for p in easy.puzzles} == {"easy"}
    for p in easy.puzzles:
        assert p.details["deduction"]["rung"] <= 2  # type: ignore[index]


def test_no_two_alike_and_key_is_symmetry_invariant(square_book) -> None:  # type: ignore[no-untyped-def]
    assert len({p.key for p in square_book.puzzles}) == 6
    kind = puzzle_type("square")
    assert isinstance(kind, CompactCompletion)
    import random

    rng = random.Random(21)
    row = kind._random_answer(rng)
    clues, _ = kind._reduce(row, rng)
    key = kind.key(row, clues)
    group = kind.group
    for g in range(len(group)):
        image = group.image(g, row[None, :])[0]
        moved = [int(group.perm[g, i]) for i in clues]
        assert kind.key(image, moved) == key
    # a different clue set has a different key
    assert kind.key(row, clues[:-1]) != key


def test_same_seed_same_book() -> None:
    a = build_book(puzzle_type("square"), 3, "any", seed=9)
    b = build_book(puzzle_type("square"), 3, "any", seed=9)
    assert [p.to_json() for p in a.puzzles] == [p.to_json() for p in b.puzzles]


def test_deduction_singles_and_agreement() -> None:
    full = ArrangementProblem.create("square", "compact", "4x4")
    inst = EdgeInstance.build(full)
    row = np.array(next(iter(_rows(full))))
    # all pieces but two given: one cell single finishes it
    fixed = {inst.cells[i]: int(row[i]) for i in range(2, inst.n)}
    r = rate(EdgeInstance.build(full.with_fixed(fixed)))
    assert r.hardest == "cell single" and r.left == 0
    assert r.solution == {i: int(row[i]) for i in range(inst.n)}
    # no clue at all: 652 answers, deduction cannot finish
    assert rate(inst).hardest == "search"
    assert LEVEL_OF_RUNG[5] == "hard"


def _rows(problem: ArrangementProblem):  # type: ignore[no-untyped-def]
    from solver.arrange.api import solutions

    inst = EdgeInstance.build(problem)
    for arr in solutions(problem, limit=1):
        yield [arr.placements[c] for c in inst.cells]


def test_triangle_book() -> None:
    book = build_book(puzzle_type("triangle"), 3, "any", seed=1)
    assert len(book.puzzles) == 3 and len({p.key for p in book.puzzles}) == 3
    for p in book.puzzles:
        assert p.proof["second_count"] == 1 and p.proof["irreducible"] is True


@pytest.mark.slow
def test_hexagon_book_unique_irreducible_cpsat() -> None:
    """Slow (about a minute): ``pytest -m slow tests/book``. A ramp reaches every level; the
    hard puzzle is irreducible, the others minimal for their level."""
    book = build_book(puzzle_type("hexagon"), 3, "ramp", seed=1)
    assert [p.level for p in book.puzzles] == ["easy", "medium", "hard"]
    for p in book.puzzles:
        assert p.proof["second_count"] == 1
        assert (p.proof["irreducible"] if p.level == "hard"
                else p.proof["minimal_for_level"]) is True
        again = puzzle_type("hexagon").make(p.seed, p.level)  # the index regenerates it
        assert again is not None and again.id == p.id


def test_hexagon_easy_puzzle_is_minimal_for_its_level() -> None:
    """A hexagon puzzle aimed at easy: deduction solves it with singles, every clue is
    needed for the answer or for the level, and two engines agree it is unique."""
    import random

    from solver.book.arrange import kernel_count

    kind = puzzle_type("hexagon")
    assert isinstance(kind, CompactCompletion) and kind.levels == ("easy", "medium", "hard")
    made = kind.make(300002, "easy")
    assert made is not None and made.level == "easy"
    assert made.proof["solutions"] == 1 and made.proof["second_count"] == 1
    assert made.proof["minimal_for_level"] is True
    assert made.details["deduction"]["rung"] <= 2  # type: ignore[index]
    # rebuild the clue set from the seed and re-check every clue here
    rng = random.Random(300002)
    row = kind._random_answer(rng)
    clues, _ = kind._reduce_for_level(row, rng, 2)
    assert len(clues) == made.details["clues"]
    hideable = 0
    for i in clues:
        looser = [c for c in clues if c != i]
        r = rate(kind._puzzle(row, looser).instance)
        unique = kernel_count(kind._puzzle(row, looser))[0] == 1
        assert not unique or r.rung > 2 or r.left > 0
        hideable += unique
    assert hideable == made.proof["hideable_clues"]
