"""BackSlide: the square set in a 4x4 sliding puzzle (fifteen pieces, the hole is the blank).

A position lists the 16 cells row by row, top to bottom; each cell holds a square-set piece
number 1-15 or the hole (``0``, ``.`` or ``_``). A slide moves a piece next to the hole into it.

Parity classes: a slide swaps the hole with a neighbour, which flips both the parity of the
permutation of the 16 cells (hole read as 0) and the parity of the hole's row + column; so
``parity_class`` = (permutation parity + hole row + hole column) mod 2 never changes, and two
positions reach each other exactly when their classes agree (the classic 15-puzzle theorem).

Examples
--------
>>> p = parse_position("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 .")
>>> parity_class(p), format_position(p).splitlines()[3]
(1, '13 14 15  .')
>>> parity_class(slide(p, 15))
1
"""

from __future__ import annotations

import re

from puzzles.errors import IllegalMoveError, ParseError, quoted

SIZE = 4
CELLS = SIZE * SIZE
HOLE = 0

Position = tuple[int, ...]
_PIECES = {str(n) for n in range(1, 16)}


def parse_position(text: str, where: str = "position") -> Position:
    """Read 16 cells (numbers 1-15 and one hole ``0``/``.``/``_``), separated by spaces,
    commas, slashes or new lines.

    Raises
    ------
    ParseError
        Naming the fault and its line and column (of the 17th cell when there are too many,
        of the end of the text when too few): wrong cell count, an unknown token, a repeated
        piece.
    """
    tokens = [(m.group(), m.start()) for m in re.finditer(r"[^\s,;/|]+", text)]

    def at(offset: int) -> str:
        line = text.count("\n", 0, offset) + 1
        return f"{where}: line {line} column {offset - (text.rfind(chr(10), 0, offset) + 1) + 1}"

    if len(tokens) != CELLS:
        place = at(tokens[CELLS][1]) if len(tokens) > CELLS else at(len(text.rstrip()))
        raise ParseError(f"expected 16 cells (15 pieces and a hole), got {len(tokens)}",
                         where=place)
    cells: list[int] = []
    for i, (tok, offset) in enumerate(tokens):
        if tok in (".", "_", "0"):
            cells.append(HOLE)
            continue
        if tok not in _PIECES:
            raise ParseError(f"cell {i + 1}: {quoted(tok)} is not a piece 1-15 or a hole",
                             where=at(offset))
        cells.append(int(tok))
    seen: dict[int, int] = {}
    for i, v in enumerate(cells):
        if v in seen:
            what = "two holes" if v == HOLE else f"piece {v} twice"
            raise ParseError(f"cells {seen[v] + 1} and {i + 1}: {what}", where=at(tokens[i][1]))
        seen[v] = i
    return tuple(cells)


def format_position(position: Position) -> str:
    """Four lines of four right-aligned cells, ``.`` for the hole."""
    rows = []
    for r in range(SIZE):
        row = position[r * SIZE : (r + 1) * SIZE]
        rows.append(" ".join(("." if v == HOLE else str(v)).rjust(2) for v in row))
    return "\n".join(rows)


def hole_index(position: Position) -> int:
    """Index (row * 4 + column) of the hole."""
    return position.index(HOLE)


def permutation_parity(values: Position) -> int:
    """0 for an even permutation of the values, 1 for an odd one (cycle count)."""
    order = sorted(values)
    index = {v: i for i, v in enumerate(order)}
    perm = [index[v] for v in values]
    seen = [False] * len(perm)
    parity = 0
    for start in range(len(perm)):
        length = 0
        j = start
        while not seen[j]:
            seen[j] = True
            j = perm[j]
            length += 1
        if length:
            parity ^= (length - 1) & 1
    return parity


def parity_class(position: Position) -> int:
    """The 15-puzzle class of a position: 0 or 1 (see the module docstring)."""
    h = hole_index(position)
    return (permutation_parity(position) + h // SIZE + h % SIZE) % 2


def slide(position: Position, piece: int) -> Position:
    """The position after sliding ``piece`` into the hole; raises IllegalMoveError unless the
    piece stands next to the hole."""
    if piece not in position or piece == HOLE:
        raise IllegalMoveError(f"there is no piece {piece} on the board", rule="unknown piece")
    h, p = hole_index(position), position.index(piece)
    if abs(h // SIZE - p // SIZE) + abs(h % SIZE - p % SIZE) != 1:
        raise IllegalMoveError(f"piece {piece} is not next to the hole", rule="not adjacent")
    cells = list(position)
    cells[h], cells[p] = piece, HOLE
    return tuple(cells)


def slidable(position: Position) -> list[int]:
    """The pieces next to the hole, which may slide into it."""
    h = hole_index(position)
    r, c = divmod(h, SIZE)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < SIZE and 0 <= cc < SIZE:
            out.append(position[rr * SIZE + cc])
    return out


def position_of_placements(placements: dict[tuple[int, int], int]) -> Position:
    """The BackSlide position of a compact 4x4 square arrangement (the blank piece is the hole).

    Cells are ``(column, row)`` as in ``puzzles.grids``.
    """
    return tuple(placements[(i % SIZE, i // SIZE)] for i in range(CELLS))
