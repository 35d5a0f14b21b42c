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


def search_for(problem: ArrangementProblem, tick: Callable[[int, int], None] | None = None,
               ) -> GrowSearch | FastGrowSearch:
    """The growth search of an unbounded problem without fixed pieces (``GrowEngine``
    refuses them): sets of at most ``FAST_MAX_PIECES`` pieces run the numba search
    (``FastGrowSearch``), larger ones the plain Python one (``GrowSearch``); both list the same
    arrangements in possibly different orders. ``nodes`` counts the pieces placed."""
    if problem.fixed:
        raise ValueError("the growth search places every piece itself: no fixed pieces")
    if len(problem.piece_set.pieces) <= FAST_MAX_PIECES:
        return FastGrowSearch(problem, tick)
    return GrowSearch(problem, tick)


#: Largest set the numba growth search takes (its state holds one patch of plane per group).
FAST_MAX_PIECES = 64


# ---------------------------------------------------------------------------------------------
# The same search JIT-compiled with numba: one patch of plane per group (a slice of a 3-D state
# array), explicit stacks, resumable like the compact kernel.

import numpy as np  # noqa: E402

from solver.jit import njit  # noqa: E402

_UNKNOWN, _EMPTY, _DEMANDED, _PLACED = 0, 1, 2, 3


@njit(cache=True)
def _grow_search(dq, dr, oriented, k, n_beamed, single, blank_bits, st, pc, used,  # type: ignore[no-untyped-def]
                 frontier, trail, state, grp, cy, cx, cand, ncand, pos, tl, fl,
                 max_nodes, stats):  # pragma: no cover - compiled
    """Resumable growth search. Returns 0 exhausted, 1 solution found, 2 node budget spent.

    state = [depth, mode, frontier length, trail length, placed beamed pieces]."""
    centre = st.shape[1] // 2
    d = state[0]
    mode = state[1]
    nf = state[2]
    nt = state[3]
    placed = state[4]
    nodes = 0
    while True:
        if d < 0:
            state[0] = d
            state[1] = mode
            stats[1] += nodes
            return 0
        if mode == 0:
            g = grp[d - 1] if d > 0 else -1
            # most constrained demanded cell of the current group
            best_n = 1 << 30
            by = -1
            bx = -1
            demanded = 0
            for e in range(nf):
                fy = frontier[e, 1]
                fx = frontier[e, 2]
                if frontier[e, 0] != g or st[g, fy, fx] != _DEMANDED:
                    continue
                demanded += 1
                o = ((fx - centre) + (fy - centre)) & 1 if oriented else 0
                free = 0
                forced = 0
                for j in range(k):
                    s_ = st[g, fy + dr[o, j], fx + dq[o, j]]
                    if s_ == _UNKNOWN:
                        free |= 1 << j
                    elif s_ != _EMPTY:
                        forced |= 1 << j
                m = 0
                s = free
                while True:
                    p = (forced | s) + (o << k)
                    if not used[p]:
                        m += 1
                    if s == 0:
                        break
                    s = (s - 1) & free
                if m < best_n:
                    best_n = m
                    by = fy
                    bx = fx
            if demanded > 0:
                if best_n == 0 or demanded > n_beamed - placed:
                    mode = 1
                    d -= 1
                    continue
                o = ((bx - centre) + (by - centre)) & 1 if oriented else 0
                free = 0
                forced = 0
                for j in range(k):
                    s_ = st[g, by + dr[o, j], bx + dq[o, j]]
                    if s_ == _UNKNOWN:
                        free |= 1 << j
                    elif s_ != _EMPTY:
                        forced |= 1 << j
                m = 0
                s = free
                while True:
                    p = (forced | s) + (o << k)
                    if not used[p]:
                        cand[d, m] = p
                        m += 1
                    if s == 0:
                        break
                    s = (s - 1) & free
                grp[d] = g
            else:
                if placed == n_beamed:
                    # every beamed piece is placed: a solution
                    state[0] = d - 1
                    state[1] = 1
                    state[2] = nf
                    state[3] = nt
                    state[4] = placed
                    stats[0] += 1
                    stats[1] += nodes
                    return 1
                if single and g >= 0:
                    mode = 1
                    d -= 1
                    continue
                # a new group seeded with the smallest unused beamed piece
                seed = -1
                for p in range(used.shape[0]):
                    if not used[p] and (p & ((1 << k) - 1)) != 0:
                        seed = p
                        break
                g = g + 1
                grp[d] = g
                by = centre
                bx = centre + (1 if (oriented and (seed >> k) == 1) else 0)
                cand[d, 0] = seed
                m = 1
            cy[d] = by
            cx[d] = bx
            ncand[d] = m
            pos[d] = 0
            tl[d] = nt
            fl[d] = nf
            mode = 1
            continue
        # mode 1: undo the current choice at depth d (if any), then try the next one
        g = grp[d]
        y = cy[d]
        x = cx[d]
        if pos[d] > 0:
            p = pc[g, y, x]
            used[p] = False
            placed -= 1
            while nt > tl[d]:
                nt -= 1
                st[trail[nt, 0], trail[nt, 1], trail[nt, 2]] = trail[nt, 3]
            nf = fl[d]
        if pos[d] >= ncand[d]:
            d -= 1
            continue
        p = cand[d, pos[d]]
        pos[d] += 1
        o = p >> k
        trail[nt, 0] = g
        trail[nt, 1] = y
        trail[nt, 2] = x
        trail[nt, 3] = st[g, y, x]
        nt += 1
        st[g, y, x] = _PLACED
        pc[g, y, x] = p
        used[p] = True
        placed += 1
        for j in range(k):
            ny = y + dr[o, j]
            nx = x + dq[o, j]
            if st[g, ny, nx] != _UNKNOWN:
                continue
            trail[nt, 0] = g
            trail[nt, 1] = ny
            trail[nt, 2] = nx
            trail[nt, 3] = _UNKNOWN
            nt += 1
            if (p >> j) & 1:
                st[g, ny, nx] = _DEMANDED
                frontier[nf, 0] = g
                frontier[nf, 1] = ny
                frontier[nf, 2] = nx
                nf += 1
            else:
                st[g, ny, nx] = _EMPTY
        d += 1
        mode = 0
        nodes += 1
        if nodes >= max_nodes:
            state[0] = d
            state[1] = mode
            state[2] = nf
            state[3] = nt
            state[4] = placed
            stats[1] += nodes
            return 2


