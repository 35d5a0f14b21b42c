"""Game-tree search: negamax alpha-beta over the best-looking moves, iterative deepening.

At every node only the ``widths[ply]`` placements with the best quick score are searched (a
selective search: Dominions has hundreds of legal placements per position): at the root among
all legal placements, below it among the placements on the liberties of groups with at most
two liberties (where captures, rescues and threats happen), plus the pass when it ends the game
or when nothing else is legal. Leaves use
``solver.dominions.evaluation.evaluate``. The search stops deepening when the node budget (or
the time limit) would be exceeded and returns the last completed iteration.

Examples
--------
>>> from puzzles.dominions import replay
>>> from solver.dominions.tracker import Tracker
>>> r = search(Tracker(replay("W[P1i9]")), budget=60)
>>> r.depth >= 1 and r.line[0] == r.move and r.nodes <= 60
True
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from puzzles.dominions import PASS, Move
from solver.dominions.evaluation import WIN, evaluate, hot_cells, ordered_moves
from solver.dominions.tracker import Tracker

DEFAULT_WIDTHS = (12, 8, 6, 5, 4, 4)


class _OutOfBudget(Exception):  # noqa: N818 - private control flow
    pass


@dataclass
class SearchResult:
    """The chosen move, its value for the mover, the principal line, depth and nodes used."""

    move: Move
    value: float
    line: list[Move] = field(default_factory=list)
    depth: int = 0
    nodes: int = 0


class _Search:
    def __init__(self, t: Tracker, budget: int, deadline: float | None,
                 widths: tuple[int, ...], rng: random.Random) -> None:
        self.t = t
        self.rng = rng
        self.budget = budget
        self.deadline = deadline
        self.wall: float | None = None  # a time.monotonic() deadline (the server's seats)
        self.widths = widths
        self.nodes = 0

    def _candidates(self, ply: int) -> list[Move]:
        pos = self.t.position
        width = self.widths[min(ply, len(self.widths) - 1)]
        cells = None if ply == 0 else hot_cells(self.t)
        stop = self.out_of_time if self.deadline is not None or self.wall is not None else None
        moves = [m for _, m in ordered_moves(pos, width, cells, self.t, self.rng, stop)]
        if not moves and cells is not None:  # no hot cell: every placement scored
            moves = [m for _, m in ordered_moves(pos, width, None, self.t, self.rng, stop)]
        if ply > 0 and stop is not None and stop():
            raise _OutOfBudget  # a node's list cut short: this depth is not complete
        if not moves or pos.passes == 1:
            moves.append(PASS)
        return moves

    def out_of_time(self) -> bool:
        """True when a deadline (``seconds`` or ``wall``) has passed."""
        if self.deadline is None and self.wall is None:
            return False
        now = time.monotonic()
        return ((self.deadline is not None and now > self.deadline)
                or (self.wall is not None and now > self.wall))

    def _step(self, move: Move) -> None:
        if self.nodes >= self.budget or self.out_of_time():
            raise _OutOfBudget
        self.nodes += 1
        self.t.push(move)

    def negamax(self, depth: int, ply: int, alpha: float, beta: float) -> tuple[float, list[Move]]:
        pos = self.t.position
        if depth == 0 or pos.is_over():
            return evaluate(self.t, pos.to_move), []
        best, line = float("-inf"), []
        for m in self._candidates(ply):
            self._step(m)
            try:
                v, sub = self.negamax(depth - 1, ply + 1, -beta, -alpha)
            finally:
                self.t.pop()
            v = -v
            if v > best:
                best, line = v, [m, *sub]
            alpha = max(alpha, v)
            if alpha >= beta:
                break
        return best, line


def search(t: Tracker, budget: int = 600, seconds: float | None = None,
           rng: random.Random | None = None, max_depth: int = 6,
           widths: tuple[int, ...] = DEFAULT_WIDTHS, wall: float | None = None) -> SearchResult:
    """The best move for the player to move of ``t.position`` within ``budget`` nodes.

    Parameters
    ----------
    t : Tracker
        The position (left unchanged).
    budget : int
        Maximum number of positions entered.
    seconds : float, optional
        Also stop deepening after this many wall-clock seconds (``time.monotonic``).
    wall : float, optional
        Also stop at this ``time.monotonic()`` moment (wall clock), with the best move of the
        deepest completed depth.
    rng : random.Random, optional
        Breaks ties between root moves of equal value (seeded, reproducible).

    Returns
    -------
    SearchResult
        Move, value for the mover, principal line, completed depth and nodes used.
    """
    rng = rng or random.Random(0)
    deadline = None if seconds is None else time.monotonic() + seconds
    s = _Search(t, budget, deadline, widths, rng)
    s.wall = wall
    pos = t.position
    root = s._candidates(0)
    if root == [PASS]:
        return SearchResult(PASS, evaluate(t, pos.to_move), [PASS], 0, 0)
    result = SearchResult(root[0], float("-inf"), [root[0]], 0, 0)
    for depth in range(1, max_depth + 1):
        scored: list[tuple[float, list[Move]]] = []
        try:
            alpha = float("-inf")
            for m in root:
                s._step(m)
                try:
                    v, sub = s.negamax(depth - 1, 1, float("-inf"), -alpha + 1e-9)
                finally:
                    t.pop()
                scored.append((-v, [m, *sub]))
                alpha = max(alpha, -v)
        except _OutOfBudget:
            break
        top = max(v for v, _ in scored)
        ties = [line for v, line in scored if v >= top - 1e-9]
        line = ties[0] if len(ties) == 1 else rng.choice(ties)
        result = SearchResult(line[0], top, line, depth, s.nodes)
        # search the best line first next time
        root = [line[0]] + [m for m in root if m != line[0]]
        if abs(top) >= WIN / 2:
            break
    result.nodes = s.nodes
    return result
