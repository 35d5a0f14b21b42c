"""Dominions tactical puzzles for books: capture, save, eye and live.

A seeded game (greedy against random, ``solver.dominions.puzzles.game_positions``) is played
from a seeded random move on; the first position where exactly one move of the player to move
meets the goal becomes the puzzle. Uniqueness is proven by trying every legal placement (and,
for ``save``, every capturing reply at the group's liberties); the proof records its depth
(1, or 2 for ``save``) and its nodes (positions examined). The answer is replayed on the
record's position and must be legal there.

Level: the depth of the proof first, then its size: easy = depth 1 and fewer than
``SMALL`` nodes, medium = depth 1 with more, or depth 2 with fewer than ``LARGE``; hard =
depth 2 with ``LARGE`` nodes or more. The key: the position (pieces, owners, hands, the player
to move) in its least form over the twelve symmetries of the hexagonal board, with the goal.
"""

from __future__ import annotations

import random
from functools import cached_property

from puzzles.dominions import Move, Position, replay
from puzzles.dominions.board import board
from puzzles.dominions.records import format_moves, write_record
from puzzles.grids import CellSymmetry, cell_symmetries, grid
from reports.dominions import Marks, hands_svg, position_svg
from solver.book.base import BookPuzzle, PuzzleType
from solver.dominions.puzzles import (
    DEPTH,
    GOALS,
    Puzzle,
    _targets,
    answer_move,
    game_positions,
    solutions,
)
from solver.dominions.tracker import Tracker

#: Node thresholds of the levels (see the module docstring).
SMALL, LARGE = 250, 1000
#: Positions of one game examined before the seed is given up.
MAX_POSITIONS = 40


def level_of(depth: int, nodes: int) -> str:
    """The level of a proof of ``depth`` that examined ``nodes`` positions."""
    if depth <= 1:
        return "easy" if nodes < SMALL else "medium"
    return "medium" if nodes < LARGE else "hard"


