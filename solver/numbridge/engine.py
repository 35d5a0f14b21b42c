"""Our own exact search for fields: a numba-compiled bitboard solver for any block layout.

The state is one 81-bit board per digit (where the digit may still go, two 64-bit words: cells
0-62 and 63-80) and the board of placed cells. Propagation, to a fixpoint: naked singles (a
cell with one digit left takes it and clears it from its peers), hidden singles (a digit with
one cell left in a row, column or block goes there) and locked candidates (when a digit's cells
in one unit all lie in another unit, the rest of that unit loses it: pointing and claiming,
between any two units, so irregular blocks too). A contradiction is a cell without digits or a
unit without a place for a digit. The search branches on a cell with two digits, the one with
the most unplaced peers (its choice cuts the most), else on a cell with the fewest digits.

With an explicit digit ``order`` per cell (the generator's seeded random filling) the search
branches as it always has, on the first cell with the fewest digits, with singles only on
regular blocks, so a seed gives the same filling as before.

Examples
--------
>>> from puzzles.numbridge.field import Field
>>> r = solve(Field.from_text("." * 81))
>>> r.count, len(r.solution)  # cap 2: not unique
(2, 81)
>>> count(Field.from_text("." * 81), cap=3)
3
>>> search_givens("." * 81, cap=1)[1][:9]
'123456789'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, cast

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros as _trailing_zeros
from numba.extending import intrinsic

from puzzles.errors import InvalidInputError
from puzzles.numbridge.field import CELLS, REGULAR_BLOCKS, Field, check_blocks, units
from solver.jit import njit

#: The two words of a board: cells 0-62 in the first, 63-80 in the second (no sign bit used).
WORD0 = (1 << 63) - 1
WORD1 = (1 << 18) - 1
ALL_UNITS = (1 << 27) - 1
# A frame of the search stack: boards 2d, 2d+1 of digit d (0-17), the placed cells (18, 19),
# per digit the units where it is not placed yet (20-28), then the branch: cell, digits left
# to try, position in the cell's digit order.
_PLACED, _OPEN, _CELL, _LEFT, _POS, FRAME = 18, 20, 29, 30, 31, 32
STATE = _CELL
# The row after the 82 frames holds the resumable run's state: depth, solutions found, nodes.
_DEPTH, _FOUND, _NODES = range(3)
# What the kernel returns besides a count.
BUDGET, BAD_CHARACTER, PAUSED = -1, -2, -3
# Flags of a run.
LOCKED, FIRST_CELL = 1, 2
#: Nodes per call of the compiled search: between two calls Python handles Ctrl-C/SIGTERM.
SLICE_NODES = 1 << 18
IDENTITY_ORDER = np.tile(np.arange(9, dtype=np.int64), (81, 1))
#: Work arrays of finished runs, for the next run (a list: pop and append are atomic, so
#: threads and a run started while another is paused each get their own).
_SPARE: list[tuple[np.ndarray, np.ndarray]] = []


@intrinsic
def _ctpop(typingctx: Any, x: Any) -> Any:  # pragma: no cover - compiled
    """The number of set bits of an integer (LLVM's ctpop)."""
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])
    return x(x), codegen


# the compiled functions call these two intrinsics; typed here as what they compute
trailing_zeros = cast(Callable[[int], int], _trailing_zeros)
popcount = cast(Callable[[int], int], _ctpop)


def _board(cells: list[int]) -> tuple[int, int]:
    a = b = 0
    for c in cells:
        if c < 63:
            a |= 1 << c
        else:
            b |= 1 << (c - 63)
    return a, b


