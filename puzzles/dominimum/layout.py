"""A layout: domino tiles on an unbounded square grid.

Each tile covers two edge-adjacent cells ``(x, y)``; ``y`` grows downwards on screen. A new tile
must not overlap and must touch (share a cell edge with) a placed tile; the first tile goes
anywhere. Every tile exists once. JSON form::

    {"tiles": [{"tile": [a, b], "cells": [[x1, y1], [x2, y2]]}, ...]}

with value ``a`` on the first cell.

Examples
--------
>>> lay = Layout()
>>> lay.place(Placement(3, 5, ((0, 0), (1, 0))))
>>> lay.place(Placement(5, 5, ((0, 1), (1, 1))))
>>> lay.value_at[(1, 1)], len(lay)
(5, 2)
>>> len(list(lay.cell_pairs())), len(list(lay.legal_placements((2, 4))))
(20, 40)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from puzzles.dominimum.tiles import Tile, tile, tile_name
from puzzles.errors import IllegalMoveError, InvalidMoveError, ParseError

Cell = tuple[int, int]
#: Edge neighbours (E, N, W, S); diagonals never count.
DELTAS: tuple[Cell, ...] = ((1, 0), (0, -1), (-1, 0), (0, 1))


def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four edge neighbours of ``cell``."""
    x, y = cell
    return ((x + 1, y), (x, y - 1), (x - 1, y), (x, y + 1))


