"""Square, hexagon and triangle grids behind one small interface.

A cell is a pair of ints ``(q, r)``; ``r`` grows downwards on screen. A *direction* is the bit
value of a side (or corner) of a cell, so a piece's beams are a bitmask of directions.

- Hexagon cells use axial coordinates, pointy-top. The directions are the Dominions numbering
  of ``beam-sets.md``: 1 NE, 2 NW, 4 W, 8 SW, 16 SE, 32 E (counter-clockwise).
- Square cells are ``(column, row)``; project rule: E=1, N=2, W=4, S=8.
- Triangle cells are ``(column, row)``; the cell points up when ``column + row`` is even.
  Project rule: sides are numbered counter-clockwise from the right-hand side:
  up: 1 right, 2 left, 4 bottom; down: 1 right, 2 top, 4 left.
- Second-order grids add corner lines that meet the cell beyond the corner (**inferred** rule).

Examples
--------
>>> g = grid("hexagon")
>>> g.neighbour((0, 0), 1)
(1, -1)
>>> g.opposite((0, 0), 1)
8
>>> dominions_name((0, 0)), parse_dominions_name("j10")
('i9', (1, -1))
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from puzzles.errors import InvalidInputError

Cell = tuple[int, int]
Delta = tuple[int, int]

#: Hexagon directions in numbering order, as axial deltas (dq, dr).
HEX_DELTAS: dict[int, Delta] = {
    1: (1, -1),  # NE
    2: (0, -1),  # NW
    4: (-1, 0),  # W
    8: (-1, 1),  # SW
    16: (0, 1),  # SE
    32: (1, 0),  # E
}
HEX_NAMES = {1: "NE", 2: "NW", 4: "W", 8: "SW", 16: "SE", 32: "E"}

#: Square directions (project rule: counter-clockwise from the east).
SQUARE_DELTAS: dict[int, Delta] = {1: (1, 0), 2: (0, -1), 4: (-1, 0), 8: (0, 1)}
SQUARE_NAMES = {1: "E", 2: "N", 4: "W", 8: "S"}

#: Second-order square: sides and corners counter-clockwise from the east.
SQUARE2_DELTAS: dict[int, Delta] = {
    1: (1, 0),
    2: (1, -1),
    4: (0, -1),
    8: (-1, -1),
    16: (-1, 0),
    32: (-1, 1),
    64: (0, 1),
    128: (1, 1),
}
SQUARE2_NAMES = {1: "E", 2: "NE", 4: "N", 8: "NW", 16: "W", 32: "SW", 64: "S", 128: "SE"}

#: Second-order hexagon: the six sides keep their numbers; the corner counter-clockwise after
#: side 2^k is 2^(k+6) and its line meets the cell beyond that corner (**inferred**).
HEX2_DELTAS: dict[int, Delta] = {
    **HEX_DELTAS,
    64: (1, -2),  # N corner, between NE and NW
    128: (-1, -1),  # between NW and W
    256: (-2, 1),  # between W and SW
    512: (-1, 2),  # S corner, between SW and SE
    1024: (1, 1),  # between SE and E
    2048: (2, -1),  # between E and NE
}
HEX2_NAMES = {
    **HEX_NAMES,
    64: "N*",
    128: "WNW*",
    256: "WSW*",
    512: "S*",
    1024: "ESE*",
    2048: "ENE*",
}

#: Triangle sides by orientation (project rule).
TRI_DELTAS: dict[str, dict[int, Delta]] = {
    "up": {1: (1, 0), 2: (-1, 0), 4: (0, 1)},
    "down": {1: (1, 0), 2: (0, -1), 4: (-1, 0)},
}
TRI_NAMES = {"up": {1: "R", 2: "L", 4: "B"}, "down": {1: "R", 2: "T", 4: "L"}}

#: Second-order triangle: corner lines meet the triangle opposite across that vertex
#: (**inferred**). up: 8 top, 16 lower-left, 32 lower-right; down: 8 upper-right,
#: 16 upper-left, 32 bottom.
TRI2_DELTAS: dict[str, dict[int, Delta]] = {
    "up": {**TRI_DELTAS["up"], 8: (0, -1), 16: (-2, 1), 32: (2, 1)},
    "down": {**TRI_DELTAS["down"], 8: (2, -1), 16: (-2, -1), 32: (0, 1)},
}
TRI2_NAMES = {
    "up": {**TRI_NAMES["up"], 8: "T*", 16: "BL*", 32: "BR*"},
    "down": {**TRI_NAMES["down"], 8: "TR*", 16: "TL*", 32: "B*"},
}


@dataclass(frozen=True)
class Grid:
    """A grid kind: its cells' directions, neighbours and opposite sides.

    Parameters
    ----------
    kind : str
        ``square``, ``hexagon``, ``triangle``, ``square2``, ``hexagon2`` or ``triangle2``.
    """

    kind: str

    @cached_property
    def cell_shape(self) -> str:
        """``square``, ``hexagon`` or ``triangle``: the shape drawn for a cell."""
        return self.kind.rstrip("2")

    @cached_property
    def oriented(self) -> bool:
        """True for triangle grids, whose cells point up or down."""
        return self.cell_shape == "triangle"

    @property
    def side_count(self) -> int:
        """Number of directions of a cell (sides, plus corners for second-order grids)."""
        return len(self._table("up"))

    def orientation(self, cell: Cell) -> str | None:
        """``up`` or ``down`` for a triangle cell, None for other grids."""
        if not self.oriented:
            return None
        return "up" if (cell[0] + cell[1]) % 2 == 0 else "down"

    def _table(self, orientation: str | None) -> dict[int, Delta]:
        if self.kind == "hexagon":
            return HEX_DELTAS
        if self.kind == "hexagon2":
            return HEX2_DELTAS
        if self.kind == "square":
            return SQUARE_DELTAS
        if self.kind == "square2":
            return SQUARE2_DELTAS
        if self.kind == "triangle":
            return TRI_DELTAS[orientation or "up"]
        if self.kind == "triangle2":
            return TRI2_DELTAS[orientation or "up"]
        raise InvalidInputError(f"unknown grid kind {self.kind!r}")

    def deltas(self, cell: Cell = (0, 0)) -> dict[int, Delta]:
        """Direction -> (dq, dr) for ``cell`` (triangles depend on the cell's orientation)."""
        return self._table(self.orientation(cell))

    def directions(self, cell: Cell = (0, 0)) -> tuple[int, ...]:
        """The direction bit values of ``cell`` in numbering order."""
        return tuple(self.deltas(cell))

    def neighbour(self, cell: Cell, direction: int) -> Cell:
        """The cell met by a line leaving ``cell`` in ``direction``."""
        dq, dr = self.deltas(cell)[direction]
        return (cell[0] + dq, cell[1] + dr)

    def opposite(self, cell: Cell, direction: int) -> int:
        """The direction of the neighbour in ``direction`` that points back at ``cell``."""
        other = self.neighbour(cell, direction)
        dq, dr = self.deltas(cell)[direction]
        for d, delta in self.deltas(other).items():
            if delta == (-dq, -dr):
                return d
        raise AssertionError("grid tables are not symmetric")  # pragma: no cover

    def direction_name(self, cell: Cell, direction: int) -> str:
        """A short compass-like name of a direction (``NE``, ``W``, ``T*``...)."""
        names = {
            "hexagon": HEX_NAMES,
            "hexagon2": HEX2_NAMES,
            "square": SQUARE_NAMES,
            "square2": SQUARE2_NAMES,
        }
        if self.kind in names:
            return names[self.kind][direction]
        table = TRI_NAMES if self.kind == "triangle" else TRI2_NAMES
        return table[self.orientation(cell) or "up"][direction]

    def ray(self, cell: Cell, direction: int) -> Iterator[Cell]:
        """Cells met looking from ``cell`` straight along ``direction`` (endless).

        Raises InvalidInputError on triangle grids, where a line through a side does not run
        straight on through the next cell.
        """
        if self.oriented:
            raise InvalidInputError("straight lines of sight are not defined on triangle grids")
        dq, dr = self.deltas(cell)[direction]
        q, r = cell
        while True:
            q, r = q + dq, r + dr
            yield (q, r)

    def directions_json(self) -> dict[str, object]:
        """The direction table as published in JSON documents."""
        if self.oriented:
            return {
                o: {str(d): list(v) for d, v in self._table(o).items()} for o in ("up", "down")
            }
        return {str(d): list(v) for d, v in self._table(None).items()}


GRID_KINDS = ("square", "hexagon", "triangle", "square2", "hexagon2", "triangle2")


def grid(kind: str) -> Grid:
    """The grid of a kind name; raises InvalidInputError for an unknown kind."""
    if kind not in GRID_KINDS:
        raise InvalidInputError(
            f"unknown grid {kind!r}; expected one of {', '.join(GRID_KINDS)}"
        )
    return Grid(kind)


# ---------------------------------------------------------------------------------------------
# Dominions letter/number cell names (``i9``) <-> axial hexagon coordinates, centre at (0, 0).
# With letter L and number n counted from 1, q = n - base and r = base - L.

LETTERS = "abcdefghijklmnopqrstuvwxyz"


def dominions_name(cell: Cell, base: int = 9) -> str:
    """The Dominions name (``i9``) of an axial hexagon cell on a board of ``base``.

    Raises InvalidInputError when the cell is off the board.
    """
    q, r = cell
    letter, number = base - r, q + base
    if not on_dominions_board(letter, number, base):
        raise InvalidInputError(f"cell {cell} is off the base-{base} board")
    return f"{LETTERS[letter - 1]}{number}"


def parse_dominions_name(name: str, base: int = 9) -> Cell:
    """The axial cell of a Dominions name such as ``i9``; raises InvalidInputError."""
    text = name.strip().lower()
    if len(text) < 2 or text[0] not in LETTERS or not (text[1:].isascii() and text[1:].isdigit()) \
            or len(text) > 4:
        raise InvalidInputError(f"{name!r} is not a cell name like 'i9'")
    letter, number = LETTERS.index(text[0]) + 1, int(text[1:])
    if not on_dominions_board(letter, number, base):
        raise InvalidInputError(f"cell {name!r} is off the base-{base} board")
    return (number - base, base - letter)


def on_dominions_board(letter: int, number: int, base: int = 9) -> bool:
    """True when (letter, number), both counted from 1, is a cell of the board of ``base``."""
    size = 2 * base - 1
    return 1 <= letter <= size and 1 <= number <= size and abs(letter - number) <= base - 1


def hex_distance(a: Cell, b: Cell) -> int:
    """Number of steps between two axial hexagon cells."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


# ---------------------------------------------------------------------------------------------
# Symmetries of a set of cells: the rotations and reflections of the plane that map the cells onto
# themselves, with the matching permutation of directions (pieces turn with the board).


def cell_centre(g: Grid, cell: Cell) -> tuple[float, float]:
    """The centre of a cell in the plane (unit cell size; y grows downwards)."""
    q, r = cell
    if g.cell_shape == "hexagon":
        return (3**0.5 * (q + r / 2.0), 1.5 * r)
    if g.cell_shape == "square":
        return (float(q), float(r))
    h = 3**0.5 / 2.0
    return (q / 2.0, r * h + (2.0 * h / 3.0 if (q + r) % 2 == 0 else h / 3.0))


@dataclass(frozen=True)
class CellSymmetry:
    """A rotation or reflection mapping a set of cells onto itself.

    ``cells`` maps each cell to its image; ``directions[cell]`` maps each direction of ``cell``
    to the direction of the image cell that the turned side points to. ``name`` is e.g.
    ``rot90`` or ``mirror+rot180`` (mirror: x -> -x, then rotate).
    """

    name: str
    cells: dict[Cell, Cell]
    directions: dict[Cell, dict[int, int]]

    def beams(self, cell: Cell, beams: int) -> int:
        """The beam mask of a piece on ``cell`` after the symmetry (on the image cell)."""
        table = self.directions[cell]
        return sum(table[d] for d in table if beams & d)


def cell_symmetries(g: Grid, cells: frozenset[Cell]) -> list[CellSymmetry]:
    """Every rotation and reflection that maps ``cells`` onto itself (identity first).

    The centre of rotation is the centroid of the cells; a map is kept only when every cell
    centre lands on a cell centre and every direction on a direction of the image cell.

    Examples
    --------
    >>> from puzzles.regions import parse_region
    >>> [s.name for s in cell_symmetries(grid("square"), parse_region("4x4", "square").cells)][:5]
    ['rot0', 'rot90', 'rot180', 'rot270', 'mirror+rot0']
    >>> len(cell_symmetries(grid("hexagon"), parse_region("rhombus:8x8", "hexagon").cells))
    4
    """
    import math

    def key(x: float, y: float) -> tuple[int, int]:
        return (round(x * 1000), round(y * 1000))

    centres = {c: cell_centre(g, c) for c in cells}
    at = {key(*xy): c for c, xy in centres.items()}
    mx = sum(x for x, _ in centres.values()) / len(cells)
    my = sum(y for _, y in centres.values()) / len(cells)
    turns = 4 if g.cell_shape == "square" else 6
    out: list[CellSymmetry] = []
    for mirror in (False, True):
        for t in range(turns):
            angle = 2 * math.pi * t / turns
            cos, sin = math.cos(angle), math.sin(angle)

            def apply(x: float, y: float, cos: float = cos, sin: float = sin,
                      mirror: bool = mirror) -> tuple[float, float]:
                if mirror:
                    x = -x
                return (x * cos - y * sin, x * sin + y * cos)

            image: dict[Cell, Cell] = {}
            for c, (x, y) in centres.items():
                tx, ty = apply(x - mx, y - my)
                target = at.get(key(tx + mx, ty + my))
                if target is None:
                    break
                image[c] = target
            if len(image) != len(cells):
                continue
            dirs: dict[Cell, dict[int, int]] = {}
            for c in cells:
                x0, y0 = centres[c]
                theirs = {}
                for d in g.directions(image[c]):
                    nx, ny = cell_centre(g, g.neighbour(image[c], d))
                    ix, iy = centres[image[c]]
                    theirs[key(nx - ix, ny - iy)] = d
                table = {}
                for d in g.directions(c):
                    nx, ny = cell_centre(g, g.neighbour(c, d))
                    vx, vy = apply(nx - x0, ny - y0)
                    if key(vx, vy) not in theirs:
                        break
                    table[d] = theirs[key(vx, vy)]
                if len(table) != len(g.directions(c)):
                    break
                dirs[c] = table
            if len(dirs) == len(cells):
                out.append(CellSymmetry(f"{'mirror+' if mirror else ''}rot{360 * t // turns}",
                                        image, dirs))
    return out
