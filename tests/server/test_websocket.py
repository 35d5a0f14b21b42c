"""The websocket and HTTP API without a browser: every message type, bad messages, seat tokens,
the clock that fires with nobody sending, computer seats, limits, and hidden information."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import create, receive_state, receive_type
from starlette.websockets import WebSocketDisconnect

from puzzles.numbridge.field import cell_name


def empty_cell(view: dict[str, Any]) -> str:
    return cell_name(view["digits"].index("0"))


def test_dominions_moves_cell_query_pass_and_undo_against_the_engine(client: TestClient
                                                                     ) -> None:
    g = create(client, "dominions", [{"kind": "human", "name": "Ann"},
                                     {"kind": "computer", "player": "greedy", "move_time": 0.1}])
    with client.websocket_connect(f"/ws/{g['id']}?token={g['tokens'][0]}") as ws:
        m = receive_state(ws)
        assert (m["ply"], m["seat"], m["to_move"], m["undo"]) == (0, 0, 0, True)
        assert m["actions"] == ["pass", "abort", "resign"]  # the club: abort before moves
        assert "board" not in m  # the browser draws the board from the view
        assert m["view"]["position"] == {} and m["view"]["base"] == 9
        ws.send_json({"type": "cell", "cell": "i9"})
        cell = receive_type(ws, "cell")
        assert cell["cell"] == "i9" and len(cell["pieces"]) == 63  # empty board: all fit
        assert {p["status"] for p in cell["pieces"]} == {"legal"}
        ws.send_json({"type": "move", "move": "P63i9", "ply": 0})
        m = receive_state(ws, 2)  # my move, then the computer's answer
        assert m["moves"][0] == "W[P63i9]" and m["moves"][1].startswith("B[")
        # a piece that touches nothing is refused with the rule's name, nothing changes
        ws.send_json({"type": "cell", "cell": "a1"})
        refused = receive_type(ws, "cell")
        assert refused["pieces"] and all(p["status"] == "no-contact" for p in refused["pieces"])
        ws.send_json({"type": "move", "move": refused["pieces"][0]["text"], "ply": 2})
        err = receive_type(ws, "error")
        assert err["rule"] == "no-contact" and "touches no B piece" in err["message"]
        ws.send_json({"type": "ping"})
        assert receive_type(ws, "pong") == {"type": "pong"}
        ws.send_json({"type": "undo"})
        m = receive_state(ws)
        assert m["ply"] == 0 and m["moves"] == []
        ws.send_json({"type": "move", "move": "pass", "ply": 0})
        m = receive_state(ws, 1)
        assert m["moves"][0] == "W[]"
    rec = client.get(f"/api/games/{g['id']}/record")
    assert rec.status_code == 200 and rec.text.startswith("W[]")


def test_bad_messages_get_an_error_and_the_socket_keeps_working(client: TestClient) -> None:
    g = create(client, "dominions", [{"kind": "human"}, {"kind": "human"}])
    client.get(f"/api/games/{g['id']}/state?token={g['tokens'][1]}")  # seat 2 joins
    with client.websocket_connect(f"/ws/{g['id']}?token={g['tokens'][0]}") as ws:
        receive_state(ws)
        bad = ["not json", "[]", "{}", json.dumps({"type": "launch"}),
               json.dumps({"type": "move"}), json.dumps({"type": "move", "move": 5}),
               json.dumps({"type": "move", "move": "P63i9", "extra": 1}),
               json.dumps({"type": "action", "action": "explode"}),
               json.dumps({"type": "move", "move": "x" * 5000}),
               json.dumps({"type": "move", "move": "P99z99"}),
               json.dumps({"type": "cell", "cell": "zz"})]
        for text in bad:
            ws.send_text(text)
            err = receive_type(ws, "error")
            assert err["message"], text
        ws.send_bytes(b'{"type": "ping"}')
        assert "text frames" in receive_type(ws, "error")["message"]
        ws.send_json({"type": "move", "move": "P63i9", "ply": 7})
        assert receive_type(ws, "error")["rule"] == "stale"
        ws.send_json({"type": "action", "action": "accept"})  # nobody offered a draw
        assert "'accept' is not possible now" in receive_type(ws, "error")["message"]
        ws.send_json({"type": "undo"})  # two people: no undo
        assert receive_type(ws, "error")["rule"] == "undo"
        ws.send_json({"type": "ping"})
        assert receive_type(ws, "pong")["type"] == "pong"
        ws.send_json({"type": "move", "move": "P63i9", "ply": 0})
        assert receive_state(ws, 1)["moves"] == ["W[P63i9]"]


def test_seat_tokens(client: TestClient) -> None:
    g = create(client, "dominions", [{"kind": "human"}, {"kind": "human"}])
    other = create(client, "dominions", [{"kind": "human"}, {"kind": "human"}])
    # a token of another game is refused
    with client.websocket_connect(f"/ws/{g['id']}?token={other['tokens'][0]}") as ws:
        assert ws.receive_json()["message"] == "unknown seat token for this game"
        with pytest.raises(WebSocketDisconnect) as exc:
            ws.receive_json()
        assert exc.value.code == 4403
    assert client.get(f"/play/{g['id']}?token=forged").status_code == 403
    # seat 2's token cannot move for seat 1 (who is to move), once both seats have joined
    client.get(f"/api/games/{g['id']}/state?token={g['tokens'][0]}")
    with client.websocket_connect(f"/ws/{g['id']}?token={g['tokens'][1]}") as ws:
        m = receive_state(ws)
        assert m["seat"] == 1 and m["to_move"] == 0
        ws.send_json({"type": "move", "move": "P63i9", "ply": 0})
        assert receive_type(ws, "error")["rule"] == "turn-order"
    # a spectator cannot move at all
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        assert receive_state(ws)["seat"] is None
        ws.send_json({"type": "move", "move": "P63i9", "ply": 0})
        assert "spectators cannot play" in receive_type(ws, "error")["message"]
    assert client.get(f"/api/games/{g['id']}").json()["moves"] == 0
    with client.websocket_connect("/ws/nosuchgame") as ws:
        assert "no game" in ws.receive_json()["message"]


def walk(doc: Any) -> list[tuple[str, Any]]:
    """Every (key, value) pair of a JSON document, nested."""
    out: list[tuple[str, Any]] = []
    if isinstance(doc, dict):
        for k, v in doc.items():
            out.append((k, v))
            out.extend(walk(v))
    elif isinstance(doc, list):
        for v in doc:
            out.extend(walk(v))
    return out


def test_numbridge_pair_order_clock_draw_and_hidden_information(client: TestClient) -> None:
    g = create(client, "numbridge", [{"name": "Ann"}, {"name": "Bob"}],
               settings={"move_limit": 1.5, "game_limit": 300})
    live = client.app.state.manager.games[g["id"]]  # type: ignore[attr-defined]
    core = live.state.g
    secret_b = None
    logs: dict[str, list[dict[str, Any]]] = {"a": [], "b": [], "spectator": []}
    with client.websocket_connect(f"/ws/{g['id']}?token={g['tokens'][0]}") as a, \
            client.websocket_connect(f"/ws/{g['id']}?token={g['tokens'][1]}") as b, \
            client.websocket_connect(f"/ws/{g['id']}") as w:
        ma = receive_state(a, log=logs["a"])
        receive_state(b, log=logs["b"])
        receive_state(w, log=logs["spectator"])
        assert ma["hand"] == sorted(core.hands[1]) and ma["view"]["hands"][1] is None
        secret_b = list(core.hands[2])
        # move 1: A alone
        a.send_json({"type": "move", "move": f"place {empty_cell(ma['view'])} {ma['hand'][0]}",
                     "ply": 0})
        mb = receive_state(b, 1, logs["b"])
        assert mb["to_move"] == 1 and not mb["info"]["one_more"]
        # move 2: B's first of the pair, then "One more move in this pair"
        b.send_json({"type": "move", "move": f"place {empty_cell(mb['view'])} {mb['hand'][0]}",
                     "ply": 1})
        mb = receive_state(b, 2, logs["b"])
        assert mb["to_move"] == 1 and mb["info"]["one_more"]
        assert "One more move in this pair" in mb["status_line"]
        # B sends nothing: the server's timer fires, the rest of the pair goes to A
        t0 = time.time()
        ma = receive_state(a, 3, logs["a"])
        assert time.time() - t0 < 5
        assert ma["to_move"] == 0 and ma["moves"][-1].startswith("clock")
        assert "missed the move limit" in ma["moves"][-1]
        # A offers a draw, B accepts
        a.send_json({"type": "action", "action": "offer"})
        mb = receive_state(b, 4, logs["b"])
        assert mb["info"]["draw_offer"] == "A" and "accept" in mb["actions"]
        b.send_json({"type": "action", "action": "accept"})
        for ws, name in ((a, "a"), (b, "b"), (w, "spectator")):
            m = receive_state(ws, 5, logs[name])
            assert (m["status"], m["result"]) == ("over", "draw by agreement")
    # hidden information: no message to A or to the spectator holds B's hand, the bag order
    # or the solution
    bag = "".join(map(str, core.initial_bag))
    for name in ("a", "spectator"):
        for m in logs[name]:
            text = json.dumps(m)
            assert core.solution not in text and bag[:20] not in text
            for key, value in walk(m):
                if key == "hands":
                    assert value[1] is None
            if m["type"] == "state" and m["status"] == "live":
                assert m["view"]["hands"][1] is None
                assert name == "a" or m["hand"] == []
    assert secret_b is not None
    assert all(m["view"]["hands"][0] is None for m in logs["b"] if m["type"] == "state")
    assert client.get(f"/api/games/{g['id']}/review/2").status_code == 200


def test_numbridge_record_and_review_stay_closed_while_live(client: TestClient) -> None:
    g = create(client, "numbridge", [{}, {}])
    assert client.get(f"/api/games/{g['id']}/record").status_code == 403
    assert client.get(f"/api/games/{g['id']}/review/0").status_code == 403


def test_dominimum_each_seat_sees_only_its_mission(client: TestClient) -> None:
    g = create(client, "dominimum", [{}, {}, {"kind": "computer", "player": "random"}])
    core = client.app.state.manager.games[g["id"]].state.g  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{g['id']}?token={g['tokens'][0]}") as a, \
            client.websocket_connect(f"/ws/{g['id']}?token={g['tokens'][1]}") as b:
        ma, mb = receive_state(a), receive_state(b)
        for seat, m in ((0, ma), (1, mb)):
            assert m["info"]["mission"]["values"] == list(core.missions[seat])
            assert m["view"]["missions"] == [list(core.missions[q]) if q == seat else None
                                            for q in range(3)]
            assert m["hand"][0]["values"] == list(core.hands[seat])
            assert m["view"]["hands"][1 - seat] is None and m["view"]["hands"][2] is None
        assert "legal" in ma and "legal" not in mb
        a.send_json({"type": "move", "move": ma["legal"][0]["text"], "ply": 0})
        mb = receive_state(b, 1)
        b.send_json({"type": "move", "move": "1@(9,9) 2@(9,10)", "ply": 1})
        assert receive_type(b, "error")["rule"] in ("not touching", "tile not in hand")
        b.send_json({"type": "move", "move": mb["legal"][0]["text"], "ply": 1})
        ma = receive_state(a, 3)  # B's move and the computer's
        assert len(ma["moves"]) == 3


def test_limits_and_escaping(client: TestClient) -> None:
    r = client.post("/api/games", content=b"x" * 70000,
                    headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert client.post("/api/games", json={"game": "chess", "seats": [{}]}).status_code == 400
    r = client.post("/api/games", json={"game": "dominions", "seats": [{}]})
    assert r.status_code == 400 and "2-2 seats" in r.json()["detail"]
    r = client.post("/api/games", json={"game": "numbridge", "seats": [{}, {}],
                                        "settings": {"givens": 50}})
    assert r.status_code == 400 and "givens" in r.json()["detail"]
    r = client.post("/api/games", json={"game": "dominions", "seats": [
        {"kind": "computer", "player": "deep-blue"}, {}]})
    assert r.status_code == 400 and "unknown player" in r.json()["detail"]
    g = create(client, "dominions", [{"name": "<script>alert(1)</script>"}, {}])
    page = client.get(f"/play/{g['id']}?token={g['tokens'][0]}").text
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;" in page
    assert "<script>alert" not in client.get("/").text
    # the client limit of this app is 6 live games
    for _ in range(6 - 1):
        create(client, "dominions", [{}, {}])
    r = client.post("/api/games", json={"game": "dominions", "seats": [{}, {}]})
    assert r.status_code == 429


def test_import_a_dominions_record_and_study_it(client: TestClient) -> None:
    r = client.post("/api/import", json={"game": "dominions", "record": "W[P63i9];B[P55h8]",
                                         "seats": [{}, {}]})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    assert client.get(f"/api/games/{gid}/record").text == "W[P63i9];B[P55h8]"
    step = client.get(f"/api/games/{gid}/review/1?layers=groups,liberties,eyes").json()
    assert step["ply"] == 1 and step["moves"] == 2 and "eyes" in step["info"]
    bad = client.post("/api/import", json={"game": "dominions", "record": "W[P63i9];B[P1a1]",
                                           "seats": [{}, {}]})
    assert bad.status_code == 400 and "record" in bad.json()["detail"]


def test_pages_and_rooms(client: TestClient) -> None:
    rooms = {r["game"]: r for r in client.get("/api/rooms").json()}
    assert set(rooms) == {"dominions", "dominimum", "dominomega", "numbridge"}
    nb = {s["name"]: s for s in rooms["numbridge"]["settings"]}
    assert (nb["givens"]["default"], nb["givens"]["min"], nb["givens"]["max"]) == (30, 22, 34)
    assert (nb["move_limit"]["default"], nb["game_limit"]["default"]) == (45.0, 1200.0)
    assert nb["blocks"]["choices"] == ["regular", "irregular"]
    assert rooms["dominimum"]["seats"] == [2, 3, 4] and rooms["dominomega"]["seats"] == [2, 3]
    for game in rooms:
        assert client.get(f"/new/{game}").status_code == 200
    assert client.get("/new/chess").status_code == 404
    assert client.get("/static/play.js").status_code == 200
    assert "Numbridge Domains" in client.get("/").text


def test_dominomega_three_seats_symbols_and_a_finished_game_opens_in_review(client: TestClient
                                                                            ) -> None:
    g = create(client, "dominomega", [{}, {"kind": "computer", "player": "random"},
                                      {"kind": "computer", "player": "random"}], seed=6)
    with client.websocket_connect(f"/ws/{g['id']}?token={g['tokens'][0]}") as a:
        m = receive_state(a)
        assert m["info"]["symbol"] == "pip" and m["view"]["symbols"] == [1, 2, 4]
        assert m["view"]["hands"][1] is None and m["view"]["hands"][2] is None
        while m["status"] == "live":  # play every own tile; the computers answer
            a.send_json({"type": "move", "move": m["legal"][0]["text"], "ply": m["ply"]})
            m = receive_state(a, m["ply"] + 1)
            while m["status"] == "live" and m["to_move"] != 0:
                m = receive_state(a, m["ply"] + 1)
    final = m["info"]["final"]
    assert sorted(r["rank"] for r in final) == [1, 2, 3]
    first = next(r["seat"] for r in final if r["rank"] == 1)  # the table's winner
    assert m["ply"] == 36
    assert m["result"].startswith(f"{m['seats'][first]['name']} (seat {first + 1}) wins")
    assert [r["symbol"] for r in final] == ["pip", "small circle", "large circle"]
    assert len(m["highlights"]) == 3  # the largest group of each symbol highlighted
    assert {h["label"].split(" (")[0] for h in m["highlights"]} == {
        "seat 1: pip", "seat 2: small circle", "seat 3: large circle"}
    step = client.get(f"/api/games/{g['id']}/review/10?layers=groups").json()
    assert step["ply"] == 10 and step["moves"] == 36
    summary = client.get(f"/api/games/{g['id']}").json()
    assert summary["status"] == "over" and summary["review"].endswith(f"/review/{g['id']}")
