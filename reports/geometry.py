"""Screen geometry of grid cells: centres, corners, side midpoints and side edges.

Hexagons are pointy-top; ``r`` grows downwards on screen for every grid.
"""

from __future__ import annotations

import math
from functools import cache

from puzzles.grids import Cell, Grid

Point = tuple[float, float]
SQRT3 = math.sqrt(3.0)


def centre(grid: Grid, cell: Cell, size: float) -> Point:
    """Screen centre of ``cell``; ``size`` is the hexagon radius or the square/triangle side."""
    q, r = cell
    shape = grid.cell_shape
    if shape == "hexagon":
        return (size * SQRT3 * (q + r / 2.0), size * 1.5 * r)
    if shape == "square":
        return (q * size, r * size)
    h = size * SQRT3 / 2.0
    up = (q + r) % 2 == 0
    top = r * h
    return (q * size / 2.0, top + (2.0 * h / 3.0 if up else h / 3.0))


def corners(grid: Grid, cell: Cell, size: float) -> list[Point]:
    """The polygon of ``cell`` on screen."""
    cx, cy = centre(grid, cell, size)
    shape = grid.cell_shape
    if shape == "hexagon":
        angles = [math.radians(30 + 60 * i) for i in range(6)]
        return [(cx + size * math.cos(a), cy + size * math.sin(a)) for a in angles]
    if shape == "square":
        s = size / 2.0
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    h = size * SQRT3 / 2.0
    if (cell[0] + cell[1]) % 2 == 0:  # up: apex on top
        return [(cx, cy - 2 * h / 3), (cx + size / 2, cy + h / 3), (cx - size / 2, cy + h / 3)]
    return [(cx - size / 2, cy - h / 3), (cx + size / 2, cy - h / 3), (cx, cy + 2 * h / 3)]


def _unit(dx: float, dy: float) -> Point:
    n = math.hypot(dx, dy) or 1.0
    return (dx / n, dy / n)


@cache
def _direction_anchor(kind: str, orientation: str | None, direction: int, corner: bool) -> int:
    """Index of the polygon edge (side) or vertex (corner) that ``direction`` points at."""
    g = Grid(kind)
    cell = (0, 0) if orientation != "down" else (1, 0)
    poly = corners(g, cell, 1.0)
    cx, cy = centre(g, cell, 1.0)
    nx, ny = centre(g, g.neighbour(cell, direction), 1.0)
    ux, uy = _unit(nx - cx, ny - cy)
    best, best_dot = 0, -2.0
    for i in range(len(poly)):
        if corner:
            px, py = poly[i]
        else:
            (ax, ay), (bx, by) = poly[i], poly[(i + 1) % len(poly)]
            px, py = (ax + bx) / 2, (ay + by) / 2
        vx, vy = _unit(px - cx, py - cy)
        dot = vx * ux + vy * uy
        if dot > best_dot:
            best, best_dot = i, dot
    return best


def _is_corner(grid: Grid, direction: int, cell: Cell = (0, 0)) -> bool:
    """True for the corner lines of second-order grids: the neighbour across ``direction``
    shares only a vertex with the cell, not a side (square2 numbers sides and corners
    alternately, hexagon2 and triangle2 after the sides)."""
    return _corner_of(grid.kind, grid.orientation(cell), direction)


@cache
def _corner_of(kind: str, orientation: str | None, direction: int) -> bool:
    g = Grid(kind)
    cell = (0, 0) if orientation != "down" else (1, 0)
    mine = {(round(x, 6), round(y, 6)) for x, y in corners(g, cell, 1.0)}
    theirs = {(round(x, 6), round(y, 6)) for x, y in corners(g, g.neighbour(cell, direction),
                                                             1.0)}
    return len(mine & theirs) < 2


def beam_end(grid: Grid, cell: Cell, direction: int, size: float) -> Point:
    """Where a beam from the centre of ``cell`` in ``direction`` ends: a side midpoint or corner."""
    poly = corners(grid, cell, size)
    corner = _is_corner(grid, direction, cell)
    i = _direction_anchor(grid.kind, grid.orientation(cell), direction, corner)
    if corner:
        return poly[i]
    (ax, ay), (bx, by) = poly[i], poly[(i + 1) % len(poly)]
    return ((ax + bx) / 2, (ay + by) / 2)


def side_edge(grid: Grid, cell: Cell, direction: int, size: float) -> tuple[Point, Point]:
    """The two end points of the side of ``cell`` facing ``direction`` (sides only)."""
    poly = corners(grid, cell, size)
    i = _direction_anchor(grid.kind, grid.orientation(cell), direction, False)
    return poly[i], poly[(i + 1) % len(poly)]


def side_directions(grid: Grid, cell: Cell) -> list[int]:
    """The directions of ``cell`` that cross a side (not a corner)."""
    return [d for d in grid.directions(cell) if not _is_corner(grid, d, cell)]
