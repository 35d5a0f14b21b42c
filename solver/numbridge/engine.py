"""Our own exact search for fields: a numba-compiled bitmask solver for any block layout.

Every cell holds a 9-bit candidate mask. Propagation removes a placed digit from its peers
(naked singles) and places a digit that has one cell left in a row, column or block (hidden
singles); on irregular blocks it also applies locked candidates (pointing and claiming between
any two units), which removes the heavy tails of the search there. The search branches on the
cell with the fewest candidates. The digit order per cell can be given (``order``) so that the
first solution is a seeded random filling.

Examples
--------
>>> from puzzles.numbridge.field import Field
>>> r = solve(Field.from_text("." * 81))
>>> r.count, len(r.solution)  # cap 2: not unique
(2, 81)
>>> count(Field.from_text("." * 81), cap=3)
3
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from numba import njit

from puzzles.numbridge.field import CELLS, REGULAR_BLOCKS, Field, units

ALL = 511
IDENTITY_ORDER = np.tile(np.arange(9, dtype=np.int64), (81, 1))


@lru_cache(maxsize=256)
def cell_unit_table(blocks: str) -> np.ndarray:
    """(81, 3) array: the row, column and block unit index of every cell."""
    return np.array([[c // 9, 9 + c % 9, 17 + int(blocks[c])] for c in range(CELLS)],
                    dtype=np.int64)


@lru_cache(maxsize=256)
def tables(blocks: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(units 27x9, peers 81x24 padded with -1, peer counts 81) for a block layout."""
    us = units(blocks)
    unit_arr = np.array(us, dtype=np.int64)
    peers = np.full((CELLS, 24), -1, dtype=np.int64)
    npeers = np.zeros(CELLS, dtype=np.int64)
    for c in range(CELLS):
        ps = sorted({x for u in us if c in u for x in u} - {c})
        peers[c, :len(ps)] = ps
        npeers[c] = len(ps)
    return unit_arr, peers, npeers


@njit(cache=True)
def _propagate(cand: np.ndarray, done: np.ndarray, unit_arr: np.ndarray, peers: np.ndarray,
               npeers: np.ndarray) -> bool:
    changed = True
    while changed:
        changed = False
        for c in range(81):
            m = cand[c]
            if m == 0:
                return False
            if done[c] == 0 and (m & (m - 1)) == 0:
                done[c] = 1
                for k in range(npeers[c]):
                    p = peers[c, k]
                    if cand[p] & m:
                        cand[p] &= ~m
                        if cand[p] == 0:
                            return False
                        changed = True
        for u in range(27):
            once = 0
            twice = 0
            for k in range(9):
                m = cand[unit_arr[u, k]]
                twice |= once & m
                once |= m
            if once != 511:
                return False
            single = once & ~twice
            if single:
                for k in range(9):
                    c = unit_arr[u, k]
                    s = cand[c] & single
                    if s and cand[c] != s:
                        if s & (s - 1):
                            return False
                        cand[c] = s
                        changed = True
    return True


@njit(cache=True)
def _locked(cand: np.ndarray, unit_arr: np.ndarray, cell_units: np.ndarray) -> int:
    """Pointing and claiming between any two units: when a digit's cells in unit ``u`` all lie
    in another unit ``v``, remove it from the rest of ``v``. Returns 1 if something changed,
    -1 on a contradiction, 0 otherwise."""
    changed = 0
    for u in range(27):
        for d in range(9):
            bit = 1 << d
            first = -1
            n = 0
            common0 = -1
            common1 = -1
            common2 = -1
            for k in range(9):
                c = unit_arr[u, k]
                if cand[c] & bit:
                    if cand[c] == bit:
                        n = -100  # placed already: nothing to point
                        break
                    n += 1
                    if first < 0:
                        first = c
                        common0 = cell_units[c, 0]
                        common1 = cell_units[c, 1]
                        common2 = cell_units[c, 2]
                    else:
                        if cell_units[c, 0] != common0:
                            common0 = -1
                        if cell_units[c, 1] != common1:
                            common1 = -1
                        if cell_units[c, 2] != common2:
                            common2 = -1
            if n < 2:
                continue
            for j in range(3):
                v = common0 if j == 0 else (common1 if j == 1 else common2)
                if v < 0 or v == u:
                    continue
                for k in range(9):
                    c = unit_arr[v, k]
                    if cand[c] & bit:
                        inside = False
                        for t in range(3):
                            if cell_units[c, t] == u:
                                inside = True
                        if not inside:
                            cand[c] &= ~bit
                            if cand[c] == 0:
                                return -1
                            changed = 1
    return changed


