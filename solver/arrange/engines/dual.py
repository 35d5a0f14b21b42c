"""Compact search that branches on cells *and* pieces, most constrained first (numba).

The kernel (``engines/kernel.py``) always branches on a cell. On large sets that leaves the
awkward pieces for last: on the second-order hexagon set (4096 pieces, 12 sides) its
most-constrained-cell search fills about 4070 of 4096 cells at once and then thrashes, because
the pieces left over fit none of the holes. Like Knuth's dancing links, which picks the item
(cell or piece) with the fewest options, this search also keeps for every unused piece the
number of empty cells it still fits, branches on a piece when that number is smaller than the
fewest pieces any cell fits, and backtracks as soon as some piece fits nowhere.

State: ``value[c]`` (piece or -1), ``known[c]``/``val[c]`` (the sides of cell ``c`` facing
filled neighbours or the border, and their beams), ``cnt[K, V]`` (unused pieces ``p`` with
``p & K == V``; one table, so sets with a single cell orientation only) and ``fit[p]`` (empty
cells that piece ``p`` fits). A placement costs O(pieces x sides).

Examples
--------
>>> from solver.arrange.problem import ArrangementProblem
>>> from solver.arrange.instance import EdgeInstance
>>> s = DualSearch(EdgeInstance.build(ArrangementProblem.create("hexagon", "compact",
...                                                              "rhombus:8x8")))
>>> s.run(100_000) == FOUND and sorted(s.value) == list(range(64))
True
"""

from __future__ import annotations

import numpy as np

from puzzles.errors import InvalidInputError
from solver.arrange.instance import EdgeInstance
from solver.jit import njit

#: Status codes of ``DualSearch.run``.
FOUND, EXHAUSTED, BUDGET = 0, 1, 2


@njit(cache=True)
def _fits(p, k, v):  # type: ignore[no-untyped-def]  # pragma: no cover
    return (p & k) == v


@njit(cache=True)
def _move(c, p, sign, nb, back, value, used, known, val, cnt, fit):  # type: ignore[no-untyped-def]  # pragma: no cover
    """Place piece ``p`` on cell ``c`` (sign 1) or take it back (sign -1)."""
    k = nb.shape[1]
    space = fit.shape[0]
    if sign > 0:
        # the cell stops being empty: its fits go; the piece stops being unused
        for q in range(space):
            if not used[q] and _fits(q, known[c], val[c]):
                fit[q] -= 1
        used[p] = True
        value[c] = p
        for m in range(cnt.shape[0]):
            cnt[m, p & m] -= 1
    else:
        used[p] = False
        value[c] = -1
        for m in range(cnt.shape[0]):
            cnt[m, p & m] += 1
    for j in range(k):
        o = nb[c, j]
        if o < 0 or value[o] >= 0:
            continue
        bit = 1 << back[c, j]
        nk = known[o]
        nv = val[o]
        if sign > 0:
            nk |= bit
            if (p >> j) & 1:
                nv |= bit
        else:
            nk &= ~bit
            nv &= ~bit
        for q in range(space):
            if not used[q]:
                fit[q] += _fits(q, nk, nv) - _fits(q, known[o], val[o])
        known[o] = nk
        val[o] = nv
    if sign < 0:
        for q in range(space):
            if not used[q] and _fits(q, known[c], val[c]):
                fit[q] += 1
        # the piece itself fits the empty cells again
        f = 0
        for e in range(value.shape[0]):
            if value[e] < 0 and _fits(p, known[e], val[e]):
                f += 1
        fit[p] = f


