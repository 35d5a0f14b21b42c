"""Demo section: a small book of each puzzle type (puzzles, answers and the index)."""

from __future__ import annotations

from functools import cache

from reports.html import Figure, Section, Table
from solver.book.build import Book, build_book
from solver.book.render import proof_line
from solver.book.types import puzzle_type

#: (type, puzzles, difficulty) of the demo's small books: one of each type, kept small so that
#: the demo stays fast (the hexagon book asks for an easy puzzle, the quickest to make).
DEMO_BOOKS = (("square", 2, "any"), ("triangle", 1, "any"), ("hexagon", 1, "easy"),
              ("transcendental", 1, "any"), ("starmap", 1, "any"), ("backslide", 2, "any"),
              ("numbridge", 1, "any"), ("dominions-capture", 1, "any"),
              ("dominions-save", 1, "any"), ("dominions-eye", 1, "any"),
              ("dominions-live", 1, "any"), ("dominimum", 1, "any"), ("dominomega", 1, "any"))


#: A small book may try this many times a type's usual seeds per puzzle: rare kinds (an eye
#: puzzle, a unique endgame) stay in the demo for every seed.
PATIENCE = 8


@cache
def demo_book(name: str, count: int, difficulty: str, seed: int) -> Book:
    """The small book of one type (made once per process: the same seed gives the same book)."""
    kind = puzzle_type(name)
    return build_book(kind, count, difficulty, seed=seed,
                      max_attempts=count * kind.attempts_per_puzzle * PATIENCE)


def sections(seed: int) -> list[Section]:
    """One section per small book; ``solver book TYPE --out book.pdf`` prints a full one."""
    out = []
    for name, count, difficulty in DEMO_BOOKS:
        kind = puzzle_type(name)
        book = demo_book(name, count, difficulty, seed)
        figures = []
        rows: list[list[object]] = []
        for n, p in enumerate(book.puzzles, 1):
            figures.append(Figure(p.puzzle_svg, f"puzzle {n} ({p.level}): {p.question}"))
            if p.extra_svg:  # the pieces left to place, or both hands
                figures.append(Figure(p.extra_svg, f"puzzle {n}: the pieces to use"))
            figures.append(Figure(p.answer_svg, f"answer {n}: {p.answer_text[:80]}",
                                  reveal=f"Show answer {n}"))
            rows.append([n, p.level, p.id, p.seed, proof_line(p.proof)])
        if not book.puzzles:
            rows.append(["-", "-", "-", "-", f"no puzzle in {book.tried} seeds ({book.stopped})"])
        out.append(Section(f"Puzzle book: {kind.title}", [
            kind.rules(), kind.grading(),
            f"`solver book {name} --count {count} --difficulty {difficulty} --seed {seed} "
            "--out book.pdf` prints these "
            "as a book: puzzles, then answers on their own pages, then the index."],
            figures, [Table(["puzzle", "level", "id", "seed", "proof"], rows, "index")],
            anchor=f"book-{name}"))
    return out
