"""Fixtures of the server tests: an app on a fresh database, a client, a browser."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import pytest

warnings.filterwarnings("ignore", message=".*httpx2.*")

from fastapi.testclient import TestClient  # noqa: E402

from solver.server.app import create_app  # noqa: E402
from solver.server.computers import ComputerPool  # noqa: E402


@pytest.fixture
def client(tmp_path: Any) -> Iterator[TestClient]:
    """A test client of an app on a fresh SQLite file; computers think in threads."""
    app = create_app(tmp_path / "games.sqlite3", computers=ComputerPool(kind="thread"),
                     max_games_per_client=6)
    with TestClient(app) as c:
        yield c


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (skips without either)."""
    from browser_helpers import ARGS, CHROMIUM

    if CHROMIUM is None:
        pytest.skip("needs Chromium (Debian: apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()