@njit(cache=True)
def _search(nb, back, value, used, known, val, cnt, fit, kind, item, pos, cur, state,  # type: ignore[no-untyped-def]
            max_nodes, stats):  # pragma: no cover
    """Depth-first search; ``kind[d]`` 0 = branch on cell ``item[d]`` (``pos[d]``: the next
    subset of its free sides), 1 = on piece ``item[d]`` (``pos[d]``: the next cell index)."""
    n, k = nb.shape
    space = fit.shape[0]
    full = (1 << k) - 1
    d = state[0]
    mode = state[1]
    nodes = 0
    while d >= 0:
        if mode == 0:
            if state[2] == n:  # every cell filled; resume with the next choice above
                state[0] = d - 1
                state[1] = 1
                stats[0] += nodes
                return 0
            best_c = -1
            best_cn = 1 << 30
            for c in range(n):
                if value[c] < 0:
                    m = cnt[known[c], val[c]]
                    if m < best_cn:
                        best_cn = m
                        best_c = c
                        if m <= 1:
                            break
            best_p = -1
            best_pn = 1 << 30
            for q in range(space):
                if not used[q] and fit[q] < best_pn:
                    best_pn = fit[q]
                    best_p = q
                    if best_pn <= 1:
                        break
            if best_cn == 0 or best_pn == 0:
                d -= 1
                mode = 1
                continue
            if best_pn < best_cn:
                kind[d] = 1
                item[d] = best_p
                pos[d] = 0
            else:
                kind[d] = 0
                item[d] = best_c
                pos[d] = full & ~known[best_c]
            cur[d] = -1
            mode = 1
            continue
        # mode 1: undo the current choice at depth d and try the next one
        if cur[d] >= 0:
            if kind[d] == 0:
                _move(item[d], cur[d], -1, nb, back, value, used, known, val, cnt, fit)
            else:
                _move(cur[d], item[d], -1, nb, back, value, used, known, val, cnt, fit)
            state[2] -= 1
            cur[d] = -1
        placed = False
        if kind[d] == 0:
            c = item[d]
            f = full & ~known[c]
            s = pos[d]
            while s >= 0:
                p = val[c] | s
                s = -1 if s == 0 else (s - 1) & f
                if not used[p]:
                    _move(c, p, 1, nb, back, value, used, known, val, cnt, fit)
                    cur[d] = p
                    pos[d] = s
                    placed = True
                    break
        else:
            p = item[d]
            c = pos[d]
            while c < n:
                if value[c] < 0 and _fits(p, known[c], val[c]):
                    _move(c, p, 1, nb, back, value, used, known, val, cnt, fit)
                    cur[d] = c
                    pos[d] = c + 1
                    placed = True
                    break
                c += 1
        if placed:
            state[2] += 1
            d += 1
            mode = 0
            nodes += 1
            if nodes >= max_nodes:
                state[0] = d
                state[1] = 0
                stats[0] += nodes
                return 2
        else:
            d -= 1
    state[0] = d
    state[1] = mode
    stats[0] += nodes
    return 1


class DualSearch:
    """A resumable search for one compact arrangement (see the module docstring).

    Parameters
    ----------
    inst : EdgeInstance
        A compact instance of a set with one cell orientation (square, hexagon, square2,
        hexagon2); fixed pieces are honoured.

    Raises
    ------
    InvalidInputError
        For a triangle set (two cell orientations) or another kind.
    """

    def __init__(self, inst: EdgeInstance) -> None:
        if inst.problem.kind != "compact" or inst.problem.piece_set.grid.oriented:
            raise InvalidInputError("the dual search covers compact arrangements of "
                                    "square and hexagon sets")
        n, k = inst.n, inst.k
        space = 1 << k
        self.inst = inst
        self.value = np.full(n, -1, dtype=np.int64)
        self.used = np.zeros(space, dtype=np.bool_)
        self.known = inst.blank_mask.astype(np.int64).copy()
        self.val = np.zeros(n, dtype=np.int64)
        self.cnt = np.zeros((space, space), dtype=np.int32)
        masks = np.arange(space)
        for p in range(space):
            self.cnt[masks, p & masks] += 1
        self.fit = np.zeros(space, dtype=np.int64)
        self._fit_all()
        self.kind = np.zeros(n + 1, dtype=np.int64)
        self.item = np.zeros(n + 1, dtype=np.int64)
        self.pos = np.zeros(n + 1, dtype=np.int64)
        self.cur = np.full(n + 1, -1, dtype=np.int64)
        self.state = np.zeros(3, dtype=np.int64)  # depth, mode, filled cells
        self.stats = np.zeros(1, dtype=np.int64)
        for i in range(n):
            p = int(inst.fixed[i])
            if p >= 0:
                _move(i, p, 1, inst.nb, inst.back, self.value, self.used, self.known, self.val,
                      self.cnt, self.fit)
                self.state[2] += 1

    def _fit_all(self) -> None:
        for p in range(self.fit.shape[0]):
            self.fit[p] = int(np.count_nonzero((p & self.known) == self.val))

    @property
    def nodes(self) -> int:
        """Placements so far."""
        return int(self.stats[0])

    @property
    def filled(self) -> int:
        """Cells filled in the current state."""
        return int(self.state[2])

    def run(self, max_nodes: int) -> int:
        """Search on for at most ``max_nodes`` placements: FOUND (``value`` holds the
        arrangement; call again for the next one), EXHAUSTED or BUDGET."""
        return int(_search(self.inst.nb, self.inst.back, self.value, self.used, self.known,
                           self.val, self.cnt, self.fit, self.kind, self.item, self.pos,
                           self.cur, self.state, max_nodes, self.stats))
