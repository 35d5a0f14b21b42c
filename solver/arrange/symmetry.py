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

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from puzzles.errors import InvalidInputError
from puzzles.grids import Cell, Grid, cell_symmetries
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


# ---------------------------------------------------------------------------------------------
# Free shapes (transcendental arrangements without a region): the rotations and reflections of
# the whole lattice; each group of pieces is compared up to translation.

_SQUARE_MATS = [((1, 0), (0, 1)), ((0, -1), (1, 0)), ((-1, 0), (0, -1)), ((0, 1), (-1, 0))]
_HEX_ROT = ((0, -1), (1, 1))  # (q, r) -> (-r, q + r): a sixth of a turn in axial coordinates
_MIRROR = ((0, 1), (1, 0))  # (q, r) -> (r, q)


def _mul(a: tuple[tuple[int, int], tuple[int, int]],
         b: tuple[tuple[int, int], tuple[int, int]]) -> tuple[tuple[int, int], tuple[int, int]]:
    return ((a[0][0] * b[0][0] + a[0][1] * b[1][0], a[0][0] * b[0][1] + a[0][1] * b[1][1]),
            (a[1][0] * b[0][0] + a[1][1] * b[1][0], a[1][0] * b[0][1] + a[1][1] * b[1][1]))


class FreeSymmetry:
    """Orbits of free-shape arrangements under the lattice's rotations and reflections.

    The key of an arrangement is the sorted list of its groups (beam-connected pieces), each
    translated so that its first cell (row by row) is at (0, 0); an arrangement is the
    representative of its orbit when its key is the least among the keys of its images.

    Raises InvalidInputError on triangle grids (not supported).

    Examples
    --------
    >>> from solver.arrange.problem import ArrangementProblem
    >>> len(FreeSymmetry(ArrangementProblem.create("square", "transcendental").piece_set.grid))
    8
    """

    def __init__(self, grid: Grid) -> None:
        if grid.oriented:
            raise InvalidInputError("--up-to-symmetry without a region: square and hexagon sets")
        self.grid = grid
        deltas = grid.deltas((0, 0))
        back = {v: d for d, v in deltas.items()}
        if grid.cell_shape == "square":
            rots = _SQUARE_MATS
        else:
            rots = [((1, 0), (0, 1))]
            for _ in range(5):
                rots.append(_mul(_HEX_ROT, rots[-1]))
        mats = rots + [_mul(m, _MIRROR) for m in rots]
        self.maps: list[tuple[tuple[tuple[int, int], tuple[int, int]], dict[int, int]]] = []
        for m in mats:
            table = {}
            for d, (dq, dr) in deltas.items():
                image = (m[0][0] * dq + m[0][1] * dr, m[1][0] * dq + m[1][1] * dr)
                if image not in back:
                    break
                table[d] = back[image]
            if len(table) == len(deltas):
                self.maps.append((m, table))

    def __len__(self) -> int:
        return len(self.maps)

    def _groups(self, placements: Mapping[Cell, int]) -> list[list[Cell]]:
        left = set(placements)
        out = []
        while left:
            start = min(left, key=lambda c: (c[1], c[0]))
            left.discard(start)
            todo, group = [start], [start]
            while todo:
                q, r = todo.pop()
                for d, (dq, dr) in self.grid.deltas((q, r)).items():
                    other = (q + dq, r + dr)
                    if placements[(q, r)] & d and other in left:
                        left.discard(other)
                        group.append(other)
                        todo.append(other)
            out.append(group)
        return out

    def key(self, placements: Mapping[Cell, int]) -> tuple[object, ...]:
        """The translation-free key of an arrangement (see the class docstring)."""
        keys = []
        for group in self._groups(placements):
            q0, r0 = min(group, key=lambda c: (c[1], c[0]))
            keys.append(tuple(sorted(((q - q0, r - r0), placements[(q, r)])
                                     for q, r in group)))
        return tuple(sorted(keys))

    def image(self, placements: Mapping[Cell, int], g: int) -> dict[Cell, int]:
        """The arrangement turned by symmetry ``g`` (pieces turn with it)."""
        m, table = self.maps[g]
        out = {}
        for (q, r), p in placements.items():
            cell = (m[0][0] * q + m[0][1] * r, m[1][0] * q + m[1][1] * r)
            out[cell] = sum(table[d] for d in table if p & d)
        return out

    def is_representative(self, placements: Mapping[Cell, int]) -> bool:
        """True when no image has a smaller key."""
        mine = self.key(placements)
        return all(self.key(self.image(placements, g)) >= mine for g in range(1, len(self)))
