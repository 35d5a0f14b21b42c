"""The Dominions review's status layer: each group's proved life-and-death status beside the
board and as a letter on it (marks the browser draws), the same answers the prover gives."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from puzzles.dominions import COLOUR_LETTERS
from puzzles.dominions.records import replay
from solver.dominions.graphs import beam_graph, groups
from solver.dominions.life_report import group_life

RECORD = Path(__file__).parents[1] / "data" / "hardening" / "dominions-record.txt"
PLY = 60  # pass-alive, killable and alive-with-answers groups side by side
LETTER = {"pass-alive": "P", "killable": "K", "alive with answers": "A", "unknown": "?"}


def test_the_status_layer_shows_every_groups_proved_status(client: TestClient) -> None:
    text = RECORD.read_text()
    moves = ";".join(re.findall(r"[WB]\[[^\]]*\]", text)[:PLY])
    r = client.post("/api/import", json={"game": "dominions", "record": moves,
                                         "seats": [{}, {}]})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    step = client.get(f"/api/games/{gid}/review/{PLY}?layers=status").json()
    shown = step["info"]["status"]

    pos = replay(moves)
    name = pos.board.name
    expected: dict[str, tuple[str, list[str]]] = {}
    for view in groups(pos, beam_graph(pos)):
        first = sorted(view.cells)
        key = (f"{COLOUR_LETTERS[view.colour]} " + ", ".join(name(c) for c in first[:3])
               + ("…" if len(first) > 3 else ""))
        life = group_life(pos, first[0])
        expected[key] = (life.status, [pos.move_text(m) for m in life.passing.sequence[:3]])
    assert set(shown) == set(expected)
    assert {s for s, _ in expected.values()} == {"pass-alive", "killable", "alive with answers"}
    for key, (status, kill) in expected.items():
        assert shown[key].startswith(status), (key, shown[key], status)
        if status == "killable":  # the first moves of the replayed killing sequence
            assert shown[key].split(": ", 1)[1].split(" (")[0].removesuffix(" ...").split() \
                == kill
    # one letter per group on its first cell (the browser draws the marks), and a legend entry
    # for each status
    letters = list(step["marks"]["status"].values())
    counts = {s: sum(1 for v, _ in expected.values() if v == s) for s in LETTER}
    for status, n in counts.items():
        assert letters.count(LETTER[status]) == n, (status, letters)
    legend = step["marks"]["status_legend"]
    for status in ("pass-alive", "killable", "alive with answers"):
        assert legend[LETTER[status]] == f"group {status}"
    first_cells = {name(min(view.cells)) for view in groups(pos, beam_graph(pos))}
    assert set(step["marks"]["status"]) == first_cells

    # without the layer: no status beside the board, no letters on it
    plain = client.get(f"/api/games/{gid}/review/{PLY}?layers=groups").json()
    assert "status" not in plain["info"] and plain["marks"]["status"] == {}
