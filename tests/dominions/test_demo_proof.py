"""The demo proves the uniqueness of the puzzle it shows when the page is made, and keeps the
answer (with its proof) behind a click."""

from __future__ import annotations

import dataclasses

from reports.html import Section
from solver.demo.dominions import COLLECTION, puzzle_section
from solver.dominions.puzzles import parse_collection, solutions
from solver.dominions.tracker import Tracker


def hidden_text(section: Section) -> str:
    """The captions of the figures shown only after a click."""
    return " ".join(f.caption for f in section.figures if f.reveal)


def test_every_collection_puzzle_is_proven_on_the_page() -> None:
    for p in parse_collection(COLLECTION.read_text()):
        section = puzzle_section(p)
        hidden = hidden_text(section)
        assert "proven unique when this page was made" in hidden and p.answer in hidden
        assert p.answer not in " ".join(section.paragraphs)


def test_a_wrong_stored_answer_is_not_called_proven() -> None:
    p = next(q for q in parse_collection(COLLECTION.read_text()) if q.goal == "capture")
    pos = p.position()
    (right,) = solutions(Tracker(pos.copy()), p.goal)
    other = next(m for m in (m for m, _ in pos.placements())
                 if m.cell != right.cell and pos.outcome(m).status == "legal")
    wrong = dataclasses.replace(p, answer=f"{p.answer[0]}[{pos.move_text(other)}]")
    text = hidden_text(puzzle_section(wrong))
    assert "proven unique" not in text and "NOT proven" in text
    assert "not including the stored answer" in text
