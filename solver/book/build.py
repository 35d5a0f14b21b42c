"""Building a book: puzzles of one type, all different, at one level or on a ramp.

Puzzle ``a`` of a book with seed ``S`` is tried with the puzzle seed ``S * 100000 + a``
(``a = 0, 1, ...``); a puzzle is kept when its measured level is the one wanted and no puzzle
kept so far has the same canonical key. With ``difficulty="ramp"`` the book's positions are
shared out over the type's levels in order (easy first); with ``"any"`` every level is kept and
the book is sorted easiest first. A seed whose puzzle cannot be proved within the type's node
budget (``BudgetExhaustedError``) is skipped and counted in ``over_budget``, never fatal.
Ctrl-C (``KeyboardInterrupt`` or a search's ``SearchInterrupted``) or a time limit ends the
search; the puzzles made so far are returned with ``complete=False``.

Examples
--------
>>> from solver.book.types import puzzle_type
>>> book = build_book(puzzle_type("square"), 3, "easy", seed=1)
>>> len(book.puzzles), {p.level for p in book.puzzles}
(3, {'easy'})
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from puzzles.errors import (
    BudgetExhaustedError,
    InfeasibleError,
    InvalidInputError,
    SearchInterrupted,
)
from solver.book.base import BookPuzzle, PuzzleType

#: Puzzle seeds of a book: ``seed * SEED_STRIDE + attempt``.
SEED_STRIDE = 100_000

Tick = Callable[[int, int, int], None]  # (puzzles kept, wanted, seeds tried)


@dataclass
class Book:
    """The puzzles of a book and how they were found."""

    kind: PuzzleType
    difficulty: str
    seed: int
    wanted: int
    puzzles: list[BookPuzzle] = field(default_factory=list)
    tried: int = 0
    repeats: int = 0
    off_level: int = 0
    over_budget: int = 0
    seconds: float = 0.0
    complete: bool = True
    stopped: str = ""

    def to_json(self) -> dict[str, object]:
        """``{"type", "difficulty", "seed", "count", "complete", "tried", "puzzles", ...}``."""
        return {"type": self.kind.name, "difficulty": self.difficulty, "seed": self.seed,
                "count": len(self.puzzles), "wanted": self.wanted, "complete": self.complete,
                "stopped": self.stopped, "tried": self.tried, "repeats": self.repeats,
                "off_level": self.off_level, "over_budget": self.over_budget,
                "seconds": round(self.seconds, 3),
                "puzzles": [p.to_json() for p in self.puzzles]}


def ramp_levels(levels: tuple[str, ...], count: int) -> list[str]:
    """The level of each of ``count`` positions on a ramp over ``levels`` (easy first).

    >>> ramp_levels(("easy", "medium", "hard"), 5)
    ['easy', 'easy', 'medium', 'medium', 'hard']
    """
    return [levels[i * len(levels) // count] for i in range(count)]


def targets(kind: PuzzleType, count: int, difficulty: str) -> list[str | None]:
    """The level wanted at each position (None: any level).

    Raises InvalidInputError for a level the type does not have.
    """
    if difficulty == "any":
        return [None] * count
    if difficulty == "ramp":
        return list(ramp_levels(kind.levels, count))
    if difficulty not in kind.levels:
        raise InvalidInputError(f"--difficulty {difficulty!r}: {kind.name} puzzles have the levels "
                                f"{', '.join(kind.levels)} (or ramp, any)")
    return [difficulty] * count


def build_book(kind: PuzzleType, count: int, difficulty: str = "any", seed: int = 1,
               tick: Tick | None = None, time_limit: float | None = None,
               max_attempts: int | None = None) -> Book:
    """Make a book of ``count`` different puzzles of ``kind``.

    Parameters
    ----------
    kind : PuzzleType
    count : int
        Puzzles wanted (at least 1).
    difficulty : str
        A level of the type, ``ramp`` or ``any``.
    seed : int
        The book's seed (see the module docstring for the puzzle seeds).
    tick : callable(kept, wanted, tried), optional
        Progress, after every seed tried.
    time_limit : float, optional
        Stop (keeping what was made) after this many seconds.
    max_attempts : int, optional
        Seeds to try before giving up; default ``count * kind.attempts_per_puzzle``.

    Returns
    -------
    Book
        ``complete`` is False when Ctrl-C, the time limit or the attempts ended the search
        early; ``stopped`` says which. ``over_budget`` counts the seeds skipped because a
        proof did not fit the node budget.

    Raises
    ------
    InvalidInputError
        A count below 1 or an unknown level.
    """
    if count < 1:
        raise InvalidInputError(f"--count {count}: must be at least 1")
    wanted = targets(kind, count, difficulty)
    book = Book(kind, difficulty, seed, count)
    limit = max_attempts if max_attempts is not None else count * kind.attempts_per_puzzle
    start = time.monotonic()
    keys: set[str] = set()
    # open positions per level (None = any level)
    open_slots: dict[str | None, int] = {}
    for w in wanted:
        open_slots[w] = open_slots.get(w, 0) + 1
    kept: list[BookPuzzle] = []
    try:
        while len(kept) < count:
            if book.tried >= limit:
                book.complete, book.stopped = False, f"gave up after {limit} seeds"
                break
            if time_limit is not None and time.monotonic() - start > time_limit:
                book.complete, book.stopped = False, f"time limit of {time_limit:g} s"
                break
            aim = next((w for w in wanted if open_slots.get(w, 0) > 0), None)
            attempt_seed = seed * SEED_STRIDE + book.tried
            book.tried += 1
            try:
                made = kind.make(attempt_seed, aim)
            except InfeasibleError:
                made = None
            except BudgetExhaustedError:
                made = None  # not proved within the budget: skipped, not fatal
                book.over_budget += 1
            except SearchInterrupted as exc:
                raise KeyboardInterrupt from exc
            if made is not None:
                level: str | None = made.level if None not in open_slots else None
                if open_slots.get(level, 0) <= 0:
                    book.off_level += 1
                elif made.key in keys:
                    book.repeats += 1
                else:
                    keys.add(made.key)
                    kept.append(made)
                    open_slots[level] -= 1
            if tick is not None:
                tick(len(kept), count, book.tried)
    except KeyboardInterrupt:
        book.complete, book.stopped = False, "interrupted"
    order = {name: i for i, name in enumerate(kind.levels)}
    kept.sort(key=lambda p: (order[p.level], p.score))
    book.puzzles = kept
    book.seconds = time.monotonic() - start
    return book
