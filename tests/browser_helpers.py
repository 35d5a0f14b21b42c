"""Helpers of the browser tests (Playwright for Python on Debian's Chromium)."""

from __future__ import annotations

from typing import Any

from system import CHROMIUM, artifacts

__all__ = ["ARGS", "CHROMIUM", "shot", "state"]

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run",
        "--disable-dev-shm-usage"]


def shot(pg: Any, name: str) -> None:
    """A full-page screenshot into ``artifacts("server")/NAME.png`` (``$SOLVER_TEST_ARTIFACTS``
    or a temporary folder: never the checkout)."""
    pg.screenshot(path=str(artifacts("server") / f"{name}.png"), full_page=True)


def state(pg: Any) -> dict[str, Any]:
    """The ``state`` message of the page's seat (or spectator), fetched from the API."""
    return pg.evaluate("fetch(location.pathname.replace('/play/', '/api/games/')"
                       ".replace('/watch/', '/api/games/') + '/state'"
                       " + location.search).then(r => r.json())")
