"""A guaranteed upper bound on a compact count that splits over the axes of the grid.

On the square and hexagon grids the sides come in opposite pairs, the *axes* (square: 2,
hexagon: 3), and the edges of one axis form *lines*: chains of cells (or cycles on a torus)
where each cell's two sides of that axis are the edges before and after it. An edge
labelling is one labelling per axis, chosen independently, and a cell's piece is the triple
(hexagon) or pair (square) of its patterns on the axes.

In a compact arrangement of a complete set every piece stands once, so for each axis the
cells' patterns on it (00, 01, 10, 11) occur exactly as often as among the pieces (hexagon:
16 each; square: 4 each). Keeping only these conditions is a relaxation whose count
*factorises*: it is the product, over the axes, of the number of labellings of that axis's
edges whose line patterns have the right counts. Each factor is a small dynamic program over
the lines (state: the counts so far), so the bound costs milliseconds; on the hexagon
rhombus:8x8 it is 9.23 x 10^41 (from 2^161 = 2.9 x 10^48 labellings).

It is the same relaxation as ``solver.arrange.count_relaxation`` with one
``projection_classing`` per axis (without the fixed pieces' exclusion from the other cells),
computed by a different route: the tests check that the two agree.

Examples
--------
>>> from solver.arrange.problem import ArrangementProblem
>>> from solver.arrange.layout import EdgeLayout
>>> axis_bound(EdgeLayout.build(ArrangementProblem.create("square", "compact", "4x4")))
51076
"""

from __future__ import annotations

from collections.abc import Iterator

from puzzles.errors import InvalidInputError
from solver.arrange.layout import EdgeLayout

#: A count vector: (count of pattern 00, 01, 10, 11) on one axis.
Vector = tuple[int, int, int, int]


def axes(lay: EdgeLayout) -> list[tuple[int, int]]:
    """The axes ``(j, back)`` of the grid, ``j < back``.

    Raises
    ------
    InvalidInputError
        When the sides do not pair the same way in every cell (the triangle grid).
    """
    pairs: dict[int, int] = {}
    for i in range(lay.n):
        for j in range(lay.k):
            if lay.nb[i][j] >= 0:
                b = lay.back[i][j]
                if pairs.setdefault(j, b) != b:
                    raise InvalidInputError(
                        "the axis bound needs a grid whose sides pair into axes (square, "
                        "hexagon)")
    for j in range(lay.k):
        other = pairs.get(j)
        if other is None or pairs.get(other) != j:
            raise InvalidInputError("the axis bound needs a grid whose sides pair into axes")
    return sorted({(min(j, b), max(j, b)) for j, b in pairs.items()})


def lines(lay: EdgeLayout, axis: tuple[int, int]) -> Iterator[tuple[list[int], bool]]:
    """The lines of one axis as (cells, cycle).

    Each line lists its cells so that cell ``t + 1`` is the neighbour of cell ``t`` on side
    ``axis[0]``; ``cycle`` is True when the last cell's neighbour on that side is the first.
    """
    fwd, bwd = axis
    seen: set[int] = set()
    starts = [i for i in range(lay.n) if lay.nb[i][bwd] < 0]
    for s in starts + list(range(lay.n)):  # chains first, then what is left: cycles
        if s in seen:
            continue
        line, c = [], s
        while c >= 0 and c not in seen:
            seen.add(c)
            line.append(c)
            c = lay.nb[c][fwd]
        yield line, c == s and s not in starts


def _line_counts(lay: EdgeLayout, axis: tuple[int, int], line: list[int],
                 cycle: bool, mark: tuple[int, int] | None = None) -> dict[Vector, int]:
    """Count vector of the free cells' patterns -> number of labellings of the line's edges.

    The edges are ``e_0 .. e_L`` (``e_t`` enters cell ``t`` on side ``axis[1]``, ``e_t+1``
    leaves it on side ``axis[0]``); on a cycle ``e_L`` is ``e_0``. ``mark`` (cell, pattern
    index): that cell must show that pattern on the axis.
    """
    fwd, bwd = axis

    def allowed(c: int, side: int, value: int) -> bool:
        if lay.fixed[c] >= 0:
            return (lay.beams(lay.fixed[c]) >> side) & 1 == value
        if mark is not None and c == mark[0] and (mark[1] >> (side != bwd)) & 1 != value:
            return False
        return not (value and (lay.blank_mask[c] >> side) & 1)

    out: dict[Vector, int] = {}
    for first in (0, 1):
        states: dict[tuple[int, Vector], int] = {(first, (0, 0, 0, 0)): 1}
        for t, c in enumerate(line):
            nxt: dict[tuple[int, Vector], int] = {}
            for (enter, vec), n in states.items():
                if not allowed(c, bwd, enter):
                    continue
                for leave in (0, 1):
                    if not allowed(c, fwd, leave):
                        continue
                    if cycle and t == len(line) - 1 and leave != first:
                        continue
                    v = list(vec)
                    if lay.fixed[c] < 0:  # pattern index: bwd bit + 2 * fwd bit
                        v[enter + 2 * leave] += 1
                    key = (leave, (v[0], v[1], v[2], v[3]))
                    nxt[key] = nxt.get(key, 0) + n
            states = nxt
        for (_leave, vec), n in states.items():
            out[vec] = out.get(vec, 0) + n
    return out


