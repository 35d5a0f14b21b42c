"""HTML pages from Jinja2 templates (autoescaped) that lay out sections of pictures and tables.

A page is a title and a list of ``Section`` objects; each section holds paragraphs, inline SVG
pictures and tables. SVG is trusted markup made by ``reports.svg`` and is embedded as is.

Examples
--------
>>> page = render_page("Demo", [Section("One", paragraphs=["a < b"])])
>>> "a &lt; b" in page and page.startswith("<!DOCTYPE html>")
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup


@dataclass
class Figure:
    """An SVG picture with a caption.

    With ``reveal`` set (e.g. ``"Show the answer"``) the figure is hidden behind a click: a
    ``<details>`` element whose summary is ``reveal`` (answers of puzzles).
    """

    svg: str
    caption: str = ""
    reveal: str = ""


@dataclass
class Table:
    """A table: header cells and rows of cells (all shown as text)."""

    header: list[str]
    rows: list[list[object]]
    caption: str = ""


@dataclass
class Section:
    """One part of a page: a heading, text, pictures, tables and preformatted blocks."""

    title: str
    paragraphs: list[str] = field(default_factory=list)
    figures: list[Figure] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    pre: list[str] = field(default_factory=list)
    anchor: str = ""


_ENV = Environment(
    loader=PackageLoader("reports", "templates"),
    autoescape=select_autoescape(["html", "j2"]),
    trim_blocks=True,
    lstrip_blocks=True,
)


def inline_code(text: str) -> Markup:
    """Text with its `backticked` spans as ``<code>`` (the rest escaped).

    >>> str(inline_code("run `solver demo` & look"))
    'run <code>solver demo</code> &amp; look'
    """
    parts = str(text).split("`")
    if len(parts) % 2 == 0:  # an unpaired backtick: nothing is code
        return Markup.escape(text)
    return Markup("").join(Markup("<code>{}</code>").format(p) if i % 2 else Markup.escape(p)
                           for i, p in enumerate(parts))


_ENV.filters["inline_code"] = inline_code


def _strip_xml_header(svg: str) -> str:
    if svg.startswith("<?xml"):
        svg = svg[svg.index("?>") + 2 :]
    return svg.strip()


def render_page(title: str, sections: list[Section], subtitle: str = "") -> str:
    """The HTML document of ``sections`` under ``title``."""
    template = _ENV.get_template("page.html.j2")
    prepared = []
    for s in sections:
        prepared.append(
            {
                "title": s.title,
                "anchor": s.anchor or s.title.lower().replace(" ", "-"),
                "paragraphs": s.paragraphs,
                "figures": [
                    {"svg": Markup(_strip_xml_header(f.svg)), "caption": f.caption,
                     "reveal": f.reveal}
                    for f in s.figures
                ],
                "tables": s.tables,
                "pre": s.pre,
            }
        )
    return template.render(
        title=title,
        subtitle=subtitle,
        sections=prepared,
    )
