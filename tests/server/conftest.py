"""Fixtures of the server tests: an app on a fresh database, a client, helpers."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import pytest

warnings.filterwarnings("ignore", message=".*httpx2.*")

from fastapi.testclient import TestClient  # noqa: E402

from solver.server.app import create_app  # noqa: E402
from solver.server.engines import EnginePool  # noqa: E402


@pytest.fixture
def client(tmp_path: Any) -> Iterator[TestClient]:
    """A test client of an app on a fresh SQLite file; engines think in threads."""
    app = create_app(tmp_path / "games.sqlite3", engines=EnginePool(kind="thread"),
                     max_games_per_client=6)
    with TestClient(app) as c:
        yield c


def create(client: TestClient, game: str, seats: list[dict[str, Any]], **body: Any
           ) -> dict[str, Any]:
    """Create a game; returns the answer with ``tokens`` (one per seat, None for engines)."""
    r = client.post("/api/games", json={"game": game, "seats": seats, **body})
    assert r.status_code == 201, r.text
    doc = r.json()
    doc["tokens"] = [s["link"].split("token=")[1] if s["link"] else None for s in doc["seats"]]
    return doc


def receive_state(ws: Any, ply: int | None = None, log: list[dict[str, Any]] | None = None,
                  limit: int = 50) -> dict[str, Any]:
    """The next ``state`` message (at action ``ply`` or later when given)."""
    for _ in range(limit):
        m = ws.receive_json()
        if log is not None:
            log.append(m)
        if m["type"] == "state" and (ply is None or m["ply"] >= ply):
            return m
    raise AssertionError("no state message")


def receive_type(ws: Any, kind: str, log: list[dict[str, Any]] | None = None,
                 limit: int = 50) -> dict[str, Any]:
    """The next message of type ``kind``."""
    for _ in range(limit):
        m = ws.receive_json()
        if log is not None:
            log.append(m)
        if m["type"] == kind:
            return m
    raise AssertionError(f"no {kind} message")
