"""The Numbridge field: 81 givens and 81 block ids, its formats and its plain-code verifier.

Cells are numbered 0..80 row by row; cell ``i`` is in row ``i // 9`` and column ``i % 9``.
Cell names (project rule): column letter ``a``-``i`` from the left, row number ``1``-``9`` from
the top, so ``a1`` is the top-left cell and ``i9`` the bottom-right one. Block ids are ``1``-``9``.

Text format: nine lines of nine givens (``1``-``9``; ``.`` or ``0`` empty), optionally followed by
nine lines of nine block ids; a single line of 81 givens (optionally 81 block ids after it) is
accepted too. ``#`` starts a comment; spaces are ignored. Without block lines the blocks are
regular (3x3).

Examples
--------
>>> f = Field.from_text("." * 81)
>>> f.blocks[:12], f.empty_count
('111222333111', 81)
>>> cell_name(0), cell_name(80), parse_cell("e5")
('a1', 'i9', 40)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from puzzles.errors import InvalidInputError, ParseError

SIZE = 9
CELLS = 81
REGULAR_BLOCKS = "".join(str(3 * (r // 3) + c // 3 + 1) for r in range(9) for c in range(9))


def cell_name(cell: int) -> str:
    """The name of cell ``cell`` (0..80): ``a1`` top-left, ``i9`` bottom-right."""
    return "abcdefghi"[cell % 9] + str(cell // 9 + 1)


def parse_cell(name: str) -> int:
    """The cell index of a name such as ``e5`` (column letter, row number from the top).

    Raises
    ------
    ParseError
        When the name is not a column ``a``-``i`` followed by a row ``1``-``9``.
    """
    text = name.strip().lower()
    if len(text) != 2 or text[0] not in "abcdefghi" or text[1] not in "123456789":
        raise ParseError(f"bad cell name {name!r}: expected a column a-i and a row 1-9, e.g. e5")
    return (int(text[1]) - 1) * 9 + "abcdefghi".index(text[0])


def orthogonal_neighbours(cell: int) -> list[int]:
    """The up to four cells sharing a side with ``cell``."""
    r, c = divmod(cell, 9)
    out = []
    if r > 0:
        out.append(cell - 9)
    if r < 8:
        out.append(cell + 9)
    if c > 0:
        out.append(cell - 1)
    if c < 8:
        out.append(cell + 1)
    return out


def block_cells(blocks: str) -> dict[int, list[int]]:
    """Block id -> its cells, in cell order."""
    out: dict[int, list[int]] = {}
    for i, b in enumerate(blocks):
        out.setdefault(int(b), []).append(i)
    return dict(sorted(out.items()))


def check_blocks(blocks: str) -> None:
    """Refuse a layout that is not nine connected regions of nine cells with ids 1-9.

    Raises
    ------
    InvalidInputError
        Naming the block (and a cell) and the broken rule.
    """
    if len(blocks) != CELLS:
        raise InvalidInputError(f"blocks: {len(blocks)} block ids, a field needs 81")
    for i, ch in enumerate(blocks):
        if ch not in "123456789":
            raise InvalidInputError(f"cell {cell_name(i)}: block id {ch!r} is not 1-9")
    for b, cells in block_cells(blocks).items():
        if len(cells) != 9:
            raise InvalidInputError(
                f"block {b} (cell {cell_name(cells[0])}): {len(cells)} cells, a block needs nine"
            )
        seen = {cells[0]}
        todo = [cells[0]]
        while todo:
            x = todo.pop()
            for y in orthogonal_neighbours(x):
                if y not in seen and blocks[y] == blocks[x]:
                    seen.add(y)
                    todo.append(y)
        if len(seen) != 9:
            cut = next(c for c in cells if c not in seen)
            raise InvalidInputError(
                f"block {b}: not connected, cell {cell_name(cut)} is cut off from "
                f"{cell_name(cells[0])}"
            )
    if len(block_cells(blocks)) != 9:
        raise InvalidInputError("blocks: a field needs nine blocks")


def units(blocks: str) -> list[list[int]]:
    """The 27 units: nine rows, nine columns, then the nine blocks (ids 1-9 in order)."""
    rows = [[r * 9 + c for c in range(9)] for r in range(9)]
    cols = [[r * 9 + c for r in range(9)] for c in range(9)]
    return rows + cols + list(block_cells(blocks).values())


def unit_name(index: int, blocks: str) -> str:
    """``row 3``, ``column c`` or ``block 7`` for unit ``index`` of :func:`units`."""
    if index < 9:
        return f"row {index + 1}"
    if index < 18:
        return f"column {'abcdefghi'[index - 9]}"
    return f"block {index - 17}"


def check_digits(digits: str, blocks: str, what: str = "given") -> None:
    """Refuse a repeated digit in a row, column or block, naming both cells and the unit."""
    for u, cells in enumerate(units(blocks)):
        first: dict[str, int] = {}
        for i in cells:
            d = digits[i]
            if d == "0":
                continue
            if d in first:
                raise InvalidInputError(
                    f"cell {cell_name(i)}: {what} {d} repeats in {unit_name(u, blocks)} "
                    f"(also at {cell_name(first[d])})"
                )
            first[d] = i


@dataclass(frozen=True)
class Field:
    """A Numbridge field: ``givens`` (81 chars, ``0`` empty) and ``blocks`` (81 ids ``1``-``9``).

    Construct through :meth:`make`, :meth:`from_text` or :meth:`from_json` to get checked input.
    """

    givens: str
    blocks: str = REGULAR_BLOCKS

    @classmethod
    def make(cls, givens: str | Sequence[int], blocks: str | Sequence[int] = REGULAR_BLOCKS
             ) -> Field:
        """A checked field.

        Raises
        ------
        InvalidInputError
            Wrong size, a character that is not a digit, a repeated digit in a row, column or
            block, or a block that is not nine connected cells.
        """
        g = givens if isinstance(givens, str) else "".join(str(int(x)) for x in givens)
        b = blocks if isinstance(blocks, str) else "".join(str(int(x)) for x in blocks)
        g = g.replace(".", "0")
        if len(g) != CELLS:
            raise InvalidInputError(f"givens: {len(g)} cells, a field needs 81")
        for i, d in enumerate(g):
            if d not in "0123456789":
                raise InvalidInputError(f"cell {cell_name(i)}: {d!r} is not a digit 1-9 or empty")
        check_blocks(b)
        check_digits(g, b)
        return cls(g, b)

    @classmethod
    def from_text(cls, text: str) -> Field:
        """Read the text format (see the module docstring)."""
        chars: list[str] = []
        for n, raw in enumerate(text.splitlines(), start=1):
            body = raw.split("#", 1)[0]
            for col, ch in enumerate(body, start=1):
                if ch not in "0123456789. \t":
                    raise ParseError(f"line {n} column {col}: {ch!r} is not a digit 0-9 or '.'")
            chars.extend(body.replace(" ", "").replace("\t", ""))
        flat = "".join(chars)
        if len(flat) == CELLS:
            return cls.make(flat)
        if len(flat) == 2 * CELLS:
            return cls.make(flat[:CELLS], flat[CELLS:])
        raise ParseError(f"field text has {len(flat)} cells, expected 81 givens "
                         "(optionally followed by 81 block ids)")

    @classmethod
    def from_json(cls, doc: object, where: str = "field JSON") -> Field:
        """Read ``{"givens": "81 digits", "blocks": "81 block ids"}`` (blocks optional)."""
        from puzzles.documents import load_json, validate  # local: start-up
        from puzzles.schemas import FieldDoc  # local: start-up

        if isinstance(doc, str):
            doc = load_json(doc, where)
        valid = validate(doc, FieldDoc, where)
        return cls.make(valid.givens, valid.blocks or REGULAR_BLOCKS)

    @classmethod
    def parse(cls, text: str, where: str = "field") -> Field:
        """Read either format (JSON when the text starts with ``{``)."""
        try:
            if text.lstrip().startswith("{"):
                return cls.from_json(text, where)
            return cls.from_text(text)
        except InvalidInputError as exc:
            if exc.where:
                raise
            raise type(exc)(exc.message, where=where) from None

    @property
    def regular(self) -> bool:
        """True when the blocks are the regular 3x3 boxes."""
        return self.blocks == REGULAR_BLOCKS

    @property
    def empty_count(self) -> int:
        """Number of empty cells."""
        return self.givens.count("0")

    @property
    def given_count(self) -> int:
        """Number of givens."""
        return CELLS - self.empty_count

    def to_text(self) -> str:
        """Nine lines of givens (``.`` empty), a blank line, nine lines of block ids."""
        rows = [self.givens[r * 9:(r + 1) * 9].replace("0", ".") for r in range(9)]
        brows = [self.blocks[r * 9:(r + 1) * 9] for r in range(9)]
        return "\n".join(rows) + "\n\n" + "\n".join(brows) + "\n"

    def to_json(self) -> dict[str, object]:
        """``{"givens": ..., "blocks": ..., "given_count": n, "block_type": ...}``."""
        return {"givens": self.givens, "blocks": self.blocks, "given_count": self.given_count,
                "block_type": "regular" if self.regular else "irregular"}


def verify_solution(field: Field, solution: str) -> list[str]:
    """Plain-code judge of a filled grid: the list of faults (empty when ``solution`` is right).

    Checks that ``solution`` is 81 digits 1-9, keeps every given, and holds each digit once in
    every row, column and block. Shares no code with any search engine.
    """
    faults: list[str] = []
    if len(solution) != CELLS or any(ch not in "123456789" for ch in solution):
        return ["solution is not 81 digits 1-9"]
    for i in range(CELLS):
        if field.givens[i] != "0" and field.givens[i] != solution[i]:
            faults.append(f"cell {cell_name(i)}: given {field.givens[i]} changed")
    groups: dict[str, list[int]] = {}
    for i in range(CELLS):
        groups.setdefault(f"row {i // 9 + 1}", []).append(i)
        groups.setdefault(f"column {'abcdefghi'[i % 9]}", []).append(i)
        groups.setdefault(f"block {field.blocks[i]}", []).append(i)
    for name, cells in groups.items():
        if sorted(solution[i] for i in cells) != list("123456789"):
            faults.append(f"{name} does not hold each digit once")
    return faults
