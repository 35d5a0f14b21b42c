"""The Dominions board: a hexagon of hexagons with neighbour tables as plain ints.

A board of base ``b`` has ``3b(b-1)+1`` cells (217 for base 9) named ``a1``..``q17``. Cells are
numbered 0..n-1 in name order (by letter, then number). Directions are the piece bits
1 NE, 2 NW, 4 W, 8 SW, 16 SE, 32 E; side ``k`` (0..5) is direction ``1 << k`` and the opposite
side is ``(k + 3) % 6``. The outward edges of border cells are neutral blanks.

Examples
--------
>>> b = Board(9)
>>> len(b), b.name(b.cell_index("i9")), b.name(b.neighbours[b.cell_index("i9")][0])
(217, 'i9', 'j10')
>>> b.border_blank[b.cell_index("a1")]  # a corner: three sides face off the board
28
"""

from __future__ import annotations

from functools import cache

from puzzles.errors import InvalidInputError
from puzzles.grids import HEX_DELTAS, Cell, dominions_name, parse_dominions_name

WHITE, BLACK = 0, 1
COLOUR_LETTERS = "WB"
SIDES = tuple(range(6))
DIRECTIONS = (1, 2, 4, 8, 16, 32)
ALL_PIECES = tuple(range(1, 64))  # the blank (0) takes no part in the game
BASES = (8, 9, 10)


def opposite_side(k: int) -> int:
    """The side index facing side ``k`` of the neighbour: 1<->8, 2<->16, 4<->32."""
    return (k + 3) % 6


def fits(piece: int, must_beam: int, must_blank: int) -> bool:
    """True when ``piece`` has a beam on every side of ``must_beam`` and none on ``must_blank``."""
    return (piece & must_beam) == must_beam and (piece & must_blank) == 0


@cache
def fitting_mask(must_beam: int, must_blank: int) -> int:
    """Bitmask (bit p set for piece p) of the pieces 1..63 that fit the two side masks."""
    out = 0
    for p in ALL_PIECES:
        if (p & must_beam) == must_beam and (p & must_blank) == 0:
            out |= 1 << p
    return out


def mask_pieces(mask: int) -> list[int]:
    """The piece numbers whose bits are set in ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class Board:
    """The cells of a Dominions board of ``base`` 8, 9 or 10 and their neighbour tables.

    Attributes
    ----------
    cells : tuple of Cell
        Axial cells, index order.
    neighbours : tuple of 6-tuples of int
        ``neighbours[i][k]`` is the index met through side k, or -1 off the board.
    border_blank : tuple of int
        The sides of each cell that face off the board (they must be blank).
    """

    def __init__(self, base: int = 9) -> None:
        if base not in BASES:
            raise InvalidInputError(f"board base must be one of 8, 9, 10, not {base}")
        self.base = base
        m = base - 1
        cells = [(q, r) for q in range(-m, m + 1) for r in range(-m, m + 1) if abs(q + r) <= m]
        named = sorted(cells, key=lambda c: (base - c[1], c[0] + base))
        self.cells: tuple[Cell, ...] = tuple(named)
        self.index: dict[Cell, int] = {c: i for i, c in enumerate(self.cells)}
        self.names: tuple[str, ...] = tuple(dominions_name(c, base) for c in self.cells)
        self.name_index: dict[str, int] = {n: i for i, n in enumerate(self.names)}
        nbs = []
        blanks = []
        for c in self.cells:
            row = []
            blank = 0
            for k, d in enumerate(DIRECTIONS):
                dq, dr = HEX_DELTAS[d]
                j = self.index.get((c[0] + dq, c[1] + dr), -1)
                row.append(j)
                if j < 0:
                    blank |= 1 << k
            nbs.append(tuple(row))
            blanks.append(blank)
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(nbs)
        self.border_blank: tuple[int, ...] = tuple(blanks)

    def __len__(self) -> int:
        return len(self.cells)

    def name(self, index: int) -> str:
        """The name (``i9``) of cell ``index``."""
        return self.names[index]

    def cell_index(self, name: str) -> int:
        """The index of a cell name; raises InvalidInputError when malformed or off the board."""
        key = name.strip().lower()
        if key in self.name_index:
            return self.name_index[key]
        parse_dominions_name(name, self.base)  # raises the precise error
        raise InvalidInputError(f"cell {name!r} is off the base-{self.base} board")


@cache
def board(base: int = 9) -> Board:
    """The shared board of ``base`` (boards are immutable)."""
    return Board(base)
