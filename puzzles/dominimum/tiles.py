"""The double-seven binary-coding domino set: 36 tiles, values 0-7 drawn as binary symbols.

A half shows its value in binary with concentric symbols: central pip = 1, small circle = 2,
large circle = 4 (0 is blank, 7 shows all three). A tile is an unordered pair ``(a, b)`` with
``a <= b``.

Examples
--------
>>> len(TILES), sum(1 for t in TILES if is_double(t))
(36, 8)
>>> symbols_of(7), symbols_of(0)
((1, 2, 4), ())
>>> sum(1 for t in TILES for v in t if v & 4)   # halves showing the large circle
36
>>> tile(5, 2)
(2, 5)
"""

from __future__ import annotations

from puzzles.errors import InvalidInputError

Tile = tuple[int, int]

#: The values a half can show.
VALUES: tuple[int, ...] = tuple(range(8))
#: The binary symbols, by value.
SYMBOLS: tuple[int, ...] = (1, 2, 4)
SYMBOL_NAMES: dict[int, str] = {1: "pip", 2: "small circle", 4: "large circle"}
#: Every tile, in order (0,0), (0,1), ..., (7,7).
TILES: tuple[Tile, ...] = tuple((a, b) for a in range(8) for b in range(a, 8))
DOUBLES: tuple[Tile, ...] = tuple((a, a) for a in range(8))


def tile(a: int, b: int) -> Tile:
    """The tile showing ``a`` and ``b`` (normalised to ``(min, max)``).

    Raises
    ------
    InvalidInputError
        When a value is not an integer 0-7.
    """
    for v in (a, b):
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 7:
            raise InvalidInputError(f"unknown tile [{a}, {b}]: values must be integers 0-7")
    return (a, b) if a <= b else (b, a)


def is_double(t: Tile) -> bool:
    """True for the eight tiles whose two halves show the same value."""
    return t[0] == t[1]


def symbols_of(value: int) -> tuple[int, ...]:
    """The binary symbols a half of ``value`` shows (1 pip, 2 small circle, 4 large circle)."""
    return tuple(s for s in SYMBOLS if value & s)


def tile_name(t: tuple[int, int]) -> str:
    """``"3-5"``: the text form of a tile (or of an ordered pair of values)."""
    return f"{t[0]}-{t[1]}"


def parse_tile(text: str) -> Tile:
    """A tile from ``"3-5"``, ``"3,5"``, ``"35"`` or ``"3 5"``.

    Raises
    ------
    InvalidInputError
        When the text does not name a tile (with the column of the first character that is not
        a value 0-7, ``-``, ``,`` or a space).
    """
    cleaned = text.strip().replace(",", " ").replace("-", " ").split()
    if len(cleaned) == 1 and len(cleaned[0]) == 2:
        cleaned = list(cleaned[0])
    if len(cleaned) != 2 or not all(c in "01234567" for c in cleaned):
        bad = next((i for i, ch in enumerate(text) if ch not in "01234567,- "), None)
        place = f"column {bad + 1}: " if bad is not None else ""
        raise InvalidInputError(f"{place}cannot read tile {text!r}: write it like 3-5")
    return tile(int(cleaned[0]), int(cleaned[1]))