@lru_cache(maxsize=256)
def layout_table(blocks: str) -> np.ndarray:
    """(108, 6) int64 table of a block layout, checked once.

    Rows 0-80, cell c: its peers' board (two words), the bit set of its three units, the three
    unit indexes. Rows 81-107, unit u (rows, columns, blocks): its board (two words).
    """
    check_blocks(blocks)
    us = units(blocks)
    table = np.zeros((CELLS + 27, 6), dtype=np.int64)
    for c in range(CELLS):
        mine = [i for i, u in enumerate(us) if c in u]
        table[c, :2] = _board(sorted({x for i in mine for x in us[i]} - {c}))
        table[c, 2] = sum(1 << i for i in mine)
        table[c, 3:6] = mine
    for i, u in enumerate(us):
        table[CELLS + i, :2] = _board(u)
    return table


@njit(cache=True, inline="always")
def _place(frame: np.ndarray, c: int, keep: int) -> None:  # pragma: no cover - compiled
    """Leave digit ``keep`` alone in cell ``c`` (clear the cell from the other boards)."""
    if c < 63:
        w = 0
        m = ~(np.int64(1) << c)
    else:
        w = 1
        m = ~(np.int64(1) << (c - 63))
    for d in range(9):
        if d != keep:
            frame[2 * d + w] &= m


@njit(cache=True)
def _propagate(frame: np.ndarray, table: np.ndarray, locked: bool) -> bool:  # pragma: no cover
    """Singles (and locked candidates) to a fixpoint; False on a contradiction."""
    while True:
        while True:  # naked singles: place them all, clear them from their peers
            o0 = np.int64(0)
            o1 = np.int64(0)
            t0 = np.int64(0)
            t1 = np.int64(0)
            for d in range(9):
                a = frame[2 * d]
                b = frame[2 * d + 1]
                t0 |= o0 & a
                o0 |= a
                t1 |= o1 & b
                o1 |= b
            if o0 != WORD0 or o1 != WORD1:
                return False  # a cell without digits
            n0 = o0 & ~t0 & ~frame[_PLACED]
            n1 = o1 & ~t1 & ~frame[_PLACED + 1]
            if n0 == 0 and n1 == 0:
                break
            frame[_PLACED] |= n0
            frame[_PLACED + 1] |= n1
            for d in range(9):
                x = frame[2 * d] & n0
                while x:
                    c = trailing_zeros(x)
                    x &= x - 1
                    frame[2 * d] &= ~table[c, 0]
                    frame[2 * d + 1] &= ~table[c, 1]
                    frame[_OPEN + d] &= ~table[c, 2]
                x = frame[2 * d + 1] & n1
                while x:
                    c = 63 + trailing_zeros(x)
                    x &= x - 1
                    frame[2 * d] &= ~table[c, 0]
                    frame[2 * d + 1] &= ~table[c, 1]
                    frame[_OPEN + d] &= ~table[c, 2]
        found = False  # hidden singles, in the units where the digit is not placed yet
        for d in range(9):
            a = frame[2 * d]
            b = frame[2 * d + 1]
            todo = frame[_OPEN + d]
            while todo:
                u = 81 + trailing_zeros(todo)
                todo &= todo - 1
                x0 = a & table[u, 0]
                x1 = b & table[u, 1]
                if x0 == 0:
                    if x1 == 0:
                        return False  # no place for d in the unit
                    if (x1 & (x1 - 1)) == 0:
                        _place(frame, 63 + trailing_zeros(x1), d)
                        found = True
                elif x1 == 0 and (x0 & (x0 - 1)) == 0:
                    _place(frame, trailing_zeros(x0), d)
                    found = True
        if found:
            continue
        if not locked:
            return True
        changed = False  # locked candidates
        for d in range(9):
            a = frame[2 * d] & ~frame[_PLACED]
            b = frame[2 * d + 1] & ~frame[_PLACED + 1]
            todo = frame[_OPEN + d]
            while todo:
                u = trailing_zeros(todo)
                todo &= todo - 1
                x0 = a & table[81 + u, 0]
                x1 = b & table[81 + u, 1]
                if x0 == 0:
                    if (x1 & (x1 - 1)) == 0:  # none or one left after this pass's removals:
                        continue  # the next pass sees it
                    c = 63 + trailing_zeros(x1)
                elif x1 == 0 and (x0 & (x0 - 1)) == 0:
                    continue
                else:
                    c = trailing_zeros(x0)
                for j in range(3):
                    v = table[c, 3 + j]
                    if v == u or (x0 & ~table[81 + v, 0]) or (x1 & ~table[81 + v, 1]):
                        continue
                    e0 = a & table[81 + v, 0] & ~table[81 + u, 0]
                    e1 = b & table[81 + v, 1] & ~table[81 + u, 1]
                    if e0 | e1:
                        a &= ~e0
                        b &= ~e1
                        frame[2 * d] &= ~e0
                        frame[2 * d + 1] &= ~e1
                        changed = True
        if not changed:
            return True


