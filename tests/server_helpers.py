"""Helpers of the server tests (create a game, read messages)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
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


ROOT = Path(__file__).resolve().parents[1]


def start(db: Path) -> tuple[subprocess.Popen[str], str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "solver", "serve", "--port", "0",
                             "--database", str(db), "--engine-workers", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env=env, cwd=ROOT)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line.startswith("solver serve: http://127.0.0.1:"), line
    url = line.split()[2].rstrip("/")
    for _ in range(100):  # wait until it answers
        try:
            urllib.request.urlopen(url + "/api/rooms", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    return proc, url


def call(url: str, path: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url + path, data=data,
                                 headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)
