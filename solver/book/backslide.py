"""BackSlide puzzles for books: "solve in N slides", N proven to be the fewest.

A seeded solved position (one of the 652 compact 4x4 solutions) is scrambled by a seeded
number of random slides (more for harder levels); IDA* then finds the fewest slides back to any
solved position of its parity class. Its last iteration exhausts every shorter sequence, which
proves that no shorter answer exists; the node counter is recorded. The slides are replayed by
``puzzles.backslide.slide`` and the end position is judged by ``puzzles.arrangements.verify``.

The answer to the question "fewest slides" is unique (a number); the slides shown are one
optimal sequence (others of the same length may exist). The level is the optimal length:
easy up to 12 slides, medium 13-22, hard 23 and more. The key is the position in its least form
over the eight symmetries of the square board (pieces turn with it).
"""

from __future__ import annotations

import random
from functools import cached_property

import numpy as np

from puzzles.arrangements import Arrangement, verify
from puzzles.backslide import CELLS, HOLE, Position, slide
from puzzles.regions import parse_region
from reports.backslide import position_svg
from solver.arrange.prepared import Run
from solver.arrange.problem import ArrangementProblem
from solver.arrange.symmetry import SymmetryGroup
from solver.backslide import solve, solved_positions
from solver.book.base import BookPuzzle, PuzzleType

#: Level -> (fewest, most) optimal slides.
LENGTHS = {"easy": (1, 12), "medium": (13, 22), "hard": (23, 80)}
#: Level -> range of random slides in the scramble.
SCRAMBLE = {"easy": (6, 16), "medium": (16, 34), "hard": (40, 80)}
#: Node budget of one IDA* run (a position beyond it is skipped by the book and counted).
MAX_NODES = 3_000_000


def level_of(length: int) -> str:
    """The level of an optimal length."""
    return next(name for name, (lo, hi) in LENGTHS.items() if lo <= length <= hi)


class BackSlideType(PuzzleType):
    """BackSlide positions graded by their optimal number of slides."""

    name = "backslide"
    title = "BackSlide: solve in the fewest slides"
    attempts_per_puzzle = 8

    @cached_property
    def group(self) -> SymmetryGroup:
        """The symmetries of the 4x4 board."""
        return Run(ArrangementProblem.create("square", "compact", "4x4")).group

    def rules(self) -> str:
        return ("The fifteen square pieces lie on a 4x4 board with one hole (the blank piece). "
                "A slide moves a piece next to the hole into it. Slide until the pieces form a "
                "compact arrangement: beam meets beam, blank meets blank, no beam leaves the "
                "board. Each puzzle says how many slides it takes; that is the fewest possible.")

    def grading(self) -> str:
        return ("Level = the optimal number of slides, proven by IDA* (every shorter sequence "
                "exhausted): easy 1-12, medium 13-22, hard 23 or more. Seed: the scramble.")

    def key(self, position: Position) -> str:
        """The position in its least form over the board's symmetries."""
        row = np.array([position], dtype=np.int64)
        return ",".join(map(str, min(tuple(self.group.image(g, row)[0])
                                     for g in range(len(self.group)))))

    def make(self, seed: int, level: str | None = None) -> BookPuzzle | None:
        rng = random.Random(seed)
        goals = solved_positions()
        lo, hi = SCRAMBLE[level or rng.choice(list(SCRAMBLE))]
        start = _scramble(goals[rng.randrange(len(goals))], rng.randint(lo, hi), rng)
        result = solve(start, max_nodes=MAX_NODES)  # BudgetExhaustedError: the book skips it
        if result.length == 0:
            return None
        board = start
        for piece in result.slides:
            board = slide(board, piece)
        placements = {(i % 4, i // 4): v for i, v in enumerate(board)}
        verify(Arrangement("square", "compact", placements,
                           parse_region("4x4", "square")))
        return BookPuzzle(
            kind=self.name, seed=seed, level=level_of(result.length), score=result.length,
            key=self.key(start),
            question=f"Solve in {result.length} slides.",
            puzzle_svg=position_svg(start),
            answer_svg=position_svg(result.goal, f"after {result.length} slides"),
            answer_text="slide " + " ".join(map(str, result.slides)),
            proof={"check": f"IDA*: no sequence under {result.length} slides "
                            f"({result.iterations} deepening iterations)",
                   "nodes": result.nodes, "solutions": 1,
                   "second_engine": "replay by puzzles.backslide.slide, end judged by verify",
                   "second_count": 1},
            details={"slides": list(result.slides), "start": list(start),
                     "parity_class": result.parity_class})


def _scramble(position: Position, slides: int, rng: random.Random) -> Position:
    """``slides`` seeded random slides that never undo the previous one."""
    board = list(position)
    prev = -1
    for _ in range(slides):
        h = board.index(HOLE)
        r, c = divmod(h, 4)
        options = [(r + dr) * 4 + c + dc for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                   if 0 <= r + dr < 4 and 0 <= c + dc < 4 and (r + dr) * 4 + c + dc != prev]
        nb = rng.choice(options)
        board[h], board[nb] = board[nb], HOLE
        prev = h
    assert len(board) == CELLS
    return tuple(board)