@njit(cache=True)
def _full(cand: np.ndarray, done: np.ndarray, unit_arr: np.ndarray, peers: np.ndarray,
          npeers: np.ndarray, cell_units: np.ndarray, locked: bool) -> bool:
    while True:
        if not _propagate(cand, done, unit_arr, peers, npeers):
            return False
        if not locked:
            return True
        r = _locked(cand, unit_arr, cell_units)
        if r < 0:
            return False
        if r == 0:
            return True


@njit(cache=True)
def _pick(cand: np.ndarray) -> int:
    best = -1
    best_n = 10
    for c in range(81):
        m = cand[c]
        if m & (m - 1):
            n = 0
            while m:
                m &= m - 1
                n += 1
            if n < best_n:
                best_n = n
                best = c
                if n == 2:
                    break
    return best


#: Nodes per call of the compiled search: between two calls Python handles Ctrl-C/SIGTERM.
SLICE_NODES = 1 << 18
# _search state vector: depth, solutions found, nodes, phase (0 new, 1 running, 2 done), count
_DEPTH, _FOUND, _NODES, _PHASE, _COUNT = range(5)


@njit(cache=True)
def _search(start: np.ndarray, unit_arr: np.ndarray, peers: np.ndarray, npeers: np.ndarray,
            order: np.ndarray, cap: int, node_limit: int, out: np.ndarray,
            cell_units: np.ndarray, locked: bool, stack: np.ndarray, dstack: np.ndarray,
            cells: np.ndarray, rem: np.ndarray, pos: np.ndarray, st: np.ndarray,
            slice_nodes: int) -> None:  # pragma: no cover - compiled
    """Count solutions up to ``cap``; the first goes to ``out``. Resumable.

    The search state lives in the arrays passed in (``st``: depth, found, nodes, phase,
    count); a call returns after about ``slice_nodes`` nodes with phase 1 (call again to go
    on) or with phase 2 and the answer in ``st[_COUNT]``: the count, or -1 when
    ``node_limit`` (> 0) was reached first.
    """
    if st[_PHASE] == 0:
        stack[0, :] = start
        st[_NODES] = 1
        st[_FOUND] = 0
        st[_PHASE] = 2
        if not _full(stack[0], dstack[0], unit_arr, peers, npeers, cell_units, locked):
            st[_COUNT] = 0
            return
        c = _pick(stack[0])
        if c < 0:
            out[:] = stack[0]
            st[_COUNT] = 1
            return
        st[_DEPTH] = 0
        cells[0] = c
        rem[0] = stack[0, c]
        pos[0] = 0
        st[_PHASE] = 1
    depth = st[_DEPTH]
    found = st[_FOUND]
    nodes = st[_NODES]
    pause = nodes + slice_nodes
    while depth >= 0:
        if nodes >= pause:
            st[_DEPTH] = depth
            st[_FOUND] = found
            st[_NODES] = nodes
            return
        c = cells[depth]
        if rem[depth] == 0:
            depth -= 1
            continue
        b = 0
        while pos[depth] < 9:
            bit = 1 << order[c, pos[depth]]
            pos[depth] += 1
            if rem[depth] & bit:
                b = bit
                break
        if b == 0:
            rem[depth] = 0
            continue
        rem[depth] &= ~b
        stack[depth + 1, :] = stack[depth]
        dstack[depth + 1, :] = dstack[depth]
        stack[depth + 1, c] = b
        nodes += 1
        if node_limit > 0 and nodes > node_limit:
            st[_NODES] = nodes
            st[_COUNT] = -1
            st[_PHASE] = 2
            return
        if _full(stack[depth + 1], dstack[depth + 1], unit_arr, peers, npeers, cell_units,
                 locked):
            c2 = _pick(stack[depth + 1])
            if c2 < 0:
                if found == 0:
                    out[:] = stack[depth + 1]
                found += 1
                if found >= cap:
                    break
            else:
                depth += 1
                cells[depth] = c2
                rem[depth] = stack[depth, c2]
                pos[depth] = 0
    st[_NODES] = nodes
    st[_FOUND] = found
    st[_COUNT] = found
    st[_PHASE] = 2


