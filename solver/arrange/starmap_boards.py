"""Convex hexagon boards for StarMaps: triangles, slabs and the hull of a set of cells.

A *convex* board is ``q_lo <= q <= q_hi``, ``r_lo <= r <= r_hi``, ``s_lo <= q + r <= s_hi``
(hexagons, triangles, trapezoids, rhombi). Every line of the grid crosses a convex board in one
run of cells, so whether pieces on it form a StarMap depends on the occupied cells alone: a
StarMap on one convex board is a StarMap on every convex board holding its cells, and the
smallest convex board holding it is its *hull*, the tightest such bounds.

Every convex board is the *up-triangle* ``q >= q_lo``, ``r >= r_lo``, ``q + r <= s_hi`` of
side ``n = s_hi - q_lo - r_lo + 1`` with its three corners cut off (cuts of ``k_s``, ``k_q``,
``k_r`` lines), and also the down-triangle ``q <= q_hi``, ``r <= r_hi``, ``q + r >= s_lo`` of
side ``q_hi + r_hi - s_lo + 1`` with its corners cut. It has ``n - k`` lines along each axis and
``T(n) - T(k_s) - T(k_q) - T(k_r)`` cells (``T(m) = m (m + 1) / 2``; the cuts of a tight board
never overlap). With 32 lines or more in every axis each cut is at most ``n - 32``, so such a
board has at least ``T(n) - 3 T(n - 32)`` cells (:func:`fewest_cells`; the slab ``n - 32``).
That bound is not monotone in ``n`` (the down-triangle of side 32 has up-side 63), so the
reduction uses the smaller of the two sides: a board with fewer than ``fewest_cells(n + 1)``
cells (n from 32 to 36) fits in a translate of the triangle of side ``n``, after a half-turn
when its down-side is the smaller; a half-turn maps StarMaps to StarMaps. So if no StarMap
fits in the triangle of side ``n``, every board holding one has at least
``fewest_cells(n + 1)`` cells. ``tests/arrange/test_starmap_boards.py`` checks this by
enumeration.

Examples
--------
>>> len(triangle(32).cells), len(slab(5).cells), fewest_cells(37)
(528, 658, 658)
>>> hull({(0, 0), (3, 0), (0, 3)}).size
10
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from puzzles.grids import Cell, grid
from puzzles.regions import Region

LINES = 32
"""Lines of each axis a hexagon StarMap meets (16 holding one piece, 16 several)."""


def tri(m: int) -> int:
    """The triangular number ``m (m + 1) / 2`` (0 for m <= 0)."""
    return m * (m + 1) // 2 if m > 0 else 0


@dataclass(frozen=True)
class Hull:
    """The bounds of a convex board: ``q_lo <= q <= q_hi``, ``r_lo <= r <= r_hi``,
    ``s_lo <= q + r <= s_hi``."""

    q_lo: int
    q_hi: int
    r_lo: int
    r_hi: int
    s_lo: int
    s_hi: int

    def cells(self) -> frozenset[Cell]:
        """The board's cells."""
        return frozenset((q, r) for q in range(self.q_lo, self.q_hi + 1)
                         for r in range(self.r_lo, self.r_hi + 1)
                         if self.s_lo <= q + r <= self.s_hi)

    @property
    def size(self) -> int:
        """The number of cells."""
        return len(self.cells())

    @property
    def lines(self) -> tuple[int, int, int]:
        """The number of lines along each axis (``q`` constant, ``r`` constant, ``q + r``
        constant)."""
        return (self.q_hi - self.q_lo + 1, self.r_hi - self.r_lo + 1, self.s_hi - self.s_lo + 1)

    @property
    def up_side(self) -> int:
        """The side of the smallest up-triangle ``q >= q_lo, r >= r_lo, q + r <= s_hi``
        holding the board."""
        return self.s_hi - self.q_lo - self.r_lo + 1

    @property
    def down_side(self) -> int:
        """The side of the smallest down-triangle ``q <= q_hi, r <= r_hi, q + r >= s_lo``
        holding the board."""
        return self.q_hi + self.r_hi - self.s_lo + 1

    def text(self) -> str:
        """The bounds as inequalities."""
        return (f"{self.q_lo} <= q <= {self.q_hi}, {self.r_lo} <= r <= {self.r_hi}, "
                f"{self.s_lo} <= q + r <= {self.s_hi}")


def hull(cells: Iterable[Cell]) -> Hull:
    """The smallest convex board holding the cells.

    Raises
    ------
    ValueError
        For no cells.
    """
    cs = list(cells)
    if not cs:
        raise ValueError("the hull of no cells")
    qs = [q for q, _ in cs]
    rs = [r for _, r in cs]
    ss = [q + r for q, r in cs]
    return Hull(min(qs), max(qs), min(rs), max(rs), min(ss), max(ss))


def fewest_cells(n: int, lines: int = LINES) -> int:
    """The fewest cells of a convex board of up-side ``n`` with ``lines`` lines or more in
    every axis (``lines <= n <= 2 lines``): the three corners cut by ``n - lines`` each."""
    return tri(n) - 3 * tri(n - lines)


def triangle(n: int) -> Region:
    """The hexagon board ``q, r >= 0``, ``q + r <= n - 1`` (``T(n)`` cells, ``n`` lines each
    way)."""
    cells = Hull(0, n - 1, 0, n - 1, 0, n - 1).cells()
    return Region(grid("hexagon"), cells, f"triangle:{n}")


def slab(c: int, width: int = LINES) -> Region:
    """The convex hexagon board ``0 <= q, r < width``, ``c <= q + r < c + width`` (``width``
    lines each way; ``c = 0`` is the triangle, ``c = 16`` is ``hexagon:16/17``)."""
    cells = Hull(0, width - 1, 0, width - 1, c, c + width - 1).cells()
    return Region(grid("hexagon"), cells, f"slab:{c}")
