"""A book to its pages: HTML (``.html``) or PDF (``.pdf``), written atomically."""

from __future__ import annotations

from pathlib import Path

from puzzles.errors import InvalidInputError
from reports.book import BookItem, book_pdf, pdf_backend_problem, render_book
from reports.output import write_atomic
from solver.book.build import Book

FORMATS = (".html", ".pdf")


def proof_line(proof: dict[str, object]) -> str:
    """The proof record in one sentence."""
    parts = [f"Proof: {proof.get('check', '?')}"]
    if "solutions" in proof:
        parts.append(f"{proof['solutions']} answer")
    if "nodes" in proof:
        parts.append(f"{proof['nodes']} nodes")
    text = ", ".join(parts)
    if "second_engine" in proof:
        text += f"; confirmed by {proof['second_engine']} ({proof.get('second_count')} answer)"
    if proof.get("irreducible"):
        text += "; every clue needed"
    elif proof.get("minimal_for_level"):
        text += "; every clue needed for the answer or for the level"
    if "note" in proof:
        text += f"; {proof['note']}"
    return text + "."


def book_html(book: Book) -> str:
    """The HTML pages of a book."""
    kind = book.kind
    items = [BookItem(n, p.level, p.id, p.seed, p.question, p.puzzle_svg, p.answer_svg,
                      p.answer_text, proof_line(p.proof), p.extra_svg, p.board_mm)
             for n, p in enumerate(book.puzzles, 1)]
    levels = ", ".join(f"{sum(1 for p in book.puzzles if p.level == lv)} {lv}"
                       for lv in kind.levels)
    subtitle = (f"{len(book.puzzles)} puzzle{'' if len(book.puzzles) == 1 else 's'} "
                f"({levels}); book seed {book.seed}, difficulty "
                f"{book.difficulty}. Regenerate puzzle k: solver book {kind.name} "
                "--puzzle-seed SEED --difficulty LEVEL (both from the index).")
    notes = [] if book.complete else [f"Incomplete book: {book.stopped}; "
                                      f"{len(book.puzzles)} of {book.wanted} puzzles."]
    return render_book(kind.title, kind.rules(), kind.grading(), items, subtitle, notes)


def write_book(book: Book, path: Path) -> None:
    """Write the book as HTML or PDF, chosen by the suffix of ``path``.

    Raises InvalidInputError for another suffix.
    """
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise InvalidInputError(f"--out {path}: the book is written as .html or .pdf")
    html = book_html(book)
    write_atomic(path, book_pdf(html) if suffix == ".pdf" else html)


def check_out_path(path: Path) -> None:
    """Raise InvalidInputError before any work when ``path`` cannot take a book."""
    if path.suffix.lower() not in FORMATS:
        raise InvalidInputError(f"--out {path}: the book is written as .html or .pdf")
    if not path.parent.exists() and str(path.parent) not in ("", "."):
        raise InvalidInputError(f"--out {path}: directory {path.parent} does not exist")
    if path.suffix.lower() == ".pdf":
        problem = pdf_backend_problem()
        if problem is not None:
            raise InvalidInputError(f"--out {path}: {problem}")