@njit(cache=True)
def _pick(frame: np.ndarray, table: np.ndarray, first_cell: bool) -> int:  # pragma: no cover
    """The cell to branch on (-1 when every cell is placed): a cell with two digits (the first
    one, or the one with the most unplaced peers), else the first with the fewest digits."""
    o0 = np.int64(0)
    o1 = np.int64(0)
    t0 = np.int64(0)
    t1 = np.int64(0)
    h0 = np.int64(0)
    h1 = np.int64(0)
    for d in range(9):
        a = frame[2 * d]
        b = frame[2 * d + 1]
        h0 |= t0 & a
        t0 |= o0 & a
        o0 |= a
        h1 |= t1 & b
        t1 |= o1 & b
        o1 |= b
    free0 = ~frame[_PLACED] & WORD0
    free1 = ~frame[_PLACED + 1] & WORD1
    two0 = t0 & ~h0 & free0
    two1 = t1 & ~h1 & free1
    if first_cell or (two0 | two1) == 0:
        if two0:
            return trailing_zeros(two0)
        if two1:
            return 63 + trailing_zeros(two1)
        best = -1
        fewest = 10
        while free0 | free1:
            if free0:
                c = trailing_zeros(free0)
                free0 &= free0 - 1
                w, s = 0, c
            else:
                c = 63 + trailing_zeros(free1)
                free1 &= free1 - 1
                w, s = 1, c - 63
            n = 0
            for d in range(9):
                n += (frame[2 * d + w] >> s) & 1
            if n < fewest:
                fewest = n
                best = c
        return best
    best = -1
    most = -1
    while two0 | two1:
        if two0:
            c = trailing_zeros(two0)
            two0 &= two0 - 1
        else:
            c = 63 + trailing_zeros(two1)
            two1 &= two1 - 1
        n = popcount(table[c, 0] & free0) + popcount(table[c, 1] & free1)
        if n > most:
            most = n
            best = c
    return best


@njit(cache=True)
def _digits(frame: np.ndarray, c: int) -> int:  # pragma: no cover - compiled
    """The digits (bit d for digit d + 1) still possible in cell ``c``."""
    w, s = (0, c) if c < 63 else (1, c - 63)
    m = 0
    for d in range(9):
        m |= ((frame[2 * d + w] >> s) & 1) << d
    return m


@njit(cache=True)
def _write(frame: np.ndarray, out: np.ndarray) -> None:  # pragma: no cover - compiled
    """The placed digits as ASCII ``1``-``9``."""
    for d in range(9):
        x = frame[2 * d]
        while x:
            out[trailing_zeros(x)] = 49 + d
            x &= x - 1
        x = frame[2 * d + 1]
        while x:
            out[63 + trailing_zeros(x)] = 49 + d
            x &= x - 1


