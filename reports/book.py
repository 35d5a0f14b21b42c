"""Puzzle books as HTML and PDF: puzzle pages, answer pages apart, and an index.

Pictures come from the drawing functions of ``reports`` unchanged, except that haloed labels
are split in two for WeasyPrint (``print_svg``).

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


_HALO_TEXT = re.compile(r'<text([^>]*?)\spaint-order="stroke"([^>]*)>(.*?)</text>', re.S)


def _split_halo(match: re.Match[str]) -> str:
    """A haloed label (``paint-order="stroke"``, which WeasyPrint's SVG renderer ignores) as
    two labels: the halo drawn first, then the glyphs without stroke on top."""
    attrs = match.group(1) + match.group(2)
    stroke = re.search(r'stroke="([^"]*)"', attrs)
    halo = re.sub(r'fill="[^"]*"', f'fill="{stroke.group(1)}"', attrs) if stroke else attrs
    plain = re.sub(r'stroke-width="[^"]*"', 'stroke-width="0"', attrs)
    return f"<text{halo}>{match.group(3)}</text><text{plain}>{match.group(3)}</text>"


def print_svg(text: str) -> str:
    """An SVG picture made ready for print: no XML header, haloed labels split in two.

    >>> print_svg('<text x="1" stroke="#fff" stroke-width="2" paint-order="stroke" '
    ...           'fill="#222">7</text>').count("<text")
    2
    """
    if text.startswith("<?xml"):
        text = text[text.index("?>") + 2:]
    return _HALO_TEXT.sub(_split_halo, text.strip())


def _svg(text: str) -> Markup:
    return Markup(print_svg(text))


def render_book(title: str, rules: str, grading: str, items: list[BookItem],
                subtitle: str = "", notes: list[str] | None = None) -> str:
    """The HTML document of a book (see the module docstring)."""
    template = _ENV.get_template("book.html.j2")
    prepared = [{
        "number": it.number, "level": it.level, "id": it.id, "seed": it.seed,
        "question": it.question, "answer_text": it.answer_text, "proof_text": it.proof_text,
        "puzzle_svg": _svg(it.puzzle_svg), "answer_svg": _svg(it.answer_svg),
        "extra_svg": _svg(it.extra_svg) if it.extra_svg else "",
        "board_style": f"width: {it.board_mm:g}mm" if it.board_mm else "",
    } for it in items]
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
