"""Arrangements of a beam set, their JSON form, and ``verify``: the judge of every engine.

Kinds (``beam-sets.md``):

- ``compact``: every piece of the set on a cell of the region, every cell filled, neighbours
  match (beam faces beam, blank faces blank), and under the ``blank`` border rule no beam points
  out of the region.
- ``transcendental``: every piece placed once, every beam meets a beam and every blank side faces
  an empty cell. Options: all non-blank pieces in one group, a bounding region.
- ``starmap``: every piece placed once inside the board; looking along a beam one meets another
  piece, looking along a blank side one meets nothing. Option: no two pieces adjacent.

The verifier is written in the plainest code possible and shares nothing with the search
engines: it recomputes every neighbour from the grid's direction deltas.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import TYPE_CHECKING

from puzzles.beamsets import PieceSet, piece_set
from puzzles.documents import read_json, source_name, validate
from puzzles.errors import InvalidInputError
from puzzles.grids import Cell
from puzzles.regions import Region, check_cells, parse_region

if TYPE_CHECKING:
    from pathlib import Path

KINDS = ("compact", "transcendental", "starmap")


class InvalidArrangementError(InvalidInputError):
    """An arrangement that breaks a rule of its kind; the message names the first fault."""


#: What a ``Fault`` is about (its ``kind``).
FAULT_KINDS = (
    "kind",          # the arrangement's kind is unknown
    "unknown-piece", # a number the set does not have
    "orientation",   # a triangle piece on a cell pointing the other way
    "duplicate",     # a piece placed twice
    "missing",       # pieces not placed
    "extra",         # a piece that is not one of the pieces to place
    "fixed",         # a fixed piece missing from its cell
    "outside",       # a cell outside the region
    "region",        # the kind needs a region (board)
    "grid",          # StarMaps on a grid they are not defined on
    "empty",         # an empty cell of a compact region
    "border",        # a beam pointing out of the region (blank border)
    "mismatch",      # a beam against a blank side
    "open-beam",     # a transcendental beam meeting an empty cell
    "blank-contact", # two transcendental blank sides touching
    "groups",        # more than one group where one is asked for
    "sight",         # a StarMap line of sight that meets the wrong thing
    "adjacent",      # two StarMap pieces side by side where that is forbidden
)


@dataclass(frozen=True)
class Fault:
    """One broken rule: its ``kind`` (``FAULT_KINDS``), the sentence that says it (also
    ``str(fault)``), and the ``cells`` and ``pieces`` it concerns (the cell it is about
    first)."""

    kind: str
    message: str
    cells: tuple[Cell, ...] = ()
    pieces: tuple[int, ...] = ()

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Arrangement:
    """A set, a kind, an optional region and the placements ``cell -> piece number``.

    Parameters
    ----------
    set_name : str
        The piece set (``hexagon``, ``square``...).
    kind : str
        ``compact``, ``transcendental`` or ``starmap``.
    placements : Mapping of Cell to int
        Which piece stands on which cell.
    region : Region, optional
        The region (compact), the bounding region (transcendental) or the board (starmap).
    single_group : bool
        Transcendental option: all non-blank pieces form one beam-connected group.
    no_adjacent : bool
        StarMap option: no two pieces on neighbouring cells.
    """

    set_name: str
    kind: str
    placements: Mapping[Cell, int]
    region: Region | None = None
    single_group: bool = False
    no_adjacent: bool = False
    pieces: tuple[int, ...] | None = field(default=None)

    def __getattr__(self, name: str) -> object:
        """The placements of an arrangement made by :func:`from_rows`, built on first use
        (only called when ``name`` is not set: every other attribute is)."""
        if name == "placements":
            state = self.__dict__
            row = state.get("_row")
            if row is not None:  # set before the row goes: another thread reads either
                placements = state["placements"] = dict(zip(state["_cells"], row, strict=True))
                state.pop("_row", None)
                return placements
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    @cached_property
    def piece_set(self) -> PieceSet:
        """The piece set of the arrangement."""
        return piece_set(self.set_name)

    def required_pieces(self) -> tuple[int, ...]:
        """The piece numbers that must be placed (the whole set unless given)."""
        return self.pieces if self.pieces is not None else tuple(self.piece_set.numbers())

    def to_json(self) -> dict[str, object]:
        """The stable JSON document of the arrangement (see the README)."""
        ps = self.piece_set
        cells = sorted(self.placements, key=lambda c: (c[1], c[0]))
        doc: dict[str, object] = {
            "set": ps.name,
            "kind": self.kind,
            "region": self.region.name if self.region else None,
            "border": self.region.border if self.region else None,
            "directions": ps.grid.directions_json(),
            "placements": [{"cell": list(c), "piece": self.placements[c]} for c in cells],
        }
        if self.region is not None:
            doc["wrap"] = list(self.region.wrap) if self.region.wrap else None
            doc["region_cells"] = [list(c) for c in self.region.ordered_cells]
        if self.single_group:
            doc["single_group"] = True
        if self.no_adjacent:
            doc["no_adjacent"] = True
        if self.pieces is not None:
            doc["pieces"] = list(self.pieces)
        return doc


#: The fields of an arrangement (``from_rows`` copies them but the placements).
_FIELDS = frozenset(f.name for f in fields(Arrangement)) - {"placements"}
#: Their defaults, which the dataclass keeps as class attributes.
_DEFAULTS = {name: vars(Arrangement)[name] for name in _FIELDS if name in vars(Arrangement)}
_NONE = object()


def from_rows(template: Arrangement, cells: Sequence[Cell],
              rows: Iterable[Sequence[int]]) -> Iterator[Arrangement]:
    """Arrangements like ``template`` (its set, kind, region and options) with the placements
    ``cells[i] -> row[i]`` of each row (every cell filled), made in batch: each object is a
    copy of the template's fields, and its placements dict is built when first read (an
    enumeration that counts or filters the arrangements does not pay for a dict each).
    The rows are taken as they are: check them first (``solver.arrange.verified``)."""
    # the fields that differ from the class's defaults (the others are read from the class)
    shared: dict[str, object] = {name: getattr(template, name) for name in _FIELDS
                                 if getattr(template, name) is not _DEFAULTS.get(name, _NONE)}
    shared["_cells"] = tuple(cells)
    new = object.__new__
    for row in rows:
        arr = new(Arrangement)
        state = arr.__dict__
        state.update(shared)
        state["_row"] = row
        yield arr


def arrangement_from_json(data: object, where: str = "<json>") -> Arrangement:
    """Build an arrangement from its JSON document (``docs/schemas/arrangement.schema.json``).

    Raises
    ------
    ParseError
        When the document does not match the schema (naming the JSON pointer).
    InvalidInputError
        For an unknown set, a bad region or a cell holding two pieces.
    """
    from puzzles.schemas import ArrangementDoc  # local: start-up

    doc = validate(data, ArrangementDoc, where)
    try:
        ps = piece_set(doc.set)
    except InvalidInputError as exc:
        raise InvalidInputError(f"at /set: {exc.message}", where=where) from None
    region: Region | None = None
    border = doc.border or "blank"
    wrap = (doc.wrap[0], doc.wrap[1]) if doc.wrap else None
    if doc.region_cells:
        cells = check_cells(((c[0], c[1]) for c in doc.region_cells), ps.grid, wrap,
                            f"{where}: region_cells")
        region = Region(ps.grid, cells, doc.region or "custom", border, wrap)
    elif doc.region:
        try:
            region = parse_region(doc.region, ps.grid.kind, border)
        except InvalidInputError as exc:
            raise InvalidInputError(f"at /region: {exc}", where=where) from None
    placements: dict[Cell, int] = {}
    for i, item in enumerate(doc.placements):
        cell = (item.cell[0], item.cell[1])
        if cell in placements:
            raise InvalidArrangementError(
                f"at /placements/{i}: cell {list(cell)} holds two pieces", where=where)
        placements[cell] = item.piece
    return Arrangement(ps.name, doc.kind, placements, region, doc.single_group,
                       doc.no_adjacent, tuple(doc.pieces) if doc.pieces else None)


def read_arrangement(path: Path) -> Arrangement:
    """Read an arrangement JSON file (or ``-``); raises ParseError or InvalidInputError."""
    return arrangement_from_json(read_json(path, "arrangement file"), source_name(path))


# --------------------------------------------------------------------------------------------
# The judge. Plain code on purpose: every check recomputes neighbours from the direction deltas.


def _step(arr: Arrangement, cell: Cell, direction: int) -> Cell:
    dq, dr = arr.piece_set.grid.deltas(cell)[direction]
    nxt = (cell[0] + dq, cell[1] + dr)
    if arr.region is not None and arr.region.wrap is not None:
        w, h = arr.region.wrap  # a period 0: that direction does not wrap (a cylinder)
        nxt = (nxt[0] % w if w else nxt[0], nxt[1] % h if h else nxt[1])
    return nxt


def _facing(arr: Arrangement, cell: Cell, direction: int) -> int:
    """The side of the neighbour in ``direction`` that faces ``cell``."""
    dq, dr = arr.piece_set.grid.deltas(cell)[direction]
    raw = (cell[0] + dq, cell[1] + dr)
    for d, (eq, er) in arr.piece_set.grid.deltas(raw).items():
        if (eq, er) == (-dq, -dr):
            return d
    raise AssertionError("no facing side")  # pragma: no cover


def faults(arr: Arrangement, fixed: Mapping[Cell, int] | None = None) -> Iterator[Fault]:
    """Every rule the arrangement breaks, one ``Fault`` each (a readable sentence with the
    cells and pieces it names), in a fixed order."""
    ps = arr.piece_set
    if arr.kind not in KINDS:
        yield Fault("kind", f"unknown kind {arr.kind!r}")
        return
    known = {p.number: p for p in ps.pieces}
    required = arr.required_pieces()
    grid = ps.grid
    # 1. pieces: each required piece exactly once, nothing else
    seen: dict[int, Cell] = {}
    for cell, number in sorted(arr.placements.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        if number not in known:
            yield Fault("unknown-piece", f"cell {list(cell)}: set {ps.name!r} has no piece "
                        f"{number}", (cell,), (number,))
            return
        piece = known[number]
        if piece.orientation is not None and grid.orientation(cell) != piece.orientation:
            yield Fault("orientation",
                        f"cell {list(cell)}: piece {number} points {piece.orientation} but the "
                        f"cell points {grid.orientation(cell)}", (cell,), (number,))
        if number in seen:
            yield Fault("duplicate", f"piece {number} is placed twice, at "
                        f"{list(seen[number])} and {list(cell)}", (seen[number], cell),
                        (number,))
        seen[number] = cell
    missing = [n for n in required if n not in seen]
    if missing:
        yield Fault("missing", f"{len(missing)} piece(s) not placed, first {missing[0]}",
                    pieces=tuple(missing))
    extra = [n for n in seen if n not in set(required)]
    if extra:
        yield Fault("extra", f"piece {extra[0]} is not one of the pieces to place",
                    (seen[extra[0]],), (extra[0],))
    # 2. fixed pieces
    for cell, number in (fixed or {}).items():
        if arr.placements.get(cell) != number:
            yield Fault("fixed", f"cell {list(cell)}: piece {number} was fixed there",
                        (cell,), (number,))
    # 3. region membership
    region = arr.region
    if region is not None:
        for cell in arr.placements:
            if cell not in region.cells:
                yield Fault("outside", f"cell {list(cell)} lies outside the region "
                            f"{region.name!r}", (cell,), (arr.placements[cell],))
                return
    if arr.kind == "compact":
        yield from _compact_faults(arr, known)
    elif arr.kind == "transcendental":
        yield from _transcendental_faults(arr, known)
    else:
        yield from _starmap_faults(arr, known)


def _beam(known: Mapping[int, object], number: int, direction: int) -> bool:
    return bool(known[number].beams & direction)  # type: ignore[attr-defined]


def _compact_faults(arr: Arrangement, known: Mapping[int, object]) -> Iterator[Fault]:
    region = arr.region
    if region is None:
        yield Fault("region", "a compact arrangement needs a region")
        return
    empty = [c for c in region.ordered_cells if c not in arr.placements]
    if empty:
        yield Fault("empty", f"cell {list(empty[0])} of the region is empty", tuple(empty))
    grid = arr.piece_set.grid
    placements = arr.placements
    # the side facing back from a neighbour depends on the direction and on the neighbour's
    # orientation only (``_facing``): worked out once per call for each of those
    facing: dict[tuple[str | None, int], int] = {}
    wrap = region.wrap  # a period 0: that direction does not wrap (a cylinder)
    for cell in sorted(placements, key=lambda c: (c[1], c[0])):
        number = placements[cell]
        for d, (dq, dr) in grid.deltas(cell).items():  # as _step, the deltas read once a cell
            other = (cell[0] + dq, cell[1] + dr)
            if wrap is not None:
                w, h = wrap
                other = (other[0] % w if w else other[0], other[1] % h if h else other[1])
            mine = _beam(known, number, d)
            if other not in region.cells:
                if mine and region.border == "blank":
                    yield Fault("border", f"cell {list(cell)}: piece {number} has a beam "
                                f"({grid.direction_name(cell, d)}) pointing out of the region",
                                (cell,), (number,))
                continue
            if other not in placements or not mine:
                continue
            key = (grid.orientation(cell), d)
            side = facing.get(key)
            if side is None:
                side = facing[key] = _facing(arr, cell, d)
            theirs = _beam(known, placements[other], side)
            if not theirs:  # each faulty edge is named once, from its beam side
                yield Fault("mismatch",
                            f"cell {list(cell)}: piece {number} does not match piece "
                            f"{arr.placements[other]} at {list(other)} "
                            f"(side {grid.direction_name(cell, d)}: beam against blank)",
                            (cell, other), (number, arr.placements[other]))


def _transcendental_faults(arr: Arrangement, known: Mapping[int, object]) -> Iterator[Fault]:
    grid = arr.piece_set.grid
    for cell in sorted(arr.placements, key=lambda c: (c[1], c[0])):
        number = arr.placements[cell]
        for d in grid.directions(cell):
            other = _step(arr, cell, d)
            name = grid.direction_name(cell, d)
            mine = _beam(known, number, d)
            if other not in arr.placements:
                if mine:
                    yield Fault("open-beam", f"cell {list(cell)}: beam {name} of piece {number} "
                                "meets an empty cell", (cell,), (number,))
                continue
            pair = ((cell, other), (number, arr.placements[other]))
            theirs = _beam(known, arr.placements[other], _facing(arr, cell, d))
            if mine and not theirs:
                yield Fault("mismatch",
                            f"cell {list(cell)}: beam {name} of piece {number} meets a blank "
                            f"side of piece {arr.placements[other]} at {list(other)}", *pair)
            if not mine and not theirs:
                yield Fault("blank-contact",
                            f"cell {list(cell)}: blank side {name} of piece {number} touches "
                            f"the blank side of piece {arr.placements[other]} at {list(other)}",
                            *pair)
    if arr.single_group:
        groups = _beam_groups(arr, known)
        if len(groups) > 1:
            yield Fault("groups", f"the non-blank pieces form {len(groups)} groups, not one")


def _beam_groups(arr: Arrangement, known: Mapping[int, object]) -> list[set[Cell]]:
    grid = arr.piece_set.grid
    cells = [c for c, n in arr.placements.items() if known[n].beams]  # type: ignore[attr-defined]
    left = set(cells)
    groups = []
    while left:
        start = left.pop()
        group, todo = {start}, [start]
        while todo:
            cell = todo.pop()
            for d in grid.directions(cell):
                if _beam(known, arr.placements[cell], d):
                    other = _step(arr, cell, d)
                    if other in left:
                        left.discard(other)
                        group.add(other)
                        todo.append(other)
        groups.append(group)
    return groups


def _starmap_faults(arr: Arrangement, known: Mapping[int, object]) -> Iterator[Fault]:
    region = arr.region
    grid = arr.piece_set.grid
    if region is None:
        yield Fault("region", "a StarMap needs a board")
        return
    if grid.oriented:
        yield Fault("grid", "StarMaps are defined on square and hexagon grids only")
        return
    for cell in sorted(arr.placements, key=lambda c: (c[1], c[0])):
        number = arr.placements[cell]
        for d in grid.directions(cell):
            dq, dr = grid.deltas(cell)[d]
            q, r = cell
            met: Cell | None = None
            for _ in range(len(region.cells) + 1):
                q, r = q + dq, r + dr
                if (q, r) not in region.cells:
                    break
                if (q, r) in arr.placements:
                    met = (q, r)
                    break
            mine = _beam(known, number, d)
            name = grid.direction_name(cell, d)
            if mine and met is None:
                yield Fault("sight", f"cell {list(cell)}: looking {name} along a beam of piece "
                            f"{number} meets nothing", (cell,), (number,))
            if not mine and met is not None:
                yield Fault("sight", f"cell {list(cell)}: looking {name} along a blank side of "
                            f"piece {number} meets piece {arr.placements[met]} at {list(met)}",
                            (cell, met), (number, arr.placements[met]))
            adjacent = met is not None and (met[0] - cell[0], met[1] - cell[1]) == (dq, dr)
            if arr.no_adjacent and met is not None and adjacent:
                yield Fault("adjacent", f"cell {list(cell)}: piece {number} is adjacent to "
                            f"piece {arr.placements[met]}", (cell, met),
                            (number, arr.placements[met]))


def verify(arr: Arrangement, fixed: Mapping[Cell, int] | None = None) -> None:
    """Raise InvalidArrangementError naming the first fault; return None when all rules hold.

    Complexity: O(cells x directions) for compact and transcendental arrangements,
    O(cells x directions x board width) for StarMaps.
    """
    for fault in faults(arr, fixed):
        raise InvalidArrangementError(fault.message)


def is_valid(arr: Arrangement, fixed: Mapping[Cell, int] | None = None) -> bool:
    """True when ``verify`` finds no fault."""
    return next(faults(arr, fixed), None) is None