def axis_factor(lay: EdgeLayout, axis: tuple[int, int],
                mark: tuple[int, int] | None = None) -> int:
    """The labellings of one axis's edges whose free cells show each pattern on the axis as
    often as the pieces left (the pieces not fixed) do; with ``mark`` (cell, pattern index
    ``bit axis[1] + 2 bit axis[0]``) only those where that cell shows that pattern."""
    fwd, bwd = axis
    target = [0, 0, 0, 0]
    for piece in lay.problem.piece_set.pieces:
        b = lay.beams(int(piece.number))
        target[((b >> bwd) & 1) + 2 * ((b >> fwd) & 1)] += 1
    for fixed in lay.fixed:
        if fixed >= 0:
            b = lay.beams(fixed)
            target[((b >> bwd) & 1) + 2 * ((b >> fwd) & 1)] -= 1
    total: dict[Vector, int] = {(0, 0, 0, 0): 1}
    for line, cycle in lines(lay, axis):
        part = _line_counts(lay, axis, line, cycle,
                            mark if mark is not None and mark[0] in line else None)
        nxt: dict[Vector, int] = {}
        for u, m in total.items():
            for w, n in part.items():
                v = (u[0] + w[0], u[1] + w[1], u[2] + w[2], u[3] + w[3])
                if all(v[i] <= target[i] for i in range(4)):
                    nxt[v] = nxt.get(v, 0) + m * n
        total = nxt
    return total.get((target[0], target[1], target[2], target[3]), 0)


def axis_bound(lay: EdgeLayout) -> int:
    """The product of ``axis_factor`` over the axes: an upper bound on the compact count.

    Raises
    ------
    InvalidInputError
        For a problem that is not compact, or a grid without axes (triangle).
    """
    if lay.problem.kind != "compact":
        raise InvalidInputError("the axis bound takes compact problems")
    out = 1
    for axis in axes(lay):
        out *= axis_factor(lay, axis)
    return out


def pattern_bounds(lay: EdgeLayout) -> dict[int, int]:
    """For each pattern ``v`` not fixed, ``B_v = sum over free cells c of the relaxed
    labellings (``axis_bound``'s relaxation) in which c shows v``; each is an upper bound.

    Every arrangement holds ``v`` on exactly one free cell, so it is counted in exactly one
    term: the count is at most ``B_v`` for every ``v``, and ``B_v = axis_bound x E[n_v]``
    where ``n_v`` is the number of cells showing ``v`` in a uniform relaxed labelling. The
    ``B_v`` of all patterns add up to (free cells) x ``axis_bound`` (tested), so the smallest
    is at most the axis bound. On an axis the marked cell's counts depend on the cell and its
    pattern on that axis only, so this costs ``3 x cells x 4`` axis programs (hexagon).
    """
    axs = axes(lay)
    free = [c for c in range(lay.n) if lay.fixed[c] < 0]
    table = {(a, c, u): axis_factor(lay, axis, (c, u))
             for a, axis in enumerate(axs) for c in free for u in range(4)}
    fixed = {p for p in lay.fixed if p >= 0}
    out: dict[int, int] = {}
    for piece in lay.problem.piece_set.pieces:
        v = int(piece.number)
        if v in fixed:
            continue
        b = lay.beams(v)
        total = 0
        for c in free:
            term = 1
            for a, (fwd, bwd) in enumerate(axs):
                term *= table[(a, c, ((b >> bwd) & 1) + 2 * ((b >> fwd) & 1))]
            total += term
        out[v] = total
    return out


def rarest_pattern_bound(lay: EdgeLayout) -> tuple[int, int]:
    """``(v, B_v)`` with the smallest ``B_v`` of ``pattern_bounds``: the sharper bound."""
    bounds = pattern_bounds(lay)
    v = min(bounds, key=lambda p: (bounds[p], p))
    return v, bounds[v]
