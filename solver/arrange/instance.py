"""The one instance form every engine reads: cells, neighbours, facing sides and candidates.

A *bounded* problem (compact, or transcendental/StarMap inside a region) becomes an
``EdgeInstance``: the tables of ``solver.arrange.layout.EdgeLayout`` as numpy arrays (the cells
in a fixed order, for each cell and side the index of the neighbour
inside the region (or -1) and the side of that neighbour that faces back, the piece-number offset
of the cell (triangle down cells), the sides that must stay blank (border rule) and the fixed
pieces). Side ``k`` of a cell is the direction bit ``1 << k``.

Examples
--------
>>> from solver.arrange.problem import ArrangementProblem
>>> inst = EdgeInstance.build(ArrangementProblem.create("square", "compact", region="2x8"))
>>> inst.n, inst.k, inst.candidates(0)[:4]
(16, 4, [0, 1, 8, 9])
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property

import numpy as np

from puzzles.grids import Cell
from solver.arrange.layout import EdgeLayout
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
    layout: EdgeLayout = field(compare=False, repr=False)  # the same tables in plain Python

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
        """The instance of a problem with a region (``EdgeLayout.build`` as numpy arrays).

        Raises
        ------
        InvalidInputError
            When the problem has no region or a cell is its own neighbour (a torus or cylinder
            too narrow).
        InfeasibleError
            When two fixed pieces do not match or a fixed piece's beam leaves the region.
        """
        return cls.of(EdgeLayout.build(problem))

    @classmethod
    def of(cls, layout: EdgeLayout) -> EdgeInstance:
        """The instance holding ``layout``'s tables as numpy arrays."""
        n, k = layout.n, layout.k
        return cls(layout.problem, layout.cells, k,
                   np.array(layout.nb, dtype=np.int32).reshape(n, k),
                   np.array(layout.back, dtype=np.int32).reshape(n, k),
                   np.array(layout.blank_mask, dtype=np.int64),
                   np.array(layout.offset, dtype=np.int32),
                   np.array(layout.fixed, dtype=np.int32), layout.piece_space, layout)

    def with_layout(self, layout: EdgeLayout) -> EdgeInstance:
        """The instance of ``layout``, this one's region with other fixed pieces
        (``EdgeLayout.with_fixed``): the neighbour tables are shared, not copied."""
        return replace(self, problem=layout.problem,
                       fixed=np.array(layout.fixed, dtype=np.int32), layout=layout)

    def beams(self, piece: int) -> int:
        """The beam mask of a piece number."""
        return piece & ((1 << self.k) - 1)

    def candidates(self, i: int) -> list[int]:
        """Piece numbers that may stand on cell ``i`` (orientation, border rule, fixed pieces)."""
        return self.layout.candidates(i)

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
