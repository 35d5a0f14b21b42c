"""The club over the API (issue 22): seeks and the lobby, resign, abort and draw offers in
every game, the club's clock, abandonment, rematches, stored reviews, and the defects: undo
with hidden information, secret deals, the winner's line, computer seats' deadlines and
failures, the Numbridge clock that waits for both players."""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import create, receive_state, receive_type

from solver.games import get_game
from solver.server.workers import WorkerError

GAMES = ("dominions", "numbridge", "dominimum", "dominomega")


def join_all(client: TestClient, g: dict[str, Any]) -> None:
    """Every person's seat opens its link (the game starts then)."""
    for t in g["tokens"]:
        if t:
            assert client.get(f"/api/games/{g['id']}/state?token={t}").status_code == 200


def act(client: TestClient, g: dict[str, Any], seat: int, action: str) -> Any:
    return client.post(f"/api/games/{g['id']}/action",
                       json={"token": g["tokens"][seat], "action": action})


def wait_over(client: TestClient, game_id: str, seconds: float = 120) -> dict[str, Any]:
    end = time.time() + seconds
    while time.time() < end:
        s = client.get(f"/api/games/{game_id}/state").json()
        if s["status"] == "over":
            return s
        time.sleep(0.1)
    raise AssertionError("the game did not end")


# ---------------------------------------------------------------------- defect 1: undo
@pytest.mark.parametrize("game", ["dominimum", "dominomega"])
def test_no_undo_in_a_game_with_hidden_information(client: TestClient, game: str) -> None:
    g = create(client, game, [{}, {"kind": "computer", "player": "random", "move_time": 0.05}])
    with client.websocket_connect(f"/ws/{g['id']}?token={g['tokens'][0]}") as ws:
        m = receive_state(ws)
        assert m["undo"] is False
        ws.send_json({"type": "move", "move": m["legal"][0]["text"], "ply": 0})
        m = receive_state(ws, 2)
        before = (m["hand"], m["moves"])
        for _ in range(30):  # thirty takebacks: each refused, nothing is shown again
            ws.send_json({"type": "undo"})
            assert receive_type(ws, "error")["rule"] == "undo"
        ws.send_json({"type": "ping"})
        receive_type(ws, "pong")
    after = client.get(f"/api/games/{g['id']}/state?token={g['tokens'][0]}").json()
    assert (after["hand"], after["moves"]) == before and after["undos"] == 0


def test_undo_stays_in_a_game_of_perfect_information(client: TestClient) -> None:
    g = create(client, "dominions", [{}, {"kind": "computer", "player": "greedy",
                                          "move_time": 0.05}])
    with client.websocket_connect(f"/ws/{g['id']}?token={g['tokens'][0]}") as ws:
        assert receive_state(ws)["undo"] is True
        ws.send_json({"type": "move", "move": "P63i9", "ply": 0})
        receive_state(ws, 2)
        ws.send_json({"type": "undo"})
        assert receive_state(ws)["ply"] == 0


# ---------------------------------------------------------------------- defect 2: seeds
def test_a_seed_only_where_one_person_plays(client: TestClient) -> None:
    r = client.post("/api/games", json={"game": "dominimum", "seats": [{}, {}], "seed": 5})
    assert r.status_code == 400 and "one person" in r.json()["detail"]
    g = create(client, "dominimum", [{}, {"kind": "computer", "player": "random"}], seed=5)
    assert client.get(f"/api/games/{g['id']}/state").json()["seed"] == 5  # shown
    # between people the deal comes from `secrets`: a 64-bit seed nobody chose or sees
    deals = []
    for _ in range(3):
        g = create(client, "dominimum", [{}, {}])
        live = client.app.state.manager.games[g["id"]]  # type: ignore[attr-defined]
        doc = live.state.to_json()
        deals.append(doc["seed"])
        for t in g["tokens"]:
            text = json.dumps(client.get(f"/api/games/{g['id']}/state?token={t}").json())
            assert str(doc["seed"]) not in text
        assert client.get(f"/api/games/{g['id']}/state").json()["seed"] is None
    assert len(set(deals)) == 3 and max(deals) >= 2**32


