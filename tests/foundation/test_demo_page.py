"""The demo reads and prints well: notation explained, code shown as code, every answer
printed, the pieces a puzzle needs drawn beside it."""

from __future__ import annotations

from reports.html import Figure, Section, render_page


def test_backticks_are_code_and_the_page_prints_its_answers() -> None:
    page = render_page("t", [Section("s", ["run `solver book square --out b.pdf` & look"],
                                     [Figure("<svg></svg>", "answer", reveal="Show")])])
    assert "<code>solver book square --out b.pdf</code> &amp; look" in page
    assert "`" not in page.split("<body>")[1]
    assert "@media print" in page and "beforeprint" in page and "d.open = true" in page


def test_the_demo_books_draw_the_pieces_beside_their_puzzles() -> None:
    from solver.demo.books import demo_book, sections

    sections_ = {s.anchor: s for s in sections(1)}
    book = demo_book("square", 2, "any", 1)
    captions = [f.caption for f in sections_["book-square"].figures]
    assert sum("the pieces to use" in c for c in captions) == len(book.puzzles)


def test_the_dominions_demo_explains_its_notation() -> None:
    from solver.demo.dominions import sections

    text = " ".join(p for s in sections(1) for p in s.paragraphs)
    assert "row letter then line number" in text and "minus pieces still in hand" in text
