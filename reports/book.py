"""Puzzle books as HTML and PDF: puzzle pages, answer pages apart, and an index.

Pictures come from the drawing functions of ``reports`` unchanged (haloed labels are already
two elements, which every SVG renderer draws in order: ``reports.svg.haloed_text``).

``render_book`` lays out the pages with the Jinja2 template ``book.html.j2`` (print CSS: A4,
each puzzle kept on one page, answers and index starting on new pages); ``book_pdf`` turns
that HTML into a PDF with WeasyPrint.

Examples
--------
>>> item = BookItem(1, "easy", "abc", 7, "Do it.", "<svg></svg>", "<svg></svg>", "x", "proof")
>>> html = render_book("A book", "Rules.", "Grading.", [item])
>>> html.count('class="puzzle"'), html.count('class="answer"')
(1, 1)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup

_ENV = Environment(
    loader=PackageLoader("reports", "templates"),
    autoescape=select_autoescape(["html", "j2"]),
    trim_blocks=True,
    lstrip_blocks=True,
)


@dataclass(frozen=True)
class BookItem:
    """One puzzle as printed: number, level, id, seed, texts and pictures (SVG)."""

    number: int
    level: str
    id: str
    seed: int
    question: str
    puzzle_svg: str
    answer_svg: str
    answer_text: str
    proof_text: str
    extra_svg: str = ""
    board_mm: float = 0.0


def print_svg(text: str) -> str:
    """An SVG picture made ready for the page: without its XML header.

    >>> print_svg('<?xml version="1.0"?>\\n<svg></svg>')
    '<svg></svg>'
    """
    if text.startswith("<?xml"):
        text = text[text.index("?>") + 2:]
    return text.strip()


def _svg(text: str) -> Markup:
    return Markup(print_svg(text))


#: The smallest printed text, in points (1 mm = 72 / 25.4 pt): 7 pt and a margin.
MIN_PT = 7.2
#: The width of the text block of an A4 page with the template's margins, in mm.
PAGE_MM = 180.0
#: The widest an answer may be and still stand two to a row, in mm.
HALF_MM = 87.0
_PT_PER_MM = 72.0 / 25.4
_VIEWBOX = re.compile(r'viewBox="[-\d.e]+ [-\d.e]+ ([\d.e]+) ([\d.e]+)"')
_FONT = re.compile(r'font-size="([\d.e]+)"')


def print_width_mm(svg: str, default: float) -> float:
    """The printed width of a picture: ``default`` mm, or wider so that its smallest text is
    at least ``MIN_PT`` points, at most the page's ``PAGE_MM``.

    >>> svg = '<svg viewBox="0 0 600 400"><text font-size="10">7</text></svg>'
    >>> print_width_mm(svg, 62.0)  # 7.2 pt on 10 units: the 600 units take 152.4 mm
    152.4
    """
    box = _VIEWBOX.search(svg)
    sizes = [float(x) for x in _FONT.findall(svg)]
    if box is None or not sizes:
        return default
    need = MIN_PT / _PT_PER_MM * float(box.group(1)) / min(sizes)
    return round(min(PAGE_MM, max(default, need)), 1)


def _width(mm: float) -> str:
    return f"width: {mm:g}mm"


def render_book(title: str, rules: str, grading: str, items: list[BookItem],
                subtitle: str = "", notes: list[str] | None = None) -> str:
    """The HTML document of a book (see the module docstring). Every picture is printed wide
    enough for its smallest text to be ``MIN_PT`` points (``print_width_mm``)."""
    template = _ENV.get_template("book.html.j2")
    prepared = []
    for it in items:
        board = it.board_mm or (62.0 if it.extra_svg else 84.0)
        answer = print_width_mm(it.answer_svg, max(44.0, it.board_mm and 100.0))
        prepared.append({
            "number": it.number, "level": it.level, "id": it.id, "seed": it.seed,
            "question": it.question, "answer_text": it.answer_text,
            "proof_text": it.proof_text,
            "puzzle_svg": _svg(it.puzzle_svg), "answer_svg": _svg(it.answer_svg),
            "extra_svg": _svg(it.extra_svg) if it.extra_svg else "",
            "board_style": _width(print_width_mm(it.puzzle_svg, board)),
            "pieces_style": _width(print_width_mm(it.extra_svg, 104.0)) if it.extra_svg else "",
            "answer_style": _width(answer),
            "wide": answer > HALF_MM - 6.0,
        })
    return template.render(title=title, subtitle=subtitle, rules=rules, grading=grading,
                           items=prepared, notes=notes or [])


#: What to install when WeasyPrint cannot load Pango (Debian package names).
PDF_INSTALL = "apt-get install libpango-1.0-0 libpangoft2-1.0-0"


def pdf_backend_problem() -> str | None:
    """Why PDF pages cannot be drawn here (WeasyPrint or its Pango missing), or None."""
    try:
        import weasyprint  # noqa: F401  (loads Pango through cffi on import)
    except (ImportError, OSError) as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        return (f"PDF output needs WeasyPrint and Pango, which could not be loaded "
                f"({first[:120]}); install them ({PDF_INSTALL}) or write .html")
    return None


def book_pdf(html: str) -> bytes:
    """The PDF of a book's HTML (WeasyPrint)."""
    from weasyprint import HTML

    pdf = HTML(string=html).write_pdf()
    assert pdf is not None
    return bytes(pdf)
