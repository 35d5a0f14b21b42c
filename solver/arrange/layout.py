"""The cells, neighbours and facing sides of a bounded problem, in plain Python (no numpy).

``EdgeLayout.build`` is the one place where a region becomes indices: for each cell (row by
row) and side, the index of the neighbour inside the region (or -1) and the side of that
neighbour that faces back, the piece-number offset of the cell (triangle down cells), the sides
that must stay blank (border rule) and the fixed pieces. Side ``k`` of a cell is the direction
bit ``1 << k``. ``solver.arrange.instance.EdgeInstance`` holds the same tables as numpy arrays
for the engines; the frontier count reads this layout directly, so a small count never imports
numpy (start-up, ``docs/counting.md``).

Examples
--------
>>> from solver.arrange.problem import ArrangementProblem
>>> lay = EdgeLayout.build(ArrangementProblem.create("square", "compact", region="2x8"))
>>> lay.n, lay.k, lay.candidates(0)[:4], lay.nb[0]
(16, 4, [0, 1, 8, 9], (1, -1, -1, 2))
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from puzzles.errors import InfeasibleError, InvalidInputError
from puzzles.grids import Cell
from solver.arrange.problem import ArrangementProblem


@dataclass(frozen=True)
class EdgeLayout:
    """Plain tables describing a bounded arrangement problem (see the module docstring)."""

    problem: ArrangementProblem
    cells: tuple[Cell, ...]
    k: int
    nb: tuple[tuple[int, ...], ...]  # [cell][side]: neighbour index or -1
    back: tuple[tuple[int, ...], ...]  # [cell][side]: side of the neighbour facing back
    blank_mask: tuple[int, ...]  # [cell]: sides that must be blank (beams leaving the region)
    offset: tuple[int, ...]  # [cell]: piece number = beams + offset
    fixed: tuple[int, ...]  # [cell]: fixed piece number or -1
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
    def build(cls, problem: ArrangementProblem) -> EdgeLayout:
        """The layout of a problem with a region.

        Raises
        ------
        InvalidInputError
            When the problem has no region or a cell is its own neighbour (a torus or cylinder
            too narrow).
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
        nb: list[tuple[int, ...]] = []
        back: list[tuple[int, ...]] = []
        blank: list[int] = []
        offset: list[int] = []
        for c in cells:
            row_nb, row_back, mask = [-1] * k, [0] * k, 0
            for j, d in enumerate(grid.directions(c)):
                other = region.neighbour(c, d)
                if other is None:
                    # compact: the border rule; otherwise a beam leaving the region meets nothing
                    if region.border == "blank" or problem.kind != "compact":
                        mask |= d
                    continue
                if other == c:
                    raise InvalidInputError(
                        f"region {region.name!r}: cell {list(c)} is its own neighbour "
                        "(the wrap-around is too narrow)")
                row_nb[j] = index[other]
                row_back[j] = grid.opposite(c, d).bit_length() - 1
            nb.append(tuple(row_nb))
            back.append(tuple(row_back))
            blank.append(mask)
            offset.append(1 << k if grid.orientation(c) == "down" else 0)
        fixed = [-1] * len(cells)
        for c, p in problem.fixed:
            fixed[index[c]] = p
        layout = cls(problem, cells, k, tuple(nb), tuple(back), tuple(blank), tuple(offset),
                     tuple(fixed), max(p.number for p in ps.pieces) + 1)
        layout.check_fixed()
        return layout

    def with_fixed(self, problem: ArrangementProblem) -> EdgeLayout:
        """The layout of ``problem``, the same question on this region with other fixed pieces,
        without walking the region again (InfeasibleError when fixed pieces clash)."""
        mine = self.problem
        if (problem.region, problem.kind, problem.set_name) != (mine.region, mine.kind,
                                                                mine.set_name):
            raise ValueError("with_fixed takes the same set, kind and region")
        fixed = [-1] * self.n
        index = self.index
        for c, p in problem.fixed:
            fixed[index[c]] = p
        layout = replace(self, problem=problem, fixed=tuple(fixed))
        layout.check_fixed()
        return layout

    def beams(self, piece: int) -> int:
        """The beam mask of a piece number."""
        return piece & ((1 << self.k) - 1)

    def check_fixed(self) -> None:
        """Raise InfeasibleError when the fixed pieces already break a rule among themselves."""
        if self.problem.kind != "compact":
            return
        for i in range(self.n):
            p = self.fixed[i]
            if p < 0:
                continue
            b = self.beams(p)
            if b & self.blank_mask[i]:
                raise InfeasibleError(
                    f"fixed piece {p} at {list(self.cells[i])} has a beam leaving the region")
            for j in range(self.k):
                o = self.nb[i][j]
                if o >= 0 and self.fixed[o] >= 0:
                    mine = b >> j & 1
                    theirs = self.beams(self.fixed[o]) >> self.back[i][j] & 1
                    if mine != theirs:
                        raise InfeasibleError(
                            f"fixed pieces {p} at {list(self.cells[i])} and {self.fixed[o]} "
                            f"at {list(self.cells[o])} do not match")

    def candidates(self, i: int) -> list[int]:
        """Piece numbers that may stand on cell ``i`` (orientation, border rule, fixed pieces)."""
        if self.fixed[i] >= 0:
            return [self.fixed[i]]
        taken = {p for p in self.fixed if p >= 0}
        off = self.offset[i]
        mask = self.blank_mask[i]
        return [b + off for b in range(1 << self.k) if not b & mask and b + off not in taken]