class DominionsType(PuzzleType):
    """Dominions puzzles of one goal, or of every goal (``goal=None``: chosen by the seed)."""

    attempts_per_puzzle = 6

    def __init__(self, goal: str | None = None) -> None:
        self.goal = goal
        # the levels a goal can reach: depth 1 is easy or medium, depth 2 medium or hard
        if goal is not None:
            self.levels = ("easy", "medium") if DEPTH[goal] == 1 else ("medium", "hard")
        self.name = f"dominions-{goal}" if goal else "dominions"
        self.title = (f"Dominions: {goal} puzzles" if goal else
                      "Dominions: capture, save, eye and live puzzles")

    def rules(self) -> str:
        return ("Dominions on the 64-hexagon set: players place pieces in turn, beam facing "
                "beam, blank facing blank; a group without liberties is reversed. Each puzzle "
                "asks for the one move that meets its goal (capture, save a group from capture, "
                "make a new eye, make a group live); exactly one move does. Every piece shows "
                "its number (the sum of its beams: 1 NE, 2 NW, 4 W, 8 SW, 16 SE, 32 E) and both "
                "hands are drawn beside the board. A cell is named by its row letter (left "
                "edge) and its line number (lower edges): the answer W[P50c1] reads 'White "
                "places piece 50 on cell c1'.")

    def grading(self) -> str:
        return (f"Level = depth of the exhaustive proof, then its size: easy = depth 1 under "
                f"{SMALL} positions examined, medium = depth 1 with more or depth 2 under "
                f"{LARGE}, hard = depth 2 with {LARGE} or more. Seed: the self-play game.")

    @cached_property
    def symmetries(self) -> list[CellSymmetry]:
        """The twelve symmetries of the board."""
        return cell_symmetries(grid("hexagon"), frozenset(board().cells))

    def key(self, pos: Position, goal: str) -> str:
        """The position's least form over the board's symmetries."""
        cells = pos.board.cells
        forms = []
        for sym in self.symmetries:
            def turn(p: int, sym: CellSymmetry = sym) -> int:
                return sym.beams((0, 0), p)

            board = tuple(sorted((pos.board.index[sym.cells[cells[i]]], turn(pos.piece[i]),
                                  pos.owner[i]) for i in pos.occupied))
            hands = tuple(sorted(turn(p) for p in range(1, 64) if pos.hands[c] >> p & 1)
                          for c in (0, 1))
            forms.append(repr((goal, pos.to_move, board, hands)))
        return min(forms)

    def make(self, seed: int, level: str | None = None) -> BookPuzzle | None:
        rng = random.Random(seed)
        if self.goal is not None:
            goal = self.goal
        elif level == "hard":  # only a depth-2 proof (save) reaches hard
            goal = "save"
        elif level == "easy":  # only a depth-1 proof reaches easy
            goal = rng.choice([g for g in GOALS if DEPTH[g] == 1])
        else:
            goal = rng.choice(GOALS)
        skip = rng.randrange(30)
        seen = 0
        for _game, pos in game_positions(rng.randrange(1 << 30), 1):
            if skip:
                skip -= 1
                continue
            seen += 1
            if seen > MAX_POSITIONS:
                return None
            snapshot = pos.copy()
            t = Tracker(snapshot)
            for target in _targets(t, goal):
                nodes = [0]
                undecided: list[Move] = []
                sols = solutions(t, goal, target, nodes, undecided=undecided)
                if len(sols) == 1 and not undecided:
                    proof: dict[str, object] = {}
                    if goal == "eye":  # the neighbour shortcut, re-proven by playing every move
                        plain = solutions(t, goal, target, quick=False)
                        if plain != sols:  # pragma: no cover - a shortcut bug
                            raise AssertionError("eye shortcut disagrees with the plain proof")
                        proof = {"second_engine": "every move played (no shortcut)",
                                 "second_count": len(plain)}
                    return self._finish(seed, goal, snapshot, target, sols[0], nodes[0], proof)
        return None

    def _finish(self, seed: int, goal: str, pos: Position, target: frozenset[int],
                move: Move, nodes: int, extra: dict[str, object]) -> BookPuzzle:
        names = tuple(pos.board.name(c) for c in sorted(target))
        answer = format_moves([move], pos.to_move, pos)
        puzzle = Puzzle(goal, write_record(pos), answer, names, DEPTH[goal])
        start = replay(puzzle.record)
        played = answer_move(puzzle, start)
        if start.outcome(played).status != "legal":  # pragma: no cover - a rules bug
            raise AssertionError(f"answer {answer} is not legal in its position")
        depth = DEPTH[goal]
        marks = Marks(groups=[(start.to_move, sorted(target))]) if target else Marks()
        after = start.copy()
        after.push(played)
        turned = sorted(i for i in start.occupied if after.owner[i] != start.owner[i])
        who = "White" if start.to_move == 0 else "Black"
        said = f"{answer}: {who} places piece {played.piece} on {start.board.name(played.cell)}"
        if turned:
            said += (f", reversing {len(turned)} piece{'s' if len(turned) > 1 else ''} on "
                     + " ".join(start.board.name(i) for i in turned))
        return BookPuzzle(
            kind=self.name, seed=seed, level=level_of(depth, nodes),
            score=depth * 10_000 + nodes, key=self.key(start, goal),
            question=puzzle.question(),
            puzzle_svg=position_svg(start, marks, numbers=True),
            extra_svg=hands_svg(start),
            answer_svg=position_svg(after, Marks(highlight=[played.cell],
                                                 highlight_label="the piece placed",
                                                 last=turned, last_label="pieces it reversed"),
                                    numbers=True),
            answer_text=said,
            proof={"check": f"every legal move tried, depth {depth}", "solutions": 1,
                   "nodes": nodes, "depth": depth,
                   "note": "the answer replayed on the record is legal", **extra},
            board_mm=150,
            details={"goal": goal, "record": puzzle.record, "target": list(names)})
