"""Helpers of the server tests (create a game, read messages)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient


def create(client: TestClient, game: str, seats: list[dict[str, Any]], **body: Any
           ) -> dict[str, Any]:
    """Create a game; returns the answer with ``tokens`` (one per seat, None for computers)."""
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


def start(db: Path, *extra: str) -> tuple[subprocess.Popen[str], str]:
    """A real ``solver serve`` on a free port (``extra``: more options); its address."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "solver", "serve", "--port", "0",
                             "--database", str(db), "--computer-workers", "1", *extra],
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


def stop(proc: subprocess.Popen[str]) -> None:
    """Stop a server of :func:`start` as Ctrl-C does (killed after 20 s) and reap it."""
    proc.send_signal(signal.SIGINT)
    try:
        proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()


def call(url: str, path: str, body: dict[str, Any] | None = None,
         headers: dict[str, str] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url + path, data=data,
                                 headers={"content-type": "application/json", **(headers or {})})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)


def descendants(pid: int) -> list[int]:
    """The live processes below ``pid`` (children, their children...), from /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if fields[0] != "Z":  # zombies are dead (reaped later)
            parents[int(entry.name)] = int(fields[1])
    out: list[int] = []
    todo = [pid]
    while todo:
        p = todo.pop()
        kids = [c for c, pp in parents.items() if pp == p]
        out.extend(kids)
        todo.extend(kids)
    return out


def command_of(pid: int) -> str:
    """The command line of ``pid`` ('' when it is gone)."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def gone(pids: list[int], wait: float = 10.0) -> list[int]:
    """The processes of ``pids`` still alive after waiting up to ``wait`` seconds."""
    end = time.time() + wait
    alive = list(pids)
    while alive and time.time() < end:
        alive = [p for p in alive if Path(f"/proc/{p}").exists()
                 and "Z" not in _state(p)]
        if alive:
            time.sleep(0.1)
    return alive


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"
