"""Solutions up to symmetry: one arrangement per orbit of the region's rotations/reflections.

The group is every rotation and reflection that maps the region's cells onto themselves
(``puzzles.grids.cell_symmetries``), keeps the wrap-around adjacency of a torus and maps the
fixed pieces onto themselves. A symmetry moves the piece on cell ``c`` to the image of ``c`` and
turns its beams with the board (the turned pattern is another piece of the same set). A
solution is the *representative* of its orbit when its row (piece per cell index) is
lexicographically least among its images; the number of representatives is the number of
orbits. The test runs on whole batches of rows with numpy.

Examples
--------
>>> from solver.arrange.problem import ArrangementProblem
>>> from solver.arrange.instance import EdgeInstance
>>> p = ArrangementProblem.create("square", "compact", "4x4")
>>> len(SymmetryGroup.of(EdgeInstance.build(p)))
8
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from puzzles.grids import cell_symmetries
from solver.arrange.instance import EdgeInstance


@dataclass(frozen=True)
class SymmetryGroup:
    """The symmetries of an instance as index arrays.

    ``perm[g, i]`` is the index of the image of cell ``i``; ``pieces[g, i, p + 1]`` is the piece
    (+1) that piece ``p`` on cell ``i`` becomes, with column 0 for an empty cell.
    """

    names: tuple[str, ...]
    perm: np.ndarray
    pieces: np.ndarray

    def __len__(self) -> int:
        return len(self.names)

    @classmethod
    def of(cls, inst: EdgeInstance) -> SymmetryGroup:
        """The symmetry group of the instance's region (see the module docstring)."""
        problem = inst.problem
        region = problem.region
        assert region is not None
        grid = problem.piece_set.grid
        index = inst.index
        known = set(problem.piece_set.numbers())
        fixed = problem.fixed_map
        names: list[str] = []
        perms: list[np.ndarray] = []
        maps: list[np.ndarray] = []
        for sym in cell_symmetries(grid, region.cells):
            ok = True
            for c in region.cells:
                for d in grid.directions(c):
                    a = region.neighbour(c, d)
                    b = region.neighbour(sym.cells[c], sym.directions[c][d])
                    if (a is None) != (b is None) or (a is not None and sym.cells[a] != b):
                        ok = False
            perm = np.array([index[sym.cells[c]] for c in inst.cells], dtype=np.int64)
            table = np.zeros((inst.n, inst.piece_space + 1), dtype=np.int64)
            for i, c in enumerate(inst.cells):
                off = int(inst.offset[perm[i]])
                for p in range(inst.piece_space):
                    image = sym.beams(c, inst.beams(p)) + off
                    table[i, p + 1] = image + 1 if image in known else 0
            for c, p in fixed.items():
                if fixed.get(sym.cells[c]) != int(table[index[c], p + 1]) - 1:
                    ok = False
            if ok:
                names.append(sym.name)
                perms.append(perm)
                maps.append(table)
        return cls(tuple(names), np.array(perms), np.array(maps))

    def image(self, g: int, rows: np.ndarray) -> np.ndarray:
        """The images of solution rows (shape (m, n), -1 for empty) under symmetry ``g``."""
        out = np.empty_like(rows)
        for i in range(rows.shape[1]):
            out[:, self.perm[g, i]] = self.pieces[g, i][rows[:, i] + 1] - 1
        return out

    def representatives(self, rows: np.ndarray) -> np.ndarray:
        """A boolean mask: True for the rows that are the least of their orbit."""
        rows = np.asarray(rows, dtype=np.int64)
        keep = np.ones(rows.shape[0], dtype=bool)
        if rows.shape[0] == 0:
            return keep
        at = np.arange(rows.shape[0])
        for g in range(1, len(self)):
            img = self.image(g, rows)
            diff = img != rows
            first = diff.argmax(axis=1)
            smaller = diff.any(axis=1) & (img[at, first] < rows[at, first])
            keep &= ~smaller
        return keep
