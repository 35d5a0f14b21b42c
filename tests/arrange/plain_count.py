"""An independent count of compact arrangements for the tests.

Every engine and the DLX export read one instance builder (``EdgeInstance.build``), so "the
engines agree" and "xcover agrees" cannot catch a fault in how neighbours, facing sides or the
border are built. This counter builds its own: for each cell it steps along the grid's raw
direction deltas (``Grid.deltas``), wraps the step on a torus, finds the facing side by looking
for the opposite delta at the raw neighbour, and applies the border rule itself, as
``puzzles.arrangements.verify`` does. It shares no code with ``solver.arrange``.

Plain backtracking over the cells in row-by-row order: a piece fits a cell when it is unused,
points the cell's way (triangles), has no beam leaving a blank border, and agrees, side by
side, with every neighbour placed before it.
"""

from __future__ import annotations

from puzzles.beamsets import piece_set
from puzzles.grids import Cell
from puzzles.regions import parse_region


def plain_count(set_name: str, region_name: str, border: str = "blank") -> int:
    """The number of compact arrangements of ``set_name`` on ``region_name``.

    Examples
    --------
    >>> plain_count("square", "4x4")
    652
    """
    ps = piece_set(set_name)
    grid = ps.grid
    region = parse_region(region_name, grid.kind, border)
    cells: list[Cell] = sorted(region.cells, key=lambda c: (c[1], c[0]))
    index = {c: i for i, c in enumerate(cells)}
    # per cell: sides that must stay blank (leaving a blank border) and the constraints
    # (my side bit, earlier neighbour's index, its facing side bit) towards earlier cells
    blank_out = [0] * len(cells)
    earlier: list[list[tuple[int, int, int]]] = [[] for _ in cells]
    for i, c in enumerate(cells):
        for side, (dq, dr) in grid.deltas(c).items():
            raw = (c[0] + dq, c[1] + dr)
            other = raw
            if region.wrap is not None:
                w, h = region.wrap  # 0: no wrap that way (a cylinder)
                other = (raw[0] % w if w else raw[0], raw[1] % h if h else raw[1])
            if other not in index:
                if region.border == "blank":
                    blank_out[i] |= side
                continue
            facing = [s for s, d in grid.deltas(raw).items() if d == (-dq, -dr)]
            assert len(facing) == 1
            j = index[other]
            if j < i:
                earlier[i].append((side, j, facing[0]))
            elif j == i:  # a cell that is its own neighbour (a 1-wide torus)
                earlier[i].append((side, i, facing[0]))
    fitting = [[p.number for p in ps.pieces
                if p.orientation is None or p.orientation == grid.orientation(c)]
               for c in cells]
    placed = [0] * len(cells)
    used: set[int] = set()

    def fill(i: int) -> int:
        if i == len(cells):
            return 1
        total = 0
        for p in fitting[i]:
            if p in used or p & blank_out[i]:
                continue
            placed[i] = p
            if all(bool(p & s) == bool(placed[j] & t) for s, j, t in earlier[i]):
                used.add(p)
                total += fill(i + 1)
                used.discard(p)
        return total

    return fill(0)
