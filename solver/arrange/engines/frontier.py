"""Counting compact arrangements by dynamic programming over a frontier (a transfer matrix).

The cells are filled one at a time in a fixed order. After the first t cells, all that matters
for the rest is *which pieces are used* and *the sides of the filled cells that face empty
cells* (the open edges of the frontier): two partial fillings that agree on both have exactly
the same completions. So the count is carried per state, never per solution:

    state = used-piece mask (bit p for piece p) | bit values of the open edges (above it)

Placing piece ``p`` on the next cell needs ``p`` unused, its sides facing filled cells equal to
the open edges they close, and no beam across a blank border; it opens an edge for every side
facing a cell not yet filled. The states live in two numpy arrays (keys, counts); each step
maps every state through every candidate piece and merges equal keys (sort + reduce). No numba:
the whole step is a handful of vectorised numpy operations per candidate piece.

The cost grows with the number of states, which is bounded by ``C(P, t) * 2^width`` (``P``
pieces, ``width`` open edges): small for the 16-piece sets (square, triangle) on any region
whose frontier stays narrow (a row or column of the shorter side, plus the wrap-around edges of
a torus). The piece mask must fit beside the frontier in 63 bits, so sets of more than
``MAX_PIECES`` pieces (hexagon, second-order sets) are left to the kernel.

Complexity: O(cells x candidates x states), memory O(states).

Examples
--------
>>> from solver.arrange.problem import ArrangementProblem
>>> from solver.arrange.instance import EdgeInstance
>>> FrontierCount(EdgeInstance.build(ArrangementProblem.create("square", "compact", "4x4"))).count()
652
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from puzzles.errors import InvalidInputError
from solver.arrange.instance import EdgeInstance

#: Largest piece space (highest piece number + 1) the frontier count takes.
MAX_PIECES = 20

#: Largest number of open edges: the state key (pieces + edges) must fit in an int64.
MAX_WIDTH = 63 - MAX_PIECES

#: A stop: when the states would exceed this many, the count raises MemoryError.
MAX_STATES = 20_000_000


@dataclass(frozen=True)
class _Step:
    """One cell of the plan: which slots it closes (checked against the piece's sides), which
    it opens, and its candidate pieces."""

    cell: int
    close: tuple[tuple[int, int], ...]  # (side, slot) of edges to filled cells
    open: tuple[tuple[int, int], ...]  # (side, slot) of edges to cells filled later
    candidates: tuple[int, ...]


def applies(inst: EdgeInstance) -> bool:
    """True when the frontier count can run: a compact problem of a small set."""
    return inst.problem.kind == "compact" and inst.piece_space <= MAX_PIECES


def frontier_width(inst: EdgeInstance, order: list[int]) -> int:
    """The largest number of open edges when the cells are filled in ``order``."""
    where = {c: t for t, c in enumerate(order)}
    width = best = 0
    for t, c in enumerate(order):
        for j in range(inst.k):
            o = int(inst.nb[c, j])
            if o < 0:
                continue
            if where[o] < t:
                width -= 1
            else:
                width += 1
        best = max(best, width)
    return best


def best_order(inst: EdgeInstance) -> list[int]:
    """Row by row or column by column, whichever keeps the frontier narrower."""
    rows = list(range(inst.n))
    cols = sorted(rows, key=lambda i: (inst.cells[i][0], inst.cells[i][1]))
    return min((rows, cols), key=lambda o: frontier_width(inst, o))


class FrontierCount:
    """The frontier dynamic program over one compact instance.

    Parameters
    ----------
    inst : EdgeInstance
        A compact instance of a set with at most ``MAX_PIECES`` piece numbers.
    order : list of int, optional
        The cell order (default ``best_order``).

    Raises
    ------
    InvalidInputError
        When the problem is not compact, the set is too large or the frontier too wide.
    """

    def __init__(self, inst: EdgeInstance, order: list[int] | None = None) -> None:
        if not applies(inst):
            raise InvalidInputError(
                "the frontier count takes compact arrangements of sets of at most "
                f"{MAX_PIECES} pieces (square, triangle)")
        self.inst = inst
        self.order = best_order(inst) if order is None else list(order)
        self.width = frontier_width(inst, self.order)
        if self.width > MAX_WIDTH:
            raise InvalidInputError(
                f"the frontier count needs at most {MAX_WIDTH} open edges; this region has "
                f"{self.width}")
        self.steps = self._plan()
        self.states = 0  # largest number of states met
        self.transitions = 0  # state x piece pairs tried

    def _plan(self) -> list[_Step]:
        inst = self.inst
        base = inst.piece_space
        where = {c: t for t, c in enumerate(self.order)}
        slot_of: dict[tuple[int, int], int] = {}  # open half-edge (cell, side) -> slot
        free: list[int] = []
        top = 0
        steps = []
        for t, c in enumerate(self.order):
            close, opened = [], []
            for j in range(inst.k):
                o = int(inst.nb[c, j])
                if o >= 0 and where[o] < t:
                    slot = slot_of.pop((o, int(inst.back[c, j])))
                    close.append((j, slot))
                    free.append(slot)
            free.sort()
            for j in range(inst.k):
                o = int(inst.nb[c, j])
                if o >= 0 and where[o] > t:
                    if free:
                        slot = free.pop(0)
                    else:
                        slot, top = top, top + 1
                    slot_of[(c, j)] = slot
                    opened.append((j, slot))
            steps.append(_Step(c, tuple((j, s + base) for j, s in close),
                               tuple((j, s + base) for j, s in opened),
                               tuple(inst.candidates(c))))
        return steps

    def count(self, tick: Callable[[int, int], None] | None = None) -> int:
        """The number of compact arrangements; ``tick(cells done, states)`` after each cell."""
        used0 = 0
        for p in self.inst.fixed:
            if p >= 0:
                used0 |= 1 << int(p)
        keys = np.array([used0], dtype=np.int64)
        counts = np.array([1], dtype=np.int64)
        for t, step in enumerate(self.steps):
            keys, counts = self._advance(step, keys, counts)
            self.states = max(self.states, len(keys))
            if tick is not None:
                tick(t + 1, len(keys))
            if len(keys) == 0:
                return 0
        return int(counts.sum())

    def _advance(self, step: _Step, keys: np.ndarray, counts: np.ndarray,
                 ) -> tuple[np.ndarray, np.ndarray]:
        """Map every state through every piece that fits the next cell; merge equal keys."""
        inst = self.inst
        c = step.cell
        clear = 0
        for _j, s in step.close:
            clear |= 1 << s
        new_keys: list[np.ndarray] = []
        new_counts: list[np.ndarray] = []
        if int(inst.fixed[c]) >= 0:
            p = int(inst.fixed[c])  # already in the used mask
            need = 0
            for j, s in step.close:
                need |= ((p >> j) & 1) << s
            put = 0
            for j, s in step.open:
                put |= ((p >> j) & 1) << s
            ok = (keys & clear) == need
            self.transitions += len(keys)
            new_keys.append((keys[ok] & ~clear) | put)
            new_counts.append(counts[ok])
        else:
            # the sides facing filled cells are read from the state (V); every fitting piece
            # is V | s for a subset s of the other sides that may carry a beam
            value = np.full(len(keys), int(inst.offset[c]), dtype=np.int64)
            for j, s in step.close:
                value |= ((keys >> s) & 1) << j
            closed = sum(1 << j for j, _s in step.close)
            free = ((1 << inst.k) - 1) & ~closed & ~int(inst.blank_mask[c])
            rest = keys & ~clear
            sub = free
            while True:
                piece = value | sub
                ok = ((keys >> piece) & 1) == 0
                self.transitions += len(keys)
                if ok.any():
                    put = 0
                    for j, s in step.open:
                        put |= ((sub >> j) & 1) << s
                    new_keys.append(rest[ok] | (np.int64(1) << piece[ok]) | put)
                    new_counts.append(counts[ok])
                if sub == 0:
                    break
                sub = (sub - 1) & free
        if not new_keys:
            return keys[:0], counts[:0]
        k = np.concatenate(new_keys)
        n = np.concatenate(new_counts)
        if len(k) > MAX_STATES:
            raise MemoryError(f"the frontier count would hold {len(k)} states")
        order = np.argsort(k, kind="stable")
        k = k[order]
        n = n[order]
        starts = np.flatnonzero(np.concatenate(([True], k[1:] != k[:-1])))
        return k[starts], np.add.reduceat(n, starts)


def translations(inst: EdgeInstance) -> list[list[int]]:
    """The translations of a torus that keep every cell's orientation and every side's
    neighbour, as cell-index permutations (the identity first); ``[identity]`` otherwise.

    A translation moves every piece without turning it, so it maps compact arrangements to
    compact arrangements; the problem's fixed pieces must stay in place, so with fixed pieces
    only the identity is returned.
    """
    identity = list(range(inst.n))
    region = inst.problem.region
    if region is None or region.wrap is None or inst.problem.fixed:
        return [identity]
    grid = region.grid
    w, h = region.wrap
    out = [identity]
    for a in range(w):
        for b in range(h):
            if (a, b) == (0, 0):
                continue
            image = []
            for q, r in inst.cells:
                moved = region.wrapped((q + a, r + b))
                if moved not in inst.index or grid.orientation(moved) != grid.orientation((q, r)):
                    break
                image.append(inst.index[moved])
            else:
                if all(inst.nb[image[i], j] == (image[o] if (o := int(inst.nb[i, j])) >= 0 else -1)
                       for i in range(inst.n) for j in range(inst.k)):
                    out.append(image)
    return out


def count(inst: EdgeInstance, tick: Callable[[int, int], None] | None = None) -> int:
    """The number of compact arrangements of ``inst`` by the frontier dynamic program.

    On a torus the translations are used first: every arrangement holds the blank piece on
    exactly one cell, and a translation carries the arrangements with the blank on cell ``c``
    one to one onto those with the blank on its image. So the count is the sum, over one cell
    per orbit of the translations, of the orbit's size times the count with the blank fixed
    there (``torus:4x4``: 16 x 12,720 = 203,520, one sixteenth of the states).
    """
    moves = translations(inst)
    if len(moves) == 1:
        return FrontierCount(inst).count(tick)
    problem = inst.problem
    blank = min(int(p) for p in range(inst.piece_space) if int(p) & ((1 << inst.k) - 1) == 0)
    seen: set[int] = set()
    total = 0
    for i in range(inst.n):
        if i in seen or inst.offset[i] != (blank >> inst.k) << inst.k:
            continue
        orbit = {m[i] for m in moves}
        seen |= orbit
        sub = EdgeInstance.build(problem.with_fixed({inst.cells[i]: blank}))
        total += len(orbit) * FrontierCount(sub).count(tick)
    return total