# ---------------------------------------------------------------------- defect 3: winners
@pytest.mark.parametrize("game, seats", [("dominimum", 3), ("dominimum", 4),
                                         ("dominomega", 3)])
def test_the_game_over_line_names_the_tables_winner(client: TestClient, game: str,
                                                    seats: int) -> None:
    names = ["Ann", "Bob", "Cy", "Di"][:seats]
    g = create(client, game, [{"kind": "computer", "player": "random", "move_time": 0.05,
                               "name": n} for n in names])
    final = wait_over(client, g["id"])
    table = final["info"]["final"]
    first = next(r["seat"] for r in table if r["rank"] == 1)
    line = f"{names[first]} (seat {first + 1}) wins"
    assert final["result"].startswith(line), (final["result"], table)
    assert final["status_line"] == f"game over: {final['result']}"
    assert client.get(f"/api/games/{g['id']}").json()["result"] == final["result"]
    page = client.get(f"/review/{g['id']}").text
    assert line in page


# ------------------------------------------------------------- defect 4: computer seats
def test_mcts_stops_at_its_wall_clock_deadline() -> None:
    game = get_game("dominions")
    state = game.new_state({}, 1, 2)
    player = game.make_player("mcts", seed=1, move_time=30.0, deadline=time.monotonic() + 0.4)
    t = time.monotonic()
    player.choose(state, random.Random(1))
    assert time.monotonic() - t < 1.0  # 0.4 s of wall clock, not 30 s of CPU
    # the node budget is unchanged by a far deadline: the same move
    a = game.make_player("mcts", seed=3, max_nodes=60).choose(state, random.Random(3))
    b = game.make_player("mcts", seed=3, max_nodes=60,
                         deadline=time.monotonic() + 60).choose(state, random.Random(3))
    assert a == b


def test_a_failed_computer_player_is_shown_and_its_seat_given_to_another(client: TestClient
                                                                          ) -> None:
    manager = client.app.state.manager  # type: ignore[attr-defined]
    real = manager.computers.choose

    async def broken(*args: Any, **kwargs: Any) -> str:
        raise WorkerError("the worker process died (exit code -9)")

    manager.computers.choose = broken
    g = create(client, "dominions", [{}, {"kind": "computer", "player": "greedy",
                                          "move_time": 0.05}])
    with client.websocket_connect(f"/ws/{g['id']}?token={g['tokens'][0]}") as ws:
        receive_state(ws)
        ws.send_json({"type": "move", "move": "P63i9", "ply": 0})
        m = receive_state(ws)
        while not m["trouble"]:
            m = receive_state(ws)
        assert m["trouble"][0]["seat"] == 1 and "died" in m["trouble"][0]["message"]
        assert m["ply"] == 1 and m["to_move"] == 1  # no random move was played
        manager.computers.choose = real
        ws.send_json({"type": "computer", "seat": 1, "player": "random", "move_time": 0.05})
        m = receive_state(ws, 2)
        assert m["trouble"] == [] and m["seats"][1]["player"] == "random"
        assert m["moves"][1].startswith("B[")


def test_the_old_word_engine_is_read_as_computer(client: TestClient) -> None:
    # clients and stored games of before the rename say "engine": accepted, answered "computer"
    from solver.server.livegame import Seat

    assert Seat("engine", "random", "random").kind == "computer"
    g = create(client, "dominions", [{}, {"kind": "engine", "player": "random"}])
    assert [s["kind"] for s in g["seats"]] == ["human", "computer"]
    state = client.get(f"/api/games/{g['id']}/state").json()
    assert state["seats"][1]["kind"] == "computer"
    r = client.post(f"/api/games/{g['id']}/engine",
                    json={"token": g["tokens"][0], "seat": 1, "player": "greedy"})
    assert r.status_code == 200, r.text
    assert r.json()["seats"][1] == {"kind": "computer", "name": "greedy", "player": "greedy",
                                    "move_time": 1.0}
    with client.websocket_connect(f"/ws/{g['id']}?token={g['tokens'][0]}") as ws:
        receive_state(ws)
        ws.send_json({"type": "engine", "seat": 1, "player": "random", "move_time": 0.05})
        assert receive_state(ws)["seats"][1]["player"] == "random"