def adjacent(a: Cell, b: Cell) -> bool:
    """True when two cells share an edge."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def frontier_pairs(value_at: dict[Cell, int], frontier: set[Cell]
                   ) -> list[tuple[Cell, Cell]]:
    """The pairs of :meth:`Layout.cell_pairs` of a non-empty layout, in its order, from its
    covered cells and its frontier (the empty cells next to them)."""
    pairs: list[tuple[Cell, Cell]] = []
    append = pairs.append
    for c in sorted(frontier):
        x, y = c
        # E and S come after c; N and W before it, so their pair was listed there when they
        # are on the frontier too
        n = (x + 1, y)
        if n not in value_at:
            append((c, n))
        n = (x, y - 1)
        if n not in value_at and n not in frontier:
            append((n, c))
        n = (x - 1, y)
        if n not in value_at and n not in frontier:
            append((n, c))
        n = (x, y + 1)
        if n not in value_at:
            append((c, n))
    return pairs


@dataclass(frozen=True)
class Placement:
    """A tile on two cells: ``first`` shows on ``cells[0]``, ``second`` on ``cells[1]``."""

    first: int
    second: int
    cells: tuple[Cell, Cell]

    @property
    def tile(self) -> Tile:
        """The tile placed (normalised)."""
        return tile(self.first, self.second)

    @property
    def values(self) -> tuple[int, int]:
        """The values on ``cells[0]`` and ``cells[1]``."""
        return (self.first, self.second)

    def to_json(self) -> dict[str, Any]:
        """``{"tile": [a, b], "cells": [[x1, y1], [x2, y2]]}``."""
        return {"tile": [self.first, self.second], "cells": [list(c) for c in self.cells]}

    def __str__(self) -> str:
        (x1, y1), (x2, y2) = self.cells
        return f"{self.first}@({x1},{y1}) {self.second}@({x2},{y2})"

    @classmethod
    def from_json(cls, doc: Any, where: str = "tile") -> Placement:
        """Read ``{"tile": [a, b], "cells": [[x1, y1], [x2, y2]]}``.

        Raises
        ------
        ParseError
            When the document does not have that shape.
        InvalidMoveError
            When a value is not 0-7.
        """
        if not isinstance(doc, dict) or "tile" not in doc or "cells" not in doc:
            raise ParseError('expected {"tile": [a, b], "cells": [[x1, y1], [x2, y2]]}',
                             where=where)
        values, cells = doc["tile"], doc["cells"]
        if (not isinstance(values, list) or len(values) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in values)):
            raise ParseError(f"tile must be two integers, got {values!r}", where=where)
        if (not isinstance(cells, list) or len(cells) != 2
                or not all(isinstance(c, list) and len(c) == 2
                           and all(isinstance(v, int) and not isinstance(v, bool) for v in c)
                           for c in cells)):
            raise ParseError(f"cells must be two [x, y] integer pairs, got {cells!r}",
                             where=where)
        if not all(0 <= v <= 7 for v in values):
            raise InvalidMoveError(f"unknown tile {values}: values must be 0-7", where=where)
        return cls(values[0], values[1], ((cells[0][0], cells[0][1]), (cells[1][0], cells[1][1])))


class Layout:
    """Tiles placed so far, with the value shown on every covered cell.

    Attributes
    ----------
    placements : list of Placement
        In the order they were placed.
    value_at : dict Cell -> int
        The value shown on each covered cell.
    tile_at : dict Cell -> int
        The index in ``placements`` of the tile covering each cell.
    """

    def __init__(self, placements: Iterable[Placement] = ()) -> None:
        self.placements: list[Placement] = []
        self.value_at: dict[Cell, int] = {}
        self.tile_at: dict[Cell, int] = {}
        self.used: set[Tile] = set()
        for p in placements:
            self.place(p)

    def __len__(self) -> int:
        return len(self.placements)

    def copy(self) -> Layout:
        """An independent copy."""
        other = Layout.__new__(Layout)
        other.placements = list(self.placements)
        other.value_at = dict(self.value_at)
        other.tile_at = dict(self.tile_at)
        other.used = set(self.used)
        return other

    def check(self, p: Placement) -> None:
        """Raise ``IllegalMoveError`` naming the tile and the rule if ``p`` cannot be placed."""
        name = tile_name(p.values)
        t = tile(p.first, p.second)
        c1, c2 = p.cells
        if t in self.used:
            raise IllegalMoveError(f"tile {tile_name(t)} is already placed", rule="repeated tile",
                                   where=f"tile {name}")
        if not adjacent(c1, c2):
            raise IllegalMoveError(f"cells {list(c1)} and {list(c2)} are not edge-adjacent",
                                   rule="cells not adjacent", where=f"tile {name}")
        for c in (c1, c2):
            if c in self.value_at:
                other = self.placements[self.tile_at[c]]
                raise IllegalMoveError(
                    f"cell {list(c)} is already covered by tile {tile_name(other.values)}",
                    rule="overlap", where=f"tile {name}")
        if self.placements and not self.touches(p.cells):
            raise IllegalMoveError(f"cells {list(c1)}, {list(c2)} touch no placed tile",
                                   rule="not touching", where=f"tile {name}")

    def touches(self, cells: Iterable[Cell]) -> bool:
        """True when one of ``cells`` shares an edge with a covered cell."""
        return any(n in self.value_at for c in cells for n in neighbours(c))

    def place(self, p: Placement) -> None:
        """Put ``p`` on the table after checking the rules."""
        self.check(p)
        index = len(self.placements)
        self.placements.append(p)
        for c, v in zip(p.cells, p.values, strict=True):
            self.value_at[c] = v
            self.tile_at[c] = index
        self.used.add(p.tile)

    def undo(self) -> Placement:
        """Take the last tile back and return it."""
        p = self.placements.pop()
        for c in p.cells:
            del self.value_at[c]
            del self.tile_at[c]
        self.used.discard(p.tile)
        return p

    def frontier(self) -> set[Cell]:
        """Empty cells sharing an edge with a covered cell."""
        value_at = self.value_at
        return {n for x, y in value_at for n in ((x + 1, y), (x, y - 1), (x - 1, y), (x, y + 1))
                if n not in value_at}

    def cell_pairs(self) -> Iterator[tuple[Cell, Cell]]:
        """Every unordered pair of empty adjacent cells a tile may cover, each once.

        A pair is yielded as ``(smaller, larger)``, in the order of its first cell on the
        frontier, sorted (a cell's pairs in the order E, N, W, S); on an empty table only
        ``((0, 0), (1, 0))`` and ``((0, 0), (0, 1))``. Complexity: O(perimeter).
        """
        value_at = self.value_at
        if not value_at:
            yield ((0, 0), (1, 0))
            yield ((0, 0), (0, 1))
            return
        yield from frontier_pairs(value_at, self.frontier())

    def legal_placements(self, values: tuple[int, int]) -> Iterator[Placement]:
        """Every legal placement of the tile ``values`` (both orientations, once for a double)."""
        a, b = values
        if tile(a, b) in self.used:
            return
        for c1, c2 in self.cell_pairs():
            yield Placement(a, b, (c1, c2))
            if a != b:
                yield Placement(b, a, (c1, c2))

    def bounds(self) -> tuple[int, int, int, int]:
        """``(min_x, min_y, max_x, max_y)`` of the covered cells."""
        xs = [c[0] for c in self.value_at] or [0]
        ys = [c[1] for c in self.value_at] or [0]
        return (min(xs), min(ys), max(xs), max(ys))

    def to_json(self) -> dict[str, Any]:
        """``{"tiles": [...]}`` in placing order."""
        return {"tiles": [p.to_json() for p in self.placements]}

    @classmethod
    def from_json(cls, doc: Any, *, ordered: bool = False) -> Layout:
        """Read and check a layout document.

        Tiles are placed in file order when ``ordered``; otherwise any order in which every tile
        touches an earlier one is accepted (a layout is valid when its tiles are connected).

        Raises
        ------
        ParseError
            When the document is malformed.
        IllegalMoveError
            On overlap, repeated tile, cells not adjacent or a tile touching no other tile.
        """
        if not isinstance(doc, dict) or not isinstance(doc.get("tiles"), list):
            raise ParseError('a layout is {"tiles": [{"tile": [a, b], "cells": [[x, y], ...]}]}')
        items = [Placement.from_json(t, where=f"tiles[{i}]") for i, t in enumerate(doc["tiles"])]
        layout = cls()
        if ordered:
            for p in items:
                layout.place(p)
            return layout
        # Check the per-tile rules in file order first (clear messages), then connectivity.
        probe_cells: dict[Cell, Placement] = {}
        probe_tiles: dict[Tile, Placement] = {}
        for p in items:
            name = tile_name(p.values)
            if p.tile in probe_tiles:
                raise IllegalMoveError(f"tile {tile_name(p.tile)} appears twice",
                                       rule="repeated tile", where=f"tile {name}")
            if not adjacent(*p.cells):
                raise IllegalMoveError(
                    f"cells {list(p.cells[0])} and {list(p.cells[1])} are not edge-adjacent",
                    rule="cells not adjacent", where=f"tile {name}")
            for c in p.cells:
                if c in probe_cells:
                    raise IllegalMoveError(
                        f"cell {list(c)} is already covered by tile "
                        f"{tile_name(probe_cells[c].values)}", rule="overlap",
                        where=f"tile {name}")
                probe_cells[c] = p
            probe_tiles[p.tile] = p
        pending = list(items)
        while pending:
            progressed = False
            for p in list(pending):
                if not layout.placements or layout.touches(p.cells):
                    layout.place(p)
                    pending.remove(p)
                    progressed = True
            if not progressed:
                p = pending[0]
                raise IllegalMoveError(
                    f"cells {list(p.cells[0])}, {list(p.cells[1])} touch no other tile",
                    rule="not touching", where=f"tile {tile_name(p.values)}")
        return layout
