"""Beam piece sets: one piece for every subset of a cell's sides, in a fixed orientation.

A piece's number is the sum of its beams' direction values (``puzzles.grids``). Triangle sets
hold both orientations; project rule: an up piece is numbered by its beams, a down piece by its
beams plus 2^k (8 for the triangle set, 64 for the second-order triangle set).

Examples
--------
>>> s = piece_set("hexagon")
>>> len(s.pieces), s.piece(63).beam_count, s.piece(3).shape_class
(64, 6, 'compact two')
>>> [p.number for p in piece_set("square").pieces if p.shape_class == "straight two"]
[5, 10]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from puzzles.errors import InvalidInputError
from puzzles.grids import Grid, grid
from puzzles.iching import Hexagram, hexagram_of_piece

SET_GRIDS = {
    "hexagon": "hexagon",
    "square": "square",
    "triangle": "triangle",
    "square2": "square2",
    "triangle2": "triangle2",
    "hexagon2": "hexagon2",
}


@dataclass(frozen=True)
class Piece:
    """One piece: its number, beam bitmask and (triangles only) orientation."""

    number: int
    beams: int
    orientation: str | None = None
    side_count: int = 6

    @property
    def beam_count(self) -> int:
        """How many beams the piece carries."""
        return bin(self.beams).count("1")

    def has_beam(self, direction: int) -> bool:
        """True when the piece carries a beam in ``direction``."""
        return bool(self.beams & direction)

    def beam_list(self) -> list[int]:
        """The directions that carry a beam, in numbering order."""
        return [1 << k for k in range(self.side_count) if self.beams >> k & 1]

    @property
    def shape_class(self) -> str:
        """The shape class of the piece (``compact two``, ``forked three``...)."""
        return shape_class(self.beams, self.side_count, self.orientation is not None)

    @property
    def hexagram(self) -> Hexagram | None:
        """The I Ching hexagram of a hexagon-set piece (project rule), else None."""
        if self.side_count != 6 or self.orientation is not None:
            return None
        return hexagram_of_piece(self.beams)


_COUNT_WORDS = ["blank", "one", "two", "three", "four", "five", "six"]


def _runs(mask: int, k: int) -> list[int]:
    """Lengths of the cyclic runs of beams around a k-sided cell."""
    if mask == (1 << k) - 1:
        return [k]
    bits = [(mask >> i) & 1 for i in range(k)]
    start = bits.index(0)
    bits = bits[start:] + bits[:start]
    runs, cur = [], 0
    for b in bits:
        if b:
            cur += 1
        elif cur:
            runs.append(cur)
            cur = 0
    if cur:
        runs.append(cur)
    return runs


def shape_class(beams: int, side_count: int, oriented: bool = False) -> str:
    """Name the shape class of a beam pattern.

    Hexagon classes follow the seed: twos are compact, bent or straight; threes compact, forked
    or alternating; fours compact, forked or split (blanks opposite; the seed's name was lost).
    Square twos are straight or hooked. Other sets are named by beam count only.
    """
    n = bin(beams).count("1")
    word = _COUNT_WORDS[n] if n < len(_COUNT_WORDS) else f"{n}-beam"
    if side_count == 6 and not oriented:
        if n == 2:
            runs = _runs(beams, 6)
            if runs == [2]:
                return "compact two"
            gap = _gaps(beams, 6)
            return "straight two" if 3 in gap else "bent two"
        if n == 3:
            runs = _runs(beams, 6)
            if runs == [3]:
                return "compact three"
            if runs == [1, 1, 1]:
                return "alternating three"
            return "forked three"
        if n == 4:
            blanks = ~beams & 63
            if _runs(blanks, 6) == [2]:
                return "compact four"
            return "split four" if 3 in _gaps(blanks, 6) else "forked four"
    if side_count == 4 and not oriented and n == 2:
        return "straight two" if beams in (5, 10) else "hooked two"
    return word


def _gaps(mask: int, k: int) -> list[int]:
    """Cyclic distances between consecutive set bits."""
    idx = [i for i in range(k) if mask >> i & 1]
    return [(idx[(j + 1) % len(idx)] - idx[j]) % k for j in range(len(idx))]


@dataclass(frozen=True)
class PieceSet:
    """A named piece set on a grid: every beam pattern once (per orientation)."""

    name: str
    grid: Grid
    pieces: tuple[Piece, ...]

    def piece(self, number: int) -> Piece:
        """The piece numbered ``number``; raises InvalidInputError if the set has none."""
        for p in self.pieces:
            if p.number == number:
                return p
        raise InvalidInputError(f"set {self.name!r} has no piece numbered {number}")

    def numbers(self) -> list[int]:
        """All piece numbers in order."""
        return [p.number for p in self.pieces]

    def by_number(self) -> dict[int, Piece]:
        """Piece number -> piece."""
        return {p.number: p for p in self.pieces}

    def to_json(self) -> dict[str, object]:
        """``{"set": name, "grid": kind, "pieces": [{"number", "beams", "class", ...}]}``."""
        out = []
        for p in self.pieces:
            item: dict[str, object] = {
                "number": p.number,
                "beams": p.beam_count,
                "class": p.shape_class,
                "directions": p.beam_list(),
            }
            if p.orientation:
                item["orientation"] = p.orientation
            hx = p.hexagram
            if hx is not None:
                item["iching"] = {"king_wen": hx.king_wen, "name": hx.name, "pinyin": hx.pinyin}
            out.append(item)
        return {"set": self.name, "grid": self.grid.kind, "pieces": out}


SET_NAMES = tuple(SET_GRIDS)


def piece_count(name: str) -> int:
    """How many pieces set ``name`` holds (without making them: ``hexagon2`` has 4096)."""
    if name not in SET_GRIDS:
        return len(piece_set(name).pieces)  # the unknown-name error
    g = grid(SET_GRIDS[name])
    return (2 if g.oriented else 1) << g.side_count


@cache
def piece_set(name: str) -> PieceSet:
    """The piece set called ``name`` (``hexagon``, ``square``, ``triangle``, ``square2``,
    ``triangle2``, ``hexagon2``); raises InvalidInputError for an unknown name."""
    if name not in SET_GRIDS:
        raise InvalidInputError(f"unknown set {name!r}; expected one of {', '.join(SET_NAMES)}")
    g = grid(SET_GRIDS[name])
    k = g.side_count
    if g.oriented:
        pieces = tuple(Piece(m, m, "up", k) for m in range(1 << k)) + tuple(
            Piece((1 << k) + m, m, "down", k) for m in range(1 << k)
        )
    else:
        pieces = tuple(Piece(m, m, None, k) for m in range(1 << k))
    return PieceSet(name, g, pieces)
