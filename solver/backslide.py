"""BackSlide analysis: the parity classes of the compact 4x4 solutions and the optimal slide
search from a scrambled position to the nearest solved position of its class.

The search is IDA* (iterative deepening A*) compiled with numba. Its heuristic is the smallest,
over every solved position of the class, of the sum of the Manhattan distances of the 15
pieces to their places there: each slide moves one piece one step, so it never overestimates.
The per-goal sums are updated incrementally in O(goals) per slide.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from puzzles.backslide import (
    CELLS,
    HOLE,
    SIZE,
    Position,
    parity_class,
    position_of_placements,
    slide,
)
from puzzles.errors import (
    BudgetExhaustedError,
    EngineFaultError,
    IllegalMoveError,
    InfeasibleError,
    SearchInterrupted,
)
from solver.jit import njit

#: Nodes per call of the compiled search (Ctrl-C and SIGTERM are handled between calls).
SLICE_NODES = 1 << 20
#: hole moves: up, down, left, right; the reverse of move k is k ^ 1
_MOVES = ((-1, 0), (1, 0), (0, -1), (0, 1))


def _neighbour_table() -> np.ndarray:
    table = np.full((CELLS, 4), -1, dtype=np.int64)
    for cell in range(CELLS):
        r, c = divmod(cell, SIZE)
        for k, (dr, dc) in enumerate(_MOVES):
            rr, cc = r + dr, c + dc
            if 0 <= rr < SIZE and 0 <= cc < SIZE:
                table[cell, k] = rr * SIZE + cc
    return table


def _distance_table() -> np.ndarray:
    dist = np.zeros((CELLS, CELLS), dtype=np.int64)
    for a in range(CELLS):
        for b in range(CELLS):
            dist[a, b] = abs(a // SIZE - b // SIZE) + abs(a % SIZE - b % SIZE)
    return dist


@cache
def solved_positions() -> tuple[Position, ...]:
    """Every compact 4x4 square-set solution as a BackSlide position (652 of them)."""
    from solver.arrange.api import solutions  # local: start-up
    from solver.arrange.problem import ArrangementProblem  # local: start-up

    problem = ArrangementProblem.create("square", "compact", region="4x4")
    return tuple(sorted(position_of_placements(dict(a.placements)) for a in solutions(problem)))


def classes(positions: Sequence[Position] | None = None) -> list[int]:
    """How many solved positions fall in parity class 0 and class 1."""
    counts = [0, 0]
    for p in positions if positions is not None else solved_positions():
        counts[parity_class(p)] += 1
    return counts


@njit(cache=True, nogil=True)  # nogil: a server thread searching leaves the event loop free
def _ida_iteration(  # pragma: no cover - compiled
    board: np.ndarray, sums: np.ndarray, goal_cells: np.ndarray, dist: np.ndarray,
    nbr: np.ndarray, threshold: int, path: np.ndarray, max_nodes: int, nodes_done: int,
    next_k: np.ndarray, st: np.ndarray, slice_nodes: int,
) -> tuple[int, int]:
    """One depth-first pass under ``threshold``, resumable: the state is ``next_k`` and
    ``st`` = (depth, hole, smallest f over the threshold). Returns (code, nodes): code is the
    depth of a solution found, -1 when the pass is over (next threshold in ``st[2]``; board
    and sums restored), -2 when ``max_nodes`` ran out, -3 after ``slice_nodes`` nodes (call
    again to go on: between calls Python handles Ctrl-C and SIGTERM)."""
    max_depth = path.shape[0]
    inf = 1 << 30
    depth = st[0]
    hole = st[1]
    minover = st[2]
    nodes = 0
    n_goals = sums.shape[0]
    while True:
        if nodes >= slice_nodes:
            st[0] = depth
            st[1] = hole
            st[2] = minover
            return -3, nodes
        k = next_k[depth]
        if k == 4:
            if depth == 0:
                st[1] = hole
                st[2] = minover
                return -1, nodes
            depth -= 1
            # undo path[depth] by moving the hole back
            back = path[depth] ^ 1
            nb = nbr[hole, back]
            t = board[nb]
            for g in range(n_goals):
                sums[g] += dist[hole, goal_cells[g, t]] - dist[nb, goal_cells[g, t]]
            board[hole] = t
            board[nb] = 0
            hole = nb
            next_k[depth] += 1
            continue
        if depth > 0 and k == (path[depth - 1] ^ 1):
            next_k[depth] = k + 1
            continue
        nb = nbr[hole, k]
        if nb < 0 or depth >= max_depth:
            next_k[depth] = k + 1
            continue
        t = board[nb]
        h = inf
        for g in range(n_goals):
            sums[g] += dist[hole, goal_cells[g, t]] - dist[nb, goal_cells[g, t]]
            if sums[g] < h:
                h = sums[g]
        board[hole] = t
        board[nb] = 0
        old = hole
        hole = nb
        nodes += 1
        f = depth + 1 + h
        if f > threshold or nodes_done + nodes >= max_nodes:
            if f > threshold and f < minover:
                minover = f
            # undo at once
            for g in range(n_goals):
                sums[g] += dist[hole, goal_cells[g, t]] - dist[old, goal_cells[g, t]]
            board[hole] = t
            board[old] = 0
            hole = old
            next_k[depth] = k + 1
            if nodes_done + nodes >= max_nodes:
                return -2, nodes
            continue
        path[depth] = k
        if h == 0:
            return depth + 1, nodes
        depth += 1
        next_k[depth] = 0


@dataclass(frozen=True)
class SlideSolution:
    """The fewest slides from a position to a solved position of its class."""

    start: Position
    slides: tuple[int, ...]  # the piece moved by each slide
    goal: Position
    parity_class: int
    nodes: int
    iterations: int

    @property
    def length(self) -> int:
        """Number of slides."""
        return len(self.slides)


def solve(
    start: Position,
    goals: Sequence[Position] | None = None,
    max_nodes: int = 2_000_000_000,
    max_depth: int = 80,
    on_iteration: Callable[[int, int], None] | None = None,
    max_seconds: float | None = None,
) -> SlideSolution:
    """The fewest slides from ``start`` to any solved position of its parity class.

    Parameters
    ----------
    start : Position
        The scrambled position.
    goals : sequence of Position, optional
        Solved positions (default: the 652 compact 4x4 solutions).
    max_nodes : int
        Stop with BudgetExhaustedError after this many nodes.
    on_iteration : callable(threshold, nodes), optional
        Called at the start of each deepening iteration (progress).
    max_seconds : float, optional
        Stop with BudgetExhaustedError after this much wall-clock time (checked between
        slices of :data:`SLICE_NODES` nodes).

    Raises
    ------
    InfeasibleError
        When no solved position shares the class of ``start`` (none is reachable).
    BudgetExhaustedError
        When the node budget, the time limit (or ``max_depth``) runs out first.
    SearchInterrupted
        When the user presses Ctrl-C (or the run gets SIGTERM).

    Complexity: IDA* is exponential in the answer's length; each node costs O(goals).
    """
    cls = parity_class(start)
    pool = [g for g in (goals if goals is not None else solved_positions())
            if parity_class(g) == cls]
    if not pool:
        raise InfeasibleError(
            f"no solved position is reachable: none lies in parity class {cls} of this position")
    goal_cells = np.zeros((len(pool), CELLS), dtype=np.int64)
    for gi, g in enumerate(pool):
        for cell, piece in enumerate(g):
            goal_cells[gi, piece] = cell
    dist = _distance_table()
    nbr = _neighbour_table()
    board = np.array(start, dtype=np.int64)
    hole = int(start.index(HOLE))
    sums = np.zeros(len(pool), dtype=np.int64)
    for gi in range(len(pool)):
        sums[gi] = sum(int(dist[cell, goal_cells[gi, piece]])
                       for cell, piece in enumerate(start) if piece != HOLE)
    threshold = int(sums.min())
    path = np.zeros(max_depth, dtype=np.int64)
    next_k = np.zeros(max_depth + 1, dtype=np.int64)
    state = np.zeros(3, dtype=np.int64)
    nodes = 0
    iterations = 0
    deadline = None if max_seconds is None else time.monotonic() + max_seconds
    try:
        while True:
            iterations += 1
            if on_iteration is not None:
                on_iteration(threshold, nodes)
            if threshold == 0 and start in pool:
                return SlideSolution(start, (), start, cls, nodes, iterations)
            next_k[:] = 0
            state[:] = (0, hole, 1 << 30)
            found = -3
            while found == -3:
                found, used = _ida_iteration(board, sums, goal_cells, dist, nbr, threshold,
                                             path, max_nodes, nodes, next_k, state, SLICE_NODES)
                nodes += int(used)
                if found == -3 and deadline is not None and time.monotonic() > deadline:
                    raise BudgetExhaustedError(f"time limit of {max_seconds:g} s used up after "
                                               f"{nodes} nodes, below depth {threshold}")
            nxt = int(state[2])
            if found >= 0:
                return _replay(start, path[:found], pool, cls, nodes, iterations)
            if found == -2:
                raise BudgetExhaustedError(f"node budget of {max_nodes} used up below depth "
                                           f"{threshold}")
            if nxt >= 1 << 30 or nxt > max_depth:
                raise BudgetExhaustedError(f"no solution within {max_depth} slides")
            threshold = int(nxt)
    except KeyboardInterrupt as exc:
        raise SearchInterrupted(f"stopped by the user after {nodes} nodes "
                                f"(searching depth {threshold})") from exc


def _replay(start: Position, moves: np.ndarray, pool: Sequence[Position], cls: int, nodes: int,
            iterations: int) -> SlideSolution:
    board = list(start)
    slides = []
    for k in moves:
        h = board.index(HOLE)
        r, c = divmod(h, SIZE)
        dr, dc = _MOVES[int(k)]
        nb = (r + dr) * SIZE + (c + dc)
        slides.append(board[nb])
        board[h], board[nb] = board[nb], HOLE
    end = tuple(board)
    if end not in set(pool):  # pragma: no cover - guarded by the search
        raise AssertionError("IDA* ended away from a goal")
    return SlideSolution(start, tuple(slides), end, cls, nodes, iterations)


def check_solution(sol: SlideSolution) -> SlideSolution:
    """``sol`` itself once an independent replay accepts it; raises EngineFaultError otherwise.

    Every slide is replayed with ``puzzles.backslide.slide`` (the domain's rules, not the
    search's move table), the end must be ``sol.goal``, and the goal must be a compact 4x4
    arrangement that ``puzzles.arrangements.verify`` accepts. Optimality is not re-proven at
    run time (that needs a breadth-first search; the tests in tests/backslide do it).
    """
    from puzzles.arrangements import Arrangement, faults  # local: start-up
    from puzzles.regions import parse_region  # local: start-up

    board = sol.start
    try:
        for piece in sol.slides:
            board = slide(board, piece)
    except IllegalMoveError as exc:
        raise EngineFaultError(f"search returned an impossible slide: {exc}") from None
    if board != sol.goal:
        raise EngineFaultError("search's slides do not end on the solved position it names")
    arr = Arrangement("square", "compact", {(i % SIZE, i // SIZE): v for i, v in enumerate(board)},
                      parse_region("4x4", "square"))
    fault = next(faults(arr), None)
    if fault is not None:
        raise EngineFaultError(f"search ended on a position that is not solved: {fault}")
    return sol


def scramble(position: Position, slides: int, seed: int) -> Position:
    """A position ``slides`` random slides (never undoing the last one) away, seeded."""
    import random

    rng = random.Random(seed)
    board = list(position)
    prev = -1
    for _ in range(slides):
        h = board.index(HOLE)
        r, c = divmod(h, SIZE)
        options = []
        for dr, dc in _MOVES:
            rr, cc = r + dr, c + dc
            if 0 <= rr < SIZE and 0 <= cc < SIZE and rr * SIZE + cc != prev:
                options.append(rr * SIZE + cc)
        nb = rng.choice(options)
        board[h], board[nb] = board[nb], HOLE
        prev = h
    return tuple(board)
