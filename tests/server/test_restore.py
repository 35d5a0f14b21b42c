"""A real ``solver serve`` process killed with SIGKILL and started again: every game is back
with every accepted move, and the clocks resume from the stored times (the time the server was
down counts, as for a player whose opponent's clock kept running)."""

from __future__ import annotations

import json
import signal
import time
from pathlib import Path
from typing import Any

from server_helpers import call, start
from websockets.sync.client import connect

ROOT = Path(__file__).resolve().parents[2]


def state_msg(ws: Any, ply: int) -> dict[str, Any]:
    while True:
        m = json.loads(ws.recv(timeout=30))
        if m["type"] == "state" and m["ply"] >= ply:
            return m
        assert m["type"] != "error", m


def test_restore_after_sigkill(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    proc, url = start(db)
    try:
        nb = call(url, "/api/games", {"game": "numbridge", "seats": [{}, {}],
                                      "settings": {"move_limit": 40, "game_limit": 600}})
        toks = [s["link"].split("token=")[1] for s in nb["seats"]]
        ws_url = url.replace("http", "ws")
        with connect(f"{ws_url}/ws/{nb['id']}?token={toks[0]}") as a, \
                connect(f"{ws_url}/ws/{nb['id']}?token={toks[1]}") as b:
            m = state_msg(a, 0)
            state_msg(b, 0)
            cells = [i for i, ch in enumerate(m["view"]["digits"]) if ch == "0"]
            name = "abcdefghi"[cells[0] % 9] + str(cells[0] // 9 + 1)
            a.send(json.dumps({"type": "move", "move": f"place {name} {m['hand'][0]}",
                               "ply": 0}))
            m = state_msg(b, 1)
            name = "abcdefghi"[cells[1] % 9] + str(cells[1] // 9 + 1)
            b.send(json.dumps({"type": "move", "move": f"place {name} {m['hand'][0]}",
                               "ply": 1}))
            before = state_msg(b, 2)
        dom = call(url, "/api/games", {"game": "dominions", "seats": [
            {}, {"kind": "computer", "player": "random", "move_time": 0.1}]})
        with connect(f"{ws_url}/ws/{dom['id']}?token="
                     f"{dom['seats'][0]['link'].split('token=')[1]}") as w:
            state_msg(w, 0)
            w.send(json.dumps({"type": "move", "move": "P63i9", "ply": 0}))
            dom_before = state_msg(w, 2)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    killed_at = time.time()
    time.sleep(1.0)
    proc, url = start(db)
    try:
        after = call(url, f"/api/games/{nb['id']}/state?token={toks[1]}")
        assert after["moves"] == before["moves"] and len(after["moves"]) == 2
        assert after["hand"] == before["hand"] and after["to_move"] == 1
        assert after["info"]["one_more"]  # B still has the second move of the pair
        # B's move clock kept running while the server was down
        assert after["clock"]["mover"] == 1
        waited = time.time() - killed_at
        assert after["clock"]["move_left"] <= before["clock"]["move_left"] - waited + 0.5
        assert after["clock"]["seats"][1]["used"] >= waited
        dom_after = call(url, f"/api/games/{dom['id']}/state")
        assert dom_after["moves"] == dom_before["moves"]
        # play goes on where it stopped
        ws_url = url.replace("http", "ws")
        with connect(f"{ws_url}/ws/{nb['id']}?token={toks[1]}") as b:
            m = state_msg(b, 2)
            cells = [i for i, ch in enumerate(m["view"]["digits"]) if ch == "0"]
            name = "abcdefghi"[cells[0] % 9] + str(cells[0] // 9 + 1)
            b.send(json.dumps({"type": "move", "move": f"place {name} {m['hand'][0]}",
                               "ply": 2}))
            assert state_msg(b, 3)["to_move"] == 0
        games = {g["id"]: g for g in call(url, "/api/games")}
        assert games[nb["id"]]["moves"] == 3 and games[dom["id"]]["moves"] == 2
    finally:
        proc.send_signal(signal.SIGINT)  # Ctrl-C: a clean exit
        out, _ = proc.communicate(timeout=20)
    assert proc.returncode == 0, out
    assert "solver serve: stopped" in out
