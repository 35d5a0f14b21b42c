"""Transcendental arrangements on the open plane: grow groups along their beams.

In a transcendental arrangement every beam meets a beam and every blank side faces an empty
cell, so placing a piece decides all its neighbours: a beam *demands* that the neighbour be
filled, a blank forbids it. A group is grown from a seed piece by repeatedly filling the demanded
cell with the fewest fitting pieces (most constrained open beam first) until no beam is open;
the next group starts from the smallest unused piece, on its own patch of plane. Groups never
touch, so they are laid out side by side at the end, and every arrangement is listed once up to
translating its groups. The blank piece always stands alone.

Options: ``single_group`` (all non-blank pieces in the first group). A bounding region is
solved by the CP-SAT model instead.

Complexity: exponential in the worst case; each node costs O(sides x 2^free sides).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from puzzles.arrangements import Arrangement
from puzzles.grids import Cell, Grid
from solver.arrange.problem import ArrangementProblem

UNKNOWN, EMPTY, DEMANDED, PLACED = 0, 1, 2, 3


class _Group:
    """The cells of one growing group and their states."""

    def __init__(self) -> None:
        self.state: dict[Cell, int] = {}
        self.piece: dict[Cell, int] = {}
        self.demanded: set[Cell] = set()


class GrowSearch:
    """Depth-first growth search over groups (see the module docstring)."""

    def __init__(self, problem: ArrangementProblem, tick: Callable[[int, int], None] | None = None,
                 ) -> None:
        self.problem = problem
        self.ps = problem.piece_set
        self.grid: Grid = self.ps.grid
        self.k = self.grid.side_count
        self.pieces = sorted(self.ps.numbers())
        self.orientation = {p.number: p.orientation for p in self.ps.pieces}
        self.used: set[int] = set()
        self.nodes = 0
        self.found = 0
        self.tick = tick
        self.groups: list[_Group] = []
        self.blanks = [p.number for p in self.ps.pieces if p.beams == 0]
        self._dirs = {o: tuple((j, d, self.grid.deltas(c)[d])
                               for j, d in enumerate(self.grid.directions(c)))
                      for o, c in (("up", (0, 0)), ("down", (1, 0)), (None, (0, 0)))}
        self._back = {o: {j: self.grid.opposite(c, d).bit_length() - 1
                          for j, d in enumerate(self.grid.directions(c))}
                      for o, c in (("up", (0, 0)), ("down", (1, 0)), (None, (0, 0)))}

    # -- cells ---------------------------------------------------------------------------------
    def _orient(self, cell: Cell) -> str | None:
        return self.grid.orientation(cell)

    def _offset(self, cell: Cell) -> int:
        return (1 << self.k) if self._orient(cell) == "down" else 0

    def _known(self, g: _Group, cell: Cell) -> tuple[int, int]:
        """(free sides mask, forced beams) of ``cell`` from its neighbours' states."""
        free = 0
        forced = 0
        for j, _d, (dq, dr) in self._dirs[self._orient(cell)]:
            s = g.state.get((cell[0] + dq, cell[1] + dr), UNKNOWN)
            if s == UNKNOWN:
                free |= 1 << j
            elif s != EMPTY:
                forced |= 1 << j
        return free, forced

    def _candidates(self, g: _Group, cell: Cell) -> list[int]:
        free, forced = self._known(g, cell)
        off = self._offset(cell)
        out = []
        s = free
        while True:
            p = (forced | s) + off
            if p not in self.used and (forced | s) != 0:
                out.append(p)
            if s == 0:
                break
            s = (s - 1) & free
        return out

    def _place(self, g: _Group, cell: Cell, p: int) -> list[tuple[Cell, int]]:
        """Place p; returns the undo list of (cell, previous state)."""
        undo = [(cell, g.state.get(cell, UNKNOWN))]
        g.state[cell] = PLACED
        g.piece[cell] = p
        g.demanded.discard(cell)
        self.used.add(p)
        for j, _d, (dq, dr) in self._dirs[self._orient(cell)]:
            other = (cell[0] + dq, cell[1] + dr)
            s = g.state.get(other, UNKNOWN)
            if s != UNKNOWN:
                continue
            undo.append((other, s))
            if p >> j & 1:
                g.state[other] = DEMANDED
                g.demanded.add(other)
            else:
                g.state[other] = EMPTY
        return undo

    def _unplace(self, g: _Group, cell: Cell, undo: list[tuple[Cell, int]]) -> None:
        self.used.discard(g.piece.pop(cell))
        for other, s in reversed(undo):
            if s == UNKNOWN:
                g.state.pop(other, None)
            else:
                g.state[other] = s
            if s == DEMANDED:
                g.demanded.add(other)
            else:
                g.demanded.discard(other)

    # -- search --------------------------------------------------------------------------------
    def _remaining(self) -> list[int]:
        return [p for p in self.pieces if p not in self.used and p not in self.blanks]

    def solutions(self) -> Iterator[dict[Cell, int]]:
        """Every arrangement (placements), groups laid out side by side."""
        yield from self._next_group()

    def _next_group(self) -> Iterator[dict[Cell, int]]:
        left = self._remaining()
        if not left:
            yield self._layout()
            return
        if self.problem.single_group and self.groups:
            return
        seed = left[0]
        cell: Cell = (1, 0) if self.orientation[seed] == "down" else (0, 0)
        g = _Group()
        self.groups.append(g)
        undo = self._place(g, cell, seed)
        yield from self._grow(g)
        self._unplace(g, cell, undo)
        self.groups.pop()

    def _grow(self, g: _Group) -> Iterator[dict[Cell, int]]:
        if not g.demanded:
            yield from self._next_group()
            return
        left = len(self.pieces) - len(self.used) - len(self.blanks)
        if len(g.demanded) > left:
            return
        best: Cell | None = None
        best_c: list[int] = []
        for cell in sorted(g.demanded):
            cands = self._candidates(g, cell)
            if best is None or len(cands) < len(best_c):
                best, best_c = cell, cands
                if len(cands) <= 1:
                    break
        assert best is not None
        for p in best_c:
            self.nodes += 1
            if self.tick is not None and self.nodes % 4096 == 0:
                self.tick(self.found, self.nodes)
            undo = self._place(g, best, p)
            yield from self._grow(g)
            self._unplace(g, best, undo)

    def _layout(self) -> dict[Cell, int]:
        """Placements of all groups side by side (then the blank), groups never touching."""
        reach = max(max(abs(dq), abs(dr)) for o in self._dirs for _, _, (dq, dr) in self._dirs[o])
        out: dict[Cell, int] = {}
        shift = 0
        for g in self.groups:
            qs = [c[0] for c in g.piece]
            lo = min(qs)
            dq = shift - lo
            if self.grid.oriented and dq % 2:
                dq += 1
            for (q, r), p in g.piece.items():
                out[(q + dq, r)] = p
            shift = max(q for q, _ in out) + reach + 1
        for b in self.blanks:
            q = shift + (1 if self.orientation[b] == "down" and shift % 2 == 0 else 0)
            if self.orientation[b] == "up" and q % 2:
                q += 1
            out[(q, 0)] = b
            shift = q + reach + 1
        self.found += 1
        return out


def solutions(problem: ArrangementProblem,
              tick: Callable[[int, int], None] | None = None) -> Iterator[Arrangement]:
    """Transcendental arrangements of an unbounded problem (fixed pieces are not supported)."""
    from puzzles.errors import InvalidInputError

    if problem.fixed:
        raise InvalidInputError(
            "fixed pieces need a bounding region for transcendental arrangements (--region)")
    search = GrowSearch(problem, tick)
    for placements in search.solutions():
        yield problem.arrangement(placements)
