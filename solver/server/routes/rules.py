"""The rules panel: each game's rules from ``docs/rules/<game>.md`` (else the one
``docs/rules/<game>-*.md``), rendered to HTML; the pictures of the rules at
``/rules/pictures/<name>.svg`` and every rules page at ``/rules/<page>``.

The files ship inside the package (``solver/server/rules``, a link to ``docs/rules``), so an
installed server reads them too. Markdown is rendered by markdown-it-py with raw HTML
switched off (the text is escaped); a game without a file answers ``written: false``. Only
names matching a strict pattern are looked up (no client-chosen path).
"""

from __future__ import annotations

import functools
import re
from html import escape as html_escape
from importlib import resources
from typing import Any

from fastapi import APIRouter
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel

from solver.server.catalog import ROOMS
from solver.server.live import RequestError

router = APIRouter(tags=["rules"])

_NAME = re.compile(r"^[a-z][a-z0-9_-]{0,30}$")
#: Links of the rendered pages: pictures and the other rules pages, made absolute.
_PICTURE = re.compile(r'src="pictures/([a-z0-9-]{1,40}\.svg)"')
_PAGE = re.compile(r'href="([a-z0-9-]{1,40})\.md"')
#: A link to another rules page: its text a file name ("beam-sets.md") reads as that page's title.
_PAGE_LINK = re.compile(r'<a href="([a-z0-9-]{1,40})\.md">([^<]*)</a>')
#: A link to the rest of docs/ (not served): its text and where to read it, no link.
_DOCS_LINK = re.compile(r'<a href="\.\./([a-z0-9_/-]{1,60}\.md)">([^<]*)</a>')


class Rules(BaseModel):
    """One game's rules: ``html`` rendered from its Markdown file (empty when not written)."""

    game: str
    written: bool
    html: str
    source: str


def games_with_panels() -> list[str]:
    """The registry names of the games whose pages show a rules panel."""
    return [*ROOMS, "backslide"]


def render_markdown(text: str) -> str:
    """HTML of Markdown ``text``: CommonMark with tables; raw HTML is escaped, not passed."""
    from markdown_it import MarkdownIt  # loaded when a rules panel is first asked for

    md = MarkdownIt("commonmark", {"html": False, "linkify": False}).enable("table")
    return str(md.render(text))


def rules_file(game: str) -> str | None:
    """The file name of ``game``'s rules page: ``<game>.md``, else the one ``<game>-*.md``."""
    folder = resources.files("solver.server") / "rules"
    if (folder / f"{game}.md").is_file():
        return f"{game}.md"
    try:
        found = sorted(p.name for p in folder.iterdir()
                       if p.name.startswith(f"{game}-") and p.name.endswith(".md"))
    except (FileNotFoundError, NotADirectoryError):
        return None
    return found[0] if len(found) == 1 else None


@functools.lru_cache(maxsize=32)
def page_title(page: str) -> str | None:
    """The first heading of the rules page ``page`` (``beam-sets``: "Beam sets"), or None."""
    if not _NAME.match(page):
        return None
    path = resources.files("solver.server") / "rules" / f"{page}.md"
    if not path.is_file():
        return None
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return None


def _page_link(m: re.Match[str]) -> str:
    page, text = m.group(1), m.group(2)
    if text == f"{page}.md":
        text = html_escape(page_title(page) or page)
    return f'<a href="/rules/{page}">{text}</a>'


def links(html: str) -> str:
    """The links of a rendered rules page made to work on the server: pictures and rules
    pages absolute (a link reading as a file name gets the page's title), links to the rest
    of ``docs/`` (not served) turned into text naming the file."""
    html = _PICTURE.sub(r'src="/rules/pictures/\1"', html)
    html = _PAGE.sub(r'href="/rules/\1"', _PAGE_LINK.sub(_page_link, html))
    return _DOCS_LINK.sub(r'\2 (docs/\1 in the repository)', html)


@functools.lru_cache(maxsize=32)
def rules_html(game: str) -> tuple[bool, str]:
    """``(written, html)`` for ``game`` (read once per server process)."""
    name = rules_file(game)
    if name is None:
        return False, ""
    text = (resources.files("solver.server") / "rules" / name).read_text(encoding="utf-8")
    return True, links(render_markdown(text))


@router.get("/rules/pictures/{name}", include_in_schema=False)
async def rules_picture(name: str) -> Response:
    """A picture of the rules pages (SVG drawn by ``reports.rules``)."""
    if not re.fullmatch(r"[a-z0-9-]{1,40}\.svg", name):
        raise RequestError(f"no picture {name[:40]!r}", status=404)
    path = resources.files("solver.server") / "rules" / "pictures" / name
    try:
        data = path.read_bytes()
    except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
        raise RequestError(f"no picture {name!r}", status=404) from None
    return Response(data, media_type="image/svg+xml",
                    headers={"content-security-policy": "script-src 'none'"})


@router.get("/rules/{page}", response_class=HTMLResponse, include_in_schema=False)
async def rules_page(page: str) -> HTMLResponse:
    """One rules page (``docs/rules/<page>.md``) as a page of its own."""
    from solver.server.routes.pages import page as render_page  # local: start-up

    if not _NAME.match(page):
        raise RequestError(f"no rules page {page[:40]!r}", status=404)
    written, html = rules_html(page)
    if not written:
        raise RequestError(f"no rules page {page!r}", status=404)
    return render_page("rules.html.j2", title=page_title(page) or page, html=html)


@router.get("/api/rules/{game}", response_model=Rules,
            responses={404: {"description": "no such game"}})
async def get_rules(game: str) -> dict[str, Any]:
    """The rules of ``game`` as HTML (from ``docs/rules/<game>.md``); ``written`` is false
    while nobody has written them."""
    if not _NAME.match(game) or game not in games_with_panels():
        raise RequestError(f"no game {game!r} (games: {', '.join(games_with_panels())})",
                           status=404)
    written, html = rules_html(game)
    return {"game": game, "written": written, "html": html,
            "source": f"docs/rules/{rules_file(game) or game + '.md'}"}
