"""The registry of book puzzle types: ``puzzle_type(name)`` and ``TYPE_NAMES``."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from puzzles.errors import InvalidInputError
from solver.book.base import PuzzleType


def _square() -> PuzzleType:
    from solver.book.arrange import CompactCompletion  # local: start-up

    return CompactCompletion("square", "square", "4x4", "Square set, compact 4x4 completions")


def _triangle() -> PuzzleType:
    from solver.book.arrange import CompactCompletion  # local: start-up

    return CompactCompletion("triangle", "triangle", "4x4",
                             "Triangle set, compact 4x4 completions")


def _backslide() -> PuzzleType:
    from solver.book.backslide import BackSlideType  # local: start-up

    return BackSlideType()


def _numbridge() -> PuzzleType:
    from solver.book.numbridge import NumbridgeType  # local: start-up

    return NumbridgeType()


def _dominions(goal: str | None) -> Callable[[], PuzzleType]:
    def factory() -> PuzzleType:
        from solver.book.dominions import DominionsType  # local: start-up

        return DominionsType(goal)

    return factory


def _endgame(game: str) -> Callable[[], PuzzleType]:
    def factory() -> PuzzleType:
        from solver.book.dominimum import EndgameType  # local: start-up

        return EndgameType(game)

    return factory


def _hexagon() -> PuzzleType:
    from solver.book.arrange import CompactCompletion  # local: start-up

    return CompactCompletion("hexagon", "hexagon", "rhombus:8x8",
                             "Hexagon set, compact rhombus:8x8 completions", tries=2,
                             board_mm=115, level_minimal=True)


def _starmap() -> PuzzleType:
    from solver.book.arrange import OpenCompletion  # local: start-up

    return OpenCompletion("starmap", "square", "starmap", "8x8",
                          "Square set, StarMap 8x8 completions", tries=4)


def _transcendental() -> PuzzleType:
    from solver.book.arrange import OpenCompletion  # local: start-up

    return OpenCompletion("transcendental", "square", "transcendental", "6x6",
                          "Square set, transcendental completions in 6x6", tries=8)


#: name -> factory, in the order of ``solver book --help``.
FACTORIES: dict[str, Callable[[], PuzzleType]] = {
    "square": _square,
    "triangle": _triangle,
    "hexagon": _hexagon,
    "transcendental": _transcendental,
    "starmap": _starmap,
    "backslide": _backslide,
    "numbridge": _numbridge,
    "dominions": _dominions(None),
    "dominions-capture": _dominions("capture"),
    "dominions-save": _dominions("save"),
    "dominions-eye": _dominions("eye"),
    "dominions-live": _dominions("live"),
    "dominimum": _endgame("dominimum"),
    "dominomega": _endgame("dominomega"),
}

TYPE_NAMES = tuple(FACTORIES)


@cache
def puzzle_type(name: str) -> PuzzleType:
    """The puzzle type called ``name`` (one instance per process: its tables are cached).

    Raises InvalidInputError for an unknown name.
    """
    if name not in FACTORIES:
        raise InvalidInputError(f"unknown puzzle type {name!r}; expected one of "
                                f"{', '.join(TYPE_NAMES)}")
    return FACTORIES[name]()
