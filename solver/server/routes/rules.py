"""The rules panel: each game's rules from ``docs/rules/<game>.md``, rendered to HTML.

The files ship inside the package (``solver/server/rules``, a link to ``docs/rules``), so an
installed server reads them too. Markdown is rendered by markdown-it-py with raw HTML
switched off (the text is escaped); a game without a file answers ``written: false``.
"""

from __future__ import annotations

import functools
import re
from importlib import resources
from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel

from solver.server.live import RequestError

router = APIRouter(tags=["rules"])

_NAME = re.compile(r"^[a-z][a-z0-9_-]{0,30}$")


class Rules(BaseModel):
    """One game's rules: ``html`` rendered from its Markdown file (empty when not written)."""

    game: str
    written: bool
    html: str
    source: str


def games_with_panels() -> list[str]:
    """The registry names of the games whose pages show a rules panel."""
    from solver.server.catalog import ROOMS

    return [*ROOMS, "backslide"]


def render_markdown(text: str) -> str:
    """HTML of Markdown ``text``: CommonMark with tables; raw HTML is escaped, not passed."""
    from markdown_it import MarkdownIt  # loaded when a rules panel is first asked for

    md = MarkdownIt("commonmark", {"html": False, "linkify": False}).enable("table")
    return str(md.render(text))


@functools.lru_cache(maxsize=32)
def rules_html(game: str) -> tuple[bool, str]:
    """``(written, html)`` for ``game`` (read once per server process)."""
    path = resources.files("solver.server") / "rules" / f"{game}.md"
    try:
        text = path.read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
        return False, ""
    return True, render_markdown(text)


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
            "source": f"docs/rules/{game}.md"}
