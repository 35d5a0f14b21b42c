"""Arrangement problems: what to arrange (set, kind), where (region or board) and what is given.

Examples
--------
>>> p = ArrangementProblem.create("square", "compact", region="4x4")
>>> len(p.region.cells), p.kind, p.border
(16, 'compact', 'blank')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from puzzles.arrangements import KINDS, Arrangement
from puzzles.beamsets import PieceSet, piece_set
from puzzles.errors import InvalidInputError
from puzzles.grids import Cell
from puzzles.regions import Region, parse_region


@dataclass(frozen=True)
class ArrangementProblem:
    """One arrangement question.

    Parameters
    ----------
    set_name : str
        The piece set (``square``, ``hexagon``, ``triangle``, ``square2``...).
    kind : str
        ``compact``, ``transcendental`` or ``starmap``.
    region : Region, optional
        The region (compact), an optional bounding region (transcendental) or the board
        (starmap). Its ``border`` attribute is the border rule.
    fixed : tuple of (Cell, int)
        Pieces placed in advance ("complete this"), sorted by cell.
    single_group : bool
        Transcendental: all non-blank pieces form one beam-connected group.
    no_adjacent : bool
        StarMap: no two pieces on neighbouring cells.
    """

    set_name: str
    kind: str
    region: Region | None = None
    fixed: tuple[tuple[Cell, int], ...] = ()
    single_group: bool = False
    no_adjacent: bool = False

    @classmethod
    def create(
        cls,
        set_name: str,
        kind: str,
        region: str | Region | None = None,
        border: str = "blank",
        fixed: Mapping[Cell, int] | None = None,
        single_group: bool = False,
        no_adjacent: bool = False,
    ) -> ArrangementProblem:
        """Build and validate a problem from plain values (region names are parsed).

        Raises
        ------
        InvalidInputError
            Unknown set or kind, a region that does not fit the kind or the set, a fixed piece
            that is not in the set, stands outside the region or is given twice.
        """
        ps = piece_set(set_name)
        if kind not in KINDS:
            raise InvalidInputError(f"unknown kind {kind!r}; expected one of {', '.join(KINDS)}")
        reg: Region | None
        if isinstance(region, str):
            reg = parse_region(region, ps.grid.kind, border)
        elif region is not None:
            reg = region if region.border == border else region.with_border(border)
        else:
            reg = None
        items = tuple(sorted((fixed or {}).items(), key=lambda kv: (kv[0][1], kv[0][0])))
        problem = cls(ps.name, kind, reg, items, single_group, no_adjacent)
        problem.validate()
        return problem

    @property
    def piece_set(self) -> PieceSet:
        """The piece set."""
        return piece_set(self.set_name)

    @property
    def border(self) -> str:
        """The border rule of the region (``blank`` when there is no region)."""
        return self.region.border if self.region is not None else "blank"

    @property
    def fixed_map(self) -> dict[Cell, int]:
        """The fixed pieces as a dict ``cell -> piece``."""
        return dict(self.fixed)

    def with_fixed(self, extra: Mapping[Cell, int]) -> ArrangementProblem:
        """The same problem with more pieces fixed (a subproblem)."""
        merged = {**self.fixed_map, **extra}
        items = tuple(sorted(merged.items(), key=lambda kv: (kv[0][1], kv[0][0])))
        return ArrangementProblem(self.set_name, self.kind, self.region, items,
                                  self.single_group, self.no_adjacent)

    def arrangement(self, placements: Mapping[Cell, int]) -> Arrangement:
        """An arrangement of this problem with the given placements."""
        return Arrangement(self.set_name, self.kind, dict(placements), self.region,
                           self.single_group, self.no_adjacent)

    def validate(self) -> None:
        """Raise InvalidInputError when the problem is malformed (not when it is infeasible)."""
        ps = self.piece_set
        known = ps.by_number()
        if self.kind == "compact" and self.region is None:
            raise InvalidInputError("a compact arrangement needs a region (--region)")
        if self.kind == "starmap" and self.region is None:
            raise InvalidInputError("a StarMap needs a board (--region, e.g. 8x8)")
        if self.kind == "starmap" and ps.grid.oriented:
            raise InvalidInputError("StarMaps are defined on square and hexagon grids only")
        if self.kind == "starmap" and self.region is not None and self.region.wrap is not None:
            raise InvalidInputError("a StarMap board cannot wrap around")
        if self.single_group and self.kind != "transcendental":
            raise InvalidInputError("--single-group applies to transcendental arrangements")
        if self.no_adjacent and self.kind != "starmap":
            raise InvalidInputError("--no-adjacent applies to StarMaps")
        seen: dict[int, Cell] = {}
        for cell, number in self.fixed:
            if number not in known:
                raise InvalidInputError(
                    f"fixed piece {number} at {list(cell)}: set {ps.name!r} has no such piece")
            if number in seen:
                raise InvalidInputError(
                    f"fixed piece {number} is given twice, at {list(seen[number])} "
                    f"and {list(cell)}")
            seen[number] = cell
            if self.region is not None and cell not in self.region.cells:
                raise InvalidInputError(
                    f"fixed piece {number}: cell {list(cell)} lies outside the region "
                    f"{self.region.name!r}")
            orient = known[number].orientation
            if orient is not None and ps.grid.orientation(cell) != orient:
                raise InvalidInputError(
                    f"fixed piece {number} points {orient} but cell {list(cell)} points "
                    f"{ps.grid.orientation(cell)}")
        if self.kind == "compact" and self.region is not None:
            self._validate_compact_size()
        if self.region is not None and self.kind != "compact":
            n = len(ps.pieces)
            if len(self.region.cells) < n:
                raise InvalidInputError(
                    f"region {self.region.name!r} has {len(self.region.cells)} cells, fewer than "
                    f"the {n} pieces of the {ps.name} set")

    def _validate_compact_size(self) -> None:
        ps = self.piece_set
        region = self.region
        assert region is not None
        n = len(ps.pieces)
        if len(region.cells) != n:
            raise InvalidInputError(
                f"a compact {ps.name} arrangement needs a region of {n} cells; "
                f"{region.name!r} has {len(region.cells)}")
        if ps.grid.oriented:
            ups = sum(1 for c in region.cells if ps.grid.orientation(c) == "up")
            if ups != n // 2:
                raise InvalidInputError(
                    f"region {region.name!r} has {ups} up and {n - ups} down triangles; the "
                    f"{ps.name} set needs {n // 2} of each")

    def describe(self) -> str:
        """A one-line description for reports."""
        parts = [f"{self.kind} {self.set_name}"]
        if self.region is not None:
            parts.append(f"region {self.region.name} (border {self.region.border})")
        if self.fixed:
            parts.append(f"{len(self.fixed)} fixed")
        if self.single_group:
            parts.append("single group")
        if self.no_adjacent:
            parts.append("no two adjacent")
        return ", ".join(parts)