# ---------------------------------------------------------------------- defect 5: clocks
def test_numbridge_waits_for_both_players(client: TestClient) -> None:
    g = create(client, "numbridge", [{"name": "Ann"}, {"name": "Bob"}],
               settings={"move_limit": 30, "game_limit": 300})
    with client.websocket_connect(f"/ws/{g['id']}?token={g['tokens'][0]}") as a:
        m = receive_state(a)
        assert m["clock"]["running"] is False and m["waiting"] == [1]
        cell = "abcdefghi"[m["view"]["digits"].index("0") % 9] + \
            str(m["view"]["digits"].index("0") // 9 + 1)
        a.send_json({"type": "move", "move": f"place {cell} {m['hand'][0]}", "ply": 0})
        err = receive_type(a, "error")
        assert err["rule"] == "waiting" and "Bob (seat 2)" in err["message"]
        time.sleep(0.3)
        assert client.get(f"/api/games/{g['id']}/state").json()["clock"]["move_left"] == 30
        with client.websocket_connect(f"/ws/{g['id']}?token={g['tokens'][1]}") as b:
            mb = receive_state(b)
            assert mb["clock"]["running"] is True and mb["waiting"] == []
            a.send_json({"type": "move", "move": f"place {cell} {m['hand'][0]}", "ply": 0})
            assert receive_state(b, 1)["ply"] == 1


# ---------------------------------------------------------------------- every game's buttons
@pytest.mark.parametrize("game", GAMES)
def test_abort_before_both_have_moved(client: TestClient, game: str) -> None:
    g = create(client, game, [{"name": "Ann"}, {"name": "Bob"}])
    assert act(client, g, 1, "abort").status_code == 200
    s = client.get(f"/api/games/{g['id']}").json()
    assert s["status"] == "over" and s["result"].startswith("aborted by Bob (seat 2)")


@pytest.mark.parametrize("game", GAMES)
def test_resign_in_every_game(client: TestClient, game: str) -> None:
    g = create(client, game, [{"name": "Ann"}, {"name": "Bob"}])
    join_all(client, g)
    st = client.get(f"/api/games/{g['id']}/state?token={g['tokens'][0]}").json()
    assert "resign" in st["actions"] and "abort" in st["actions"]
    r = act(client, g, 0, "resign")
    assert r.status_code == 200, r.text
    s = client.get(f"/api/games/{g['id']}").json()
    assert s["status"] == "over" and "Bob (seat 2)" in s["result"], s["result"]
    assert act(client, g, 1, "resign").status_code == 400  # over: nothing more


@pytest.mark.parametrize("game", ["dominions", "dominimum", "dominomega"])
def test_a_club_draw_offer(client: TestClient, game: str) -> None:
    g = create(client, game, [{"name": "Ann"}, {"name": "Bob"}])
    join_all(client, g)
    assert act(client, g, 0, "offer").status_code == 200
    st = act(client, g, 1, "accept").json()
    assert st["status"] == "over" and st["result"] == "draw by agreement"
    g = create(client, game, [{"name": "Ann"}, {"name": "Bob"}])
    join_all(client, g)
    act(client, g, 0, "offer")
    assert act(client, g, 1, "decline").json()["offers"] == []
    assert act(client, g, 1, "accept").status_code == 400  # nothing to accept


def test_the_club_clock_flags_a_seat(client: TestClient) -> None:
    g = create(client, "dominions", [{"name": "Ann"}, {"name": "Bob"}],
               clock={"move": 1.0, "game": 60})
    join_all(client, g)
    s = wait_over(client, g["id"], 10)
    assert s["result"] == "Ann (seat 1) ran out of time: Bob (seat 2) wins"
    assert s["outcome"] == {"reason": "time", "seat": 0, "winners": [1], "rules": ""}


def test_abandoned_games_free_the_limit(client: TestClient) -> None:
    made = [create(client, "dominions", [{}, {}]) for _ in range(6)]
    assert client.post("/api/games", json={"game": "dominions", "seats": [{}, {}]}
                       ).status_code == 429
    manager = client.app.state.manager  # type: ignore[attr-defined]
    client.portal.call(manager.sweep, time.time() + manager.abandon_after + 1)  # type: ignore[attr-defined]
    assert client.get(f"/api/games/{made[0]['id']}").json()["result"].startswith("abandoned")
    assert client.post("/api/games", json={"game": "dominions", "seats": [{}, {}]}
                       ).status_code == 201


def test_rematch_turns_the_seats(client: TestClient) -> None:
    g = create(client, "dominions", [{"name": "Ann"}, {"name": "Bob"}],
               clock={"move": 30, "game": 600})
    join_all(client, g)
    act(client, g, 0, "resign")
    assert act(client, g, 0, "rematch").json()["rematch"]["wanted"] == [0]
    st = act(client, g, 1, "rematch").json()
    link = st["rematch"]["link"]
    new_id = st["rematch"]["id"]
    token = link.split("token=")[1]
    mine = client.get(f"/api/games/{new_id}/state?token={token}").json()
    assert mine["seat"] == 0 and [s["name"] for s in mine["seats"]] == ["Bob", "Ann"]
    other = client.get(f"/api/games/{g['id']}/state?token={g['tokens'][0]}").json()
    assert other["rematch"]["link"] != link
    assert mine["clock"]["move_limit"] == 30


# ---------------------------------------------------------------------- seeks and the lobby
def test_a_seek_accepted_from_the_lobby(client: TestClient) -> None:
    r = client.post("/api/seeks", json={"game": "numbridge", "seats": [{}, {}], "me": 1,
                                        "name": "Ann", "settings": {"blocks": "irregular"},
                                        "clock": {"move": 60, "game": 900}})
    assert r.status_code == 201, r.text
    mine = r.json()
    lobby = client.get("/api/lobby").json()
    seek = next(s for s in lobby["seeks"] if s["id"] == mine["id"])
    assert seek["open"] == 1 and seek["seats"][1]["name"] == "Ann" and "token" not in seek
    taken = client.post(f"/api/seeks/{mine['id']}/accept", json={"name": "Bob"}).json()
    assert taken["seat"] == 0 and taken["status"] == "started"
    assert client.post(f"/api/seeks/{mine['id']}/accept", json={}).status_code == 409
    polled = client.get(f"/api/seeks/{mine['id']}?token={mine['token']}").json()
    game_id = polled["you"]["game_id"]
    st = client.get(f"/api/games/{game_id}/state?token={mine['token']}").json()
    assert st["seat"] == 1 and [s["name"] for s in st["seats"]] == ["Bob", "Ann"]
    assert st["settings"]["blocks"] == "irregular" and st["settings"]["move_limit"] == 60
    assert any(x["id"] == game_id for x in client.get("/api/lobby").json()["live"])
    assert all(s["id"] != mine["id"] for s in client.get("/api/seeks").json())


def test_seeks_of_three_and_taking_one_back(client: TestClient) -> None:
    r = client.post("/api/seeks", json={"game": "dominimum", "seats": [
        {}, {}, {"kind": "computer", "player": "random"}, {}], "name": "Ann"}).json()
    client.post(f"/api/seeks/{r['id']}/accept", json={"name": "Bob"})
    assert client.get(f"/api/seeks/{r['id']}").json()["open"] == 1
    last = client.post(f"/api/seeks/{r['id']}/accept", json={"name": "Cy"}).json()
    assert last["status"] == "started" and last["seat"] == 3
    r = client.post("/api/seeks", json={"game": "dominions", "seats": [{}, {}]}).json()
    assert client.delete(f"/api/seeks/{r['id']}?token=wrong").status_code == 403
    assert client.delete(f"/api/seeks/{r['id']}?token={r['token']}").status_code == 204
    assert client.get(f"/api/seeks/{r['id']}").status_code == 404
    bad = client.post("/api/seeks", json={"game": "dominions", "seats": [
        {}, {"kind": "computer"}]})
    assert bad.status_code == 400  # nobody to seek


# ---------------------------------------------------------------------- stored reviews
def test_a_stored_review_runs_once_in_the_background(client: TestClient) -> None:
    # a Dominions game: its review at the smallest budget takes seconds, a Dominomega one's
    # about 40 s of CPU (its searches play out every tile)
    g = create(client, "dominions", [{"kind": "computer", "player": "random", "move_time": 0.05},
                                     {"kind": "computer", "player": "random", "move_time": 0.05}])
    wait_over(client, g["id"])
    assert client.get(f"/api/games/{g['id']}/analysis").json()["status"] == "none"
    first = client.post(f"/api/games/{g['id']}/analysis", json={"nodes": 20})
    assert first.status_code == 202 and first.json()["status"] in ("queued", "running")
    end = time.time() + 180
    seen = set()
    partial = []  # the rows shown while it runs
    while time.time() < end:
        doc = client.get(f"/api/games/{g['id']}/analysis").json()
        seen.add(doc["status"])
        if doc["status"] == "done":
            break
        if doc["status"] == "running" and 0 < doc["done"] < doc["total"]:
            partial.append(doc)
        time.sleep(0.1)
    assert doc["status"] == "done", doc
    review = doc["review"]
    assert len(review["moves"]) == doc["total"] == review["total"] > 0
    assert doc["moves"] == review["moves"]
    assert {"seat", "move", "best", "best_value", "played_value", "loss",
            "judgement"} <= set(review["moves"][0])
    # while it ran, the moves analysed so far: the first rows of the finished review
    assert partial, "the review was never seen part-way"
    for p in partial:
        assert len(p["moves"]) >= p["done"] - 1 and p["review"] is None
        assert p["moves"] == review["moves"][:len(p["moves"])]
    again = client.post(f"/api/games/{g['id']}/analysis", json={"nodes": 20}).json()
    assert again["status"] == "done" and again["review"] == review  # stored, not recomputed


def test_a_review_the_server_stopped_during_reads_as_failed_with_its_rows(
        client: TestClient) -> None:
    g = create(client, "dominomega", [{"kind": "engine", "player": "random", "move_time": 0.05},
                                      {"kind": "engine", "player": "random", "move_time": 0.05}])
    wait_over(client, g["id"])
    row = {"number": 1, "seat": 0, "move": "x", "best": "x", "best_value": 0.5,
           "played_value": 0.5, "loss": 0.0, "judgement": "best"}
    storage = client.app.state.analyses.storage  # type: ignore[attr-defined]
    storage.save_review(g["id"], "running", 1, 20, {"nodes": 20, "seed": 1, "moves": 20},
                        {"moves": [row]})  # what a server killed mid-review left
    doc = client.get(f"/api/games/{g['id']}/analysis").json()
    assert doc["status"] == "failed" and doc["moves"] == [row]
    assert "stopped" in doc["review"]["error"]
    again = client.post(f"/api/games/{g['id']}/analysis", json={"nodes": 20}).json()
    assert again["status"] in ("queued", "running")  # it can be started again


def test_the_dominomega_review_groups_by_symbol(client: TestClient) -> None:
    g = create(client, "dominomega", [{"kind": "computer", "player": "random", "move_time": 0.05}
                                      for _ in range(3)])
    wait_over(client, g["id"])
    step = client.get(f"/api/games/{g['id']}/review/20?layers=groups").json()
    texts = [h["label"] for h in step["marks"]["highlights"]]
    labels = {m[1] for t in texts for m in [re.fullmatch(r"seat \d: ([a-z ]+) \(\d+\)", t)] if m}
    assert labels and labels <= {"pip", "small circle", "large circle"}
    assert len(labels) == len(texts) and not any("value " in t for t in texts)


def test_the_old_engine_workers_option_is_a_hidden_alias(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    from click.testing import CliRunner

    import solver.server.computers
    from solver.cli.serve import serve

    help_text = CliRunner().invoke(serve, ["--help"]).output
    assert "--computer-workers" in help_text and "--engine-workers" not in help_text
    asked: list[int | None] = []

    def pool(workers: int | None = None, kind: str = "process") -> None:
        asked.append(workers)
        raise KeyboardInterrupt  # stop before the server starts

    monkeypatch.setattr(solver.server.computers, "ComputerPool", pool)
    result = CliRunner().invoke(serve, ["--engine-workers", "3", "--draw-workers", "0",
                                        "--database", str(tmp_path / "g.sqlite3")])
    assert asked == [3]
    assert "--engine-workers is deprecated; use --computer-workers" in result.output