def _run(start: np.ndarray, unit_arr: np.ndarray, peers: np.ndarray, npeers: np.ndarray,
         order: np.ndarray, cap: int, node_limit: int, out: np.ndarray,
         cell_units: np.ndarray, locked: bool,
         progress: Callable[[int, int], None] | None = None) -> tuple[int, int]:
    """Drive the resumable kernel slice by slice; returns (count, nodes); ``progress(count,
    nodes)`` after every slice.

    Between slices the interpreter runs, so Ctrl-C (KeyboardInterrupt) and SIGTERM stop even
    a search with a huge ``cap`` within milliseconds.
    """
    stack = np.zeros((82, 81), dtype=np.int64)
    dstack = np.zeros((82, 81), dtype=np.int64)
    cells = np.zeros(82, dtype=np.int64)
    rem = np.zeros(82, dtype=np.int64)
    pos = np.zeros(82, dtype=np.int64)
    st = np.zeros(5, dtype=np.int64)
    cap = max(1, min(int(cap), np.iinfo(np.int64).max))
    node_limit = max(0, min(int(node_limit), np.iinfo(np.int64).max))
    while True:
        _search(start, unit_arr, peers, npeers, order, cap, node_limit, out, cell_units,
                locked, stack, dstack, cells, rem, pos, st, SLICE_NODES)
        if st[_PHASE] == 2:
            return int(st[_COUNT]), int(st[_NODES])
        if progress is not None:
            progress(int(st[_COUNT]), int(st[_NODES]))


@dataclass(frozen=True)
class SearchResult:
    """Solutions found (up to the cap), the first solution as 81 digits ("" if none), nodes.

    ``count`` is -1 when the node limit stopped the search before an answer.
    """

    count: int
    solution: str
    nodes: int


def _start(givens: str) -> np.ndarray:
    return np.array([ALL if ch == "0" else 1 << (int(ch) - 1) for ch in givens], dtype=np.int64)


def search(field: Field, cap: int = 1, order: np.ndarray | None = None, node_limit: int = 0,
           locked: bool | None = None,
           progress: Callable[[int, int], None] | None = None) -> SearchResult:
    """Run the bitmask search on ``field``.

    Parameters
    ----------
    field : Field
        The givens and the block layout.
    cap : int
        Stop after this many solutions (``count`` is then ``cap``: "at least").
    order : array (81, 9) of digit indexes 0-8, optional
        The order in which each cell tries its digits (a seeded permutation gives a random
        first solution).
    node_limit : int
        Give up after this many nodes (0: no limit); the result then has ``count == -1``.
    locked : bool, optional
        Also propagate locked candidates (pointing and claiming between any two units). By
        default on for irregular blocks, where it cuts the heavy tails of the search, and off
        for regular ones, where singles are faster.
    progress : callable(solutions so far, nodes so far), optional
        Called between slices of the search (a long count shows progress).
    """
    unit_arr, peers, npeers = tables(field.blocks)
    out = np.zeros(CELLS, dtype=np.int64)
    use_locked = (not field.regular) if locked is None else locked
    n, nodes = _run(_start(field.givens), unit_arr, peers, npeers,
                    IDENTITY_ORDER if order is None else order, cap, node_limit, out,
                    cell_unit_table(field.blocks), use_locked, progress)
    sol = ""
    if n != 0 and out[0] != 0:
        sol = "".join(str(int(m).bit_length()) for m in out)
    return SearchResult(int(n), sol, int(nodes))


def solve(field: Field) -> SearchResult:
    """The solution of ``field`` and whether it is unique (``count`` is 0, 1 or 2)."""
    return search(field, cap=2)


def count(field: Field, cap: int = 2) -> int:
    """The number of solutions of ``field``, stopping at ``cap``."""
    return search(field, cap=cap).count


def solve_givens(givens: str, blocks: str, cap: int = 2) -> int:
    """Count solutions of raw givens on a layout's cached tables (the generator's hot loop)."""
    unit_arr, peers, npeers = tables(blocks)
    out = np.zeros(CELLS, dtype=np.int64)
    n, _ = _run(_start(givens), unit_arr, peers, npeers, IDENTITY_ORDER, cap, 0, out,
                cell_unit_table(blocks), blocks != REGULAR_BLOCKS)
    return int(n)
