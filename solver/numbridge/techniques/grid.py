"""The pencil-mark grid the techniques work on, and the step they report.

Cells 0..80 row by row; candidates are 9-bit masks (bit ``d`` for digit ``d + 1``); units are
the nine rows, nine columns and nine blocks of :func:`puzzles.numbridge.field.units`, so every
technique works on irregular blocks as on regular ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from puzzles.numbridge.field import CELLS, Field, cell_name, unit_name, units

ALL = 511


def bits(mask: int) -> list[int]:
    """The digits (0-8) of a candidate mask."""
    return [d for d in range(9) if mask >> d & 1]


def popcount(mask: int) -> int:
    """Number of candidates in a mask."""
    return bin(mask).count("1")


@dataclass
class Step:
    """One logical step: its technique, what it places and eliminates, and what it used.

    ``placements`` and ``eliminations`` are (cell, digit 1-9) pairs; ``cells`` and
    ``candidates`` are the pattern's cells and (cell, digit) candidates, ``units`` the unit
    indexes (0-26) it reasons about; ``size`` a length used by the scale (chain nodes);
    ``chain`` the (cell, digit) nodes of a chain in order, joined alternately by strong (``=``)
    and weak (``-``) links, starting with a strong one; ``groups``, for grouped chains, the
    cells of each chain node (a node is then true when its digit is in one of them).
    """

    technique: str
    placements: list[tuple[int, int]] = field(default_factory=list)
    eliminations: list[tuple[int, int]] = field(default_factory=list)
    cells: list[int] = field(default_factory=list)
    candidates: list[tuple[int, int]] = field(default_factory=list)
    units: list[int] = field(default_factory=list)
    size: int = 0
    chain: list[tuple[int, int]] = field(default_factory=list)
    groups: list[list[int]] = field(default_factory=list)

    def text(self, blocks: str) -> str:
        """One line: ``hidden single: e5 = 3 (in block 5)``."""
        out = self.technique + ":"
        if self.placements:
            out += " " + ", ".join(f"{cell_name(c)} = {d}" for c, d in self.placements)
        if self.eliminations:
            by_digit: dict[int, list[int]] = {}
            for c, d in self.eliminations:
                by_digit.setdefault(d, []).append(c)
            out += " " + "; ".join(f"{'/'.join(cell_name(c) for c in sorted(cs))} <> {d}"
                                   for d, cs in sorted(by_digit.items()))
        if self.chain:
            out += " (chain " + "".join(
                ("" if i == 0 else " = " if i % 2 else " - ") + f"{d}{self._node(i, c)}"
                for i, (c, d) in enumerate(self.chain)) + ")"
        elif self.units:
            out += " (in " + ", ".join(unit_name(u, blocks) for u in self.units) + ")"
        elif self.cells:
            out += " (cells " + " ".join(cell_name(c) for c in self.cells) + ")"
        return out

    def _node(self, i: int, c: int) -> str:
        if self.groups and len(self.groups[i]) > 1:
            return "{" + ",".join(cell_name(x) for x in self.groups[i]) + "}"
        return cell_name(c)

    def to_json(self) -> dict[str, object]:
        """``{"technique", "placements": [["e5", 3]], "eliminations", "cells", "candidates",
        "units": [ids 0-26], "chain": [["g1", 3], ...]}`` (grouped chains add ``"groups"``: the
        cells of each chain node)."""
        return {"technique": self.technique,
                "placements": [[cell_name(c), d] for c, d in self.placements],
                "eliminations": [[cell_name(c), d] for c, d in self.eliminations],
                "cells": [cell_name(c) for c in self.cells],
                "candidates": [[cell_name(c), d] for c, d in self.candidates],
                "units": list(self.units),
                "chain": [[cell_name(c), d] for c, d in self.chain],
                **({"groups": [[cell_name(c) for c in cs] for cs in self.groups]}
                   if self.groups else {})}


class Grid:
    """Values and candidate masks of a field being solved by logic."""

    def __init__(self, f: Field) -> None:
        self.blocks = f.blocks
        self.regular = f.regular
        self.units = units(f.blocks)
        self.unit_sets = [frozenset(u) for u in self.units]
        self.cell_units = [[u for u in range(27) if c in self.unit_sets[u]] for c in range(CELLS)]
        self.peers = [frozenset(x for u in self.cell_units[c] for x in self.units[u]) - {c}
                      for c in range(CELLS)]
        self.value = [0] * CELLS
        self.cand = [ALL] * CELLS
        for c in range(CELLS):
            if f.givens[c] != "0":
                self.place(c, int(f.givens[c]))

    def copy(self) -> Grid:
        """A copy sharing the static tables."""
        g = Grid.__new__(Grid)
        g.__dict__.update(self.__dict__)
        g.value = list(self.value)
        g.cand = list(self.cand)
        return g

    def place(self, c: int, digit: int) -> None:
        """Set cell ``c`` to ``digit`` (1-9) and remove it from the peers."""
        bit = 1 << (digit - 1)
        self.value[c] = digit
        self.cand[c] = bit
        for p in self.peers[c]:
            self.cand[p] &= ~bit

    def eliminate(self, c: int, digit: int) -> None:
        """Remove candidate ``digit`` (1-9) from cell ``c``."""
        self.cand[c] &= ~(1 << (digit - 1))

    def apply(self, step: Step) -> None:
        """Carry out a step's placements and eliminations."""
        for c, d in step.placements:
            self.place(c, d)
        for c, d in step.eliminations:
            self.eliminate(c, d)

    def empty(self) -> list[int]:
        """Cells without a value."""
        return [c for c in range(CELLS) if not self.value[c]]

    def solved(self) -> bool:
        """True when every cell has a value."""
        return all(self.value)

    def broken(self) -> bool:
        """True when a cell has no candidate or a unit lost a digit."""
        if any(m == 0 for m in self.cand):
            return True
        for u in self.units:
            m = 0
            for c in u:
                m |= self.cand[c]
            if m != ALL:
                return True
        return False

    def where(self, u: int, d: int) -> list[int]:
        """The empty cells of unit ``u`` holding candidate ``d`` (0-8)."""
        bit = 1 << d
        return [c for c in self.units[u] if not self.value[c] and self.cand[c] & bit]

    def has(self, c: int, d: int) -> bool:
        """True when empty cell ``c`` holds candidate ``d`` (0-8)."""
        return not self.value[c] and bool(self.cand[c] >> d & 1)

    def sees(self, a: int, b: int) -> bool:
        """True when cells ``a`` and ``b`` share a unit."""
        return b in self.peers[a]

    def elims(self, cells: object, d: int, exclude: object = ()) -> list[tuple[int, int]]:
        """(cell, digit 1-9) eliminations of candidate ``d`` (0-8) from ``cells``."""
        skip = set(exclude)  # type: ignore[call-overload]
        return [(c, d + 1) for c in cells  # type: ignore[attr-defined]
                if c not in skip and self.has(c, d)]
