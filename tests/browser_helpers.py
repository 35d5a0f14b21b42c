"""Helpers of the browser tests (Playwright for Python on Debian's Chromium, found by
``system.find_chromium``; no browser download): pages at the two viewports every page is
checked at, screenshots into ``artifacts("server")`` (``$SOLVER_TEST_ARTIFACTS`` or a
temporary folder: never the checkout).

The fixtures ``server`` and ``browser`` of the page tests are in ``tests/server/ui/conftest.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from system import CHROMIUM, artifacts

__all__ = ["ARGS", "CHROMIUM", "DESKTOP", "PHONE", "no_horizontal_scroll", "open_page", "shot",
           "state"]

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run",
        "--disable-dev-shm-usage"]
#: The two viewports of the issue: a desktop window and a phone.
DESKTOP = {"width": 1400, "height": 900}
PHONE = {"width": 390, "height": 844}


def open_page(browser: Any, url: str, errors: list[str], viewport: dict[str, int] | None = None
              ) -> Any:
    """A new browser context at ``viewport`` on ``url``; page errors and console errors go
    to ``errors`` (a test asserts it stays empty)."""
    ctx = browser.new_context(viewport=viewport or DESKTOP)
    pg = ctx.new_page()
    pg.set_default_timeout(20000)
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    pg.goto(url)
    return pg


def shot(pg: Any, name: str, full_page: bool = True) -> Path:
    """A screenshot ``artifacts("server")/NAME.png``."""
    path = artifacts("server") / f"{name}.png"
    pg.screenshot(path=str(path), full_page=full_page)
    return path


def no_horizontal_scroll(pg: Any) -> bool:
    """True when the page fits the viewport's width (nothing to scroll sideways)."""
    return bool(pg.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"))


def state(pg: Any) -> dict[str, Any]:
    """The ``state`` message of the page's seat (or spectator), fetched from the API."""
    return pg.evaluate("fetch(location.pathname.replace('/play/', '/api/games/')"
                       ".replace('/watch/', '/api/games/') + '/state'"
                       " + location.search).then(r => r.json())")
