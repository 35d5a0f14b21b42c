"""Helpers of the server tests (create a game, read messages)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient


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
