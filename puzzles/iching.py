"""I Ching hexagrams of the 64 hexagon pieces (project rule; the source's mapping is lost).

Default rule: hexagon side 2^k is line k+1 of the hexagram counted from the bottom, and a beam is
a solid (yang) line. ``IChingRule`` makes both choices configurable.

Examples
--------
>>> hexagram_of_piece(63).king_wen, hexagram_of_piece(0).name
(1, 'The Receptive')
"""

from __future__ import annotations

from dataclasses import dataclass

# Trigrams as (bottom, middle, top) lines, 1 = yang.
_TRIGRAMS = {
    "heaven": (1, 1, 1),
    "thunder": (1, 0, 0),
    "water": (0, 1, 0),
    "mountain": (0, 0, 1),
    "earth": (0, 0, 0),
    "wind": (0, 1, 1),
    "flame": (1, 0, 1),
    "lake": (1, 1, 0),
}
_ORDER = ("heaven", "thunder", "water", "mountain", "earth", "wind", "flame", "lake")
# King Wen numbers: rows are the upper trigram, columns the lower, both in _ORDER.
_KING_WEN = (
    (1, 25, 6, 33, 12, 44, 13, 10),
    (34, 51, 40, 62, 16, 32, 55, 54),
    (5, 3, 29, 39, 8, 48, 63, 60),
    (26, 27, 4, 52, 23, 18, 22, 41),
    (11, 24, 7, 15, 2, 46, 36, 19),
    (9, 42, 59, 53, 20, 57, 37, 61),
    (14, 21, 64, 56, 35, 50, 30, 38),
    (43, 17, 47, 31, 45, 28, 49, 58),
)
_NAMES = (
    ("Qian", "The Creative"), ("Kun", "The Receptive"), ("Zhun", "Difficulty at the Beginning"),
    ("Meng", "Youthful Folly"), ("Xu", "Waiting"), ("Song", "Conflict"), ("Shi", "The Army"),
    ("Bi", "Holding Together"), ("Xiao Chu", "Small Taming"), ("Lu", "Treading"),
    ("Tai", "Peace"), ("Pi", "Standstill"), ("Tong Ren", "Fellowship"),
    ("Da You", "Great Possession"), ("Qian", "Modesty"), ("Yu", "Enthusiasm"),
    ("Sui", "Following"), ("Gu", "Work on the Decayed"), ("Lin", "Approach"),
    ("Guan", "Contemplation"), ("Shi He", "Biting Through"), ("Bi", "Grace"),
    ("Bo", "Splitting Apart"), ("Fu", "Return"), ("Wu Wang", "Innocence"),
    ("Da Chu", "Great Taming"), ("Yi", "Nourishment"), ("Da Guo", "Great Exceeding"),
    ("Kan", "The Abysmal"), ("Li", "The Clinging"), ("Xian", "Influence"), ("Heng", "Duration"),
    ("Dun", "Retreat"), ("Da Zhuang", "Great Power"), ("Jin", "Progress"),
    ("Ming Yi", "Darkening of the Light"), ("Jia Ren", "The Family"), ("Kui", "Opposition"),
    ("Jian", "Obstruction"), ("Xie", "Deliverance"), ("Sun", "Decrease"), ("Yi", "Increase"),
    ("Guai", "Breakthrough"), ("Gou", "Coming to Meet"), ("Cui", "Gathering Together"),
    ("Sheng", "Pushing Upward"), ("Kun", "Oppression"), ("Jing", "The Well"),
    ("Ge", "Revolution"), ("Ding", "The Cauldron"), ("Zhen", "The Arousing"),
    ("Gen", "Keeping Still"), ("Jian", "Development"), ("Gui Mei", "The Marrying Maiden"),
    ("Feng", "Abundance"), ("Lu", "The Wanderer"), ("Xun", "The Gentle"), ("Dui", "The Joyous"),
    ("Huan", "Dispersion"), ("Jie", "Limitation"), ("Zhong Fu", "Inner Truth"),
    ("Xiao Guo", "Small Exceeding"), ("Ji Ji", "After Completion"),
    ("Wei Ji", "Before Completion"),
)


@dataclass(frozen=True)
class Hexagram:
    """A hexagram: King Wen number, English name, pinyin and lines from the bottom (1 = yang)."""

    king_wen: int
    name: str
    pinyin: str
    lines: tuple[int, ...]


@dataclass(frozen=True)
class IChingRule:
    """How a hexagon piece becomes a hexagram.

    ``line_of_side[k]`` is the line (1 = bottom) shown by side 2^k; ``beam_is_yang`` says whether
    a beam is a solid line.
    """

    line_of_side: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
    beam_is_yang: bool = True

    def __post_init__(self) -> None:
        if sorted(self.line_of_side) != [1, 2, 3, 4, 5, 6]:
            raise ValueError("line_of_side must be a permutation of 1..6")


DEFAULT_RULE = IChingRule()


def hexagram_of_lines(lines: tuple[int, ...]) -> Hexagram:
    """The hexagram with the given six lines, bottom first (1 = yang, 0 = yin)."""
    lower = next(n for n, t in _TRIGRAMS.items() if t == tuple(lines[:3]))
    upper = next(n for n, t in _TRIGRAMS.items() if t == tuple(lines[3:]))
    number = _KING_WEN[_ORDER.index(upper)][_ORDER.index(lower)]
    pinyin, name = _NAMES[number - 1]
    return Hexagram(number, name, pinyin, tuple(lines))


def hexagram_of_piece(beams: int, rule: IChingRule = DEFAULT_RULE) -> Hexagram:
    """The hexagram of a hexagon piece's beam bitmask under ``rule``."""
    lines = [0] * 6
    for k in range(6):
        beam = beams >> k & 1
        lines[rule.line_of_side[k] - 1] = beam if rule.beam_is_yang else 1 - beam
    return hexagram_of_lines(tuple(lines))
