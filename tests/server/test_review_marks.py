"""The review step's JSON, which the browser draws the review board from: the public view of
the position, the analysis layers as marks by cell name, nothing hidden."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient
from server_helpers import create, receive_state

from puzzles.grids import parse_dominions_name


def play_out(client: TestClient, game: str, seats: int) -> dict[str, object]:
    g = create(client, game, [{}] + [{"kind": "computer", "player": "random"}] * (seats - 1),
               seed=6)
    with client.websocket_connect(f"/ws/{g['id']}?token={g['tokens'][0]}") as ws:
        m = receive_state(ws)
        while m["status"] == "live":
            if m["to_move"] == 0:
                ws.send_json({"type": "move", "move": m["legal"][0]["text"], "ply": m["ply"]})
            m = receive_state(ws, m["ply"] + 1)
    return g


def test_dominomega_groups_are_groups_of_a_symbol(client: TestClient) -> None:
    g = play_out(client, "dominomega", 3)
    for ply in (12, 24, 36):
        step = client.get(f"/api/games/{g['id']}/review/{ply}?layers=groups").json()
        tiles = step["view"]["layout"]["tiles"]
        assert len(tiles) == ply
        value = {tuple(c): t["tile"][k] for t in tiles for k, c in enumerate(t["cells"])}
        lights = step["marks"]["highlights"]
        assert lights
        for h in lights:
            found = re.fullmatch(r"seat [1-3]: ([a-z ]+) \((\d+)\)", h["label"])
            assert found, h["label"]
            symbol = {"pip": 1, "small circle": 2, "large circle": 4}[found[1]]
            # every half of the group shows the symbol (a 7 shows all three)
            assert all(value[tuple(c)] & symbol for c in h["cells"]), h
            assert len(h["cells"]) == int(found[2])
        assert "hands" not in step["view"] and "missions" not in step["view"]


def test_dominimum_groups_are_groups_of_a_value(client: TestClient) -> None:
    g = play_out(client, "dominimum", 2)
    step = client.get(f"/api/games/{g['id']}/review/20?layers=groups").json()
    value = {tuple(c): t["tile"][k] for t in step["view"]["layout"]["tiles"]
             for k, c in enumerate(t["cells"])}
    for h in step["marks"]["highlights"]:
        v = int(h["label"].split(":")[0].split()[1])
        assert {value[tuple(c)] for c in h["cells"]} == {v}


def test_dominions_marks_name_cells_of_the_board(client: TestClient) -> None:
    r = client.post("/api/import", json={"game": "dominions", "record":
                                         "W[P63i9];B[P55h8]", "seats": [{}, {}]})
    gid = r.json()["id"]
    layers = "groups,liberties,sections,eyes,oscillation,atari"
    step = client.get(f"/api/games/{gid}/review/2?layers={layers}").json()
    assert "board" not in step and step["view"]["position"] == {"i9": "W63", "h8": "B55"}
    marks = step["marks"]
    assert marks["last"] == ["h8"]
    cells = [*marks["highlight"], *marks["labels"], *marks["oscillation"],
             *(c for _, cs in marks["groups"] for c in cs),
             *(c for cs in marks["eyes"].values() for c in cs)]
    assert cells and all(parse_dominions_name(c, 9) for c in cells)
    # a group of each colour, on the pieces; liberties are vacant cells
    assert sorted((colour, cs) for colour, cs in marks["groups"]) == [(0, ["i9"]), (1, ["h8"])]
    assert marks["highlight"] and not set(marks["highlight"]) & {"i9", "h8"}


def test_a_finished_dominions_position_names_no_seat_to_move(client: TestClient) -> None:
    r = client.post("/api/import", json={"game": "dominions", "record":
                                         "W[P63i9];B[P55h8];W[pass];B[pass]", "seats": [{}, {}]})
    gid = r.json()["id"]
    assert client.get(f"/api/games/{gid}/review/2").json()["info"]["to move"] == "W"
    end = client.get(f"/api/games/{gid}/review/4").json()["info"]
    assert "to move" not in end and end["score"] == {"W": -61, "B": -61}