@njit(cache=True)
def _search(givens: bytes, table: np.ndarray, order: np.ndarray, flags: int, cap: int,
            node_limit: int, out: np.ndarray, work: np.ndarray, fresh: bool,
            slice_nodes: int) -> int:  # pragma: no cover - compiled
    """Count solutions up to ``cap``; the first goes to ``out``. Resumable.

    The run's state lives in ``work`` (82 frames, then the state row; ``fresh``: start anew). A
    call returns ``PAUSED`` after about ``slice_nodes`` nodes (call again to go on), or the
    answer: the count, ``BUDGET`` when ``node_limit`` (> 0) was reached first,
    ``BAD_CHARACTER`` when ``givens`` holds a character other than ``1``-``9``, ``0``, ``.``.
    """
    st = work[82]
    locked = (flags & LOCKED) != 0
    first_cell = (flags & FIRST_CELL) != 0
    if fresh:
        st[_NODES] = 1
        st[_FOUND] = 0
        frame = work[0]
        for d in range(9):
            frame[2 * d] = 0
            frame[2 * d + 1] = 0
            frame[_OPEN + d] = ALL_UNITS
        g0 = np.int64(0)  # the givens, first on the boards of their digits
        g1 = np.int64(0)
        for c in range(81):
            ch = givens[c]
            if 49 <= ch <= 57:
                if c < 63:
                    frame[2 * (ch - 49)] |= np.int64(1) << c
                    g0 |= np.int64(1) << c
                else:
                    frame[2 * (ch - 49) + 1] |= np.int64(1) << (c - 63)
                    g1 |= np.int64(1) << (c - 63)
            elif ch != 48 and ch != 46:
                return BAD_CHARACTER
        for d in range(9):  # every digit may go on every cell without a given
            frame[2 * d] |= WORD0 & ~g0
            frame[2 * d + 1] |= WORD1 & ~g1
        frame[_PLACED] = 0
        frame[_PLACED + 1] = 0
        if not _propagate(frame, table, locked):
            return 0
        c = _pick(frame, table, first_cell)
        if c < 0:
            _write(frame, out)
            st[_FOUND] = 1
            return 1
        st[_DEPTH] = 0
        frame[_CELL] = c
        frame[_LEFT] = _digits(frame, c)
        frame[_POS] = 0
    depth = st[_DEPTH]
    found = st[_FOUND]
    nodes = st[_NODES]
    pause = nodes + slice_nodes
    while depth >= 0:
        if nodes >= pause:
            st[_DEPTH] = depth
            st[_FOUND] = found
            st[_NODES] = nodes
            return PAUSED
        parent = work[depth]
        left = parent[_LEFT]
        if left == 0:
            depth -= 1
            continue
        c = parent[_CELL]
        p = parent[_POS]
        d = order[c, p]
        while not (left >> d) & 1:
            p += 1
            d = order[c, p]
        parent[_POS] = p + 1
        parent[_LEFT] = left & ~(1 << d)
        child = work[depth + 1]
        child[:STATE] = parent[:STATE]
        _place(child, c, d)
        nodes += 1
        if node_limit > 0 and nodes > node_limit:
            st[_NODES] = nodes
            st[_FOUND] = found
            return BUDGET
        if _propagate(child, table, locked):
            c2 = _pick(child, table, first_cell)
            if c2 < 0:
                if found == 0:
                    _write(child, out)
                found += 1
                if found >= cap:
                    break
            else:
                depth += 1
                child[_CELL] = c2
                child[_LEFT] = _digits(child, c2)
                child[_POS] = 0
    st[_NODES] = nodes
    st[_FOUND] = found
    return found


