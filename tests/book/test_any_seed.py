"""Books for any seed: a puzzle whose proof does not fit the node budget is skipped and
counted, never fatal; a book short of its count is written, marked incomplete, exit 3."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import solver.cli.book as book_cli
from puzzles.errors import BudgetExhaustedError, SearchInterrupted
from solver.book.base import BookPuzzle, PuzzleType
from solver.book.build import build_book
from solver.book.types import puzzle_type
from solver.cli import main


class _OverBudget(PuzzleType):
    """Square puzzles, but every third seed runs out of nodes (as a hard BackSlide scramble)."""

    name = "square"
    title = "square"

    def __init__(self, interrupt_at: int | None = None) -> None:
        self.calls = 0
        self.interrupt_at = interrupt_at
        self.real = puzzle_type("square")

    def make(self, seed: int, level: str | None = None) -> BookPuzzle | None:
        self.calls += 1
        if self.calls == self.interrupt_at:
            raise SearchInterrupted("stopped by the user")
        if self.calls % 3 == 1:
            raise BudgetExhaustedError("node budget of 3000000 used up below depth 41")
        return self.real.make(seed, level)


def run(args: list[str]) -> int:
    with pytest.raises(SystemExit) as info:
        main(args)
    return int(info.value.code or 0)


def test_a_puzzle_over_budget_is_skipped_and_counted() -> None:
    book = build_book(_OverBudget(), 3, "any", seed=1)
    assert book.complete and len(book.puzzles) == 3
    assert book.over_budget == 2 and book.to_json()["over_budget"] == 2


def test_a_search_stopped_by_the_user_ends_the_book_keeping_its_puzzles() -> None:
    book = build_book(_OverBudget(interrupt_at=4), 5, "any", seed=1)
    assert not book.complete and book.stopped == "interrupted" and len(book.puzzles) == 2


def test_the_cli_reports_the_skipped_puzzles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(book_cli, "puzzle_type", lambda name: _OverBudget())
    out = tmp_path / "b.html"
    assert run(["book", "square", "--count", "2", "--out", str(out), "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["over_budget"] == 1
    assert "1 skipped (not proved within the node budget)" in captured.err
    assert out.read_text().count('class="puzzle"') == 2


class _Scarce(PuzzleType):
    """One square puzzle, then no seed gives another."""

    name = "square"
    title = "square"
    attempts_per_puzzle = 3

    def make(self, seed: int, level: str | None = None) -> BookPuzzle | None:
        return puzzle_type("square").make(seed, level) if seed % 100_000 == 0 else None


def test_a_book_short_of_its_count_is_written_marked_and_exits_3(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(book_cli, "puzzle_type", lambda name: _Scarce())
    out = tmp_path / "b.html"
    assert run(["book", "square", "--count", "2", "--out", str(out), "--quiet"]) == 3
    err = capsys.readouterr().err
    assert "incomplete book: gave up after 6 seeds; 1 of 2 puzzles (written" in err
    assert "Incomplete book:" in out.read_text()
    assert run(["book", "square", "--count", "3", "--time-limit", "0.001", "--out",
                str(tmp_path / "short.html"), "--quiet"]) == 3
    assert "incomplete book: time limit of 0.001 s" in capsys.readouterr().err
    assert run(["book", "square", "--count", "3", "--time-limit", "0", "--out",
                str(tmp_path / "none.html"), "--quiet"]) == 2  # not a budget at all


@pytest.mark.slow
def test_the_dominimum_ramp_that_stopped_short_is_complete() -> None:
    """The Dominimum ramp of 6 (seed 1) made only 4 in 240 seeds; an endgame type now tries
    100 seeds a puzzle (about one seed in 30 gives a puzzle), 30 s."""
    book = build_book(puzzle_type("dominimum"), 6, "ramp", seed=1)
    assert book.complete and len(book.puzzles) == 6


@pytest.mark.slow
@pytest.mark.parametrize("seed", [2, 4])
def test_backslide_books_of_the_seeds_that_failed(seed: int, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Seeds 2 and 4 met a scramble beyond the node budget and threw the book away (20 s)."""
    out = tmp_path / "b.html"
    assert run(["book", "backslide", "--count", "3", "--difficulty", "hard", "--seed",
                str(seed), "--out", str(out), "--json", "--quiet"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["count"] == 3 and doc["complete"]
