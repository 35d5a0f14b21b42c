"""A computer seat that names no player gets the game's strongest measured one."""

from __future__ import annotations

from fastapi.testclient import TestClient

from solver.games import all_games, get_game

#: The strongest player of each game by the goal runs of docs/players.md.
STRONGEST = {"dominions": "mcts", "dominimum": "mcts", "dominomega": "mcts",
             "numbridge": "greedy-odds"}


def test_every_game_names_a_default_player_it_has() -> None:
    for game in all_games():
        assert game.default_player in game.player_names(), game.name
    assert {name: get_game(name).default_player for name in STRONGEST} == STRONGEST


def test_the_rooms_offer_the_default_and_a_seat_without_a_player_gets_it(
        client: TestClient) -> None:
    rooms = {r["game"]: r for r in client.get("/api/rooms").json()}
    for name, player in STRONGEST.items():
        assert rooms[name]["default_player"] == player
    g = client.post("/api/games", json={"game": "dominions", "seats": [
        {}, {"kind": "computer", "move_time": 0.05}]}).json()
    assert g["seats"][1]["kind"] == "computer"
    assert g["seats"][1]["name"] == "mcts"
