"""Counting compact arrangements by dynamic programming over a frontier (a transfer matrix).

The cells are filled one at a time in a fixed order. After the first t cells, all that matters
for the rest is *which pieces are used* and *the sides of the filled cells that face empty
cells* (the open edges of the frontier): two partial fillings that agree on both have exactly
the same completions. So the count is carried per state, never per solution:

    state = used-piece mask (bit p for piece p) | bit values of the open edges (above it)

Placing piece ``p`` on the next cell needs ``p`` unused, its sides facing filled cells equal to
the open edges they close, and no beam across a blank border; it opens an edge for every side
facing a cell not yet filled. While there are few states they live in a Python dict (key ->
count), so a small count (``4x4``: at most 2,246 states) imports nothing heavy and a whole
process starts fast; past ``DICT_TRANSITIONS`` state-piece pairs a step they move to two numpy
arrays (keys, counts), where each step maps every state through every candidate piece and
merges equal keys (sort + reduce). No numba either way.

The cost grows with the number of states, which is bounded by ``C(P, t) * 2^width`` (``P``
pieces, ``width`` open edges): small for the 16-piece sets (square, triangle) on any region
whose frontier stays narrow (a row or column of the shorter side, plus the wrap-around edges of
a torus). The piece mask must fit beside the frontier in 63 bits, so sets of more than
``MAX_PIECES`` pieces (hexagon, second-order sets) are left to the kernel.

Complexity: O(cells x candidates x states), memory O(states).

Examples
--------
>>> from solver.arrange.problem import ArrangementProblem
>>> from solver.arrange.layout import EdgeLayout
>>> FrontierCount(EdgeLayout.build(ArrangementProblem.create("square", "compact", "4x4"))).count()
652
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Union

from puzzles.errors import InvalidInputError
from solver.arrange.layout import EdgeLayout

if TYPE_CHECKING:
    import numpy as np

    from solver.arrange.instance import EdgeInstance

#: What the functions here take: the plain layout, or an instance (its ``layout`` is read).
Layout = Union[EdgeLayout, "EdgeInstance"]

#: Largest piece space (highest piece number + 1) the frontier count takes.
MAX_PIECES = 20

#: Largest number of open edges: the state key (pieces + edges) must fit in an int64.
MAX_WIDTH = 63 - MAX_PIECES

#: A stop: when the states would exceed this many, the count raises MemoryError.
MAX_STATES = 20_000_000

#: A step runs on a dict of states while it tries at most this many (state, piece) pairs
#: and numpy is not imported yet (about 0.5 us a pair, against 0.1-0.2 s to import numpy on
#: this machine); then the states move to numpy arrays for good.
DICT_TRANSITIONS = 40_000

#: The same budget once numpy is imported anyway (numpy wins past a few hundred states).
DICT_TRANSITIONS_NUMPY = 2_000


def as_layout(inst: Layout) -> EdgeLayout:
    """The plain layout of an ``EdgeLayout`` or ``EdgeInstance``."""
    return inst if isinstance(inst, EdgeLayout) else inst.layout


def half_edge_slots(order: Sequence[int], k: int, nb: Sequence[Sequence[int]],
                    back: Sequence[Sequence[int]]
                    ) -> list[tuple[int, list[tuple[int, int]], list[tuple[int, int]]]]:
    """The frontier's bookkeeping for cells filled in ``order``: per cell, the ``(side, slot)``
    pairs it closes (edges to cells filled before it) and opens (to cells filled after).

    An open edge holds a slot number from the moment its first cell is filled until its
    second is; a freed slot is reused, lowest first, so the slots in use never exceed the
    frontier width. ``nb[c][j]`` is the neighbour on side ``j`` (-1: none), ``back[c][j]``
    its side facing ``c``.
    """
    where = {c: t for t, c in enumerate(order)}
    slot_of: dict[tuple[int, int], int] = {}  # open half-edge (cell, side) -> slot
    free: list[int] = []
    top = 0
    plan = []
    for t, c in enumerate(order):
        close: list[tuple[int, int]] = []
        opened: list[tuple[int, int]] = []
        for j in range(k):
            o = nb[c][j]
            if o >= 0 and where[o] < t:
                slot = slot_of.pop((o, back[c][j]))
                close.append((j, slot))
                free.append(slot)
        free.sort()
        for j in range(k):
            o = nb[c][j]
            if o >= 0 and where[o] > t:
                if free:
                    slot = free.pop(0)
                else:
                    slot, top = top, top + 1
                slot_of[(c, j)] = slot
                opened.append((j, slot))
        plan.append((c, close, opened))
    return plan


@dataclass(frozen=True)
class _Step:
    """One cell of the plan: which slots it closes (checked against the piece's sides), which
    it opens, and its candidate pieces."""

    cell: int
    close: tuple[tuple[int, int], ...]  # (side, slot) of edges to filled cells
    open: tuple[tuple[int, int], ...]  # (side, slot) of edges to cells filled later
    candidates: tuple[int, ...]
    clear: int  # the bits of the closed slots
    fixed: int  # the fixed piece, or -1
    value: tuple[tuple[int, int], ...]  # (slot, side) read from the state into the piece
    subsets: tuple[tuple[int, int], ...]  # (beams on the free sides, open-slot bits they set)
    #: per pattern of the closed slots' bits: the moves (piece bit, bits the move adds); the
    #: piece bit is 0 for a fixed piece (already in the used mask)
    moves: dict[int, tuple[tuple[int, int], ...]]


def applies(inst: Layout) -> bool:
    """True when the frontier count can run: a compact problem of a small set."""
    return inst.problem.kind == "compact" and inst.piece_space <= MAX_PIECES


def frontier_width(inst: Layout, order: list[int]) -> int:
    """The largest number of open edges when the cells are filled in ``order``."""
    inst = as_layout(inst)
    where = {c: t for t, c in enumerate(order)}
    width = best = 0
    for t, c in enumerate(order):
        for j in range(inst.k):
            o = inst.nb[c][j]
            if o < 0:
                continue
            if where[o] < t:
                width -= 1
            else:
                width += 1
        best = max(best, width)
    return best


def best_order(inst: Layout) -> list[int]:
    """Row by row or column by column, whichever keeps the frontier narrower."""
    inst = as_layout(inst)
    rows = list(range(inst.n))
    cols = sorted(rows, key=lambda i: (inst.cells[i][0], inst.cells[i][1]))
    return min((rows, cols), key=lambda o: frontier_width(inst, o))


class FrontierCount:
    """The frontier dynamic program over one compact instance.

    Parameters
    ----------
    inst : EdgeLayout or EdgeInstance
        A compact instance of a set with at most ``MAX_PIECES`` piece numbers.
    order : list of int, optional
        The cell order (default ``best_order``).

    Raises
    ------
    InvalidInputError
        When the problem is not compact, the set is too large or the frontier too wide.
    """

    def __init__(self, inst: Layout, order: list[int] | None = None) -> None:
        inst = as_layout(inst)
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
        return [self._step(c, tuple((j, s + base) for j, s in close),
                           tuple((j, s + base) for j, s in opened))
                for c, close, opened in half_edge_slots(self.order, inst.k, inst.nb, inst.back)]

    def _step(self, c: int, close: tuple[tuple[int, int], ...],
              opened: tuple[tuple[int, int], ...]) -> _Step:
        inst = self.inst
        clear = sum(1 << s for _j, s in close)
        closed = sum(1 << j for j, _s in close)
        free = ((1 << inst.k) - 1) & ~closed & ~inst.blank_mask[c]
        subsets = []
        sub = free
        while True:  # every subset of the free sides, largest first
            subsets.append((sub, sum(((sub >> j) & 1) << s for j, s in opened)))
            if sub == 0:
                break
            sub = (sub - 1) & free
        value_of = tuple((s, j) for j, s in close)
        fixed = inst.fixed[c]
        moves: dict[int, tuple[tuple[int, int], ...]] = {}
        for pattern in _submasks(clear):  # the fitting pieces depend on these bits only
            value = inst.offset[c]
            for s, j in value_of:
                value |= ((pattern >> s) & 1) << j
            if fixed >= 0:
                put = sum(((fixed >> j) & 1) << s for j, s in opened)
                ok = all(((fixed >> j) & 1) == ((pattern >> s) & 1) for s, j in value_of)
                moves[pattern] = ((0, put),) if ok else ()
            else:
                moves[pattern] = tuple((1 << (value | sub), (1 << (value | sub)) | put)
                                       for sub, put in subsets)
        return _Step(c, close, opened, tuple(inst.candidates(c)), clear, fixed, value_of,
                     tuple(subsets), moves)

    def count(self, tick: Callable[[int, int], None] | None = None) -> int:
        """The number of compact arrangements; ``tick(cells done, states)`` after each cell."""
        used0 = 0
        for p in self.inst.fixed:
            if p >= 0:
                used0 |= 1 << p
        states: dict[int, int] = {used0: 1}
        budget = DICT_TRANSITIONS_NUMPY if "numpy" in sys.modules else DICT_TRANSITIONS
        t = 0
        while t < len(self.steps) and len(states) * len(self.steps[t].subsets) <= budget:
            states = self._advance_dict(self.steps[t], states)
            t += 1
            self.states = max(self.states, len(states))
            if tick is not None:
                tick(t, len(states))
            if not states:
                return 0
        if t == len(self.steps):
            return sum(states.values())
        import numpy as np  # many states: vectorised steps

        keys = np.fromiter(states.keys(), dtype=np.int64, count=len(states))
        counts = np.fromiter(states.values(), dtype=np.int64, count=len(states))
        for step in self.steps[t:]:
            t += 1
            keys, counts = self._advance(step, keys, counts)
            self.states = max(self.states, len(keys))
            if tick is not None:
                tick(t, len(keys))
            if len(keys) == 0:
                return 0
        return int(counts.sum())

    def _advance_dict(self, step: _Step, states: dict[int, int]) -> dict[int, int]:
        """``_advance`` on a dict of states (the same transitions, one state at a time)."""
        self.transitions += len(states) * (1 if step.fixed >= 0 else len(step.subsets))
        out: dict[int, int] = {}
        get = out.get
        keep = ~step.clear
        clear = step.clear
        moves = step.moves
        for key, n in states.items():
            rest = key & keep
            for bit, add in moves[key & clear]:
                if not key & bit:
                    nk = rest | add
                    out[nk] = get(nk, 0) + n
        return out

    def _advance(self, step: _Step, keys: np.ndarray, counts: np.ndarray,
                 ) -> tuple[np.ndarray, np.ndarray]:
        """Map every state through every piece that fits the next cell; merge equal keys."""
        import numpy as np

        clear = step.clear
        new_keys: list[np.ndarray] = []
        new_counts: list[np.ndarray] = []
        self.transitions += len(keys) * (1 if step.fixed >= 0 else len(step.subsets))
        pattern = keys & clear
        rest = keys & ~clear
        for bits, moves in step.moves.items():
            # the states whose closed slots read ``bits``: each move is one scalar bit test
            if not moves:
                continue
            if len(step.moves) == 1:
                k_p, r_p, n_p = keys, rest, counts
            else:
                sel = pattern == bits
                k_p, r_p, n_p = keys[sel], rest[sel], counts[sel]
            for bit, add in moves:
                if bit:
                    ok = (k_p & bit) == 0
                    new_keys.append(r_p[ok] | add)
                    new_counts.append(n_p[ok])
                else:
                    new_keys.append(r_p | add)
                    new_counts.append(n_p)
        if not new_keys:
            return keys[:0], counts[:0]
        k = np.concatenate(new_keys) if len(new_keys) > 1 else new_keys[0]
        n = np.concatenate(new_counts) if len(new_counts) > 1 else new_counts[0]
        if len(k) > MAX_STATES:
            raise MemoryError(f"the frontier count would hold {len(k)} states")
        order = np.argsort(k, kind="stable")  # faster here: nearly sorted runs
        k = k[order]
        n = n[order]
        starts = np.flatnonzero(np.concatenate(([True], k[1:] != k[:-1])))
        return k[starts], np.add.reduceat(n, starts)


def _submasks(mask: int) -> list[int]:
    """Every submask of ``mask`` (0 included)."""
    out = []
    sub = mask
    while True:
        out.append(sub)
        if sub == 0:
            return out
        sub = (sub - 1) & mask


def translations(inst: Layout) -> list[list[int]]:
    """The translations of a torus that keep every cell's orientation and every side's
    neighbour, as cell-index permutations (the identity first); ``[identity]`` otherwise.

    A translation moves every piece without turning it, so it maps compact arrangements to
    compact arrangements; the problem's fixed pieces must stay in place, so with fixed pieces
    only the identity is returned.
    """
    inst = as_layout(inst)
    identity = list(range(inst.n))
    region = inst.problem.region
    if region is None or region.wrap is None or inst.problem.fixed:
        return [identity]
    grid = region.grid
    w, h = region.wrap  # 0: that direction does not wrap (a cylinder)
    out = [identity]
    for a in range(max(w, 1)):
        for b in range(max(h, 1)):
            if (a, b) == (0, 0):
                continue
            image = []
            for q, r in inst.cells:
                moved = region.wrapped((q + a, r + b))
                if moved not in inst.index or grid.orientation(moved) != grid.orientation((q, r)):
                    break
                image.append(inst.index[moved])
            else:
                if all(inst.nb[image[i]][j] == (image[o] if (o := inst.nb[i][j]) >= 0 else -1)
                       for i in range(inst.n) for j in range(inst.k)):
                    out.append(image)
    return out


def count(inst: Layout, tick: Callable[[int, int], None] | None = None) -> int:
    """The number of compact arrangements of ``inst`` (``count_transitions``)."""
    return count_transitions(inst, tick)[0]


def count_transitions(inst: Layout, tick: Callable[[int, int], None] | None = None,
                      ) -> tuple[int, int]:
    """The number of compact arrangements of ``inst`` by the frontier dynamic program, and the
    (state, piece) pairs it tried (a machine-independent measure of its work).

    On a torus (or cylinder) the translations are used first: every arrangement holds the
    blank piece on exactly one cell, and a translation carries the arrangements with the blank
    on cell ``c`` one to one onto those with the blank on its image. So the count is the sum,
    over one cell per orbit of the translations, of the orbit's size times the count with the
    blank fixed there (``torus:4x4``: 16 x 12,720 = 203,520, one sixteenth of the states).
    """
    inst = as_layout(inst)
    moves = translations(inst)
    if len(moves) == 1:
        counter = FrontierCount(inst)
        return counter.count(tick), counter.transitions
    problem = inst.problem
    blank = min(int(p) for p in range(inst.piece_space) if int(p) & ((1 << inst.k) - 1) == 0)
    seen: set[int] = set()
    total = transitions = 0
    for i in range(inst.n):
        if i in seen or inst.offset[i] != (blank >> inst.k) << inst.k:
            continue
        orbit = {m[i] for m in moves}
        seen |= orbit
        counter = FrontierCount(inst.with_fixed(problem.with_fixed({inst.cells[i]: blank})))
        total += len(orbit) * counter.count(tick)
        transitions += counter.transitions
    return total, transitions