def _run(givens: str, blocks: str, cap: int, order: np.ndarray | None, node_limit: int,
         locked: bool | None,
         progress: Callable[[int, int], None] | None = None) -> tuple[int, str, int]:
    """Drive the resumable kernel slice by slice: (count, first solution or "", nodes);
    ``progress(solutions so far, nodes so far)`` after every slice.

    Between slices the interpreter runs, so Ctrl-C (KeyboardInterrupt) and SIGTERM stop even
    a search with a huge ``cap`` within milliseconds.
    """
    if len(givens) != CELLS:
        raise InvalidInputError(f"givens: {len(givens)} cells, a field needs 81")
    table = layout_table(blocks)
    if order is None:
        flags = LOCKED if locked is None or locked else 0
    else:  # the generator's seeded fillings: the branching and propagation they were made by
        flags = FIRST_CELL | (LOCKED if (blocks != REGULAR_BLOCKS if locked is None else locked)
                              else 0)
    work, out = _SPARE.pop() if _SPARE else (np.empty((83, FRAME), dtype=np.int64),
                                              np.empty(CELLS, dtype=np.uint8))
    raw = givens.encode()
    cap = 1 if cap < 1 else min(int(cap), 1 << 62)
    node_limit = 0 if node_limit < 0 else min(int(node_limit), 1 << 62)
    digit_order = IDENTITY_ORDER if order is None else order
    n = _search(raw, table, digit_order, flags, cap, node_limit, out, work, True, SLICE_NODES)
    while n == PAUSED:
        if progress is not None:
            progress(int(work[82, _FOUND]), int(work[82, _NODES]))
        n = _search(raw, table, digit_order, flags, cap, node_limit, out, work, False,
                    SLICE_NODES)
    nodes = int(work[82, _NODES])
    solution = out.tobytes().decode() if n > 0 or (n == BUDGET and work[82, _FOUND]) else ""
    _SPARE.append((work, out))
    if n == BAD_CHARACTER:
        raise InvalidInputError("givens: only digits 1-9, 0 and . are allowed")
    return n, solution, nodes


@dataclass(frozen=True)
class SearchResult:
    """Solutions found (up to the cap), the first solution as 81 digits ("" if none), nodes.

    ``count`` is -1 when the node limit stopped the search before an answer.
    """

    count: int
    solution: str
    nodes: int


def search(field: Field, cap: int = 1, order: np.ndarray | None = None, node_limit: int = 0,
           locked: bool | None = None,
           progress: Callable[[int, int], None] | None = None) -> SearchResult:
    """Run the bitboard search on ``field``.

    Parameters
    ----------
    field : Field
        The givens and the block layout.
    cap : int
        Stop after this many solutions (``count`` is then ``cap``: "at least").
    order : array (81, 9) of digit indexes 0-8, optional
        The order in which each cell tries its digits (a seeded permutation gives a random
        first solution). With an order the search branches on the first cell with the fewest
        digits, as the generator always has.
    node_limit : int
        Give up after this many nodes (0: no limit); the result then has ``count == -1``.
    locked : bool, optional
        Also propagate locked candidates (pointing and claiming between any two units). By
        default on; with an ``order`` only on irregular blocks (the generator's fillings).
    progress : callable(solutions so far, nodes so far), optional
        Called between slices of the search (a long count shows progress).
    """
    return SearchResult(*_run(field.givens, field.blocks, cap, order, node_limit, locked,
                              progress))


def solve(field: Field) -> SearchResult:
    """The solution of ``field`` and whether it is unique (``count`` is 0, 1 or 2)."""
    return search(field, cap=2)


def count(field: Field, cap: int = 2) -> int:
    """The number of solutions of ``field``, stopping at ``cap``."""
    return search(field, cap=cap).count


def search_givens(givens: str, blocks: str = REGULAR_BLOCKS, cap: int = 1) -> tuple[int, str]:
    """(count up to ``cap``, first solution or "") of raw givens: 81 characters ``1``-``9``,
    ``0`` or ``.``; no Field object on the way (for callers that solve millions).

    A repeated given is not refused here, it just has no solution (``Field.make`` names it).
    """
    n, sol, _ = _run(givens, blocks, cap, None, 0, None)
    return n, sol


def solve_givens(givens: str, blocks: str, cap: int = 2) -> int:
    """Count solutions of raw givens on a layout (the generator's hot loop)."""
    return _run(givens, blocks, cap, None, 0, None)[0]
