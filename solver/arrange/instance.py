"""The one instance form every engine reads: cells, neighbours, facing sides and candidates.

A *bounded* problem (compact, or transcendental/StarMap inside a region) becomes an
``EdgeInstance``: the cells in a fixed order, for each cell and side the index of the neighbour
inside the region (or -1) and the side of that neighbour that faces back, the piece-number offset
of the cell (triangle down cells), the sides that must stay blank (border rule) and the fixed
pieces. Side ``k`` of a cell is the direction bit ``1 << k``.

Examples
--------
>>> from solver.arrange.problem import ArrangementProblem
>>> inst = EdgeInstance.build(ArrangementProblem.create("square", "compact", region="2x8"))
>>> inst.n, inst.k, inst.candidates(0)[:4]
(16, 4, [0, 1, 8, 9])
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from puzzles.errors import InfeasibleError, InvalidInputError
from puzzles.grids import Cell
from solver.arrange.problem import ArrangementProblem


@dataclass(frozen=True)
class EdgeInstance:
    """Arrays describing a bounded arrangement problem (see the module docstring)."""

    problem: ArrangementProblem
    cells: tuple[Cell, ...]
    k: int
    nb: np.ndarray  # (n, k) int32: neighbour index or -1
    back: np.ndarray  # (n, k) int32: side index of the neighbour facing back
    blank_mask: np.ndarray  # (n,) int64: sides that must be blank (beams leaving the region)
    offset: np.ndarray  # (n,) int32: piece number = beams + offset
    fixed: np.ndarray  # (n,) int32: fixed piece number or -1
    piece_space: int  # piece numbers are < piece_space

    @property
    def n(self) -> int:
        """Number of cells."""
        return len(self.cells)

    @cached_property
    def index(self) -> dict[Cell, int]:
        """Cell -> index."""
        return {c: i for i, c in enumerate(self.cells)}

    @classmethod
    def build(cls, problem: ArrangementProblem) -> EdgeInstance:
        """The instance of a problem with a region.

        Raises
        ------
        InvalidInputError
            When the problem has no region or a cell is its own neighbour (a torus too narrow).
        InfeasibleError
            When two fixed pieces do not match or a fixed piece's beam leaves the region.
        """
        region = problem.region
        if region is None:
            raise InvalidInputError("this engine needs a region")
        ps = problem.piece_set
        grid = ps.grid
        cells = region.ordered_cells
        index = {c: i for i, c in enumerate(cells)}
        k = grid.side_count
        n = len(cells)
        nb = np.full((n, k), -1, dtype=np.int32)
        back = np.zeros((n, k), dtype=np.int32)
        blank = np.zeros(n, dtype=np.int64)
        offset = np.zeros(n, dtype=np.int32)
        for i, c in enumerate(cells):
            if grid.orientation(c) == "down":
                offset[i] = 1 << k
            for j, d in enumerate(grid.directions(c)):
                other = region.neighbour(c, d)
                if other is None:
                    # compact: the border rule; otherwise a beam leaving the region meets nothing
                    if region.border == "blank" or problem.kind != "compact":
                        blank[i] |= d
                    continue
                if other == c:
                    raise InvalidInputError(
                        f"region {region.name!r}: cell {list(c)} is its own neighbour "
                        "(the torus is too narrow)")
                nb[i, j] = index[other]
                back[i, j] = grid.opposite(c, d).bit_length() - 1
        fixed = np.full(n, -1, dtype=np.int32)
        for c, p in problem.fixed:
            fixed[index[c]] = p
        inst = cls(problem, cells, k, nb, back, blank, offset, fixed,
                   max(p.number for p in ps.pieces) + 1)
        inst.check_fixed()
        return inst

    def beams(self, piece: int) -> int:
        """The beam mask of a piece number."""
        return piece & ((1 << self.k) - 1)

    def check_fixed(self) -> None:
        """Raise InfeasibleError when the fixed pieces already break a rule among themselves."""
        if self.problem.kind != "compact":
            return
        for i in range(self.n):
            p = int(self.fixed[i])
            if p < 0:
                continue
            b = self.beams(p)
            if b & int(self.blank_mask[i]):
                raise InfeasibleError(
                    f"fixed piece {p} at {list(self.cells[i])} has a beam leaving the region")
            for j in range(self.k):
                o = int(self.nb[i, j])
                if o >= 0 and self.fixed[o] >= 0:
                    mine = b >> j & 1
                    theirs = self.beams(int(self.fixed[o])) >> int(self.back[i, j]) & 1
                    if mine != theirs:
                        raise InfeasibleError(
                            f"fixed pieces {p} at {list(self.cells[i])} and {int(self.fixed[o])} "
                            f"at {list(self.cells[o])} do not match")

    def candidates(self, i: int) -> list[int]:
        """Piece numbers that may stand on cell ``i`` (orientation, border rule, fixed pieces)."""
        if self.fixed[i] >= 0:
            return [int(self.fixed[i])]
        taken = {int(p) for p in self.fixed if p >= 0}
        off = int(self.offset[i])
        mask = int(self.blank_mask[i])
        return [b + off for b in range(1 << self.k) if not b & mask and b + off not in taken]

    def edges(self) -> list[tuple[int, int, int, int]]:
        """Each adjacency once: ``(i, side, j, side_back)`` with ``(i, side) < (j, side_back)``."""
        out = []
        for i in range(self.n):
            for s in range(self.k):
                j = int(self.nb[i, s])
                if j >= 0 and (i, s) < (j, int(self.back[i, s])):
                    out.append((i, s, j, int(self.back[i, s])))
        return out

    def placements(self, row: np.ndarray | list[int]) -> dict[Cell, int]:
        """Cell -> piece of a solution row (piece number per cell index, -1 for empty)."""
        return {self.cells[i]: int(p) for i, p in enumerate(row) if p >= 0}
