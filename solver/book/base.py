"""The one interface every puzzle type of a book implements, and the puzzle it hands out.

A *puzzle type* makes one puzzle from a seed: ``make(seed, level) -> BookPuzzle | None``. The
puzzle carries its question and answer pictures, its measured level, the proof that its answer
is the only one (which check ran, and its node counter) and a canonical key, equal for two
puzzles that are alike up to the symmetries of their board, so that a book can drop repeats.
``level`` is a hint (a type may aim at it); the level a puzzle carries is always measured.
"""

from __future__ import annotations

import hashlib
from abc import ABC, abstractmethod
from dataclasses import dataclass, field


@dataclass(frozen=True)
class BookPuzzle:
    """One puzzle of a book.

    Parameters
    ----------
    kind : str
        The puzzle type (``square``, ``backslide``, ...).
    seed : int
        The seed that regenerates it: ``make(seed, ...)`` of the same type gives it again.
    level : str
        The measured level, one of the type's ``levels``.
    score : float
        The measured difficulty within the type (larger is harder).
    key : str
        Canonical form up to the board's symmetries (equal keys = alike puzzles).
    question : str
        The instruction printed above the puzzle.
    puzzle_svg, answer_svg : str
        The pictures of the puzzle and of its answer.
    answer_text : str
        The answer in words or notation.
    proof : dict
        How uniqueness was proven: ``check`` (what ran), ``nodes`` (its counter), and more.
    extra_svg : str
        An optional second picture on the puzzle page (e.g. the pieces left to place).
    details : dict
        Type-specific facts for the JSON document (the record, the deduction's steps...).
    board_mm : float
        The printed width of the puzzle picture in millimetres (0: the page's default).
    """

    kind: str
    seed: int
    level: str
    score: float
    key: str
    question: str
    puzzle_svg: str
    answer_svg: str
    answer_text: str
    proof: dict[str, object] = field(default_factory=dict)
    extra_svg: str = ""
    details: dict[str, object] = field(default_factory=dict)
    board_mm: float = 0.0

    @property
    def id(self) -> str:
        """A short content id: the first 10 hex digits of the SHA-1 of the canonical key."""
        return hashlib.sha1(f"{self.kind}:{self.key}".encode()).hexdigest()[:10]

    def to_json(self) -> dict[str, object]:
        """``{"type", "id", "seed", "level", "score", "question", "answer", "proof", ...}``."""
        return {"type": self.kind, "id": self.id, "seed": self.seed, "level": self.level,
                "score": self.score, "question": self.question, "answer": self.answer_text,
                "proof": self.proof, "details": self.details}


class PuzzleType(ABC):
    """A kind of puzzle a book can hold (see the module docstring)."""

    #: The type's name on the command line.
    name: str = ""
    #: One line for ``--help`` and the book's title.
    title: str = ""
    #: Its levels, easiest first.
    levels: tuple[str, ...] = ("easy", "medium", "hard")
    #: Seeds tried per puzzle wanted before a book gives up (for rare levels).
    attempts_per_puzzle: int = 40

    @abstractmethod
    def make(self, seed: int, level: str | None = None) -> BookPuzzle | None:
        """The puzzle of ``seed`` (aiming at ``level`` when given), or None when this seed
        gives none."""

    def rules(self) -> str:
        """What the reader must do, printed once at the top of the book."""
        return ""

    def grading(self) -> str:
        """How the level is measured, printed in the book's index."""
        return ""
