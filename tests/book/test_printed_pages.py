"""The printed books, read back from the PDF: every text at least 7 pt, no page holding only
the "Answers" heading, a table of contents and page numbers for the answers.

Needs WeasyPrint with Pango and ``pdftotext`` (Debian ``poppler-utils``); skips without them.
Two types run by default, every type with ``python3 -m pytest -m slow
tests/book/test_printed_pages.py``.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from system import needs_pdf

from solver.book.build import build_book
from solver.book.render import book_html
from solver.book.types import TYPE_NAMES, puzzle_type

#: DejaVu Sans: a word's box is 1.164 times the font size high (ascent 0.928, descent 0.236)
BOX_PER_PT = 1.164
DEFAULT = ("square", "dominions-capture")

pytestmark = [needs_pdf, pytest.mark.skipif(shutil.which("pdftotext") is None,
                                            reason="needs pdftotext (apt-get install "
                                                   "poppler-utils)")]


def pages(kind: str, tmp: Path) -> list[list[tuple[float, str]]]:
    """Every page of a two-puzzle book as (font size in pt, word) pairs."""
    from reports.book import book_pdf

    path = tmp / f"{kind}.pdf"
    path.write_bytes(book_pdf(book_html(build_book(puzzle_type(kind), 2, "any", seed=1))))
    out = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True,
                         text=True, check=True, timeout=120).stdout
    return [[((float(y1) - float(y0)) / BOX_PER_PT, w) for y0, y1, w in
             re.findall(r'yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<', page)]
            for page in out.split("<page ")[1:]]


@pytest.mark.parametrize("kind", [k if k in DEFAULT else pytest.param(k, marks=pytest.mark.slow)
                                  for k in TYPE_NAMES])
def test_every_printed_text_is_at_least_7_pt(kind: str, tmp_path: Path) -> None:
    book = pages(kind, tmp_path)
    small = [(round(size, 2), word, n) for n, page in enumerate(book, 1)
             for size, word in page if size < 6.95]
    assert not small, small[:10]
    for n, page in enumerate(book, 1):
        words = [w for _, w in page]
        assert words[:1] != ["Answers"] or len(words) > 2, f"page {n} holds only the heading"
    first = " ".join(w for _, w in book[0])
    assert re.search(r"Puzzles · page \d+ Answers · page \d+ Index · page \d+", first), first
    everything = " ".join(w for page in book for _, w in page)
    assert re.search(r"answer 1 \(page \d+\)", everything)  # each puzzle names its answer's page
