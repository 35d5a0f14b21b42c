"""Demo section: a small book of each puzzle type (puzzles, answers and the index)."""

from __future__ import annotations

from reports.html import Figure, Section, Table
from solver.book.build import build_book
from solver.book.render import proof_line
from solver.book.types import puzzle_type

#: (type, puzzles) of the demo's small books, kept small so that the demo stays fast.
DEMO_BOOKS = (("square", 2), ("triangle", 1), ("backslide", 2), ("numbridge", 1),
              ("dominions-capture", 1), ("dominomega", 1))


def sections(seed: int) -> list[Section]:
    """One section per small book; ``solver book TYPE --out book.pdf`` prints a full one."""
    out = []
    for name, count in DEMO_BOOKS:
        kind = puzzle_type(name)
        book = build_book(kind, count, "any", seed=seed)
        figures = []
        rows: list[list[object]] = []
        for n, p in enumerate(book.puzzles, 1):
            figures.append(Figure(p.puzzle_svg, f"puzzle {n} ({p.level}): {p.question}"))
            figures.append(Figure(p.answer_svg, f"answer {n}: {p.answer_text[:80]}",
                                  reveal=f"Show answer {n}"))
            rows.append([n, p.level, p.id, p.seed, proof_line(p.proof)])
        out.append(Section(f"Puzzle book: {kind.title}", [
            kind.rules(), kind.grading(),
            f"`solver book {name} --count {count} --seed {seed} --out book.pdf` prints these "
            "as a book: puzzles, then answers on their own pages, then the index."],
            figures, [Table(["puzzle", "level", "id", "seed", "proof"], rows, "index")],
            anchor=f"book-{name}"))
    return out