class FastGrowSearch:
    """The numba growth search for sets of at most 64 pieces per orientation."""

    def __init__(self, problem: ArrangementProblem,
                 tick: Callable[[int, int], None] | None = None) -> None:
        self.problem = problem
        ps = problem.piece_set
        grid = ps.grid
        self.grid = grid
        self.k = k = grid.side_count
        beamed = [p.number for p in ps.pieces if p.beams]
        self.blanks = [p.number for p in ps.pieces if not p.beams]
        self.n_beamed = len(beamed)
        reach = max(max(abs(a), abs(b)) for c in ((0, 0), (1, 0))
                    for a, b in grid.deltas(c).values())
        size = 2 * (self.n_beamed * reach + reach + 2) + 1
        if (size // 2) % 2:
            size += 2
        groups = self.n_beamed
        self.centre = size // 2
        self.st = np.zeros((groups, size, size), dtype=np.int8)
        self.pc = np.zeros((groups, size, size), dtype=np.int32)
        self.used = np.zeros(max(p.number for p in ps.pieces) + 1, dtype=np.bool_)
        for b in self.blanks:
            self.used[b] = True
        self.dq = np.zeros((2, k), dtype=np.int64)
        self.dr = np.zeros((2, k), dtype=np.int64)
        for o, c in enumerate(((0, 0), (1, 0)) if grid.oriented else ((0, 0), (0, 0))):
            for j, d in enumerate(grid.directions(c)):
                self.dq[o, j], self.dr[o, j] = grid.deltas(c)[d]
        depth = self.n_beamed + 2 * groups + 2
        cap = self.n_beamed * (k + 1) + 8
        self.frontier = np.zeros((cap, 3), dtype=np.int64)
        self.trail = np.zeros((cap, 4), dtype=np.int64)
        self.state = np.zeros(5, dtype=np.int64)
        self.grp = np.zeros(depth, dtype=np.int64)
        self.cy = np.zeros(depth, dtype=np.int64)
        self.cx = np.zeros(depth, dtype=np.int64)
        self.cand = np.zeros((depth, 1 << k), dtype=np.int64)
        self.ncand = np.zeros(depth, dtype=np.int64)
        self.pos = np.zeros(depth, dtype=np.int64)
        self.tl = np.zeros(depth, dtype=np.int64)
        self.fl = np.zeros(depth, dtype=np.int64)
        self.stats = np.zeros(2, dtype=np.int64)
        self.tick = tick
        self.done = False

    @property
    def nodes(self) -> int:
        """Pieces placed so far."""
        return int(self.stats[1])

    def solutions(self, max_nodes: int = 1 << 20) -> Iterator[dict[Cell, int]]:
        """Every arrangement (placements), groups laid out side by side."""
        while not self.done:
            status = _grow_search(self.dq, self.dr, self.grid.oriented, self.k, self.n_beamed,
                                  self.problem.single_group, 0, self.st, self.pc, self.used,
                                  self.frontier, self.trail, self.state, self.grp, self.cy,
                                  self.cx, self.cand, self.ncand, self.pos, self.tl, self.fl,
                                  max_nodes, self.stats)
            if self.tick is not None:
                self.tick(int(self.stats[0]), self.nodes)
            if status == 0:
                self.done = True
            elif status == 1:
                yield self._layout()

    def _groups(self) -> list[dict[Cell, int]]:
        """The placed pieces of each group in local coordinates (seed at (0, 0) or (1, 0))."""
        out: list[dict[Cell, int]] = []
        depth = int(self.state[0]) + 1
        c = self.centre
        for d in range(depth):
            if self.pos[d] == 0:
                continue
            g, y, x = int(self.grp[d]), int(self.cy[d]), int(self.cx[d])
            while len(out) <= g:
                out.append({})
            out[g][(x - c, y - c)] = int(self.pc[g, y, x])
        return out

    def _layout(self) -> dict[Cell, int]:
        reach = max(max(abs(a), abs(b)) for a, b in zip(self.dq.ravel(), self.dr.ravel(),
                                                          strict=True))
        out: dict[Cell, int] = {}
        shift = 0
        for group in self._groups():
            lo = min(q for q, _ in group)
            dq = shift - lo
            if self.grid.oriented and dq % 2:
                dq += 1
            for (q, r), p in group.items():
                out[(q + dq, r)] = p
            shift = max(q for q, _ in out) + int(reach) + 1
        for b in self.blanks:
            down = self.grid.oriented and b >> self.k == 1
            q = shift
            if self.grid.oriented and (q % 2 == 1) != down:
                q += 1
            out[(q, 0)] = b
            shift = q + int(reach) + 1
        return out
