"""The demo proves the uniqueness of the puzzle it shows when the page is made."""

from __future__ import annotations

import dataclasses

from solver.dominions.demo import COLLECTION, puzzle_section
from solver.dominions.puzzles import parse_collection, solutions
from solver.dominions.tracker import Tracker


def test_every_collection_puzzle_is_proven_on_the_page() -> None:
    for p in parse_collection(COLLECTION.read_text()):
        text = " ".join(puzzle_section(p).paragraphs)
        assert "proven unique when this page was made" in text and p.answer in text


def test_a_wrong_stored_answer_is_not_called_proven() -> None:
    p = next(q for q in parse_collection(COLLECTION.read_text()) if q.goal == "capture")
    pos = p.position()
    (right,) = solutions(Tracker(pos.copy()), p.goal)
    other = next(m for m in (m for m, _ in pos.placements())
                 if m.cell != right.cell and pos.outcome(m).status == "legal")
    wrong = dataclasses.replace(p, answer=f"{p.answer[0]}[{pos.move_text(other)}]")
    text = " ".join(puzzle_section(wrong).paragraphs)
    assert "proven unique" not in text and "NOT proven" in text
    assert "not including the stored answer" in text
