"""Our own exact search: resumable bitmask backtracking, JIT-compiled with numba.

Cells are filled in a fixed order (row by row, or the order given). At each cell the sides facing
already filled neighbours and the sides that must stay blank are *known* (mask ``K``, values
``V``); every piece that fits is ``V | s`` for a subset ``s`` of the other sides, so the search
walks those subsets (largest first) and skips pieces already used. Fixed-orientation sets hold
each pattern exactly once, so this enumerates exactly the matching pieces without a table.

The search state lives in numpy arrays, so one call runs until it has found ``max_out``
solutions or spent ``max_nodes`` placements and can be resumed: Python streams solutions in
batches, draws progress and reacts to Ctrl-C between calls, and counting never builds a Python
object per solution.

Complexity: O(nodes x sides); the first call compiles (cached on disk, ``cache=True``).

Examples
--------
>>> from solver.arrange.problem import ArrangementProblem
>>> KernelSearch(EdgeInstance.build(ArrangementProblem.create("square", "compact", "4x4"))).count()
652
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

import numpy as np

from solver.arrange.instance import EdgeInstance
from solver.arrange.orders import check_order
from solver.jit import njit

if TYPE_CHECKING:
    from solver.arrange.layout import Row

#: Status codes of one kernel call.
EXHAUSTED, OUT_FULL, BUDGET = 0, 1, 2


@njit(cache=True)
def _place(c, p, sign, nb, back, value, used, known, val, cnt, tables):  # type: ignore[no-untyped-def]  # pragma: no cover
    """Put piece ``p`` on cell ``c`` (sign 1) or take it away (sign -1), updating neighbours."""
    k = nb.shape[1]
    if sign > 0:
        used[p] = True
        value[c] = p
    else:
        used[p] = False
        value[c] = -1
    if tables:
        g = p >> k
        for m in range(cnt.shape[1]):
            cnt[g, m, p & m] -= sign
    for j in range(k):
        o = nb[c, j]
        if o >= 0 and value[o] < 0:
            bit = 1 << back[c, j]
            if sign > 0:
                known[o] |= bit
                if (p >> j) & 1:
                    val[o] |= bit
            else:
                known[o] &= ~bit
                val[o] &= ~bit


@njit(cache=True)
def _neighbours_fit(c, nb, offset, value, used, known, val, cnt, tables):  # type: ignore[no-untyped-def]  # pragma: no cover
    """Forward check after a placement on ``c``: every empty neighbour keeps a fitting piece."""
    k = nb.shape[1]
    full = (1 << k) - 1
    for j in range(k):
        o = nb[c, j]
        if o < 0 or value[o] >= 0:
            continue
        if tables:
            if cnt[offset[o] >> k, known[o], val[o]] == 0:
                return False
            continue
        f = full & ~known[o]
        v = val[o]
        s = f
        while True:
            if not used[(v | s) + offset[o]]:
                break
            if s == 0:
                return False
            s = (s - 1) & f
    return True


@njit(cache=True)
def _search(nb, back, offset, order, value, used, known, val, cnt, tables, dynamic, state,  # type: ignore[no-untyped-def]
            cell_at, sf, ss, cur, out, max_out, max_nodes, stats):  # pragma: no cover
    """Run the resumable depth-first search; see the module docstring. Returns a status."""
    n_order = order.shape[0]
    n = value.shape[0]
    k = nb.shape[1]
    full = (1 << k) - 1
    d = state[0]
    mode = state[1]
    n_out = 0
    nodes = 0
    while True:
        if d < 0:
            break
        if mode == 0:
            if d == n_order:
                stats[0] += 1
                if n_out < max_out:
                    for i in range(n):
                        out[n_out, i] = value[i]
                    n_out += 1
                d -= 1
                mode = 1
                if max_out > 0 and n_out >= max_out:
                    state[0] = d
                    state[1] = mode
                    stats[1] += nodes
                    stats[2] = n_out
                    return 1
                continue
            if dynamic:
                best = -1
                best_n = 1 << 30
                for i in range(n_order):
                    c = order[i]
                    if value[c] < 0:
                        m = cnt[offset[c] >> k, known[c], val[c]]
                        if m < best_n:
                            best_n = m
                            best = c
                            if m <= 1:
                                break
                c = best
            else:
                c = order[d]
            cell_at[d] = c
            f = full & ~known[c]
            sf[d] = f
            ss[d] = f
            cur[d] = -1
            mode = 1
            continue
        # mode 1: try the next piece at depth d
        c = cell_at[d]
        if cur[d] >= 0:
            _place(c, cur[d], -1, nb, back, value, used, known, val, cnt, tables)
            cur[d] = -1
        f = sf[d]
        s = ss[d]
        v = val[c]
        placed = False
        while s >= 0:
            p = (v | s) + offset[c]
            nxt = -1 if s == 0 else (s - 1) & f
            s = nxt
            if used[p]:
                continue
            _place(c, p, 1, nb, back, value, used, known, val, cnt, tables)
            # forward check: every empty neighbour still has a fitting piece
            if _neighbours_fit(c, nb, offset, value, used, known, val, cnt, tables):
                cur[d] = p
                ss[d] = nxt
                placed = True
                break
            _place(c, p, -1, nb, back, value, used, known, val, cnt, tables)
        if placed:
            d += 1
            mode = 0
            nodes += 1
            if nodes >= max_nodes:
                state[0] = d
                state[1] = mode
                stats[1] += nodes
                stats[2] = n_out
                return 2
        else:
            ss[d] = -1
            d -= 1
    state[0] = d
    state[1] = mode
    stats[1] += nodes
    stats[2] = n_out
    return 0


@njit(cache=True)
def _probe(nb, back, offset, order, value, used, known, val, cnt, tables, dynamic, seed,  # type: ignore[no-untyped-def]
           cand, trail):  # pragma: no cover
    """One random probe down the search tree (Knuth 1975). Returns (tree nodes, solutions)
    estimates and the pieces the probe tried (its own work); the arrays are restored before
    returning. ``dynamic`` follows the most-constrained-cell order of the search (needs the
    count tables)."""
    k = nb.shape[1]
    full = (1 << k) - 1
    x = np.uint64(seed) | np.uint64(1)
    weight = 1.0
    nodes = 1.0
    depth = 0
    sols = 0.0
    trials = 0
    for d in range(order.shape[0]):
        if dynamic:
            c = -1
            best_n = 1 << 30
            for i in range(order.shape[0]):
                e = order[i]
                if value[e] < 0:
                    mm = cnt[offset[e] >> k, known[e], val[e]]
                    if mm < best_n:
                        best_n = mm
                        c = e
                        if mm <= 1:
                            break
        else:
            c = order[d]
        f = full & ~known[c]
        v = val[c]
        m = 0
        s = f
        while s >= 0:
            p = (v | s) + offset[c]
            s = -1 if s == 0 else (s - 1) & f
            if used[p]:
                continue
            trials += 1
            _place(c, p, 1, nb, back, value, used, known, val, cnt, tables)
            ok = _neighbours_fit(c, nb, offset, value, used, known, val, cnt, tables)
            _place(c, p, -1, nb, back, value, used, known, val, cnt, tables)
            if ok:
                cand[m] = p
                m += 1
        if m == 0:
            break
        weight *= m
        nodes += weight
        x ^= x << np.uint64(13)
        x ^= x >> np.uint64(7)
        x ^= x << np.uint64(17)
        pick = cand[np.int64(x % np.uint64(m))]
        _place(c, pick, 1, nb, back, value, used, known, val, cnt, tables)
        trail[depth] = c
        depth += 1
        if depth == order.shape[0]:
            sols = weight
    for t in range(depth - 1, -1, -1):
        c = trail[t]
        _place(c, value[c], -1, nb, back, value, used, known, val, cnt, tables)
    return nodes, sols, trials


@njit(cache=True)
def _probe_tail(nb, back, offset, order, value, used, known, val, cnt, tail, seed, cand,  # type: ignore[no-untyped-def]
                trail, rest, state, cell_at, sf, ss, cur, out, stats):  # pragma: no cover
    """One probe in the most-constrained order (count tables needed) that walks at random
    while more than ``tail`` cells are empty, then counts the subtree below exactly.

    Returns (tree nodes, solutions) estimates, unbiased like Knuth's (the exact count of the
    subtree is the expectation of a random walk through it), and the nodes of the exact count.
    The arrays are restored."""
    k = nb.shape[1]
    full = (1 << k) - 1
    x = np.uint64(seed) | np.uint64(1)
    weight = 1.0
    nodes = 1.0
    depth = 0
    sols = 0.0
    exact = 0
    left = 0
    for i in range(order.shape[0]):
        if value[order[i]] < 0:
            left += 1
    while True:
        if left <= tail:
            m = 0
            for i in range(order.shape[0]):
                if value[order[i]] < 0:
                    rest[m] = order[i]
                    m += 1
            state[0] = 0
            state[1] = 0
            stats[0] = 0
            stats[1] = 0
            _search(nb, back, offset, rest[:m], value, used, known, val, cnt, True, True,
                    state, cell_at, sf, ss, cur, out, 0, 1 << 62, stats)
            sols = weight * stats[0]
            nodes += weight * stats[1]
            exact = stats[1]
            break
        c = -1
        best_n = 1 << 30
        for i in range(order.shape[0]):
            e = order[i]
            if value[e] < 0:
                mm = cnt[offset[e] >> k, known[e], val[e]]
                if mm < best_n:
                    best_n = mm
                    c = e
                    if mm <= 1:
                        break
        f = full & ~known[c]
        v = val[c]
        m = 0
        s = f
        while s >= 0:
            p = (v | s) + offset[c]
            s = -1 if s == 0 else (s - 1) & f
            if used[p]:
                continue
            _place(c, p, 1, nb, back, value, used, known, val, cnt, True)
            ok = _neighbours_fit(c, nb, offset, value, used, known, val, cnt, True)
            _place(c, p, -1, nb, back, value, used, known, val, cnt, True)
            if ok:
                cand[m] = p
                m += 1
        if m == 0:
            break
        weight *= m
        nodes += weight
        x ^= x << np.uint64(13)
        x ^= x >> np.uint64(7)
        x ^= x << np.uint64(17)
        pick = cand[np.int64(x % np.uint64(m))]
        _place(c, pick, 1, nb, back, value, used, known, val, cnt, True)
        trail[depth] = c
        depth += 1
        left -= 1
    for t in range(depth - 1, -1, -1):
        c = trail[t]
        _place(c, value[c], -1, nb, back, value, used, known, val, cnt, True)
    return nodes, sols, exact


#: Largest number of sides for which the kernel keeps count tables (forward checking, MRV):
#: 12, the second-order hexagon set (a 4096 x 4096 table of int32, 64 MiB).
MAX_TABLE_SIDES = 12


def default_order(inst: EdgeInstance) -> np.ndarray:
    """The free cells, most constrained first: repeatedly the cell with the most known sides
    (sides that must stay blank, or face a fixed or earlier cell), ties row by row.

    On a 4x4 square with blank border this walks round the border first (about 15% fewer nodes
    than row by row).
    """
    return _default_order(inst.nb, inst.blank_mask, inst.fixed)


@njit(cache=True)
def _initial_state(nb, back, fixed, blank_mask, piece_space):  # type: ignore[no-untyped-def]  # pragma: no cover
    """Used pieces, known sides and their values implied by the fixed pieces."""
    n, k = nb.shape
    used = np.zeros(piece_space, dtype=np.bool_)
    known = blank_mask.copy()
    val = np.zeros(n, dtype=np.int64)
    for i in range(n):
        if fixed[i] >= 0:
            used[fixed[i]] = True
        for j in range(k):
            o = nb[i, j]
            if o >= 0 and fixed[o] >= 0:
                known[i] |= 1 << j
                if (fixed[o] >> back[i, j]) & 1:
                    val[i] |= 1 << j
    return used, known, val


@njit(cache=True)
def _default_order(nb, blank_mask, fixed):  # type: ignore[no-untyped-def]  # pragma: no cover
    n, k = nb.shape
    known = np.zeros(n, dtype=np.int64)
    done = np.zeros(n, dtype=np.bool_)
    for i in range(n):
        m = blank_mask[i]
        while m:
            known[i] += m & 1
            m >>= 1
        done[i] = fixed[i] >= 0
    for i in range(n):
        if done[i]:
            for j in range(k):
                o = nb[i, j]
                if o >= 0:
                    known[o] += 1
    order = np.empty(n - done.sum(), dtype=np.int32)
    for step in range(order.shape[0]):
        best = -1
        for i in range(n):
            if not done[i] and (best < 0 or known[i] > known[best]):
                best = i
        order[step] = best
        done[best] = True
        for j in range(k):
            o = nb[best, j]
            if o >= 0:
                known[o] += 1
    return order


class KernelSearch:
    """A resumable search over one instance (numba; ``csearch.CSearch`` is the same search
    in C).

    Parameters
    ----------
    inst : EdgeInstance
        The instance (compact kind).
    order : array of int, optional
        The order in which free cells are filled; default row by row.
    dynamic : bool
        Fill next the empty cell with the fewest fitting pieces (best to find one solution);
        otherwise follow ``order`` (best to enumerate small regions).
    """

    #: Measured cost of one most-constrained node relative to one static node in numba
    #: (1.1x-2.1x on the square, triangle and hexagon counts of ``benchmarks/bench_arrange.py``;
    #: 1.48x on torus:4x4, where 1.6 made ``auto`` pick the static order, 13% slower).
    MRV_NODE_COST = 1.45

    def __init__(self, inst: EdgeInstance, order: np.ndarray | Sequence[int] | None = None,
                 dynamic: bool = False) -> None:
        self.inst = inst
        self.order = default_order(inst) if order is None else np.asarray(order, dtype=np.int32)
        n, k = inst.n, inst.k
        depth = len(self.order) + 1
        # count tables pay off when they also order the search (most constrained cell first)
        self.tables = dynamic and k <= MAX_TABLE_SIDES
        self.dynamic = self.tables
        self.value = inst.fixed.astype(np.int32).copy()
        self.used, self.known, self.val = _initial_state(
            inst.nb, inst.back, inst.fixed, inst.blank_mask.astype(np.int64), inst.piece_space)
        if self.tables:
            groups = int(inst.piece_space - 1) >> k
            self.cnt = np.zeros((groups + 1, 1 << k, 1 << k), dtype=np.int32)
            masks = np.arange(1 << k)
            for p in range(inst.piece_space):
                if not self.used[p]:
                    self.cnt[p >> k, masks, p & masks] += 1
        else:
            self.cnt = np.zeros((1, 1, 1), dtype=np.int32)
        self.state = np.zeros(2, dtype=np.int64)
        self.cell_at = np.zeros(depth, dtype=np.int64)
        self.sf = np.zeros(depth, dtype=np.int64)
        self.ss = np.zeros(depth, dtype=np.int64)
        self.cur = np.full(depth, -1, dtype=np.int64)
        self.stats = np.zeros(3, dtype=np.int64)  # solutions, nodes, rows in the last batch
        self._empty = np.zeros((0, n), dtype=np.int32)
        self.done = False
        self.probe_trials = 0  # pieces tried by the probes so far
        self._out: np.ndarray | None = None

    @property
    def solutions_found(self) -> int:
        """Solutions met so far."""
        return int(self.stats[0])

    @property
    def nodes(self) -> int:
        """Pieces placed so far (the search-tree nodes below the root)."""
        return int(self.stats[1])

    def step(self, out: np.ndarray | None, max_nodes: int) -> int:
        """One kernel call; returns EXHAUSTED, OUT_FULL or BUDGET."""
        if self.done:
            return EXHAUSTED
        buf = self._empty if out is None else out
        status = _search(self.inst.nb, self.inst.back, self.inst.offset, self.order, self.value,
                         self.used, self.known, self.val, self.cnt, self.tables, self.dynamic,
                         self.state, self.cell_at, self.sf, self.ss, self.cur, buf,
                         buf.shape[0], max_nodes, self.stats)
        if status == EXHAUSTED:
            self.done = True
        return int(status)

    def advance(self, max_rows: int, max_nodes: int) -> tuple[int, list[Row]]:
        """One call: until ``max_rows`` solutions are found (0: count only) or ``max_nodes``
        spent; the status and the rows found (``csearch.CSearch.advance``)."""
        if max_rows == 0:
            return self.step(None, max_nodes), []
        if self._out is None or self._out.shape[0] < max_rows:
            self._out = np.empty((max_rows, self.inst.n), dtype=np.int32)
        status = self.step(self._out[:max_rows], max_nodes)
        return status, list(self._out[:int(self.stats[2])].copy())

    def fill(self, out: np.ndarray, max_nodes: int) -> tuple[int, int]:
        """One call that writes solutions into the rows of ``out``; the status and the rows
        written (``csearch.CSearch.fill``)."""
        status = self.step(out, max_nodes)
        return status, int(self.stats[2])

    def probe(self, seed: int) -> tuple[float, float]:
        """One Knuth probe from the root: estimates of (tree nodes, solutions)."""
        cand = np.zeros(1 << self.inst.k, dtype=np.int64)
        trail = np.zeros(len(self.order) + 1, dtype=np.int64)
        nodes, sols, trials = _probe(self.inst.nb, self.inst.back, self.inst.offset, self.order,
                             self.value, self.used, self.known, self.val, self.cnt, self.tables,
                             self.dynamic, seed, cand, trail)
        self.probe_trials += int(trials)
        return float(nodes), float(sols)

    def probe_tail(self, seed: int, tail: int) -> tuple[float, float, int]:
        """One probe in the most-constrained order that counts exactly once at most ``tail``
        cells are empty (needs ``dynamic=True``): estimates of (tree nodes, solutions) and the
        nodes the exact count of the tail visited."""
        assert self.tables, "probe_tail needs the count tables (dynamic=True)"
        n_order = len(self.order)
        cand = np.zeros(1 << self.inst.k, dtype=np.int64)
        trail = np.zeros(n_order + 1, dtype=np.int64)
        rest = np.zeros(n_order + 1, dtype=np.int32)
        state = np.zeros(2, dtype=np.int64)
        stats = np.zeros(3, dtype=np.int64)
        nodes, sols, exact = _probe_tail(self.inst.nb, self.inst.back, self.inst.offset, self.order,
                                  self.value, self.used, self.known, self.val, self.cnt, tail,
                                  seed, cand, trail, rest, state, np.zeros(n_order + 1, np.int64),
                                  np.zeros(n_order + 1, np.int64),
                                  np.zeros(n_order + 1, np.int64),
                                  np.full(n_order + 1, -1, np.int64), self._empty, stats)
        return float(nodes), float(sols), int(exact)

    def batches(self, batch: int = 4096, max_nodes: int = 1 << 22,
                tick: Callable[[], None] | None = None) -> Iterator[np.ndarray]:
        """Solution rows (piece per cell index) in batches; ``tick`` runs after every call."""
        out = np.empty((batch, self.inst.n), dtype=np.int32)
        while not self.done:
            status = self.step(out, max_nodes)
            rows = int(self.stats[2])
            if tick is not None:
                tick()
            if rows:
                yield out[:rows].copy()
            if status == EXHAUSTED:
                return

    def count(self, max_nodes: int = 1 << 24, tick: Callable[[], None] | None = None) -> int:
        """Count every solution without storing any."""
        while self.step(None, max_nodes) != EXHAUSTED:
            if tick is not None:
                tick()
        if tick is not None:
            tick()
        return self.solutions_found


def choose_dynamic(inst: EdgeInstance, order: str = "auto") -> bool:
    """True when the numba search should fill the most constrained cell first
    (``order_choice.prefers_dynamic`` with numba's probes; ``Run.dynamic`` probes on the
    fastest backend). Raises InvalidInputError for an unknown order."""
    from solver.arrange.engines.order_choice import prefers_dynamic  # local: start-up

    if check_order(order) != "auto":
        return order == "mrv"
    if inst.k > MAX_TABLE_SIDES:
        return False
    return prefers_dynamic(KernelSearch(inst), KernelSearch(inst, dynamic=True))
