"""The registry of book puzzle types: ``puzzle_type(name)`` and ``TYPE_NAMES``."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from puzzles.errors import InvalidInputError
from solver.book.base import PuzzleType


def _square() -> PuzzleType:
    from solver.book.arrange import CompactCompletion

    return CompactCompletion("square", "square", "4x4", "Square set, compact 4x4 completions")


def _triangle() -> PuzzleType:
    from solver.book.arrange import CompactCompletion

    return CompactCompletion("triangle", "triangle", "4x4",
                             "Triangle set, compact 4x4 completions")


def _backslide() -> PuzzleType:
    from solver.book.backslide import BackSlideType

    return BackSlideType()


def _numbridge() -> PuzzleType:
    from solver.book.numbridge import NumbridgeType

    return NumbridgeType()


#: name -> factory, in the order of ``solver book --help``.
FACTORIES: dict[str, Callable[[], PuzzleType]] = {
    "square": _square,
    "triangle": _triangle,
    "backslide": _backslide,
    "numbridge": _numbridge,
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
