"""Helpers of the browser tests (Playwright for Python on Debian's Chromium)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run",
        "--disable-dev-shm-usage"]
SHOTS = Path(__file__).resolve().parent / "artifacts" / "server"


def shot(pg: Any, name: str) -> None:
    """A full-page screenshot into ``tests/artifacts/server/NAME.png``."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def state(pg: Any) -> dict[str, Any]:
    """The ``state`` message of the page's seat (or spectator), fetched from the API."""
    return pg.evaluate("fetch(location.pathname.replace('/play/', '/api/games/')"
                       ".replace('/watch/', '/api/games/') + '/state'"
                       " + location.search).then(r => r.json())")
