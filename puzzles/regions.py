"""Regions: a set of cells on a grid, a border rule and optional wrap-around.

Names (``parse_region``):

- ``WxH``: W cells wide and H rows high (square and triangle grids; on hexagon grids an
  offset rectangle whose odd rows are shifted half a cell to the right).
- ``rhombus:WxH``: hexagon axial cells ``0 <= q < W``, ``0 <= r < H``.
- ``hexagon:B``: hexagon of base B (B cells a side, 3B(B-1)+1 cells), centred on (0, 0).
- ``hexagon:B/B+1``: the uncentred hexagon whose sides alternate B and B+1 cells, with 2B
  lines in each of the three directions (``hexagon:16/17``, 768 cells, the hexagon StarMap
  board): ``0 <= q, r < 2B`` and ``B <= q + r < 3B``.
- ``torus:WxH`` / ``torus:rhombus:WxH``: the same cells with opposite edges wrapping round
  (``wrap = (W, H)``).
- ``cylinder:WxH`` / ``cylinder:rhombus:WxH``: the left and right edges meet, the top and
  bottom rows keep the border rule (``wrap = (W, 0)``): cell ``(W-1, r)`` neighbours
  ``(0, r)``, so every row is a ring of W cells (the column index wraps).
- ``vcylinder:WxH`` / ``vcylinder:rhombus:WxH``: the top and bottom edges meet, the left and
  right columns keep the border rule (``wrap = (0, H)``): every column is a ring of H cells.
- ``file:PATH`` or a path to an existing file: see ``read_region_file``.

Examples
--------
>>> r = parse_region("4x4", "square")
>>> len(r.cells), r.neighbour((3, 0), 1)
(16, None)
>>> parse_region("torus:4x4", "square").neighbour((3, 0), 1)
(0, 0)
>>> c = parse_region("cylinder:4x4", "square")
>>> c.wrap, c.neighbour((3, 0), 1), c.neighbour((3, 0), 2)
((4, 0), (0, 0), None)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from puzzles.documents import load_json, parse_int, read_text, validate
from puzzles.errors import InvalidInputError, ParseError
from puzzles.grids import Cell, Grid, grid

BORDER_RULES = ("blank", "free")


@dataclass(frozen=True)
class Region:
    """Cells of one grid kind, the border rule and the wrap-around periods.

    Parameters
    ----------
    grid : Grid
        The grid the cells live on.
    cells : frozenset of Cell
        The cells of the region.
    name : str
        The name the region was made from (for reports).
    border : str
        ``blank``: no beam may point out of the region (default); ``free``: beams may.
    wrap : tuple of int, optional
        ``(W, H)`` periods when opposite edges wrap, None otherwise. A period of 0 means that
        direction does not wrap: ``(W, 0)`` is a cylinder whose left and right edges meet,
        ``(0, H)`` one whose top and bottom edges meet, ``(W, H)`` a torus.
    """

    grid: Grid
    cells: frozenset[Cell]
    name: str = "custom"
    border: str = "blank"
    wrap: tuple[int, int] | None = None
    _order: tuple[Cell, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.border not in BORDER_RULES:
            raise InvalidInputError(
                f"unknown border rule {self.border!r}; expected 'blank' or 'free'"
            )
        if not self.cells:
            raise InvalidInputError(f"region {self.name!r} has no cells")
        if self.wrap is not None and (min(self.wrap) < 0 or max(self.wrap) == 0):
            raise InvalidInputError(
                f"region {self.name!r}: wrap periods {list(self.wrap)} (at least one must be "
                "positive; 0 means that direction does not wrap)")
        if not self._order:
            order = tuple(sorted(self.cells, key=lambda c: (c[1], c[0])))
            object.__setattr__(self, "_order", order)

    @property
    def ordered_cells(self) -> tuple[Cell, ...]:
        """The cells row by row, top to bottom and left to right."""
        return self._order

    def __len__(self) -> int:
        return len(self.cells)

    def __contains__(self, cell: object) -> bool:
        return cell in self.cells

    @property
    def shape(self) -> str:
        """``plane``, ``torus`` or ``cylinder`` (one direction wraps)."""
        if self.wrap is None:
            return "plane"
        return "torus" if min(self.wrap) > 0 else "cylinder"

    def wrapped(self, cell: Cell) -> Cell:
        """The cell itself, or its representative inside the region on a torus or cylinder
        (each coordinate modulo its period, unless the period is 0)."""
        if self.wrap is None:
            return cell
        w, h = self.wrap
        return (cell[0] % w if w else cell[0], cell[1] % h if h else cell[1])

    def neighbour(self, cell: Cell, direction: int) -> Cell | None:
        """The neighbouring cell inside the region in ``direction``, or None if outside."""
        other = self.wrapped(self.grid.neighbour(cell, direction))
        return other if other in self.cells else None

    def with_border(self, border: str) -> Region:
        """The same region under another border rule."""
        return Region(self.grid, self.cells, self.name, border, self.wrap)

    def to_json(self) -> dict[str, object]:
        """A JSON description: name, grid, border, wrap and the cells."""
        return {
            "name": self.name,
            "grid": self.grid.kind,
            "border": self.border,
            "wrap": list(self.wrap) if self.wrap else None,
            "cells": [list(c) for c in self.ordered_cells],
        }


_SIZE = re.compile(r"^([0-9]{1,4})x([0-9]{1,4})$")
#: The largest region (cells) and the largest coordinate a region file may use.
MAX_CELLS = 40_000
MAX_COORDINATE = 100_000


def _size(text: str, name: str) -> tuple[int, int]:
    m = _SIZE.match(text)
    if not m:
        raise InvalidInputError(f"region {name!r}: expected a size like 4x4, got {text!r}")
    w, h = int(m.group(1)), int(m.group(2))
    if not (1 <= w <= 200 and 1 <= h <= 200):
        raise InvalidInputError(f"region {name!r}: sizes must be between 1 and 200")
    return w, h


def rectangle_cells(g: Grid, w: int, h: int) -> frozenset[Cell]:
    """A W x H rectangle; on hexagon grids odd rows are shifted half a cell right."""
    if g.cell_shape == "hexagon":
        return frozenset((c - (r - (r & 1)) // 2, r) for r in range(h) for c in range(w))
    return frozenset((c, r) for r in range(h) for c in range(w))


def rhombus_cells(w: int, h: int) -> frozenset[Cell]:
    """Axial hexagon cells 0 <= q < W, 0 <= r < H."""
    return frozenset((q, r) for r in range(h) for q in range(w))


def hexagon_cells(base: int) -> frozenset[Cell]:
    """A hexagon of ``base`` cells a side centred on (0, 0): 3B(B-1)+1 cells."""
    n = base - 1
    return frozenset(
        (q, r) for q in range(-n, n + 1) for r in range(-n, n + 1) if abs(q + r) <= n
    )


def uncentred_hexagon_cells(base: int) -> frozenset[Cell]:
    """The hexagon with sides alternating ``base`` and ``base + 1``: 2B lines each way."""
    lines = 2 * base
    return frozenset(
        (q, r) for q in range(lines) for r in range(lines) if base <= q + r < base + lines
    )


def parse_region(name: str, grid_kind: str, border: str = "blank",
                 files: bool = True) -> Region:
    """Build a region from its name for a grid kind.

    ``files=False`` accepts named shapes only and never opens a file (a server that parses
    a client's region): ``file:PATH``, a path or a ``.json``/``.txt`` name is refused
    without looking at the file system.

    Raises
    ------
    InvalidInputError
        For an unknown shape, a shape that does not fit the grid, or a bad size.
    """
    g = grid(grid_kind)
    text = name.strip()
    named = text.startswith((*_WRAPS, "rhombus:", "hexagon:"))
    is_file = text.startswith("file:") or (
        not named and ("/" in text or text.endswith((".json", ".txt"))))
    if not files and (is_file or "\\" in text):
        raise InvalidInputError("region: a named shape is needed here (e.g. 4x4, "
                                "rhombus:8x8); region files are not read")
    if text.startswith("file:"):
        return read_region_file(Path(text[5:]), grid_kind, border)
    if is_file:
        return read_region_file(Path(text), grid_kind, border)
    parts = text.split(":")
    kind = parts[0] if parts[0] in _WRAPS else None
    torus = kind is not None
    if torus:
        parts = parts[1:]
    if len(parts) == 1:
        w, h = _size(parts[0], name)
        if torus and g.cell_shape == "hexagon":
            raise InvalidInputError(
                f"region {name!r}: a hexagon {kind} needs a rhombus, e.g. {kind}:rhombus:8x8"
            )
        wrap = _wrap(kind, w, h)
        if wrap is not None and g.oriented and (wrap[0] % 2 or wrap[1] % 2):
            # a triangle's neighbour across the seam must point the other way
            side = "width" if wrap[0] % 2 else "height"
            raise InvalidInputError(
                f"region {name!r}: a triangle {kind} needs an even {side} (a triangle across "
                "the seam must point the other way)")
        return Region(g, rectangle_cells(g, w, h), name, border, wrap)
    shape, arg = parts[0], parts[1]
    if shape == "rhombus":
        if g.cell_shape != "hexagon":
            raise InvalidInputError(f"region {name!r}: rhombus regions are for hexagon sets")
        w, h = _size(arg, name)
        return Region(g, rhombus_cells(w, h), name, border, _wrap(kind, w, h))
    if shape == "hexagon" and "/" in arg:
        if g.cell_shape != "hexagon" or torus:
            raise InvalidInputError(f"region {name!r}: hexagon:B/B+1 is a hexagon-set region")
        small, _, big = arg.partition("/")
        if not (re.fullmatch("[0-9]{1,2}", small) and re.fullmatch("[0-9]{1,2}", big)
                and int(big) == int(small) + 1 and 1 <= int(small) <= 60):
            raise InvalidInputError(
                f"region {name!r}: expected hexagon:B/B+1 with B from 1 to 60, e.g. hexagon:16/17")
        return Region(g, uncentred_hexagon_cells(int(small)), name, border)
    if shape == "hexagon":
        if g.cell_shape != "hexagon" or torus:
            raise InvalidInputError(f"region {name!r}: hexagon:B is a plain hexagon-set region")
        if not re.fullmatch("[0-9]{1,2}", arg) or not 1 <= int(arg) <= 60:
            raise InvalidInputError(f"region {name!r}: base must be a number from 1 to 60")
        return Region(g, hexagon_cells(int(arg)), name, border)
    raise InvalidInputError(
        f"unknown region {name!r}; expected WxH, rhombus:WxH, hexagon:B, torus:WxH, "
        "cylinder:WxH, vcylinder:WxH or a file"
    )


#: Prefixes of the wrapped regions: both directions, left-right only, top-bottom only.
_WRAPS = ("torus", "cylinder", "vcylinder")


def _wrap(kind: str | None, w: int, h: int) -> tuple[int, int] | None:
    """The wrap periods of ``kind`` (a ``_WRAPS`` prefix or None) on a W x H shape."""
    if kind is None:
        return None
    return {"torus": (w, h), "cylinder": (w, 0), "vcylinder": (0, h)}[kind]


def check_cells(cells: Iterable[Cell], g: Grid, wrap: tuple[int, int] | None,
                where: str) -> frozenset[Cell]:
    """Refuse an absurd or disconnected region at once.

    At most ``MAX_CELLS`` cells, coordinates within ``MAX_COORDINATE``, on a torus every cell
    inside ``0 <= q < W``, ``0 <= r < H`` (on a cylinder, along its wrapping direction), and the
    cells connected through grid sides (the wrap-around included).

    Raises
    ------
    InvalidInputError
        Naming the first fault.
    """
    out = frozenset(cells)
    if not out:
        raise InvalidInputError("the region has no cells", where=where)
    if len(out) > MAX_CELLS:
        raise InvalidInputError(f"{len(out)} cells; a region has at most {MAX_CELLS}",
                                where=where)
    for q, r in out:
        if abs(q) > MAX_COORDINATE or abs(r) > MAX_COORDINATE:
            raise InvalidInputError(f"cell [{q}, {r}] is absurdly far away (coordinates are "
                                    f"at most {MAX_COORDINATE} from 0)", where=where)
        if wrap is not None and not ((not wrap[0] or 0 <= q < wrap[0])
                                     and (not wrap[1] or 0 <= r < wrap[1])):
            raise InvalidInputError(f"cell [{q}, {r}] lies outside the wrap periods "
                                    f"{list(wrap)}", where=where)
    start = min(out, key=lambda c: (c[1], c[0]))
    seen = {start}
    todo = [start]
    while todo:
        cell = todo.pop()
        for d in g.directions(cell):
            nxt = g.neighbour(cell, d)
            if wrap is not None:
                nxt = (nxt[0] % wrap[0] if wrap[0] else nxt[0],
                       nxt[1] % wrap[1] if wrap[1] else nxt[1])
            if nxt in out and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    if len(seen) != len(out):
        cut = min(out - seen, key=lambda c: (c[1], c[0]))
        raise InvalidInputError(f"the region is not connected: cell {list(cut)} is cut off "
                                f"from {list(start)}", where=where)
    return out


def read_region_file(path: Path, grid_kind: str, border: str = "blank") -> Region:
    """Read a region file.

    Two formats: JSON ``{"cells": [[q, r], ...]}`` (optionally with ``"wrap": [W, H]``, a
    period 0 for a direction that does not wrap: ``[W, 0]`` is a cylinder; schema
    ``docs/schemas/region.schema.json``), or text with one ``q r`` pair per line
    (``#`` starts a comment). The region must be connected and of sane size
    (``check_cells``).

    Raises
    ------
    ParseError
        Naming the file and line (and column) or JSON pointer of the first fault.
    """
    from puzzles.schemas import RegionDoc  # local: start-up

    where = str(path)
    text = read_text(path, "region file")
    cells: set[Cell] = set()
    wrap: tuple[int, int] | None = None
    if text.lstrip().startswith("{"):
        doc = validate(load_json(text, where), RegionDoc, where)
        for i, c in enumerate(doc.cells):
            if (c[0], c[1]) in cells:
                raise ParseError(f"at /cells/{i}: cell {c} listed twice", where=where)
            cells.add((c[0], c[1]))
        if doc.wrap:
            wrap = (doc.wrap[0], doc.wrap[1])
            if max(wrap) == 0:
                raise ParseError("at /wrap: both periods are 0 (at least one must be positive; "
                                 "0 means that direction does not wrap)", where=where)
    else:
        for lineno, line in enumerate(text.splitlines(), 1):
            body = line.split("#", 1)[0]
            if not body.strip():
                continue
            fields = [(m.start() + 1, m.group()) for m in re.finditer(r"[^\s,]+", body)]
            if len(fields) != 2:
                raise ParseError(f"line {lineno}: expected two integers 'q r', got "
                                 f"{body.strip()[:40]!r}", where=where)
            q, r = (parse_int(v, -MAX_COORDINATE, MAX_COORDINATE,
                              f"line {lineno} column {col}", where) for col, v in fields)
            if (q, r) in cells:
                raise ParseError(f"line {lineno}: cell ({q}, {r}) listed twice", where=where)
            cells.add((q, r))
            if len(cells) > MAX_CELLS:
                raise ParseError(f"line {lineno}: more than {MAX_CELLS} cells", where=where)
    if not cells:
        raise ParseError("the file lists no cells", where=where)
    g = grid(grid_kind)
    return Region(g, check_cells(cells, g, wrap, where), path.name, border, wrap)
